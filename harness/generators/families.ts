/**
 * Generator families for `generate --group <family>`: each is a set of inputs that differ from one
 * fixed, valid base in exactly one place (one boundary fact per input, every other field at its
 * base value), so a reviewer reads one fact per vector instead of a random config carrying four
 * to six. A family is named by what its facts are about (`duration`, `bundle-id`, `stdio`), and
 * its vectors land in the group of that name. The facts are the fault tables' one-field patches
 * (config-faults.ts, identity-configs.ts) plus the boundary values a family adds that the kit's
 * reading accepts (durations with fractions, weeks, zero).
 */
import type { JsonObject } from "../../adapters/reference/src/index.ts";
import { BASE_FAULTS, TRANSPORT_FAULTS } from "./config-faults.ts";
import type { Transport } from "./configs.ts";
import { type Fault, param, patchesAt } from "./faults.ts";
import { IDENTITY_FAULTS } from "./identity-configs.ts";
import { applyPatch, type Field, type Patch } from "./objects.ts";
import { PLAIN_CONFIGS } from "./plain-configs.ts";

/** One input of a family: the base it starts from and the one patch that makes it this input. */
export interface FamilyCase {
  readonly input: Record<string, unknown>;
  /** Which base (`stdio`, `streamable`, `sse`): the description says "the other fields are a valid <base> config's". */
  readonly base: Transport;
  /** Path from the input's root to the one field that differs from the base. */
  readonly path: readonly string[];
  readonly value: Field;
}

export interface Family {
  readonly name: string;
  readonly op: string;
  readonly cases: readonly FamilyCase[];
}

/** Valid configs with every field at a plain value: nothing in them is a boundary (the lint's bases too). */
export const BASES: Readonly<Record<Transport, JsonObject>> = PLAIN_CONFIGS;

/** The family a patched field belongs to, by the field's name. */
const FAMILY_OF_FIELD: Readonly<Record<string, string>> = {
  name: "name",
  type: "type",
  bundle_id: "bundle-id",
  disabled: "base-fields",
  forbidden_tools: "base-fields",
  vrl: "base-fields",
  tool_meta: "tool-meta",
  default_tool_meta: "tool-meta",
  server_parameters: "server-parameters",
  command: "stdio",
  args: "stdio",
  env: "stdio",
  cwd: "stdio",
  encoding: "stdio",
  encoding_error_handler: "stdio",
  url: "http",
  headers: "http",
  terminate_on_close: "http",
  timeout: "duration",
  sse_read_timeout: "duration",
};

/** Boundary values the kit's reading accepts, beside the faults: the edges of the duration grammar. */
const ACCEPTED_EDGES: Readonly<Record<Transport, readonly Patch[]>> = {
  stdio: [],
  streamable: [
    ...patchesAt(param("timeout"), "PT0S", "P1W", "PT0.5S", "PT1H30M", "P1DT2H", "PT0.001S", "P1Y2M3W4DT5H6M7.5S"),
    ...patchesAt(param("sse_read_timeout"), "P0D", "PT100000S"),
  ],
  sse: [...patchesAt(param("timeout"), 0, 0.5, 86400), ...patchesAt(param("sse_read_timeout"), 0.001)],
};

const TRANSPORTS: readonly Transport[] = ["stdio", "streamable", "sse"];

function familyName(path: readonly string[]): string {
  return FAMILY_OF_FIELD[path.at(-1)!] ?? path.at(-1)!.replace(/_/g, "-");
}

/** Base-field patches go on the stdio base only, transport-field patches on their own transport's base. */
function casesOf(patchesFor: (type: Transport) => readonly Patch[], baseFields: readonly Patch[]): Map<string, FamilyCase[]> {
  const byFamily = new Map<string, FamilyCase[]>();
  const add = (type: Transport, patch: Patch) => {
    const name = familyName(patch.path);
    const config = applyPatch(BASES[type], patch);
    const list = byFamily.get(name) ?? [];
    list.push({ input: { config }, base: type, path: ["config", ...patch.path], value: patch.value });
    byFamily.set(name, list);
  };
  for (const patch of baseFields) add("stdio", patch);
  for (const type of TRANSPORTS) for (const patch of patchesFor(type)) add(type, patch);
  return byFamily;
}

const isTransportField = (fault: Fault): boolean => fault.path[0] === "server_parameters" && fault.path.length > 1;

function families(op: string, byFamily: Map<string, FamilyCase[]>): Family[] {
  return [...byFamily].map(([name, cases]) => ({ name, op, cases }));
}

/** For the identity operations: the faults that apply to each transport's own fields. */
function identityPatches(type: Transport): Patch[] {
  const foreign = type === "stdio" ? ["url", "headers"] : ["command", "args", "env"];
  return IDENTITY_FAULTS.filter((f) => isTransportField(f) && !foreign.includes(f.path[1]!));
}

export const FAMILIES: readonly Family[] = [
  ...families(
    "server_config.validate",
    casesOf((type) => [...TRANSPORT_FAULTS[type], ...ACCEPTED_EDGES[type]], BASE_FAULTS),
  ),
  ...["bundle_id.resolve", "bundle_id.identity_bytes"].flatMap((op) =>
    families(
      op,
      casesOf(
        identityPatches,
        IDENTITY_FAULTS.filter((f) => !isTransportField(f)),
      ),
    ),
  ),
];

/** The families of these operations, in table order. */
export function familiesOf(ops: readonly string[]): Family[] {
  return FAMILIES.filter((f) => ops.includes(f.op));
}
