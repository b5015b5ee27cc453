//! A gate on loopback between serenity and the configured `proxy_url` that honours the
//! `retry_after` of every `429 Too Many Requests`.
//!
//! With a proxy, serenity's own rate limiter is off and it drops a 429's body and headers,
//! so the bot's retry ([`super::retry`]) cannot know how long Discord asked it to wait.
//! The gate can: every request passes through it, and when one is answered 429 it reads
//! `retry_after` (the body's float seconds, else the `Retry-After` header) and holds that
//! route (and, for a global limit, every route but the interaction ones, which Discord
//! exempts) until then. A retry that comes earlier is answered 429 by the gate itself and
//! never reaches Discord, so Discord sees no retry before its `retry_after`, and none counts
//! as an invalid request. The hold is bounded ([`HOLD_MAX`], shorter for an interaction's
//! callback, which has only 3 s): an absurd `retry_after` cannot stall the bot.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use tokio::net::TcpListener;
use tracing::{info, warn};

/// The longest a route is held after a 429, whatever `retry_after` said.
pub const HOLD_MAX: Duration = Duration::from_secs(4);
/// The longest an interaction's callback is held (its first answer has 3 s in all).
pub const CALLBACK_HOLD_MAX: Duration = Duration::from_millis(1000);

/// What the gate remembers: where to forward, and until when each route is held.
struct Gate {
    upstream: String,
    client: reqwest::Client,
    held: Mutex<HashMap<String, Instant>>,
    global: Mutex<Option<Instant>>,
}

/// Starts the gate on a free loopback port in front of `upstream` (the configured proxy's
/// base URL); returns the base URL to give serenity instead.
pub async fn start(upstream: &str) -> std::io::Result<String> {
    let listener = TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0))).await?;
    let addr = listener.local_addr()?;
    // Straight to the configured proxy: no proxy from the environment in between.
    let client = reqwest::Client::builder()
        .no_proxy()
        .build()
        .map_err(std::io::Error::other)?;
    let gate = Arc::new(Gate {
        upstream: upstream.trim_end_matches('/').to_string(),
        client,
        held: Mutex::new(HashMap::new()),
        global: Mutex::new(None),
    });
    // Any body goes through: its only client is this process's serenity, and the proxy
    // (Discord) judges uploads by their limits, answering JSON. axum's default 2 MB cap
    // answered a bare 413 that serenity cannot read (a long game's replay was lost).
    let app = axum::Router::new()
        .fallback(forward)
        .layer(axum::extract::DefaultBodyLimit::disable())
        .with_state(gate);
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            warn!(error = %e, "the rate-limit gate stopped");
        }
    });
    info!(%addr, "rate-limit gate in front of the proxy");
    Ok(format!("http://{addr}"))
}

/// Whether Discord exempts the route from the global limit (interaction callbacks and
/// follow-ups).
fn exempt(path: &str) -> bool {
    path.starts_with("/api/v10/interactions/") || path.starts_with("/api/v10/webhooks/")
}

/// Forwards one request, unless its route is held: then the gate answers 429 itself.
async fn forward(
    State(gate): State<Arc<Gate>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path().to_string();
    let route = format!("{method} {path}");
    if let Some(left) = held_for(&gate, &route, &path) {
        return too_many(left);
    }
    let url = format!(
        "{}{}",
        gate.upstream,
        uri.path_and_query().map_or(path.as_str(), |p| p.as_str())
    );
    let Ok(reqwest_method) = reqwest::Method::from_bytes(method.as_str().as_bytes()) else {
        return own_error(StatusCode::METHOD_NOT_ALLOWED, "method not allowed");
    };
    let mut request = gate.client.request(reqwest_method, url).body(body);
    for (name, value) in &headers {
        if name != "host" && name != "content-length" {
            request = request.header(name.as_str(), value.as_bytes());
        }
    }
    let answer = match request.send().await {
        Ok(a) => a,
        Err(e) => {
            warn!(error = %e, "the proxy could not be reached");
            return own_error(StatusCode::BAD_GATEWAY, "the proxy could not be reached");
        }
    };
    let status = StatusCode::from_u16(answer.status().as_u16()).unwrap_or(StatusCode::BAD_GATEWAY);
    let mut out = HeaderMap::new();
    for (name, value) in answer.headers() {
        if let (Ok(n), Ok(v)) = (
            axum::http::HeaderName::from_bytes(name.as_str().as_bytes()),
            axum::http::HeaderValue::from_bytes(value.as_bytes()),
        ) {
            if n != "content-length" && n != "transfer-encoding" && n != "connection" {
                out.insert(n, v);
            }
        }
    }
    let bytes = answer.bytes().await.unwrap_or_default();
    if status == StatusCode::TOO_MANY_REQUESTS {
        hold(&gate, &route, &path, &out, &bytes);
    }
    (status, out, bytes).into_response()
}

