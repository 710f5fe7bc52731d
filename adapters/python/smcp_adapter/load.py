"""load.diagnostics and exposed_name: the SDK's MCPServerManager, with no MCP server behind it.

The exposed tool name has no public SDK function; it is computed inside
MCPServerManager._arefresh_tool_mapping (exposed = f"{bundle_id}__{alias or original}", first wins,
collisions WARNed) and published by the public available_tools(). The adapter runs that real path:
MCPServerManager(auto_connect=False) never spawns anything; ainitialize() does the no-double-open
dedup; a fake client per kept server only answers list_tools() with the vector's tool names; it is put
into the manager's private `_active_clients` (the one private touch: that is where a connected
client would be), then the public arefresh_tools() / available_tools() / avalidate_tool_call() run.
Diagnostics exist only as the SDK's WARN log lines; they are read back from the captured records.
"""
from __future__ import annotations

import ast
import logging
import re
from typing import Any

from mcp.types import Tool

from .config import build_config
from .reasons import OpError, config_reason
from .sdk import CONFIG_ADAPTER, MCPServerManager, ValidationError, captured_logs, evidence, log_text, resolve_bundle_id


class FakeClient:
    """Stands in for a connected MCP client: lists the given tools (names or mcp Tool models), nothing else."""

    def __init__(self, tools: list[str | Tool]) -> None:
        self._tools = [t if isinstance(t, Tool) else Tool(name=t, inputSchema={"type": "object"}) for t in tools]

    async def list_tools(self) -> list[Tool]:
        return list(self._tools)

    async def adisconnect(self) -> None:  # never connected
        return None


async def _exposed(manager: MCPServerManager, tools_by_bundle: dict[str, list[str]]) -> dict[str, list[str]]:
    for bundle_id, tools in tools_by_bundle.items():
        manager._active_clients[bundle_id] = FakeClient(tools)  # private: see module docstring
    await manager.arefresh_tools()
    names: dict[str, list[str]] = {b: [] for b in tools_by_bundle}
    async for bundle_id, tool in manager.available_tools():
        names.setdefault(bundle_id, []).append(tool.name)
    return names


async def exposed_name(inp: dict[str, Any]) -> dict[str, Any]:
    tool, alias = inp["tool_name"], inp.get("alias")
    raw: dict[str, Any] = {"name": "probe", "bundle_id": inp["bundle_id"], "type": "stdio", "server_parameters": {"command": "probe"}}
    if alias is not None:
        raw["tool_meta"] = {tool: {"alias": alias}}
    config = build_config(raw)
    manager = MCPServerManager(auto_connect=False)
    with captured_logs() as records:
        await manager.ainitialize([config])
        bundle_id = resolve_bundle_id(config)
        names = (await _exposed(manager, {bundle_id: [tool]}))[bundle_id]
    if len(names) != 1:
        raise OpError("unclassified", f"the SDK exposed {names!r} for one tool; log: {evidence(records)}", "ExposedToolMapping")
    return {"exposed_name": names[0]}


_DUPLICATE = re.compile(r"^no-double-open: 重复 bundle_id '(?P<bundle>[^']*)'")
_COLLISION_HEAD = "exposed_tool_name 冲突（同 bundle_id="
_COLLISION_MID = "——保留首个、跳过原始工具 '"
_COLLISION_TAIL = "'；请修正 tool_meta.alias（Computer 本地诊断，非协议错误码）。"


def _collision(text: str) -> tuple[str, str, str] | None:
    """(bundle_id named in the warning, exposed name, dropped original tool) from the SDK's WARN text
    f"exposed_tool_name 冲突（同 bundle_id={bundle_id!r} 内 alias 撞名）：'{exposed}'——...'{original}'；..."."""
    if not (text.startswith(_COLLISION_HEAD) and text.endswith(_COLLISION_TAIL) and _COLLISION_MID in text):
        return None
    head, _, dropped = text[: -len(_COLLISION_TAIL)].rpartition(_COLLISION_MID)
    bundle_repr, sep, exposed = head[len(_COLLISION_HEAD):].partition(" 内 alias 撞名）：'")
    if not sep or not exposed.endswith("'"):
        return None
    try:
        bundle_id = ast.literal_eval(bundle_repr)  # repr() of a bundle_id ([A-Za-z0-9_-]) is a plain literal
    except (ValueError, SyntaxError):
        return None
    return bundle_id, exposed[:-1], dropped


