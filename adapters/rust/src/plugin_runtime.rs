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
//!   `uninstall_plugin` with `Some(&CliMcpHooks::new(&comp, Some(plugin), Some(marketplace)))` (enable's wrapped
//!   in `FailingMount`, which refuses the `fail_mount` bundle_id's registration and passes everything else on);
//! - materialize: `settings::materialize_plugin_record` (writes the ledger record only);
//! - restart: `comp.shutdown()`, then a new Computer on the same home as above;
//! - delete_ledger: remove `settings::installed_plugins_path(home, env)`;
//! - declare_marketplace / undeclare_marketplace: the user scope's settings.json (`user_settings_path(env)`)
//!   gains / loses `extraKnownMarketplaces.<name> = {source: {type: git, url: file://<repo>}, autoUpdate?}`, the
//!   hand-written declaration; reconcile: `settings::reconcile` on the Computer's registry with the home's
//!   `FileSkillGovernanceStore` over the merged declared view (`ReconcileOptions { refresh, env }`), then
//!   `comp.mark_skills_dirty()`; update_repository: a new commit of the named repository's files;
//! - stale_install_path: `settings::update_installed_plugins` rewrites the plugin's records' `install_path`
//!   (a missing folder, or the `like` plugin's), the hint a seed copied from elsewhere would carry.
//! Observations: `settings::store::load_installed_plugins_intent` ∪ the merged settings' `installedPlugins`;
//! each scope's file through `settings::load_settings_file`; `settings::load_installed_plugins` records'
//! `mcp_servers`; `comp.get_skills()` names and sources; `comp.list_mcp_servers_with_metadata()`'s `managed_by`; `comp.list_mcp_servers()` (the raw set client:get_config
//! projects) by `resolve_bundle_id`; `settings::load_known_marketplaces` records (marketplaces).
//!
//! Files: one scratch folder per call (removed after): the repositories (`git init` + one commit), the
//! SKILL home, the project folder, and HOME / XDG_CONFIG_HOME inside it for the instance's env.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use serde_json::{json, Map, Value};
use smcp_computer::cli::commands::CliMcpHooks;
use smcp_computer::computer::{Computer, SilentSession};
use smcp_computer::inventory::McpOwnership;
use smcp_computer::settings::store::load_installed_plugins_intent;
use smcp_computer::settings::{
    installed_plugins_path, load_installed_plugins, load_known_marketplaces, load_settings_file, materialize_plugin_record, prune_marketplaces,
    reconcile, resolve_settings, update_installed_plugins, ReconcileOptions,
    user_settings_path, workdir_local_settings_path, workdir_project_settings_path, AddMarketplaceParams,
    DisableOptions, EnableOptions, FileSkillGovernanceStore, InstallOptions, McpHookError, McpInstallHooks, ResolveSettingsArgs, SettingsScope,
    UninstallOptions,
};
use smcp_computer::mcp_clients::model::{BundleId, ServerName};

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

fn write_files(folder: &Path, files: &Map<String, Value>) -> Result<(), OpError> {
    for (rel, text) in files {
        let path = folder.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| adapter_error(format!("{}: {e}", parent.display())))?;
        }
        std::fs::write(&path, text.as_str().unwrap_or_default()).map_err(|e| adapter_error(format!("{}: {e}", path.display())))?;
    }
    Ok(())
}

/// The vector's marketplace as a local git repository with one commit; its file:// URL.
fn make_repository(folder: &Path, files: &Map<String, Value>) -> Result<String, OpError> {
    write_files(folder, files)?;
    git(folder, &[&["init", "-q", "-b", "main"], &["add", "-A"], &["-c", "commit.gpgsign=false", "commit", "-q", "-m", "fixture"]])?;
    Ok(format!("file://{}", folder.display()))
}

/// The repository moves on: its tree becomes `files`, in one new commit.
fn commit_files(folder: &Path, files: &Map<String, Value>) -> Result<(), OpError> {
    git(folder, &[&["rm", "-rq", "."]])?;
    write_files(folder, files)?;
    git(folder, &[&["add", "-A"], &["-c", "commit.gpgsign=false", "commit", "-q", "-m", "update"]])
}

fn git(folder: &Path, steps: &[&[&str]]) -> Result<(), OpError> {
    for args in steps {
        let out = Command::new("git")
            .args(*args)
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
    Ok(())
}

/// The client's mount hooks with one injected fault: the mount of the `fail` bundle_id is refused
/// (the entry cannot be registered); everything else goes to the SDK's own hooks.
struct FailingMount<'a, H: McpInstallHooks> {
    inner: &'a H,
    fail: Option<String>,
}

impl<H: McpInstallHooks> FailingMount<'_, H> {
    fn check(&self, cfg: &MCPServerConfig) -> Result<(), McpHookError> {
        match &self.fail {
            Some(id) if resolve_bundle_id(cfg).to_string() == *id => Err(McpHookError(format!("mount of {id} refused (fail_mount)"))),
            _ => Ok(()),
        }
    }
}

