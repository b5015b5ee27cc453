//! The app's test world, shared by every app test: an in-memory store (or a given one), a
//! clock moved by hand, the app over them, four players, a builder for `/bao challenge`, and
//! the one check of a private refusal. A test file takes it with
//! `#[path = "support/app_world.rs"] mod app_world;` and adds the shorthands its own tests
//! read best with (`say` in #general, say) in its own `impl World`.

#![allow(dead_code)]

use std::sync::Arc;

use bao_bot::app::{
    App, Command, ManualClock, PrefsChange, Reply, Response, RuleSet, Settings, SideChoice, User,
    Variant,
};
use bao_bot::i18n::Lang;
use bao_bot::store::{Game, Place, Store};

/// When every test world starts.
pub const T0: i64 = 1_800_000_000;
/// A server channel.
pub const GENERAL: Place = Place::Channel {
    guild: 10,
    channel: 20,
};

/// The app over a store, with Asha, Baraka, Carol and Dan.
pub struct World {
    pub app: Arc<App>,
    pub store: Arc<Store>,
    pub clock: Arc<ManualClock>,
    pub asha: User,
    pub baraka: User,
    pub carol: User,
    pub dan: User,
}

/// A world with the default settings, its clock at [`T0`].
pub fn world() -> World {
    world_with(Settings::default())
}

/// A world whose boards come without their move's animation, for tests that play whole
/// games to check something else: each move's GIF is most of such a test's time, and the
/// GIFs are checked in `app_anim` and `render_anim` (docs/testing.md).
pub fn world_without_animations() -> World {
    world_with(Settings {
        animation: false,
        ..Settings::default()
    })
}

/// A world with `settings` over a fresh in-memory store.
pub fn world_with(settings: Settings) -> World {
    let store = Arc::new(Store::open_in_memory().expect("store"));
    world_on(store, settings)
}

/// A world with `settings` over `store` (a database a test prepared).
pub fn world_on(store: Arc<Store>, settings: Settings) -> World {
    let clock = Arc::new(ManualClock::new(T0));
    World {
        app: Arc::new(App::new(store.clone(), clock.clone(), settings)),
        store,
        clock,
        asha: User::new(1, "Asha"),
        baraka: User::new(2, "Baraka"),
        carol: User::new(3, "Carol"),
        dan: User::new(4, "Dan"),
    }
}

impl World {
    /// `cmd` from `who` at `place`: the whole response.
    pub fn run(&self, who: &User, place: &Place, cmd: Command) -> Response {
        self.app.handle(who, place, cmd).expect("app")
    }

    /// `/bao prefs language:…` from `who` in #general: their own language (`None`: back to
    /// the server's).
    pub fn prefs_language(&self, who: &User, lang: Option<Lang>) -> Reply {
        let prefs = PrefsChange {
            language: Some(lang),
            ..PrefsChange::default()
        };
        self.run(who, &GENERAL, Command::Prefs(prefs)).reply
    }

    /// `/bao-settings language <value>` from `who` in #general's server.
    pub fn set_language(&self, who: &User, value: &str, manage_server: bool) -> Reply {
        let cmd = Command::SetServerSetting {
            key: "language".into(),
            value: value.into(),
            manage_server,
        };
        self.run(who, &GENERAL, cmd).reply
    }

    /// The game at `place` (there must be one).
    pub fn game_here(&self, place: &Place) -> Game {
        self.store
            .game_in(place)
            .expect("store")
            .expect("a game here")
    }
}

/// `cmd` from `who` at `place` in `app`: the answer to the asker (for tests that hold the
/// app alone).
pub fn say(app: &App, who: &User, place: &Place, cmd: Command) -> Reply {
    app.handle(who, place, cmd).expect("app").reply
}

/// `/bao move text` from `who` at `place` in `app`.
pub fn mv(app: &App, who: &User, place: &Place, text: &str) -> Reply {
    say(
        app,
        who,
        place,
        Command::Move {
            text: text.into(),
            game: None,
        },
    )
}

/// `/bao challenge`, built from its defaults: the challenger plays South, and every other
/// option is left out. `challenge(&w.baraka).time("1d").rated(false).command()`.
#[derive(Debug, Clone)]
pub struct Challenge {
    opponent: User,
    variant: Option<Variant>,
    side: Option<SideChoice>,
    time: Option<String>,
    rules: Option<RuleSet>,
    rated: Option<bool>,
    hints: Option<bool>,
    clock: Option<String>,
    cap: Option<String>,
}

/// A challenge to `opponent` (see [`Challenge`]).
pub fn challenge(opponent: &User) -> Challenge {
    Challenge {
        opponent: opponent.clone(),
        variant: None,
        side: Some(SideChoice::South),
        time: None,
        rules: None,
        rated: None,
        hints: None,
        clock: None,
        cap: None,
    }
}

impl Challenge {
    /// In this variant.
    pub fn variant(self, variant: impl Into<Option<Variant>>) -> Challenge {
        Challenge {
            variant: variant.into(),
            ..self
        }
    }

    /// With the challenger on this side (`None`: the option left out).
    pub fn side(self, side: impl Into<Option<SideChoice>>) -> Challenge {
        Challenge {
            side: side.into(),
            ..self
        }
    }

    /// With this time per move, as typed (`1d`, `none`).
    pub fn time<'a>(self, time: impl Into<Option<&'a str>>) -> Challenge {
        Challenge {
            time: time.into().map(String::from),
            ..self
        }
    }

    /// Under this rule set.
    pub fn rules(self, rules: impl Into<Option<RuleSet>>) -> Challenge {
        Challenge {
            rules: rules.into(),
            ..self
        }
    }

    /// Rated or not (`None`: the option left out).
    pub fn rated(self, rated: impl Into<Option<bool>>) -> Challenge {
        Challenge {
            rated: rated.into(),
            ..self
        }
    }

    /// With hints allowed or not (`None`: the option left out).
    pub fn hints(self, hints: impl Into<Option<bool>>) -> Challenge {
        Challenge {
            hints: hints.into(),
            ..self
        }
    }

    /// On this clock, as typed (`5+3`, `3d+1d`, `none`).
    pub fn clock<'a>(self, clock: impl Into<Option<&'a str>>) -> Challenge {
        Challenge {
            clock: clock.into().map(String::from),
            ..self
        }
    }

    /// With this cap on a correspondence clock, as typed (`10d`).
    pub fn cap<'a>(self, cap: impl Into<Option<&'a str>>) -> Challenge {
        Challenge {
            cap: cap.into().map(String::from),
            ..self
        }
    }

    /// The command.
    pub fn command(self) -> Command {
        Command::Challenge {
            opponent: self.opponent,
            variant: self.variant,
            side: self.side,
            time_per_move: self.time,
            rules: self.rules,
            rated: self.rated,
            hints: self.hints,
            clock: self.clock,
            cap: self.cap,
        }
    }
}

/// `r` is a private reply containing `needle`, and shows nothing else: no board, no file,
/// no button.
pub fn private(r: &Reply, needle: &str) {
    assert!(r.ephemeral, "expected a private reply, got: {}", r.text);
    assert!(
        r.text.contains(needle),
        "expected `{needle}` in: {}",
        r.text
    );
    assert!(
        r.board.is_none() && r.files().next().is_none(),
        "a refusal shows nothing: {}",
        r.text
    );
    assert!(r.buttons.is_empty(), "a refusal has no buttons: {}", r.text);
}
