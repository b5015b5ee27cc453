//! The event as a FIDE TRF-16 report (the "Tournament Report File" that bbpPairings and
//! JaVaFo read), so its pairings can be checked against theirs.
//!
//! Fixed columns: `012` name, `042` start date, `062` players, `092` type, `XXR` the
//! rounds planned (bbpPairings' extension), then one `001` line per entrant: start rank
//! (columns 5–8), name (15–47), rating (49–52), points (81–84), place (86–89), and for each
//! round from column 92 ten columns `oooo c r`: the opponent's start rank (`0000` for a
//! bye), the side (`w` South, `b` North, `-` none) and the result (`1` `=` `0`, `+`/`-`
//! forfeits, `U` the pairing-allocated bye, `Z` not paired). Only rounds whose results are
//! all known are written. A Swiss event also says `XXC white1`: the top seed took South
//! (White) in round 1. [`read`] reads such a report back.

use super::standings::standings;
use super::{Entrant, Format, Pairing};

/// What the report says about the event itself.
#[derive(Debug, Clone)]
pub struct EventInfo<'a> {
    /// The event's name.
    pub name: &'a str,
    /// When it started (`YYYY/MM/DD`), if it has.
    pub start_date: Option<String>,
    /// How it pairs.
    pub format: Format,
}

/// A line of spaces with fields written right-aligned to end at given columns.
struct Line(Vec<u8>);

impl Line {
    fn new() -> Line {
        Line(Vec::new())
    }

    /// Writes `text` (ASCII; others become `?`) so that it ends at 1-based column `end`.
    fn right(&mut self, end: usize, text: &str) {
        let bytes: Vec<u8> = text
            .chars()
            .map(|c| {
                if c.is_ascii() && !c.is_ascii_control() {
                    c as u8
                } else {
                    b'?'
                }
            })
            .collect();
        let start = end.saturating_sub(bytes.len());
        if self.0.len() < end {
            self.0.resize(end, b' ');
        }
        self.0[start..end].copy_from_slice(&bytes[bytes.len() - (end - start)..]);
    }

    /// Writes `text` starting at 1-based column `start`, at most `width` characters.
    fn left(&mut self, start: usize, width: usize, text: &str) {
        let cut: String = text.chars().take(width).collect();
        let n = cut.chars().count();
        self.right(start - 1 + n, &cut);
    }

    fn finish(self) -> String {
        String::from_utf8_lossy(&self.0).trim_end().to_string()
    }
}

/// Points as TRF writes them: `2.5`.
fn points(halves: u32) -> String {
    format!("{}.{}", halves / 2, if halves % 2 == 1 { 5 } else { 0 })
}

/// The report of an event with `entrants` (by start rank) and its `pairings`.
pub fn report(info: &EventInfo<'_>, entrants: &[Entrant], pairings: &[Pairing]) -> String {
    let n = entrants.len();
    let last_complete = (1..)
        .take_while(|r| {
            let round: Vec<&Pairing> = pairings.iter().filter(|p| p.round == *r).collect();
            !round.is_empty() && round.iter().all(|p| p.outcome.is_some())
        })
        .last()
        .unwrap_or(0);
    let done: Vec<Pairing> = pairings
        .iter()
        .filter(|p| p.round <= last_complete)
        .copied()
        .collect();
    let table = standings(n, &done).unwrap_or_default();
    let kind = match info.format {
        Format::Swiss { .. } => "Individual: Swiss-System",
        Format::RoundRobin => "Individual: Round-Robin",
        Format::DoubleRoundRobin => "Individual: Double Round-Robin",
    };
    let mut out = vec![
        format!("012 {}", info.name),
        format!("042 {}", info.start_date.clone().unwrap_or_default()),
        format!("062 {n}"),
        format!("092 {kind}"),
        format!("XXR {}", info.format.rounds(n)),
    ];
    if let Format::Swiss { .. } = info.format {
        // The initial colour: the top seed takes South (White) in round 1.
        out.push("XXC white1".to_string());
    }
    for (e, entrant) in entrants.iter().enumerate() {
        let mut line = Line::new();
        line.right(3, "001");
        line.right(8, &(e + 1).to_string());
        line.left(15, 33, &entrant.name);
        line.right(52, &format!("{:.0}", entrant.rating.clamp(0.0, 9999.0)));
        let row = table.iter().find(|s| s.entrant == e);
        line.right(84, &points(row.map_or(0, |s| s.halves)));
        line.right(89, &row.map_or(0, |s| s.place).to_string());
        for r in 1..=last_complete {
            let col = 92 + 10 * (r as usize - 1);
            let p = done.iter().find(|p| p.round == r && p.involves(e));
            let (opp, side, result) = match p {
                None => ("0000".to_string(), '-', 'Z'),
                Some(p) => cell(p, e),
            };
            line.right(col + 3, &format!("{opp:>4}"));
            line.right(col + 5, &side.to_string());
            line.right(col + 7, &result.to_string());
        }
        out.push(line.finish());
    }
    out.join("\n") + "\n"
}

/// One round's `oooo c r` of `e` on board `p`.
fn cell(p: &Pairing, e: usize) -> (String, char, char) {
    let Some(north) = p.north else {
        let kind = if p.outcome == Some(super::Outcome::Bye) {
            'U'
        } else {
            'Z'
        };
        return ("0000".into(), '-', kind);
    };
    let south = p.south == e;
    let opp = if south { north } else { p.south };
    let side = if south { 'w' } else { 'b' };
    let (result, side) = match p.outcome {
        None => ('Z', side),
        Some(o) => match (o.played(), p.halves_of(e)) {
            (true, 2) => ('1', side),
            (true, 1) => ('=', side),
            (true, _) => ('0', side),
            (false, 2) => ('+', '-'),
            (false, _) => ('-', '-'),
        },
    };
    (format!("{:>4}", opp + 1), side, result)
}

