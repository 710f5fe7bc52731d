//! smcp-conformance adapter for the Rust SDK (the published `smcp` crates: `smcp`, `smcp-computer`, and for
//! 0.4.1 `smcp-server-core`, `smcp-server-hyper`, `smcp-agent`).
//!
//! The protocol (harness/protocol/README.md): one JSON message per line on stdin, one answer per
//! line on stdout, nothing else on stdout (the line I/O is `line_io`). Calls are answered one at a time,
//! in arrival order; the SDK's async APIs run on one current-thread tokio runtime. The exception is
//! `wire.computer` (a live session of seconds): each call runs on a thread and runtime of its own
//! and is answered when it ends (`wire_computer`); `wire.server` (the SDK's own Server, start / stop)
//! runs on a runtime of its own and answers from there (`wire_server`); `wire.agent` (the SDK's own
//! Agent client, a live session) runs on a runtime of its own too (`wire_agent`). SDK diagnostics (tracing events) are captured
//! in memory by `capture` or written to stderr, never to stdout.

mod batch;
mod bench;
mod bundle_id;
mod call_thread;
mod capture;
mod config;
mod counting_resolver;
mod declared_home;
mod desktop;
mod env_var;
mod landing_root;
mod line_io;
mod manager;
mod messages;
mod outbox;
mod plugin;
#[cfg(adapter_plugin_runtime)]
mod plugin_runtime;
mod plugin_activation;
mod plugin_gate;
mod plugin_reclaim;
mod reasons;
mod render;
mod resources;
mod rules;
mod runtime;
mod sdk;
mod select;
mod skill;
mod skill_mime;
mod skill_name;
mod skill_ref;
mod source_merge;
mod surrogate;
mod transport;
mod version_check;
mod window_uri;
mod wire_computer;
mod wire_computer_act;
// The SDK's own Server (smcp-server-core / smcp-server-hyper): only where the manifest has those
// crates (build.rs sets the cfg from Cargo.lock; versions/0.3.2 does not list them).
#[cfg(adapter_wire_server)]
mod wire_server;
// The SDK's own Agent client (smcp-agent): only where the manifest has that crate (build.rs sets the
// cfg from Cargo.lock; versions/0.3.2 does not list it).
#[cfg(adapter_wire_agent)]
mod wire_agent;

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
    ("input.select", select::select),
    ("tool_meta.merge", manager::tool_meta_merge),
    ("tool_meta.reconcile", manager::tool_meta_reconcile),
    ("tool_meta.wire", manager::tool_meta_wire),
    ("load.diagnostics", manager::load_diagnostics),
    ("plugin.layout", plugin::layout),
    ("window_uri.parse", window_uri::parse),
    ("desktop.organize", desktop::organize),
    // The SDK's a2c_version gate (smcp-server-hyper) where it is linked; `unsupported` in 0.3.2.
    ("version.check", version_check::check),
    ("addressing.resolve", rules::addressing_resolve),
    ("plugin_id.validate", rules::plugin_id_validate),
    ("skill.tags", skill::tags),
    ("skill.mode_c", skill::mode_c),
    ("message.parse", messages::parse),
    ("skill.mime_type", skill_mime::mime_type),
    ("skill.text_mime", skill_mime::text_mime),
    ("settings.landing_root", landing_root::landing_root),
    ("skill.name", skill_name::name),
    ("plugin.activation", plugin_activation::activation),
    ("plugin.reclaim", plugin_reclaim::reclaim),
    ("plugin.bundled_gate", plugin_gate::gate),
    ("config.source_merge", source_merge::merge),
    ("skill.ref", skill_ref::skill_ref),
    ("sdk.protocol_version", skill_ref::protocol_version),
    // Opens a socket: to the harness's loopback MCP server, in the call (so does wire.computer).
    (transport::OP, transport::call_tool),
    // A live Computer against the harness's Server + MCP servers (loopback only); `line_io` runs each
    // call on a thread of its own (the table entry is the same call, synchronous).
    (wire_computer::OP, wire_computer::run),
    #[cfg(adapter_plugin_runtime)]
    (plugin_runtime::OP, plugin_runtime::run),
    // Kit-internal: a running wire.computer session's Computer acts; `line_io` runs each call on a thread of its own.
    (wire_computer_act::OP, wire_computer_act::run),
    // The SDK's own Server on 127.0.0.1 (start / stop); `line_io` runs each call as a task on the
    // Servers' runtime (the table entry is the same call, synchronous).
    #[cfg(adapter_wire_server)]
    (wire_server::OP, wire_server::run),
    // The SDK's own Agent client against the harness's Server (loopback only): a live session of
    // seconds on a thread and runtime of its own, like wire.computer.
    #[cfg(adapter_wire_agent)]
    (wire_agent::OP, wire_agent::run),
    (bench::SELF, bench::run),
];

