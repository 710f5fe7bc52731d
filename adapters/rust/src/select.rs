//! input.select: the SDK's own pickString resolution, on the runtime path (see `runtime`).
//!
//! The definition is read by the SDK's model (`serde_json::from_value::<MCPServerInput>`, which runs
//! `PickStringInput::validate()`; a refusal is mapped as input.validate maps it). A stdio server whose
//! `args` are `["${input:<id>}"]` is mounted (`Computer::mount_server`, unbound) and started; the
//! SDK's private `resolve_one_input` picks the value:
//! client resolver (`with_input_resolver`: the request's `stored`, `Ok(None)` when absent) →
//! validated against the options (`validate_resolved_value`: a non-matching value is
//! `InputResolutionError::InvalidSelection`, no fallback) → the Computer's own cache → env (scrubbed) →
//! session (`SilentSession`: `default`, else the first option's value) → definition default.
//! `value` is the `args[0]` the SDK handed to the client factory.
//!
//! `stored_after`: the SDK writes nothing back into a client resolver (`InputValueResolver` has no
//! write method), so the store for the id after the run is the SDK's own value cache
//! (`Computer::get_input_value(id)`, where a write-back would land) if it holds one, else the
//! resolver's value, untouched (`stored`), else null. `sdk_cached_after` is that cache lookup alone.

use std::collections::HashMap;

use serde_json::{json, Map, Value};

use crate::reasons::{build_config, input_reason, Fail, OpError};
use crate::runtime::{start_error, start_once, Run};
use crate::sdk::{MCPServerConfig, MCPServerInput};
use crate::Ctx;

pub fn select(ctx: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let raw = input.get("input").ok_or_else(|| OpError::malformed("`input` is missing"))?;
    let stored = input.get("stored");
    let definition: MCPServerInput = serde_json::from_value(raw.clone()).map_err(|e| {
        let message = e.to_string();
        OpError::new(input_reason(raw, &message), message, "serde_json::Error")
    })?;
    if !matches!(definition, MCPServerInput::PickString(_)) {
        return Err(OpError::malformed("`input` must be a PickString definition").into());
    }
    let id = definition.id().to_string();
    let placeholder = format!("${{input:{id}}}");
    let server = build_config(&json!({"type": "stdio", "name": "probe",
        "server_parameters": {"command": "smcp-conformance-never-run", "args": [placeholder]}}))?;
    let mut values = HashMap::new();
    if let Some(v) = stored {
        values.insert(id.clone(), v.clone());
    }
    let run = Run {
        pool: HashMap::from([(id.clone(), definition)]),
        values,
        secrets: HashMap::new(),
        server,
        plugin_id: None,
        cache_probe: vec![id.clone()],
    };
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
    let value = rendered.server_parameters.args.first().map(|s| json!(s)).unwrap_or(Value::Null);
    let cached = started.cached_after.get(&id).cloned().flatten();
    let stored_after = cached.clone().or_else(|| stored.cloned()).unwrap_or(Value::Null);
    Ok(json!({
        "value": value,
        "stored_after": stored_after,
        "sdk_cached_after": cached,
        "sdk_log": crate::capture::evidence(&started.records),
    }))
}
