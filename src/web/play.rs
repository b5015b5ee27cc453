//! Playing from the game page (issue 47; docs/web.md "Playing on the page"):
//! `POST /g/ID/move`, `POST /g/ID/act`, `GET /g/ID/play.json`, and the words of the page's
//! play controls (`assets/web/play.js`) in a page's language, `GET /play/words.json?lang=sw`
//! (fetched only by a page that plays, so the read-only page carries none of them).
//!
//! The player's play token comes in the `X-Bao-Play` header, never in a cookie, so no other
//! site can make a browser send it. A body is JSON of at most [`BODY_MAX`] bytes. Each
//! request runs the app's own command code off the async runtime ([`App::web_play`],
//! against the writing app, not the pages' read-only one), and what the chat would have
//! shown goes to [`Play`]'s delivery (the bot's outbox when the bot runs beside the
//! pages). Without a [`Play`] (`bao-bot web`, read-only) these routes do not exist.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use tokio::sync::Semaphore;

use super::{id_of, no_store, Key, Reader};
use crate::app::{App, Notice, PlayAction, PlayOutcome, PlayReply, PlayRequest};
use crate::i18n::{Lang, Msg};
use crate::msg;

/// The header that carries the player's play token.
pub const TOKEN_HEADER: &str = "x-bao-play";

/// The largest body a play request may have, bytes.
pub const BODY_MAX: usize = 4096;

/// Where the chat's messages of a play from the page go (the bot's outbox).
pub type Deliver = Arc<dyn Fn(Vec<Notice>) + Send + Sync>;

/// Playing from the page: the writing app and where its chat messages go.
#[derive(Clone)]
pub struct Play {
    writer: Reader,
    deliver: Deliver,
    /// The Discord Activity's sign-in, when `[activity]` is on (`/activity`, `/api/token`).
    activity: Option<Arc<dyn crate::app::ActivityDiscord>>,
}

impl Play {
    /// Plays through `app` (it must hold a writable store), handing the chat's messages to
    /// `deliver`; at most two requests at once run on blocking threads.
    pub fn new(app: Arc<App>, deliver: Deliver) -> Play {
        Play {
            writer: Reader {
                app,
                slots: Arc::new(Semaphore::new(2)),
            },
            deliver,
            activity: None,
        }
    }

    /// Serves the Discord Activity too (`/activity` and its sign-in), asking `discord`.
    pub fn with_activity(self, discord: Arc<dyn crate::app::ActivityDiscord>) -> Play {
        Play {
            activity: Some(discord),
            ..self
        }
    }

    /// The Activity's routes (`/activity`, `/api/token`) when it is on, else none.
    /// Whether the Discord Activity is on (`[activity]`).
    pub(super) fn has_activity(&self) -> bool {
        self.activity.is_some()
    }

    pub(super) fn activity_routes(&self) -> Router {
        match &self.activity {
            Some(discord) => {
                super::activity::routes(self.writer.clone(), self.deliver.clone(), discord.clone())
            }
            None => Router::new(),
        }
    }
}

/// `POST /g/ID/move`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    /// The move in notation.
    #[serde(rename = "move")]
    text: String,
    /// The plies played when it was chosen.
    ply: u32,
    /// The page's id for the request.
    request_id: String,
}

/// `POST /g/ID/act`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ActBody {
    /// `draw`, `resign` or `takeback`.
    action: String,
    /// The plies played when it was chosen.
    ply: u32,
}

/// The play routes over `play`, to merge into the pages' router.
pub(super) fn routes(play: Play) -> Router {
    Router::new()
        .route("/g/{id}/move", post(move_route))
        .route("/g/{id}/act", post(act_route))
        .route("/g/{id}/play.json", get(state_route))
        .with_state(play)
        .route("/play/words.json", get(words_route))
}

/// The token from the header (`None`: missing, not text, or too long).
fn token_of(headers: &HeaderMap) -> Option<String> {
    headers
        .get(TOKEN_HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|t| !t.is_empty() && t.len() <= 64)
        .map(str::to_string)
}

/// A refusal before the app is asked: `status` with the words in `lang`.
fn refusal(
    status: StatusCode,
    outcome: PlayOutcome,
    words: crate::i18n::Msg,
    lang: Lang,
) -> Response {
    let reply = PlayReply {
        ok: false,
        outcome,
        ply: 0,
        played: None,
        words: Some(words.render(lang)),
        happened: Vec::new(),
    };
    no_store((status, Json(reply)).into_response())
}

fn forbidden(lang: Lang) -> Response {
    refusal(
        StatusCode::FORBIDDEN,
        PlayOutcome::Forbidden,
        msg!("play-refused-token"),
        lang,
    )
}

/// The body read whole, at most [`BODY_MAX`] bytes, as `T`.
async fn body_of<T: serde::de::DeserializeOwned>(body: Body, lang: Lang) -> Result<T, Response> {
    let bytes = axum::body::to_bytes(body, BODY_MAX).await.map_err(|_| {
        refusal(
            StatusCode::PAYLOAD_TOO_LARGE,
            PlayOutcome::BadRequest,
            msg!("play-refused-too-large", max = BODY_MAX),
            lang,
        )
    })?;
    serde_json::from_slice(&bytes).map_err(|e| {
        refusal(
            StatusCode::BAD_REQUEST,
            PlayOutcome::BadRequest,
            msg!("play-refused-body", problem = e.to_string()),
            lang,
        )
    })
}

