"""skill.tags and skill.mode_c: the SDK's mcp-source SKILL staging, computer/skills/staging.py.

Production (Computer._restage_mcp_skills): `stage_mcp_skills(self.mcp_manager, registry, skill_home)`.
The adapter runs exactly that call: a real MCPServerManager(auto_connect=False) holding one FakeClient
(fake_mcp.py, bundle_id "srv") whose resources/list is the listing and whose resources/read returns
each resource's text; a fresh SkillRegistry; a fresh temp SKILL home under TMPDIR, removed after the
call. The manager's own `list_skill_resources` (skill:// filter, paging) and `read_resource` feed the
SDK's `_partition_roots`, `_materialize_resources`, `_finalize_and_register` and `_build_ref`.

Never reached: the two other source modes would leave the temp home. An archive root's download goes to
an `archive_fetch` that refuses (no network); a mounted root's `_meta.mount_dir` (a path on this machine)
is pointed at a path inside the temp home that does not exist, so the SDK refuses it without reading the
real file system. Neither mode is part of either op's answer.

The staging logger (`a2c_smcp.a2c_smcp.computer.skills.staging`) is set to DEBUG for the call: the tags
diagnostic and the covered-root notes are DEBUG records. Diagnostics and refusals are read back from
the SDK's log records by their fixed templates; the raw lines are `sdk_log`.
"""
from __future__ import annotations

import logging
import tempfile
from pathlib import Path
from typing import Any

from a2c_smcp.computer.skills import staging
from a2c_smcp.computer.skills.registry import SkillRegistry

from .fake_mcp import FakeClient, FakeSession
from .sdk import MCPServerManager, captured_logs, log_text

BUNDLE = "srv"
_TAGS_NOT_LIST = "frontmatter 'tags' is not list[str]"
_MISSING_SKILL_MD = "staged SKILL missing %s, skipped: %s"
_MATERIALIZE_FAILED = "materialize failed for %s (mode=%s): %s"
_NO_SUBRESOURCES = "resources-mode SKILL has no sub-resources under"


def _sdk_log(records: list[logging.LogRecord], home: Path) -> list[str]:
    return [f"{r.levelname} {r.name}: {log_text(r)}".replace(str(home), "<home>") for r in records]


async def _refuse_archive(url: str) -> bytes:
    raise staging.SkillStagingError(f"the kit adapter never downloads an archive ({url!r})")


class _ListingSession(FakeSession):
    """resources/list = the listing; resources/read = one text block, `text_of(index, uri)`, where index is
    the listing position of the first resource whose uri (as pydantic gives it back, which is how the SDK
    reads it) is the requested one."""

    def __init__(self, listing: list[dict[str, Any]], text_of: Any) -> None:
        self.index_of: dict[str, int] = {}
        self.uris: list[str] = []  # str(Resource.uri) of each listed resource, in listing order
        super().__init__(listing, lambda uri: [{"uri": str(uri), "text": text_of(self.index_of.get(str(uri)), str(uri))}])

    async def list_resources(self, cursor: str | None = None, **kw: Any) -> Any:
        page = await super().list_resources(cursor, **kw)
        self.uris = [str(res.uri) for res in page.resources]
        for i, uri in enumerate(self.uris):
            self.index_of.setdefault(uri, i)
        return page


async def _stage(home: Path, resources: list[dict[str, Any]], text_of: Any) -> tuple[list[str], SkillRegistry, list[logging.LogRecord], _ListingSession]:
    """stage_mcp_skills over one fake server into `home`: (registered names, the registry, log records, the session)."""
    listed = []
    for res in resources:
        meta = res.get("_meta")
        if isinstance(meta, dict) and meta.get("source") == "mounted" and isinstance(meta.get("mount_dir"), str):
            res = {**res, "_meta": {**meta, "mount_dir": str(home / "not-a-mount-dir")}}  # never a real directory
        listed.append(res)
    manager = MCPServerManager(auto_connect=False)
    session = _ListingSession(listed, text_of)
    manager._active_clients[BUNDLE] = FakeClient(session)  # private, see fake_mcp.py
    registry = SkillRegistry()
    saved = staging.logger.level
    staging.logger.setLevel(logging.DEBUG)
    try:
        with captured_logs() as records:
            names = await staging.stage_mcp_skills(manager, registry, home, archive_fetch=_refuse_archive)
    finally:
        staging.logger.setLevel(saved)
    return names, registry, records, session


# ---- skill.tags --------------------------------------------------------------------------------

_TAGS_ROOT = "skill://kit.probe/probe"


