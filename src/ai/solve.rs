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

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;

use crate::rules::{Move, MoveKind, Position, Side, MAX_MOVES};

use super::eval::{evaluate, DEFAULT_PARAMS};
use super::search::{MATE, MATE_BOUND};
use super::tt::{self, Bound, Table};
use super::zobrist;

/// The deepest search, in plies (the table stores depths in a byte).
pub const MAX_SOLVE_PLIES: u32 = 250;
/// How many nodes pass between two looks at the limits.
const CHECK_EVERY: u64 = 4096;
/// Nodes between two progress reports within an iteration.
const PROGRESS_EVERY: u64 = 1 << 24;
const INF: i32 = MATE + 1;
/// Ordering key of the table's move.
const TT_ORDER: i32 = 1 << 30;

/// What a position is worth for the side to move, with perfect play on both sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move wins; the game ends after this many plies with best play.
    Won(u32),
    /// The side to move loses; the game ends after this many plies with best play.
    Lost(u32),
    /// Neither side can force a win (the whole game graph was searched).
    Draw,
    /// Not decided within the budget.
    Unknown,
}

impl Outcome {
    /// The plies to the end with best play, for a won or lost position.
    pub fn plies(&self) -> Option<u32> {
        match *self {
            Outcome::Won(n) | Outcome::Lost(n) => Some(n),
            Outcome::Draw | Outcome::Unknown => None,
        }
    }

    /// True for a proved win or loss.
    pub fn is_proved(&self) -> bool {
        self.plies().is_some()
    }

    /// The winner, when `to_move` is the side to move in the position solved.
    pub fn winner(&self, to_move: Side) -> Option<Side> {
        match self {
            Outcome::Won(_) => Some(to_move),
            Outcome::Lost(_) => Some(!to_move),
            Outcome::Draw | Outcome::Unknown => None,
        }
    }

    /// The same value from the other side's point of view.
    fn flip(self) -> Outcome {
        match self {
            Outcome::Won(n) => Outcome::Lost(n),
            Outcome::Lost(n) => Outcome::Won(n),
            o => o,
        }
    }
}

fn plies_text(n: u32) -> String {
    if n == 1 {
        "1 ply".into()
    } else {
        format!("{n} plies")
    }
}

impl fmt::Display for Outcome {
    /// `won in 7 plies`, `lost in 4 plies`, `draw`, `unknown`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Won(n) => write!(f, "won in {}", plies_text(n)),
            Outcome::Lost(n) => write!(f, "lost in {}", plies_text(n)),
            Outcome::Draw => f.write_str("draw"),
            Outcome::Unknown => f.write_str("unknown"),
        }
    }
}

/// What bounds a solve. With no time limit the result depends on nothing but the position and
/// these limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveLimits {
    /// Stop after about this many nodes of the search (checked every few thousand).
    pub nodes: Option<u64>,
    /// Stop after this much wall-clock time.
    pub time: Option<Duration>,
    /// The deepest iteration, in plies (at most [`MAX_SOLVE_PLIES`]).
    pub max_plies: u32,
    /// Transposition table slots (16 bytes each; rounded up to a power of two).
    pub table_entries: usize,
    /// Enumerate the whole game graph and solve it backwards first, when it has at most this
    /// many positions (the only way to prove a draw); 0 to skip.
    pub graph_positions: usize,
}

impl Default for SolveLimits {
    fn default() -> SolveLimits {
        SolveLimits {
            nodes: None,
            time: None,
            max_plies: MAX_SOLVE_PLIES,
            table_entries: 1 << 20,
            graph_positions: 0,
        }
    }
}

impl SolveLimits {
    /// A node budget alone (reproducible), with a table sized for it.
    pub fn nodes(nodes: u64) -> SolveLimits {
        SolveLimits {
            nodes: Some(nodes),
            table_entries: Table::size_for(Some(nodes)),
            ..SolveLimits::default()
        }
    }

    /// The same limits with at most `plies` plies.
    pub fn with_max_plies(self, plies: u32) -> SolveLimits {
        SolveLimits {
            max_plies: plies,
            ..self
        }
    }
}

/// What a solve found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveResult {
    /// The value for the side to move.
    pub outcome: Outcome,
    /// The move to play: the fastest win, the slowest loss, or (drawn or unknown) a move that
    /// loses no faster than any other as far as the search saw; `None` when the game is over
    /// or there is no legal move.
    pub best_move: Option<Move>,
    /// The deepest iteration completed: for an unknown position, no side can force a win
    /// within this many plies.
    pub depth: u32,
    /// Nodes visited (search nodes, or positions of the game graph when it was enumerated).
    pub nodes: u64,
    /// Whether the whole game graph was enumerated and solved backwards (see
    /// [`SolveLimits::graph_positions`]); `depth` is then 0.
    pub whole_graph: bool,
    /// Time taken.
    pub elapsed: Duration,
}

impl SolveResult {
    /// Nodes per second.
    pub fn nodes_per_second(&self) -> f64 {
        super::per_second(self.nodes, self.elapsed)
    }
}

/// A proved result, in the form the bot's hints and analysis use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proved {
    /// Whether the side to move is the winner.
    pub winner_to_move: bool,
    /// The winner.
    pub winner: Side,
    /// Plies to the end with best play on both sides.
    pub plies: u32,
    /// The side to move's move: the fastest win, or the slowest loss.
    pub best: Move,
}

