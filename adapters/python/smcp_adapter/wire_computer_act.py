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
  state:      unsupported: the SDK exposes no lifecycle state (no such property or call on Computer or its client).
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
_ACTS = ("start", "disconnect", "shutdown", "unmount", "state", "end_scene")


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


_SESSIONS: dict[str, Live] = {}
_LOCK = threading.Lock()


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
    with _LOCK:
        live = _SESSIONS.get(office_id) if isinstance(office_id, str) else None
    if live is None:
        raise OpError("unclassified", f"no wire.computer call is running for office {office_id!r}", "AdapterNoSession")
    if act == "end_scene":
        if live.scene_over is not None:
            live.loop.call_soon_threadsafe(live.scene_over.set)
        return {"done": True, "raised": None, "api": "end_scene (the kit's Server; no SDK call)"}
    bundle_id = inp.get("bundle_id")
    if act == "unmount" and not isinstance(bundle_id, str):
        raise OpError("unclassified", "unmount needs a bundle_id", "AdapterBadInput")
    api = _API[act]

    async def once_joined() -> None:
        await live.joined.wait()
        if act in ("disconnect", "shutdown"):
            live.self_ended.set()
        await _sdk_call(live, act, bundle_id)

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
}


def _sdk_call(live: Live, act: str, bundle_id: str | None) -> Any:
    if act == "start":
        return live.computer.boot_up()
    if act == "disconnect":
        return live.client.disconnect()
    if act == "shutdown":
        return live.computer.shutdown()
    return live.computer.aunmount_server_by_id(bundle_id)
