//! The position: seeds in every pit and hand, nyumba ownership, takasia target, side to move,
//! and its one-line text form (docs/rules.md section 9).

use std::fmt;
use std::str::FromStr;

use super::error::{ParseError, PositionError, ReadPositionError};
use super::trace::EndReason;
use super::types::{Phase, Pit, Row, RuleSet, Side, Variant, HOUSE};

/// Seeds in a game of Bao la Kiswahili or Kujifunza.
pub const TOTAL_SEEDS: u32 = 64;

/// A complete game state. Small and `Copy`: playing a move makes a new one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) variant: Variant,
    /// `pits[side][circuit index]`, see [`Pit`].
    pub(crate) pits: [[u8; 16]; 2],
    pub(crate) hand: [u8; 2],
    pub(crate) house: [bool; 2],
    /// Circuit index (front pit) of the side to move's takasia target.
    pub(crate) takasia: Option<u8>,
    pub(crate) turn: Side,
    pub(crate) winner: Option<Side>,
    /// The rule set the game is played under (docs/rules.md section 10).
    pub(crate) rules: RuleSet,
}

impl Default for Position {
    fn default() -> Position {
        Position::start(Variant::Kiswahili)
    }
}

impl Position {
    /// The start position of `variant`, South to move.
    ///
    /// Kiswahili: 6 in each nyumba, 2 in front pits 6 and 7, 22 in each hand, both houses owned.
    /// Kujifunza: 2 seeds in every pit.
    pub fn start(variant: Variant) -> Position {
        match variant {
            Variant::Kiswahili => {
                let mut side = [0u8; 16];
                side[HOUSE] = 6;
                side[5] = 2;
                side[6] = 2;
                Position {
                    variant,
                    pits: [side, side],
                    hand: [22, 22],
                    house: [true, true],
                    takasia: None,
                    turn: Side::South,
                    winner: None,
                    rules: RuleSet::V02,
                }
            }
            Variant::Kujifunza => Position {
                variant,
                pits: [[2; 16]; 2],
                hand: [0, 0],
                house: [false, false],
                takasia: None,
                turn: Side::South,
                winner: None,
                rules: RuleSet::V02,
            },
        }
    }

    /// Kiswahili or Kujifunza.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The rule set the game is played under: `v0.2` (with takasia) or `r002`.
    #[inline]
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The same position played under `rules` from here on. Under `r002`, which has no
    /// takasia, any takasia mark is dropped.
    pub fn with_rules(mut self, rules: RuleSet) -> Position {
        self.rules = rules;
        if !rules.has_takasia() {
            self.takasia = None;
        }
        self
    }

    /// The side to move (after the game ends: the side that would have moved next).
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// Seeds in `pit`.
    #[inline]
    pub fn seeds(&self, pit: Pit) -> u8 {
        self.pits[pit.side().index()][pit.index()]
    }

    /// Seeds in `side`'s hand.
    pub fn hand(&self, side: Side) -> u8 {
        self.hand[side.index()]
    }

    /// Whether `side` still owns its nyumba.
    pub fn owns_house(&self, side: Side) -> bool {
        self.house[side.index()]
    }

    /// The side to move's takasia target: the pit it may not start from this turn.
    pub fn takasia(&self) -> Option<Pit> {
        self.takasia.map(|i| Pit::from_index(self.turn, i as usize))
    }

    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// True once the game is over.
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// Namua while the side to move has seeds in hand (Kiswahili), else mtaji.
    pub fn phase(&self) -> Phase {
        if self.variant == Variant::Kiswahili && self.hand[self.turn.index()] > 0 {
            Phase::Namua
        } else {
            Phase::Mtaji
        }
    }

    /// Seeds on `side`'s 16 pits.
    pub fn seeds_on_board(&self, side: Side) -> u32 {
        self.pits[side.index()].iter().map(|&n| n as u32).sum()
    }

    /// Why the game ended, worked out from the final position: the loser's front row is
    /// empty, or the loser (to move) has no legal move, or else a never-ending move.
    pub fn end_reason(&self) -> Option<EndReason> {
        let winner = self.winner?;
        let loser = !winner;
        if self.front_empty(loser) {
            Some(EndReason::FrontRowEmptied)
        } else if self.turn == loser && !self.has_any_move(loser) {
            Some(EndReason::NoLegalMove)
        } else {
            Some(EndReason::NeverEndingMove)
        }
    }

