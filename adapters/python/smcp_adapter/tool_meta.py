"""tool_meta.merge: MCPServerManager._merged_tool_meta, the SDK's own merge.

It is a private staticmethod, but it is the one code path every SDK consumer of ToolMeta goes
through (get_tool_meta, the exposed-name table, available_tools, acall_tool); the public wrapper
get_tool_meta only adds a config lookup by bundle_id. It takes a server config, so the two metas
are placed in a probe config (validated by the SDK's model, which also builds the ToolMeta objects).
"""
from __future__ import annotations

from typing import Any

from .config import build_config
from .sdk import MCPServerManager

TOOL = "tool"


def merge(inp: dict[str, Any]) -> dict[str, Any]:
    raw: dict[str, Any] = {"name": "probe", "type": "stdio", "server_parameters": {"command": "probe"}}
    if inp["tool_meta"] is not None:
        raw["tool_meta"] = {TOOL: inp["tool_meta"]}
    if inp["default_tool_meta"] is not None:
        raw["default_tool_meta"] = inp["default_tool_meta"]
    merged = MCPServerManager._merged_tool_meta(build_config(raw), TOOL)
    if merged is None:
        return {"merged": None}
    # The kit's outputs leave null-valued fields out (top level only: nested values are data).
    return {"merged": {k: v for k, v in merged.model_dump(mode="json").items() if v is not None}}
