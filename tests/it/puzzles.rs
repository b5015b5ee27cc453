//! The puzzle collection: every stored line reads, every solution replays legally, every
//! "win in N" wins against every defence (the exact search), themes and export fields are
//! those of the issue, and the generator is reproducible.

use std::collections::HashSet;

use bao_bot::ai::forced::wins_within;
use bao_bot::puzzles::generate::{generate_game, GenerateConfig};
use bao_bot::puzzles::{collection, collection_text, read_lines, Puzzle, Theme};
use bao_bot::rules::Variant;

/// Solver nodes for a proof of the tests (win in 3 is five plies).
const PROOF_NODES: u64 = 20_000_000;

#[test]
fn every_stored_line_reads_and_its_solution_replays_legally() {
    let lines = collection_text()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .count();
    let read = read_lines(collection_text()).expect("every line reads and replays");
    assert_eq!(read.len(), lines);
    assert_eq!(collection().len(), lines);
    assert!(!read.is_empty(), "the collection is not empty");
    let mut ids = HashSet::new();
    for p in &read {
        assert!(ids.insert(p.id.clone()), "id {} twice", p.id);
        assert_eq!(p.id, Puzzle::id_for(&p.position), "{}", p.id);
        assert!(p.solution.len() % 2 == 1, "{}: the solver moves last", p.id);
        assert!(!p.position.is_over());
        // Replayed again, independently of the reader.
        let mut pos = p.position;
        for mv in &p.solution {
            assert!(pos.legal_moves().contains(mv), "{}: {mv}", p.id);
            pos = pos.play_unchecked(mv);
        }
        match p.win_in() {
            Some(n) => {
                assert_eq!(p.solver_moves() as u32, n, "{}", p.id);
                assert_eq!(pos.winner(), Some(p.solver()), "{}: the line wins", p.id);
            }
            None => assert!(!pos.is_over(), "{}: only a win in N ends the game", p.id),
        }
        assert!((600..=2400).contains(&p.rating), "{}", p.id);
    }
    for v in [Variant::Kiswahili, Variant::Kujifunza] {
        assert!(read.iter().any(|p| p.variant() == v), "no {v} puzzle");
    }
}

#[test]
fn every_win_in_n_wins_against_every_defence() {
    for p in collection() {
        let Some(n) = p.win_in() else { continue };
        let plies = 2 * n - 1;
        assert_eq!(
            wins_within(&p.position, p.solver(), plies, PROOF_NODES),
            Some(true),
            "{}: win in {n}",
            p.id
        );
        if n > 1 {
            assert_eq!(
                wins_within(&p.position, p.solver(), plies - 2, PROOF_NODES),
                Some(false),
                "{}: no faster win",
                p.id
            );
        }
    }
}

#[test]
fn the_export_has_exactly_the_fields_of_the_issue() {
    let names: HashSet<&str> = Theme::ALL.iter().map(|t| t.name()).collect();
    for p in collection().iter().take(50) {
        let v: serde_json::Value = serde_json::from_str(&p.to_line()).unwrap();
        let obj = v.as_object().unwrap();
        let mut keys: Vec<&str> = obj.keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            ["id", "position", "rating", "rules", "solution", "themes", "variant"]
        );
        for t in obj["themes"].as_array().unwrap() {
            assert!(names.contains(t.as_str().unwrap()), "{t}");
        }
        assert_eq!(Puzzle::from_line(&p.to_line(), 1).unwrap(), *p);
    }
}

#[test]
fn the_generator_is_reproducible() {
    let config = GenerateConfig {
        screen_nodes: 100,
        confirm_nodes: 1_000,
        proof_nodes: 20_000,
        verify_nodes: 200_000,
        max_plies: 60,
        ..GenerateConfig::default()
    };
    for index in [0, 1] {
        let a = generate_game(&config, index);
        let b = generate_game(&config, index);
        assert_eq!(a.plies, b.plies);
        assert_eq!(a.candidates, b.candidates);
        assert_eq!(a.puzzle, b.puzzle);
    }
}

/// Every puzzle's goal comes from the catalogue: its English is the goal's own words, and
/// it has its Swahili.
#[test]
fn every_goal_is_said_in_every_language() {
    use bao_bot::i18n::Lang;
    for p in bao_bot::puzzles::collection() {
        assert_eq!(p.goal_msg().render(Lang::En), p.goal(), "{}", p.id);
        let sw = p.goal_msg().render(Lang::Sw);
        assert!(sw.starts_with("Zamu ya "), "{}: {sw}", p.id);
    }
}
