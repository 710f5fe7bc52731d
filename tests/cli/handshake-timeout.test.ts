// --handshake-timeout: how long an adapter may take to say hello (the 60 s default was fixed).
import { describe, expect, it } from "vitest";
import { cli, tempOut } from "./cli-helpers.ts";

describe("--handshake-timeout", () => {
  it("an adapter that never says hello is given up after the time asked for, and the run names it", async () => {
    const mute = "mute=node -e setTimeout(()=>{},60000)";
    const result = await cli(["run", "--adapter", mute, "--suite", "tlv", "--handshake-timeout", "400", "--out", tempOut()]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout + result.stderr).toMatch(/mute never started: adapter "mute" failed its handshake: no hello within 400 ms/);
  }, 60_000);
});
