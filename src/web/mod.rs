//! The web front end: a page for every game (`/g/ID`) and tournament (`/t/ID`), served by
//! axum, read-only (docs/web.md).
//!
//! Like the Discord and console front ends it names only `crate::app` items: it runs an
//! [`App`] over a read-only store and shows what the app's web views return
//! ([`App::web_game_page`], [`App::web_game_data`], [`App::web_event_page`], …). Every read
//! runs off the async runtime (`spawn_blocking`), at most [`WebOptions::readers`] at once;
//! pictures have a lane of their own (see [`picture_lane`]), so a storm of GIF requests
//! never stalls a page.
//! Pages are escaped HTML (maud) with the script and style as embedded files under
//! `/static/`; every response carries a strict Content-Security-Policy and no referrer,
//! so a private page's token never leaves in a `Referer`. Each address is held to a
//! request limit; running games are followed live by Server-Sent Events (see [`live`]).
//!
//! Languages: `?lang=sw` (or `en`) chooses a page's language; without it a game's or an
//! event's page is in the language the app gives it (its server's, as a board in its
//! channel; a DM game's player's), and the other pages are in English (see [`pages`]).

mod activity;
mod assets;
mod board;
mod cache;
mod limit;
mod live;
mod packed;
mod pages;
mod picture_lane;
mod play;
mod serve;

use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use tokio::sync::Semaphore;
use tower_http::compression::{CompressionLayer, CompressionLevel};

use cache::Scope;

use crate::app::{App, AppError, WebFile};
use crate::i18n::{Lang, Msg};
use crate::msg;

pub use live::POLL;
pub use play::{Deliver, Play, BODY_MAX, TOKEN_HEADER};
pub use serve::{serve as serve_with, Connections};

/// The Content-Security-Policy of every response: only this site's own script, style,
/// images and connections; no inline script or style, no frames, no forms.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
    frame-ancestors 'none'";

/// How the server behaves under load.
#[derive(Debug, Clone)]
pub struct WebOptions {
    /// Most pages followed live by event stream at once; past it, pages poll.
    pub max_live: usize,
    /// Most of those from one address.
    pub live_per_address: usize,
    /// Requests each client address may make per minute.
    pub requests_per_minute: u32,
    /// Most page and data reads under way at once.
    pub readers: usize,
    /// The connections held (see [`serve_with`]).
    pub connections: Connections,
    /// Most pictures (`board.png`, `game.gif`) read and drawn at once, apart from the
    /// page reads.
    pub picture_slots: usize,
    /// Most pictures in hand (drawing, waiting or being sent); past it a picture gets 503.
    pub picture_queue: usize,
    /// Most of those for one client (see `trusted_proxies`); past it, 503 at once.
    pub pictures_per_address: usize,
    /// The proxies whose `X-Forwarded-For` / `Forwarded` headers name the client
    /// (`[web] trusted_proxies`); from anyone else those headers are ignored.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// The address people reach the pages at (`https://bao.example.org`), for the links
    /// that must be absolute (the pictures of link previews). `None`: no such links.
    pub public_url: Option<String>,
}

impl Default for WebOptions {
    fn default() -> WebOptions {
        WebOptions {
            max_live: 1000,
            live_per_address: 16,
            requests_per_minute: 600,
            readers: 4,
            connections: Connections::default(),
            picture_slots: 2,
            picture_queue: 40,
            pictures_per_address: 4,
            trusted_proxies: Vec::new(),
            public_url: None,
        }
    }
}

/// Runs the app's blocking reads off the runtime, a bounded number at once.
#[derive(Clone)]
pub(crate) struct Reader {
    app: Arc<App>,
    slots: Arc<Semaphore>,
}

