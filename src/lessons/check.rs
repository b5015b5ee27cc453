//! The check vocabulary of a lesson task: what a move must have done, read from its trace,
//! and the feedback that says what a move did instead (docs/lessons.md lists the words).
//!
//! A check is clauses joined by `&`; a move meets it when it meets every clause:
//!
//! - `captures>=K`, `captures=K`: at least (exactly) K captures in the move;
//! - `relays>=K`: at least K relay sowings (the last pit lifted and sown on; capture
//!   sowings and NYUMBA USE do not count);
//! - `ends_in=PIT`: the move's last seed fell in PIT (the last pit of its last sowing run);
//! - `wins`: the move wins the game;
//! - `kind=capture|takata`, `from=PIT`, `direction=left|right`, `house=stop|use`: the move's
//!   own words, as in its text form (docs/rules.md section 9);
//! - `takes=PIT`: the move captures the opponent's pit PIT (at any point of the move);
//! - `enters=PIT`: the first capture's seeds enter at the kichwa PIT;
//! - `takasia=PIT`: the move sets the takasia mark on the opponent's pit PIT;
//! - `not_loses`: the move does not lose the game for its mover (it does not empty the
//!   mover's own front row in Bao la Kujifunza, and it is not a never-ending move).

use std::fmt;
use std::str::FromStr;

use crate::i18n::{words, Msg, Text};
use crate::msg;
use crate::rules::{
    Direction, EndReason, HouseChoice, MoveKind, Pit, Position, Step, Trace, Variant,
};

/// A check that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{clause}` is not a check clause: {why}")]
pub struct CheckError {
    /// The clause as written.
    pub clause: String,
    /// What is wrong with it.
    pub why: &'static str,
}

/// One condition on a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clause {
    /// `captures>=K`.
    CapturesAtLeast(usize),
    /// `captures=K`.
    Captures(usize),
    /// `relays>=K`.
    RelaysAtLeast(usize),
    /// `ends_in=PIT`.
    EndsIn(Pit),
    /// `wins`.
    Wins,
    /// `kind=capture|takata`.
    Kind(MoveKind),
    /// `from=PIT`.
    From(Pit),
    /// `direction=left|right`.
    Direction(Direction),
    /// `house=stop|use`.
    House(HouseChoice),
    /// `takes=PIT`.
    Takes(Pit),
    /// `enters=PIT`.
    Enters(Pit),
    /// `takasia=PIT`.
    Takasia(Pit),
    /// `not_loses`: the move does not end the game as a loss for its mover.
    NotLoses,
}

/// A task's check: every clause must hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check(pub Vec<Clause>);

/// What a move did, as the checks see it.
#[derive(Debug, Clone)]
pub struct Outcome<'a> {
    /// The position it was played in.
    pub before: &'a Position,
    /// The position after it.
    pub after: &'a Position,
    /// Its trace.
    pub trace: &'a Trace,
}

