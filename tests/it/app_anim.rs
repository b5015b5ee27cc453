//! Animations through the conversation: the move reply's GIF (and its preference), the AI's
//! reply animated after the player's move, and `/bao replay`.

use crate::support::app_world;
use crate::support::gifs;
use app_world::{challenge, mv, say, world_with, GENERAL};
use std::sync::Arc;

use bao_bot::app::{App, Command, PrefsChange, Settings, User};
use bao_bot::render::{move_gif, RenderOptions};
use bao_bot::rules::Position;
use bao_bot::store::{Place, SideChoice, Store};

/// The shared world's app and store, with `settings`.
fn app(settings: Settings) -> (Arc<App>, Arc<Store>) {
    let w = world_with(settings);
    (w.app, w.store)
}

/// Asha (South) and Baraka start a game in #general.
fn start(app: &App, asha: &User, baraka: &User) {
    let r = say(app, asha, &GENERAL, challenge(baraka).command());
    let accept = r.button_ids()[0].to_string();
    app.press(baraka, &GENERAL, &accept).expect("accept");
}

/// `who` starts a game against the easy AI at `place`, playing South.
fn ai_game(app: &App, who: &User, place: &Place) {
    say(
        app,
        who,
        place,
        Command::Ai {
            level: Some(bao_bot::ai::Level::Easy),
            side: Some(SideChoice::South),
            variant: None,
            rules: None,
            clock: None,
        },
    );
}

/// How long each picture of a GIF is shown.
fn frames(gif: &[u8]) -> Vec<u16> {
    gifs::shown_delays(gif)
}

#[test]
fn a_move_reply_carries_its_animation_unless_turned_off() {
    let (app, store) = app(Settings::default());
    let (asha, baraka) = (User::new(1, "Asha"), User::new(2, "Baraka"));
    start(&app, &asha, &baraka);
    let r = mv(&app, &asha, &GENERAL, "a6 left");
    let gif = r.animation().expect("an animation");
    assert!(gif.filename.ends_with(".gif"), "{}", gif.filename);
    assert!(gif.bytes.starts_with(b"GIF89a"));
    let delays = frames(&gif.bytes);
    assert!(delays.len() > 5, "{delays:?}");
    assert_eq!(*delays.last().unwrap(), 400, "the board is held at the end");
    // The still stays the first attachment (the console writes both).
    assert!(r.board_png().is_some());

    // Baraka turns animations off: his move's board is the still only.
    let p = say(
        &app,
        &baraka,
        &GENERAL,
        Command::Prefs(PrefsChange {
            animations: Some(false),
            ..PrefsChange::default()
        }),
    );
    assert!(p.ephemeral);
    assert!(p.text.contains("off"), "{}", p.text);
    assert_eq!(store.user_prefs(baraka.id).unwrap().animation, Some(false));
    let r = mv(&app, &baraka, &GENERAL, "a6 left");
    assert!(r.animation().is_none());
    assert!(r.board_png().is_some());
    // Asha still has them.
    let r = mv(&app, &asha, &GENERAL, "a4 left capture");
    assert!(r.animation().is_some(), "{}", r.text);
    // `/bao prefs` alone shows the setting.
    let shown = say(
        &app,
        &baraka,
        &GENERAL,
        Command::Prefs(PrefsChange {
            animations: None,
            ..PrefsChange::default()
        }),
    );
    assert!(shown.text.contains("animations: **off**"), "{}", shown.text);
}

#[test]
fn the_bot_wide_default_applies_until_a_user_chooses() {
    let (app, _) = app(Settings {
        animation: false,
        ..Settings::default()
    });
    let (asha, baraka) = (User::new(1, "Asha"), User::new(2, "Baraka"));
    start(&app, &asha, &baraka);
    let r = mv(&app, &asha, &GENERAL, "a6 left");
    assert!(r.animation().is_none());
    say(
        &app,
        &baraka,
        &GENERAL,
        Command::Prefs(PrefsChange {
            animations: Some(true),
            ..PrefsChange::default()
        }),
    );
    let r = mv(&app, &baraka, &GENERAL, "a6 left");
    assert!(r.animation().is_some());
}

#[test]
fn against_the_ai_one_animation_shows_both_moves() {
    let (app, _) = app(Settings::default());
    let asha = User::new(1, "Asha");
    let dm = Place::Dm { user: 1 };
    ai_game(&app, &asha, &dm);
    let r = mv(&app, &asha, &dm, "a6 left");
    assert!(r.text.contains("AI (easy): "), "{}", r.text);
    let both = frames(&r.animation().expect("an animation").bytes);
    let (m, _, _) = Position::default().play_text("A6 left").unwrap();
    let alone = frames(&move_gif(&Position::default(), &m, &RenderOptions::default()).unwrap());
    assert!(
        both.len() > alone.len() + 3,
        "{} vs {}",
        both.len(),
        alone.len()
    );
    // The player's move is held on its board before the AI's reply starts.
    assert!(both.contains(&120), "{both:?}");
}

#[test]
fn replay_posts_a_finished_game_and_refuses_what_is_not_yours() {
    let (app, _) = app(Settings::default());
    let (asha, baraka, carol) = (
        User::new(1, "Asha"),
        User::new(2, "Baraka"),
        User::new(3, "Carol"),
    );
    start(&app, &asha, &baraka);
    mv(&app, &asha, &GENERAL, "a6 left");
    mv(&app, &baraka, &GENERAL, "a6 left");
    let replay = |who: &User, place: &Place, game, from, to| {
        say(&app, who, place, Command::Replay { game, from, to })
    };
    // A running game: its players may replay it, onlookers may not.
    let mine = replay(&asha, &GENERAL, None, None, None);
    assert!(!mine.ephemeral, "{}", mine.text);
    let gif = &mine.attachments[0];
    assert!(gif.filename.ends_with(".gif") && gif.bytes.starts_with(b"GIF89a"));
    assert_eq!(frames(&gif.bytes).len(), 3, "start and two plies");
    let refused = replay(&carol, &GENERAL, None, None, None);
    assert!(
        refused.ephemeral && refused.text.contains("still running"),
        "{}",
        refused.text
    );
    let bad = replay(&asha, &GENERAL, None, Some(2), Some(1));
    assert!(
        bad.ephemeral && bad.text.contains("from 0 to 2"),
        "{}",
        bad.text
    );
    // Finished: anyone here may replay it, a range of it too.
    say(&app, &baraka, &GENERAL, Command::Resign);
    let done = replay(&carol, &GENERAL, None, Some(1), Some(2));
    assert!(!done.ephemeral, "{}", done.text);
    assert!(done.text.contains("plies 1 to 2 of 2"), "{}", done.text);
    assert_eq!(frames(&done.attachments[0].bytes).len(), 2);

    // Another pair's DM game is refused, by number from anywhere.
    let dm = Place::Dm { user: 1 };
    ai_game(&app, &asha, &dm);
    let game = app.store().game_in(&dm).unwrap().expect("the DM game").id;
    let other = replay(&carol, &GENERAL, Some(game), None, None);
    assert!(
        other.ephemeral && other.text.contains("private game"),
        "{}",
        other.text
    );
    assert!(other.files().next().is_none());
}
