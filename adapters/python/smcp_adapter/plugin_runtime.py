"""runtime.plugins: the SDK's own Computer and plugin management API, driven by a script on a fresh home.

SDK path (the SDK's own functions, wired the way its CLI wires them; cli/commands/{plugin,marketplace}.py):
  - the Computer: `Computer(name, mcp_servers=<embed configs>, auto_connect=False, skill_home, env, project_root)`,
    `await boot_up()` (skills-only governance recovery), then the client's recovery of bundled servers,
    `await reconcile_governance(existing_bundle_ids=…, register_server=…)` with `build_mcp_callbacks(comp)`'s
    runtime-authoritative set and `comp.amount_server(cfg, plugin=, marketplace=)`, as `run_governance_remount`
    does (auto_connect=False: a mount registers the config and never starts a process);
  - add_marketplace: `marketplace_add(registry, home, env, "file://<repo>", name=, trust=True, json_output=True)`
    then `comp.mark_skills_dirty()`, as the REPL does; prune_marketplace: `settings.reconciler.prune_marketplaces`
    (what `marketplace remove --keep-plugins` runs);
  - install / enable / disable / uninstall / materialize: `settings.installer.install_plugin`, `enable_plugin`,
    `disable_plugin`, `uninstall_plugin`, `materialize_plugin`, with `build_mcp_callbacks(comp)` (enable's
    register_server is `comp.amount_server` bound to the plugin, as the CLI's `_plugin_register_cb`; with
    `fail_mount` that callback raises for the named bundle_id before mounting it);
  - restart: `comp.shutdown()`, then a new Computer on the same home as above;
  - delete_ledger: unlink `settings.store.installed_plugins_path(home, env)`;
  - declare_marketplace / undeclare_marketplace: the user scope's settings.json (`user_settings_path(env)`)
    gains / loses `extraKnownMarketplaces.<name> = {source: {type: git, url: file://<repo>}, autoUpdate?}`, the
    hand-written declaration; reconcile: `settings.reconciler.reconcile(registry, home, <merged declared view>,
    env=, refresh=)` (what `plugin sync` runs), then `comp.mark_skills_dirty()`; update_repository: a new commit of
    the named repository's files (the upstream moving on, not an SDK call); stale_install_path:
    `settings.store.update_installed_plugins` rewrites the plugin's records' `installPath` (a missing folder, or
    the `like` plugin's), the hint a seed copied from elsewhere would carry.
Observations: `resolve_settings(env=, cwd=project).settings["installedPlugins"]`; each scope's settings file
through `load_settings_file`; `load_installed_plugins(home, env)` records' `mcpServers`; `comp.get_skills()`
names and `source`s; `comp.active_server_configs()` (client:get_config's source) by `resolve_bundle_id`; `comp.list_mcp_servers_with_metadata()`'s
`managed_by` (the SDK's own inventory of owners); `load_known_marketplaces(home, env)`'s records (marketplaces).

Concurrency: `run` is synchronous and owns a fresh asyncio loop, so protocol.py runs each call on a worker thread
of its own (CONCURRENT); the calls share nothing: each has its own home, env mapping and Computers.

Files: one temporary folder per call (removed after): the repositories (`git init` + one commit of the
vector's files), the SKILL home, the project root, and an env holding only PATH (git runs from it), HOME and
XDG_CONFIG_HOME / XDG_DATA_HOME inside the folder, so no real user file is read or written.
"""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from a2c_smcp.computer.cli.commands import build_mcp_callbacks
from a2c_smcp.computer.cli.commands.marketplace import marketplace_add
from a2c_smcp.computer.settings.installer import (
    disable_plugin,
    enable_plugin,
    install_plugin,
    materialize_plugin,
    uninstall_plugin,
)
from a2c_smcp.computer.settings.reconciler import prune_marketplaces, reconcile
from a2c_smcp.computer.settings.schema import SettingsScope
from a2c_smcp.computer.settings.scope import (
    load_settings_file,
    resolve_settings,
    user_settings_path,
    workdir_local_settings_path,
    workdir_project_settings_path,
)
from a2c_smcp.computer.settings.store import (
    installed_plugins_path,
    load_installed_plugins,
    load_known_marketplaces,
    update_installed_plugins,
)

from .headless import headless_resolver
from .sdk import CONFIG_ADAPTER, Computer, resolve_bundle_id
from .transport import _cancel_strays

_GIT_IDENTITY = {"GIT_AUTHOR_NAME": "smcp-conformance", "GIT_AUTHOR_EMAIL": "kit@localhost",
                 "GIT_COMMITTER_NAME": "smcp-conformance", "GIT_COMMITTER_EMAIL": "kit@localhost"}


def _make_repository(folder: Path, files: dict[str, str], env: dict[str, str]) -> str:
    """The vector's marketplace as a local git repository with one commit; its file:// URL."""
    _write_files(folder, files)
    git_env = {**env, **_GIT_IDENTITY}
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["-c", "commit.gpgsign=false", "commit", "-q", "-m", "fixture"]):
        subprocess.run(["git", *args], cwd=folder, env=git_env, check=True, capture_output=True)
    return folder.as_uri()


