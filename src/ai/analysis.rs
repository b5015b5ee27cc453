//! Post-game analysis: every ply of a game searched at a fixed node budget, each move's
//! expected-score loss against the best move, a label, each player's accuracy, and what a
//! short exact search proves ("missed a win in 3", "walked into a loss in 2"; [`proofs`]).
//!
//! For each ply the position before the move is searched; its best move and score give the
//! evaluation curve. A move that is not the search's best is then judged on equal footing:
//! the positions after the best move and after the move played are both searched at the same
//! budget (the second is the next ply's search, so it costs nothing extra), and the loss is
//! the mover's expected score after the best move less that after the move played (never
//! below 0). The search's own move loses nothing by definition. With a node budget only, the
//! result depends on nothing but the game and the budget.
//!
//! Each position is also given to the exact solver for [`PROOF_NODES`] nodes: a proved
//! position counts as 100% or 0% on the curve, and its proved best move (the fastest win or
//! the slowest loss) is the best move the played one is judged against.
//!
//! Labels ([`Label`]) use thresholds on that loss, in expected score (Lichess uses 0.10,
//! 0.20 and 0.30 of win probability for chess); see [`INACCURACY`]. Accuracy follows Lichess's
//! formulas on expected scores in percent: each move scores
//! `103.1668 * exp(-0.04354 * loss%) - 3.1669 + 1` (clamped to 0..100), and a player's game
//! accuracy is the mean of the volatility-weighted mean and the harmonic mean of their moves'.

use serde::{Deserialize, Serialize};

use crate::rules::{Move, Phase, Position, Side};

use super::eval::DEFAULT_PARAMS;
use super::expected::{expected_score, south_expected};
use super::forced::ForcedWin;
use super::search::Searcher;
use super::{choose_move, SearchLimits, MATE_BOUND};

mod proofs;
mod serde_text;

use serde_text::{phase_text, text};

/// From this loss a move is an inaccuracy.
///
/// Bao keeps Lichess's thresholds (0.10, 0.20, 0.30 of expected score): on the scale's
/// self-play data (`examples/fit_expected.rs`), a medium-level move that differs from the
/// hard search's loses 0.10 or more in 22% of cases, 0.20 in 13% and 0.30 in 8%, so a casual
/// player sees about one marked move in five and a blunder in a dozen, as in chess. With the
/// fitted slopes 0.10 is a lead of about 3 seeds given away from a level game, 0.30 about 11
/// seeds or a won game turned level. The loss is measured on equal footing (both moves'
/// positions searched at the same budget): the disagreement between consecutive searches
/// of a whole game (8% of best moves over 0.19 on `analyze --agreement 50`, mostly across
/// namua capture sequences; docs/analysis.md) would mark the search's own moves otherwise.
pub const INACCURACY: f64 = 0.10;
/// From this loss a move is a mistake; see [`INACCURACY`].
pub const MISTAKE: f64 = 0.20;
/// From this loss a move is a blunder; see [`INACCURACY`].
pub const BLUNDER: f64 = 0.30;

/// How good a move was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Label {
    /// The search's own move.
    Best,
    /// Loses less than [`INACCURACY`].
    Good,
    /// Loses [`INACCURACY`] to [`MISTAKE`].
    Inaccuracy,
    /// Loses [`MISTAKE`] to [`BLUNDER`].
    Mistake,
    /// Loses [`BLUNDER`] or more.
    Blunder,
}

impl Label {
    /// The label of a move that is not the search's best and loses `loss`.
    pub fn for_loss(loss: f64) -> Label {
        if loss >= BLUNDER {
            Label::Blunder
        } else if loss >= MISTAKE {
            Label::Mistake
        } else if loss >= INACCURACY {
            Label::Inaccuracy
        } else {
            Label::Good
        }
    }

    /// `best`, `good`, `inaccuracy`, `mistake` or `blunder`.
    pub const fn name(self) -> &'static str {
        match self {
            Label::Best => "best",
            Label::Good => "good",
            Label::Inaccuracy => "inaccuracy",
            Label::Mistake => "mistake",
            Label::Blunder => "blunder",
        }
    }

    /// Whether the move is worth pointing out (inaccuracy or worse).
    pub fn is_marked(self) -> bool {
        self >= Label::Inaccuracy
    }
}

