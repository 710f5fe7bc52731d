"""server_config.validate and input.validate: the SDK's own pydantic models decide."""
from __future__ import annotations

from typing import Any

from .reasons import OpError, config_reason, input_reason
from .sdk import CONFIG_ADAPTER, INPUT_ADAPTER, ValidationError


def build_config(raw: Any):
    """The SDK's MCPServerConfig model of a wire config, as the SDK builds it
    (TypeAdapter(MCPServerConfig).validate_python, like Computer._validate_raw_shape and the plugin
    manifest parser). A rejection becomes ok:false with the mapped reason and the raw pydantic text."""
    try:
        return CONFIG_ADAPTER.validate_python(raw)
    except ValidationError as exc:
        raise OpError(config_reason(exc, raw)[0], str(exc), "ValidationError") from exc


def _verdict(exc: ValidationError | None, reason: str | None) -> dict[str, Any]:
    if exc is None:
        return {"accepted": True, "reason": None}
    return {"accepted": False, "reason": reason, "detail": str(exc)}


def _validate(adapter: Any, raw: Any, reason_of: Any) -> dict[str, Any]:
    """The SDK's TypeAdapter decides; the kit reason comes from its first relevant error."""
    try:
        adapter.validate_python(raw)
    except ValidationError as exc:
        return _verdict(exc, reason_of(exc, raw)[0])
    return _verdict(None, None)


def server_config_validate(inp: dict[str, Any]) -> dict[str, Any]:
    return _validate(CONFIG_ADAPTER, inp["config"], config_reason)


def input_validate(inp: dict[str, Any]) -> dict[str, Any]:
    return _validate(INPUT_ADAPTER, inp["input"], input_reason)
