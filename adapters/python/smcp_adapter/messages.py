"""message.parse: a data-structures model of a2c_smcp.smcp (smcp.py, TypedDicts) read through pydantic.

The SDK declares its wire models as TypedDicts and reads payloads with `TypeAdapter(<model>)
.validate_python(data)` where it checks them: its Server does so for `UpdateComputerConfigReq`
(server:update_config / update_tool_list / update_desktop / update_skills), `AgentCallData`
(server:tool_call_cancel) and every client:* answer (server/namespace.py:346, 372, 394, 682, 708; the answers 464-666).
The adapter does the same for the model the call names, in pydantic's default (lax) mode as the SDK
does, and on acceptance answers `TypeAdapter.dump_python(held, mode="json")`: what the model holds
(pydantic drops keys a TypedDict does not declare). A TypedDict declared `total=False` requires
nothing: that the model then takes `{}` is the SDK's model, not the adapter's choice.
"""
from __future__ import annotations

from typing import Any

from a2c_smcp import smcp
from pydantic import TypeAdapter, ValidationError

from .reasons import Unsupported
from .sdk import SDK_VERSION

MODELS = (
    "AgentCallData",
    "UpdateComputerConfigReq",
    "UpdateMCPConfigNotification",
    "UpdateToolListNotification",
    "GetResourcesReq",
    "GetSkillsReq",
    "GetSkillReq",
    "GetBlobReq",
    "PutBlobReq",
    "PutBlobRet",
)

_ADAPTERS: dict[str, TypeAdapter] = {}


def _adapter(model: str) -> TypeAdapter:
    if model not in _ADAPTERS:
        cls = getattr(smcp, model, None) if model in MODELS else None
        if cls is None:  # PutBlobReq / PutBlobRet arrived with 0.4
            raise Unsupported(f"a2c-smcp {SDK_VERSION} has no {model} in a2c_smcp.smcp")
        _ADAPTERS[model] = TypeAdapter(cls)
    return _ADAPTERS[model]


# pydantic error types (lax mode) that mean "not this JSON type": a string that does not parse as a
# number or bool is *_parsing, a fractional number for an int is int_from_float.
_TYPE_ERRORS = ("int_parsing", "bool_parsing", "int_from_float")


def _reason(err: dict[str, Any]) -> str:
    kind, loc = err["type"], tuple(err.get("loc", ()))
    if not loc:
        return "message.not_object" if kind in ("dict_type", "model_type", "typed_dict_type") else "unclassified"
    if kind == "missing":
        return "message.missing_field"
    if kind.endswith("_type") or kind in _TYPE_ERRORS:
        return "message.wrong_type"
    return "unclassified"


def parse(inp: dict[str, Any]) -> dict[str, Any]:
    adapter = _adapter(inp["model"])
    try:
        held = adapter.validate_python(inp["value"])
    except ValidationError as exc:
        # pydantic reports every error, in the TypedDict's field order: the first decides
        return {"accepted": False, "reason": _reason(exc.errors()[0]), "detail": str(exc)}
    return {"accepted": True, "reason": None, "value": adapter.dump_python(held, mode="json")}