/// What the analysis found about one move. Serialised (for storing) with moves, sides and
/// stages in their text forms.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PlyAnalysis {
    /// The move's number in the game, from 1.
    pub ply: usize,
    /// Who played it.
    #[serde(with = "text")]
    pub mover: Side,
    /// The stage the mover was in.
    #[serde(with = "phase_text")]
    pub phase: Phase,
    /// The move played.
    #[serde(with = "text")]
    pub played: Move,
    /// The search's best move in the position before it.
    #[serde(with = "text")]
    pub best: Move,
    /// South's expected score before the move (the search of that position).
    pub south_before: f64,
    /// South's expected score after the move (the search of the next position, or the
    /// result when the game ended).
    pub south_after: f64,
    /// The mover's expected-score loss against the best move (0 for the best move).
    pub loss: f64,
    /// The label of the move.
    pub label: Label,
    /// The move's accuracy, 0 to 100 (Lichess's formula on the loss).
    pub accuracy: f64,
    /// The mover had a proved win in this many of its moves and the move let it go.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missed_win: Option<u32>,
    /// After the move the opponent has a proved win in this many of its moves, which another
    /// move would have held off longer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub walked_into_loss: Option<u32>,
}

impl PlyAnalysis {
    /// What is proved about the move, for players: `missed a win in 3`, `walked into a loss
    /// in 2`, both joined with "and", or `None`.
    pub fn proved_note(&self) -> Option<String> {
        let missed = self.missed_win.map(|n| format!("missed a win in {n}"));
        let walked = self
            .walked_into_loss
            .map(|n| format!("walked into a loss in {n}"));
        match (missed, walked) {
            (Some(m), Some(w)) => Some(format!("{m} and {w}")),
            (m, w) => m.or(w),
        }
    }
}

/// A whole game's analysis.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameAnalysis {
    /// The node budget of every search.
    pub nodes: u64,
    /// The solver's node budget on each position (0: nothing proved; older analyses).
    #[serde(default)]
    pub proof_nodes: u64,
    /// One entry per move played.
    pub plies: Vec<PlyAnalysis>,
    /// Game accuracy of South and North (indexed by [`Side::index`]); `None` for a side that
    /// made no move.
    pub accuracy: [Option<f64>; 2],
}

impl GameAnalysis {
    /// South's expected score at the start and after every ply (one more than the plies).
    pub fn curve(&self) -> Vec<f64> {
        let mut out = Vec::with_capacity(self.plies.len() + 1);
        if let Some(first) = self.plies.first() {
            out.push(first.south_before);
        }
        out.extend(self.plies.iter().map(|p| p.south_after));
        out
    }

    /// The `n` moves of `side` that lost the most, largest first (ties by ply); only marked
    /// moves (inaccuracy or worse).
    pub fn largest_losses(&self, side: Side, n: usize) -> Vec<&PlyAnalysis> {
        let mut marked: Vec<&PlyAnalysis> = self
            .plies
            .iter()
            .filter(|p| p.mover == side && p.label.is_marked())
            .collect();
        marked.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.ply.cmp(&b.ply)));
        marked.truncate(n);
        marked
    }

    /// `accuracy 86% · 2 inaccuracies, 1 mistake, 0 blunders` for `side`.
    pub fn summary(&self, side: Side) -> String {
        let accuracy = self.accuracy[side.index()].map_or("-".to_string(), |a| format!("{a:.0}%"));
        let counted = |label: Label, one: &str, many: &str| {
            let n = self.count(side, label);
            format!("{n} {}", if n == 1 { one } else { many })
        };
        format!(
            "accuracy {accuracy} · {}, {}, {}",
            counted(Label::Inaccuracy, "inaccuracy", "inaccuracies"),
            counted(Label::Mistake, "mistake", "mistakes"),
            counted(Label::Blunder, "blunder", "blunders")
        )
    }

    /// The moves with something proved about them ([`PlyAnalysis::proved_note`]), in order.
    pub fn proved_moves(&self) -> Vec<&PlyAnalysis> {
        self.plies
            .iter()
            .filter(|p| p.proved_note().is_some())
            .collect()
    }

    /// How many of `side`'s moves carry `label`.
    pub fn count(&self, side: Side, label: Label) -> usize {
        self.plies
            .iter()
            .filter(|p| p.mover == side && p.label == label)
            .count()
    }
}

