//! plugin_id.validate, and addressing.resolve, a rule family smcp-computer has no public code path for
//! (`unsupported`, with the reason).

use serde_json::{json, Map, Value};

use crate::reasons::{Fail, OpError};
use crate::sdk::is_valid_enabled_plugin_key;
use crate::Ctx;

/// `smcp_computer::settings::is_valid_enabled_plugin_key` (settings/schema.rs:179 in 0.4.1): the
/// check the installer's private `split_plugin_id` (settings/installer.rs:238) runs on every plugin
/// id before install / enable / disable / uninstall, and settings validation on `enabledPlugins`
/// keys. The SDK answers yes or no only; `detail` names the function.
pub fn plugin_id_validate(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let plugin_id = input.get("plugin_id").and_then(Value::as_str).ok_or_else(|| OpError::malformed("`plugin_id` must be a string"))?;
    let accepted = is_valid_enabled_plugin_key(plugin_id);
    let detail = if accepted {
        "smcp_computer::settings::is_valid_enabled_plugin_key → true"
    } else {
        "smcp_computer::settings::is_valid_enabled_plugin_key → false (installer: \"invalid plugin id … (expect '<plugin>@<marketplace>', strict kebab, each ≤64)\")"
    };
    Ok(json!({ "accepted": accepted, "detail": detail }))
}

/// resolve_target is a private method of the cli feature's CommandHandler.
pub fn addressing_resolve(_: &Ctx, _: &Map<String, Value>) -> Result<Value, Fail> {
    Err(Fail::Unsupported(format!(
        "smcp-computer {}: the name → bundle_id resolution is `CommandHandler::resolve_target` \
         (cli/commands/handler.rs:303), a private method of the `cli` feature's handler, like its not-mounted \
         receipts (handler.rs:948/963, private). Its public callers (`remove_server`, `start_client`, `stop_client`, \
         `restart_client`) act on a live Computer and println! their receipt on stdout, the protocol channel, and \
         their search space is the Computer's own state (`list_mcp_servers_with_metadata` ∪ \
         `declared_mcp_servers`, owners only `user` or `plugin:<id>`), so a request's entries cannot be given to it \
         as they are. The library API takes bundle_ids only (manager.rs: \"name→bundle_id … 归 CLI resolve_target\")",
        crate::sdk::SMCP_COMPUTER_VERSION
    )))
}
