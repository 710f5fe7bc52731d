"""render: ConfigRender().arender (computer/inputs/render.py) with everything injected.

- `${env:}` reads only the request's `env` (an explicit mapping; never os.environ, even when absent).
- `${userHome}` / `${pathSeparator}` come from `variables`, filled only with the keys the request has.
- `${input:}` goes through the resolve_input callback the Computer uses, InputResolver.aresolve_by_id
  (bound to the plugin with a plugin_scope; headless.py says why it is a subclass), over a pool of the
  declared inputs. An undeclared id is its KeyError (literal kept + WARN); a declared one without a
  value is its MissingInputError, which ConfigRender re-raises (→ input.missing_input, reasons.py).
- The SDK's warnings exist only as log records; they are mapped to the kit's {kind, name} where the
  text says exactly which: "未找到输入项" → input.missing, "环境变量未定义" → env.missing. Others (e.g.
  a predefined variable with no value, depth exceeded) have no kit kind and are left out; every raw
  line is kept under `sdk_log` as evidence.
"""
from __future__ import annotations

import logging
from typing import Any

from .headless import headless_resolver
from .reasons import Unsupported
from .sdk import ConfigRender, MCPServerPromptStringInput, captured_logs, evidence, log_text

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


def _pool(inputs: dict[str, Any], kinds: dict[str, str]) -> list[Any]:
    """Declared inputs as the SDK's models: a secret is a promptString with password: true. No default,
    so a declared id without a value is the SDK's headless missing-input case, never a prompt."""
    declared = {**{key: "value" for key in inputs}, **kinds}
    return [MCPServerPromptStringInput(id=key, description=key, password=kind == "secret") for key, kind in declared.items()]


def _resolver_lookup(inputs: dict[str, Any], kinds: dict[str, str], scope: str | None):
    plugin, _, marketplace = (scope or "").partition("@")
    resolver, _ = headless_resolver(_pool(inputs, kinds))
    # Values go in through the resolver's client-injection channel (set_cached_value), which
    # aresolve_by_id consults first; an id declared without a value gets no entry.
    for key, value in inputs.items():
        resolver.set_cached_value(key, value)

    async def lookup(input_id: str) -> Any:
        return await resolver.aresolve_by_id(input_id, plugin=plugin or None, marketplace=marketplace or None)

    return lookup, resolver


async def render(inp: dict[str, Any]) -> dict[str, Any]:
    inputs = inp.get("inputs") or {}
    lookup, resolver = _resolver_lookup(inputs, inp.get("input_kinds") or {}, inp.get("plugin_scope"))
    variables = {}
    if "user_home" in inp:
        variables["userHome"] = inp["user_home"]
    if "path_separator" in inp:
        variables["pathSeparator"] = inp["path_separator"]
    with captured_logs() as records:
        value = await ConfigRender().arender(inp["value"], lookup, variables=variables, env=dict(inp.get("env") or {}))
    if resolver.refusal:  # ConfigRender turned the refusal into a literal: the answer would be wrong
        raise Unsupported(resolver.refusal)
    warnings = [w for w in map(_warning_of, records) if w is not None]
    return {"value": value, "warnings": warnings, "sdk_log": evidence(records)}
