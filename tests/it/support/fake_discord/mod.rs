//! A loopback stand-in for Discord: the REST routes bao-bot uses and a WebSocket gateway.
//!
//! Start it with [`FakeDiscord::start`], point the bot's `proxy_url` at
//! [`FakeDiscord::proxy_url`], wait for [`FakeDiscord::wait_for_ready`], push interactions
//! with [`FakeDiscord::send_interaction`] (payloads from [`payloads`]), then assert on what the
//! bot sent with [`FakeDiscord::wait_for`] / [`FakeDiscord::requests`].
//!
//! ```text
//! let fake = FakeDiscord::start().await;
//! let config = Config { token: Some(Token::new(TOKEN)), proxy_url: Some(fake.proxy_url()),
//!                       loopback_only: true, ..Config::default() };
//! tokio::spawn(bao_bot::discord::run(config, handler, stop_future));
//! fake.wait_for_ready(WAIT).await;
//! fake.send_interaction(payloads::slash(1, &Who::new(7, "asha"), place, "help", &[]));
//! let answer = fake.wait_for(|r| r.is_callback_for(1), WAIT).await;
//! assert!(answer.content().unwrap().contains("/bao move"));
//! ```
//! (`bao-bot run` as a process works the same way with `BAO_PROXY_URL`, `DISCORD_TOKEN` and
//! `BAO_TEST_LOOPBACK_ONLY=1`.)
//!
//! Everything listens on 127.0.0.1 only. Every HTTP request is recorded (method, path, JSON
//! body or multipart parts). Responses are full Discord objects, since serenity rejects
//! anything it cannot parse (and drops gateway events it cannot parse without a word).

mod activity;
mod gateway;
pub mod payloads;
mod routes;
mod rules;
mod user_install;

use super::discord_limits as limits;
// (The benches that include the stand-in do not sign in.)
#[allow(unused_imports)]
pub use activity::CLIENT_SECRET;
use routes::{id_field, route};
use rules::Pending;
pub use rules::{RateLimits, Strictness};

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use serde_json::Value;
use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

/// The application id (and bot user id) the stand-in reports.
pub const APP_ID: u64 = 1_100_000_000_000_000_001;
/// The bot user's name.
pub const BOT_NAME: &str = "bao-bot";
/// A token for the bot under test; the stand-in accepts any token.
pub const TOKEN: &str = "fake.discord.token";

/// One HTTP request the bot sent.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// `GET`, `POST`, ...
    pub method: String,
    /// The path, e.g. `/api/v10/interactions/1/tok/callback`.
    pub path: String,
    /// The query string, if any.
    pub query: Option<String>,
    /// The JSON body, or a multipart request's `payload_json`.
    pub json: Option<Value>,
    /// A multipart request's files, in order.
    pub files: Vec<FilePart>,
    /// The status the stand-in answered.
    pub status: u16,
    /// When the stand-in received it.
    pub at: std::time::Instant,
}

/// One file of a multipart request.
#[derive(Clone, Debug)]
pub struct FilePart {
    /// The form field name, e.g. `files[0]`.
    pub field: String,
    /// The file name.
    pub filename: String,
    /// The part's content type (`image/png`, `image/gif`), if it had one.
    pub content_type: Option<String>,
    /// The bytes.
    pub bytes: Vec<u8>,
}

impl Recorded {
    /// Whether the request uploads a PNG picture (a board, a graph).
    pub fn has_png(&self) -> bool {
        self.files
            .iter()
            .any(|f| f.filename.ends_with(".png") && f.bytes.starts_with(b"\x89PNG"))
    }

    /// Whether this request has this method and a path matching `pattern`, where `*` in the
    /// pattern matches one path segment (`/api/v10/interactions/*/*/callback`).
    pub fn is(&self, method: &str, pattern: &str) -> bool {
        if !self.method.eq_ignore_ascii_case(method) {
            return false;
        }
        let got: Vec<&str> = self.path.trim_end_matches('/').split('/').collect();
        let want: Vec<&str> = pattern.trim_end_matches('/').split('/').collect();
        got.len() == want.len() && got.iter().zip(&want).all(|(g, w)| *w == "*" || g == w)
    }

    /// The JSON body (or `Value::Null`).
    pub fn body(&self) -> &Value {
        static NULL: Value = Value::Null;
        self.json.as_ref().unwrap_or(&NULL)
    }

