//! The exact solver: what a position is worth with perfect play on both sides, proved and
//! never guessed. It answers *won in N*, *lost in N*, *drawn* or *unknown within the budget*,
//! and writes proofs another program can check without searching.
//!
//! # What it computes
//!
//! Every move of this engine is a whole turn, and the side to move alternates every ply (a
//! move that ends the game hands the turn over too), so a ply is one move of one side. The
//! solver's value of a position, for the side to move, is one of
//!
//! - [`Outcome::Won`]`(n)`: the side to move can force a win, and with best play on both
//!   sides the game ends after `n` plies: the winner ends it as fast as it can, the loser holds
//!   out as long as it can (a game already won by the side to move is `Won(0)`);
//! - [`Outcome::Lost`]`(n)`: the same for the opponent (a finished game won by the opponent,
//!   or a position where the side to move has no legal move, is `Lost(0)`);
//! - [`Outcome::Draw`]: neither side can force a win (see below);
//! - [`Outcome::Unknown`]: not decided within the budget; [`SolveResult::depth`] then says
//!   how many plies are proved to hold no forced win for either side.
//!
//! Ends of the game are the engine's (docs/rules.md section 7): a capture that empties the
//! opponent's front row, an opponent left without a legal move, and the never-ending move of
//! section 5: a move that would need a 513th sowing run ends the game at once as a loss for
//! its mover. The solver plays every move through [`Position::play_unchecked`], so a
//! never-ending move is simply a move that loses, exactly as in a game.
//!
//! # Draws and repetition
//!
//! The rules have no draws and no repetition rule: a position may come back any number of
//! times and the game goes on. A game can still go on for ever, when neither side can or will
//! force an end. The solver calls a position **drawn** when neither side can force a win in any
//! finite number of plies: infinite play is a win for nobody. Repetition across turns is
//! therefore never a result in itself; a repeated position simply has the same value as the
//! first time (values depend on the position alone, not on the way it was reached).
//!
//! - Wins and losses are proved by a depth-bounded search: "the side to move wins within `d`
//!   plies whatever the opponent does". Such a proof is a finite tree, so cycles cannot fool
//!   it, and because the winner's remaining distance drops by one every ply, no position
//!   repeats along a proved line.
//! - A draw can only be proved by seeing the whole game graph reachable from the position: the
//!   solver enumerates it (up to [`SolveLimits::graph_positions`] positions) and runs a
//!   retrograde analysis on it; positions left undecided are the draws. When the graph is
//!   larger, a position without a forced win within the budget is [`Outcome::Unknown`], never
//!   a draw.
//!
//! # Method
//!
//! Iterative deepening on plies of a negamax alpha-beta search over three values (won in `k`,
//! lost in `k`, not decided within the horizon), with win/loss distances counted in plies as
//! in [`super::search`] (`MATE - plies`). Every move is played at each node, so a move that
//! wins on the spot ends the node at once, and the others are ordered by the transposition
//! table's move, then the evaluation of [`super::eval`]. The transposition table
//! ([`super::tt`], keyed by [`super::zobrist`]) stores results with the depth they were
//! searched to; a stored bound is only used where it holds for the depth asked (a win in 9
//! stored from a deep search is "not decided" to a 5-ply search), so the search's answer at
//! each depth is exactly that of a plain minimax to that depth, and the distances are exact:
//! iteration `d` is the first to find a result only if the game ends in exactly `d` plies.
//!
//! # Proofs
//!
//! [`Solver::proof`] lists, for every position where the winner is to move that the winner's
//! strategy can reach, the move it plays ([`Proof::write_to`]: `POSITION<TAB>MOVE` lines in
//! the engine's text forms). Every legal reply of the loser to a listed move leads to another
//! listed position or to the end of the game, a win for the winner; the winner's moves
//! always shorten the distance to the end, so the proof has no cycles.

use std::collections::HashSet;
use std::time::Instant;

use arrayvec::ArrayVec;

use crate::rules::{Move, MoveKind, Position, Side, MAX_MOVES};

use super::eval::{evaluate, DEFAULT_PARAMS};
use super::search::{MATE, MATE_BOUND};
use super::tt::{self, Bound, Table};
use super::zobrist;

mod graph;
mod types;

use graph::GameGraph;
pub use types::{Outcome, Progress, Proof, Proved, SolveError, SolveLimits, SolveResult};

