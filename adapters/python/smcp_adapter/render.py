"""render: ConfigRender().arender (computer/inputs/render.py) with everything injected.

- `${env:}` reads only the request's `env` (an explicit mapping; never os.environ, even when absent).
- `${userHome}` / `${pathSeparator}` come from `variables`, filled only with the keys the request has.
- `${input:}` goes through the resolve_input callback; raising KeyError is the SDK's "unknown input"
  signal (literal kept + WARN). With a plugin_scope the callback is the SDK's own scoped lookup,
  InputResolver.aresolve_by_id(id, plugin=, marketplace=), over a pool holding the request's values.
- The SDK's warnings exist only as log records; they are mapped to the kit's {kind, name} where the
  text says exactly which: "未找到输入项" → input.missing, "环境变量未定义" → env.missing. Others (e.g.
  a predefined variable with no value, depth exceeded) have no kit kind and are left out; every raw
  line is kept under `sdk_log` as evidence.
"""
from __future__ import annotations

import logging
from typing import Any

from .reasons import OpError
from .sdk import (
    ConfigRender,
    EnvNameCollisionError,
    InputResolver,
    MCPServerPromptStringInput,
    captured_logs,
    evidence,
    log_text,
)

# (prefix, middle) of the SDK's f"{prefix}{name}{middle}{name}" warning texts (render.py).
_WARNINGS = (
    ("input.missing", "未找到输入项: ", " / Input id not found: "),
    ("env.missing", "环境变量未定义，替换为空串: ", " / Env var undefined, substitute empty: "),
)


def _warning_of(record: logging.LogRecord) -> dict[str, str] | None:
    if record.levelno != logging.WARNING:
        return None
    text = log_text(record)
    for kind, prefix, middle in _WARNINGS:
        if not text.startswith(prefix):
            continue
        size, rest = divmod(len(text) - len(prefix) - len(middle), 2)
        if size < 0 or rest:
            continue
        name = text[len(prefix):len(prefix) + size]
        if text == prefix + name + middle + name:
            return {"kind": kind, "name": name}
    return None


def _scoped_lookup(inputs: dict[str, Any], scope: str):
    plugin, _, marketplace = scope.partition("@")
    # Definitions only locate the pool ids; the values are injected through the resolver's client-value
    # channel (set_cached_value), which aresolve_by_id consults first, so no prompt, env, keyring or
    # value-store lookup happens (headless, env={}).
    pool = [MCPServerPromptStringInput(id=key, description=key) for key in inputs]
    try:
        resolver = InputResolver(pool, env={})
    except EnvNameCollisionError as exc:  # the SDK refuses a pool whose ids collide on one env name
        raise OpError("env_var.collision", str(exc), type(exc).__name__) from exc
    for key, value in inputs.items():
        resolver.set_cached_value(key, value)

    async def lookup(input_id: str) -> Any:
        return await resolver.aresolve_by_id(input_id, plugin=plugin, marketplace=marketplace)

    return lookup


def _plain_lookup(inputs: dict[str, Any]):
    async def lookup(input_id: str) -> Any:
        return inputs[input_id]  # KeyError = unknown input, as render.py expects

    return lookup


async def render(inp: dict[str, Any]) -> dict[str, Any]:
    inputs = inp.get("inputs") or {}
    scope = inp.get("plugin_scope")
    lookup = _scoped_lookup(inputs, scope) if scope is not None else _plain_lookup(inputs)
    variables = {}
    if "user_home" in inp:
        variables["userHome"] = inp["user_home"]
    if "path_separator" in inp:
        variables["pathSeparator"] = inp["path_separator"]
    with captured_logs() as records:
        value = await ConfigRender().arender(inp["value"], lookup, variables=variables, env=dict(inp.get("env") or {}))
    warnings = [w for w in map(_warning_of, records) if w is not None]
    return {"value": value, "warnings": warnings, "sdk_log": evidence(records)}
