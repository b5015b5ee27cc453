//! Following running games: one poller per followed game reads its stored ply and status
//! every [`POLL`] (so a move written by another process, the bot or the console, is seen
//! too), and every open page of that game hears of a change through a watch channel. The
//! poller stops when the last page of its game closes. At most `max_live` pages are
//! followed at once, and at most `live_per_address` from one address; past either,
//! [`Live::follow`] says no and the page polls instead.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::watch;

use super::serve::{Held, Slots};
use super::Reader;

/// How often a followed game's stored progress is read.
pub const POLL: Duration = Duration::from_millis(250);

/// A game's progress as pages see it: plies played and status.
pub type Progress = (u32, String);

/// The followed games and the count of open live pages.
pub(super) struct Live {
    games: Mutex<HashMap<i64, watch::Sender<Progress>>>,
    streams: Arc<Slots>,
}

/// One open live page: counted until dropped.
pub(super) struct Following {
    _slot: Held,
    /// Changes of the game's progress.
    pub(super) changes: watch::Receiver<Progress>,
}

impl Live {
    /// At most `max` live pages at once, `per_address` of them from one address.
    pub(super) fn new(max: usize, per_address: usize) -> Arc<Live> {
        Arc::new(Live {
            games: Mutex::default(),
            streams: Slots::new(max, per_address),
        })
    }

    /// Live pages open now.
    pub(super) fn open(&self) -> usize {
        self.streams.open()
    }

    /// Games polled now.
    pub(super) fn polled(&self) -> usize {
        self.games
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// Follows game `id`, now at `now`, for a page at `ip`; `None` when `max` pages, or
    /// `per_address` from `ip`, are already live.
    pub(super) fn follow(
        self: &Arc<Live>,
        id: i64,
        now: Progress,
        reader: &Reader,
        ip: IpAddr,
    ) -> Option<Following> {
        let slot = self.streams.take(ip)?;
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        let changes = match games.get(&id) {
            Some(tx) => tx.subscribe(),
            None => {
                let (tx, rx) = watch::channel(now);
                games.insert(id, tx.clone());
                tokio::spawn(poll(self.clone(), id, tx, reader.clone()));
                rx
            }
        };
        Some(Following {
            _slot: slot,
            changes,
        })
    }
}

/// Reads game `id`'s progress every [`POLL`] while a page follows it.
async fn poll(live: Arc<Live>, id: i64, tx: watch::Sender<Progress>, reader: Reader) {
    let mut tick = tokio::time::interval(POLL);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        {
            let mut games = live.games.lock().unwrap_or_else(PoisonError::into_inner);
            if tx.receiver_count() == 0 {
                games.remove(&id);
                return;
            }
        }
        match reader.read(move |app| app.web_progress(id)).await {
            Ok(Some(now)) => {
                tx.send_if_modified(|old| {
                    let changed = *old != now;
                    *old = now;
                    changed
                });
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(game = id, "live poll failed: {e}"),
        }
    }
}
