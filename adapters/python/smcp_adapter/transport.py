"""transport.call_tool: one tool call through the SDK's own MCP client, over a real socket, against the
harness's scene-controlled MCP server (harness/transport/README.md).

The SDK path is the one a Computer takes under `aexecute_tool`: MCPServerManager.ainitialize([config])
→ astart_client(bundle_id) (for streamable HTTP its anonymous-first `_bounded_connect`; the real
`mcp` client: `streamablehttp_client` behind a2c-smcp's auth-watching httpx client, or `sse_client`)
→ acall_tool(bundle_id, tool, arguments), where a2c-smcp classifies upstream 401/403 into a
CallToolResult with meta.error_code 4006/4007 → aclose(). Computer.aexecute_tool adds only the
confirm callback, the call history and a catch-all that turns an exception into an isError result;
the kit wants to see the exception (`raised`), so the adapter calls the manager it delegates to.

The only network the adapter ever touches: the loopback URL in the call (http://127.0.0.1:<port>/…),
for this operation only. The config carries that URL, the name and bundle_id, nothing else (no
headers, no token, no OAuth options); the manager's credential store is the SDK's in-memory default.

Time boxes: connecting (ainitialize + astart_client) and the call each run as their own task under
asyncio.wait_for(asyncio.shield(task), box). The shield keeps wait_for from waiting on the SDK's own
cancellation path (it could take as long as it likes); the task is cancelled afterwards, inside the
bounded close. Closing (cancel what is still running, manager.aclose(), then cancel and reap every
task this call started) has its own bound, so the answer is out within both boxes + CLOSE_BUDGET_S,
under the harness's allowance (adapterBudgetMs: both boxes + 8 s), and the loop is left with no task
of this call on it.

Concurrency: `run` is synchronous and owns a fresh asyncio loop, so protocol.py runs each call on a
worker thread of its own (dispatch.CONCURRENT) and several calls proceed at once. A call shares
nothing with another but the process: its manager, MCP client, httpx client, credential store and
tasks live on its own loop (a2c-smcp's one module-level asyncio primitive, stdio_client's spawn lock,
is never reached over HTTP), and the proxy variables are dropped idempotently.
"""
from __future__ import annotations

import asyncio
import os
import re
import sys
import time
from typing import Any

from .config import build_config
from .reasons import OpError, Unsupported
from .sdk import MCPServerManager, resolve_bundle_id

# The whole close (cancelling, aclose, reaping) ends within this; the harness allows 8 s.
CLOSE_BUDGET_S = 6.5
# manager.aclose() gets at most this. A healthy aclose takes milliseconds; after a crashed mcp transport
# (a 401/403/500 on streamable HTTP) a2c-smcp 0.4.2's never returns: the client's keep-alive task dies
# in `_aexit_stack.aclose()` with mcp's ExceptionGroup before it sets `_async_session_closed_event`,
# which `on_enter_disconnected` then awaits for ever (base_client.py). It is cancelled after this.
ACLOSE_BOUND_S = 3.0
# What the cancelling of the timed-out task may take at most.
CANCEL_BOUND_S = 2.0
# The call's loop's default executor (getaddrinfo) gets at most this to shut down: CLOSE_BUDGET_S + this < 8 s.
EXECUTOR_BOUND_S = 1.0

_CONFIG_TYPE = {"streamable_http": "streamable", "sse": "sse"}
_LOOPBACK = re.compile(r"^http://127\.0\.0\.1:(?P<port>[0-9]{1,5})/[^\s?#@\\]*$")
_PROXY_VARS = ("http_proxy", "https_proxy", "all_proxy")


def _loopback_url(url: Any) -> str:
    """The harness's loopback URL, or a refusal: the adapter connects to nothing else."""
    m = _LOOPBACK.match(url) if isinstance(url, str) else None
    if m is None or not 1 <= int(m["port"]) <= 65535:
        raise OpError(
            "unclassified",
            f"the python adapter connects only to the loopback URL the harness gives (http://127.0.0.1:<port>/...), got {url!r}",
            "AdapterRefusedUrl",
        )
    return url


