"""wire.server: the SDK's own A2C-SMCP Server on 127.0.0.1, for the harness's scripted Computers and Agents
(harness/wire/README.md, "The adapter's side: `wire.server`").

SDK path, public API only:
  assemble: `a2c_smcp.testing.create_local_async_server()`, the SDK's published recipe for a real signalling
            Server (its README, "下游 e2e 测试支持"): `socketio.AsyncServer(async_mode="asgi", …)` with the SDK's
            `SMCPNamespace` (/smcp) under its `PermissiveAuthenticationProvider` (admits every connection; the
            kit's clients send `auth: {}`), wrapped in `A2CProtocolVersionASGIMiddleware` (the a2c_version HTTP
            check, HTTP 400 before Socket.IO sees the request). It returns (sio, namespace, ASGI app).
  auth_hook: with `refuse` the namespace's hook is the SDK's `DefaultAuthenticationProvider` with an admin secret
            drawn at random (its `auth_provider`, the constructor's argument, replaced before any client
            connects): the kit's clients send `auth: {}`, so the SDK's own hook refuses every one of them.
  serve:    uvicorn (installed with the SDK, via mcp) runs that app on a socket the adapter binds to
            ("127.0.0.1", 0): the OS picks the port, and it is known before the listener accepts. The SDK's own
            runner (`a2c_smcp.testing.UvicornTestServer`) takes a fixed port only (`pick_free_port` closes the
            port before uvicorn binds it) and has no bounded stop, so it is not used.
  stop:     python-socketio's `sio.disconnect(sid, namespace)` for every participant (a Socket.IO DISCONNECT:
            "io server disconnect", clients do not reconnect; the SDK's `on_disconnect` runs), a short pause for
            long-poll GETs to carry it out, `sio.eio.disconnect()` (every Engine.IO session closed, so no pending
            long-poll holds the HTTP server), `sio.shutdown()`, then uvicorn's `should_exit` (listener closed,
            connections shut down), each step bounded; the answer is out within STOP_BUDGET_S (< 5 s).

Concurrency: every Server runs on one long-lived asyncio loop on a daemon thread of its own (_Host). The op is
CONCURRENT (dispatch.py): each call runs on a worker thread that schedules its coroutine on that loop and waits
for it, so the main thread keeps answering other operations. A Server stops by itself time_box_ms after start
(a timer on the loop); a later `stop` of its id answers from the record.

Files: none. Logging: uvicorn's own logging is not configured (log_config=None, no access log, level warning:
its rare warnings reach stderr through logging's last-resort handler); the SDK's WARNING+ records from the
loop's thread (e.g. "A2C handshake rejected") are copied to stderr as evidence; stdout stays the protocol's.
"""
from __future__ import annotations

import asyncio
import itertools
import logging
import secrets
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from .reasons import OpError, Unsupported
from .sdk import PROTOCOL_VERSION, log_text

try:  # a2c-smcp 0.4.x publishes the recipe; an SDK without it has no documented way to assemble its Server
    from a2c_smcp.testing import create_local_async_server
except ImportError:  # pragma: no cover (0.3.2)
    create_local_async_server = None  # type: ignore[assignment]

START_BOUND_S = 5.0           # bind + uvicorn startup; the answer is due "promptly"
STOP_BUDGET_S = 4.0           # the whole stop (the contract: within 5 s)
DISCONNECT_BOUND_S = 1.0      # Socket.IO DISCONNECT to every participant (the SDK's on_disconnect runs per client)
FLUSH_S = 0.2                 # lets a pending long-poll GET / the websocket carry the DISCONNECT out
ENGINE_CLOSE_BOUND_S = 0.5    # Engine.IO sessions closed
# uvicorn's timeout_graceful_shutdown (an int in its signature), after which it cancels the requests still running.
# Needed: a polling client that got the DISCONNECT sends an Engine.IO CLOSE, which python-engineio handles with
# close(abort=True), leaving the client's next long-poll GET waiting ping_interval + ping_timeout (3 + 5 s under the
# SDK's recipe) on a session that no longer exists; nothing public wakes it, so uvicorn cuts it after GRACEFUL_S.
GRACEFUL_S = 1

_ACTIONS = ("start", "stop")
_KEYS = frozenset({"action", "time_box_ms", "server_id", "auth_hook"})


def _refuse(message: str) -> OpError:
    return OpError("unclassified", message, "AdapterBadInput")


