//! skill.name: the SDK's SKILL name lexer, smcp's `skill_name::parse_skill_name` (smcp/src/skill_name.rs:172).
//!
//! smcp-computer re-exports it (skills/naming.rs) and runs it first in its client:get_skill handler
//! (socketio_client.rs:1772: an error → 4016 SkillNameInvalid) and in the Skill Registry
//! (skills/registry.rs:77). Accepted: the parsed kind; `SkillNameError`: accepted false, its reason
//! as evidence.

use serde_json::{json, Map, Value};
use smcp::skill_name::{parse_skill_name, SkillNameKind};

use crate::reasons::{Fail, OpError};
use crate::Ctx;

pub fn name(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let name = input.get("name").and_then(Value::as_str).ok_or_else(|| OpError::malformed("`name` must be a string"))?;
    Ok(match parse_skill_name(name) {
        Ok(parsed) => {
            let kind = match parsed.kind {
                SkillNameKind::User => "user",
                SkillNameKind::Marketplace => "marketplace",
                SkillNameKind::Mcp => "mcp",
            };
            json!({ "accepted": true, "kind": kind })
        }
        Err(e) => json!({ "accepted": false, "kind": null, "detail": e.reason }),
    })
}