/// Why the solver could not do what was asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The position is not proved won or lost, so there is no proof to write.
    #[error("no proof: the position is {outcome} within the budget ({nodes} nodes, no forced win within {depth} plies); give more nodes or time")]
    NotProved {
        /// What the solve found instead.
        outcome: Outcome,
        /// The deepest iteration completed.
        depth: u32,
        /// Nodes visited.
        nodes: u64,
    },
    /// Writing the proof out ran over the budget (it needs more nodes than the solve did).
    #[error("the proof ran out of budget after {lines} lines: give more nodes or time")]
    ProofBudget {
        /// Lines collected so far.
        lines: usize,
    },
    /// The proof would have more lines than allowed.
    #[error("the proof has more than {limit} lines")]
    ProofTooLarge {
        /// The limit.
        limit: usize,
    },
}

/// A proof of a win: for each position where the winner is to move, the move it plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proof {
    /// The position proved.
    pub root: Position,
    /// The winner.
    pub winner: Side,
    /// Plies to the end with best play.
    pub plies: u32,
    /// `(position, move)` for each position where the winner is to move, in the order found
    /// (depth first from the root).
    pub lines: Vec<(Position, Move)>,
}

impl Proof {
    /// Writes the proof as text: one `POSITION<TAB>MOVE` line per listed position.
    pub fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        for (pos, mv) in &self.lines {
            writeln!(out, "{pos}\t{mv}")?;
        }
        Ok(())
    }
}

/// A progress report of a long solve.
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    /// The iteration under way (or just completed), in plies.
    pub depth: u32,
    /// Whether that iteration has completed.
    pub completed: bool,
    /// Nodes so far.
    pub nodes: u64,
    /// Time so far.
    pub elapsed: Duration,
}

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
            return if w == pos.turn() {
                MATE - ply as i32
            } else {
                -MATE + ply as i32
            };
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

/// The whole game graph reachable from a position, for a retrograde analysis that proves
/// draws as well as wins and losses.
struct GameGraph {
    positions: Vec<Position>,
    /// For each position, its moves and the index of the position each leads to.
    edges: Vec<Vec<(Move, u32)>>,
}

impl GameGraph {
    /// Enumerates every position reachable from `root`; `None` if there are more than `limit`.
    fn build(root: &Position, limit: usize) -> Option<GameGraph> {
        let mut index: HashMap<Position, u32> = HashMap::new();
        let mut positions = vec![*root];
        let mut edges: Vec<Vec<(Move, u32)>> = Vec::new();
        index.insert(*root, 0);
        let mut next = 0;
        while next < positions.len() {
            let pos = positions[next];
            let mut out = Vec::new();
            if !pos.is_over() {
                for mv in pos.legal_moves() {
                    let child = pos.play_unchecked(&mv);
                    let id = match index.get(&child) {
                        Some(&id) => id,
                        None => {
                            if positions.len() >= limit {
                                return None;
                            }
                            let id = positions.len() as u32;
                            positions.push(child);
                            index.insert(child, id);
                            id
                        }
                    };
                    out.push((mv, id));
                }
            }
            edges.push(out);
            next += 1;
        }
        Some(GameGraph { positions, edges })
    }

    /// Retrograde analysis: the exact value of every position (undecided ones are draws).
    fn values(&self) -> Vec<Outcome> {
        let n = self.positions.len();
        let mut parents: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (p, out) in self.edges.iter().enumerate() {
            for &(_, c) in out {
                parents[c as usize].push(p as u32);
            }
        }
        let mut value = vec![Outcome::Draw; n];
        let mut undecided_children: Vec<usize> = self.edges.iter().map(|e| e.len()).collect();
        let mut queue = std::collections::VecDeque::new();
        for (i, pos) in self.positions.iter().enumerate() {
            if let Some(o) = terminal(pos) {
                value[i] = o;
                queue.push_back(i);
            }
        }
        // Positions come off the queue in order of distance to the end, so each value is set
        // by its shortest win or, once every child is won for the opponent, its longest loss.
        let mut decided = vec![false; n];
        for &i in &queue {
            decided[i] = true;
        }
        while let Some(c) = queue.pop_front() {
            let (won_for_parent, d) = match value[c] {
                Outcome::Lost(d) => (true, d),
                Outcome::Won(d) => (false, d),
                _ => continue,
            };
            for &p in &parents[c] {
                let p = p as usize;
                if decided[p] {
                    continue;
                }
                if won_for_parent {
                    value[p] = Outcome::Won(d + 1);
                    decided[p] = true;
                    queue.push_back(p);
                } else {
                    undecided_children[p] -= 1;
                    if undecided_children[p] == 0 {
                        value[p] = Outcome::Lost(d + 1);
                        decided[p] = true;
                        queue.push_back(p);
                    }
                }
            }
        }
        value
    }

    /// The root's value and best move: the fastest win, the slowest loss, or a drawing move.
    fn root_value(&self) -> (Outcome, Option<Move>) {
        let values = self.values();
        let root = values[0];
        let mut best: Option<(Move, i64)> = None;
        for &(mv, c) in &self.edges[0] {
            // Rank each move by the root's value after it: higher is better.
            let rank = match values[c as usize].flip() {
                Outcome::Won(d) => 1_000_000 - d as i64,
                Outcome::Draw | Outcome::Unknown => 0,
                Outcome::Lost(d) => -1_000_000 + d as i64,
            };
            if best.is_none_or(|b| rank > b.1) {
                best = Some((mv, rank));
            }
        }
        (root, best.map(|b| b.0))
    }
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