@dataclass
class _Server:
    server_id: str
    port: int
    started: float                      # time.monotonic() at start
    sio: Any = None
    uv: Any = None                      # uvicorn.Server
    task: asyncio.Task | None = None    # uv.serve()
    timer: asyncio.TimerHandle | None = None
    stopping: asyncio.Task | None = None
    ended: float | None = None          # time.monotonic() when the stop completed
    stopped_by: str | None = None       # "stop" | "time_box" | "adapter_exit"
    notes: list[str] = field(default_factory=list)


class _LoopLog(logging.Handler):
    """The SDK's WARNING+ records emitted on the Servers' loop thread, on stderr."""

    def __init__(self, thread: int) -> None:
        super().__init__(level=logging.WARNING)
        self._thread = thread

    def emit(self, record: logging.LogRecord) -> None:
        if record.thread == self._thread:
            print(f"python adapter: wire.server: {record.levelname} {record.name}: {log_text(record)}", file=sys.stderr)


class _Host:
    """One asyncio loop on a daemon thread, started on first use, hosting every Server."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.servers: dict[str, _Server] = {}
        self._ids = itertools.count(1)

    def next_id(self) -> str:
        return f"s{next(self._ids)}"

    def ensure(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self.loop is None:
                loop = asyncio.new_event_loop()
                ready = threading.Event()

                def main() -> None:
                    asyncio.set_event_loop(loop)
                    logging.getLogger("a2c_smcp").addHandler(_LoopLog(threading.get_ident()))
                    loop.call_soon(ready.set)
                    loop.run_forever()

                threading.Thread(target=main, name="wire.server-loop", daemon=True).start()
                ready.wait()
                self.loop = loop
            return self.loop

    def run(self, coro: Any, timeout_s: float) -> Any:
        future = asyncio.run_coroutine_threadsafe(coro, self.ensure())
        try:
            return future.result(timeout_s)
        except TimeoutError:
            future.cancel()
            raise


_HOST = _Host()


def run(inp: dict[str, Any]) -> dict[str, Any]:
    if create_local_async_server is None:
        raise Unsupported("this a2c-smcp has no a2c_smcp.testing.create_local_async_server (the SDK's Server recipe)")
    if not isinstance(inp, dict):
        raise _refuse(f"input must be an object, got {inp!r}")
    extra = sorted(set(inp) - _KEYS)
    if extra:
        raise _refuse(f"unknown input field(s) {extra}")
    action = inp.get("action")
    if action == "start":
        box_ms = inp.get("time_box_ms")
        if type(box_ms) is not int or not 1000 <= box_ms <= 60000:
            raise _refuse(f"start: time_box_ms must be an integer from 1000 to 60000, got {box_ms!r}")
        auth_hook = inp.get("auth_hook")
        if auth_hook not in (None, "refuse"):
            raise _refuse(f"start: auth_hook must be \"refuse\" or absent, got {auth_hook!r}")
        return _HOST.run(_start(box_ms / 1000, auth_hook == "refuse"), START_BOUND_S + 1.0)
    if action == "stop":
        server_id = inp.get("server_id")
        if not isinstance(server_id, str) or not server_id:
            raise _refuse(f"stop: server_id must be a non-empty string, got {server_id!r}")
        if server_id not in _HOST.servers:
            raise _refuse(f"stop: no Server was started under {server_id!r}")
        return _HOST.run(_stop(server_id), STOP_BUDGET_S + 0.8)
    raise _refuse(f"action must be one of {list(_ACTIONS)}, got {action!r}")


async def _start(box_s: float, refuse_auth: bool) -> dict[str, Any]:
    import uvicorn  # mcp's dependency: imported with the first Server, not with the adapter

    started = time.monotonic()
    sio, namespace, app = create_local_async_server()
    if refuse_auth:
        from a2c_smcp.server import DefaultAuthenticationProvider

        namespace.auth_provider = DefaultAuthenticationProvider(admin_secret=secrets.token_hex(16))
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    uv: Any = None
    task: asyncio.Task | None = None
    try:
        sock.bind(("127.0.0.1", 0))  # listen() comes with uvicorn's create_server(sock=…)
        port = sock.getsockname()[1]
        config = uvicorn.Config(
            app, lifespan="off", log_config=None, access_log=False, log_level="warning",
            timeout_graceful_shutdown=GRACEFUL_S,
        )
        uv = uvicorn.Server(config)
        task = asyncio.ensure_future(uv.serve(sockets=[sock]))
        deadline = time.monotonic() + START_BOUND_S
        while not uv.started:
            if task.done():
                task.result()  # raises what stopped it
                raise RuntimeError("uvicorn returned before it started")
            if time.monotonic() > deadline:
                raise TimeoutError(f"uvicorn had not started after {START_BOUND_S} s")
            await asyncio.sleep(0.01)
    except BaseException:  # also a cancel from run()'s own bound: nothing of this Server stays behind
        if task is not None and not task.done():
            uv.should_exit = uv.force_exit = True
            task.cancel()
        sock.close()
        raise
    server = _Server(_HOST.next_id(), port, started, sio=sio, uv=uv, task=task)
    _HOST.servers[server.server_id] = server
    loop = asyncio.get_running_loop()
    server.timer = loop.call_later(max(box_s - (time.monotonic() - started), 0.0), _begin_stop, server, "time_box")
    return {"url": f"http://127.0.0.1:{port}", "server_id": server.server_id, "a2c_version": PROTOCOL_VERSION}


def _begin_stop(server: _Server, by: str) -> asyncio.Task:
    """The Server's one shutdown task (a stop and the time box may race: both await the same task)."""
    if server.stopping is None:
        server.stopped_by = by
        if server.timer is not None:
            server.timer.cancel()
        server.stopping = asyncio.ensure_future(_shutdown(server))
    return server.stopping