impl Outcome<'_> {
    fn captures(&self) -> usize {
        self.trace.captures().count()
    }

    fn relays(&self) -> usize {
        self.trace.relays()
    }

    fn first_kichwa(&self) -> Option<Pit> {
        self.trace.captures().next().map(|(_, _, k)| k)
    }

    fn wins(&self) -> bool {
        self.after.winner() == Some(self.trace.mover)
    }

    fn loses(&self) -> bool {
        self.after.winner() == Some(!self.trace.mover)
    }

    fn meets(&self, clause: &Clause) -> bool {
        let mv = &self.trace.mv;
        match *clause {
            Clause::CapturesAtLeast(k) => self.captures() >= k,
            Clause::Captures(k) => self.captures() == k,
            Clause::RelaysAtLeast(k) => self.relays() >= k,
            Clause::EndsIn(p) => self.trace.last_pit() == Some(p),
            Clause::Wins => self.wins(),
            Clause::Kind(k) => mv.kind == k,
            Clause::From(p) => mv.pit == p,
            Clause::Direction(d) => mv.direction == d,
            Clause::House(h) => mv.house == Some(h),
            Clause::Takes(p) => self.trace.captures().any(|(from, _, _)| from == p),
            Clause::Enters(p) => self.first_kichwa() == Some(p),
            Clause::Takasia(p) => self.trace.takasia_set() == Some(p),
            Clause::NotLoses => !self.loses(),
        }
    }

    /// The word for a move that does not capture in this variant.
    fn quiet(&self) -> Msg {
        match self.before.variant() {
            Variant::Kujifunza => msg!("learn-quiet-move"),
            Variant::Kiswahili => msg!("word-takata"),
        }
    }

    /// How the move ended, in one sentence.
    fn ending(&self) -> Msg {
        let n = self.captures();
        let after = msg!("learn-after-captures", n = n);
        if let Some((winner, reason)) = self.trace.game_end() {
            return if winner == self.trace.mover {
                msg!("learn-move-won", reason = words::end_reason(reason))
            } else {
                match reason {
                    EndReason::FrontRowEmptied => msg!("learn-move-emptied-own-row"),
                    _ => msg!("learn-move-lost", reason = words::end_reason(reason)),
                }
            };
        }
        let stop = self.trace.steps.iter().rev().find_map(|s| match *s {
            Step::EndInEmpty { pit } => Some(msg!(
                "learn-ended-empty",
                pit = pit.to_string(),
                after = after.clone()
            )),
            Step::HouseStop { pit } => Some(msg!("learn-ended-house", pit = pit.to_string())),
            Step::HouseChoseStop { pit } => Some(msg!(
                "learn-ended-house-stop",
                pit = pit.to_string(),
                after = after.clone()
            )),
            Step::TakasiaStop { pit } => Some(msg!(
                "learn-ended-takasia",
                pit = pit.to_string(),
                after = after.clone()
            )),
            _ => None,
        });
        stop.unwrap_or_else(|| msg!("learn-ended", after = after))
    }

    /// Why the move misses `clause`, in one sentence.
    fn miss(&self, clause: &Clause) -> Msg {
        let mv = &self.trace.mv;
        let n = self.captures();
        match *clause {
            Clause::CapturesAtLeast(_) if n == 0 && mv.kind == MoveKind::Takata => {
                msg!("learn-miss-quiet-never-captures", quiet = self.quiet())
            }
            Clause::CapturesAtLeast(k) => msg!("learn-miss-captures-at-least", n = n, k = k),
            Clause::Captures(0) => msg!("learn-miss-no-capture-wanted"),
            Clause::Captures(k) => msg!("learn-miss-captures-exactly", n = n, k = k),
            Clause::RelaysAtLeast(k) => msg!(
                "learn-miss-relays",
                relays = self.relays(),
                times = words::times(self.relays()),
                k = k
            ),
            Clause::EndsIn(p) => msg!("learn-miss-ends-in", pit = p.to_string()),
            Clause::Wins => {
                let opponent = !self.trace.mover;
                match self.after.legal_moves().first() {
                    Some(reply) => msg!(
                        "learn-miss-game-goes-on-such-as",
                        side = words::side(opponent),
                        reply = reply.to_string()
                    ),
                    None => msg!("learn-miss-game-goes-on"),
                }
            }
            Clause::Kind(k) => msg!(
                "learn-miss-kind",
                played = kind_word(self, mv.kind),
                wanted = kind_word(self, k)
            ),
            Clause::From(p) => msg!(
                "learn-miss-from",
                played = mv.pit.to_string(),
                pit = p.to_string()
            ),
            Clause::Direction(d) => msg!(
                "learn-miss-direction",
                played = words::direction(mv.direction),
                wanted = words::direction(d)
            ),
            Clause::House(h) => match mv.house {
                Some(chosen) => msg!(
                    "learn-miss-house",
                    chosen = words::house(chosen),
                    wanted = words::house(h)
                ),
                None => msg!("learn-miss-no-house", wanted = words::house(h)),
            },
            Clause::Takes(p) => {
                let taken: Vec<String> = self
                    .trace
                    .captures()
                    .map(|(f, _, _)| f.to_string())
                    .collect();
                match taken.split_last() {
                    None => msg!("learn-miss-took-nothing", pit = p.to_string()),
                    Some((last, rest)) if !rest.is_empty() => msg!(
                        "learn-miss-took-other",
                        taken = msg!("word-and", first = rest.join(", "), last = last.as_str()),
                        pit = p.to_string()
                    ),
                    Some((last, _)) => msg!(
                        "learn-miss-took-other",
                        taken = last.as_str(),
                        pit = p.to_string()
                    ),
                }
            }
            Clause::Enters(p) => match self.first_kichwa() {
                Some(k) => msg!(
                    "learn-miss-entered",
                    kichwa = k.to_string(),
                    pit = p.to_string()
                ),
                None => msg!("learn-miss-entered-none", pit = p.to_string()),
            },
            Clause::Takasia(p) => match self.trace.takasia_set() {
                Some(t) => msg!(
                    "learn-miss-takasia",
                    set = t.to_string(),
                    pit = p.to_string()
                ),
                None => msg!("learn-miss-takasia-none", pit = p.to_string()),
            },
            Clause::NotLoses => match self.trace.game_end() {
                Some((_, EndReason::FrontRowEmptied))
                    if self.before.variant() == Variant::Kujifunza =>
                {
                    msg!("learn-miss-emptied-own-row")
                }
                Some((_, EndReason::NeverEndingMove)) => msg!("learn-miss-never-ends"),
                _ => msg!("learn-miss-loses"),
            },
        }
    }
}

fn kind_word(outcome: &Outcome<'_>, kind: MoveKind) -> Msg {
    match kind {
        MoveKind::Capture => msg!("word-capture"),
        MoveKind::Takata => outcome.quiet(),
    }
}

