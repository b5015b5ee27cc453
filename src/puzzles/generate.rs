//! The puzzle generator: games between the AI levels and the `novice` model in both variants,
//! each position after a move screened cheaply, candidates confirmed at a high budget, the
//! line extended while the replies are forced or clearly best, game-ending lines proved by the
//! exact search, at most one puzzle a game (docs/puzzles.md has the figures).
//!
//! Everything is seeded and bounded by node budgets only, so game `i` of seed `s` always gives
//! the same puzzle, and a run can be split into ranges of games.

use crate::ai::forced::{forced_win, wins_within};
use crate::ai::matchplay::{book, opening, Player};
use crate::ai::rng::{mix, Rng};
use crate::ai::Level;
use crate::rules::{Move, Phase, Position, Side, Trace, Variant};

use super::rating::initial_rating;
use super::themes::derive;
use super::values::{gap, move_values, wins_at_once, MoveValue};
use super::Puzzle;

/// How the generator works; [`Default`] gives the settings of the collection.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GenerateConfig {
    /// The run's seed.
    pub seed: u64,
    /// Nodes a move of the cheap screen of every position.
    pub screen_nodes: u64,
    /// The screen's gap between the best and the second move to be a candidate.
    pub screen_margin: f64,
    /// Nodes a move of a candidate's confirmation and of the line's extension.
    pub confirm_nodes: u64,
    /// The confirmed gap between the best and the second move (Lichess: 0.42 of win chance).
    pub margin: f64,
    /// Solver nodes to find a short forced win from a candidate.
    pub proof_nodes: u64,
    /// Solver nodes to prove a "win in N" against every defence.
    pub verify_nodes: u64,
    /// Candidates confirmed a game at most.
    pub confirms_per_game: usize,
    /// The solver's moves of a line that does not end the game, at most.
    pub max_solver_moves: usize,
    /// A game still running after this many plies is stopped.
    pub max_plies: u32,
}

impl Default for GenerateConfig {
    fn default() -> GenerateConfig {
        GenerateConfig {
            seed: 1,
            screen_nodes: 1_000,
            screen_margin: 0.30,
            confirm_nodes: 30_000,
            margin: 0.42,
            proof_nodes: 200_000,
            verify_nodes: 4_000_000,
            confirms_per_game: 3,
            max_solver_moves: 3,
            max_plies: 300,
        }
    }
}

/// The players games are played between.
/// `hard` is among them so that more games of Bao la Kiswahili last into the mtaji stage,
/// where takasia arises.
pub const PLAYERS: [Player; 6] = [
    Player::Novice,
    Player::Level(Level::Beginner),
    Player::Level(Level::Easy),
    Player::Level(Level::Casual),
    Player::Level(Level::Medium),
    Player::Level(Level::Hard),
];

/// One game in this many looks for a "win in N" at its end before anything else (the other
/// games' puzzles are mostly single best moves, found earlier in the game).
pub const ENDING_EVERY: u64 = 3;

/// What one game gave.
#[derive(Debug, Clone)]
pub struct GameReport {
    /// The game's number in the run.
    pub index: u64,
    /// Its variant.
    pub variant: Variant,
    /// South's player.
    pub south: Player,
    /// North's player.
    pub north: Player,
    /// Plies played.
    pub plies: usize,
    /// Positions that passed the screen.
    pub candidates: usize,
    /// The puzzle found, if any.
    pub puzzle: Option<Puzzle>,
}

/// The variant of game `index`: Kiswahili and Kujifunza in turn.
pub fn variant_of(index: u64) -> Variant {
    if index % 2 == 0 {
        Variant::Kiswahili
    } else {
        Variant::Kujifunza
    }
}

