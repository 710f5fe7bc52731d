"""One call's work, minus the wire: the operation table, the handshake and `answer`, which runs a
handler and maps its outcome (output, SDK rejection, unsupported, crash) to an answer message.

`serve` (protocol.py) and `bench.loop` (bench.py) both go through `answer`, so the in-language
benchmark times exactly what a call costs apart from reading and writing its line.
"""
from __future__ import annotations

import asyncio
import inspect
import platform
import sys
import traceback
from typing import Any, Callable

from . import (
    addressing, bench, bundle_id, config, desktop, env_var, landing_root, load, messages, pick, plugin,
    plugin_activation, plugin_gate, plugin_id, plugin_reclaim, plugin_runtime, reconcile, render, sdk_constant, skill,
    skill_mime, skill_name, skill_ref, source_merge, tool_meta, transport, versioning, window_uri, wire_agent, wire_computer, wire_computer_act,
    wire_server,
)
from .reasons import OpError, Unsupported, error_from_exception
from .sdk import MCP_VERSION, PROTOCOL_VERSION, SDK_NAME, SDK_VERSION

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
    "input.select": pick.select,
    "tool_meta.merge": tool_meta.merge,
    "tool_meta.reconcile": reconcile.reconcile,
    "tool_meta.wire": reconcile.wire,
    "load.diagnostics": load.diagnostics,
    "plugin.layout": plugin.layout,
    "window_uri.parse": window_uri.parse,
    "desktop.organize": desktop.organize,
    "version.check": versioning.check,
    "addressing.resolve": addressing.resolve,
    "plugin_id.validate": plugin_id.validate,
    "skill.tags": skill.tags,
    "skill.mode_c": skill.mode_c,
    "message.parse": messages.parse,
    "skill.mime_type": skill_mime.mime_type,
    "skill.text_mime": skill_mime.text_mime,
    "settings.landing_root": landing_root.landing_root,
    "skill.name": skill_name.name,
    # The SDK's own Computer and plugin management on a fresh temporary home (plugin_runtime.py). Synchronous:
    # it owns its asyncio loop, so protocol.py runs each call on a thread of its own (CONCURRENT).
    "runtime.plugins": plugin_runtime.run,
    "plugin.activation": plugin_activation.activation,
    "plugin.reclaim": plugin_reclaim.reclaim,
    "plugin.bundled_gate": plugin_gate.gate,
    "config.source_merge": source_merge.merge,
    "skill.ref": skill_ref.ref,
    "sdk.protocol_version": sdk_constant.protocol_version,
    # Touches the network: the loopback MCP URL in the call only (transport.py). Synchronous: it owns its
    # asyncio loop, so protocol.py runs each call on a thread of its own (CONCURRENT) and several overlap.
    "transport.call_tool": transport.run,
    # A live session against the harness's Socket.IO Server (loopback only, wire_computer.py). Synchronous:
    # it owns its asyncio loop, so protocol.py runs each call on a thread of its own (CONCURRENT).
    "wire.computer": wire_computer.run,
    # Kit-internal: a running wire.computer session's Computer acts (wire_computer_act.py); a worker thread each (CONCURRENT).
    "wire.computer_act": wire_computer_act.run,
    # The SDK's own Agent client running a script against the harness's Server (loopback only, wire_agent.py):
    # a live session like wire.computer, synchronous, on a thread of its own (CONCURRENT).
    "wire.agent": wire_agent.run,
    # The SDK's own Server on 127.0.0.1 (wire_server.py): start answers with its URL while it keeps running on
    # the module's background loop; stop ends it. Each call only schedules work there and waits (bounded).
    "wire.server": wire_server.run,
}

# Operations whose calls run on a worker thread each, concurrently with everything else; their handlers
# must not use _LOOP (they return a dict, never a coroutine) and bound their own run time. hello declares
# them (`concurrent`), so the harness may have several in flight at once.
CONCURRENT: frozenset[str] = frozenset(
    {"transport.call_tool", "wire.computer", "wire.computer_act", "wire.agent", "wire.server", "runtime.plugins"}
)

# The SDK's render and manager APIs are async: every other call runs on this one loop, one at a time,
# on the protocol loop's thread. Live operations never touch it (CONCURRENT).
_LOOP = asyncio.new_event_loop()


def answer(call_id: int, op: str, inp: dict[str, Any]) -> dict[str, Any]:
    handler = OPERATIONS.get(op)
    if handler is None:
        return {"type": "unsupported", "id": call_id, "message": f"the python adapter has no operation {op}"}
    try:
        output = handler(inp)
        if output.__class__ is not dict and inspect.isawaitable(output):  # handlers return a dict or a coroutine
            output = _LOOP.run_until_complete(output)
        return {"type": "result", "id": call_id, "ok": True, "output": output}
    except Unsupported as exc:
        return {"type": "unsupported", "id": call_id, "message": str(exc)}
    except Exception as exc:  # the SDK refused or failed: evidence goes back, the process stays up
        if not isinstance(exc, OpError):
            traceback.print_exc(file=sys.stderr)
        err = error_from_exception(exc)
        error = {"reason": err.reason, "message": err.message, "raw_type": err.raw_type}
        if err.details is not None:
            error["details"] = err.details
        return {"type": "result", "id": call_id, "ok": False, "error": error}


OPERATIONS["bench.loop"] = lambda inp: bench.loop(inp, answer, OPERATIONS)


def hello() -> dict[str, Any]:
    return {
        "type": "hello",
        "adapter_protocol": 2,  # the newest it speaks; protocol.py answers an older harness with the harness's own
        "implementation": "python",
        # mcp is the SDK's MCP client library: the same a2c-smcp behaves differently under two mcp releases
        "sdk": {"name": SDK_NAME, "version": SDK_VERSION, "packages": {SDK_NAME: SDK_VERSION, "mcp": MCP_VERSION}},
        "protocol_version": PROTOCOL_VERSION,
        "operations": list(OPERATIONS),
        "concurrent": sorted(CONCURRENT),
        "runtime": f"{platform.python_implementation()} {platform.python_version()}",
    }


def close() -> None:
    wire_server.close()  # Servers still running at exit: stopped, bounded
    _LOOP.close()
