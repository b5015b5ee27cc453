//! The AI on real positions: it always answers with a legal move, finds wins in one and two
//! moves, and is reproducible under a node budget.

use bao_bot::ai::matchplay::{greedy_move, novice_move};
use bao_bot::ai::rng::Rng;
use bao_bot::ai::{
    choose_move, choose_move_with, Level, SearchLimits, SearchResult, MATE, MATE_BOUND,
};
use bao_bot::rules::{Move, MoveKind, Phase, Position, Side, Variant};

/// Random games from both start positions, every position of each (finished ones left out).
fn random_games(games: u64, seed: u64) -> Vec<Vec<Position>> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for g in 0..games {
        let variant = if g % 2 == 0 {
            Variant::Kiswahili
        } else {
            Variant::Kujifunza
        };
        let mut pos = Position::start(variant);
        let mut line = Vec::new();
        while !pos.is_over() && line.len() < 300 {
            line.push(pos);
            let moves = pos.legal_moves();
            pos = pos.play_unchecked(&moves[rng.below(moves.len())]);
        }
        out.push(line);
    }
    out
}

/// Most nodes a level searches in these tests: hard and master differ from the levels below
/// only in their budget (full search, no handicap), so a smaller one tries the same code.
const TEST_BUDGET: u64 = 20_000;

/// `level`'s move in `pos` with noise seeded by `seed`, its budget capped at [`TEST_BUDGET`].
fn at_level(pos: &Position, level: Level, seed: u64) -> SearchResult {
    let limits = level.limits_without_clock(pos.variant());
    let limits = SearchLimits {
        seed,
        nodes: limits.nodes.map(|n| n.min(TEST_BUDGET)),
        ..limits
    };
    choose_move_with(pos, &limits, &level.params()).expect("a running game has a move")
}

fn wins_at_once(pos: &Position) -> Vec<Move> {
    let me = pos.turn();
    pos.legal_moves()
        .into_iter()
        .filter(|m| pos.play_unchecked(m).winner() == Some(me))
        .collect()
}

/// Whether after `mv` the opponent wins, or can capture its way to a win at once.
fn gives_win(pos: &Position, mv: &Move) -> bool {
    let next = pos.play_unchecked(mv);
    next.winner() == Some(!pos.turn()) || !wins_at_once(&next).is_empty()
}

/// Whether `mv` wins by the mover's next move at the latest, whatever the reply.
fn forces_win_in_two(pos: &Position, mv: &Move) -> bool {
    let me = pos.turn();
    let next = pos.play_unchecked(mv);
    if let Some(w) = next.winner() {
        return w == me;
    }
    next.legal_moves().iter().all(|r| {
        let after = next.play_unchecked(r);
        match after.winner() {
            Some(w) => w == me,
            None => !wins_at_once(&after).is_empty(),
        }
    })
}

#[test]
fn always_a_legal_move_in_both_variants_stages_and_under_takasia() {
    let mut games = random_games(24, 11);
    // Takasia marks are rare in random play: add Kiswahili games until several have one.
    let mut seed = 1000;
    while games
        .iter()
        .flatten()
        .filter(|p| p.takasia().is_some())
        .count()
        < 6
        && seed < 3000
    {
        games.extend(
            random_games(2, seed)
                .into_iter()
                .take(1)
                .filter(|g| g.iter().any(|p| p.takasia().is_some())),
        );
        seed += 1;
    }
    let mut seen_namua = 0;
    let mut seen_mtaji = 0;
    let mut seen_kujifunza = 0;
    let mut seen_takasia = 0;
    let mut checked = 0;
    for line in &games {
        for (i, pos) in line.iter().enumerate() {
            let takasia = pos.takasia().is_some();
            // Every takasia position, and every 7th of the rest.
            if !takasia && i % 7 != 3 {
                continue;
            }
            let limits = SearchLimits {
                seed: i as u64,
                ..SearchLimits::nodes(1_500)
            };
            let r = choose_move(pos, &limits).expect("a running game has a move");
            assert!(
                pos.legal_moves().contains(&r.mv),
                "{} is not legal in {pos}",
                r.mv
            );
            checked += 1;
            match (pos.variant(), pos.phase()) {
                (Variant::Kujifunza, _) => seen_kujifunza += 1,
                (_, Phase::Namua) => seen_namua += 1,
                (_, Phase::Mtaji) => seen_mtaji += 1,
            }
            if takasia {
                seen_takasia += 1;
                assert_ne!(
                    Some(r.mv.pit),
                    pos.takasia(),
                    "started from the takasia pit"
                );
            }
        }
    }
    assert!(checked > 100, "{checked} positions");
    assert!(seen_namua >= 10 && seen_mtaji >= 10 && seen_kujifunza >= 10);
    assert!(seen_takasia >= 3, "only {seen_takasia} takasia positions");
}

