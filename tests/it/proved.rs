//! Master plays what is proved in Bao la Kujifunza (`src/ai/proved.rs`): it never loses a
//! proved-won position to any level, from the stored proof or from its own solve, and from a
//! proved loss it plays the move that holds out longest. Small budgets keep it quick.

use bao_bot::ai::matchplay::{book, Player};
use bao_bot::ai::proved::{master_move, stored_proof_move};
use bao_bot::ai::rng::mix;
use bao_bot::ai::solve::{solve, Outcome, SolveLimits};
use bao_bot::ai::{Level, SearchLimits};
use bao_bot::rules::{Position, Side, Variant};

/// Master's search budget and solver budget in these tests.
const SEARCH_NODES: u64 = 5_000;
const SOLVE_NODES: u64 = 40_000;

/// Plays `master` (with the test budgets) for `winner` against `level` from `start` to the
/// end; the winner of the game.
fn master_against(start: Position, winner: Side, level: Level, seed: u64) -> Option<Side> {
    let opponent = Player::Level(level);
    let mut pos = start;
    for ply in 0..200 {
        if pos.is_over() {
            break;
        }
        let mv = if pos.turn() == winner {
            master_move(&pos, &SearchLimits::nodes(SEARCH_NODES), SOLVE_NODES).map(|r| r.mv)
        } else {
            opponent.choose(&pos, mix(seed ^ ply))
        };
        let Some(mv) = mv else {
            return Some(!pos.turn());
        };
        pos = pos.play_unchecked(&mv);
    }
    pos.winner()
}

/// Positions of games between medium players from the Kujifunza book that the solver proves
/// won for the side to move within the test budget (and the stored proof does not list):
/// `(position, plies to the end)`, two of them, with South and North to move alike; found
/// once for the tests that use them.
fn solved_wins() -> &'static [(Position, u32)] {
    static WINS: std::sync::OnceLock<Vec<(Position, u32)>> = std::sync::OnceLock::new();
    WINS.get_or_init(|| find_solved_wins(2))
}

/// The search behind [`solved_wins`]: at most `count` such positions.
fn find_solved_wins(count: usize) -> Vec<(Position, u32)> {
    let medium = Player::Level(Level::Medium);
    let mut found: Vec<(Position, u32)> = Vec::new();
    for (i, &(start, _)) in book(Variant::Kujifunza).iter().enumerate() {
        let mut pos = start;
        for ply in 0..12u64 {
            if pos.is_over() {
                break;
            }
            let side_wanted = if found.len() % 2 == 0 {
                Side::South
            } else {
                Side::North
            };
            if ply >= 4 && pos.turn() == side_wanted && stored_proof_move(&pos).is_none() {
                if let Outcome::Won(n) = solve(&pos, SolveLimits::nodes(SOLVE_NODES)).outcome {
                    if n >= 3 {
                        found.push((pos, n));
                        break;
                    }
                }
            }
            let Some(mv) = medium.choose(&pos, mix(i as u64 * 100 + ply)) else {
                break;
            };
            pos = pos.play_unchecked(&mv);
        }
        if found.len() == count {
            break;
        }
    }
    found
}

#[test]
fn master_never_loses_a_position_of_the_stored_proof() {
    let start = Position::start(Variant::Kujifunza);
    // Two of South's first moves, and the position two plies further along the proof.
    let moves = start.legal_moves();
    let mut positions = vec![
        start.play_unchecked(&moves[0]),
        start.play_unchecked(&moves[moves.len() - 1]),
    ];
    let deeper = {
        let p = positions[0];
        let north = stored_proof_move(&p).expect("listed").mv;
        let after = p.play_unchecked(&north);
        after.play_unchecked(&after.legal_moves()[0])
    };
    positions.push(deeper);
    for (k, pos) in positions.into_iter().enumerate() {
        assert!(stored_proof_move(&pos).is_some(), "position {k} is listed");
        for level in Level::ALL {
            let winner = master_against(pos, Side::North, level, k as u64);
            assert_eq!(winner, Some(Side::North), "position {k} against {level}");
        }
    }
}

#[test]
fn master_never_loses_a_position_it_proves_won() {
    let wins = solved_wins();
    assert_eq!(wins.len(), 2, "the book's games hold proved wins");
    assert!(wins.iter().any(|(p, _)| p.turn() == Side::South));
    assert!(wins.iter().any(|(p, _)| p.turn() == Side::North));
    for (k, &(pos, _)) in wins.iter().enumerate() {
        for level in Level::ALL {
            let winner = master_against(pos, pos.turn(), level, k as u64);
            assert_eq!(
                winner,
                Some(pos.turn()),
                "position {k} against {level}: {pos}"
            );
        }
    }
}

#[test]
fn from_a_proved_loss_master_holds_out_longest() {
    // The loser's side of the proved wins: one ply after the winner's proved move.
    let mut checked = 0;
    for &(pos, n) in solved_wins() {
        let winning = solve(&pos, SolveLimits::nodes(SOLVE_NODES))
            .best_move
            .expect("a won position has a move");
        let lost = pos.play_unchecked(&winning);
        if lost.is_over() {
            continue;
        }
        assert_eq!(
            solve(&lost, SolveLimits::nodes(SOLVE_NODES)).outcome,
            Outcome::Lost(n - 1)
        );
        let r =
            master_move(&lost, &SearchLimits::nodes(SEARCH_NODES), SOLVE_NODES).expect("a move");
        let after = lost.play_unchecked(&r.mv);
        // No move of the loser lasts longer than the one master played.
        assert_eq!(
            solve(&after, SolveLimits::nodes(SOLVE_NODES)).outcome,
            Outcome::Won(n - 2),
            "{lost}"
        );
        checked += 1;
    }
    assert!(checked > 0);
}
