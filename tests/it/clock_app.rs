//! Game clocks in the app (issue 37), with time moved by hand: bad clocks refused privately
//! with the accepted form and the presets; a clock and a time per move not both; the
//! server's default clock; a first move that does not come aborts the game unrated; a
//! takeback gives no time back; the AI plays on a clock; a move and its flag at the same
//! instant are decided once by the store, the loser told privately and nothing logged at
//! ERROR; the clocks in the board, the history, the games list and the stats.

use crate::support::app_world;
use crate::support::errors::Errors;

use std::sync::Barrier;

use app_world::{challenge, private, world, World, GENERAL, T0};
use bao_bot::app::{Command, Level, Reply, ThreadsHere, User};
use bao_bot::store::{Game, GameStatus, Place, ResultReason};

impl World {
    /// `cmd` from `who` in #general: the answer to the asker.
    fn say(&self, who: &User, cmd: Command) -> Reply {
        self.run(who, &GENERAL, cmd).reply
    }

    /// `/bao move text` from `who` in #general.
    fn play(&self, who: &User, text: &str) -> Reply {
        self.say(
            who,
            Command::Move {
                text: text.into(),
                game: None,
            },
        )
    }

    /// Asha (South) challenges Baraka on `clock` in #general and he accepts.
    fn clocked(&self, clock: &str) -> Game {
        let r = self.say(&self.asha, challenge(&self.baraka).clock(clock).command());
        assert!(!r.ephemeral, "{}", r.text);
        let r = self.say(&self.baraka, Command::Accept);
        assert!(!r.ephemeral, "{}", r.text);
        self.game_here(&GENERAL)
    }

    /// A live game on `clock` whose first moves (in their grace) are made: Asha's clock
    /// runs from now.
    fn under_way(&self, clock: &str) -> Game {
        self.clocked(clock);
        self.play(&self.asha, "a6 left");
        self.play(&self.baraka, "a6 left capture");
        self.game_here(&GENERAL)
    }
}

#[test]
fn bad_clocks_are_refused_privately_with_the_form_and_the_presets() {
    let w = world();
    for (clock, why) in [
        ("0+0", "`0+0` is out of range: a live clock is 1+0 to 60+60"),
        ("500+0", "`500+0` is out of range"),
        ("5+", "`5+` is not a clock: write minutes+seconds"),
        ("fast", "`fast` is not a clock"),
    ] {
        let r = w.say(&w.asha, challenge(&w.baraka).clock(clock).command());
        private(&r, why);
        private(&r, "Presets: bullet 1+1, blitz 3+2, blitz 5+3, rapid 10+5, rapid 15+10, correspondence 3d+1d");
        let r = w.say(
            &w.asha,
            Command::Ai {
                level: None,
                side: None,
                variant: None,
                rules: None,
                clock: Some(clock.into()),
            },
        );
        private(&r, why);
    }
    // Both a clock and a time per move; a cap on a live clock, or without a clock.
    let r = w.say(
        &w.asha,
        challenge(&w.baraka).clock("5+3").time("1d").command(),
    );
    private(&r, "a clock or a time per move, not both");
    let r = w.say(
        &w.asha,
        challenge(&w.baraka).clock("5+3").cap("7d").command(),
    );
    private(&r, "a cap is for correspondence clocks");
    let r = w.say(&w.asha, challenge(&w.baraka).time("1d").cap("7d").command());
    private(&r, "`cap:7d` goes with a correspondence clock");
    let r = w.say(
        &w.asha,
        challenge(&w.baraka).clock("3d+1d").cap("2d").command(),
    );
    private(&r, "cap `2d` does not fit");
    // Nothing was created.
    assert!(w.store.game_in(&GENERAL).unwrap().is_none());
}

#[test]
fn a_correspondence_clock_takes_its_cap_and_a_clock_typed_as_a_time_is_a_clock() {
    let w = world();
    let r = w.say(
        &w.asha,
        challenge(&w.baraka).clock("3d+1d").cap("10d").command(),
    );
    assert!(
        r.text
            .contains("clock 3d+1d (3 days each, 1 day a move, at most 10 days in the bank)"),
        "{}",
        r.text
    );
    w.say(&w.asha, Command::Abort);
    // `/bao challenge @baraka 5+3` in the console writes the clock where a time goes.
    let r = w.say(&w.asha, challenge(&w.baraka).time("5+3").command());
    assert!(
        r.text
            .contains("clock 5+3 (5 minutes each, 3 seconds a move)"),
        "{}",
        r.text
    );
}

