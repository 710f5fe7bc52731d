//! The SDK reports diagnostics only as `tracing` events (it installs no subscriber). The adapter
//! installs one: WARN and above are collected in memory while an operation runs `capture(..)`,
//! and written to stderr otherwise. Nothing goes to stdout.
//!
//! Two lower-level events are diagnostics an operation needs, so the subscriber also takes them
//! (in memory only, while capturing; outside a capture they are dropped):
//! - DEBUG from `smcp_computer::skills::staging`: the SKILL `tags` diagnostic ("frontmatter 'tags'
//!   is not a string list; …", staging.rs `apply_frontmatter_optional_fields`) and the per-resource
//!   "covered by skill resource" note (`stage_mcp_skills`);
//! - INFO from `rmcp::service`: "Service initialized as client" with `peer_info`, the server's
//!   InitializeResult as rmcp's client received it (the revision the client negotiated).
//!
//! `capture` returns WARN and above, as before; `capture_all` returns every record taken.
//!
//! Events on a `wire.computer` thread (its call thread and its runtime's blocking pool, named
//! `WIRE_COMPUTER_THREADS…`) never enter a capture: that session runs beside the main thread's
//! operations, so its WARN+ go to stderr, tagged with the thread name (the call id). The same holds
//! for the `wire.server` runtime's threads (`WIRE_SERVER_THREADS`).
//!
//! The names of the threads kept apart are declared here, beside the one check that reads them
//! (`APART`), and the modules that start those threads take them from here: this module depends on
//! no other module of the adapter.
//!
//! A `transport.call_tool` call runs on a thread of its own beside the main thread (the harness
//! has several in flight): it captures with `capture_all_here`, into a buffer of its own thread,
//! so its records never mix with the main thread's operation or another call's. Its runtime's
//! blocking threads (`TRANSPORT_THREADS`) stay out of every capture.

use std::collections::BTreeMap;
use std::cell::RefCell;
use std::fmt;
use std::sync::Mutex;

use serde_json::{json, Value};
use tracing::field::{Field, Visit};
use tracing::{Event, Level, Metadata, Subscriber};
use tracing_subscriber::layer::{Context, Layer};
use tracing_subscriber::prelude::*;

/// One SDK tracing event, as data.
#[derive(Debug, Clone)]
pub struct Record {
    pub level: Level,
    pub target: String,
    pub message: String,
    pub fields: BTreeMap<String, String>,
}

impl Record {
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields.get(name).map(String::as_str)
    }

    /// The record as one line of evidence.
    pub fn text(&self) -> String {
        let mut s = format!("[{}] {}: {}", self.level, self.target, self.message);
        for (k, v) in &self.fields {
            s.push_str(&format!(" {k}={v:?}"));
        }
        s
    }
}

pub fn evidence(records: &[Record]) -> Value {
    json!(records.iter().map(Record::text).collect::<Vec<_>>())
}

static BUFFER: Mutex<Option<Vec<Record>>> = Mutex::new(None);

thread_local! {
    /// The buffer of a `capture_all_here` running on this thread.
    static HERE: RefCell<Option<Vec<Record>>> = const { RefCell::new(None) };
}

/// The names of `transport.call_tool`'s call threads and their runtimes' blocking threads.
pub const TRANSPORT_THREADS: &str = "transport";

/// The names of a `wire.computer` call's thread and its runtime's blocking threads.
pub const WIRE_COMPUTER_THREADS: &str = "wire-computer";

/// The names of the `wire.server` runtime's threads (`wire_server` exists only where the manifest
/// has the SDK's Server crates; the name is needed either way).
pub const WIRE_SERVER_THREADS: &str = "wire-server";

/// A thread whose name starts with one of these runs beside the main thread's operations: its
/// events never enter a capture.
const APART: [&str; 3] = [WIRE_COMPUTER_THREADS, WIRE_SERVER_THREADS, TRANSPORT_THREADS];

