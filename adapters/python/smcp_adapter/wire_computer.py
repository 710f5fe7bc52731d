"""wire.computer: the SDK's own Computer, served over the SDK's own Socket.IO client, against the harness's
A2C-SMCP Server scene (harness/wire/README.md).

SDK path, public API only:
  1. start:   each call server → TypeAdapter(MCPServerConfig) model (`StreamableHttpServerConfig`, type
              `streamable`, server_parameters = mcp's StreamableHttpParameters{url, headers}; or
              `StdioServerConfig`, type `stdio`, mcp's StdioServerParameters{command, args, env, cwd?}: the kit's
              bridge, which the SDK's own stdio client starts), then
              `Computer(name, mcp_servers={…}, inputs=set(), …)` and `await computer.boot_up()` (its
              MCPServerManager connects the auto_connect clients); when the harness gives `landing_root`
              (a folder of its own), the Computer gets it as a deployment does: `landingRoot` in the
              flag-scope settings file (the constructor's `flag_settings_path`); the constructor's
              `blob_thresholds` (`BlobThresholds`, computer/blob/thresholds.py) is the SDK's default, with
              `too_large_cap` from the harness's `skill_max_bytes` (the SDK's own knob for the SKILL size
              limit) and `upload_max_concurrent` / `upload_idle_timeout_seconds` from its `upload_limits`;
  2. connect: `SMCPComputerClient(computer=computer, reconnection=False, handle_sigint=False)` (the last
              two are python-socketio's own constructor options: no reconnect after the Server ends the
              session, no SIGINT handler from a worker thread), `await client.connect(url)` (the URL as given,
              the case's smcp_case query included; the SDK adds a2c_version and its transports; the adapter
              adds no query or header, and an auth only when the call gives `connect_auth`:
              `client.connect(url, auth=connect_auth)`, the caller's business fields);
  3. join:    `await client.join_office(office_id)` (joins as `computer.name`);
  4. serve:   the SDK's client:* handlers answer until python-socketio's `disconnect` event fires for
              /smcp (registered with the client's public `on`) or the time box ends;
  5. close:   `client.shutdown()`, then `computer.shutdown()`, then every task left on the call's loop is
              cancelled, each step bounded, so the answer is out by time_box_ms + CLOSE_BUDGET_S (< 5 s).

Files: everything the SDK would write goes under one temporary folder created and removed per call:
blob_cache_root, skill_home, project_root, the flag-scope settings.json (only landingRoot, only when the harness gives
a landing root), and the `env` mapping, which holds only XDG_CONFIG_HOME and
XDG_DATA_HOME pointing into that folder. It is not `{}` on purpose: with an empty env the SDK's user-scope
settings path falls back to the real ~/.config/a2c/settings.json, and boot_up's one-time governance
migration (`migrate_legacy_installs`) *writes* that file (`installedPlugins: []`) plus a `.lock` beside it.
Nothing of the real environment is passed. The input resolver is the adapter's headless one (headless.py);
the call's secret `inputs` (promptString, password) are its pool and the Computer's `inputs`, and their
`input_values` go in through `computer.set_input_value` before boot_up renders the configs. With
`count_input_resolutions` the resolver is headless.CountingResolver (the SDK's InputResolver subclassed,
the Computer's own `input_resolver` hook), and the answer's `input_resolutions` gives its aresolve_by_id
calls over the call by declared input id.

Concurrency: `run` is synchronous and owns a fresh asyncio loop, so protocol.py runs each call on a worker
thread of its own (several calls at once, one office each) while the main thread keeps answering other
operations on dispatch's loop; answers go through the Outbox (thread-safe). All tasks on a call's loop are
that call's, so the bounded close can reap them without touching another call.
"""
from __future__ import annotations

import asyncio
import json
import logging
import re
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from a2c_smcp.computer.socketio.client import SMCPComputerClient

from . import spawn_lock, wire_computer_act
from .headless import headless_resolver
from .reasons import OpError
from .sdk import CONFIG_ADAPTER, BlobThresholds, Computer, MCPServerPromptStringInput, log_text
from .transport import _cancel_strays, _no_proxy_from_env, _raised, _settle

