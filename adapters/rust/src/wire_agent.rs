//! wire.agent: the SDK's own Agent client (smcp-agent's `AsyncSmcpAgent`), live, against the A2C-SMCP
//! Server the harness gives (vectors/_schema/ops/wire.agent.json). Built like `wire_computer`: one
//! call = one thread and one current-thread runtime of its own, answered when the session ends
//! (`spawn`; the table entry `run` is the same call, synchronous).
//!
//! The SDK path (public API only, smcp-agent 0.4.1; 0.3.2 has no Agent crate, so the module is
//! built only where the lock lists smcp-agent, cfg `adapter_wire_agent` from build.rs):
//! 1. build: `AsyncSmcpAgent::new(DefaultAuthProvider::new(agent_name, office_id), config)
//!    .with_event_handler(recorder)`. No API key, so the SDK sends no Socket.IO `auth`; no header.
//!    `config` is `SmcpAgentConfig::default()` (get_timeout 30 s, default_timeout 20 s,
//!    auto_fetch_tools on: the SDK's own behaviour is what is under test) except
//!    `with_tool_call_timeout(timeout_s of the script's first tool_call, else 10)` (below);
//! 2. connect: `AsyncSmcpAgent::connect(url)`: the SDK's `SocketIoTransport::connect_with_handlers`
//!    (tf-rust-socketio, namespace `/smcp`, polling first; the SDK adds `a2c_version` to the URL);
//! 3. join: `join_office(agent_name)` (office from the auth provider). It is a plain emit of
//!    `server:join_office`: the SDK asks for no ack, so `joined` = the emit was handed to the socket;
//! 4. script, step by step, each bounded by what is left of `time_box_ms`:
//!    get_tools → `get_tools(computer)` (Vec<SMCPTool>); get_config → `get_computer_config(computer)`
//!    (GetComputerConfigRet); get_desktop → `get_desktop(computer, None, None)` (Vec<String>);
//!    list_room → `list_room(office_id)` (Vec<SessionInfo>); tool_call → `tool_call(computer,
//!    tool_name, params)` (the CallToolResult JSON); put_blob → `put_blob(computer, text's bytes,
//!    name_hint, chunk_size)` (its PutBlobResult's three fields); get_skill → `get_skill(computer, name,
//!    rel_path)`; get_blob → `get_blob(computer, blob_handle, chunk_offset, None)` (one chunk); leave → `leave_office()` (a plain emit, no ack);
//!    wait → a sleep. `value` is the serde JSON of what the call returned;
//! 5. close: `AsyncSmcpAgent` has no disconnect (its transport, which has one, is private, and the
//!    SDK's notification task holds a clone of the agent, hence of the transport): the agent is
//!    dropped and the call's runtime shut down (bounded), which ends the socket's tasks and closes
//!    the connection without a Socket.IO DISCONNECT.
//!
//! Unsupported: `tool_call` takes no timeout; the SDK sends and waits `SmcpAgentConfig::
//! tool_call_timeout`, fixed when the agent is built. The agent is built with the first tool_call's
//! `timeout_s`; a later tool_call asking for another one is answered `unsupported`.
//!
//! Notifications: the SDK's `AsyncAgentEventHandler` hooks, in the order the SDK's notification task
//! calls them: on_computer_enter_office / on_computer_leave_office / on_computer_update_config /
//! on_computer_update_tool_list (the #106 pre-clear hook, called only with auto_fetch_tools) →
//! `notify:enter_office` / `notify:leave_office` / `notify:update_config` / `notify:update_tool_list`
//! with the SDK's notification model as `data`; on_desktop_updated (after the SDK's own
//! get_desktop for `notify:update_desktop`) → `notify:update_desktop` `{computer, desktops}`;
//! on_skills_received (after its own get_skills for `notify:update_skills`) → `notify:update_skills`
//! `{computer, skills}`; on_tools_received (the result of the SDK's own get_tools after
//! enter_office / update_config / update_tool_list) → `tools_received` `{computer, tools}`, not a
//! notification of the protocol (hence no `notify:` prefix), kept because it is what the SDK's
//! handler received.
//!
//! Tracing: the session runs under a thread-local subscriber that writes the SDK's WARN+ to stderr
//! with the thread name (`wire-agent-<id>`), so it never enters another operation's capture.
//!
//! Time: connect + join + script share `time_box_ms`; the runtime's shutdown then waits at most
//! `SHUTDOWN_BOUND`: the answer is out within time_box_ms + about 0.5 s (due: + 5 s).

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use async_trait::async_trait;
use serde_json::{json, Map, Value};
use smcp::{A2CSkillRef, EnterOfficeNotification, LeaveOfficeNotification, SMCPTool, UpdateMCPConfigNotification, UpdateToolListNotification};
use smcp_agent::{AsyncAgentEventHandler, AsyncSmcpAgent, DefaultAuthProvider, SmcpAgentConfig, SmcpAgentError};
use tracing::{Event, Level, Metadata, Subscriber};
use tracing_subscriber::layer::{Context, Layer};
use tracing_subscriber::prelude::*;