#[test]
fn the_servers_clock_applies_when_a_challenge_names_none() {
    let w = world();
    let set = |value: &str| {
        w.say(
            &w.asha,
            Command::SetServerSetting {
                key: "clock".into(),
                value: value.into(),
                manage_server: true,
            },
        )
    };
    private(&set("0+0"), "is out of range");
    private(
        &set("blitz 3+2"),
        "`clock` is now **clock 3+2 (3 minutes each, 2 seconds a move)**",
    );
    let r = w.say(&w.asha, challenge(&w.baraka).command());
    assert!(r.text.contains("clock 3+2"), "{}", r.text);
    w.say(&w.asha, Command::Abort);
    // A challenge may still say otherwise: a time per move, or no clock at all.
    let r = w.say(&w.asha, challenge(&w.baraka).time("1d").command());
    assert!(r.text.contains("1 day per move"), "{}", r.text);
    w.say(&w.asha, Command::Abort);
    let r = w.say(&w.asha, challenge(&w.baraka).clock("none").command());
    assert!(r.text.contains("no time limit"), "{}", r.text);
    w.say(&w.asha, Command::Abort);
    private(&set("default"), "`clock` is now **none** (the default)");
}

#[test]
fn a_first_move_that_does_not_come_aborts_the_game_unrated() {
    let w = world();
    let game = w.clocked("1+0");
    w.clock.advance(119);
    assert!(w.app.tick().unwrap().is_empty());
    w.clock.advance(1);
    let notices = w.app.tick().unwrap();
    let said: Vec<&str> = notices.iter().map(|n| &*n.reply.text).collect();
    assert!(
        said.contains(
            &"Game 1 is aborted: Asha (South) did not make a first move within 2 minutes. No result is recorded."
        ),
        "{said:?}"
    );
    let game = w.store.game(game.id).unwrap().unwrap();
    assert_eq!(game.status, GameStatus::Aborted);
    assert_eq!(game.reason, Some(ResultReason::NoFirstMove));
    assert!(w
        .store
        .rating(
            w.asha.id,
            bao_bot::store::Scope::Global,
            game.variant,
            game.rule_set
        )
        .unwrap()
        .is_none());
    // Her move now is answered privately: the game is gone.
    private(
        &w.play(&w.asha, "a6 left"),
        "Your first move did not come within 2 minutes",
    );
}

#[test]
fn a_takeback_gives_no_time_back() {
    let w = world();
    let ai = |clock: &str| Command::Ai {
        level: Some(Level::Beginner),
        side: None,
        variant: None,
        rules: None,
        clock: Some(clock.into()),
    };
    let r = w.say(&w.asha, ai("5+0"));
    assert!(
        r.text.contains("clock 5+0 (5 minutes each, no increment)"),
        "{}",
        r.text
    );
    // Her first move is in its grace, the AI answers at once: her clock runs from then.
    let r = w.play(&w.asha, "a6 left");
    assert!(
        r.text.contains("**Asha (South)** \u{25b6} 5:00"),
        "{}",
        r.text
    );
    w.clock.advance(30);
    let moves = w.say(&w.asha, Command::Moves).text;
    let second = moves
        .lines()
        .find_map(|l| l.strip_prefix('`').and_then(|l| l.split('`').next()))
        .expect("a legal move")
        .to_string();
    let r = w.play(&w.asha, &second);
    assert!(
        r.text.contains("**Asha (South)** \u{25b6} 4:30"),
        "{}",
        r.text
    );
    // Ten seconds later she takes her move (and the AI's reply) back: the 30 s of her move
    // and the 10 s since stay spent.
    w.clock.advance(10);
    let r = w.say(&w.asha, Command::Takeback);
    assert!(r.text.contains("took back"), "{}", r.text);
    assert!(
        r.text.contains("**Asha (South)** \u{25b6} 4:20"),
        "{}",
        r.text
    );
}

#[test]
fn the_ai_plays_on_its_clock() {
    let w = world();
    w.say(
        &w.asha,
        Command::Ai {
            level: Some(Level::Easy),
            side: Some(bao_bot::app::SideChoice::North),
            variant: None,
            rules: None,
            clock: Some("1+2".into()),
        },
    );
    let game = w
        .store
        .game_in(&Place::Channel {
            guild: 10,
            channel: 20,
        })
        .unwrap()
        .unwrap();
    // The AI (South) made its first move at once, in its grace; Asha's grace runs.
    let clock = game.clock.expect("a clock");
    assert_eq!(game.ply, 1);
    assert_eq!(clock.running, Some(bao_bot::rules::Side::North));
    assert!(clock.in_grace(bao_bot::rules::Side::North));
    let moves = w.store.moves(game.id).unwrap();
    assert_eq!(moves[0].clock_ms, Some(60_000));
    // Its next move is charged (no simulated time passes while it thinks) and gains 2 s.
    let r = w.say(&w.asha, Command::Moves).text;
    let first = r
        .lines()
        .find_map(|l| l.strip_prefix('`').and_then(|l| l.split('`').next()))
        .expect("a legal move")
        .to_string();
    w.play(&w.asha, &first);
    let moves = w.store.moves(game.id).unwrap();
    assert_eq!(moves.len(), 3);
    assert_eq!(moves[2].clock_ms, Some(62_000));
}