async def tags(inp: dict[str, Any]) -> dict[str, Any]:
    """The SKILL.md as the only file of one mode C SKILL (root skill://kit.probe/probe): what the
    A2CSkillRef it registers carries. A SKILL refused before its ref is built (no name / description, a
    name that is not strict kebab) has no tags and no tags diagnostic: the SDK never read them."""
    listing = [
        {"uri": _TAGS_ROOT, "name": "probe", "_meta": {"source": "resources"}},
        {"uri": f"{_TAGS_ROOT}/SKILL.md", "name": "SKILL.md"},
    ]
    with tempfile.TemporaryDirectory(prefix="smcp-skill-") as tmp:
        home = Path(tmp)
        names, registry, records, _ = await _stage(home, listing, lambda index, uri: inp["skill_md"])
        refs = registry.active_refs()
    ref = refs[0] if refs else {}
    diagnostics = [
        {"reason": "skill.tags_not_string_list"}
        for r in records
        if r.name == staging.logger.name and str(r.msg).startswith(_TAGS_NOT_LIST)
    ]
    return {"tags": ref.get("tags"), "registered": bool(names), "diagnostics": diagnostics, "sdk_log": _sdk_log(records, home)}


# ---- skill.mode_c ------------------------------------------------------------------------------

def _marker(index: int) -> str:
    return f"kit-resource-{index}"


def _mode_c_text(index: int | None, uri: str) -> str:
    """Each resource reads as a marker line naming its listing index; a .../SKILL.md as a valid
    frontmatter (name kit-skill-<index>: unique, so two SKILLs never clash on a name or a folder) + marker."""
    if index is None:
        return ""
    if uri.endswith("/" + staging.SKILL_MD):
        return f"---\nname: kit-skill-{index}\ndescription: staged by the kit adapter\n---\n{_marker(index)}\n"
    return _marker(index)


async def mode_c(inp: dict[str, Any]) -> dict[str, Any]:
    """Which mode C roots the SDK registers, and where it staged each child.

    A registered SKILL's files are read back from its ref's `path` (the folder the SDK renamed to the
    frontmatter name): each file's marker names the listed resource, its path under `path` is the staging
    path the SDK chose. A root that did not register comes from the SDK's ERROR record naming it."""
    resources = [{**r, "name": r.get("name", f"r{i}")} for i, r in enumerate(inp["resources"])]  # name: required by MCP
    with tempfile.TemporaryDirectory(prefix="smcp-skill-") as tmp:
        home = Path(tmp)
        _, registry, records, session = await _stage(home, resources, _mode_c_text)
        # the mode C roots (the op's scope) as the SDK spells them: str(Resource.uri)
        mode_c_roots = {
            uri for uri, r in zip(session.uris, resources) if isinstance(r.get("_meta"), dict) and r["_meta"].get("source") == "resources"
        }
        skills = []
        for ref in registry.active_refs():
            folder = Path(ref["path"])
            staged: dict[str, str] = {}
            skill_md = None
            for file in sorted(p for p in folder.rglob("*") if p.is_file()):
                rel = file.relative_to(folder).as_posix()
                lines = file.read_text(encoding="utf-8", errors="replace").split("\n")
                owner = next((i for i in range(len(resources)) if _marker(i) in lines), None)
                if owner is None:
                    continue
                staged[resources[owner]["uri"]] = rel
                if rel == staging.SKILL_MD:
                    skill_md = resources[owner]["uri"]
            skills.append({"root": ref.get("uri"), "skill_md": skill_md, "staged": staged})
        done = {s["root"] for s in skills}
        refused: dict[str, dict[str, str]] = {}  # root -> {root, reason}
        why_not: dict[str, str] = {}  # root -> the SDK's refusal text (evidence)
        for record in records:
            if record.levelno < logging.ERROR or record.name != staging.logger.name:
                continue
            args = tuple(str(a) for a in record.args) if isinstance(record.args, tuple) else ()
            text = log_text(record).replace(str(home), "<home>")
            if record.msg == _MISSING_SKILL_MD:
                root, reason = args[-1], "skill.missing_skill_md"
            elif record.msg == _MATERIALIZE_FAILED:
                if args[1] != "resources":  # a mounted / archive root (never materialized here) may share the uri
                    continue
                # no child at all is also no SKILL.md child
                root, reason = args[0], "skill.missing_skill_md" if args[2].startswith(_NO_SUBRESOURCES) else "unclassified"
            else:  # any other refusal naming a root: no leaf, frontmatter, name synthesis, duplicate name
                root, reason = next((a for a in args if a in mode_c_roots), ""), "unclassified"
            if root in mode_c_roots and root not in done and root not in refused:
                refused[root] = {"root": root, "reason": reason}
                why_not[root] = text
        sdk_log = _sdk_log(records, home)
    return {
        "skills": sorted(skills, key=lambda s: s["root"]),
        "not_registrable": sorted(refused.values(), key=lambda r: r["root"]),
        "sdk_refusals": why_not,
        "sdk_log": sdk_log,
    }
