"""version.check: the Server's connect-time gate, a2c_smcp.server.middleware.check_a2c_version.

check_a2c_version(query_string, server) is what the SDK's ASGI (http and websocket) and WSGI
middlewares call on every Socket.IO handshake: parse_qs → ProtocolVersion.parse → is_compatible, and
it returns None (let through) or (400, body) with body code 400 (missing / invalid) or 4008. The query
string is built the way the SDK's own clients build it, utils/handshake.build_handshake_url (urlencode),
from the request's client value; no client value means no a2c_version parameter at all. The server
version goes through ProtocolVersion.parse, as the middleware's constructor does. The verdict comes from
the body's code, and for code 400 from the SDK's two message texts; the (status, body) travels as
evidence (`sdk_response`).
"""
from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

from a2c_smcp.server.middleware import check_a2c_version
from a2c_smcp.utils.handshake import build_handshake_url
from a2c_smcp.version import ProtocolVersion

from .reasons import OpError

_ENDPOINT = "http://127.0.0.1/socket.io/"  # only its query is used; nothing is connected


def check(inp: dict[str, Any]) -> dict[str, Any]:
    server = ProtocolVersion.parse(inp["server"])
    query = urlparse(build_handshake_url(_ENDPOINT, inp["client"])).query if "client" in inp else ""
    verdict = check_a2c_version(query, server)
    if verdict is None:
        return {"verdict": "compatible", "code": None, "sdk_response": None, "query_string": query}
    status, body = verdict
    code, message = body.get("code"), str(body.get("message", ""))
    if code == 4008:
        kind = "incompatible"
    elif code == 400 and message == "Missing a2c_version query parameter":
        kind = "missing"
    elif code == 400 and message.startswith("Invalid a2c_version:"):
        kind = "invalid"
    else:
        raise OpError("unclassified", f"unrecognised verdict ({status}, {body!r})", "HandshakeVerdict")
    return {"verdict": kind, "code": code, "sdk_response": {"status": status, "body": body}, "query_string": query}