/// Plays game `index` of the run and looks for its puzzle.
pub fn generate_game(config: &GenerateConfig, index: u64) -> GameReport {
    let mut rng = Rng::new(mix(config.seed ^ mix(index)));
    let variant = variant_of(index);
    let south = PLAYERS[rng.below(PLAYERS.len())];
    let north = PLAYERS[rng.below(PLAYERS.len())];
    let start = match book(variant) {
        b if !b.is_empty() => b[rng.below(b.len())].0,
        _ => opening(variant, 2 + rng.below(6) as u32, &mut rng),
    };
    let positions = play(start, &south, &north, rng.next_u64(), config.max_plies);
    let report = |candidates: usize, puzzle: Option<Puzzle>| GameReport {
        index,
        variant,
        south,
        north,
        plies: positions.len() - 1,
        candidates,
        puzzle,
    };
    // Takasia is rare (about one puzzle in a hundred games of Bao la Kiswahili): positions
    // where the side to move is barred from a pit, or could bar one, are confirmed first.
    // The positions after other takatas that bar a pit count too: each is a position just
    // after the opponent's move.
    let rare: Vec<Position> = positions
        .iter()
        .skip(1)
        .flat_map(takasia_spots)
        .filter(|pos| !pos.is_over() && pos.legal_moves().len() >= 2)
        .collect();
    if let Some(puzzle) = rare
        .iter()
        .find_map(|pos| confirm(config, pos).filter(|p| p.has(super::Theme::Takasia)))
    {
        return report(rare.len(), Some(puzzle));
    }
    if index % ENDING_EVERY == 0 {
        let n = 1 + rng.below(3) as u32;
        if let Some(puzzle) = ending(config, &positions, n) {
            return report(1, Some(puzzle));
        }
    }
    let mut candidates = Vec::new();
    for pos in positions.iter().skip(1) {
        if pos.is_over() || pos.legal_moves().len() < 2 || rare.contains(pos) {
            continue;
        }
        if gap(&move_values(pos, config.screen_nodes)) >= config.screen_margin {
            candidates.push(*pos);
        }
    }
    // In one Kiswahili game of two the mtaji stage is looked at before the namua stage; in
    // the other, positions with a nyumba choice (stop or use) come first.
    if variant == Variant::Kiswahili {
        if index % 4 == 0 {
            candidates.sort_by_key(|pos| pos.phase() == Phase::Namua);
        } else {
            candidates.sort_by_key(|pos| !pos.legal_moves().iter().any(|m| m.house.is_some()));
        }
    }
    let puzzle = candidates
        .iter()
        .take(config.confirms_per_game)
        .find_map(|pos| confirm(config, pos));
    report(candidates.len(), puzzle)
}

/// The positions of a game from `start`: the start and after every move.
fn play(start: Position, south: &Player, north: &Player, seed: u64, max: u32) -> Vec<Position> {
    let mut positions = vec![start];
    let mut pos = start;
    for ply in 0..max {
        if pos.is_over() {
            break;
        }
        let player = match pos.turn() {
            Side::South => south,
            Side::North => north,
        };
        let Some(mv) = player.choose(&pos, mix(seed ^ ply as u64)) else {
            break;
        };
        pos = pos.play_unchecked(&mv);
        positions.push(pos);
    }
    positions
}

/// The line found from a candidate: moves, the solver's traces, and whether it is proved to
/// end the game.
struct Line {
    moves: Vec<Move>,
    traces: Vec<Trace>,
    win_in: Option<u32>,
}

/// Confirms the candidate `pos` at the high budget and builds its puzzle.
pub fn confirm(config: &GenerateConfig, pos: &Position) -> Option<Puzzle> {
    let values = move_values(pos, config.confirm_nodes);
    if values.len() < 2 || gap(&values) < config.margin {
        return None;
    }
    let solver = pos.turn();
    let line = match forced_win(pos, config.proof_nodes) {
        Some(w) if w.winner == solver && w.winner_to_move && w.moves <= 3 => {
            winning_line(config, pos, &values)?
        }
        _ => {
            if values[0].expected < 0.35 {
                return None;
            }
            quiet_line(config, pos, values[0].mv)?
        }
    };
    let defence = line.win_in.is_none() && values[0].expected < 0.85 && values[1].expected <= 0.15;
    let mut puzzle = Puzzle {
        id: Puzzle::id_for(pos),
        position: *pos,
        solution: line.moves,
        themes: derive(pos, &line.traces, line.win_in, defence),
        rating: 1500,
    };
    puzzle.rating = initial_rating(&puzzle, config.seed ^ mix(puzzle.solution.len() as u64));
    Some(puzzle)
}

