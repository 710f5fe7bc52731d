"""plugin.activation: a plugin's state from installedPlugins and the per-scope enabledPlugins maps.

The SDK's boot/reconcile path (computer/settings): each scope's document passes `validate_settings(doc,
scope)` (schema.py:447, as `resolve_settings` does, scope.py:249), the cleaned layers fold low to high
with `merge_layers` (scope.py:158) in the SDK's own SCOPE_ORDER (schema.py:100; embed has no settings
source and is skipped, scope.py:261); then `declared_installed_plugin_ids` (reconciler.py:125) is the
install set and `_plugin_boot_active(declared, pid)` (recovery.py:124) the enable gate that
`collect_enabled_bundled_servers` and skill recovery apply. installedPlugins goes in the user document,
where the installer writes it (`_write_installed_plugin`, installer.py:240).
"""
from __future__ import annotations

from typing import Any

from a2c_smcp.computer.settings.reconciler import declared_installed_plugin_ids
from a2c_smcp.computer.settings.recovery import _plugin_boot_active
from a2c_smcp.computer.settings.schema import SCOPE_ORDER, SettingsScope, validate_settings
from a2c_smcp.computer.settings.scope import merge_layers


def _declared_view(installed: list[str], enabled: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    layers: list[dict[str, Any]] = []
    problems: list[str] = []
    for scope in SCOPE_ORDER:
        if scope is SettingsScope.EMBED:
            continue
        doc: dict[str, Any] = {}
        if scope is SettingsScope.USER:
            doc["installedPlugins"] = installed
        if scope.value in enabled:
            doc["enabledPlugins"] = enabled[scope.value]
        cleaned, errors = validate_settings(doc, scope)
        problems.extend(f"{scope.value}: {e.field}: {e.reason}" for e in errors)
        layers.append(cleaned)
    return merge_layers(layers), problems


def activation(inp: dict[str, Any]) -> dict[str, Any]:
    installed, enabled = inp["installed"], inp.get("enabled", {})
    declared, problems = _declared_view(installed, enabled)
    installed_ids = declared_installed_plugin_ids(declared)
    named = list(dict.fromkeys([*installed, *(pid for layer in enabled.values() for pid in layer)]))
    states = {
        pid: "available"
        if pid not in installed_ids
        else ("installed_enabled" if _plugin_boot_active(declared, pid) else "installed_disabled")
        for pid in named
    }
    out: dict[str, Any] = {"states": states}
    if problems:
        out["detail"] = "; ".join(problems)
    return out
