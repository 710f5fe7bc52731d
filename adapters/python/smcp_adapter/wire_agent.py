"""wire.agent: the SDK's own Agent client (a2c_smcp.agent.AsyncSMCPAgentClient) against the harness's A2C-SMCP
Server, running the call's script step by step (harness/wire/README.md, vectors/_schema/ops/wire.agent.json).

SDK path, public API only:
  connect: `AsyncSMCPAgentClient(DefaultAgentAuthProvider(agent_name, office_id), event_handler=…,
           reconnection=False, handle_sigint=False)` (the last two are python-socketio's constructor options, as
           in wire_computer.py), `connect_to_server(url, namespace="/smcp")`: the SDK appends a2c_version and picks
           its transports; no api_key, so the Socket.IO `auth` is the provider's `None` (no secret of anyone's);
  join:    `join_office(office_id, agent_name, namespace="/smcp")`: a plain emit, no ack requested, so `joined`
           means "sent"; without namespace= it would go to "/" (base.py passes namespace straight to emit);
  steps:   get_tools_from_computer / get_config_from_computer / get_desktop_from_computer / get_computers_in_office /
           emit_tool_call / put_blob (the text's UTF-8 bytes; the SDK's own upload loop) / get_skill / get_blob (one
           chunk) / leave_office, each with
           the SDK's own default timeout; `wait` is asyncio.sleep;
  close:   `client.shutdown()` (DISCONNECT + Engine.IO close), then every task left on the call's loop is cancelled.

Every step and the connect/join share one deadline (time_box_ms from the start); the close is bounded by
CLOSE_BUDGET_S, so the answer is out by time_box_ms + 5 s. A step still running at the deadline, or when the
Server disconnects, is answered `error` (type AdapterTimeBox / AdapterServerDisconnect) and the rest `skipped`.
Concurrency as wire_computer.py: `run` owns a fresh loop on protocol.py's worker thread (CONCURRENT).
"""
from __future__ import annotations

import asyncio
import dataclasses
import logging
import re
import sys
import time
from typing import Any

from .reasons import Unsupported
from .transport import _cancel_strays, _no_proxy_from_env, _raised, _restore_own_cancel_state, _settle
from .wire_computer import _SERVER_URL, SERVER_URL_SHAPE, _StderrLog, _loopback, _refuse

try:  # 0.3.2 and 0.4.2 both publish these; an SDK without them has no public Agent client to drive
    from a2c_smcp.agent import AsyncSMCPAgentClient, DefaultAgentAuthProvider
except ImportError as exc:  # pragma: no cover
    AsyncSMCPAgentClient = DefaultAgentAuthProvider = None  # type: ignore[assignment,misc]
    _MISSING = f"this a2c-smcp has no public Agent client (a2c_smcp.agent: {exc})"
try:
    from a2c_smcp.agent import SMCPProtocolError
except ImportError:  # pragma: no cover: an SDK without it surfaces protocol errors some other way
    SMCPProtocolError = None  # type: ignore[assignment,misc]
try:  # the upload loop's error (a2c_smcp/utils/blob.py, 0.4.x): a 4019's details.reason kept as `reason`
    from a2c_smcp.utils.blob import BlobUploadError
except ImportError:  # pragma: no cover: an SDK without uploads
    BlobUploadError = None  # type: ignore[assignment,misc]
try:  # the SDK's own 4008 error (a2c_smcp/exceptions.py), which connect_to_server raises on a refused handshake
    from a2c_smcp.exceptions import ProtocolVersionError
except ImportError:  # pragma: no cover: an SDK without it has no dedicated version error
    ProtocolVersionError = None  # type: ignore[assignment,misc]

NAMESPACE = "/smcp"
CLOSE_BUDGET_S = 4.0
CLIENT_CLOSE_BOUND_S = 1.0
DEFAULT_TOOL_TIMEOUT_S = 10
_DOS = ("get_tools", "get_config", "get_desktop", "list_room", "tool_call", "put_blob", "get_skill", "get_blob", "leave", "wait")
_STEP_KEYS = frozenset({"do", "as", "computer", "tool_name", "params", "timeout_s", "ms", "text", "chunk_size", "name_hint",
                        "name", "rel_path", "blob_handle", "chunk_offset"})
_INPUT_KEYS = frozenset({"url", "office_id", "agent_name", "computer_name", "script", "time_box_ms"})
_AS = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
# The SDK's per-step public method (the client's own names); `wait` needs none.
_METHODS = {
    "get_tools": "get_tools_from_computer", "get_config": "get_config_from_computer",
    "get_desktop": "get_desktop_from_computer", "list_room": "get_computers_in_office",
    "tool_call": "emit_tool_call", "put_blob": "put_blob", "get_skill": "get_skill", "get_blob": "get_blob",
    "leave": "leave_office",
}