impl Reader {
    /// Runs `f` on a blocking thread once a slot is free.
    pub(crate) async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&App) -> Result<T, AppError> + Send + 'static,
    ) -> Result<T, AppError> {
        let _slot = self.slots.clone().acquire_owned().await;
        let app = self.app.clone();
        match tokio::task::spawn_blocking(move || f(&app)).await {
            Ok(r) => r,
            Err(e) => Err(AppError::Corrupt {
                game: crate::app::GameId(0),
                detail: format!("a web read failed: {e}"),
            }),
        }
    }
}

/// What every handler shares.
#[derive(Clone)]
struct Web {
    reader: Reader,
    live: Arc<live::Live>,
    /// Pictures, apart from the page reads.
    pictures: Arc<picture_lane::PictureLane>,
    /// The pages' public address, for link previews.
    public_url: Option<Arc<str>>,
}

/// The private link's token, `?k=…`, and the language asked for, `?lang=…`.
#[derive(Debug, Deserialize)]
struct Key {
    k: Option<String>,
    lang: Option<String>,
}

impl Key {
    fn token(self) -> Option<String> {
        self.k.filter(|k| !k.is_empty() && k.len() <= 64)
    }

    /// The language asked for (a code or a name the bot knows; anything else is ignored).
    fn asked(&self) -> Option<Lang> {
        asked_lang(self.lang.as_deref())
    }
}

/// The language `?lang=` names, if the bot speaks it.
fn asked_lang(lang: Option<&str>) -> Option<Lang> {
    lang.filter(|l| l.len() <= 16)
        .and_then(|l| l.parse::<Lang>().ok())
}

/// The language a raw query string (`k=…&lang=sw`) asks for.
fn query_lang(query: Option<&str>) -> Option<Lang> {
    query?
        .split('&')
        .find_map(|pair| pair.strip_prefix("lang="))
        .and_then(|l| asked_lang(Some(l)))
}

/// The router of every page, over `app` (which should hold a read-only store), with the
/// per-address limit. Serve it with connect info (see [`serve`]).
pub fn router(app: Arc<App>, options: &WebOptions) -> Router {
    router_with_play(app, options, None)
}

/// [`router`], with playing from the page when `play` is given (the bot's process).
pub fn router_with_play(app: Arc<App>, options: &WebOptions, play: Option<Play>) -> Router {
    let web = Web {
        pictures: Arc::new(picture_lane::PictureLane::new(
            app.clone(),
            options.picture_slots,
            options.picture_queue,
            options.pictures_per_address,
        )),
        reader: Reader {
            app,
            slots: Arc::new(Semaphore::new(options.readers.max(1))),
        },
        live: live::Live::new(options.max_live, options.live_per_address),
        public_url: options.public_url.as_deref().map(Arc::from),
    };
    let limiter = limit::Limiter::new(options.requests_per_minute, options.trusted_proxies.clone());
    let forget = Arc::downgrade(&limiter);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(60));
        loop {
            tick.tick().await;
            match forget.upgrade() {
                Some(l) => l.forget_idle(),
                None => return,
            }
        }
    });
    let activity_on = play.as_ref().is_some_and(Play::has_activity);
    let routes = Router::new()
        .route("/", get(index))
        .route("/g/{id}", get(game_page))
        .route("/g/{id}/data.json", get(game_data))
        .route("/g/{id}/state.json", get(game_state))
        .route("/g/{id}/events", get(game_events))
        .route("/g/{id}/record.txt", get(game_record))
        .merge(picture_lane::routes())
        .route("/t/{id}", get(event_page))
        .route("/static/{name}", get(assets::asset))
        .route("/favicon.ico", get(assets::favicon))
        .route("/health", get(health))
        .fallback(not_found)
        .with_state(web)
        .merge(play.map(activity::with_play).unwrap_or_default());
    // Discord's launch at the root goes on to `/activity` only where there is one.
    let routes = if activity_on {
        routes.layer(axum::middleware::from_fn(activity::or_launched))
    } else {
        routes
    };
    routes
        .layer(axum::middleware::from_fn_with_state(limiter, limit::limit))
        .layer(
            CompressionLayer::new()
                .br(true)
                .gzip(true)
                .quality(CompressionLevel::Precise(7)),
        )
        .layer(axum::middleware::from_fn(cache::tag_encoding))
        .layer(axum::middleware::from_fn(uri_limit))
        .layer(axum::middleware::from_fn(security_headers))
}

