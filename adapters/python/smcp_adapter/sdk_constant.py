"""sdk.protocol_version: the PROTOCOL_VERSION constant a2c-smcp exports (a2c_smcp/__init__.py:12).

Read from the package's own import when the call is answered, not from the handshake's copy, so the
answer is what a user of the SDK gets from `import a2c_smcp; a2c_smcp.PROTOCOL_VERSION`.
"""
from __future__ import annotations

import importlib
from typing import Any

from .reasons import Unsupported


def protocol_version(_: dict[str, Any]) -> dict[str, Any]:
    value = getattr(importlib.import_module("a2c_smcp"), "PROTOCOL_VERSION", None)
    if value is None:
        raise Unsupported("a2c_smcp exports no PROTOCOL_VERSION")
    return {"protocol_version": value}
