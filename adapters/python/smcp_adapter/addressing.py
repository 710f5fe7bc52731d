"""addressing.resolve: the REPL's target resolution, computer/cli/resolve.py + cli/interactive_impl.py.

The SDK resolves a typed token only on its human-facing surface (§5.1: the library takes bundle_ids):

- `resolve_target(token, candidates)` (cli/resolve.py, public and pure) decides: a bundle_id, or
  AmbiguousTargetError (its `.candidates` = the name hits) / TargetNotFoundError;
- the REPL wraps it: `_resolve_or_report` (server rm, every other verb) prints the ambiguity list sorted
  by bundle_id or the not-found line; `_resolve_lifecycle_target` (start / stop) also asks whether the
  resolved bundle_id is mounted (`resolve_bundle_id(cfg) == id` over `comp.mcp_manager.server_configs()`)
  and prints the "not mounted" texts instead of acting.

Both REPL functions are private and read their search space from `collect_candidates(comp)`, which reads
os.environ, the settings files and the plugin ledger. So the adapter (1) calls `resolve_target` with the
request's entries as ServerCandidate(bundle_id, name, attribution=owner), in request order, for the
structured answer, and (2) runs the REPL function for the same token with the module attribute
`interactive_impl.collect_candidates` pointed at those same candidates for the duration of the call, a
`comp` whose `mcp_manager.server_configs()` are the SDK's own StdioServerConfig models of the mounted
entries (explicit bundle_id; only that is read), and the REPL's rich `console` captured (wide, no wrap):
the printed text is `message`, the outcome not_mounted is the REPL refusing to act on a resolved id.
The ambiguity candidates come in the order the REPL printed them.
"""
from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

from a2c_smcp.computer.cli import interactive_impl
from a2c_smcp.computer.cli.resolve import AmbiguousTargetError, ServerCandidate, TargetNotFoundError, resolve_target
from a2c_smcp.computer.cli.utils import console

from .reasons import OpError, Unsupported
from .sdk import CONFIG_ADAPTER, ValidationError, resolve_bundle_id

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def _mounted_configs(entries: list[dict[str, Any]]) -> tuple[list[Any], dict[str, str]]:
    """The SDK's config models of the mounted entries, and the mounted bundle_ids no config can carry
    (the model refuses them; bundle_id -> the model's message)."""
    configs, refused = [], {}
    for e in entries:
        if not e["mounted"]:
            continue
        raw = {"type": "stdio", "name": "mounted", "bundle_id": e["bundle_id"], "server_parameters": {"command": "probe"}}
        try:
            configs.append(CONFIG_ADAPTER.validate_python(raw))
        except ValidationError as exc:
            refused[e["bundle_id"]] = str(exc.errors()[0].get("msg"))
    return configs, refused


def _repl(token: str, candidates: tuple[ServerCandidate, ...], verb: str, mounted: list[Any]) -> tuple[str | None, str]:
    """The REPL's own resolution for `token` (return value, printed text)."""
    comp = SimpleNamespace(mcp_manager=SimpleNamespace(server_configs=lambda: list(mounted)))
    saved_collect, saved_width = interactive_impl.collect_candidates, console.width
    interactive_impl.collect_candidates = lambda comp, settings_flag_path=None: candidates
    console.width = 100_000
    try:
        with console.capture() as capture:
            if verb in ("start", "stop"):
                result = interactive_impl._resolve_lifecycle_target(comp, token, verb=verb, settings_flag_path=None)
            else:
                result = interactive_impl._resolve_or_report(comp, token, settings_flag_path=None)
    finally:
        interactive_impl.collect_candidates, console.width = saved_collect, saved_width
    return result, _ANSI.sub("", capture.get())


def _printed_order(hits: tuple[ServerCandidate, ...], printed: str) -> list[ServerCandidate]:
    """The hits in the order the REPL listed them (one line per hit, bundle_id first); else as raised."""
    lines = [line.split() for line in printed.splitlines()[1:-1]]
    order = []
    for words in lines:
        match = [c for c in hits if words and words[0] == c.bundle_id]
        if len(match) != 1:
            return list(hits)
        order.append(match[0])
    return order if sorted(map(id, order)) == sorted(map(id, hits)) else list(hits)


def resolve(inp: dict[str, Any]) -> dict[str, Any]:
    token, entries, verb = inp["token"], inp["entries"], inp.get("verb", "other")
    candidates = tuple(ServerCandidate(bundle_id=e["bundle_id"], name=e["name"], attribution=e["owner"]) for e in entries)
    mounted, unmountable = _mounted_configs(entries) if verb in ("start", "stop") else ([], {})
    try:
        bundle_id = resolve_target(token, candidates)
    except AmbiguousTargetError as exc:
        _, printed = _repl(token, candidates, verb, mounted)
        listed = [{"bundle_id": c.bundle_id, "name": c.name, "owner": c.attribution} for c in _printed_order(exc.candidates, printed)]
        raise OpError("addressing.ambiguous", f"{exc}\n{printed}", type(exc).__name__, {"candidates": listed}) from exc
    except TargetNotFoundError as exc:
        _, printed = _repl(token, candidates, verb, mounted)
        raise OpError("addressing.not_found", f"{exc}\n{printed}", type(exc).__name__) from exc
    if bundle_id in unmountable:
        raise Unsupported(
            f"the token resolves to the mounted server {bundle_id!r}, but no config of this SDK can carry that bundle_id "
            f"({unmountable[bundle_id]}), so the REPL's mounted check cannot be set up"
        )
    result, printed = _repl(token, candidates, verb, mounted)
    if result == bundle_id:
        return {"bundle_id": bundle_id, "outcome": "execute"}
    if result is None and verb in ("start", "stop"):
        return {"bundle_id": bundle_id, "outcome": "not_mounted", "message": printed.rstrip("\n")}
    raise OpError("unclassified", f"resolve_target gave {bundle_id!r} but the REPL gave {result!r}: {printed}", "ReplDisagrees")