spawn_lock.install()  # stdio mounts from several call threads at once (spawn_lock.py)

# The whole close ends within this; the answer is due by time_box_ms + 5 s.
CLOSE_BUDGET_S = 4.0
CLIENT_CLOSE_BOUND_S = 1.0    # client.shutdown(): a DISCONNECT packet and the Engine.IO close
COMPUTER_CLOSE_BOUND_S = 2.0  # computer.shutdown(): watcher, debouncer, MCPServerManager.aclose() (can hang, transport.py)

# The case's secret may ride in the query (harness/wire/case-seal.ts): passed to the SDK unchanged, whose
# build_handshake_url keeps it, so the harness's Server admits this Computer and no other process.
# A wire.agent scene may add an a2c_version after the secret, as user code would (the SDK must set its own).
_SERVER_URL = re.compile(r"^http://127\.0\.0\.1:(?P<port>[0-9]{1,5})(?:/\?smcp_case=[0-9a-f]{32}(?:&a2c_version=[0-9]+\.[0-9]+\.[0-9]+)?)?$")
SERVER_URL_SHAPE = "http://127.0.0.1:<port>[/?smcp_case=<hex>[&a2c_version=<x.y.z>]]"
_MCP_URL = re.compile(r"^http://127\.0\.0\.1:(?P<port>[0-9]{1,5})/c/[A-Za-z0-9_.-]{1,120}/mcp$")
_OPTIONAL_FIELDS = ("bundle_id", "disabled", "forbidden_tools", "tool_meta")


def _refuse(message: str, raw_type: str = "AdapterBadInput") -> OpError:
    return OpError("unclassified", message, raw_type)


def _loopback(url: Any, pattern: re.Pattern[str], shape: str) -> str:
    m = pattern.match(url) if isinstance(url, str) else None
    if m is None or not 1 <= int(m["port"]) <= 65535:
        raise _refuse(f"the python adapter connects only to the harness's loopback URLs ({shape}), got {url!r}", "AdapterRefusedUrl")
    return url


def _kit_stdio_parameters(server: dict[str, Any]) -> dict[str, Any]:
    """A stdio server's parameters: only the kit's bridge (node + mcp-stdio-bridge.mjs + a loopback case
    URL, harness/transport/stdio-bridge.ts) is ever started; any other command is refused unrun."""
    command, args, env, cwd = server.get("command"), server.get("args"), server.get("env"), server.get("cwd")
    ok = (
        isinstance(command, str) and Path(command).is_absolute() and re.fullmatch(r"node(\.exe)?", Path(command).name) is not None
        and isinstance(args, list) and len(args) == 2 and all(isinstance(a, str) for a in args)
        and Path(args[0]).is_absolute() and Path(args[0]).name == "mcp-stdio-bridge.mjs"
        and _MCP_URL.match(args[1]) is not None
        and (env is None or (isinstance(env, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in env.items())))
        # A working directory the harness planted (harness/wire/unusable-cwd.ts): only where the process would run.
        and (cwd is None or (isinstance(cwd, str) and Path(cwd).is_absolute()))
    )
    if not ok:
        raise _refuse(f"the python adapter starts only the kit's stdio bridge, got {[command, *(args or [])]!r}", "AdapterRefusedCommand")
    params: dict[str, Any] = {"command": command, "args": args}
    if env is not None:
        params["env"] = env
    if cwd is not None:
        params["cwd"] = cwd
    return params


def _raw_config(server: Any) -> dict[str, Any]:
    """One call server as the SDK's config dict (what a2c-smcp's own mcp.json carries: `streamable` or `stdio`)."""
    if not isinstance(server, dict):
        raise _refuse(f"each server must be an object, got {server!r}")
    kind = server.get("type")
    if kind == "stdio":
        raw: dict[str, Any] = {"type": "stdio", "name": server.get("name"), "server_parameters": _kit_stdio_parameters(server)}
    elif kind == "streamable_http":
        params: dict[str, Any] = {"url": _loopback(server.get("url"), _MCP_URL, "http://127.0.0.1:<port>/c/<id>/mcp")}
        if "headers" in server:
            params["headers"] = server["headers"]
        raw = {"type": "streamable", "name": server.get("name"), "server_parameters": params}
    else:
        raise _refuse(f"server type must be streamable_http or stdio, got {kind!r}")
    raw.update({key: server[key] for key in _OPTIONAL_FIELDS if key in server})
    return raw


