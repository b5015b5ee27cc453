//! The pictures' own lane and routes: `board.png` and `game.gif` are read and drawn apart
//! from page and data reads, a few at once, with a bounded number in hand, and a few per
//! client.
//!
//! A GIF of a long game takes a good part of a second to draw, so pictures never take the
//! page readers' slots ([`super::Reader`]): a storm of GIF requests waits here while pages
//! are still served. A picture is in hand from its request until its bytes are handed to
//! the connection ([`Sending`]): drawn or read from the cache, then sent. Past
//! [`super::WebOptions::picture_queue`] pictures in hand, or
//! [`super::WebOptions::pictures_per_address`] for one client (its address as the request
//! limit found it, see [`super::limit::Client`]), a new one is refused at once (503 with
//! `Retry-After`), so one client's storm of GIF requests costs the server a few pictures'
//! sending, not forty. A finished game's picture comes from the app's picture cache, so the
//! same GIF is drawn once; its entity tag is made on the blocking thread, off the runtime.

use std::convert::Infallible;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use axum::extract::{Extension, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use hyper::body::{Frame, SizeHint};
use tokio::sync::Semaphore;

use super::cache::{self, Scope};
use super::limit::Client;
use super::serve::{Held, Slots};
use super::{Format, Key, Web};
use crate::app::{App, AppError, GameId, WebFile};
use crate::i18n::Lang;
use crate::msg;

/// The lane was full: the picture was not asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Full;

/// A bounded number of picture reads in hand, a few at once.
pub(crate) struct PictureLane {
    app: Arc<App>,
    drawing: Arc<Semaphore>,
    in_hand: Arc<Slots>,
}

impl PictureLane {
    /// A lane over `app` drawing `slots` pictures at once (at least one), with at most
    /// `bound` in hand, `per_address` of them for one client.
    pub(crate) fn new(
        app: Arc<App>,
        slots: usize,
        bound: usize,
        per_address: usize,
    ) -> PictureLane {
        PictureLane {
            app,
            drawing: Arc::new(Semaphore::new(slots.max(1))),
            in_hand: Slots::new(bound, per_address),
        }
    }

    /// Pictures in hand now: being read or drawn, waiting for a slot, or being sent.
    pub(crate) fn in_hand(&self) -> usize {
        self.in_hand.open()
    }

    /// Runs `f` on a blocking thread once a slot is free, for `client`; [`Full`] at once
    /// when `bound` pictures are in hand already, or `per_address` of `client`'s. The
    /// place in hand comes back with the result: hold it while the picture is sent.
    pub(crate) async fn draw<T: Send + 'static>(
        &self,
        client: IpAddr,
        f: impl FnOnce(&App) -> Result<T, AppError> + Send + 'static,
    ) -> Result<(Result<T, AppError>, Option<Held>), Full> {
        let in_hand = self.in_hand.take(client).ok_or(Full)?;
        let Ok(slot) = self.drawing.clone().acquire_owned().await else {
            return Err(Full);
        };
        let app = self.app.clone();
        // The slot and the place go with the drawing: a request given up does not free
        // them before the drawing ends.
        let drawing = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            (f(&app), in_hand)
        });
        Ok(match drawing.await {
            Ok((r, held)) => (r, Some(held)),
            Err(e) => (
                Err(AppError::Corrupt {
                    game: GameId(0),
                    detail: format!("a web picture failed: {e}"),
                }),
                None,
            ),
        })
    }
}

/// The pictures' routes.
pub(super) fn routes() -> Router<Web> {
    Router::new()
        .route("/g/{id}/board.png", get(board_png))
        .route("/g/{id}/game.gif", get(game_gif))
}

/// A picture ready to go out, with its entity tag.
struct Tagged {
    file: WebFile,
    tag: String,
}

/// `file` with its tag, made where it is called (a blocking thread).
fn tagged(file: WebFile) -> Tagged {
    let tag = cache::etag(&file.bytes);
    Tagged { file, tag }
}

async fn board_png(
    State(web): State<Web>,
    Extension(client): Extension<Client>,
    Path(id): Path<String>,
    Query(key): Query<Key>,
    request: HeaderMap,
) -> Response {
    picture(&web, client, &id, key, &request, |app, id, token, _| {
        Ok(app.web_board_png(id, token)?.map(|f| Ok(tagged(f))))
    })
    .await
}

async fn game_gif(
    State(web): State<Web>,
    Extension(client): Extension<Client>,
    Path(id): Path<String>,
    Query(key): Query<Key>,
    request: HeaderMap,
) -> Response {
    picture(&web, client, &id, key, &request, |app, id, token, asked| {
        Ok(app
            .web_game_gif(id, token, asked)?
            .map(|drawn| drawn.map(tagged)))
    })
    .await
}