fn hello() -> Value {
    let computer = sdk::SMCP_COMPUTER_VERSION;
    #[allow(unused_mut)]
    let mut packages = json!({ "smcp": sdk::SMCP_VERSION, "smcp-computer": computer, "rmcp": sdk::RMCP_VERSION });
    #[cfg(adapter_wire_server)]
    {
        packages["smcp-server-core"] = json!(env!("ADAPTER_SMCP_SERVER_CORE_VERSION"));
        packages["smcp-server-hyper"] = json!(env!("ADAPTER_SMCP_SERVER_HYPER_VERSION"));
    }
    #[cfg(adapter_wire_agent)]
    {
        packages["smcp-agent"] = json!(env!("ADAPTER_SMCP_AGENT_VERSION"));
    }
    // The SDK is every SDK crate linked (rmcp is smcp-computer's MCP library, not the SDK): five for
    // 0.4.1 (Computer, Server, Agent), two for 0.3.2, named from the same table as the packages.
    let name = packages
        .as_object()
        .map(|crates| crates.keys().filter(|k| k.as_str() != "rmcp").cloned().collect::<Vec<_>>().join("+"))
        .unwrap_or_default();
    json!({
        "type": "hello",
        // the newest it speaks; line_io.rs answers an older harness with the harness's own
        "adapter_protocol": 2,
        "implementation": "rust",
        "sdk": {
            "name": name,
            "version": computer,
            "packages": packages,
        },
        "protocol_version": sdk::PROTOCOL_VERSION,
        "operations": OPERATIONS.iter().map(|(name, _)| *name).collect::<Vec<_>>(),
        // `line_io` answers these beside everything else, in any order
        "concurrent": concurrent(),
        "runtime": env!("ADAPTER_RUSTC_VERSION"),
    })
}

/// The offered operations `line_io` answers in any order: each runs on a thread (or Server task) of its own.
fn concurrent() -> Vec<&'static str> {
    #[allow(unused_mut)]
    let mut ops = vec![transport::OP, wire_computer::OP, wire_computer_act::OP];
    #[cfg(adapter_wire_server)]
    ops.push(wire_server::OP);
    #[cfg(adapter_wire_agent)]
    ops.push(wire_agent::OP);
    ops
}

/// One call's work apart from its line: the handler, and its outcome as an answer message (shared
/// by `line_io` and `bench.loop`, so the in-language benchmark times exactly this).
fn answer(ctx: &Ctx, id: &Value, op: &str, input: &Map<String, Value>) -> Value {
    let Some((_, handler)) = OPERATIONS.iter().find(|(name, _)| *name == op) else {
        return json!({"type": "unsupported", "id": id, "message": format!("the rust adapter has no operation {op}")});
    };
    answer_with(id, || handler(ctx, input))
}

/// A handler's outcome (a panic included) as an answer message.
pub(crate) fn answer_with(id: &Value, run: impl FnOnce() -> Result<Value, Fail>) -> Value {
    let outcome = catch_unwind(AssertUnwindSafe(run)).unwrap_or_else(|panic| {
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
        Err(Fail::Error(e)) => {
            let mut error = json!({"reason": e.reason, "message": e.message, "raw_type": e.raw_type});
            if let Some(details) = e.details {
                error["details"] = details;
            }
            json!({"type": "result", "id": id, "ok": false, "error": error})
        }
    }
}

/// The SDK's runtime input path (`runtime`) reads `A2C_SMCP_<ENV_SEGMENT(id)>` from the process
/// environment as a value source, probes `A2C_INPUT_*` (legacy-name WARN) and reads other `A2C_*`
/// switches: every `A2C_*` variable is removed before anything else runs (single-threaded here), so
/// no value can come from the real environment. Only the names are used; the values are dropped unused.
///
/// Proxy variables go too: reqwest (under rmcp and the SSE client) honours them by default, and one
/// would send `transport.call_tool`'s loopback call elsewhere. The harness starts adapters without.
fn scrub_sdk_environment() {
    let names: Vec<std::ffi::OsString> = std::env::vars_os()
        .map(|(name, _)| name)
        .filter(|name| {
            let name = name.to_string_lossy();
            name.starts_with("A2C_") || matches!(name.to_ascii_lowercase().as_str(), "http_proxy" | "https_proxy" | "all_proxy")
        })
        .collect();
    for name in names {
        std::env::remove_var(&name);
    }
}

fn main() {
    scrub_sdk_environment();
    capture::install();
    // The panic text goes to stderr (default hook); the answer carries it as `unclassified`.
    let ctx = Ctx {
        rt: tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("tokio runtime"),
    };
    line_io::serve(&ctx);
}
