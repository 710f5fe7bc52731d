//! `runtime.plugins`: the SDK's own `Computer` and its plugin management API, driven by a script on
//! a fresh home (smcp-computer 0.4: `cfg(adapter_plugin_runtime)`, build.rs).
//!
//! SDK path (public API, wired as the crate's own REPL wires it, `cli::commands`):
//! - the Computer: `Computer::new(name, SilentSession, None, <embed configs>, auto_connect=false, false)`
//!   with a client factory whose `FakeClient` never spawns a process, `with_skill_home`,
//!   `with_config_dir(<project>)`, `with_config_env(<env>)`; `boot_up()` (skills-only recovery), then the
//!   client's recovery of bundled servers: `CliMcpHooks::new_remount(&comp, &declared)` and
//!   `comp.reconcile_governance(Some(&hooks), Some(&declared))`, `declared` from
//!   `settings::resolve_settings` over the instance's env and project folder (`run_governance_remount`
//!   does the same over the process's);
//! - add_marketplace: `comp.add_marketplace("file://<repo>", AddMarketplaceParams { name, .. })`;
//! - prune_marketplace: `settings::prune_marketplaces` on the Computer's registry with the home's
//!   `FileSkillGovernanceStore` (what `marketplace remove --keep-plugins` runs);
//! - install / enable / disable / uninstall: `comp.install_plugin` / `enable_plugin` / `disable_plugin` /
//!   `uninstall_plugin` with `Some(&CliMcpHooks::new(&comp, Some(plugin), Some(marketplace)))`;
//! - materialize: `settings::materialize_plugin_record` (writes the ledger record only);
//! - restart: `comp.shutdown()`, then a new Computer on the same home as above;
//! - delete_ledger: remove `settings::installed_plugins_path(home, env)`.
//! Observations: `settings::store::load_installed_plugins_intent` ∪ the merged settings' `installedPlugins`;
//! each scope's file through `settings::load_settings_file`; `settings::load_installed_plugins` records'
//! `mcp_servers`; `comp.get_skills()` names and sources; `comp.list_mcp_servers_with_metadata()`'s `managed_by`; `comp.list_mcp_servers()` (the raw set client:get_config
//! projects) by `resolve_bundle_id`.
//!
//! Files: one scratch folder per call (removed after): the repositories (`git init` + one commit), the
//! SKILL home, the project folder, and HOME / XDG_CONFIG_HOME inside it for the instance's env.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Map, Value};
use smcp_computer::cli::commands::CliMcpHooks;
use smcp_computer::computer::{Computer, SilentSession};
use smcp_computer::inventory::McpOwnership;
use smcp_computer::settings::store::load_installed_plugins_intent;
use smcp_computer::settings::{
    installed_plugins_path, load_installed_plugins, load_settings_file, materialize_plugin_record, prune_marketplaces, resolve_settings,
    user_settings_path, workdir_local_settings_path, workdir_project_settings_path, AddMarketplaceParams,
    DisableOptions, EnableOptions, FileSkillGovernanceStore, InstallOptions, ResolveSettingsArgs, SettingsScope, UninstallOptions,
};

use crate::manager::FakeClient;
use crate::reasons::{build_config, Fail, OpError};
use crate::runtime::Scratch;
use crate::sdk::{resolve_bundle_id, ClientFactory, ClientNotifyCtx, MCPClientProtocol, MCPServerConfig};
use crate::Ctx;

pub const OP: &str = "runtime.plugins";

type Comp = Computer<SilentSession>;

fn adapter_error(message: String) -> OpError {
    OpError::new("unclassified", message, "AdapterFixture")
}

