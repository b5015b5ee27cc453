//! Server settings, rule sets, prefs and `/bao about` through the app.

use crate::support::app_world;
use app_world::{challenge, world, World, GENERAL, T0};

use bao_bot::app::{App, Command, Orientation, PrefsChange, Reply, RuleSet, Settings, User};
use bao_bot::rules::{Position, Variant};
use bao_bot::store::{GameStatus, Notify, Place, SideChoice};

const GAMES: Place = Place::Channel {
    guild: 10,
    channel: 21,
};

/// This file's shorthands on the shared test world.
trait Shorthands {
    fn at(&self, who: &User, place: &Place, cmd: Command) -> Reply;
    fn set(&self, who: &User, key: &str, value: &str, manage_server: bool) -> Reply;
    fn challenge(&self, place: &Place, rules: Option<RuleSet>) -> Reply;
}

impl Shorthands for World {
    fn at(&self, who: &User, place: &Place, cmd: Command) -> Reply {
        self.app.handle(who, place, cmd).expect("app").reply
    }

    fn set(&self, who: &User, key: &str, value: &str, manage_server: bool) -> Reply {
        self.at(
            who,
            &GENERAL,
            Command::SetServerSetting {
                key: key.into(),
                value: value.into(),
                manage_server,
            },
        )
    }

    fn challenge(&self, place: &Place, rules: Option<RuleSet>) -> Reply {
        self.at(
            &self.asha,
            place,
            challenge(&self.baraka).rules(rules).command(),
        )
    }
}

#[test]
fn settings_refused_without_manage_server_even_when_the_command_arrives() {
    let w = world();
    let r = w.set(&w.carol, "rules", "r002", false);
    assert!(r.ephemeral);
    assert!(r.text.contains("Manage Server"), "{}", r.text);
    assert!(w.store.server_settings(10).unwrap().is_empty());
    // The next challenge is still v0.2.
    w.challenge(&GENERAL, None);
    let g = w.store.game_in(&GENERAL).unwrap().unwrap();
    assert_eq!(g.rule_set, RuleSet::V02);
}

#[test]
fn settings_take_effect_for_the_next_challenge_and_show_who_changed_them() {
    let w = world();
    w.challenge(&GENERAL, None);
    let before = w.store.game_in(&GENERAL).unwrap().unwrap();
    assert_eq!(before.rule_set, RuleSet::V02);
    let r = w.set(&w.asha, "rules", "r002", true);
    assert!(r.text.contains("r002"), "{}", r.text);
    let r = w.set(&w.asha, "variant", "kujifunza", true);
    assert!(r.text.contains("kujifunza"), "{}", r.text);
    w.clock.advance(60);
    w.set(&w.asha, "time_per_move", "1d", true);
    // The waiting challenge keeps what it was made with.
    let still = w.store.game_in(&GENERAL).unwrap().unwrap();
    assert_eq!(still.rule_set, RuleSet::V02);
    assert_eq!(still.variant, Variant::Kiswahili);
    let r = w.challenge(&GAMES, None);
    assert!(r.text.contains("rules r002 (no takasia)"), "{}", r.text);
    assert!(r.text.contains("1 day per move"), "{}", r.text);
    let next = w.store.game_in(&GAMES).unwrap().unwrap();
    assert_eq!(next.rule_set, RuleSet::R002);
    assert_eq!(next.variant, Variant::Kujifunza);
    assert_eq!(next.time_per_move, Some(86_400));
    let start: Position = next.start_position.parse().unwrap();
    assert_eq!(start.rules(), RuleSet::R002);
    // /bao settings names who changed what.
    let shown = w.at(&w.carol, &GENERAL, Command::ServerSettings);
    assert!(shown.ephemeral);
    assert!(shown.text.contains("`rules`: **r002**"), "{}", shown.text);
    assert!(shown.text.contains("changed by <@1>"), "{}", shown.text);
    assert!(
        shown.text.contains(&format!("<t:{}:f>", T0 + 60)),
        "{}",
        shown.text
    );
    assert!(
        shown.text.contains("`placement`: **thread"),
        "{}",
        shown.text
    );
    // Bad values say what would be right.
    let r = w.set(&w.asha, "rules", "r003", true);
    assert!(
        r.text.contains("v0.2") && r.text.contains("r002"),
        "{}",
        r.text
    );
    let r = w.set(&w.asha, "colour", "blue", true);
    assert!(r.text.contains("not a setting"), "{}", r.text);
    // A challenge's own option wins over the server's.
    let r = w.at(
        &w.carol,
        &Place::Channel {
            guild: 10,
            channel: 22,
        },
        challenge(&w.asha)
            .variant(Some(Variant::Kiswahili))
            .side(None)
            .rules(RuleSet::V02)
            .command(),
    );
    assert!(r.text.contains("rules v0.2"), "{}", r.text);
}

