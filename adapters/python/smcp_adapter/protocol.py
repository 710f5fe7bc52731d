"""The adapter protocol loop (harness/protocol/README.md): hello, call, batch, shutdown; one line each way.

Protocol 2 (negotiated in hello): a batch line holds several calls and is answered by one batch line,
encoded in one go; the harness never puts a CONCURRENT operation in a batch (one found there is refused).

Calls are answered one at a time, in arrival order. Input is read in chunks of whatever the pipe
holds; every complete line in a chunk is answered, then the answers go out together (outbox.py),
before the next read that may block: a pipelined burst costs one syscall each way, not one per
call. Output is ASCII-only JSON (ensure_ascii), so lone surrogates travel as \\u escapes.

The one exception: a call of a CONCURRENT operation (transport.call_tool, one MCP tool call within its
time boxes; wire.computer and wire.agent, live sessions of up to a minute; wire.server, which waits for a
Server on wire_server.py's loop to start or stop) starts a worker thread of its own and the loop goes on;
the worker puts its answer in the outbox and flushes it (Outbox is locked). Its handler owns its event
loop and bounds its own run time, so at shutdown or end of input the loop waits for the workers still
running (WORKER_JOIN_S at most), then exits.
"""
from __future__ import annotations

import json
import os
import sys
import threading
import time
from typing import Any, BinaryIO, Callable, Iterator

from .dispatch import CONCURRENT, answer, close, hello
from .outbox import Outbox

CHUNK = 64 * 1024

# Built once: json.dumps with non-default settings would build a new encoder per message.
_ENCODE = json.JSONEncoder(ensure_ascii=True, separators=(",", ":"), allow_nan=False).encode
_ENCODE_SAFE = json.JSONEncoder(ensure_ascii=True, separators=(",", ":")).encode


def _encode(message: dict[str, Any]) -> str:
    try:
        return _ENCODE(message)
    except (TypeError, ValueError) as exc:  # an output JSON cannot carry: report it, don't break the stream
        fallback = {"type": "result", "id": message.get("id"), "ok": False,
                    "error": {"reason": "unclassified", "message": f"output not JSON-encodable: {exc}", "raw_type": type(exc).__name__}}
        return _ENCODE_SAFE(fallback)


def _encode_batch(answers: list[dict[str, Any]]) -> str:
    try:
        return _ENCODE({"type": "batch", "answers": answers})
    except (TypeError, ValueError):  # one output JSON cannot carry: each answer on its own, that one reported
        return '{"type":"batch","answers":[' + ",".join(_encode(a) for a in answers) + "]}"


def _batched(call: Any) -> dict[str, Any]:
    """One call of a batch, answered at once. A live operation would hold the whole batch back: refused."""
    call_id = call.get("id") if isinstance(call, dict) else None
    op = call.get("op", "") if isinstance(call, dict) else ""
    if op in CONCURRENT:
        message = f"{op} is a live operation: the harness sends it alone, never in a batch (adapter protocol 2)"
        return {"type": "result", "id": call_id, "ok": False,
                "error": {"reason": "unclassified", "message": message, "raw_type": "BatchedLiveCall"}}
    return answer(call_id, op, call.get("input") or {})


def _batches(fd: int) -> Iterator[list[str]]:
    """The complete lines of each chunk read (decoded; undecodable bytes kept as surrogateescape),
    the partial tail carried over; at end of input a last unterminated line is a line too."""
    tail: list[bytes] = []
    while True:
        chunk = os.read(fd, CHUNK)
        if not chunk:
            if tail:
                yield [b"".join(tail).decode("utf-8", errors="surrogateescape")]
            return
        end = chunk.rfind(b"\n")
        if end < 0:
            tail.append(chunk)
            continue
        # UTF-8 never has 0x0A inside a multi-byte sequence: decoding whole lines at once is the same as line by line.
        text = b"".join((*tail, chunk[: end + 1])).decode("utf-8", errors="surrogateescape")
        tail = [chunk[end + 1 :]] if end + 1 < len(chunk) else []
        yield text.split("\n")[:-1]


_SHUTDOWN = object()


class _BatchReply(list):
    """The answers to a batch line: encoded together as one batch line."""


def _reply(raw: str, start_worker: Callable[[int, str, dict[str, Any]], None]) -> Any:
    """The answer to one line: a message, None when it needs none (or a worker answers it), or _SHUTDOWN."""
    line = raw.strip()
    if not line:
        return None
    try:
        message = json.loads(line)
    except json.JSONDecodeError:
        print(f"python adapter: ignoring a line that is not JSON: {line[:200]!r}", file=sys.stderr)
        return None
    kind = message.get("type") if isinstance(message, dict) else None
    if kind == "call":
        op = message.get("op", "")
        if op in CONCURRENT:
            start_worker(message["id"], op, message.get("input") or {})
            return None
        return answer(message["id"], op, message.get("input") or {})
    if kind == "batch":
        return _BatchReply([_batched(call) for call in message.get("calls") or []])
    if kind == "hello":
        reply = hello()
        theirs = message.get("adapter_protocol")
        reply["adapter_protocol"] = min(reply["adapter_protocol"], theirs if isinstance(theirs, int) else 1)
        return reply
    if kind == "shutdown":
        return _SHUTDOWN
    print(f"python adapter: unknown message type {kind!r}", file=sys.stderr)
    return None


# Every worker's handler bounds itself below this: wire.computer answers by its time box + 5 s (at most
# 65 s), wire.agent likewise, transport.call_tool by both its boxes + its close + its loop's executor
# (at most 25 + 25 + 6.5 + 1 s, transport.py). Workers still alive this long after shutdown are
# abandoned (daemon thread) rather than holding the exit.
WORKER_JOIN_S = 70.0


def serve(stdin: BinaryIO, stdout: BinaryIO) -> int:
    outbox = Outbox(stdout)
    workers: list[threading.Thread] = []

    def work(call_id: int, op: str, inp: dict[str, Any]) -> None:
        outbox.add(_encode(answer(call_id, op, inp)))
        outbox.flush()

    def start_worker(call_id: int, op: str, inp: dict[str, Any]) -> None:
        workers[:] = [w for w in workers if w.is_alive()]
        worker = threading.Thread(target=work, args=(call_id, op, inp), name=f"{op}-{call_id}", daemon=True)
        workers.append(worker)
        worker.start()

    try:
        for lines in _batches(stdin.fileno()):
            try:
                for raw in lines:
                    reply = _reply(raw, start_worker)
                    if reply is _SHUTDOWN:
                        return 0
                    if isinstance(reply, _BatchReply):
                        # Out at once, not after the next batch: the harness reads this one while we answer that one.
                        outbox.add(_encode_batch(reply))
                        outbox.flush()
                    elif reply is not None:
                        outbox.add(_encode(reply))
            finally:  # also on shutdown or an escaping error: what was answered goes out
                outbox.flush()
    finally:
        until = time.monotonic() + WORKER_JOIN_S
        for worker in workers:  # shutdown or end of input: answer whatever is still pending
            worker.join(max(until - time.monotonic(), 0.0))
        outbox.flush()
        close()
    return 0
