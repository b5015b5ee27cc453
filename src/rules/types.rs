//! The small domain types: sides, rows, pits, directions, variants and phases.

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

use super::error::ParseError;

/// One of the two players. South (rows `A`, `B`) moves first; North owns rows `a`, `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The first player, owning rows `A` (front) and `B` (back).
    South,
    /// The second player, owning rows `a` (front) and `b` (back).
    North,
}

impl Side {
    /// Both sides, South first.
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// 0 for South, 1 for North: the index used in per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Side::South => 0,
            Side::North => 1,
        }
    }

    /// The letter used in the text forms: `S` or `N`.
    pub const fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }

    /// `South` or `North`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::North => "North",
        }
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Side {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Side, ParseError> {
        match s.to_ascii_lowercase().as_str() {
            "s" | "south" => Ok(Side::South),
            "n" | "north" => Ok(Side::North),
            _ => Err(ParseError::new(format!(
                "`{s}` is not a side: write S (South) or N (North)"
            ))),
        }
    }
}

/// Front row (facing the opponent) or back row (nearest the owner).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Row {
    /// The inner row: `A` for South, `a` for North. Captures happen here.
    Front,
    /// The outer row: `B` for South, `b` for North.
    Back,
}

/// Sowing direction, always from the mover's own view.
///
/// RIGHT runs along the front row from pit 1 to pit 8, turns into the back row at pit 8, runs
/// back from pit 8 to pit 1, then into front pit 1 again. LEFT is the reverse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Toward front pit 1 (and, in the back row, toward pit 8).
    Left,
    /// Toward front pit 8 (and, in the back row, toward pit 1).
    Right,
}

impl Direction {
    /// Both directions, LEFT first.
    pub const ALL: [Direction; 2] = [Direction::Left, Direction::Right];

    /// `left` or `right`.
    pub const fn word(self) -> &'static str {
        match self {
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }

    /// The other direction.
    pub const fn reverse(self) -> Direction {
        match self {
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A pit on the board: its owner and its place in the owner's 16-pit circuit.
///
/// Pits are numbered 1..8 from the owner's own left in both rows. Internally a pit is an index
/// 0..16 along the owner's RIGHT-going circuit: 0..8 are front pits 1..8, 8..16 are back pits
/// 8 down to 1. Front pit `A_i` faces `a_(9-i)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pit {
    side: Side,
    index: u8,
}

impl Pit {
    /// The pit of `side` in `row` with number `number` (1..=8), or `None` if the number is
    /// out of range.
    pub const fn new(side: Side, row: Row, number: u8) -> Option<Pit> {
        if number < 1 || number > 8 {
            return None;
        }
        let index = match row {
            Row::Front => number - 1,
            Row::Back => 16 - number,
        };
        Some(Pit { side, index })
    }

    /// The front pit `number` (1..=8) of `side`. Panics on a number out of range; for
    /// constants and internal use.
    pub const fn front(side: Side, number: u8) -> Pit {
        assert!(number >= 1 && number <= 8);
        Pit {
            side,
            index: number - 1,
        }
    }

    /// The pit at circuit index `index` (0..16) of `side`.
    #[inline]
    pub(crate) const fn from_index(side: Side, index: usize) -> Pit {
        Pit {
            side,
            index: index as u8,
        }
    }

    /// The owner of the pit.
    #[inline]
    pub const fn side(self) -> Side {
        self.side
    }

    /// Front or back row.
    #[inline]
    pub const fn row(self) -> Row {
        if self.index < 8 {
            Row::Front
        } else {
            Row::Back
        }
    }

    /// The pit's number, 1..=8, from its owner's left.
    #[inline]
    pub const fn number(self) -> u8 {
        if self.index < 8 {
            self.index + 1
        } else {
            16 - self.index
        }
    }

    /// Circuit index 0..16 (0..8 front pits 1..8, 8..16 back pits 8..1).
    #[inline]
    pub const fn index(self) -> usize {
        self.index as usize
    }

    /// True for front pit 5, the nyumba position.
    pub const fn is_house(self) -> bool {
        self.index == HOUSE as u8
    }

    /// The opponent's front pit facing this front pit; `None` for a back pit.
    pub const fn facing(self) -> Option<Pit> {
        if self.index < 8 {
            Some(Pit {
                side: match self.side {
                    Side::South => Side::North,
                    Side::North => Side::South,
                },
                index: 7 - self.index,
            })
        } else {
            None
        }
    }

    /// The row letter: `A`/`B` for South, `a`/`b` for North.
    pub const fn letter(self) -> char {
        match (self.side, self.row()) {
            (Side::South, Row::Front) => 'A',
            (Side::South, Row::Back) => 'B',
            (Side::North, Row::Front) => 'a',
            (Side::North, Row::Back) => 'b',
        }
    }

    /// Every pit of `side`, in circuit order (front 1..8, then back 8..1).
    pub fn all_of(side: Side) -> impl Iterator<Item = Pit> {
        (0..16).map(move |i| Pit::from_index(side, i))
    }
}

/// Circuit index of the nyumba (front pit 5).
pub(crate) const HOUSE: usize = 4;

impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.letter(), self.number())
    }
}