def _box_seconds(inp: dict[str, Any], key: str) -> float:
    value = inp.get(key)
    if type(value) is not int or not 100 <= value <= 25000:
        raise OpError("unclassified", f"{key} must be an integer from 100 to 25000 (ms), got {value!r}", "AdapterBadInput")
    return value / 1000


def _no_proxy_from_env() -> None:
    """httpx (under mcp) honours proxy variables by default: one would send the loopback call elsewhere.
    The harness starts adapters without any; drop them should an adapter be started by hand with some."""
    for name in list(os.environ):
        if name.lower() in _PROXY_VARS:
            os.environ.pop(name, None)  # another worker thread may have dropped it first


def _raised(exc: BaseException) -> dict[str, str]:
    return {"type": type(exc).__name__, "message": str(exc) or repr(exc)}


def _restore_own_cancel_state() -> None:
    """A cancellation the SDK's anyio machinery aimed at this task must not outlive the call."""
    task = asyncio.current_task()
    if task is not None:
        while task.cancelling():
            task.uncancel()


async def _boxed(coro: Any, box_s: float) -> tuple[str, Any, asyncio.Task]:
    """("returned", value) | ("raised", exception) | ("timeout", None), and the task (still running on timeout)."""
    task = asyncio.ensure_future(coro)
    try:
        return "returned", await asyncio.wait_for(asyncio.shield(task), box_s), task
    except (asyncio.CancelledError, Exception) as exc:
        if not task.done():
            if isinstance(exc, asyncio.CancelledError):
                _restore_own_cancel_state()
            return "timeout", None, task
        if task.cancelled():  # the SDK's own task ended cancelled without anyone here asking
            _restore_own_cancel_state()
            return "raised", asyncio.CancelledError("the SDK's task was cancelled from inside the SDK"), task
        if task.exception() is None:  # it ended just as the box did
            return "returned", task.result(), task
        return "raised", task.exception(), task


async def _cancel_strays(stray: set[asyncio.Task], deadline: float, op: str) -> None:
    """Cancels every task a call left behind and waits for them until `deadline` (loop time); names any that outlive it."""
    for t in stray:
        t.cancel()
    await _settle(stray, max(deadline - asyncio.get_running_loop().time(), 0.2))
    _restore_own_cancel_state()
    alive = [t for t in stray if not t.done()]
    if alive:
        print(f"python adapter: {op} left {len(alive)} task(s) that did not end within the close budget: "
              f"{[t.get_coro().__qualname__ for t in alive]}", file=sys.stderr)


async def _settle(tasks: set[asyncio.Task], timeout_s: float) -> None:
    """Waits at most timeout_s for the tasks to end; retrieves their outcome (no 'never retrieved' noise)."""
    if tasks:
        try:
            await asyncio.wait(tasks, timeout=max(timeout_s, 0.0))
        except asyncio.CancelledError:  # nobody here cancels this task: a stray cancel must not end the close
            _restore_own_cancel_state()
    for t in tasks:
        if t.done() and not t.cancelled():
            t.exception()


async def _close(manager: Any, running: asyncio.Task | None, born_before: set[asyncio.Task]) -> None:
    """Bounded teardown: the timed-out SDK task is cancelled (it may hold the manager's lock), the manager
    closes its clients, and any task this call started that is still alive (e.g. a client's keep-alive
    task whose connect was cut short, so the manager never owned it) is cancelled and reaped."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + CLOSE_BUDGET_S
    if running is not None and not running.done():
        running.cancel()
        await _settle({running}, CANCEL_BOUND_S)
    closing = asyncio.ensure_future(manager.aclose())
    await _settle({closing}, ACLOSE_BOUND_S)
    if not closing.done():
        print(f"python adapter: transport.call_tool: the SDK's MCPServerManager.aclose() had not returned after "
              f"{ACLOSE_BOUND_S} s; cancelling it and every task the call left", file=sys.stderr)
    me = asyncio.current_task()
    await _cancel_strays({t for t in asyncio.all_tasks() if t not in born_before and t is not me}, deadline, "transport.call_tool")


def _result_fields(result: Any) -> dict[str, Any]:
    """isError / error_code / mcp_server / text of the SDK's CallToolResult."""
    meta = result.meta or {}
    code = meta.get("error_code")
    server = meta.get("mcp_server")
    return {
        "isError": bool(result.isError),
        "error_code": code if isinstance(code, int) and not isinstance(code, bool) else None,
        "mcp_server": server if isinstance(server, str) else None,
        "text": "\n".join(c.text for c in result.content if getattr(c, "type", None) == "text"),
    }


