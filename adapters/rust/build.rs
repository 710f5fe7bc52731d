//! Records, at build time, the SDK versions Cargo actually resolved (from the Cargo.lock next to
//! the manifest being built: the harness builds with --locked, so that lock is what gets linked)
//! and the rustc version, for the adapter's `hello`.
//!
//! Also the cfg `adapter_wire_server`: set when that lock has the SDK's Server crates
//! (smcp-server-core + smcp-server-hyper, the `wire.server` operation); versions/0.3.2 lists neither.
//! And the cfg `adapter_wire_agent`: set when that lock has the SDK's Agent crate (smcp-agent, the
//! `wire.agent` operation); versions/0.3.2 does not list it either. And `adapter_landing_root`:
//! smcp-computer is 0.4 or later (client:put_blob and `Computer::with_landing_root`).
//! And `adapter_plugin_runtime`: smcp-computer 0.4 or later as well (its Computer-level plugin
//! management, the `runtime.plugins` operation).
use std::{env, fs, path::PathBuf, process::Command};

fn locked_versions(lock: &str, name: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for block in lock.split("[[package]]") {
        let mut pkg = None;
        let mut version = None;
        for line in block.lines() {
            let line = line.trim();
            if let Some(v) = line.strip_prefix("name = ") {
                pkg = Some(v.trim_matches('"').to_string());
            } else if let Some(v) = line.strip_prefix("version = ") {
                version = Some(v.trim_matches('"').to_string());
            }
        }
        if pkg.as_deref() == Some(name) {
            if let Some(v) = version {
                found.push(v);
            }
        }
    }
    found
}

fn locked_version(lock: &str, name: &str) -> String {
    let mut found = locked_versions(lock, name);
    match found.len() {
        1 => found.remove(0),
        0 => panic!("{name} is not in Cargo.lock"),
        _ => panic!("several versions of {name} in Cargo.lock: {found:?}"),
    }
}

fn main() {
    let dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let lock_path = dir.join("Cargo.lock");
    println!("cargo:rerun-if-changed={}", lock_path.display());
    let lock = fs::read_to_string(&lock_path).expect("Cargo.lock next to the manifest");
    println!("cargo:rustc-env=ADAPTER_SMCP_VERSION={}", locked_version(&lock, "smcp"));
    println!(
        "cargo:rustc-env=ADAPTER_SMCP_COMPUTER_VERSION={}",
        locked_version(&lock, "smcp-computer")
    );
    // The MCP client library smcp-computer pins (its streamable HTTP client: transport.call_tool).
    println!("cargo:rustc-env=ADAPTER_RMCP_VERSION={}", locked_version(&lock, "rmcp"));
    println!("cargo:rustc-check-cfg=cfg(adapter_wire_server)");
    let server_crates = ["smcp-server-core", "smcp-server-hyper"];
    if server_crates.iter().all(|name| !locked_versions(&lock, name).is_empty()) {
        println!("cargo:rustc-cfg=adapter_wire_server");
        println!("cargo:rustc-env=ADAPTER_SMCP_SERVER_CORE_VERSION={}", locked_version(&lock, "smcp-server-core"));
        println!("cargo:rustc-env=ADAPTER_SMCP_SERVER_HYPER_VERSION={}", locked_version(&lock, "smcp-server-hyper"));
    }
    // smcp-computer 0.4 added client:put_blob and Computer::with_landing_root; 0.3.x has neither.
    println!("cargo:rustc-check-cfg=cfg(adapter_landing_root)");
    if !locked_version(&lock, "smcp-computer").starts_with("0.3.") {
        println!("cargo:rustc-cfg=adapter_landing_root");
    }
    // smcp-computer 0.4's Computer-level plugin management (runtime.plugins); the 0.3.x signatures differ.
    println!("cargo:rustc-check-cfg=cfg(adapter_plugin_runtime)");
    if !locked_version(&lock, "smcp-computer").starts_with("0.3.") {
        println!("cargo:rustc-cfg=adapter_plugin_runtime");
    }
    println!("cargo:rustc-check-cfg=cfg(adapter_wire_agent)");
    if !locked_versions(&lock, "smcp-agent").is_empty() {
        println!("cargo:rustc-cfg=adapter_wire_agent");
        println!("cargo:rustc-env=ADAPTER_SMCP_AGENT_VERSION={}", locked_version(&lock, "smcp-agent"));
    }
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|| "rustc (unknown)".into());
    println!("cargo:rustc-env=ADAPTER_RUSTC_VERSION={version}");
}