    /// Whether this is the callback answering interaction `id`.
    pub fn is_callback_for(&self, id: u64) -> bool {
        self.method == "POST"
            && self
                .path
                .starts_with(&format!("/api/v10/interactions/{id}/"))
            && self.path.ends_with("/callback")
    }

    /// Whether this request goes to interaction token `token` (callback, followup or edit).
    pub fn uses_token(&self, token: &str) -> bool {
        self.path.split('/').any(|s| s == token)
    }

    /// Message flags of the body (callback: `data.flags`; message bodies: `flags`).
    pub fn flags(&self) -> u64 {
        let b = self.body();
        b.pointer("/data/flags")
            .or_else(|| b.get("flags"))
            .and_then(Value::as_u64)
            .unwrap_or(0)
    }

    /// Whether the body asks for an ephemeral message (flag 64).
    pub fn is_ephemeral(&self) -> bool {
        self.flags() & 64 != 0
    }

    /// The message content of the body (callback `data.content` or `content`).
    pub fn content(&self) -> Option<&str> {
        let b = self.body();
        b.pointer("/data/content")
            .or_else(|| b.get("content"))
            .and_then(Value::as_str)
    }
}

/// Every button id (`custom_id`) in a request body.
pub fn custom_ids(v: &Value) -> Vec<String> {
    let mut out = Vec::new();
    match v {
        Value::Object(map) => {
            if let Some(Value::String(id)) = map.get("custom_id") {
                out.push(id.clone());
            }
            for x in map.values() {
                out.extend(custom_ids(x));
            }
        }
        Value::Array(items) => items.iter().for_each(|x| out.extend(custom_ids(x))),
        _ => {}
    }
    out
}

/// A thread the bot opened on a message (`POST /channels/{c}/messages/{m}/threads`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thread {
    /// The thread's id: the id of the message it was opened on.
    pub id: u64,
    /// The channel it was opened in.
    pub parent: u64,
    /// Its name as the bot asked.
    pub name: String,
    /// The auto-archive duration the bot asked for, in minutes.
    pub auto_archive_minutes: u64,
    /// Whether the bot archived it (`PATCH /channels/{thread}` with `archived: true`); a
    /// message the bot sends in it unarchives it, as on Discord.
    pub archived: bool,
}

/// What the stand-in remembers, shared by the HTTP and gateway tasks.
#[derive(Default)]
struct Shared {
    requests: Mutex<Vec<Recorded>>,
    /// Bumped on every recorded request or gateway event, so waiters wake up.
    changes: Option<watch::Sender<u64>>,
    /// Frames received on the gateway (IDENTIFY, heartbeats, close codes as `{"close":code}`).
    gateway_log: Mutex<Vec<Value>>,
    /// Sender to the current gateway connection.
    gateway_tx: Mutex<Option<mpsc::UnboundedSender<gateway::Outgoing>>>,
    /// Commands registered, by scope (`global` or the guild id).
    commands: Mutex<HashMap<String, Value>>,
    /// Interaction token -> channel id, so webhook messages get their channel.
    token_channels: Mutex<HashMap<String, u64>>,
    /// Interaction token -> id of the message that answered it.
    originals: Mutex<HashMap<String, u64>>,
    /// DM channel id -> user id.
    dm_channels: Mutex<HashMap<u64, u64>>,
    /// Users whose DMs fail with 403 / 50007.
    dm_blocked: Mutex<HashSet<u64>>,
    /// Threads opened by the bot, by id (the id of the message they were opened on).
    threads: Mutex<HashMap<u64, Thread>>,
    /// Channels where opening a thread fails with 403 / 50013.
    threads_refused: Mutex<HashSet<u64>>,
    /// Channel id -> guild id, learnt from interactions.
    channel_guilds: Mutex<HashMap<u64, u64>>,
    /// Interaction token -> when it was sent, its upload limit, and whether it was answered.
    interactions: Mutex<HashMap<String, Pending>>,
    /// Channels where only a user install of the app is (learnt from interactions): every
    /// channel route there is refused.
    app_absent: Mutex<HashSet<u64>>,
    /// Interaction tokens refused (401 / 50027) once their first answer is taken.
    expire_after_answer: Mutex<HashSet<String>>,
    /// Channels where Discord shows every answer to the asker alone (flag 64).
    hidden: Mutex<HashSet<u64>>,
    /// How far the stand-in's clock is ahead of the real one (token lifetimes).
    skew: Mutex<Duration>,
    /// Where the stand-in is stricter than Discord (to test a refusal).
    strict: Mutex<Strictness>,
    /// Rate limits answered on purpose, and the count of requests that could get one.
    rate_limits: Mutex<Option<RateLimits>>,
    /// Requests that could get a 429, counted by route (ids left out).
    limited_count: Mutex<HashMap<String, u64>>,
    next_id: AtomicU64,
    gateway_url: Mutex<String>,
    ready_count: AtomicU64,
    /// Sign-ins and instances of the Activity (`activity.rs`).
    accounts: Mutex<activity::Accounts>,
}