/// A move of the game that is not legal where it was played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {ply} ({mv}) is not legal in the position before it")]
pub struct IllegalInGame {
    /// The move's number, from 1.
    pub ply: usize,
    /// The move.
    pub mv: Move,
}

/// The default node budget of each search: two and a half times the hard level's, so a
/// 100-ply game takes most of its 15 s (docs/analysis.md has the figures).
pub const DEFAULT_NODES: u64 = 150_000;

/// The solver's node budget on each position of an analysis ([`proofs`]).
pub const PROOF_NODES: u64 = 20_000;

/// The node budget of a hint: a stronger search than the analysis's, still well under a
/// second on one core (`cargo bench --bench analysis`).
pub const HINT_NODES: u64 = 500_000;

/// One search's verdict on a position: best move (none when the game is over) and the side
/// to move's score.
fn search(pos: &Position, nodes: u64) -> (Option<Move>, i32) {
    let params = DEFAULT_PARAMS;
    let mut searcher = Searcher::new(&SearchLimits::nodes(nodes), &params);
    let Some(r) = searcher.run(pos) else {
        return (None, 0);
    };
    (Some(r.mv), smoothed(r.score, searcher.last_iterations()))
}

/// A search's score as the analysis uses it: the mean of its last two completed iterations
/// (`iterations`, the deepest first), when the deepest gave the search's score and neither
/// is a won or lost game; otherwise the score itself.
///
/// A search one ply deeper often swings the score the other way (the side that moves last
/// before the horizon looks better), so a position and the one after its best move, searched
/// alike, can end on depths of opposite parity and disagree. The mean of two consecutive
/// depths takes the swing out: on 10 games of `analyze --agreement` at 150,000 nodes it
/// cut consecutive evaluations more than 0.19 apart on best moves from 13.1% to 7.5% (a
/// table kept from one position to the next gave 12.0%). docs/analysis.md has the figures.
fn smoothed(score: i32, iterations: [Option<i32>; 2]) -> i32 {
    match iterations {
        [Some(last), Some(before)]
            if last == score && last.abs() < MATE_BOUND && before.abs() < MATE_BOUND =>
        {
            (last + before) / 2
        }
        _ => score,
    }
}

/// The mover's expected score after the mover played into `after` whose search gave
/// `score` (for the side then to move).
fn mover_after(after: &Position, score: i32, mover: Side) -> f64 {
    let south = south_expected(after, score);
    match mover {
        Side::South => south,
        Side::North => 1.0 - south,
    }
}

/// A hint: the search's move in `pos` at `nodes` with the side to move's expected score
/// after it; `None` when the game is over.
pub fn hint(pos: &Position, nodes: u64) -> Option<(Move, f64)> {
    let r = choose_move(pos, &SearchLimits::nodes(nodes))?;
    Some((r.mv, expected_score(r.score, pos.phase())))
}

