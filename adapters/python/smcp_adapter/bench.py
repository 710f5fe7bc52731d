"""bench.loop (kit-internal, never in the corpus): runs one operation's `answer` in a tight loop, so
the harness can divide its own throughput by the adapter's in-language throughput. The inputs
arrive decoded with the request; only the loop is timed (monotonic clock)."""
from __future__ import annotations

import time
from typing import Any, Callable

from .reasons import OpError

SELF = "bench.loop"


def _refuse(message: str) -> OpError:
    return OpError("unclassified", f"bench.loop: {message}", "BenchLoopError")


def loop(inp: dict[str, Any], answer: Callable[[int, str, dict[str, Any]], dict[str, Any]], operations: dict[str, Any]) -> dict[str, Any]:
    op, inputs, repeat = inp.get("op"), inp.get("inputs"), inp.get("repeat")
    if op == SELF:
        raise _refuse("cannot loop over itself")
    if not isinstance(op, str) or op not in operations:
        raise _refuse(f"cannot loop over {op!r}: not an operation of this adapter")
    if not isinstance(inputs, list) or not all(isinstance(i, dict) for i in inputs):
        raise _refuse("inputs must be a list of objects")
    if not isinstance(repeat, int) or isinstance(repeat, bool) or repeat < 1:
        raise _refuse("repeat must be an integer >= 1")
    ok = 0
    call_id = 0
    started = time.perf_counter_ns()
    for _ in range(repeat):
        for one in inputs:
            call_id += 1
            reply = answer(call_id, op, one)
            if reply.get("ok") is True:
                ok += 1
    elapsed = time.perf_counter_ns() - started
    return {"op": op, "cases": call_id, "elapsed_ns": elapsed, "ok": ok, "errors": call_id - ok}