/// Serves `router` on `listener` until `shutdown` resolves, with the default
/// [`Connections`].
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_with(listener, router, Connections::default(), shutdown).await
}

/// Adds the security headers to every response.
async fn security_headers(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let mut response = next.run(request).await;
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    activity::allow_framing(&mut response);
    response
}

/// The longest request target (path and query) answered; past it, 414 (past hyper's own
/// 64 KB limit, the same words from `serve::OwnErrors`).
pub const MAX_URI: usize = 8 * 1024;

/// Refuses a request whose target is longer than [`MAX_URI`].
async fn uri_limit(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    if request.uri().to_string().len() > MAX_URI {
        return text_error(
            StatusCode::URI_TOO_LONG,
            "The address is too long: a page's address is its path and at most ?k=TOKEN&lang=CODE.",
        );
    }
    next.run(request).await
}

/// How a route answers errors: as a page, as JSON (`{"error": …}`) or as plain text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Page,
    Json,
    Text,
}

/// A plain-text error answer.
pub(crate) fn text_error(status: StatusCode, words: &str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        words.to_string(),
    )
        .into_response()
}

/// A JSON error answer: `{"error": words}`.
fn json_error(status: StatusCode, words: &str) -> Response {
    (status, Json(serde_json::json!({ "error": words }))).into_response()
}

/// An error answered in `format`: `words` as text or JSON, else `page`.
fn error_in(
    format: Format,
    status: StatusCode,
    words: &str,
    page: impl FnOnce() -> Response,
) -> Response {
    match format {
        Format::Page => page(),
        Format::Json => no_store(json_error(status, words)),
        Format::Text => no_store(text_error(status, words)),
    }
}

/// The not-found answer in `format` (the same for unknown, malformed and private ids).
fn not_found_in(format: Format, asked: Option<Lang>) -> Response {
    let words = msg!("web-not-found-title").render(asked.unwrap_or_default());
    error_in(format, StatusCode::NOT_FOUND, &words, || {
        not_found_response(asked)
    })
}

/// A positive id, or `None` for anything else (`12abc`, `-1`, `0`, too long).
fn id_of(text: &str) -> Option<i64> {
    if text.is_empty() || text.len() > 18 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|&n: &i64| n > 0)
}

fn not_found_response(asked: Option<Lang>) -> Response {
    (
        StatusCode::NOT_FOUND,
        Html(pages::not_found_page(asked).into_string()),
    )
        .into_response()
}

async fn not_found(uri: axum::http::Uri) -> Response {
    not_found_response(query_lang(uri.query()))
}

/// A failure on the bot's side: logged, and a short answer in `format`.
fn failed(e: AppError, asked: Option<Lang>, format: Format) -> Response {
    tracing::error!("web page failed: {e}");
    let lang = asked.unwrap_or_default();
    let words = msg!("web-read-failed").render(lang);
    error_in(format, StatusCode::INTERNAL_SERVER_ERROR, &words, || {
        (
            StatusCode::INTERNAL_SERVER_ERROR,
            Html(pages::error_page(&words, lang, asked).into_string()),
        )
            .into_response()
    })
}

/// A plain-text answer with `status`, said in `asked` (else English), retried after
/// `retry` seconds.
fn plain(status: StatusCode, retry: &'static str, words: Msg, asked: Option<Lang>) -> Response {
    (
        status,
        [(header::RETRY_AFTER, retry)],
        words.render(asked.unwrap_or_default()),
    )
        .into_response()
}

/// The answer for a page read: the page, 404, or the failure.
fn answer<T>(
    read: Result<Option<T>, AppError>,
    asked: Option<Lang>,
    format: Format,
    show: impl FnOnce(T) -> Response,
) -> Response {
    match read {
        Ok(Some(t)) => show(t),
        Ok(None) => not_found_in(format, asked),
        Err(e) => failed(e, asked, format),
    }
}