/// Analyses the game from `start` through `moves`, every search at `nodes` and every proof
/// at [`PROOF_NODES`].
/// `progress(done, total)` is called after each ply's searches (`total` is the number of
/// moves). Fails, without analysing, if a move is not legal where it stands.
pub fn analyse(
    start: &Position,
    moves: &[Move],
    nodes: u64,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<GameAnalysis, IllegalInGame> {
    let mut analyser = Analyser::new(start, moves, nodes)?;
    while analyser.step() {
        progress(analyser.done(), analyser.total());
    }
    Ok(analyser.finish())
}

/// An analysis done one ply at a time, so a caller can hold a search slot per ply, report
/// progress, or stop; [`analyse`] runs it through.
#[derive(Debug, Clone)]
pub struct Analyser {
    nodes: u64,
    proof_nodes: u64,
    moves: Vec<Move>,
    /// The start position and the position after every move.
    positions: Vec<Position>,
    /// The search of each position analysed so far: best move and score.
    searched: Vec<(Option<Move>, i32)>,
    /// What is proved about each position analysed so far (one position ahead).
    proved: Vec<Option<ForcedWin>>,
    /// South's expected score at each position analysed so far, as the curve draws it.
    values: Vec<f64>,
    plies: Vec<PlyAnalysis>,
}

impl Analyser {
    /// Checks the moves and prepares the analysis; nothing is searched yet. Proofs get
    /// [`PROOF_NODES`] each.
    pub fn new(start: &Position, moves: &[Move], nodes: u64) -> Result<Analyser, IllegalInGame> {
        Analyser::with_proofs(start, moves, nodes, PROOF_NODES)
    }

    /// [`Analyser::new`] with `proof_nodes` solver nodes a position (0: no proofs, the
    /// analysis of searches alone).
    pub fn with_proofs(
        start: &Position,
        moves: &[Move],
        nodes: u64,
        proof_nodes: u64,
    ) -> Result<Analyser, IllegalInGame> {
        let mut positions = Vec::with_capacity(moves.len() + 1);
        positions.push(*start);
        for (i, mv) in moves.iter().enumerate() {
            let pos = positions[i];
            if !pos.legal_moves().contains(mv) {
                return Err(IllegalInGame {
                    ply: i + 1,
                    mv: *mv,
                });
            }
            positions.push(pos.play_unchecked(mv));
        }
        Ok(Analyser {
            nodes,
            proof_nodes,
            moves: moves.to_vec(),
            positions,
            searched: Vec::with_capacity(moves.len() + 1),
            proved: Vec::with_capacity(moves.len() + 1),
            values: Vec::with_capacity(moves.len() + 1),
            plies: Vec::with_capacity(moves.len()),
        })
    }

    /// Plies analysed.
    pub fn done(&self) -> usize {
        self.plies.len()
    }

    /// Plies to analyse in all.
    pub fn total(&self) -> usize {
        self.moves.len()
    }

    /// Analyses the next ply (one to three searches); false when every ply is done.
    pub fn step(&mut self) -> bool {
        let i = self.plies.len();
        if i >= self.moves.len() {
            return false;
        }
        let nodes = self.nodes;
        if self.searched.is_empty() {
            self.searched.push(search(&self.positions[0], nodes));
            self.prove_through(1);
            let value = self.value(0, false);
            self.values.push(value);
        }
        let (before, after) = (self.positions[i], self.positions[i + 1]);
        let played = self.moves[i];
        self.searched.push(search(&after, nodes));
        // The position after the next move too: what it proves may settle this one.
        self.prove_through(i + 2);
        let (was, now) = (self.proved[i].as_ref(), self.proved[i + 1].as_ref());
        let best = self.searched[i].0;
        // A proved position's best move is the proved one.
        let best = was.map(|w| w.best).or(best).unwrap_or(played);
        let mover = before.turn();
        let for_mover = |south: f64| match mover {
            Side::South => south,
            Side::North => 1.0 - south,
        };
        let marks = proofs::marks(&before, &after, mover, was, now, self.proof_nodes);
        let value = self.value(i + 1, marks.kept_win);
        self.values.push(value);
        let (south_before, south_after) = (self.values[i], self.values[i + 1]);
        let played_e = for_mover(south_after);
        let (loss, label) = if played == best {
            (0.0, Label::Best)
        } else {
            let best_e = match was {
                Some(_) => for_mover(south_before),
                None => {
                    let best_pos = before.play_unchecked(&best);
                    mover_after(&best_pos, search(&best_pos, nodes).1, mover)
                }
            };
            let loss = (best_e - played_e).max(0.0);
            (loss, Label::for_loss(loss))
        };
        self.plies.push(PlyAnalysis {
            ply: i + 1,
            mover,
            phase: before.phase(),
            played,
            best,
            south_before,
            south_after,
            loss,
            label,
            accuracy: move_accuracy(loss),
            missed_win: marks.missed_win,
            walked_into_loss: marks.walked_into_loss,
        });
        true
    }

    /// Proves every position up to `last` (or the game's last) not proved yet.
    fn prove_through(&mut self, last: usize) {
        let last = last.min(self.positions.len() - 1);
        while self.proved.len() <= last {
            let pos = self.positions[self.proved.len()];
            self.proved.push(proofs::prove(&pos, self.proof_nodes));
        }
    }

    /// South's expected score at position `j` on the curve, once it is searched and the
    /// position after it is proved or past the end: proved, then (when `kept_win`, the move
    /// into it kept a proved win) the mover's win, then a win proved through the game's next
    /// move (its mover moves into a position proved lost for the other side, so it wins
    /// here), then the search's estimate.
    fn value(&self, j: usize, kept_win: bool) -> f64 {
        let pos = &self.positions[j];
        let win_of = |side: Side| if side == Side::South { 1.0 } else { 0.0 };
        if let Some(e) = proofs::south_proved(self.proved[j].as_ref()) {
            return e;
        }
        if kept_win {
            return win_of(!pos.turn());
        }
        let through_next = self.moves.get(j).and_then(|_| self.proved[j + 1].as_ref());
        match through_next {
            Some(next) if !pos.is_over() && next.winner == pos.turn() => win_of(next.winner),
            _ => south_expected(pos, self.searched[j].1),
        }
    }

    /// The analysis of the plies done so far, with the accuracies.
    pub fn finish(self) -> GameAnalysis {
        let accuracy = game_accuracy(&self.plies);
        GameAnalysis {
            nodes: self.nodes,
            proof_nodes: self.proof_nodes,
            plies: self.plies,
            accuracy,
        }
    }
}

/// Lichess's accuracy of one move from its loss of expected score (0 to 1).
pub fn move_accuracy(loss: f64) -> f64 {
    let points = 100.0 * loss.max(0.0);
    (103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * points).exp() - 3.166_924_740_191_411
        + 1.0)
        .clamp(0.0, 100.0)
}

