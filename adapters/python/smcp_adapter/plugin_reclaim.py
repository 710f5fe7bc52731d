"""plugin.reclaim: the bundle_ids a plugin's disable or uninstall reclaims, computer/settings.

The SDK's reclaim test is `reclaimable_mcp_deps(deps, other_deps=, user_declared=)` (reconciler.py:482),
which disable, uninstall and gc all call; `deps` is `ledger_mcp_deps_of(P's records)` (reconciler.py:423)
and `other_deps` is `other_plugin_mcp_deps(ledger, exclude_pid=P)` (reconciler.py:441). `user_declared`
is the non-plugin part of the origin-tagged runtime config set: `non_plugin_declared_bundle_ids`
(mcp_config.py:384) is `resolve_bundle_id` over `resolve_mcp_config(...)`'s servers; the adapter makes
that call over the declaration sources written to a temporary home (declared_home.py), as
`Computer.resolve_mcp_declarations` (computer.py:1343) does with the Computer's own cwd.
"""
from __future__ import annotations

from typing import Any

from a2c_smcp.computer.settings.reconciler import ledger_mcp_deps_of, other_plugin_mcp_deps, reclaimable_mcp_deps

from .declared_home import resolve_declared
from .sdk import resolve_bundle_id


def reclaim(inp: dict[str, Any]) -> dict[str, Any]:
    plugin = inp["plugin"]
    ledger = {pid: [{"mcpServers": deps}] for pid, deps in inp["ledger"].items()}
    resolved, problems = resolve_declared(inp.get("declared", {}))
    user_declared = {resolve_bundle_id(s.config) for s in resolved.servers.values()}
    deps = ledger_mcp_deps_of(ledger.get(plugin, []))
    others = other_plugin_mcp_deps(ledger, exclude_pid=plugin)
    reclaimed = reclaimable_mcp_deps(deps, other_deps=others, user_declared=user_declared)
    out: dict[str, Any] = {"reclaimed": sorted(reclaimed)}
    if problems:
        out["detail"] = "; ".join(problems)
    return out
