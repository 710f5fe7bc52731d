//! wire.computer: the SDK's own Computer, live, against the harness's A2C-SMCP Server scene
//! (harness/wire/README.md). The only operation that runs on a thread of its own: the harness
//! pipelines several calls (one office each), `line_io` hands each one to `spawn`, and the answer
//! goes out through the shared `Outbox` when that call ends. Every other operation stays on the main
//! thread, one at a time, as before.
//!
//! The SDK path (public API only, smcp-computer 0.4.1; 0.3.2 has the same calls):
//! 1. start: `Computer::new(computer_name, SilentSession, the call's secret inputs (PromptString, password)
//!    or none, no embed servers, false, false)`, their values through `Computer::set_input_value`,
//!    with every folder it would take from HOME / cwd in a fresh scratch folder
//!    (`with_skill_home`, `with_blob_cache_root`, `with_config_dir`, `with_config_env` HOME +
//!    XDG_CONFIG_HOME), plus, when the harness gives `landing_root`, `with_landing_root(dir)` (0.4:
//!    the SDK's builder for the client:put_blob landing root), `with_blob_thresholds` when the harness gives
//!    `skill_max_bytes` (`BlobThresholds { too_large_cap, ..default }`: the SKILL size limit) and, when it
//!    gives `upload_limits`, over the Computer's own `blob_thresholds()` with `upload_max_concurrent` /
//!    `upload_idle_timeout_seconds` set (0.4), then `boot_up()`, `mount_server(cfg)` per server in call order, and
//!    `start_all_mcp_clients()` (the enabled ones: rmcp's streamable HTTP client connects, or the
//!    SDK's stdio client starts the kit's bridge). Each config is the SDK's `MCPServerConfig` read
//!    from `{"type": "streamable", "name", "bundle_id"?, "disabled"?, "forbidden_tools"?,
//!    "tool_meta"?, "server_parameters": {"url", "headers"?}}` or `{"type": "stdio", …,
//!    "server_parameters": {"command", "args", "env"?, "cwd"?}}`;
//!    a config the SDK refuses is its refusal at `start`. With `start_on_act` the configs go into
//!    `Computer::new`'s server map instead (creation from config), the session answers the Server's
//!    `await_created` act and waits for its `start` act before `boot_up` (no mount_server then); a
//!    server marked `mount_later` is left out of either, for a mount act to add;
//! 2. connect: `Computer::connect_socketio(url, ConnectOptions::default())`: the SDK's
//!    `SmcpComputerClientBuilder` for `url`, namespace `/smcp`, no header, and no auth unless the call
//!    gives `connect_auth` (then `ConnectOptions.auth_payload`, the caller's business fields), plus the
//!    Computer's handler ops (blob / skill / cancel / tool_call; building the client directly leaves
//!    those out: `computer_ops` is crate-private). The SDK adds `a2c_version` to the URL itself;
//! 3. join: `Computer::join_office(office_id, computer_name)` (the SDK's `server:join_office` and ack check);
//! 4. serve: the SDK answers every `client:*` event on its own tasks; the adapter only watches
//!    `Computer::lifecycle_state()`. The client's Close handler moves a joined Computer to `Started`
//!    when the Server ended the namespace (Socket.IO DISCONNECT, "io server disconnect"; the
//!    transport then does not reconnect) and to `Connecting` on a bare transport close (the SDK's
//!    own reconnect; the adapter keeps waiting). `Started` after the join = `server_disconnect`;
//! 5. `Computer::shutdown()` (manual Socket.IO disconnect, which stops any reconnect, then the MCP
//!    clients), bounded; then the call's runtime is shut down, which ends whatever task is left.
//!
//! With `count_input_resolutions` the Computer also gets `with_input_resolver` and `with_secret_resolver`
//! (counting_resolver.rs: each counts by input id and answers none, so the value still comes from
//! `set_input_value`), and the answer's `input_resolutions` gives the calls by declared input id.
//!
//! Time: steps 1–4 share `time_box_ms` (`ended: time_box` when it runs out, whatever step);
//! shutdown gets at most `CLOSE_BOUND` and never past `time_box_ms` + `ANSWER_SLACK`; the runtime's
//! own shutdown then waits at most `SHUTDOWN_BOUND`: the answer is out before `time_box_ms` + 5 s.
//!
//! SDK tracing from these threads (names start with `capture::WIRE_COMPUTER_THREADS`) never enters
//! another operation's capture: `capture` writes their WARN+ to stderr with the thread name (call id).