/// Lichess's game accuracy of each side: the mean of the volatility-weighted mean and the
/// harmonic mean of the side's move accuracies. A move's weight is the standard deviation of
/// South's expected score (in percent) over a window of the curve around it, clamped to
/// 0.5..12; the window is a tenth of the game, 2 to 8 points.
fn game_accuracy(plies: &[PlyAnalysis]) -> [Option<f64>; 2] {
    let Some(first) = plies.first() else {
        return [None, None];
    };
    let curve: Vec<f64> = std::iter::once(first.south_before)
        .chain(plies.iter().map(|p| p.south_after))
        .map(|e| 100.0 * e)
        .collect();
    let size = (plies.len() / 10).clamp(2, 8).min(curve.len());
    let mut windows: Vec<&[f64]> = vec![&curve[..size]; size.saturating_sub(2)];
    windows.extend(curve.windows(size));
    let weights: Vec<f64> = windows
        .iter()
        .map(|w| std_dev(w).clamp(0.5, 12.0))
        .collect();
    let mut out = [None, None];
    for side in [Side::South, Side::North] {
        let moves: Vec<(f64, f64)> = plies
            .iter()
            .zip(&weights)
            .filter(|(p, _)| p.mover == side)
            .map(|(p, &w)| (p.accuracy, w))
            .collect();
        if moves.is_empty() {
            continue;
        }
        let total_weight: f64 = moves.iter().map(|m| m.1).sum();
        let weighted = moves.iter().map(|m| m.0 * m.1).sum::<f64>() / total_weight;
        let harmonic = moves.len() as f64 / moves.iter().map(|m| 1.0 / m.0.max(1.0)).sum::<f64>();
        out[side.index()] = Some(((weighted + harmonic) / 2.0).clamp(0.0, 100.0));
    }
    out
}

