//! The exact solver against a brute-force minimax on thousands of small random endgames of
//! both variants, its draws against the depth-bounded search, and its proofs against a proof
//! checker that only replays moves with the rules engine.

use std::collections::HashMap;

use bao_bot::ai::rng::Rng;
use bao_bot::ai::solve::{prove, solve, Outcome, Proof, SolveLimits, Solver};
use bao_bot::rules::{Position, Side, Variant};

/// Brute-force nodes allowed per position and depth before the test moves on.
const BRUTE_CAP: u64 = 6_000;

/// The value of `pos` to a plain minimax `depth` plies deep (no pruning, no table): won or
/// lost at the exact distance if the game ends within `depth` plies with best play, else
/// unknown. `None` once more than `budget` nodes have been visited.
fn brute(pos: &Position, depth: u32, budget: &mut u64) -> Option<Outcome> {
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    if let Some(w) = pos.winner() {
        return Some(if w == pos.turn() {
            Outcome::Won(0)
        } else {
            Outcome::Lost(0)
        });
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return Some(Outcome::Lost(0));
    }
    if depth == 0 {
        return Some(Outcome::Unknown);
    }
    let mut fastest_win: Option<u32> = None;
    let mut slowest_loss: Option<u32> = Some(0);
    for mv in &moves {
        match brute(&pos.play_unchecked(mv), depth - 1, budget)? {
            Outcome::Lost(k) => fastest_win = Some(fastest_win.map_or(k + 1, |w| w.min(k + 1))),
            Outcome::Won(k) => slowest_loss = slowest_loss.map(|l| l.max(k + 1)),
            _ => slowest_loss = None,
        }
    }
    Some(match (fastest_win, slowest_loss) {
        (Some(w), _) => Outcome::Won(w),
        (None, Some(l)) => Outcome::Lost(l),
        (None, None) => Outcome::Unknown,
    })
}

/// A random position of `variant` with few occupied pits: one to three front pits and up to
/// two back pits a side, the 64 seeds spread over them at random (Kiswahili in the mtaji
/// stage, no nyumba).
fn sparse_position(rng: &mut Rng, variant: Variant) -> Option<Position> {
    let mut rows = [[[0u8; 8]; 2]; 2]; // [side][front/back][pit]
    let mut chosen: Vec<(usize, usize, usize)> = Vec::new();
    for (side, side_rows) in rows.iter_mut().enumerate() {
        let fronts = 1 + rng.below(3);
        let backs = rng.below(3);
        for (row, count) in [(0, fronts), (1, backs)] {
            let mut picked = 0;
            while picked < count {
                let pit = rng.below(8);
                if side_rows[row][pit] == 0 {
                    side_rows[row][pit] = 1;
                    chosen.push((side, row, pit));
                    picked += 1;
                }
            }
        }
    }
    for _ in chosen.len()..64 {
        let (s, r, p) = chosen[rng.below(chosen.len())];
        rows[s][r][p] += 1;
    }
    let turn = if rng.below(2) == 0 {
        Side::South
    } else {
        Side::North
    };
    Position::from_parts(
        variant,
        turn,
        [0, 0],
        [false, false],
        None,
        [rows[0][0], rows[1][0]],
        [rows[0][1], rows[1][1]],
        None,
    )
    .ok()
}

/// Positions of random games of `variant` from the start, within `last` plies of their end.
fn late_positions(rng: &mut Rng, variant: Variant, games: usize, last: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start(variant);
        let mut line = Vec::new();
        while !pos.is_over() && line.len() < 400 {
            line.push(pos);
            let moves = pos.legal_moves();
            pos = pos.play_unchecked(&moves[rng.below(moves.len())]);
        }
        let from = line.len().saturating_sub(last);
        out.extend_from_slice(&line[from..]);
    }
    out
}

/// Small endgames of both variants: sparse boards, and the ends of random games.
fn endgames(seed: u64, sparse: usize, games: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for variant in [Variant::Kujifunza, Variant::Kiswahili] {
        let mut made = 0;
        while made < sparse {
            if let Some(p) = sparse_position(&mut rng, variant) {
                if !p.legal_moves().is_empty() {
                    out.push(p);
                    made += 1;
                }
            }
        }
        out.extend(late_positions(&mut rng, variant, games, 8));
    }
    out
}

