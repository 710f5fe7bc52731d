"""wire.computer_act (kit-internal): a running wire.computer session's Computer does one lifecycle or management
operation through the SDK's public API (harness/wire/README.md, "Lifecycle acts"). wire_computer.py registers each
session by its office once its Computer and client exist; an act is scheduled on that session's own loop and waited
for here, on this call's worker thread (dispatch.CONCURRENT), bounded by ACT_BOUND_S.

SDK calls (a2c-smcp 0.4.2; 0.3.2 has the same names):
  start:      `Computer.boot_up()` once more on the running Computer (the SDK's start operation);
  disconnect: `SMCPComputerClient.disconnect()` (python-socketio's AsyncClient.disconnect, which the SDK's client is);
  shutdown:   `Computer.shutdown()`, the runtime's one terminal cleanup operation (computer.py: resource refresh,
              SKILL watcher, debouncer, MCP manager); the Socket.IO client is a separate object the SDK does not
              close there, and the adapter adds nothing of its own;
  unmount:    `Computer.aunmount_server_by_id(bundle_id)`, the runtime-only unmount (no durable write);
  state:      unsupported: the SDK exposes no lifecycle state (no such property or call on Computer or its client);
  mount:      `Computer.amount_server(config)`, the runtime-only add-or-update of one server config (no durable write;
              the same bundle_id replaces the mounted entry), given the call's own raw config dict of that server
              with `set` laid over it (the SDK validates it with its own model);
  connect:    `SMCPComputerClient.connect(url)` then `SMCPComputerClient.join_office(office_id)` on the same client and
              Computer, after a disconnect act (the SDK's own connect and join, as the session ran them first);
  leave:      `SMCPComputerClient.leave_office(office_id)` (server:leave_office; the connection, the runtime and the
              calls in flight stay);
  stop:       unsupported: Computer has boot_up and shutdown and no stop operation that halts service activity
              while keeping the runtime (computer.py; the client's disconnect is the SMCP connection only).
  restart:    `Computer.amount_server(config)` with the call's own raw config of that server, unchanged: Computer has
              no restart call of its own, and mounting a running server's bundle_id again is the SDK's restart of
              it (manager.py:345-349 `_arestart_server`, which renders the raw config before it stops the old
              client, :405-421);
  stop_server / start_server: `Computer.mcp_manager.astop_client(bundle_id)` / `.astart_client(bundle_id)`, the
              SDK's stop and start of one MCP server (Computer has none of its own; its public `mcp_manager` is
              the MCPServerManager whose start renders the raw config again, manager.py:452, :513-517);
  set_input:  `Computer.set_input_value(id, value)` for a string value, `Computer.remove_input_value(id)` for null
              (the resolver's cache, which its next render reads first: inputs/resolver.py:212);
  await_created: no SDK call: a start_on_act session (wire_computer.py) has built its Computer (the constructor
              only, nothing booted, connected or joined) and holds it; the answer says so once it does, and the
              session's `start` act then lets it go on to boot_up, connect and join;
  end_scene:  no SDK call: the Server's word that the scene is over, for a session whose Computer ended its own
              connection (the Server cannot disconnect it); the session then ends as if it had (wire_computer.py).
"""
from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass, field
from typing import Any

from .reasons import OpError, Unsupported
from .transport import _raised

ACT_BOUND_S = 5.0
_ACTS = ("start", "disconnect", "shutdown", "unmount", "state", "mount", "stop", "connect", "leave", "restart", "set_input", "stop_server", "start_server", "end_scene", "await_created")


@dataclass
class Live:
    """One running session, as its acts reach it."""

    loop: asyncio.AbstractEventLoop
    computer: Any
    client: Any
    # Set before the Computer ends its own connection: the session then serves until the scene is over.
    self_ended: threading.Event = field(default_factory=threading.Event)
    # The session's own end-of-scene event (wire_computer.py's `gone`), set by an end_scene act.
    scene_over: asyncio.Event | None = None
    # Set once the SDK's join returned: an act waits for it, as a Computer acts once in its office
    # (the Server plays the script as soon as it acked the join, before the SDK has read that ack).
    joined: asyncio.Event = field(default_factory=asyncio.Event)
    # The call's servers as the SDK's raw config dicts (wire_computer._raw_config): what a mount act starts from.
    raws: list[dict[str, Any]] = field(default_factory=list)
    # The Server's URL the session connected to: what a connect act connects to again.
    url: str = ""