#[test]
fn no_move_once_the_game_is_over() {
    let over = Position::default().with_winner(Side::North);
    assert!(choose_move(&over, &SearchLimits::nodes(100)).is_none());
}

#[test]
fn takes_the_capture_that_empties_the_front_row() {
    // North's front row holds only a4; South's A3 sown right ends in A5 and takes it.
    let pos: Position = "variant=kiswahili turn=S hand=0,0 house=- A=0,0,2,0,1,0,0,0 B=0,0,0,0,0,0,0,27 a=0,0,0,3,0,0,0,0 b=0,0,0,0,0,0,0,31".parse().unwrap();
    for level in Level::ALL {
        let r = at_level(&pos, level, 3);
        assert_eq!(r.mv.to_string(), "A3 right capture");
        assert_eq!(r.score, MATE - 1, "a win in one ply");
        assert_eq!(r.plies_to_end(), Some(1));
    }
}

#[test]
fn finds_wins_in_one_and_two_where_other_moves_do_not_win() {
    let mut in_one = 0;
    let mut in_two = 0;
    for line in random_games(40, 5) {
        // Wins are found near the end of a game.
        for pos in line.iter().rev().take(12) {
            let moves = pos.legal_moves();
            let wins = wins_at_once(pos);
            if !wins.is_empty() && wins.len() < moves.len() && in_one < 8 {
                let r = choose_move(pos, &SearchLimits::nodes(3_000)).unwrap();
                assert!(
                    wins.contains(&r.mv),
                    "missed the win in one in {pos}: played {}",
                    r.mv
                );
                assert_eq!(r.score, MATE - 1);
                in_one += 1;
            } else if wins.is_empty() && in_two < 8 {
                let winning: Vec<&Move> =
                    moves.iter().filter(|m| forces_win_in_two(pos, m)).collect();
                if !winning.is_empty() && winning.len() < moves.len() {
                    let r = choose_move(pos, &SearchLimits::nodes(20_000)).unwrap();
                    assert!(
                        forces_win_in_two(pos, &r.mv),
                        "missed the win in two in {pos}: played {}",
                        r.mv
                    );
                    assert_eq!(r.score, MATE - 3, "{pos}");
                    in_two += 1;
                }
            }
        }
    }
    assert!(in_one >= 4, "only {in_one} wins in one tried");
    assert!(in_two >= 4, "only {in_two} wins in two tried");
}

#[test]
fn same_seed_and_budget_same_move() {
    let games = random_games(6, 23);
    for line in &games {
        for pos in line.iter().step_by(17) {
            for limits in [
                SearchLimits::nodes(4_000),
                SearchLimits {
                    seed: 77,
                    ..Level::Beginner.limits_without_clock(pos.variant())
                },
            ] {
                let a = choose_move(pos, &limits).unwrap();
                let b = choose_move(pos, &limits).unwrap();
                assert_eq!(
                    (a.mv, a.score, a.depth, a.nodes),
                    (b.mv, b.score, b.depth, b.nodes)
                );
            }
        }
    }
}

#[test]
fn stays_near_its_node_budget() {
    let pos = Position::start(Variant::Kujifunza);
    for budget in [5_000u64, 20_000] {
        let r = choose_move(&pos, &SearchLimits::nodes(budget)).unwrap();
        assert!(
            r.nodes >= budget && r.nodes < budget + 4_096,
            "{} nodes",
            r.nodes
        );
        assert!(r.depth >= 2);
    }
}