/// What `f` makes of game `id` (written as in the path) for `client`, drawn in the lane:
/// the picture (or 304), 404, 422 with the words saying why it cannot be drawn, or 503
/// when the lane is full.
async fn picture(
    web: &Web,
    client: Client,
    id: &str,
    key: Key,
    request: &HeaderMap,
    f: impl FnOnce(
            &App,
            i64,
            Option<&str>,
            Option<Lang>,
        ) -> Result<Option<Result<Tagged, String>>, AppError>
        + Send
        + 'static,
) -> Response {
    let asked = key.asked();
    let scope = Scope::of_token(key.k.is_some());
    let Some(id) = super::id_of(id) else {
        return super::not_found_in(Format::Text, asked);
    };
    let token = key.token();
    let drawn = web
        .pictures
        .draw(client.0, move |app| f(app, id, token.as_deref(), asked))
        .await;
    let Ok((read, held)) = drawn else {
        return busy(asked);
    };
    super::answer(read, asked, Format::Text, |drawn| match drawn {
        Ok(Tagged { file, tag }) => {
            let bytes = Bytes::from(file.bytes);
            let about = WebFile {
                bytes: Vec::new(),
                ..file
            };
            let mut r = cache::validated_tag(request, tag, scope, || {
                super::file(about, Bytes::new(), false)
            });
            if r.status() == StatusCode::OK {
                *r.body_mut() = Body::new(Sending { bytes, _held: held });
            }
            r
        }
        Err(words) => super::text_error(StatusCode::UNPROCESSABLE_ENTITY, &words),
    })
}

fn busy(asked: Option<Lang>) -> Response {
    super::plain(
        StatusCode::SERVICE_UNAVAILABLE,
        "10",
        msg!("web-pictures-busy"),
        asked,
    )
}

/// The bytes of one piece of a picture's body.
const PIECE: usize = 64 * 1024;

/// A picture's body: its bytes in pieces of [`PIECE`] (slices of one buffer, not copies),
/// holding the picture's place in the lane until the connection has taken the last piece.
struct Sending {
    bytes: Bytes,
    _held: Option<Held>,
}

impl hyper::body::Body for Sending {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let this = self.get_mut();
        if this.bytes.is_empty() {
            return Poll::Ready(None);
        }
        let n = this.bytes.len().min(PIECE);
        Poll::Ready(Some(Ok(Frame::data(this.bytes.split_to(n)))))
    }

    fn is_end_stream(&self) -> bool {
        self.bytes.is_empty()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.bytes.len() as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{Settings, SystemClock};
    use crate::store::Store;
    use std::time::Duration;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn past_its_bounds_the_lane_refuses_at_once_and_frees_as_pictures_end() {
        let store = Arc::new(Store::open_in_memory().expect("store"));
        let app = Arc::new(App::new(store, Arc::new(SystemClock), Settings::default()));
        let lane = Arc::new(PictureLane::new(app, 1, 3, 2));
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let (release, held) = std::sync::mpsc::channel::<()>();
        let held = Arc::new(std::sync::Mutex::new(held));
        let mut drawing = Vec::new();
        for from in [a, a, b] {
            let (asking, held) = (lane.clone(), held.clone());
            drawing.push(tokio::spawn(async move {
                asking
                    .draw(from, move |_| {
                        let _ = held.lock().expect("held").recv();
                        Ok(1)
                    })
                    .await
                    .map(|(r, _held)| r.ok())
            }));
            // In the order given: the third waits behind the first two.
            while lane.in_hand() < drawing.len() {
                tokio::task::yield_now().await;
            }
        }
        let c: IpAddr = "10.0.0.3".parse().unwrap();
        for from in [a, c] {
            let refused = tokio::time::timeout(Duration::from_secs(10), lane.draw(from, |_| Ok(2)));
            assert!(
                matches!(refused.await, Ok(Err(Full))),
                "refused at once: {from}"
            );
        }
        assert_eq!(lane.in_hand(), 3, "a refusal is not counted");
        for _ in 0..3 {
            release.send(()).expect("release");
        }
        for d in drawing {
            assert_eq!(d.await.expect("task"), Ok(Some(1)));
        }
        assert_eq!(lane.in_hand(), 0);
        let (r, held) = lane.draw(a, |_| Ok(2)).await.expect("a free lane");
        assert!(matches!(r, Ok(2)));
        assert_eq!(lane.in_hand(), 1, "held while the picture is sent");
        drop(held);
        assert_eq!(lane.in_hand(), 0);
    }
}
