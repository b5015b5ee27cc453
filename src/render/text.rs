//! The board as plain text, for terminals: the same orientation as the picture.

use crate::rules::{Pit, Position, Row, Side, Variant};

use super::words::{fill, PictureWords};

/// Width of one pit's column.
const COL: usize = 5;

/// The board as text, `viewer`'s rows at the bottom (as in the picture):
///
/// ```text
/// North  hand 22
///        8    7    6    5    4    3    2    1
///   b    0    0    0    0    0    0    0    0
///   a    0    2    2   [6]   0    0    0    0
///     ----------------------------------------
///   A    0    0    0    0   [6]   2    2    0
///   B    0    0    0    0    0    0    0    0
///        1    2    3    4    5    6    7    8
/// South  hand 22  <- to move
/// NAMUA: South to move
/// ```
///
/// An owned nyumba is shown in brackets (`[6]`), the takasia target with a `T` (`T2`), and a
/// line under the board names the target; a game the rules ended ends with the winner and
/// why ([`Position::end_reason`]). For a game whose end is known otherwise (a stored
/// resignation, timeout, draw) use [`board_text_with`].
pub fn board_text(pos: &Position, viewer: Side) -> String {
    board_text_with(pos, viewer, None)
}

/// How a game ended, as recorded: who won (nobody for a draw or an abandoned game) and why,
/// in words (`resignation`, `agreed draw`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ending<'a> {
    /// The winner, if any.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: &'a str,
}

/// [`board_text`], with the last line saying how the game ended when `ending` is given
/// (`North wins: resignation`, `Game over, no winner: agreed draw`) instead of what the
/// position alone would suggest.
pub fn board_text_with(pos: &Position, viewer: Side, ending: Option<Ending<'_>>) -> String {
    board_text_words(pos, viewer, ending, &PictureWords::default())
}

/// [`board_text_with`] in `words`' language (the move numbers, pit letters and phase names
/// stay as they are).
pub fn board_text_words(
    pos: &Position,
    viewer: Side,
    ending: Option<Ending<'_>>,
    words: &PictureWords,
) -> String {
    let over = pos.is_over() || ending.is_some();
    let opponent = !viewer;
    let mut out = String::new();
    out.push_str(&player_line(pos, opponent, over, words));
    let numbers = |descending: bool| -> String {
        let mut s = " ".repeat(4);
        for i in 0..8 {
            let n = if descending { 8 - i } else { i + 1 };
            s.push_str(&format!("{n:>w$} ", w = COL - 1));
        }
        s
    };
    out.push_str(&numbers(true));
    out.push('\n');
    for row in [Row::Back, Row::Front] {
        out.push_str(&row_line(pos, opponent, row, true));
    }
    out.push_str(&format!("    {}\n", "-".repeat(8 * COL)));
    for row in [Row::Front, Row::Back] {
        out.push_str(&row_line(pos, viewer, row, false));
    }
    out.push_str(&numbers(false));
    out.push('\n');
    out.push_str(&player_line(pos, viewer, over, words));
    if let Some(t) = pos.takasia().filter(|_| !over) {
        out.push_str(&fill(&words.takasia, &[("pit", &t)]));
        out.push('\n');
    }
    let wins = |side: Side| fill(&words.wins, &[("side", &words.side(side))]);
    match (ending, pos.winner(), pos.end_reason()) {
        (
            Some(Ending {
                winner: Some(w),
                reason,
            }),
            _,
            _,
        ) => out.push_str(&format!("{}: {reason}\n", wins(w))),
        (
            Some(Ending {
                winner: None,
                reason,
            }),
            _,
            _,
        ) => out.push_str(&format!("{}: {reason}\n", words.no_winner)),
        (None, Some(w), Some(r)) => {
            out.push_str(&format!("{}: {}\n", wins(w), words.end_reason(r)))
        }
        (None, Some(w), None) => out.push_str(&format!("{}\n", wins(w))),
        _ => {
            let phase = if pos.variant() == Variant::Kujifunza {
                "KUJIFUNZA".to_string()
            } else {
                pos.phase().label().to_string()
            };
            let to_move = fill(&words.to_move, &[("side", &words.side(pos.turn()))]);
            out.push_str(&format!("{phase}: {to_move}\n"));
        }
    }
    // No trailing blanks on any line.
    out.lines().map(|l| format!("{}\n", l.trim_end())).collect()
}

/// `North  hand 22  <- to move`
fn player_line(pos: &Position, side: Side, over: bool, words: &PictureWords) -> String {
    let mut line = words.side(side).to_string();
    if pos.variant() == Variant::Kiswahili {
        line.push_str("  ");
        line.push_str(&fill(&words.hand, &[("seeds", &pos.hand(side))]));
    }
    if !over && pos.turn() == side {
        line.push_str("  ");
        line.push_str(&words.text_to_move);
    }
    line.push('\n');
    line
}

