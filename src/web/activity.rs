//! The Discord Activity (issue 47; docs/activity.md): the page `/activity` that Discord shows
//! in a call or a chat through its proxy, and `POST /api/token`, its sign-in.
//!
//! The page loads Discord's Embedded App SDK (bundled once into
//! `assets/web/vendor/`, served as a static file), waits for `ready()`, asks `authorize`
//! (scope `identify`) for a code and posts it here with the instance and channel the SDK
//! names. The server exchanges the code with the client secret and reads `/users/@me`
//! (through an [`ActivityDiscord`]), checks the instance with Discord, and answers with the
//! access token (for the SDK's `authenticate`) and what to open ([`App::activity_open`]): the
//! channel's running game with the player's play token (the header token of the play routes,
//! never a cookie), else the person's own games. Nothing else the page says is believed.
//!
//! Only `/activity` may be framed, and only by Discord's origins ([`CSP`]); every other
//! response keeps `frame-ancestors 'none'` and `X-Frame-Options: DENY`. Discord loads the
//! root of the URL mapping with `?frame_id=…`: [`launched`] sends that on to `/activity`.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Query, State};
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use maud::{html, DOCTYPE};
use serde::Deserialize;
use tokio::sync::Semaphore;

use super::{no_store, Key, Reader};
use crate::app::{ActivityChannel, ActivityDiscord, App, SignInError};
use crate::i18n::{Lang, Msg};
use crate::msg;

/// The Content-Security-Policy of `/activity`: the pages' own, framed by Discord alone (its
/// web and desktop clients and their test builds, and the Activity proxy's domain).
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
    frame-ancestors https://discord.com https://*.discord.com https://discordapp.com \
    https://*.discordapp.com https://*.discordsays.com";

/// Marks a response that may be framed by Discord (see [`allow_framing`]).
#[derive(Debug, Clone, Copy)]
struct Framed;

/// Gives a response marked [`Framed`] the Activity's CSP and no `X-Frame-Options` (run
/// after the security headers are set).
pub(super) fn allow_framing(response: &mut Response) {
    if response.extensions().get::<Framed>().is_none() {
        return;
    }
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.remove(header::X_FRAME_OPTIONS);
}

/// Discord opening the Activity at the root of its URL mapping (`/?frame_id=…`): sent on
/// to `/activity` with the same query (the SDK reads it there).
fn launched(uri: &Uri) -> Option<Response> {
    if uri.path() != "/" {
        return None;
    }
    let query = uri.query()?;
    let from_discord = query.split('&').any(|p| p.starts_with("frame_id="));
    (from_discord && query.len() <= 2048)
        .then(|| Redirect::to(&format!("/activity?{query}")).into_response())
}

/// Runs `request`, or sends Discord's launch at the root on to `/activity` ([`launched`]).
pub(super) async fn or_launched(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    match launched(request.uri()) {
        Some(to_activity) => to_activity,
        None => next.run(request).await,
    }
}

/// The Activity's routes' state.
#[derive(Clone)]
struct Activity {
    writer: Reader,
    /// Where the chat's messages of a game started here go (the bot's outbox).
    deliver: super::Deliver,
    discord: Arc<dyn ActivityDiscord>,
    /// Sign-ins under way (each waits on Discord): at most [`SIGN_INS`].
    signing: Arc<Semaphore>,
}

/// Most sign-ins waiting on Discord at once; past it, 503.
const SIGN_INS: usize = 16;

/// The play routes of `play`, and the Activity's when it is on.
pub(super) fn with_play(play: super::Play) -> Router {
    let activity = play.activity_routes();
    super::play::routes(play).merge(activity)
}

/// `/activity`, `POST /api/token` and `POST /api/ai`, over the bot's writing app (the
/// chat's messages to `deliver`) and `discord`.
pub(super) fn routes(
    writer: Reader,
    deliver: super::Deliver,
    discord: Arc<dyn ActivityDiscord>,
) -> Router {
    Router::new()
        .route("/activity", get(page))
        .route("/api/token", post(token))
        .route("/api/ai", post(challenge_ai))
        .with_state(Activity {
            writer,
            deliver,
            discord,
            signing: Arc::new(Semaphore::new(SIGN_INS)),
        })
}

/// The words the Activity's script writes, as JSON.
fn words(lang: Lang) -> String {
    let say = |m: Msg| m.render(lang);
    serde_json::json!({
        "signingIn": say(msg!("activity-signing-in")),
        "failed": say(msg!("activity-failed", error = "{error}")),
        "noGame": say(msg!("activity-no-game")),
        "none": say(msg!("activity-none")),
        "watching": say(msg!("activity-watching")),
        "yourTurn": say(msg!("activity-your-turn")),
        "theirTurn": say(msg!("activity-their-turn")),
        "over": say(msg!("activity-over")),
        "canMove": say(msg!("activity-can-move")),
        "ai": say(msg!("activity-ai")),
        "cancel": say(msg!("activity-cancel")),
    })
    .to_string()
}

