//! Issue 41 in Swahili for the server's settings, the analysis, hints, ratings, replays and
//! game threads: with the server set to `sw` (and Asha choosing `sw` for her DMs), every
//! text these commands say has no English left (`EnglishFinder`), and says the right thing.

use crate::support::app_world::{challenge, world_with, World, GENERAL};
use crate::support::english::EnglishFinder;

use bao_bot::app::{
    Command, Destination, Notice, RatingScope, Reply, Settings, SideChoice, ThreadFailure, User,
};
use bao_bot::i18n::Lang;
use bao_bot::rules::Position;
use bao_bot::store::{Game, GameId, Place};

fn finder() -> EnglishFinder {
    EnglishFinder::new(Lang::Sw, &["Asha", "Baraka", "Carol", "Dan"])
}

/// A world whose front end opens threads, the server (guild 10) in Swahili, and Asha's own
/// choice Swahili too (her DMs).
fn swahili_world() -> World {
    let w = world_with(Settings {
        threads: true,
        ..Settings::default()
    });
    let r = w.set_language(&w.dan, "sw", true);
    assert_eq!(r.lang, Some(Lang::Sw), "{}", r.render());
    w.prefs_language(&w.asha, Some(Lang::Sw));
    w
}

/// The reply in Swahili with no English in its text, its buttons and its text table.
fn swahili(what: &str, r: &Reply) -> String {
    assert_eq!(r.lang, Some(Lang::Sw), "{what}: {}", r.render());
    let text = r.render();
    let f = finder();
    f.assert_none(what, &text);
    for b in r.buttons.iter().flatten() {
        f.assert_none(&format!("{what}: button"), &b.label);
    }
    if let Some(table) = r.board.as_ref().and_then(|b| b.text.as_ref()) {
        f.assert_none(&format!("{what}: table"), table);
    }
    text
}

trait Shorthands {
    fn say(&self, who: &User, place: &Place, cmd: Command) -> Reply;
    fn play(&self, place: &Place, players: [&User; 2], plies: usize) -> Game;
    fn channel_game(&self, rated: bool) -> Game;
    fn finished_game(&self, rated: bool) -> Game;
}

impl Shorthands for World {
    fn say(&self, who: &User, place: &Place, cmd: Command) -> Reply {
        self.app.handle(who, place, cmd).expect("app").reply
    }

    /// `plies` first legal moves of the game at `place` by its two players (South first).
    fn play(&self, place: &Place, players: [&User; 2], plies: usize) -> Game {
        for _ in 0..plies {
            let game = self.game_here(place);
            let pos: Position = game.position.parse().expect("position");
            let mv = pos.legal_moves()[0].to_string();
            self.say(
                players[pos.turn().index()],
                place,
                Command::Move {
                    text: mv,
                    game: None,
                },
            );
        }
        self.game_here(place)
    }

    /// Asha (South) challenges Baraka in #general, in channel placement, and he accepts.
    fn channel_game(&self, rated: bool) -> Game {
        self.say(
            &self.dan,
            &GENERAL,
            Command::SetServerSetting {
                key: "placement".into(),
                value: "channel".into(),
                manage_server: true,
            },
        );
        let r = self.say(
            &self.asha,
            &GENERAL,
            challenge(&self.baraka)
                .side(SideChoice::South)
                .rated(rated)
                .command(),
        );
        let accept = r.button_ids()[0].to_string();
        self.app
            .press(&self.baraka, &GENERAL, &accept)
            .expect("accept");
        self.game_here(&GENERAL)
    }

    /// [`Shorthands::channel_game`], four plies, and Baraka resigns.
    fn finished_game(&self, rated: bool) -> Game {
        self.channel_game(rated);
        let game = self.play(&GENERAL, [&self.asha, &self.baraka], 4);
        self.say(&self.baraka, &GENERAL, Command::Resign);
        self.store.game(game.id).expect("store").expect("game")
    }
}