def _secret_inputs(inp: dict[str, Any]) -> tuple[list[Any], dict[str, str]]:
    """The call's declared secret inputs as the SDK's own models (a promptString with password: true) and
    their values; a config names each as ${input:<id>} (harness/wire/secret-input.ts)."""
    declared, values = inp.get("inputs") or [], inp.get("input_values") or {}
    if not isinstance(declared, list) or not isinstance(values, dict):
        raise _refuse("inputs must be a list and input_values an object")
    pool = [MCPServerPromptStringInput(id=d["id"], description=d["description"], password=True) for d in declared]
    return pool, {key: value for key, value in values.items() if isinstance(value, str)}


class _StderrLog(logging.Handler):
    """The SDK's WARNING+ records of this call's thread, on stderr (evidence; stdout is the protocol)."""

    def __init__(self, tag: str) -> None:
        super().__init__(level=logging.WARNING)
        self._thread, self._tag = threading.get_ident(), tag

    def emit(self, record: logging.LogRecord) -> None:
        if record.thread == self._thread:
            print(f"python adapter: {self._tag}: {record.levelname} {record.name}: {log_text(record)}", file=sys.stderr)


def run(inp: dict[str, Any]) -> dict[str, Any]:
    url = _loopback(inp.get("url"), _SERVER_URL, SERVER_URL_SHAPE)
    office_id, name, box_ms = inp.get("office_id"), inp.get("computer_name"), inp.get("time_box_ms")
    if not isinstance(office_id, str) or not office_id or not isinstance(name, str) or not name:
        raise _refuse("office_id and computer_name must be non-empty strings")
    if type(box_ms) is not int or not 1000 <= box_ms <= 60000:
        raise _refuse(f"time_box_ms must be an integer from 1000 to 60000, got {box_ms!r}")
    servers = inp.get("servers")
    if not isinstance(servers, list):
        raise _refuse("servers must be a list")
    raws = [_raw_config(s) for s in servers]  # every URL checked before anything starts
    # A server marked mount_later is no part of the Computer's construction: only a mount act adds it
    # (Computer.amount_server, wire_computer_act.py), from `raws`, which keeps every server of the call.
    later = [s.get("mount_later") is True for s in servers]
    secrets = _secret_inputs(inp)
    landing_root = inp.get("landing_root")
    if landing_root is not None and (not isinstance(landing_root, str) or not Path(landing_root).is_absolute() or not Path(landing_root).is_dir()):
        raise _refuse(f"landing_root must be the absolute path of an existing folder, got {landing_root!r}")
    thresholds = _thresholds(inp.get("upload_limits"), inp.get("skill_max_bytes"))
    connect_auth = inp.get("connect_auth")
    if connect_auth is not None and (not isinstance(connect_auth, dict) or not all(isinstance(v, str) for v in connect_auth.values())):
        raise _refuse(f"connect_auth must be an object of strings, got {connect_auth!r}")
    _no_proxy_from_env()

    started = time.monotonic()
    home = Path(tempfile.mkdtemp(prefix="smcp-wire-"))
    log = _StderrLog(f"wire.computer {office_id}")
    sdk_logger = logging.getLogger("a2c_smcp")
    sdk_logger.addHandler(log)
    # count_input_resolutions: the Computer's input_resolver counts its calls into this (headless.CountingResolver).
    calls: dict[str, int] | None = {} if inp.get("count_input_resolutions") is True else None
    loop = asyncio.new_event_loop()
    try:
        out = loop.run_until_complete(
            _session(
                url, office_id, name, raws, box_ms / 1000, home, landing_root, thresholds, secrets,
                connect_auth=connect_auth, later=later, start_on_act=inp.get("start_on_act") is True, calls=calls,
            )
        )
    finally:
        try:
            loop.run_until_complete(asyncio.wait_for(loop.shutdown_default_executor(), 1.0))
        except Exception:  # an executor job still running: its thread is abandoned with the loop
            pass
        loop.close()
        sdk_logger.removeHandler(log)
        shutil.rmtree(home, ignore_errors=True)
    out["elapsed_ms"] = round((time.monotonic() - started) * 1000, 1)
    if calls is not None:
        out["input_resolutions"] = {declared.id: calls.get(declared.id, 0) for declared in secrets[0]}
    return out