#[test]
fn channels_and_max_games_limit_new_games() {
    let w = world();
    w.set(&w.asha, "channels", "<#21>", true);
    let r = w.challenge(&GENERAL, None);
    assert!(r.ephemeral && r.text.contains("<#21>"), "{}", r.text);
    assert!(w.store.game_in(&GENERAL).unwrap().is_none());
    w.set(&w.asha, "channels", "everywhere", true);
    w.set(&w.asha, "max_games", "1", true);
    let r = w.challenge(&GENERAL, None);
    assert!(!r.ephemeral, "{}", r.text);
    let r = w.challenge(&GAMES, None);
    assert!(
        r.ephemeral && r.text.contains("most it allows"),
        "{}",
        r.text
    );
    let r = w.at(
        &w.asha,
        &GAMES,
        Command::Ai {
            level: None,
            side: None,
            variant: None,
            rules: None,
            clock: None,
        },
    );
    assert!(
        r.ephemeral && r.text.contains("most it allows"),
        "{}",
        r.text
    );
}

#[test]
fn ai_games_take_a_rule_set() {
    let w = world();
    let r = w.at(
        &w.asha,
        &GENERAL,
        Command::Ai {
            level: None,
            side: Some(SideChoice::South),
            variant: None,
            rules: Some(RuleSet::R002),
            clock: None,
        },
    );
    assert!(r.text.contains("rules r002"), "{}", r.text);
    let g = w.store.game_in(&GENERAL).unwrap().unwrap();
    assert_eq!(g.rule_set, RuleSet::R002);
    assert_eq!(g.status, GameStatus::Active);
    // Play on: every stored position stays under r002.
    let pos: Position = g.position.parse().unwrap();
    assert_eq!(pos.rules(), RuleSet::R002);
}

#[test]
fn rules_explains_the_rule_sets() {
    let w = world();
    let r = w.at(&w.asha, &GENERAL, Command::Rules);
    assert!(
        r.text.contains("`v0.2`") && r.text.contains("`r002`"),
        "{}",
        r.text
    );
    assert!(r.text.contains("without takasia"), "{}", r.text);
}

#[test]
fn prefs_keep_notify_and_turn_the_board() {
    let w = world();
    let r = w.at(&w.asha, &GENERAL, Command::Prefs(PrefsChange::default()));
    assert!(r.text.contains("notify: **mention**"), "{}", r.text);
    assert!(r.text.contains("orientation: **mine"), "{}", r.text);
    let r = w.at(
        &w.asha,
        &GENERAL,
        Command::Prefs(PrefsChange {
            notify: Some(Notify::Dm),
            animations: Some(false),
            orientation: Some(Orientation::South),
            ..PrefsChange::default()
        }),
    );
    assert!(r.text.contains("notify: **dm**"), "{}", r.text);
    assert!(r.text.contains("animations: **off**"), "{}", r.text);
    // /bao notify still works and shows in prefs.
    w.at(&w.asha, &GENERAL, Command::Notify(Notify::Off));
    let r = w.at(&w.asha, &GENERAL, Command::Prefs(PrefsChange::default()));
    assert!(r.text.contains("notify: **off**"), "{}", r.text);
    assert!(r.text.contains("orientation: **south"), "{}", r.text);
    // Asha plays North against the AI but asked for South's rows at the bottom.
    let r = w.at(
        &w.asha,
        &GENERAL,
        Command::Ai {
            level: None,
            side: Some(SideChoice::North),
            variant: None,
            rules: None,
            clock: None,
        },
    );
    let board = r.text_board().expect("a text board");
    // Seen from South, North's rows are on top.
    assert!(board.starts_with("North"), "{board}");
    // Baraka, without the preference, sees his own North rows at the bottom.
    let r = w.at(
        &w.baraka,
        &GAMES,
        Command::Ai {
            level: None,
            side: Some(SideChoice::North),
            variant: None,
            rules: None,
            clock: None,
        },
    );
    let board = r.text_board().expect("a text board");
    assert!(board.starts_with("South"), "{board}");
}

#[test]
fn about_says_version_rule_sets_and_counts() {
    let w = world();
    w.challenge(&GENERAL, None);
    w.clock.advance(7200);
    let r = w.at(&w.carol, &Place::Dm { user: 3 }, Command::About);
    assert!(r.ephemeral);
    for part in [
        env!("CARGO_PKG_VERSION"),
        "v0.2",
        "r002",
        "Up for 2 hours",
        "running or waiting: 1",
        "servers with games: 1",
        // No made-up link: the source is linked only when the operator says where it is.
        "Source: not published",
    ] {
        assert!(r.text.contains(part), "{part}: {}", r.text);
    }
    let settings = Settings {
        source_url: Some("https://example.org/bao-bot".into()),
        ..Settings::default()
    };
    let app = App::new(w.store.clone(), w.clock.clone(), settings);
    let r = app
        .handle(&w.carol, &Place::Dm { user: 3 }, Command::About)
        .unwrap()
        .reply;
    assert!(
        r.text.contains("Source: <https://example.org/bao-bot>"),
        "{}",
        r.text
    );
}