/// The vector's marketplace as a local git repository with one commit; its file:// URL.
fn make_repository(folder: &Path, files: &Map<String, Value>) -> Result<String, OpError> {
    for (rel, text) in files {
        let path = folder.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| adapter_error(format!("{}: {e}", parent.display())))?;
        }
        std::fs::write(&path, text.as_str().unwrap_or_default()).map_err(|e| adapter_error(format!("{}: {e}", path.display())))?;
    }
    let steps: [&[&str]; 3] = [
        &["init", "-q", "-b", "main"],
        &["add", "-A"],
        &["-c", "commit.gpgsign=false", "commit", "-q", "-m", "fixture"],
    ];
    for args in steps {
        let out = Command::new("git")
            .args(args)
            .current_dir(folder)
            .env("GIT_AUTHOR_NAME", "smcp-conformance")
            .env("GIT_AUTHOR_EMAIL", "kit@localhost")
            .env("GIT_COMMITTER_NAME", "smcp-conformance")
            .env("GIT_COMMITTER_EMAIL", "kit@localhost")
            .output()
            .map_err(|e| adapter_error(format!("git {args:?}: {e}")))?;
        if !out.status.success() {
            return Err(adapter_error(format!("git {args:?}: {}", String::from_utf8_lossy(&out.stderr))));
        }
    }
    Ok(format!("file://{}", folder.display()))
}

/// One home and where the Computers booted on it keep their files.
struct Home<'a> {
    scratch: &'a Scratch,
    env: HashMap<String, String>,
    embed: HashMap<String, MCPServerConfig>,
}

