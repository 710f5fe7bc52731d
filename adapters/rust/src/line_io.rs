//! The protocol's line I/O: requests in, answers out, one JSON message per line.
//!
//! Answers are queued in an `Outbox` that is flushed only when no further complete request is
//! already buffered on stdin, i.e. just before a read that may block: a pipelined burst is
//! answered with one write, and a lone request is still answered at once.
//!
//! `wire.computer` calls are handed to `wire_computer::spawn` (a thread each, answering through a
//! clone of the same `Outbox`); at `shutdown` / end of input they are waited for (each is bounded
//! by its time box + 5 s) before the last flush.
//!
//! `transport.call_tool` calls run the same way, a thread each (`transport::spawn`; the hello lists
//! the op as `concurrent`, so the harness has several in flight).
//!
//! `wire.server` calls are handed to `wire_server::dispatch` (a task on the Servers' own runtime,
//! answering through a clone of the same `Outbox`); at the end every Server still running is
//! stopped and every pending answer awaited (`wire_server::close`, bounded) before the last flush.

use std::io::{BufRead, BufReader, Write};
use std::thread::JoinHandle;

use serde_json::{json, Map, Value};

use crate::outbox::Outbox;
use crate::{answer, batch, hello, surrogate, transport, wire_computer, wire_computer_act, Ctx};

const CHUNK: usize = 64 * 1024;
/// `wire_server::OP` (the module exists only where the manifest has the SDK's Server crates).
const WIRE_SERVER: &str = "wire.server";
/// `wire_agent::OP` (the module exists only where the manifest has smcp-agent).
const WIRE_AGENT: &str = "wire.agent";

/// A reply to a line serde_json refused: a string with a lone UTF-16 surrogate (\uD800) has no Rust
/// `String`, so serde_json, the JSON reader every SDK entry point sits behind, refuses the text. The
/// call is answered with that refusal (input.lone_surrogate); only its envelope is re-read for the id.
fn refused(line: &str, e: serde_json::Error) -> Option<Value> {
    match surrogate::envelope_without_lone_surrogates(line) {
        Some(envelope) if envelope.get("type") == Some(&json!("call")) => {
            let id = envelope.get("id").cloned().unwrap_or(Value::Null);
            Some(json!({
                "type": "result", "id": id, "ok": false,
                "error": {"reason": "input.lone_surrogate", "message": e.to_string(), "raw_type": "serde_json::Error"},
            }))
        }
        _ => {
            eprintln!("rust adapter: ignoring a line that is not JSON ({e}): {:.200}", line);
            None
        }
    }
}

/// Keeps a call started on a thread of its own (finished ones are let go), or sends at once the
/// answer saying why no thread could be started.
fn keep<W: Write + Send + 'static>(sessions: &mut Vec<JoinHandle<()>>, started: Result<JoinHandle<()>, Value>, out: &Outbox<W>) {
    sessions.retain(|s| !s.is_finished());
    match started {
        Ok(session) => sessions.push(session),
        Err(reply) => out.add(&reply),
    }
}

/// The operations answered on a thread (or task) of their own: never in a batch.
fn is_live(op: &str) -> bool {
    op == transport::OP
        || op == wire_computer::OP
        || op == wire_computer_act::OP
        || (cfg!(adapter_wire_agent) && op == WIRE_AGENT)
        || (cfg!(adapter_wire_server) && op == WIRE_SERVER)
}

/// The hello, at the newest adapter protocol both sides speak.
fn hello_for(message: &Value) -> Value {
    let mut reply = hello();
    let ours = reply["adapter_protocol"].as_u64().unwrap_or(1);
    let theirs = message.get("adapter_protocol").and_then(Value::as_u64).unwrap_or(1);
    reply["adapter_protocol"] = json!(ours.min(theirs));
    reply
}

pub fn serve(ctx: &Ctx) {
    let mut input = BufReader::with_capacity(CHUNK, std::io::stdin().lock());
    let out = Outbox::new(std::io::stdout(), CHUNK);
    let mut raw = Vec::new();
    let mut sessions: Vec<JoinHandle<()>> = Vec::new();
    loop {
        if !input.buffer().contains(&b'\n') {
            out.flush(); // the next read may block: nothing may wait behind it
        }
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
                let reply = if surrogate::envelope_without_lone_surrogates(line)
                    .is_some_and(|envelope| envelope.get("type") == Some(&json!("batch")))
                {
                    batch::answer_unreadable_batch(ctx, line, is_live, refused)
                } else {
                    refused(line, e)
                };
                if let Some(reply) = reply {
                    out.add(&reply);
                }
                continue;
            }
        };
        match message.get("type").and_then(Value::as_str) {
            Some("hello") => out.add(&hello_for(&message)),
            Some("batch") => {
                // Out at once, not after the next batch: the harness reads this one while we answer that one.
                out.add(&batch::answer_batch(ctx, &message, is_live));
                out.flush();
            }
            Some("call") => {
                let id = message.get("id").cloned().unwrap_or(Value::Null);
                let op = message.get("op").and_then(Value::as_str).unwrap_or("");
                let empty = Map::new();
                let input = message.get("input").and_then(Value::as_object).unwrap_or(&empty);
                if op == transport::OP {
                    keep(&mut sessions, transport::spawn(&id, input, &out), &out);
                } else if op == wire_computer::OP {
                    keep(&mut sessions, wire_computer::spawn(&id, input, &out), &out);
                } else if op == wire_computer_act::OP {
                    keep(&mut sessions, wire_computer_act::spawn(&id, input, &out), &out);
                } else if cfg!(adapter_wire_agent) && op == WIRE_AGENT {
                    #[cfg(adapter_wire_agent)]
                    keep(&mut sessions, crate::wire_agent::spawn(&id, input, &out), &out);
                } else if cfg!(adapter_wire_server) && op == WIRE_SERVER {
                    #[cfg(adapter_wire_server)]
                    crate::wire_server::dispatch(&id, input, &out);
                } else {
                    out.add(&answer(ctx, &id, op, input));
                }
            }
            Some("shutdown") => break,
            other => eprintln!("rust adapter: unknown message type {other:?}"),
        }
    }
    out.flush();
    #[cfg(adapter_wire_server)]
    crate::wire_server::close();
    for session in sessions {
        let _ = session.join(); // answers (a panic included) are sent by the thread itself
    }
    out.flush();
}
