//! Moves and their text form (docs/rules.md section 9).
//!
//! A [`Move`] is complete and canonical: `A4 left capture`, `a5 right takata`,
//! `A3 left capture use`, `A4 right capture enter-left`. A [`MoveSpec`] is what a player wrote,
//! with the optional words left out; [`super::Position::find_move`] resolves it.

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;

use super::error::{MoveWord, ParseError, ParseProblem};
use super::types::{Direction, Pit, Row, Side};

/// Whether a move captures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A capturing move: a namua capture, or a start whose first sowing run captures.
    Capture,
    /// Takata: a non-capturing move; it never captures, whatever happens during it.
    Takata,
}

impl MoveKind {
    /// `capture` or `takata`.
    pub const fn word(self) -> &'static str {
        match self {
            MoveKind::Capture => "capture",
            MoveKind::Takata => "takata",
        }
    }
}

/// The nyumba choice of a namua capturing move whose sowing ends in the owned house (6 or
/// more seeds) with nothing to capture there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HouseChoice {
    /// NYUMBA STOP: the move ends there and the house stays owned.
    Stop,
    /// NYUMBA USE (safari): lift the house and sow on; the house is no longer owned.
    Use,
}

impl HouseChoice {
    /// `stop` or `use`.
    pub const fn word(self) -> &'static str {
        match self {
            HouseChoice::Stop => "stop",
            HouseChoice::Use => "use",
        }
    }
}

/// A complete legal-move description.
///
/// `direction` is the sowing direction, except in a namua capture, where it names the entry
/// side (`left` = enter at pit 1 and sow RIGHT). `entry` is the learner's choice of kichwa for
/// the first capture at pits 3-6 (`enter-left` = pit 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The starting pit (in a namua capture, the pit the seed from hand goes into).
    pub pit: Pit,
    /// Sowing direction, or entry side in a namua capture.
    pub direction: Direction,
    /// Capture or takata.
    pub kind: MoveKind,
    /// `stop`/`use`, only on moves where the nyumba choice arises.
    pub house: Option<HouseChoice>,
    /// `enter-left`/`enter-right`, only on learner's moves whose first capture is at pits 3-6.
    pub entry: Option<Direction>,
}

impl Move {
    /// A move without house or entry choice.
    pub const fn new(pit: Pit, direction: Direction, kind: MoveKind) -> Move {
        Move {
            pit,
            direction,
            kind,
            house: None,
            entry: None,
        }
    }

    /// Does what a player wrote fit this move? Optional words left out match anything; the
    /// pit letter's case is ignored (a move's pit is always the mover's own).
    pub fn matches(&self, spec: &MoveSpec) -> bool {
        self.pit.row() == spec.row
            && self.pit.number() == spec.number
            && self.direction == spec.direction
            && spec.kind.is_none_or(|k| k == self.kind)
            && spec.house.is_none_or(|h| Some(h) == self.house)
            && spec.entry.is_none_or(|e| Some(e) == self.entry)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.pit, self.direction, self.kind.word())?;
        if let Some(h) = self.house {
            write!(f, " {}", h.word())?;
        }
        if let Some(e) = self.entry {
            write!(f, " enter-{}", e.word())?;
        }
        Ok(())
    }
}

impl FromStr for Move {
    type Err = ParseError;
    /// Reads a canonical move. The pit letter's case gives the side; the kind word is required
    /// here (use [`MoveSpec`] and [`super::Position::find_move`] for what players type).
    fn from_str(s: &str) -> Result<Move, ParseError> {
        let spec: MoveSpec = s.parse()?;
        let kind = spec.kind.ok_or_else(|| {
            ParseError::of(ParseProblem::NoKind {
                text: s.trim().to_string(),
            })
        })?;
        let side = if spec.upper { Side::South } else { Side::North };
        let pit = Pit::new(side, spec.row, spec.number)
            .ok_or_else(|| ParseError::new("pit number out of range"))?;
        Ok(Move {
            pit,
            direction: spec.direction,
            kind,
            house: spec.house,
            entry: spec.entry,
        })
    }
}

/// A move as a player wrote it: pit and direction, and whichever optional words were given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveSpec {
    /// Front or back row.
    pub row: Row,
    /// Pit number 1..=8.
    pub number: u8,
    /// Whether the pit letter was upper case (South's letters).
    pub upper: bool,
    /// Direction word.
    pub direction: Direction,
    /// `capture`/`takata`, if given.
    pub kind: Option<MoveKind>,
    /// `stop`/`use`, if given.
    pub house: Option<HouseChoice>,
    /// `enter-left`/`enter-right`, if given.
    pub entry: Option<Direction>,
}

