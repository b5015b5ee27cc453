//! Ratings end to end: which games change ratings (rated, unrated, aborted, AI), in which
//! scopes, exactly once under races, provisional marking, leaderboards, statistics, the
//! rebuild, the migration of a database written by release 0.1, and the console.

mod durability;
mod tables;

use crate::support::app_world;
use app_world::{challenge, world, world_with, World, GENERAL, T0};
use std::sync::{Arc, Barrier};

use bao_bot::app::{App, Command, ManualClock, RatingScope, Reply, Settings, User};
use bao_bot::rules::{Position, RuleSet, Side, Variant};
use bao_bot::store::*;

const GUILD: u64 = 10;
const OTHER_SERVER: Place = Place::Channel {
    guild: 11,
    channel: 30,
};

/// South to move wins with `B4 right capture` (North's front row is emptied).
const ONE_MOVE_FROM_THE_END: &str = "variant=kujifunza turn=S hand=0,0 house=- takasia=- \
    A=2,1,0,0,0,0,0,0 B=5,5,5,5,4,4,4,4 b=3,3,3,3,3,3,3,3 a=0,0,0,0,0,0,1,0";
const WINNING_MOVE: &str = "B4 right capture";

/// This file's shorthands on the shared test world.
trait Shorthands {
    fn say(&self, who: &User, place: &Place, cmd: Command) -> Reply;
    fn start(&self, challenger: &User, opponent: &User, place: &Place, time: Option<&str>);
    fn resigned(&self, south: &User, north: &User, loser: &User, place: &Place) -> Reply;
    fn rating(&self, user: &User, scope: Scope) -> Option<PlayerRating>;
    fn games_rated(&self, user: &User, scope: Scope) -> u32;
    fn stats(&self, asker: &User, place: &Place, whose: Option<&User>) -> String;
    fn assert_ratings_agree(&self);
}

impl Shorthands for World {
    fn say(&self, who: &User, place: &Place, cmd: Command) -> Reply {
        self.run(who, place, cmd).reply
    }

    /// `challenger` challenges `opponent` at `place` (challenger South) and it is accepted.
    fn start(&self, challenger: &User, opponent: &User, place: &Place, time: Option<&str>) {
        self.clock.advance(60);
        let r = self.say(challenger, place, challenge(opponent).time(time).command());
        assert!(!r.ephemeral, "{}", r.text);
        let r = self.say(opponent, place, Command::Accept);
        assert!(!r.ephemeral, "{}", r.text);
    }

    /// A whole game at `place` that `loser` resigns; returns the resignation's reply.
    fn resigned(&self, south: &User, north: &User, loser: &User, place: &Place) -> Reply {
        self.start(south, north, place, None);
        self.clock.advance(60);
        self.say(loser, place, Command::Resign)
    }

    fn rating(&self, user: &User, scope: Scope) -> Option<PlayerRating> {
        self.store
            .rating(user.id, scope, Variant::Kiswahili, RuleSet::V02)
            .expect("store")
    }

    fn games_rated(&self, user: &User, scope: Scope) -> u32 {
        self.rating(user, scope).map_or(0, |r| r.games)
    }

    fn stats(&self, asker: &User, place: &Place, whose: Option<&User>) -> String {
        let r = self.say(
            asker,
            place,
            Command::Stats {
                player: whose.cloned(),
                variant: None,
            },
        );
        assert!(r.ephemeral, "stats are private: {}", r.text);
        r.text.to_string()
    }

    fn assert_ratings_agree(&self) {
        let check = self.store.check_ratings().expect("check");
        assert_eq!(check.differences, Vec::<String>::new());
    }
}

fn contains(text: &str, needle: &str) {
    assert!(text.contains(needle), "expected `{needle}` in:\n{text}");
}