use std::cell::Cell;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::{json, Map, Value};
use smcp_computer::blob::BlobThresholds;
use smcp_computer::computer::{Computer, ConnectOptions, SilentSession};
use smcp_computer::errors::ComputerError;
use smcp_computer::LifecycleState;

use crate::call_thread::spawn_call;
use crate::capture::WIRE_COMPUTER_THREADS;
use crate::counting_resolver::ResolverCalls;
use crate::outbox::Outbox;
use crate::reasons::{build_config, Fail, OpError};
use crate::runtime::Scratch;
use crate::wire_computer_act;
use crate::sdk::{MCPServerConfig, MCPServerInput};
use crate::Ctx;

pub const OP: &str = "wire.computer";

const POLL: Duration = Duration::from_millis(20);
/// `Computer::shutdown()` gets at most this ...
const CLOSE_BOUND: Duration = Duration::from_secs(4);
/// ... and never past time_box_ms + this.
const ANSWER_SLACK: Duration = Duration::from_millis(4300);
/// Then the runtime's shutdown waits at most this for blocking tasks.
const SHUTDOWN_BOUND: Duration = Duration::from_millis(400);
/// The call's thread: the SDK's futures are deep; the main thread's size.
const STACK: usize = 8 * 1024 * 1024;

fn bad(message: impl Into<String>) -> OpError {
    OpError::new("unclassified", message, "AdapterBadInput")
}

fn refused_url(what: &str, url: &str, shape: &str) -> OpError {
    OpError::new(
        "unclassified",
        format!("the rust adapter connects only to the harness's loopback {what} ({shape}), got {url:?}"),
        "AdapterRefusedUrl",
    )
}

/// `http://127.0.0.1:<port>` → what follows the port (None if that prefix is not there).
fn after_loopback_port(url: &str) -> Option<&str> {
    let rest = url.strip_prefix("http://127.0.0.1:")?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let port_ok = (1..=5).contains(&digits) && rest[..digits].parse::<u32>().is_ok_and(|p| (1..=65535).contains(&p));
    port_ok.then(|| &rest[digits..])
}

/// The Server: exactly `http://127.0.0.1:<port>`, optionally with the case's secret as
/// `/?smcp_case=<32 hex>` (harness/wire/case-seal.ts). The URL goes to the SDK unchanged: its
/// build_handshake_url keeps the query, so the harness's Server admits this client and no other process.
pub(crate) fn server_url_ok(url: &str) -> bool {
    match after_loopback_port(url) {
        Some("") => true,
        // A wire.agent scene may add an a2c_version after the secret, as user code would (the SDK must set its own).
        Some(rest) => rest.strip_prefix("/?smcp_case=").is_some_and(|query| match query.split_once("&a2c_version=") {
            Some((hex, version)) => is_case_secret(hex) && is_x_y_z(version),
            None => is_case_secret(query),
        }),
        None => false,
    }
}

