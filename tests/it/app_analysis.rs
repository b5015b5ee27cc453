//! Learning from games through the app: `/bao analyze` (progress, graph, stored result,
//! board buttons, who may see what) and `/bao hint` (allowed and refused).

use crate::support::app_world;
use app_world::{challenge, private, world, world_without_animations, World, GENERAL};
use std::cell::RefCell;

use bao_bot::app::{Command, Reply, User};
use bao_bot::rules::Position;
use bao_bot::store::{Game, GameId, GameStatus, Place, SideChoice};

/// This file's shorthands on the shared test world.
trait Shorthands {
    fn say(&self, who: &User, place: &Place, cmd: Command) -> Reply;
    fn people_game(&self, plies: usize, end: bool) -> Game;
    fn ai_game(&self) -> Game;
    fn analyze(&self, who: &User, place: &Place, game: Option<GameId>) -> (Reply, Vec<String>);
}

impl Shorthands for World {
    fn say(&self, who: &User, place: &Place, cmd: Command) -> Reply {
        self.app.handle(who, place, cmd).expect("app").reply
    }

    /// Asha (South) and Baraka play `plies` first legal moves in #general; then, if `end`,
    /// Baraka resigns. Returns the game.
    fn people_game(&self, plies: usize, end: bool) -> Game {
        let r = self.say(&self.asha, &GENERAL, challenge(&self.baraka).command());
        let accept = r.button_ids()[0].to_string();
        self.app
            .press(&self.baraka, &GENERAL, &accept)
            .expect("accept");
        let players = [&self.asha, &self.baraka];
        for _ in 0..plies {
            let game = self.store.game_in(&GENERAL).expect("store").expect("game");
            let pos: Position = game.position.parse().expect("position");
            let mv = pos.legal_moves()[0].to_string();
            self.say(
                players[pos.turn().index()],
                &GENERAL,
                Command::Move {
                    text: mv,
                    game: None,
                },
            );
        }
        let game = self.store.game_in(&GENERAL).expect("store").expect("game");
        if end {
            self.say(&self.baraka, &GENERAL, Command::Resign);
        }
        self.store.game(game.id).expect("store").expect("game")
    }

    /// Asha's game against the AI in her DMs (she is South, to move).
    fn ai_game(&self) -> Game {
        let dm = Place::Dm { user: 1 };
        self.say(
            &self.asha,
            &dm,
            Command::Ai {
                level: None,
                side: Some(SideChoice::South),
                variant: None,
                rules: None,
                clock: None,
            },
        );
        self.store.game_in(&dm).expect("store").expect("game")
    }

    /// `/bao analyze` with the progress lines it reported.
    fn analyze(&self, who: &User, place: &Place, game: Option<GameId>) -> (Reply, Vec<String>) {
        let lines = RefCell::new(Vec::new());
        let r = self
            .app
            .handle_with_progress(who, place, Command::Analyze { game }, &|l| {
                lines.borrow_mut().push(l)
            })
            .expect("app")
            .reply;
        (r, lines.into_inner())
    }
}

fn png(r: &Reply) -> &[u8] {
    let a = r.files().next().expect("a picture");
    assert!(a.bytes.starts_with(b"\x89PNG"), "not a PNG");
    &a.bytes
}

#[test]
fn a_finished_game_is_analysed_with_progress_then_stored() {
    let w = world();
    let game = w.people_game(6, true);
    assert_eq!(game.status, GameStatus::Finished);
    let (r, progress) = w.analyze(&w.asha, &GENERAL, None);
    assert!(
        !r.ephemeral,
        "a public game's analysis is public: {}",
        r.text
    );
    assert_eq!(progress.len(), 6, "{progress:?}");
    assert!(progress[2].contains("ply 3 of 6"), "{progress:?}");
    assert!(r.text.contains("Analysis of game"), "{}", r.text);
    assert!(r.text.contains("Asha (South): accuracy"), "{}", r.text);
    assert!(r.text.contains("Baraka (North): accuracy"), "{}", r.text);
    let graph = png(&r).to_vec();
    assert!(r.attachments[0].filename.contains("analysis"));
    // Every listed mistake has a before and an after button, and they show boards.
    assert_eq!(r.buttons.len(), r.text.matches("better `").count());
    for id in r.button_ids() {
        assert!(id.starts_with(&format!("bao:at:{}:", game.id)), "{id}");
        let b = w.app.press(&w.carol, &GENERAL, id).expect("press").reply;
        assert!(b.ephemeral, "{}", b.text);
        png(&b);
    }
    // Asked again (by anyone, the game being public): instant, from the store.
    assert!(w
        .store
        .analysis(game.id, bao_bot::ai::analysis::DEFAULT_NODES)
        .expect("store")
        .is_some());
    let (again, progress) = w.analyze(&w.carol, &GENERAL, Some(game.id));
    assert!(progress.is_empty(), "{progress:?}");
    assert_eq!(again.text, r.text);
    assert_eq!(png(&again), &graph[..]);
}

