//! plugin.reclaim: the bundle_ids a plugin's disable or uninstall reclaims, smcp-computer's
//! settings/reconciler.rs.
//!
//! The SDK's reclaim test is `reclaimable_mcp_deps(&deps, &other, &non_plugin)` (reconciler.rs:531),
//! with `other = other_plugin_mcp_deps(&ledger, pid)` (reconciler.rs:502) and `deps` P's records'
//! `mcp_servers` in order, each once (as `gc_plugins` gathers them, reconciler.rs:563). `non_plugin` is
//! what `Computer::non_plugin_declared_bundle_ids` (computer.rs:1457, crate-private) computes: the
//! entries of `resolve_snapshot` over the declaration sources whose origin is not Plugin, by
//! `resolve_bundle_id` (the sources written to a temporary home, declared_home.rs).

use std::collections::HashSet;

use serde_json::{json, Map, Value};
use smcp_computer::settings::config::ProvenanceScope;
use smcp_computer::settings::reconciler::{other_plugin_mcp_deps, reclaimable_mcp_deps};
use smcp_computer::settings::InstalledPlugins;

use crate::declared_home::resolve_declared;
use crate::reasons::{Fail, OpError};
use crate::sdk::{resolve_bundle_id, BundleId};
use crate::Ctx;

pub fn reclaim(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let plugin = input.get("plugin").and_then(Value::as_str).ok_or_else(|| OpError::malformed("`plugin` must be a string"))?;
    let ledger_in = input.get("ledger").and_then(Value::as_object).ok_or_else(|| OpError::malformed("`ledger` must be an object"))?;
    let records: Map<String, Value> =
        ledger_in.iter().map(|(pid, deps)| (pid.clone(), json!([{ "mcpServers": deps }]))).collect();
    let ledger: InstalledPlugins = serde_json::from_value(json!({ "plugins": records }))
        .map_err(|e| OpError::malformed(format!("the ledger is not one the SDK reads: {e}")))?;
    let empty = Map::new();
    let (servers, problems) = resolve_declared(input.get("declared").and_then(Value::as_object).unwrap_or(&empty))?;
    let non_plugin: HashSet<BundleId> =
        servers.iter().filter(|s| s.origin != ProvenanceScope::Plugin).map(|s| resolve_bundle_id(&s.config)).collect();
    let mut deps: Vec<BundleId> = Vec::new();
    for record in ledger.plugins.get(plugin).into_iter().flatten() {
        for id in &record.mcp_servers {
            if !deps.contains(id) {
                deps.push(id.clone());
            }
        }
    }
    let other = other_plugin_mcp_deps(&ledger, plugin);
    let mut reclaimed: Vec<String> =
        reclaimable_mcp_deps(&deps, &other, &non_plugin).iter().map(|b| b.as_str().to_string()).collect();
    reclaimed.sort();
    let mut out = json!({ "reclaimed": reclaimed });
    if !problems.is_empty() {
        out["detail"] = json!(problems.join("; "));
    }
    Ok(out)
}
