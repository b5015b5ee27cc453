//! When a search stops: a node budget (deterministic) and a wall-clock deadline (a safety cap).

use std::time::{Duration, Instant};

/// How many nodes pass between two looks at the limits.
pub const CHECK_EVERY: u64 = 2048;

/// The limits of one search, started when the search starts.
#[derive(Debug, Clone)]
pub struct Clock {
    start: Instant,
    nodes: Option<u64>,
    time: Option<Duration>,
}

impl Clock {
    /// Starts the clock for a search limited by `nodes` and/or `time` (neither: no limit but
    /// the depth cap).
    pub fn start(nodes: Option<u64>, time: Option<Duration>) -> Clock {
        Clock {
            start: Instant::now(),
            nodes,
            time,
        }
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the search must stop now, having visited `nodes` nodes. Reads the clock only
    /// when a time limit is set.
    pub fn must_stop(&self, nodes: u64) -> bool {
        if self.nodes.is_some_and(|n| nodes >= n) {
            return true;
        }
        self.time.is_some_and(|t| self.start.elapsed() >= t)
    }

    /// Whether another iteration is worth starting: each iteration takes longer than all the
    /// ones before it, so none is started past half the time. Node budgets have no such rule
    /// (an unfinished iteration still improves the move), which keeps them deterministic.
    pub fn may_deepen(&self, nodes: u64) -> bool {
        if self.nodes.is_some_and(|n| nodes >= n) {
            return false;
        }
        self.time.is_none_or(|t| self.start.elapsed() < t / 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_budget_stops_exactly_at_the_budget() {
        let c = Clock::start(Some(1000), None);
        assert!(!c.must_stop(999));
        assert!(c.must_stop(1000));
        assert!(c.may_deepen(10));
        assert!(!c.may_deepen(1000));
    }

    #[test]
    fn an_expired_deadline_stops() {
        let c = Clock::start(None, Some(Duration::ZERO));
        assert!(c.must_stop(1));
        assert!(!c.may_deepen(1));
        let open = Clock::start(None, None);
        assert!(!open.must_stop(u64::MAX));
    }
}
