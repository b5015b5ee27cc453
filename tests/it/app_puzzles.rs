//! `/bao puzzle` through the app: private in channels, solved by buttons or `/bao move`, a
//! wrong move ending the attempt with the right line, rated first attempts moving both
//! ratings, repeats unrated, private refusals, and the daily post made once across a restart.

use crate::support::app_world;
use app_world::{mv, private, say, world, world_on, GENERAL, T0};
use std::sync::Arc;

use bao_bot::app::{App, Command, Destination, Reply, Settings, User};
use bao_bot::puzzles::attempt::Verdict;
use bao_bot::puzzles::values::wins_at_once;
use bao_bot::puzzles::{find, Puzzle};
use bao_bot::store::{Place, Store, UserId};

fn press(app: &App, who: &User, place: &Place, id: &str) -> Reply {
    app.press(who, place, id).expect("press").reply
}

fn puzzle_cmd(daily: bool) -> Command {
    Command::Puzzle {
        theme: None,
        variant: None,
        daily,
    }
}

/// The puzzle a reply shows (`**Puzzle abc123** ...`).
fn shown(reply: &Reply) -> &'static Puzzle {
    let id = reply
        .text
        .split("**Puzzle ")
        .nth(1)
        .and_then(|rest| rest.split("**").next())
        .unwrap_or_else(|| panic!("no puzzle in: {}", reply.text));
    find(id).expect("a puzzle of the collection")
}

/// The id of the move button of `mv`.
fn move_button(reply: &Reply, mv: &str) -> String {
    reply
        .buttons
        .iter()
        .flatten()
        .find(|b| b.id.starts_with("bao:pm:") && b.id.ends_with(&format!(":{mv}")))
        .map(|b| b.id.clone())
        .unwrap_or_else(|| panic!("no button for {mv} in {:?}", reply.buttons))
}

/// A legal move of the puzzle's first position that is wrong.
fn wrong_move(p: &Puzzle) -> Option<String> {
    p.position
        .legal_moves()
        .iter()
        .find(|m| {
            matches!(p.judge(0, m), Verdict::Wrong { .. })
                && !(p.solution.len() == 1 && p.ends_game() && wins_at_once(&p.position, m))
        })
        .map(|m| m.to_string())
}

#[test]
fn a_puzzle_in_a_channel_is_private_and_solved_by_its_line() {
    let w = world();
    let open = say(&w.app, &w.asha, &GENERAL, puzzle_cmd(false));
    assert!(open.ephemeral, "{}", open.text);
    assert!(open.board.is_some());
    let p = shown(&open);
    assert!(open.text.contains(&p.goal()), "{}", open.text);
    assert!(open.text.contains("to move:"), "{}", open.text);
    assert!(open.text.contains("rated"), "{}", open.text);
    let mut reply = open;
    let mut step = 0;
    while step < p.solution.len() {
        let text = p.solution[step].to_string();
        // Buttons where there are, else the typed move.
        reply = if reply.buttons.is_empty() {
            mv(&w.app, &w.asha, &GENERAL, &text)
        } else {
            press(&w.app, &w.asha, &GENERAL, &move_button(&reply, &text))
        };
        assert!(reply.ephemeral, "{}", reply.text);
        step += 2;
        if step < p.solution.len() {
            assert!(reply.text.starts_with("Right!"), "{}", reply.text);
        }
    }
    assert!(reply.text.contains("Solved!"), "{}", reply.text);
    assert!(
        reply.text.contains("Your puzzle rating: 1500 \u{2192}"),
        "{}",
        reply.text
    );
    assert!(reply.board.as_ref().is_some_and(|b| b.animation.is_some()));
    // Both ratings moved: the player's up, the puzzle's down.
    let me = w.store.puzzle_player(w.asha.id).unwrap().expect("rated");
    assert!(me.rating.rating > 1500.0, "{}", me.rating.rating);
    assert_eq!((me.solved, me.failed, me.streak), (1, 0, 1));
    let theirs = w.store.puzzle_ratings().unwrap()[&p.id];
    assert!(theirs < p.rating as f64, "{theirs} against {}", p.rating);
    let stats = say(
        &w.app,
        &w.asha,
        &GENERAL,
        Command::Stats {
            player: None,
            variant: None,
        },
    );
    assert!(stats.text.contains("Puzzles: rating"), "{}", stats.text);
    assert!(stats.text.contains("1 solved of 1"), "{}", stats.text);
}

#[test]
fn a_wrong_move_ends_the_attempt_with_the_line_and_what_it_allowed() {
    let w = world();
    // The first puzzle with a wrong legal move (almost every one has one).
    let mut open = say(&w.app, &w.baraka, &GENERAL, puzzle_cmd(false));
    let mut wrong = wrong_move(shown(&open));
    for _ in 0..5 {
        if wrong.is_some() {
            break;
        }
        open = say(&w.app, &w.baraka, &GENERAL, puzzle_cmd(false));
        wrong = wrong_move(shown(&open));
    }
    let p = shown(&open);
    let wrong = wrong.expect("a puzzle with a wrong move");
    let first = move_button(&open, &wrong);
    let failed = press(&w.app, &w.baraka, &GENERAL, &first);
    assert!(failed.ephemeral);
    assert!(failed.text.starts_with("Not this one."), "{}", failed.text);
    assert!(failed.text.contains("It "), "{}", failed.text);
    assert!(
        failed
            .text
            .contains(&format!("The answer was {}", p.solution[0])),
        "{}",
        failed.text
    );
    let board = failed.board.as_ref().expect("the line");
    assert!(board.animation.is_some(), "the right line is animated");
    assert!(failed
        .attachments
        .iter()
        .any(|a| a.filename.ends_with("-allowed.gif")));
    let me = w.store.puzzle_player(w.baraka.id).unwrap().expect("rated");
    assert!(me.rating.rating < 1500.0);
    assert_eq!((me.failed, me.streak), (1, 0));
    // The attempt is over: its board's buttons are refused privately.
    private(&press(&w.app, &w.baraka, &GENERAL, &first), "over");
}

