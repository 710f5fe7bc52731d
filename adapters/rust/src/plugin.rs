//! plugin.layout: the SDK's bundled-server reader (`smcp_computer::skills::manifest`) over a
//! temporary plugin directory.
//!
//! The SDK only works on a directory, so the request's files are written to a fresh temp dir;
//! then `enumerate_bundled_server_files` (which files are server files: `mcp-servers/*.json`, one
//! level, sorted, without `inputs.json`) and `parse_bundled_server` (per file: JSON, object root,
//! the `MCPServerConfig` model, file stem == `name`) decide, the two calls `load_bundled_servers`
//! makes (it stops at the first error; here every file is reported). Each `PluginManifestError`
//! (a message string) is mapped by the SDK's message prefix. The SDK has no kebab-case server-name
//! rule and no empty-folder check, so those diagnostics never appear. Configs are only parsed.

use std::fs;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{json, Map, Value};

use crate::reasons::{config_reason, Fail, OpError};
use crate::sdk::{enumerate_bundled_server_files, parse_bundled_server, PluginManifestError};
use crate::Ctx;

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A fresh directory under the system temp dir, removed on drop (also plugin.reclaim's temporary home).
pub(crate) struct TempDir(pub(crate) PathBuf);

impl TempDir {
    pub(crate) fn new() -> Result<Self, OpError> {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("smcp-conformance-plugin-{}-{n}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).map_err(|e| OpError::new("unclassified", format!("temp dir: {e}"), "io::Error"))?;
        Ok(Self(path))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn write_tree(root: &Path, files: &Map<String, Value>) -> Result<(), OpError> {
    for (rel, text) in files {
        let relative = Path::new(rel.as_str());
        if !relative.components().all(|c| matches!(c, Component::Normal(_))) {
            return Err(OpError::malformed(format!("path escapes the plugin root: {rel:?}")));
        }
        let target = root.join(relative);
        let io = |e: std::io::Error| OpError::new("unclassified", format!("{rel}: {e}"), "io::Error");
        if rel.ends_with('/') {
            fs::create_dir_all(&target).map_err(io)?;
            continue;
        }
        let text = text.as_str().ok_or_else(|| OpError::malformed(format!("files[{rel:?}] must be a string")))?;
        if let Some(parent) = target.parent() {
            fs::create_dir_all(parent).map_err(io)?;
        }
        fs::write(&target, text).map_err(io)?;
    }
    Ok(())
}

fn diagnostic(error: &PluginManifestError, file: &str, path: &Path) -> Value {
    let text = error.0.as_str();
    let shown = path.display().to_string();
    if text.starts_with("bundled MCP server unreadable/invalid at ") {
        // read_to_string or serde_json::from_str failed; the files are UTF-8 text we wrote, so
        // only the JSON syntax can be at fault, which is confirmed before saying so.
        let not_json = fs::read_to_string(path).map(|t| serde_json::from_str::<Value>(&t).is_err()).unwrap_or(false);
        let reason = if not_json { "plugin.invalid_json" } else { "unclassified" };
        return json!({"reason": reason, "file": file});
    }
    if text.starts_with("bundled MCP server root is not an object") {
        return json!({"reason": "plugin.invalid_config", "file": file, "detail": "config.not_object"});
    }
    if let Some(serde_message) = text.strip_prefix(&format!("invalid MCP server config at {shown}: ")) {
        let raw = fs::read_to_string(path).ok().and_then(|t| serde_json::from_str::<Value>(&t).ok()).unwrap_or(Value::Null);
        return json!({"reason": "plugin.invalid_config", "file": file, "detail": config_reason(&raw, serde_message)});
    }
    if text.starts_with("bundled MCP server filename stem ") {
        return json!({"reason": "plugin.name_mismatch", "file": file});
    }
    json!({"reason": "unclassified", "file": file})
}

pub fn layout(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let files = input.get("files").and_then(Value::as_object).ok_or_else(|| OpError::malformed("`files` must be an object"))?;
    let tmp = TempDir::new()?;
    let root = tmp.0.as_path();
    write_tree(root, files)?;
    let prefix = format!("{}/", root.display());
    let mut diagnostics = Vec::new();
    let mut servers = Vec::new();
    let mut messages = Vec::new();
    for path in enumerate_bundled_server_files(root) {
        let file = path.strip_prefix(root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
        match parse_bundled_server(&path) {
            Ok(config) => servers.push(config.name().to_string()),
            Err(e) => {
                diagnostics.push(diagnostic(&e, &file, &path));
                messages.push(e.0.replace(&prefix, ""));
            }
        }
    }
    Ok(json!({
        "accepted": diagnostics.is_empty(),
        "servers": servers,
        "diagnostics": diagnostics,
        "sdk_messages": messages,
    }))
}
