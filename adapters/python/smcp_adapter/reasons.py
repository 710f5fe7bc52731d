"""Maps SDK rejections onto the kit's closed reason taxonomy (adapters/reference/src/reasons.ts).

The SDK rejects configs and inputs through pydantic: a ValidationError whose errors carry a `type`
(missing, string_type, literal_error, value_error, ...) and a `loc`. A code is chosen from the type,
the loc and, for the SDK's own value_error validators, the SDK's message text. Anything that cannot
be mapped precisely is `unclassified`; the SDK's raw text always travels alongside.
"""
from __future__ import annotations

from typing import Any

from .sdk import InvalidSelectionError, MissingInputError, ValidationError


class OpError(Exception):
    """The SDK refused the input (ok:false); `message` is the SDK's own text. `details` holds only the
    structured fields the spec names for the reason (e.g. {id} of input.missing_input)."""

    def __init__(self, reason: str, message: str, raw_type: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.reason, self.message, self.raw_type, self.details = reason, message, raw_type, details


class Unsupported(Exception):
    """This SDK version has no way to do the request; the message says why."""


def error_from_exception(exc: BaseException) -> OpError:
    """An exception escaping the SDK. Only an encode failure on a lone surrogate is classified."""
    if isinstance(exc, OpError):
        return exc
    # The SDK's structured resolution errors (resolver.py): the id is the one the error carries, as is.
    if isinstance(exc, MissingInputError):
        return OpError("input.missing_input", str(exc), type(exc).__name__, {"id": exc.id})
    if isinstance(exc, InvalidSelectionError):
        return OpError("input.invalid_selection", str(exc), type(exc).__name__, {"id": exc.id})
    if isinstance(exc, UnicodeEncodeError) and "surrogates not allowed" in str(exc):
        return OpError("input.lone_surrogate", str(exc), type(exc).__name__)
    if isinstance(exc, ValidationError):
        return OpError(config_reason(exc, None)[0], str(exc), "ValidationError")
    return OpError("unclassified", str(exc) or repr(exc), type(exc).__name__)


# ---- bundle_id: validate_explicit_bundle_id's ValueError texts (utils/bundle_id.py) ----

def bundle_id_reason(message: str) -> str:
    """The SDK checks empty, then '__', then its charset regex; '.' falls under the charset message."""
    if "bundle_id MUST NOT be empty" in message:
        return "bundle_id.empty"
    if "MUST NOT contain consecutive underscores" in message:
        return "bundle_id.reserved_separator"
    if "bundle_id charset MUST be" in message:
        return "bundle_id.charset"
    return "unclassified"


# ---- pydantic errors ----

def _is_type_error(kind: str) -> bool:
    # string_type, bool_type, list_type, dict_type, float_type, model_type, time_delta_type, ... and
    # the lax-mode *_parsing failures (a string that is not a number / bool): the JSON type is wrong.
    return kind.endswith("_type") or kind in ("bool_parsing", "float_parsing", "int_parsing", "int_from_float")


def _branch_errors(exc: ValidationError, branch: str) -> list[dict[str, Any]]:
    """MCPServerConfig / MCPServerInput are plain (not discriminated) unions: pydantic reports the
    errors of every member, each loc prefixed by a member tag (the class name, or
    `function-after[..., ClassName]` when the class has a model validator). Keep one member's errors,
    loc stripped of the tag, so the verdict speaks about the shape the config claims to be."""
    picked = []
    for err in exc.errors():
        loc = err.get("loc", ())
        tag = str(loc[0]) if loc else ""
        if tag == branch or tag.endswith(f", {branch}]"):
            picked.append({**err, "loc": tuple(loc[1:])})
    if picked:
        return picked
    return [dict(err) for err in exc.errors()]  # not a union error (a single model): locs as reported


CONFIG_BRANCHES = {"stdio": "StdioServerConfig", "sse": "SseServerConfig", "streamable": "StreamableHttpServerConfig"}
INPUT_BRANCHES = {
    "promptString": "MCPServerPromptStringInput",
    "pickString": "MCPServerPickStringInput",
    "command": "MCPServerCommandInput",
}


def _branch_for(raw: Any, branches: dict[str, str]) -> str:
    """The member named by the wire `type`; when `type` is absent or names no member, the union's
    first member: every member defaults `type`, and pydantic reports the members in union order, so
    that member's errors are the first the SDK reports."""
    wire_type = raw.get("type") if isinstance(raw, dict) else None
    if isinstance(wire_type, str) and wire_type in branches:
        return branches[wire_type]
    return next(iter(branches.values()))


def config_error_reason(err: dict[str, Any]) -> str:
    kind, loc, msg = err["type"], tuple(err.get("loc", ())), str(err.get("msg", ""))
    if not loc:
        return "config.not_object" if kind in ("model_type", "model_attributes_type", "dict_type") else "unclassified"
    field = loc[0]
    if field == "bundle_id":
        if kind == "string_type":
            return "bundle_id.not_string"
        if kind == "value_error":
            return bundle_id_reason(msg)
        return "unclassified"
    if field == "tool_meta":
        # the map itself of the wrong type vs. an entry that is not a valid ToolMeta
        return "config.wrong_type" if len(loc) == 1 and _is_type_error(kind) else "config.invalid_tool_meta"
    if field == "default_tool_meta":
        return "config.invalid_tool_meta"
    if kind == "missing":
        return "config.missing_field"
    if kind == "extra_forbidden":
        return "config.unknown_field"
    if kind == "literal_error":
        # `type` is a Literal per member; elsewhere the only Literal is encoding_error_handler
        return "config.unknown_type" if loc == ("type",) else "config.invalid_value"
    if kind == "time_delta_parsing":
        return "config.invalid_duration"
    if _is_type_error(kind):
        return "config.wrong_type"
    return "unclassified"  # e.g. the vrl syntax check (value_error at vrl): no kit code


def config_reason(exc: ValidationError, raw: Any) -> tuple[str, dict[str, Any]]:
    """(reason, the error it came from): the first error of the member the config claims to be."""
    errors = _branch_errors(exc, _branch_for(raw, CONFIG_BRANCHES))
    return config_error_reason(errors[0]), errors[0]


def input_error_reason(err: dict[str, Any]) -> str:
    kind, loc, msg = err["type"], tuple(err.get("loc", ())), str(err.get("msg", ""))
    if not loc:
        if kind in ("model_type", "model_attributes_type", "dict_type"):
            return "input.not_object"
        if kind == "value_error" and "options must contain at least one entry" in msg:
            return "input.pick_options_empty"
        if kind == "value_error" and "default must match at least one option.value" in msg:
            return "input.pick_default_not_in_options"
        return "unclassified"
    if loc[0] == "options":
        if len(loc) > 1:
            return "input.pick_option_malformed"  # an option that is not a {label, value} of non-empty strings
        if kind == "value_error" and "旧 options: list[str]" in msg:
            return "input.pick_option_legacy_string"
    if kind == "missing":
        return "input.missing_field"
    if kind == "extra_forbidden":
        return "input.unknown_field"
    if kind == "literal_error" and loc == ("type",):
        return "input.unknown_type"
    if _is_type_error(kind):
        return "input.wrong_type"
    return "unclassified"


def input_reason(exc: ValidationError, raw: Any) -> tuple[str, dict[str, Any]]:
    errors = _branch_errors(exc, _branch_for(raw, INPUT_BRANCHES))
    return input_error_reason(errors[0]), errors[0]
