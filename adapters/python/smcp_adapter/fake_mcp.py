"""A connected MCP client with no server behind it, for the resource-reading paths (desktop, SKILL).

The SDK reads MCP resources through BaseMCPClient's own methods: `list_windows` (desktop: every page
of resources/list, window:// only, priority-sorted), `list_resources_page` (SKILL enumeration, one
page) and `get_window_detail` (resources/read, also the SKILL child reader). FakeClient *is* those
methods (the SDK's functions, bound to this object), over a FakeSession that answers the two MCP
requests the way mcp's ClientSession does: the raw JSON result goes through the result model's
`model_validate` (mcp/shared/session.py send_request), so what pydantic refuses on the wire is refused
here too, and the SDK's own error handling around it runs.

The client is put into MCPServerManager's private `_active_clients` (load.py explains that one private
touch): from there the manager's public readers (`get_windows_details`, `list_skill_resources`,
`read_resource`) drive it exactly as they drive a connected client.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from a2c_smcp.computer.mcp_clients.base_client import STATES, BaseMCPClient
from mcp.types import ListResourcesResult, ReadResourceResult

Contents = list[dict[str, Any]]  # the JSON `contents` of a resources/read result (each with its uri)


class FakeSession:
    """Answers resources/list (one page, all resources) and resources/read from memory; validates like mcp."""

    def __init__(self, resources: list[dict[str, Any]], read: Any) -> None:
        self._resources = resources
        self._read = read  # (uri string as requested) -> JSON contents
        self.reads: list[str] = []

    async def list_resources(self, cursor: str | None = None, **_: Any) -> ListResourcesResult:
        return ListResourcesResult.model_validate({"resources": self._resources})

    async def read_resource(self, uri: Any) -> ReadResourceResult:
        self.reads.append(str(uri))
        return ReadResourceResult.model_validate({"contents": self._read(uri)})

    async def subscribe_resource(self, uri: Any) -> None:  # never reached: subscribe is not declared
        return None


class FakeClient:
    """The SDK's BaseMCPClient resource methods over a FakeSession; `resources` capability, no subscribe."""

    state = STATES.connected
    list_windows = BaseMCPClient.list_windows
    list_resources_page = BaseMCPClient.list_resources_page
    get_window_detail = BaseMCPClient.get_window_detail

    def __init__(self, session: FakeSession) -> None:
        self.session = session
        self._subscribed_window_uris: set[str] = set()
        self.initialize_result = SimpleNamespace(capabilities=SimpleNamespace(resources=SimpleNamespace(subscribe=False)))
        self.params = SimpleNamespace(model_dump=lambda mode=None: {"fake": "kit adapter client"})  # only in an error log

    @property
    def async_session(self) -> Any:  # the SDK awaits this attribute (an async_property on the real client)
        async def session() -> FakeSession:
            return self.session

        return session()

    async def list_tools(self) -> list[Any]:  # MCPServerManager may refresh tools; this server has none
        return []

    async def adisconnect(self) -> None:  # never connected
        return None
