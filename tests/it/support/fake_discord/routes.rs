//! The stand-in's HTTP side: every request is recorded, checked against Discord's rules
//! (`rules.rs`, `activity.rs`), then answered by route with a full Discord object.

use std::convert::Infallible;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use super::rules::{self, out_of_reach, rate_limited, refused};
use super::{activity, dm_channel_id, payloads, user_install};
use super::{FilePart, Recorded, Shared, Thread, APP_ID};

/// Answers every HTTP request: records it, then routes by method and path.
pub(super) async fn route(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path().to_string();
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let (json, files) = if content_type.starts_with("multipart/") {
        parse_multipart(&content_type, body).await
    } else if content_type.starts_with("application/x-www-form-urlencoded") {
        (Some(activity::form_json(&body)), Vec::new())
    } else {
        (serde_json::from_slice(&body).ok(), Vec::new())
    };
    if let Some(limited) = rate_limited(&shared, &method, &path) {
        shared.requests.lock().unwrap().push(Recorded {
            method: method.to_string(),
            path,
            query: uri.query().map(str::to_string),
            json,
            files,
            status: 429,
            at: std::time::Instant::now(),
        });
        shared.bump();
        return limited;
    }
    if let Some(wait) = activity::stall(&shared, &path) {
        tokio::time::sleep(wait).await;
    }
    let refusal = out_of_reach(&shared, &method, &path)
        .or_else(|| refused(&shared, &method, &path, json.as_ref(), &files))
        .or_else(|| activity::answer(&shared, &method, &path, &headers, json.as_ref()));
    let (status, answer) = match refusal {
        Some(refusal) => refusal,
        None => answer(&shared, &method, &path, json.as_ref(), &files),
    };
    shared.requests.lock().unwrap().push(Recorded {
        method: method.to_string(),
        path,
        query: uri.query().map(str::to_string),
        json,
        files,
        status: status.as_u16(),
        at: std::time::Instant::now(),
    });
    shared.bump();
    match answer {
        Some(v) => (status, Json(v)).into_response(),
        None => status.into_response(),
    }
}

/// Reads a multipart body: `payload_json` as the JSON, every other part as a file.
async fn parse_multipart(content_type: &str, body: Bytes) -> (Option<Value>, Vec<FilePart>) {
    let Ok(boundary) = multer::parse_boundary(content_type) else {
        return (None, Vec::new());
    };
    let stream = futures_util::stream::once(async move { Ok::<Bytes, Infallible>(body) });
    let mut multipart = multer::Multipart::new(stream, boundary);
    let mut json = None;
    let mut files = Vec::new();
    while let Ok(Some(field)) = multipart.next_field().await {
        let name = field.name().unwrap_or("").to_string();
        let filename = field.file_name().map(str::to_string);
        let content_type = field.content_type().map(|m| m.essence_str().to_string());
        let bytes = field.bytes().await.unwrap_or_default();
        if name == "payload_json" {
            json = serde_json::from_slice(&bytes).ok();
        } else {
            files.push(FilePart {
                field: name,
                filename: filename.unwrap_or_default(),
                content_type,
                bytes: bytes.to_vec(),
            });
        }
    }
    (json, files)
}