#[test]
fn the_servers_settings_shown_set_and_refused_in_swahili() {
    let w = swahili_world();
    let shown = swahili(
        "settings",
        &w.say(&w.carol, &GENERAL, Command::ServerSettings),
    );
    assert!(
        shown.starts_with("**Mipangilio ya Bao ya seva hii**"),
        "{shown}"
    );
    assert!(
        shown.contains("`placement`: **thread (kila mchezo katika uzi wake)**"),
        "{shown}"
    );
    assert!(shown.contains("inapata nyuzi: **ndiyo**"), "{shown}");
    assert!(shown.contains("`language`: **sw** (Kiswahili"), "{shown}");

    let set = |key: &str, value: &str, manage_server: bool| {
        w.say(
            &w.dan,
            &GENERAL,
            Command::SetServerSetting {
                key: key.into(),
                value: value.into(),
                manage_server,
            },
        )
    };
    let r = set("clock", "5+3", true);
    let text = swahili("clock set", &r);
    assert!(
        text.contains("`clock` sasa ni **saa 5+3 (dakika 5 kila mmoja, sekunde 3 kila hatua)**"),
        "{text}"
    );
    let text = swahili("time per move set", &set("time_per_move", "1d12h", true));
    assert!(text.contains("**siku 1 saa 12**"), "{text}");
    let text = swahili("rated reset", &set("rated", "default", true));
    assert!(text.contains("(chaguo-msingi)"), "{text}");
    let shown = swahili(
        "settings after",
        &w.say(&w.carol, &GENERAL, Command::ServerSettings),
    );
    assert!(shown.contains("imebadilishwa na <@4>"), "{shown}");

    // Refusals: a wrong value, a wrong key, a member without Manage Server, a DM.
    for (what, key, value, manage) in [
        ("max games", "max_games", "0", true),
        ("time per move", "time_per_move", "5m", true),
        ("clock", "clock", "soon", true),
        ("placement", "placement", "forum", true),
        ("key", "colour", "red", true),
        ("not a manager", "rated", "on", false),
    ] {
        let r = set(key, value, manage);
        assert!(r.ephemeral, "{what}: {}", r.render());
        let text = swahili(what, &r);
        assert!(!text.contains("sasa ni"), "{what}: {text}");
    }
    let text = swahili("max games", &set("max_games", "0", true));
    assert!(
        text.contains("max_games ni namba kati ya 1 na 100"),
        "{text}"
    );
    let dm = Place::Dm { user: 1 };
    let r = w.say(&w.asha, &dm, Command::ServerSettings);
    let text = swahili("settings in a DM", &r);
    assert!(text.contains("Mipangilio ni ya seva"), "{text}");

    let text = swahili("about", &w.say(&w.carol, &GENERAL, Command::About));
    assert!(text.contains("Seti za sheria: `v0.2`"), "{text}");
}

