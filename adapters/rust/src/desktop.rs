//! desktop.organize: what smcp-computer answers to `client:get_desktop`, along its production path
//! (`socketio_client::handle_get_desktop_with_ack`, socketio_client.rs:1592, private):
//!
//! 1. the request is the SDK's `smcp::GetDesktopReq` (serde; `desktop_size: Option<i32>`);
//! 2. `MCPServerManager::get_windows_details(req.window)` (mcp_clients/manager.rs:2411): every
//!    active client's `list_windows()`, the `window` filter (raw string equality), then one
//!    `get_window_detail` (`resources/read`) per kept window; a failed read drops the window;
//! 3. `WindowInfo::new(bundle_id, name, resource, detail)` and
//!    `organize_desktop(windows, req.desktop_size.map(|s| s as usize), &[])` (desktop/organize.rs:40):
//!    production passes an **empty history** (organize.rs:36-39, "#118 备案"), so the request's
//!    `history` is not used, and a negative size becomes a huge `usize`.
//!
//! One active client per bundle_id: a stdio server config (never spawned) whose client, from the
//! manager's public `set_client_factory` seam, is `resources::ResourceClient` listing that server's
//! windows in list order and answering each read with the window's contents (absent contents:
//! nothing can be read).
//!
//! Warnings are the SDK's WARN events, by their opening words: the query WARN of `WindowURI::new`
//! → `window_uri.query_dropped`; `read_priority` → `desktop.priority_invalid`; `read_fullscreen` →
//! `desktop.fullscreen_not_bool`; `check_audience` → `desktop.audience_without_assistant`
//! (desktop/metadata.rs:29/87/111). The SDK has no blob warning (render_desktop_item skips blobs
//! silently) and WARNs window hosts shared across servers (no kit kind; kept in `sdk_log`).
//!
//! Unsupported, with the reason:
//! - a window whose `uri` / `annotations` / `_meta` do not make an MCP `Resource` for rmcp (e.g. a
//!   string priority, an unknown audience role): what the SDK then does depends on the transport
//!   (streamable HTTP and stdio refuse the whole `resources/list` page, so every window of that
//!   server vanishes; the SSE client drops that one resource, sse_client.rs:721);
//! - a bundle_id the SDK's `BundleId` refuses (the manager keys clients by it);
//! - when the real clients' list step (`filter_and_sort_window_resources`, see `resources`), which
//!   the fake client does not run, would change the answer: a server with several fullscreen
//!   windows whose first in list order is not first by priority (production picks by position
//!   after that sort, i.e. the highest priority), or a metadata warning that step would add for a
//!   window the organiser itself never reads (cut by the `window` filter, not read, or empty).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde_json::{json, Map, Value};

use crate::capture::{capture, capture_all, evidence, Record};
use crate::reasons::{Fail, OpError};
use crate::resources::{Listed, ResourceClient};
use crate::sdk::{
    is_window_uri, organize_desktop, read_fullscreen, read_priority, resolve_bundle_id, BundleId, ClientFactory,
    ClientNotifyCtx, GetDesktopReq, MCPClientProtocol, MCPServerConfig, MCPServerManager, ReadResourceResult, Resource,
    WindowInfo,
};
use crate::window_uri::{warning_kinds, QUERY_DROPPED};
use crate::Ctx;

const PRIORITY_INVALID: &str = "annotations.priority 越界";
const FULLSCREEN_NOT_BOOL: &str = "_meta.fullscreen 非布尔类型";
const AUDIENCE_WITHOUT_ASSISTANT: &str = "Window 资源 annotations.audience 不含 'assistant'";

fn kind_of(record: &Record) -> Option<&'static str> {
    let m = record.message.as_str();
    if m.starts_with(QUERY_DROPPED) {
        Some("window_uri.query_dropped")
    } else if m.starts_with(PRIORITY_INVALID) {
        Some("desktop.priority_invalid")
    } else if m.starts_with(FULLSCREEN_NOT_BOOL) {
        Some("desktop.fullscreen_not_bool")
    } else if m.starts_with(AUDIENCE_WITHOUT_ASSISTANT) {
        Some("desktop.audience_without_assistant")
    } else {
        None
    }
}

/// The window's Resource as an MCP server lists it (rmcp's model), or why it cannot be one.
fn resource_of(window: &Map<String, Value>, uri: &str) -> Result<Resource, String> {
    let mut raw = json!({"uri": uri, "name": uri});
    for key in ["annotations", "_meta"] {
        if let Some(value) = window.get(key) {
            raw[key] = value.clone();
        }
    }
    serde_json::from_value::<Resource>(raw).map_err(|e| e.to_string())
}