#[async_trait]
impl<H: McpInstallHooks> McpInstallHooks for FailingMount<'_, H> {
    fn existing_servers(&self) -> HashMap<BundleId, ServerName> {
        self.inner.existing_servers()
    }

    async fn register_server(&self, cfg: MCPServerConfig) -> Result<(), McpHookError> {
        self.check(&cfg)?;
        self.inner.register_server(cfg).await
    }

    async fn register_server_with_input_scope(&self, cfg: MCPServerConfig, plugin_id: Option<&str>) -> Result<(), McpHookError> {
        self.check(&cfg)?;
        self.inner.register_server_with_input_scope(cfg, plugin_id).await
    }

    async fn remove_server(&self, id: &BundleId) -> Result<(), McpHookError> {
        self.inner.remove_server(id).await
    }

    async fn inject_inputs(&self, plugin_root: &Path) -> Result<(), McpHookError> {
        self.inner.inject_inputs(plugin_root).await
    }
}

/// One home and where the Computers booted on it keep their files.
struct Home<'a> {
    scratch: &'a Scratch,
    env: HashMap<String, String>,
    embed: HashMap<String, MCPServerConfig>,
    files: Map<String, Value>,
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
                let inner = CliMcpHooks::new(comp, p, m).await;
                let hooks = FailingMount { inner: &inner, fail: step.get("fail_mount").and_then(Value::as_str).map(String::from) };
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
            "declare_marketplace" | "undeclare_marketplace" => self.declare(step, repos),
            "reconcile" => {
                let store = FileSkillGovernanceStore::with_env(self.skill_home(), self.env.clone());
                let registry = comp.skill_registry_arc();
                let declared = self.declared();
                let refresh = step.get("refresh").and_then(Value::as_bool).unwrap_or(false);
                let options = ReconcileOptions { env: Some(&self.env), refresh, timeout: None };
                reconcile(&mut *registry.write().await, &self.skill_home(), &declared, &store, options).await;
                comp.mark_skills_dirty();
                Ok(())
            }
            "update_repository" => {
                let files = self.files.get(&text("source")).and_then(Value::as_object).ok_or_else(|| format!("no repository {}", text("source")))?;
                commit_files(&self.scratch.path("repos").join(text("marketplace")), files).map_err(|e| e.message)
            }
            "stale_install_path" => self.stale_install_path(&pid, step.get("like").and_then(Value::as_str)),
            _ => Ok(()),
        }
    }

    /// The plugin's ledger records keep an install path that no longer holds for it.
    fn stale_install_path(&self, pid: &str, like: Option<&str>) -> Result<(), String> {
        let ledger = load_installed_plugins(Some(&self.skill_home()), Some(&self.env));
        if ledger.account.plugins.get(pid).is_none_or(Vec::is_empty) {
            return Err(format!("no ledger record for {pid}"));
        }
        let stale = match like {
            None => self.scratch.path("moved").join(pid).display().to_string(),
            Some(other) => ledger
                .account
                .plugins
                .get(other)
                .and_then(|records| records.first())
                .and_then(|r| r.install_path.clone())
                .ok_or_else(|| format!("no install path for {other}"))?,
        };
        update_installed_plugins(
            |file| {
                for record in file.account.plugins.get_mut(pid).into_iter().flatten() {
                    record.install_path = Some(stale.clone());
                }
            },
            Some(&self.skill_home()),
            Some(&self.env),
        )
        .map(|_| ())
        .map_err(|e| e.to_string())
    }

    /// The user's own edit of user settings.json: add or remove one extraKnownMarketplaces entry.
    fn declare(&self, step: &Map<String, Value>, repos: &HashMap<String, String>) -> Result<(), String> {
        let path = user_settings_path(Some(&self.env));
        let mut data: Map<String, Value> = match std::fs::read_to_string(&path) {
            Ok(text) => serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?,
            Err(_) => Map::new(),
        };
        let name = step.get("marketplace").and_then(Value::as_str).unwrap_or_default().to_string();
        let entries = data.entry("extraKnownMarketplaces").or_insert_with(|| json!({}));
        let entries = entries.as_object_mut().ok_or("extraKnownMarketplaces is not an object")?;
        if step.get("do").and_then(Value::as_str) == Some("undeclare_marketplace") {
            entries.remove(&name);
        } else {
            let source = step.get("source").and_then(Value::as_str).unwrap_or(&name);
            let url = repos.get(source).ok_or_else(|| format!("no repository {source}"))?;
            let mut entry = json!({ "source": { "type": "git", "url": url } });
            if step.get("auto_update").and_then(Value::as_bool) == Some(true) {
                entry["autoUpdate"] = json!(true);
            }
            entries.insert(name, entry);
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&path, Value::Object(data).to_string()).map_err(|e| format!("{}: {e}", path.display()))
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
                "marketplaces" => {
                    let names: BTreeSet<String> =
                        load_known_marketplaces(Some(&self.skill_home()), Some(&self.env)).account.marketplaces.into_keys().collect();
                    json!(names)
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
    let files = input.get("marketplaces").and_then(Value::as_object).cloned().unwrap_or_default();
    let home = Home { scratch: &scratch, env, embed, files };
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