def _commit_files(folder: Path, files: dict[str, str], env: dict[str, str]) -> None:
    """The repository moves on: its tree becomes `files`, in one new commit."""
    git_env = {**env, **_GIT_IDENTITY}
    subprocess.run(["git", "rm", "-rq", "."], cwd=folder, env=git_env, check=True, capture_output=True)
    _write_files(folder, files)
    for args in (["add", "-A"], ["-c", "commit.gpgsign=false", "commit", "-q", "-m", "update"]):
        subprocess.run(["git", *args], cwd=folder, env=git_env, check=True, capture_output=True)


def _write_files(folder: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


class _Runtime:
    """One home and the Computer currently booted on it."""

    def __init__(self, root: Path, env: dict[str, str], embed: list[Any]) -> None:
        self.home, self.project, self.root, self.env, self.embed = root / "skills", root / "project", root, env, embed
        self.project.mkdir()
        self.comp: Any = None
        self.files: dict[str, dict[str, str]] = {}

    async def boot(self) -> None:
        resolver, _ = headless_resolver([])
        comp = Computer(
            "smcp-conformance", inputs=set(), mcp_servers=set(self.embed), auto_connect=False, auto_reconnect=False,
            input_resolver=resolver, blob_cache_root=self.root / "blobs", skill_home=self.home, env=self.env,
            project_root=self.project,
        )
        self.comp = comp
        await comp.boot_up()
        cbs = build_mcp_callbacks(comp)

        async def register(cfg: Any, record: Any) -> None:
            await comp.amount_server(cfg, plugin=record.plugin, marketplace=record.marketplace)

        await comp.reconcile_governance(existing_bundle_ids=cbs.existing_bundle_ids, register_server=register)

    async def close(self) -> None:
        if self.comp is not None:
            await self.comp.shutdown()
            self.comp = None

    async def run(self, step: dict[str, Any], repositories: dict[str, str]) -> None:
        comp, do = self.comp, step["do"]
        registry, home, env = comp.skill_registry, comp.skill_home, self.env
        cbs = build_mcp_callbacks(comp)
        pid = step.get("plugin", "")
        plugin, _, marketplace = pid.partition("@")
        scope = step.get("scope", "user")
        if do == "add_marketplace":
            name = step["marketplace"]
            code = await marketplace_add(registry, home, env, repositories[name], name=name, trust=True, json_output=True)
            if code != 0:
                raise RuntimeError(f"marketplace_add answered exit code {code}")
            comp.mark_skills_dirty()
        elif do == "prune_marketplace":
            if step["marketplace"] not in prune_marketplaces([step["marketplace"]], registry, home, env=env):
                raise RuntimeError(f"prune_marketplaces did not prune {step['marketplace']}")
            comp.mark_skills_dirty()
        elif do == "install":
            await install_plugin(pid, registry, home, env=env, existing_bundle_ids=cbs.existing_bundle_ids)
        elif do == "enable":
            async def register(cfg: Any) -> None:
                if resolve_bundle_id(cfg) == step.get("fail_mount"):  # the kit's injected mount failure
                    raise RuntimeError(f"mount of {step['fail_mount']} refused (fail_mount)")
                await comp.amount_server(cfg, plugin=plugin, marketplace=marketplace)

            await enable_plugin(pid, registry, home, scope=scope, project_path=str(self.project), env=env,
                                existing_bundle_ids=cbs.existing_bundle_ids, register_server=register,
                                remove_server=cbs.remove_server)
        elif do == "disable":
            await disable_plugin(pid, registry, home, non_plugin_bundle_ids=cbs.non_plugin_bundle_ids, scope=scope,
                                 project_path=str(self.project), env=env, remove_server=cbs.remove_server)
        elif do == "uninstall":
            if not await uninstall_plugin(pid, registry, home, non_plugin_bundle_ids=cbs.non_plugin_bundle_ids, env=env,
                                          remove_server=cbs.remove_server):
                raise RuntimeError(f"uninstall_plugin answered False for {pid} (not installed)")
        elif do == "materialize":
            await materialize_plugin(pid, home, env=env)
        elif do == "restart":
            await self.close()
            await self.boot()
        elif do == "delete_ledger":
            installed_plugins_path(home, env).unlink(missing_ok=True)
        elif do in ("declare_marketplace", "undeclare_marketplace"):
            self._declare(step, repositories)
        elif do == "reconcile":
            declared = resolve_settings(env=env, cwd=self.project).settings
            await reconcile(registry, home, declared, env=env, refresh=bool(step.get("refresh")))
            comp.mark_skills_dirty()
        elif do == "update_repository":
            _commit_files(self.root / "repos" / step["marketplace"], self.files[step["source"]], env)
        elif do == "stale_install_path":
            self._stale_install_path(pid, step.get("like"))

    def _stale_install_path(self, pid: str, like: str | None) -> None:
        """The plugin's ledger records keep an install path that no longer holds for it."""
        plugins = load_installed_plugins(home=self.home, env=self.env).get("plugins", {})
        if not plugins.get(pid):
            raise RuntimeError(f"no ledger record for {pid}")
        stale = str(self.root / "moved" / pid) if like is None else plugins[like][0]["installPath"]

        def rewrite(ledger: Any) -> Any:
            for record in ledger["plugins"][pid]:
                record["installPath"] = stale
            return ledger

        update_installed_plugins(rewrite, self.home, self.env)

    def _declare(self, step: dict[str, Any], repositories: dict[str, str]) -> None:
        """The user's own edit of user settings.json: add or remove one extraKnownMarketplaces entry."""
        path = user_settings_path(self.env)
        data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        entries = data.setdefault("extraKnownMarketplaces", {})
        name = step["marketplace"]
        if step["do"] == "undeclare_marketplace":
            entries.pop(name, None)
        else:
            entry: dict[str, Any] = {"source": {"type": "git", "url": repositories[step.get("source", name)]}}
            if step.get("auto_update"):
                entry["autoUpdate"] = True
            entries[name] = entry
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data), encoding="utf-8")

    def observe(self, facts: list[str]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for fact in facts:
            if fact == "installed":
                declared = resolve_settings(env=self.env, cwd=self.project).settings.get("installedPlugins")
                out[fact] = sorted(p for p in declared or [] if isinstance(p, str))
            elif fact == "enabled":
                out[fact] = {name: self._enabled(path, scope) for name, path, scope in (
                    ("user", user_settings_path(self.env), SettingsScope.USER),
                    ("project", workdir_project_settings_path(self.project), SettingsScope.PROJECT),
                    ("local", workdir_local_settings_path(self.project), SettingsScope.LOCAL),
                )}
            elif fact == "ledger":
                plugins = load_installed_plugins(home=self.home, env=self.env).get("plugins", {})
                out[fact] = {pid: sorted({b for r in records for b in (r.get("mcpServers") or [])}) for pid, records in plugins.items()}
            elif fact == "skills":
                out[fact] = sorted(ref["name"] for ref in self.comp.get_skills())
            elif fact == "origins":
                out[fact] = {m.bundle_id: _origin(m.managed_by) for m in self.comp.list_mcp_servers_with_metadata()}
            elif fact == "sources":
                out[fact] = {ref["name"]: ref.get("source") for ref in self.comp.get_skills()}
            elif fact == "servers":
                out[fact] = sorted(resolve_bundle_id(cfg) for cfg in self.comp.active_server_configs())
            elif fact == "marketplaces":
                out[fact] = sorted(load_known_marketplaces(home=self.home, env=self.env).get("marketplaces", {}))
        return out

    @staticmethod
    def _enabled(path: Path, scope: SettingsScope) -> dict[str, bool]:
        data, _errors = load_settings_file(path, scope)
        entries = data.get("enabledPlugins")
        return {k: v for k, v in entries.items() if isinstance(v, bool)} if isinstance(entries, dict) else {}


def _origin(owner: Any) -> str:
    """The inventory's owner (computer/inventory.py): McpPluginOwnership carries the plugin id, McpUserOwnership none."""
    plugin_id = getattr(owner, "plugin_id", None)
    return f"plugin:{plugin_id}" if plugin_id else "non-plugin"


def run(inp: dict[str, Any]) -> dict[str, Any]:
    """One call on a loop of its own (protocol.py runs it on a worker thread: CONCURRENT), closed before the
    answer after every task the Computers left is cancelled."""
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(_script(inp))
    finally:
        loop.run_until_complete(_cancel_strays(asyncio.all_tasks(loop), loop.time() + 2.0, "runtime.plugins"))
        loop.close()


async def _script(inp: dict[str, Any]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="smcp-conformance-plugins-") as tmp:
        root = Path(tmp)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(root / "user"),
               "XDG_CONFIG_HOME": str(root / "xdg-config"), "XDG_DATA_HOME": str(root / "xdg-data")}
        repositories = {name: _make_repository(root / "repos" / name, files, env) for name, files in inp["marketplaces"].items()}
        runtime = _Runtime(root, env, [CONFIG_ADAPTER.validate_python(c) for c in inp.get("embed_servers", [])])
        runtime.files = inp["marketplaces"]
        out: dict[str, Any] = {}
        errors: dict[str, str] = {}
        try:
            await runtime.boot()
            for index, step in enumerate(inp["script"]):
                ok = True
                try:
                    await runtime.run(step, repositories)
                except Exception as exc:  # the SDK refused the step: ok false, the text is evidence
                    ok = False
                    errors[step.get("as", str(index))] = f"{type(exc).__name__}: {exc}"
                if "as" in step:
                    out[step["as"]] = {"ok": ok, **runtime.observe(step.get("observe", []))}
        finally:
            await runtime.close()
        if errors:
            out["errors"] = errors
        return out
