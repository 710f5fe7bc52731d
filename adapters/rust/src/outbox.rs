//! Answers on their way to stdout: collected while a burst of requests is answered and written
//! together (one write + flush per burst, not per answer; `line_io` flushes before a read that may block).
//!
//! A flusher thread looks every `FLUSH_AFTER` and writes answers that were already waiting at its
//! previous look. Without it, a call that hangs would also hold back the answers computed before
//! it in the same burst; the harness would then time out those innocent cases first (their requests
//! went out first) instead of the one that hangs. It polls rather than being woken per burst, so a
//! burst costs no thread switch.

use std::io::Write;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use serde_json::Value;

const FLUSH_AFTER: Duration = Duration::from_millis(50);

struct Pending<W> {
    lines: Vec<u8>,
    out: W,
    writes: u64,
}

impl<W: Write> Pending<W> {
    fn write_out(&mut self) {
        if self.lines.is_empty() {
            return;
        }
        self.out.write_all(&self.lines).and_then(|_| self.out.flush()).expect("stdout closed");
        self.lines.clear();
        self.writes += 1;
    }
}

fn lock<W>(pending: &Mutex<Pending<W>>) -> MutexGuard<'_, Pending<W>> {
    pending.lock().unwrap_or_else(|p| p.into_inner())
}

fn flusher<W: Write>(pending: &Mutex<Pending<W>>) {
    let mut seen = u64::MAX;
    loop {
        std::thread::sleep(FLUSH_AFTER);
        let mut pending = lock(pending);
        if pending.writes == seen {
            pending.write_out(); // nothing written since the previous look: what waits, waited
        }
        seen = pending.writes;
    }
}

pub struct Outbox<W: Write + Send + 'static> {
    pending: Arc<Mutex<Pending<W>>>,
}

/// Another handle on the same queue (a `wire.computer` thread answers through one).
impl<W: Write + Send + 'static> Clone for Outbox<W> {
    fn clone(&self) -> Self {
        Self { pending: Arc::clone(&self.pending) }
    }
}

impl<W: Write + Send + 'static> Outbox<W> {
    pub fn new(out: W, capacity: usize) -> Self {
        let pending = Arc::new(Mutex::new(Pending { lines: Vec::with_capacity(capacity), out, writes: 0 }));
        let shared = Arc::clone(&pending);
        std::thread::Builder::new()
            .name("answer-flusher".into())
            .spawn(move || flusher(&shared))
            .expect("answer-flusher thread");
        Self { pending }
    }

    /// Queues one answer line.
    pub fn add(&self, message: &Value) {
        let mut pending = lock(&self.pending);
        serde_json::to_writer(&mut pending.lines, message).expect("a serde_json::Value always serializes");
        pending.lines.push(b'\n');
    }

    pub fn flush(&self) {
        lock(&self.pending).write_out();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn flush_writes_every_queued_line_at_once() {
        let sink = Sink::default();
        let outbox = Outbox::new(sink.clone(), 64);
        outbox.add(&json!({"id": 1}));
        outbox.add(&json!({"id": 2}));
        outbox.flush();
        assert_eq!(String::from_utf8(sink.0.lock().unwrap().clone()).unwrap(), "{\"id\":1}\n{\"id\":2}\n");
    }

    #[test]
    fn a_line_nobody_flushes_goes_out_after_a_while() {
        let sink = Sink::default();
        let outbox = Outbox::new(sink.clone(), 64);
        outbox.add(&json!({"id": 1}));
        std::thread::sleep(FLUSH_AFTER * 10); // as if the next call hung
        assert_eq!(String::from_utf8(sink.0.lock().unwrap().clone()).unwrap(), "{\"id\":1}\n");
    }
}
