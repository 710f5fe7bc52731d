//! Adapter protocol 2: a batch line holds several calls and is answered by one batch line.
//!
//! The harness never puts a live operation (one this adapter answers on a thread of its own) in a
//! batch: it would hold back every answer of the batch. One found there is refused.
//!
//! A call with a lone UTF-16 surrogate makes serde_json refuse the whole line; the batch is then cut
//! into its calls' own texts, so each other call is still answered and only that one is refused
//! (`input.lone_surrogate`, as a call line of its own would be).

use serde_json::{json, Map, Value};

use crate::{answer, Ctx};

/// The answers to a parsed batch line, as one message.
pub fn answer_batch(ctx: &Ctx, message: &Value, live: impl Fn(&str) -> bool) -> Value {
    let empty = Vec::new();
    let calls = message.get("calls").and_then(Value::as_array).unwrap_or(&empty);
    let answers: Vec<Value> = calls.iter().map(|call| batched(ctx, call, &live)).collect();
    json!({"type": "batch", "answers": answers})
}

/// A batch line serde_json refused: each call's text read on its own.
pub fn answer_unreadable_batch(
    ctx: &Ctx,
    line: &str,
    live: impl Fn(&str) -> bool,
    refused: impl Fn(&str, serde_json::Error) -> Option<Value>,
) -> Option<Value> {
    let texts = call_texts(line)?;
    let answers: Vec<Value> = texts
        .into_iter()
        .filter_map(|text| match serde_json::from_str::<Value>(text) {
            Ok(call) => Some(batched(ctx, &call, &live)),
            Err(e) => refused(text, e),
        })
        .collect();
    Some(json!({"type": "batch", "answers": answers}))
}

fn batched(ctx: &Ctx, call: &Value, live: &impl Fn(&str) -> bool) -> Value {
    let id = call.get("id").cloned().unwrap_or(Value::Null);
    let op = call.get("op").and_then(Value::as_str).unwrap_or("");
    if live(op) {
        let message = format!("{op} is a live operation: the harness sends it alone, never in a batch (adapter protocol 2)");
        return json!({"type": "result", "id": id, "ok": false,
            "error": {"reason": "unclassified", "message": message, "raw_type": "BatchedLiveCall"}});
    }
    let empty = Map::new();
    let input = call.get("input").and_then(Value::as_object).unwrap_or(&empty);
    answer(ctx, &id, op, input)
}

/// The texts of the elements of the top-level `"calls"` array, found by a scan that skips strings;
/// `None` when the line is not shaped as a batch.
fn call_texts(line: &str) -> Option<Vec<&str>> {
    let bytes = line.as_bytes();
    let key = line.find("\"calls\"")?;
    let mut i = key + "\"calls\"".len();
    while i < bytes.len() && bytes[i] != b'[' {
        if !matches!(bytes[i], b' ' | b':' | b'\t') {
            return None;
        }
        i += 1;
    }
    let mut texts = Vec::new();
    let mut depth = 0usize;
    let mut start = i + 1;
    let mut in_string = false;
    while i < bytes.len() {
        let c = bytes[i];
        if in_string {
            if c == b'\\' {
                i += 1;
            } else if c == b'"' {
                in_string = false;
            }
        } else {
            match c {
                b'"' => in_string = true,
                b'{' | b'[' => depth += 1,
                b'}' | b']' => {
                    depth -= 1;
                    if depth == 0 {
                        push_trimmed(&mut texts, &line[start..i]);
                        return Some(texts);
                    }
                }
                b',' if depth == 1 => {
                    push_trimmed(&mut texts, &line[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        i += 1;
    }
    None
}

fn push_trimmed<'a>(texts: &mut Vec<&'a str>, text: &'a str) {
    let text = text.trim();
    if !text.is_empty() {
        texts.push(text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_a_batch_into_its_calls() {
        let line = r#"{"type":"batch","calls":[{"id":1,"input":{"a":"x,]\"}"}},{"id":2,"input":{"b":["\uD800"]}}]}"#;
        let texts = call_texts(line).unwrap();
        assert_eq!(texts, vec![r#"{"id":1,"input":{"a":"x,]\"}"}}"#, r#"{"id":2,"input":{"b":["\uD800"]}}"#]);
        assert_eq!(call_texts(r#"{"type":"batch","calls":[]}"#).unwrap(), Vec::<&str>::new());
        assert!(call_texts(r#"{"type":"call","id":1}"#).is_none());
    }
}
