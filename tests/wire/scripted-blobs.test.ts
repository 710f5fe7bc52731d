// The scripted Computer's client:get_blob (harness/wire/scripted-blobs.ts): chunks by offset with the
// resource's sha256, a source rewritten after some answers, a first read served damaged.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ScriptedBlobs } from "../../harness/wire/scripted-blobs.ts";

const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const read = (blobs: ScriptedBlobs, chunk_offset: number) =>
  blobs.answer({ blob_handle: "h", chunk_offset, req_id: "r" }) as Record<string, unknown>;

describe("ScriptedBlobs", () => {
  it("serves the chunk at the offset with the resource's size and sha256, eof on the last", () => {
    const blobs = new ScriptedBlobs({ h: { text: "hellohello", chunk: 4 } });
    expect(blobs.serves({ blob_handle: "h" })).toBe(true);
    expect(blobs.serves({ blob_handle: "other" })).toBe(false);
    expect(read(blobs, 0)).toMatchObject({
      blob: Buffer.from("hell").toString("base64"),
      eof: false,
      total_size: 10,
      sha256: sha("hellohello"),
    });
    expect(read(blobs, 8)).toMatchObject({ blob: Buffer.from("lo").toString("base64"), eof: true, chunk_offset: 8 });
    expect(read(blobs, 11)).toMatchObject({ code: 4018, details: { reason: "range" } });
  });

  it("serves the rewritten source after `after` answers", () => {
    const blobs = new ScriptedBlobs({ h: { text: "hellohello", chunk: 4, rewritten: { after: 1, text: "worldworld" } } });
    expect(read(blobs, 0).sha256).toBe(sha("hellohello"));
    expect(read(blobs, 4)).toMatchObject({ sha256: sha("worldworld"), blob: Buffer.from("dwor").toString("base64") });
  });

  it("damages the first read only, under the true sha256", () => {
    const blobs = new ScriptedBlobs({ h: { text: "hellohello", chunk: 4, damaged_first_read: true } });
    const first = [0, 4, 8].map((o) => Buffer.from(read(blobs, o).blob as string, "base64"));
    expect(Buffer.concat(first).toString("latin1")).not.toBe("hellohello");
    const second = [0, 4, 8].map((o) => Buffer.from(read(blobs, o).blob as string, "base64"));
    expect(Buffer.concat(second).toString()).toBe("hellohello");
  });
});