impl Shared {
    fn bump(&self) {
        if let Some(tx) = &self.changes {
            tx.send_modify(|n| *n += 1);
        }
    }

    fn new_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }
}

/// The running stand-in. Dropping it stops its tasks.
pub struct FakeDiscord {
    http_addr: SocketAddr,
    gateway_addr: SocketAddr,
    shared: Arc<Shared>,
    changes: watch::Receiver<u64>,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for t in &self.tasks {
            t.abort();
        }
    }
}

impl FakeDiscord {
    /// Starts the HTTP server and the gateway on free loopback ports.
    pub async fn start() -> FakeDiscord {
        let (tx, changes) = watch::channel(0u64);
        let shared = Arc::new(Shared {
            changes: Some(tx),
            next_id: AtomicU64::new(1_200_000_000_000_000_000),
            ..Shared::default()
        });
        let http = TcpListener::bind("127.0.0.1:0").await.expect("bind http");
        let ws = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway");
        let http_addr = http.local_addr().expect("http addr");
        let gateway_addr = ws.local_addr().expect("gateway addr");
        *shared.gateway_url.lock().unwrap() = format!("ws://{gateway_addr}");

        // Bodies up to 32 MB reach the stand-in's own rules, which refuse past the
        // interaction's or the channel's upload limit as Discord does (JSON, 40005); axum's
        // default 2 MB cap would answer a bare 413 that no client can read.
        let app = Router::new()
            .fallback(route)
            .layer(axum::extract::DefaultBodyLimit::max(32 * 1024 * 1024))
            .with_state(shared.clone());
        let http_task = tokio::spawn(async move {
            let _ = axum::serve(http, app).await;
        });
        let gateway_task = tokio::spawn(gateway::serve(ws, shared.clone()));
        FakeDiscord {
            http_addr,
            gateway_addr,
            shared,
            changes,
            tasks: vec![http_task, gateway_task],
        }
    }

    /// The base URL to give the bot as `proxy_url`.
    pub fn proxy_url(&self) -> String {
        format!("http://{}", self.http_addr)
    }

    /// The gateway's WebSocket URL.
    pub fn gateway_url(&self) -> String {
        format!("ws://{}", self.gateway_addr)
    }