fn no_store(mut r: Response) -> Response {
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

async fn index(uri: axum::http::Uri) -> Response {
    Html(pages::index_page(query_lang(uri.query())).into_string()).into_response()
}

/// `{"live": pages followed live now, "polled": games polled now, "pictures": pictures
/// in hand}`.
async fn health(State(web): State<Web>) -> Response {
    no_store(
        Json(serde_json::json!({
            "live": web.live.open(),
            "polled": web.live.polled(),
            "pictures": web.pictures.in_hand(),
        }))
        .into_response(),
    )
}

async fn game_page(
    State(web): State<Web>,
    Path(id): Path<String>,
    Query(key): Query<Key>,
    request: HeaderMap,
) -> Response {
    let asked = key.asked();
    let Some((_, read)) = read_id(&web, &id, key, move |app, id, token| {
        app.web_game_page(id, token, asked)
    })
    .await
    else {
        return not_found_response(asked);
    };
    let page = match read {
        Ok(Some(page)) => page,
        Ok(None) => return not_found_in(Format::Page, asked),
        Err(e) => return failed(e, asked, Format::Page),
    };
    let html = Bytes::from(pages::game_page(&page, asked, web.public_url.as_deref()).into_string());
    let scope = Scope::of_token(page.token.is_some());
    let finished = page.status != "active" && page.status != "pending";
    let kind = "text/html; charset=utf-8";
    packed::answer(&web.reader, &request, page.id, finished, html, scope, kind).await
}

async fn game_data(
    State(web): State<Web>,
    Path(id): Path<String>,
    Query(key): Query<Key>,
    request: HeaderMap,
) -> Response {
    let asked = key.asked();
    let scope = Scope::of_token(key.k.is_some());
    let Some((_, read)) = read_id(&web, &id, key, move |app, id, token| {
        app.web_game_data(id, token, asked)
    })
    .await
    else {
        return not_found_in(Format::Json, asked);
    };
    let data = match read {
        Ok(Some(data)) => data,
        Ok(None) => return not_found_in(Format::Json, asked),
        Err(e) => return failed(e, asked, Format::Json),
    };
    let json = match serde_json::to_vec(&data) {
        Ok(json) => Bytes::from(json),
        Err(e) => {
            tracing::error!("data.json: {e}");
            let words = msg!("web-read-failed").render(asked.unwrap_or_default());
            return json_error(StatusCode::INTERNAL_SERVER_ERROR, &words);
        }
    };
    let finished = data.status != "active" && data.status != "pending";
    let kind = "application/json";
    packed::answer(&web.reader, &request, data.id, finished, json, scope, kind).await
}

/// The game's ply and status as JSON, for pages that poll (over the live cap).
async fn game_state(
    State(web): State<Web>,
    Path(id): Path<String>,
    Query(key): Query<Key>,
) -> Response {
    let asked = key.asked();
    let Some((_, read)) = read_id(&web, &id, key, progress).await else {
        return not_found_in(Format::Json, asked);
    };
    answer(read, asked, Format::Json, |(ply, status)| {
        no_store(Json(serde_json::json!({ "ply": ply, "status": status })).into_response())
    })
}

/// Reads what `f` makes of the game or event numbered `id` (as written in the path), with
/// the asker's token: the number and the read, or `None` when `id` is not a number (the
/// not-found page).
async fn read_id<T: Send + 'static>(
    web: &Web,
    id: &str,
    key: Key,
    f: impl FnOnce(&App, i64, Option<&str>) -> Result<Option<T>, AppError> + Send + 'static,
) -> Option<(i64, Result<Option<T>, AppError>)> {
    let id = id_of(id)?;
    let token = key.token();
    Some((
        id,
        web.reader
            .read(move |app| f(app, id, token.as_deref()))
            .await,
    ))
}

