"""bundle_id.*: utils/bundle_id.py (normalize_name, resolve_bundle_id, connection_identity_tlv,
validate_explicit_bundle_id) over the SDK's MCPServerConfig model."""
from __future__ import annotations

from typing import Any

from .config import build_config
from .reasons import bundle_id_reason, config_reason
from .sdk import (
    StdioServerConfig,
    ValidationError,
    connection_identity_tlv,
    normalize_name,
    resolve_bundle_id,
    validate_explicit_bundle_id,
)


def normalize(inp: dict[str, Any]) -> dict[str, Any]:
    return {"normalized": normalize_name(inp["name"])}


def resolve(inp: dict[str, Any]) -> dict[str, Any]:
    # resolve_bundle_id takes a model, not a dict: the SDK must first accept the config.
    return {"bundle_id": resolve_bundle_id(build_config(inp["config"]))}


def identity_bytes(inp: dict[str, Any]) -> dict[str, Any]:
    return {"hex": connection_identity_tlv(build_config(inp["config"])).hex()}


def validate(inp: dict[str, Any]) -> dict[str, Any]:
    value = inp["bundle_id"]
    if isinstance(value, str):
        try:
            validate_explicit_bundle_id(value)
        except ValueError as exc:
            return {"accepted": False, "reason": bundle_id_reason(str(exc)), "detail": str(exc)}
        return {"accepted": True, "reason": None}
    # validate_explicit_bundle_id is typed `str`; what the SDK does with any other JSON value is decided
    # by the model field it lives in, `BaseMCPServerConfig.bundle_id: str | None` (+ the same validator).
    # The rest of the probe config is valid, so only the bundle_id field can fail.
    probe = {"name": "probe", "bundle_id": value, "server_parameters": {"command": "probe"}}
    try:
        StdioServerConfig.model_validate(probe)
    except ValidationError as exc:
        return {"accepted": False, "reason": config_reason(exc, probe)[0], "detail": str(exc)}
    # null is the field's "omitted" value: the model accepts it and derives the id from the name.
    return {"accepted": True, "reason": None, "detail": f"the SDK field bundle_id: str | None accepts {value!r} (treated as omitted)"}
