//! settings.landing_root: the landingRoot a Computer takes from one scope, smcp-computer's
//! settings/schema.rs.
//!
//! `validate_settings(raw, scope, None)` (schema.rs:523) is the gate every settings document passes,
//! scope by scope, before the scopes are merged (`resolve_settings`, which the Computer's private
//! `resolve_landing_root_settings`, computer.rs:4954, reads `landingRoot` from for
//! `Computer::landing_root`, computer.rs:1890): the project scope's landingRoot is filtered
//! (TRUSTED_SCOPE_ONLY_FIELDS, schema.rs:132) and the value checked by the private
//! `validate_landing_root` (schema.rs:296; it trims the string). The adapter hands it the call's
//! document and scope and reads the cleaned document at the SDK's own key FIELD_LANDING_ROOT; a
//! refusal's reason comes from the SDK's error for that key. embed goes through the same function
//! (SettingsScope::Embed); the host's own route is `Computer::with_landing_root` (computer.rs:1023),
//! which takes a root with no scope check.
//!
//! flag is unsupported: `resolve_landing_root_settings` resolves with `flag_settings_path: None`
//! (computer.rs:4948, "deliberate divergence": a Computer holds no flag file), so no landingRoot
//! reaches a Computer from the flag scope.

use serde_json::{Map, Value};

use crate::reasons::Fail;
#[cfg(adapter_landing_root)]
use crate::reasons::OpError;
use crate::Ctx;

#[cfg(adapter_landing_root)]
fn reason(message: &str) -> &'static str {
    if message.contains("not allowed in the project scope") {
        "settings.untrusted_scope"
    } else if message.starts_with("expected absolute path string, got") {
        "settings.wrong_type"
    } else if message.starts_with("landingRoot must be an absolute path string") {
        "settings.not_absolute"
    } else {
        "unclassified"
    }
}

#[cfg(adapter_landing_root)]
pub fn landing_root(_: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    use serde_json::json;
    use smcp_computer::settings::schema::FIELD_LANDING_ROOT;
    use smcp_computer::settings::{validate_settings, SettingsScope};

    let scope = match input.get("scope").and_then(Value::as_str) {
        Some("user") => SettingsScope::User,
        Some("project") => SettingsScope::Project,
        Some("local") => SettingsScope::Local,
        Some("policy") => SettingsScope::Policy,
        Some("embed") => SettingsScope::Embed,
        Some("flag") => {
            return Err(Fail::Unsupported(format!(
                "smcp-computer {}: a Computer resolves its landing root with flag_settings_path None \
                 (computer.rs:4948 resolve_landing_root_settings, a deliberate divergence: it holds no flag file), \
                 so no landingRoot reaches it from the flag scope",
                crate::sdk::SMCP_COMPUTER_VERSION
            )))
        }
        _ => return Err(OpError::malformed("`scope` must be user, project, local, flag, policy or embed").into()),
    };
    let settings = input.get("settings").ok_or_else(|| OpError::malformed("`settings` is missing"))?;
    let (cleaned, errors) = validate_settings(settings, scope, None);
    if let Some(kept) = cleaned.get(FIELD_LANDING_ROOT) {
        return Ok(json!({ "accepted": true, "reason": null, "landing_root": kept }));
    }
    Ok(match errors.iter().find(|e| e.field == FIELD_LANDING_ROOT) {
        None => json!({ "accepted": false, "reason": null }),
        Some(e) => json!({ "accepted": false, "reason": reason(&e.reason), "detail": e.reason }),
    })
}

#[cfg(not(adapter_landing_root))]
pub fn landing_root(_: &Ctx, _: &Map<String, Value>) -> Result<Value, Fail> {
    Err(Fail::Unsupported(format!(
        "smcp-computer {} has no landingRoot setting (it arrived with 0.4, with client:put_blob)",
        crate::sdk::SMCP_COMPUTER_VERSION
    )))
}