/// The stand-in's answer to one request: status and optional JSON body.
fn answer(
    shared: &Shared,
    method: &Method,
    path: &str,
    body: Option<&Value>,
    files: &[FilePart],
) -> (StatusCode, Option<Value>) {
    let segs = rules::segments(path);
    let m = method.as_str();
    let empty = json!({});
    let body = body.unwrap_or(&empty);
    match (m, segs.as_slice()) {
        ("GET", ["gateway"]) => ok(json!({ "url": *shared.gateway_url.lock().unwrap() })),
        ("GET", ["gateway", "bot"]) => ok(json!({
            "url": *shared.gateway_url.lock().unwrap(),
            "shards": 1,
            "session_start_limit": {
                "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1
            }
        })),
        ("GET", ["oauth2", "applications", "@me"]) => ok(payloads::application()),
        ("GET", ["users", "@me"]) => ok(payloads::bot_user()),
        ("PUT", ["applications", _, "commands"]) => ok(register(shared, "global", body)),
        ("PUT", ["applications", _, "guilds", g, "commands"]) => ok(register(shared, g, body)),
        ("POST", ["applications", _, "commands"]) => ok(register_one(shared, "global", body)),
        ("POST", ["applications", _, "guilds", g, "commands"]) => ok(register_one(shared, g, body)),
        ("GET", ["applications", _, "commands"]) => ok(registered(shared, "global")),
        ("GET", ["applications", _, "guilds", g, "commands"]) => ok(registered(shared, g)),
        ("POST", ["interactions", _, token, "callback"]) => {
            let id = shared.new_id();
            shared
                .originals
                .lock()
                .unwrap()
                .insert(token.to_string(), id);
            (StatusCode::NO_CONTENT, None)
        }
        ("POST", ["webhooks", _, token]) => {
            let channel = token_channel(shared, token);
            ok(message_from(shared, channel, None, body, files, true))
        }
        ("GET" | "PATCH", ["webhooks", _, token, "messages", id]) => {
            let channel = token_channel(shared, token);
            let id = match *id {
                "@original" => shared.originals.lock().unwrap().get(*token).copied(),
                other => other.parse().ok(),
            };
            ok(message_from(shared, channel, id, body, files, true))
        }
        ("DELETE", ["webhooks", _, _, "messages", _]) => (StatusCode::NO_CONTENT, None),
        ("POST", ["users", "@me", "channels"]) => {
            let user: u64 = id_field(body, "recipient_id");
            let channel = dm_channel_id(user);
            shared.dm_channels.lock().unwrap().insert(channel, user);
            ok(json!({
                "id": channel.to_string(),
                "type": 1,
                "last_message_id": null,
                "recipients": [payloads::user_json(user, &format!("user{user}"))],
            }))
        }
        ("POST", ["channels", c, "messages", m, "threads"]) => {
            open_thread(shared, c.parse().unwrap_or(0), m.parse().unwrap_or(0), body)
        }
        ("POST", ["channels", c, "threads"]) => {
            let id = shared.new_id();
            open_thread(shared, c.parse().unwrap_or(0), id, body)
        }
        ("PATCH", ["channels", c]) => {
            let id: u64 = c.parse().unwrap_or(0);
            let mut threads = shared.threads.lock().unwrap();
            match threads.get_mut(&id) {
                Some(t) => {
                    if let Some(archived) = body.get("archived").and_then(Value::as_bool) {
                        t.archived = archived;
                    }
                    if let Some(name) = body.get("name").and_then(Value::as_str) {
                        t.name = name.to_string();
                    }
                    let t = t.clone();
                    drop(threads);
                    ok(thread_json(shared, &t))
                }
                None => not_found(),
            }
        }
        ("POST", ["channels", c, "messages"]) => {
            let channel: u64 = c.parse().unwrap_or(0);
            if let Some(t) = shared.threads.lock().unwrap().get_mut(&channel) {
                t.archived = false;
            }
            let to = shared.dm_channels.lock().unwrap().get(&channel).copied();
            if to.is_some_and(|u| shared.dm_blocked.lock().unwrap().contains(&u)) {
                return (
                    StatusCode::FORBIDDEN,
                    Some(json!({ "message": "Cannot send messages to this user", "code": 50007 })),
                );
            }
            ok(message_from(shared, channel, None, body, files, false))
        }
        ("PATCH", ["channels", c, "messages", id]) => ok(message_from(
            shared,
            c.parse().unwrap_or(0),
            id.parse().ok(),
            body,
            files,
            false,
        )),
        ("DELETE", ["channels", _, "messages", _]) => (StatusCode::NO_CONTENT, None),
        _ => not_found(),
    }
}

fn not_found() -> (StatusCode, Option<Value>) {
    (
        StatusCode::NOT_FOUND,
        Some(json!({ "message": "404: Not Found", "code": 0 })),
    )
}

/// `POST /channels/{channel}/messages/{message}/threads`: a public thread whose id is the
/// message's, one per message; 403 where [`FakeDiscord::refuse_threads_in`] says so.
fn open_thread(
    shared: &Shared,
    channel: u64,
    message: u64,
    body: &Value,
) -> (StatusCode, Option<Value>) {
    if shared.threads_refused.lock().unwrap().contains(&channel) {
        return (
            StatusCode::FORBIDDEN,
            Some(json!({ "message": "Missing Permissions", "code": 50013 })),
        );
    }
    let name = body.get("name").and_then(Value::as_str).unwrap_or("");
    if name.is_empty() || name.chars().count() > 100 || message == 0 {
        return (
            StatusCode::BAD_REQUEST,
            Some(json!({ "message": "Invalid Form Body", "code": 50035 })),
        );
    }
    let mut threads = shared.threads.lock().unwrap();
    if threads.contains_key(&message) {
        return (
            StatusCode::BAD_REQUEST,
            Some(
                json!({ "message": "A thread has already been created for this message", "code": 160004 }),
            ),
        );
    }
    let thread = Thread {
        id: message,
        parent: channel,
        name: name.to_string(),
        auto_archive_minutes: body
            .get("auto_archive_duration")
            .and_then(Value::as_u64)
            .unwrap_or(4320),
        archived: false,
    };
    threads.insert(message, thread.clone());
    drop(threads);
    ok(thread_json(shared, &thread))
}

