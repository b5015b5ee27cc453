//! The pictures' own lane: `board.png` and `game.gif` are read and drawn apart from page
//! and data reads, a few at once, with a bounded number in hand.
//!
//! A GIF of a long game takes a good part of a second to draw, so pictures never take the
//! page readers' slots ([`super::Reader`]): a storm of GIF requests waits here while pages
//! are still served. Past [`super::WebOptions::picture_queue`] pictures in hand (drawing or
//! waiting), a new one is refused at once (503 with `Retry-After`), and a finished game's
//! picture comes from the app's picture cache, so the same GIF is drawn once.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::app::{App, AppError, GameId};

/// The lane was full: the picture was not asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Full;

/// A bounded number of picture reads in hand, a few at once.
pub(crate) struct PictureLane {
    app: Arc<App>,
    slots: Arc<Semaphore>,
    in_hand: Arc<AtomicUsize>,
    bound: usize,
}

/// Counts one picture in hand until dropped (after its drawing, even when the asker has
/// gone).
struct InHand(Arc<AtomicUsize>);

impl Drop for InHand {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl PictureLane {
    /// A lane over `app` drawing `slots` pictures at once (at least one), with at most
    /// `bound` in hand.
    pub(crate) fn new(app: Arc<App>, slots: usize, bound: usize) -> PictureLane {
        PictureLane {
            app,
            slots: Arc::new(Semaphore::new(slots.max(1))),
            in_hand: Arc::new(AtomicUsize::new(0)),
            bound,
        }
    }

    /// Pictures in hand now: being read or drawn, or waiting for a slot.
    pub(crate) fn in_hand(&self) -> usize {
        self.in_hand.load(Ordering::SeqCst)
    }

    /// Runs `f` on a blocking thread once a slot is free; [`Full`] at once when `bound`
    /// pictures are in hand already.
    pub(crate) async fn draw<T: Send + 'static>(
        &self,
        f: impl FnOnce(&App) -> Result<T, AppError> + Send + 'static,
    ) -> Result<Result<T, AppError>, Full> {
        let taken = self.in_hand.fetch_add(1, Ordering::SeqCst);
        let in_hand = InHand(self.in_hand.clone());
        if taken >= self.bound {
            return Err(Full);
        }
        let Ok(slot) = self.slots.clone().acquire_owned().await else {
            return Err(Full);
        };
        let app = self.app.clone();
        // The slot and the count go with the drawing: a request given up does not free
        // them before the drawing ends.
        let drawing = tokio::task::spawn_blocking(move || {
            let _held = (slot, in_hand);
            f(&app)
        });
        Ok(match drawing.await {
            Ok(r) => r,
            Err(e) => Err(AppError::Corrupt {
                game: GameId(0),
                detail: format!("a web picture failed: {e}"),
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{Settings, SystemClock};
    use crate::store::Store;
    use std::time::Duration;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn past_its_bound_the_lane_refuses_at_once_and_frees_as_pictures_end() {
        let store = Arc::new(Store::open_in_memory().expect("store"));
        let app = Arc::new(App::new(store, Arc::new(SystemClock), Settings::default()));
        let lane = Arc::new(PictureLane::new(app, 1, 3));
        let (release, held) = std::sync::mpsc::channel::<()>();
        let held = Arc::new(std::sync::Mutex::new(held));
        let mut drawing = Vec::new();
        for _ in 0..3 {
            let (lane, held) = (lane.clone(), held.clone());
            drawing.push(tokio::spawn(async move {
                lane.draw(move |_| {
                    let _ = held.lock().expect("held").recv();
                    Ok(1)
                })
                .await
            }));
        }
        while lane.in_hand() < 3 {
            tokio::task::yield_now().await;
        }
        let refused = tokio::time::timeout(Duration::from_secs(10), lane.draw(|_| Ok(2))).await;
        assert!(matches!(refused, Ok(Err(Full))), "refused at once");
        assert_eq!(lane.in_hand(), 3, "a refusal is not counted");
        for _ in 0..3 {
            release.send(()).expect("release");
        }
        for d in drawing {
            assert!(matches!(d.await.expect("task"), Ok(Ok(1))));
        }
        assert_eq!(lane.in_hand(), 0);
        assert!(matches!(lane.draw(|_| Ok(2)).await, Ok(Ok(2))));
    }
}