#[test]
fn a_rated_game_changes_both_ratings_once_in_both_scopes() {
    let w = world();
    let r = w.resigned(&w.asha, &w.baraka, &w.baraka, &GENERAL);
    assert!(!r.ephemeral);
    // 1500/350 against 1500/350: the winner gains 162, the loser loses as much.
    contains(
        &r.text,
        "Rating change (this server and everywhere): Asha 1500 \u{2192} 1662 (+162), \
         Baraka 1500 \u{2192} 1338 (\u{2212}162)",
    );
    for scope in [Scope::Server(GUILD), Scope::Global] {
        let a = w.rating(&w.asha, scope).expect("rated");
        let b = w.rating(&w.baraka, scope).expect("rated");
        assert_eq!((a.games, a.wins, a.losses, a.draws), (1, 1, 0, 0));
        assert_eq!((b.games, b.wins, b.losses, b.draws), (1, 0, 1, 0));
        assert_eq!(a.rating.shown(), 1662);
        assert_eq!(b.rating.shown(), 1338);
        assert!(a.rating.is_provisional());
    }
    assert_eq!(w.rating(&w.asha, Scope::Server(11)), None);
    let game = w.store.games_in(&GENERAL, 1).unwrap().remove(0);
    let changes = w.store.rating_changes(game.id).unwrap();
    assert_eq!(changes.len(), 4, "{changes:?}");
    assert_eq!(changes[0].scope, Scope::Server(GUILD));
    assert_eq!(changes[0].side, Side::South);
    assert_eq!(changes[0].before, Rating::default());

    // The game's record stays put: showing the board again changes nothing.
    let again = w.say(
        &w.carol,
        &GENERAL,
        Command::Board {
            game: Some(game.id),
        },
    );
    contains(&again.text, "Asha 1500 \u{2192} 1662 (+162)");
    assert_eq!(w.games_rated(&w.asha, Scope::Global), 1);

    // A second game in another server: that server's ratings start afresh, the global
    // ones go on.
    w.resigned(&w.asha, &w.baraka, &w.asha, &OTHER_SERVER);
    assert_eq!(w.games_rated(&w.asha, Scope::Server(11)), 1);
    assert_eq!(w.games_rated(&w.asha, Scope::Server(GUILD)), 1);
    assert_eq!(w.games_rated(&w.asha, Scope::Global), 2);
    let here = w.rating(&w.asha, Scope::Server(11)).unwrap();
    assert_eq!(here.rating.shown(), 1338);
    w.assert_ratings_agree();
}

#[test]
fn unrated_aborted_and_ai_games_change_no_rating() {
    // Casual by default (the config's `rated_by_default = false`).
    let casual = world_with(Settings {
        rated_by_default: false,
        ..Settings::default()
    });
    let r = casual.say(
        &casual.asha,
        &GENERAL,
        challenge(&casual.baraka).side(None).command(),
    );
    contains(&r.text, "challenges you to a casual game");
    casual.say(&casual.baraka, &GENERAL, Command::Accept);
    let r = casual.say(&casual.asha, &GENERAL, Command::Resign);
    assert!(!r.text.contains("Rating change"), "{}", r.text);
    assert_eq!(casual.rating(&casual.asha, Scope::Global), None);

    let w = world();
    // Aborted before each side moved twice.
    w.start(&w.asha, &w.baraka, &GENERAL, None);
    let r = w.say(
        &w.asha,
        &GENERAL,
        Command::Move {
            text: "a6 left".into(),
            game: None,
        },
    );
    assert!(!r.ephemeral, "{}", r.text);
    let r = w.say(&w.baraka, &GENERAL, Command::Abort);
    contains(&r.text, "no result is recorded");
    // A declined challenge.
    w.say(&w.asha, &GENERAL, challenge(&w.baraka).side(None).command());
    w.say(&w.baraka, &GENERAL, Command::Decline);
    // The AI, beaten by resignation of the AI's opponent and in DMs.
    for place in [GENERAL, Place::Dm { user: 1 }] {
        w.say(
            &w.asha,
            &place,
            Command::Ai {
                level: Some(bao_bot::ai::Level::Easy),
                side: None,
                variant: None,
                rules: None,
                clock: None,
            },
        );
        let r = w.say(&w.asha, &place, Command::Resign);
        assert!(!r.text.contains("Rating change"), "{}", r.text);
    }
    for u in [&w.asha, &w.baraka] {
        for scope in [Scope::Server(GUILD), Scope::Global] {
            assert_eq!(w.rating(u, scope), None, "{}", u.name);
        }
    }
    let stats = w.stats(&w.asha, &GENERAL, None);
    contains(&stats, "Rating in this server: 1500? (no rated games yet)");
    contains(&stats, "Against the AI (never rated): easy 0-2-0 (W-L-D)");
    w.assert_ratings_agree();
}

