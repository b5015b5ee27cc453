//! Master plays what is proved, in Bao la Kujifunza: a proved win whenever it has one, and
//! from a proved loss the move that holds out longest. Pure computation, no I/O.
//!
//! Two sources of proofs, tried in this order before master's usual search:
//!
//! 1. **The stored proof of the start** (`docs/proofs/kujifunza-start.txt`, embedded with
//!    `include_str!` and read once into a map from position to move): North, the second
//!    player, wins the start in 22 plies, and the proof lists North's move in every position
//!    its strategy reaches. Bao la Kujifunza has no takasia, so the proof holds under both
//!    rule sets; positions are looked up under the default one.
//! 2. **The exact solver** ([`super::solve`]) on the position, within a node budget
//!    ([`MASTER_SOLVE_NODES`] in matches) and, in a game with a clock, a third of the move's
//!    wall-clock cap. A proved win plays the solver's move (the fastest win), a proved loss
//!    its slowest loss.
//!
//! When neither proves anything, master searches as before, with the whole node budget and
//! what is left of the clock. Bao la Kiswahili's master is unchanged.

use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::Instant;

use crate::rules::{Move, Position, RuleSet, Variant};

use super::solve::{Outcome, SolveLimits, Solver};
use super::tt::Table;
use super::{choose_move_with, Level, Params, SearchLimits, SearchResult, MATE};

/// The proof that North wins the start of Bao la Kujifunza: `POSITION<TAB>MOVE` lines.
const KUJIFUNZA_START_PROOF: &str = include_str!("../../docs/proofs/kujifunza-start.txt");

/// Solver nodes master spends on each Kujifunza move not covered by the stored proof (about
/// half a second on one core), before its search.
pub const MASTER_SOLVE_NODES: u64 = 250_000;

/// Where a proved move comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProofSource {
    /// The stored proof of the Kujifunza start.
    StoredProof,
    /// The exact solver, within the move's budget.
    Solved,
}

/// A move backed by a proof.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProvedMove {
    /// The move: the fastest win, or the slowest loss.
    pub mv: Move,
    /// Whether the side to move wins.
    pub winner_to_move: bool,
    /// Plies to the end with best play on both sides.
    pub plies: u32,
    /// Where the proof comes from.
    pub source: ProofSource,
    /// Solver nodes spent (0 for the stored proof).
    pub nodes: u64,
}

impl ProvedMove {
    /// The score the playing search would give it: a win or loss `plies` plies away.
    pub fn score(&self) -> i32 {
        let mate = MATE - self.plies as i32;
        if self.winner_to_move {
            mate
        } else {
            -mate
        }
    }
}

/// One entry of the stored proof: the winner's move and the plies to the end along the proof.
#[derive(Debug, Clone, Copy)]
struct Entry {
    mv: Move,
    plies: u32,
}

/// The stored proof, read once: North's move and distance in every listed position.
fn stored_proof() -> &'static HashMap<Position, Entry> {
    static PROOF: OnceLock<HashMap<Position, Entry>> = OnceLock::new();
    PROOF.get_or_init(|| read_proof(KUJIFUNZA_START_PROOF))
}

/// Reads `POSITION<TAB>MOVE` lines (lines that do not read, or whose move is not legal, are
/// left out) and gives each position its distance to the end along the proof; positions
/// whose lines are not all covered are left out too.
fn read_proof(text: &str) -> HashMap<Position, Entry> {
    let moves: HashMap<Position, Move> = text
        .lines()
        .filter_map(|line| {
            let (pos, mv) = line.split_once('\t')?;
            let pos: Position = pos.parse().ok()?;
            let mv = pos.find_move(&mv.parse().ok()?).ok()?;
            Some((pos, mv))
        })
        .collect();
    let mut plies = HashMap::with_capacity(moves.len());
    for pos in moves.keys() {
        distance(pos, &moves, &mut plies, 0);
    }
    plies
        .into_iter()
        .filter_map(|(pos, plies)| {
            Some((
                pos,
                Entry {
                    mv: moves[&pos],
                    plies: plies?,
                },
            ))
        })
        .collect()
}

