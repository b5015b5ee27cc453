//! A cap on how many AI searches run at once, so AI games never starve other commands, and
//! a bound on how many may wait: past [`AiPool::busy`]'s bound a request for the AI (a move
//! against it, a hint) is refused privately with the wait, before anything is stored.

use std::sync::{Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// A counting semaphore over search slots, with the count of those waiting.
#[derive(Debug)]
pub struct AiPool {
    slots: usize,
    max_waiting: usize,
    state: Mutex<State>,
    freed: Condvar,
}

/// What the pool's lock guards.
#[derive(Debug)]
struct State {
    free: usize,
    waiting: usize,
    /// A running average of how long a slot is held, in milliseconds.
    held_ms: f64,
}

/// A held search slot; dropping it frees the slot.
pub struct Slot<'a> {
    pool: &'a AiPool,
    since: Instant,
}

impl AiPool {
    /// A pool of `slots` concurrent searches, with at most `max_waiting` requests waiting
    /// before [`AiPool::busy`] says so.
    pub fn new(slots: usize, max_waiting: usize) -> AiPool {
        let slots = slots.max(1);
        AiPool {
            slots,
            max_waiting,
            state: Mutex::new(State {
                free: slots,
                waiting: 0,
                held_ms: 1000.0,
            }),
            freed: Condvar::new(),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits for a free slot.
    pub fn acquire(&self) -> Slot<'_> {
        let mut state = self.state();
        state.waiting += 1;
        while state.free == 0 {
            state = self
                .freed
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        state.waiting -= 1;
        state.free -= 1;
        Slot {
            pool: self,
            since: Instant::now(),
        }
    }

    /// `Some(wait)` when the queue is at its bound: a new request would wait about that long
    /// (what is waiting, over the slots, times the usual search), so it should be refused.
    pub fn busy(&self) -> Option<Duration> {
        let state = self.state();
        if state.free > 0 || state.waiting < self.max_waiting {
            return None;
        }
        let rounds = (state.waiting / self.slots + 1) as f64;
        Some(Duration::from_millis((rounds * state.held_ms) as u64))
    }

    /// The private refusal when the queue is at its bound: `None` when a request may wait.
    pub(crate) fn refusal(&self) -> Option<super::refusal::Halt> {
        self.busy().map(|wait| {
            let secs = wait.as_secs_f64().ceil().max(1.0) as u64;
            super::refusal::refuse(crate::msg!("ai-busy", secs = secs))
        })
    }

    /// Searches running and waiting now.
    pub fn load(&self) -> (usize, usize) {
        let state = self.state();
        (self.slots - state.free, state.waiting)
    }
}

impl super::App {
    /// AI searches running and waiting now (for tests and figures).
    pub fn ai_load(&self) -> (usize, usize) {
        self.ai.load()
    }
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        let held = self.since.elapsed().as_secs_f64() * 1000.0;
        let mut state = self.pool.state();
        state.held_ms = 0.8 * state.held_ms + 0.2 * held;
        state.free += 1;
        self.pool.freed.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    #[test]
    fn never_more_than_the_cap_at_once() {
        let pool = Arc::new(AiPool::new(2, 16));
        let running = Arc::new(AtomicUsize::new(0));
        let peak = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..6)
            .map(|_| {
                let (pool, running, peak) = (pool.clone(), running.clone(), peak.clone());
                std::thread::spawn(move || {
                    let _slot = pool.acquire();
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    peak.fetch_max(now, Ordering::SeqCst);
                    std::thread::yield_now();
                    running.fetch_sub(1, Ordering::SeqCst);
                })
            })
            .collect();
        for t in threads {
            t.join().expect("thread");
        }
        assert!(peak.load(Ordering::SeqCst) <= 2);
        assert!(peak.load(Ordering::SeqCst) >= 1);
    }

    #[test]
    fn busy_past_the_waiting_bound_with_the_wait() {
        let pool = Arc::new(AiPool::new(1, 2));
        let held = pool.acquire();
        assert_eq!(pool.busy(), None, "nobody waits yet");
        let waiters: Vec<_> = (0..2)
            .map(|_| {
                let pool = pool.clone();
                std::thread::spawn(move || drop(pool.acquire()))
            })
            .collect();
        while pool.load().1 < 2 {
            std::thread::yield_now();
        }
        assert_eq!(pool.load(), (1, 2));
        let wait = pool.busy().expect("two wait: at the bound");
        assert!(wait >= std::time::Duration::from_secs(1), "{wait:?}");
        drop(held);
        for w in waiters {
            w.join().unwrap();
        }
        assert_eq!(pool.load(), (0, 0));
        assert_eq!(pool.busy(), None);
    }
}
