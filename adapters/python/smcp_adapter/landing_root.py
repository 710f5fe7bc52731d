"""settings.landing_root: the landingRoot a Computer takes from one scope, computer/settings/schema.py.

`validate_settings(raw, scope)` (schema.py:447) is the gate every settings document passes, scope by
scope, before the scopes are merged (`load_settings_file`, scope.py:198, called by `resolve_settings`,
scope.py:249, which `Computer.landing_root` (computer.py:391) reads `landingRoot` from): the
project scope's landingRoot is filtered (TRUSTED_SCOPE_ONLY_FIELDS, schema.py:164) and the value
checked by `_validate_landing_root` (schema.py:414). The adapter hands it the call's document and
scope and reads the cleaned document at the SDK's own key FIELD_LANDING_ROOT; a refusal's reason
comes from the SDK's error for that key.

embed is unsupported: a2c-smcp has no embed source on the settings axis (`resolve_settings` reads
user, project, local, flag and policy only, scope.py:261 "embed 在本轴无数据源", and `Computer(...)`
takes no landing root), so no landingRoot reaches a Computer from that scope.
"""
from __future__ import annotations

from typing import Any

from a2c_smcp.computer.settings import schema

from .reasons import Unsupported
from .sdk import SDK_VERSION

# a2c-smcp 0.4 added landingRoot (client:put_blob); 0.3.x has no such setting
_KEY = getattr(schema, "FIELD_LANDING_ROOT", None)


def _reason(message: str) -> str:
    if "not allowed in the project scope" in message:
        return "settings.untrusted_scope"
    if message.startswith("expected string"):
        return "settings.wrong_type"
    if "must be an absolute path" in message:
        return "settings.not_absolute"
    return "unclassified"


def landing_root(inp: dict[str, Any]) -> dict[str, Any]:
    if _KEY is None:
        raise Unsupported(f"a2c-smcp {SDK_VERSION} has no landingRoot setting (FIELD_LANDING_ROOT arrived with 0.4)")
    scope = schema.SettingsScope(inp["scope"])
    if scope is schema.SettingsScope.EMBED:
        raise Unsupported(
            f"a2c-smcp {SDK_VERSION} has no embed source of settings: resolve_settings (computer/settings/scope.py:249) reads "
            "user, project, local, flag and policy only, and Computer(...) takes no landing root, so no landingRoot comes from embed"
        )
    cleaned, errors = schema.validate_settings(inp["settings"], scope)
    if _KEY in cleaned:
        return {"accepted": True, "reason": None, "landing_root": cleaned[_KEY]}
    refused = [e for e in errors if e.field == _KEY]
    if not refused:
        return {"accepted": False, "reason": None}
    return {"accepted": False, "reason": _reason(refused[0].reason), "detail": refused[0].reason}
