//! bench.loop (kit-internal, never in the corpus): runs one operation's `answer` in a tight loop, so
//! the harness can divide its own throughput by the adapter's in-language throughput. The inputs
//! arrive decoded with the request; only the loop is timed (`Instant`, a monotonic clock).

use std::time::Instant;

use serde_json::{json, Map, Value};

use crate::reasons::{Fail, OpError};
use crate::{answer, Ctx, OPERATIONS};

pub const SELF: &str = "bench.loop";

fn refuse(message: impl std::fmt::Display) -> Fail {
    Fail::Error(OpError::new("unclassified", format!("bench.loop: {message}"), "BenchLoopError"))
}

pub fn run(ctx: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let op = input.get("op").and_then(Value::as_str).ok_or_else(|| refuse("op must be a string"))?;
    if op == SELF {
        return Err(refuse("cannot loop over itself"));
    }
    if !OPERATIONS.iter().any(|(name, _)| *name == op) {
        return Err(refuse(format!("cannot loop over {op:?}: not an operation of this adapter")));
    }
    let inputs: Vec<&Map<String, Value>> = input
        .get("inputs")
        .and_then(Value::as_array)
        .and_then(|list| list.iter().map(Value::as_object).collect())
        .ok_or_else(|| refuse("inputs must be a list of objects"))?;
    let repeat = input.get("repeat").and_then(Value::as_u64).filter(|n| *n >= 1).ok_or_else(|| refuse("repeat must be an integer >= 1"))?;
    let (mut cases, mut ok) = (0u64, 0u64);
    let started = Instant::now();
    for _ in 0..repeat {
        for one in &inputs {
            cases += 1;
            if answer(ctx, &Value::from(cases), op, one).get("ok") == Some(&Value::Bool(true)) {
                ok += 1;
            }
        }
    }
    let elapsed_ns = u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
    Ok(json!({"op": op, "cases": cases, "elapsed_ns": elapsed_ns, "ok": ok, "errors": cases - ok}))
}
