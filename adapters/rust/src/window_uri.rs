//! window_uri.parse: `smcp_computer::desktop::window_uri::WindowURI::new` (desktop/window_uri.rs:36),
//! the parser behind the SDK's `is_window_uri` guard (window_uri.rs:143), which the desktop
//! organiser and every MCP client's `list_windows` use.
//!
//! - `host` = `mcp_id()` (the `url` crate's `host_str()`), `path` = `windows()` (the SDK splits
//!   `url.path()` on '/', drops empty segments and percent-decodes each one as UTF-8);
//! - the query: the SDK accepts the URI and WARNs "window:// URI query 已弃用并被丢弃 …"
//!   (window_uri.rs:50) → the warning `window_uri.query_dropped`;
//! - refusals are `WindowURIError` variants: `InvalidScheme` → `window_uri.invalid_scheme`,
//!   `MissingHost` → `window_uri.missing_host`, `InvalidPath` (a segment that is not UTF-8 once
//!   decoded) → `window_uri.invalid`. `InvalidURI` carries the `url` crate's parse error as text:
//!   "relative URL without a base" (no scheme at all) → `window_uri.invalid_scheme`, "empty host" →
//!   `window_uri.missing_host`; any other (an invalid port, IPv6 literal, a forbidden host
//!   character, …) has no kit reason and is `unclassified`, with the SDK's message.

use serde_json::{json, Map, Value};

use crate::capture::{capture, evidence, Record};
use crate::reasons::{Fail, OpError};
use crate::sdk::{WindowURI, WindowURIError};
use crate::Ctx;

/// The SDK's WARN for a dropped query (window_uri.rs:53), by its opening words.
pub const QUERY_DROPPED: &str = "window:// URI query 已弃用并被丢弃";

/// The kit's warning kinds for the SDK's WARN records that have one, each kind once, sorted.
pub fn warning_kinds(records: &[Record], kind_of: fn(&Record) -> Option<&'static str>) -> Vec<Value> {
    let mut kinds: Vec<&'static str> = records.iter().filter(|r| r.level == tracing::Level::WARN).filter_map(kind_of).collect();
    kinds.sort_unstable();
    kinds.dedup();
    kinds.into_iter().map(|kind| json!({ "kind": kind })).collect()
}

fn query_kind(record: &Record) -> Option<&'static str> {
    record.message.starts_with(QUERY_DROPPED).then_some("window_uri.query_dropped")
}

fn refusal(e: &WindowURIError) -> OpError {
    let message = e.to_string();
    let (reason, variant) = match e {
        WindowURIError::InvalidScheme(_) => ("window_uri.invalid_scheme", "InvalidScheme"),
        WindowURIError::MissingHost => ("window_uri.missing_host", "MissingHost"),
        WindowURIError::InvalidPath(_) => ("window_uri.invalid", "InvalidPath"),
        WindowURIError::InvalidURI(text) => {
            let reason = if text.ends_with(": relative URL without a base") {
                "window_uri.invalid_scheme"
            } else if text.ends_with(": empty host") {
                "window_uri.missing_host"
            } else {
                "unclassified"
            };
            (reason, "InvalidURI")
        }
    };
    OpError::new(reason, message, format!("WindowURIError::{variant}"))
}

pub fn parse(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let uri = input.get("uri").and_then(Value::as_str).ok_or_else(|| OpError::malformed("`uri` must be a string"))?;
    let (parsed, records) = capture(|| WindowURI::new(uri));
    let parsed = parsed.map_err(|e| refusal(&e))?;
    Ok(json!({
        "host": parsed.mcp_id(),
        "path": parsed.windows(),
        "warnings": warning_kinds(&records, query_kind),
        "sdk_log": evidence(&records),
    }))
}
