//! The stand-in's side of the Discord Activity (docs/activity.md): the OAuth2 code exchange
//! (`POST /oauth2/token`, a form with the client id and secret), `GET /users/@me` with the
//! access token it gave (a Bearer token: the person, not the bot), `GET
//! /applications/{id}/activity-instances/{instance}`, and the Entry Point command that
//! Discord makes when Activities are turned on, which a bulk overwrite may not drop (400,
//! code 50240, as Discord answers: not written in its documentation, seen by many libraries).
//!
//! Tests set it up with [`FakeDiscord::sign_in_code`], [`FakeDiscord::activity_instance`],
//! [`FakeDiscord::add_entry_point`] and [`FakeDiscord::stall_sign_in`].

use std::collections::HashMap;
use std::time::Duration;

use axum::http::{header, HeaderMap, Method, StatusCode};
use serde_json::{json, Value};

use super::{rules, FakeDiscord, Shared};

/// The client secret the stand-in expects in the code exchange.
pub const CLIENT_SECRET: &str = "fake-activity-client-secret";

/// What the stand-in knows of people signing in and of Activity instances.
#[derive(Default)]
pub(super) struct Accounts {
    /// Sign-in code -> (user id, name); each code works once.
    codes: HashMap<String, (u64, String)>,
    /// Access token -> (user id, name).
    tokens: HashMap<String, (u64, String)>,
    /// Instance id -> the instance object.
    instances: HashMap<String, Value>,
    /// How long the code exchange waits before answering.
    stall: Option<Duration>,
}

impl FakeDiscord {
    /// Makes `code` a sign-in code of user `id` named `name` (usable once); returns the
    /// access token the exchange will give.
    pub fn sign_in_code(&self, code: &str, id: u64, name: &str) -> String {
        let mut a = self.shared.accounts.lock().unwrap();
        a.codes.insert(code.to_string(), (id, name.to_string()));
        format!("access-{code}")
    }

    /// Makes instance `id` run in `channel` (of `guild`) with `users` connected.
    pub fn activity_instance(&self, id: &str, channel: u64, guild: Option<u64>, users: &[u64]) {
        let kind = if guild.is_some() { "gc" } else { "pc" };
        let location = format!("{kind}-{}-{channel}", guild.unwrap_or(0));
        let instance = json!({
            "application_id": super::APP_ID.to_string(),
            "instance_id": id,
            "launch_id": "1276580072400224306",
            "location": {
                "id": location,
                "kind": kind,
                "channel_id": channel.to_string(),
                "guild_id": guild.map(|g| g.to_string()),
            },
            "users": users.iter().map(u64::to_string).collect::<Vec<_>>(),
        });
        let mut a = self.shared.accounts.lock().unwrap();
        a.instances.insert(id.to_string(), instance);
    }

    /// Gives the app an Entry Point command among its global commands, as turning
    /// Activities on in the Developer Portal does (Discord's default: "launch", handler 2).
    pub fn add_entry_point(&self, command: Value) {
        let mut cmds = self.shared.commands.lock().unwrap();
        let list = cmds
            .entry("global".to_string())
            .or_insert_with(|| json!([]));
        if let Some(list) = list.as_array_mut() {
            list.retain(|c| c.get("type").and_then(Value::as_u64) != Some(4));
            list.push(command);
        }
    }

    /// Makes the code exchange answer only after `by` (a Discord that does not answer).
    pub fn stall_sign_in(&self, by: Duration) {
        self.shared.accounts.lock().unwrap().stall = Some(by);
    }
}

/// A form body (`a=1&b=2`) as a JSON object of strings, as the stand-in records it.
pub(super) fn form_json(body: &[u8]) -> Value {
    let fields: serde_json::Map<String, Value> = url::form_urlencoded::parse(body)
        .map(|(k, v)| (k.into_owned(), Value::String(v.into_owned())))
        .collect();
    Value::Object(fields)
}

/// How long to wait before answering this request (a stalled code exchange).
pub(super) fn stall(shared: &Shared, path: &str) -> Option<Duration> {
    (rules::segments(path) == ["oauth2", "token"])
        .then(|| shared.accounts.lock().unwrap().stall)
        .flatten()
}

/// The stand-in's answer to the Activity's requests; `None` for any other request.
pub(super) fn answer(
    shared: &Shared,
    method: &Method,
    path: &str,
    headers: &HeaderMap,
    body: Option<&Value>,
) -> Option<(StatusCode, Option<Value>)> {
    let segs = rules::segments(path);
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    let mut a = shared.accounts.lock().unwrap();
    match (method.as_str(), segs.as_slice()) {
        ("POST", ["oauth2", "token"]) => {
            let field = |k: &str| body.and_then(|b| b.get(k)).and_then(Value::as_str);
            if field("client_id") != Some(&super::APP_ID.to_string())
                || field("client_secret") != Some(CLIENT_SECRET)
            {
                return Some((
                    StatusCode::UNAUTHORIZED,
                    Some(json!({ "error": "invalid_client" })),
                ));
            }
            let known = field("code").and_then(|c| a.codes.remove(c).map(|who| (c, who)));
            match (field("grant_type"), known) {
                (Some("authorization_code"), Some((code, who))) => {
                    let token = format!("access-{code}");
                    a.tokens.insert(token.clone(), who);
                    Some((
                        StatusCode::OK,
                        Some(json!({
                            "access_token": token,
                            "token_type": "Bearer",
                            "expires_in": 604800,
                            "refresh_token": "refresh",
                            "scope": "identify",
                        })),
                    ))
                }
                _ => Some((
                    StatusCode::BAD_REQUEST,
                    Some(json!({
                        "error": "invalid_grant",
                        "error_description": "Invalid \"code\" in request."
                    })),
                )),
            }
        }
        ("GET", ["users", "@me"]) => {
            let token = bearer?;
            Some(match a.tokens.get(token) {
                Some((id, name)) => (StatusCode::OK, Some(super::payloads::user_json(*id, name))),
                None => (
                    StatusCode::UNAUTHORIZED,
                    Some(json!({ "message": "401: Unauthorized", "code": 0 })),
                ),
            })
        }
        ("GET", ["applications", _, "activity-instances", id]) => {
            Some(match a.instances.get(*id) {
                Some(i) => (StatusCode::OK, Some(i.clone())),
                None => (
                    StatusCode::NOT_FOUND,
                    Some(json!({ "message": "404: Not Found", "code": 0 })),
                ),
            })
        }
        _ => None,
    }
}

/// Discord's refusal of a global overwrite that leaves out the app's Entry Point command.
pub(super) fn drops_entry_point(
    shared: &Shared,
    list: &Value,
) -> Option<(StatusCode, Option<Value>)> {
    let is_entry = |c: &Value| c.get("type").and_then(Value::as_u64) == Some(4);
    let cmds = shared.commands.lock().unwrap();
    let had = cmds
        .get("global")
        .and_then(Value::as_array)
        .is_some_and(|l| l.iter().any(is_entry));
    let keeps = list.as_array().is_some_and(|l| l.iter().any(is_entry));
    (had && !keeps).then(|| {
        (
            StatusCode::BAD_REQUEST,
            Some(json!({
                "message": "You cannot remove this app's Entry Point command in a bulk update \
                            operation. Please include the Entry Point command in your update \
                            request or delete it separately.",
                "code": 50240
            })),
        )
    })
}