fn is_case_secret(hex: &str) -> bool {
    hex.len() == 32 && hex.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

fn is_x_y_z(version: &str) -> bool {
    let parts: Vec<&str> = version.split('.').collect();
    parts.len() == 3 && parts.iter().all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// What a refusal names as the Server URL's shape.
pub(crate) const SERVER_URL_SHAPE: &str = "http://127.0.0.1:<port>[/?smcp_case=<hex>[&a2c_version=<x.y.z>]]";

/// An MCP server: exactly `http://127.0.0.1:<port>/c/<id>/mcp`, `<id>` in `[A-Za-z0-9_.-]{1,120}`.
fn mcp_url_ok(url: &str) -> bool {
    let Some(id) = after_loopback_port(url).and_then(|p| p.strip_prefix("/c/")).and_then(|p| p.strip_suffix("/mcp")) else {
        return false;
    };
    (1..=120).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
}

/// A stdio server's parameters, only for the kit's bridge: an absolute `node`, the absolute path of
/// `mcp-stdio-bridge.mjs` and a loopback case URL (harness/transport/stdio-bridge.ts); any other
/// command is refused before anything starts. `env` (string values) and `cwd` (an absolute path)
/// are passed on as given.
fn kit_stdio_parameters(server: &Map<String, Value>) -> Result<Value, OpError> {
    let command = server.get("command").and_then(Value::as_str).unwrap_or("");
    let args: Vec<&str> = server.get("args").and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
    let arg_count = server.get("args").and_then(Value::as_array).map_or(0, Vec::len);
    let file_name = |p: &str| Path::new(p).file_name().and_then(|n| n.to_str()).map(str::to_owned);
    let env_ok = match server.get("env") {
        None => true,
        Some(Value::Object(map)) => map.values().all(Value::is_string),
        Some(_) => false,
    };
    let cwd_ok = match server.get("cwd") {
        None => true,
        Some(Value::String(cwd)) => Path::new(cwd).is_absolute(),
        Some(_) => false,
    };
    let ok = Path::new(command).is_absolute()
        && matches!(file_name(command).as_deref(), Some("node") | Some("node.exe"))
        && args.len() == 2
        && arg_count == 2
        && Path::new(args[0]).is_absolute()
        && file_name(args[0]).as_deref() == Some("mcp-stdio-bridge.mjs")
        && mcp_url_ok(args[1])
        && env_ok
        // A working directory the harness planted (harness/wire/unusable-cwd.ts): only where the process would run.
        && cwd_ok;
    if !ok {
        return Err(OpError::new(
            "unclassified",
            format!("the rust adapter starts only the kit's stdio bridge, got {:?} {:?}", command, server.get("args")),
            "AdapterRefusedCommand",
        ));
    }
    let mut params = json!({ "command": command, "args": args });
    if let Some(env) = server.get("env") {
        params["env"] = env.clone();
    }
    if let Some(cwd) = server.get("cwd") {
        params["cwd"] = cwd.clone();
    }
    Ok(params)
}

fn text<'a>(input: &'a Map<String, Value>, key: &str) -> Result<&'a str, OpError> {
    input.get(key).and_then(Value::as_str).filter(|s| !s.is_empty()).ok_or_else(|| bad(format!("`{key}` must be a non-empty string")))
}

struct Call {
    url: String,
    office_id: String,
    computer_name: String,
    /// The SDK config model's JSON, one per server, in call order (read by the SDK at `start`).
    servers: Vec<Value>,
    /// Per server, in call order: marked mount_later, so no part of the construction set (a mount act adds it).
    mount_later: Vec<bool>,
    /// Hold the created Computer unstarted until the Server's start act (wire_computer_act.rs, await_created).
    start_on_act: bool,
    time_box: Duration,
    /// The harness's folder for client:put_blob uploads (absent: none configured, uploads fail closed).
    landing_root: Option<PathBuf>,
    /// The SKILL resource size limit (`BlobThresholds::too_large_cap`); absent: the SDK's default.
    skill_max_bytes: Option<u64>,
    /// The deployment's upload-session bounds: (max_sessions, idle_timeout_s), each absent = the SDK's own.
    upload_limits: (Option<u64>, Option<u64>),
    /// Declared secret inputs (the SDK's PromptString, password), by id; a config names each as `${input:<id>}`.
    inputs: Option<HashMap<String, MCPServerInput>>,
    /// Their values, given through the SDK's `Computer::set_input_value` before any server starts.
    input_values: Vec<(String, String)>,
    /// The caller's business auth fields (`ConnectOptions::auth_payload`); absent: none, the SDK's default.
    connect_auth: Option<Value>,
    /// `count_input_resolutions`: the SDK's resolver hooks count their calls into this (counting_resolver.rs).
    resolver_calls: Option<ResolverCalls>,
}

/// The call's secret inputs as the SDK's own models, and their values (harness/wire/secret-input.ts).
fn secret_inputs(input: &Map<String, Value>) -> Result<(Option<HashMap<String, MCPServerInput>>, Vec<(String, String)>), OpError> {
    let Some(list) = input.get("inputs") else { return Ok((None, Vec::new())) };
    let list = list.as_array().ok_or_else(|| bad("`inputs` must be a list"))?;
    let mut pool = HashMap::new();
    for declared in list {
        let id = declared.get("id").and_then(Value::as_str).ok_or_else(|| bad("each input needs an id"))?;
        let description = declared.get("description").and_then(Value::as_str).unwrap_or(id);
        let model: MCPServerInput =
            serde_json::from_value(json!({"type": "PromptString", "id": id, "description": description, "password": true}))
                .map_err(|e| bad(format!("cannot declare input {id:?}: {e}")))?;
        pool.insert(id.to_string(), model);
    }
    let values = match input.get("input_values") {
        None => Vec::new(),
        Some(Value::Object(map)) => map
            .iter()
            .map(|(k, v)| v.as_str().map(|s| (k.clone(), s.to_string())).ok_or_else(|| bad(format!("input_values.{k} must be a string"))))
            .collect::<Result<_, _>>()?,
        Some(other) => return Err(bad(format!("input_values must be an object, got {other}"))),
    };
    Ok((Some(pool), values))
}

