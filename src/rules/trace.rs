//! The trace of a move: what happened, step by step, for pictures and descriptions.

use std::fmt;

use super::moves::Move;
use super::types::{Direction, Pit, Side};

/// Why a game ended, as far as the rules know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The loser's front row is empty (captured empty, or, in Kujifunza, emptied by their own
    /// move).
    FrontRowEmptied,
    /// The loser had no legal move on their turn.
    NoLegalMove,
    /// The loser's move needed more than 512 sowing runs.
    NeverEndingMove,
}

impl EndReason {
    /// Words for a caption: `front row emptied`, ...
    pub const fn words(self) -> &'static str {
        match self {
            EndReason::FrontRowEmptied => "front row emptied",
            EndReason::NoLegalMove => "no legal move",
            EndReason::NeverEndingMove => "never-ending move",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}

/// Why seeds were lifted from a pit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LiftReason {
    /// The move's start.
    Start,
    /// The two-piece start (tax) from the owned nyumba: just 2 seeds.
    TwoPiece,
    /// Relay sowing from an occupied last pit.
    Relay,
    /// NYUMBA USE: the house lifted to sow on.
    HouseUse,
}

/// One thing that happened during a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    /// A seed from hand added to a front pit (namua).
    AddFromHand {
        /// Where it went.
        pit: Pit,
    },
    /// Seeds lifted from a pit to be sown.
    Lift {
        /// The pit lifted.
        pit: Pit,
        /// How many seeds.
        seeds: u8,
        /// Why.
        reason: LiftReason,
        /// The direction they are sown in.
        direction: Direction,
    },
    /// One seed dropped into a pit.
    Drop {
        /// The pit.
        pit: Pit,
    },
    /// An opponent pit captured; its seeds are sown from `kichwa`.
    Capture {
        /// The opponent's pit taken.
        from: Pit,
        /// How many seeds.
        seeds: u8,
        /// The kichwa the seeds enter (first seed goes into it).
        kichwa: Pit,
        /// The direction they are then sown in.
        direction: Direction,
    },
    /// The sowing run ended in an empty pit: the move ends.
    EndInEmpty {
        /// The last pit.
        pit: Pit,
    },
    /// A namua takata ended in the owned nyumba (6 or more): the move stops there.
    HouseStop {
        /// The house.
        pit: Pit,
    },
    /// A namua capturing move chose NYUMBA STOP.
    HouseChoseStop {
        /// The house.
        pit: Pit,
    },
    /// A sowing run ended in the takasia target: the move ends.
    TakasiaStop {
        /// The target.
        pit: Pit,
    },
    /// A side's nyumba is no longer owned.
    HouseLost {
        /// Whose house.
        side: Side,
    },
    /// The move needed a 513th sowing run after its first: a never-ending move.
    RunLimit,
    /// The game ended.
    GameEnd {
        /// The winner.
        winner: Side,
        /// Why.
        reason: EndReason,
    },
    /// After this mtaji takata the opponent may not start from `pit` on their next turn.
    TakasiaSet {
        /// The restricted pit (the opponent's).
        pit: Pit,
    },
}

/// Everything that happened in one move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trace {
    /// The move played.
    pub mv: Move,
    /// Who played it.
    pub mover: Side,
    /// Its steps, in order.
    pub steps: Vec<Step>,
}

/// Receives the steps of a move as it is played; the no-op recorder costs nothing.
pub(crate) trait Recorder {
    fn step(&mut self, step: Step);
}

/// Records nothing (search, perft).
pub(crate) struct NoTrace;

impl Recorder for NoTrace {
    #[inline(always)]
    fn step(&mut self, _: Step) {}
}

impl Recorder for Vec<Step> {
    fn step(&mut self, step: Step) {
        self.push(step);
    }
}

/// `once`, `twice`, `3 times`.
pub(crate) fn times(n: usize) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