impl Check {
    /// Whether the move of `outcome` meets every clause.
    pub fn meets(&self, outcome: &Outcome<'_>) -> bool {
        self.0.iter().all(|c| outcome.meets(c))
    }

    /// What the bot says to a move that misses the check (`None` when it meets it): how the
    /// move ended, then why it misses the first clause it misses.
    pub fn feedback(&self, outcome: &Outcome<'_>) -> Option<Text> {
        let missed = self.0.iter().find(|c| !outcome.meets(c))?;
        Some(
            Text::from(outcome.ending())
                .then(" ")
                .then(outcome.miss(missed)),
        )
    }

    /// The pit the check asks to start from, if it names one.
    pub fn start(&self) -> Option<Pit> {
        self.0.iter().find_map(|c| match c {
            Clause::From(p) => Some(*p),
            _ => None,
        })
    }
}

fn pit(clause: &str, text: &str) -> Result<Pit, CheckError> {
    text.parse().map_err(|_| CheckError {
        clause: clause.into(),
        why: "not a pit (A1-A8, B1-B8, a1-a8, b1-b8)",
    })
}

fn number(clause: &str, text: &str) -> Result<usize, CheckError> {
    text.parse().map_err(|_| CheckError {
        clause: clause.into(),
        why: "not a number",
    })
}

impl FromStr for Clause {
    type Err = CheckError;

    fn from_str(s: &str) -> Result<Clause, CheckError> {
        let bad = |why| CheckError {
            clause: s.into(),
            why,
        };
        if s == "wins" {
            return Ok(Clause::Wins);
        }
        if s == "not_loses" {
            return Ok(Clause::NotLoses);
        }
        if let Some(k) = s.strip_prefix("captures>=") {
            return Ok(Clause::CapturesAtLeast(number(s, k)?));
        }
        if let Some(k) = s.strip_prefix("relays>=") {
            return Ok(Clause::RelaysAtLeast(number(s, k)?));
        }
        let Some((key, value)) = s.split_once('=') else {
            return Err(bad(
                "expected a word such as captures>=1, ends_in=A3 or wins",
            ));
        };
        Ok(match key {
            "captures" => Clause::Captures(number(s, value)?),
            "ends_in" => Clause::EndsIn(pit(s, value)?),
            "from" => Clause::From(pit(s, value)?),
            "takes" => Clause::Takes(pit(s, value)?),
            "enters" => Clause::Enters(pit(s, value)?),
            "takasia" => Clause::Takasia(pit(s, value)?),
            "kind" => match value {
                "capture" => Clause::Kind(MoveKind::Capture),
                "takata" => Clause::Kind(MoveKind::Takata),
                _ => return Err(bad("kind is capture or takata")),
            },
            "direction" => match value {
                "left" => Clause::Direction(Direction::Left),
                "right" => Clause::Direction(Direction::Right),
                _ => return Err(bad("direction is left or right")),
            },
            "house" => match value {
                "stop" => Clause::House(HouseChoice::Stop),
                "use" => Clause::House(HouseChoice::Use),
                _ => return Err(bad("house is stop or use")),
            },
            _ => return Err(bad("unknown word")),
        })
    }
}

impl FromStr for Check {
    type Err = CheckError;

    fn from_str(s: &str) -> Result<Check, CheckError> {
        s.split('&')
            .map(|c| c.trim().parse())
            .collect::<Result<Vec<_>, _>>()
            .map(Check)
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Clause::CapturesAtLeast(k) => write!(f, "captures>={k}"),
            Clause::Captures(k) => write!(f, "captures={k}"),
            Clause::RelaysAtLeast(k) => write!(f, "relays>={k}"),
            Clause::EndsIn(p) => write!(f, "ends_in={p}"),
            Clause::Wins => f.write_str("wins"),
            Clause::Kind(k) => write!(f, "kind={}", k.word()),
            Clause::From(p) => write!(f, "from={p}"),
            Clause::Direction(d) => write!(f, "direction={d}"),
            Clause::House(h) => write!(f, "house={}", h.word()),
            Clause::Takes(p) => write!(f, "takes={p}"),
            Clause::Enters(p) => write!(f, "enters={p}"),
            Clause::Takasia(p) => write!(f, "takasia={p}"),
            Clause::NotLoses => f.write_str("not_loses"),
        }
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.0.iter().map(|c| c.to_string()).collect();
        f.write_str(&words.join("&"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_read_back_what_they_write() {
        for text in [
            "captures>=2",
            "captures=0&relays>=3",
            "ends_in=B8",
            "wins",
            "kind=capture&from=A4&direction=left&house=stop",
            "takes=a5&enters=A8",
            "takasia=a5",
            "not_loses&ends_in=A4",
        ] {
            let check: Check = text.parse().unwrap();
            assert_eq!(check.to_string(), text);
        }
        for bad in ["", "captures>x", "ends_in=Z9", "kind=big", "flies"] {
            assert!(bad.parse::<Check>().is_err(), "{bad}");
        }
    }
}
