"""The adapter protocol loop (harness/protocol/README.md): hello, call, shutdown; one line each way.

Calls are answered one at a time, in arrival order, on one event loop (the SDK's render and manager
APIs are async). Output is ASCII-only JSON (ensure_ascii), so lone surrogates travel as \\u escapes.
"""
from __future__ import annotations

import asyncio
import inspect
import json
import platform
import sys
import traceback
from typing import Any, BinaryIO, Callable

from . import bundle_id, config, env_var, load, plugin, render, tool_meta
from .reasons import OpError, Unsupported, error_from_exception
from .sdk import PROTOCOL_VERSION, SDK_NAME, SDK_VERSION

OPERATIONS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "bundle_id.normalize": bundle_id.normalize,
    "bundle_id.resolve": bundle_id.resolve,
    "bundle_id.identity_bytes": bundle_id.identity_bytes,
    "bundle_id.validate": bundle_id.validate,
    "exposed_name": load.exposed_name,
    "env_var.name": env_var.name,
    "env_var.collisions": env_var.collisions,
    "render": render.render,
    "server_config.validate": config.server_config_validate,
    "input.validate": config.input_validate,
    "tool_meta.merge": tool_meta.merge,
    "load.diagnostics": load.diagnostics,
    "plugin.layout": plugin.layout,
}
# Not offered: transport.auth_error needs a real MCP server over HTTP (the kit has no transport suite,
# and the adapter never starts servers or touches the network).


def hello() -> dict[str, Any]:
    return {
        "type": "hello",
        "adapter_protocol": 1,
        "implementation": "python",
        "sdk": {"name": SDK_NAME, "version": SDK_VERSION},
        "protocol_version": PROTOCOL_VERSION,
        "operations": list(OPERATIONS),
        "runtime": f"{platform.python_implementation()} {platform.python_version()}",
    }


def answer(loop: asyncio.AbstractEventLoop, call_id: int, op: str, inp: dict[str, Any]) -> dict[str, Any]:
    handler = OPERATIONS.get(op)
    if handler is None:
        return {"type": "unsupported", "id": call_id, "message": f"the python adapter has no operation {op}"}
    try:
        output = handler(inp)
        if inspect.isawaitable(output):
            output = loop.run_until_complete(output)
        return {"type": "result", "id": call_id, "ok": True, "output": output}
    except Unsupported as exc:
        return {"type": "unsupported", "id": call_id, "message": str(exc)}
    except Exception as exc:  # the SDK refused or failed: evidence goes back, the process stays up
        if not isinstance(exc, OpError):
            traceback.print_exc(file=sys.stderr)
        err = error_from_exception(exc)
        return {"type": "result", "id": call_id, "ok": False, "error": {"reason": err.reason, "message": err.message, "raw_type": err.raw_type}}


def _encode(message: dict[str, Any]) -> bytes:
    try:
        text = json.dumps(message, ensure_ascii=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:  # an output JSON cannot carry: report it, don't break the stream
        fallback = {"type": "result", "id": message.get("id"), "ok": False,
                    "error": {"reason": "unclassified", "message": f"output not JSON-encodable: {exc}", "raw_type": type(exc).__name__}}
        text = json.dumps(fallback, ensure_ascii=True, separators=(",", ":"))
    return text.encode("ascii") + b"\n"


def serve(stdin: BinaryIO, stdout: BinaryIO) -> int:
    loop = asyncio.new_event_loop()

    def send(message: dict[str, Any]) -> None:
        stdout.write(_encode(message))
        stdout.flush()

    for raw in stdin:
        line = raw.decode("utf-8", errors="surrogateescape").strip()
        if not line:
            continue
        try:
            message = json.loads(line)
        except json.JSONDecodeError:
            print(f"python adapter: ignoring a line that is not JSON: {line[:200]!r}", file=sys.stderr)
            continue
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "hello":
            send(hello())
        elif kind == "call":
            send(answer(loop, message["id"], message.get("op", ""), message.get("input") or {}))
        elif kind == "shutdown":
            break
        else:
            print(f"python adapter: unknown message type {kind!r}", file=sys.stderr)
    loop.close()
    return 0