#[test]
fn a_challenge_and_the_board_show_both_ratings() {
    let w = world();
    w.resigned(&w.asha, &w.baraka, &w.baraka, &GENERAL);
    w.clock.advance(60);
    let r = w.say(&w.baraka, &GENERAL, challenge(&w.asha).side(None).command());
    contains(
        &r.text,
        "<@1> (1662?), Baraka (1338?) challenges you to a rated game",
    );
    // A game in another server starts from that server's ratings.
    let r = w.say(
        &w.carol,
        &OTHER_SERVER,
        challenge(&w.asha).side(None).command(),
    );
    contains(&r.text, "<@1> (1500?), Carol (1500?) challenges you");
    let r = w.say(&w.asha, &GENERAL, Command::Accept);
    assert!(r.board_png().is_some());
}

/// Creates a rated game at `place` from `start` between `south` and `north` (timed when
/// `time` is given), straight in the store.
fn rated_game(
    store: &Store,
    place: Place,
    start: &str,
    south: &User,
    north: &User,
    now: i64,
    time: Option<i64>,
) -> Game {
    let pending = store
        .create_challenge(&NewChallenge {
            place,
            variant: start.parse::<Position>().expect("test position").variant(),
            start_position: start.to_string(),
            challenger: south.id,
            challenged: north.id,
            challenger_side: SideChoice::South,
            time_per_move: time,
            now,
            expires_at: now + 86_400,
            rated: true,
            hints: false,
        })
        .expect("challenge");
    store
        .accept_challenge(
            pending.id,
            &Player::Human(south.id),
            &Player::Human(north.id),
            now,
            time.map(|t| now + t),
        )
        .expect("accept")
}

#[test]
fn a_resignation_racing_the_winning_move_is_applied_once() {
    for round in 0..6 {
        let w = world();
        let game = rated_game(
            &w.store,
            GENERAL,
            ONE_MOVE_FROM_THE_END,
            &w.asha,
            &w.baraka,
            T0,
            None,
        );
        let barrier = Arc::new(Barrier::new(2));
        let replies: Vec<Reply> = std::thread::scope(|s| {
            let mover = s.spawn(|| {
                barrier.wait();
                w.say(
                    &w.asha,
                    &GENERAL,
                    Command::Move {
                        text: WINNING_MOVE.into(),
                        game: None,
                    },
                )
            });
            let resigner = s.spawn(|| {
                barrier.wait();
                w.say(&w.baraka, &GENERAL, Command::Resign)
            });
            vec![mover.join().unwrap(), resigner.join().unwrap()]
        });
        let done = w.store.game(game.id).unwrap().unwrap();
        assert_eq!(done.status, GameStatus::Finished, "round {round}");
        assert_eq!(done.winner, Some(Side::South));
        let public: Vec<&Reply> = replies.iter().filter(|r| !r.ephemeral).collect();
        assert_eq!(public.len(), 1, "round {round}: {replies:?}");
        contains(&public[0].text, "Rating change");
        let scope = Scope::Server(GUILD);
        let a = w
            .store
            .rating(w.asha.id, scope, Variant::Kujifunza, RuleSet::V02)
            .unwrap();
        let b = w
            .store
            .rating(w.baraka.id, scope, Variant::Kujifunza, RuleSet::V02)
            .unwrap();
        assert_eq!(a.map(|r| (r.games, r.wins)), Some((1, 1)), "round {round}");
        assert_eq!(
            b.map(|r| (r.games, r.losses)),
            Some((1, 1)),
            "round {round}"
        );
        assert_eq!(w.store.rating_changes(game.id).unwrap().len(), 4);
        w.assert_ratings_agree();
    }
}

