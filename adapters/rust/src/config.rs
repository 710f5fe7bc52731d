//! server_config.validate and input.validate: the SDK's own serde models decide
//! (`serde_json::from_value::<MCPServerConfig>` / `::<MCPServerInput>`, as its mcp.json and plugin
//! readers do). The verdict's `detail` is the raw serde message.

use serde_json::{Map, Value};

use crate::reasons::{config_reason, input_reason, verdict_ok, verdict_rejected, Fail, OpError};
use crate::sdk::{MCPServerConfig, MCPServerInput};
use crate::Ctx;

/// The SDK's serde model decides; the kit reason is read from serde's own message.
fn verdict_of<T: serde::de::DeserializeOwned>(raw: &Value, reason_of: fn(&Value, &str) -> &'static str) -> Value {
    match serde_json::from_value::<T>(raw.clone()) {
        Ok(_) => verdict_ok(None),
        Err(e) => {
            let message = e.to_string();
            verdict_rejected(reason_of(raw, &message), message)
        }
    }
}

pub fn server_config_validate(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let raw = input.get("config").ok_or_else(|| OpError::malformed("`config` is missing"))?;
    Ok(verdict_of::<MCPServerConfig>(raw, config_reason))
}

pub fn input_validate(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let raw = input.get("input").ok_or_else(|| OpError::malformed("`input` is missing"))?;
    // PickStringInput's Deserialize also runs MCPServerInput::validate() (options, default).
    Ok(verdict_of::<MCPServerInput>(raw, input_reason))
}
