//! message.parse: a data-structures model as the smcp crate declares it (smcp/src/lib.rs), read with
//! serde and written back.
//!
//! Each model is the crate's own struct (`smcp::GetBlobReq`, …; the request structs flatten
//! `AgentCallData` in as `base`): `serde_json::from_value::<Model>(value)`, and on success
//! `serde_json::to_value(&model)`, what the struct holds (serde skips keys it does not declare, and
//! an `Option` field given null or left out is `None`, written back as absent). The crate's
//! `#[derive(Deserialize)]` structs without a flattened field also read a JSON array positionally
//! (serde's sequence form of a struct); that is the crate's model too. The refusal's reason comes
//! from serde's error text: "missing field", "invalid type", "invalid value" (a negative number for
//! a `u64`); a value that is not an object and is refused is `message.not_object`.

use serde::{de::DeserializeOwned, Serialize};
use serde_json::{json, Map, Value};

use crate::reasons::{Fail, OpError};
use crate::Ctx;

/// What the struct holds, or serde's error text.
fn held<T: DeserializeOwned + Serialize>(raw: &Value) -> Result<Value, String> {
    let model: T = serde_json::from_value(raw.clone()).map_err(|e| e.to_string())?;
    serde_json::to_value(&model).map_err(|e| e.to_string())
}

fn reason(raw: &Value, message: &str) -> &'static str {
    if !raw.is_object() {
        return "message.not_object";
    }
    if message.starts_with("missing field `") {
        "message.missing_field"
    } else if message.starts_with("invalid type: ") {
        "message.wrong_type"
    } else if message.starts_with("invalid value: ") {
        "message.invalid_value"
    } else {
        "unclassified"
    }
}

pub fn parse(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let model = input.get("model").and_then(Value::as_str).ok_or_else(|| OpError::malformed("`model` must be a string"))?;
    let raw = input.get("value").ok_or_else(|| OpError::malformed("`value` is missing"))?;
    let outcome = match model {
        "AgentCallData" => held::<smcp::AgentCallData>(raw),
        "UpdateComputerConfigReq" => held::<smcp::UpdateComputerConfigReq>(raw),
        "UpdateMCPConfigNotification" => held::<smcp::UpdateMCPConfigNotification>(raw),
        "UpdateToolListNotification" => held::<smcp::UpdateToolListNotification>(raw),
        "GetResourcesReq" => held::<smcp::GetResourcesReq>(raw),
        "GetSkillsReq" => held::<smcp::GetSkillsReq>(raw),
        "GetSkillReq" => held::<smcp::GetSkillReq>(raw),
        "GetBlobReq" => held::<smcp::GetBlobReq>(raw),
        // client:put_blob arrived with 0.4 (build.rs sets the cfg from smcp-computer's version)
        #[cfg(adapter_landing_root)]
        "PutBlobReq" => held::<smcp::PutBlobReq>(raw),
        #[cfg(adapter_landing_root)]
        "PutBlobRet" => held::<smcp::PutBlobRet>(raw),
        other => {
            return Err(Fail::Unsupported(format!(
                "smcp {} has no model {other} (PutBlobReq / PutBlobRet arrived with 0.4)",
                crate::sdk::SMCP_VERSION
            )))
        }
    };
    Ok(match outcome {
        Ok(value) => json!({ "accepted": true, "reason": null, "value": value }),
        Err(message) => json!({ "accepted": false, "reason": reason(raw, &message), "detail": message }),
    })
}