/// The deepest search, in plies (the table stores depths in a byte).
pub const MAX_SOLVE_PLIES: u32 = 250;
/// How many nodes pass between two looks at the limits.
const CHECK_EVERY: u64 = 4096;
/// Nodes between two progress reports within an iteration.
const PROGRESS_EVERY: u64 = 1 << 24;
const INF: i32 = MATE + 1;
/// Ordering key of the table's move.
const TT_ORDER: i32 = 1 << 30;

/// One child in the move list: the move, the position it leads to, its ordering key.
struct Child {
    mv: Move,
    pos: Position,
    order: i32,
}

type Children = ArrayVec<Child, MAX_MOVES>;

/// What a solver calls with its progress reports.
type ProgressFn<'a> = Box<dyn FnMut(&Progress) + 'a>;

/// An exact solver with its transposition table, reusable across positions (results found for
/// one position help the next).
pub struct Solver<'a> {
    limits: SolveLimits,
    tt: Table,
    nodes: u64,
    /// Nodes at the start of the current budgeted task.
    budget_start: u64,
    started: Instant,
    stopped: bool,
    root_best: Option<Move>,
    progress: Option<ProgressFn<'a>>,
    depth: u32,
    next_report: u64,
}

impl<'a> Solver<'a> {
    /// A solver bounded by `limits`.
    pub fn new(limits: SolveLimits) -> Solver<'a> {
        Solver {
            limits,
            tt: Table::new(limits.table_entries),
            nodes: 0,
            budget_start: 0,
            started: Instant::now(),
            stopped: false,
            root_best: None,
            progress: None,
            depth: 0,
            next_report: PROGRESS_EVERY,
        }
    }

    /// Calls `report` after each completed iteration and every few million nodes.
    pub fn on_progress(&mut self, report: impl FnMut(&Progress) + 'a) {
        self.progress = Some(Box::new(report));
    }

    /// Nodes visited so far by this solver.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Solves `pos` within the limits.
    pub fn solve(&mut self, pos: &Position) -> SolveResult {
        self.begin_task();
        let began = Instant::now();
        let nodes_before = self.nodes;
        let result = |s: &Solver, outcome, best_move, depth| SolveResult {
            outcome,
            best_move,
            depth,
            nodes: s.nodes - nodes_before,
            whole_graph: false,
            elapsed: began.elapsed(),
        };
        if let Some(o) = terminal(pos) {
            return result(self, o, None, 0);
        }
        let moves = pos.legal_moves();
        if self.limits.graph_positions > 0 {
            if let Some(graph) = GameGraph::build(pos, self.limits.graph_positions) {
                self.nodes += graph.positions.len() as u64;
                let (outcome, best) = graph.root_value();
                return SolveResult {
                    whole_graph: true,
                    ..result(self, outcome, best, 0)
                };
            }
        }
        let max = self.limits.max_plies.min(MAX_SOLVE_PLIES);
        let mut best = moves.first().copied();
        let mut done = 0;
        for depth in 1..=max {
            self.depth = depth;
            self.root_best = None;
            let score = self.negamax(pos, depth as i32, -INF, INF, 0);
            if self.stopped {
                break;
            }
            done = depth;
            if let Some(mv) = self.root_best {
                best = Some(mv);
            }
            self.report(true);
            let outcome = outcome_of(score, 0);
            if outcome.is_proved() {
                return result(self, outcome, best, depth);
            }
        }
        result(self, Outcome::Unknown, best, done)
    }

    /// The value of `pos` to a search of exactly `plies` plies: won or lost if the game ends
    /// within `plies` plies with best play (at the exact distance), else unknown. `None` if the
    /// budget ran out first.
    pub fn value_within(&mut self, pos: &Position, plies: u32) -> Option<Outcome> {
        self.begin_task();
        if let Some(o) = terminal(pos) {
            return Some(o);
        }
        let plies = plies.min(MAX_SOLVE_PLIES);
        self.depth = plies;
        let score = self.negamax(pos, plies as i32, -INF, INF, 0);
        (!self.stopped).then(|| outcome_of(score, 0))
    }

    /// Solves `pos` and lists the winner's strategy (see the module docs), with at most
    /// `max_lines` lines. Each step of writing the proof out has the solver's whole budget.
    pub fn proof(&mut self, pos: &Position, max_lines: usize) -> Result<Proof, SolveError> {
        let result = self.solve(pos);
        let (winner, plies) = match result.outcome {
            Outcome::Won(n) => (pos.turn(), n),
            Outcome::Lost(n) => (!pos.turn(), n),
            outcome => {
                return Err(SolveError::NotProved {
                    outcome,
                    depth: result.depth,
                    nodes: result.nodes,
                })
            }
        };
        let mut builder = ProofBuilder {
            winner,
            seen: HashSet::new(),
            lines: Vec::new(),
            max_lines,
        };
        if pos.turn() == winner {
            self.winner_node(&mut builder, pos, plies)?;
        } else {
            self.loser_node(&mut builder, pos, plies)?;
        }
        Ok(Proof {
            root: *pos,
            winner,
            plies,
            lines: builder.lines,
        })
    }

    /// Adds the winner's move at `pos` (won in `plies`) and everything below it.
    fn winner_node(
        &mut self,
        b: &mut ProofBuilder,
        pos: &Position,
        plies: u32,
    ) -> Result<(), SolveError> {
        if pos.is_over() || !b.seen.insert(*pos) {
            return Ok(());
        }
        let mut kids = self.ordered_children(pos);
        let mut chosen = None;
        for kid in kids.drain(..) {
            match kid.pos.winner() {
                Some(w) if w == b.winner => {
                    chosen = Some((kid, 0));
                    break;
                }
                Some(_) => continue,
                None => {}
            }
            match self.value_within(&kid.pos, plies - 1) {
                None => {
                    return Err(SolveError::ProofBudget {
                        lines: b.lines.len(),
                    })
                }
                Some(Outcome::Lost(k)) => {
                    chosen = Some((kid, k));
                    break;
                }
                Some(_) => {}
            }
        }
        let Some((kid, k)) = chosen else {
            // The solve said won; a re-search that disagrees means the budget ran short.
            return Err(SolveError::ProofBudget {
                lines: b.lines.len(),
            });
        };
        if b.lines.len() >= b.max_lines {
            return Err(SolveError::ProofTooLarge { limit: b.max_lines });
        }
        b.lines.push((*pos, kid.mv));
        if !kid.pos.is_over() {
            self.loser_node(b, &kid.pos, k)?;
        }
        Ok(())
    }

    /// Adds the winner's answers to every reply of the loser at `pos` (lost in `plies`).
    fn loser_node(
        &mut self,
        b: &mut ProofBuilder,
        pos: &Position,
        plies: u32,
    ) -> Result<(), SolveError> {
        for mv in pos.legal_moves() {
            let next = pos.play_unchecked(&mv);
            if next.is_over() {
                continue;
            }
            match self.value_within(&next, plies.saturating_sub(1)) {
                Some(Outcome::Won(k)) => self.winner_node(b, &next, k)?,
                _ => {
                    return Err(SolveError::ProofBudget {
                        lines: b.lines.len(),
                    })
                }
            }
        }
        Ok(())
    }

    /// Starts a budgeted task: the node and time limits count from here.
    fn begin_task(&mut self) {
        self.budget_start = self.nodes;
        self.started = Instant::now();
        self.stopped = false;
    }

    #[inline]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % CHECK_EVERY == 0 {
            let used = self.nodes - self.budget_start;
            if self.limits.nodes.is_some_and(|n| used >= n)
                || self
                    .limits
                    .time
                    .is_some_and(|t| self.started.elapsed() >= t)
            {
                self.stopped = true;
            }
            if self.nodes >= self.next_report {
                self.next_report = self.nodes + PROGRESS_EVERY;
                self.report(false);
            }
        }
        self.stopped
    }

    fn report(&mut self, completed: bool) {
        let progress = Progress {
            depth: self.depth,
            completed,
            nodes: self.nodes,
            elapsed: self.started.elapsed(),
        };
        if let Some(f) = self.progress.as_mut() {
            f(&progress);
        }
    }

    /// The legal moves of `pos` with the positions they lead to, best first (for proofs).
    fn ordered_children(&mut self, pos: &Position) -> Vec<Child> {
        let tt_move = self.tt.probe(zobrist::key(pos), 0).map_or(0, |h| h.mv);
        let mut kids = Children::new();
        let me = pos.turn();
        for mv in pos.legal_moves() {
            let child = pos.play_unchecked(&mv);
            let order = child_order(me, &mv, &child, tt_move, true);
            kids.push(Child {
                mv,
                pos: child,
                order,
            });
        }
        kids.sort_by_key(|k| std::cmp::Reverse(k.order));
        kids.into_iter().collect()
    }

    /// The depth-bounded value of `pos` at `ply` from the root with `depth` plies left, in
    /// root-relative win/loss scores (0 for undecided), within the window `(alpha, beta)`.
    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        if self.visit() {
            return 0;
        }
        if let Some(w) = pos.winner() {
            return super::search::end_score(w, pos.turn(), ply);
        }
        if depth <= 0 {
            return 0;
        }
        // Best and worst possible: won or lost by the next ply.
        alpha = alpha.max(-MATE + ply as i32 + 1);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let key = zobrist::key(pos);
        let mut tt_move = 0;
        if let Some(hit) = self.tt.probe(key, ply) {
            tt_move = hit.mv;
            if let Some((score, bound)) = usable(hit.score, hit.bound, hit.depth, depth, ply) {
                let cut = match bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    if ply == 0 {
                        self.root_best = tt_unpack(pos, tt_move);
                    }
                    return score;
                }
            }
        }
        let me = pos.turn();
        let mut kids = Children::new();
        let mut all_lose = true;
        let eval_order = depth >= 3;
        for mv in pos.legal_moves() {
            let child = pos.play_unchecked(&mv);
            match child.winner() {
                Some(w) if w == me => {
                    let s = MATE - ply as i32 - 1;
                    if ply == 0 {
                        self.root_best = Some(mv);
                    }
                    self.tt
                        .store(key, ply, depth, s, Bound::Exact, tt::pack(&mv));
                    return s;
                }
                Some(_) => {}
                None => all_lose = false,
            }
            let order = child_order(me, &mv, &child, tt_move, eval_order);
            kids.push(Child {
                mv,
                pos: child,
                order,
            });
        }
        if kids.is_empty() {
            return -MATE + ply as i32;
        }
        if all_lose {
            // Every move ends the game at once in the opponent's favour.
            let s = -MATE + ply as i32 + 1;
            if ply == 0 {
                self.root_best = Some(kids[0].mv);
            }
            self.tt
                .store(key, ply, depth, s, Bound::Exact, tt::pack(&kids[0].mv));
            return s;
        }
        if depth == 1 {
            // Nothing wins at once and something does not lose at once: undecided.
            if ply == 0 {
                self.root_best = kids.iter().find(|k| !k.pos.is_over()).map(|k| k.mv);
            }
            return 0;
        }
        let alpha_in = alpha;
        let mut best = -INF;
        let mut best_move = 0;
        for i in 0..kids.len() {
            pick_best(&mut kids, i);
            let (mv, child) = (kids[i].mv, kids[i].pos);
            let s = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                best_move = tt::pack(&mv);
                if ply == 0 {
                    self.root_best = Some(mv);
                }
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best, alpha_in, beta);
        self.tt.store(key, ply, depth, best, bound, best_move);
        best
    }
}