    /// Sets the winner (for the bot: resignation, timeout); the board is unchanged.
    pub fn with_winner(mut self, winner: Side) -> Position {
        self.winner = Some(winner);
        self.takasia = None;
        self
    }

    /// The same board with the other side to move and no takasia: what the waiting side could
    /// do if it moved now (for the AI's evaluation of threats). Not a game continuation: Bao
    /// has no passing, and the result may fail [`Position::validate`].
    pub fn with_turn_passed(mut self) -> Position {
        self.turn = !self.turn;
        self.takasia = None;
        self
    }

    #[inline]
    pub(crate) fn front_empty(&self, side: Side) -> bool {
        self.pits[side.index()][..8].iter().all(|&n| n == 0)
    }

    /// Checks that the position can occur in a game.
    pub fn validate(&self) -> Result<(), PositionError> {
        let on_board: u32 = Side::ALL.iter().map(|&s| self.seeds_on_board(s)).sum();
        let in_hand = self.hand[0] as u32 + self.hand[1] as u32;
        let total = on_board + in_hand;
        let running = self.winner.is_none();
        if running && total != TOTAL_SEEDS {
            return Err(PositionError::new(format!(
                "{on_board} seeds on the board and {in_hand} in hand make {total}, but a running game has exactly {TOTAL_SEEDS}"
            )));
        }
        if total > TOTAL_SEEDS {
            return Err(PositionError::new(format!(
                "{total} seeds on the board and in hand, but there are only {TOTAL_SEEDS}"
            )));
        }
        if self.takasia.is_some() && !self.rules.has_takasia() {
            return Err(PositionError::new(format!(
                "rule set {} has no takasia: write takasia=-",
                self.rules
            )));
        }
        match self.variant {
            Variant::Kujifunza => {
                if in_hand > 0 {
                    return Err(PositionError::new(
                        "kujifunza has no seeds in hand: write hand=0,0",
                    ));
                }
                if self.house.iter().any(|&h| h) {
                    return Err(PositionError::new("kujifunza has no nyumba: write house=-"));
                }
                if self.takasia.is_some() {
                    return Err(PositionError::new(
                        "kujifunza has no takasia: write takasia=-",
                    ));
                }
            }
            Variant::Kiswahili => {
                let me = self.turn.index();
                if running && self.hand[me] == 0 && self.hand[1 - me] > 0 {
                    return Err(PositionError::new(format!(
                        "{} is to move with an empty hand while {} still has {} in hand; hands empty South first, one seed a turn",
                        self.turn.name(),
                        (!self.turn).name(),
                        self.hand[1 - me]
                    )));
                }
                for side in Side::ALL {
                    if self.house[side.index()] && self.pits[side.index()][HOUSE] == 0 {
                        return Err(PositionError::new(format!(
                            "{}'s nyumba {} is owned but empty; an emptied nyumba is no longer owned",
                            side.name(),
                            Pit::front(side, 5)
                        )));
                    }
                }
                if let Some(t) = self.takasia() {
                    let n = self.seeds(t);
                    if self.hand != [0, 0] {
                        return Err(PositionError::new(format!(
                            "takasia {t} in the namua stage; takasia applies only when both hands are empty"
                        )));
                    }
                    if n == 0 {
                        return Err(PositionError::new(format!(
                            "takasia mark on the empty pit {t}"
                        )));
                    }
                    if n == 1 {
                        return Err(PositionError::new(format!(
                            "takasia mark on {t}, which holds 1 seed; such a pit is exempt"
                        )));
                    }
                    if t.is_house() && self.owns_house(t.side()) {
                        return Err(PositionError::new(format!(
                            "takasia mark on the owned nyumba {t}, which is exempt"
                        )));
                    }
                }
            }
        }
        Ok(())
    }

    /// Builds a position from its parts, checking it (see [`Position::validate`]).
    /// `rows[side]` lists the circuit counts of each side in docs/rules.md order: front 1..8 then
    /// back 1..8.
    #[allow(clippy::too_many_arguments)]
    pub fn from_parts(
        variant: Variant,
        turn: Side,
        hand: [u8; 2],
        house: [bool; 2],
        takasia: Option<Pit>,
        front: [[u8; 8]; 2],
        back: [[u8; 8]; 2],
        winner: Option<Side>,
    ) -> Result<Position, PositionError> {
        let mut pits = [[0u8; 16]; 2];
        for side in Side::ALL {
            for n in 1..=8u8 {
                let f = Pit::new(side, Row::Front, n).expect("1..=8");
                let b = Pit::new(side, Row::Back, n).expect("1..=8");
                pits[side.index()][f.index()] = front[side.index()][n as usize - 1];
                pits[side.index()][b.index()] = back[side.index()][n as usize - 1];
            }
        }
        if let Some(t) = takasia {
            if t.side() != turn || t.row() != Row::Front {
                return Err(PositionError::new(format!(
                    "takasia {t} is not a front pit of the side to move"
                )));
            }
        }
        let pos = Position {
            variant,
            pits,
            hand,
            house,
            takasia: takasia.map(|p| p.index() as u8),
            turn,
            winner,
            rules: RuleSet::V02,
        };
        pos.validate()?;
        Ok(pos)
    }

