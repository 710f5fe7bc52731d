// Protocol versions and the draft track: 0.5.0-dev is known but never the latest, and a span that
// starts at a draft applies only when a run is judged at a draft.
import { describe, expect, it } from "vitest";
import { latestReleased, revisionFor } from "../../harness/model/coverage.ts";
import {
  applies,
  chooseProtocol,
  compareVersions,
  describeProtocolChoice,
  describeSpan,
  isDraft,
  LATEST_PROTOCOL,
  PROTOCOL_VERSIONS,
  protocolLabel,
  RELEASED_PROTOCOLS,
} from "../../harness/model/protocols.ts";

describe("protocol versions", () => {
  it("knows the draft after 0.4.0, but the latest released version is 0.4.0", () => {
    expect(PROTOCOL_VERSIONS).toEqual(["0.3.0", "0.3.2", "0.4.0", "0.5.0-dev"]);
    expect(RELEASED_PROTOCOLS).toEqual(["0.3.0", "0.3.2", "0.4.0"]);
    expect(LATEST_PROTOCOL).toBe("0.4.0");
    expect(isDraft("0.5.0-dev")).toBe(true);
    expect(isDraft("0.4.0")).toBe(false);
    expect(protocolLabel("0.5.0-dev")).toBe("0.5.0-dev (draft)");
    expect(protocolLabel("0.4.0")).toBe("0.4.0");
  });

  it("orders a pre-release after the release before it and before its own release", () => {
    expect(compareVersions("0.4.0", "0.5.0-dev")).toBeLessThan(0);
    expect(compareVersions("0.5.0-dev", "0.5.0")).toBeLessThan(0);
    expect(compareVersions("0.5.0-dev", "0.5.0-dev")).toBe(0);
    expect(compareVersions("0.5.0-dev.2", "0.5.0-dev.10")).toBeLessThan(0);
    expect(() => compareVersions("0.5", "0.4.0")).toThrow(/not a protocol version: 0\.5/);
  });

  it("a since-0.5.0-dev span applies at the draft only, never at a released version", () => {
    const draft = { since: "0.5.0-dev" };
    expect(applies(draft, "0.4.0")).toBe(false);
    expect(applies(draft, "0.5.0-dev")).toBe(true);
    // A claim of a later released version does not pull the draft in either.
    expect(applies(draft, "0.5.0")).toBe(false);
    expect(applies(draft, "0.6.0")).toBe(false);
    expect(describeSpan(draft)).toBe("protocol ≥ 0.5.0-dev (draft)");
  });

  it("a span open after 0.4.0 still applies at the draft; one closed at 0.4.0 does not", () => {
    expect(applies({ since: "0.3.0" }, "0.5.0-dev")).toBe(true);
    expect(applies({ since: "0.4.0" }, "0.5.0-dev")).toBe(true);
    expect(applies({ since: "0.3.0", until: "0.4.0" }, "0.5.0-dev")).toBe(false);
    expect(applies({ since: "0.3.0", until: "0.4.0" }, "0.4.0")).toBe(true);
  });

  it("the default run judges at the latest released version; --protocol or a draft claim judge at the draft", () => {
    expect(chooseProtocol(null, undefined)).toEqual({ claimed: null, used: "0.4.0", source: "latest" });
    expect(chooseProtocol("not-a-version", undefined).used).toBe("0.4.0");
    expect(chooseProtocol("0.4.0", undefined)).toEqual({ claimed: "0.4.0", used: "0.4.0", source: "handshake" });
    expect(chooseProtocol("0.5.0-dev", undefined)).toEqual({ claimed: "0.5.0-dev", used: "0.5.0-dev", source: "handshake" });
    // An unknown pre-release claim is not a draft the kit knows: the latest released version.
    expect(chooseProtocol("0.5.0-rc.1", undefined).used).toBe("0.4.0");
    expect(chooseProtocol("0.4.0", "0.5.0-dev")).toEqual({ claimed: "0.4.0", used: "0.5.0-dev", source: "--protocol" });
  });

  it("labels a draft wherever the version used is described", () => {
    expect(describeProtocolChoice(chooseProtocol("0.4.0", "0.5.0-dev"))).toBe("0.5.0-dev (draft; --protocol; claims 0.4.0)");
    expect(describeProtocolChoice(chooseProtocol("0.5.0-dev", undefined))).toBe("0.5.0-dev (draft; claimed)");
    expect(describeProtocolChoice(chooseProtocol(null, undefined))).toBe("0.4.0 (latest; claims none)");
    expect(describeProtocolChoice(chooseProtocol("0.4.0", undefined))).toBe("0.4.0 (claimed)");
  });

  it("coverage reads an implementation at the draft only when it was judged at a draft", () => {
    expect(revisionFor("0.5.0-dev")).toBe("0.5.0-dev");
    expect(revisionFor("0.4.0")).toBe("0.4.0");
    expect(revisionFor("0.6.0")).toBe("0.4.0");
    expect(revisionFor("0.3.1")).toBe("0.3.0");
    const revisions = PROTOCOL_VERSIONS.map((protocol) => ({ protocol }));
    expect(latestReleased(revisions)).toEqual({ protocol: "0.4.0" });
  });
});
