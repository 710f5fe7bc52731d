//! render: `smcp_computer::inputs::ConfigRender::render` with everything injected.
//!
//! - `${env:}` reads only the request's `env`: the SDK is always given `Some(&map)` (an empty map
//!   when the request has none), never `None` (which would read the process environment).
//! - `${userHome}` / `${pathSeparator}` come from `variables`, filled only with what the request has.
//! - `${input:}` goes through the `resolve_input` callback; `None` is the SDK's "not found" (literal
//!   kept + WARN). With a plugin_scope the lookup is the SDK's own scoped resolution,
//!   `InputResolver::resolve_by_id(id, Some(plugin), Some(marketplace))` (exact id if it has a '/',
//!   else `<plugin>@<marketplace>/<id>` then `<id>`), over a pool of the request's ids. The
//!   resolver's only headless value source is the env map (`A2C_SMCP_<ENV_SEGMENT(id)>`): each pool
//!   id's variable holds the pool id itself, so the resolver answers *which* id it located and the
//!   request's value for that id (any JSON type) is handed to the renderer. Prompts are impossible
//!   (NonInteractivePrompter) and the keyring is a never-available stub.
//! - The SDK's warnings exist only as tracing events; they become the kit's {kind, name} where the
//!   event says exactly which: "input id not resolved" (field `id`) → input.missing, "env var
//!   undefined" (field `var`) → env.missing. Others (a predefined variable with no value, depth
//!   exceeded) have no kit kind and are left out; every raw event is kept under `sdk_log`.

use std::collections::HashMap;

use serde_json::{json, Map, Value};

use crate::capture::{capture, evidence, Record};
use crate::reasons::{Fail, OpError};
use crate::sdk::{
    env_var_name, ConfigRender, InputResolveError, InputResolver, MCPServerInput, NoKeyring, NonInteractivePrompter,
    SecretStore,
};
use crate::Ctx;

const INPUT_MISSING: &str = "input id not resolved, leaving placeholder as-is";
const ENV_MISSING: &str = "env var undefined, substitute empty (VS Code parity)";

fn warning_of(record: &Record) -> Option<Value> {
    if record.level != tracing::Level::WARN {
        return None;
    }
    match record.message.as_str() {
        INPUT_MISSING => record.field("id").map(|id| json!({"kind": "input.missing", "name": id})),
        ENV_MISSING => record.field("var").map(|var| json!({"kind": "env.missing", "name": var})),
        _ => None,
    }
}

fn string_map(input: &Map<String, Value>, key: &str) -> Result<HashMap<String, String>, OpError> {
    match input.get(key) {
        None => Ok(HashMap::new()),
        Some(Value::Object(map)) => map
            .iter()
            .map(|(k, v)| match v {
                Value::String(s) => Ok((k.clone(), s.clone())),
                _ => Err(OpError::malformed(format!("`{key}.{k}` must be a string"))),
            })
            .collect(),
        Some(_) => Err(OpError::malformed(format!("`{key}` must be an object"))),
    }
}

fn scoped_resolver(inputs: &Map<String, Value>) -> Result<InputResolver, Fail> {
    let mut pool = Vec::with_capacity(inputs.len());
    let mut markers: HashMap<String, String> = HashMap::new();
    for id in inputs.keys() {
        let definition: MCPServerInput = serde_json::from_value(json!({"type": "PromptString", "id": id, "description": id}))
            .map_err(|e| OpError::new("unclassified", e.to_string(), "serde_json::Error"))?;
        pool.push(definition);
        if let Some(other) = markers.insert(env_var_name(id, None, None), id.clone()) {
            return Err(Fail::Unsupported(format!(
                "input ids {other:?} and {id:?} share the env var name {}: the SDK's InputResolver has no other \
                 headless value channel, so their values cannot be told apart",
                env_var_name(id, None, None)
            )));
        }
    }
    let secrets = SecretStore::with_backend("smcp-conformance", Box::new(NoKeyring));
    Ok(InputResolver::new(pool, Box::new(NonInteractivePrompter), Some(markers), Some(secrets)))
}

pub fn render(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let value = input.get("value").ok_or_else(|| OpError::malformed("`value` is missing"))?;
    let empty = Map::new();
    let inputs = match input.get("inputs") {
        None => &empty,
        Some(Value::Object(map)) => map,
        Some(_) => return Err(OpError::malformed("`inputs` must be an object").into()),
    };
    let env = string_map(input, "env")?;
    let mut variables: HashMap<String, String> = HashMap::new();
    for (key, var) in [("user_home", "userHome"), ("path_separator", "pathSeparator")] {
        match input.get(key) {
            None => {}
            Some(Value::String(s)) => {
                variables.insert(var.to_string(), s.clone());
            }
            Some(_) => return Err(OpError::malformed(format!("`{key}` must be a string")).into()),
        }
    }
    let scope = match input.get("plugin_scope") {
        None => None,
        Some(Value::String(s)) => match s.split_once('@') {
            Some((plugin, marketplace)) => Some((plugin.to_string(), marketplace.to_string())),
            None => return Err(OpError::malformed("`plugin_scope` must be <plugin>@<marketplace>").into()),
        },
        Some(_) => return Err(OpError::malformed("`plugin_scope` must be a string").into()),
    };

    let renderer = ConfigRender::new();
    let mut resolver_errors: Vec<String> = Vec::new();
    let (rendered, records) = match scope {
        None => {
            let mut lookup = |id: &str| inputs.get(id).cloned();
            capture(|| renderer.render(value, &mut lookup, &variables, Some(&env)))
        }
        Some((plugin, marketplace)) => {
            let resolver = scoped_resolver(inputs)?;
            let mut lookup = |id: &str| match resolver.resolve_by_id(id, Some(&plugin), Some(&marketplace)) {
                Ok(Value::String(located)) => inputs.get(&located).cloned(),
                Ok(other) => {
                    resolver_errors.push(format!("{id}: unexpected resolver value {other}"));
                    None
                }
                Err(InputResolveError::NotFound(_)) => None,
                Err(e) => {
                    resolver_errors.push(format!("{id}: {e}"));
                    None
                }
            };
            capture(|| renderer.render(value, &mut lookup, &variables, Some(&env)))
        }
    };
    if !resolver_errors.is_empty() {
        return Err(OpError::new("unclassified", resolver_errors.join("; "), "InputResolveError").into());
    }
    let warnings: Vec<Value> = records.iter().filter_map(warning_of).collect();
    Ok(json!({"value": rendered, "warnings": warnings, "sdk_log": evidence(&records)}))
}
