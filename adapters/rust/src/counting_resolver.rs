//! wire.computer's `count_input_resolutions`: resolvers that count every call the SDK's Computer makes
//! to its input resolver hooks, by input id, and answer none (`Ok(None)`: the client takes no part, so
//! the SDK goes on to its own cache, where `Computer::set_input_value` put the call's value).
//!
//! Installed through the SDK's own builders, `Computer::with_input_resolver` (non-secret inputs) and
//! `Computer::with_secret_resolver` (password inputs): `resolve_one_input` asks one of the two for each
//! input a render resolves (smcp-computer 0.4.1 computer.rs, resolve_one_input; 0.3.2 the same).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use smcp_computer::inputs::{InputResolutionError, InputValueResolver, SecretValueResolver};

use crate::sdk::MCPServerInput;

/// The calls so far, by input id; shared by both hooks.
#[derive(Clone, Default)]
pub struct ResolverCalls(Arc<Mutex<HashMap<String, u64>>>);

impl ResolverCalls {
    fn count(&self, def: &MCPServerInput) {
        let mut calls = self.0.lock().unwrap_or_else(|e| e.into_inner());
        *calls.entry(def.id().to_string()).or_insert(0) += 1;
    }

    /// The count for one id (0: never asked).
    pub fn of(&self, id: &str) -> u64 {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).get(id).copied().unwrap_or(0)
    }
}

#[async_trait]
impl InputValueResolver for ResolverCalls {
    async fn resolve_input(&self, def: &MCPServerInput) -> Result<Option<serde_json::Value>, InputResolutionError> {
        self.count(def);
        Ok(None)
    }
}

#[async_trait]
impl SecretValueResolver for ResolverCalls {
    async fn resolve_secret(&self, def: &MCPServerInput) -> Result<Option<String>, InputResolutionError> {
        self.count(def);
        Ok(None)
    }
}
