//! Maps SDK rejections onto the kit's closed reason taxonomy (adapters/reference/src/reasons.ts).
//!
//! The SDK rejects configs and inputs through serde (`serde_json::from_value::<MCPServerConfig>` /
//! `::<MCPServerInput>`); its errors are plain text with no location. The verdict and the raw text
//! always come from that SDK call. Only to *classify* it, the same value is deserialized once more
//! into the SDK's own variant struct (StdioServerConfig, PickStringInput, ...) through
//! `serde_path_to_error`, which reports where the error arose; the location is used only when that
//! second run reports the very same message. Explicit bundle_id errors are classified by the SDK's
//! own `BundleIdError` variant. Anything else is `unclassified`.

use serde::de::DeserializeOwned;
use serde_json::{json, Value};

use crate::sdk::{
    validate_bundle_id, BundleIdError, CommandInput, HttpServerConfig, MCPServerConfig,
    MCPServerInput, PickStringInput, PromptStringInput, SseServerConfig, StdioServerConfig,
};

/// The SDK refused the input (ok:false): a kit reason, the SDK's own words and error type.
#[derive(Debug, Clone)]
pub struct OpError {
    pub reason: String,
    pub message: String,
    pub raw_type: String,
    /// Structured fields the SDK's error carries where the spec names them (`{"id": …}` of
    /// input.missing_input / input.invalid_selection); absent otherwise.
    pub details: Option<Value>,
}

impl OpError {
    pub fn new(reason: impl Into<String>, message: impl Into<String>, raw_type: impl Into<String>) -> Self {
        Self { reason: reason.into(), message: message.into(), raw_type: raw_type.into(), details: None }
    }

    pub fn with_details(mut self, details: Value) -> Self {
        self.details = Some(details);
        self
    }

    /// The request lacks what the operation needs (a vector or harness bug, not an SDK verdict).
    pub fn malformed(message: impl Into<String>) -> Self {
        Self::new("input.malformed_config", message, "AdapterInput")
    }
}

pub enum Fail {
    Error(OpError),
    Unsupported(String),
}

impl From<OpError> for Fail {
    fn from(e: OpError) -> Self {
        Fail::Error(e)
    }
}

// ---- bundle_id: the SDK's BundleIdError variants ---------------------------------------------

pub fn bundle_id_reason(e: &BundleIdError) -> &'static str {
    match e {
        BundleIdError::Empty => "bundle_id.empty",
        BundleIdError::ReservedSeparator(_) => "bundle_id.reserved_separator",
        // The SDK reports the first character outside [A-Za-z0-9_-]; when that character is '.',
        // its message names the '.' rule's subject exactly.
        BundleIdError::IllegalChar { ch: '.', .. } => "bundle_id.dot",
        BundleIdError::IllegalChar { .. } => "bundle_id.charset",
    }
}

// ---- serde error texts -------------------------------------------------------------------------

#[derive(PartialEq)]
enum Kind {
    Missing,
    InvalidType,
    UnknownVariant,
    Other,
}

fn kind(message: &str) -> Kind {
    if message.starts_with("missing field `") {
        Kind::Missing
    } else if message.starts_with("invalid type: ") {
        Kind::InvalidType
    } else if message.starts_with("unknown variant `") {
        Kind::UnknownVariant
    } else {
        Kind::Other
    }
}

/// The location (field names / indexes) and message of the first error `T` reports for `raw`.
fn locate<T: DeserializeOwned>(raw: &Value) -> Option<(Vec<String>, String)> {
    match serde_path_to_error::deserialize::<_, T>(raw.clone()) {
        Ok(_) => None,
        Err(e) => {
            let path = e
                .path()
                .iter()
                .filter_map(|seg| match seg {
                    serde_path_to_error::Segment::Map { key } => Some(key.clone()),
                    serde_path_to_error::Segment::Seq { index } => Some(index.to_string()),
                    serde_path_to_error::Segment::Enum { variant } => Some(variant.clone()),
                    serde_path_to_error::Segment::Unknown => None,
                })
                .collect();
            Some((path, e.into_inner().to_string()))
        }
    }
}

/// The location of `message` inside the variant struct the SDK's tag picked, if it can be
/// confirmed (same message).
fn confirmed(found: Option<(Vec<String>, String)>, message: &str) -> Option<Vec<String>> {
    match found {
        Some((path, m)) if m == message => Some(path),
        _ => None,
    }
}

// ---- server configs ----------------------------------------------------------------------------

/// Which variant the SDK's own `type` tag matching gives `raw["type"]` (probe with minimal fields).
fn config_variant(raw: &Value) -> Option<MCPServerConfig> {
    let tag = raw.get("type")?;
    let probe = json!({"type": tag, "name": "probe", "server_parameters": {"command": "probe", "url": "probe"}});
    serde_json::from_value(probe).ok()
}