/// `/activity`: the page, with the application's id for the SDK.
async fn page(State(activity): State<Activity>, Query(key): Query<Key>) -> Response {
    let lang = key.asked().unwrap_or_default();
    let html = html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="referrer" content="no-referrer";
                title { "Bao · bao-bot" }
                link rel="icon" type="image/svg+xml" href=(super::assets::href("favicon.svg"));
                link rel="stylesheet" href=(super::assets::href("style.css"));
                link rel="stylesheet" href=(super::assets::href("activity.css"));
                script type="module" src=(super::assets::href("activity.js")) {}
            }
            body.activity data-client-id=(activity.discord.client_id())
                data-lang=(key.asked().map(Lang::code).unwrap_or_default())
                data-words=(words(lang)) {
                main #activity {
                    p #status role="status" { (msg!("activity-signing-in").render(lang)) }
                    p #problem role="alert" hidden {}
                    button #retry type="button" hidden { (msg!("activity-retry").render(lang)) }
                    section #game hidden {
                        p.who { span #south {} " – " span #north {} }
                        p #turn role="status" {}
                        div #board-box { svg #board viewBox="0 0 968 520" role="group" {} }
                    }
                    section #pick hidden {
                        h2 { (msg!("activity-your-games").render(lang)) }
                        ul #games {}
                    }
                    button #ai type="button" hidden { (msg!("activity-ai").render(lang)) }
                }
            }
        }
    };
    let mut response = no_store(Html(html.into_string()).into_response());
    response.extensions_mut().insert(Framed);
    response
}

/// `POST /api/token`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenBody {
    /// The code `authorize` gave.
    code: String,
    /// The SDK's instance id (checked with Discord).
    instance_id: Option<String>,
    /// The channel the SDK says it runs in (believed only as far as Discord confirms it).
    channel_id: Option<String>,
}

/// The largest sign-in body, bytes.
const TOKEN_BODY_MAX: usize = 4096;

/// A body of at most [`TOKEN_BODY_MAX`] bytes read as JSON `T`, or what was wrong.
async fn read_body<T: serde::de::DeserializeOwned>(body: Body) -> Result<T, String> {
    let Ok(bytes) = axum::body::to_bytes(body, TOKEN_BODY_MAX).await else {
        return Err(format!("the body is over {TOKEN_BODY_MAX} bytes"));
    };
    serde_json::from_slice(&bytes).map_err(|e| e.to_string())
}

/// A refused sign-in: `status` and `{"error": words}`.
fn refused(status: StatusCode, words: Msg, lang: Lang) -> Response {
    no_store(
        (
            status,
            Json(serde_json::json!({ "error": words.render(lang) })),
        )
            .into_response(),
    )
}

/// Text of at most `max` printable ASCII characters, else `None`.
fn plain_text(text: &str, max: usize) -> Option<&str> {
    (!text.is_empty() && text.len() <= max && text.bytes().all(|b| b.is_ascii_graphic()))
        .then_some(text)
}

async fn token(State(activity): State<Activity>, Query(key): Query<Key>, body: Body) -> Response {
    let lang = key.asked().unwrap_or_default();
    let bad = |problem: String| {
        refused(
            StatusCode::BAD_REQUEST,
            msg!("activity-bad-request", problem = problem),
            lang,
        )
    };
    let body: TokenBody = match read_body(body).await {
        Ok(b) => b,
        Err(problem) => return bad(problem),
    };
    let (Some(code), true) = (
        plain_text(&body.code, 512),
        body.instance_id
            .as_deref()
            .is_none_or(|i| plain_text(i, 128).is_some()),
    ) else {
        return bad("the code or the instance id is not a short plain text".into());
    };
    let Ok(_slot) = activity.signing.clone().try_acquire_owned() else {
        return refused(StatusCode::SERVICE_UNAVAILABLE, msg!("activity-busy"), lang);
    };
    let signed = match activity.discord.sign_in(code).await {
        Ok(s) => s,
        Err(e) => return sign_in_failed(e, lang),
    };
    let channel = where_it_runs(&activity, &body, signed.user).await;
    let user = signed.user;
    let read = activity
        .writer
        .read(move |app: &App| app.activity_open(user, channel))
        .await;
    match read {
        Ok(open) => no_store(
            Json(serde_json::json!({
                "access_token": signed.access_token,
                "user": { "id": signed.user.0.to_string(), "name": signed.name },
                "game": open.game,
                "games": open.games,
                "can_challenge_ai": open.can_challenge_ai,
            }))
            .into_response(),
        ),
        Err(e) => {
            tracing::error!("the Activity could not read the games: {e}");
            refused(
                StatusCode::INTERNAL_SERVER_ERROR,
                msg!("web-read-failed"),
                lang,
            )
        }
    }
}