class _Recorder:
    """The AsyncAgentEventHandler (agent/types.py): every callback the SDK makes, in order, under the wire event
    it stands for. on_tools_received / on_skills_received are the SDK's own follow-ups (after its automatic
    client:get_tools / get_skills re-fetch on enter_office, update_config, update_tool_list, update_skills), not
    wire events: `sdk:…`. notify:update_desktop has no handler callback (the SDK re-fetches and only logs)."""

    def __init__(self) -> None:
        self.seen: list[dict[str, Any]] = []

    async def on_computer_enter_office(self, data: Any, client: Any) -> None:
        self.seen.append({"event": "notify:enter_office", "data": data})

    async def on_computer_leave_office(self, data: Any, client: Any) -> None:
        self.seen.append({"event": "notify:leave_office", "data": data})

    async def on_computer_update_config(self, data: Any, client: Any) -> None:
        self.seen.append({"event": "notify:update_config", "data": data})

    async def on_computer_update_tool_list(self, data: Any, client: Any) -> None:
        self.seen.append({"event": "notify:update_tool_list", "data": data})

    async def on_tools_received(self, computer: str, tools: Any, client: Any) -> None:
        self.seen.append({"event": "sdk:tools_received", "data": {"computer": computer, "tools": tools}})

    async def on_skills_received(self, computer: str, skills: Any, client: Any) -> None:
        self.seen.append({"event": "sdk:skills_received", "data": {"computer": computer, "skills": skills}})


def _check(inp: Any) -> None:
    """The whole input is checked before anything connects (ok:false AdapterBadInput otherwise)."""
    if not isinstance(inp, dict):
        raise _refuse(f"input must be an object, got {inp!r}")
    extra = sorted(set(inp) - _INPUT_KEYS)
    if extra:
        raise _refuse(f"unknown input field(s) {extra}")
    _loopback(inp.get("url"), _SERVER_URL, SERVER_URL_SHAPE)
    for key in ("office_id", "agent_name", "computer_name"):
        if not isinstance(inp.get(key), str) or not inp[key]:
            raise _refuse(f"{key} must be a non-empty string")
    box = inp.get("time_box_ms")
    if type(box) is not int or not 1000 <= box <= 60000:
        raise _refuse(f"time_box_ms must be an integer from 1000 to 60000, got {box!r}")
    if not isinstance(inp.get("script"), list):
        raise _refuse("script must be a list")
    for s in inp["script"]:
        if not isinstance(s, dict) or s.get("do") not in _DOS or not isinstance(s.get("as"), str) or not _AS.match(s["as"]):
            raise _refuse(f"each step needs `do` in {list(_DOS)} and a lower-case `as`, got {s!r}")
        bad = sorted(set(s) - _STEP_KEYS)
        if bad:
            raise _refuse(f"step {s['as']}: unknown field(s) {bad}")
        if "computer" in s and (not isinstance(s["computer"], str) or not s["computer"]):
            raise _refuse(f"step {s['as']}: computer must be a non-empty string")
        if s["do"] == "tool_call" and (not isinstance(s.get("tool_name"), str) or not s["tool_name"]):
            raise _refuse(f"step {s['as']}: tool_call needs tool_name")
        if "params" in s and not isinstance(s["params"], dict):
            raise _refuse(f"step {s['as']}: params must be an object")
        if "timeout_s" in s and (type(s["timeout_s"]) is not int or not 1 <= s["timeout_s"] <= 30):
            raise _refuse(f"step {s['as']}: timeout_s must be an integer from 1 to 30")
        if s["do"] == "wait" and (type(s.get("ms")) is not int or not 0 <= s["ms"] <= 10000):
            raise _refuse(f"step {s['as']}: wait needs ms, an integer from 0 to 10000")
        if s["do"] == "put_blob":
            if not isinstance(s.get("text"), str) or not s["text"]:
                raise _refuse(f"step {s['as']}: put_blob needs text, a non-empty string")
            if "chunk_size" in s and (type(s["chunk_size"]) is not int or s["chunk_size"] < 1):
                raise _refuse(f"step {s['as']}: chunk_size must be a positive integer")
            if "name_hint" in s and (not isinstance(s["name_hint"], str) or not s["name_hint"]):
                raise _refuse(f"step {s['as']}: name_hint must be a non-empty string")
        if s["do"] == "get_skill" and (not isinstance(s.get("name"), str) or not s["name"]):
            raise _refuse(f"step {s['as']}: get_skill needs name, a non-empty string")
        if "rel_path" in s and (not isinstance(s["rel_path"], str) or not s["rel_path"]):
            raise _refuse(f"step {s['as']}: rel_path must be a non-empty string")
        if s["do"] == "get_blob" and (not isinstance(s.get("blob_handle"), str) or not s["blob_handle"]):
            raise _refuse(f"step {s['as']}: get_blob needs blob_handle, a non-empty string")
        if "chunk_offset" in s and (type(s["chunk_offset"]) is not int or s["chunk_offset"] < 0):
            raise _refuse(f"step {s['as']}: chunk_offset must be a non-negative integer")


