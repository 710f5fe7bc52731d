"""skill.ref: the name, source and uri of the A2CSkillRef a2c-smcp registers for one user or MCP SKILL.

user: the SKILL.md is written to `<home>/user/<dir>/SKILL.md` (`user_dropin_root`, computer/skills/home.py:144)
of a fresh temp SKILL home, and `stage_user_skills(registry, home)` (computer/skills/staging.py:681) discovers
and registers it, building the ref in `_build_user_ref` (:645).
mcp: the server config (the request's display name and optional bundle_id, a stdio command that is never
run) goes through `MCPServerManager.ainitialize` (mcp_clients/manager.py:304), which keys it by the bundle_id
the SDK resolves; the fake client (skill.py's listing session) is put under that same key, read back from
the manager (the private `_servers_config`, the one touch load.py explains), then `stage_mcp_skills`
(staging.py:490) lists the root skill://kit/<dir> and its SKILL.md child and builds the ref in `_build_ref`
(:464). The answer: each active ref's name, source and uri (when present), by name.
"""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from a2c_smcp.computer.skills import staging
from a2c_smcp.computer.skills.home import user_dropin_root
from a2c_smcp.computer.skills.registry import SkillRegistry

from .config import build_config
from .fake_mcp import FakeClient
from .sdk import MCPServerManager, captured_logs, evidence
from .skill import _ListingSession, _refuse_archive


def _identity(refs: list[Any]) -> list[dict[str, Any]]:
    keep = ("name", "source", "uri")
    return sorted(({k: r[k] for k in keep if r.get(k) is not None} for r in refs), key=lambda r: r["name"])


def _user(home: Path, inp: dict[str, Any]) -> SkillRegistry:
    folder = user_dropin_root(home) / inp["dir"]
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(inp["skill_md"], encoding="utf-8")
    registry = SkillRegistry()
    staging.stage_user_skills(registry, home)
    return registry


async def _mcp(home: Path, inp: dict[str, Any]) -> SkillRegistry:
    root = f"skill://kit/{inp['dir']}"
    listing = [
        {"uri": root, "name": inp["dir"], "_meta": {"source": "resources"}},
        {"uri": f"{root}/SKILL.md", "name": "SKILL.md"},
    ]
    raw = {"type": "stdio", **inp["server"], "server_parameters": {"command": "smcp-conformance-never-run", "args": [], "env": {}}}
    manager = MCPServerManager(auto_connect=False)
    await manager.ainitialize([build_config(raw)])
    for key in list(manager._servers_config):  # private: the key the SDK registered the server under
        manager._active_clients[key] = FakeClient(_ListingSession(listing, lambda index, uri: inp["skill_md"]))
    registry = SkillRegistry()
    await staging.stage_mcp_skills(manager, registry, home, archive_fetch=_refuse_archive)
    return registry


async def ref(inp: dict[str, Any]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="smcp-skill-ref-") as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        with captured_logs() as records:
            registry = _user(home, inp) if inp["source"] == "user" else await _mcp(home, inp)
        refs = registry.active_refs()
    return {"refs": _identity(refs), "sdk_log": evidence(records)}