struct ProofBuilder {
    winner: Side,
    seen: HashSet<Position>,
    lines: Vec<(Position, Move)>,
    max_lines: usize,
}

/// Solves `pos` within `limits` with a fresh solver.
pub fn solve(pos: &Position, limits: SolveLimits) -> SolveResult {
    Solver::new(limits).solve(pos)
}

/// A proved win or loss for `pos` within `node_budget` nodes, for hints and analysis ("win in
/// 3"); `None` when the game is over, there is no legal move, or nothing is proved in the
/// budget.
pub fn prove(pos: &Position, node_budget: u64) -> Option<Proved> {
    let result = solve(pos, SolveLimits::nodes(node_budget));
    let winner = result.outcome.winner(pos.turn())?;
    Some(Proved {
        winner_to_move: winner == pos.turn(),
        winner,
        plies: result.outcome.plies()?,
        best: result.best_move?,
    })
}

/// The value of a finished game, or of a position without a legal move, for the side to move.
fn terminal(pos: &Position) -> Option<Outcome> {
    match pos.winner() {
        Some(w) if w == pos.turn() => Some(Outcome::Won(0)),
        Some(_) => Some(Outcome::Lost(0)),
        None if pos.legal_moves().is_empty() => Some(Outcome::Lost(0)),
        None => None,
    }
}

