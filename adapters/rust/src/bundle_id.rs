//! bundle_id.* and exposed_name: `smcp::utils::bundle_id` (validation) and
//! `smcp_computer::mcp_clients::bundle_id` (normalize_name, resolve_bundle_id,
//! connection_identity_bytes, exposed_tool_name) over the SDK's `MCPServerConfig`.

use serde_json::{json, Map, Value};

use crate::reasons::{bundle_id_reason, build_config, config_reason, verdict_ok, verdict_rejected, Fail, OpError};
use crate::sdk::{
    connection_identity_bytes, exposed_tool_name, normalize_name, resolve_bundle_id, validate_bundle_id, BundleId,
    MCPServerConfig,
};
use crate::Ctx;

pub fn str_field<'a>(input: &'a Map<String, Value>, key: &str) -> Result<&'a str, OpError> {
    input
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| OpError::malformed(format!("`{key}` must be a string")))
}

pub fn opt_str_field<'a>(input: &'a Map<String, Value>, key: &str) -> Result<Option<&'a str>, OpError> {
    match input.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(OpError::malformed(format!("`{key}` must be a string or null"))),
    }
}

fn config_of(input: &Map<String, Value>) -> Result<MCPServerConfig, OpError> {
    let raw = input.get("config").ok_or_else(|| OpError::malformed("`config` is missing"))?;
    build_config(raw)
}

pub fn normalize(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    Ok(json!({"normalized": normalize_name(str_field(input, "name")?)}))
}

pub fn resolve(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    // resolve_bundle_id takes the SDK's config type: the SDK must accept the config first.
    let config = config_of(input)?;
    Ok(json!({"bundle_id": resolve_bundle_id(&config).as_str()}))
}

pub fn identity_bytes(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let config = config_of(input)?;
    let hex: String = connection_identity_bytes(&config).iter().map(|b| format!("{b:02x}")).collect();
    Ok(json!({"hex": hex}))
}

pub fn validate(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let value = input.get("bundle_id").ok_or_else(|| OpError::malformed("`bundle_id` is missing"))?;
    if let Value::String(s) = value {
        return Ok(match validate_bundle_id(s) {
            Ok(()) => verdict_ok(None),
            Err(e) => verdict_rejected(bundle_id_reason(&e), e.to_string()),
        });
    }
    // validate_bundle_id takes &str; any other JSON value is judged by the field an explicit
    // bundle_id lives in, `bundle_id: Option<BundleId>` of the SDK's server config (the rest of the
    // probe config is valid, so only that field can fail).
    let probe = json!({"type": "stdio", "name": "probe", "bundle_id": value, "server_parameters": {"command": "probe"}});
    match serde_json::from_value::<MCPServerConfig>(probe.clone()) {
        Ok(config) => Ok(verdict_ok(Some(format!(
            "the SDK field `bundle_id: Option<BundleId>` accepts {value} as omitted (resolves to {:?})",
            config.bundle_id().map(BundleId::as_str)
        )))),
        Err(e) => {
            let message = e.to_string();
            Ok(verdict_rejected(config_reason(&probe, &message), message))
        }
    }
}

pub fn exposed_name(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    // exposed_tool_name is the SDK's own public composition (used by the manager's route table).
    let bundle_id = BundleId::try_from(str_field(input, "bundle_id")?)
        .map_err(|e| OpError::new(bundle_id_reason(&e), e.to_string(), "BundleIdError"))?;
    let alias = opt_str_field(input, "alias")?;
    Ok(json!({"exposed_name": exposed_tool_name(&bundle_id, alias, str_field(input, "tool_name")?)}))
}
