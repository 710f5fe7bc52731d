"""plugin_id.validate: the SDK's plugin id check, settings/schema.py is_valid_enabled_plugin_key.

It is the one check every plugin path goes through: the installer's `_split_plugin_id` (install,
enable, disable, uninstall, prune) raises PluginInstallError when it says no, and the settings
validation of `enabledPlugins` / `installedPlugins` keys and the reconciler use it directly. It is a
yes/no; on a no, `detail` is the installer's refusal text (`_split_plugin_id`, the message a user
sees from `plugin install`), as evidence.
"""
from __future__ import annotations

from typing import Any

from a2c_smcp.computer.settings.installer import PluginInstallError, _split_plugin_id
from a2c_smcp.computer.settings.schema import is_valid_enabled_plugin_key


def validate(inp: dict[str, Any]) -> dict[str, Any]:
    plugin_id = inp["plugin_id"]
    if is_valid_enabled_plugin_key(plugin_id):
        return {"accepted": True}
    try:
        _split_plugin_id(plugin_id)
    except PluginInstallError as exc:
        return {"accepted": False, "detail": str(exc)}
    return {"accepted": False, "detail": "is_valid_enabled_plugin_key refused it (the installer's split did not)"}
