//! A game's clock as stored: its time control, each side's bank when the running clock
//! started, which clock runs and since when. Everything else (time left now, when a flag
//! falls, the bank after a move) is worked out from these stored times, never kept by a
//! timer in memory, so a restart loses nothing.
//!
//! Rules of the clock (issue 37):
//! - The side to move's clock runs from the moment the previous move was stored; a move's
//!   own time is when it arrived (the time between its arrival and its storing is charged to
//!   nobody).
//! - Fischer: a move adds the increment to the mover's bank; a correspondence bank is then
//!   capped.
//! - On a live clock the first move of each side has [`FIRST_MOVE_GRACE_MS`] instead of the
//!   clock (its bank stays whole, no increment); a first move that does not come aborts the
//!   game. Correspondence clocks have no grace.
//! - Live clocks ping the player to move once when [`LOW_TIME_MS`] are left (once per side
//!   per game).

use crate::rules::Side;
use crate::vocab::TimeControl;

/// How long each side has for its first move on a live clock: 2 minutes.
pub const FIRST_MOVE_GRACE_MS: i64 = 120_000;
/// Time left on a live clock at which its player is pinged, once: 30 seconds.
pub const LOW_TIME_MS: i64 = 30_000;

/// The bit of `side` in [`GameClock::moved`] and [`GameClock::pinged`].
pub const fn side_bit(side: Side) -> u8 {
    match side {
        Side::South => 1,
        Side::North => 2,
    }
}

/// What falls due next on a running live clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockDue {
    /// The player to move is pinged: [`LOW_TIME_MS`] left.
    LowTime(Side),
    /// The running clock reaches zero: `side` loses on time.
    Flag(Side),
    /// The grace for `side`'s first move ends without it: the game is aborted.
    NoFirstMove(Side),
}

/// A game's clock as stored (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameClock {
    /// The time control.
    pub control: TimeControl,
    /// Each side's bank in ms, South's first: for the running side, its bank when its clock
    /// started ([`GameClock::since_ms`]); for the other, its bank now.
    pub banks: [i64; 2],
    /// The side whose clock runs; `None` before the game starts and once it has ended.
    pub running: Option<Side>,
    /// When the running clock started, unix ms: the previous move stored, the game's start,
    /// or a restart's give-back moving it on by the bot's downtime.
    pub since_ms: i64,
    /// Sides that have made their first move ([`side_bit`]); the others are in their grace
    /// period on a live clock.
    pub moved: u8,
    /// Sides already pinged for low time ([`side_bit`]).
    pub pinged: u8,
}

impl GameClock {
    /// A new game's clock: both banks full, `first` to move from `now_ms`.
    pub fn start(control: TimeControl, first: Side, now_ms: i64) -> GameClock {
        GameClock {
            control,
            banks: [control.base_ms; 2],
            running: Some(first),
            since_ms: now_ms,
            moved: 0,
            pinged: 0,
        }
    }

    /// Whether `side` is still to make its first move on a live clock (its grace period).
    pub fn in_grace(&self, side: Side) -> bool {
        self.control.is_live() && self.moved & side_bit(side) == 0
    }

    /// `side`'s time left at `now_ms` (never below zero); a side in its grace period keeps
    /// its whole bank.
    pub fn left_ms(&self, side: Side, now_ms: i64) -> i64 {
        let bank = self.banks[side.index()];
        if self.running == Some(side) && !self.in_grace(side) {
            (bank - (now_ms - self.since_ms).max(0)).max(0)
        } else {
            bank
        }
    }

    /// When the running clock reaches zero, or the running side's first-move grace ends.
    pub fn flag_at_ms(&self) -> Option<i64> {
        let side = self.running?;
        Some(if self.in_grace(side) {
            self.since_ms + FIRST_MOVE_GRACE_MS
        } else {
            self.since_ms + self.banks[side.index()]
        })
    }

    /// The next thing due on a running live clock and when: a low-time ping, the end of a
    /// first move's grace, or the flag. Correspondence clocks have none (their deadline's
    /// reminders and claim do that work).
    pub fn next_due(&self) -> Option<(i64, ClockDue)> {
        let side = self.running?;
        if !self.control.is_live() {
            return None;
        }
        let flag = self.flag_at_ms()?;
        if self.in_grace(side) {
            return Some((flag, ClockDue::NoFirstMove(side)));
        }
        let bank = self.banks[side.index()];
        if self.pinged & side_bit(side) == 0 && bank > LOW_TIME_MS {
            return Some((flag - LOW_TIME_MS, ClockDue::LowTime(side)));
        }
        Some((flag, ClockDue::Flag(side)))
    }