#[test]
fn the_analysis_its_boards_and_hints_in_swahili() {
    let w = swahili_world();
    let dm = Place::Dm { user: 1 };
    w.say(
        &w.asha,
        &dm,
        Command::Ai {
            level: None,
            side: Some(SideChoice::South),
            variant: None,
            rules: None,
            clock: None,
        },
    );
    // A hint in her game against the AI.
    let r = w.say(&w.asha, &dm, Command::Hint);
    let text = swahili("hint", &r);
    assert!(text.starts_with("Dokezo: `"), "{text}");
    assert!(text.contains("Matokeo yako yanayotarajiwa"), "{text}");
    // No hints in a rated game between people; no analysis while it is on.
    let game = w.channel_game(true);
    let r = w.say(&w.asha, &GENERAL, Command::Hint);
    assert!(r.ephemeral);
    assert!(swahili("hint refused", &r).starts_with("Madokezo hayatolewi"));
    let r = w.say(
        &w.carol,
        &GENERAL,
        Command::Analyze {
            game: Some(game.id),
        },
    );
    assert!(swahili("analysis refused", &r).contains("bado unachezwa"));
    w.say(&w.baraka, &GENERAL, Command::Resign);

    // The analysis of a finished game between people, in the channel.
    let game = w.finished_game(false);
    let lines = std::cell::RefCell::new(Vec::new());
    let r = w
        .app
        .handle_with_progress(
            &w.carol,
            &GENERAL,
            Command::Analyze {
                game: Some(game.id),
            },
            &|l| lines.borrow_mut().push(l),
        )
        .expect("app")
        .reply;
    let text = swahili("analysis", &r);
    assert!(
        text.starts_with(&format!(
            "**Uchambuzi wa mchezo {}**: Asha (Kusini) dhidi ya Baraka (Kaskazini), hatua 4",
            game.id
        )),
        "{text}"
    );
    assert!(text.contains("Asha (Kusini): usahihi"), "{text}");
    let lines = lines.into_inner();
    assert!(!lines.is_empty());
    for l in &lines {
        finder().assert_none("progress", l);
        assert!(l.starts_with("Nachambua mchezo"), "{l}");
    }
    // Each button shows a board of the game, with its words in Swahili.
    for id in r.button_ids() {
        let shown = w.app.press(&w.carol, &GENERAL, id).expect("app").reply;
        let text = swahili("board at a ply", &shown);
        assert!(text.starts_with(&format!("Mchezo {}", game.id)), "{text}");
    }
    let r = w.say(
        &w.carol,
        &GENERAL,
        Command::BoardAt {
            game: game.id,
            ply: 0,
        },
    );
    let text = swahili("start board", &r);
    assert!(text.contains("mpangilio wa mwanzo"), "{text}");
    let r = w.say(
        &w.carol,
        &GENERAL,
        Command::BoardAt {
            game: game.id,
            ply: 99,
        },
    );
    assert!(swahili("ply out of range", &r).contains("una hatua 4 tu"));
}

#[test]
fn stats_and_the_leaderboard_in_swahili() {
    let w = swahili_world();
    let game = w.finished_game(true);
    assert!(game.rated);
    let r = w.say(
        &w.asha,
        &GENERAL,
        Command::Stats {
            player: None,
            variant: None,
        },
    );
    let text = swahili("stats", &r);
    assert!(
        text.starts_with("**Asha** katika Bao la Kiswahili"),
        "{text}"
    );
    assert!(text.contains("Alama katika seva hii: **"), "{text}");
    assert!(
        text.contains("Dhidi ya watu: mchezo 1 (yenye alama: 1): ushindi 1, kushindwa 0, sare 0"),
        "{text}"
    );
    assert!(text.contains("Mchezo wa mwisho: U"), "{text}");
    let r = w.say(
        &w.baraka,
        &GENERAL,
        Command::Stats {
            player: Some(w.asha.clone()),
            variant: None,
        },
    );
    let text = swahili("stats of another", &r);
    assert!(
        text.contains("Wewe dhidi ya Asha: ushindi 0, kushindwa 1, sare 0"),
        "{text}"
    );
    let mut bot = User::new(99, "Bot");
    bot.bot = true;
    let r = w.say(
        &w.asha,
        &GENERAL,
        Command::Stats {
            player: Some(bot),
            variant: None,
        },
    );
    assert!(swahili("stats of a bot", &r).contains("ni boti"));

    for scope in [None, Some(RatingScope::Global)] {
        let r = w.say(
            &w.asha,
            &GENERAL,
            Command::Leaderboard {
                variant: None,
                scope,
            },
        );
        let text = swahili("leaderboard", &r);
        assert!(
            text.starts_with("**Jedwali la alama la Bao la Kiswahili**"),
            "{text}"
        );
        assert!(text.contains("Bado hujaorodheshwa"), "{text}");
        let table = r
            .board
            .as_ref()
            .and_then(|b| b.text.clone())
            .expect("table");
        assert!(
            table.contains("Mchezaji") && table.contains("Alama"),
            "{table}"
        );
    }
    let r = w.say(
        &w.asha,
        &Place::Dm { user: 1 },
        Command::Leaderboard {
            variant: None,
            scope: Some(RatingScope::Server),
        },
    );
    assert!(swahili("leaderboard in a DM", &r).contains("Hakuna seva hapa"));
}

