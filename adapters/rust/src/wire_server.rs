//! wire.server: the SDK's own A2C-SMCP Server on 127.0.0.1, for the harness's scripted Computers and
//! Agents (harness/wire/README.md, "The adapter's side: `wire.server`").
//!
//! The SDK path (public API only, smcp-server-core / smcp-server-hyper 0.4.1):
//! - assemble: `SmcpServerBuilder::new().with_auth_provider(AdmitAll).build_layer()` (server.rs:129):
//!   socketioxide's `SocketIo::builder().build_layer()` with the SDK's `/smcp` handlers registered
//!   (`SmcpHandler::register_handlers`). `AdmitAll` is the SDK's `AuthenticationProvider` trait
//!   answering `Ok(())` for every connection (the kit's clients send `auth: {}`; the SDK's default
//!   provider refuses a CONNECT without `auth.token` equal to an admin secret). With the start's
//!   `auth_hook: refuse` the hook is that default provider, `DefaultAuthenticationProvider::new`
//!   (auth.rs:67) with an admin secret the kit never sends, so it refuses every kit client.
//! - serve: the composition of `HyperServer::run` (smcp-server-hyper lib.rs:75-100), step for step,
//!   around a listener the adapter binds itself: `ServiceBuilder::new().layer(layer.layer)` over
//!   `service_fn(|req| smcp_server_hyper::handle_request(req, &io))`, wrapped (outermost) in the
//!   SDK's `VersionHandshakeService::new(.., VersionHandshakeConfig::default())` (its a2c_version
//!   HTTP gate, HTTP 400 before socketioxide sees the request), each accepted connection served by
//!   hyper's `http1::Builder::serve_connection(TokioIo::new(stream), service).with_upgrades()`.
//!   `HyperServer::run(addr)` binds internally and never reports the port it got, so it cannot be
//!   given port 0; binding a probe port, closing it and handing the number to `run` would race
//!   other processes for it, and `run` has no stop at all (its accept loop only ends on an error).
//!   The listener is `tokio::net::TcpListener::bind("127.0.0.1:0")`: the OS picks the port, known
//!   before the first accept.
//! - stop: socketioxide's `io.of("/smcp").disconnect()` (a Socket.IO DISCONNECT to every socket of
//!   the namespace, "io server disconnect": clients do not reconnect; the SDK's disconnect handler
//!   runs), a short pause so a pending long-poll GET carries it out, `io.close()` (every Engine.IO
//!   session closed, websocket ones included), then the accept task is aborted: the listener and
//!   every HTTP connection it served are dropped. Each step is bounded; the answer is out within
//!   `STOP_BUDGET` (< the contract's 5 s).
//!
//! Concurrency: every Server runs on one shared multi-thread tokio runtime (`Host`, started with the
//! first `start`, threads named `WIRE_SERVER_THREADS`). A call is checked on the main thread (a bad input
//! is answered at once), then its work is a task on that runtime that answers through a clone of the
//! shared `Outbox`, so the main thread keeps answering other operations while a stop is under way.
//! Each Server has one controller task that ends it, either when `stop` asks or `time_box_ms` after
//! start; a later `stop` of an id that the time box already ended answers from the record. At the
//! end of input (`close`) every Server still running is stopped (bounded) and every pending answer
//! is awaited before the last flush.
//!
//! SDK tracing from these threads never enters another operation's capture (`capture`): WARN+ go to
//! stderr with the thread name. Files: none.

use std::collections::HashMap;
use std::io::Write;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use serde_json::{json, Map, Value};
use smcp_server_core::{AuthError, AuthenticationProvider, DefaultAuthenticationProvider, SmcpServerBuilder, SmcpServerLayer};
use smcp_server_hyper::{handle_request, VersionHandshakeConfig, VersionHandshakeService};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::{JoinHandle, JoinSet};
use tower::ServiceBuilder;

use crate::capture::WIRE_SERVER_THREADS;
use crate::outbox::Outbox;
use crate::reasons::{Fail, OpError};
use crate::{answer_with, sdk, Ctx};

pub const OP: &str = "wire.server";

