"""skill.name: the SDK's SKILL name lexer, a2c_smcp/computer/skills/naming.py parse_skill_name.

`parse_skill_name(name)` (naming.py:133) is the first check of the Computer's client:get_skill
handler (computer/socketio/client.py:801: SkillNameError → 4016) and of the Skill Registry
(skills/registry.py:84). Accepted: the parsed kind; SkillNameError: accepted false, its reason text
as evidence.
"""
from __future__ import annotations

from typing import Any

from a2c_smcp.computer.skills.naming import SkillNameError, parse_skill_name


def name(inp: dict[str, Any]) -> dict[str, Any]:
    try:
        parsed = parse_skill_name(inp["name"])
    except SkillNameError as exc:
        return {"accepted": False, "kind": None, "detail": exc.reason}
    return {"accepted": True, "kind": parsed.kind}