fn parse(input: &Map<String, Value>) -> Result<Call, OpError> {
    let url = text(input, "url")?;
    if !server_url_ok(url) {
        return Err(refused_url("Server", url, SERVER_URL_SHAPE));
    }
    let time_box = match input.get("time_box_ms").and_then(Value::as_u64) {
        Some(ms) if (1000..=60_000).contains(&ms) => Duration::from_millis(ms),
        _ => return Err(bad(format!("time_box_ms must be an integer from 1000 to 60000 (ms), got {:?}", input.get("time_box_ms")))),
    };
    let landing_root = match input.get("landing_root") {
        None => None,
        Some(Value::String(p)) if Path::new(p).is_absolute() && Path::new(p).is_dir() => Some(PathBuf::from(p)),
        Some(other) => return Err(bad(format!("landing_root must be the absolute path of an existing folder, got {other}"))),
    };
    let skill_max_bytes = match input.get("skill_max_bytes") {
        None => None,
        Some(v) => match v.as_u64() {
            Some(n) if n >= 1 => Some(n),
            _ => return Err(bad(format!("skill_max_bytes must be a positive integer, got {v}"))),
        },
    };
    let upload_limits = match input.get("upload_limits") {
        None => (None, None),
        Some(Value::Object(limits)) if limits.keys().all(|k| k == "max_sessions" || k == "idle_timeout_s") => {
            let bound = |key: &str| match limits.get(key) {
                None => Ok(None),
                Some(v) => v.as_u64().filter(|n| *n >= 1).map(Some).ok_or_else(|| bad(format!("upload_limits.{key} must be a positive integer, got {v}"))),
            };
            (bound("max_sessions")?, bound("idle_timeout_s")?)
        }
        Some(other) => return Err(bad(format!("upload_limits must hold max_sessions / idle_timeout_s, got {other}"))),
    };
    let list = input.get("servers").and_then(Value::as_array).ok_or_else(|| bad("`servers` must be a list"))?;
    let mut servers = Vec::with_capacity(list.len());
    let mut mount_later = Vec::with_capacity(list.len());
    for server in list {
        let server = server.as_object().ok_or_else(|| bad("each server must be an object"))?;
        let name = server.get("name").cloned().unwrap_or(Value::Null);
        let mut config = match server.get("type").and_then(Value::as_str) {
            Some("streamable_http") => {
                let url = text(server, "url")?;
                if !mcp_url_ok(url) {
                    return Err(refused_url("MCP server", url, "http://127.0.0.1:<port>/c/<id>/mcp"));
                }
                // The SDK's own model: `streamable` is its tag for streamable HTTP (HttpServerConfig).
                let mut params = json!({ "url": url });
                if let Some(headers) = server.get("headers") {
                    params["headers"] = headers.clone();
                }
                json!({ "type": "streamable", "name": name, "server_parameters": params })
            }
            // The SDK's StdioServerConfig: its own stdio client starts the kit's bridge.
            Some("stdio") => json!({ "type": "stdio", "name": name, "server_parameters": kit_stdio_parameters(server)? }),
            _ => return Err(bad(format!("server type {:?} is not offered (streamable_http or stdio)", server.get("type")))),
        };
        for key in ["bundle_id", "disabled", "forbidden_tools", "tool_meta"] {
            if let Some(value) = server.get(key) {
                config[key] = value.clone();
            }
        }
        servers.push(config);
        mount_later.push(server.get("mount_later") == Some(&Value::Bool(true)));
    }
    let (inputs, input_values) = secret_inputs(input)?;
    let connect_auth = match input.get("connect_auth") {
        None => None,
        Some(Value::Object(fields)) if fields.values().all(Value::is_string) => Some(Value::Object(fields.clone())),
        Some(other) => return Err(bad(format!("connect_auth must be an object of strings, got {other}"))),
    };
    Ok(Call {
        url: url.to_string(),
        office_id: text(input, "office_id")?.to_string(),
        computer_name: text(input, "computer_name")?.to_string(),
        servers,
        mount_later,
        start_on_act: input.get("start_on_act") == Some(&Value::Bool(true)),
        time_box,
        landing_root,
        skill_max_bytes,
        upload_limits,
        inputs,
        input_values,
        connect_auth,
        resolver_calls: (input.get("count_input_resolutions") == Some(&Value::Bool(true))).then(ResolverCalls::default),
    })
}