impl FromStr for Pit {
    type Err = ParseError;
    /// Reads `A4`, `b8`, ...: the letter's case gives the side (upper South, lower North).
    fn from_str(s: &str) -> Result<Pit, ParseError> {
        let bad = || {
            ParseError::new(format!(
                "`{s}` is not a pit: write a row letter A, B (South) or a, b (North) and a number 1-8, like A4 or b8"
            ))
        };
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(bad)?;
        let rest = chars.as_str();
        let (side, row) = match letter {
            'A' => (Side::South, Row::Front),
            'B' => (Side::South, Row::Back),
            'a' => (Side::North, Row::Front),
            'b' => (Side::North, Row::Back),
            _ => return Err(bad()),
        };
        let number: u8 = rest.parse().map_err(|_| bad())?;
        Pit::new(side, row, number).ok_or_else(bad)
    }
}

/// Which game is played: the full game or the learner's game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Bao la Kiswahili: namua stage with seeds in hand, nyumba, takasia.
    #[default]
    Kiswahili,
    /// Bao la Kujifunza, the learner's game: 2 seeds in every pit, no hand, no nyumba.
    Kujifunza,
}

impl Variant {
    /// `kiswahili` or `kujifunza`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Kiswahili => "kiswahili",
            Variant::Kujifunza => "kujifunza",
        }
    }

    /// Whether the game has the nyumba (house): Kiswahili does, the learner's game does not.
    pub const fn has_nyumba(self) -> bool {
        matches!(self, Variant::Kiswahili)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Variant, ParseError> {
        match s.to_ascii_lowercase().as_str() {
            "kiswahili" => Ok(Variant::Kiswahili),
            "kujifunza" => Ok(Variant::Kujifunza),
            _ => Err(ParseError::new(format!(
                "`{s}` is not a variant: write kiswahili or kujifunza"
            ))),
        }
    }
}

/// The stage of the game for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Namua: the mover still has seeds in hand and brings one in each turn.
    Namua,
    /// Mtaji: both hands are empty; moves are played from the board (always so in Kujifunza).
    Mtaji,
}

impl Phase {
    /// `NAMUA` or `MTAJI`, as shown on the board.
    pub const fn label(self) -> &'static str {
        match self {
            Phase::Namua => "NAMUA",
            Phase::Mtaji => "MTAJI",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// The rule set a game is played under, fixed when it starts (docs/rules.md section 10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum RuleSet {
    /// `v0.2`, the default: docs/rules.md as it stands, with takasia (section 6).
    #[default]
    V02,
    /// `r002`: the seed game's rules before its takasia revision: everything except section 6
    /// (no takasia target is ever set).
    R002,
}

impl RuleSet {
    /// Both rule sets, the default first.
    pub const ALL: [RuleSet; 2] = [RuleSet::V02, RuleSet::R002];

    /// `v0.2` or `r002`, as written in the position line and in commands.
    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::V02 => "v0.2",
            RuleSet::R002 => "r002",
        }
    }

    /// Whether the takasia of docs/rules.md section 6 is played (only `v0.2`).
    #[inline]
    pub const fn has_takasia(self) -> bool {
        matches!(self, RuleSet::V02)
    }

    /// One line saying what the rule set is, for people.
    pub const fn summary(self) -> &'static str {
        match self {
            RuleSet::V02 => "the rules as they stand (guide v0.2), with takasia",
            RuleSet::R002 => "the older R-002 rules: the same, but without takasia",
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RuleSet {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<RuleSet, ParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "v0.2" | "v02" | "0.2" => Ok(RuleSet::V02),
            "r002" | "r-002" => Ok(RuleSet::R002),
            _ => Err(ParseError::new(format!(
                "`{s}` is not a rule set: write v0.2 (with takasia, the default) or r002 (without takasia)"
            ))),
        }
    }
}