/// A thread as Discord returns it: a guild channel of type 11 (public thread).
fn thread_json(shared: &Shared, t: &Thread) -> Value {
    let guild = shared
        .channel_guilds
        .lock()
        .unwrap()
        .get(&t.parent)
        .copied()
        .unwrap_or(1);
    json!({
        "id": t.id.to_string(),
        "type": 11,
        "guild_id": guild.to_string(),
        "parent_id": t.parent.to_string(),
        "owner_id": APP_ID.to_string(),
        "name": t.name,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "flags": 0,
        "thread_metadata": {
            "archived": t.archived,
            "auto_archive_duration": t.auto_archive_minutes,
            "archive_timestamp": "2026-01-01T12:00:00.000000+00:00",
            "locked": false,
        },
    })
}

/// The channel of the interaction with this token (1 if unknown).
fn token_channel(shared: &Shared, token: &str) -> u64 {
    shared
        .token_channels
        .lock()
        .unwrap()
        .get(token)
        .copied()
        .unwrap_or(1)
}

fn ok(v: Value) -> (StatusCode, Option<Value>) {
    (StatusCode::OK, Some(v))
}

/// A snowflake field that Discord sends as a string (or a number).
pub(super) fn id_field(v: &Value, key: &str) -> u64 {
    match v.get(key) {
        Some(Value::String(s)) => s.parse().unwrap_or(0),
        Some(Value::Number(n)) => n.as_u64().unwrap_or(0),
        _ => 0,
    }
}

/// Stores a bulk registration and answers with full command objects.
fn register(shared: &Shared, scope: &str, body: &Value) -> Value {
    shared
        .commands
        .lock()
        .unwrap()
        .insert(scope.to_string(), body.clone());
    let list = body.as_array().cloned().unwrap_or_default();
    Value::Array(
        list.iter()
            .map(|c| command_object(shared, scope, c))
            .collect(),
    )
}

/// Stores one registered command and answers with the full command object.
fn register_one(shared: &Shared, scope: &str, body: &Value) -> Value {
    let mut cmds = shared.commands.lock().unwrap();
    let entry = cmds.entry(scope.to_string()).or_insert_with(|| json!([]));
    if let Some(list) = entry.as_array_mut() {
        list.retain(|c| c.get("name") != body.get("name"));
        list.push(body.clone());
    }
    drop(cmds);
    command_object(shared, scope, body)
}

fn registered(shared: &Shared, scope: &str) -> Value {
    let list = shared
        .commands
        .lock()
        .unwrap()
        .get(scope)
        .cloned()
        .unwrap_or_else(|| json!([]));
    Value::Array(
        list.as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(|c| command_object(shared, scope, c))
            .collect(),
    )
}

/// A registered command as Discord returns it: what was sent plus ids and version.
fn command_object(shared: &Shared, scope: &str, sent: &Value) -> Value {
    let mut c = sent.clone();
    if let Some(o) = c.as_object_mut() {
        o.insert("id".into(), json!(shared.new_id().to_string()));
        o.insert("application_id".into(), json!(APP_ID.to_string()));
        o.insert("version".into(), json!(shared.new_id().to_string()));
        o.entry("type").or_insert(json!(1));
        o.entry("description").or_insert(json!(""));
        if scope != "global" {
            o.insert("guild_id".into(), json!(scope));
        }
    }
    c
}

/// A full message object for a message the bot created or edited with `body`.
fn message_from(
    shared: &Shared,
    channel: u64,
    id: Option<u64>,
    body: &Value,
    files: &[FilePart],
    by_webhook: bool,
) -> Value {
    let channel = channel.max(1);
    let id = id.unwrap_or_else(|| shared.new_id());
    let attachments: Vec<Value> = files
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let aid = shared.new_id() + i as u64;
            json!({
                "id": aid.to_string(),
                "filename": f.filename,
                "size": f.bytes.len(),
                "url": format!("https://cdn.invalid/attachments/{aid}/{}", f.filename),
                "proxy_url": format!("https://media.invalid/attachments/{aid}/{}", f.filename),
            })
        })
        .collect();
    let mut msg = payloads::message(
        id,
        channel,
        &payloads::bot_user(),
        body.get("content").and_then(Value::as_str).unwrap_or(""),
        body.get("components").cloned().unwrap_or_else(|| json!([])),
    );
    msg["attachments"] = Value::Array(attachments);
    msg["webhook_id"] = if by_webhook {
        json!(APP_ID.to_string())
    } else {
        Value::Null
    };
    if let Some(flags) = body.get("flags") {
        msg["flags"] = flags.clone();
    }
    user_install::hide(shared, channel, &mut msg);
    msg
}
