import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { CaseEvidence } from "../../harness/transport/index.ts";
import { bearerSessions } from "../../harness/wire/bearer-sessions.ts";
import { rotatedSecret } from "../../harness/wire/secret-input.ts";

const sha = (secret: string) => createHash("sha256").update(`Bearer ${secret}`).digest("hex");
const ex = (auth: string | undefined, method?: string) => ({
  ...(auth !== undefined ? { authorization_sha256: sha(auth) } : {}),
  rpc: method ? [{ kind: "request", method }] : [],
});
const record = (exchanges: unknown[]) => ({ exchanges }) as unknown as CaseEvidence;

describe("bearer_sessions", () => {
  it("starts a session at each initialize and labels the planted and rotated values", () => {
    const a = "s3cret";
    const got = bearerSessions(
      record([ex(a, "initialize"), ex(a, "tools/call"), ex(rotatedSecret(a), "initialize"), ex(undefined), ex("x")]),
      [a],
    );
    expect(got).toEqual([["planted"], ["rotated", "none", "other"]]);
  });
  it("shows a hot update inside one session", () => {
    const a = "s3cret";
    expect(bearerSessions(record([ex(a, "initialize"), ex(rotatedSecret(a), "tools/call")]), [a])).toEqual([["planted", "rotated"]]);
  });
  it("is empty for a damaged record", () => {
    expect(bearerSessions(undefined, ["a"])).toEqual([]);
  });
});
