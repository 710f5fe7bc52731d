// A number past a double's range reads as ±Infinity: refused wherever it sits, while ordinary lines
// skip the walk that finds it (the text cannot hold such a number without a long exponent or digit run).
import { describe, expect, it } from "vitest";
import { parseFromAdapter } from "../../harness/protocol/messages.ts";

const answer = (output: string) => `{"type":"result","id":1,"ok":true,"output":${output}}`;

describe("numbers that overflow a double", () => {
  it.each([
    ["a three-digit exponent", '{"x":[1,{"y":2e308}]}', "/output/x/1/y"],
    ["a signed exponent", '{"x":-1E+999}', "/output/x"],
    ["two exponent digits after 210 integer digits", `{"x":1${"0".repeat(210)}e99}`, "/output/x"],
    ["no exponent, 400 digits", `{"x":${"9".repeat(400)}}`, "/output/x"],
  ])("%s is refused with its pointer", (_, output, pointer) => {
    const parsed = parseFromAdapter(answer(output), false);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? "" : parsed.problem).toContain(`±Infinity) at ${pointer}:`);
  });

  it("large but finite numbers, and exponents inside strings, are answers", () => {
    for (const output of ['{"x":1.7e308}', '{"x":"e999"}', `{"x":1${"0".repeat(150)}}`, '{"x":1e-999}'])
      expect(parseFromAdapter(answer(output), false).ok).toBe(true);
  });
});