/// A sign-in Discord refused or did not answer: logged (the error never holds the code,
/// the secret or a token; see discord/activity.rs) and told in words.
fn sign_in_failed(e: SignInError, lang: Lang) -> Response {
    tracing::warn!(error = %e, "an Activity sign-in failed");
    let (status, words) = match e {
        SignInError::BadCode(_) => (StatusCode::UNAUTHORIZED, msg!("activity-bad-code")),
        SignInError::Timeout(_) => (StatusCode::GATEWAY_TIMEOUT, msg!("activity-timeout")),
        SignInError::Refused { status, .. } => (
            StatusCode::BAD_GATEWAY,
            msg!("activity-discord-error", status = status),
        ),
        SignInError::Failed(_) => (StatusCode::BAD_GATEWAY, msg!("activity-unreachable")),
    };
    refused(status, words, lang)
}

/// `POST /api/ai`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AiBody {
    /// The access token the sign-in gave (Discord says whose it is).
    access_token: String,
    /// The SDK's instance id (Discord says where it runs).
    instance_id: String,
}

/// `POST /api/ai`: `/bao ai` for the signed-in person in the server channel Discord
/// confirms the Activity runs in; the chat gets its board, the page what to open.
async fn challenge_ai(
    State(activity): State<Activity>,
    Query(key): Query<Key>,
    body: Body,
) -> Response {
    let lang = key.asked().unwrap_or_default();
    let body: AiBody = match read_body(body).await {
        Ok(b) => b,
        Err(problem) => {
            return refused(
                StatusCode::BAD_REQUEST,
                msg!("activity-bad-request", problem = problem),
                lang,
            )
        }
    };
    let (Some(token), Some(instance)) = (
        plain_text(&body.access_token, 512),
        plain_text(&body.instance_id, 128),
    ) else {
        return refused(
            StatusCode::BAD_REQUEST,
            msg!(
                "activity-bad-request",
                problem = "the token or the instance id is not a short plain text"
            ),
            lang,
        );
    };
    let Ok(_slot) = activity.signing.clone().try_acquire_owned() else {
        return refused(StatusCode::SERVICE_UNAVAILABLE, msg!("activity-busy"), lang);
    };
    let who = match activity.discord.who(token).await {
        Ok(w) => w,
        Err(e) => return sign_in_failed(e, lang),
    };
    let asked = TokenBody {
        code: String::new(),
        instance_id: Some(instance.to_string()),
        channel_id: None,
    };
    let channel = where_it_runs(&activity, &asked, who.user).await;
    let user = crate::app::User::new(who.user.0, &who.name);
    let read = activity
        .writer
        .read(move |app: &App| app.activity_challenge_ai(&user, channel))
        .await;
    match read {
        Ok(crate::app::ActivityAi::Started(open, notices)) => {
            (activity.deliver)(notices);
            no_store(Json(open).into_response())
        }
        Ok(crate::app::ActivityAi::Refused(words)) => no_store(
            (
                StatusCode::CONFLICT,
                Json(serde_json::json!({ "error": words })),
            )
                .into_response(),
        ),
        Err(e) => {
            tracing::error!("the Activity could not start a game: {e}");
            refused(
                StatusCode::INTERNAL_SERVER_ERROR,
                msg!("web-read-failed"),
                lang,
            )
        }
    }
}

/// The channel the Activity runs in: Discord's instance's, confirmed when it lists `user`;
/// without an instance Discord knows, the page's word, unconfirmed.
async fn where_it_runs(
    activity: &Activity,
    body: &TokenBody,
    user: crate::app::UserId,
) -> Option<ActivityChannel> {
    let said = body
        .channel_id
        .as_deref()
        .and_then(|c| plain_text(c, 20))
        .and_then(|c| c.parse::<u64>().ok());
    let Some(instance) = body.instance_id.as_deref() else {
        return said.map(|channel| ActivityChannel {
            channel,
            guild: None,
            confirmed: false,
        });
    };
    match activity.discord.instance(instance).await {
        Ok(Some(i)) => Some(ActivityChannel {
            channel: i.channel,
            guild: i.guild,
            confirmed: i.users.contains(&user),
        }),
        Ok(None) => said.map(|channel| ActivityChannel {
            channel,
            guild: None,
            confirmed: false,
        }),
        Err(e) => {
            tracing::warn!(error = %e, "could not check an Activity's instance");
            said.map(|channel| ActivityChannel {
                channel,
                guild: None,
                confirmed: false,
            })
        }
    }
}