/// Game `id`'s progress (ply and status), if `token` lets the asker see it.
fn progress(app: &App, id: i64, token: Option<&str>) -> Result<Option<(u32, String)>, AppError> {
    Ok(match app.web_game(id, token)? {
        Some(g) => app.web_progress(g.id.0)?,
        None => None,
    })
}

/// The event stream of a game's progress: one `progress` event now and one per change,
/// until the game is over. 503 when too many pages are live (the page then polls).
async fn game_events(
    State(web): State<Web>,
    axum::Extension(client): axum::Extension<limit::Client>,
    Path(id): Path<String>,
    Query(key): Query<Key>,
) -> Response {
    let asked = key.asked();
    let Some((id, read)) = read_id(&web, &id, key, progress).await else {
        return not_found_in(Format::Text, asked);
    };
    let now = match read {
        Ok(Some(now)) => now,
        Ok(None) => return not_found_in(Format::Text, asked),
        Err(e) => return failed(e, asked, Format::Text),
    };
    let Some(following) = web.live.follow(id, now, &web.reader, client.0) else {
        return plain(
            StatusCode::SERVICE_UNAVAILABLE,
            "5",
            msg!("web-too-many-live"),
            asked,
        );
    };
    let stream = futures_util::stream::unfold(
        (following, true, false),
        |(mut following, first, done)| async move {
            if done {
                return None;
            }
            if !first && following.changes.changed().await.is_err() {
                return None;
            }
            let (ply, status) = following.changes.borrow_and_update().clone();
            let over = status != "active";
            let event = Event::default()
                .event("progress")
                .data(format!("{{\"ply\":{ply},\"status\":\"{status}\"}}"));
            Some((Ok::<Event, Infallible>(event), (following, false, over)))
        },
    );
    no_store(
        Sse::new(stream)
            .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
            .into_response(),
    )
}

/// A file for download or display, with its validator (see [`cache`]).
fn cached_file(request: &HeaderMap, f: WebFile, attachment: bool, scope: Scope) -> Response {
    let bytes = Bytes::from(f.bytes);
    let f = WebFile {
        bytes: Vec::new(),
        ..f
    };
    cache::validated(request, &bytes, scope, || {
        file(f, bytes.clone(), attachment)
    })
}

/// A file for download or display.
fn file(f: WebFile, bytes: Bytes, attachment: bool) -> Response {
    let mut r = (StatusCode::OK, bytes).into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(f.content_type),
    );
    let disposition = format!(
        "{}; filename=\"{}\"",
        if attachment { "attachment" } else { "inline" },
        f.filename.replace(['"', '\\'], "")
    );
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    r
}

async fn game_record(
    State(web): State<Web>,
    Path(id): Path<String>,
    Query(key): Query<Key>,
    request: HeaderMap,
) -> Response {
    let asked = key.asked();
    let scope = Scope::of_token(key.k.is_some());
    let Some((_, read)) = read_id(&web, &id, key, move |app, id, token| {
        app.web_record(id, token)
    })
    .await
    else {
        return not_found_in(Format::Text, asked);
    };
    answer(read, asked, Format::Text, |f| {
        cached_file(&request, f, true, scope)
    })
}

async fn event_page(
    State(web): State<Web>,
    Path(id): Path<String>,
    Query(key): Query<Key>,
    request: HeaderMap,
) -> Response {
    let asked = key.asked();
    let scope = Scope::of_token(key.k.is_some());
    let Some((_, read)) = read_id(&web, &id, key, move |app, id, token| {
        app.web_event_page(id, token, asked)
    })
    .await
    else {
        return not_found_response(asked);
    };
    answer(read, asked, Format::Page, |page| {
        let html =
            Bytes::from(pages::event_page(&page, asked, web.public_url.as_deref()).into_string());
        cache::validated(&request, &html, scope, || {
            Html(html.clone()).into_response()
        })
    })
}
