//! The SDK's runtime input path: a hermetic `smcp_computer::computer::Computer` that starts one
//! stdio server through a fake client factory, so the SDK itself renders the server's raw config
//! (`Computer::start_mcp_client` → private `render_server_config_with_scope` → private
//! `resolve_one_input`) and hands the rendered config to the factory, where it is read back.
//!
//! Used by `render` with a `plugin_scope` and by `input.select`:
//! - plugin-bound: the server is registered through the SDK's own scope-aware hook,
//!   `smcp_computer::cli::commands::CliMcpHooks::register_server_with_input_scope(cfg, Some("P@M"))`
//!   (crate feature `cli`; the only non-test caller of the crate-private `mount_server_with_scope`);
//! - unbound: `Computer::mount_server` (public).
//!
//! Hermetic: nothing is spawned (the factory's `FakeClient` never runs the command), no network.
//! - values: the request's, through the SDK's client-resolver seams (`with_input_resolver` /
//!   `with_secret_resolver`); a declared id with no value answers `Ok(None)`;
//! - session: `SilentSession` (no prompt; PromptString → its default or "", PickString → default or
//!   the first option) except that a Command input is refused instead of being run;
//! - the process environment is never a value source: `main` removes every `A2C_*` variable before
//!   anything runs (`resolve_one_input` reads `A2C_SMCP_<ENV_SEGMENT(id)>` from the process env);
//! - every path the Computer would take from HOME / cwd (skill home, blob cache, project config dir,
//!   user config via HOME / XDG_CONFIG_HOME) points into a fresh scratch folder, removed afterwards.
//!   Not injectable: the managed policy layer `/etc/a2c-computer/managed-settings.json[.d]` that
//!   `boot_up` reads (settings/policy.rs).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::{json, Value};
use smcp_computer::cli::commands::CliMcpHooks;
use smcp_computer::computer::{Computer, Session, SilentSession};
use smcp_computer::errors::{ComputerError, ComputerResult};
use smcp_computer::inputs::{InputResolutionError, InputValueResolver, SecretValueResolver};
use smcp_computer::settings::installer::McpInstallHooks;

use crate::capture::{capture, Record};
use crate::manager::FakeClient;
use crate::reasons::OpError;
use crate::sdk::{raise_on_env_name_collisions, resolve_bundle_id, ClientFactory, ClientNotifyCtx, MCPClientProtocol, MCPServerConfig, MCPServerInput};
use crate::Ctx;

/// `SilentSession`, except that a Command input is refused: the adapter never runs a command.
#[derive(Clone)]
struct KitSession(SilentSession);

#[async_trait::async_trait]
impl Session for KitSession {
    async fn resolve_input(&self, input: &MCPServerInput) -> ComputerResult<Value> {
        match input {
            MCPServerInput::Command(_) => Err(ComputerError::RuntimeError(
                "smcp-conformance: command inputs are never run".into(),
            )),
            _ => self.0.resolve_input(input).await,
        }
    }
    fn session_id(&self) -> &str {
        self.0.session_id()
    }
}

/// The client's value store: a value per pool id, `Ok(None)` for any other id.
struct StoredValues(HashMap<String, Value>);

#[async_trait::async_trait]
impl InputValueResolver for StoredValues {
    async fn resolve_input(&self, def: &MCPServerInput) -> Result<Option<Value>, InputResolutionError> {
        Ok(self.0.get(def.id()).cloned())
    }
}

/// The client's secret store (password: true inputs go here, not to `StoredValues`).
struct StoredSecrets(HashMap<String, String>);

#[async_trait::async_trait]
impl SecretValueResolver for StoredSecrets {
    async fn resolve_secret(&self, def: &MCPServerInput) -> Result<Option<String>, InputResolutionError> {
        Ok(self.0.get(def.id()).cloned())
    }
}

/// A scratch folder for one call, removed when dropped (also used by `wire_computer`).
pub(crate) struct Scratch(PathBuf);

impl Scratch {
    pub(crate) fn new() -> Result<Self, OpError> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "smcp-conformance-rust-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        for sub in ["skill-home", "blob", "project", "user/.config"] {
            std::fs::create_dir_all(dir.join(sub))
                .map_err(|e| OpError::new("unclassified", format!("cannot create {}: {e}", dir.display()), "std::io::Error"))?;
        }
        Ok(Scratch(dir))
    }
    pub(crate) fn path(&self, sub: &str) -> PathBuf {
        self.0.join(sub)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn path_text(p: &Path) -> String {
    p.display().to_string()
}

/// What one start produced.
pub struct Started {
    /// `start_mcp_client`'s outcome.
    pub result: Result<(), ComputerError>,
    /// The config the SDK rendered and handed to the client factory (none if it failed before).
    pub rendered: Option<MCPServerConfig>,
    /// `Computer::get_input_value(id)` after the start, for the ids asked.
    pub cached_after: HashMap<String, Option<Value>>,
    /// Every WARN+ event of the whole run (boot, mount, start, shutdown).
    pub records: Vec<Record>,
}

pub struct Run<'a> {
    pub pool: HashMap<String, MCPServerInput>,
    pub values: HashMap<String, Value>,
    pub secrets: HashMap<String, String>,
    pub server: MCPServerConfig,
    /// `Some("P@M")`: register through the SDK's plugin-bound hook.
    pub plugin_id: Option<&'a str>,
    pub cache_probe: Vec<String>,
}