/// The SDK's Socket.IO namespace (smcp::SMCP_NAMESPACE, registered by the SDK's handlers).
const NAMESPACE: &str = smcp::SMCP_NAMESPACE;
/// bind + first spawn; the answer is due "promptly".
const START_BOUND: Duration = Duration::from_secs(5);
/// The whole stop (the contract: within 5 s) ...
const STOP_BUDGET: Duration = Duration::from_millis(4000);
/// ... of which: Socket.IO DISCONNECT to every socket of /smcp,
const DISCONNECT_BOUND: Duration = Duration::from_millis(1000);
/// a pause so a pending long-poll GET / the websocket carries the DISCONNECT out,
const FLUSH_PAUSE: Duration = Duration::from_millis(200);
/// and every Engine.IO session closed.
const ENGINE_CLOSE_BOUND: Duration = Duration::from_millis(1500);
/// At the end of input: pending answers and stops get at most this.
const CLOSE_BOUND: Duration = Duration::from_millis(4800);

fn bad(message: impl Into<String>) -> OpError {
    OpError::new("unclassified", message, "AdapterBadInput")
}

/// An input value as JSON text (`missing` when absent), for a refusal's message.
fn shown(value: Option<&Value>) -> String {
    value.map_or_else(|| "missing".to_string(), Value::to_string)
}

/// The SDK's authentication hook, admitting every connection.
#[derive(Debug)]
struct AdmitAll;

#[async_trait]
impl AuthenticationProvider for AdmitAll {
    async fn authenticate(&self, _headers: &hyper::HeaderMap, _auth: Option<&Value>) -> Result<(), AuthError> {
        Ok(())
    }
}

/// One Server's record.
struct Server {
    started: Instant,
    /// `stop` asks the controller to end the Server (`true`).
    stop_tx: watch::Sender<bool>,
    /// The controller reports when the Server has ended, and why.
    ended_rx: watch::Receiver<Option<(Instant, &'static str)>>,
}

struct Host {
    rt: tokio::runtime::Runtime,
    servers: Mutex<HashMap<String, Server>>,
    next_id: Mutex<u64>,
    /// Answer tasks not yet awaited by `close`.
    pending: Mutex<Vec<JoinHandle<()>>>,
}

static HOST: OnceLock<Result<Host, String>> = OnceLock::new();

fn host() -> Result<&'static Host, OpError> {
    HOST.get_or_init(|| {
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 4);
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(workers)
            .thread_name(WIRE_SERVER_THREADS)
            .enable_all()
            .build()
            .map(|rt| Host { rt, servers: Mutex::new(HashMap::new()), next_id: Mutex::new(0), pending: Mutex::new(Vec::new()) })
            .map_err(|e| format!("tokio runtime: {e}"))
    })
    .as_ref()
    .map_err(|e| OpError::new("unclassified", e.clone(), "std::io::Error"))
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

enum Call {
    Start { time_box: Duration, refuse_auth: bool },
    Stop { server_id: String },
}

fn parse(input: &Map<String, Value>) -> Result<Call, OpError> {
    let extra: Vec<&String> = input.keys().filter(|k| !matches!(k.as_str(), "action" | "time_box_ms" | "server_id" | "auth_hook")).collect();
    if !extra.is_empty() {
        return Err(bad(format!("unknown input field(s) {extra:?}")));
    }
    let refuse_auth = match input.get("auth_hook") {
        None => false,
        Some(Value::String(s)) if s == "refuse" => true,
        Some(other) => return Err(bad(format!("start: auth_hook must be \"refuse\" or absent, got {other}"))),
    };
    match input.get("action").and_then(Value::as_str) {
        Some("start") => match input.get("time_box_ms").and_then(Value::as_u64) {
            Some(ms) if (1000..=60_000).contains(&ms) => Ok(Call::Start { time_box: Duration::from_millis(ms), refuse_auth }),
            _ => Err(bad(format!("start: time_box_ms must be an integer from 1000 to 60000, got {}", shown(input.get("time_box_ms"))))),
        },
        Some("stop") => match input.get("server_id").and_then(Value::as_str).filter(|s| !s.is_empty()) {
            Some(id) => Ok(Call::Stop { server_id: id.to_string() }),
            None => Err(bad(format!("stop: server_id must be a non-empty string, got {}", shown(input.get("server_id"))))),
        },
        _ => Err(bad(format!("action must be one of [\"start\", \"stop\"], got {}", shown(input.get("action"))))),
    }
}

fn elapsed_ms(from: Instant, to: Instant) -> f64 {
    (to.duration_since(from).as_secs_f64() * 10_000.0).round() / 10.0
}

