//! `/bao learn` through the app: private in channels, answered by buttons or `/bao move`,
//! feedback and hints, stars, and the private refusals of old and other people's buttons.
//! Nothing of a lesson becomes a game.

use crate::support::app_world;
use app_world::{mv, say, world, GENERAL};
use std::sync::Arc;

use bao_bot::app::{App, Command, Reply, User};
use bao_bot::lessons::course;
use bao_bot::store::{GameFilter, Place, Store, UserId};

/// The shared world's app and store.
fn app() -> (Arc<App>, Arc<Store>) {
    let w = world();
    (w.app, w.store)
}

fn press(app: &App, who: &User, place: &Place, id: &str) -> Reply {
    app.press(who, place, id).expect("press").reply
}

/// The id of the button labelled `label`.
fn button<'a>(reply: &'a Reply, label: &str) -> &'a str {
    reply
        .buttons
        .iter()
        .flatten()
        .find(|b| b.label == label)
        .map(|b| b.id.as_str())
        .unwrap_or_else(|| panic!("no button `{label}` in {:?}", reply.buttons))
}

#[test]
fn a_lesson_in_a_channel_is_private_and_plays_by_buttons_and_moves() {
    let (app, store) = app();
    let asha = User::new(1, "Asha");
    let baraka = User::new(2, "Baraka");
    let open = say(&app, &asha, &GENERAL, Command::Learn { lesson: None });
    assert!(open.ephemeral);
    assert!(open.text.contains("Lesson 1 of"), "{}", open.text);
    assert!(open.text.contains("Lessons: 0 of"), "{}", open.text);
    assert!(open.board_png().is_some());
    assert!(open
        .attachments
        .iter()
        .any(|a| a.filename.ends_with(".gif")));
    assert_eq!(open.current_board(), None);
    let first_task = course()[0].tasks[0];

    // Someone else's buttons are refused privately.
    let show = button(&open, "Show me").to_string();
    let refused = press(&app, &baraka, &GENERAL, &show);
    assert!(refused.ephemeral);
    assert!(
        refused.text.contains("someone else's lesson"),
        "{}",
        refused.text
    );

    // A wrong answer: the feedback of the course, then the goal again.
    let wrong = mv(&app, &asha, &GENERAL, first_task.wrong.unwrap());
    assert!(wrong.ephemeral);
    let feedback = first_task
        .judge(first_task.wrong.unwrap())
        .unwrap()
        .unwrap()
        .feedback
        .unwrap();
    assert_eq!(wrong.text.lines().next(), Some(&*feedback));
    assert!(!wrong.text.contains("Hint"));
    // An illegal one: the game's refusal plus the task.
    let illegal = mv(&app, &asha, &GENERAL, "B8 left");
    assert!(illegal.ephemeral);
    assert!(
        illegal.text.contains("is not legal here"),
        "{}",
        illegal.text
    );
    assert!(illegal.text.contains(first_task.goal), "{}", illegal.text);
    // The second miss brings the hint.
    let again = mv(&app, &asha, &GENERAL, first_task.wrong.unwrap());
    assert!(again.text.contains("Hint: start from A3"), "{}", again.text);

    // Show me, then the right answer by its button.
    let shown = press(&app, &asha, &GENERAL, &show);
    assert!(shown.text.starts_with("One answer is"), "{}", shown.text);
    assert!(shown
        .attachments
        .iter()
        .any(|a| a.filename.ends_with(".gif")));
    let right = press(&app, &asha, &GENERAL, button(&shown, "A3 → takata"));
    assert!(right.text.starts_with("Right!"), "{}", right.text);
    assert!(right.animation().is_some());
    // The old task's buttons are out of date now.
    let old = press(&app, &asha, &GENERAL, &show);
    assert!(old.ephemeral);
    assert!(old.text.contains("That task is over"), "{}", old.text);

    // Next, then the second task answered by `/bao move`: lesson 1 done with 2 misses.
    let next = press(&app, &asha, &GENERAL, button(&right, "Next"));
    assert!(next.text.contains("Task 2 of 2"), "{}", next.text);
    let done = mv(&app, &asha, &GENERAL, course()[0].tasks[1].example);
    assert!(
        done.text.contains("Lesson 1 done: \u{2605} (2 misses)"),
        "{}",
        done.text
    );
    let resumed = say(&app, &asha, &GENERAL, Command::Learn { lesson: None });
    assert!(resumed.text.contains("Lessons: 1 of"), "{}", resumed.text);
    assert!(
        resumed.text.contains("Kujifunza: 1 \u{2605};"),
        "{}",
        resumed.text
    );
    let stats = say(
        &app,
        &asha,
        &GENERAL,
        Command::Stats {
            player: None,
            variant: None,
        },
    );
    assert!(stats.text.contains("Lessons: 1 of"), "{}", stats.text);

    // No game was ever written.
    assert!(store
        .games_of(UserId(1), GameFilter::All, 10)
        .unwrap()
        .is_empty());
    assert!(store.games_in(&GENERAL, 10).unwrap().is_empty());
}