/// The call's servers (none marked mount_later) as Computer::new's name-keyed config map; None when one
/// does not build (the session's own build then reports it at `start`).
fn created_from(call: &Call) -> Option<HashMap<String, MCPServerConfig>> {
    call.servers
        .iter()
        .zip(&call.mount_later)
        .filter(|(_, later)| !**later)
        .map(|(server, _)| Some((server.get("name")?.as_str()?.to_string(), build_config(server).ok()?)))
        .collect()
}

/// The SDK raised: where, and its error.
struct Raised {
    stage: &'static str,
    kind: String,
    message: String,
}

fn raised(stage: &'static str) -> impl Fn(ComputerError) -> Raised {
    move |e| {
        let debug = format!("{e:?}");
        let name: String = debug.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        Raised { stage, kind: format!("ComputerError::{name}"), message: e.to_string() }
    }
}

enum Ended {
    ServerDisconnect,
    TimeBox,
    Error(Raised),
}

/// Steps 1–5 on the call's runtime; `(joined, ended, how shutdown went)`.
async fn session(call: &Call, scratch: &Scratch, started: Instant) -> (bool, Ended, String) {
    let deadline = tokio::time::Instant::from_std(started + call.time_box);
    let hard_end = tokio::time::Instant::from_std(started + call.time_box + ANSWER_SLACK);
    let user = scratch.path("user");
    let config_env: HashMap<String, String> = HashMap::from([
        ("HOME".to_string(), user.display().to_string()),
        ("XDG_CONFIG_HOME".to_string(), user.join(".config").display().to_string()),
    ]);
    // start_on_act: the Computer is created from its config (Computer::new's server map, no auto-connect),
    // so the held window covers creation from config; otherwise the servers are mounted after boot_up.
    let embed = if call.start_on_act { created_from(call) } else { None };
    let from_config = embed.is_some();
    let comp = Computer::new(call.computer_name.clone(), SilentSession::new("smcp-conformance"), call.inputs.clone(), embed, false, false)
        .with_skill_home(scratch.path("skill-home"))
        .with_blob_cache_root(scratch.path("blob"))
        .with_config_dir(scratch.path("project"))
        .with_config_env(config_env);
    let comp = with_landing_root(comp, call.landing_root.as_deref());
    // The SDK's own knob for the SKILL size limit; the other thresholds keep their defaults.
    let comp = match call.skill_max_bytes {
        Some(cap) => comp.with_blob_thresholds(BlobThresholds { too_large_cap: cap, ..BlobThresholds::default() }),
        None => comp,
    };
    let comp = with_upload_limits(comp, call.upload_limits);
    // count_input_resolutions: the SDK's own resolver hooks, each answering none after counting.
    let comp = match &call.resolver_calls {
        Some(calls) => comp.with_input_resolver(Arc::new(calls.clone())).with_secret_resolver(Arc::new(calls.clone())),
        None => comp,
    };
    let joined = Cell::new(false);
    // Acts (wire_computer_act.rs) are taken from the start, so none arriving while the join's ack is
    // still on its way is refused; the serve loop runs them once joined, in the order they came.
    let (acts, mut requests) = tokio::sync::mpsc::unbounded_channel();
    wire_computer_act::register(&call.office_id, acts);
    let scene = async {
        // A server marked mount_later is left out: only a mount act (wire_computer_act.rs) adds it, at runtime.
        let configs = call
            .servers
            .iter()
            .zip(&call.mount_later)
            .filter(|(_, later)| !**later)
            .map(|(server, _)| build_config(server))
            .collect::<Result<Vec<MCPServerConfig>, OpError>>()
            .map_err(|e| Raised { stage: "start", kind: e.raw_type, message: e.message })?;
        // The SDK's own input-value API (its cache, consulted when a config renders at start), never a prompt.
        for (id, value) in &call.input_values {
            if !comp.set_input_value(id, json!(value)).await.map_err(raised("start"))? {
                return Err(Raised { stage: "start", kind: "AdapterInputNotTaken".into(), message: format!("the SDK took no value for input {id:?}") });
            }
        }
        // start_on_act: created (Computer::new and its builders, nothing booted or connected) and held
        // until the Server's start act; an await_created act is answered once here.
        while call.start_on_act {
            let Some(request) = requests.recv().await else { break };
            let (answer, go) = match request.act.as_str() {
                wire_computer_act::AWAIT_CREATED => (json!({"done": true, "raised": null, "api": "Computer::new (created, boot_up not called)"}), false),
                "start" => (json!({"done": true, "raised": null, "api": "Computer::boot_up (the held session goes on)"}), true),
                other => (json!({"done": false, "raised": {"type": "LifecycleConflict", "message": "the runtime is created, not started"}, "api": other}), false),
            };
            let _ = request.reply.send(answer);
            if go {
                break;
            }
        }
        comp.boot_up().await.map_err(raised("start"))?;
        for config in configs.into_iter().filter(|_| !from_config) {
            comp.mount_server(config).await.map_err(raised("start"))?;
        }
        comp.start_all_mcp_clients().await.map_err(raised("start"))?;
        // The caller's business auth, if any, through the SDK's own connect option (never a credential of an MCP server).
        let options = ConnectOptions { auth_payload: call.connect_auth.clone(), ..ConnectOptions::default() };
        comp.connect_socketio(&call.url, options).await.map_err(raised("connect"))?;
        comp.join_office(&call.office_id, &call.computer_name).await.map_err(raised("join"))?;
        joined.set(true);
        let mut self_ended = false;
        loop {
            tokio::select! {
                Some(request) = requests.recv() => {
                    if request.act == wire_computer_act::END_SCENE {
                        let _ = request.reply.send(wire_computer_act::scene_over_answer());
                        break;
                    }
                    // A connect act has the Computer serve a connection again: the Server's end of it ends the scene.
                    self_ended = wire_computer_act::ends_connection(&request.act) || (self_ended && request.act != "connect");
                    let scene = wire_computer_act::Scene { servers: &call.servers, url: &call.url, office_id: &call.office_id, computer_name: &call.computer_name };
                    let answer = wire_computer_act::act_on(&comp, &request, &scene).await;
                    let _ = request.reply.send(answer);
                }
                _ = tokio::time::sleep(POLL) => {
                    // The Computer ending its own connection (an act) is no end of the scene: serve until the
                    // Server says it is over (end_scene) or the time box ends.
                    if !self_ended && comp.lifecycle_state() == LifecycleState::Started {
                        break;
                    }
                }
            }
        }
        Ok::<(), Raised>(())
    };
    let ended = match tokio::time::timeout_at(deadline, scene).await {
        Err(_) => Ended::TimeBox,
        Ok(Err(r)) => Ended::Error(r),
        Ok(Ok(())) => Ended::ServerDisconnect,
    };
    wire_computer_act::unregister(&call.office_id);
    let close_by = std::cmp::min(tokio::time::Instant::now() + CLOSE_BOUND, hard_end);
    let closed = match tokio::time::timeout_at(close_by, comp.shutdown()).await {
        Ok(Ok(())) => "closed".to_string(),
        Ok(Err(e)) => format!("Computer::shutdown failed: {e}"),
        Err(_) => "Computer::shutdown had not returned in time; the runtime was shut down".to_string(),
    };
    drop(comp);
    (joined.get(), ended, closed)
}

