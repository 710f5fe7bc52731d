//! transport.call_tool: one tool call through smcp-computer's own MCP clients, over a real socket,
//! against the harness's scene-controlled MCP server (harness/transport/README.md).
//!
//! The SDK path is the manager a Computer delegates to (`Computer::execute_tool` →
//! `MCPServerManager::call_tool`, computer.rs:3391; the Computer adds a confirm callback and the
//! call history, and propagates errors unchanged):
//! - config: `{"type": "streamable" | "sse", "name": server_name, "bundle_id"?, "server_parameters":
//!   {"url": url}}` through the SDK's `MCPServerConfig` (nothing else: no headers, no token);
//! - connect: `MCPServerManager::new()` (its in-memory OAuth credential store), `initialize([config])`,
//!   `start_client_by_id(bundle_id)` (manager.rs:633). For `Http` the manager always builds
//!   `HttpMCPClient` (manager.rs:806): rmcp's `StreamableHttpClientTransport` over reqwest,
//!   anonymous first (http_client.rs:507). For `Sse` it builds the SDK's hand-written
//!   `SseMCPClient` (mcp_clients/utils.rs:62; eventsource GET + reqwest POSTs, sse_client.rs). rmcp
//!   2.2 has no SSE client, so the kit's `sse` and `sse_handwritten` transports are the same SDK
//!   path here: the only SSE client smcp-computer has;
//! - call: `MCPServerManager::call_tool(bundle_id, tool, arguments, None)` (manager.rs:1448); its
//!   `finalize_tool_result` turns an upstream auth failure into the 4006 / 4007 CallToolResult
//!   (`auth_error::classify_auth_error`), anything else into `Err(ProtocolError)`;
//! - close: `MCPServerManager::close()`.
//!
//! Time boxes: connect and call each run under `tokio::time::timeout` (the fixture's own
//! observation: `hangs: true` when it expires; the SDK's own limits are 30 s). Everything runs on a
//! fresh current-thread runtime of its own; `close()` gets at most `CLOSE_BOUND`, then the runtime
//! is shut down, which ends every task the call left (rmcp's worker, the SSE reader) and closes
//! their sockets: the answer is out within both boxes + ~5.5 s, under the harness's 8 s allowance.
//!
//! `client_revision`: rmcp's client logs the server's InitializeResult when its handshake is done
//! (INFO "Service initialized as client", `peer_info`, rmcp service.rs:976): its `protocol_version`
//! is the revision the client negotiated. The hand-written SSE client tells nothing (null).
//!
//! The only network the adapter ever touches: the loopback URL in the call
//! (`http://127.0.0.1:<port>/…`), for this operation only; `main` drops proxy variables first.

use std::time::{Duration, Instant};

use serde_json::{json, Map, Value};
use smcp_computer::errors::ComputerError;

use crate::capture::{capture_all_here, evidence, Record, TRANSPORT_THREADS};
use crate::call_thread::spawn_call;
use crate::outbox::Outbox;
use crate::reasons::{build_config, Fail, OpError};
use crate::sdk::{resolve_bundle_id, CallToolResult, MCPServerManager};
use crate::Ctx;

/// `MCPServerManager::close()` gets at most this.
const CLOSE_BOUND: Duration = Duration::from_secs(5);
/// Then the runtime's shutdown waits at most this for blocking tasks.
const SHUTDOWN_BOUND: Duration = Duration::from_millis(500);

fn bad(message: impl Into<String>) -> OpError {
    OpError::new("unclassified", message, "AdapterBadInput")
}

/// The harness's loopback URL (`http://127.0.0.1:<port>/<path>`, no query, fragment or user info).
fn loopback(url: &str) -> bool {
    let Some(rest) = url.strip_prefix("http://127.0.0.1:") else {
        return false;
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 5 || !rest[..digits].parse::<u32>().is_ok_and(|p| (1..=65535).contains(&p)) {
        return false;
    }
    let path = &rest[digits..];
    path.starts_with('/') && !path.chars().any(|c| c.is_whitespace() || c.is_control() || matches!(c, '?' | '#' | '@' | '\\'))
}

fn time_box(input: &Map<String, Value>, key: &str) -> Result<Duration, OpError> {
    match input.get(key).and_then(Value::as_u64) {
        Some(ms) if (100..=25_000).contains(&ms) => Ok(Duration::from_millis(ms)),
        _ => Err(bad(format!("{key} must be an integer from 100 to 25000 (ms), got {:?}", input.get(key)))),
    }
}

fn variant(e: &ComputerError) -> String {
    let debug = format!("{e:?}");
    let name: String = debug.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    format!("ComputerError::{name}")
}

/// isError / error_code / mcp_server / text of the SDK's CallToolResult (its wire JSON).
fn result_fields(result: &CallToolResult) -> Value {
    let wire = serde_json::to_value(result).unwrap_or(Value::Null);
    let meta = wire.get("_meta");
    let text: Vec<&str> = wire
        .get("content")
        .and_then(Value::as_array)
        .map(|items| {
            items.iter().filter(|c| c.get("type").and_then(Value::as_str) == Some("text")).filter_map(|c| c.get("text").and_then(Value::as_str)).collect()
        })
        .unwrap_or_default();
    json!({
        "isError": wire.get("isError").and_then(Value::as_bool).unwrap_or(false),
        "error_code": meta.and_then(|m| m.get("error_code")).and_then(Value::as_i64),
        "mcp_server": meta.and_then(|m| m.get("mcp_server")).and_then(Value::as_str),
        "text": text.join("\n"),
        "sdk_result": wire,
    })
}

/// The revision rmcp's client negotiated, from its "Service initialized as client" event.
fn negotiated(records: &[Record]) -> Option<String> {
    let record = records.iter().find(|r| r.target == "rmcp::service" && r.message == "Service initialized as client")?;
    let info = record.field("peer_info")?;
    let start = info.find("protocol_version: ProtocolVersion(\"")? + "protocol_version: ProtocolVersion(\"".len();
    let end = info[start..].find('"')?;
    Some(info[start..start + end].to_string())
}

enum Ended {
    Returned(CallToolResult),
    Raised(ComputerError),
    TimedOut,
}

pub const OP: &str = "transport.call_tool";
const STACK: usize = 8 * 1024 * 1024;

/// Starts a call on a thread of its own (named `TRANSPORT_THREADS-<id>`), answering through `out`:
/// the harness has several in flight (the hello lists the op as `concurrent`), and the lines
/// behind a call (data cases, wire sessions) are answered while it runs.
pub fn spawn<W: std::io::Write + Send + 'static>(id: &Value, input: &Map<String, Value>, out: &Outbox<W>) -> Result<std::thread::JoinHandle<()>, Value> {
    spawn_call(OP, TRANSPORT_THREADS, STACK, id, input, out, run)
}

