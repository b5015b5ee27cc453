//! Where the app's time comes from: the system clock, or a hand that moves it (tests and the
//! console's simulated time). Game clocks count milliseconds, so the clock does too.

use std::sync::atomic::{AtomicI64, Ordering};

/// Where the time comes from: the system clock, or a test's hand.
pub trait Clock: Send + Sync {
    /// Now, in unix seconds.
    fn now(&self) -> i64 {
        self.now_ms().div_euclid(1000)
    }

    /// Now, in unix milliseconds (game clocks count them).
    fn now_ms(&self) -> i64;
}

/// The system clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or(0)
    }
}

/// A clock that only moves when told to (tests, and the console's simulated time). It
/// counts milliseconds; the seconds-based methods move it by whole seconds.
#[derive(Debug, Default)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    /// A clock standing at `now` (unix seconds).
    pub fn new(now: i64) -> ManualClock {
        ManualClock(AtomicI64::new(now.saturating_mul(1000)))
    }

    /// Moves the clock on by `secs`.
    pub fn advance(&self, secs: i64) {
        self.advance_ms(secs.saturating_mul(1000));
    }

    /// Moves the clock on by `ms` milliseconds.
    pub fn advance_ms(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }

    /// Sets the clock (unix seconds).
    pub fn set(&self, now: i64) {
        self.set_ms(now.saturating_mul(1000));
    }

    /// Sets the clock (unix milliseconds).
    pub fn set_ms(&self, now_ms: i64) {
        self.0.store(now_ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}
