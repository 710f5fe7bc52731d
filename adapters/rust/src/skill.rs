//! skill.tags and skill.mode_c: the SDK's mcp-source SKILL staging, as a Computer runs it
//! (`Computer::restage_mcp_skills` → `stage_mcp_skills(&manager, &registry, &home, …)`,
//! skills/staging.rs:1455), with `MCPServerManager` as the `SkillResourceManager`
//! (manager.rs:3057: `list_skill_resources` pages `resources/list` and keeps `skill://` URIs;
//! `read_resource` is `resources/read` with the content blocks concatenated).
//!
//! One server, bundle_id `kit`, whose client (the manager's public `set_client_factory` seam) is
//! `resources::ResourceClient`: it lists the request's resources and answers each read. The SKILL
//! home is a fresh temp folder, removed afterwards; archive roots get a fetcher that refuses
//! (nothing is downloaded) and mounted roots a `mount_dir` that does not exist (no host folder is
//! copied): neither mode is part of these operations. Results are read from the SDK's
//! `SkillRegistry::active_refs()` (serde JSON of `smcp::A2CSkillRef`) and from the files the SDK
//! wrote under that home.
//!
//! - skill.tags: a mode C root `skill://kit/kit-skill` whose `SKILL.md` child reads as `skill_md`.
//!   `tags` = the registered ref's `tags` (null when absent or when nothing registered: the SDK
//!   builds the ref, tags included, only for a SKILL that registers); `registered` = the SDK
//!   registered it; diagnostics = each DEBUG "frontmatter 'tags' is not a string list; …"
//!   (staging.rs `apply_frontmatter_optional_fields`) → `skill.tags_not_string_list`.
//! - skill.mode_c: the request's listing as is; every listed resource reads as a small SKILL.md
//!   whose frontmatter `name` / `description` are a marker for that resource (`kit-child-<n>`), so
//!   the file the SDK finds at `<staged>/SKILL.md` names the child it came from, and each staged
//!   file names its source. A root (`_meta.source` "resources") the SDK registered → `skills`
//!   (`skill_md` = the marker of its SKILL.md, `staged` = every file under the ref's `path`); a
//!   root it covered (DEBUG "skill resource covered by skill resource …": #188, a nested root is a
//!   child, not a root) is left out; any other → `not_registrable`, reason from the SDK's ERROR for
//!   that root: "staged SKILL missing SKILL.md, skipped", or "materialize failed" with "has no
//!   sub-resources" → `skill.missing_skill_md`; others `unclassified` with the SDK's words as `detail`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use serde_json::{json, Map, Value};

use crate::capture::{capture_all, evidence, Record};
use crate::reasons::{Fail, OpError};
use crate::resources::{Listed, ResourceClient};
use crate::sdk::{
    stage_mcp_skills, ArchiveFetcher, ClientFactory, ClientNotifyCtx, MCPClientProtocol, MCPServerConfig,
    MCPServerManager, ReadResourceResult, Resource, SkillRegistry, SkillStagingError,
};
use crate::Ctx;

const BUNDLE: &str = "kit";
const TAGS_NOT_LIST: &str = "frontmatter 'tags' is not a string list";
const COVERED: &str = "skill resource covered by skill resource";
const MISSING_SKILL_MD: &str = "staged SKILL missing SKILL.md, skipped";
const MATERIALIZE_FAILED: &str = "materialize failed, skipped";
const NO_SUB_RESOURCES: &str = "has no sub-resources";

/// A temp SKILL home, removed when dropped.
pub(crate) struct TempHome(pub(crate) PathBuf);

impl TempHome {
    pub(crate) fn new() -> Result<Self, OpError> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "smcp-conformance-skill-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("home"))
            .map_err(|e| OpError::new("unclassified", format!("temp dir {}: {e}", dir.display()), "std::io::Error"))?;
        Ok(TempHome(dir))
    }
}