/// The plies to the end from the winner's position `pos` along the proof (`None` when a
/// reply leads off it), memoised in `memo`.
fn distance(
    pos: &Position,
    moves: &HashMap<Position, Move>,
    memo: &mut HashMap<Position, Option<u32>>,
    depth: u32,
) -> Option<u32> {
    if let Some(&d) = memo.get(pos) {
        return d;
    }
    // A proof has no cycles; a line longer than any game is refused rather than followed.
    if depth > super::solve::MAX_SOLVE_PLIES {
        return None;
    }
    let winner = pos.turn();
    let after = pos.play_unchecked(moves.get(pos)?);
    let d = if after.is_over() {
        (after.winner() == Some(winner)).then_some(1)
    } else {
        let replies = after.legal_moves();
        let mut longest = Some(if replies.is_empty() { 1 } else { 0 });
        for reply in replies {
            let next = after.play_unchecked(&reply);
            let d = match next.winner() {
                Some(w) if w == winner => Some(2),
                Some(_) => None,
                None => distance(&next, moves, memo, depth + 2).map(|d| d + 2),
            };
            longest = match (longest, d) {
                (Some(a), Some(b)) => Some(a.max(b)),
                _ => None,
            };
        }
        longest
    };
    memo.insert(*pos, d);
    d
}

/// North's move in `pos` from the stored proof of the Kujifunza start, with the plies to the
/// end along it; `None` for a position the proof does not list (any other variant, South to
/// move, or a position North's strategy never reaches).
pub fn stored_proof_move(pos: &Position) -> Option<ProvedMove> {
    if pos.variant() != Variant::Kujifunza || pos.is_over() {
        return None;
    }
    let entry = stored_proof().get(&pos.with_rules(RuleSet::default()))?;
    // The proof's moves are the same under both rule sets; check anyway.
    pos.legal_moves().contains(&entry.mv).then_some(ProvedMove {
        mv: entry.mv,
        winner_to_move: true,
        plies: entry.plies,
        source: ProofSource::StoredProof,
        nodes: 0,
    })
}

/// How many positions the stored proof lists (all of them read back and covered).
pub fn stored_proof_len() -> usize {
    stored_proof().len()
}

/// A proved move in `pos`: from the stored proof, else from the solver within `limits`;
/// `None` when the game is over or nothing is proved.
pub fn proved_move(pos: &Position, limits: SolveLimits) -> Option<ProvedMove> {
    if let Some(p) = stored_proof_move(pos) {
        return Some(p);
    }
    if pos.is_over() {
        return None;
    }
    let result = Solver::new(limits).solve(pos);
    let (winner_to_move, plies) = match result.outcome {
        Outcome::Won(n) => (true, n),
        Outcome::Lost(n) => (false, n),
        Outcome::Draw | Outcome::Unknown => return None,
    };
    Some(ProvedMove {
        mv: result.best_move?,
        winner_to_move,
        plies,
        source: ProofSource::Solved,
        nodes: result.nodes,
    })
}

/// The solver's limits for a master move searched within `limits` with `solve_nodes` solver
/// nodes: a third of the move's clock, if it has one.
pub fn master_solve_limits(limits: &SearchLimits, solve_nodes: u64) -> SolveLimits {
    SolveLimits {
        time: limits.time.map(|t| t / 3),
        table_entries: Table::size_for(Some(solve_nodes)),
        ..SolveLimits::nodes(solve_nodes)
    }
}

/// Master's move in `pos` within `limits` (see the module docs): in Bao la Kujifunza a
/// proved move when there is one, found with at most `solve_nodes` solver nodes; otherwise,
/// and in Bao la Kiswahili, master's search. `None` when the game is over or there is no
/// legal move.
pub fn master_move(
    pos: &Position,
    limits: &SearchLimits,
    solve_nodes: u64,
) -> Option<SearchResult> {
    master_move_by(pos, limits, solve_nodes, &|p, l, params| {
        choose_move_with(p, l, params)
    })
}