async def _stop(server_id: str) -> dict[str, Any]:
    server = _HOST.servers[server_id]
    await asyncio.shield(_begin_stop(server, "stop"))
    assert server.ended is not None
    out: dict[str, Any] = {"stopped": True, "elapsed_ms": round((server.ended - server.started) * 1000, 1)}
    if server.stopped_by != "stop":
        print(f"python adapter: wire.server {server_id}: already stopped by its {server.stopped_by}", file=sys.stderr)
    return out


async def _bounded(coro: Any, bound_s: float, what: str, server: _Server) -> None:
    try:
        await asyncio.wait_for(coro, max(bound_s, 0.05))
    except asyncio.TimeoutError:
        server.notes.append(f"{what}: not done after {bound_s:.2f} s")
    except Exception as exc:  # evidence only: the stop goes on
        server.notes.append(f"{what}: {type(exc).__name__}: {exc}")


async def _disconnect_all(sio: Any) -> None:
    for namespace in list(sio.manager.get_namespaces()):
        for sid, _eio_sid in list(sio.manager.get_participants(namespace, None)):
            await sio.disconnect(sid, namespace=namespace)


async def _shutdown(server: _Server) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + STOP_BUDGET_S - 0.1
    left = lambda: deadline - loop.time()  # noqa: E731
    sio, uv, task = server.sio, server.uv, server.task
    try:
        await _bounded(_disconnect_all(sio), min(DISCONNECT_BOUND_S, left()), "Socket.IO disconnect", server)
        await asyncio.sleep(min(FLUSH_S, max(left(), 0.0)))
        if sio.eio.sockets:  # engineio's disconnect() of all sessions awaits asyncio.wait([]) when there are none
            await _bounded(sio.eio.disconnect(), min(ENGINE_CLOSE_BOUND_S, left()), "Engine.IO close", server)
        await _bounded(sio.shutdown(), min(0.3, left()), "sio.shutdown()", server)
        uv.should_exit = True  # uvicorn: closes the listener, shuts connections down, waits up to GRACEFUL_S
        if task is not None and not task.done():
            done, _ = await asyncio.wait({task}, timeout=max(left(), 0.05))
            if not done:
                server.notes.append("uvicorn had not returned within the stop budget: cancelled")
                uv.force_exit = True
                task.cancel()
                await asyncio.wait({task}, timeout=0.1)
        if task is not None and task.done() and not task.cancelled() and task.exception() is not None:
            exc = task.exception()
            server.notes.append(f"uvicorn ended with {type(exc).__name__}: {exc}")
        for listener in getattr(uv, "servers", []):  # uvicorn closed them; make sure
            listener.close()
    finally:
        server.ended = time.monotonic()
        server.sio = server.uv = server.task = None
        for note in server.notes:
            print(f"python adapter: wire.server {server.server_id}: {note}", file=sys.stderr)


def close() -> None:
    """Adapter exit: stop every Server still running (bounded), then the loop."""
    loop = _HOST.loop
    if loop is None:
        return

    async def stop_all() -> None:
        running = [_begin_stop(s, "adapter_exit") for s in _HOST.servers.values() if s.ended is None]
        if running:
            await asyncio.wait(running, timeout=STOP_BUDGET_S + 0.5)

    try:
        asyncio.run_coroutine_threadsafe(stop_all(), loop).result(STOP_BUDGET_S + 1.0)
    except Exception:  # a stuck stop must not hold the exit: the loop thread is a daemon
        pass
    loop.call_soon_threadsafe(loop.stop)