/// How long `route` is still held, if it is.
fn held_for(gate: &Gate, route: &str, path: &str) -> Option<Duration> {
    let now = Instant::now();
    let mut held = gate.held.lock().unwrap_or_else(|p| p.into_inner());
    held.retain(|_, until| *until > now);
    let mut until = held.get(route).copied();
    if !exempt(path) {
        let global = *gate.global.lock().unwrap_or_else(|p| p.into_inner());
        until = until.max(global.filter(|g| *g > now));
    }
    until.map(|u| u - now)
}

/// Holds the route (and every route, for a global limit) for the 429's `retry_after`.
fn hold(gate: &Gate, route: &str, path: &str, headers: &HeaderMap, body: &[u8]) {
    let said: Option<serde_json::Value> = serde_json::from_slice(body).ok();
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let seconds = said
        .as_ref()
        .and_then(|b| b.get("retry_after"))
        .and_then(serde_json::Value::as_f64)
        .or_else(|| header("retry-after").and_then(|v| v.parse().ok()));
    let Some(seconds) = seconds.filter(|s| s.is_finite() && *s > 0.0) else {
        return;
    };
    let global = said
        .as_ref()
        .and_then(|b| b.get("global"))
        .and_then(serde_json::Value::as_bool)
        .unwrap_or(false)
        || header("x-ratelimit-global") == Some("true");
    let most = if path.ends_with("/callback") {
        CALLBACK_HOLD_MAX
    } else {
        HOLD_MAX
    };
    let until = Instant::now() + Duration::from_secs_f64(seconds.min(3600.0)).min(most);
    gate.held
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(route.to_string(), until);
    if global {
        let mut g = gate.global.lock().unwrap_or_else(|p| p.into_inner());
        *g = Some(g.map_or(until, |g| g.max(until)));
    }
}

/// The gate's own refusal, as JSON in Discord's shape so that serenity can read it.
fn own_error(status: StatusCode, message: &str) -> Response {
    let body = serde_json::json!({ "message": message, "code": 0 });
    (status, axum::Json(body)).into_response()
}

/// The gate's own 429 for a held route, as Discord words it.
fn too_many(left: Duration) -> Response {
    let body = serde_json::json!({
        "message": "You are being rate limited.",
        "retry_after": left.as_secs_f64(),
        "global": false,
    });
    (StatusCode::TOO_MANY_REQUESTS, axum::Json(body)).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An upstream on loopback that answers every request with its body's length.
    async fn upstream() -> String {
        let listener = TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0)))
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        let app = axum::Router::new()
            .fallback(|body: Bytes| async move {
                axum::Json(serde_json::json!({ "length": body.len() }))
            })
            .layer(axum::extract::DefaultBodyLimit::disable());
        tokio::spawn(async move { axum::serve(listener, app).await });
        format!("http://{addr}")
    }

    #[tokio::test]
    async fn an_upload_past_axum_s_default_limit_goes_through() {
        let gate = start(&upstream().await).await.expect("gate");
        let body = vec![7u8; 12 * 1024 * 1024];
        let answer = reqwest::Client::new()
            .post(format!("{gate}/api/v10/channels/1/messages"))
            .body(body)
            .send()
            .await
            .expect("sent");
        assert_eq!(answer.status().as_u16(), 200);
        let bytes = answer.bytes().await.expect("body");
        let said: serde_json::Value = serde_json::from_slice(&bytes).expect("JSON");
        assert_eq!(said["length"], 12 * 1024 * 1024);
    }

    #[tokio::test]
    async fn an_unreachable_proxy_is_said_in_json() {
        // A port nothing listens on (bound, then closed).
        let closed = TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0)))
            .await
            .expect("bind")
            .local_addr()
            .expect("addr");
        let gate = start(&format!("http://{closed}")).await.expect("gate");
        let answer = reqwest::Client::new()
            .get(format!("{gate}/api/v10/gateway"))
            .send()
            .await
            .expect("sent");
        assert_eq!(answer.status().as_u16(), 502);
        let bytes = answer.bytes().await.expect("body");
        let said: serde_json::Value = serde_json::from_slice(&bytes).expect("JSON");
        assert_eq!(said["message"], "the proxy could not be reached");
    }
}
