"""plugin.bundled_gate: whether an enabled plugin's bundled MCP server mounts, is denied or waits, computer/.

The decision is the bundled-server branch of `Computer.reconcile_governance` (computer.py:2101-2141), made
here with the same SDK calls on the call's settings: each scope's document through `validate_settings(doc,
scope)` (schema.py:447), merged low to high by `merge_layers` (scope.py:158) in the SDK's SCOPE_ORDER
(embed skipped: no settings source), as `_resolve_declared_settings` / `resolve_settings` do; the plugin is
collected only when `_plugin_boot_active(declared, pid)` (recovery.py:124, the gate of
`collect_enabled_bundled_servers`), its enabling scope is `_plugin_enable_origin(per_scope_layers, pid)`
(recovery.py:132); then `security_layer_check(bundle_id, settings=declared)` (mcp_config.py:427) and,
for a project-enabled server only, `trust_layer_check(bundle_id, settings=declared, trusted_origin=False)`
(mcp_config.py:443), each in the branch's order.
"""
from __future__ import annotations

from typing import Any

from a2c_smcp.computer.settings.mcp_config import McpApprovalStatus, security_layer_check, trust_layer_check
from a2c_smcp.computer.settings.recovery import _plugin_boot_active, _plugin_enable_origin
from a2c_smcp.computer.settings.schema import SCOPE_ORDER, SettingsScope, validate_settings
from a2c_smcp.computer.settings.scope import merge_layers


def gate(inp: dict[str, Any]) -> dict[str, Any]:
    settings, pid, bundle_id = inp.get("settings", {}), inp["plugin"], inp["bundle_id"]
    per_scope: dict[SettingsScope, dict[str, Any]] = {}
    problems: list[str] = []
    for scope in SCOPE_ORDER:
        if scope is SettingsScope.EMBED:
            continue
        cleaned, errors = validate_settings(settings.get(scope.value, {}), scope)
        problems.extend(f"{scope.value}: {e.field}: {e.reason}" for e in errors)
        per_scope[scope] = cleaned
    declared = merge_layers(list(per_scope.values()))
    if not _plugin_boot_active(declared, pid):
        status = "inactive"
    elif security_layer_check(bundle_id, settings=declared) is McpApprovalStatus.DISABLED:
        status = "denied"
    elif (
        _plugin_enable_origin(per_scope, pid) is SettingsScope.PROJECT
        and trust_layer_check(bundle_id, settings=declared, trusted_origin=False) is McpApprovalStatus.PENDING
    ):
        status = "pending"
    else:
        status = "mounted"
    out: dict[str, Any] = {"status": status}
    if problems:
        out["detail"] = "; ".join(problems)
    return out