    /// Every request recorded so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.shared.requests.lock().unwrap().clone()
    }

    /// How many recorded requests satisfy `pred` (without copying them).
    pub fn count(&self, pred: impl Fn(&Recorded) -> bool) -> usize {
        self.shared
            .requests
            .lock()
            .unwrap()
            .iter()
            .filter(|r| pred(r))
            .count()
    }

    /// Calls `f` on each request recorded from index `from` on (without copying them).
    pub fn scan(&self, from: usize, mut f: impl FnMut(&Recorded)) {
        let requests = self.shared.requests.lock().unwrap();
        for r in requests.iter().skip(from) {
            f(r);
        }
    }

    /// How many requests have been recorded; pass it to [`FakeDiscord::wait_for_since`] to look
    /// only at later ones.
    pub fn mark(&self) -> usize {
        self.shared.requests.lock().unwrap().len()
    }

    /// The bot's message answering interaction `id` in `channel`, as a button press on it
    /// carries it (with a made-up id when the answer's message is not known).
    pub fn message_answering(&self, id: u64, channel: u64) -> Value {
        let message_id = self
            .original_message_of(&payloads::token_for(id))
            .unwrap_or(1_500_000_000_000_000_000 + id);
        payloads::message(
            message_id,
            channel,
            &payloads::bot_user(),
            "message",
            serde_json::json!([]),
        )
    }

    /// The requests answering interaction `id` whose text contains `needle`.
    pub fn answers_with(&self, id: u64, needle: &str) -> Vec<Recorded> {
        let token = payloads::token_for(id);
        self.requests()
            .into_iter()
            .filter(|r| r.uses_token(&token) && r.content().is_some_and(|c| c.contains(needle)))
            .collect()
    }

    /// Waits for the first request answering interaction `id` whose text contains `needle`
    /// (`""`: any text).
    pub async fn answer_with(&self, id: u64, needle: &str, timeout: Duration) -> Recorded {
        let token = payloads::token_for(id);
        self.wait_for(
            |r| r.uses_token(&token) && r.content().is_some_and(|c| c.contains(needle)),
            timeout,
        )
        .await
    }

    /// Waits for the buttons put on the answer to interaction `id` (sent with it, or added
    /// by an edit once a public board is recorded) and returns their ids.
    pub async fn buttons_of(&self, id: u64, timeout: Duration) -> Vec<String> {
        let token = payloads::token_for(id);
        let r = self
            .wait_for(
                |r| r.uses_token(&token) && !custom_ids(r.body()).is_empty(),
                timeout,
            )
            .await;
        custom_ids(r.body())
    }

    /// Waits until a recorded request satisfies `pred`; panics after `timeout` with the list of
    /// requests seen.
    pub async fn wait_for(&self, pred: impl Fn(&Recorded) -> bool, timeout: Duration) -> Recorded {
        self.wait_for_since(0, pred, timeout).await
    }

    /// Like [`FakeDiscord::wait_for`], looking only at requests recorded after `mark`.
    pub async fn wait_for_since(
        &self,
        mark: usize,
        pred: impl Fn(&Recorded) -> bool,
        timeout: Duration,
    ) -> Recorded {
        let found = self
            .wait_until(timeout, || {
                let reqs = self.shared.requests.lock().unwrap();
                reqs.iter().skip(mark).find(|r| pred(r)).cloned()
            })
            .await;
        match found {
            Some(r) => r,
            None => panic!(
                "no matching request within {timeout:?}; requests seen:\n{}",
                self.describe_requests()
            ),
        }
    }

    /// Waits until `check` returns `Some` (or `timeout` passes), re-checking whenever the
    /// stand-in records something and every 10 ms (for state outside the stand-in, such as a
    /// test handler's).
    pub async fn wait_until<T>(
        &self,
        timeout: Duration,
        mut check: impl FnMut() -> Option<T>,
    ) -> Option<T> {
        let mut changes = self.changes.clone();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            changes.borrow_and_update();
            if let Some(t) = check() {
                return Some(t);
            }
            if tokio::time::Instant::now() >= deadline {
                return None;
            }
            let tick = (tokio::time::Instant::now() + Duration::from_millis(10)).min(deadline);
            let _ = tokio::time::timeout_at(tick, changes.changed()).await;
        }
    }

    /// One line per recorded request, for failure messages.
    pub fn describe_requests(&self) -> String {
        self.requests()
            .iter()
            .map(|r| format!("  {} {} -> {} {}", r.method, r.path, r.status, r.body()))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Waits until the bot has identified on the gateway and been sent READY.
    pub async fn wait_for_ready(&self, timeout: Duration) {
        let ok = self
            .wait_until(timeout, || {
                (self.shared.ready_count.load(Ordering::SeqCst) > 0).then_some(())
            })
            .await;
        assert!(ok.is_some(), "the bot did not identify within {timeout:?}");
    }

    /// Frames the bot sent on the gateway: IDENTIFY, heartbeats, `{"close": code}` on close.
    pub fn gateway_log(&self) -> Vec<Value> {
        self.shared.gateway_log.lock().unwrap().clone()
    }

    /// Waits until the bot closes its gateway connection; returns the close code (1000 for a
    /// clean close) or `None` on timeout.
    pub async fn wait_for_gateway_close(&self, timeout: Duration) -> Option<u64> {
        self.wait_until(timeout, || {
            self.gateway_log()
                .iter()
                .find_map(|f| f.get("close").and_then(Value::as_u64))
        })
        .await
    }

    /// The command list registered globally (`None`) or in a guild, as the bot sent it.
    pub fn registered_commands(&self, guild: Option<u64>) -> Option<Value> {
        let key = guild.map_or_else(|| "global".to_string(), |g| g.to_string());
        self.shared.commands.lock().unwrap().get(&key).cloned()
    }

    /// Sends a dispatch event (op 0) with type `t` on the current gateway connection.
    pub fn send_dispatch(&self, t: &str, d: Value) {
        let tx = self.shared.gateway_tx.lock().unwrap().clone();
        let tx = tx.expect("no gateway connection: wait_for_ready first");
        tx.send(gateway::Outgoing::Dispatch(t.to_string(), d))
            .expect("gateway connection closed");
    }

    /// Sends an `INTERACTION_CREATE` (build `d` with [`payloads`]).
    pub fn send_interaction(&self, d: Value) {
        self.note_interaction(&d);
        self.send_dispatch("INTERACTION_CREATE", d);
    }

    /// Remembers interaction `d` as sent now, waiting for its first answer, without sending
    /// it on the gateway (for a test that answers it itself).
    pub fn note_interaction(&self, d: &Value) {
        let guild = id_field(d, "guild_id");
        if guild != 0 {
            self.shared
                .channel_guilds
                .lock()
                .unwrap()
                .insert(id_field(d, "channel_id"), guild);
        }
        if let Some(token) = d.get("token").and_then(Value::as_str) {
            let channel = id_field(d, "channel_id").max(1);
            self.shared
                .token_channels
                .lock()
                .unwrap()
                .insert(token.to_string(), channel);
            let upload_limit = d
                .get("attachment_size_limit")
                .and_then(Value::as_u64)
                .unwrap_or(limits::DEFAULT_UPLOAD_LIMIT);
            // Authorised by a user install alone: no server install among the owners, and
            // not the bot's own DMs.
            let owners = d.get("authorizing_integration_owners");
            let user_only = owners.is_some_and(|o| o.get("0").is_none() && o.get("1").is_some())
                && d.get("context").and_then(Value::as_u64) != Some(1);
            if user_only {
                self.shared
                    .app_absent
                    .lock()
                    .unwrap()
                    .insert(id_field(d, "channel_id"));
            }
            let skew = *self.shared.skew.lock().unwrap();
            self.shared.interactions.lock().unwrap().insert(
                token.to_string(),
                Pending {
                    sent: std::time::Instant::now(),
                    skew_at_sent: skew,
                    upload_limit,
                    answered: false,
                    user_only,
                    followups: 0,
                },
            );
        }
    }

    /// Makes the stand-in stricter than Discord where `strict` says (to test refusals).
    pub fn be_strict(&self, strict: Strictness) {
        *self.shared.strict.lock().unwrap() = strict;
    }

    /// Answers `429 Too Many Requests` to one request in `limits.one_in` from now on
    /// (alternately for the route and globally), as a rate-limit proxy passes them on; the
    /// start-up requests (gateway, application, user) are always answered.
    pub fn rate_limit(&self, limits: RateLimits) {
        *self.shared.rate_limits.lock().unwrap() = Some(limits);
    }

    /// Moves the stand-in's clock on by `by`: interaction tokens older than 15 minutes of
    /// this clock are refused.
    pub fn advance(&self, by: Duration) {
        *self.shared.skew.lock().unwrap() += by;
    }

    /// Makes every message to `user_id`'s DM channel fail with 403 / code 50007.
    pub fn block_dms_to(&self, user_id: u64) {
        self.shared.dm_blocked.lock().unwrap().insert(user_id);
    }

    /// Makes opening a thread in `channel` fail with 403 / 50013 (Missing Permissions).
    pub fn refuse_threads_in(&self, channel: u64) {
        self.shared.threads_refused.lock().unwrap().insert(channel);
    }

    /// The threads the bot has opened, by id order.
    pub fn threads(&self) -> Vec<Thread> {
        let mut list: Vec<Thread> = self
            .shared
            .threads
            .lock()
            .unwrap()
            .values()
            .cloned()
            .collect();
        list.sort_by_key(|t| t.id);
        list
    }

    /// The thread with this id, if the bot opened it.
    pub fn thread(&self, id: u64) -> Option<Thread> {
        self.shared.threads.lock().unwrap().get(&id).cloned()
    }

    /// The id of the message that answered the interaction with this token (known once the
    /// bot has answered it).
    pub fn original_message_of(&self, token: &str) -> Option<u64> {
        self.shared.originals.lock().unwrap().get(token).copied()
    }

    /// The DM channel id the stand-in hands out for `user_id` (the same one every time).
    pub fn dm_channel_of(&self, user_id: u64) -> u64 {
        dm_channel_id(user_id)
    }
}

/// The DM channel id for a user: fixed, so tests can predict it.
fn dm_channel_id(user_id: u64) -> u64 {
    user_id ^ 0x0F0F_0000
}
