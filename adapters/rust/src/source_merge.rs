//! config.source_merge: the declarations a Computer resolves from its non-plugin sources, with
//! origins, smcp-computer's settings/config/snapshot.rs.
//!
//! `resolve_snapshot` over the sources written to a temporary home (declared_home.rs): its
//! `resolve_mcp_config` (mcp_config.rs:490) folds the layers in the SDK's order, a higher scope's
//! server of the same name replacing the lower one whole, and each `McpServerView` carries its
//! `origin` (`ProvenanceScope`, serialised lowercase). The answer is each server's name,
//! `resolve_bundle_id(config)` and origin, by name.

use serde_json::{json, Map, Value};

use crate::declared_home::resolve_declared;
use crate::reasons::{Fail, OpError};
use crate::sdk::resolve_bundle_id;
use crate::Ctx;

pub fn merge(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let empty = Map::new();
    let (views, problems) = resolve_declared(input.get("declared").and_then(Value::as_object).unwrap_or(&empty))?;
    let mut servers: Vec<Value> = Vec::new();
    for view in &views {
        let origin = serde_json::to_value(view.origin).map_err(|e| OpError::new("unclassified", e.to_string(), "serde_json::Error"))?;
        servers.push(json!({ "name": view.name, "bundle_id": resolve_bundle_id(&view.config).as_str(), "origin": origin }));
    }
    servers.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    let mut out = json!({ "servers": servers });
    if !problems.is_empty() {
        out["detail"] = json!(problems.join("; "));
    }
    Ok(out)
}