pub fn config_reason(raw: &Value, message: &str) -> &'static str {
    if !raw.is_object() {
        // serde's internally tagged enum refuses scalars with "invalid type: ..., expected
        // internally tagged enum"; it reads a JSON array as a tagged sequence ([tag, fields...]).
        return match kind(message) {
            Kind::InvalidType => "config.not_object",
            _ => "unclassified",
        };
    }
    match kind(message) {
        Kind::UnknownVariant => return "config.unknown_type", // the tag is the config's only enum
        Kind::Missing if message == "missing field `type`" => return "config.missing_field",
        _ => {}
    }
    let found = match config_variant(raw) {
        Some(MCPServerConfig::Stdio(_)) => locate::<StdioServerConfig>(raw),
        Some(MCPServerConfig::Sse(_)) => locate::<SseServerConfig>(raw),
        Some(MCPServerConfig::Http(_)) => locate::<HttpServerConfig>(raw),
        None => None,
    };
    let Some(path) = confirmed(found, message) else {
        // e.g. a `type` that is not a string: "invalid type: integer `5`, expected variant identifier"
        if kind(message) == Kind::InvalidType && message.ends_with("expected variant identifier") {
            return "config.wrong_type";
        }
        return "unclassified";
    };
    config_reason_at(&path, message, raw)
}

fn config_reason_at(path: &[String], message: &str, raw: &Value) -> &'static str {
    match path.first().map(String::as_str) {
        Some("bundle_id") => {
            if kind(message) == Kind::InvalidType {
                return "bundle_id.not_string";
            }
            match raw.get("bundle_id").and_then(Value::as_str).map(validate_bundle_id) {
                Some(Err(e)) if e.to_string() == message => bundle_id_reason(&e),
                _ => "unclassified",
            }
        }
        // the map itself of the wrong type vs. an entry that is not a valid ToolMeta
        Some("tool_meta") if path.len() == 1 => match kind(message) {
            Kind::InvalidType => "config.wrong_type",
            _ => "unclassified",
        },
        Some("tool_meta") | Some("default_tool_meta") => "config.invalid_tool_meta",
        // 'oauth' / 'authPolicy' on Http: removed fields the SDK rejects with a migration message
        // (the kit has no code for "no longer supported").
        Some("oauth") | Some("authPolicy") | Some("auth_policy") => "unclassified",
        _ => match kind(message) {
            Kind::Missing => "config.missing_field",
            Kind::InvalidType => "config.wrong_type",
            _ => "unclassified",
        },
    }
}

// ---- inputs ------------------------------------------------------------------------------------

fn input_variant(raw: &Value) -> Option<MCPServerInput> {
    let tag = raw.get("type")?;
    let probe = json!({"type": tag, "id": "probe", "description": "probe",
        "options": [{"label": "probe", "value": "probe"}], "command": "probe"});
    serde_json::from_value(probe).ok()
}

pub fn input_reason(raw: &Value, message: &str) -> &'static str {
    if !raw.is_object() {
        return match kind(message) {
            Kind::InvalidType => "input.not_object",
            _ => "unclassified",
        };
    }
    match kind(message) {
        Kind::UnknownVariant => return "input.unknown_type",
        Kind::Missing if message == "missing field `type`" => return "input.missing_field",
        _ => {}
    }
    let found = match input_variant(raw) {
        Some(MCPServerInput::PromptString(_)) => locate::<PromptStringInput>(raw),
        Some(MCPServerInput::PickString(_)) => locate::<PickStringInput>(raw),
        Some(MCPServerInput::Command(_)) => locate::<CommandInput>(raw),
        None => None,
    };
    let Some(path) = confirmed(found, message) else {
        if kind(message) == Kind::InvalidType && message.ends_with("expected variant identifier") {
            return "input.wrong_type";
        }
        return "unclassified";
    };
    let path: Vec<&str> = path.iter().map(String::as_str).collect();
    match path.as_slice() {
        // PickStringInput::validate() runs after the wire struct is read: its messages, at the root
        [] if message == "PickString options must contain at least one item" => "input.pick_options_empty",
        [] if message.starts_with("PickString option ")
            && (message.ends_with(" label must not be empty") || message.ends_with(" value must not be empty")) =>
        {
            "input.pick_option_malformed"
        }
        [] if message.starts_with("PickString default ") && message.ends_with(" must match at least one option value") => {
            "input.pick_default_not_in_options"
        }
        // an option that is a bare string where the SDK expects {label, value}
        ["options", _] if message.starts_with("invalid type: string ") => "input.pick_option_legacy_string",
        ["options", _, ..] => "input.pick_option_malformed",
        _ => match kind(message) {
            Kind::Missing => "input.missing_field",
            Kind::InvalidType => "input.wrong_type",
            _ => "unclassified",
        },
    }
}

// ---- shared shapes -----------------------------------------------------------------------------

pub fn verdict_ok(detail: Option<String>) -> Value {
    match detail {
        Some(d) => json!({"accepted": true, "reason": null, "detail": d}),
        None => json!({"accepted": true, "reason": null}),
    }
}

pub fn verdict_rejected(reason: &str, detail: String) -> Value {
    json!({"accepted": false, "reason": reason, "detail": detail})
}

/// Builds the SDK's `MCPServerConfig` from a wire config (`serde_json::from_value`, as the SDK's
/// own mcp.json / plugin readers do). A rejection is ok:false with the mapped reason.
pub fn build_config(raw: &Value) -> Result<MCPServerConfig, OpError> {
    serde_json::from_value::<MCPServerConfig>(raw.clone()).map_err(|e| {
        let message = e.to_string();
        OpError::new(config_reason(raw, &message), message, "serde_json::Error")
    })
}