#[test]
fn in_a_dm_the_lesson_plays_there_and_a_game_comes_first() {
    let (app, _) = app();
    let asha = User::new(1, "Asha");
    let dm = Place::Dm { user: 1 };
    let open = say(&app, &asha, &dm, Command::Learn { lesson: Some(4) });
    assert!(!open.ephemeral);
    assert!(open.text.contains("Lesson 4 of"), "{}", open.text);
    let bad = say(&app, &asha, &dm, Command::Learn { lesson: Some(99) });
    assert!(
        bad.ephemeral && bad.text.contains("There are"),
        "{}",
        bad.text
    );
    // A game in the DM takes `/bao move` from the lesson.
    say(
        &app,
        &asha,
        &dm,
        Command::Ai {
            level: None,
            side: None,
            variant: None,
            rules: None,
            clock: None,
        },
    );
    let game_move = mv(&app, &asha, &dm, "A6 left");
    assert!(!game_move.text.contains("Right!"), "{}", game_move.text);
    assert!(game_move.current_board().is_some(), "{}", game_move.text);
    // `/bao move` in a channel where the lesson is not open is not for it.
    let elsewhere = mv(&app, &asha, &GENERAL, course()[3].tasks[0].example);
    assert!(
        elsewhere.text.contains("There is no game"),
        "{}",
        elsewhere.text
    );
}

#[test]
fn move_suggestions_follow_the_open_lesson_or_puzzle_here() {
    let (app, _) = app();
    let asha = User::new(1, "Asha");
    let suggested = |place: &Place, typed: &str| {
        app.suggest_moves(&asha, place, None, typed)
            .expect("suggestions")
    };
    // Nothing open: nothing to suggest.
    assert!(suggested(&GENERAL, "").is_empty());
    // A lesson open here: its task's legal moves, filtered by what is typed.
    say(&app, &asha, &GENERAL, Command::Learn { lesson: Some(1) });
    let task = course()[0].tasks[0];
    let legal: Vec<String> = task
        .start()
        .unwrap()
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(suggested(&GENERAL, ""), legal);
    assert!(suggested(&GENERAL, "a3")
        .iter()
        .all(|m| m.starts_with("A3 ")));
    assert!(!suggested(&GENERAL, "a3").is_empty());
    // Not where the lesson is not open.
    let elsewhere = Place::Channel {
        guild: 10,
        channel: 21,
    };
    assert!(suggested(&elsewhere, "").is_empty());
    // A game of the user's here comes first, as for `/bao move`.
    let dm = Place::Dm { user: 1 };
    say(&app, &asha, &dm, Command::Learn { lesson: Some(9) });
    let lesson_moves = suggested(&dm, "");
    assert_eq!(
        lesson_moves,
        course()[8].tasks[0]
            .start()
            .unwrap()
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
    );
    say(
        &app,
        &asha,
        &dm,
        Command::Ai {
            level: None,
            side: None,
            variant: None,
            rules: None,
            clock: None,
        },
    );
    let game_moves = suggested(&dm, "");
    assert_ne!(game_moves, lesson_moves);
    assert!(
        game_moves.iter().all(|m| !m.contains("enter-")),
        "{game_moves:?}"
    );
    // A puzzle open here: its position's moves.
    let open = say(
        &app,
        &asha,
        &elsewhere,
        Command::Puzzle {
            theme: None,
            variant: None,
            daily: false,
        },
    );
    let id = open
        .text
        .split("**Puzzle ")
        .nth(1)
        .and_then(|rest| rest.split("**").next())
        .expect("a puzzle");
    let puzzle = bao_bot::puzzles::find(id).expect("in the collection");
    let expected: Vec<String> = puzzle
        .position
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .take(25)
        .collect();
    assert_eq!(suggested(&elsewhere, ""), expected);
}
