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
      restarts_fresh: null,
    });
  });

  it("judges the chunk after a refusal: a fresh attempt at 0 passes, a resume of the failed session does not", () => {
    const refusal = (ack_id: number): WirePacket => ({
      ...ack(ack_id),
      args: [{ code: 4019, message: "x", details: { reason: "invalid_upload" } }],
    });
    const opened = (ack_id: number): WirePacket => ({ ...ack(ack_id), args: [{ upload_id: "u1", chunk_offset: 0 }] });
    const first = chunk({ chunk_offset: 0, eof: false, total_size: 10, sha256: sha("hellohello"), blob: b64("hell") }, 1);
    const second = chunk({ upload_id: "u1", chunk_offset: 4, eof: false, blob: b64("ohel") }, 2);
    const fresh = chunk({ chunk_offset: 0, eof: false, total_size: 10, sha256: sha("hellohello"), blob: b64("hell") }, 3);
    expect(uploadFacts([first, second, fresh], [opened(1), refusal(2), ack(3)])?.restarts_fresh).toBe(true);
    const resumed = chunk({ upload_id: "u1", chunk_offset: 4, eof: false, blob: b64("ohel") }, 4);
    expect(uploadFacts([first, second, resumed], [opened(1), refusal(2), ack(4)])?.restarts_fresh).toBe(false);
    const oldIdAtZero = chunk({ upload_id: "u1", chunk_offset: 0, eof: false, blob: b64("hell") }, 5);
    expect(uploadFacts([first, second, oldIdAtZero], [opened(1), refusal(2), ack(5)])?.restarts_fresh).toBe(false);
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
  it("refuses the request a vector names with 4019 and drops its upload, so only a new one lands", () => {
    const uploads = new ScriptedUploads({ "2": "invalid_upload" });
    const first = { req_id: "1", chunk_offset: 0, eof: false, total_size: 10, sha256: sha("hellohello"), blob: b64("hello") };
    expect(uploads.answer(first)).toEqual({ upload_id: "kit-upload-1", chunk_offset: 0, req_id: "1" });
    const refused = uploads.answer({ req_id: "2", upload_id: "kit-upload-1", chunk_offset: 5, eof: true, blob: b64("hello") });
    expect(refused).toMatchObject({ code: 4019, details: { reason: "invalid_upload" } });
    const resumed = uploads.answer({ req_id: "3", upload_id: "kit-upload-1", chunk_offset: 5, eof: true, blob: b64("hello") });
    expect(resumed).toMatchObject({ code: 4019, details: { reason: "invalid_upload" } });
    expect(uploads.answer({ ...first, req_id: "4" })).toEqual({ upload_id: "kit-upload-2", chunk_offset: 0, req_id: "4" });
  });

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