/// The form a move takes, for error messages.
pub const MOVE_FORM: &str =
    "<pit> <left|right> [capture|takata] [stop|use], like `A4 left capture` or `a6 right`";

impl fmt::Display for MoveSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match (self.row, self.upper) {
            (Row::Front, true) => 'A',
            (Row::Back, true) => 'B',
            (Row::Front, false) => 'a',
            (Row::Back, false) => 'b',
        };
        write!(f, "{letter}{} {}", self.number, self.direction)?;
        if let Some(k) = self.kind {
            write!(f, " {}", k.word())?;
        }
        if let Some(h) = self.house {
            write!(f, " {}", h.word())?;
        }
        if let Some(e) = self.entry {
            write!(f, " enter-{}", e.word())?;
        }
        Ok(())
    }
}

impl FromStr for MoveSpec {
    type Err = ParseError;
    /// Reads `<pit> <left|right> [capture|takata] [stop|use] [enter-left|enter-right]`,
    /// ignoring case and extra spaces; the optional words may come in any order.
    fn from_str(s: &str) -> Result<MoveSpec, ParseError> {
        let mut words = s.split_whitespace();
        let Some(pit_word) = words.next() else {
            return Err(ParseError::of(ParseProblem::Empty));
        };
        let upper = pit_word.starts_with(['A', 'B']);
        let pit: Pit = pit_word
            .parse()
            .or_else(|_| pit_word.to_ascii_uppercase().parse())
            .map_err(|_| {
                ParseError::of(ParseProblem::NotAPit {
                    word: pit_word.to_string(),
                })
            })?;
        let Some(dir_word) = words.next() else {
            return Err(ParseError::of(ParseProblem::NoDirection {
                text: s.trim().to_string(),
            }));
        };
        let direction = parse_direction(dir_word).ok_or_else(|| {
            ParseError::of(ParseProblem::NotADirection {
                word: dir_word.to_string(),
            })
        })?;
        let mut spec = MoveSpec {
            row: pit.row(),
            number: pit.number(),
            upper,
            direction,
            kind: None,
            house: None,
            entry: None,
        };
        for word in words {
            let mut lower = word.to_ascii_lowercase();
            // An older spelling of takata.
            if lower == "takasa" {
                lower = MoveWords::SWAHILI.takata.to_string();
            }
            let dup = |what: MoveWord| {
                ParseError::of(ParseProblem::Twice {
                    text: s.trim().to_string(),
                    what,
                })
            };
            if let Some(kind) = MoveWords::ALL.iter().find_map(|w| w.kind_of(&lower)) {
                if spec.kind.is_some() {
                    return Err(dup(MoveWord::Kind));
                }
                spec.kind = Some(kind);
                continue;
            }
            if let Some(house) = MoveWords::ALL.iter().find_map(|w| w.house_of(&lower)) {
                if spec.house.is_some() {
                    return Err(dup(MoveWord::House));
                }
                spec.house = Some(house);
                continue;
            }
            if let Some(entry) = MoveWords::ALL.iter().find_map(|w| w.entry_of(&lower)) {
                if spec.entry.is_some() {
                    return Err(dup(MoveWord::Entry));
                }
                spec.entry = Some(entry);
                continue;
            }
            return Err(ParseError::of(ParseProblem::NotAMoveWord {
                word: word.to_string(),
            }));
        }
        Ok(spec)
    }
}

fn parse_direction(word: &str) -> Option<Direction> {
    let lower = word.to_ascii_lowercase();
    if let Some(d) = MoveWords::ALL.iter().find_map(|w| w.direction_of(&lower)) {
        return Some(d);
    }
    match lower.as_str() {
        "l" | "←" => Some(Direction::Left),
        "r" | "→" => Some(Direction::Right),
        _ => None,
    }
}

/// The words of a move in one language: what a person reads on buttons, in captions and on
/// the game page, and what a typed move may say (every language's words are read, so
/// `A4 kushoto kula` and `A4 left capture` are the same move). The canonical notation
/// (records, the CLI, button ids) is [`MoveWords::ENGLISH`], `Move`'s `Display`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveWords {
    /// Sowing (or entry) to the left.
    pub left: &'static str,
    /// Sowing (or entry) to the right.
    pub right: &'static str,
    /// A capturing move.
    pub capture: &'static str,
    /// A non-capturing move.
    pub takata: &'static str,
    /// NYUMBA STOP.
    pub stop: &'static str,
    /// NYUMBA USE (safari).
    pub use_house: &'static str,
    /// The learner's entry at pit 1.
    pub enter_left: &'static str,
    /// The learner's entry at pit 8.
    pub enter_right: &'static str,
}

