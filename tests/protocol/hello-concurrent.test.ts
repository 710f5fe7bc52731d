// The hello's optional `concurrent`: the offered operations an adapter answers concurrently. Parsed in
// every mode, carried on the Handshake; absent means no promise (protocol-1 adapters as before).
import { describe, expect, it } from "vitest";
import { referenceHello } from "../../adapters/reference/hello.ts";
import { type HelloMessage, parseFromAdapter } from "../../harness/protocol/messages.ts";
import { handshakeOf } from "../../harness/protocol/to-result.ts";

const HELLO = {
  type: "hello",
  adapter_protocol: 1,
  implementation: "mysdk",
  sdk: { name: "mysdk", version: "1.0.0" },
  protocol_version: "0.4.0",
  operations: ["bundle_id.resolve", "transport.call_tool", "wire.computer"],
};

const parse = (hello: object, strict: boolean) => parseFromAdapter(JSON.stringify(hello), strict);

describe("hello.concurrent", () => {
  for (const strict of [false, true]) {
    it(`is carried on the handshake when it names offered operations (strict: ${strict})`, () => {
      const parsed = parse({ ...HELLO, concurrent: ["transport.call_tool", "wire.computer"] }, strict);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      expect(handshakeOf(parsed.message as HelloMessage).concurrent).toEqual(["transport.call_tool", "wire.computer"]);
    });

    it(`is optional: a hello without it is a handshake without it (strict: ${strict})`, () => {
      const parsed = parse(HELLO, strict);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      expect(handshakeOf(parsed.message as HelloMessage)).not.toHaveProperty("concurrent");
    });

    it(`refuses a hello whose concurrent names an operation it does not offer (strict: ${strict})`, () => {
      const parsed = parse({ ...HELLO, concurrent: ["transport.call_tool", "transport.calltool"] }, strict);
      expect(parsed).toEqual({ ok: false, problem: expect.stringContaining("does not offer: transport.calltool") });
    });

    it(`refuses a concurrent that is not a list of distinct names (strict: ${strict})`, () => {
      for (const concurrent of ["transport.call_tool", [1], ["wire.computer", "wire.computer"]])
        expect(parse({ ...HELLO, concurrent }, strict)).toMatchObject({
          ok: false,
          problem: expect.stringContaining("violates the adapter schema"),
        });
    });
  }

  it("is declared by the reference for its live operations (answered through a promise), not by reference@0.3.0", () => {
    const hello = referenceHello("0.4");
    expect(parse(hello, true).ok).toBe(true);
    expect(hello.concurrent).toEqual(["wire.computer", "wire.server", "wire.agent", "transport.call_tool", "wire.computer_act"]);
    expect(referenceHello("0.3")).not.toHaveProperty("concurrent");
  });
});