    /// The clock after `side` moved: its move arrived at `arrived_ms` and was stored at
    /// `stored_ms`, when the opponent's clock starts. Returns the clock and the mover's bank
    /// after the move (for the record). The caller has checked the move came before the flag.
    pub fn after_move(&self, side: Side, arrived_ms: i64, stored_ms: i64) -> (GameClock, i64) {
        let mut next = *self;
        let i = side.index();
        if self.in_grace(side) {
            next.moved |= side_bit(side);
        } else {
            let used = (arrived_ms - self.since_ms).max(0);
            let mut bank = (self.banks[i] - used).max(0) + self.control.increment_ms;
            if let Some(cap) = self.control.cap_ms {
                bank = bank.min(cap);
            }
            next.banks[i] = bank;
            next.moved |= side_bit(side);
        }
        next.running = Some(!side);
        next.since_ms = stored_ms;
        (next, next.banks[i])
    }

    /// The clock stopped at `at_ms` (the game ended): the running side is charged the time
    /// it used, and nothing runs any more.
    pub fn stopped(&self, at_ms: i64) -> GameClock {
        let mut next = *self;
        if let Some(side) = self.running {
            next.banks[side.index()] = self.left_ms(side, at_ms);
        }
        next.running = None;
        next.since_ms = at_ms;
        next
    }

    /// The clock with the time used so far charged at `at_ms` and `to_move`'s clock running
    /// from then (a takeback: no time is given back).
    pub fn restarted(&self, to_move: Side, at_ms: i64) -> GameClock {
        let mut next = self.stopped(at_ms);
        next.running = Some(to_move);
        next
    }

    /// Whether the clock runs out (or the grace ends) at or before `at_ms`.
    pub fn is_flagged_at(&self, at_ms: i64) -> bool {
        self.flag_at_ms().is_some_and(|f| at_ms >= f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIVE_THREE: TimeControl = TimeControl::live(5, 3);

    #[test]
    fn first_moves_have_a_grace_then_the_clock_runs_with_increments() {
        let c = GameClock::start(FIVE_THREE, Side::South, 0);
        assert_eq!(c.flag_at_ms(), Some(FIRST_MOVE_GRACE_MS));
        assert_eq!(
            c.next_due(),
            Some((120_000, ClockDue::NoFirstMove(Side::South)))
        );
        // South's first move after 100 s costs nothing; North's clock starts when stored.
        let (c, bank) = c.after_move(Side::South, 100_000, 100_500);
        assert_eq!(bank, 300_000);
        assert_eq!(c.running, Some(Side::North));
        assert_eq!(c.flag_at_ms(), Some(100_500 + FIRST_MOVE_GRACE_MS));
        let (c, _) = c.after_move(Side::North, 110_000, 110_000);
        // South's clock runs now: 300 s, pinged at 30 s left.
        assert_eq!(
            c.next_due(),
            Some((110_000 + 270_000, ClockDue::LowTime(Side::South)))
        );
        assert_eq!(c.left_ms(Side::South, 140_000), 270_000);
        assert_eq!(c.left_ms(Side::North, 140_000), 300_000);
        // 40 s used, 3 s added.
        let (c, bank) = c.after_move(Side::South, 150_000, 150_200);
        assert_eq!(bank, 263_000);
        assert_eq!(c.flag_at_ms(), Some(150_200 + 300_000));
        let mut pinged = c;
        pinged.pinged |= side_bit(Side::North);
        assert_eq!(
            pinged.next_due(),
            Some((450_200, ClockDue::Flag(Side::North)))
        );
    }

    #[test]
    fn a_correspondence_bank_is_capped_and_has_no_grace() {
        let control: TimeControl = "3d+1d".parse().unwrap();
        let day = 86_400_000;
        let c = GameClock::start(control, Side::South, 0);
        assert!(!c.in_grace(Side::South));
        assert_eq!(c.flag_at_ms(), Some(3 * day));
        assert_eq!(c.next_due(), None);
        // An hour's move: 3d - 1h + 1d, within the 7-day cap.
        let (c, bank) = c.after_move(Side::South, 3_600_000, 3_600_000);
        assert_eq!(bank, 4 * day - 3_600_000);
        // Quick moves fill the bank up to the cap and no further.
        let mut c = c;
        let mut t = 3_600_000;
        for _ in 0..10 {
            let side = c.running.unwrap();
            t += 1000;
            c = c.after_move(side, t, t).0;
        }
        assert_eq!(c.banks, [7 * day, 7 * day]);
    }

    #[test]
    fn stopping_charges_the_time_used() {
        let c = GameClock::start(TimeControl::live(1, 0), Side::South, 0);
        let (c, _) = c.after_move(Side::South, 1_000, 1_000);
        let (c, _) = c.after_move(Side::North, 2_000, 2_000);
        assert!(c.is_flagged_at(62_000) && !c.is_flagged_at(61_999));
        let s = c.stopped(30_000);
        assert_eq!(s.banks, [32_000, 60_000]);
        assert_eq!(s.running, None);
        assert_eq!(s.flag_at_ms(), None);
        let back = c.restarted(Side::North, 30_000);
        assert_eq!(back.banks, [32_000, 60_000]);
        assert_eq!(back.flag_at_ms(), Some(90_000));
    }
}
