//! tool_meta.merge and load.diagnostics: the SDK's `MCPServerManager`, with no MCP server behind it.
//!
//! The manager has a public client-factory seam (`set_client_factory`, "#152 test seam"): every
//! stdio/sse server it starts gets a `FakeClient` that "connects" without doing anything and only
//! answers `list_tools` with the request's tool names. Nothing is spawned, nothing touches the
//! network. The exception is streamable (`MCPServerConfig::Http`): the manager always builds a real
//! `HttpMCPClient` for it, bypassing the seam, so such servers are never started here.
//!
//! - no-double-open: `initialize(configs)` keeps the first config per resolved bundle_id and WARNs
//!   for each later one (tracing event; fields bundle_id / kept / dropped names).
//! - exposed names: `refresh_tool_routes()` builds `{bundle_id}__{alias ?? tool}` per listed tool and
//!   WARNs on an exposed-name collision (fields bundle_id / exposed / kept / dropped tools);
//!   `list_available_tools()` publishes the routed tools and `validate_tool_call(name)` gives each
//!   one's (bundle_id, original tool name).
//! - ToolMeta: there is no public merge function (`merged_tool_meta` / `three_layer_tool_meta` are
//!   private); the merged meta is published in `list_available_tools()` as
//!   `_meta.a2c_tool_meta`, which is what tool_meta.merge reads.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde_json::{json, Map, Value};

use crate::capture::{capture, evidence, Record};
use crate::reasons::{build_config, config_reason, Fail, OpError};
use crate::sdk::{
    resolve_bundle_id, CallToolResult, ClientFactory, ClientNotifyCtx, ClientState, MCPClientError, MCPClientProtocol,
    MCPServerConfig, MCPServerManager, ReadResourceResult, Resource, Tool,
};
use crate::Ctx;

const DUPLICATE_BUNDLE_ID: &str = "duplicate bundle_id at load; keeping first (no-double-open config diagnostic)";
const EXPOSED_COLLISION: &str =
    "duplicate exposed_tool_name within one bundle_id (alias collision); keeping first (config diagnostic)";

/// Stands in for a connected MCP client: lists the given tools, nothing else.
pub(crate) struct FakeClient {
    tools: Vec<Tool>,
    state: Mutex<ClientState>,
}

impl FakeClient {
    pub(crate) fn new(tools: Vec<Tool>) -> Self {
        FakeClient { tools, state: Mutex::new(ClientState::Initialized) }
    }
}

#[async_trait::async_trait]
impl MCPClientProtocol for FakeClient {
    fn state(&self) -> ClientState {
        *self.state.lock().unwrap()
    }
    async fn connect(&self) -> Result<(), MCPClientError> {
        *self.state.lock().unwrap() = ClientState::Connected;
        Ok(())
    }
    async fn disconnect(&self) -> Result<(), MCPClientError> {
        *self.state.lock().unwrap() = ClientState::Disconnected;
        Ok(())
    }
    async fn list_tools(&self) -> Result<Vec<Tool>, MCPClientError> {
        Ok(self.tools.clone())
    }
    async fn call_tool(&self, _name: &str, _params: Value) -> Result<CallToolResult, MCPClientError> {
        Err(MCPClientError::Other("smcp-conformance fake client: no tool calls".into()))
    }
    async fn list_windows(&self) -> Result<Vec<Resource>, MCPClientError> {
        Ok(Vec::new())
    }
    async fn list_resources_page(&self, _cursor: Option<String>) -> Result<(Vec<Resource>, Option<String>), MCPClientError> {
        Ok((Vec::new(), None))
    }
    async fn get_window_detail(&self, _resource: Resource) -> Result<ReadResourceResult, MCPClientError> {
        Err(MCPClientError::Other("smcp-conformance fake client: no resources".into()))
    }
    async fn subscribe_window(&self, _resource: Resource) -> Result<(), MCPClientError> {
        Ok(())
    }
    async fn unsubscribe_window(&self, _resource: Resource) -> Result<(), MCPClientError> {
        Ok(())
    }
}

