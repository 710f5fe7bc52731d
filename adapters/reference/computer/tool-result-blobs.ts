/**
 * The binary sideband of tool results (events.md client:tool_call; blob-transfer.md §5 tool_call
 * producer): each binary content item (image / audio data, an embedded resource's blob) is judged on
 * its own against the inline budget. One within it stays as the tool gave it; one over it has its
 * inline bytes emptied and `_meta.a2c_blob_handle` (+ `a2c_total_size`, `a2c_sha256`) added, the
 * MIME type kept. The bytes are kept by content digest and the handle is signed, so it stays opaque
 * and resolves the same way on every client:get_blob.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { JsonObject } from "../src/index.ts";
import { INLINE_BUDGET } from "./skill-store.ts";

const PREFIX = "tr.";

export interface StoredBlob {
  readonly bytes: Buffer;
  readonly mimeType: string;
}

export class ToolResultBlobs {
  readonly #blobs = new Map<string, StoredBlob>();
  readonly #secret = randomBytes(32);

  /** The content items with every over-budget binary item moved behind a handle. */
  sideband(content: readonly JsonObject[]): JsonObject[] {
    return content.map((item) => this.#item(item));
  }

  /** The bytes a handle minted here names, or null when it is not one of this Computer's tool-result handles. */
  opened(handle: string): StoredBlob | null {
    if (!handle.startsWith(PREFIX)) return null;
    const [digest, mac, extra] = handle.slice(PREFIX.length).split(".");
    if (!digest || !mac || extra !== undefined) return null;
    const want = Buffer.from(this.#sign(digest));
    if (want.length !== Buffer.byteLength(mac) || !timingSafeEqual(want, Buffer.from(mac))) return null;
    return this.#blobs.get(digest) ?? null;
  }

  #item(item: JsonObject): JsonObject {
    const resource = typeof item["resource"] === "object" && item["resource"] !== null ? (item["resource"] as JsonObject) : undefined;
    const inline = typeof item["data"] === "string" ? item["data"] : typeof resource?.["blob"] === "string" ? resource["blob"] : undefined;
    if (inline === undefined) return item;
    const bytes = Buffer.from(inline, "base64");
    if (bytes.length <= INLINE_BUDGET) return item;
    const mimeType = String(item["mimeType"] ?? resource?.["mimeType"] ?? "application/octet-stream");
    const digest = createHash("sha256").update(bytes).digest("hex");
    this.#blobs.set(digest, { bytes, mimeType });
    const meta = {
      ...(typeof item["_meta"] === "object" && item["_meta"] !== null ? (item["_meta"] as JsonObject) : {}),
      a2c_blob_handle: `${PREFIX}${digest}.${this.#sign(digest)}`,
      a2c_total_size: bytes.length,
      a2c_sha256: digest,
    };
    return resource && typeof item["data"] !== "string"
      ? { ...item, resource: { ...resource, blob: "" }, _meta: meta }
      : { ...item, data: "", _meta: meta };
  }

  #sign(digest: string): string {
    return createHmac("sha256", this.#secret).update(digest).digest("base64url");
  }
}
