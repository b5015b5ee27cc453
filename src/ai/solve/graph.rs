//! The whole game graph reachable from a position, and its retrograde analysis: the one
//! way the solver proves a draw (see the module docs of [`super`]).

use std::collections::HashMap;

use crate::rules::{Move, Position};

use super::{terminal, Outcome};

/// The whole game graph reachable from a position, for a retrograde analysis that proves
/// draws as well as wins and losses.
pub(super) struct GameGraph {
    pub(super) positions: Vec<Position>,
    /// For each position, its moves and the index of the position each leads to.
    edges: Vec<Vec<(Move, u32)>>,
}

impl GameGraph {
    /// Enumerates every position reachable from `root`; `None` if there are more than `limit`.
    pub(super) fn build(root: &Position, limit: usize) -> Option<GameGraph> {
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
    pub(super) fn values(&self) -> Vec<Outcome> {
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
    pub(super) fn root_value(&self) -> (Outcome, Option<Move>) {
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