/// The line of a short forced win: the solver's fastest win, the defender's slowest loss,
/// each solver's move but the last the only good one, proved against every defence.
fn winning_line(config: &GenerateConfig, start: &Position, first: &[MoveValue]) -> Option<Line> {
    let solver = start.turn();
    let mut pos = *start;
    let mut line = Line {
        moves: Vec::new(),
        traces: Vec::new(),
        win_in: None,
    };
    for k in 1..=3u32 {
        let w = forced_win(&pos, config.proof_nodes)?;
        if w.winner != solver || !w.winner_to_move {
            return None;
        }
        let last = w.moves == 1;
        if !last {
            // Not the last move: it must be the only good one.
            let values = if k == 1 {
                first.to_vec()
            } else {
                move_values(&pos, config.confirm_nodes)
            };
            if values.first().map(|v| v.mv) != Some(w.best) || gap(&values) < config.margin {
                return None;
            }
        }
        let (next, trace) = pos.play(&w.best).ok()?;
        line.moves.push(w.best);
        line.traces.push(trace);
        pos = next;
        if last {
            if pos.winner() != Some(solver) {
                return None;
            }
            let plies = 2 * k - 1;
            let proved = wins_within(start, solver, plies, config.verify_nodes)?;
            let faster = k > 1 && wins_within(start, solver, plies - 2, config.verify_nodes)?;
            if !proved || faster {
                return None;
            }
            line.win_in = Some(k);
            return Some(line);
        }
        let reply = forced_win(&pos, config.proof_nodes)?;
        if reply.winner != solver {
            return None;
        }
        line.moves.push(reply.best);
        pos = pos.play_unchecked(&reply.best);
    }
    None
}

/// The line of a puzzle that does not end the game: `first`, then on while the opponent's
/// reply is forced or clearly best and the solver's next move is again the only good one.
fn quiet_line(config: &GenerateConfig, start: &Position, first: Move) -> Option<Line> {
    let (mut pos, trace) = start.play(&first).ok()?;
    let mut line = Line {
        moves: vec![first],
        traces: vec![trace],
        win_in: None,
    };
    while line.traces.len() < config.max_solver_moves && !pos.is_over() {
        let replies = move_values(&pos, config.confirm_nodes);
        if replies.is_empty() || (replies.len() > 1 && gap(&replies) < config.margin) {
            break;
        }
        let reply = replies[0].mv;
        let after = pos.play_unchecked(&reply);
        if after.is_over() {
            break;
        }
        let values = move_values(&after, config.confirm_nodes);
        if values.len() < 2 || gap(&values) < config.margin {
            break;
        }
        let (next, trace) = after.play(&values[0].mv).ok()?;
        line.moves.push(reply);
        line.moves.push(values[0].mv);
        line.traces.push(trace);
        pos = next;
    }
    if pos.winner() == Some(start.turn()) {
        // The line ended the game after all: only as a proved win in N.
        let k = line.traces.len() as u32;
        if k > 3 || wins_within(start, start.turn(), 2 * k - 1, config.verify_nodes) != Some(true) {
            return None;
        }
        line.win_in = Some(k);
    }
    Some(line)
}

