//! The game clocks beside the bot: the app's clock task ([`crate::app::run_clocks`]) on a
//! thread of its own, its messages (results on time, aborted games, low-time pings, the
//! downtime notes) sent through the [`Outbox`]. It is the bot's heartbeat too: stopping it
//! records the last sign of life, so that the next start gives the downtime back.

use std::sync::Arc;
use std::thread::JoinHandle;

use tracing::{error, info};

use super::Outbox;
use crate::app::App;

/// The running clock task; [`ClockTask::stop`] ends it.
#[derive(Debug)]
pub struct ClockTask {
    app: Arc<App>,
    thread: Option<JoinHandle<()>>,
}

/// Starts the clock task over `app`, sending its messages to `outbox`. At once it gives
/// the time since the bot's last sign of life back to the running clocks.
pub fn start_clocks(app: Arc<App>, outbox: Outbox) -> ClockTask {
    let worker = app.clone();
    let thread = std::thread::Builder::new()
        .name("bao-clocks".into())
        .spawn(move || {
            let mut deliver =
                |notices: Vec<crate::app::Notice>| notices.into_iter().all(|n| outbox.send(n));
            crate::app::run_clocks(&worker, &mut deliver);
            info!("the clock task stopped");
        });
    let thread = match thread {
        Ok(t) => Some(t),
        Err(e) => {
            error!(error = %super::redact::error(&e), "could not start the clock task");
            None
        }
    };
    ClockTask { app, thread }
}

impl ClockTask {
    /// Stops the task (it records a last sign of life) and waits for it.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        self.app.clock_signal().stop();
        if let Some(t) = self.thread.take() {
            if t.join().is_err() {
                error!("the clock task panicked");
            }
        }
    }
}

impl Drop for ClockTask {
    fn drop(&mut self) {
        self.halt();
    }
}
