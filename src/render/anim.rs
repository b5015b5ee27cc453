//! The frame model of a sowing animation: from the position before a move and the rules' trace
//! of it, the board states a person watching the move would see, paced and compressed.
//!
//! Nothing here knows the rules: every frame is the previous one with one step of the trace
//! applied (a seed from hand arriving, a pit lifted, a seed dropped, a pit captured). Every
//! frame accounts for all 64 seeds: on the board, in the hands, held by the sowing player, or
//! removed by a game-winning capture ([`Frame::seeds`]).
//!
//! Pacing: drops 0.18 s, a lift 0.35 s, a capture 0.45 s, the final board held 4 s. A move
//! whose frames would last longer than [`MAX_DURATION_CS`] or number more than [`MAX_FRAMES`]
//! keeps every drop of its first sowing runs and then shows one frame per run (lap); a move
//! with still more runs (a never-ending move makes 513) shows evenly chosen laps and ends on a
//! summary frame.

use crate::rules::{Direction, LiftReason, Pit, Position, Side, Step, Trace, TOTAL_SEEDS};

/// Most frames in one animation (the final hold included).
pub const MAX_FRAMES: usize = 150;
/// Longest animation, in hundredths of a second (GIF delay units), the final hold included.
pub const MAX_DURATION_CS: u32 = 1500;
/// How long the last frame (the board after the move) is shown, in hundredths of a second.
pub const FINAL_HOLD_CS: u16 = 400;
/// The first frame (the board before the move).
pub const BEFORE_CS: u16 = 60;
/// A seed dropped into a pit.
pub const DROP_CS: u16 = 18;
/// A seed from hand added (namua).
pub const ADD_CS: u16 = 35;
/// A pit lifted.
pub const LIFT_CS: u16 = 35;
/// A pit captured.
pub const CAPTURE_CS: u16 = 45;
/// A stop, a win or a summary before the final board.
pub const STOP_CS: u16 = 60;
/// One frame per sowing run, once a long move is compressed.
pub const LAP_CS: u16 = 22;
/// The shortest lap frame when even laps must be thinned out.
pub const FAST_LAP_CS: u16 = 12;
/// A sowing run of more drops than this is a long one (a lap of the 16 pits and more)...
pub const LONG_RUN: usize = 8;
/// ...and shows its first drops one to a frame, then several to a frame: two, or more where
/// that would take more than [`GROUPED_DROP_FRAMES`] frames (a 60-seed sowing lands 7 seeds a
/// frame). Each seed still lands in its pit in a frame the eye sees.
pub const SINGLE_DROPS: usize = 4;
/// The most frames the later drops of a long run take.
pub const GROUPED_DROP_FRAMES: usize = 8;

/// What a frame shows happening.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// The board before the move.
    Before,
    /// A seed from hand arrived in `pit`.
    FromHand {
        /// Where.
        pit: Pit,
    },
    /// `seeds` lifted from `pit` to be sown in `direction`.
    Lift {
        /// The pit lifted.
        pit: Pit,
        /// How many.
        seeds: u8,
        /// Why.
        reason: LiftReason,
        /// Where they go.
        direction: Direction,
    },
    /// A seed dropped into `pit`.
    Drop {
        /// The pit.
        pit: Pit,
    },
    /// The opponent's `from` captured; its seeds go to `kichwa` (or leave the board, `won`).
    Capture {
        /// The pit taken.
        from: Pit,
        /// How many.
        seeds: u8,
        /// Where they enter.
        kichwa: Pit,
        /// Whether this capture won the game at once (its seeds are not sown).
        won: bool,
    },
    /// A compressed sowing run: the board after run number `run` (1-based) ended in `pit`.
    Lap {
        /// The run's number in the move (the first sowing is run 1).
        run: u16,
        /// Runs in the whole move.
        runs: u16,
        /// Where its last seed fell.
        pit: Pit,
    },
    /// The move stopped: the last pit was empty, a nyumba stop, a takasia stop.
    Stop {
        /// The pit where it stopped.
        pit: Pit,
        /// Why, in words (`ends in an empty pit`, ...).
        why: StopKind,
    },
    /// The game ended in the move (a win mid-move, or a never-ending move).
    GameEnd {
        /// The winner.
        winner: Side,
        /// Whether it was the 512-run limit (a summary frame).
        never_ending: bool,
    },
    /// The board after the move: the still picture.
    Final,
}

