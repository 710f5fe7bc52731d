// The JavaScript traps the reference must avoid, each pinned by a unit test.
import { describe, expect, it } from "vitest";
import {
  codePoints,
  compareCodePoints,
  connectionIdentityBytes,
  envSegment,
  exposedToolName,
  InvalidInputError,
  isWellFormed,
  normalizeName,
  toHex,
  utf8,
} from "../../adapters/reference/src/index.ts";

describe("iterate by code point, not UTF-16 unit", () => {
  it("an astral emoji is one code point", () => {
    expect("a😀b".length).toBe(4);
    expect(codePoints("a😀b")).toEqual([0x61, 0x1f600, 0x62]);
  });
  it("normalizeName turns an astral character into one '_'", () => {
    expect(normalizeName("a😀b")).toBe("a_b");
    expect(normalizeName("😀😀x")).toBe("x");
  });
  it("envSegment turns an astral character into one '_' and does not fold", () => {
    expect(envSegment("a😀b")).toBe("a_b");
    expect(envSegment("😀😀")).toBe("__");
  });
  it("a combining mark is its own code point", () => {
    expect(envSegment("e\u0301")).toBe("e_");
    expect(normalizeName("e\u0301x")).toBe("e_x");
  });
});

describe("sort map keys by code point", () => {
  const astral = "\u{1F600}";
  const privateUse = "\uFF21"; // U+FF21, above the surrogate range in UTF-16 but below U+1F600
  it("code point order differs from the default UTF-16 sort()", () => {
    expect([astral, privateUse].sort()).toEqual([astral, privateUse]);
    expect([astral, privateUse].sort(compareCodePoints)).toEqual([privateUse, astral]);
  });
  it("is not locale order: uppercase before lowercase", () => {
    expect(["a", "B"].sort(compareCodePoints)).toEqual(["B", "a"]);
    expect(["a", "B"].sort((x, y) => x.localeCompare(y))).toEqual(["a", "B"]);
  });
  it("a prefix sorts first", () => {
    expect(["AB", "A"].sort(compareCodePoints)).toEqual(["A", "AB"]);
    expect(compareCodePoints("x", "x")).toBe(0);
  });
  it("the TLV writes env keys in code point order", () => {
    const config = { type: "stdio", server_parameters: { command: "c", args: [], env: { [astral]: "1", [privateUse]: "2" } } };
    const hex = toHex(connectionIdentityBytes(config));
    expect(hex.indexOf(Buffer.from(privateUse).toString("hex"))).toBeLessThan(hex.indexOf(Buffer.from(astral).toString("hex")));
  });
});

describe("lengths in UTF-8 bytes, not .length", () => {
  it("counts bytes", () => {
    expect(utf8("é").length).toBe(2);
    expect(utf8("你").length).toBe(3);
    expect(utf8("😀").length).toBe(4);
  });
  it("the TLV length prefix is the UTF-8 byte count", () => {
    const hex = toHex(connectionIdentityBytes({ type: "streamable", server_parameters: { url: "😀", headers: null } }));
    // "streamable" (10) then url: u32 4 = 00000004 then f09f9880, then headers count 0
    expect(hex).toBe(`0000000a${Buffer.from("streamable").toString("hex")}00000004f09f988000000000`);
  });
});

describe("lone surrogates are invalid input", () => {
  const lone = "a\uD800b";
  it("is detected", () => {
    expect(isWellFormed(lone)).toBe(false);
    expect(isWellFormed("\uDC00")).toBe(false);
    expect(isWellFormed("😀")).toBe(true);
  });
  it.each([
    ["normalizeName", () => normalizeName(lone)],
    ["envSegment", () => envSegment(lone)],
    ["exposedToolName", () => exposedToolName("b", lone)],
    ["connectionIdentityBytes", () => connectionIdentityBytes({ type: "stdio", server_parameters: { command: lone, args: [], env: {} } })],
  ])("%s refuses it instead of writing U+FFFD", (_, call) => {
    expect(call).toThrow(InvalidInputError);
    try {
      call();
    } catch (error) {
      expect((error as InvalidInputError).reason).toBe("input.lone_surrogate");
    }
  });
});