fn tool(name: &str) -> Result<Tool, OpError> {
    serde_json::from_value(json!({"name": name, "inputSchema": {"type": "object"}}))
        .map_err(|e| OpError::new("unclassified", format!("cannot build an MCP Tool named {name:?}: {e}"), "serde_json::Error"))
}

fn computer_error(e: impl std::fmt::Display) -> OpError {
    OpError::new("unclassified", e.to_string(), "ComputerError")
}

/// A manager whose client factory serves `servers[i].1` to the config equal to `servers[i].0`.
fn manager_with(ctx: &Ctx, servers: Vec<(MCPServerConfig, Vec<Tool>)>) -> MCPServerManager {
    let servers = Arc::new(servers);
    let factory: ClientFactory = Arc::new(move |config: MCPServerConfig, _notify: Option<ClientNotifyCtx>| {
        let tools = servers.iter().find(|(c, _)| *c == config).map(|(_, t)| t.clone()).unwrap_or_default();
        Arc::new(FakeClient::new(tools)) as Arc<dyn MCPClientProtocol>
    });
    let manager = MCPServerManager::new();
    ctx.rt.block_on(manager.set_client_factory(Some(factory)));
    manager
}

fn is_http(config: &MCPServerConfig) -> bool {
    matches!(config, MCPServerConfig::Http(_))
}

// ---- tool_meta.merge / tool_meta.reconcile / tool_meta.wire ----------------------------------------

const TOOL: &str = "tool";
const MALFORMED_DECLARATION: &str = "malformed ToolMeta server declaration dropped; using config canonical or removing the key \
instead (local diagnostic, not a protocol error)";

/// An MCP tool as a server lists it: `declared_meta` becomes its native `_meta` (absent: none).
fn tool_with_meta(name: &str, declared_meta: Option<&Value>) -> Result<Tool, OpError> {
    let mut raw = json!({"name": name, "inputSchema": {"type": "object"}});
    if let Some(meta) = declared_meta {
        raw["_meta"] = meta.clone();
    }
    serde_json::from_value(raw)
        .map_err(|e| OpError::new("unclassified", format!("cannot build an MCP Tool named {name:?}: {e}"), "serde_json::Error"))
}

/// One stdio server config whose `default_tool_meta` / `tool_meta[tool]` are the request's layers
/// (null: not set), built by the SDK's own model (which may reject them).
fn probe_config(input: &Map<String, Value>, tool: &str) -> Result<MCPServerConfig, OpError> {
    let mut raw = json!({"type": "stdio", "name": "probe", "server_parameters": {"command": "probe"}});
    match input.get("tool_meta") {
        Some(Value::Null) => {}
        Some(meta @ Value::Object(_)) => raw["tool_meta"] = json!({ tool: meta }),
        _ => return Err(OpError::malformed("`tool_meta` must be an object or null")),
    }
    match input.get("default_tool_meta") {
        Some(Value::Null) => {}
        Some(meta @ Value::Object(_)) => raw["default_tool_meta"] = meta.clone(),
        _ => return Err(OpError::malformed("`default_tool_meta` must be an object or null")),
    }
    build_config(&raw)
}

/// initialize → start_all → `list_available_tools()` over one fake server listing `tool`: the tool
/// as the SDK publishes it (JSON), and the WARN events of the run.
fn published_tool(ctx: &Ctx, config: MCPServerConfig, tool: Tool) -> Result<(Value, Vec<Record>), OpError> {
    let manager = manager_with(ctx, vec![(config.clone(), vec![tool])]);
    let (listed, records) = capture(|| {
        ctx.rt.block_on(async {
            manager.initialize(vec![config]).await.map_err(computer_error)?;
            manager.start_all().await.map_err(computer_error)?;
            Ok::<_, OpError>(manager.list_available_tools().await)
        })
    });
    let _ = ctx.rt.block_on(manager.close());
    let listed = listed?;
    let [published] = listed.as_slice() else {
        return Err(OpError::new("unclassified", format!("the SDK published {} tools for one", listed.len()), "ToolList"));
    };
    let published = serde_json::to_value(published).map_err(|e| OpError::new("unclassified", e.to_string(), "serde_json::Error"))?;
    Ok((published, records))
}