use crate::call_thread::spawn_call;
use crate::outbox::Outbox;
use crate::reasons::{Fail, OpError};
// The Server URL's shape is wire.computer's (the op's contract; nothing else is opened).
use crate::wire_computer::{server_url_ok, SERVER_URL_SHAPE};
use crate::Ctx;

pub const OP: &str = "wire.agent";
/// Every thread a wire.agent call runs on is named with this prefix.
pub const THREAD_PREFIX: &str = "wire-agent";

/// tool_call's `timeout_s` when the step gives none (the op's contract).
const DEFAULT_TOOL_TIMEOUT_S: u64 = 10;
/// The runtime's shutdown waits at most this for blocking tasks.
const SHUTDOWN_BOUND: Duration = Duration::from_millis(400);
/// The call's thread: the SDK's futures are deep; the main thread's size.
const STACK: usize = 8 * 1024 * 1024;

fn bad(message: impl Into<String>) -> OpError {
    OpError::new("unclassified", message, "AdapterBadInput")
}


fn text<'a>(input: &'a Map<String, Value>, key: &str) -> Result<&'a str, OpError> {
    input.get(key).and_then(Value::as_str).filter(|s| !s.is_empty()).ok_or_else(|| bad(format!("`{key}` must be a non-empty string")))
}

enum Do {
    GetTools { computer: String },
    GetConfig { computer: String },
    GetDesktop { computer: String },
    ListRoom,
    ToolCall { computer: String, tool_name: String, params: Value, timeout_s: u64 },
    PutBlob { computer: String, text: String, chunk_size: Option<u64>, name_hint: Option<String> },
    GetSkill { computer: String, name: String, rel_path: Option<String> },
    GetBlob { computer: String, blob_handle: String, chunk_offset: Option<u64> },
    Leave,
    Wait { ms: u64 },
}

struct Step {
    name: String,
    what: Do,
}

struct Call {
    url: String,
    office_id: String,
    agent_name: String,
    time_box: Duration,
    script: Vec<Step>,
}

