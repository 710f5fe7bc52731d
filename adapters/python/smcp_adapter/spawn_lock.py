"""One stdio spawn at a time across the adapter's threads, as a2c-smcp means it.

a2c-smcp guards each stdio MCP server spawn with a module-level `asyncio.Lock` (`_SPAWN_LOCK` in
computer/mcp_clients/stdio_client.py), so that the child pids listed before and after a spawn belong
to that client only. An asyncio.Lock serves one event loop; the adapter runs every wire.computer call
on a thread with a loop of its own (wire_computer.py). A waiter on a second loop is never woken when
the first loop releases the lock (Future.set_result from the wrong thread), so that Computer never
mounts and its case times out. Measured: two stdio cases at once, one hung until its time box.

The swap keeps the SDK's meaning (one spawn at a time in the process) across loops: a
threading.Lock, awaited by polling so no loop blocks. Nothing else of the SDK changes.
"""
from __future__ import annotations

import asyncio
import threading

from a2c_smcp.computer.mcp_clients import stdio_client as _stdio_client

_POLL_S = 0.005


class ThreadSafeSpawnLock:
    """`async with` a process-wide lock from any thread's event loop."""

    def __init__(self) -> None:
        self._lock = threading.Lock()

    async def __aenter__(self) -> None:
        while not self._lock.acquire(blocking=False):
            await asyncio.sleep(_POLL_S)

    async def __aexit__(self, *exc: object) -> None:
        self._lock.release()


def install() -> None:
    """Swap the SDK's per-loop spawn lock for the process-wide one (once; a release without it is left alone)."""
    if isinstance(getattr(_stdio_client, "_SPAWN_LOCK", None), asyncio.Lock):
        _stdio_client._SPAWN_LOCK = ThreadSafeSpawnLock()  # type: ignore[assignment]
