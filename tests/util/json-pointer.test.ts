import { describe, expect, it } from "vitest";
import { keyOfToken, pointerToken } from "../../harness/util/json-pointer.ts";

describe("JSON pointer tokens", () => {
  it("escapes ~ before / so that a key holding ~1 reads back as itself", () => {
    expect(pointerToken("a/b")).toBe("a~1b");
    expect(pointerToken("~1")).toBe("~01");
    expect(pointerToken("x~/y")).toBe("x~0~1y");
    for (const key of ["", "plain", "a/b", "~1", "~0/~1", "//~~"]) expect(keyOfToken(pointerToken(key))).toBe(key);
  });
});
