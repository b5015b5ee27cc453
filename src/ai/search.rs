//! The search: iterative deepening negamax with alpha-beta, principal variation search and
//! aspiration windows, a transposition table, move ordering (table move, captures by the seeds
//! they actually win, killers, history) and a quiescence search over compulsory captures.
//!
//! Scores are in hundredths of a seed for the side to move. A won game scores
//! `MATE - plies to the win`, a lost one `-(MATE - plies)`, so the search wins as fast and
//! loses as slowly as it can. The rules end a game with a never-ending move as a loss for its
//! mover; the search sees that through [`Position::winner`] like any other end.

use arrayvec::ArrayVec;

use crate::rules::{Direction, Move, MoveKind, MoveList, Position, Side, MAX_MOVES};

use super::eval::{evaluate, Params};
use super::rng::{mix, Rng};
use super::timecontrol::{Clock, CHECK_EVERY};
use super::tt::{self, Bound, Table};
use super::zobrist;
use super::{SearchLimits, SearchResult};

/// The score of a game won on the spot.
pub const MATE: i32 = 30_000;
/// Scores at least this far from zero are wins or losses.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = MATE + 1;
/// Deepest ply the search reaches, quiescence included.
pub const MAX_PLY: usize = 128;
/// Most plies of compulsory captures searched past the horizon.
const MAX_QUIESCENCE: usize = 16;
/// Deepest iteration.
const MAX_DEPTH: i32 = 64;
/// Mixed into the seed of the draw that decides whether the best capture is missed, so that
/// it does not follow the noise.
const MISS_SALT: u64 = 0x6d69_7373_6361_7074;
/// First aspiration window half-width.
const ASPIRATION: i32 = 50;

/// Ordering key of the first killer move (history scores stay below the second).
const KILLER_ORDER: i32 = 1 << 23;

/// One child in the move list: the move, the position it leads to, its ordering key.
struct Child {
    mv: Move,
    /// Captures are played at once (their gain orders them); takata moves when searched.
    pos: Option<Position>,
    order: i32,
}

impl Child {
    /// The position after the move.
    #[inline]
    fn position(&self, parent: &Position) -> Position {
        self.pos.unwrap_or_else(|| parent.play_unchecked(&self.mv))
    }
}

type Children = ArrayVec<Child, MAX_MOVES>;

/// The state of one search.
pub struct Searcher<'p> {
    params: &'p Params,
    tt: Table,
    killers: [[u16; 2]; MAX_PLY],
    /// `[side][circuit index][direction]`: how often a takata from there refuted a line.
    history: [[[i32; 2]; 16]; 2],
    nodes: u64,
    clock: Clock,
    stopped: bool,
    /// An iteration has completed, so stopping leaves a move to play.
    may_stop: bool,
    noise: i32,
    seed: u64,
    /// The best root move of the iteration under way, with its score.
    root_best: Option<(Move, i32)>,
    /// Deepest iteration.
    max_depth: i32,
    /// Chance in percent of not seeing the best capture at the root.
    miss_best_capture: u32,
    /// Root moves left out (packed): the best captures, when the search misses them.
    missed: ArrayVec<u16, MAX_MOVES>,
    /// The scores of the last two completed iterations, the last first.
    iterations: [Option<i32>; 2],
}