#[test]
fn a_replay_in_swahili() {
    let w = swahili_world();
    let game = w.finished_game(false);
    let replay = |from, to| {
        w.say(
            &w.carol,
            &GENERAL,
            Command::Replay {
                game: Some(game.id),
                from,
                to,
            },
        )
    };
    let text = swahili("replay", &replay(None, None));
    assert!(
        text.starts_with(&format!(
            "Mchezo {}: Asha (Kusini) dhidi ya Baraka (Kaskazini), hatua 0 hadi 4 kati ya 4.",
            game.id
        )),
        "{text}"
    );
    let r = replay(Some(4), Some(2));
    assert!(r.ephemeral);
    assert!(swahili("replay refused", &r).contains("omba hatua kuanzia 0 hadi 4"));
}

/// The notice posted in `place`.
fn posted_in<'a>(notices: &'a [Notice], place: &Place) -> &'a Notice {
    notices
        .iter()
        .find(|n| n.to == Destination::Place(*place))
        .unwrap_or_else(|| panic!("nothing posted in {place}: {notices:?}"))
}

/// The thread opened on message `message`.
fn thread(message: u64) -> Place {
    Place::Channel {
        guild: 10,
        channel: message,
    }
}

/// A challenge from Asha to Baraka posted as message `message` and accepted: the thread's
/// game.
fn accepted(w: &World, message: u64) -> GameId {
    let r = w.say(
        &w.asha,
        &GENERAL,
        challenge(&w.baraka).rated(false).command(),
    );
    let (game, ply) = r.current_board().expect("recorded");
    assert!(w.app.board_posted(game, ply, &GENERAL, message).unwrap());
    let accept = r.button_ids()[0].to_string();
    let r = w.app.press(&w.baraka, &GENERAL, &accept).expect("app");
    r.reply.thread_to_open().expect("a thread to open").game
}

#[test]
fn a_game_threads_messages_in_swahili() {
    let w = swahili_world();
    let game = accepted(&w, 500);
    let notices = w.app.thread_opened(game, 500).unwrap();
    let board = &posted_in(&notices, &thread(500)).reply;
    assert_eq!(board.lang, Some(Lang::Sw));
    let said = swahili("thread's board", board);
    let first = said.lines().next().unwrap_or_default();
    assert_eq!(
        first,
        format!("Mchezo {game}: Asha (Kusini) dhidi ya Baraka (Kaskazini).")
    );

    // A second game in the thread is refused.
    let r = w.say(&w.carol, &thread(500), challenge(&w.dan).command());
    let text = swahili("second game in a thread", &r);
    assert!(
        text.contains(&format!("Uzi huu ni wa mchezo {game}")),
        "{text}"
    );
    assert!(text.contains("<#20>"), "{text}");

    // The game ends: one line in the parent, and the thread's name says who won.
    let r = w
        .app
        .handle(&w.asha, &thread(500), Command::Resign)
        .expect("app");
    let end = r
        .notices
        .iter()
        .find(|n| n.reply.thread_to_archive().is_some())
        .expect("the result line");
    assert_eq!(end.to, Destination::Place(GENERAL));
    let line = swahili("result line", &end.reply);
    assert_eq!(
        line,
        format!(
            "Mchezo {game} katika <#500>: Baraka (Kaskazini) amemshinda Asha (kujisalimisha), baada ya hatua 0."
        )
    );
    assert_eq!(
        end.reply.thread_to_archive(),
        Some((
            thread(500),
            "Asha vs Baraka · Bao la Kiswahili · Baraka ameshinda"
        ))
    );

    // A thread that cannot open: the board in the channel, the challenger told by DM in
    // her language.
    let game = accepted(&w, 600);
    let notices = w
        .app
        .thread_failed(game, ThreadFailure::NoPermission)
        .unwrap();
    let board = &posted_in(&notices, &GENERAL).reply;
    let said = swahili("channel's board", board);
    let first = said.lines().next().unwrap_or_default();
    assert!(
        first.starts_with(&format!("Mchezo {game} unachezwa hapa")),
        "{first}"
    );
    let told = notices
        .iter()
        .find(|n| n.to == Destination::Dm(w.asha.id))
        .expect("the challenger is told");
    let text = swahili("thread failed", &told.reply);
    assert!(
        text.contains("si katika uzi wake") && text.contains("Create Public Threads"),
        "{text}"
    );
}
