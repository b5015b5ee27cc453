//! The crosstable: each player's place, points, tie-breaks and results, as a
//! [`Table`](crate::render::Table) to draw or print.
//!
//! A round robin of at most [`GRID_MAX`] players is a square grid (row against column,
//! `1` `½` `0`, `+`/`-` forfeits, a double round robin showing both games). Larger fields,
//! and every Swiss event, get one cell per round instead: the opponent's place, the side
//! (`s` South, `n` North) and the result (`12s1`: beat the 12th placed with South).

use super::standings::{quarters_text, Standing};
use super::{halves_text, Entrant, Format, Pairing};
use crate::render::{Column, Table, TableRow};

/// The largest round robin drawn as a square grid.
pub const GRID_MAX: usize = 12;

/// `e`'s score on `p` as one mark (`1`, `½`, `0`, `+`, `-`, `·` when not yet known).
fn mark(p: &Pairing, e: usize) -> &'static str {
    match p.outcome {
        None => "·",
        Some(o) => match (o.played(), p.halves_of(e)) {
            (true, 2) => "1",
            (true, 1) => "½",
            (true, _) => "0",
            (false, 2) => "+",
            (false, _) => "-",
        },
    }
}

/// The words of a crosstable, in a language (the caller's: this module does not translate).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrosstableWords {
    /// The players' column.
    pub player: String,
    /// The points' column.
    pub points: String,
    /// Sonneborn-Berger's column.
    pub sb: String,
    /// Buchholz's column.
    pub bh: String,
    /// A bye's cell.
    pub bye: String,
    /// The subtitle: the format's name, players and rounds given.
    pub subtitle: String,
    /// The footer's one line.
    pub footer: String,
}

impl CrosstableWords {
    /// The English words; `subtitle` names `format` with `players` and `rounds`.
    pub fn english(format: Format, players: usize, rounds: u32) -> CrosstableWords {
        CrosstableWords {
            player: "Player".into(),
            points: "Pts".into(),
            sb: "SB".into(),
            bh: "Bh".into(),
            bye: "bye".into(),
            subtitle: format!(
                "{} · {players} players · {rounds} rounds",
                match format {
                    Format::RoundRobin => "Round robin",
                    Format::DoubleRoundRobin => "Double round robin",
                    Format::Swiss { .. } => "Swiss",
                }
            ),
            footer: "Pts points · SB Sonneborn–Berger · Bh Buchholz; ties then by direct encounter"
                .into(),
        }
    }
}

/// The crosstable of an event titled `title`, from its standings, in English.
pub fn crosstable(
    title: &str,
    format: Format,
    entrants: &[Entrant],
    pairings: &[Pairing],
    rows: &[Standing],
) -> Table {
    let words = CrosstableWords::english(format, entrants.len(), format.rounds(entrants.len()));
    crosstable_in(title, format, entrants, pairings, rows, &words)
}

/// [`crosstable`] with the words given.
pub fn crosstable_in(
    title: &str,
    format: Format,
    entrants: &[Entrant],
    pairings: &[Pairing],
    rows: &[Standing],
    words: &CrosstableWords,
) -> Table {
    let grid = !matches!(format, Format::Swiss { .. }) && entrants.len() <= GRID_MAX;
    let place_of = |e: usize| {
        rows.iter()
            .position(|r| r.entrant == e)
            .map_or(0, |i| i + 1)
    };
    let mut columns = vec![Column::number("#"), Column::text(words.player.clone())];
    let rounds = pairings.iter().map(|p| p.round).max().unwrap_or(0);
    if grid {
        columns.extend((1..=rows.len()).map(|i| Column::text(i.to_string())));
    } else {
        // `R3`: R for round (raundi) in every language.
        columns.extend((1..=rounds).map(|r| Column::text(format!("R{r}"))));
    }
    columns.extend([
        Column::number(words.points.clone()),
        Column::number(words.sb.clone()),
        Column::number(words.bh.clone()),
    ]);
    let table_rows = rows
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let e = s.entrant;
            let mut cells = vec![s.place.to_string(), entrants[e].name.clone()];
            if grid {
                for (j, other) in rows.iter().enumerate() {
                    let marks: Vec<&str> = pairings
                        .iter()
                        .filter(|p| p.involves(e) && p.opponent_of(e) == Some(other.entrant))
                        .map(|p| mark(p, e))
                        .collect();
                    cells.push(if i == j { "×".into() } else { marks.concat() });
                }
            } else {
                for r in 1..=rounds {
                    let cell = match pairings.iter().find(|p| p.round == r && p.involves(e)) {
                        None => "–".to_string(),
                        Some(p) => match p.opponent_of(e) {
                            None if p.outcome == Some(super::Outcome::Bye) => words.bye.clone(),
                            None => "–".into(),
                            Some(o) => format!(
                                "{}{}{}",
                                place_of(o),
                                if p.south == e { "s" } else { "n" },
                                mark(p, e)
                            ),
                        },
                    };
                    cells.push(cell);
                }
            }
            cells.extend([
                halves_text(s.halves),
                quarters_text(s.sonneborn_berger),
                halves_text(s.buchholz),
            ]);
            TableRow {
                cells,
                highlight: i == 0 && s.games > 0,
                gap_before: false,
            }
        })
        .collect();
    Table {
        title: title.to_string(),
        subtitle: Some(words.subtitle.clone()),
        columns,
        rows: table_rows,
        footer: vec![words.footer.clone()],
        empty: None,
    }
}