#[test]
fn solver_agrees_with_brute_force_minimax_on_small_endgames() {
    let positions = endgames(26, 700, 60);
    let mut compared = 0;
    let mut decided = 0;
    let mut deepest = 0;
    let mut per_variant = [0usize; 2];
    let small = SolveLimits {
        table_entries: 1 << 12,
        ..SolveLimits::default()
    };
    let mut solver = Solver::new(SolveLimits {
        table_entries: 1 << 16,
        ..small
    });
    for (i, pos) in positions.iter().enumerate() {
        for depth in 1..=8 {
            let mut budget = BRUTE_CAP;
            let Some(expected) = brute(pos, depth, &mut budget) else {
                break;
            };
            // The depth-bounded value, with the table kept from earlier positions and depths.
            let got = solver.value_within(pos, depth).expect("no budget");
            assert_eq!(got, expected, "position {i} at depth {depth}: {pos}");
            // A fresh iterative-deepening solve to the same depth finds the same.
            let result = solve(pos, small.with_max_plies(depth));
            assert_eq!(result.outcome, expected, "solve of {i} to {depth}: {pos}");
            if expected.is_proved() {
                // Its best move leads to the value it claims.
                let mv = result.best_move.expect("a move");
                let mut budget = BRUTE_CAP * 4;
                let after = brute(&pos.play_unchecked(&mv), depth - 1, &mut budget);
                if let Some(after) = after {
                    let claimed = match expected {
                        Outcome::Won(n) => Outcome::Lost(n - 1),
                        Outcome::Lost(n) => Outcome::Won(n - 1),
                        o => o,
                    };
                    assert_eq!(after, claimed, "best move {mv} of {i} at {depth}: {pos}");
                }
            }
            compared += 1;
            deepest = deepest.max(depth);
            per_variant[(pos.variant() == Variant::Kiswahili) as usize] += 1;
            if expected.is_proved() {
                decided += 1;
                break;
            }
        }
    }
    eprintln!(
        "{} positions, {compared} comparisons (kujifunza {}, kiswahili {}), {decided} decided, deepest {deepest}",
        positions.len(),
        per_variant[0],
        per_variant[1]
    );
    assert!(compared >= 3000, "only {compared} comparisons");
    assert!(decided >= 500, "only {decided} positions decided");
    assert!(deepest >= 6, "deepest comparison {deepest}");
    assert!(per_variant.iter().all(|&n| n >= 1000), "{per_variant:?}");
}

/// Checks a proof without searching: `text` must give, for every position where `winner` is
/// to move that the listed moves reach from `root`, a legal move; every reply of the loser
/// must lead on; every line must end in `winner`'s win, without cycles. Returns the longest
/// line in plies.
fn check_proof(root: &Position, winner: Side, text: &str) -> Result<u32, String> {
    let mut strategy: HashMap<Position, bao_bot::rules::Move> = HashMap::new();
    for (n, line) in text.lines().enumerate() {
        let (pos_text, mv_text) = line
            .split_once('\t')
            .ok_or_else(|| format!("line {}: no tab", n + 1))?;
        let pos: Position = pos_text
            .parse()
            .map_err(|e| format!("line {}: {e}", n + 1))?;
        if pos.turn() != winner {
            return Err(format!("line {}: the winner is not to move", n + 1));
        }
        let mv = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == mv_text)
            .ok_or_else(|| format!("line {}: `{mv_text}` is not a legal move", n + 1))?;
        strategy.insert(pos, mv);
    }
    // Longest line from each position, with positions on the current path to catch cycles.
    fn longest(
        pos: &Position,
        winner: Side,
        strategy: &HashMap<Position, bao_bot::rules::Move>,
        memo: &mut HashMap<Position, u32>,
        path: &mut Vec<Position>,
    ) -> Result<u32, String> {
        if let Some(w) = pos.winner() {
            return if w == winner {
                Ok(0)
            } else {
                Err(format!("a line ends in a loss: {pos}"))
            };
        }
        if let Some(&n) = memo.get(pos) {
            return Ok(n);
        }
        if path.contains(pos) {
            return Err(format!("a cycle through {pos}"));
        }
        path.push(*pos);
        let n = if pos.turn() == winner {
            let mv = strategy
                .get(pos)
                .ok_or_else(|| format!("not covered: {pos}"))?;
            1 + longest(&pos.play_unchecked(mv), winner, strategy, memo, path)?
        } else {
            let replies = pos.legal_moves();
            if replies.is_empty() {
                return Err(format!(
                    "the loser has no move, yet the game goes on: {pos}"
                ));
            }
            let mut most = 0;
            for r in &replies {
                most = most.max(1 + longest(&pos.play_unchecked(r), winner, strategy, memo, path)?);
            }
            most
        };
        path.pop();
        memo.insert(*pos, n);
        Ok(n)
    }
    longest(
        root,
        winner,
        &strategy,
        &mut HashMap::new(),
        &mut Vec::new(),
    )
}

fn proof_text(proof: &Proof) -> String {
    let mut buf = Vec::new();
    proof.write_to(&mut buf).expect("writes to memory");
    String::from_utf8(buf).expect("text")
}

