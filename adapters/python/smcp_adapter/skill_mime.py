"""skill.mime_type and skill.text_mime: the SDK's one source of SKILL MIME types, a2c_smcp/utils/mime.py.

`guess_mime(filename)` (mime.py:89) is what the Computer calls on the resource's file name when it
serves a SKILL sub-resource (computer/skills/resource.py:195, `guess_mime(target.name)`);
`is_text_mime(mime)` (mime.py:106) is both the Computer's inline-or-handle test (resource.py:203)
and the Agent's drain gate (agent/client.py:573).
"""
from __future__ import annotations

from typing import Any

from a2c_smcp.utils.mime import guess_mime, is_text_mime


def mime_type(inp: dict[str, Any]) -> dict[str, Any]:
    return {"mime_type": guess_mime(inp["file_name"])}


def text_mime(inp: dict[str, Any]) -> dict[str, Any]:
    return {"text": is_text_mime(inp["mime_type"])}
