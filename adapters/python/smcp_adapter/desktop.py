"""desktop.organize: Computer.get_desktop, the SDK's client:get_desktop handler, over fake MCP clients.

Production (socketio/client.py on_get_desktop → computer.py Computer.get_desktop):
MCPServerManager.get_windows_details(window) → Computer.aget_tool_call_history() → organize_desktop(
windows=, size=, history=). The adapter calls Computer.get_desktop itself, so every step is the SDK's:

- one FakeClient (fake_mcp.py) per bundle_id, in the order the request first names it, answering
  resources/list with that server's windows (in request order) and resources/read with each window's
  contents; the SDK's own BaseMCPClient.list_windows does the paging, the window:// filter and the
  per-server priority pre-sort, and get_window_detail the read; mcp's models validate both answers;
- the tool-call history goes in through Computer._append_tool_history (private: the one place the SDK
  records a tool call, from aexecute_tool), one ToolCallRecord per history entry with `server` = the
  bundle_id, oldest first; the Computer keeps the last 10 (deque(maxlen=10));
- the Computer is built headless as in tool_meta.wire (reconcile.py): temp blob cache / project root
  under TMPDIR, env={}, the headless resolver; it never connects.

What the adapter adds, because an MCP listing needs it: each Resource gets `name` "w<index>" (a required
MCP field the op does not carry), each content block gets `uri` = the window's uri, and a window with
no `contents` reads as an empty resources/read result. Warnings are the SDK's WARN log lines, mapped by
their fixed text; every WARN/ERROR line stays in `sdk_log`.
"""
from __future__ import annotations

import logging
import tempfile
from pathlib import Path
from typing import Any

from .fake_mcp import FakeClient, FakeSession
from .headless import headless_resolver
from .sdk import BlobThresholds, Computer, MCPServerManager, captured_logs, evidence, log_text

# The SDK's WARN texts (utils/window_uri.py, computer/desktop/organize.py, mcp_clients/base_client.py).
_WARNINGS = (
    ("WindowURI v0.2 不再支持 query 元数据", "window_uri.query_dropped"),
    ("annotations.priority 非数值类型", "desktop.priority_invalid"),
    ("annotations.priority 越界", "desktop.priority_invalid"),
    ("_meta.fullscreen 非布尔类型", "desktop.fullscreen_not_bool"),
    ("Window 资源 annotations.audience 不含 'assistant'", "desktop.audience_without_assistant"),
    ("当前桌面环境尚不支持Blob内容", "desktop.blob_skipped"),
)


def warning_kinds(records: list[logging.LogRecord]) -> list[dict[str, str]]:
    kinds = set()
    for record in records:
        if record.levelno < logging.WARNING:
            continue
        text = log_text(record)
        for head, kind in _WARNINGS:
            if text.startswith(head):
                kinds.add(kind)
    return [{"kind": kind} for kind in sorted(kinds)]


def _resource(index: int, window: dict[str, Any]) -> dict[str, Any]:
    res: dict[str, Any] = {"uri": window["uri"], "name": f"w{index}"}
    for key in ("annotations", "_meta"):
        if key in window:
            res[key] = window[key]
    return res


def _client(windows: list[tuple[int, dict[str, Any]]]) -> FakeClient:
    """One server: its windows as resources/list, each window's contents as its resources/read."""
    contents_by_uri_object: dict[int, Any] = {}

    class Session(FakeSession):
        async def list_resources(self, cursor: str | None = None, **kw: Any):
            listed = await super().list_resources(cursor, **kw)
            # get_window_detail reads resource.uri (this very AnyUrl object): two windows of one server may
            # share a uri and still carry different contents, so contents follow the object, not the text
            for (index, window), res in zip(windows, listed.resources):
                contents_by_uri_object[id(res.uri)] = [{"uri": window["uri"], **c} for c in window.get("contents") or []]
            return listed

    def read(uri: Any) -> Any:
        return contents_by_uri_object.get(id(uri), [])

    return FakeClient(Session([_resource(i, w) for i, w in windows], read))


async def organize(inp: dict[str, Any]) -> dict[str, Any]:
    servers: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    for index, window in enumerate(inp["windows"]):
        servers.setdefault(window["bundle_id"], []).append((index, window))
    with captured_logs() as records, tempfile.TemporaryDirectory(prefix="smcp-desktop-") as tmp:
        resolver, _ = headless_resolver([])
        computer = Computer(
            "probe", auto_connect=False, input_resolver=resolver, blob_cache_root=Path(tmp) / "blobs",
            blob_thresholds=BlobThresholds(), skill_home=Path(tmp) / "skills", env={}, project_root=Path(tmp),
        )
        manager = MCPServerManager(auto_connect=False)
        for bundle_id, windows in servers.items():
            manager._active_clients[bundle_id] = _client(windows)  # private, see fake_mcp.py
        computer.mcp_manager = manager  # public attribute, normally set by boot_up
        for n, bundle_id in enumerate(inp.get("history") or []):
            await computer._append_tool_history({  # private: what aexecute_tool records after each call
                "timestamp": f"2026-01-01T00:00:{n % 60:02d}Z", "req_id": f"req-{n}", "server": bundle_id,
                "tool": "tool", "parameters": {}, "timeout": None, "success": True, "error": None,
            })
        desktops = await computer.get_desktop(size=inp.get("size"), window_uri=inp.get("window"))
    return {"desktops": list(desktops), "warnings": warning_kinds(records), "sdk_log": evidence(records)}
