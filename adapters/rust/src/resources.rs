//! A fake MCP client that lists resources and answers reads, for the SDK's resource paths
//! (`desktop.organize`: `MCPServerManager::get_windows_details`; `skill.mode_c` / `skill.tags`:
//! the manager as `SkillResourceManager` under `stage_mcp_skills`).
//!
//! It stands where a transport client (stdio / SSE / streamable HTTP) would: the manager gets it
//! through its public client-factory seam (`set_client_factory`), so nothing is spawned and no
//! socket is opened. What it returns is the request's data as a server would send it:
//! - `list_resources_page(_)` → the whole listing, one page, in list order;
//! - `list_windows()` → the same listing. A real client's `list_windows` pages `resources/list`
//!   and then runs the crate-private `desktop::metadata::filter_and_sort_window_resources`
//!   (metadata.rs:65: keep `is_window_uri`, stable sort by `read_priority` descending;
//!   http_client.rs:1187, sse_client.rs:732, stdio_client.rs:566). The adapter cannot call it and
//!   does not copy it; `desktop` answers `unsupported` where that step would change the answer;
//! - `get_window_detail(resource)` → the contents given for that resource (`resources/read`), or an
//!   error when none were given ("nothing was read").

use std::sync::Mutex;

use serde_json::Value;

use crate::sdk::{CallToolResult, ClientState, MCPClientError, MCPClientProtocol, ReadResourceResult, Resource, Tool};

#[derive(Clone)]
pub(crate) struct Listed {
    pub resource: Resource,
    /// The `resources/read` answer; `None`: nothing can be read.
    pub read: Option<ReadResourceResult>,
}

pub(crate) struct ResourceClient {
    listed: Vec<Listed>,
    /// Which listed entries a read was already served for (a repeated resource gets its own read).
    served: Mutex<Vec<bool>>,
    state: Mutex<ClientState>,
}

impl ResourceClient {
    pub(crate) fn new(listed: Vec<Listed>) -> Self {
        let served = Mutex::new(vec![false; listed.len()]);
        ResourceClient { listed, served, state: Mutex::new(ClientState::Initialized) }
    }

    fn listing(&self) -> Vec<Resource> {
        self.listed.iter().map(|l| l.resource.clone()).collect()
    }
}

fn nothing_read(uri: &str) -> MCPClientError {
    MCPClientError::Other(format!("smcp-conformance fake client: nothing to read for {uri}"))
}

#[async_trait::async_trait]
impl MCPClientProtocol for ResourceClient {
    fn state(&self) -> ClientState {
        *self.state.lock().unwrap_or_else(|p| p.into_inner())
    }
    async fn connect(&self) -> Result<(), MCPClientError> {
        *self.state.lock().unwrap_or_else(|p| p.into_inner()) = ClientState::Connected;
        Ok(())
    }
    async fn disconnect(&self) -> Result<(), MCPClientError> {
        *self.state.lock().unwrap_or_else(|p| p.into_inner()) = ClientState::Disconnected;
        Ok(())
    }
    async fn list_tools(&self) -> Result<Vec<Tool>, MCPClientError> {
        Ok(Vec::new())
    }
    async fn call_tool(&self, _name: &str, _params: Value) -> Result<CallToolResult, MCPClientError> {
        Err(MCPClientError::Other("smcp-conformance fake client: no tool calls".into()))
    }
    async fn list_windows(&self) -> Result<Vec<Resource>, MCPClientError> {
        Ok(self.listing())
    }
    async fn list_resources_page(&self, _cursor: Option<String>) -> Result<(Vec<Resource>, Option<String>), MCPClientError> {
        Ok((self.listing(), None))
    }
    async fn get_window_detail(&self, resource: Resource) -> Result<ReadResourceResult, MCPClientError> {
        let mut served = self.served.lock().unwrap_or_else(|p| p.into_inner());
        // The listed resource itself, each listing entry once (get_windows_details reads them in
        // list order); else by URI (the skill path reads a bare Resource built from the URI).
        let index = (0..self.listed.len())
            .find(|&i| !served[i] && self.listed[i].resource == resource)
            .or_else(|| (0..self.listed.len()).find(|&i| self.listed[i].resource.uri == resource.uri));
        let Some(index) = index else {
            return Err(nothing_read(&resource.uri));
        };
        served[index] = true;
        self.listed[index].read.clone().ok_or_else(|| nothing_read(&resource.uri))
    }
    async fn subscribe_window(&self, _resource: Resource) -> Result<(), MCPClientError> {
        Ok(())
    }
    async fn unsubscribe_window(&self, _resource: Resource) -> Result<(), MCPClientError> {
        Ok(())
    }
}