#[test]
fn noise_changes_moves_between_seeds() {
    // Easy's noise must make it vary: over positions and seeds, some choices differ.
    let games = random_games(4, 31);
    let mut differ = 0;
    for line in &games {
        for pos in line.iter().step_by(5) {
            if pos.legal_moves().len() < 3 {
                continue;
            }
            let pick = |seed| {
                let limits = SearchLimits {
                    seed,
                    ..Level::Beginner.limits_without_clock(pos.variant())
                };
                choose_move(pos, &limits).unwrap().mv
            };
            if (1..4).any(|s| pick(s) != pick(0)) {
                differ += 1;
            }
        }
    }
    assert!(differ >= 5, "easy varied in only {differ} positions");
}

#[test]
fn a_deeper_search_beats_beginner_and_beginner_beats_random() {
    use bao_bot::ai::matchplay::{run_match, MatchConfig, Player};
    let config = MatchConfig {
        pairs: 3,
        seed: 5,
        max_plies: 300,
        ..MatchConfig::default()
    };
    let strong = run_match(
        &Player::Nodes(3_000),
        &Player::Level(Level::Beginner),
        &config,
        &|_, _| {},
    );
    assert!(strong.score().0 >= 0.75, "{:?}", strong.wins_draws_losses());
    let easy = run_match(
        &Player::Level(Level::Beginner),
        &Player::Random,
        &config,
        &|_, _| {},
    );
    assert!(easy.score().0 >= 0.75, "{:?}", easy.wins_draws_losses());
}

#[test]
fn noisy_levels_never_allow_a_winning_capture_when_they_can_avoid_it() {
    // Moves after which the opponent can capture its way to a win at once.
    let mut tried = 0;
    for line in random_games(30, 41) {
        for pos in line.iter().rev().take(10) {
            let moves = pos.legal_moves();
            let bad = moves.iter().filter(|m| gives_win(pos, m)).count();
            if bad == 0 || bad == moves.len() || !wins_at_once(pos).is_empty() {
                continue;
            }
            tried += 1;
            for seed in 0..6 {
                let mv = novice_move(pos, seed).unwrap();
                assert!(!gives_win(pos, &mv), "novice played {mv} in {pos}");
            }
            for level in &Level::ALL[..Level::Hard.index()] {
                for seed in 0..6 {
                    let r = at_level(pos, *level, seed);
                    assert!(
                        !gives_win(pos, &r.mv),
                        "{level} (seed {seed}) played {} in {pos}",
                        r.mv
                    );
                }
            }
        }
    }
    assert!(tried >= 5, "only {tried} positions tried");
}

#[test]
fn the_beginner_model_weighs_the_recapture() {
    // Wherever the beginner's move differs from the greedy one, it must come out ahead of the
    // greedy move once the opponent's best capture in reply is taken off.
    let net = |pos: &Position, mv: &Move| -> i64 {
        let me = pos.turn();
        let next = pos.play_unchecked(mv);
        if let Some(w) = next.winner() {
            return if w == me { i64::MAX } else { i64::MIN + 1 };
        }
        let gained = pos.seeds_on_board(!me) as i64 - next.seeds_on_board(!me) as i64;
        let lost = next
            .legal_moves()
            .iter()
            .map(|r| {
                let after = next.play_unchecked(r);
                match after.winner() {
                    Some(w) if w == me => i64::MIN / 2,
                    Some(_) => i64::MAX / 2,
                    None => next.seeds_on_board(me) as i64 - after.seeds_on_board(me) as i64,
                }
            })
            .max()
            .unwrap_or(i64::MIN / 2);
        gained - lost
    };
    let mut differed = 0;
    for line in random_games(10, 53) {
        for pos in line.iter().step_by(3) {
            let b = novice_move(pos, 1).unwrap();
            let g = greedy_move(pos, 1).unwrap();
            assert!(pos.legal_moves().contains(&b));
            if b != g && !gives_win(pos, &g) {
                differed += 1;
                assert!(net(pos, &b) >= net(pos, &g), "{b} vs {g} in {pos}");
            }
        }
    }
    assert!(
        differed >= 10,
        "the beginner differed from greedy only {differed} times"
    );
}

