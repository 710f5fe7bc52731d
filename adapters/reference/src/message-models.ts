/**
 * The message models of data-structures.md as the kit reads their field tables (events.md,
 * blob-transfer.md §2-§3 and skill.md repeat the same tables). A field is required unless marked
 * NotRequired or its TypedDict is total=False; str, int and bool are JSON types (a numeric string
 * is not an int, 1 is not a bool); null is a value only where the text allows it.
 */
import { isPlainObject, type JsonObject } from "./types.ts";

export type FieldType = "string" | "integer" | "boolean";

export interface MessageField {
  readonly name: string;
  readonly type: FieldType;
  readonly required: boolean;
  /** The text allows null, meaning the same as absent (held as absent). */
  readonly nullable?: boolean;
}

const str = (name: string, required = true): MessageField => ({ name, type: "string", required });
const int = (name: string, required = true): MessageField => ({ name, type: "integer", required });
const bool = (name: string, required = true): MessageField => ({ name, type: "boolean", required });
const AGENT_CALL: readonly MessageField[] = [str("agent"), str("req_id")];

/** Field tables in the order the page lists them: the first problem in this order decides. */
export const MESSAGE_MODELS = {
  // §AgentCallData (also the server:tool_call_cancel payload, events.md)
  AgentCallData: AGENT_CALL,
  // §UpdateComputerConfigReq (server:update_config / update_desktop / update_skills)
  UpdateComputerConfigReq: [str("computer")],
  // §UpdateMCPConfigNotification, §UpdateToolListNotification: TypedDict total=False
  UpdateMCPConfigNotification: [str("computer", false)],
  UpdateToolListNotification: [str("computer", false)],
  // §GetResourcesReq; events.md §client:get_resources: cursor absent or null on the first page
  GetResourcesReq: [...AGENT_CALL, str("computer"), str("mcp_server"), { ...str("cursor", false), nullable: true }],
  // §GetSkillsReq
  GetSkillsReq: [...AGENT_CALL, str("computer")],
  // §GetSkillReq
  GetSkillReq: [...AGENT_CALL, str("computer"), str("name"), str("rel_path", false)],
  // §GetBlobReq
  GetBlobReq: [...AGENT_CALL, str("computer"), str("blob_handle"), int("chunk_offset", false), int("max_chunk_bytes", false)],
  // §PutBlobReq: total_size / sha256 / name_hint on the first chunk only
  PutBlobReq: [
    ...AGENT_CALL,
    str("computer"),
    str("upload_id", false),
    int("chunk_offset"),
    bool("eof"),
    int("total_size", false),
    str("sha256", false),
    str("name_hint", false),
    str("blob"),
  ],
  // §PutBlobRet (total=False): upload_id and chunk_offset on every ack (returned, echoed), req_id;
  // landing_path / total_size / sha256 on the last ack only
  PutBlobRet: [
    str("upload_id"),
    int("chunk_offset"),
    str("landing_path", false),
    int("total_size", false),
    str("sha256", false),
    str("req_id"),
  ],
} as const satisfies Record<string, readonly MessageField[]>;

export type MessageModel = keyof typeof MESSAGE_MODELS;

export type MessageVerdict =
  | { readonly accepted: true; readonly reason: null; readonly value: JsonObject }
  | {
      readonly accepted: false;
      readonly reason: "message.not_object" | "message.missing_field" | "message.wrong_type";
      readonly detail: string;
    };

function hasType(value: unknown, type: FieldType): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
  }
}

/** Parses a JSON value as one message model: its verdict, and on acceptance the fields it holds. */
export function parseMessage(model: MessageModel, value: unknown): MessageVerdict {
  if (!isPlainObject(value)) return { accepted: false, reason: "message.not_object", detail: `${model} is a JSON object` };
  const held: JsonObject = {};
  for (const field of MESSAGE_MODELS[model] as readonly MessageField[]) {
    const present = Object.hasOwn(value, field.name);
    const given = value[field.name];
    if (!present || (given === null && field.nullable)) {
      if (field.required) return { accepted: false, reason: "message.missing_field", detail: `${model}.${field.name} is required` };
      continue;
    }
    if (!hasType(given, field.type))
      return { accepted: false, reason: "message.wrong_type", detail: `${model}.${field.name} is a JSON ${field.type}` };
    held[field.name] = given as string | number | boolean;
  }
  return { accepted: true, reason: null, value: held };
}
