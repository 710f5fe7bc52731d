"""env_var.*: utils/env_segment.py (env_var_name, detect_env_name_collisions)."""
from __future__ import annotations

from typing import Any

from .reasons import Unsupported
from .sdk import SDK_VERSION, detect_env_name_collisions, env_var_name


def name(inp: dict[str, Any]) -> dict[str, Any]:
    # bundle_id / tool_name: None means "segment absent" in the SDK too (an empty string is a segment).
    return {"env_var_name": env_var_name(inp["input_id"], bundle_id=inp.get("bundle_id"), tool_name=inp.get("tool_name"))}


def collisions(inp: dict[str, Any]) -> dict[str, Any]:
    identities = inp["identities"]
    if any(i.get("bundle_id") is not None or i.get("tool_name") is not None for i in identities):
        # detect_env_name_collisions(input_ids) only knows bare input ids (its docstring: the live path
        # has no server/tool segments yet); no SDK function checks identities with bundle/tool segments.
        raise Unsupported(f"a2c-smcp {SDK_VERSION} detects env-name collisions on bare input ids only "
                          "(detect_env_name_collisions(input_ids)); identities with bundle_id/tool_name have no SDK check")
    ids = [i["input_id"] for i in identities]
    found = detect_env_name_collisions(ids)  # {env name: sorted colliding ids}, dict in first-appearance order
    positions: dict[str, list[int]] = {}
    for index, input_id in enumerate(ids):
        positions.setdefault(input_id, []).append(index)
    groups = []
    for env_name, members in found.items():
        # The SDK lists every occurrence (a repeated identical id is listed twice and counts as a
        # collision): the k-th occurrence of an id in its list is that id's k-th position in the input.
        taken: dict[str, int] = {}
        indexes = []
        for member in members:
            k = taken.get(member, 0)
            taken[member] = k + 1
            indexes.append(positions[member][k])
        groups.append({"env_var_name": env_name, "indexes": sorted(indexes)})
    return {"collisions": groups}