#[test]
fn two_timeout_claims_at_once_are_applied_once() {
    for round in 0..6 {
        let w = world();
        // Asha (South) moved; Baraka (North) lets his hour pass.
        let game = rated_game(
            &w.store,
            GENERAL,
            &Position::start(Variant::Kiswahili).to_string(),
            &w.asha,
            &w.baraka,
            T0,
            Some(3600),
        );
        w.say(
            &w.asha,
            &GENERAL,
            Command::Move {
                text: "a6 left".into(),
                game: Some(game.id),
            },
        );
        w.clock.advance(3601);
        let barrier = Arc::new(Barrier::new(3));
        let replies: Vec<Reply> = std::thread::scope(|s| {
            let claims: Vec<_> = (0..3)
                .map(|_| {
                    s.spawn(|| {
                        barrier.wait();
                        w.say(&w.asha, &GENERAL, Command::Claim)
                    })
                })
                .collect();
            claims.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let public: Vec<&Reply> = replies.iter().filter(|r| !r.ephemeral).collect();
        assert_eq!(public.len(), 1, "round {round}: {replies:?}");
        contains(&public[0].text, "claims the win on time");
        contains(&public[0].text, "Asha 1500 \u{2192} 1662 (+162)");
        for scope in [Scope::Server(GUILD), Scope::Global] {
            assert_eq!(w.games_rated(&w.asha, scope), 1, "round {round}");
            assert_eq!(w.games_rated(&w.baraka, scope), 1, "round {round}");
        }
        w.assert_ratings_agree();
    }
}

#[test]
fn an_abandoned_rated_game_counts_as_a_draw() {
    let w = world();
    w.start(&w.asha, &w.baraka, &GENERAL, Some("1h"));
    // Nobody moves: after the deadline and a whole further hour the game is abandoned.
    w.clock.advance(2 * 3600 + 1);
    let notices = w.app.tick().unwrap();
    let abandoned = notices
        .iter()
        .find(|n| n.reply.text.contains("abandoned"))
        .expect("an abandonment notice");
    contains(&abandoned.reply.text, "It counts as a draw.");
    contains(&abandoned.reply.text, "Asha 1500 \u{2192} 1500 (+0)");
    let a = w.rating(&w.asha, Scope::Global).unwrap();
    assert_eq!((a.games, a.draws), (1, 1));
}

#[test]
fn ratings_are_provisional_until_rd_drops_below_110() {
    let w = world();
    let mut games = 0;
    loop {
        let loser = if games % 3 == 2 { &w.asha } else { &w.baraka };
        w.resigned(&w.asha, &w.baraka, loser, &GENERAL);
        games += 1;
        let r = w.rating(&w.asha, Scope::Server(GUILD)).unwrap();
        let shown = w.stats(&w.carol, &GENERAL, Some(&w.asha));
        let tag = format!("Rating in this server: **{}", r.rating.shown());
        if r.rating.deviation >= 110.0 {
            contains(&shown, &format!("{tag}?**"));
            assert!(r.rating.is_provisional());
        } else {
            contains(&shown, &format!("{tag}** \u{b1}"));
            assert!(!r.rating.is_provisional());
            break;
        }
        assert!(games < 40, "RD never dropped below 110: {r:?}");
    }
    // A new challenge shows the rating without `?` now.
    let settled = w.rating(&w.asha, Scope::Server(GUILD)).unwrap();
    let r = w.say(&w.asha, &GENERAL, challenge(&w.carol).side(None).command());
    contains(
        &r.text,
        &format!("(1500?), Asha ({}) challenges you", settled.rating.shown()),
    );
    assert!(games >= 5, "{games} games");
}

/// Plays `n` rated games straight in the store between `a` (South) and `b`, `a` winning
/// when `a_wins`, else losing.
fn series(store: &Store, place: Place, a: &User, b: &User, n: usize, a_wins: bool, now: &mut i64) {
    for _ in 0..n {
        *now += 10;
        let g = rated_game(
            store,
            place,
            &Position::start(Variant::Kiswahili).to_string(),
            a,
            b,
            *now,
            None,
        );
        let winner = if a_wins { Side::South } else { Side::North };
        store
            .finish_game(
                g.id,
                0,
                GameEnd {
                    winner: Some(winner),
                    reason: ResultReason::Resignation,
                },
                *now + 5,
            )
            .expect("finish");
    }
}

#[test]
fn each_rule_set_has_ratings_of_its_own() {
    let w = world();
    w.clock.advance(60);
    let r = w.say(
        &w.asha,
        &GENERAL,
        challenge(&w.baraka).rules(RuleSet::R002).command(),
    );
    assert!(!r.ephemeral, "{}", r.text);
    w.say(&w.baraka, &GENERAL, Command::Accept);
    w.clock.advance(60);
    w.say(&w.baraka, &GENERAL, Command::Resign);
    // The r002 game is rated in the r002 pool only.
    let r002 = w
        .store
        .rating(w.asha.id, Scope::Global, Variant::Kiswahili, RuleSet::R002)
        .expect("store")
        .expect("rated under r002");
    assert_eq!(r002.games, 1);
    assert!(r002.rating.rating > 1500.0);
    assert_eq!(w.rating(&w.asha, Scope::Global), None);
    // A v0.2 game afterwards starts from the v0.2 start rating.
    w.resigned(&w.asha, &w.baraka, &w.asha, &GENERAL);
    let v02 = w.rating(&w.asha, Scope::Global).expect("rated under v0.2");
    assert_eq!(v02.games, 1);
    assert!(v02.rating.rating < 1500.0);
    w.assert_ratings_agree();
}