/// The `resources/read` answer for the window's contents (`None`: absent, nothing read).
fn read_of(window: &Map<String, Value>, uri: &str) -> Result<Option<ReadResourceResult>, OpError> {
    let Some(contents) = window.get("contents") else {
        return Ok(None);
    };
    let items = contents.as_array().ok_or_else(|| OpError::malformed("`contents` must be an array"))?;
    let mut wire = Vec::new();
    for item in items {
        let mut content = item.as_object().cloned().ok_or_else(|| OpError::malformed("a content must be an object"))?;
        content.insert("uri".into(), Value::String(uri.to_string()));
        wire.push(Value::Object(content));
    }
    serde_json::from_value::<ReadResourceResult>(json!({ "contents": wire }))
        .map(Some)
        .map_err(|e| OpError::malformed(format!("contents are not MCP ResourceContents: {e}")))
}

fn unsupported(why: String) -> Fail {
    Fail::Unsupported(format!("smcp-computer {}: {why}", crate::sdk::SMCP_COMPUTER_VERSION))
}

struct Window {
    bundle_id: String,
    resource: Resource,
    read: Option<ReadResourceResult>,
}

fn windows_of(input: &Map<String, Value>) -> Result<Vec<Window>, Fail> {
    let windows = input.get("windows").and_then(Value::as_array).ok_or_else(|| OpError::malformed("`windows` must be an array"))?;
    let mut out = Vec::new();
    for (index, window) in windows.iter().enumerate() {
        let window = window.as_object().ok_or_else(|| OpError::malformed(format!("windows[{index}] must be an object")))?;
        let bundle_id = window.get("bundle_id").and_then(Value::as_str).ok_or_else(|| OpError::malformed("`bundle_id` must be a string"))?;
        let uri = window.get("uri").and_then(Value::as_str).ok_or_else(|| OpError::malformed("`uri` must be a string"))?;
        if let Err(e) = BundleId::try_from(bundle_id) {
            return Err(unsupported(format!(
                "windows[{index}]: the SDK's BundleId refuses {bundle_id:?} ({e}); the manager keys every client by a BundleId"
            )));
        }
        let resource = resource_of(window, uri).map_err(|e| {
            unsupported(format!(
                "windows[{index}] is not an MCP Resource for rmcp ({e}); the SDK's answer then depends on the transport: \
                 the streamable HTTP and stdio clients refuse the whole resources/list page (every window of that server \
                 vanishes, manager.rs get_windows_details WARN), the SSE client drops only that resource (sse_client.rs:721)"
            ))
        })?;
        out.push(Window { bundle_id: bundle_id.to_string(), resource, read: read_of(window, uri)? });
    }
    Ok(out)
}

fn request_of(input: &Map<String, Value>) -> Result<GetDesktopReq, OpError> {
    if let Some(history) = input.get("history") {
        if !history.as_array().is_some_and(|h| h.iter().all(Value::is_string)) {
            return Err(OpError::malformed("`history` must be an array of strings"));
        }
    }
    let mut raw = json!({"agent": "smcp-conformance", "req_id": "desktop", "computer": "smcp-conformance"});
    if let Some(size) = input.get("size") {
        raw["desktop_size"] = size.clone();
    }
    if let Some(window) = input.get("window") {
        raw["window"] = window.clone();
    }
    serde_json::from_value::<GetDesktopReq>(raw).map_err(|e| {
        OpError::new(
            "unclassified",
            format!("the SDK's GetDesktopReq refuses the request ({e}); its get_desktop handler then answers nothing"),
            "serde_json::Error",
        )
    })
}

pub fn organize(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let req = request_of(input)?;
    let windows = windows_of(input)?;

    // One stdio config per bundle_id, in first-listed order; its fake client lists its windows.
    let mut order: Vec<String> = Vec::new();
    let mut listings: HashMap<String, Vec<Listed>> = HashMap::new();
    for w in &windows {
        if !listings.contains_key(&w.bundle_id) {
            order.push(w.bundle_id.clone());
        }
        listings.entry(w.bundle_id.clone()).or_default().push(Listed { resource: w.resource.clone(), read: w.read.clone() });
    }
    let mut configs: Vec<MCPServerConfig> = Vec::new();
    for bundle_id in &order {
        let raw = json!({"type": "stdio", "name": bundle_id, "bundle_id": bundle_id,
                         "server_parameters": {"command": "smcp-conformance-never-run", "args": [], "env": {}}});
        configs.push(serde_json::from_value(raw).map_err(|e| OpError::new("unclassified", format!("server config: {e}"), "serde_json::Error"))?);
    }
    let listings = Arc::new(Mutex::new(listings));
    let factory: ClientFactory = Arc::new(move |config: MCPServerConfig, _notify: Option<ClientNotifyCtx>| {
        let bundle_id = resolve_bundle_id(&config).as_str().to_string();
        let listed = listings.lock().unwrap_or_else(|p| p.into_inner()).get(&bundle_id).cloned().unwrap_or_default();
        Arc::new(ResourceClient::new(listed)) as Arc<dyn MCPClientProtocol>
    });

    // The manager's own runtime: a fresh current-thread one, dropped with everything on it.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| OpError::new("unclassified", format!("tokio runtime: {e}"), "std::io::Error"))?;
    let size = req.desktop_size.map(|s| s as usize); // as socketio_client.rs:1626 does
    let window = req.window.clone();
    let (outcome, records) = capture(|| {
        rt.block_on(async {
            let manager = MCPServerManager::new();
            manager.set_client_factory(Some(factory)).await;
            let started: Result<_, smcp_computer::errors::ComputerError> = async {
                manager.initialize(configs.clone()).await?;
                for config in &configs {
                    manager.start_client_by_id(&resolve_bundle_id(config)).await?;
                }
                let details = manager.get_windows_details(window.as_deref()).await;
                let infos: Vec<WindowInfo> = details
                    .iter()
                    .cloned()
                    .map(|(bundle_id, name, resource, read)| WindowInfo::new(bundle_id.into_string(), name, resource, read))
                    .collect();
                Ok((organize_desktop(infos, size, &[]), details))
            }
            .await;
            let _ = manager.close().await;
            started
        })
    });
    drop(rt);
    let (desktops, details) = outcome.map_err(|e| OpError::new("unclassified", e.to_string(), "ComputerError"))?;
    let warnings = warning_kinds(&records, kind_of);

    // Where the real clients' list step would change this answer (see the module comment).
    let passed: Vec<(String, Resource, bool)> = details
        .iter()
        .map(|(bundle_id, _, resource, read)| (bundle_id.as_str().to_string(), resource.clone(), !read.contents.is_empty()))
        .collect();
    if let Some(why) = list_step_would_change(&windows, &passed, size, &warnings) {
        return Err(unsupported(why));
    }
    Ok(json!({"desktops": desktops, "warnings": warnings, "sdk_log": evidence(&records)}))
}