#[test]
fn the_board_at_any_ply_of_a_game() {
    let w = world();
    let game = w.people_game(4, true);
    let id = format!("bao:at:{}:2", game.id);
    let r = w.app.press(&w.carol, &GENERAL, &id).expect("press").reply;
    assert!(r.ephemeral);
    assert!(r.text.contains("after ply 2"), "{}", r.text);
    png(&r);
    let start = w
        .app
        .press(&w.carol, &GENERAL, &format!("bao:at:{}:0", game.id))
        .expect("press")
        .reply;
    assert!(start.text.contains("start position"), "{}", start.text);
    let past_end = w
        .app
        .press(&w.carol, &GENERAL, &format!("bao:at:{}:9", game.id))
        .expect("press")
        .reply;
    private(&past_end, "only 4 plies");
}

#[test]
fn analysis_is_refused_for_running_games_and_other_pairs_dm_games() {
    let w = world();
    let running = w.people_game(2, false);
    assert_eq!(running.status, GameStatus::Active);
    for who in [&w.asha, &w.carol] {
        let (r, progress) = w.analyze(who, &GENERAL, None);
        private(&r, "still being played");
        assert!(progress.is_empty());
    }
    let dm_game = w.ai_game();
    // Carol may not see Asha's DM game, from a channel or from her own DMs.
    for place in [GENERAL, Place::Dm { user: 3 }] {
        let (r, progress) = w.analyze(&w.carol, &place, Some(dm_game.id));
        private(&r, "private game between other people");
        assert!(progress.is_empty());
    }
}

#[test]
fn hints_in_ai_games_only_for_the_player_to_move() {
    let w = world();
    let dm = Place::Dm { user: 1 };
    let game = w.ai_game();
    let r = w.say(&w.asha, &dm, Command::Hint);
    assert!(r.ephemeral, "{}", r.text);
    assert!(r.text.starts_with("Hint: `"), "{}", r.text);
    png(&r);
    // The hint is a legal move of Asha's, and nothing was played.
    let mv = r.text.split('`').nth(1).expect("the move");
    let pos: Position = game.position.parse().expect("position");
    assert!(pos.play_text(mv).is_ok(), "{mv}");
    assert_eq!(w.store.game(game.id).expect("store").expect("game").ply, 0);

    // Between people (rated for now): refused, to the players and to onlookers.
    w.people_game(2, false);
    private(&w.say(&w.asha, &GENERAL, Command::Hint), "rated");
    private(&w.say(&w.carol, &GENERAL, Command::Hint), "not playing");
}

#[test]
fn a_takeback_against_the_ai_restores_the_position_before_the_move() {
    let w = world();
    let dm = Place::Dm { user: 1 };
    let game = w.ai_game();
    private(
        &w.say(&w.asha, &dm, Command::Takeback),
        "no move to take back",
    );
    let before = game.position.clone();
    let pos: Position = before.parse().expect("position");
    let mv = pos.legal_moves()[0].to_string();
    w.say(
        &w.asha,
        &dm,
        Command::Move {
            text: mv.clone(),
            game: None,
        },
    );
    let moved = w.store.game(game.id).expect("store").expect("game");
    assert_eq!(moved.ply, 2, "Asha's move and the AI's reply");
    let r = w.say(&w.asha, &dm, Command::Takeback);
    assert!(r.text.contains("took back"), "{}", r.text);
    png(&r);
    let back = w.store.game(game.id).expect("store").expect("game");
    assert_eq!(back.ply, 0);
    assert_eq!(
        back.position, before,
        "exactly the position before her move"
    );
    assert!(w.store.moves(game.id).expect("store").is_empty());
    assert!(w.store.check_replays().expect("check").is_empty());
    // The history says where moves were taken back; the game goes on.
    let h = w.say(&w.asha, &dm, Command::History { game: None });
    assert!(h.text.contains("Taken back after ply 0"), "{}", h.text);
    let record = String::from_utf8(h.attachments[0].bytes.clone()).expect("utf8");
    assert!(record.contains("# taken back after ply 0"), "{record}");
    let again = w.say(
        &w.asha,
        &dm,
        Command::Move {
            text: mv,
            game: None,
        },
    );
    assert!(!again.ephemeral, "{}", again.text);

    // Between people (rated for now) and for onlookers: refused.
    w.people_game(2, false);
    private(&w.say(&w.asha, &GENERAL, Command::Takeback), "rated");
    private(&w.say(&w.carol, &GENERAL, Command::Takeback), "not playing");
    assert_eq!(
        w.store.game_in(&GENERAL).expect("store").expect("game").ply,
        2
    );
}