def run(inp: dict[str, Any]) -> dict[str, Any]:
    """One call on a loop of its own (the caller's worker thread); the loop is closed before the answer,
    its executor given at most EXECUTOR_BOUND_S (the answer is then due by both boxes + CLOSE_BUDGET_S + that)."""
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(call_tool(inp))
    finally:
        try:
            loop.run_until_complete(asyncio.wait_for(loop.shutdown_default_executor(), EXECUTOR_BOUND_S))
        except Exception:  # a getaddrinfo job still running: its thread is abandoned with the loop
            pass
        loop.close()


async def call_tool(inp: dict[str, Any]) -> dict[str, Any]:
    transport = inp.get("transport")
    if transport == "sse_handwritten":
        raise Unsupported("sse_handwritten is the Rust SDK's hand-written SSE client; a2c-smcp has none (its SSE path is mcp.client.sse_client, transport sse)")
    if transport not in _CONFIG_TYPE:
        raise OpError("unclassified", f"unknown transport {transport!r}", "AdapterBadInput")
    url = _loopback_url(inp.get("url"))
    connect_box, call_box = _box_seconds(inp, "connect_time_box_ms"), _box_seconds(inp, "time_box_ms")
    tool, arguments = inp.get("tool"), inp.get("arguments")
    if not isinstance(tool, str) or not isinstance(arguments, dict):
        raise OpError("unclassified", "tool must be a string and arguments an object", "AdapterBadInput")

    raw: dict[str, Any] = {"type": _CONFIG_TYPE[transport], "name": inp.get("server_name"), "server_parameters": {"url": url}}
    if "bundle_id" in inp:
        raw["bundle_id"] = inp["bundle_id"]
    config = build_config(raw)  # the SDK's own model; a bad name / bundle_id is its rejection
    bundle_id = resolve_bundle_id(config)
    _no_proxy_from_env()

    out: dict[str, Any] = {"isError": None, "error_code": None, "mcp_server": None, "text": None,
                           "hangs": False, "elapsed_ms": 0.0, "stage": "connect", "client_revision": None}
    born_before = asyncio.all_tasks()
    manager = MCPServerManager(auto_connect=False, auto_reconnect=False)
    running: asyncio.Task | None = None
    started = time.monotonic()

    def ended(outcome: str, value: Any) -> None:
        out["elapsed_ms"] = round((time.monotonic() - started) * 1000, 1)
        if outcome == "timeout":
            out["hangs"] = True
        elif outcome == "raised":
            out["raised"] = _raised(value)

    async def connect() -> None:
        await manager.ainitialize([config])
        await manager.astart_client(bundle_id)

    try:
        outcome, value, task = await _boxed(connect(), connect_box)
        if outcome != "returned":
            ended(outcome, value)
            running = task
            return out
        client = manager._active_clients.get(bundle_id)  # private: where the connected client lives
        revision = getattr(getattr(client, "initialize_result", None), "protocolVersion", None)
        out["client_revision"] = revision if isinstance(revision, str) else None
        out["stage"] = "call"
        outcome, value, task = await _boxed(manager.acall_tool(bundle_id, tool, arguments), call_box)
        ended(outcome, value)
        if outcome == "returned":
            out.update(_result_fields(value))
        else:
            running = task
        return out
    finally:
        await _close(manager, running, born_before)
