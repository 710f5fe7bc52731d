//! wire.computer_act (kit-internal): a running wire.computer session's Computer does one lifecycle
//! or management operation through the SDK's public API (harness/wire/README.md, "Lifecycle acts").
//! `wire_computer` registers each joined session by its office with the sending end of a channel;
//! its serve loop runs each act on the session's own runtime (no future crosses threads) and sends
//! the answer back. This call waits for it on a thread of its own, at most `ACT_BOUND`.
//!
//! SDK calls (smcp-computer 0.4.1; 0.3.2 has the same):
//! - start: `Computer::boot_up()` once more on the running Computer (the SDK's start operation);
//! - disconnect: `Computer::disconnect_socketio()`;
//! - shutdown: `Computer::shutdown()` (the runtime's terminal cleanup: Socket.IO, watchers, MCP clients);
//! - unmount: `Computer::unmount_server(&BundleId)` (runtime only, no durable write);
//! - state: `Computer::lifecycle_state()`, its variant in snake_case (status.rs `LifecycleState`);
//! - mount: `Computer::mount_server(config)` (the runtime-only add-or-update of one server config, no
//!   durable write; the same bundle_id replaces the entry, restarting it when it was running), the
//!   config being the call's own config of that server with `set` laid over it, through the SDK's
//!   model; then `Computer::start_all_mcp_clients()`, the same start the session ran after its first
//!   mounts (the adapter builds its Computer with auto-connect off, so a newly added server starts there);
//! - connect: `Computer::connect_socketio(url, ConnectOptions::default())` then
//!   `Computer::join_office(office_id, computer_name)`, after a disconnect act (the session's own
//!   connect and join calls, on the same Computer);
//! - leave: `Computer::leave_office()` (server:leave_office for the office it joined; the connection,
//!   the runtime and the calls in flight stay);
//! - stop: unsupported: `Computer` has boot_up and shutdown but no stop operation (computer.rs 0.4.1:
//!   no `stop`; the Stopping/Stopped states of status.rs `LifecycleState` are entered by no call, and
//!   `stop_all_mcp_clients` halts MCP clients only, not the runtime's service activity).
//! - restart: `Computer::restart_mcp_client(&BundleId)`, the SDK's public restart of one MCP server
//!   (computer.rs 0.4.1: it renders the raw config again before it stops the old client);
//! - stop_server / start_server: `Computer::stop_mcp_client(&BundleId)` / `Computer::start_mcp_client(&BundleId)`,
//!   the SDK's public stop and start of one MCP server (a stop that stopped nothing answers done: false);
//! - set_input: `Computer::set_input_value(id, value)` for a string value, `Computer::remove_input_value(id)`
//!   for null (the value the SDK's resolver answers with at the next render; no prompt follows, SilentSession).
//! - end_scene: no SDK call: the kit's Server says the scene is over, for a session whose Computer
//!   ended its own connection (the Server cannot disconnect it); its serve loop then ends.

use std::collections::HashMap;
use std::io::Write;
use std::sync::{mpsc, Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::Duration;

use serde_json::{json, Map, Value};
use smcp_computer::computer::{Computer, ConnectOptions, SilentSession};
use tokio::sync::mpsc::UnboundedSender;

use crate::call_thread::spawn_call;
use crate::outbox::Outbox;
use crate::reasons::{build_config, Fail, OpError};
use crate::sdk::BundleId;
use crate::Ctx;

pub const OP: &str = "wire.computer_act";
const THREADS: &str = "wire-computer-act";
const STACK: usize = 2 * 1024 * 1024;
/// How long the SDK call may take before the act answers `done: false`.
const ACT_BOUND: Duration = Duration::from_secs(5);

/// One act request, as the session's serve loop receives it.
pub struct ActRequest {
    pub act: String,
    pub bundle_id: Option<String>,
    /// mount: the config fields laid over the call's config of that server.
    pub set: Option<Value>,
    /// set_input: the input's id and its new value (null: the value taken away).
    pub input_id: Option<String>,
    pub value: Option<Value>,
    pub reply: mpsc::Sender<Value>,
}

fn sessions() -> &'static Mutex<HashMap<String, UnboundedSender<ActRequest>>> {
    static SESSIONS: OnceLock<Mutex<HashMap<String, UnboundedSender<ActRequest>>>> = OnceLock::new();
    SESSIONS.get_or_init(|| Mutex::new(HashMap::new()))
}

pub fn register(office_id: &str, sender: UnboundedSender<ActRequest>) {
    sessions().lock().unwrap_or_else(|p| p.into_inner()).insert(office_id.to_string(), sender);
}

pub fn unregister(office_id: &str) {
    sessions().lock().unwrap_or_else(|p| p.into_inner()).remove(office_id);
}

/// Whether an act ends the Computer's own connection (the session then serves until the scene is over).
pub fn ends_connection(act: &str) -> bool {
    matches!(act, "disconnect" | "shutdown")
}

/// The Server's own act in a start_on_act call: answered once the session's Computer is created and held.
pub const AWAIT_CREATED: &str = "await_created";
/// How often an await_created act looks for its session again: the act may arrive before the call it names.
const CREATED_POLL: Duration = Duration::from_millis(20);