_SESSIONS: dict[str, Live] = {}
_LOCK = threading.Lock()


@dataclass
class Held:
    """A start_on_act session: its Computer created and not started, waiting for the start act."""

    loop: asyncio.AbstractEventLoop
    release: asyncio.Event


_HELD: dict[str, Held] = {}
# Notified when a session is held: await_created waits on it instead of polling.
_HELD_CHANGED = threading.Condition(_LOCK)


def hold(office_id: str, held: Held) -> None:
    with _HELD_CHANGED:
        _HELD[office_id] = held
        _HELD_CHANGED.notify_all()


def unhold(office_id: str, held: Held) -> None:
    with _LOCK:
        if _HELD.get(office_id) is held:
            del _HELD[office_id]


def _held_answer(office_id: Any, act: str) -> dict[str, Any] | None:
    """await_created waits (bounded) for its session to be created and held: the act may arrive before the call
    it names. start on a held session releases it. None: the act is for a running session."""
    bound_s = ACT_BOUND_S if act == "await_created" else 0.0
    with _HELD_CHANGED:
        _HELD_CHANGED.wait_for(lambda: isinstance(office_id, str) and office_id in _HELD, timeout=bound_s)
        held = _HELD.get(office_id) if isinstance(office_id, str) else None
    if act == "await_created":
        if held is None:
            raise OpError("unclassified", f"no wire.computer call holds a created Computer for office {office_id!r}", "AdapterNoSession")
        return {"done": True, "raised": None, "api": "Computer(...) created, boot_up not called"}
    if held is not None and act == "start":
        held.loop.call_soon_threadsafe(held.release.set)
        return {"done": True, "raised": None, "api": "Computer.boot_up (the held session goes on)"}
    return None


def register(office_id: str, live: Live) -> None:
    with _LOCK:
        _SESSIONS[office_id] = live


def unregister(office_id: str, live: Live) -> None:
    with _LOCK:
        if _SESSIONS.get(office_id) is live:
            del _SESSIONS[office_id]


def run(inp: dict[str, Any]) -> dict[str, Any]:
    office_id, act = inp.get("office_id"), inp.get("act")
    if act not in _ACTS:
        raise OpError("unclassified", f"act must be one of {_ACTS}, got {act!r}", "AdapterBadInput")
    if act == "state":
        raise Unsupported("a2c-smcp exposes no lifecycle state: Computer and SMCPComputerClient have no state property or call")
    if act == "stop":
        raise Unsupported("a2c-smcp has no runtime stop: Computer offers boot_up and shutdown only")
    held_answer = _held_answer(office_id, act) if act in ("await_created", "start") else None
    if held_answer is not None:
        return held_answer
    with _LOCK:
        live = _SESSIONS.get(office_id) if isinstance(office_id, str) else None
    if live is None:
        raise OpError("unclassified", f"no wire.computer call is running for office {office_id!r}", "AdapterNoSession")
    if act == "end_scene":
        if live.scene_over is not None:
            live.loop.call_soon_threadsafe(live.scene_over.set)
        return {"done": True, "raised": None, "api": "end_scene (the kit's Server; no SDK call)"}
    bundle_id = inp.get("bundle_id")
    if act in ("unmount", "mount", "restart", "stop_server", "start_server") and not isinstance(bundle_id, str):
        raise OpError("unclassified", f"{act} needs a bundle_id", "AdapterBadInput")
    mount_config = _mount_config(live, bundle_id, inp.get("set")) if act in ("mount", "restart") else None
    if act == "set_input":
        return _set_input(live, inp.get("input_id"), inp.get("value"))
    api = _API[act]

    async def once_joined() -> None:
        await live.joined.wait()
        if act in ("disconnect", "shutdown"):
            live.self_ended.set()
        if act == "connect":
            await live.client.connect(live.url)
            await live.client.join_office(office_id)
            return
        if act == "leave":
            await live.client.leave_office(office_id)
            return
        await _sdk_call(live, act, bundle_id, mount_config)

    future = asyncio.run_coroutine_threadsafe(once_joined(), live.loop)
    try:
        future.result(timeout=ACT_BOUND_S)
    except TimeoutError:
        future.cancel()
        return {"done": False, "raised": {"type": "TimeoutError", "message": f"{api} had not returned after {ACT_BOUND_S} s"}, "api": api}
    except Exception as exc:  # the SDK raised: its type and message are the answer's evidence
        return {"done": False, "raised": _raised(exc), "api": api}
    return {"done": True, "raised": None, "api": api}