impl MoveWords {
    /// The notation: `A4 left capture use enter-left`.
    pub const ENGLISH: MoveWords = MoveWords {
        left: "left",
        right: "right",
        capture: "capture",
        takata: "takata",
        stop: "stop",
        use_house: "use",
        enter_left: "enter-left",
        enter_right: "enter-right",
    };

    /// Kiswahili: kushoto/kulia (kibao.org), kula (eat: capture), simama (stop), safari
    /// (using the nyumba is going on safari), ingia (enter).
    pub const SWAHILI: MoveWords = MoveWords {
        left: "kushoto",
        right: "kulia",
        capture: "kula",
        takata: "takata",
        stop: "simama",
        use_house: "safari",
        enter_left: "ingia-kushoto",
        enter_right: "ingia-kulia",
    };

    /// Every language's words, as typed moves read them.
    pub const ALL: [MoveWords; 2] = [MoveWords::ENGLISH, MoveWords::SWAHILI];

    /// `left` or `right` in these words.
    pub const fn direction(&self, d: Direction) -> &'static str {
        match d {
            Direction::Left => self.left,
            Direction::Right => self.right,
        }
    }

    /// `capture` or `takata` in these words.
    pub const fn kind(&self, k: MoveKind) -> &'static str {
        match k {
            MoveKind::Capture => self.capture,
            MoveKind::Takata => self.takata,
        }
    }

    /// `stop` or `use` in these words.
    pub const fn house(&self, h: HouseChoice) -> &'static str {
        match h {
            HouseChoice::Stop => self.stop,
            HouseChoice::Use => self.use_house,
        }
    }

    /// `enter-left` or `enter-right` in these words.
    pub const fn entry(&self, e: Direction) -> &'static str {
        match e {
            Direction::Left => self.enter_left,
            Direction::Right => self.enter_right,
        }
    }

    /// The whole move in these words: `A4 left capture` (the notation in English),
    /// `A4 kushoto kula safari`.
    pub fn say(&self, mv: &Move) -> String {
        let mut out = format!(
            "{} {} {}",
            mv.pit,
            self.direction(mv.direction),
            self.kind(mv.kind)
        );
        if let Some(h) = mv.house {
            out.push(' ');
            out.push_str(self.house(h));
        }
        if let Some(e) = mv.entry {
            out.push(' ');
            out.push_str(self.entry(e));
        }
        out
    }

    /// A button's label: `A4 ← capture`, `A3 → kula (safari)`, `A4 → kula (ingia-kushoto)`.
    pub fn label(&self, mv: &Move) -> String {
        let arrow = match mv.direction {
            Direction::Left => "←",
            Direction::Right => "→",
        };
        let mut out = format!("{} {arrow} {}", mv.pit, self.kind(mv.kind));
        if let Some(h) = mv.house {
            out.push_str(&format!(" ({})", self.house(h)));
        }
        if let Some(e) = mv.entry {
            out.push_str(&format!(" ({})", self.entry(e)));
        }
        out
    }

    fn direction_of(&self, lower: &str) -> Option<Direction> {
        [Direction::Left, Direction::Right]
            .into_iter()
            .find(|d| self.direction(*d) == lower)
    }

    fn kind_of(&self, lower: &str) -> Option<MoveKind> {
        [MoveKind::Capture, MoveKind::Takata]
            .into_iter()
            .find(|k| self.kind(*k) == lower)
    }

    fn house_of(&self, lower: &str) -> Option<HouseChoice> {
        [HouseChoice::Stop, HouseChoice::Use]
            .into_iter()
            .find(|h| self.house(*h) == lower)
    }

    fn entry_of(&self, lower: &str) -> Option<Direction> {
        [Direction::Left, Direction::Right]
            .into_iter()
            .find(|e| self.entry(*e) == lower)
    }
}

/// Most legal moves a position can have: 16 pits x 2 directions x 2 choices.
pub const MAX_MOVES: usize = 64;

/// The legal moves of a position, in a fixed-capacity list (no allocation).
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