/// The outcome a root-relative score at `ply` stands for.
fn outcome_of(score: i32, ply: usize) -> Outcome {
    if score >= MATE_BOUND {
        Outcome::Won((MATE - score) as u32 - ply as u32)
    } else if score <= -MATE_BOUND {
        Outcome::Lost((MATE + score) as u32 - ply as u32)
    } else {
        Outcome::Unknown
    }
}

/// What a stored result (searched `stored` plies deep) says about a search `depth` plies deep
/// at `ply`: the score and bound to use, or `None`. A win or loss stored at a distance beyond
/// `depth` is "undecided" to this search; an undecided result says nothing to a deeper one.
fn usable(score: i32, bound: Bound, stored: i32, depth: i32, ply: usize) -> Option<(i32, Bound)> {
    // The distance from this node of a stored win (score > 0) or loss (score < 0).
    let distance = |s: i32| MATE - s.abs() - ply as i32;
    let won = score >= MATE_BOUND;
    let lost = score <= -MATE_BOUND;
    let within = (won || lost) && distance(score) <= depth;
    let deep_enough = stored >= depth;
    match bound {
        Bound::Exact if within => Some((score, Bound::Exact)),
        // A win or loss beyond the horizon, or undecided at least as deep: undecided here.
        Bound::Exact if won || lost || deep_enough => Some((0, Bound::Exact)),
        Bound::Exact => None,
        // "Wins within k": a fact at any depth; beyond the horizon it means "not lost".
        Bound::Lower if won => Some((if within { score } else { 0 }, Bound::Lower)),
        Bound::Lower if deep_enough => Some((score, Bound::Lower)),
        Bound::Upper if lost => Some((if within { score } else { 0 }, Bound::Upper)),
        Bound::Upper if deep_enough => Some((score, Bound::Upper)),
        _ => None,
    }
}

