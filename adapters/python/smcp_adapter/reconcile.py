"""tool_meta.reconcile and tool_meta.wire: the server-declared ToolMeta layer (protocol 0.4.0).

The reconcile (declaration < default_tool_meta < tool_meta[tool], whitelist, malformed → dropped +
WARN) lives only inside MCPServerManager.available_tools(); the JSON-string wire form only inside
Computer.aget_available_tools() (a nested convert_tool). Both are driven for real: a manager that
never connects, with a fake client listing one tool (load.py explains the one private touch), and for
the wire form a Computer that gets that manager through its public `mcp_manager` attribute.
"""
from __future__ import annotations

import logging
import tempfile
from pathlib import Path
from typing import Any

from mcp.types import Tool
from pydantic import BaseModel

from .config import build_config
from .headless import headless_resolver
from .load import FakeClient
from .reasons import OpError
from .sdk import BlobThresholds, Computer, MCPServerManager, captured_logs, evidence, log_text, resolve_bundle_id

# Head of the SDK's one diagnostic for a dropped declaration (manager.py, available_tools).
_MALFORMED = "畸形 ToolMeta Server 声明（"


def _config(inp: dict[str, Any], tool: str):
    raw: dict[str, Any] = {"name": "probe", "type": "stdio", "server_parameters": {"command": "probe"}}
    if inp["default_tool_meta"] is not None:
        raw["default_tool_meta"] = inp["default_tool_meta"]
    if inp["tool_meta"] is not None:
        raw["tool_meta"] = {tool: inp["tool_meta"]}
    return build_config(raw)


async def _manager(inp: dict[str, Any]) -> MCPServerManager:
    tool = inp.get("tool", "tool")
    listed: dict[str, Any] = {"name": tool, "inputSchema": {"type": "object"}}
    if "declared_meta" in inp:
        listed["_meta"] = inp["declared_meta"]  # the wire alias, as an MCP server sends it
    config = _config(inp, tool)
    manager = MCPServerManager(auto_connect=False)
    await manager.ainitialize([config])
    manager._active_clients[resolve_bundle_id(config)] = FakeClient([Tool.model_validate(listed)])  # private, see load.py
    return manager


def _only(items: list[Any], records: list[logging.LogRecord]) -> Any:
    if len(items) != 1:
        raise OpError("unclassified", f"the SDK listed {len(items)} tools for one; log: {evidence(records)}", "ToolListing")
    return items[0]


async def reconcile(inp: dict[str, Any]) -> dict[str, Any]:
    with captured_logs() as records:
        manager = await _manager(inp)
        await manager.arefresh_tools()
        tool = _only([t async for _, t in manager.available_tools()], records)
    # a2c_tool_meta is a ToolMeta here: dumped with its nulls kept (the canonical object)
    meta = {k: v.model_dump(mode="json") if isinstance(v, BaseModel) else v for k, v in (tool.meta or {}).items()}
    diagnostics = [
        {"reason": "tool_meta.malformed_declaration"}
        for r in records
        if r.levelno >= logging.WARNING and log_text(r).startswith(_MALFORMED)
    ]
    return {"meta": meta, "diagnostics": diagnostics, "sdk_log": evidence(records)}


async def wire(inp: dict[str, Any]) -> dict[str, Any]:
    with captured_logs() as records:
        manager = await _manager(inp)
        # Computer() otherwise reads the real home (~/.a2c blob cache, mkdir), os.environ (blob
        # thresholds, input env) and the user's value store / keyring through its own resolver.
        resolver, _ = headless_resolver([])
        with tempfile.TemporaryDirectory() as tmp:
            computer = Computer(
                "probe", auto_connect=False, input_resolver=resolver, blob_cache_root=Path(tmp),
                blob_thresholds=BlobThresholds(), env={}, project_root=Path(tmp),
            )
            computer.mcp_manager = manager  # public attribute, normally set by boot_up
            tool = _only(await computer.aget_available_tools(), records)
    return {"meta": tool.get("meta")}
