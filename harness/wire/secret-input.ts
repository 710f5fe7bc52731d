/**
 * A planted credential the Computer resolves itself: the server config names it as `${input:<id>}`
 * and the call declares that input (a promptString with `password: true`, as a secret input is
 * written in an MCP server config's inputs) with its value, which the adapter hands to its SDK
 * through the SDK's own input-value API. What reaches the MCP server is then the SDK's rendering, and
 * the whole-record scan (canary-scan.ts) looks for the resolved value everywhere else
 * (conformance-tests.md, secret inputs; management-protocol.md §8).
 */
import { createHash } from "node:crypto";

/** The input id of the n-th planted credential (0-based, in server order): the kit's own, never an SDK default. */
export const secretInputId = (n: number) => `kit_api_token_${n}`;

/** The placeholder the config carries where the credential goes. */
export const secretPlaceholder = (n: number) => `\${input:${secretInputId(n)}}`;

/** A declared secret input as the call carries it (inputs schema: promptString, password). */
export interface SecretInputDeclaration {
  readonly id: string;
  readonly type: "promptString";
  readonly description: string;
  readonly password: true;
}

export function secretInputDeclaration(n: number): SecretInputDeclaration {
  return { id: secretInputId(n), type: "promptString", description: "kit API token (a planted secret)", password: true };
}

/** The Authorization value an MCP server gets for a planted credential, fingerprinted as the transport record keeps it. */
export function bearerFingerprint(secret: string): string {
  return createHash("sha256").update(`Bearer ${secret}`).digest("hex");
}

/**
 * The value a `computer: set_input` step with `value: rotated` gives the n-th input: derived from the
 * planted one, so `audit` rebuilds it from the evidence, and holding it, so the canary scan of the
 * planted value also finds the new one wherever it shows.
 */
export function rotatedSecret(secret: string): string {
  return `${secret}-rotated`;
}

/**
 * The further values an `input_repeated` server's config carries beside its credential (headers for
 * HTTP, variables for stdio): the placeholder once more, and twice in one value, so the config names
 * the input four times. The kit's MCP server reads only the Authorization header (over stdio, the
 * bridge only its token variable), so these change nothing but how often one render meets the id.
 */
export function repeatedCredential(placeholder: string, stdio: boolean): Record<string, string> {
  const [copy, pair] = stdio ? ["KIT_TOKEN_COPY", "KIT_TOKEN_PAIR"] : ["X-Kit-Token-Copy", "X-Kit-Token-Pair"];
  return { [copy]: placeholder, [pair]: `${placeholder}:${placeholder}` };
}