/// The Server's own act: the scene is over (the serve loop answers it and ends).
pub const END_SCENE: &str = "end_scene";

/// The answer to `end_scene`: no SDK call was made.
pub fn scene_over_answer() -> Value {
    json!({"done": true, "raised": null, "api": "end_scene (the kit's Server; no SDK call)"})
}

/// Runs one act on the session's runtime (called from its serve loop).
/// What an act may need of the session's call: its servers (mount), the Server's URL and the office (connect).
pub struct Scene<'a> {
    pub servers: &'a [Value],
    pub url: &'a str,
    pub office_id: &'a str,
    pub computer_name: &'a str,
}

pub async fn act_on(comp: &Computer<SilentSession>, request: &ActRequest, scene: &Scene<'_>) -> Value {
    let raised = |api: &str, e: smcp_computer::errors::ComputerError| {
        json!({"done": false, "raised": {"type": "ComputerError", "message": e.to_string()}, "api": api})
    };
    match request.act.as_str() {
        "state" => json!({"done": true, "raised": null, "state": snake(&format!("{:?}", comp.lifecycle_state())), "api": "Computer::lifecycle_state"}),
        "start" => match comp.boot_up().await {
            Ok(()) => json!({"done": true, "raised": null, "api": "Computer::boot_up"}),
            Err(e) => raised("Computer::boot_up", e),
        },
        "disconnect" => match comp.disconnect_socketio().await {
            Ok(()) => json!({"done": true, "raised": null, "api": "Computer::disconnect_socketio"}),
            Err(e) => raised("Computer::disconnect_socketio", e),
        },
        "shutdown" => match comp.shutdown().await {
            Ok(()) => json!({"done": true, "raised": null, "api": "Computer::shutdown"}),
            Err(e) => raised("Computer::shutdown", e),
        },
        "mount" => mount(comp, request, scene.servers).await,
        "leave" => match comp.leave_office().await {
            Ok(()) => json!({"done": true, "raised": null, "api": "Computer::leave_office"}),
            Err(e) => raised("Computer::leave_office", e),
        },
        "restart" => {
            let api = "Computer::restart_mcp_client";
            let Some(id) = request.bundle_id.as_deref().and_then(|b| BundleId::try_from(b).ok()) else {
                return json!({"done": false, "raised": {"type": "BundleIdError", "message": "no valid bundle_id"}, "api": api});
            };
            match comp.restart_mcp_client(&id).await {
                Ok(()) => json!({"done": true, "raised": null, "api": api}),
                Err(e) => raised(api, e),
            }
        }
        "set_input" => set_input(comp, request).await,
        "stop_server" | "start_server" => one_server(comp, request).await,
        "connect" => {
            let api = "Computer::connect_socketio + Computer::join_office";
            if let Err(e) = comp.connect_socketio(scene.url, ConnectOptions::default()).await {
                return raised("Computer::connect_socketio", e);
            }
            match comp.join_office(scene.office_id, scene.computer_name).await {
                Ok(()) => json!({"done": true, "raised": null, "api": api}),
                Err(e) => raised("Computer::join_office", e),
            }
        }
        _ => {
            let api = "Computer::unmount_server";
            let Some(id) = request.bundle_id.as_deref().and_then(|b| BundleId::try_from(b).ok()) else {
                return json!({"done": false, "raised": {"type": "BundleIdError", "message": "no valid bundle_id"}, "api": api});
            };
            match comp.unmount_server(&id).await {
                Ok(true) => json!({"done": true, "raised": null, "api": api}),
                Ok(false) => json!({"done": false, "raised": {"type": "NotMounted", "message": "unmount_server returned false"}, "api": api}),
                Err(e) => raised(api, e),
            }
        }
    }
}

/// The mount act: the call's config of `bundle_id`, `set` laid over it, mounted at runtime and started.
async fn mount(comp: &Computer<SilentSession>, request: &ActRequest, servers: &[Value]) -> Value {
    let api = "Computer::mount_server";
    let refused = |kind: &str, message: String| json!({"done": false, "raised": {"type": kind, "message": message}, "api": api});
    let wanted = request.bundle_id.as_deref().unwrap_or("");
    let Some(mut raw) = servers.iter().find(|s| s.get("bundle_id").and_then(Value::as_str) == Some(wanted)).cloned() else {
        return refused("NotConfigured", format!("the call gave no server with bundle_id {wanted:?}"));
    };
    if let (Some(Value::Object(fields)), Some(target)) = (&request.set, raw.as_object_mut()) {
        for (key, value) in fields {
            target.insert(key.clone(), value.clone());
        }
    }
    let config = match build_config(&raw) {
        Ok(config) => config,
        Err(e) => return refused(&e.raw_type, e.message),
    };
    if let Err(e) = comp.mount_server(config).await {
        return json!({"done": false, "raised": {"type": "ComputerError", "message": e.to_string()}, "api": api});
    }
    match comp.start_all_mcp_clients().await {
        Ok(()) => json!({"done": true, "raised": null, "api": "Computer::mount_server + Computer::start_all_mcp_clients"}),
        Err(e) => json!({"done": false, "raised": {"type": "ComputerError", "message": e.to_string()}, "api": "Computer::start_all_mcp_clients"}),
    }
}

