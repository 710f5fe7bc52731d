"""The SDK surface the adapter uses, imported once, plus a capture of the SDK's log records.

The SDK reports load-time and render-time diagnostics only as `logger.warning(...)` calls on the
`a2c_smcp.*` loggers (no return value, no exception), so the adapter listens on the `a2c_smcp`
logger to turn them into structured data. Child records reach this handler even though the SDK's
silent mode disables the `a2c_smcp` logger itself (handlers are looked up along the hierarchy).
"""
from __future__ import annotations

import contextlib
import importlib.metadata
import logging
import threading
from collections.abc import Iterator

import a2c_smcp
from a2c_smcp.computer.blob.thresholds import BlobThresholds
from a2c_smcp.computer.computer import Computer
from a2c_smcp.computer.inputs.render import ConfigRender
from a2c_smcp.computer.inputs import resolver as _resolver
from a2c_smcp.computer.inputs.resolver import InputResolver, MissingInputError
from a2c_smcp.computer.mcp_clients.manager import MCPServerManager
from a2c_smcp.computer.mcp_clients.model import (
    MCPServerConfig,
    MCPServerInput,
    MCPServerPickStringInput,
    MCPServerPromptStringInput,
    StdioServerConfig,
)
from a2c_smcp.computer.skills.manifest import (
    PluginManifestError,
    enumerate_bundled_server_files,
    parse_bundled_server,
)
from a2c_smcp.utils.bundle_id import (
    connection_identity_tlv,
    normalize_name,
    resolve_bundle_id,
    validate_explicit_bundle_id,
)
from a2c_smcp.utils.env_segment import EnvNameCollisionError, detect_env_name_collisions, env_var_name
from pydantic import TypeAdapter, ValidationError


class _NotInThisSdk(Exception):
    """Stands in for an SDK exception class this version lacks (never raised)."""


# pickString value selection (§5.12) and its error arrived after 0.3.2.
InvalidSelectionError: type[Exception] = getattr(_resolver, "InvalidSelectionError", _NotInThisSdk)

# The same adapters the SDK builds internally (skills/manifest.py, Computer._validate_raw_shape).
CONFIG_ADAPTER: TypeAdapter = TypeAdapter(MCPServerConfig)
INPUT_ADAPTER: TypeAdapter = TypeAdapter(MCPServerInput)

SDK_NAME = "a2c-smcp"
SDK_VERSION = importlib.metadata.version(SDK_NAME)
MCP_VERSION = importlib.metadata.version("mcp")  # the MCP client library the SDK runs on (transport.call_tool)
PROTOCOL_VERSION = getattr(a2c_smcp, "PROTOCOL_VERSION", None)

__all__ = [
    "CONFIG_ADAPTER", "INPUT_ADAPTER", "SDK_NAME", "SDK_VERSION", "MCP_VERSION", "PROTOCOL_VERSION",
    "BlobThresholds", "Computer", "ConfigRender", "InputResolver", "InvalidSelectionError", "MissingInputError", "MCPServerManager", "MCPServerPickStringInput", "MCPServerPromptStringInput", "StdioServerConfig",
    "PluginManifestError", "enumerate_bundled_server_files", "parse_bundled_server",
    "connection_identity_tlv", "normalize_name", "resolve_bundle_id", "validate_explicit_bundle_id",
    "EnvNameCollisionError", "detect_env_name_collisions", "env_var_name", "ValidationError",
    "captured_logs",
]


class _ListHandler(logging.Handler):
    """Keeps only the records of the thread that opened the capture: a wire.computer call runs its SDK on a
    worker thread meanwhile (protocol.py), and its log lines are no evidence of the call being captured."""

    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self.records: list[logging.LogRecord] = []
        self._thread = threading.get_ident()

    def emit(self, record: logging.LogRecord) -> None:
        if record.thread == self._thread:
            self.records.append(record)


@contextlib.contextmanager
def captured_logs() -> Iterator[list[logging.LogRecord]]:
    """Collects every a2c_smcp log record this thread emits inside the block (main-thread calls run one at a time)."""
    handler = _ListHandler()
    root = logging.getLogger("a2c_smcp")
    root.addHandler(handler)
    try:
        yield handler.records
    finally:
        root.removeHandler(handler)


def log_text(record: logging.LogRecord) -> str:
    """The record's final message text (the SDK mostly logs pre-formatted f-strings)."""
    try:
        return record.getMessage()
    except Exception:  # a malformed %-format in a third-party record: keep the raw template
        return str(record.msg)


def evidence(records: list[logging.LogRecord]) -> list[str]:
    """Raw SDK log lines (level + text), carried in outputs as evidence, never compared."""
    return [f"{r.levelname} {r.name}: {log_text(r)}" for r in records if r.levelno >= logging.WARNING]
