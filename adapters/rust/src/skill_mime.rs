//! skill.mime_type and skill.text_mime: the SDK's one source of SKILL MIME types, smcp's
//! `utils::mime` (smcp/src/utils/mime.rs).
//!
//! `guess_mime(file_name)` (mime.rs:97) is what the Computer calls on the resource's file name when it
//! serves a SKILL sub-resource (smcp-computer skills/resource.rs:198); `is_text_mime(mime)`
//! (mime.rs:118) is both the Computer's inline-or-handle test (resource.rs:202) and the Agent's drain
//! gate (smcp-agent async_agent.rs:912).

use serde_json::{json, Map, Value};
use smcp::utils::mime::{guess_mime, is_text_mime};

use crate::reasons::{Fail, OpError};
use crate::Ctx;

fn text_of<'a>(input: &'a Map<String, Value>, key: &str) -> Result<&'a str, Fail> {
    Ok(input.get(key).and_then(Value::as_str).ok_or_else(|| OpError::malformed(format!("`{key}` must be a string")))?)
}

pub fn mime_type(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    Ok(json!({ "mime_type": guess_mime(text_of(input, "file_name")?) }))
}

pub fn text_mime(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    Ok(json!({ "text": is_text_mime(text_of(input, "mime_type")?) }))
}
