//! smcp-conformance adapter for the Rust SDK (the published `smcp` + `smcp-computer` crates).
//!
//! The protocol loop (harness/protocol/README.md): one JSON message per line on stdin, one answer
//! per line on stdout, nothing else on stdout. Calls are answered one at a time, in arrival order;
//! the SDK's async APIs run on one current-thread tokio runtime. SDK diagnostics (tracing events)
//! are captured in memory by `capture` or written to stderr, never to stdout.

mod bundle_id;
mod capture;
mod config;
mod env_var;
mod manager;
mod plugin;
mod reasons;
mod render;
mod sdk;
mod surrogate;

use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};

use serde_json::{json, Map, Value};

use reasons::{Fail, OpError};

type Handler = fn(&Ctx, &Map<String, Value>) -> Result<Value, Fail>;

/// What every operation may need: the runtime for the SDK's async APIs.
pub struct Ctx {
    pub rt: tokio::runtime::Runtime,
}

const OPERATIONS: &[(&str, Handler)] = &[
    ("bundle_id.normalize", bundle_id::normalize),
    ("bundle_id.resolve", bundle_id::resolve),
    ("bundle_id.identity_bytes", bundle_id::identity_bytes),
    ("bundle_id.validate", bundle_id::validate),
    ("exposed_name", bundle_id::exposed_name),
    ("env_var.name", env_var::name),
    ("env_var.collisions", env_var::collisions),
    ("render", render::render),
    ("server_config.validate", config::server_config_validate),
    ("input.validate", config::input_validate),
    ("tool_meta.merge", manager::tool_meta_merge),
    ("load.diagnostics", manager::load_diagnostics),
    ("plugin.layout", plugin::layout),
];
// Not offered: transport.auth_error needs a real MCP server over HTTP; the adapter never starts
// servers or touches the network.

fn hello() -> Value {
    let computer = sdk::SMCP_COMPUTER_VERSION;
    json!({
        "type": "hello",
        "adapter_protocol": 1,
        "implementation": "rust",
        "sdk": {
            "name": "smcp+smcp-computer",
            "version": computer,
            "packages": { "smcp": sdk::SMCP_VERSION, "smcp-computer": computer },
        },
        "protocol_version": sdk::PROTOCOL_VERSION,
        "operations": OPERATIONS.iter().map(|(name, _)| *name).collect::<Vec<_>>(),
        "runtime": env!("ADAPTER_RUSTC_VERSION"),
    })
}

fn answer(ctx: &Ctx, id: &Value, op: &str, input: &Map<String, Value>) -> Value {
    let Some((_, handler)) = OPERATIONS.iter().find(|(name, _)| *name == op) else {
        return json!({"type": "unsupported", "id": id, "message": format!("the rust adapter has no operation {op}")});
    };
    let outcome = catch_unwind(AssertUnwindSafe(|| handler(ctx, input))).unwrap_or_else(|panic| {
        let text = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "panic without a message".into());
        Err(Fail::Error(OpError::new("unclassified", format!("panicked: {text}"), "panic")))
    });
    match outcome {
        Ok(output) => json!({"type": "result", "id": id, "ok": true, "output": output}),
        Err(Fail::Unsupported(message)) => json!({"type": "unsupported", "id": id, "message": message}),
        Err(Fail::Error(e)) => json!({
            "type": "result", "id": id, "ok": false,
            "error": {"reason": e.reason, "message": e.message, "raw_type": e.raw_type},
        }),
    }
}

fn send(out: &mut impl Write, message: &Value) {
    let mut line = serde_json::to_string(message).expect("a serde_json::Value always serializes");
    line.push('\n');
    out.write_all(line.as_bytes()).and_then(|_| out.flush()).expect("stdout closed");
}

fn main() {
    capture::install();
    // The panic text goes to stderr (default hook); the answer carries it as `unclassified`.
    let ctx = Ctx {
        rt: tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("tokio runtime"),
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let mut raw = Vec::new();
    loop {
        raw.clear();
        match input.read_until(b'\n', &mut raw) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("rust adapter: stdin error: {e}");
                break;
            }
        }
        let line = String::from_utf8_lossy(&raw);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let message: Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => {
                // A string with a lone UTF-16 surrogate (\uD800) has no Rust `String`: serde_json, the
                // JSON reader every SDK entry point sits behind, refuses the text. The call is answered
                // with that refusal (input.lone_surrogate); only its envelope is re-read to find the id.
                match surrogate::envelope_without_lone_surrogates(line) {
                    Some(envelope) if envelope.get("type") == Some(&json!("call")) => {
                        let id = envelope.get("id").cloned().unwrap_or(Value::Null);
                        send(&mut out, &json!({
                            "type": "result", "id": id, "ok": false,
                            "error": {"reason": "input.lone_surrogate", "message": e.to_string(), "raw_type": "serde_json::Error"},
                        }));
                    }
                    _ => eprintln!("rust adapter: ignoring a line that is not JSON ({e}): {:.200}", line),
                }
                continue;
            }
        };
        match message.get("type").and_then(Value::as_str) {
            Some("hello") => send(&mut out, &hello()),
            Some("call") => {
                let id = message.get("id").cloned().unwrap_or(Value::Null);
                let op = message.get("op").and_then(Value::as_str).unwrap_or("");
                let empty = Map::new();
                let input = message.get("input").and_then(Value::as_object).unwrap_or(&empty);
                let reply = answer(&ctx, &id, op, input);
                send(&mut out, &reply);
            }
            Some("shutdown") => break,
            other => eprintln!("rust adapter: unknown message type {other:?}"),
        }
    }
}
