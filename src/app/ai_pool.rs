//! A cap on how many AI searches run at once, so AI games never starve other commands.

use std::sync::{Condvar, Mutex, PoisonError};

/// A counting semaphore over search slots.
#[derive(Debug)]
pub struct AiPool {
    free: Mutex<usize>,
    freed: Condvar,
}

/// A held search slot; dropping it frees the slot.
pub struct Slot<'a>(&'a AiPool);

impl AiPool {
    /// A pool of `slots` concurrent searches.
    pub fn new(slots: usize) -> AiPool {
        AiPool {
            free: Mutex::new(slots),
            freed: Condvar::new(),
        }
    }

    /// Waits for a free slot.
    pub fn acquire(&self) -> Slot<'_> {
        let mut free = self.free.lock().unwrap_or_else(PoisonError::into_inner);
        while *free == 0 {
            free = self
                .freed
                .wait(free)
                .unwrap_or_else(PoisonError::into_inner);
        }
        *free -= 1;
        Slot(self)
    }
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        let mut free = self.0.free.lock().unwrap_or_else(PoisonError::into_inner);
        *free += 1;
        self.0.freed.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    #[test]
    fn never_more_than_the_cap_at_once() {
        let pool = Arc::new(AiPool::new(2));
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
}
