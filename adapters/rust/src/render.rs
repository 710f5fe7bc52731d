//! render: `smcp_computer::inputs::ConfigRender::render` with everything injected.
//!
//! - `${env:}` reads only the request's `env`: the SDK is always given `Some(&map)` (an empty map
//!   when the request has none), never `None` (which would read the process environment).
//! - `${userHome}` / `${pathSeparator}` come from `variables`, filled only with what the request has.
//! - `${input:}` goes through the `resolve_input` callback: the request's `inputs`; `None` is the
//!   SDK's "not found" (literal kept + WARN).
//! - With a `plugin_scope` the whole render is instead the SDK's plugin-bound runtime path (see
//!   `runtime`): the value travels in a stdio server config (a string as `args[0]`, a list of
//!   strings as `args`, a map of strings as `env`), which is registered through the SDK's
//!   `CliMcpHooks::register_server_with_input_scope(cfg, Some("P@M"))` and started; the SDK renders
//!   it with the private `render_server_config_with_scope` (0.4.0 order: `P@M/<id>`, then a global
//!   `<id>` of the same kind, else `InputResolutionError::Missing` with the scoped id) and the
//!   adapter reads the field back from the config the SDK handed to the client factory. Declared
//!   inputs are PromptString definitions (`password: true` for kind `secret`); the request's values
//!   reach the SDK through its client-resolver seams. That path renders `${input:}` only
//!   (`mcp_clients::ConfigRender`): `${env:}` and predefined variables are left as they are, and an
//!   undefined id stays literal without a WARN.
//! - The SDK's warnings exist only as tracing events; they become the kit's {kind, name} where the
//!   event says exactly which: "input id not resolved" (field `id`) → input.missing, "env var
//!   undefined" (field `var`) → env.missing. Others (a predefined variable with no value, depth
//!   exceeded) have no kit kind and are left out; every raw event is kept under `sdk_log`.

use std::collections::HashMap;

use serde_json::{json, Map, Value};

use crate::capture::{capture, evidence, Record};
use crate::reasons::{build_config, Fail, OpError};
use crate::runtime::{start_error, start_once, Run};
use crate::sdk::{ConfigRender, MCPServerConfig, MCPServerInput};
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

pub fn render(ctx: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
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
            Some((plugin, marketplace)) if !plugin.is_empty() && !marketplace.is_empty() => Some(s.clone()),
            _ => return Err(OpError::malformed("`plugin_scope` must be <plugin>@<marketplace>").into()),
        },
        Some(_) => return Err(OpError::malformed("`plugin_scope` must be a string").into()),
    };

    if let Some(plugin_id) = scope {
        return render_plugin_bound(ctx, value, inputs, input, &plugin_id);
    }
    let renderer = ConfigRender::new();
    let mut lookup = |id: &str| inputs.get(id).cloned();
    let (rendered, records) = capture(|| renderer.render(value, &mut lookup, &variables, Some(&env)));
    let warnings: Vec<Value> = records.iter().filter_map(warning_of).collect();
    Ok(json!({"value": rendered, "warnings": warnings, "sdk_log": evidence(&records)}))
}

// ---- plugin-bound: the SDK's runtime render path ----------------------------------------------

/// Where the value travels inside the stdio config the SDK renders.
enum Slot {
    Arg,
    Args,
    Env,
}

fn all_strings<'a>(mut items: impl Iterator<Item = &'a Value>) -> bool {
    items.all(Value::is_string)
}

fn render_plugin_bound(
    ctx: &Ctx,
    value: &Value,
    inputs: &Map<String, Value>,
    input: &Map<String, Value>,
    plugin_id: &str,
) -> Result<Value, Fail> {
    let (slot, parameters) = match value {
        Value::String(_) => (Slot::Arg, json!({"command": "smcp-conformance-never-run", "args": [value]})),
        Value::Array(items) if all_strings(items.iter()) => (Slot::Args, json!({"command": "smcp-conformance-never-run", "args": value})),
        Value::Object(map) if all_strings(map.values()) => (Slot::Env, json!({"command": "smcp-conformance-never-run", "env": value})),
        _ => {
            return Err(Fail::Unsupported(
                "the SDK's plugin-bound render (Computer::render_server_config_with_scope, reached through \
                 CliMcpHooks::register_server_with_input_scope + start_mcp_client) renders a whole MCPServerConfig: \
                 only a string, a list of strings or a map of strings has a stdio config field to travel in"
                    .into(),
            ))
        }
    };
    let server = build_config(&json!({"type": "stdio", "name": "probe", "server_parameters": parameters}))?;

    // Declared inputs: input_kinds (value | secret), plus every id of `inputs` (kind value unless declared).
    let mut kinds: HashMap<String, bool> = HashMap::new(); // id -> secret?
    match input.get("input_kinds") {
        None => {}
        Some(Value::Object(map)) => {
            for (id, kind) in map {
                let secret = match kind.as_str() {
                    Some("value") => false,
                    Some("secret") => true,
                    _ => return Err(OpError::malformed(format!("`input_kinds.{id}` must be \"value\" or \"secret\"")).into()),
                };
                kinds.insert(id.clone(), secret);
            }
        }
        Some(_) => return Err(OpError::malformed("`input_kinds` must be an object").into()),
    }
    for id in inputs.keys() {
        kinds.entry(id.clone()).or_insert(false);
    }
    let mut pool: HashMap<String, MCPServerInput> = HashMap::new();
    let mut values: HashMap<String, Value> = HashMap::new();
    let mut secrets: HashMap<String, String> = HashMap::new();
    for (id, secret) in &kinds {
        let mut definition = json!({"type": "PromptString", "id": id, "description": id});
        if *secret {
            definition["password"] = json!(true);
        }
        let definition: MCPServerInput = serde_json::from_value(definition)
            .map_err(|e| OpError::new("unclassified", format!("cannot declare input {id:?}: {e}"), "serde_json::Error"))?;
        pool.insert(id.clone(), definition);
        match (inputs.get(id), secret) {
            (None, _) => {}
            (Some(v), false) => {
                values.insert(id.clone(), v.clone());
            }
            (Some(Value::String(s)), true) => {
                secrets.insert(id.clone(), s.clone());
            }
            (Some(_), true) => {
                return Err(OpError::malformed(format!(
                    "the value of secret input {id:?} must be a string (the SDK's SecretValueResolver yields strings)"
                ))
                .into())
            }
        }
    }

    let run = Run { pool, values, secrets, server, plugin_id: Some(plugin_id), cache_probe: Vec::new() };
    let started = match start_once(ctx, run) {
        Ok(started) => started,
        Err((e, _records)) => return Err(e.into()),
    };
    if let Err(e) = &started.result {
        return Err(start_error(e).into());
    }
    let Some(MCPServerConfig::Stdio(rendered)) = &started.rendered else {
        return Err(OpError::new("unclassified", "the SDK started the server without handing a stdio config to the client factory", "ClientFactory").into());
    };
    let parameters = &rendered.server_parameters;
    let out = match slot {
        Slot::Arg => parameters.args.first().map(|s| json!(s)).unwrap_or(Value::Null),
        Slot::Args => json!(parameters.args),
        Slot::Env => json!(parameters.env),
    };
    let warnings: Vec<Value> = started.records.iter().filter_map(warning_of).collect();
    Ok(json!({"value": out, "warnings": warnings, "sdk_log": evidence(&started.records)}))
}
