// Properties of the reference's version gate (versioning.md §兼容性判定规则): PATCH never counts,
// MAJOR 0 is symmetric, from 1.0 a server takes every older MINOR, and the code follows the verdict.
import fc from "fast-check";
import { describe, it } from "vitest";
import * as ref from "../../adapters/reference/src/index.ts";
import * as gen from "../../harness/generators/index.ts";

const RUNS = { seed: 20_261_130, numRuns: 1000 };
const part = fc.nat({ max: 12 });
const version = fc.tuple(part, part, part).map((p) => p.join("."));
const CODES = { compatible: null, incompatible: 4008, invalid: 400, missing: 400 } as const;

describe("checkVersion", () => {
  it("PATCH never changes the verdict", () => {
    fc.assert(
      fc.property(part, part, part, part, version, (major, minor, p1, p2, server) => {
        return ref.checkVersion(`${major}.${minor}.${p1}`, server).verdict === ref.checkVersion(`${major}.${minor}.${p2}`, server).verdict;
      }),
      RUNS,
    );
  });

  it("with MAJOR 0 compatibility is symmetric; from 1.0 it holds both ways exactly when MINOR is equal", () => {
    fc.assert(
      fc.property(version, version, (a, b) => {
        const there = ref.checkVersion(a, b).verdict === "compatible";
        const back = ref.checkVersion(b, a).verdict === "compatible";
        const [ma, mi] = a.split(".").map(Number);
        const [mb, mj] = b.split(".").map(Number);
        if (ma !== mb) return !there && !back;
        return ma === 0 ? there === back && there === (mi === mj) : (there && back) === (mi === mj);
      }),
      RUNS,
    );
  });

  it("the code always matches the verdict", () => {
    fc.assert(
      fc.property(gen.versionCheckInput(), (input) => {
        const answer = ref.checkVersion(input["client"] as string | undefined, input["server"] as string);
        return answer.code === CODES[answer.verdict];
      }),
      RUNS,
    );
  });
});
