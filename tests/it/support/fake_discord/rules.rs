//! Discord's rules as the stand-in applies them before carrying out a request: the
//! validation of every request (`super::super::discord_limits`), an interaction's one first
//! answer within 3 s, and the `429 Too Many Requests` it answers on purpose.

use std::time::Duration;

use axum::http::{Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use super::{FilePart, Shared};
use crate::support::discord_limits as limits;

/// How long Discord waits for an interaction's first answer.
pub(super) const FIRST_ANSWER_WITHIN: Duration = Duration::from_secs(3);

/// How long an interaction's token may be used.
pub(super) const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);
/// Most follow-ups per interaction authorised by a user install alone.
pub(super) const FOLLOWUPS_MAX: u32 = 5;

/// An interaction sent to the bot, until its first answer.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pending {
    pub(super) sent: std::time::Instant,
    /// How far the stand-in's clock was ahead when it was sent.
    pub(super) skew_at_sent: Duration,
    pub(super) upload_limit: u64,
    pub(super) answered: bool,
    /// Authorised by a user install alone (no `"0"` owner, not the bot's DMs).
    pub(super) user_only: bool,
    /// Follow-ups sent so far.
    pub(super) followups: u32,
}

/// The segments of a request's path after `/api/v10/`.
pub(super) fn segments(path: &str) -> Vec<&str> {
    path.trim_start_matches("/api/v10/")
        .trim_end_matches('/')
        .split('/')
        .collect()
}

/// Discord's refusal of a request the app may not make where only a user install is: any
/// channel route of such a place (403 / 50001 Missing Access), a sixth follow-up, and any use
/// of a token older than 15 minutes of the stand-in's time (401 / 50027).
pub(super) fn out_of_reach(
    shared: &Shared,
    method: &Method,
    path: &str,
) -> Option<(StatusCode, Option<Value>)> {
    let segs = segments(path);
    match segs.as_slice() {
        ["channels", c, ..] => {
            let channel: u64 = c.parse().ok()?;
            shared
                .app_absent
                .lock()
                .unwrap()
                .contains(&channel)
                .then(|| {
                    (
                        StatusCode::FORBIDDEN,
                        Some(json!({ "message": "Missing Access", "code": 50001 })),
                    )
                })
        }
        ["webhooks", _, token, ..] => {
            let mut pending = shared.interactions.lock().unwrap();
            let p = pending.get_mut(*token)?;
            let skew = shared.skew.lock().unwrap().saturating_sub(p.skew_at_sent);
            let age = p.sent.elapsed() + skew;
            let expired = p.answered && shared.expire_after_answer.lock().unwrap().contains(*token);
            if age > TOKEN_LIFETIME || expired {
                return Some((
                    StatusCode::UNAUTHORIZED,
                    Some(json!({ "message": "Invalid Webhook Token", "code": 50027 })),
                ));
            }
            if method == Method::POST && segs.len() == 3 && p.user_only {
                p.followups += 1;
                if p.followups > FOLLOWUPS_MAX {
                    return Some((
                        StatusCode::BAD_REQUEST,
                        Some(json!({
                            "message": "Maximum number of follow-up messages reached (5)",
                            "code": 40094
                        })),
                    ));
                }
            }
            None
        }
        _ => None,
    }
}

/// Limits the stand-in enforces beyond Discord's own, to test how the bot meets a refusal.
#[derive(Clone, Copy, Debug, Default)]
pub struct Strictness {
    /// Refuse any command of more characters than this (Discord's limit is 4,000).
    pub command_characters: Option<usize>,
    /// Wait this long for an interaction's first answer instead of Discord's 3 s.
    pub first_answer_within: Option<Duration>,
}

/// The `429 Too Many Requests` the stand-in answers on purpose, as a shared rate-limit proxy
/// in front of Discord would pass them on.
#[derive(Clone, Copy, Debug)]
pub struct RateLimits {
    /// One request in this many on each route is refused (the start-up requests excepted).
    pub one_in: u64,
    /// The `retry_after` said, in seconds (`None`: left out of the body).
    pub retry_after: Option<f64>,
}

/// A `429` for this request, when the rate-limit mode says it gets one: Discord's body
/// (`retry_after`, `global`) and headers (`Retry-After`, `X-RateLimit-Scope`).
pub(super) fn rate_limited(shared: &Shared, method: &Method, path: &str) -> Option<Response> {
    let limits = (*shared.rate_limits.lock().unwrap())?;
    let start_up = ["/api/v10/gateway", "/api/v10/oauth2/", "/api/v10/users/@me"];
    if method == Method::GET && start_up.iter().any(|p| path.starts_with(p)) {
        return None;
    }
    // Counted by route, so that every route (interaction answers, followups, channel
    // messages, edits) meets its share of refusals whatever the order of requests.
    let route: Vec<&str> = path
        .split('/')
        .map(|seg| {
            if seg.chars().any(|c| c.is_ascii_digit()) {
                "*"
            } else {
                seg
            }
        })
        .collect();
    let route = format!("{method} {}", route.join("/"));
    let n = {
        let mut counts = shared.limited_count.lock().unwrap();
        let n = counts.entry(route).or_insert(0);
        *n += 1;
        *n
    };
    if n % limits.one_in.max(1) != 0 {
        return None;
    }
    let global = (n / limits.one_in.max(1)) % 2 == 0;
    let mut body = json!({
        "message": "You are being rate limited.",
        "global": global,
    });
    let mut headers = vec![(
        "x-ratelimit-scope",
        if global { "global" } else { "user" }.to_string(),
    )];
    if let Some(after) = limits.retry_after {
        body["retry_after"] = json!(after);
        headers.push(("retry-after", format!("{}", after.max(0.0).ceil() as i64)));
    }
    if global {
        headers.push(("x-ratelimit-global", "true".to_string()));
    } else {
        headers.push(("x-ratelimit-bucket", "fake-bucket".to_string()));
    }
    let mut response = (StatusCode::TOO_MANY_REQUESTS, Json(body)).into_response();
    for (name, value) in headers {
        if let Ok(v) = value.parse() {
            response.headers_mut().insert(name, v);
        }
    }
    Some(response)
}

