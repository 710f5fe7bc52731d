"""input.select: the SDK's pickString resolution, InputResolver.aresolve_by_id (resolver.py).

The stored value is put where the SDK keeps a user's value, the value store (resolution step 4), so
`stored_after` can be read back from that same store: the SDK writes a real pick there and must not
write a default / first-option fallback. The in-process cache is looked at too (a fallback must not
land there either, resolver.py "不写缓存"). env is empty, so the env channel never answers.
"""
from __future__ import annotations

from typing import Any

from .headless import headless_resolver
from .reasons import OpError, input_reason
from .sdk import INPUT_ADAPTER, MCPServerPickStringInput, ValidationError


def _definition(raw: Any) -> MCPServerPickStringInput:
    try:
        cfg = INPUT_ADAPTER.validate_python(raw)
    except ValidationError as exc:  # mapped as input.validate maps it
        raise OpError(input_reason(exc, raw)[0], str(exc), "ValidationError") from exc
    if not isinstance(cfg, MCPServerPickStringInput):
        raise OpError("input.malformed_config", f"input.select takes a pickString, got {type(cfg).__name__}", "InputType")
    return cfg


async def select(inp: dict[str, Any]) -> dict[str, Any]:
    cfg = _definition(inp["input"])
    resolver, store = headless_resolver([cfg], {cfg.id: inp["stored"]} if "stored" in inp else None)
    value = await resolver.aresolve_by_id(cfg.id)  # InvalidSelectionError → input.invalid_selection
    after = store.get(cfg.id)
    if after is None:
        after = resolver.get_cached_value(cfg.id)
    return {"value": value, "stored_after": after}
