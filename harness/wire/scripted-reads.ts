/**
 * What the Agent scene's scripted Computer answers a client:get_skill or client:get_blob by default
 * (data-structures.md §GetSkillRet, §GetBlobRet): a short SKILL.md inline, and an empty resource
 * read whole in one answer. The shared table (scripted-computer.ts) answers both with a 404, which
 * the Server scene's vectors judge as relayed unchanged; an Agent driven to send them gets these.
 * A vector's `answers` and `blobs` come first. Pure.
 */
import { createHash } from "node:crypto";

type Request = Readonly<Record<string, unknown>>;

const SKILL_BODY = "# kit-skill\nA SKILL of the kit's scripted Computer.\n";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The default answer to an Agent's read, or undefined for any other event. */
export function scriptedRead(event: string, req: Request): unknown {
  if (event === "client:get_skill")
    return {
      name: String(req.name ?? ""),
      rel_path: typeof req.rel_path === "string" ? req.rel_path : "SKILL.md",
      mime_type: "text/markdown",
      total_size: Buffer.byteLength(SKILL_BODY),
      sha256: sha256(SKILL_BODY),
      body: SKILL_BODY,
      req_id: req.req_id,
    };
  if (event === "client:get_blob")
    return {
      blob_handle: String(req.blob_handle ?? ""),
      mime_type: "application/octet-stream",
      total_size: 0,
      sha256: sha256(""),
      chunk_offset: 0,
      eof: true,
      blob: "",
      req_id: req.req_id,
    };
  return undefined;
}