/// The ordering key of the move `mv` of `me` leading to `child`: the table's move first, then
/// (with `eval`) the child's evaluation for `me`, else the seeds it captures.
#[inline]
fn child_order(me: Side, mv: &Move, child: &Position, tt_move: u16, eval: bool) -> i32 {
    if child.winner().is_some() {
        // A move that loses at once (a win returned earlier).
        return i32::MIN;
    }
    if tt_move != 0 && tt::pack(mv) == tt_move {
        return TT_ORDER;
    }
    if eval {
        -evaluate(child, 0, &DEFAULT_PARAMS)
    } else {
        let capture = (mv.kind == MoveKind::Capture) as i32;
        capture * 1000 + child.seeds_on_board(me) as i32
    }
}

fn tt_unpack(pos: &Position, packed: u16) -> Option<Move> {
    let moves = pos.legal_moves();
    tt::unpack_in(packed, &moves).map(|i| moves[i])
}

/// Moves the child with the highest ordering key among `kids[i..]` to `i`.
#[inline]
fn pick_best(kids: &mut Children, i: usize) {
    let mut best = i;
    for j in i + 1..kids.len() {
        if kids[j].order > kids[best].order {
            best = j;
        }
    }
    kids.swap(i, best);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_bounds_hold_only_where_they_should() {
        // A win in 9 from the node (ply 0), stored exactly from a 9-ply search.
        let win9 = MATE - 9;
        assert_eq!(
            usable(win9, Bound::Exact, 9, 9, 0),
            Some((win9, Bound::Exact))
        );
        assert_eq!(usable(win9, Bound::Exact, 9, 5, 0), Some((0, Bound::Exact)));
        assert_eq!(
            usable(win9, Bound::Exact, 9, 12, 0),
            Some((win9, Bound::Exact))
        );
        // Undecided to 6 plies says nothing to 8 plies, and "undecided" to 4.
        assert_eq!(usable(0, Bound::Exact, 6, 8, 0), None);
        assert_eq!(usable(0, Bound::Exact, 6, 4, 0), Some((0, Bound::Exact)));
        // "Lost within 3" at ply 2 (score -(MATE - 5)).
        let lost = -(MATE - 5);
        assert_eq!(usable(lost, Bound::Upper, 3, 2, 2), Some((0, Bound::Upper)));
        assert_eq!(
            usable(lost, Bound::Upper, 3, 7, 2),
            Some((lost, Bound::Upper))
        );
    }

    #[test]
    fn outcomes_read_from_scores() {
        assert_eq!(outcome_of(MATE - 3, 0), Outcome::Won(3));
        assert_eq!(outcome_of(-MATE + 4, 0), Outcome::Lost(4));
        assert_eq!(outcome_of(0, 0), Outcome::Unknown);
        assert_eq!(Outcome::Won(1).to_string(), "won in 1 ply");
        assert_eq!(Outcome::Lost(4).winner(Side::South), Some(Side::North));
    }
}
