"""window_uri.parse: the SDK's WindowURI (utils/window_uri.py), the parser behind is_window_uri.

`WindowURI(uri)` parses with yarl and refuses with `ValueError("Invalid URI scheme: …")` for a scheme
other than window and `IndexError("Missing host (MCP id) in URI: …")` for an empty host; a non-empty
query is a WARN log line (no exception). host = `.mcp_id`, path = `.windows` (the raw path split on
'/', each segment `unquote`d). Refusals map by exception type plus the SDK's own message head; a
ValueError raised by yarl itself (e.g. "Invalid IPv6 URL") has no kit code and is `unclassified`.
"""
from __future__ import annotations

from typing import Any

from a2c_smcp.utils.window_uri import WindowURI

from .desktop import warning_kinds
from .reasons import OpError
from .sdk import captured_logs, evidence

_BAD_SCHEME = "Invalid URI scheme:"
_NO_HOST = "Missing host (MCP id) in URI:"


def parse(inp: dict[str, Any]) -> dict[str, Any]:
    uri = inp["uri"]
    with captured_logs() as records:
        try:
            parsed = WindowURI(uri)
            host, path = parsed.mcp_id, list(parsed.windows)
        except IndexError as exc:
            reason = "window_uri.missing_host" if str(exc).startswith(_NO_HOST) else "unclassified"
            raise OpError(reason, str(exc), type(exc).__name__) from exc
        except ValueError as exc:
            if isinstance(exc, UnicodeError):
                raise  # a lone surrogate: dispatch maps it (input.lone_surrogate)
            reason = "window_uri.invalid_scheme" if str(exc).startswith(_BAD_SCHEME) else "unclassified"
            raise OpError(reason, str(exc), type(exc).__name__) from exc
    return {"host": host, "path": path, "warnings": warning_kinds(records), "sdk_log": evidence(records), "sdk_str": str(parsed)}
