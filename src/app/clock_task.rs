//! The clock task: what ends live games on time within about a second of their flag.
//!
//! [`run_clocks`] runs on a thread of its own beside a front end that stays up (the Discord
//! bot). At start it gives the bot's downtime back to the running clocks ([`App::resume_clocks`]);
//! then it sleeps until the earliest thing due on a live clock (read from the store's index
//! on it), or until a move wakes it ([`ClockSignal::ring`]: the earliest may have changed),
//! settles what is due in the store ([`App::settle_clocks`], one transaction; a flag
//! [`ARRIVAL_ALLOWANCE`] after it falls) and hands the messages to the front end. Every [`HEARTBEAT_EVERY`] it records a sign of life, and once
//! more when it stops, so that the next start knows how long the bot was away.
//!
//! Nothing is timed in memory: the task only decides when to look; what is due is read from
//! the store each time, so a missed wake-up costs at most one heartbeat's delay.

use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Duration;

use super::{App, Notice};

/// How often the clock task records the bot's sign of life (and looks again at the store
/// even when nothing woke it).
pub const HEARTBEAT_EVERY: Duration = Duration::from_secs(5);

/// How long after a flag the task settles it: a move that arrived before the flag but is
/// still being read and stored (a few milliseconds, usually) wins its race with the flag.
/// A move that arrives at or after its flag is refused, and settles the flag itself.
pub const ARRIVAL_ALLOWANCE: Duration = Duration::from_millis(250);

/// How long the task waits before trying again after the store failed.
const RETRY_AFTER: Duration = Duration::from_secs(1);

/// Wakes the clock task: a clock changed, or the task should stop.
#[derive(Debug, Default)]
pub struct ClockSignal {
    state: Mutex<SignalState>,
    changed: Condvar,
}

#[derive(Debug, Default)]
struct SignalState {
    /// How many times it was rung.
    rung: u64,
    /// Whether the task should stop.
    stop: bool,
    /// When the waiting task will look again by itself (unix ms), if it waits.
    waking_at: Option<i64>,
}

impl ClockSignal {
    /// A clock changed (a move stored, a game started): look again at what is due.
    pub fn ring(&self) {
        let mut s = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        s.rung = s.rung.wrapping_add(1);
        self.changed.notify_all();
    }

    /// A clock changed so that something falls due at `due_ms` (unix ms; `None`: nothing):
    /// wakes the task only if that is before it would look again by itself. (A clock whose
    /// due time moved later needs no wake: the task finds nothing due then and sleeps on.)
    pub fn ring_for(&self, due_ms: Option<i64>) {
        let Some(due) = due_ms else {
            return;
        };
        let early = {
            let s = self.state.lock().unwrap_or_else(PoisonError::into_inner);
            s.waking_at.is_none_or(|at| due < at)
        };
        if early {
            self.ring();
        }
    }

    /// Asks the task to stop (it records a last sign of life first).
    pub fn stop(&self) {
        let mut s = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        s.stop = true;
        self.changed.notify_all();
    }

    /// Whether a stop was asked for.
    pub fn stopping(&self) -> bool {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .stop
    }

    /// How many times it has been rung so far.
    fn rung(&self) -> u64 {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .rung
    }

    /// Waits until rung again after `seen`, a stop, or `timeout`; `wake_ms` is when the
    /// timeout ends by the app's clock (for [`ClockSignal::ring_for`]).
    fn wait_until(&self, seen: u64, timeout: Duration, wake_ms: Option<i64>) {
        let mut s = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        s.waking_at = wake_ms;
        let (mut s, _) = self
            .changed
            .wait_timeout_while(s, timeout, |s| s.rung == seen && !s.stop)
            .unwrap_or_else(PoisonError::into_inner);
        s.waking_at = None;
    }

    /// Waits until rung again after `seen`, a stop, or `timeout`.
    fn wait(&self, seen: u64, timeout: Duration) {
        self.wait_until(seen, timeout, None);
    }
}

/// Runs the clock task on this thread until [`ClockSignal::stop`] (on `app`'s signal) or
/// until `deliver` refuses messages (the front end has gone). `deliver` gets each batch of
/// messages to send (results on time, aborted games, low-time pings, the downtime notes).
/// A store failure is logged and tried again a moment later.
pub fn run_clocks(app: &App, deliver: &mut dyn FnMut(Vec<Notice>) -> bool) {
    let signal = app.clock_signal().clone();
    // The downtime first: no flag falls for time when nobody could move.
    loop {
        match app.resume_clocks() {
            Ok(notices) => {
                if !deliver(notices) {
                    return;
                }
                break;
            }
            Err(e) => {
                tracing::error!(error = %e, "could not give the downtime back to the clocks");
                if signal.stopping() {
                    return;
                }
                signal.wait(signal.rung(), RETRY_AFTER);
            }
        }
    }
    let heartbeat_ms = HEARTBEAT_EVERY.as_millis() as i64;
    let mut last_beat = app.now_ms();
    while !signal.stopping() {
        let seen = signal.rung();
        let now = app.now_ms();
        let allowance = ARRIVAL_ALLOWANCE.as_millis() as i64;
        let step = app.settle_clocks_at(now - allowance).and_then(|notices| {
            if now - last_beat >= heartbeat_ms {
                app.heartbeat()?;
                last_beat = now;
            }
            Ok((notices, app.next_clock_due_ms()?))
        });
        match step {
            Ok((notices, next)) => {
                if !deliver(notices) {
                    break;
                }
                let now = app.now_ms();
                let beat_in = last_beat + heartbeat_ms - now;
                let due_in = next.map_or(beat_in, |due| due + allowance - now);
                let wait = due_in.min(beat_in).clamp(0, heartbeat_ms);
                signal.wait_until(seen, Duration::from_millis(wait as u64), Some(now + wait));
            }
            Err(e) => {
                tracing::error!(error = %e, "the clock task failed; trying again");
                signal.wait(seen, RETRY_AFTER);
            }
        }
    }
    if let Err(e) = app.heartbeat() {
        tracing::warn!(error = %e, "could not record the last sign of life");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::Instant;

    #[test]
    fn a_ring_or_a_stop_wakes_the_waiter_at_once() {
        let signal = Arc::new(ClockSignal::default());
        let seen = signal.rung();
        let ringer = {
            let signal = signal.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(20));
                signal.ring();
            })
        };
        let started = Instant::now();
        signal.wait(seen, Duration::from_secs(30));
        assert!(started.elapsed() < Duration::from_secs(20));
        ringer.join().unwrap();
        assert_eq!(signal.rung(), seen + 1);
        signal.stop();
        signal.wait(signal.rung(), Duration::from_secs(30));
        assert!(signal.stopping());
    }
}