/// An event read back from a TRF report: its entrants by start rank, every pairing of
/// the rounds written, and the planned rounds (`XXR`).
#[derive(Debug, Clone)]
pub struct Read {
    /// Entrants by start rank (all active).
    pub entrants: Vec<Entrant>,
    /// Every board, with its result.
    pub pairings: Vec<Pairing>,
    /// The planned rounds.
    pub rounds: u32,
}

/// Reads a TRF report of the kind [`report`] writes (and reference engines write):
/// `XXR` and the `001` lines; a pair is taken from the line of the player with `w`, a
/// forfeit from the lower start rank, a bye from its `U`.
pub fn read(text: &str) -> Result<Read, String> {
    use super::Outcome;
    let mut rounds = 0;
    let mut lines: Vec<(usize, &str)> = Vec::new();
    for (no, line) in text.lines().enumerate() {
        if let Some(r) = line.strip_prefix("XXR") {
            rounds = r
                .trim()
                .parse()
                .map_err(|_| format!("line {}: XXR needs a number", no + 1))?;
        } else if line.starts_with("001") {
            let id: usize = line
                .get(4..8)
                .and_then(|x| x.trim().parse().ok())
                .filter(|&x| x >= 1)
                .ok_or_else(|| format!("line {}: no start rank in columns 5-8", no + 1))?;
            lines.push((id - 1, line));
        }
    }
    let n = lines.iter().map(|(id, _)| id + 1).max().unwrap_or(0);
    let mut entrants = vec![
        Entrant {
            name: String::new(),
            rating: 0.0,
            active: true,
        };
        n
    ];
    let mut pairings = Vec::new();
    for &(id, line) in &lines {
        let field = |a: usize, b: usize| line.get(a..b.min(line.len())).unwrap_or("").trim();
        entrants[id].name = field(14, 47).to_string();
        entrants[id].rating = field(48, 52).parse().unwrap_or(0.0);
        let mut col = 91;
        let mut round = 1;
        while col + 8 <= line.len() {
            let bad = || format!("player {}: round {round} is not `oooo c r`", id + 1);
            let opponent = field(col, col + 4);
            let side = line.as_bytes()[col + 5];
            let result = line.as_bytes()[col + 7];
            let opp: Option<usize> = match opponent {
                "" | "0000" => None,
                x => Some(
                    x.parse::<usize>()
                        .map_err(|_| bad())?
                        .checked_sub(1)
                        .ok_or_else(bad)?,
                ),
            };
            let outcome = match (opp, side, result) {
                (None, _, b'U') => Some(Outcome::Bye),
                (Some(o), b'w', r) if o < n => Some(match r {
                    b'1' => Outcome::SouthWins,
                    b'0' => Outcome::NorthWins,
                    b'=' => Outcome::Draw,
                    b'+' => Outcome::SouthByForfeit,
                    b'-' => Outcome::NorthByForfeit,
                    _ => return Err(bad()),
                }),
                (Some(o), b'-', b'+') if id < o && o < n => Some(Outcome::SouthByForfeit),
                (Some(o), b'-', b'-') if id < o && o < n => Some(Outcome::NorthByForfeit),
                _ => None,
            };
            if let Some(outcome) = outcome {
                pairings.push(Pairing {
                    round,
                    board: 0,
                    south: id,
                    north: opp,
                    outcome: Some(outcome),
                });
            }
            col += 10;
            round += 1;
        }
    }
    pairings.sort_by_key(|p| (p.round, p.north.is_none(), p.south));
    let mut board = 0;
    for i in 0..pairings.len() {
        board = if i > 0 && pairings[i - 1].round == pairings[i].round {
            board + 1
        } else {
            1
        };
        pairings[i].board = board;
    }
    Ok(Read {
        entrants,
        pairings,
        rounds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Outcome;

    #[test]
    fn columns_fall_where_trf_puts_them() {
        let entrants = vec![
            Entrant {
                name: "asha".into(),
                rating: 1612.4,
                active: true,
            },
            Entrant {
                name: "baraka".into(),
                rating: 1500.0,
                active: true,
            },
            Entrant {
                name: "carol".into(),
                rating: 1400.0,
                active: true,
            },
        ];
        let pairings = vec![
            Pairing {
                round: 1,
                board: 1,
                south: 1,
                north: Some(0),
                outcome: Some(Outcome::NorthWins),
            },
            Pairing {
                round: 1,
                board: 2,
                south: 2,
                north: None,
                outcome: Some(Outcome::Bye),
            },
        ];
        let info = EventInfo {
            name: "Test",
            start_date: Some("2026/12/01".into()),
            format: Format::Swiss { rounds: 3 },
        };
        let text = report(&info, &entrants, &pairings);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[4], "XXR 3");
        assert_eq!(lines[5], "XXC white1");
        let asha = lines[6];
        assert_eq!(&asha[0..3], "001");
        assert_eq!(&asha[4..8], "   1");
        assert_eq!(&asha[14..18], "asha");
        assert_eq!(&asha[48..52], "1612");
        assert_eq!(&asha[80..84], " 1.0");
        assert_eq!(&asha[91..99], "   2 b 1");
        assert_eq!(&lines[7][91..99], "   1 w 0");
        assert_eq!(&lines[8][91..99], "0000 - U");
        let back = read(&text).unwrap();
        assert_eq!(back.rounds, 3);
        let names: Vec<&str> = back.entrants.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["asha", "baraka", "carol"]);
        let mut sorted = pairings.clone();
        sorted.sort_by_key(|p| p.board);
        assert_eq!(back.pairings, sorted);
    }
}