/// [`master_move`] with its search (the one run when nothing is proved) done by `search`,
/// which must answer as [`choose_move_with`] does: a match passes a memo of searches here
/// ([`super::memo`]).
pub fn master_move_by(
    pos: &Position,
    limits: &SearchLimits,
    solve_nodes: u64,
    search: &dyn Fn(&Position, &SearchLimits, &Params) -> Option<SearchResult>,
) -> Option<SearchResult> {
    let began = Instant::now();
    let params = Level::Master.params();
    if pos.variant() != Variant::Kujifunza || solve_nodes == 0 {
        return search(pos, limits, &params);
    }
    if let Some(p) = proved_move(pos, master_solve_limits(limits, solve_nodes)) {
        return Some(SearchResult {
            mv: p.mv,
            score: p.score(),
            depth: p.plies,
            nodes: p.nodes,
            elapsed: began.elapsed(),
        });
    }
    let rest = SearchLimits {
        time: limits.time.map(|t| t.saturating_sub(began.elapsed())),
        ..*limits
    };
    search(pos, &rest, &params).map(|r| SearchResult {
        elapsed: began.elapsed(),
        ..r
    })
}

/// The move of `level` in `pos` within `limits` (the level's, with their seed): master's
/// through [`master_move`] with [`MASTER_SOLVE_NODES`], the others' by their search.
pub fn level_search(pos: &Position, level: Level, limits: &SearchLimits) -> Option<SearchResult> {
    level_search_by(pos, level, limits, &|p, l, params| {
        choose_move_with(p, l, params)
    })
}

/// [`level_search`] with its searches done by `search`, which must answer as
/// [`choose_move_with`] does (a match passes a memo of searches, [`super::memo`]).
pub fn level_search_by(
    pos: &Position,
    level: Level,
    limits: &SearchLimits,
    search: &dyn Fn(&Position, &SearchLimits, &Params) -> Option<SearchResult>,
) -> Option<SearchResult> {
    match level {
        Level::Master => master_move_by(pos, limits, MASTER_SOLVE_NODES, search),
        _ => search(pos, limits, &level.params()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Side;

    #[test]
    fn the_stored_proof_reads_back_whole_with_its_distances() {
        assert_eq!(stored_proof_len(), 8_170, "every line reads and is covered");
        let start = Position::start(Variant::Kujifunza);
        assert_eq!(
            stored_proof_move(&start),
            None,
            "South is to move at the start"
        );
        // Each of South's first moves leads to a listed position; the longest is 21 plies
        // from there (22 from the start).
        let mut longest = 0;
        for mv in start.legal_moves() {
            let next = start.play_unchecked(&mv);
            let p = stored_proof_move(&next).expect("listed");
            assert!(p.winner_to_move && p.source == ProofSource::StoredProof);
            assert_eq!(next.turn(), Side::North);
            longest = longest.max(p.plies);
            // The same under the other rule set.
            let r002 = next.with_rules(RuleSet::R002);
            assert_eq!(stored_proof_move(&r002).map(|q| q.mv), Some(p.mv));
        }
        assert_eq!(longest, 21);
    }

    #[test]
    fn master_answers_a_proved_position_with_its_proof() {
        let start = Position::start(Variant::Kujifunza);
        let next = start.play_unchecked(&start.legal_moves()[0]);
        let limits = Level::Master.limits_without_clock(Variant::Kujifunza);
        let r = master_move(&next, &limits, 1_000).expect("a move");
        assert_eq!(Some(r.mv), stored_proof_move(&next).map(|p| p.mv));
        assert!(r.score >= super::super::MATE_BOUND);
        assert_eq!(r.nodes, 0, "no search");
    }
}