pub fn tool_meta_merge(ctx: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let config = probe_config(input, TOOL)?;
    let (published, records) = published_tool(ctx, config, tool(TOOL)?)?;
    let merged = match published.get("_meta").and_then(|m| m.get("a2c_tool_meta")) {
        None => Value::Null,
        // The kit's outputs leave null-valued fields out (top level only: nested values are data).
        Some(Value::Object(meta)) => Value::Object(meta.iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k.clone(), v.clone())).collect()),
        Some(other) => other.clone(),
    };
    Ok(json!({"merged": merged, "sdk_published_meta": published.get("_meta"), "sdk_log": evidence(&records)}))
}

/// The tool's final `_meta` after the SDK's reconcile (server declaration < default_tool_meta <
/// tool_meta), exactly as `list_available_tools()` publishes it: `a2c_tool_meta` is the SDK's JSON
/// object (nulls kept), `{}` when the tool has no `_meta`. The reconcile itself
/// (`agent_facing_tool_reconciled`, `three_layer_tool_meta`, `parse_server_declared_tool_meta`) is
/// private; its malformed-declaration diagnostic exists only as a WARN event.
pub fn tool_meta_reconcile(ctx: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let tool_name = match input.get("tool") {
        None => TOOL,
        Some(Value::String(s)) => s.as_str(),
        Some(_) => return Err(OpError::malformed("`tool` must be a string").into()),
    };
    let declared = match input.get("declared_meta") {
        None => None,
        Some(meta @ Value::Object(_)) => Some(meta),
        Some(_) => return Err(OpError::malformed("`declared_meta` must be an object").into()),
    };
    let config = probe_config(input, tool_name)?;
    let (published, records) = published_tool(ctx, config, tool_with_meta(tool_name, declared)?)?;
    let meta = match published.get("_meta") {
        None | Some(Value::Null) => json!({}),
        Some(meta) => meta.clone(),
    };
    let diagnostics: Vec<Value> = records
        .iter()
        .filter(|r| r.level == tracing::Level::WARN && r.message == MALFORMED_DECLARATION)
        .map(|_| json!({"reason": "tool_meta.malformed_declaration"}))
        .collect();
    Ok(json!({"meta": meta, "diagnostics": diagnostics, "sdk_log": evidence(&records)}))
}

/// `SMCPTool.meta` (a2c_tool_meta as a JSON string) is produced only by the crate-private
/// `socketio_client::convert_tool_to_smcp_tool`, called only from the private Socket.IO handler
/// `handle_get_tools_with_ack`; `Computer::get_available_tools()` returns the rmcp `Tool` (its
/// "TODO: 转换为SMCPTool格式"). Reaching it needs a Socket.IO server, i.e. the network.
pub fn tool_meta_wire(_: &Ctx, _: &Map<String, Value>) -> Result<Value, Fail> {
    Err(Fail::Unsupported(format!(
        "smcp-computer {} has no public function producing SMCPTool.meta: the conversion \
         (socketio_client::convert_tool_to_smcp_tool, pub(crate)) runs only inside the private Socket.IO \
         get_tools handler, and Computer::get_available_tools() returns the rmcp Tool unconverted; the \
         adapter does not copy the SDK's stringify code and never opens a Socket.IO connection \
         (tool_meta.reconcile gives the SDK's object form)",
        crate::sdk::SMCP_COMPUTER_VERSION
    )))
}

// ---- load.diagnostics --------------------------------------------------------------------------

struct Entry {
    index: usize,
    config: MCPServerConfig,
    bundle_id: String,
    tools: Vec<String>,
}