#[test]
fn refusals_are_private_and_an_illegal_move_does_not_count() {
    let w = world();
    let open = say(&w.app, &w.asha, &GENERAL, puzzle_cmd(false));
    let p = shown(&open);
    let right = move_button(&open, &p.solution[0].to_string());
    // Someone else's buttons, forged ids.
    private(
        &press(&w.app, &w.baraka, &GENERAL, &right),
        "someone else's puzzle",
    );
    private(
        &press(&w.app, &w.asha, &GENERAL, "bao:pm:999999:0:A1 left capture"),
        "not valid",
    );
    private(
        &press(&w.app, &w.asha, &GENERAL, "bao:pday:999999:0"),
        "not valid",
    );
    // The right move at another step is an old board.
    let shifted = right.replacen(":0:", ":2:", 1);
    private(&press(&w.app, &w.asha, &GENERAL, &shifted), "over");
    // An illegal move is refused and the attempt goes on.
    let refused = mv(&w.app, &w.asha, &GENERAL, "b9 left");
    assert!(
        refused.ephemeral && refused.board.is_none(),
        "{}",
        refused.text
    );
    let refused = mv(&w.app, &w.asha, &GENERAL, "B8 right capture enter-left");
    assert!(
        refused.ephemeral && refused.board.is_none(),
        "{}",
        refused.text
    );
    assert!(w.store.open_puzzle(w.asha.id).unwrap().is_some());
    let answered = press(&w.app, &w.asha, &GENERAL, &right);
    assert!(
        answered.text.starts_with("Right!") || answered.text.contains("Solved!"),
        "{}",
        answered.text
    );
}

#[test]
fn a_dm_puzzle_plays_there_and_repeats_are_unrated() {
    let w = world();
    let dm = Place::Dm { user: w.carol.id.0 };
    let first = say(&w.app, &w.carol, &dm, puzzle_cmd(true));
    assert!(!first.ephemeral, "a DM plays there");
    assert!(first.text.contains("puzzle of the day"), "{}", first.text);
    let p = shown(&first);
    let wrong = wrong_move(p).expect("a wrong move");
    let failed = mv(&w.app, &w.carol, &dm, &wrong);
    assert!(
        failed.text.contains("Your puzzle rating: 1500"),
        "{}",
        failed.text
    );
    let again = say(&w.app, &w.carol, &dm, puzzle_cmd(true));
    assert_eq!(shown(&again).id, p.id);
    assert!(again.text.contains("a repeat, not rated"), "{}", again.text);
    let failed = mv(&w.app, &w.carol, &dm, &wrong);
    assert!(failed.text.contains("not rated"), "{}", failed.text);
    let me = w.store.puzzle_player(w.carol.id).unwrap().unwrap();
    assert_eq!(me.failed, 1, "the repeat did not count");
}

#[test]
fn the_daily_post_is_made_once_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    let channel = Place::Channel {
        guild: 10,
        channel: 30,
    };
    let day0 = T0.div_euclid(86_400) * 86_400;
    {
        let w = world_on(Arc::new(Store::open(&path).unwrap()), Settings::default());
        w.clock.set(day0 + 8 * 3600);
        let set = say(
            &w.app,
            &w.asha,
            &GENERAL,
            Command::SetServerSetting {
                key: "daily_puzzle".into(),
                value: "<#30> 9".into(),
                manage_server: true,
            },
        );
        assert!(set.text.contains("09:00 UTC"), "{}", set.text);
        let refused = say(
            &w.app,
            &w.baraka,
            &GENERAL,
            Command::SetServerSetting {
                key: "daily_puzzle".into(),
                value: "<#30> 9".into(),
                manage_server: false,
            },
        );
        assert!(refused.ephemeral && refused.text.contains("Manage Server"));
        assert!(w.app.tick().unwrap().is_empty(), "not before 9:00");
        assert_eq!(w.app.next_tick_at().unwrap(), Some(day0 + 9 * 3600));
        w.clock.set(day0 + 9 * 3600 + 60);
        let posts = w.app.tick().unwrap();
        assert_eq!(posts.len(), 1);
        assert_eq!(posts[0].to, Destination::Place(channel));
        assert!(!posts[0].reply.ephemeral);
        let button = posts[0].reply.buttons[0][0].id.clone();
        assert!(w.app.tick().unwrap().is_empty(), "once a day");
        // Anyone who presses it solves it privately.
        let opened = press(&w.app, &w.dan, &channel, &button);
        assert!(opened.ephemeral && opened.text.contains("puzzle of the day"));
    }
    // A restart: the same database, a new app.
    let w = world_on(Arc::new(Store::open(&path).unwrap()), Settings::default());
    w.clock.set(day0 + 10 * 3600);
    assert!(
        w.app.tick().unwrap().is_empty(),
        "not twice after a restart"
    );
    // The next day, once more; a day the bot starts late is still posted.
    w.clock.set(day0 + 86_400 + 23 * 3600);
    assert_eq!(w.app.tick().unwrap().len(), 1);
    assert!(w.app.tick().unwrap().is_empty());
    assert_eq!(w.store.puzzle_player(UserId(4)).unwrap(), None);
}