/// Why a move stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopKind {
    /// The last seed fell into an empty pit.
    Empty,
    /// A namua takata ended in the owned nyumba.
    House,
    /// NYUMBA STOP chosen.
    HouseChoice,
    /// The takasia target.
    Takasia,
}

/// One picture of the animation: the whole board state and what just happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    /// Seeds in each pit, `[side][circuit index]` like [`Position`].
    pub pits: [[u8; 16]; 2],
    /// Seeds in each hand (namua).
    pub hand: [u8; 2],
    /// Seeds lifted or captured and not yet sown.
    pub held: u8,
    /// Seeds taken by a capture that won the game at once (they leave the board).
    pub removed: u8,
    /// Which nyumbas are still owned.
    pub house: [bool; 2],
    /// What the frame shows.
    pub event: Event,
    /// How long it is shown, in hundredths of a second.
    pub delay_cs: u16,
    /// Which move of the animation it belongs to (0 for a single move).
    pub segment: usize,
    /// The sowing run it belongs to (0 before the first lift or capture).
    pub run: u16,
}

impl Frame {
    /// All seeds the frame accounts for: always [`TOTAL_SEEDS`].
    pub fn seeds(&self) -> u32 {
        let board: u32 = self.pits.iter().flatten().map(|&n| n as u32).sum();
        board + self.hand[0] as u32 + self.hand[1] as u32 + self.held as u32 + self.removed as u32
    }

    /// Seeds in `pit`.
    pub fn at(&self, pit: Pit) -> u8 {
        self.pits[pit.side().index()][pit.index()]
    }

    fn at_mut(&mut self, pit: Pit) -> &mut u8 {
        &mut self.pits[pit.side().index()][pit.index()]
    }

    /// The frame's state as a position of `turn` (for drawing); held and removed seeds are not
    /// in it, so it need not be a valid position.
    pub(crate) fn position(&self, like: &Position, turn: Side) -> Position {
        Position {
            variant: like.variant,
            rules: like.rules,
            pits: self.pits,
            hand: self.hand,
            house: self.house,
            takasia: None,
            turn,
            winner: None,
        }
    }

    fn from_position(pos: &Position) -> Frame {
        Frame {
            pits: pos.pits,
            hand: pos.hand,
            held: 0,
            removed: 0,
            house: pos.house,
            event: Event::Before,
            delay_cs: BEFORE_CS,
            segment: 0,
            run: 0,
        }
    }
}