/// One call, start to answer (blocking; on the caller's thread).
pub fn call(input: &Map<String, Value>) -> Result<Value, Fail> {
    let started = Instant::now();
    let call = parse(input)?;
    let scratch = Scratch::new()?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .thread_name(format!("{WIRE_COMPUTER_THREADS}-blocking"))
        .build()
        .map_err(|e| OpError::new("unclassified", format!("tokio runtime: {e}"), "std::io::Error"))?;
    let (joined, ended, closed) = rt.block_on(session(&call, &scratch, started));
    rt.shutdown_timeout(SHUTDOWN_BOUND);
    drop(scratch);
    if closed != "closed" {
        eprintln!("rust adapter: wire.computer: {closed}");
    }
    let (ended, stage, raised) = match ended {
        Ended::ServerDisconnect => ("server_disconnect", Value::Null, Value::Null),
        Ended::TimeBox => ("time_box", Value::Null, Value::Null),
        Ended::Error(r) => ("error", json!(r.stage), json!({"type": r.kind, "message": r.message})),
    };
    let mut answer = json!({
        "joined": joined,
        "ended": ended,
        "stage": stage,
        "elapsed_ms": (started.elapsed().as_secs_f64() * 10_000.0).round() / 10.0,
        "raised": raised,
    });
    if let Some(calls) = &call.resolver_calls {
        let declared = call.inputs.as_ref().map(|pool| pool.keys().map(|id| (id.clone(), json!(calls.of(id)))).collect()).unwrap_or_default();
        answer["input_resolutions"] = Value::Object(declared);
    }
    Ok(answer)
}

