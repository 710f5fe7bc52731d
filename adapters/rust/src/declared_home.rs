//! The declaration sources of a Computer written to a temporary home, then resolved by the SDK.
//!
//! Shared by plugin.reclaim and config.source_merge. Each source's servers go where smcp-computer
//! reads that scope (settings/mcp_config.rs): user → `user_mcp_config_path(env)` under
//! XDG_CONFIG_HOME, project / local → `workdir_mcp_config_path(cwd)` /
//! `workdir_mcp_local_config_path(cwd)`, policy → the managed file (`managed_mcp_path`), flag → the
//! --mcp-config file (`flag_mcp_config_path`); embed configs are the constructor's
//! (`embed_servers`). `resolve_snapshot` (settings/config/snapshot.rs:369) resolves them, the call
//! `Computer::non_plugin_declared_bundle_ids` (computer.rs:1457) makes with the Computer's own inputs;
//! its skill home is empty, so no plugin entry joins.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::{json, Map, Value};
use smcp_computer::settings::config::{resolve_snapshot, McpServerView, SnapshotArgs};
use smcp_computer::settings::{user_mcp_config_path, workdir_mcp_config_path, workdir_mcp_local_config_path, EnvMap};

use crate::plugin::TempDir;
use crate::reasons::{build_config, OpError};
use crate::sdk::MCPServerConfig;

fn io(e: std::io::Error) -> OpError {
    OpError::new("unclassified", format!("temp home: {e}"), "io::Error")
}

fn write_servers(path: &Path, configs: &[Value]) -> Result<(), OpError> {
    let mut servers = Map::new();
    for config in configs {
        let name = config.get("name").and_then(Value::as_str).ok_or_else(|| OpError::malformed("a declared config has no name"))?;
        servers.insert(name.to_string(), config.clone());
    }
    fs::create_dir_all(path.parent().expect("a file path")).map_err(io)?;
    fs::write(path, json!({ "servers": servers }).to_string()).map_err(io)
}

/// The SDK's resolved declaration set for `declared` (source → configs), and its load diagnostics as text.
pub fn resolve_declared(declared: &Map<String, Value>) -> Result<(Vec<McpServerView>, Vec<String>), OpError> {
    let configs = |source: &str| -> Vec<Value> { declared.get(source).and_then(Value::as_array).cloned().unwrap_or_default() };
    let tmp = TempDir::new()?;
    let root = tmp.0.clone();
    let env: EnvMap = [
        ("XDG_CONFIG_HOME".to_string(), root.join("config").display().to_string()),
        ("HOME".to_string(), root.join("home").display().to_string()),
    ]
    .into_iter()
    .collect();
    let cwd = root.join("work");
    let home = root.join("skill-home");
    fs::create_dir_all(&cwd).map_err(io)?;
    fs::create_dir_all(&home).map_err(io)?;
    let managed = root.join("managed").join("managed-mcp.json");
    let flag = root.join("flag").join("mcp.json");
    let targets: [(&str, PathBuf); 5] = [
        ("user", user_mcp_config_path(Some(&env))),
        ("project", workdir_mcp_config_path(&cwd)),
        ("local", workdir_mcp_local_config_path(&cwd)),
        ("policy", managed.clone()),
        ("flag", flag.clone()),
    ];
    for (source, path) in &targets {
        if declared.contains_key(*source) {
            write_servers(path, &configs(source))?;
        }
    }
    let embed: Vec<MCPServerConfig> = configs("embed").iter().map(build_config).collect::<Result<_, _>>()?;
    let snap = resolve_snapshot(SnapshotArgs {
        cwd: Some(&cwd),
        env: Some(&env),
        home: Some(&home),
        flag_mcp_config_path: declared.contains_key("flag").then_some(flag.as_path()),
        managed_mcp_path: Some(&managed),
        embed_servers: &embed,
        ..Default::default()
    });
    let problems = snap.diagnostics.iter().map(|e| format!("{}: {}", e.field, e.reason)).collect();
    Ok((snap.mcp.servers, problems))
}