pub fn call_tool(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    run(input)
}

fn run(input: &Map<String, Value>) -> Result<Value, Fail> {
    let config_type = match input.get("transport").and_then(Value::as_str) {
        Some("streamable_http") => "streamable",
        Some("sse") | Some("sse_handwritten") => "sse",
        other => return Err(bad(format!("unknown transport {other:?}")).into()),
    };
    let url = input.get("url").and_then(Value::as_str).unwrap_or("");
    if !loopback(url) {
        return Err(OpError::new(
            "unclassified",
            format!("the rust adapter connects only to the loopback URL the harness gives (http://127.0.0.1:<port>/...), got {url:?}"),
            "AdapterRefusedUrl",
        )
        .into());
    }
    let connect_box = time_box(input, "connect_time_box_ms")?;
    let call_box = time_box(input, "time_box_ms")?;
    let tool = input.get("tool").and_then(Value::as_str).ok_or_else(|| bad("`tool` must be a string"))?.to_string();
    let arguments = input.get("arguments").filter(|a| a.is_object()).cloned().ok_or_else(|| bad("`arguments` must be an object"))?;
    let mut raw = json!({"type": config_type, "name": input.get("server_name").cloned().unwrap_or(Value::Null), "server_parameters": {"url": url}});
    if let Some(bundle_id) = input.get("bundle_id") {
        raw["bundle_id"] = bundle_id.clone();
    }
    let config = build_config(&raw)?; // the SDK's own model; a bad name / bundle_id is its refusal
    let bundle_id = resolve_bundle_id(&config);

    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .thread_name(format!("{TRANSPORT_THREADS}-blocking"))
        .build()
        .map_err(|e| OpError::new("unclassified", format!("tokio runtime: {e}"), "std::io::Error"))?;
    let ((stage, ended, elapsed, closed), records) = capture_all_here(|| {
        rt.block_on(async {
            let manager = MCPServerManager::new();
            let started = Instant::now();
            let connect = async {
                manager.initialize(vec![config]).await?;
                manager.start_client_by_id(&bundle_id).await
            };
            let (stage, ended) = match tokio::time::timeout(connect_box, connect).await {
                Err(_) => ("connect", Ended::TimedOut),
                Ok(Err(e)) => ("connect", Ended::Raised(e)),
                Ok(Ok(())) => {
                    let call = manager.call_tool(bundle_id.as_str(), &tool, arguments, None);
                    match tokio::time::timeout(call_box, call).await {
                        Err(_) => ("call", Ended::TimedOut),
                        Ok(Err(e)) => ("call", Ended::Raised(e)),
                        Ok(Ok(result)) => ("call", Ended::Returned(result)),
                    }
                }
            };
            let elapsed = started.elapsed();
            let closed = match tokio::time::timeout(CLOSE_BOUND, manager.close()).await {
                Ok(Ok(())) => "closed".to_string(),
                Ok(Err(e)) => format!("close failed: {e}"),
                Err(_) => format!("close had not returned after {} s; the runtime was shut down", CLOSE_BOUND.as_secs()),
            };
            drop(manager);
            (stage, ended, elapsed, closed)
        })
    });
    rt.shutdown_timeout(SHUTDOWN_BOUND);
    if closed != "closed" {
        eprintln!("rust adapter: transport.call_tool: {closed}");
    }

    let mut out = json!({
        "isError": null, "error_code": null, "mcp_server": null, "text": null,
        "hangs": false,
        "elapsed_ms": (elapsed.as_secs_f64() * 10_000.0).round() / 10.0,
        "stage": stage,
        "client_revision": negotiated(&records),
    });
    match ended {
        Ended::TimedOut => out["hangs"] = json!(true),
        Ended::Raised(e) => out["raised"] = json!({"type": variant(&e), "message": e.to_string()}),
        Ended::Returned(result) => {
            if let (Value::Object(out), Value::Object(fields)) = (&mut out, result_fields(&result)) {
                out.extend(fields);
            }
        }
    }
    out["sdk_close"] = json!(closed);
    out["sdk_log"] = evidence(&records);
    Ok(out)
}
