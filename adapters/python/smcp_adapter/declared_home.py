"""The declaration sources of a Computer written to a temporary home, then resolved by the SDK.

Shared by plugin.reclaim and config.source_merge. Each source's servers go where a2c-smcp reads that
scope (computer/settings/mcp_config.py): user → `user_mcp_config_path(env)` under XDG_CONFIG_HOME, project /
local → `workdir_mcp_config_path(cwd)` / `workdir_mcp_local_config_path(cwd)`, policy → the managed file
(`managed_mcp_path`), flag → the --mcp-config file (`flag_config_path`); embed servers are passed as the
constructor's models (`embed_servers`). `resolve_mcp_config` (mcp_config.py:290) does the rest: the call
`Computer.resolve_mcp_declarations` (computer.py:1343) makes with the Computer's own inputs.
"""
from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from a2c_smcp.computer.settings.mcp_config import (
    ResolvedMcpConfig,
    resolve_mcp_config,
    user_mcp_config_path,
    workdir_mcp_config_path,
    workdir_mcp_local_config_path,
)

from .config import build_config


def _write(path: Path, configs: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"servers": {c["name"]: c for c in configs}}), encoding="utf-8")


def resolve_declared(declared: dict[str, list[dict[str, Any]]]) -> tuple[ResolvedMcpConfig, list[str]]:
    """The SDK's resolved declaration set for `declared` (source → configs), and its field errors as text."""
    with tempfile.TemporaryDirectory(prefix="smcp-declared-") as tmp:
        root = Path(tmp)
        env = {"XDG_CONFIG_HOME": str(root / "config"), "HOME": str(root / "home")}
        cwd = root / "work"
        cwd.mkdir()
        targets = {
            "user": user_mcp_config_path(env),
            "project": workdir_mcp_config_path(cwd),
            "local": workdir_mcp_local_config_path(cwd),
            "policy": root / "managed" / "managed-mcp.json",
            "flag": root / "flag" / "mcp.json",
        }
        for source, path in targets.items():
            if source in declared:
                _write(path, declared[source])
        resolved = resolve_mcp_config(
            env=env,
            cwd=cwd,
            flag_config_path=targets["flag"] if "flag" in declared else None,
            embed_servers=[build_config(c) for c in declared.get("embed", [])],
            managed_mcp_path=targets["policy"],
        )
    return resolved, [f"{e.scope}: {e.field}: {e.reason}" for e in resolved.errors]