/// The dispatch-table entry (a synchronous run, e.g. under bench.loop); `line_io` uses `spawn`.
pub fn run(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    call(input)
}

/// Runs one call on a thread of its own; its answer is queued and flushed when it ends. `Err` is
/// the answer to send at once when no thread could be started.
pub fn spawn<W: Write + Send + 'static>(id: &Value, input: &Map<String, Value>, out: &Outbox<W>) -> Result<JoinHandle<()>, Value> {
    spawn_call("wire.computer", WIRE_COMPUTER_THREADS, STACK, id, input, out, call)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_shapes() {
        assert!(server_url_ok("http://127.0.0.1:40123"));
        assert!(server_url_ok("http://127.0.0.1:40123/?smcp_case=0123456789abcdef0123456789abcdef"));
        for url in [
            "http://127.0.0.1:40123/",
            "http://127.0.0.1:0",
            "http://127.0.0.1:70000",
            "http://localhost:1",
            "https://127.0.0.1:1",
            "http://127.0.0.1:1?x=1",
            "http://127.0.0.1:1/?smcp_case=0123",
            "http://127.0.0.1:1/?smcp_case=0123456789ABCDEF0123456789abcdef",
            "http://127.0.0.1:1/?smcp_case=0123456789abcdef0123456789abcdef&x=1",
        ] {
            assert!(!server_url_ok(url), "{url}");
        }
        assert!(mcp_url_ok("http://127.0.0.1:40111/c/case-1.a_b/mcp"));
        for url in ["http://127.0.0.1:40111/c//mcp", "http://127.0.0.1:40111/c/a/b/mcp", "http://127.0.0.1:40111/c/a/mcp?x", "http://10.0.0.1:1/c/a/mcp", "http://127.0.0.1:40111/c/a%20b/mcp"] {
            assert!(!mcp_url_ok(url), "{url}");
        }
    }
}

/// The landing root the harness gave, through the SDK's own builder (0.4+); a 0.3.x SDK has no
/// client:put_blob, so a call that asks for one there is served without it.
#[cfg(adapter_landing_root)]
fn with_landing_root(comp: Computer<SilentSession>, root: Option<&Path>) -> Computer<SilentSession> {
    match root {
        Some(root) => comp.with_landing_root(root),
        None => comp,
    }
}

#[cfg(not(adapter_landing_root))]
fn with_landing_root(comp: Computer<SilentSession>, _root: Option<&Path>) -> Computer<SilentSession> {
    comp
}

/// The deployment's upload-session bounds, through the SDK's own thresholds (0.4+: a 0.3.x SDK has
/// no client:put_blob, so its Computer is served without them).
#[cfg(adapter_landing_root)]
fn with_upload_limits(comp: Computer<SilentSession>, (sessions, idle): (Option<u64>, Option<u64>)) -> Computer<SilentSession> {
    if sessions.is_none() && idle.is_none() {
        return comp;
    }
    let own = comp.blob_thresholds();
    let thresholds = smcp_computer::blob::BlobThresholds {
        upload_max_concurrent: sessions.unwrap_or(own.upload_max_concurrent),
        upload_idle_timeout_seconds: idle.unwrap_or(own.upload_idle_timeout_seconds),
        ..own
    };
    comp.with_blob_thresholds(thresholds)
}

#[cfg(not(adapter_landing_root))]
fn with_upload_limits(comp: Computer<SilentSession>, _limits: (Option<u64>, Option<u64>)) -> Computer<SilentSession> {
    comp
}