/// Every step of `trace` (played from `before`) as a frame, unpaced: the board before, one
/// frame per seed from hand, lift, drop and capture, one for the stop or the end of the game.
/// The final still is not included.
pub fn raw_frames(before: &Position, trace: &Trace) -> Vec<Frame> {
    let mut cur = Frame::from_position(before);
    let mut out = vec![cur.clone()];
    let mover = trace.mover;
    let mut run = 0u16;
    let stop = |pit, why| Some((Event::Stop { pit, why }, STOP_CS));
    for (i, step) in trace.steps.iter().enumerate() {
        let next_is_end = trace.steps[i + 1..]
            .iter()
            .find(|s| !matches!(s, Step::HouseLost { .. }))
            .is_some_and(|s| matches!(s, Step::GameEnd { .. }));
        let event = match *step {
            Step::AddFromHand { pit } => {
                cur.hand[mover.index()] = cur.hand[mover.index()].saturating_sub(1);
                *cur.at_mut(pit) += 1;
                Some((Event::FromHand { pit }, ADD_CS))
            }
            Step::Lift {
                pit,
                seeds,
                reason,
                direction,
            } => {
                run += 1;
                let n = seeds.min(cur.at(pit));
                *cur.at_mut(pit) -= n;
                cur.held += n;
                Some((
                    Event::Lift {
                        pit,
                        seeds,
                        reason,
                        direction,
                    },
                    LIFT_CS,
                ))
            }
            Step::Drop { pit } => {
                *cur.at_mut(pit) += 1;
                cur.held = cur.held.saturating_sub(1);
                Some((Event::Drop { pit }, DROP_CS))
            }
            Step::Capture {
                from,
                seeds,
                kichwa,
                ..
            } => {
                run += 1;
                let n = seeds.min(cur.at(from));
                *cur.at_mut(from) -= n;
                if next_is_end {
                    cur.removed += n;
                } else {
                    cur.held += n;
                }
                Some((
                    Event::Capture {
                        from,
                        seeds,
                        kichwa,
                        won: next_is_end,
                    },
                    CAPTURE_CS,
                ))
            }
            Step::HouseLost { side } => {
                cur.house[side.index()] = false;
                None
            }
            Step::EndInEmpty { pit } => stop(pit, StopKind::Empty),
            Step::HouseStop { pit } => stop(pit, StopKind::House),
            Step::HouseChoseStop { pit } => stop(pit, StopKind::HouseChoice),
            Step::TakasiaStop { pit } => stop(pit, StopKind::Takasia),
            Step::GameEnd { winner, .. } => Some((
                Event::GameEnd {
                    winner,
                    never_ending: trace.steps.contains(&Step::RunLimit),
                },
                STOP_CS,
            )),
            Step::RunLimit | Step::TakasiaSet { .. } => None,
        };
        if let Some((event, delay)) = event {
            // A house lost by this step (a NYUMBA USE lift, a capture) is drawn lost at once.
            for later in &trace.steps[i + 1..] {
                match *later {
                    Step::HouseLost { side } => cur.house[side.index()] = false,
                    _ => break,
                }
            }
            cur.event = event;
            cur.delay_cs = delay;
            cur.run = run;
            out.push(cur.clone());
        }
    }
    out
}

/// The frames of `trace` (played from `before`) paced to fit [`MAX_FRAMES`] and
/// [`MAX_DURATION_CS`], ending with the [`Event::Final`] frame (the board after the move, held
/// [`FINAL_HOLD_CS`]).
pub fn move_frames(before: &Position, trace: &Trace) -> Vec<Frame> {
    let mut frames = paced_frames(
        before,
        trace,
        MAX_FRAMES - 1,
        MAX_DURATION_CS - FINAL_HOLD_CS as u32,
    );
    let mut last = frames
        .last()
        .cloned()
        .unwrap_or_else(|| Frame::from_position(before));
    last.event = Event::Final;
    last.delay_cs = FINAL_HOLD_CS;
    frames.push(last);
    frames
}

/// The frames of `trace` (played from `before`), the final still excluded, in at most
/// `max_frames` frames lasting at most `max_cs` (the board before the move and the stop frames
/// are always kept, so a tiny budget can be exceeded).
pub fn paced_frames(
    before: &Position,
    trace: &Trace,
    max_frames: usize,
    max_cs: u32,
) -> Vec<Frame> {
    pace(raw_frames(before, trace), max_frames, max_cs)
}

/// Total duration of `frames`, in hundredths of a second.
pub fn duration_cs(frames: &[Frame]) -> u32 {
    frames.iter().map(|f| f.delay_cs as u32).sum()
}

fn fits(frames: &[Frame], max_frames: usize, max_cs: u32) -> bool {
    frames.len() <= max_frames && duration_cs(frames) <= max_cs
}

/// Whether a raw frame is the last one of its sowing run (the next frame starts another run,
/// stops or ends the move).
fn run_ends(raw: &[Frame], i: usize) -> bool {
    match raw.get(i + 1) {
        None => true,
        Some(next) => next.run != raw[i].run || !matches!(next.event, Event::Drop { .. }),
    }
}