impl Drop for TempHome {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Archive roots are not part of these operations: nothing is ever downloaded.
struct NoFetch;

#[async_trait::async_trait]
impl ArchiveFetcher for NoFetch {
    async fn fetch(&self, url: &str) -> Result<Vec<u8>, SkillStagingError> {
        Err(SkillStagingError(format!("smcp-conformance: archives are never fetched ({url})")))
    }
}

/// What one staging run left: the registered refs (serde JSON, with the files under each ref's
/// `path`, relative, '/'-separated) and every event taken.
pub(crate) struct Staged {
    pub(crate) refs: Vec<(Value, Vec<(String, Vec<u8>)>)>,
    pub(crate) records: Vec<Record>,
}

fn files_under(dir: &Path) -> Vec<(String, Vec<u8>)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, Vec<u8>)>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            match entry.file_type() {
                Ok(t) if t.is_dir() => walk(root, &path, out),
                Ok(t) if t.is_file() => {
                    let rel = path.strip_prefix(root).unwrap_or(&path);
                    let rel = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect::<Vec<_>>().join("/");
                    out.push((rel, std::fs::read(&path).unwrap_or_default()));
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

fn stage(listed: Vec<Listed>) -> Result<Staged, OpError> {
    stage_on(listed, json!({"name": BUNDLE, "bundle_id": BUNDLE}))
}

/// `stage` on one server whose `name` (and optional `bundle_id`) `server` gives: a stdio config
/// that is never started, registered through the manager, which keys it by the bundle_id the SDK
/// resolves.
pub(crate) fn stage_on(listed: Vec<Listed>, server: Value) -> Result<Staged, OpError> {
    let temp = TempHome::new()?;
    let home = temp.0.join("home");
    let mut raw = json!({
        "type": "stdio",
        "server_parameters": {"command": "smcp-conformance-never-run", "args": [], "env": {}},
    });
    if let (Some(raw), Some(server)) = (raw.as_object_mut(), server.as_object()) {
        raw.extend(server.clone());
    }
    let config: MCPServerConfig = serde_json::from_value(raw)
        .map_err(|e| OpError::new("unclassified", format!("server config: {e}"), "serde_json::Error"))?;
    let factory: ClientFactory = Arc::new(move |_config: MCPServerConfig, _notify: Option<ClientNotifyCtx>| {
        Arc::new(ResourceClient::new(listed.clone())) as Arc<dyn MCPClientProtocol>
    });
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| OpError::new("unclassified", format!("tokio runtime: {e}"), "std::io::Error"))?;
    let (outcome, records) = capture_all(|| {
        rt.block_on(async {
            let manager = MCPServerManager::new();
            manager.set_client_factory(Some(factory)).await;
            let registry = tokio::sync::RwLock::new(SkillRegistry::new());
            let run = async {
                manager.initialize(vec![config.clone()]).await.map_err(|e| e.to_string())?;
                manager.start_client_by_id(&crate::sdk::resolve_bundle_id(&config)).await.map_err(|e| e.to_string())?;
                stage_mcp_skills(&manager, &registry, &home, None, Some(&NoFetch)).await.map_err(|e| e.0)?;
                Ok::<_, String>(registry.read().await.active_refs())
            }
            .await;
            let _ = manager.close().await;
            run
        })
    });
    drop(rt);
    let refs = outcome.map_err(|e| OpError::new("unclassified", format!("stage_mcp_skills: {e}"), "SkillStagingError"))?;
    let mut out = Vec::new();
    for skill_ref in refs {
        let value = serde_json::to_value(&skill_ref).map_err(|e| OpError::new("unclassified", e.to_string(), "serde_json::Error"))?;
        let files = value.get("path").and_then(Value::as_str).map(|p| files_under(Path::new(p))).unwrap_or_default();
        out.push((value, files));
    }
    drop(temp);
    Ok(Staged { refs: out, records })
}

pub(crate) fn text_read(uri: &str, text: &str) -> Result<ReadResourceResult, OpError> {
    serde_json::from_value(json!({"contents": [{"uri": uri, "text": text}]}))
        .map_err(|e| OpError::new("unclassified", format!("read result: {e}"), "serde_json::Error"))
}

pub(crate) fn resource(raw: Value) -> Result<Resource, OpError> {
    serde_json::from_value::<Resource>(raw).map_err(|e| OpError::malformed(format!("not an MCP Resource: {e}")))
}

// ---- skill.tags -------------------------------------------------------------------------------

pub fn tags(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let skill_md = input.get("skill_md").and_then(Value::as_str).ok_or_else(|| OpError::malformed("`skill_md` must be a string"))?;
    let root = "skill://kit/kit-skill";
    let child = "skill://kit/kit-skill/SKILL.md";
    let listed = vec![
        Listed { resource: resource(json!({"uri": root, "name": "kit-skill", "_meta": {"source": "resources"}}))?, read: None },
        Listed { resource: resource(json!({"uri": child, "name": "SKILL.md"}))?, read: Some(text_read(child, skill_md)?) },
    ];
    let staged = stage(listed)?;
    let registered = staged.refs.iter().find(|(r, _)| r.get("uri").and_then(Value::as_str) == Some(root)).map(|(r, _)| r.clone());
    let tags = registered.as_ref().and_then(|r| r.get("tags")).cloned().unwrap_or(Value::Null);
    let diagnostics: Vec<Value> = staged
        .records
        .iter()
        .filter(|r| r.level == tracing::Level::DEBUG && r.message.starts_with(TAGS_NOT_LIST))
        .map(|_| json!({"reason": "skill.tags_not_string_list"}))
        .collect();
    Ok(json!({
        "tags": tags,
        "registered": registered.is_some(),
        "diagnostics": diagnostics,
        "sdk_ref": registered,
        "sdk_log": evidence(&staged.records),
    }))
}

// ---- skill.mode_c -----------------------------------------------------------------------------

fn marker(n: usize) -> String {
    format!("kit-child-{n}")
}

/// The resource a staged file (or a ref's description) came from, by its marker.
fn marked(text: &str, uris: &[String]) -> Option<String> {
    let start = text.find("kit-child-")? + "kit-child-".len();
    let digits: String = text[start..].chars().take_while(char::is_ascii_digit).collect();
    uris.get(digits.parse::<usize>().ok()?).cloned()
}

pub fn mode_c(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let items = input.get("resources").and_then(Value::as_array).ok_or_else(|| OpError::malformed("`resources` must be an array"))?;
    let mut listed = Vec::new();
    let mut uris: Vec<String> = Vec::new();
    let mut roots: Vec<String> = Vec::new();
    for (n, item) in items.iter().enumerate() {
        let item = item.as_object().ok_or_else(|| OpError::malformed(format!("resources[{n}] must be an object")))?;
        let uri = item.get("uri").and_then(Value::as_str).ok_or_else(|| OpError::malformed("`uri` must be a string"))?;
        let mut raw = json!({"uri": uri, "name": item.get("name").cloned().unwrap_or_else(|| Value::String(uri.to_string()))});
        if let Some(mime) = item.get("mimeType") {
            raw["mimeType"] = mime.clone();
        }
        let mut meta = item.get("_meta").cloned().unwrap_or(Value::Null);
        let source = meta.get("source").and_then(Value::as_str).map(str::to_string);
        if source.as_deref() == Some("mounted") {
            // never copy a host folder: a mount_dir that does not exist (the root is skipped)
            meta["mount_dir"] = Value::String("/nonexistent/smcp-conformance-mount".into());
        }
        if !meta.is_null() {
            raw["_meta"] = meta;
        }
        if source.as_deref() == Some("resources") && uri.starts_with("skill://") && !roots.iter().any(|r| r == uri) {
            roots.push(uri.to_string());
        }
        let name = marker(n);
        let text = format!("---\nname: {name}\ndescription: {name}\n---\n");
        listed.push(Listed { resource: resource(raw)?, read: Some(text_read(uri, &text)?) });
        uris.push(uri.to_string());
    }
    roots.sort();
    let staged = stage(listed)?;

    let mut skills = Vec::new();
    let mut not_registrable = Vec::new();
    let mut why_not = Map::new();
    let mut refs = Vec::new();
    for root in &roots {
        if let Some((skill_ref, files)) = staged.refs.iter().find(|(r, _)| r.get("uri").and_then(Value::as_str) == Some(root.as_str())) {
            let skill_md = skill_ref.get("description").and_then(Value::as_str).and_then(|d| marked(d, &uris));
            let mut map: BTreeMap<String, String> = BTreeMap::new();
            for (rel, bytes) in files {
                if let Some(uri) = marked(&String::from_utf8_lossy(bytes), &uris) {
                    map.insert(uri, rel.clone());
                }
            }
            skills.push(json!({"root": root, "skill_md": skill_md.unwrap_or_default(), "staged": map}));
            refs.push(skill_ref.clone());
            continue;
        }
        let about = |r: &&Record| r.field("uri") == Some(root.as_str());
        if staged.records.iter().filter(about).any(|r| r.level == tracing::Level::DEBUG && r.message.starts_with(COVERED)) {
            continue; // the SDK takes it for a child of another root, not a root (#188)
        }
        let errors: Vec<&Record> = staged.records.iter().filter(about).filter(|r| r.level == tracing::Level::ERROR).collect();
        let missing = errors.iter().any(|r| {
            r.message == MISSING_SKILL_MD
                || (r.message == MATERIALIZE_FAILED && r.field("error").is_some_and(|e| e.contains(NO_SUB_RESOURCES)))
        });
        let detail = if errors.is_empty() {
            "the SDK registered nothing for this root and logged no reason".to_string()
        } else {
            errors.iter().map(|r| r.text()).collect::<Vec<_>>().join("; ")
        };
        let reason = if missing { "skill.missing_skill_md" } else { "unclassified" };
        not_registrable.push(json!({"root": root, "reason": reason}));
        why_not.insert(root.clone(), Value::String(detail));
    }
    Ok(json!({
        "skills": skills,
        "not_registrable": not_registrable,
        "sdk_refs": refs,
        "sdk_not_registrable": why_not,
        "sdk_log": evidence(&staged.records),
    }))
}
