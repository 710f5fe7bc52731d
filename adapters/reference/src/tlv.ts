/**
 * Connection-identity bytes (data-structures.md §connection-identity): a length-prefixed frame,
 * not JSON. string = u32-BE UTF-8 length ‖ bytes; list = u32-BE count ‖ strings in order;
 * map = u32-BE count ‖ (key ‖ value)* sorted by code point. Placeholders are hashed raw.
 *
 * The frame is written into one buffer kept between calls (grown when a frame needs more), each
 * string UTF-8 encoded straight into it: the fallback bundle_id hashes it in place, so a call
 * allocates nothing per field. Every call is synchronous and calls no user code while writing.
 */
import { hash } from "node:crypto";
import { InvalidInputError } from "./errors.ts";
import { isPlainObject, type ServerConfigLike } from "./types.ts";
import { compareCodePoints, requireWellFormed } from "./unicode.ts";

/** Writes one frame at a time into a reused buffer; `length` bytes of it are the frame. */
class FrameWriter {
  private buffer = Buffer.allocUnsafe(4096);
  length = 0;

  reset(): void {
    this.length = 0;
  }

  /** Makes room for `more` bytes after the frame so far. */
  private reserve(more: number): void {
    const needed = this.length + more;
    if (needed <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(needed, this.buffer.length * 2));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  u32(value: number): void {
    this.reserve(4);
    this.buffer.writeUInt32BE(value, this.length);
    this.length += 4;
  }

  /** The UTF-8 bytes behind their u32 length; a lone surrogate is refused, never replaced by U+FFFD. */
  string(value: string, what: string): void {
    // A UTF-16 unit takes at most 3 UTF-8 bytes (a surrogate pair: 4 for 2 units).
    this.reserve(4 + 3 * value.length);
    const at = this.length + 4;
    let written = this.ascii(value, at);
    if (written < 0) written = this.buffer.write(requireWellFormed(value, what), at, "utf8");
    this.buffer.writeUInt32BE(written, this.length);
    this.length = at + written;
  }

  /**
   * Copies an all-ASCII string byte for byte (cheaper than a native call for the short strings a
   * config holds); -1 at the first other unit, and the caller encodes the whole string instead.
   */
  private ascii(value: string, at: number): number {
    for (let i = 0; i < value.length; i++) {
      const unit = value.charCodeAt(i);
      if (unit >= 0x80) return -1;
      this.buffer[at + i] = unit;
    }
    return value.length;
  }

  list(values: readonly string[], what: string): void {
    this.u32(values.length);
    for (let i = 0; i < values.length; i++) this.string(values[i]!, `${what}[${i}]`);
  }

  map(entries: Readonly<Record<string, string>>, what: string): void {
    const keys = Object.keys(entries);
    if (keys.length > 1) keys.sort(compareCodePoints);
    this.u32(keys.length);
    for (const key of keys) {
      this.string(key, `${what} key`);
      this.string(entries[key]!, `${what}.${key}`);
    }
  }

  /** The frame, valid until the next write. */
  view(): Uint8Array {
    return new Uint8Array(this.buffer.buffer, this.buffer.byteOffset, this.length);
  }
}

const frame = new FrameWriter();

function malformed(message: string): never {
  throw new InvalidInputError("input.malformed_config", message);
}

function stringField(params: Record<string, unknown>, key: string): string {
  const value = params[key];
  if (typeof value !== "string") malformed(`server_parameters.${key} must be a string`);
  return value;
}

/** null or absent counts as empty (count 0), as the spec says for args, env and headers. */
function stringList(params: Record<string, unknown>, key: string): readonly string[] {
  const value = params[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !allStrings(value)) malformed(`server_parameters.${key} must be a list of strings or null`);
  return value;
}

function stringMap(params: Record<string, unknown>, key: string): Readonly<Record<string, string>> {
  const value = params[key];
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value) || !allStrings(Object.values(value))) malformed(`server_parameters.${key} must be a map of strings or null`);
  return value as Record<string, string>;
}

function allStrings(values: readonly unknown[]): values is string[] {
  for (let i = 0; i < values.length; i++) if (typeof values[i] !== "string") return false;
  return true;
}

/**
 * Writes the identity frame of `config` into the shared writer. Fields are checked and written in
 * frame order, each collection's types checked before any of its strings is encoded, so the first
 * fault reported is the same whoever reads the frame.
 */
function writeIdentity(config: ServerConfigLike): Uint8Array {
  const params = config.server_parameters;
  if (!isPlainObject(params)) malformed("server_parameters must be an object");
  frame.reset();
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
  return frame.view();
}

/** The exact identity bytes of a server config; only type + transport endpoint fields count. */
export function connectionIdentityBytes(config: ServerConfigLike): Uint8Array {
  const bytes = writeIdentity(config);
  const out = new Uint8Array(bytes.length);
  out.set(bytes);
  return out;
}

/** SHA-256 of the identity bytes as lowercase hex, hashed in place (one call, no copy). */
export function connectionIdentitySha256Hex(config: ServerConfigLike): string {
  return hash("sha256", writeIdentity(config), "hex");
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}