    fn row_counts(&self, side: Side, row: Row) -> [u8; 8] {
        let mut out = [0u8; 8];
        for n in 1..=8u8 {
            let pit = Pit::new(side, row, n).expect("1..=8");
            out[n as usize - 1] = self.seeds(pit);
        }
        out
    }
}

fn join_counts(counts: &[u8; 8]) -> String {
    counts
        .iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

impl fmt::Display for Position {
    /// `variant=kiswahili turn=S hand=22,22 house=S,N takasia=- A=... B=... a=... b=...`
    /// and ` winner=S` when the game is over; ` rules=r002` after the variant under that rule
    /// set (nothing for the default `v0.2`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let house = match self.house {
            [true, true] => "S,N",
            [true, false] => "S",
            [false, true] => "N",
            [false, false] => "-",
        };
        let takasia = match self.takasia() {
            Some(p) => p.to_string(),
            None => "-".into(),
        };
        write!(f, "variant={}", self.variant)?;
        if self.rules != RuleSet::V02 {
            write!(f, " rules={}", self.rules)?;
        }
        write!(
            f,
            " turn={} hand={},{} house={} takasia={}",
            self.turn, self.hand[0], self.hand[1], house, takasia
        )?;
        for (key, side, row) in [
            ("A", Side::South, Row::Front),
            ("B", Side::South, Row::Back),
            ("a", Side::North, Row::Front),
            ("b", Side::North, Row::Back),
        ] {
            write!(f, " {key}={}", join_counts(&self.row_counts(side, row)))?;
        }
        if let Some(w) = self.winner {
            write!(f, " winner={w}")?;
        }
        Ok(())
    }
}

const POSITION_FORM: &str =
    "variant=kiswahili turn=S hand=22,22 house=S,N takasia=- A=0,0,0,0,6,2,2,0 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,2,2,0 b=0,0,0,0,0,0,0,0";

fn parse_row(key: &str, value: &str) -> Result<[u8; 8], ParseError> {
    let parts: Vec<&str> = value.split(',').collect();
    if parts.len() != 8 {
        return Err(ParseError::new(format!(
            "{key}= needs 8 counts separated by commas (pit 1 to pit 8), found {}: `{value}`",
            parts.len()
        )));
    }
    let mut out = [0u8; 8];
    for (i, p) in parts.iter().enumerate() {
        out[i] = p
            .trim()
            .parse::<u8>()
            .ok()
            .filter(|&n| n <= 64)
            .ok_or_else(|| {
                ParseError::new(format!(
                    "{key}= pit {} holds `{p}`, which is not a count 0-64",
                    i + 1
                ))
            })?;
    }
    Ok(out)
}

impl FromStr for Position {
    type Err = ReadPositionError;

