//! The AI queue's bound: past it, a move against the AI is refused privately with the wait,
//! and nothing is stored; once the queue drains, the same move is played.

use std::sync::Arc;
use std::time::Duration;

use crate::support::app_world::{private, world_with};
use bao_bot::ai::Level;
use bao_bot::app::{Command, Settings};
use bao_bot::store::{Place, SideChoice};

fn ai(level: Level) -> Command {
    Command::Ai {
        level: Some(level),
        side: Some(SideChoice::South),
        variant: None,
        rules: None,
        clock: None,
    }
}

fn mv(text: &str) -> Command {
    Command::Move {
        text: text.into(),
        game: None,
    }
}

#[test]
fn past_the_queue_bound_a_move_against_the_ai_is_refused_with_the_wait() {
    // One search at a time, none may wait: a running search is the bound.
    let mut caps = Settings::default().ai_wall_caps;
    caps[Level::Master.index()] = Duration::from_secs(3);
    let w = Arc::new(world_with(Settings {
        max_concurrent_searches: 1,
        ai_queue_limit: 0,
        ai_wall_caps: caps,
        animation: false,
        ..Settings::default()
    }));
    let (a, b) = (Place::Dm { user: 1 }, Place::Dm { user: 2 });
    w.run(&w.asha, &a, ai(Level::Master));
    w.run(&w.baraka, &b, ai(Level::Easy));
    // Asha's move sets the master thinking for up to 3 s.
    let thinking = {
        let w = w.clone();
        std::thread::spawn(move || w.run(&w.asha, &a, mv("A6 left")))
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while w.app.ai_load().0 == 0 {
        assert!(std::time::Instant::now() < deadline, "the search never ran");
        std::thread::yield_now();
    }
    // Baraka's move meanwhile: refused privately, with the wait; his game is as it was.
    let refused = w.run(&w.baraka, &b, mv("A6 left")).reply;
    private(&refused, "The AI is busy");
    assert!(refused.text.contains("try again in"), "{}", refused.text);
    assert_eq!(w.game_here(&b).ply, 0, "nothing stored");
    let played = thinking.join().unwrap().reply;
    assert!(!played.ephemeral, "{}", played.text);
    assert_eq!(w.game_here(&a).ply, 2);
    // The queue drained: the same move is played and answered.
    let later = w.run(&w.baraka, &b, mv("A6 left")).reply;
    assert!(!later.ephemeral, "{}", later.text);
    assert_eq!(w.game_here(&b).ply, 2);
}