def run(inp: dict[str, Any]) -> dict[str, Any]:
    if AsyncSMCPAgentClient is None:
        raise Unsupported(_MISSING)
    _check(inp)
    _no_proxy_from_env()
    started = time.monotonic()
    log = _StderrLog(f"wire.agent {inp['office_id']}")
    sdk_logger = logging.getLogger("a2c_smcp")
    sdk_logger.addHandler(log)
    loop = asyncio.new_event_loop()
    try:
        out = loop.run_until_complete(_session(inp))
    finally:
        try:
            loop.run_until_complete(asyncio.wait_for(loop.shutdown_default_executor(), 1.0))
        except Exception:
            pass
        loop.close()
        sdk_logger.removeHandler(log)
    out["elapsed_ms"] = round((time.monotonic() - started) * 1000, 1)
    return out


def _connect_raised(exc: BaseException) -> dict[str, Any]:
    """A failed connect as raised; the SDK's ProtocolVersionError adds its own version fields (read off the exception)."""
    out: dict[str, Any] = dict(_raised(exc))
    if ProtocolVersionError is not None and isinstance(exc, ProtocolVersionError):
        out.update(version_error=True, server_version=exc.server_version, client_version=exc.client_version)
    return out


def _error(exc: BaseException) -> dict[str, Any]:
    code = exc.code if SMCPProtocolError is not None and isinstance(exc, SMCPProtocolError) else None
    # The refusal's details.reason as the SDK's own error keeps it (SMCPProtocolError.reason, BlobUploadError.reason).
    keeps_reason = tuple(t for t in (SMCPProtocolError, BlobUploadError) if t is not None)
    reason = getattr(exc, "reason", None) if keeps_reason and isinstance(exc, keeps_reason) else None
    return {"type": type(exc).__name__, "code": code, "message": str(exc) or repr(exc),
            "reason": reason if isinstance(reason, str) else None}


def _json(value: Any) -> Any:
    """Pydantic models (CallToolResult) by their wire aliases; dataclasses (PutBlobResult) by their fields;
    TypedDicts / lists from the ack are JSON already."""
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(mode="json", by_alias=True)
    return dataclasses.asdict(value) if dataclasses.is_dataclass(value) and not isinstance(value, type) else value


def _call(client: Any, step: dict[str, Any], office_id: str, computer: str) -> Any:
    do = step["do"]
    if do == "get_tools":
        return client.get_tools_from_computer(computer)
    if do == "get_config":
        return client.get_config_from_computer(computer)
    if do == "get_desktop":
        return client.get_desktop_from_computer(computer)
    if do == "list_room":
        # server:list_room; the SDK keeps only the sessions whose role is "computer" (the Agent itself and
        # other Agents are dropped) and checks the echoed req_id, which it builds as list_computers_<agent>_<office>.
        return client.get_computers_in_office(office_id)
    if do == "tool_call":
        # Returns a CallToolResult on every path (timeout, protocol error, exception become isError results).
        timeout_s = step.get("timeout_s", DEFAULT_TOOL_TIMEOUT_S)
        return client.emit_tool_call(computer, step["tool_name"], step.get("params", {}), timeout_s)
    if do == "put_blob":
        # The SDK's whole upload loop (agent/client.py put_blob → pump_blob): its chunking, declaration and ack pacing.
        return client.put_blob(computer, step["text"].encode("utf-8"), name_hint=step.get("name_hint"), chunk_size=step.get("chunk_size"))
    if do == "get_skill":
        # One SKILL resource; a text one behind a handle comes back read whole (the SDK drains it).
        return client.get_skill(computer, step["name"], step.get("rel_path"))
    if do == "get_blob":
        # The SDK's single-chunk read (its low-level API; a whole read is the SDK's drain).
        return client.get_blob(computer, step["blob_handle"], chunk_offset=step.get("chunk_offset", 0))
    if do == "leave":
        return client.leave_office(office_id, namespace=NAMESPACE)  # an emit, no ack requested
    return asyncio.sleep(step["ms"] / 1000)


