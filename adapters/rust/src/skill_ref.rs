//! skill.ref: the name, source and uri of the A2CSkillRef smcp-computer registers for one user or
//! MCP SKILL.
//!
//! - user: the SKILL.md is written to `<home>/user/<dir>/SKILL.md` (`user_dropin_root`,
//!   skills/home.rs:205) of a fresh temp SKILL home; `stage_user_skills(&mut registry, &home)`
//!   (skills/staging.rs:492) discovers and registers it.
//! - mcp: skill.rs's staging run (`stage_mcp_skills`, staging.rs:1455) on one server whose display
//!   name and optional bundle_id the request gives (the manager resolves and keys it), listing the
//!   mode C root `skill://kit/<dir>` and its SKILL.md child reading as `skill_md`.
//!
//! The answer: each of the registry's active refs (serde JSON of `smcp::A2CSkillRef`) cut to
//! `name`, `source` and `uri` (left out when the ref has none), by name.

use serde_json::{json, Map, Value};

use crate::capture::{capture_all, evidence};
use crate::reasons::{Fail, OpError};
use crate::resources::Listed;
use crate::sdk::{stage_user_skills, user_dropin_root, SkillRegistry};
use crate::skill::{resource, stage_on, text_read, TempHome};
use crate::Ctx;

fn text<'a>(input: &'a Map<String, Value>, key: &str) -> Result<&'a str, OpError> {
    input.get(key).and_then(Value::as_str).ok_or_else(|| OpError::malformed(format!("`{key}` must be a string")))
}

fn identity(refs: Vec<Value>) -> Vec<Value> {
    let mut out: Vec<Value> = refs
        .into_iter()
        .map(|r| {
            let mut kept = Map::new();
            for key in ["name", "source", "uri"] {
                if let Some(v) = r.get(key).filter(|v| !v.is_null()) {
                    kept.insert(key.to_string(), v.clone());
                }
            }
            Value::Object(kept)
        })
        .collect();
    out.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    out
}

fn user(dir: &str, skill_md: &str) -> Result<(Vec<Value>, Value), OpError> {
    let temp = TempHome::new()?;
    let home = temp.0.join("home");
    let folder = user_dropin_root(&home).join(dir);
    std::fs::create_dir_all(&folder)
        .and_then(|()| std::fs::write(folder.join("SKILL.md"), skill_md))
        .map_err(|e| OpError::new("unclassified", format!("drop-in {}: {e}", folder.display()), "std::io::Error"))?;
    let (refs, records) = capture_all(|| {
        let mut registry = SkillRegistry::new();
        stage_user_skills(&mut registry, &home);
        registry.active_refs()
    });
    let refs = refs
        .iter()
        .map(|r| serde_json::to_value(r).map_err(|e| OpError::new("unclassified", e.to_string(), "serde_json::Error")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((refs, evidence(&records)))
}

fn mcp(dir: &str, skill_md: &str, server: Value) -> Result<(Vec<Value>, Value), OpError> {
    let root = format!("skill://kit/{dir}");
    let child = format!("{root}/SKILL.md");
    let listed = vec![
        Listed { resource: resource(json!({"uri": root, "name": dir, "_meta": {"source": "resources"}}))?, read: None },
        Listed { resource: resource(json!({"uri": child, "name": "SKILL.md"}))?, read: Some(text_read(&child, skill_md)?) },
    ];
    let staged = stage_on(listed, server)?;
    Ok((staged.refs.into_iter().map(|(r, _)| r).collect(), evidence(&staged.records)))
}

pub fn skill_ref(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let (dir, skill_md) = (text(input, "dir")?, text(input, "skill_md")?);
    let (refs, log) = match text(input, "source")? {
        "user" => user(dir, skill_md)?,
        "mcp" => {
            let server = input.get("server").filter(|v| v.is_object()).cloned();
            mcp(dir, skill_md, server.ok_or_else(|| OpError::malformed("`server` must be an object for source mcp"))?)?
        }
        other => return Err(OpError::malformed(format!("unknown source {other:?}")).into()),
    };
    Ok(json!({"refs": identity(refs), "sdk_log": log}))
}

/// sdk.protocol_version: smcp's exported `PROTOCOL_VERSION` (smcp/src/lib.rs:35), through the import.
pub fn protocol_version(_: &Ctx, _: &Map<String, Value>) -> Result<Value, Fail> {
    Ok(json!({"protocol_version": smcp::PROTOCOL_VERSION}))
}