fn parse_step(value: &Value, computer_name: &str) -> Result<Step, OpError> {
    let step = value.as_object().ok_or_else(|| bad("each script step must be an object"))?;
    let name = text(step, "as")?.to_string();
    let computer = match step.get("computer") {
        None => computer_name.to_string(),
        Some(_) => text(step, "computer")?.to_string(),
    };
    let what = match text(step, "do")? {
        "get_tools" => Do::GetTools { computer },
        "get_config" => Do::GetConfig { computer },
        "get_desktop" => Do::GetDesktop { computer },
        "list_room" => Do::ListRoom,
        "tool_call" => {
            let params = step.get("params").cloned().unwrap_or_else(|| json!({}));
            if !params.is_object() {
                return Err(bad(format!("step {name:?}: `params` must be an object")));
            }
            let timeout_s = match step.get("timeout_s") {
                None => DEFAULT_TOOL_TIMEOUT_S,
                Some(v) => v.as_u64().filter(|s| (1..=30).contains(s)).ok_or_else(|| bad(format!("step {name:?}: `timeout_s` must be an integer from 1 to 30, got {v}")))?,
            };
            Do::ToolCall { computer, tool_name: text(step, "tool_name")?.to_string(), params, timeout_s }
        }
        "put_blob" => {
            let chunk_size = match step.get("chunk_size") {
                None => None,
                Some(v) => Some(v.as_u64().filter(|n| *n >= 1).ok_or_else(|| bad(format!("step {name:?}: `chunk_size` must be a positive integer, got {v}")))?),
            };
            let name_hint = match step.get("name_hint") {
                None => None,
                Some(_) => Some(text(step, "name_hint")?.to_string()),
            };
            Do::PutBlob { computer, text: text(step, "text")?.to_string(), chunk_size, name_hint }
        }
        "get_skill" => {
            let rel_path = match step.get("rel_path") {
                None => None,
                Some(_) => Some(text(step, "rel_path")?.to_string()),
            };
            Do::GetSkill { computer, name: text(step, "name")?.to_string(), rel_path }
        }
        "get_blob" => {
            let chunk_offset = match step.get("chunk_offset") {
                None => None,
                Some(v) => Some(v.as_u64().ok_or_else(|| bad(format!("step {name:?}: `chunk_offset` must be a non-negative integer, got {v}")))?),
            };
            Do::GetBlob { computer, blob_handle: text(step, "blob_handle")?.to_string(), chunk_offset }
        }
        "leave" => Do::Leave,
        "wait" => {
            let ms = step.get("ms").and_then(Value::as_u64).filter(|ms| *ms <= 10_000).ok_or_else(|| bad(format!("step {name:?}: `ms` must be an integer from 0 to 10000")))?;
            Do::Wait { ms }
        }
        other => return Err(bad(format!("step {name:?}: unknown `do` {other:?}"))),
    };
    Ok(Step { name, what })
}

fn parse(input: &Map<String, Value>) -> Result<Call, OpError> {
    let url = text(input, "url")?;
    if !server_url_ok(url) {
        return Err(OpError::new(
            "unclassified",
            format!("the rust adapter connects only to the harness's loopback Server ({SERVER_URL_SHAPE}), got {url:?}"),
            "AdapterRefusedUrl",
        ));
    }
    let time_box = match input.get("time_box_ms").and_then(Value::as_u64) {
        Some(ms) if (1000..=60_000).contains(&ms) => Duration::from_millis(ms),
        _ => return Err(bad(format!("time_box_ms must be an integer from 1000 to 60000 (ms), got {:?}", input.get("time_box_ms")))),
    };
    let computer_name = text(input, "computer_name")?;
    let script = input
        .get("script")
        .and_then(Value::as_array)
        .ok_or_else(|| bad("`script` must be a list"))?
        .iter()
        .map(|step| parse_step(step, computer_name))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Call {
        url: url.to_string(),
        office_id: text(input, "office_id")?.to_string(),
        agent_name: text(input, "agent_name")?.to_string(),
        time_box,
        script,
    })
}

/// The SDK's error as `{type, code, message}`: `code` is the protocol error code the error carries
/// (`Protocol`: the flat ErrorPayload's `code`; `ProtocolVersionMismatch`: the SDK's typed form of
/// the 4008 handshake refusal), else null. `message` is the SDK's own Display text.
fn sdk_error(e: &SmcpAgentError) -> Value {
    let debug = format!("{e:?}");
    let variant: String = debug.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    let code = match e {
        SmcpAgentError::Protocol(p) => json!(p.code),
        SmcpAgentError::ProtocolVersionMismatch(_) => json!(4008),
        _ => Value::Null,
    };
    // The refusal's details.reason as the SDK's error keeps it: an open enum (4017 / 4018 / 4019), so a
    // value the SDK does not know stays as sent (`BlobWriteErrorReason::Other`, `SmcpProtocolError.reason`).
    let reason = match e {
        SmcpAgentError::Protocol(p) => p.reason.clone().map_or(Value::Null, Value::String),
        SmcpAgentError::Upload(u) => match u.as_ref() {
            smcp::utils::blob::BlobUploadError::WriteFailed { reason, .. } => json!(reason.as_str()),
            _ => Value::Null,
        },
        _ => Value::Null,
    };
    let mut raised = json!({"type": format!("SmcpAgentError::{variant}"), "code": code, "message": e.to_string(), "reason": reason});
    // The SDK's own 4008 error (smcp::ProtocolVersionError): the versions it carries, read off it.
    if let SmcpAgentError::ProtocolVersionMismatch(pve) = e {
        raised["version_error"] = json!(true);
        raised["server_version"] = json!(pve.server_version);
        raised["client_version"] = json!(pve.client_version);
    }
    raised
}

