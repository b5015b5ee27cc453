//! When a search stops: a node budget (deterministic) and a wall-clock deadline (a safety cap),
//! and how much of a game clock one move may take ([`fair_share`]).

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

/// How long one move may take on a Fischer clock with `left` on it and `increment` added
/// after each move: a fortieth of the bank and most of the increment, never more than a fifth
/// of the bank (so a short bank is never spent on one move), and at least 10 ms.
pub fn fair_share(left: Duration, increment: Duration) -> Duration {
    let share = left / 40 + increment * 3 / 4;
    share.min(left / 5).max(Duration::from_millis(10))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fair_share_of_a_clock() {
        let s = |ms| Duration::from_millis(ms);
        // 5+3 with the bank full: 7.5 s + 2.25 s.
        assert_eq!(fair_share(s(300_000), s(3_000)), s(9_750));
        // 1+0: a fortieth of a minute.
        assert_eq!(fair_share(s(60_000), s(0)), s(1_500));
        // A second left: at most a fifth of it, however large the increment.
        assert_eq!(fair_share(s(1_000), s(60_000)), s(200));
        assert_eq!(fair_share(s(0), s(0)), s(10));
    }

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
