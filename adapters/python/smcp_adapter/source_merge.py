"""config.source_merge: the declarations a Computer resolves from its non-plugin sources, with origins.

`resolve_mcp_config` (computer/settings/mcp_config.py:290) over the sources written to a temporary home
(declared_home.py): it folds the scopes in the SDK's SCOPE_ORDER (schema.py:100), a higher scope's server
of the same name replacing the lower one whole, and gives each `ResolvedMcpServer` its `origin`. The answer
is each resolved server's name, `resolve_bundle_id(config)` and origin.
"""
from __future__ import annotations

from typing import Any

from .declared_home import resolve_declared
from .sdk import resolve_bundle_id


def merge(inp: dict[str, Any]) -> dict[str, Any]:
    resolved, problems = resolve_declared(inp.get("declared", {}))
    servers = [
        {"name": name, "bundle_id": resolve_bundle_id(s.config), "origin": s.origin.value}
        for name, s in sorted(resolved.servers.items())
    ]
    out: dict[str, Any] = {"servers": servers}
    if problems:
        out["detail"] = "; ".join(problems)
    return out