async def _session(inp: dict[str, Any]) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + inp["time_box_ms"] / 1000
    office_id, agent_name = inp["office_id"], inp["agent_name"]
    out: dict[str, Any] = {"joined": False, "join_error": None, "steps": [], "notifications": [],
                           "elapsed_ms": 0.0, "raised": None, "stage": None}
    recorder = _Recorder()
    gone = asyncio.Event()
    closing = False
    client: Any = None

    async def on_disconnect(reason: Any = None) -> None:
        if not closing:
            print(f"python adapter: wire.agent {office_id}: disconnected by the Server ({reason})", file=sys.stderr)
            gone.set()

    async def bounded(coro: Any) -> tuple[str, Any]:
        """("ok", value) | ("raised", exc) | ("time_box" | "server_disconnect", None). A step left running is
        not waited for here; the close cancels it."""
        task = asyncio.ensure_future(coro)
        waiter = asyncio.ensure_future(gone.wait())
        try:
            await asyncio.wait({task, waiter}, timeout=max(deadline - loop.time(), 0.0), return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:  # a stray cancel from inside the SDK must not end the session
            _restore_own_cancel_state()
        waiter.cancel()
        if task.done():
            if task.cancelled():
                return "raised", asyncio.CancelledError("the SDK's task was cancelled from inside the SDK")
            return ("raised", task.exception()) if task.exception() is not None else ("ok", task.result())
        return ("server_disconnect" if gone.is_set() else "time_box"), None

    def halted(how: str) -> dict[str, Any]:
        if how == "time_box":
            return {"type": "AdapterTimeBox", "code": None, "message": f"no answer within time_box_ms ({inp['time_box_ms']})"}
        return {"type": "AdapterServerDisconnect", "code": None, "message": "the Server disconnected the Agent"}

    script = inp["script"]
    try:
        try:
            auth = DefaultAgentAuthProvider(agent_id=agent_name, office_id=office_id)
            client = AsyncSMCPAgentClient(auth_provider=auth, event_handler=recorder, reconnection=False, handle_sigint=False)
            client.on("disconnect", on_disconnect, namespace=NAMESPACE)
        except Exception as exc:
            out.update(stage="connect", raised=_raised(exc))
            return out
        for stage, start in (("connect", lambda: client.connect_to_server(inp["url"], namespace=NAMESPACE)),
                             ("join", lambda: client.join_office(office_id, agent_name, namespace=NAMESPACE))):
            how, value = await bounded(start())
            if how != "ok":
                raised = (_connect_raised(value) if stage == "connect" else _raised(value)) if how == "raised" else halted(how)
                out.update(stage=stage, raised=raised)
                if stage == "join":
                    out["join_error"] = out["raised"]["message"]
                out["steps"] = [{"as": s["as"], "outcome": "skipped"} for s in script]
                return out
        out["joined"] = True
        for i, step in enumerate(script):
            entry: dict[str, Any] = {"as": step["as"]}
            method = _METHODS.get(step["do"])
            if method is not None and not callable(getattr(client, method, None)):
                entry.update(outcome="unsupported", reason=f"this a2c-smcp's AsyncSMCPAgentClient has no {method}")
                out["steps"].append(entry)
                continue
            how, value = await bounded(_call(client, step, office_id, step.get("computer", inp["computer_name"])))
            if how == "ok":
                entry.update(outcome="ok", value=_json(value))
            elif how == "raised":
                entry.update(outcome="error", error=_error(value))
            else:
                entry.update(outcome="error", error=halted(how))
                out["steps"].append(entry)
                out["steps"] += [{"as": s["as"], "outcome": "skipped"} for s in script[i + 1:]]
                out.update(stage="script", raised={"type": entry["error"]["type"], "message": entry["error"]["message"]})
                return out
            out["steps"].append(entry)
        return out
    finally:
        closing = True
        await _close(client, out)
        out["notifications"] = list(recorder.seen)


async def _close(client: Any, out: dict[str, Any]) -> None:
    """Bounded teardown: the client's shutdown (DISCONNECT, Engine.IO close), then every task left on this call's
    loop (steps cut short by the time box, the SDK's notification handlers, python-engineio's read/write loops)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + CLOSE_BUDGET_S
    if client is not None:
        closing = asyncio.ensure_future(client.shutdown())
        await _settle({closing}, CLIENT_CLOSE_BOUND_S)
        if closing.done() and not closing.cancelled() and closing.exception() is not None and out["raised"] is None:
            out.update(stage="close", raised=_raised(closing.exception()))
    me = asyncio.current_task()
    await _cancel_strays({t for t in asyncio.all_tasks() if t is not me}, deadline, "wire.agent")