/// One row of `side`'s pits; `turned` rows run from pit 8 to pit 1 (the far side).
fn row_line(pos: &Position, side: Side, row: Row, turned: bool) -> String {
    let letter = Pit::new(side, row, 1).map(|p| p.letter()).unwrap_or('?');
    let mut line = format!("  {letter} ");
    for i in 0..8u8 {
        let n = if turned { 8 - i } else { i + 1 };
        let Some(pit) = Pit::new(side, row, n) else {
            continue;
        };
        // Digits end in the column's fourth place; marks go either side of them.
        let mut left = pos.seeds(pit).to_string();
        if pos.takasia() == Some(pit) && !pos.is_over() {
            left.insert(0, 'T');
        }
        let owned_house = pit.is_house() && pos.owns_house(side);
        if owned_house {
            left.insert(0, '[');
        }
        let right = if owned_house { ']' } else { ' ' };
        line.push_str(&format!("{left:>w$}{right}", w = COL - 1));
    }
    line.push('\n');
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    const START_SOUTH: &str = "\
North  hand 22
       8    7    6    5    4    3    2    1
  b    0    0    0    0    0    0    0    0
  a    0    2    2   [6]   0    0    0    0
    ----------------------------------------
  A    0    0    0    0   [6]   2    2    0
  B    0    0    0    0    0    0    0    0
       1    2    3    4    5    6    7    8
South  hand 22  <- to move
NAMUA: South to move
";

    #[test]
    fn start_from_south() {
        assert_eq!(board_text(&Position::default(), Side::South), START_SOUTH);
    }

    #[test]
    fn north_view_is_turned_round() {
        let pos: Position = "variant=kiswahili turn=N hand=12,22 house=S,N takasia=- \
            A=0,0,1,1,7,0,2,0 B=0,0,0,0,0,0,0,9 a=0,0,0,0,6,2,2,0 b=0,0,0,0,0,0,0,0"
            .parse()
            .unwrap();
        let text = board_text(&pos, Side::North);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "South  hand 12");
        // South's back row from B8 (9 seeds) to B1, then its front row A8..A1.
        assert_eq!(lines[2], "  B    9    0    0    0    0    0    0    0");
        assert_eq!(lines[3], "  A    0    2    0   [7]   1    1    0    0");
        assert_eq!(lines[5], "  a    0    0    0    0   [6]   2    2    0");
        assert_eq!(lines[6], "  b    0    0    0    0    0    0    0    0");
        assert_eq!(lines[8], "North  hand 22  <- to move");
        assert_eq!(lines[9], "NAMUA: North to move");
    }

    #[test]
    fn takasia_target_and_lost_houses() {
        let pos: Position = "variant=kiswahili turn=N hand=0,0 house=- takasia=a1 \
            A=0,0,0,0,0,0,0,1 B=1,1,0,3,2,1,2,0 a=4,5,1,4,5,12,3,2 b=1,0,2,5,3,1,2,3"
            .parse()
            .unwrap();
        let text = board_text(&pos, Side::South);
        assert!(
            text.contains("  a    2    3   12    5    4    1    5   T4\n"),
            "{text}"
        );
        assert!(!text.contains('['), "no owned house: {text}");
        assert!(text.contains("takasia: a1 may not be started this turn\n"));
        assert!(text.ends_with("MTAJI: North to move\n"));
    }

    #[test]
    fn finished_game_names_winner_and_reason() {
        let pos: Position = "variant=kiswahili turn=N hand=19,20 house=S takasia=- \
            A=0,1,3,2,8,0,1,0 B=0,0,0,0,0,0,1,1 a=0,0,0,0,0,0,0,0 b=0,0,0,0,0,0,0,0 winner=S"
            .parse()
            .unwrap();
        let text = board_text(&pos, Side::South);
        assert!(text.ends_with("South wins: front row emptied\n"), "{text}");
        assert!(!text.contains("to move"));
    }

    #[test]
    fn a_recorded_ending_is_shown_as_recorded() {
        // A resignation: the rules would call this board a never-ending move.
        let resigned = Position::default().with_winner(Side::North);
        assert!(board_text(&resigned, Side::South).ends_with("North wins: never-ending move\n"));
        let ending = Ending {
            winner: Some(Side::North),
            reason: "resignation",
        };
        let text = board_text_with(&resigned, Side::South, Some(ending));
        assert!(text.ends_with("North wins: resignation\n"), "{text}");
        // A draw leaves a running position: no side is to move any more.
        let draw = Ending {
            winner: None,
            reason: "agreed draw",
        };
        let text = board_text_with(&Position::default(), Side::South, Some(draw));
        assert!(
            text.ends_with("Game over, no winner: agreed draw\n"),
            "{text}"
        );
        assert!(!text.contains("to move"), "{text}");
    }
}