#[test]
fn every_level_plays_legal_moves_in_both_variants_and_stages() {
    let mut seen = [[0usize; 3]; Level::COUNT];
    for (g, line) in random_games(8, 61).iter().enumerate() {
        for (i, pos) in line.iter().enumerate().skip(g % 5).step_by(9) {
            let stage = match (pos.variant(), pos.phase()) {
                (Variant::Kujifunza, _) => 2,
                (_, Phase::Namua) => 0,
                (_, Phase::Mtaji) => 1,
            };
            for level in Level::ALL {
                let r = at_level(pos, level, i as u64);
                assert!(
                    pos.legal_moves().contains(&r.mv),
                    "{level} played {} in {pos}",
                    r.mv
                );
                seen[level.index()][stage] += 1;
            }
        }
    }
    for (level, counts) in Level::ALL.iter().zip(seen) {
        assert!(counts.iter().all(|&c| c >= 3), "{level}: {counts:?}");
    }
}

#[test]
fn every_level_takes_a_win_in_one_and_captures_when_it_must() {
    let mut wins = 0;
    let mut forced = 0;
    for line in random_games(40, 5) {
        for (i, pos) in line.iter().enumerate().rev().take(12) {
            let moves = pos.legal_moves();
            let winning = wins_at_once(pos);
            let capture = moves[0].kind == MoveKind::Capture;
            if !winning.is_empty() && winning.len() < moves.len() && wins < 10 {
                wins += 1;
                for level in Level::ALL {
                    for seed in 0..3 {
                        let r = at_level(pos, level, seed + i as u64);
                        assert!(winning.contains(&r.mv), "{level} missed the win in {pos}");
                    }
                }
            } else if capture && moves.len() >= 2 && forced < 20 {
                forced += 1;
                for level in Level::ALL {
                    let r = at_level(pos, level, i as u64);
                    assert_eq!(r.mv.kind, MoveKind::Capture, "{level} in {pos}");
                }
            }
        }
    }
    assert!(
        wins >= 5 && forced >= 10,
        "{wins} wins, {forced} forced captures"
    );
}

#[test]
fn every_level_gives_the_same_move_for_the_same_seed() {
    for line in random_games(4, 71) {
        for (i, pos) in line.iter().enumerate().step_by(23) {
            for level in Level::ALL {
                let a = at_level(pos, level, i as u64);
                let b = at_level(pos, level, i as u64);
                assert_eq!(
                    (a.mv, a.score, a.nodes),
                    (b.mv, b.score, b.nodes),
                    "{level}"
                );
            }
        }
    }
}

#[test]
fn missing_the_best_capture_plays_a_smaller_one_unless_that_loses() {
    // Positions where captures are compulsory and take different amounts.
    let gain = |pos: &Position, mv: &Move| {
        let them = !pos.turn();
        pos.seeds_on_board(them) as i32 - pos.play_unchecked(mv).seeds_on_board(them) as i32
    };
    let mut tried = 0;
    let mut smaller = 0;
    for line in random_games(20, 83) {
        for pos in line.iter().step_by(2) {
            let moves = pos.legal_moves();
            if moves[0].kind != MoveKind::Capture || !wins_at_once(pos).is_empty() {
                continue;
            }
            let best = moves.iter().map(|m| gain(pos, m)).max().unwrap();
            if moves.iter().all(|m| gain(pos, m) == best) {
                continue;
            }
            tried += 1;
            let limits = SearchLimits {
                miss_best_capture: 100,
                depth: Some(1),
                ..SearchLimits::nodes(1)
            };
            let r = choose_move(pos, &limits).unwrap();
            assert_eq!(r.mv.kind, MoveKind::Capture);
            if gain(pos, &r.mv) < best {
                smaller += 1;
            } else {
                // It looked again because every smaller capture loses by force.
                assert!(r.score > -MATE_BOUND, "{pos}");
            }
        }
    }
    assert!(tried >= 10, "only {tried} positions tried");
    assert!(
        smaller * 4 >= tried * 3,
        "a smaller capture in {smaller} of {tried}"
    );
}