fn time_box_error(what: &str, time_box: Duration) -> Value {
    json!({
        "type": "AdapterTimeBox",
        "code": null,
        "message": format!("{what} had not returned when time_box_ms ({} ms) ran out", time_box.as_millis()),
    })
}

/// The SDK's event hooks, each call appended in order.
#[derive(Clone, Default)]
struct Recorder(Arc<Mutex<Vec<Value>>>);

impl Recorder {
    fn push(&self, event: &str, data: Value) {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).push(json!({"event": event, "data": data}));
    }
    fn model(&self, event: &str, data: impl serde::Serialize) {
        self.push(event, serde_json::to_value(data).unwrap_or_else(|e| json!({"adapter_serialize_error": e.to_string()})));
    }
    fn snapshot(&self) -> Vec<Value> {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

#[async_trait]
impl AsyncAgentEventHandler for Recorder {
    async fn on_computer_enter_office(&self, data: EnterOfficeNotification, _agent: &AsyncSmcpAgent) -> Result<(), SmcpAgentError> {
        self.model("notify:enter_office", data);
        Ok(())
    }
    async fn on_computer_leave_office(&self, data: LeaveOfficeNotification, _agent: &AsyncSmcpAgent) -> Result<(), SmcpAgentError> {
        self.model("notify:leave_office", data);
        Ok(())
    }
    async fn on_computer_update_config(&self, data: UpdateMCPConfigNotification, _agent: &AsyncSmcpAgent) -> Result<(), SmcpAgentError> {
        self.model("notify:update_config", data);
        Ok(())
    }
    async fn on_computer_update_tool_list(&self, data: UpdateToolListNotification, _agent: &AsyncSmcpAgent) -> Result<(), SmcpAgentError> {
        self.model("notify:update_tool_list", data);
        Ok(())
    }
    async fn on_tools_received(&self, computer: &str, tools: Vec<SMCPTool>, _agent: &AsyncSmcpAgent) -> Result<(), SmcpAgentError> {
        self.model("tools_received", json!({"computer": computer, "tools": tools}));
        Ok(())
    }
    async fn on_desktop_updated(&self, computer: &str, desktops: Vec<String>, _agent: &AsyncSmcpAgent) -> Result<(), SmcpAgentError> {
        self.model("notify:update_desktop", json!({"computer": computer, "desktops": desktops}));
        Ok(())
    }
    async fn on_skills_received(&self, computer: &str, skills: Vec<A2CSkillRef>, _agent: &AsyncSmcpAgent) -> Result<(), SmcpAgentError> {
        self.model("notify:update_skills", json!({"computer": computer, "skills": skills}));
        Ok(())
    }
}

fn json_of(value: impl serde::Serialize) -> Result<Value, SmcpAgentError> {
    serde_json::to_value(value).map_err(SmcpAgentError::from)
}

/// One script step through the SDK's public Agent API; `Ok(value)` is the JSON of what it returned.
async fn run_step(agent: &AsyncSmcpAgent, office_id: &str, what: &Do) -> Result<Value, SmcpAgentError> {
    match what {
        Do::GetTools { computer } => json_of(agent.get_tools(computer).await?),
        Do::GetConfig { computer } => json_of(agent.get_computer_config(computer).await?),
        Do::GetDesktop { computer } => json_of(agent.get_desktop(computer, None, None).await?),
        Do::ListRoom => json_of(agent.list_room(office_id).await?),
        Do::ToolCall { computer, tool_name, params, .. } => agent.tool_call(computer, tool_name, params.clone()).await,
        Do::PutBlob { computer, text, chunk_size, name_hint } => {
            // The SDK's whole upload loop (pump_blob behind put_blob): chunking, declaration, ack pacing.
            let landed = agent.put_blob(computer, text.as_bytes(), name_hint.as_deref(), *chunk_size).await?;
            Ok(json!({"landing_path": landed.landing_path, "total_size": landed.total_size, "sha256": landed.sha256}))
        }
        // get_skill: a text resource behind a handle comes back read whole (the SDK drains it); get_blob: one chunk.
        Do::GetSkill { computer, name, rel_path } => json_of(agent.get_skill(computer, name, rel_path.as_deref()).await?),
        Do::GetBlob { computer, blob_handle, chunk_offset } => json_of(agent.get_blob(computer, blob_handle, *chunk_offset, None).await?),
        Do::Leave => agent.leave_office().await.map(|()| Value::Null),
        Do::Wait { ms } => {
            tokio::time::sleep(Duration::from_millis(*ms)).await;
            Ok(Value::Null)
        }
    }
}

struct Outcome {
    joined: bool,
    join_error: Option<String>,
    steps: Vec<Value>,
    notifications: Vec<Value>,
    raised: Value,
    stage: Option<&'static str>,
}

/// Connect, join and the script on the call's runtime; the agent is dropped on return.
async fn session(call: &Call, started: Instant) -> Outcome {
    let deadline = tokio::time::Instant::from_std(started + call.time_box);
    // The one tool_call timeout the SDK's agent can have (SmcpAgentConfig, fixed at construction).
    let tool_timeout = call
        .script
        .iter()
        .find_map(|s| match s.what {
            Do::ToolCall { timeout_s, .. } => Some(timeout_s),
            _ => None,
        })
        .unwrap_or(DEFAULT_TOOL_TIMEOUT_S);
    let recorder = Recorder::default();
    let mut agent = AsyncSmcpAgent::new(
        DefaultAuthProvider::new(call.agent_name.clone(), call.office_id.clone()),
        SmcpAgentConfig::default().with_tool_call_timeout(tool_timeout),
    )
    .with_event_handler(recorder.clone());
    let mut out = Outcome { joined: false, join_error: None, steps: Vec::new(), notifications: Vec::new(), raised: Value::Null, stage: None };
    let skip_all = |steps: &mut Vec<Value>, from: usize| {
        for step in &call.script[from..] {
            steps.push(json!({"as": step.name, "outcome": "skipped"}));
        }
    };

    match tokio::time::timeout_at(deadline, agent.connect(&call.url)).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => {
            out.raised = sdk_error(&e);
            out.stage = Some("connect");
        }
        Err(_) => {
            out.raised = time_box_error("AsyncSmcpAgent::connect", call.time_box);
            out.stage = Some("connect");
        }
    }
    if out.stage.is_none() {
        match tokio::time::timeout_at(deadline, agent.join_office(&call.agent_name)).await {
            Ok(Ok(())) => out.joined = true,
            Ok(Err(e)) => {
                out.join_error = Some(e.to_string());
                out.raised = sdk_error(&e);
                out.stage = Some("join");
            }
            Err(_) => {
                out.raised = time_box_error("AsyncSmcpAgent::join_office", call.time_box);
                out.join_error = Some(out.raised["message"].as_str().unwrap_or_default().to_string());
                out.stage = Some("join");
            }
        }
    }
    if out.stage.is_some() {
        skip_all(&mut out.steps, 0);
        out.notifications = recorder.snapshot();
        return out;
    }

    for (index, step) in call.script.iter().enumerate() {
        if let Do::ToolCall { timeout_s, .. } = step.what {
            if timeout_s != tool_timeout {
                out.steps.push(json!({
                    "as": step.name,
                    "outcome": "unsupported",
                    "reason": format!(
                        "AsyncSmcpAgent::tool_call(computer, tool_name, params) takes no timeout: smcp-agent sends and waits \
                         SmcpAgentConfig::tool_call_timeout, fixed when the agent is built (this agent: {tool_timeout} s, from the \
                         script's first tool_call); this step asks for {timeout_s} s"
                    ),
                }));
                continue;
            }
        }
        match tokio::time::timeout_at(deadline, run_step(&agent, &call.office_id, &step.what)).await {
            Ok(Ok(value)) => out.steps.push(json!({"as": step.name, "outcome": "ok", "value": value})),
            Ok(Err(e)) => out.steps.push(json!({"as": step.name, "outcome": "error", "error": sdk_error(&e)})),
            Err(_) => {
                let error = time_box_error(&format!("step {:?}", step.name), call.time_box);
                out.steps.push(json!({"as": step.name, "outcome": "error", "error": error.clone()}));
                out.raised = error;
                out.stage = Some("script");
                skip_all(&mut out.steps, index + 1);
                break;
            }
        }
    }
    out.notifications = recorder.snapshot();
    // No AsyncSmcpAgent::disconnect exists (module comment): dropping the agent leaves the socket
    // with the SDK's notification task; the runtime's shutdown (the caller) ends both.
    drop(agent);
    out
}