/// Fits `raw` into `max_frames` frames lasting `max_cs`: first whole, then with every drop of
/// the first `k` runs and one lap frame per later run (`k` from 3 down to 0), then with laps
/// chosen evenly (always the last runs) and shown faster.
fn pace(raw: Vec<Frame>, max_frames: usize, max_cs: u32) -> Vec<Frame> {
    let raw = pair_drops(raw);
    if fits(&raw, max_frames, max_cs) {
        return raw;
    }
    let runs = raw.iter().map(|f| f.run).max().unwrap_or(0);
    // The frames kept whole: before the first run, and every stop or end.
    let fixed =
        |f: &Frame| f.run == 0 || matches!(f.event, Event::Stop { .. } | Event::GameEnd { .. });
    let lap = |f: &Frame, delay: u16| {
        let mut f = f.clone();
        let pit = match f.event {
            Event::Drop { pit } => pit,
            Event::Lift { pit, .. } => pit,
            Event::Capture { kichwa, .. } => kichwa,
            Event::FromHand { pit } | Event::Stop { pit, .. } => pit,
            Event::Lap { pit, .. } => pit,
            Event::Before | Event::GameEnd { .. } | Event::Final => return f,
        };
        f.event = Event::Lap {
            run: f.run,
            runs,
            pit,
        };
        f.delay_cs = delay;
        f
    };
    for k in (0..=3u16).rev() {
        let mut out = Vec::new();
        for (i, f) in raw.iter().enumerate() {
            if fixed(f) || f.run <= k {
                out.push(f.clone());
            } else if run_ends(&raw, i) {
                out.push(lap(f, LAP_CS));
            }
        }
        if fits(&out, max_frames, max_cs) {
            return out;
        }
    }
    // Too many runs even at one frame each: keep the fixed frames and choose laps evenly.
    let fixed_frames: Vec<&Frame> = raw.iter().filter(|f| fixed(f)).collect();
    let used_cs: u32 = fixed_frames.iter().map(|f| f.delay_cs as u32).sum();
    let room_frames = max_frames.saturating_sub(fixed_frames.len());
    let room_time = (max_cs.saturating_sub(used_cs) / FAST_LAP_CS as u32) as usize;
    let room = room_frames.min(room_time).max(1);
    let ends: Vec<usize> = (0..raw.len())
        .filter(|&i| !fixed(&raw[i]) && run_ends(&raw, i))
        .collect();
    let chosen: Vec<usize> = if ends.len() <= room {
        ends
    } else {
        // Evenly spread, always including the last run.
        (0..room)
            .map(|j| ends[(ends.len() - 1) - (room - 1 - j) * (ends.len() - 1) / (room - 1).max(1)])
            .collect()
    };
    let mut out = Vec::new();
    let mut next = chosen.iter().peekable();
    for (i, f) in raw.iter().enumerate() {
        if fixed(f) {
            out.push(f.clone());
        } else if next.peek() == Some(&&i) {
            next.next();
            out.push(lap(f, FAST_LAP_CS));
        }
    }
    out
}

/// `raw` with the drops of each long run (more than [`LONG_RUN`]) after its first
/// [`SINGLE_DROPS`] shown two or more to a frame (in at most [`GROUPED_DROP_FRAMES`] frames):
/// the frames between are left out, so the next kept frame shows those seeds landed too. A
/// run's last drop is always kept.
fn pair_drops(raw: Vec<Frame>) -> Vec<Frame> {
    let is_drop = |f: &Frame| matches!(f.event, Event::Drop { .. });
    let mut drops_in_run: std::collections::HashMap<u16, usize> = Default::default();
    for f in raw.iter().filter(|f| is_drop(f)) {
        *drops_in_run.entry(f.run).or_default() += 1;
    }
    let mut seen = 0;
    let mut out = Vec::with_capacity(raw.len());
    for (i, f) in raw.iter().enumerate() {
        if !is_drop(f) {
            seen = 0;
            out.push(f.clone());
            continue;
        }
        seen += 1;
        let drops = drops_in_run.get(&f.run).copied().unwrap_or(0);
        let group = drops
            .saturating_sub(SINGLE_DROPS)
            .div_ceil(GROUPED_DROP_FRAMES)
            .max(2);
        let last_of_run = raw
            .get(i + 1)
            .is_none_or(|next| !is_drop(next) || next.run != f.run);
        let shown = seen <= SINGLE_DROPS || (seen - SINGLE_DROPS) % group == 0;
        if drops > LONG_RUN && !shown && !last_of_run {
            continue;
        }
        out.push(f.clone());
    }
    out
}

