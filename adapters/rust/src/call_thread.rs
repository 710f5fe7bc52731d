//! A live call (`wire.computer`, `wire.agent`) on a thread of its own: the harness pipelines
//! several, each in its own scene, so each runs on its own thread and answers through a clone of
//! the shared `Outbox`, flushed when it ends.
use std::io::Write;
use std::thread::JoinHandle;

use serde_json::{json, Map, Value};

use crate::outbox::Outbox;
use crate::reasons::Fail;
use crate::answer_with;

/// Starts `call` for request `id` on a thread named `<prefix>-<id>` with `stack` bytes. `Err` is
/// the answer to send at once when no thread could be started.
pub fn spawn_call<W: Write + Send + 'static>(
    op: &'static str,
    prefix: &str,
    stack: usize,
    id: &Value,
    input: &Map<String, Value>,
    out: &Outbox<W>,
    call: fn(&Map<String, Value>) -> Result<Value, Fail>,
) -> Result<JoinHandle<()>, Value> {
    let (thread_id, input, out) = (id.clone(), input.clone(), out.clone());
    std::thread::Builder::new()
        .name(format!("{prefix}-{id}"))
        .stack_size(stack)
        .spawn(move || {
            let reply = answer_with(&thread_id, || call(&input));
            out.add(&reply);
            out.flush();
        })
        .map_err(|e| {
            json!({"type": "result", "id": id, "ok": false,
                   "error": {"reason": "unclassified", "message": format!("cannot start a thread for {op}: {e}"), "raw_type": "std::io::Error"}})
        })
}