/// Discord's validation of the request, before it is carried out: command registrations,
/// messages, interaction answers (and their 3 s deadline, and only one first answer),
/// thread names. `None` when it passes.
pub(super) fn refused(
    shared: &Shared,
    method: &Method,
    path: &str,
    body: Option<&Value>,
    files: &[FilePart],
) -> Option<(StatusCode, Option<Value>)> {
    let segs = segments(path);
    let empty = json!({});
    let body = body.unwrap_or(&empty);
    let sizes: Vec<(String, usize)> = files
        .iter()
        .map(|f| (f.filename.clone(), f.bytes.len()))
        .collect();
    let upload_limit = |token: &str| {
        shared
            .interactions
            .lock()
            .unwrap()
            .get(token)
            .map_or(limits::DEFAULT_UPLOAD_LIMIT, |p| p.upload_limit)
    };
    let faults = match (method.as_str(), segs.as_slice()) {
        ("PUT", ["applications", _, "commands"]) => {
            if let Some(refusal) = super::activity::drops_entry_point(shared, body) {
                return Some(refusal);
            }
            registration_faults(shared, body)
        }
        ("PUT", ["applications", _, "guilds", _, "commands"]) => registration_faults(shared, body),
        ("POST", ["applications", _, "commands"])
        | ("POST", ["applications", _, "guilds", _, "commands"]) => {
            registration_faults(shared, &Value::Array(vec![body.clone()]))
        }
        ("POST", ["interactions", _, token, "callback"]) => {
            let mut pending = shared.interactions.lock().unwrap();
            let Some(p) = pending.get_mut(*token) else {
                return Some(unknown_interaction());
            };
            if p.answered {
                return Some((
                    StatusCode::BAD_REQUEST,
                    Some(json!({
                        "message": "Interaction has already been acknowledged.",
                        "code": 40060
                    })),
                ));
            }
            let within = shared.strict.lock().unwrap().first_answer_within;
            if p.sent.elapsed() > within.unwrap_or(FIRST_ANSWER_WITHIN) {
                return Some(unknown_interaction());
            }
            let faults = limits::callback(body, &sizes, p.upload_limit);
            if faults.is_empty() {
                p.answered = true;
            }
            faults
        }
        ("POST", ["webhooks", _, token]) | ("PATCH", ["webhooks", _, token, "messages", _]) => {
            limits::message(body, &sizes, upload_limit(token))
        }
        ("POST", ["channels", _, "messages"]) | ("PATCH", ["channels", _, "messages", _]) => {
            limits::message(body, &sizes, limits::DEFAULT_UPLOAD_LIMIT)
        }
        ("POST", ["channels", _, "messages", _, "threads"])
        | ("POST", ["channels", _, "threads"]) => {
            limits::thread_name(body.get("name").and_then(Value::as_str), true)
        }
        ("PATCH", ["channels", _]) => {
            limits::thread_name(body.get("name").and_then(Value::as_str), false)
        }
        _ => Vec::new(),
    };
    (!faults.is_empty()).then(|| {
        (
            StatusCode::BAD_REQUEST,
            Some(limits::invalid_form_body(&faults)),
        )
    })
}

/// Discord's answer to a callback for an interaction it no longer waits for.
fn unknown_interaction() -> (StatusCode, Option<Value>) {
    (
        StatusCode::NOT_FOUND,
        Some(json!({ "message": "Unknown interaction", "code": 10062 })),
    )
}

/// A registration's faults: Discord's limits, and the stand-in's own stricter ones.
fn registration_faults(shared: &Shared, list: &Value) -> Vec<limits::Fault> {
    let budgets = match limits::registration(list) {
        Ok(budgets) => budgets,
        Err(faults) => return faults,
    };
    let strict = *shared.strict.lock().unwrap();
    budgets
        .iter()
        .enumerate()
        .filter(|(_, b)| {
            strict
                .command_characters
                .is_some_and(|max| b.characters > max)
        })
        .map(|(i, b)| limits::Fault {
            path: i.to_string(),
            code: "APPLICATION_COMMAND_TOO_LARGE",
            message: format!(
                "Command exceeds maximum size ({} characters, at most {})",
                b.characters,
                strict.command_characters.unwrap_or_default()
            ),
        })
        .collect()
}