/// Boots a hermetic Computer over `run.pool`, mounts `run.server` (plugin-bound or not) and starts
/// it once. `Err` only when the SDK refused before the start (boot / mount), or for adapter faults.
pub fn start_once(ctx: &Ctx, run: Run<'_>) -> Result<Started, (OpError, Vec<Record>)> {
    let scratch = Scratch::new().map_err(|e| (e, Vec::new()))?;
    let created: Arc<Mutex<Vec<MCPServerConfig>>> = Arc::new(Mutex::new(Vec::new()));
    let factory: ClientFactory = {
        let created = Arc::clone(&created);
        Arc::new(move |config: MCPServerConfig, _notify: Option<ClientNotifyCtx>| {
            created.lock().unwrap_or_else(|p| p.into_inner()).push(config);
            Arc::new(FakeClient::new(Vec::new())) as Arc<dyn MCPClientProtocol>
        })
    };
    let user = scratch.path("user");
    let config_env: HashMap<String, String> = HashMap::from([
        ("HOME".to_string(), path_text(&user)),
        ("XDG_CONFIG_HOME".to_string(), path_text(&user.join(".config"))),
    ]);
    let server = run.server;
    let bundle_id = resolve_bundle_id(&server);
    let pool_ids: Vec<String> = run.pool.values().map(|d| d.id().to_string()).collect();
    let (outcome, records) = capture(|| {
        ctx.rt.block_on(async {
            let comp = Computer::new(
                "smcp-conformance",
                KitSession(SilentSession::new("smcp-conformance")),
                Some(run.pool),
                None,
                false,
                false,
            )
            .with_client_factory(factory)
            .with_input_resolver(Arc::new(StoredValues(run.values)))
            .with_secret_resolver(Arc::new(StoredSecrets(run.secrets)))
            .with_skill_home(scratch.path("skill-home"))
            .with_blob_cache_root(scratch.path("blob"))
            .with_config_dir(scratch.path("project"))
            .with_config_env(config_env);
            let prepared: Result<(), OpError> = async {
                comp.boot_up().await.map_err(|e| boot_error(&e, &pool_ids))?;
                match run.plugin_id {
                    Some(plugin_id) => {
                        let (plugin, marketplace) = plugin_id.split_once('@').unwrap_or((plugin_id, ""));
                        let hooks = CliMcpHooks::new(&comp, Some(plugin.to_string()), Some(marketplace.to_string())).await;
                        hooks
                            .register_server_with_input_scope(server.clone(), Some(plugin_id))
                            .await
                            .map_err(|e| OpError::new("unclassified", format!("register_server_with_input_scope: {e}"), "McpHookError"))
                    }
                    None => comp.mount_server(server.clone()).await.map_err(|e| computer_error("mount_server", &e)),
                }
            }
            .await;
            let outcome = match prepared {
                Err(e) => Err(e),
                Ok(()) => {
                    let result = comp.start_mcp_client(&bundle_id).await;
                    let mut cached_after = HashMap::new();
                    for id in &run.cache_probe {
                        cached_after.insert(id.clone(), comp.get_input_value(id).await.ok().flatten());
                    }
                    Ok((result, cached_after))
                }
            };
            if let Err(e) = comp.shutdown().await {
                eprintln!("rust adapter: Computer::shutdown failed: {e}");
            }
            outcome
        })
    });
    drop(scratch);
    match outcome {
        Err(e) => Err((e, records)),
        Ok((result, cached_after)) => {
            let rendered = created.lock().unwrap_or_else(|p| p.into_inner()).first().cloned();
            Ok(Started { result, rendered, cached_after, records })
        }
    }
}

/// The variant name of a `ComputerError` (for `raw_type`).
fn variant(e: &ComputerError) -> String {
    let debug = format!("{e:?}");
    let name: String = debug.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    match e {
        ComputerError::InputResolution(inner) => {
            let inner = format!("{inner:?}");
            let inner: String = inner.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            format!("ComputerError::InputResolution({inner})")
        }
        _ => format!("ComputerError::{name}"),
    }
}

/// An SDK refusal before the start (boot / mount).
fn computer_error(stage: &str, e: &ComputerError) -> OpError {
    OpError::new("unclassified", format!("{stage}: {e}"), variant(e))
}

/// `boot_up` refuses a pool whose ids collide on one env var name (the SDK's
/// `raise_on_env_name_collisions`, #140): confirmed by that same function giving the same text.
fn boot_error(e: &ComputerError, pool_ids: &[String]) -> OpError {
    if let ComputerError::InvalidConfiguration(inner) = e {
        if let Err(collision) = raise_on_env_name_collisions(pool_ids) {
            if collision.to_string() == *inner {
                return OpError::new("env_var.collision", format!("boot_up: {e}"), variant(e));
            }
        }
    }
    computer_error("boot_up", e)
}

/// `start_mcp_client`'s error as an answer: the SDK's structured input errors get their kit reason
/// and the id the SDK's error carries; anything else is unclassified with the SDK's text.
pub fn start_error(e: &ComputerError) -> OpError {
    let message = e.to_string();
    match e {
        ComputerError::InputResolution(InputResolutionError::Missing { id, .. }) => {
            OpError::new("input.missing_input", message, variant(e)).with_details(json!({ "id": id }))
        }
        ComputerError::InputResolution(InputResolutionError::InvalidSelection { id, .. }) => {
            OpError::new("input.invalid_selection", message, variant(e)).with_details(json!({ "id": id }))
        }
        _ => OpError::new("unclassified", message, variant(e)),
    }
}
