/**
 * Connection-identity bytes (data-structures.md §connection-identity): a length-prefixed frame,
 * not JSON. string = u32-BE UTF-8 length ‖ bytes; list = u32-BE count ‖ strings in order;
 * map = u32-BE count ‖ (key ‖ value)* sorted by code point. Placeholders are hashed raw.
 */
import { InvalidInputError } from "./errors.ts";
import { isPlainObject, type ServerConfigLike } from "./types.ts";
import { compareCodePoints, utf8 } from "./unicode.ts";

class FrameWriter {
  private readonly chunks: Uint8Array[] = [];

  u32(value: number): void {
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setUint32(0, value, false);
    this.chunks.push(bytes);
  }

  string(value: string, what: string): void {
    const bytes = utf8(value, what);
    this.u32(bytes.length);
    this.chunks.push(bytes);
  }

  list(values: readonly string[], what: string): void {
    this.u32(values.length);
    values.forEach((v, i) => {
      this.string(v, `${what}[${i}]`);
    });
  }

  map(entries: Readonly<Record<string, string>>, what: string): void {
    const keys = Object.keys(entries).sort(compareCodePoints);
    this.u32(keys.length);
    for (const key of keys) {
      this.string(key, `${what} key`);
      this.string(entries[key]!, `${what}.${key}`);
    }
  }

  bytes(): Uint8Array {
    const total = this.chunks.reduce((n, c) => n + c.length, 0);
    const out = new Uint8Array(total);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}

function malformed(message: string): never {
  throw new InvalidInputError("input.malformed_config", message);
}

function stringField(params: Record<string, unknown>, key: string): string {
  const value = params[key];
  if (typeof value !== "string") malformed(`server_parameters.${key} must be a string`);
  return value;
}

/** null or absent counts as empty (count 0), as the spec says for args, env and headers. */
function stringList(params: Record<string, unknown>, key: string): string[] {
  const value = params[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) {
    malformed(`server_parameters.${key} must be a list of strings or null`);
  }
  return value;
}

function stringMap(params: Record<string, unknown>, key: string): Record<string, string> {
  const value = params[key];
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value) || !Object.values(value).every((v) => typeof v === "string")) {
    malformed(`server_parameters.${key} must be a map of strings or null`);
  }
  return value as Record<string, string>;
}

/** The exact identity bytes of a server config; only type + transport endpoint fields count. */
export function connectionIdentityBytes(config: ServerConfigLike): Uint8Array {
  const params = config.server_parameters;
  if (!isPlainObject(params)) malformed("server_parameters must be an object");
  const frame = new FrameWriter();
  switch (config.type) {
    case "stdio":
      frame.string("stdio", "type");
      frame.string(stringField(params, "command"), "command");
      frame.list(stringList(params, "args"), "args");
      frame.map(stringMap(params, "env"), "env");
      break;
    case "streamable":
    case "sse":
      frame.string(config.type, "type");
      frame.string(stringField(params, "url"), "url");
      frame.map(stringMap(params, "headers"), "headers");
      break;
    default:
      malformed(`type must be one of stdio, streamable, sse (got ${JSON.stringify(config.type)})`);
  }
  return frame.bytes();
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("hex");
}