/// The status code of an outcome.
fn status_of(outcome: PlayOutcome) -> StatusCode {
    match outcome {
        PlayOutcome::Done => StatusCode::OK,
        PlayOutcome::Forbidden => StatusCode::FORBIDDEN,
        PlayOutcome::BadRequest => StatusCode::BAD_REQUEST,
        PlayOutcome::Stale => StatusCode::CONFLICT,
        PlayOutcome::Refused => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

/// Runs `request` for the token's holder and delivers the chat's messages.
async fn run(
    play: &Play,
    id: i64,
    token: String,
    asked: Option<Lang>,
    request: PlayRequest,
) -> Response {
    let lang = asked.unwrap_or_default();
    let answer = play
        .writer
        .read(move |app| app.web_play(id, &token, asked, request))
        .await;
    match answer {
        Ok(answer) => {
            if !answer.notices.is_empty() {
                (play.deliver)(answer.notices);
            }
            let status = status_of(answer.reply.outcome);
            no_store((status, Json(answer.reply)).into_response())
        }
        Err(e) => {
            tracing::error!(game = id, "a play from the page failed: {e}");
            refusal(
                StatusCode::INTERNAL_SERVER_ERROR,
                PlayOutcome::Refused,
                msg!("web-read-failed"),
                lang,
            )
        }
    }
}

/// A POST's steps: the game's number and the token (else 403), the body read as `T` (else
/// 413 or 400), the request `make` builds from it (else 400 with its words), run.
async fn posted<T: serde::de::DeserializeOwned>(
    play: Play,
    id: String,
    key: Key,
    headers: HeaderMap,
    body: Body,
    make: impl FnOnce(T) -> Result<PlayRequest, crate::i18n::Msg>,
) -> Response {
    let asked = key.asked();
    let lang = asked.unwrap_or_default();
    let (Some(id), Some(token)) = (id_of(&id), token_of(&headers)) else {
        return forbidden(lang);
    };
    let body = match body_of(body, lang).await {
        Ok(b) => b,
        Err(refused) => return refused,
    };
    match make(body) {
        Ok(request) => run(&play, id, token, asked, request).await,
        Err(words) => refusal(
            StatusCode::BAD_REQUEST,
            PlayOutcome::BadRequest,
            words,
            lang,
        ),
    }
}

async fn move_route(
    State(play): State<Play>,
    Path(id): Path<String>,
    Query(key): Query<Key>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    posted(play, id, key, headers, body, |b: MoveBody| {
        Ok(PlayRequest::Move {
            text: b.text,
            ply: b.ply,
            request: b.request_id,
        })
    })
    .await
}

async fn act_route(
    State(play): State<Play>,
    Path(id): Path<String>,
    Query(key): Query<Key>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    posted(play, id, key, headers, body, |b: ActBody| {
        let action = PlayAction::parse(&b.action).ok_or(msg!("play-refused-action"))?;
        Ok(PlayRequest::Act { action, ply: b.ply })
    })
    .await
}

/// `play.json`: the token holder's side, turn and legal moves by pit.
async fn state_route(
    State(play): State<Play>,
    Path(id): Path<String>,
    Query(key): Query<Key>,
    headers: HeaderMap,
) -> Response {
    let asked = key.asked();
    let lang = asked.unwrap_or_default();
    let (Some(id), Some(token)) = (id_of(&id), token_of(&headers)) else {
        return forbidden(lang);
    };
    let read = play
        .writer
        .read(move |app| app.web_play_state(id, &token, asked))
        .await;
    match read {
        Ok(Some(state)) => no_store(Json(state).into_response()),
        Ok(None) => forbidden(lang),
        Err(e) => {
            tracing::error!(game = id, "play.json failed: {e}");
            refusal(
                StatusCode::INTERNAL_SERVER_ERROR,
                PlayOutcome::Refused,
                msg!("web-read-failed"),
                lang,
            )
        }
    }
}

/// The play controls' words in `lang`, as JSON.
pub fn play_words(lang: Lang) -> String {
    let say = |m: Msg| m.render(lang);
    serde_json::json!({
        "panel": say(msg!("web-play-panel")),
        "canMove": say(msg!("web-play-can-move")),
        "yourTurn": say(msg!("web-play-your-turn")),
        "theirTurn": say(msg!("web-play-their-turn")),
        "movesFrom": say(msg!("web-play-moves-from", pit = "{pit}")),
        "confirm": say(msg!("web-play-confirm", pit = "{pit}")),
        "confirmButton": say(msg!("web-play-confirm-button", move = "{move}")),
        "cancel": say(msg!("web-play-cancel")),
        "sending": say(msg!("web-play-sending", move = "{move}")),
        "played": say(msg!("web-play-played", move = "{move}")),
        "offerDraw": say(msg!("web-play-offer-draw")),
        "acceptDraw": say(msg!("web-play-accept-draw")),
        "declineDraw": say(msg!("web-play-decline-draw")),
        "drawOffered": say(msg!("web-play-draw-offered")),
        "drawSent": say(msg!("web-play-draw-sent")),
        "drawDeclined": say(msg!("web-play-draw-declined")),
        "resign": say(msg!("web-play-resign")),
        "resignConfirm": say(msg!("web-play-resign-confirm")),
        "resignYes": say(msg!("web-play-resign-yes")),
        "takeback": say(msg!("web-play-takeback")),
        "takebackSent": say(msg!("web-play-takeback-sent")),
        "over": say(msg!("web-play-over", result = "{result}")),
        "failed": say(msg!("web-play-failed", error = "{error}")),
        "tagStop": say(msg!("web-play-tag-stop")),
        "tagSafari": say(msg!("web-play-tag-safari")),
    })
    .to_string()
}

/// `GET /play/words.json`: [`play_words`] in `?lang=` (English without), kept a day.
async fn words_route(Query(key): Query<Key>) -> Response {
    let lang = key.asked().unwrap_or_default();
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        play_words(lang),
    )
        .into_response()
}
