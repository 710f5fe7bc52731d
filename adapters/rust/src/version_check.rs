//! version.check: the Server's connect-time a2c_version gate, answered by the SDK's own gate.
//!
//! 0.4.1 (the Server crates linked, cfg `adapter_wire_server`): smcp-server-hyper's public
//! `VersionHandshakeService` (version_handshake.rs:79) is the hyper `Service` the SDK puts in front
//! of socketioxide (the same one `wire.server` serves); its private `check_version` (:120) is the
//! verdict. The adapter drives that service with one constructed Engine.IO handshake request and
//! reads what it gives back; it composes nothing itself:
//! - server: `VersionHandshakeConfig { server_version: ProtocolVersion::parse(server), ..default }`
//!   (the gated path stays the default `/socket.io/`);
//! - request: `GET /socket.io/?EIO=4&transport=polling`, plus `a2c_version=<client>` added by the
//!   SDK's own client helper `smcp::utils::handshake::build_handshake_url` (form-urlencoded, as
//!   the SDK's clients send it); no `client` in the input means no `a2c_version` parameter at all;
//! - inner service: a stub that records the request it is handed and answers 200. Reaching it means
//!   the gate let the connection through (compatible, code null);
//! - a rejection: the gate's HTTP 400 and its flat `ErrorPayload` body. The verdict is the body's
//!   `code` (4008: incompatible), and for code 400 which of the gate's two messages it carries
//!   ("Missing a2c_version query parameter" / "Invalid a2c_version: …"). Status, header and body
//!   travel as evidence (`sdk_response`), like the Python adapter's.
//!
//! 0.3.2: that build links smcp / smcp-computer only, so the operation is `unsupported`.

use serde_json::{Map, Value};

use crate::reasons::Fail;
use crate::Ctx;

#[cfg(adapter_wire_server)]
pub fn check(ctx: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
    gate::check(ctx, input)
}

/// The 0.3.2 build: no Server crate is linked (versions/0.3.2/Cargo.toml), so no gate can be driven.
#[cfg(not(adapter_wire_server))]
pub fn check(_: &Ctx, _: &Map<String, Value>) -> Result<Value, Fail> {
    Err(Fail::Unsupported(format!(
        "this build links smcp {} / smcp-computer {} only (versions/0.3.2/Cargo.toml lists no Server crate), and \
         neither has a server side: nothing there applies a client's a2c_version at connect time (the parts, \
         smcp::utils::handshake::extract_a2c_version, ProtocolVersion::parse and is_compatible, are exported \
         but composed by no code of these crates). The verdict is composed by smcp-server-hyper's \
         VersionHandshakeService (version_handshake.rs, the same file in 0.3.2 and 0.4.1), which the 0.4.1 \
         build drives; this build does not link smcp-server-hyper 0.3.2, and its sdk.yaml claims the \
         Computer role only",
        crate::sdk::SMCP_VERSION,
        crate::sdk::SMCP_COMPUTER_VERSION
    )))
}

#[cfg(adapter_wire_server)]
mod gate {
    use std::convert::Infallible;
    use std::sync::{Arc, Mutex};

    use http_body_util::{BodyExt, Empty};
    use hyper::body::Bytes;
    use hyper::service::{service_fn, Service};
    use hyper::{header, Request, Response, Uri};
    use serde_json::{json, Map, Value};
    use smcp::utils::handshake::build_handshake_url;
    use smcp::ProtocolVersion;
    use smcp_server_hyper::{VersionHandshakeConfig, VersionHandshakeService};

    use crate::reasons::{Fail, OpError};
    use crate::Ctx;

    /// An Engine.IO polling handshake on the SDK's default mount path; nothing is connected.
    const HANDSHAKE_URL: &str = "http://127.0.0.1/socket.io/?EIO=4&transport=polling";

    pub fn check(ctx: &Ctx, input: &Map<String, Value>) -> Result<Value, Fail> {
        let server = input.get("server").and_then(Value::as_str).ok_or_else(|| OpError::malformed("`server` must be a string"))?;
        let client = match input.get("client") {
            None => None,
            Some(Value::String(s)) => Some(s.as_str()),
            Some(_) => return Err(OpError::malformed("`client` must be a string when present").into()),
        };
        let server_version = ProtocolVersion::parse(server)
            .map_err(|e| OpError::malformed(format!("`server` does not parse as the SDK's ProtocolVersion: {e}")))?;
        let config = VersionHandshakeConfig { server_version, ..VersionHandshakeConfig::default() };

        let url = match client {
            Some(client) => build_handshake_url(HANDSHAKE_URL, client)
                .map_err(|e| OpError::new("unclassified", format!("build_handshake_url refused the URL: {e}"), "url::ParseError"))?,
            None => HANDSHAKE_URL.to_string(),
        };
        let uri: Uri = url.parse().map_err(|e| OpError::new("unclassified", format!("{url} is not an HTTP URI: {e}"), "InvalidUri"))?;
        let target = uri.path_and_query().map(|p| p.as_str().to_string()).unwrap_or_else(|| "/".into());
        let request = Request::get(target.as_str())
            .header(header::HOST, uri.authority().map(|a| a.as_str()).unwrap_or("127.0.0.1"))
            .body(Empty::<Bytes>::new())
            .map_err(|e| OpError::new("unclassified", format!("request not built: {e}"), "http::Error"))?;

        // The inner service stands where socketioxide would: it only records what the gate hands on.
        let reached: Arc<Mutex<Option<String>>> = Arc::default();
        let seen = Arc::clone(&reached);
        let inner = service_fn(move |req: Request<Empty<Bytes>>| {
            *seen.lock().unwrap() = Some(req.uri().to_string());
            async { Ok::<_, Infallible>(Response::new(Empty::<Bytes>::new())) }
        });
        let service = VersionHandshakeService::new(inner, config);

        let (status, error_header, body) = ctx.rt.block_on(async {
            let response = service.call(request).await.unwrap_or_else(|never: Infallible| match never {});
            let status = response.status().as_u16();
            let error_header = response.headers().get("x-a2c-error-code").and_then(|v| v.to_str().ok()).map(str::to_string);
            let bytes = response.into_body().collect().await.map(|c| c.to_bytes());
            (status, error_header, bytes)
        });
        let body = body.map_err(|e| OpError::new("unclassified", format!("the gate's body could not be read: {e}"), "BoxError"))?;
        let inner_received = reached.lock().unwrap().clone();

        if let Some(inner_uri) = inner_received {
            return Ok(json!({
                "verdict": "compatible", "code": null, "request": target,
                "inner_received": inner_uri, "sdk_response": null,
            }));
        }
        let body: Value = serde_json::from_slice(&body).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&body).into_owned()));
        let code = body.get("code").and_then(Value::as_i64);
        let message = body.get("message").and_then(Value::as_str).unwrap_or("");
        let verdict = match (status, code) {
            (400, Some(4008)) => "incompatible",
            (400, Some(400)) if message == "Missing a2c_version query parameter" => "missing",
            (400, Some(400)) if message.starts_with("Invalid a2c_version:") => "invalid",
            _ => {
                return Err(OpError::new(
                    "unclassified",
                    format!("the gate answered neither through nor with a known refusal: HTTP {status}, body {body}"),
                    "HandshakeVerdict",
                )
                .into())
            }
        };
        Ok(json!({
            "verdict": verdict, "code": code, "request": target, "inner_received": null,
            "sdk_response": { "status": status, "x-a2c-error-code": error_header, "body": body },
        }))
    }
}