/// The SDK's WARN+ on this call's thread, to stderr with the thread name (never into `capture`).
struct StderrWarn;

impl<S: Subscriber> Layer<S> for StderrWarn {
    fn enabled(&self, metadata: &Metadata<'_>, _ctx: Context<'_, S>) -> bool {
        *metadata.level() <= Level::WARN
    }
    fn on_event(&self, event: &Event<'_>, _ctx: Context<'_, S>) {
        struct Text(String);
        impl tracing::field::Visit for Text {
            fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
                if !self.0.is_empty() {
                    self.0.push(' ');
                }
                if field.name() == "message" {
                    self.0.push_str(&format!("{value:?}"));
                } else {
                    self.0.push_str(&format!("{}={value:?}", field.name()));
                }
            }
        }
        let mut text = Text(String::new());
        event.record(&mut text);
        let thread = std::thread::current();
        let meta = event.metadata();
        eprintln!("sdk [{}]: [{}] {}: {}", thread.name().unwrap_or(THREAD_PREFIX), meta.level(), meta.target(), text.0);
    }
}

/// One call, start to answer (blocking; on the caller's thread).
pub fn call(input: &Map<String, Value>) -> Result<Value, Fail> {
    let started = Instant::now();
    let call = parse(input)?;
    let subscriber = tracing_subscriber::registry().with(StderrWarn);
    let outcome = tracing::subscriber::with_default(subscriber, || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .thread_name(format!("{THREAD_PREFIX}-blocking"))
            .build()
            .map_err(|e| OpError::new("unclassified", format!("tokio runtime: {e}"), "std::io::Error"))?;
        let outcome = rt.block_on(session(&call, started));
        rt.shutdown_timeout(SHUTDOWN_BOUND);
        Ok::<Outcome, OpError>(outcome)
    })?;
    Ok(json!({
        "joined": outcome.joined,
        "join_error": outcome.join_error,
        "steps": outcome.steps,
        "notifications": outcome.notifications,
        "elapsed_ms": (started.elapsed().as_secs_f64() * 10_000.0).round() / 10.0,
        "raised": outcome.raised,
        "stage": outcome.stage,
    }))
}

/// The dispatch-table entry (a synchronous run, on the main thread); `line_io` uses `spawn`.
pub fn run(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    call(input)
}

/// Runs one call on a thread of its own; its answer is queued and flushed when it ends. `Err` is
/// the answer to send at once when no thread could be started.
pub fn spawn<W: Write + Send + 'static>(id: &Value, input: &Map<String, Value>, out: &Outbox<W>) -> Result<JoinHandle<()>, Value> {
    spawn_call("wire.agent", THREAD_PREFIX, STACK, id, input, out, call)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_only() {
        assert!(server_url_ok("http://127.0.0.1:40123"));
        assert!(server_url_ok("http://127.0.0.1:40123/?smcp_case=0123456789abcdef0123456789abcdef"));
        assert!(server_url_ok("http://127.0.0.1:40123/?smcp_case=0123456789abcdef0123456789abcdef&a2c_version=9.9.9"));
        for url in ["http://127.0.0.1:40123/", "http://127.0.0.1:0", "http://127.0.0.1:70000", "http://localhost:1", "https://127.0.0.1:1", "http://127.0.0.1:1?x=1"] {
            assert!(!server_url_ok(url), "{url}");
        }
    }
}
