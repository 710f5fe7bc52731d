//! The SDK surface the adapter uses, in one place, and the versions actually linked.

pub use smcp::utils::bundle_id::{validate_bundle_id, BundleId, BundleIdError};
pub use smcp::utils::env_segment::{detect_env_name_collisions, env_var_name, raise_on_env_name_collisions};
pub use smcp_computer::inputs::ConfigRender;
pub use smcp_computer::mcp_clients::bundle_id::{
    connection_identity_bytes, exposed_tool_name, normalize_name, resolve_bundle_id,
};
pub use smcp_computer::mcp_clients::manager::{ClientFactory, MCPServerManager};
pub use smcp_computer::mcp_clients::model::{
    CallToolResult, ClientNotifyCtx, ClientState, HttpServerConfig, MCPClientError,
    MCPClientProtocol, MCPServerConfig, MCPServerInput, PickStringInput, PromptStringInput,
    ReadResourceResult, Resource, SseServerConfig, StdioServerConfig, Tool,
};
pub use smcp_computer::mcp_clients::model::CommandInput;
pub use smcp_computer::skills::manifest::{
    enumerate_bundled_server_files, parse_bundled_server, PluginManifestError,
};
pub use smcp_computer::desktop::metadata::{read_fullscreen, read_priority};
pub use smcp_computer::desktop::window_uri::{is_window_uri, WindowURI, WindowURIError};
pub use smcp_computer::desktop::{organize_desktop, WindowInfo};
pub use smcp_computer::settings::is_valid_enabled_plugin_key;
pub use smcp_computer::skills::{
    stage_mcp_skills, stage_user_skills, user_dropin_root, ArchiveFetcher, SkillRegistry, SkillStagingError,
};
pub use smcp::GetDesktopReq;

/// smcp-computer's own `CARGO_PKG_VERSION`, compiled into the linked crate.
pub const SMCP_COMPUTER_VERSION: &str = smcp_computer::VERSION;
/// smcp exposes no version constant: the version Cargo resolved, read from Cargo.lock by build.rs.
pub const SMCP_VERSION: &str = env!("ADAPTER_SMCP_VERSION");
/// rmcp (smcp-computer's MCP client library, pinned exactly by it), from Cargo.lock by build.rs.
pub const RMCP_VERSION: &str = env!("ADAPTER_RMCP_VERSION");
/// The A2C-SMCP protocol version the SDK claims.
pub const PROTOCOL_VERSION: &str = smcp::PROTOCOL_VERSION;

// build.rs reads smcp-computer's version from the same Cargo.lock; a mismatch would mean the lock
// does not describe this binary, and then SMCP_VERSION could not be trusted either.
const _: () = {
    let a = SMCP_COMPUTER_VERSION.as_bytes();
    let b = env!("ADAPTER_SMCP_COMPUTER_VERSION").as_bytes();
    assert!(a.len() == b.len(), "Cargo.lock does not describe the linked smcp-computer");
    let mut i = 0;
    while i < a.len() {
        assert!(a[i] == b[i], "Cargo.lock does not describe the linked smcp-computer");
        i += 1;
    }
};
