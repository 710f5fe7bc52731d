//! env_var.*: `smcp::utils::env_segment` (env_var_name, detect_env_name_collisions).

use std::collections::HashMap;

use serde_json::{json, Map, Value};

use crate::bundle_id::{opt_str_field, str_field};
use crate::reasons::{Fail, OpError};
use crate::sdk::{detect_env_name_collisions, env_var_name};
use crate::Ctx;

pub fn name(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    // None = segment absent (an empty string is a segment), as in the SDK.
    let name = env_var_name(
        str_field(input, "input_id")?,
        opt_str_field(input, "bundle_id")?,
        opt_str_field(input, "tool_name")?,
    );
    Ok(json!({"env_var_name": name}))
}

pub fn collisions(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let identities = input
        .get("identities")
        .and_then(Value::as_array)
        .ok_or_else(|| OpError::malformed("`identities` must be an array"))?;
    let mut ids: Vec<&str> = Vec::with_capacity(identities.len());
    for identity in identities {
        let identity = identity.as_object().ok_or_else(|| OpError::malformed("an identity must be an object"))?;
        if opt_str_field(identity, "bundle_id")?.is_some() || opt_str_field(identity, "tool_name")?.is_some() {
            return Err(Fail::Unsupported(format!(
                "smcp {} detects env-name collisions on bare input ids only \
                 (detect_env_name_collisions(input_ids)); identities with bundle_id/tool_name have no SDK check",
                crate::sdk::SMCP_VERSION
            )));
        }
        ids.push(str_field(identity, "input_id")?);
    }
    // {env name: the distinct colliding ids, sorted}; names with a single distinct id are left out.
    let found = detect_env_name_collisions(ids.iter().copied());
    let mut first_index: HashMap<&str, usize> = HashMap::new();
    for (index, id) in ids.iter().enumerate() {
        first_index.entry(id).or_insert(index);
    }
    let mut groups: Vec<(usize, Value)> = Vec::new();
    for (env_name, members) in &found {
        let mut indexes = Vec::with_capacity(members.len());
        for member in members {
            let index = first_index.get(member.as_str()).copied().ok_or_else(|| {
                OpError::new("unclassified", format!("the SDK named an id the input does not have: {member:?}"), "EnvNameCollision")
            })?;
            indexes.push(index);
        }
        indexes.sort_unstable();
        groups.push((indexes[0], json!({"env_var_name": env_name, "indexes": indexes})));
    }
    // one group per shared name, in order of the name's first appearance
    groups.sort_by_key(|(first, _)| *first);
    Ok(json!({"collisions": groups.into_iter().map(|(_, g)| g).collect::<Vec<_>>()}))
}