    /// Reads the one-line form; fields in any order, case ignored except in the row keys
    /// `A`, `B`, `a`, `b`. `variant` defaults to kiswahili, `takasia` to `-`; Kujifunza may
    /// leave out `hand` and `house`.
    fn from_str(s: &str) -> Result<Position, ReadPositionError> {
        let mut variant = None;
        let mut rules = None;
        let mut turn = None;
        let mut hand = None;
        let mut house = None;
        let mut takasia_text: Option<String> = None;
        let mut rows: [Option<[u8; 8]>; 4] = [None; 4];
        let mut winner = None;
        let text = s.trim();
        if text.is_empty() {
            return Err(
                ParseError::new(format!("an empty position: write {POSITION_FORM}")).into(),
            );
        }
        for field in text.split_whitespace() {
            let Some((key, value)) = field.split_once('=') else {
                return Err(ParseError::new(format!(
                    "`{field}` is not a key=value field; a position reads like {POSITION_FORM}"
                ))
                .into());
            };
            let lower = key.to_ascii_lowercase();
            let dup = || ParseError::new(format!("the field {key}= is given twice"));
            match key {
                "A" | "B" | "a" | "b" => {
                    let slot = match key {
                        "A" => 0,
                        "B" => 1,
                        "a" => 2,
                        _ => 3,
                    };
                    if rows[slot].is_some() {
                        return Err(dup().into());
                    }
                    rows[slot] = Some(parse_row(key, value)?);
                    continue;
                }
                _ => {}
            }
            match lower.as_str() {
                "variant" => {
                    if variant.replace(value.parse::<Variant>()?).is_some() {
                        return Err(dup().into());
                    }
                }
                "rules" => {
                    if rules.replace(value.parse::<RuleSet>()?).is_some() {
                        return Err(dup().into());
                    }
                }
                "turn" => {
                    if turn.replace(value.parse::<Side>()?).is_some() {
                        return Err(dup().into());
                    }
                }
                "winner" => {
                    let w = if value == "-" {
                        None
                    } else {
                        Some(value.parse::<Side>()?)
                    };
                    if winner.replace(w).is_some() {
                        return Err(dup().into());
                    }
                }
                "hand" => {
                    let parsed = value
                        .split_once(',')
                        .and_then(|(a, b)| {
                            Some([a.trim().parse::<u8>().ok()?, b.trim().parse::<u8>().ok()?])
                        })
                        .filter(|h| h[0] <= 64 && h[1] <= 64)
                        .ok_or_else(|| {
                            ParseError::new(format!(
                                "hand=`{value}` is not two counts: write hand=SOUTH,NORTH like hand=22,22"
                            ))
                        })?;
                    if hand.replace(parsed).is_some() {
                        return Err(dup().into());
                    }
                }
                "house" => {
                    let parsed = match value.to_ascii_uppercase().as_str() {
                        "S,N" | "N,S" => [true, true],
                        "S" => [true, false],
                        "N" => [false, true],
                        "-" => [false, false],
                        _ => {
                            return Err(ParseError::new(format!(
                                "house=`{value}` names no owned nyumbas: write S,N, S, N or -"
                            ))
                            .into())
                        }
                    };
                    if house.replace(parsed).is_some() {
                        return Err(dup().into());
                    }
                }
                "takasia" => {
                    if takasia_text.replace(value.to_string()).is_some() {
                        return Err(dup().into());
                    }
                }
                _ => {
                    return Err(ParseError::new(format!(
                        "unknown field `{key}=`: a position has variant, turn, hand, house, takasia, A, B, a, b and optionally rules and winner"
                    ))
                    .into())
                }
            }
        }
        let variant = variant.unwrap_or_default();
        let turn =
            turn.ok_or_else(|| ParseError::new("the position has no turn= field (S or N)"))?;
        let (hand, house) = match variant {
            Variant::Kujifunza => (hand.unwrap_or([0, 0]), house.unwrap_or([false, false])),
            Variant::Kiswahili => (
                hand.ok_or_else(|| {
                    ParseError::new("the position has no hand= field, like hand=22,22")
                })?,
                house.ok_or_else(|| {
                    ParseError::new("the position has no house= field (S,N, S, N or -)")
                })?,
            ),
        };
        let mut got = [[0u8; 8]; 4];
        for (slot, key) in ["A", "B", "a", "b"].iter().enumerate() {
            got[slot] = rows[slot].ok_or_else(|| {
                ParseError::new(format!(
                    "the position has no {key}= row (8 counts, pit 1 to pit 8)"
                ))
            })?;
        }
        let takasia = match takasia_text.as_deref() {
            None | Some("-") => None,
            Some(t) => {
                let pit: Pit = t.parse().map_err(|_| {
                    ParseError::new(format!(
                        "takasia=`{t}` is not a pit: write the side to move's front pit like a4, or -"
                    ))
                })?;
                if pit.row() != Row::Front {
                    return Err(PositionError::new(format!(
                        "takasia {t} is in a back row; only front pits are restricted"
                    ))
                    .into());
                }
                // Case is forgiven: the target is always the side to move's own pit.
                Some(Pit::front(turn, pit.number()))
            }
        };
        let rules = rules.unwrap_or_default();
        if takasia.is_some() && !rules.has_takasia() {
            return Err(PositionError::new(format!(
                "rule set {rules} has no takasia: write takasia=-"
            ))
            .into());
        }
        Ok(Position::from_parts(
            variant,
            turn,
            hand,
            house,
            takasia,
            [got[0], got[2]],
            [got[1], got[3]],
            winner.flatten(),
        )?
        .with_rules(rules))
    }
}