/// The SDK's verdicts on one resource (is it a window, its priority, its fullscreen flag) and the
/// warning kinds those calls emit; used only to see where the fake client's missing list step matters.
fn probe(resource: &Resource) -> (bool, f32, bool, Vec<&'static str>) {
    let ((window, priority, fullscreen), records) = capture_all(|| {
        let window = is_window_uri(&resource.uri);
        (window, read_priority(resource), read_fullscreen(resource))
    });
    let kinds = records.iter().filter(|r| r.level == tracing::Level::WARN).filter_map(kind_of).collect();
    (window, priority, fullscreen, kinds)
}

fn list_step_would_change(
    windows: &[Window],
    passed: &[(String, Resource, bool)],
    size: Option<usize>,
    warnings: &[Value],
) -> Option<String> {
    // 1. The fullscreen pick: the organiser takes the fullscreen window with the smallest index in
    //    its input; production's input is each server's listing after the stable priority sort.
    if size != Some(0) {
        let mut first: HashMap<&str, (String, f32)> = HashMap::new();
        for (bundle_id, resource, has_contents) in passed {
            let (window, priority, fullscreen, _) = probe(resource);
            if !*has_contents || !window || !fullscreen {
                continue;
            }
            match first.get(bundle_id.as_str()) {
                None => {
                    first.insert(bundle_id, (resource.uri.clone(), priority));
                }
                Some((uri, top)) if priority > *top => {
                    return Some(format!(
                        "server {bundle_id:?} has several fullscreen windows and {:?} (priority {priority}) follows {uri:?} \
                         (priority {top}) in list order: organize_desktop keeps the first in its input (organize.rs:142), and \
                         every real client's list_windows first sorts by priority (desktop/metadata.rs:65, pub(crate), \
                         http_client.rs:1187 / sse_client.rs:732 / stdio_client.rs:566), a step the adapter's fake client \
                         cannot run",
                        resource.uri
                    ));
                }
                Some(_) => {}
            }
        }
    }
    // 2. Warnings of that step (is_window_uri + read_priority on every listed window) for windows
    //    the organiser does not read: cut by the filter, not read, or read empty.
    let have: Vec<&str> = warnings.iter().filter_map(|w| w.get("kind").and_then(Value::as_str)).collect();
    for w in windows {
        let organiser_reads = passed.iter().any(|(b, r, has_contents)| *b == w.bundle_id && *r == w.resource && *has_contents);
        let passed_on = passed.iter().any(|(b, r, _)| *b == w.bundle_id && *r == w.resource);
        if organiser_reads {
            continue;
        }
        let (window, _, _, kinds) = probe(&w.resource);
        if !window {
            continue;
        }
        for kind in kinds {
            // the organiser's host check re-parses every window passed on: its query WARN is there
            let already = kind == "window_uri.query_dropped" && passed_on;
            if matches!(kind, "window_uri.query_dropped" | "desktop.priority_invalid") && !already && !have.contains(&kind) {
                return Some(format!(
                    "every real client's list_windows runs is_window_uri + read_priority on each listed window \
                     (desktop/metadata.rs:65, pub(crate)), which would add the warning {kind} for {:?}, a window the \
                     organiser itself never reads; the adapter's fake client cannot run that step",
                    w.resource.uri
                ));
            }
        }
    }
    None
}