impl<'p> Searcher<'p> {
    /// A searcher for one search under `limits`, evaluating with `params`.
    pub fn new(limits: &SearchLimits, params: &'p Params) -> Searcher<'p> {
        Searcher {
            params,
            tt: Table::new(Table::size_for(limits.nodes)),
            killers: [[0; 2]; MAX_PLY],
            history: [[[0; 2]; 16]; 2],
            nodes: 0,
            clock: Clock::start(limits.nodes, limits.time),
            stopped: false,
            may_stop: false,
            noise: limits.noise.max(0),
            seed: limits.seed,
            root_best: None,
            max_depth: limits
                .depth
                .map_or(MAX_DEPTH, |d| (d as i32).clamp(1, MAX_DEPTH)),
            miss_best_capture: limits.miss_best_capture.min(100),
            missed: ArrayVec::new(),
            iterations: [None; 2],
        }
    }

    /// The scores of the last two completed iterations of the last [`Searcher::run`] without
    /// noise (the deepest first), for a caller that smooths the odd-even swing between depths.
    pub fn last_iterations(&self) -> [Option<i32>; 2] {
        self.iterations
    }

    /// Searches `pos` until a limit is reached; `None` when the game is over or the side to
    /// move has no legal move.
    pub fn run(&mut self, pos: &Position) -> Option<SearchResult> {
        let moves = pos.legal_moves();
        if pos.is_over() || moves.is_empty() {
            return None;
        }
        self.missed = self.missed_captures(pos, &moves);
        let result = self.search_root(pos, moves.len());
        if self.missed.is_empty() || result.is_none_or(|r| r.score > -MATE_BOUND) {
            return result;
        }
        // Every move it saw loses by force: look again, seeing every move.
        self.missed.clear();
        self.stopped = false;
        self.may_stop = false;
        self.search_root(pos, moves.len())
    }

    /// The search proper, over the root moves not left out; `legal` is their number with
    /// the left-out ones.
    fn search_root(&mut self, pos: &Position, legal: usize) -> Option<SearchResult> {
        if self.noise > 0 {
            return self.run_noisy(pos);
        }
        let moves = legal - self.missed.len();
        let mut best: Option<(Move, i32, u32)> = None;
        self.iterations = [None; 2];
        for depth in 1..=self.max_depth {
            let prev = best.map(|b| b.1).unwrap_or(0);
            let mut delta = ASPIRATION;
            let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < MATE_BOUND {
                (prev - delta, prev + delta)
            } else {
                (-INF, INF)
            };
            let score = loop {
                self.root_best = None;
                let s = self.negamax(pos, depth, alpha, beta, 0);
                if self.stopped {
                    break s;
                }
                if s <= alpha && alpha > -INF {
                    beta = (alpha + beta) / 2;
                    alpha = (s - delta).max(-INF);
                } else if s >= beta && beta < INF {
                    beta = (s + delta).min(INF);
                } else {
                    break s;
                }
                delta *= 2;
                if delta > 1_000 {
                    (alpha, beta) = (-INF, INF);
                }
            };
            if self.stopped {
                // A root move that beat the previous best in the unfinished iteration is
                // already proven better; keep it.
                if let (Some((mv, s)), Some(b)) = (self.root_best, best.as_mut()) {
                    if mv != b.0 && s > b.1 {
                        b.0 = mv;
                        b.1 = s;
                    }
                }
                break;
            }
            let (mv, _) = self
                .root_best
                .expect("a completed iteration has a best move");
            best = Some((mv, score, depth as u32));
            self.iterations = [Some(score), self.iterations[0]];
            self.may_stop = true;
            let decided = score.abs() >= MATE_BOUND && MATE - score.abs() <= depth;
            if moves == 1 || decided || !self.clock.may_deepen(self.nodes) {
                break;
            }
        }
        let (mv, score, depth) = best?;
        Some(SearchResult {
            mv,
            score,
            depth,
            nodes: self.nodes,
            elapsed: self.clock.elapsed(),
        })
    }

    /// The search of a noisy level: every root move gets an exact score at each depth; then
    /// each score gets a random amount from 0 to `noise` added (drawn from the seed and the
    /// position) and the highest is played, so slightly worse moves are played often and much
    /// worse ones rarely. A move that loses by force is never played while another does not;
    /// when all do, the slowest loss is played, and a forced win is always played.
    fn run_noisy(&mut self, pos: &Position) -> Option<SearchResult> {
        let mut scored: Vec<(Move, i32)> = Vec::new();
        let mut depth_done = 0;
        for depth in 1..=self.max_depth {
            let Some(all) = self.score_root_moves(pos, depth) else {
                break;
            };
            scored = all;
            depth_done = depth as u32;
            self.may_stop = true;
            let best = scored.iter().map(|s| s.1).max().unwrap_or(0);
            let decided = best.abs() >= MATE_BOUND && MATE - best.abs() <= depth;
            if scored.len() == 1 || decided || !self.clock.may_deepen(self.nodes) {
                break;
            }
        }
        let best = scored.iter().map(|s| s.1).max()?;
        let mut rng = Rng::new(mix(self.seed ^ zobrist::key(pos)));
        let pick = if best.abs() >= MATE_BOUND {
            // Won or lost whatever: the fastest win or the slowest loss.
            *scored.iter().find(|s| s.1 == best)?
        } else {
            // Each move's score plus a random amount up to the noise; the highest is played.
            // Moves that lose by force take part only when every move does.
            let mut top: Option<((Move, i32), i64)> = None;
            for &(mv, s) in &scored {
                let jitter = rng.below(self.noise as usize + 1) as i64;
                let key = if s <= -MATE_BOUND {
                    s as i64 - (1 << 40)
                } else {
                    s as i64 + jitter
                };
                if top.is_none_or(|t| key > t.1) {
                    top = Some(((mv, s), key));
                }
            }
            top?.0
        };
        Some(SearchResult {
            mv: pick.0,
            score: pick.1,
            depth: depth_done,
            nodes: self.nodes,
            elapsed: self.clock.elapsed(),
        })
    }

    /// Every root move with its exact score at `depth` (`None` if the search was stopped).
    fn score_root_moves(&mut self, pos: &Position, depth: i32) -> Option<Vec<(Move, i32)>> {
        self.visit();
        let key = zobrist::key(pos);
        let tt_move = self.tt.probe(key, 0).map_or(0, |h| h.mv);
        let mut kids = Children::new();
        if let Some(win) = self.children(pos, &pos.legal_moves(), 0, tt_move, &mut kids) {
            return Some(vec![(win, MATE - 1)]);
        }
        let mut out = Vec::with_capacity(kids.len());
        for i in 0..kids.len() {
            pick_best(&mut kids, i);
            let (mv, child) = (kids[i].mv, kids[i].position(pos));
            let s = -self.negamax(&child, depth - 1, -INF, INF, 1);
            if self.stopped {
                return None;
            }
            out.push((mv, s));
        }
        if let Some(&(mv, s)) = out.iter().max_by_key(|m| m.1) {
            self.tt.store(key, 0, depth, s, Bound::Exact, tt::pack(&mv));
        }
        Some(out)
    }

    /// Counts a node and looks at the limits every [`CHECK_EVERY`] nodes.
    #[inline]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % CHECK_EVERY == 0 && self.may_stop && self.clock.must_stop(self.nodes) {
            self.stopped = true;
        }
        self.stopped
    }

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
            return end_score(w, pos.turn(), ply);
        }
        if depth <= 0 || ply + MAX_QUIESCENCE + 2 >= MAX_PLY {
            return self.quiescence(pos, alpha, beta, ply, 0);
        }
        let pv = beta - alpha > 1;
        if ply > 0 {
            // No line from here can beat a win already found nearer the root.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let key = zobrist::key(pos);
        let mut tt_move = 0;
        if let Some(hit) = self.tt.probe(key, ply) {
            tt_move = hit.mv;
            let usable = match hit.bound {
                Bound::Exact => true,
                Bound::Lower => hit.score >= beta,
                Bound::Upper => hit.score <= alpha,
            };
            if !pv && hit.depth >= depth && usable {
                return hit.score;
            }
        }
        let me = pos.turn();
        let mut kids = Children::new();
        if let Some(win) = self.children(pos, &pos.legal_moves(), ply, tt_move, &mut kids) {
            let s = MATE - ply as i32 - 1;
            if ply == 0 {
                self.root_best = Some((win, s));
            }
            self.tt
                .store(key, ply, depth, s, Bound::Exact, tt::pack(&win));
            return s;
        }
        if kids.is_empty() {
            return -MATE + ply as i32;
        }
        let alpha_in = alpha;
        let mut best = -INF;
        let mut best_move = 0;
        let forced = kids.len() == 1 && self.params.forced_extension;
        let next_depth = if forced { depth } else { depth - 1 };
        for i in 0..kids.len() {
            pick_best(&mut kids, i);
            let kid = &kids[i];
            let (mv, child, order) = (kid.mv, kid.position(pos), kid.order);
            let s = if i == 0 {
                -self.negamax(&child, next_depth, -beta, -alpha, ply + 1)
            } else {
                // Late quiet moves that are neither killers nor the table move: look less deep
                // first, and again at full depth only if they seem to beat alpha.
                let reduce = self.params.reductions
                    && depth >= 3
                    && i >= 3
                    && mv.kind == MoveKind::Takata
                    && order < KILLER_ORDER - 1;
                let r = if reduce {
                    1 + (depth >= 6 && i >= 8) as i32
                } else {
                    0
                };
                let mut s = -self.negamax(&child, next_depth - r, -alpha - 1, -alpha, ply + 1);
                if r > 0 && s > alpha {
                    s = -self.negamax(&child, next_depth, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta {
                    -self.negamax(&child, next_depth, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                best_move = tt::pack(&mv);
                if s > alpha {
                    alpha = s;
                    if ply == 0 {
                        self.root_best = Some((mv, s));
                    }
                    if alpha >= beta {
                        if mv.kind == MoveKind::Takata {
                            self.reward(me, &mv, depth, ply);
                        }
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best, alpha_in, beta);
        self.tt.store(key, ply, depth, best, bound, best_move);
        best
    }

    /// Past the horizon: compulsory captures are searched out (they are all the side to move
    /// may play), anything else is scored by the evaluation.
    fn quiescence(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        if self.visit() {
            return 0;
        }
        if let Some(w) = pos.winner() {
            return end_score(w, pos.turn(), ply);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return -MATE + ply as i32;
        }
        if moves[0].kind == MoveKind::Takata
            || qply >= self.params.quiescence_plies.min(MAX_QUIESCENCE as u32)
            || ply + 1 >= MAX_PLY
        {
            return self.static_eval(pos, moves.len());
        }
        let mut kids = Children::new();
        if self.children(pos, &moves, ply, 0, &mut kids).is_some() {
            return MATE - ply as i32 - 1;
        }
        let mut best = -INF;
        for i in 0..kids.len() {
            pick_best(&mut kids, i);
            let child = kids[i].position(pos);
            let s = -self.quiescence(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Lists `moves` in `kids` with their ordering keys, playing the captures to measure what
    /// they win; returns a capture that wins on the spot instead, if there is one.
    fn children(
        &self,
        pos: &Position,
        moves: &MoveList,
        ply: usize,
        tt_move: u16,
        kids: &mut Children,
    ) -> Option<Move> {
        let me = pos.turn();
        let them = !me;
        let theirs_before = pos.seeds_on_board(them) as i32;
        let killers = self.killers[ply];
        for &mv in moves {
            let packed = tt::pack(&mv);
            if ply == 0 && self.missed.contains(&packed) {
                continue;
            }
            let history = self.history[me.index()][mv.pit.index()][dir_index(mv.direction)];
            if mv.kind == MoveKind::Takata {
                let order = if packed == tt_move {
                    1 << 30
                } else if packed == killers[0] {
                    KILLER_ORDER
                } else if packed == killers[1] {
                    KILLER_ORDER - 1
                } else {
                    history
                };
                kids.push(Child {
                    mv,
                    pos: None,
                    order,
                });
                continue;
            }
            let child = pos.play_unchecked(&mv);
            let order = match child.winner() {
                Some(w) if w == me => return Some(mv),
                Some(_) => i32::MIN,
                None if packed == tt_move => 1 << 30,
                None => {
                    let won = theirs_before - child.seeds_on_board(them) as i32;
                    (1 << 24) + (won << 12) + history.min(4095)
                }
            };
            kids.push(Child {
                mv,
                pos: Some(child),
                order,
            });
        }
        None
    }

    /// The root captures this search misses (packed): none, unless every legal move is a
    /// capture, none wins at once, they do not all take as much, and the draw from the seed
    /// and the position falls under [`SearchLimits::miss_best_capture`]; then the captures
    /// taking the most seeds, played out.
    fn missed_captures(&self, pos: &Position, moves: &MoveList) -> ArrayVec<u16, MAX_MOVES> {
        let mut missed = ArrayVec::new();
        if self.miss_best_capture == 0
            || moves.len() < 2
            || moves.iter().any(|m| m.kind == MoveKind::Takata)
        {
            return missed;
        }
        let mut rng = Rng::new(mix(self.seed ^ zobrist::key(pos) ^ MISS_SALT));
        if rng.below(100) as u32 >= self.miss_best_capture {
            return missed;
        }
        let me = pos.turn();
        let theirs = pos.seeds_on_board(!me) as i32;
        let mut gains: ArrayVec<(u16, i32), MAX_MOVES> = ArrayVec::new();
        for mv in moves {
            let child = pos.play_unchecked(mv);
            if child.winner() == Some(me) {
                return missed;
            }
            gains.push((tt::pack(mv), theirs - child.seeds_on_board(!me) as i32));
        }
        let best = gains.iter().map(|g| g.1).max().unwrap_or(0);
        if gains.iter().all(|g| g.1 == best) {
            return missed;
        }
        missed.extend(gains.iter().filter(|g| g.1 == best).map(|g| g.0));
        missed
    }

    /// A takata refuted the line: remember it as a killer and in the history.
    fn reward(&mut self, me: Side, mv: &Move, depth: i32, ply: usize) {
        let packed = tt::pack(mv);
        let k = &mut self.killers[ply];
        if k[0] != packed {
            k[1] = k[0];
            k[0] = packed;
        }
        let h = &mut self.history[me.index()][mv.pit.index()][dir_index(mv.direction)];
        *h = (*h + depth * depth).min(1 << 20);
    }

    /// The evaluation of a position past the horizon.
    fn static_eval(&self, pos: &Position, legal_moves: usize) -> i32 {
        evaluate(pos, legal_moves, self.params)
    }
}

/// The score of a finished game for `to_move` (the side that would move next).
#[inline]
pub(crate) fn end_score(winner: Side, to_move: Side, ply: usize) -> i32 {
    if winner == to_move {
        MATE - ply as i32
    } else {
        -MATE + ply as i32
    }
}

#[inline]
fn dir_index(d: Direction) -> usize {
    (d == Direction::Right) as usize
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
