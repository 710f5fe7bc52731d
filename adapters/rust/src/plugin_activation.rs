//! plugin.activation: a plugin's state from installedPlugins and the per-scope enabledPlugins maps,
//! smcp-computer's settings/.
//!
//! Each scope's document passes `validate_settings(doc, scope, None)` (schema.rs:523, the gate every
//! settings layer passes); the cleaned layers are put in the SDK's own source order,
//! `ProvenanceScope::priority` (settings/config/snapshot.rs:102, "the single Rust authority" of
//! §2.5 item 3), and `plugin_enabled_origin(layers, pid)` (recovery.rs:159) gives the scope whose
//! true is in force after the tri-state merge, or None: the SDK's public enable decision over the
//! layers (its boot gate `plugin_enabled`, recovery.rs:139, is private and reads the same merged
//! value). The install set is the intent list as given: the SDK keeps it in its own file
//! (installed_plugins_intent.json) and joins it with the enable gate (recovery.rs:315).

use serde_json::{json, Map, Value};
use smcp_computer::settings::config::ProvenanceScope;
use smcp_computer::settings::recovery::plugin_enabled_origin;
use smcp_computer::settings::{validate_settings, SettingsScope};

use crate::reasons::{Fail, OpError};
use crate::Ctx;

/// The settings scopes an input names, each with the SDK's scope (plugin_gate.rs reads the same table).
pub const SCOPES: [(&str, SettingsScope); 5] = [
    ("user", SettingsScope::User),
    ("project", SettingsScope::Project),
    ("local", SettingsScope::Local),
    ("flag", SettingsScope::Flag),
    ("policy", SettingsScope::Policy),
];

pub fn activation(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let installed: Vec<String> = input
        .get("installed")
        .and_then(Value::as_array)
        .ok_or_else(|| OpError::malformed("`installed` must be an array"))?
        .iter()
        .map(|v| v.as_str().map(str::to_string).ok_or_else(|| OpError::malformed("`installed` holds a non-string")))
        .collect::<Result<_, _>>()?;
    let empty = Map::new();
    let enabled = input.get("enabled").and_then(Value::as_object).unwrap_or(&empty);
    let mut named: Vec<String> = installed.clone();
    let mut layers: Vec<(SettingsScope, Map<String, Value>)> = Vec::new();
    let mut problems: Vec<String> = Vec::new();
    for (key, scope) in SCOPES {
        let Some(map) = enabled.get(key) else { continue };
        for pid in map.as_object().map(|m| m.keys()).into_iter().flatten() {
            if !named.contains(pid) {
                named.push(pid.clone());
            }
        }
        let (cleaned, errors) = validate_settings(&json!({ "enabledPlugins": map }), scope, None);
        problems.extend(errors.iter().map(|e| format!("{key}: {}: {}", e.field, e.reason)));
        layers.push((scope, cleaned));
    }
    layers.sort_by_key(|(scope, _)| ProvenanceScope::from(*scope).priority());
    let mut states = Map::new();
    for pid in named {
        let state = if !installed.contains(&pid) {
            "available"
        } else if plugin_enabled_origin(&layers, &pid).is_some() {
            "installed_enabled"
        } else {
            "installed_disabled"
        };
        states.insert(pid, json!(state));
    }
    let mut out = json!({ "states": states });
    if !problems.is_empty() {
        out["detail"] = json!(problems.join("; "));
    }
    Ok(out)
}