/// Starts one Server on the host runtime; `(server_id, port)`.
async fn start(host: &'static Host, time_box: Duration, refuse_auth: bool) -> Result<(String, u16), OpError> {
    let started = Instant::now();
    let hook: Arc<dyn AuthenticationProvider> = if refuse_auth {
        // A secret the kit's clients never send (they send `auth: {}`): the SDK's own hook refuses them.
        let secret = format!("kit-{:?}", started);
        Arc::new(DefaultAuthenticationProvider::new(Some(secret), None))
    } else {
        Arc::new(AdmitAll)
    };
    let layer = SmcpServerBuilder::new()
        .with_auth_provider(hook)
        .build_layer()
        .map_err(|e| OpError::new("unclassified", format!("SmcpServerBuilder::build_layer: {e}"), "smcp_server_core::HandlerError"))?;
    let listener = TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0)))
        .await
        .map_err(|e| OpError::new("unclassified", format!("bind 127.0.0.1:0: {e}"), "std::io::Error"))?;
    let port = listener
        .local_addr()
        .map_err(|e| OpError::new("unclassified", format!("local_addr: {e}"), "std::io::Error"))?
        .port();

    // HyperServer::run's composition (lib.rs:78-86), unchanged. `kept` keeps the SocketIo for the stop.
    let kept = layer.clone();
    let handler_io = layer.io.clone();
    let sio_service = ServiceBuilder::new().layer(layer.layer).service(service_fn(move |req| {
        let io = handler_io.clone();
        async move { handle_request(req, &io).await }
    }));
    let service = VersionHandshakeService::new(sio_service, VersionHandshakeConfig::default());
    // HyperServer::run's accept loop (lib.rs:88-100). The connections are tasks of this task's
    // `JoinSet`: aborting this task drops the listener and every connection it served.
    let acceptor = tokio::spawn(async move {
        let mut connections = JoinSet::new();
        loop {
            let stream = match listener.accept().await {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // HyperServer::run returns here; the adapter keeps the Server up (e.g. EMFILE).
                    eprintln!("rust adapter: wire.server: accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            };
            while connections.try_join_next().is_some() {}
            let service = service.clone();
            connections.spawn(async move {
                // The SDK logs a failed connection at ERROR (lib.rs:96); a client that hangs up is one.
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), service)
                    .with_upgrades()
                    .await;
            });
        }
    });

    let (stop_tx, mut stop_rx) = watch::channel(false);
    let (ended_tx, ended_rx) = watch::channel(None);
    let server_id = {
        let mut next = lock(&host.next_id);
        *next += 1;
        format!("s{}", *next)
    };
    lock(&host.servers).insert(server_id.clone(), Server { started, stop_tx, ended_rx });

    let id = server_id.clone();
    tokio::spawn(async move {
        let deadline = tokio::time::Instant::from_std(started + time_box);
        let by = tokio::select! {
            _ = tokio::time::sleep_until(deadline) => "time_box",
            _ = stop_rx.wait_for(|stop| *stop) => "stop",
        };
        let notes = shutdown(&kept, acceptor).await;
        for note in notes {
            eprintln!("rust adapter: wire.server {id}: {note}");
        }
        let _ = ended_tx.send(Some((Instant::now(), by)));
    });
    Ok((server_id, port))
}

/// The bounded stop (the module comment); notes on what did not go as planned.
async fn shutdown(layer: &SmcpServerLayer, acceptor: JoinHandle<()>) -> Vec<String> {
    let io = &layer.io;
    let mut notes = Vec::new();
    let end = tokio::time::Instant::now() + STOP_BUDGET - Duration::from_millis(300);
    let left = || end.saturating_duration_since(tokio::time::Instant::now());
    if let Some(ns) = io.of(NAMESPACE) {
        match tokio::time::timeout(DISCONNECT_BOUND.min(left()), ns.disconnect()).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => notes.push(format!("Socket.IO disconnect: {e}")),
            Err(_) => notes.push(format!("Socket.IO disconnect: not done after {DISCONNECT_BOUND:?}")),
        }
    }
    tokio::time::sleep(FLUSH_PAUSE.min(left())).await;
    if tokio::time::timeout(ENGINE_CLOSE_BOUND.min(left()), io.close()).await.is_err() {
        notes.push(format!("SocketIo::close: not done after {ENGINE_CLOSE_BOUND:?}"));
    }
    acceptor.abort();
    let _ = tokio::time::timeout(left().max(Duration::from_millis(50)), acceptor).await;
    notes
}