#[test]
fn a_hint_says_a_proved_win_in_n_and_the_n_is_exact() {
    use bao_bot::ai::forced::wins_within;
    use bao_bot::app::{Level, Variant};
    use bao_bot::rules::Side;
    let w = world_without_animations();
    let dm = Place::Dm { user: 1 };
    w.say(
        &w.asha,
        &dm,
        Command::Ai {
            level: Some(Level::Beginner),
            side: Some(SideChoice::South),
            variant: Some(Variant::Kujifunza),
            rules: None,
            clock: None,
        },
    );
    // Asha follows the hints against the beginner until one says the win is proved.
    for _ in 0..60 {
        let game = w.store.game_in(&dm).expect("store").expect("a game");
        let pos: Position = game.position.parse().expect("position");
        let r = w.say(&w.asha, &dm, Command::Hint);
        assert!(r.ephemeral, "{}", r.text);
        let mv = r.text.split('`').nth(1).expect("the move").to_string();
        if let Some(rest) = r.text.split(" Proved: you win in ").nth(1) {
            let n: u32 = rest
                .split(' ')
                .next()
                .and_then(|n| n.parse().ok())
                .expect("N");
            assert!(
                rest.contains("(your moves, whatever the reply)"),
                "{}",
                r.text
            );
            assert_eq!(
                wins_within(&pos, Side::South, 2 * n - 1, 5_000_000),
                Some(true)
            );
            if n > 1 {
                assert_eq!(
                    wins_within(&pos, Side::South, 2 * n - 3, 5_000_000),
                    Some(false),
                    "not faster"
                );
            }
            // The suggested move keeps the win: N - 1 moves after it (none: it wins now).
            let after = pos.play_text(&mv).expect("legal").1;
            if n == 1 {
                assert_eq!(after.winner(), Some(Side::South));
            } else {
                assert_eq!(
                    wins_within(&after, Side::South, 2 * n - 2, 5_000_000),
                    Some(true)
                );
            }
            return;
        }
        let text = w.say(
            &w.asha,
            &dm,
            Command::Move {
                text: mv.clone(),
                game: None,
            },
        );
        assert!(!text.ephemeral || text.text.contains(&mv), "{}", text.text);
        let game = w.store.game_in(&dm).expect("store");
        assert!(game.is_some(), "the game ended before any proved hint");
    }
    panic!("no hint said a proved win in 60 moves");
}

#[test]
fn the_board_says_a_proved_win_only_in_a_finished_game_or_where_hints_are_allowed() {
    use bao_bot::ai::forced::{forced_win, FORCED_WIN_NODES};
    let w = world_without_animations();
    let r = w.say(&w.asha, &GENERAL, challenge(&w.baraka).command());
    let accept = r.button_ids()[0].to_string();
    w.app.press(&w.baraka, &GENERAL, &accept).expect("accept");
    let players = [&w.asha, &w.baraka];
    // A rated game between people, first legal moves, until a result is proved.
    let (game, proved) = loop {
        let game = w.store.game_in(&GENERAL).expect("store").expect("running");
        let pos: Position = game.position.parse().expect("position");
        // Every third ply is enough to find one proved position; fewer searches, the same point.
        if game.ply % 3 == 0 {
            if let Some(p) = forced_win(&pos, FORCED_WIN_NODES).filter(|p| p.moves > 0) {
                break (game, p);
            }
        }
        assert!(game.ply < 300, "nothing proved in 300 plies");
        let mv = pos.legal_moves()[0].to_string();
        w.say(
            players[pos.turn().index()],
            &GENERAL,
            Command::Move {
                text: mv,
                game: None,
            },
        );
    };
    // While it runs, neither player nor an onlooker is told.
    for who in [&w.asha, &w.baraka, &w.carol] {
        let b = w.say(who, &GENERAL, Command::Board { game: None });
        assert!(!b.text.contains("Proved"), "{}", b.text);
    }
    // Once it is over, the board says who wins from there, by name, in the winner's moves.
    w.say(&w.baraka, &GENERAL, Command::Resign);
    let winner = proved.winner;
    let name = if winner == bao_bot::rules::Side::South {
        "Asha"
    } else {
        "Baraka"
    };
    let expected = format!(
        "Proved: {} ({name}) wins in {} from here ({}'s moves, with best defence).",
        winner.name(),
        proved.moves,
        winner.name()
    );
    let b = w.say(
        &w.carol,
        &GENERAL,
        Command::Board {
            game: Some(game.id),
        },
    );
    assert!(b.text.contains(&expected), "{}\nwanted: {expected}", b.text);
}
