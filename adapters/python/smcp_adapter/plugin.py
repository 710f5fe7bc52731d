"""plugin.layout: the SDK's bundled-server reader (computer/skills/manifest.py) over a temp plugin dir.

The SDK only works on a directory, so the request's files are written to a fresh temp dir; then
enumerate_bundled_server_files (which files are server files) and parse_bundled_server (per file:
JSON, object root, TypeAdapter(MCPServerConfig), stem == name) decide — the same two calls the SDK's
`validate_path` plugin check and `load_bundled_servers` make. Each PluginManifestError is mapped by
its cause / text. The SDK enforces no kebab-case server-name rule and has no empty-folder check, so
those diagnostics never appear. Nothing is executed: configs are only parsed.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from .reasons import OpError, config_reason
from .sdk import PluginManifestError, ValidationError, enumerate_bundled_server_files, parse_bundled_server


def _write_tree(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        target = (root / rel).resolve()
        if root.resolve() not in target.parents and target != root.resolve():
            raise OpError("input.malformed_config", f"path escapes the plugin root: {rel!r}", "PathError")
        if rel.endswith("/"):
            target.mkdir(parents=True, exist_ok=True)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError as exc:  # a lone surrogate cannot be written as a UTF-8 file
            raise OpError("input.lone_surrogate", f"{rel}: {exc}", type(exc).__name__) from exc
        target.write_bytes(data)


def _diagnostic(exc: PluginManifestError, file: str, path: Path) -> dict[str, str]:
    cause, text = exc.__cause__, str(exc)
    if isinstance(cause, json.JSONDecodeError):
        return {"reason": "plugin.invalid_json", "file": file}
    if isinstance(cause, ValidationError):
        # the config member is chosen from the file's own `type` (see reasons._branch_for)
        return {"reason": "plugin.invalid_config", "file": file, "detail": config_reason(cause, _load_quietly(path))[0]}
    if text.startswith("bundled MCP server root is not an object"):
        return {"reason": "plugin.invalid_config", "file": file, "detail": "config.not_object"}
    if text.startswith("bundled MCP server filename stem"):
        return {"reason": "plugin.name_mismatch", "file": file}
    return {"reason": "unclassified", "file": file}


def layout(inp: dict[str, Any]) -> dict[str, Any]:
    diagnostics: list[dict[str, str]] = []
    servers: list[str] = []
    messages: list[str] = []
    with tempfile.TemporaryDirectory(prefix="smcp-plugin-") as tmp:
        root = Path(tmp)
        _write_tree(root, inp["files"])
        for path in enumerate_bundled_server_files(root):
            file = path.relative_to(root).as_posix()
            try:
                parse_bundled_server(path)
            except PluginManifestError as exc:
                diagnostics.append(_diagnostic(exc, file, path))
                messages.append(str(exc).replace(tmp + os.sep, ""))
                continue
            servers.append(path.stem)
    return {"accepted": not diagnostics, "servers": servers, "diagnostics": diagnostics, "sdk_messages": messages}


def _load_quietly(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except Exception:
        return None