async def diagnostics(inp: dict[str, Any]) -> dict[str, Any]:
    entries = inp["servers"]
    out: list[dict[str, Any]] = []
    kept: list[tuple[int, Any]] = []  # (index, model) handed to the manager, in config order
    # 1. Shape check + bundle_id, as Computer._boot_up does per server (_validate_raw_shape =
    #    TypeAdapter(MCPServerConfig)): a config the SDK rejects is logged and not mounted. When the
    #    rejection is the explicit bundle_id, that is the kit's invalid_bundle_id.
    for index, entry in enumerate(entries):
        raw = entry["config"]
        try:
            kept.append((index, CONFIG_ADAPTER.validate_python(raw)))
        except ValidationError as exc:
            reason, err = config_reason(exc, raw)
            field = (err.get("loc") or ("",))[0]
            if field != "bundle_id":  # no kit diagnostic for other shape errors: refuse the whole request
                raise OpError(reason, f"server {index}: {exc}", "ValidationError") from exc
            out.append({"kind": "invalid_bundle_id", "index": index, "reason": reason})
    ids = [(index, resolve_bundle_id(model)) for index, model in kept]
    first_index: dict[str, int] = {}
    for index, bundle_id in ids:
        first_index.setdefault(bundle_id, index)

    manager = MCPServerManager(auto_connect=False)
    with captured_logs() as records:
        # 2. no-double-open: ainitialize keeps the first config per bundle_id and WARNs for the rest.
        await manager.ainitialize([model for _, model in kept])
        init_count = len(records)
        mounted = {resolve_bundle_id(c): c for c in manager.server_configs()}
        # 3. Tools: a disabled server is never started by the SDK (_astart_client raises for it), so it
        #    gets no client and exposes nothing.
        tools = {
            bundle_id: entries[first_index[bundle_id]].get("tools") or []
            for bundle_id, config in mounted.items()
            if not config.disabled
        }
        names = await _exposed(manager, tools)
        routes = {}
        for exposed_list in names.values():
            for exposed in exposed_list:
                routes[exposed] = await manager.avalidate_tool_call(exposed, {})

    # Read the SDK's WARN lines back, in the order it emitted them.
    cursor = 0
    for n, record in enumerate(records):
        if record.levelno < logging.WARNING:
            continue
        text = log_text(record)
        dup = _DUPLICATE.match(text) if n < init_count else None
        if dup:
            bundle_id = dup.group("bundle")
            # warnings come in config order: the next non-first config carrying this bundle_id
            while cursor < len(ids) and not (ids[cursor][1] == bundle_id and ids[cursor][0] != first_index[bundle_id]):
                cursor += 1
            if cursor == len(ids):
                raise OpError("unclassified", f"cannot place the SDK's duplicate warning: {text}", "LogRecord")
            out.append({"kind": "duplicate_bundle_id", "index": ids[cursor][0], "bundle_id": bundle_id, "kept_index": first_index[bundle_id]})
            cursor += 1
            continue
        hit = _collision(text)
        if hit:
            # index: the server the SDK names (the one whose tool it dropped); the kept tool is the one the
            # exposed name still routes to (it may belong to another bundle: "a_"+"x" vs "a"+"_x").
            bundle_id, exposed, dropped = hit
            kept_tool = routes.get(exposed, (None, None))[1]
            if bundle_id not in first_index or kept_tool is None:
                raise OpError("unclassified", f"cannot place the SDK's collision warning: {text}", "LogRecord")
            out.append({"kind": "exposed_name_collision", "index": first_index[bundle_id], "exposed_name": exposed, "tools": [kept_tool, dropped]})
    active = [
        {"index": first_index[bundle_id], "bundle_id": bundle_id, "exposed_names": names.get(bundle_id, [])}
        for bundle_id in mounted
    ]
    active.sort(key=lambda a: a["index"])
    return {"active": active, "diagnostics": out, "sdk_log": evidence(records)}