/// The stop_server and start_server acts: one MCP server stopped, or started from stopped.
async fn one_server(comp: &Computer<SilentSession>, request: &ActRequest) -> Value {
    let stop = request.act == "stop_server";
    let api = if stop { "Computer::stop_mcp_client" } else { "Computer::start_mcp_client" };
    let Some(id) = request.bundle_id.as_deref().and_then(|b| BundleId::try_from(b).ok()) else {
        return json!({"done": false, "raised": {"type": "BundleIdError", "message": "no valid bundle_id"}, "api": api});
    };
    let result = if stop { comp.stop_mcp_client(&id).await } else { comp.start_mcp_client(&id).await.map(|()| true) };
    match result {
        Ok(true) => json!({"done": true, "raised": null, "api": api}),
        Ok(false) => json!({"done": false, "raised": {"type": "NotRunning", "message": "stop_mcp_client returned false"}, "api": api}),
        Err(e) => json!({"done": false, "raised": {"type": "ComputerError", "message": e.to_string()}, "api": api}),
    }
}

/// The set_input act: a new value for a declared input, or (null) its value taken away.
async fn set_input(comp: &Computer<SilentSession>, request: &ActRequest) -> Value {
    let id = request.input_id.as_deref().unwrap_or("");
    let (api, result) = match &request.value {
        Some(Value::String(v)) => ("Computer::set_input_value", comp.set_input_value(id, json!(v)).await),
        _ => ("Computer::remove_input_value", comp.remove_input_value(id).await),
    };
    match result {
        Ok(true) => json!({"done": true, "raised": null, "api": api}),
        Ok(false) => json!({"done": false, "raised": {"type": "NotDeclared", "message": format!("{api} returned false for {id:?}")}, "api": api}),
        Err(e) => json!({"done": false, "raised": {"type": "ComputerError", "message": e.to_string()}, "api": api}),
    }
}

/// `JoinedOffice` → `joined_office`.
fn snake(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.extend(c.to_lowercase());
    }
    out
}

fn call(input: &Map<String, Value>) -> Result<Value, Fail> {
    let office_id = input.get("office_id").and_then(Value::as_str).unwrap_or("");
    let act = input.get("act").and_then(Value::as_str).unwrap_or("");
    if !matches!(act, "start" | "disconnect" | "shutdown" | "unmount" | "state" | "mount" | "stop" | "connect" | "leave" | "restart" | "set_input" | "stop_server" | "start_server" | END_SCENE | AWAIT_CREATED) {
        return Err(OpError::new("unclassified", format!("act must be start, disconnect, shutdown, unmount, state, mount, stop, connect, leave, restart, set_input, stop_server, start_server, end_scene or await_created, got {act:?}"), "AdapterBadInput").into());
    }
    if act == "stop" {
        return Err(Fail::Unsupported(format!(
            "smcp-computer {}: Computer has no stop operation (boot_up and shutdown only; stop_all_mcp_clients halts MCP clients, not the runtime)",
            crate::sdk::SMCP_COMPUTER_VERSION
        )));
    }
    let mut sender = sessions().lock().unwrap_or_else(|p| p.into_inner()).get(office_id).cloned();
    let until = std::time::Instant::now() + if act == AWAIT_CREATED { ACT_BOUND } else { Duration::ZERO };
    while sender.is_none() && std::time::Instant::now() < until {
        std::thread::sleep(CREATED_POLL);
        sender = sessions().lock().unwrap_or_else(|p| p.into_inner()).get(office_id).cloned();
    }
    let Some(sender) = sender else {
        return Err(OpError::new("unclassified", format!("no wire.computer call is running for office {office_id:?}"), "AdapterNoSession").into());
    };
    let (reply, answer) = mpsc::channel();
    let bundle_id = input.get("bundle_id").and_then(Value::as_str).map(str::to_owned);
    let set = input.get("set").cloned();
    let input_id = input.get("input_id").and_then(Value::as_str).map(str::to_owned);
    let value = input.get("value").cloned();
    if sender.send(ActRequest { act: act.to_string(), bundle_id, set, input_id, value, reply }).is_err() {
        return Err(OpError::new("unclassified", "the session ended before the act", "AdapterNoSession").into());
    }
    Ok(answer.recv_timeout(ACT_BOUND).unwrap_or_else(|_| {
        json!({"done": false, "raised": {"type": "Timeout", "message": format!("no answer from the session within {} s", ACT_BOUND.as_secs())}, "api": act})
    }))
}

/// The dispatch-table entry (synchronous); `line_io` uses `spawn`.
pub fn run(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    call(input)
}

pub fn spawn<W: Write + Send + 'static>(id: &Value, input: &Map<String, Value>, out: &Outbox<W>) -> Result<JoinHandle<()>, Value> {
    spawn_call(OP, THREADS, STACK, id, input, out, call)
}