/// Checks that every frame accounts for all 64 seeds (for tests and debug builds).
pub fn conserves_seeds(frames: &[Frame]) -> bool {
    frames.iter().all(|f| f.seeds() == TOTAL_SEEDS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_namua_takata_drops_seed_by_seed() {
        let before = Position::default();
        let (_, after, trace) = before.play_text("A6 left").unwrap();
        let frames = move_frames(&before, &trace);
        assert!(conserves_seeds(&frames));
        assert_eq!(frames[0].event, Event::Before);
        assert!(matches!(frames[1].event, Event::FromHand { .. }));
        assert!(matches!(frames[2].event, Event::Lift { seeds: 3, .. }));
        let drops = frames
            .iter()
            .filter(|f| matches!(f.event, Event::Drop { .. }))
            .count();
        assert_eq!(drops, 3);
        let last = frames.last().unwrap();
        assert_eq!(last.event, Event::Final);
        assert_eq!(last.pits, after.pits);
        assert_eq!(last.hand, after.hand);
    }

    #[test]
    fn a_long_sowing_shows_its_later_drops_two_to_a_frame() {
        // `A1 right` played from a position given as text: the position and the trace.
        let sow_a1 = |text: &str| {
            let before: Position = text.parse().unwrap();
            let (_, _, trace) = before.play_text("A1 right").unwrap();
            (before, trace)
        };
        // A1 holds 20 seeds: its sowing laps the 16 pits.
        let (before, trace) = sow_a1(
            "variant=kiswahili turn=S hand=0,0 house=- takasia=- \
            A=20,0,0,0,0,0,0,0 B=1,1,1,1,1,1,1,1 a=0,0,0,0,0,0,0,1 b=5,5,5,5,5,5,5,0",
        );
        let raw = raw_frames(&before, &trace);
        let frames = move_frames(&before, &trace);
        assert!(conserves_seeds(&frames));
        let drops = |fs: &[Frame]| {
            fs.iter()
                .filter(|f| matches!(f.event, Event::Drop { .. }))
                .count()
        };
        assert!(
            drops(&frames) < drops(&raw),
            "{} vs {}",
            drops(&frames),
            drops(&raw)
        );
        // Every lift and capture keeps its frame, and each frame differs from the one before
        // by at most two drops.
        let kept = |fs: &[Frame]| {
            fs.iter()
                .filter(|f| matches!(f.event, Event::Lift { .. } | Event::Capture { .. }))
                .count()
        };
        assert_eq!(kept(&frames), kept(&raw));
        for pair in frames.windows(2) {
            if matches!(pair[1].event, Event::Drop { .. }) {
                assert!(pair[0].held - pair[1].held <= 2, "{:?}", pair[1].event);
            }
        }
        // 58 seeds: the 54 after the first four land in at most 8 frames (7 a frame).
        let (before, trace) = sow_a1(
            "variant=kiswahili turn=S hand=0,0 house=- takasia=- \
            A=58,0,0,0,0,0,0,0 B=1,1,1,1,0,0,0,0 a=0,0,0,0,0,0,0,1 b=1,0,0,0,0,0,0,0",
        );
        let frames = move_frames(&before, &trace);
        assert!(conserves_seeds(&frames));
        let first_run: Vec<&Frame> = frames
            .iter()
            .filter(|f| f.run == 1 && matches!(f.event, Event::Drop { .. }))
            .collect();
        assert_eq!(first_run.len(), SINGLE_DROPS + GROUPED_DROP_FRAMES);
        assert_eq!(first_run.last().map(|f| f.held), Some(0));
    }
}