async def _session(
    url: str,
    office_id: str,
    name: str,
    raws: list[dict[str, Any]],
    box_s: float,
    home: Path,
    landing_root: str | None,
    thresholds: Any,
    secrets: tuple[list[Any], dict[str, str]] = ([], {}),
    connect_auth: dict[str, str] | None = None,
    later: list[bool] | None = None,
    start_on_act: bool = False,
    calls: dict[str, int] | None = None,
) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + box_s
    out: dict[str, Any] = {"joined": False, "ended": "time_box", "stage": None, "elapsed_ms": 0.0, "raised": None}
    gone = asyncio.Event()  # python-socketio's `disconnect` event for /smcp fired (the Server ended it)
    closing = False
    computer: Any = None
    client: Any = None
    running: asyncio.Task | None = None
    live: wire_computer_act.Live | None = None

    async def on_disconnect(reason: Any = None) -> None:
        # The Computer ending its own connection (a disconnect or shutdown act) is no end of the scene:
        # the session then serves until the Server says it is over (end_scene) or the time box ends
        # (wire_computer_act.py).
        if live is not None and live.self_ended.is_set() and reason == "client disconnect":
            return
        if not closing:
            print(f"python adapter: wire.computer {office_id}: disconnected by the Server ({reason})", file=sys.stderr)
            gone.set()

    async def step(stage: str, coro: Any) -> bool:
        """Runs one SDK step until it returns (True), raises, the Server disconnects, or the time box ends.
        asyncio.wait neither cancels nor waits for the step: a hung SDK step is cancelled in the bounded close."""
        nonlocal running
        task = asyncio.ensure_future(coro)
        waiter = asyncio.ensure_future(gone.wait())
        try:
            await asyncio.wait({task, waiter}, timeout=max(deadline - loop.time(), 0.0), return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:  # nobody here cancels this task: a stray cancel from the SDK's anyio machinery
            _restore_own_cancel_state()
        waiter.cancel()
        if task.done():
            if not task.cancelled() and task.exception() is None:
                return True
            exc = task.exception() if not task.cancelled() else asyncio.CancelledError("the SDK's task was cancelled from inside the SDK")
            out.update(ended="error", stage=stage, raised=_raised(exc))
            return False
        running = task
        out["ended"] = "server_disconnect" if gone.is_set() else "time_box"
        return False

    try:
        try:
            built = [raw for i, raw in enumerate(raws) if not (later and later[i])]
            configs = [CONFIG_ADAPTER.validate_python(raw) for raw in built]  # the SDK's own config model
            pool, input_values = secrets
            resolver, _ = headless_resolver(pool, calls=calls)
            (home / "project").mkdir()
            flag_settings = _flag_settings(home, landing_root)
            computer = Computer(
                name, inputs=set(pool), mcp_servers=set(configs), input_resolver=resolver,
                blob_cache_root=home / "blobs", blob_thresholds=thresholds, skill_home=home / "skills",
                env={"XDG_CONFIG_HOME": str(home / "xdg-config"), "XDG_DATA_HOME": str(home / "xdg-data")},
                project_root=home / "project", flag_settings_path=flag_settings,
            )
            for input_id, value in input_values.items():  # the SDK's own input-value API, before anything renders
                if not computer.set_input_value(input_id, value):
                    raise _refuse(f"the SDK did not take a value for declared input {input_id!r}")
        except Exception as exc:  # the SDK refused the configs or the Computer
            out.update(ended="error", stage="start", raised=_raised(exc))
            return out
        if start_on_act:  # created, held unstarted until the Server's start act (wire_computer_act.py)
            held = wire_computer_act.Held(loop=loop, release=asyncio.Event())
            wire_computer_act.hold(office_id, held)
            try:
                if not await step("start", held.release.wait()):
                    return out
            finally:
                wire_computer_act.unhold(office_id, held)
        if not await step("start", computer.boot_up()):
            return out
        try:
            client = SMCPComputerClient(computer=computer, reconnection=False, handle_sigint=False)
            client.on("disconnect", on_disconnect, namespace=client.namespace)
        except Exception as exc:
            out.update(ended="error", stage="connect", raised=_raised(exc))
            return out
        # The caller's business auth goes through the SDK's connect (python-socketio's `auth`); none: the SDK's default.
        if not await step("connect", client.connect(url, auth=dict(connect_auth)) if connect_auth else client.connect(url)):
            return out
        live = wire_computer_act.Live(loop=loop, computer=computer, client=client, raws=raws, url=url, scene_over=gone)
        wire_computer_act.register(office_id, live)
        if not await step("join", client.join_office(office_id)):
            return out
        live.joined.set()
        out["joined"] = True
        out["ended"] = "server_disconnect"
        await step("serve", gone.wait())  # the SDK serves on its own tasks meanwhile; time_box if it never comes
        return out
    finally:
        closing = True
        if live is not None:
            wire_computer_act.unregister(office_id, live)
        await _close(computer, client, running)


def _thresholds(limits: Any, max_bytes: Any) -> Any:
    """The SDK's BlobThresholds (its defaults), with the SKILL size limit and the deployment's upload-session
    bounds when the harness gives them."""
    if max_bytes is not None and (type(max_bytes) is not int or max_bytes < 1):
        raise _refuse(f"skill_max_bytes must be a positive integer, got {max_bytes!r}")
    bounds: dict[str, int] = {} if max_bytes is None else {"too_large_cap": max_bytes}
    if limits is None:
        return BlobThresholds(**bounds)
    if not isinstance(limits, dict) or set(limits) - {"max_sessions", "idle_timeout_s"} or not all(
        type(v) is int and v >= 1 for v in limits.values()
    ):
        raise _refuse(f"upload_limits must hold positive integers max_sessions / idle_timeout_s, got {limits!r}")
    if "max_sessions" in limits:
        bounds["upload_max_concurrent"] = limits["max_sessions"]
    if "idle_timeout_s" in limits:
        bounds["upload_idle_timeout_seconds"] = limits["idle_timeout_s"]
    return BlobThresholds(**bounds)


async def _close(computer: Any, client: Any, running: asyncio.Task | None) -> None:
    """Bounded teardown: the unfinished SDK step, the client, the Computer, then every task left on this
    call's loop (it holds nothing else)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + CLOSE_BUDGET_S
    if running is not None and not running.done():
        running.cancel()
        await _settle({running}, 0.5)
    if client is not None:
        await _settle({asyncio.ensure_future(client.shutdown())}, CLIENT_CLOSE_BOUND_S)
    if computer is not None:
        closing = asyncio.ensure_future(computer.shutdown())
        await _settle({closing}, COMPUTER_CLOSE_BOUND_S)
        if not closing.done():
            print(f"python adapter: wire.computer: Computer.shutdown() had not returned after {COMPUTER_CLOSE_BOUND_S} s; "
                  "cancelling every task the call left", file=sys.stderr)
    me = asyncio.current_task()
    await _cancel_strays({t for t in asyncio.all_tasks() if t is not me}, deadline, "wire.computer")


def _flag_settings(home: Path, landing_root: str | None) -> Path | None:
    """The flag-scope settings.json (the SDK's `--settings <file>` layer, a trusted scope for landingRoot):
    written only when the harness gave a landing root, so every other case runs with no flag layer."""
    if landing_root is None:
        return None
    path = home / "flag-settings.json"
    path.write_text(json.dumps({"landingRoot": landing_root}), encoding="utf-8")
    return path