#[derive(Default)]
struct Fields {
    message: String,
    fields: BTreeMap<String, String>,
}

impl Visit for Fields {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.message = value.to_string();
        } else {
            self.fields.insert(field.name().to_string(), value.to_string());
        }
    }
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        // `%x` fields arrive here as Display wrappers whose Debug prints the Display text.
        let text = format!("{value:?}");
        if field.name() == "message" {
            self.message = text;
        } else {
            self.fields.insert(field.name().to_string(), text);
        }
    }
}

struct CaptureLayer;

/// The events below WARN the subscriber takes (see the module comment).
fn extra(metadata: &Metadata<'_>) -> bool {
    let target = metadata.target();
    let level = *metadata.level();
    (level <= Level::DEBUG && target.starts_with("smcp_computer::skills::staging"))
        || (level <= Level::INFO && target == "rmcp::service")
}

impl<S: Subscriber> Layer<S> for CaptureLayer {
    fn enabled(&self, metadata: &Metadata<'_>, _ctx: Context<'_, S>) -> bool {
        *metadata.level() <= Level::WARN || extra(metadata)
    }

    fn on_event(&self, event: &Event<'_>, _ctx: Context<'_, S>) {
        let mut fields = Fields::default();
        event.record(&mut fields);
        let record = Record {
            level: *event.metadata().level(),
            target: event.metadata().target().to_string(),
            message: fields.message,
            fields: fields.fields,
        };
        let Some(record) = HERE.with(|here| match here.borrow_mut().as_mut() {
            Some(records) => {
                records.push(record);
                None
            }
            None => Some(record),
        }) else {
            return;
        };
        let thread = std::thread::current();
        if let Some(name) = thread.name().filter(|n| APART.iter().any(|p| n.starts_with(p))) {
            if record.level <= Level::WARN {
                eprintln!("sdk [{name}]: {}", record.text());
            }
            return;
        }
        let mut buffer = BUFFER.lock().unwrap_or_else(|p| p.into_inner());
        match buffer.as_mut() {
            Some(records) => records.push(record),
            None if record.level <= Level::WARN => eprintln!("sdk: {}", record.text()),
            None => {}
        }
    }
}

pub fn install() {
    tracing_subscriber::registry().with(CaptureLayer).init();
}

/// Runs `f` and returns what it returned plus every WARN+ event the SDK emitted meanwhile.
pub fn capture<T>(f: impl FnOnce() -> T) -> (T, Vec<Record>) {
    let (value, mut records) = capture_all(f);
    records.retain(|r| r.level <= Level::WARN);
    (value, records)
}

/// Runs `f` and returns what it returned plus every event taken meanwhile (WARN+ and the extra
/// DEBUG / INFO events of the module comment).
pub fn capture_all<T>(f: impl FnOnce() -> T) -> (T, Vec<Record>) {
    struct Stop;
    impl Drop for Stop {
        // also on unwind: a panicking operation must not leave capture switched on
        fn drop(&mut self) {
            BUFFER.lock().unwrap_or_else(|p| p.into_inner()).take();
        }
    }
    *BUFFER.lock().unwrap_or_else(|p| p.into_inner()) = Some(Vec::new());
    let stop = Stop;
    let value = f();
    let records = BUFFER
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .take()
        .unwrap_or_default();
    drop(stop);
    (value, records)
}

/// Like `capture_all`, but takes only the events of the current thread, into a buffer of its own:
/// for a call that runs beside the main thread's operations (see the module comment).
pub fn capture_all_here<T>(f: impl FnOnce() -> T) -> (T, Vec<Record>) {
    struct Stop;
    impl Drop for Stop {
        fn drop(&mut self) {
            HERE.with(|here| here.borrow_mut().take());
        }
    }
    HERE.with(|here| *here.borrow_mut() = Some(Vec::new()));
    let stop = Stop;
    let value = f();
    let records = HERE.with(|here| here.borrow_mut().take()).unwrap_or_default();
    drop(stop);
    (value, records)
}