/// Stops one Server (or reads how it ended); the answer's output.
async fn stop(host: &'static Host, server_id: &str) -> Result<Value, OpError> {
    let (started, mut ended_rx) = {
        let servers = lock(&host.servers);
        let server = servers.get(server_id).ok_or_else(|| bad(format!("stop: no Server was started under {server_id:?}")))?;
        let _ = server.stop_tx.send(true);
        (server.started, server.ended_rx.clone())
    };
    let ended = tokio::time::timeout(STOP_BUDGET + Duration::from_millis(500), ended_rx.wait_for(Option::is_some))
        .await
        .map_err(|_| OpError::new("unclassified", format!("stop: {server_id} had not stopped after {STOP_BUDGET:?}"), "AdapterTimeout"))?
        .map_err(|_| OpError::new("unclassified", format!("stop: {server_id}'s controller ended without a report"), "AdapterBug"))?;
    let (at, by) = (*ended).expect("waited for Some");
    if by != "stop" {
        eprintln!("rust adapter: wire.server {server_id}: already stopped by its {by}");
    }
    Ok(json!({"stopped": true, "elapsed_ms": elapsed_ms(started, at)}))
}

/// One call, start to answer, on the host runtime.
async fn run_call(host: &'static Host, call: Call) -> Result<Value, Fail> {
    match call {
        Call::Start { time_box, refuse_auth } => {
            let (server_id, port) = tokio::time::timeout(START_BOUND, start(host, time_box, refuse_auth))
                .await
                .map_err(|_| OpError::new("unclassified", format!("start: not done after {START_BOUND:?}"), "AdapterTimeout"))??;
            Ok(json!({"url": format!("http://127.0.0.1:{port}"), "server_id": server_id, "a2c_version": sdk::PROTOCOL_VERSION}))
        }
        Call::Stop { server_id } => Ok(stop(host, &server_id).await?),
    }
}

/// Reads the call on the caller's thread, then runs it as a task on the host runtime that queues its
/// answer itself. A bad input (or no runtime) is answered at once.
pub fn dispatch<W: Write + Send + 'static>(id: &Value, input: &Map<String, Value>, out: &Outbox<W>) {
    let prepared = parse(input).and_then(|call| Ok((host()?, call)));
    let (host, call) = match prepared {
        Ok(x) => x,
        Err(e) => return out.add(&answer_with(id, || Err(Fail::Error(e)))),
    };
    let (id, out) = (id.clone(), out.clone());
    let task = host.rt.spawn(async move {
        let reply = match tokio::spawn(run_call(host, call)).await {
            Ok(result) => answer_with(&id, || result),
            Err(e) => answer_with(&id, || Err(Fail::Error(OpError::new("unclassified", format!("panicked: {e}"), "panic")))),
        };
        out.add(&reply);
        out.flush();
    });
    let mut pending = lock(&host.pending);
    pending.retain(|t| !t.is_finished());
    pending.push(task);
}

/// The dispatch-table entry (a synchronous run, e.g. under bench.loop); `line_io` uses `dispatch`.
pub fn run(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let call = parse(input)?;
    let host = host()?;
    host.rt.block_on(run_call(host, call))
}

/// End of input: every Server still running is stopped and every pending answer is awaited (bounded).
pub fn close() {
    let Some(Ok(host)) = HOST.get() else { return };
    for server in lock(&host.servers).values() {
        let _ = server.stop_tx.send(true);
    }
    let answers: Vec<JoinHandle<()>> = std::mem::take(&mut *lock(&host.pending));
    let stops: Vec<watch::Receiver<Option<(Instant, &'static str)>>> = lock(&host.servers).values().map(|s| s.ended_rx.clone()).collect();
    host.rt.block_on(async {
        let all = async {
            for task in answers {
                let _ = task.await;
            }
            for mut ended in stops {
                let _ = ended.wait_for(Option::is_some).await;
            }
        };
        let _ = tokio::time::timeout(CLOSE_BOUND, all).await;
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn refuses_what_the_schema_refuses() {
        for v in [
            json!({}),
            json!({"action": "restart"}),
            json!({"action": "start"}),
            json!({"action": "start", "time_box_ms": 999}),
            json!({"action": "start", "time_box_ms": 1500.5}),
            json!({"action": "start", "time_box_ms": 2000, "port": 1}),
            json!({"action": "stop"}),
            json!({"action": "stop", "server_id": ""}),
        ] {
            assert!(parse(&input(v.clone())).is_err(), "{v}");
        }
        assert!(matches!(parse(&input(json!({"action": "start", "time_box_ms": 2000}))), Ok(Call::Start { .. })));
        assert!(matches!(parse(&input(json!({"action": "stop", "server_id": "s1"}))), Ok(Call::Stop { .. })));
    }
}