/// Population standard deviation.
fn std_dev(xs: &[f64]) -> f64 {
    let n = xs.len().max(1) as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Namua, South to move and somewhat ahead. `A5 left capture` lets North empty South's
    /// front row at once; `A6 left capture` (the search's move) keeps the game going.
    const PLANTED: &str = "variant=kiswahili turn=S hand=9,9 house=- takasia=- \
        A=1,0,1,0,1,10,1,0 B=1,1,1,0,0,0,1,2 a=0,1,1,3,1,4,5,1 b=1,0,1,2,0,1,3,2";
    const NODES: u64 = 20_000;

    fn mv(pos: &Position, text: &str) -> Move {
        pos.find_move(&text.parse().expect("move text"))
            .expect("legal")
    }

    #[test]
    fn a_move_that_lets_the_opponent_win_at_once_is_a_blunder() {
        let pos: Position = PLANTED.parse().expect("position");
        let blunder = mv(&pos, "A5 left capture");
        let after = pos.play_unchecked(&blunder);
        assert!(
            after
                .legal_moves()
                .iter()
                .any(|m| after.play_unchecked(m).winner() == Some(Side::North)),
            "North wins at once after the blunder"
        );
        let a = analyse(&pos, &[blunder], NODES, &mut |_, _| {}).expect("legal");
        let p = &a.plies[0];
        assert_eq!(p.label, Label::Blunder, "{p:?}");
        assert!(p.loss >= BLUNDER);
        assert_eq!(p.south_after, 0.0, "North's win is seen");
        // Proved: North then wins with its next move, and South had a move that did not lose
        // that fast.
        assert_eq!(p.walked_into_loss, Some(1), "{p:?}");
        assert_eq!(p.missed_win, None);
        assert_eq!(p.proved_note().as_deref(), Some("walked into a loss in 1"));
        assert_eq!(a.proved_moves(), vec![p]);
        assert_ne!(p.best, blunder);
        let safe = pos.play_unchecked(&p.best);
        assert!(!safe
            .legal_moves()
            .iter()
            .any(|m| safe.play_unchecked(m).winner() == Some(Side::North)));
        assert_eq!(a.largest_losses(Side::South, 3), vec![p]);
        // One move: the game accuracy is that move's, and low.
        let acc = a.accuracy[0].expect("South moved");
        assert!((acc - p.accuracy).abs() < 1e-9 && acc < 50.0, "{acc} {p:?}");
        assert_eq!(a.accuracy[1], None);
    }

    #[test]
    fn the_best_moves_are_not_marked_and_results_repeat() {
        let mut pos: Position = PLANTED.parse().expect("position");
        let planted = pos;
        let mut moves = Vec::new();
        for _ in 0..4 {
            let r = choose_move(&pos, &SearchLimits::nodes(NODES)).expect("a move");
            moves.push(r.mv);
            pos = pos.play_unchecked(&r.mv);
        }
        let mut calls = Vec::new();
        let a = analyse(&planted, &moves, NODES, &mut |d, t| calls.push((d, t))).expect("legal");
        assert_eq!(calls, vec![(1, 4), (2, 4), (3, 4), (4, 4)]);
        for p in &a.plies {
            assert_eq!(p.label, Label::Best, "{p:?}");
            assert!(!p.label.is_marked());
            assert_eq!(p.loss, 0.0);
            assert_eq!(p.accuracy, 100.0);
        }
        assert!(a.largest_losses(Side::South, 3).is_empty());
        assert_eq!(a.curve().len(), 5);
        let again = analyse(&planted, &moves, NODES, &mut |_, _| {}).expect("legal");
        assert_eq!(a, again, "a fixed budget gives the same analysis");
        // A move not legal where it stands is refused (South's move again, on North's turn).
        let err = analyse(&planted, &[moves[0], moves[0]], NODES, &mut |_, _| {});
        assert!(matches!(err, Err(IllegalInGame { ply: 2, .. })), "{err:?}");
    }

    #[test]
    fn labels_and_accuracy_follow_the_loss() {
        assert_eq!(Label::for_loss(0.0), Label::Good);
        assert_eq!(Label::for_loss(INACCURACY), Label::Inaccuracy);
        assert_eq!(Label::for_loss(MISTAKE), Label::Mistake);
        assert_eq!(Label::for_loss(0.9), Label::Blunder);
        assert_eq!(move_accuracy(0.0), 100.0);
        // Lichess: a 10-point drop scores about 65%, a 30-point drop about 26%.
        assert!(
            (move_accuracy(0.10) - 64.6).abs() < 0.1,
            "{}",
            move_accuracy(0.10)
        );
        assert!(
            (move_accuracy(0.30) - 25.8).abs() < 0.1,
            "{}",
            move_accuracy(0.30)
        );
        assert_eq!(move_accuracy(1.0), 0.0);
    }

    #[test]
    fn a_score_is_the_mean_of_the_last_two_depths_unless_a_game_is_decided() {
        assert_eq!(smoothed(300, [Some(300), Some(100)]), 200);
        assert_eq!(smoothed(-50, [Some(-50), Some(150)]), 50);
        // One depth only, a score not from the last depth, or a won or lost game: as is.
        assert_eq!(smoothed(300, [Some(300), None]), 300);
        assert_eq!(smoothed(400, [Some(300), Some(100)]), 400);
        let won = super::super::MATE - 5;
        assert_eq!(smoothed(won, [Some(won), Some(100)]), won);
        assert_eq!(smoothed(100, [Some(100), Some(-won)]), 100);
    }
}
