//! The words of the page's play controls (`assets/web/play.js`), in a page's language:
//! `GET /play/words.json?lang=sw`. They are fetched only by a page that plays (its address
//! holds a play token), so the read-only page carries none of them. Templates say `{pit}`,
//! `{move}`, `{result}`, `{error}` where the script puts its values.

use axum::extract::Query;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::Key;
use crate::i18n::{Lang, Msg};
use crate::msg;

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
pub(super) async fn words_route(Query(key): Query<Key>) -> Response {
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