_API = {
    "start": "Computer.boot_up",
    "disconnect": "SMCPComputerClient.disconnect",
    "shutdown": "Computer.shutdown",
    "unmount": "Computer.aunmount_server_by_id",
    "mount": "Computer.amount_server",
    "stop_server": "Computer.mcp_manager.astop_client",
    "start_server": "Computer.mcp_manager.astart_client",
    "restart": "Computer.amount_server (the same raw config: the SDK's restart of a running server)",
    "connect": "SMCPComputerClient.connect + SMCPComputerClient.join_office",
    "leave": "SMCPComputerClient.leave_office",
}


def _sdk_call(live: Live, act: str, bundle_id: str | None, mount_config: Any = None) -> Any:
    if act == "start":
        return live.computer.boot_up()
    if act == "disconnect":
        return live.client.disconnect()
    if act == "shutdown":
        return live.computer.shutdown()
    if act in ("mount", "restart"):
        return live.computer.amount_server(mount_config)
    if act == "stop_server":
        return live.computer.mcp_manager.astop_client(bundle_id)
    if act == "start_server":
        return live.computer.mcp_manager.astart_client(bundle_id)
    return live.computer.aunmount_server_by_id(bundle_id)


def _set_input(live: Live, input_id: Any, value: Any) -> dict[str, Any]:
    """The set_input act: the SDK's input-value API, on the session's loop (the resolver is that loop's)."""
    if not isinstance(input_id, str) or not (value is None or isinstance(value, str)):
        raise OpError("unclassified", "set_input needs an input_id and a string or null value", "AdapterBadInput")
    api = "Computer.set_input_value" if value is not None else "Computer.remove_input_value"

    async def change() -> bool:
        await live.joined.wait()
        if value is None:
            return live.computer.remove_input_value(input_id)
        return live.computer.set_input_value(input_id, value)

    future = asyncio.run_coroutine_threadsafe(change(), live.loop)
    try:
        took = future.result(timeout=ACT_BOUND_S)
    except TimeoutError:
        future.cancel()
        return {"done": False, "raised": {"type": "TimeoutError", "message": f"{api} had not returned after {ACT_BOUND_S} s"}, "api": api}
    except Exception as exc:  # the SDK raised: its type and message are the answer's evidence
        return {"done": False, "raised": _raised(exc), "api": api}
    if not took:
        return {"done": False, "raised": {"type": "NotDeclared", "message": f"{api} returned False for {input_id!r}"}, "api": api}
    return {"done": True, "raised": None, "api": api}


def _mount_config(live: Live, bundle_id: Any, overrides: Any) -> Any:
    """The call's raw config of `bundle_id` with `set` laid over it (amount_server validates it with the SDK's own model)."""
    if overrides is not None and not isinstance(overrides, dict):
        raise OpError("unclassified", f"set must be an object, got {overrides!r}", "AdapterBadInput")
    raw = next((r for r in live.raws if r.get("bundle_id") == bundle_id), None)
    if raw is None:
        raise OpError("unclassified", f"the call gave no server with bundle_id {bundle_id!r}", "AdapterBadInput")
    return {**raw, **(overrides or {})}