/// A "win in `n`" (or fewer, down to 1) from the end of a finished game: the position `2n - 1`
/// plies before the winner's last move, if the solver proves the win there in exactly `n`
/// moves with every solver's move but the last the only one that wins that fast.
fn ending(config: &GenerateConfig, positions: &[Position], n: u32) -> Option<Puzzle> {
    let end = positions.last()?;
    let winner = end.winner()?;
    (1..=n).rev().find_map(|k| {
        let at = positions.len().checked_sub(2 * k as usize)?;
        let start = positions[at];
        if start.turn() != winner || start.legal_moves().len() < 2 {
            return None;
        }
        let line = exact_line(config, &start, k)?;
        let mut puzzle = Puzzle {
            id: Puzzle::id_for(&start),
            position: start,
            solution: line.moves,
            themes: derive(&start, &line.traces, line.win_in, false),
            rating: 1500,
        };
        puzzle.rating = initial_rating(&puzzle, config.seed ^ mix(puzzle.solution.len() as u64));
        Some(puzzle)
    })
}

/// The line of an exact "win in `k`" from `start`: proved in `2k - 1` plies and not faster;
/// each solver's move but the last the only one that keeps the win within the plies left; in
/// the last move some, but not every, move wins at once; the defender's replies the slowest.
fn exact_line(config: &GenerateConfig, start: &Position, k: u32) -> Option<Line> {
    let solver = start.turn();
    let plies = 2 * k - 1;
    if wins_within(start, solver, plies, config.verify_nodes)? {
        if k > 1 && wins_within(start, solver, plies - 2, config.verify_nodes)? {
            return None;
        }
    } else {
        return None;
    }
    let mut pos = *start;
    let mut line = Line {
        moves: Vec::new(),
        traces: Vec::new(),
        win_in: Some(k),
    };
    for left in (1..=k).rev() {
        let legal = pos.legal_moves();
        let mv = if left == 1 {
            let wins: Vec<&Move> = legal.iter().filter(|m| wins_at_once(&pos, m)).collect();
            // A last move that anything wins is no puzzle.
            if wins.is_empty() || 2 * wins.len() > legal.len() {
                return None;
            }
            *wins[0]
        } else {
            let mut keeps = Vec::new();
            for m in legal.iter() {
                let after = pos.play_unchecked(m);
                let wins = after.winner() == Some(solver)
                    || (!after.is_over()
                        && wins_within(&after, solver, 2 * left - 2, config.proof_nodes)?);
                if wins {
                    keeps.push(*m);
                }
            }
            match keeps.as_slice() {
                [only] => *only,
                _ => return None,
            }
        };
        let (next, trace) = pos.play(&mv).ok()?;
        line.moves.push(mv);
        line.traces.push(trace);
        pos = next;
        if left == 1 {
            return (pos.winner() == Some(solver)).then_some(line);
        }
        if pos.is_over() {
            // Won sooner than proved possible: the proof above says it cannot happen.
            return None;
        }
        // The defender's slowest reply: one after which the win still takes every ply left.
        let mut slowest = None;
        for r in pos.legal_moves().iter() {
            let after = pos.play_unchecked(r);
            if after.is_over() {
                continue;
            }
            let faster = left > 2 && wins_within(&after, solver, 2 * left - 5, config.proof_nodes)?;
            if !faster {
                slowest = Some(*r);
                break;
            }
        }
        let reply = slowest?;
        line.moves.push(reply);
        pos = pos.play_unchecked(&reply);
    }
    None
}

/// Where takasia is at stake around `pos`: `pos` itself when the side to move is barred
/// from a pit or one of its moves would bar one of the opponent's, followed by the positions
/// after those barring moves; nothing otherwise.
fn takasia_spots(pos: &Position) -> Vec<Position> {
    let may_bar = pos.variant() == Variant::Kiswahili
        && pos.phase() == Phase::Mtaji
        && pos.rules().has_takasia();
    let barring: Vec<Position> = if may_bar {
        pos.legal_moves()
            .iter()
            .map(|m| pos.play_unchecked(m))
            .filter(|after| after.takasia().is_some())
            .collect()
    } else {
        Vec::new()
    };
    if pos.takasia().is_none() && barring.is_empty() {
        return Vec::new();
    }
    std::iter::once(*pos).chain(barring).collect()
}