pub fn load_diagnostics(ctx: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let servers = input.get("servers").and_then(Value::as_array).ok_or_else(|| OpError::malformed("`servers` must be an array"))?;
    let mut load_diagnostics: Vec<(usize, Value)> = Vec::new();
    let mut entries: Vec<Entry> = Vec::new();
    // 1. Each config through the SDK's model (what its mcp.json reader does per server). A config
    //    rejected for its explicit bundle_id is the kit's invalid_bundle_id and is skipped; any
    //    other rejection refuses the whole request.
    for (index, server) in servers.iter().enumerate() {
        let raw = server.get("config").ok_or_else(|| OpError::malformed(format!("servers[{index}].config is missing")))?;
        let tools: Vec<String> = match server.get("tools") {
            None => Vec::new(),
            Some(Value::Array(items)) => items
                .iter()
                .map(|t| t.as_str().map(str::to_string).ok_or_else(|| OpError::malformed("tool names must be strings")))
                .collect::<Result<_, _>>()?,
            Some(_) => return Err(OpError::malformed(format!("servers[{index}].tools must be an array")).into()),
        };
        match serde_json::from_value::<MCPServerConfig>(raw.clone()) {
            Ok(config) => {
                let bundle_id = resolve_bundle_id(&config).as_str().to_string();
                entries.push(Entry { index, config, bundle_id, tools });
            }
            Err(e) => {
                let message = e.to_string();
                let reason = config_reason(raw, &message);
                if !reason.starts_with("bundle_id.") {
                    return Err(OpError::new(reason, format!("server {index}: {message}"), "serde_json::Error").into());
                }
                load_diagnostics.push((index, json!({"kind": "invalid_bundle_id", "index": index, "reason": reason})));
            }
        }
    }
    let mut first_index: HashMap<String, usize> = HashMap::new();
    for entry in &entries {
        first_index.entry(entry.bundle_id.clone()).or_insert(entry.index);
    }
    if let Some(entry) = entries
        .iter()
        .find(|e| first_index[&e.bundle_id] == e.index && is_http(&e.config) && !e.config.disabled() && !e.tools.is_empty())
    {
        return Err(Fail::Unsupported(format!(
            "server {} is streamable: smcp-computer's MCPServerManager always builds a real HttpMCPClient for it \
             (the client-factory seam is bypassed), so its tools cannot be listed without the network",
            entry.index
        )));
    }

    let mut served = Vec::new();
    for entry in &entries {
        served.push((entry.config.clone(), entry.tools.iter().map(|t| tool(t)).collect::<Result<Vec<_>, _>>()?));
    }
    let manager = manager_with(ctx, served);
    let mut log: Vec<Record> = Vec::new();

    // 2. no-double-open, in config order.
    let (init, records) = capture(|| ctx.rt.block_on(manager.initialize(entries.iter().map(|e| e.config.clone()).collect())));
    init.map_err(computer_error)?;
    let mut cursor = 0;
    for record in &records {
        if record.message != DUPLICATE_BUNDLE_ID {
            continue;
        }
        let bundle_id = record.field("bundle_id").unwrap_or_default();
        // warnings come in config order: the next non-first entry carrying this bundle_id
        while cursor < entries.len()
            && !(entries[cursor].bundle_id == bundle_id && first_index[bundle_id] != entries[cursor].index)
        {
            cursor += 1;
        }
        let Some(entry) = entries.get(cursor) else {
            return Err(OpError::new("unclassified", format!("cannot place the SDK's duplicate warning: {}", record.text()), "tracing::Event").into());
        };
        load_diagnostics.push((
            entry.index,
            json!({"kind": "duplicate_bundle_id", "index": entry.index, "bundle_id": bundle_id, "kept_index": first_index[bundle_id]}),
        ));
        cursor += 1;
    }
    log.extend(records);
    // The two load-time checks happen in two SDK stages (model, then manager); report them in config order.
    load_diagnostics.sort_by_key(|(index, _)| *index);

    // 3. Start what the manager holds (it skips disabled servers; streamable ones are never started
    //    here, see above), then one route refresh over the complete set, whose WARNs are the
    //    exposed-name diagnostics (each start_* also refreshes, over partial sets: not used).
    let mounted: Vec<String> = match ctx.rt.block_on(manager.get_server_configs()) {
        Value::Object(map) => map.keys().cloned().collect(),
        other => return Err(OpError::new("unclassified", format!("unexpected get_server_configs(): {other}"), "ServerConfigs").into()),
    };
    let kept: Vec<&Entry> = entries.iter().filter(|e| first_index[&e.bundle_id] == e.index).collect();
    let (started, records) = capture(|| {
        ctx.rt.block_on(async {
            for entry in &kept {
                if entry.config.disabled() || is_http(&entry.config) {
                    continue;
                }
                let bundle_id = resolve_bundle_id(&entry.config);
                manager.start_client_by_id(&bundle_id).await?;
            }
            Ok::<_, smcp_computer::errors::ComputerError>(())
        })
    });
    started.map_err(computer_error)?;
    log.extend(records);
    let (refreshed, records) = capture(|| ctx.rt.block_on(manager.refresh_tool_routes()));
    refreshed.map_err(computer_error)?;
    let mut collisions: Vec<(usize, Value)> = Vec::new();
    for record in &records {
        if record.message != EXPOSED_COLLISION {
            continue;
        }
        let bundle_id = record.field("bundle_id").unwrap_or_default();
        let Some(&index) = first_index.get(bundle_id) else {
            return Err(OpError::new("unclassified", format!("cannot place the SDK's collision warning: {}", record.text()), "tracing::Event").into());
        };
        collisions.push((
            index,
            json!({"kind": "exposed_name_collision", "index": index, "exposed_name": record.field("exposed"),
                   "tools": [record.field("kept"), record.field("dropped")]}),
        ));
    }
    log.extend(records);
    // Within a server the SDK walks tools in list order; across servers it walks a HashMap, so
    // only the per-server order is the SDK's: group by server, in config order.
    collisions.sort_by_key(|(index, _)| *index);

    // 4. What the SDK publishes, and where each published name routes.
    let (published, records) = capture(|| {
        ctx.rt.block_on(async {
            let mut routes = Vec::new();
            for t in manager.list_available_tools().await {
                let name = t.name.to_string();
                let route = manager.validate_tool_call(&name, &json!({})).await;
                routes.push((name, route));
            }
            routes
        })
    });
    log.extend(records);
    let mut names: HashMap<String, Vec<(usize, String)>> = HashMap::new();
    for (exposed, route) in published {
        let (bundle_id, _server_name, original) = route.map_err(computer_error)?;
        let bundle_id = bundle_id.as_str().to_string();
        let position = first_index
            .get(&bundle_id)
            .and_then(|i| entries.iter().find(|e| e.index == *i))
            .and_then(|e| e.tools.iter().position(|t| *t == original))
            .unwrap_or(usize::MAX);
        names.entry(bundle_id).or_default().push((position, exposed));
    }
    let mut active: Vec<(usize, Value)> = Vec::new();
    for bundle_id in &mounted {
        let Some(&index) = first_index.get(bundle_id) else {
            return Err(OpError::new("unclassified", format!("the manager holds an unknown bundle_id {bundle_id:?}"), "ServerConfigs").into());
        };
        let mut exposed = names.remove(bundle_id).unwrap_or_default();
        exposed.sort(); // by the tool's position in the server's tools/list answer
        let exposed: Vec<String> = exposed.into_iter().map(|(_, name)| name).collect();
        active.push((index, json!({"index": index, "bundle_id": bundle_id, "exposed_names": exposed})));
    }
    active.sort_by_key(|(index, _)| *index);
    let _ = ctx.rt.block_on(manager.close());

    let diagnostics: Vec<Value> = load_diagnostics.into_iter().chain(collisions).map(|(_, d)| d).collect();
    Ok(json!({
        "active": active.into_iter().map(|(_, a)| a).collect::<Vec<_>>(),
        "diagnostics": diagnostics,
        "sdk_log": evidence(&log),
    }))
}