impl Trace {
    /// The opponent pits captured, in order, with the seeds taken.
    pub fn captures(&self) -> impl Iterator<Item = (Pit, u8, Pit)> + '_ {
        self.steps.iter().filter_map(|s| match *s {
            Step::Capture {
                from,
                seeds,
                kichwa,
                ..
            } => Some((from, seeds, kichwa)),
            _ => None,
        })
    }

    /// Each kichwa that captured seeds were sown from, with the way they were sown, once per
    /// (kichwa, direction), in order. A capture that wins the game is not sown: its seeds
    /// never enter the kichwa.
    pub fn sown_captures(&self) -> Vec<(Pit, Direction)> {
        let mut entered: Vec<(Pit, Direction)> = Vec::new();
        for (i, step) in self.steps.iter().enumerate() {
            if let Step::Capture {
                kichwa, direction, ..
            } = *step
            {
                let sown = self.steps[i + 1..]
                    .iter()
                    .find_map(|s| match s {
                        Step::Drop { .. } => Some(true),
                        Step::GameEnd { .. } => Some(false),
                        _ => None,
                    })
                    .unwrap_or(false);
                if sown && !entered.contains(&(kichwa, direction)) {
                    entered.push((kichwa, direction));
                }
            }
        }
        entered
    }

    /// How many times the move relayed (lifted an occupied last pit to sow on).
    pub fn relays(&self) -> usize {
        self.steps
            .iter()
            .filter(|s| {
                matches!(
                    s,
                    Step::Lift {
                        reason: LiftReason::Relay,
                        ..
                    }
                )
            })
            .count()
    }

    /// The pit where the last seed of the move landed, if any seed was sown.
    pub fn last_pit(&self) -> Option<Pit> {
        self.steps.iter().rev().find_map(|s| match *s {
            Step::Drop { pit } => Some(pit),
            _ => None,
        })
    }

    /// The pit the move started from (where the seed from hand went, or the first lift).
    pub fn start_pit(&self) -> Pit {
        self.mv.pit
    }

    /// How the game ended in this move, if it did.
    pub fn game_end(&self) -> Option<(Side, EndReason)> {
        self.steps.iter().find_map(|s| match *s {
            Step::GameEnd { winner, reason } => Some((winner, reason)),
            _ => None,
        })
    }

    /// The takasia target this move set for the opponent, if any.
    pub fn takasia_set(&self) -> Option<Pit> {
        self.steps.iter().find_map(|s| match *s {
            Step::TakasiaSet { pit } => Some(pit),
            _ => None,
        })
    }

    /// One sentence: "A4 captured 3 from a5, sowed from A1, relayed twice, ended in B8."
    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        let mut relays = 0usize;
        let flush = |parts: &mut Vec<String>, relays: &mut usize| {
            if *relays > 0 {
                parts.push(format!("relayed {}", times(*relays)));
                *relays = 0;
            }
        };
        let mut first_lift = true;
        let mut added = false;
        for (i, step) in self.steps.iter().enumerate() {
            // A capture that wins at once sows nothing.
            let wins_now = self.steps[i + 1..]
                .iter()
                .find(|s| !matches!(s, Step::HouseLost { .. }))
                .is_some_and(|s| matches!(s, Step::GameEnd { .. }));
            match *step {
                Step::AddFromHand { .. } => added = true,
                Step::Lift {
                    pit,
                    seeds,
                    reason,
                    direction,
                } => match reason {
                    LiftReason::Start | LiftReason::TwoPiece if first_lift => {
                        first_lift = false;
                        let what = if reason == LiftReason::TwoPiece {
                            "2 (two-piece start)".to_string()
                        } else {
                            seeds.to_string()
                        };
                        let hand = if added { " with a seed from hand" } else { "" };
                        parts.push(format!("{pit}{hand} sowed {what} {direction}"));
                    }
                    LiftReason::HouseUse => {
                        flush(&mut parts, &mut relays);
                        parts.push(format!("used the nyumba {pit} ({seeds})"));
                    }
                    _ => relays += 1,
                },
                Step::Capture {
                    from,
                    seeds,
                    kichwa,
                    ..
                } => {
                    flush(&mut parts, &mut relays);
                    let sown = if wins_now {
                        String::new()
                    } else {
                        format!(", sowed from {kichwa}")
                    };
                    if first_lift && added {
                        parts.push(format!(
                            "{} with a seed from hand captured {seeds} from {from}{sown}",
                            self.mv.pit
                        ));
                    } else {
                        parts.push(format!("captured {seeds} from {from}{sown}"));
                    }
                    first_lift = false;
                }
                Step::EndInEmpty { pit } => {
                    flush(&mut parts, &mut relays);
                    parts.push(format!("ended in {pit}"));
                }
                Step::HouseStop { pit } => {
                    flush(&mut parts, &mut relays);
                    parts.push(format!("stopped in the nyumba {pit}"));
                }
                Step::HouseChoseStop { pit } => {
                    flush(&mut parts, &mut relays);
                    parts.push(format!("stopped in the nyumba {pit} (nyumba stop)"));
                }
                Step::TakasiaStop { pit } => {
                    flush(&mut parts, &mut relays);
                    parts.push(format!("stopped in the takasia pit {pit}"));
                }
                Step::RunLimit => {
                    flush(&mut parts, &mut relays);
                    parts.push("never ended (512 sowing runs)".into());
                }
                Step::GameEnd { winner, reason } => {
                    flush(&mut parts, &mut relays);
                    parts.push(format!("{} wins: {}", winner.name(), reason));
                }
                Step::TakasiaSet { pit } => {
                    parts.push(format!("takasia on {pit}"));
                }
                Step::Drop { .. } | Step::HouseLost { .. } => {}
            }
        }
        flush(&mut parts, &mut relays);
        let mut text = parts.join(", ");
        text.push('.');
        text
    }

    /// Every step in words, one per line (for `bao-bot apply --trace`).
    pub fn lines(&self) -> Vec<String> {
        self.steps.iter().map(|s| s.to_string()).collect()
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Step::AddFromHand { pit } => write!(f, "add a seed from hand to {pit}"),
            Step::Lift {
                pit,
                seeds,
                reason,
                direction,
            } => {
                let why = match reason {
                    LiftReason::Start => "start",
                    LiftReason::TwoPiece => "two-piece start",
                    LiftReason::Relay => "relay",
                    LiftReason::HouseUse => "nyumba use",
                };
                write!(f, "lift {seeds} from {pit} ({why}), sow {direction}")
            }
            Step::Drop { pit } => write!(f, "drop in {pit}"),
            Step::Capture {
                from,
                seeds,
                kichwa,
                direction,
            } => write!(
                f,
                "capture {seeds} from {from}, enter at {kichwa}, sow {direction}"
            ),
            Step::EndInEmpty { pit } => write!(f, "{pit} was empty: the move ends"),
            Step::HouseStop { pit } => write!(f, "stop in the owned nyumba {pit}"),
            Step::HouseChoseStop { pit } => write!(f, "nyumba stop in {pit}"),
            Step::TakasiaStop { pit } => write!(f, "{pit} is the takasia target: the move ends"),
            Step::HouseLost { side } => write!(f, "{}'s nyumba is no longer owned", side.name()),
            Step::RunLimit => write!(f, "512 sowing runs reached: a never-ending move"),
            Step::GameEnd { winner, reason } => {
                write!(f, "game over: {} wins ({reason})", winner.name())
            }
            Step::TakasiaSet { pit } => write!(f, "takasia: {pit} may not be started next turn"),
        }
    }
}
