/**
 * client:put_blob on a Computer with no landing root (blob-transfer.md §3, §7). No upload session
 * is ever created, so a chunk continuing an upload_id is always unknown (invalid_upload). A first
 * chunk gets its declaration checked first, as §3 step 1 lists it (fields present, total_size ≥ 1),
 * then fails closed, writing nothing: no landing root is configured (forbidden).
 */
import type { Request } from "./computer.ts";
import { type ErrorPayload, protocolError } from "./error-payload.ts";

const SHA256 = /^[0-9a-fA-F]{64}$/;

export function putBlobAnswer(request: Request): ErrorPayload {
  const uploadId = request["upload_id"];
  if (uploadId !== undefined && uploadId !== null)
    return typeof uploadId === "string"
      ? protocolError.blobWriteFailed("invalid_upload", { upload_id: uploadId })
      : protocolError.blobWriteFailed("invalid_upload");
  const { total_size: size, sha256 } = request;
  const declared = typeof size === "number" && Number.isInteger(size) && size >= 1 && typeof sha256 === "string" && SHA256.test(sha256);
  return protocolError.blobWriteFailed(declared ? "forbidden" : "invalid_declaration");
}
