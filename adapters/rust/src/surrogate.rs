//! Lone UTF-16 surrogates in the harness's JSON text (`"\uD800"`).
//!
//! Rust strings are Unicode scalar sequences, so serde_json (the reader in front of every SDK API)
//! refuses such text as a whole. To answer the call anyway, the envelope (`type`, `id`) is re-read
//! from a copy where each lone surrogate escape is replaced by `\uFFFD`; that copy never reaches
//! the SDK.

use serde_json::Value;

fn hex4(bytes: &[u8]) -> Option<u16> {
    let text = std::str::from_utf8(bytes.get(..4)?).ok()?;
    u16::from_str_radix(text, 16).ok()
}

/// The line with lone surrogate escapes replaced, parsed; `None` if the line has no lone
/// surrogate or still is not JSON.
pub fn envelope_without_lone_surrogates(line: &str) -> Option<Value> {
    let bytes = line.as_bytes();
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    let mut replaced = false;
    let mut plain_start = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        // An escape: `\\`, `\"`, ... are two bytes; `\uXXXX` six.
        if bytes.get(i + 1) != Some(&b'u') {
            i += 2;
            continue;
        }
        let Some(unit) = hex4(&bytes[i + 2..]) else {
            i += 2;
            continue;
        };
        let is_high = (0xD800..=0xDBFF).contains(&unit);
        let is_low = (0xDC00..=0xDFFF).contains(&unit);
        if is_high
            && bytes.get(i + 6) == Some(&b'\\')
            && bytes.get(i + 7) == Some(&b'u')
            && hex4(&bytes[i + 8..]).is_some_and(|n| (0xDC00..=0xDFFF).contains(&n))
        {
            i += 12; // a proper pair
            continue;
        }
        if is_high || is_low {
            out.push_str(&line[plain_start..i]);
            out.push_str("\\uFFFD");
            replaced = true;
            i += 6;
            plain_start = i;
            continue;
        }
        i += 6;
    }
    if !replaced {
        return None;
    }
    out.push_str(&line[plain_start..]);
    serde_json::from_str(&out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_only_lone_surrogates() {
        let v = envelope_without_lone_surrogates(r#"{"a":"x\uD800y","b":"\uD83D\uDE00","c":"\\uD800"}"#).unwrap();
        assert_eq!(v["a"], "x\u{FFFD}y");
        assert_eq!(v["b"], "\u{1F600}");
        assert_eq!(v["c"], "\\uD800");
        assert!(envelope_without_lone_surrogates(r#"{"a":"\uD83D\uDE00"}"#).is_none());
        assert!(envelope_without_lone_surrogates(r#"{"a":"\uDC00"}"#).is_some());
    }
}