#[test]
fn a_move_and_its_flag_at_the_same_instant_are_decided_once() {
    let errors = Errors::new();
    for round in 0..8 {
        let w = world();
        let game = w.under_way("1+0");
        let flag_ms = (T0 + 60) * 1000;
        w.clock.set_ms(flag_ms);
        // The move arrived a millisecond before the flag (rounds 0..4) or at it (4..8),
        // and the clock task looks at the same moment.
        let arrived = if round < 4 { flag_ms - 1 } else { flag_ms };
        let barrier = Barrier::new(2);
        let (ticked, moved) = std::thread::scope(|s| {
            let tick = s.spawn(|| {
                barrier.wait();
                errors.watch(|| w.app.tick().expect("the clock task must not fail"))
            });
            let mv = s.spawn(|| {
                barrier.wait();
                errors.watch(|| {
                    w.app
                        .handle_arrived(
                            &w.asha,
                            &GENERAL,
                            ThreadsHere::default(),
                            Command::Move {
                                text: "a4 left capture".into(),
                                game: None,
                            },
                            arrived,
                            &|_| {},
                        )
                        .expect("the app must not fail")
                })
            });
            (tick.join().unwrap(), mv.join().unwrap())
        });
        let now = w.store.game(game.id).unwrap().unwrap();
        let results = ticked
            .iter()
            .chain(&moved.notices)
            .filter(|n| n.reply.text.contains("wins on time"))
            .count();
        if now.ply == 3 {
            // The move won: it was stored, and nothing was settled.
            assert!(arrived < flag_ms, "a move at its flag was stored");
            assert_eq!(now.status, GameStatus::Active);
            assert!(!moved.reply.ephemeral, "{}", moved.reply.text);
            assert_eq!(results, 0);
        } else {
            // The flag won: one result, and the move's private answer says why.
            assert_eq!(now.ply, 2);
            assert_eq!(now.reason, Some(ResultReason::OutOfTime));
            assert_eq!(results, 1, "{ticked:?} {:?}", moved.notices);
            private(&moved.reply, "Your time ran out before your move arrived");
        }
    }
    assert_eq!(errors.count(), 0, "a lost race was logged at ERROR");
}

#[test]
fn the_clocks_are_shown_in_the_board_history_games_and_stats() {
    let w = world();
    w.under_way("5+3");
    w.clock.advance(12);
    let board = w.say(&w.asha, Command::Board { game: None });
    let due = T0 + 300;
    assert!(
        board.text.contains(&format!(
            "Clock 5+3: **Asha (South)** \u{25b6} 4:48, out <t:{due}:R> \u{b7} Baraka (North) 5:00"
        )),
        "{}",
        board.text
    );
    let games = w.say(&w.asha, Command::Games).text;
    assert!(
        games.contains("(2 moves, clock 5+3): **your turn**"),
        "{games}"
    );
    private(&w.say(&w.baraka, Command::Claim), "nothing to claim");
    w.say(&w.asha, Command::Resign);
    let history = w.say(&w.asha, Command::History { game: None });
    assert!(
        history
            .text
            .contains("2 moves, clock 5+3 (5 minutes each, 3 seconds a move)."),
        "{}",
        history.text
    );
    assert!(history
        .text
        .contains("1. A6 left takata [5:00]  a6 left capture [5:00]"));
    let record = String::from_utf8(history.attachments[0].bytes.clone()).unwrap();
    assert!(
        record.contains("# clock 5+3 (5 minutes each, 3 seconds a move)\n"),
        "{record}"
    );
    assert!(
        record.contains("A6 left takata # [%clk 0:05:00]\n"),
        "{record}"
    );
    let stats = w
        .say(
            &w.asha,
            Command::Stats {
                player: None,
                variant: None,
            },
        )
        .text;
    assert!(
        stats.contains("By time control (W-L-D): 5+3 0-1-0"),
        "{stats}"
    );
}