impl Home<'_> {
    fn project(&self) -> std::path::PathBuf {
        self.scratch.path("project")
    }

    fn skill_home(&self) -> std::path::PathBuf {
        self.scratch.path("skill-home")
    }

    fn declared(&self) -> Map<String, Value> {
        let project = self.project();
        resolve_settings(ResolveSettingsArgs { cwd: Some(&project), env: Some(&self.env), ..Default::default() }).settings
    }

    /// A new Computer on the home, booted, with the client's recovery of bundled servers.
    async fn boot(&self) -> Result<Comp, OpError> {
        let factory: ClientFactory = Arc::new(|_config: MCPServerConfig, _notify: Option<ClientNotifyCtx>| {
            Arc::new(FakeClient::new(Vec::new())) as Arc<dyn MCPClientProtocol>
        });
        let comp = Computer::new(
            "smcp-conformance",
            SilentSession::new("smcp-conformance"),
            None,
            Some(self.embed.clone()),
            false,
            false,
        )
        .with_client_factory(factory)
        .with_skill_home(self.skill_home())
        .with_blob_cache_root(self.scratch.path("blob"))
        .with_config_dir(self.project())
        .with_config_env(self.env.clone());
        comp.boot_up().await.map_err(|e| OpError::new("unclassified", format!("boot_up: {e}"), "ComputerError"))?;
        let declared = self.declared();
        let hooks = CliMcpHooks::new_remount(&comp, &declared).await;
        comp.reconcile_governance(Some(&hooks), Some(&declared)).await;
        Ok(comp)
    }

    /// Runs one step; `Err` carries the SDK's refusal as text (the step's `ok: false`).
    async fn run(&self, comp: &mut Comp, step: &Map<String, Value>, repos: &HashMap<String, String>) -> Result<(), String> {
        let text = |k: &str| step.get(k).and_then(Value::as_str).unwrap_or_default().to_string();
        let (pid, scope) = (text("plugin"), step.get("scope").and_then(Value::as_str).unwrap_or("user").to_string());
        let (plugin, marketplace) = pid.split_once('@').map(|(p, m)| (p.to_string(), m.to_string())).unwrap_or_default();
        let project = self.project().display().to_string();
        let bound = || (Some(plugin.clone()), Some(marketplace.clone()));
        match text("do").as_str() {
            "add_marketplace" => {
                let name = text("marketplace");
                let url = repos.get(&name).ok_or_else(|| format!("no repository {name}"))?;
                let params = AddMarketplaceParams { name: Some(name.as_str()), ..Default::default() };
                comp.add_marketplace(url, params).await.map(|_| ()).map_err(|e| e.to_string())
            }
            "prune_marketplace" => {
                let name = text("marketplace");
                let store = FileSkillGovernanceStore::with_env(self.skill_home(), self.env.clone());
                let registry = comp.skill_registry_arc();
                let pruned = prune_marketplaces(std::slice::from_ref(&name), &mut *registry.write().await, &self.skill_home(), &store);
                comp.mark_skills_dirty();
                if pruned.contains(&name) { Ok(()) } else { Err(format!("prune_marketplaces did not prune {name}")) }
            }
            "install" => {
                let (p, m) = bound();
                let hooks = CliMcpHooks::new(comp, p, m).await;
                let options = InstallOptions { env: Some(&self.env), ..Default::default() };
                comp.install_plugin(&pid, options, Some(&hooks)).await.map(|_| ()).map_err(|e| e.to_string())
            }
            "enable" => {
                let (p, m) = bound();
                let hooks = CliMcpHooks::new(comp, p, m).await;
                let options = EnableOptions {
                    scope: Some(scope.as_str()),
                    project_path: Some(project.as_str()),
                    env: Some(&self.env),
                    ..Default::default()
                };
                comp.enable_plugin(&pid, options, Some(&hooks)).await.map_err(|e| e.to_string())
            }
            "disable" => {
                let (p, m) = bound();
                let hooks = CliMcpHooks::new(comp, p, m).await;
                let options = DisableOptions { scope: Some(scope.as_str()), project_path: Some(project.as_str()), env: Some(&self.env) };
                comp.disable_plugin(&pid, options, Some(&hooks)).await.map_err(|e| e.to_string())
            }
            "uninstall" => {
                let (p, m) = bound();
                let hooks = CliMcpHooks::new(comp, p, m).await;
                let options = UninstallOptions { env: Some(&self.env), ..Default::default() };
                match comp.uninstall_plugin(&pid, options, Some(&hooks)).await {
                    Ok(true) => Ok(()),
                    Ok(false) => Err(format!("uninstall_plugin answered false for {pid} (not installed)")),
                    Err(e) => Err(e.to_string()),
                }
            }
            "materialize" => materialize_plugin_record(&pid, &self.skill_home(), Some(&self.env), Duration::from_secs(60))
                .await
                .map(|_| ())
                .map_err(|e| e.to_string()),
            "restart" => {
                comp.shutdown().await.map_err(|e| format!("shutdown: {e}"))?;
                *comp = self.boot().await.map_err(|e| e.message)?;
                Ok(())
            }
            "delete_ledger" => {
                let path = installed_plugins_path(Some(&self.skill_home()), Some(&self.env));
                match std::fs::remove_file(&path) {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(format!("{}: {e}", path.display())),
                    _ => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }

    async fn observe(&self, comp: &Comp, facts: &[Value]) -> Map<String, Value> {
        let mut out = Map::new();
        for fact in facts.iter().filter_map(Value::as_str) {
            let value = match fact {
                "installed" => {
                    let mut ids: BTreeSet<String> =
                        load_installed_plugins_intent(Some(&self.skill_home()), Some(&self.env)).account.installed_plugins.into_iter().collect();
                    if let Some(list) = self.declared().get("installedPlugins").and_then(Value::as_array) {
                        ids.extend(list.iter().filter_map(Value::as_str).map(String::from));
                    }
                    json!(ids)
                }
                "enabled" => {
                    let project = self.project();
                    let scopes = [
                        ("user", user_settings_path(Some(&self.env)), SettingsScope::User),
                        ("project", workdir_project_settings_path(&project), SettingsScope::Project),
                        ("local", workdir_local_settings_path(&project), SettingsScope::Local),
                    ];
                    let mut map = Map::new();
                    for (name, path, scope) in scopes {
                        let (data, _errors) = load_settings_file(&path, scope);
                        let entries: Map<String, Value> = data
                            .get("enabledPlugins")
                            .and_then(Value::as_object)
                            .map(|m| m.iter().filter(|(_, v)| v.is_boolean()).map(|(k, v)| (k.clone(), v.clone())).collect())
                            .unwrap_or_default();
                        map.insert(name.to_string(), Value::Object(entries));
                    }
                    Value::Object(map)
                }
                "ledger" => {
                    let ledger = load_installed_plugins(Some(&self.skill_home()), Some(&self.env));
                    let map: BTreeMap<String, BTreeSet<String>> = ledger
                        .account
                        .plugins
                        .iter()
                        .map(|(pid, records)| (pid.clone(), records.iter().flat_map(|r| r.mcp_servers.iter().map(ToString::to_string)).collect()))
                        .collect();
                    json!(map)
                }
                "skills" => {
                    let names: BTreeSet<String> = comp.get_skills().await.into_iter().map(|r| r.name).collect();
                    json!(names)
                }
                "origins" => {
                    let origins: BTreeMap<String, String> = comp
                        .list_mcp_servers_with_metadata()
                        .await
                        .into_iter()
                        .map(|m| {
                            let owner = match m.managed_by {
                                McpOwnership::Plugin { plugin_id, .. } => format!("plugin:{plugin_id}"),
                                _ => "non-plugin".to_string(),
                            };
                            (m.bundle_id, owner)
                        })
                        .collect();
                    json!(origins)
                }
                "sources" => {
                    let sources: BTreeMap<String, String> = comp.get_skills().await.into_iter().map(|r| (r.name, r.source)).collect();
                    json!(sources)
                }
                "servers" => {
                    let ids: BTreeSet<String> = comp.list_mcp_servers().await.iter().map(|c| resolve_bundle_id(c).to_string()).collect();
                    json!(ids)
                }
                _ => continue,
            };
            out.insert(fact.to_string(), value);
        }
        out
    }
}

pub fn run(ctx: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    let scratch = Scratch::new()?;
    let user = scratch.path("user");
    let mut env: HashMap<String, String> = HashMap::from([
        ("HOME".to_string(), user.display().to_string()),
        ("XDG_CONFIG_HOME".to_string(), user.join(".config").display().to_string()),
    ]);
    if let Ok(path) = std::env::var("PATH") {
        env.insert("PATH".to_string(), path);
    }
    let mut repos = HashMap::new();
    for (name, files) in input.get("marketplaces").and_then(Value::as_object).into_iter().flatten() {
        let files = files.as_object().ok_or_else(|| OpError::malformed("a marketplace is a map of files"))?;
        repos.insert(name.clone(), make_repository(&scratch.path("repos").join(name), files)?);
    }
    let mut embed = HashMap::new();
    for raw in input.get("embed_servers").and_then(Value::as_array).into_iter().flatten() {
        let config = build_config(raw)?;
        embed.insert(resolve_bundle_id(&config).to_string(), config);
    }
    let home = Home { scratch: &scratch, env, embed };
    let script = input.get("script").and_then(Value::as_array).cloned().unwrap_or_default();
    let out = ctx.rt.block_on(async {
        let mut comp = home.boot().await?;
        let mut out = Map::new();
        let mut errors = Map::new();
        for (index, step) in script.iter().enumerate() {
            let step = step.as_object().cloned().unwrap_or_default();
            let name = step.get("as").and_then(Value::as_str).map(String::from);
            let ok = match home.run(&mut comp, &step, &repos).await {
                Ok(()) => true,
                Err(message) => {
                    errors.insert(name.clone().unwrap_or_else(|| index.to_string()), json!(message));
                    false
                }
            };
            if let Some(name) = name {
                let facts = step.get("observe").and_then(Value::as_array).cloned().unwrap_or_default();
                let mut report = Map::from_iter([("ok".to_string(), json!(ok))]);
                report.extend(home.observe(&comp, &facts).await);
                out.insert(name, Value::Object(report));
            }
        }
        if let Err(e) = comp.shutdown().await {
            eprintln!("rust adapter: runtime.plugins: Computer::shutdown failed: {e}");
        }
        if !errors.is_empty() {
            out.insert("errors".to_string(), Value::Object(errors));
        }
        Ok::<_, OpError>(out)
    })?;
    drop(home);
    drop(scratch);
    Ok(Value::Object(out))
}
