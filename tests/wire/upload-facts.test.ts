// An Agent's upload as the kit reads it (upload-facts.ts) and the scripted Computer that receives it
// (scripted-uploads.ts): the reference reading of blob-transfer.md §3 on hand-made packets.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { WirePacket } from "../../harness/wire/scene-record.ts";
import { ScriptedUploads } from "../../harness/wire/scripted-uploads.ts";
import { uploadFacts } from "../../harness/wire/upload-facts.ts";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const b64 = (s: string) => Buffer.from(s).toString("base64");

let seq = 0;
const chunk = (body: Record<string, unknown>, ack_id: number): WirePacket => ({
  seq: ++seq,
  t_ms: seq,
  dir: "in",
  conn: "c",
  type: "event",
  nsp: "/smcp",
  event: "client:put_blob",
  args: [body],
  ack_id,
});
const ack = (ack_id: number): WirePacket => ({
  seq: ++seq,
  t_ms: seq,
  dir: "out",
  conn: "c",
  type: "ack",
  nsp: "/smcp",
  args: [{}],
  ack_id,
});

describe("uploadFacts", () => {
  it("reads a conforming three-chunk upload as in order, declared once, paced by acks, eof last", () => {
    const first = chunk({ chunk_offset: 0, eof: false, total_size: 10, sha256: sha("hellohello"), blob: b64("hell") }, 1);
    const a1 = ack(1);
    const second = chunk({ upload_id: "u", chunk_offset: 4, eof: false, blob: b64("ohel") }, 2);
    const a2 = ack(2);
    const last = chunk({ upload_id: "u", chunk_offset: 8, eof: true, blob: b64("lo") }, 3);
    const a3 = ack(3);
    expect(uploadFacts([first, second, last], [a1, a2, a3])).toEqual({
      chunks: [
        { offset: 0, size: 4, eof: false, declares: ["sha256", "total_size"] },
        { offset: 4, size: 4, eof: false, declares: [] },
        { offset: 8, size: 2, eof: true, declares: [] },
      ],
      offsets_follow_bytes: true,
      declares_first_only: true,
      declared_matches: true,
      eof_last_only: true,
      each_after_ack: true,
    });
  });

  it("names a chunk sent before the previous ack, a repeated declaration and a skipped offset", () => {
    const first = chunk({ chunk_offset: 0, eof: false, total_size: 10, sha256: sha("hellohello"), blob: b64("hello") }, 1);
    const early = chunk({ upload_id: "u", chunk_offset: 6, eof: true, total_size: 10, blob: b64("hello") }, 2);
    const facts = uploadFacts([first, early], [ack(1), ack(2)]);
    expect(facts).toMatchObject({ offsets_follow_bytes: false, declares_first_only: false, each_after_ack: false });
  });

  it("is null when the Agent sent no client:put_blob", () => {
    expect(uploadFacts([], [])).toBeNull();
  });
});

describe("ScriptedUploads", () => {
  it("opens an upload, echoes each chunk's offset, refuses one out of order, and answers the landing on eof", () => {
    const uploads = new ScriptedUploads();
    const opened = uploads.answer({
      req_id: "1",
      chunk_offset: 0,
      eof: false,
      total_size: 10,
      sha256: sha("hellohello"),
      blob: b64("hello"),
    });
    expect(opened).toEqual({ upload_id: "kit-upload-1", chunk_offset: 0, req_id: "1" });
    expect(uploads.answer({ req_id: "2", upload_id: "kit-upload-1", chunk_offset: 4, eof: true, blob: b64("hello") })).toMatchObject({
      code: 4019,
      details: { reason: "range" },
    });
    expect(uploads.answer({ req_id: "3", upload_id: "kit-upload-1", chunk_offset: 5, eof: true, blob: b64("hello") })).toEqual({
      upload_id: "kit-upload-1",
      chunk_offset: 5,
      req_id: "3",
      landing_path: "/kit-landing/kit-upload-1",
      total_size: 10,
      sha256: sha("hellohello"),
    });
    expect(uploads.answer({ req_id: "4", upload_id: "kit-upload-1", chunk_offset: 10, eof: true, blob: "" })).toMatchObject({
      code: 4019,
      details: { reason: "invalid_upload" },
    });
  });
});
