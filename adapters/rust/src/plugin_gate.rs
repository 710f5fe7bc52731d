//! plugin.bundled_gate: whether an enabled plugin's bundled MCP server mounts, is denied or waits,
//! smcp-computer's settings/.
//!
//! The decision is the bundled-server branch of `Computer::reconcile_governance` (computer.rs:1751-1781),
//! which `Computer::list_pending_bundled_approvals` (computer.rs:3773) repeats, made here with the same SDK
//! calls on the call's settings: each scope's document through `validate_settings(doc, scope, None)`
//! (schema.rs:523), the layers in the SDK's order (`ProvenanceScope::priority`, config/snapshot.rs:102),
//! merged by `merge_layers` (scope.rs:164); the enabling scope is `plugin_enabled_origin(layers, pid)`
//! (recovery.rs:159; None exactly when the merged value is not true, the gate of
//! `collect_enabled_bundled_servers`). The safety layer is the crate-private `security_layer_check`
//! (mcp_config.rs:658), which is the first step of the public `mcp_server_status` (mcp_config.rs:708):
//! with `trusted_origin` true that function answers Disabled exactly when the safety layer refuses. A
//! project-enabled server then goes through `mcp_server_status(bundle_id, declared, false)`, Pending =
//! not mounted, as the branch does.

use serde_json::{json, Map, Value};
use smcp_computer::settings::config::ProvenanceScope;
use smcp_computer::settings::recovery::plugin_enabled_origin;
use smcp_computer::settings::{mcp_server_status, merge_layers, validate_settings, McpApprovalStatus, SettingsScope};

use crate::plugin_activation::SCOPES;
use crate::reasons::{Fail, OpError};
use crate::Ctx;

pub fn gate(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let pid = input.get("plugin").and_then(Value::as_str).ok_or_else(|| OpError::malformed("`plugin` must be a string"))?;
    let bundle_id =
        input.get("bundle_id").and_then(Value::as_str).ok_or_else(|| OpError::malformed("`bundle_id` must be a string"))?;
    let empty = Map::new();
    let settings = input.get("settings").and_then(Value::as_object).unwrap_or(&empty);
    let mut layers: Vec<(SettingsScope, Map<String, Value>)> = Vec::new();
    let mut problems: Vec<String> = Vec::new();
    for (key, scope) in SCOPES {
        let doc = settings.get(key).cloned().unwrap_or_else(|| json!({}));
        let (cleaned, errors) = validate_settings(&doc, scope, None);
        problems.extend(errors.iter().map(|e| format!("{key}: {}: {}", e.field, e.reason)));
        layers.push((scope, cleaned));
    }
    layers.sort_by_key(|(scope, _)| ProvenanceScope::from(*scope).priority());
    let maps: Vec<Map<String, Value>> = layers.iter().map(|(_, m)| m.clone()).collect();
    let declared = merge_layers(&maps);
    let origin = plugin_enabled_origin(&layers, pid);
    let status = if origin.is_none() {
        "inactive"
    } else if mcp_server_status(bundle_id, &declared, true) == McpApprovalStatus::Disabled {
        "denied"
    } else if origin == Some(SettingsScope::Project)
        && mcp_server_status(bundle_id, &declared, false) == McpApprovalStatus::Pending
    {
        "pending"
    } else {
        "mounted"
    };
    let mut out = json!({ "status": status });
    if !problems.is_empty() {
        out["detail"] = json!(problems.join("; "));
    }
    Ok(out)
}
