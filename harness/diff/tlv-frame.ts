/**
 * The connection-identity frame (data-structures.md §connection-identity 字节串) read back into its
 * fields, so a byte difference is told as the field it falls in: "env entry 1 of 1 (GREETING)
 * value length: expected 6 …, got 2" rather than "offset 37: 0x06 vs 0x02". The layout, as the
 * reference writes it (adapters/reference/src/tlv.ts): string = u32-BE UTF-8 length ‖ bytes;
 * list = u32-BE count ‖ strings; map = u32-BE count ‖ (key ‖ value)*. The frame is type, then
 * command, args, env (stdio) or url, headers (streamable, sse). Pure; the judge never reads it.
 */

/** One field's bytes in a frame: a u32 (a string's length, a list's count) or a string's UTF-8 bytes. */
interface Field {
  readonly start: number;
  readonly end: number;
  readonly name: string;
  readonly kind: "length" | "count" | "text";
  /** length and text fields: the string they frame (as the expected frame has it). */
  readonly text?: string;
}

// ignoreBOM: a U+FEFF at a string's start is one of its characters here, not a byte-order mark to drop.
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });
/** A string quoted is shown up to this many code points. */
const QUOTED = 40;

/** A string quoted, cut, with what does not print as itself (BOM, zero-width, combining marks) as \u{…}. */
function quoted(text: string): string {
  const points = [...text];
  const cut = points.length > QUOTED ? `${points.slice(0, QUOTED).join("")}…` : text;
  return JSON.stringify(cut).replace(/[\p{C}\p{M}\p{Z}]/gu, (c) =>
    c === " " ? c : `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}`,
  );
}

/** Every field of an identity frame, in order, as far as the bytes go; undefined when the type is none of the three. */
export function frameFields(bytes: Uint8Array): Field[] | undefined {
  const fields: Field[] = [];
  let at = 0;
  const u32 = () => (at + 4 <= bytes.length ? new DataView(bytes.buffer, bytes.byteOffset + at).getUint32(0) : undefined);
  const count = (name: string): number => {
    const n = u32() ?? 0;
    fields.push({ start: at, end: at + 4, name, kind: "count" });
    at += 4;
    return n;
  };
  const string = (name: string): string => {
    const n = u32() ?? 0;
    const text = utf8.decode(bytes.subarray(at + 4, at + 4 + n));
    fields.push({ start: at, end: at + 4, name: `${name} length`, kind: "length", text });
    fields.push({ start: at + 4, end: at + 4 + n, name, kind: "text", text });
    at += 4 + n;
    return text;
  };
  const map = (name: string) => {
    const n = count(`${name} count`);
    for (let i = 1; i <= n && at < bytes.length; i++) {
      const key = string(`${name} entry ${i} of ${n} key`);
      string(`${name} entry ${i} of ${n} (${quoted(key)}) value`);
    }
  };
  const type = string("type");
  if (type === "stdio") {
    string("command");
    const n = count("args count");
    for (let i = 1; i <= n && at < bytes.length; i++) string(`args ${i} of ${n}`);
    map("env");
  } else if (type === "streamable" || type === "sse") {
    string("url");
    map("headers");
  } else return undefined;
  return fields;
}

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (b) => Number.parseInt(b, 16));
}

function u32At(bytes: Uint8Array, at: number): number | undefined {
  return at + 4 <= bytes.length ? new DataView(bytes.buffer, bytes.byteOffset + at).getUint32(0) : undefined;
}

/** A string's sizes, each named, and which of them `got` equals (the unit a wrong length was counted in). */
function lengthStory(text: string, got: number | undefined): string {
  const points = [...text].length;
  const units = text.length;
  const n = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;
  const sizes = `${quoted(text)} is ${n(Buffer.byteLength(text, "utf8"), "UTF-8 byte")}, ${n(points, "code point")}${units !== points ? `, ${n(units, "UTF-16 unit")}` : ""}`;
  const counted = got === points ? " (its length in code points)" : got === units ? " (its length in UTF-16 units)" : "";
  return `got ${got ?? "(end)"}${counted}; ${sizes}`;
}

/**
 * The first differing byte of two identity frames, told as its field; undefined when the expected
 * bytes are not such a frame (the caller then says the offset alone).
 */
export function describeFrameDifference(expectedHex: string, actualHex: string): string | undefined {
  const expected = hexBytes(expectedHex);
  const actual = hexBytes(actualHex);
  const fields = frameFields(expected);
  if (!fields) return undefined;
  let at = 0;
  while (at < expected.length && at < actual.length && expected[at] === actual[at]) at++;
  const sizes = `(frames of ${expected.length} and ${actual.length} bytes)`;
  const field = fields.find((f) => f.start <= at && at < f.end);
  if (!field)
    return `bytes differ first at offset ${at}, past the expected frame's last field: the answer has ${actual.length - expected.length} more byte${actual.length - expected.length === 1 ? "" : "s"} ${sizes}`;
  const where = `bytes differ first at offset ${at}, in ${field.name}`;
  if (field.kind === "count")
    return `${where}: expected ${u32At(expected, field.start)}, got ${u32At(actual, field.start) ?? "(end)"} ${sizes}`;
  if (field.kind === "length")
    return `${where}: expected ${u32At(expected, field.start)}, ${lengthStory(field.text ?? "", u32At(actual, field.start))} ${sizes}`;
  const got = at < actual.length ? `0x${actual[at]!.toString(16).padStart(2, "0")}` : "(end)";
  const gotText = utf8.decode(actual.subarray(field.start, field.end));
  return `${where} ${quoted(field.text ?? "")}, byte ${at - field.start + 1} of ${field.end - field.start}: expected 0x${expected[at]!.toString(16).padStart(2, "0")}, got ${got} (the answer's bytes there read ${quoted(gotText)}) ${sizes}`;
}