#[test]
fn proofs_are_accepted_and_corrupted_ones_refused() {
    let positions = endgames(7, 300, 20);
    let mut checked = 0;
    let mut both_sides = [0; 2];
    for pos in &positions {
        let mut solver = Solver::new(SolveLimits::nodes(30_000));
        let result = solver.solve(pos);
        let (Some(n), Some(winner)) = (result.outcome.plies(), result.outcome.winner(pos.turn()))
        else {
            continue;
        };
        if n < 3 {
            continue;
        }
        let proof = solver
            .proof(pos, 100_000)
            .expect("a proved position has a proof");
        assert_eq!(proof.winner, winner);
        assert_eq!(proof.plies, n);
        let text = proof_text(&proof);
        assert_eq!(
            check_proof(pos, winner, &text),
            Ok(n),
            "the proof of {pos} ({n} plies)"
        );
        // Take out each of the first lines in turn: each is needed.
        let lines: Vec<&str> = text.lines().collect();
        for skip in 0..lines.len().min(3) {
            let cut: Vec<&str> = lines
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != skip)
                .map(|(_, l)| *l)
                .collect();
            assert!(
                check_proof(pos, winner, &cut.join("\n")).is_err(),
                "a proof without line {skip} is accepted: {pos}"
            );
        }
        // A move that is not legal, and a position moved a seed, are refused.
        let first = lines[0];
        let (p, _) = first.split_once('\t').expect("tab");
        let bad_move = text.replacen(first, &format!("{p}\tB9 left takata"), 1);
        assert!(check_proof(pos, winner, &bad_move).is_err());
        if pos.turn() == winner {
            let other = proof.root.legal_moves().into_iter().find(|m| {
                let after = proof.root.play_unchecked(m);
                after.winner() == Some(!winner)
            });
            if let Some(m) = other {
                let losing = text.replacen(first, &format!("{p}\t{m}"), 1);
                assert!(check_proof(pos, winner, &losing).is_err(), "{m} accepted");
            }
        }
        checked += 1;
        both_sides[(pos.turn() == winner) as usize] += 1;
        if checked >= 60 {
            break;
        }
    }
    eprintln!(
        "{checked} proofs checked (loser to move {}, winner to move {})",
        both_sides[0], both_sides[1]
    );
    assert!(checked >= 30, "only {checked} proofs");
    assert!(both_sides.iter().all(|&n| n >= 5), "{both_sides:?}");
}

#[test]
fn finished_games_and_immediate_wins() {
    let start = Position::start(Variant::Kujifunza);
    assert_eq!(
        prove(&start, 1_000),
        None,
        "the start is not proved in 1,000 nodes"
    );
    let won = start.with_winner(Side::South);
    assert_eq!(solve(&won, SolveLimits::default()).outcome, Outcome::Won(0));
    let lost = start.with_winner(Side::North);
    assert_eq!(
        solve(&lost, SolveLimits::default()).outcome,
        Outcome::Lost(0)
    );
    assert_eq!(prove(&lost, 1_000), None);
    // North's front row holds one seed, in a1, which A6 right captures at once.
    let pos: Position = "variant=kujifunza turn=S A=0,0,0,0,0,2,0,1 B=31,0,0,0,0,0,0,0 a=1,0,0,0,0,0,0,0 b=29,0,0,0,0,0,0,0"
        .parse()
        .expect("a position");
    let p = prove(&pos, 10_000).expect("a win in 1");
    assert!(p.winner_to_move);
    assert_eq!(p.winner, Side::South);
    assert_eq!(p.plies, 1);
    assert_eq!(pos.play_unchecked(&p.best).winner(), Some(Side::South));
}

#[test]
fn whole_graph_draws_and_values_agree_with_the_search() {
    let mut rng = Rng::new(99);
    let mut candidates = Vec::new();
    for variant in [Variant::Kujifunza, Variant::Kiswahili] {
        candidates.extend(late_positions(&mut rng, variant, 60, 3));
    }
    let (mut graphs, mut draws, mut decided) = (0, 0, 0);
    for pos in &candidates {
        let limits = SolveLimits {
            graph_positions: 1_500,
            ..SolveLimits::nodes(5_000)
        };
        let whole = solve(pos, limits);
        if !whole.whole_graph {
            continue; // The graph was too large: the search answered.
        }
        graphs += 1;
        let searched = solve(pos, SolveLimits::nodes(50_000).with_max_plies(40));
        match whole.outcome {
            Outcome::Draw => {
                draws += 1;
                assert_eq!(
                    searched.outcome,
                    Outcome::Unknown,
                    "a draw proved won: {pos}"
                );
            }
            Outcome::Unknown => panic!("a whole graph leaves nothing unknown: {pos}"),
            o => {
                if searched.outcome.is_proved() {
                    assert_eq!(searched.outcome, o, "{pos}");
                    decided += 1;
                }
            }
        }
    }
    eprintln!(
        "{graphs} whole graphs solved of {} positions: {decided} decided by both, {draws} draws",
        candidates.len()
    );
    assert!(graphs >= 20, "only {graphs} small graphs");
    assert!(decided >= 20, "only {decided} compared");
}

#[test]
fn the_stored_proof_of_the_kujifunza_start_checks_out() {
    // docs/solver.md: North wins the start of Bao la Kujifunza in 22 plies.
    let text = include_str!("../../docs/proofs/kujifunza-start.txt");
    let start = Position::start(Variant::Kujifunza);
    assert_eq!(check_proof(&start, Side::North, text), Ok(22));
    // Without its first line it is no proof.
    let (_, rest) = text.split_once('\n').expect("lines");
    assert!(check_proof(&start, Side::North, rest).is_err());
}
