//! Ratings end to end: which games change ratings (rated, unrated, aborted, AI), in which
//! scopes, exactly once under races, provisional marking, leaderboards, statistics, the
//! rebuild, the migration of a database written by release 0.1, and the console.

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
fn the_leaderboard_ranks_only_settled_players_best_first() {
    let w = world();
    let players: Vec<User> = (0..13)
        .map(|i| User::new(100 + i, format!("Player{i:02}")))
        .collect();
    for p in &players {
        w.store.upsert_player(p.id, &p.name, T0).unwrap();
    }
    let mut now = T0;
    // A round robin, three times: the lower number wins two games in three.
    for round in 0..3 {
        for i in 0..players.len() {
            for j in i + 1..players.len() {
                series(
                    &w.store,
                    GENERAL,
                    &players[i],
                    &players[j],
                    1,
                    (i + j + round) % 3 != 0,
                    &mut now,
                );
            }
        }
    }
    // Asha and Baraka: five games each, still provisional; Carol: four games.
    series(&w.store, GENERAL, &w.asha, &w.baraka, 5, true, &mut now);
    series(&w.store, GENERAL, &w.carol, &players[12], 4, true, &mut now);

    let ranked: Vec<Ranked> = w
        .store
        .leaderboard(Scope::Server(GUILD), Variant::Kiswahili, RuleSet::V02, 100)
        .unwrap();
    // Everyone of the round robin is ranked, best rating first.
    let mut expected: Vec<PlayerRating> = players
        .iter()
        .map(|p| w.rating(p, Scope::Server(GUILD)).unwrap())
        .collect();
    expected.sort_by(|a, b| b.rating.rating.total_cmp(&a.rating.rating));
    let got: Vec<UserId> = ranked.iter().map(|r| r.rating.user).collect();
    assert_eq!(
        got,
        expected.iter().map(|r| r.user).collect::<Vec<_>>(),
        "{ranked:?}"
    );
    assert_eq!(
        ranked.iter().map(|r| r.rank).collect::<Vec<_>>(),
        (1..=13).collect::<Vec<u32>>()
    );
    let name_at = |rank: usize| ranked[rank - 1].name.clone();
    let twelfth = players
        .iter()
        .find(|p| p.name == name_at(12))
        .unwrap()
        .clone();
    for r in &ranked {
        assert!(r.rating.games >= 5 && r.rating.rating.deviation < 110.0);
    }
    for pair in ranked.windows(2) {
        assert!(pair[0].rating.rating.rating >= pair[1].rating.rating.rating);
    }
    let asha = w.rating(&w.asha, Scope::Server(GUILD)).unwrap();
    assert!(asha.games == 5 && asha.rating.is_provisional(), "{asha:?}");

    // Through the app: the top ten, and the asker's own row below them.
    let r = w.say(
        &twelfth,
        &GENERAL,
        Command::Leaderboard {
            variant: None,
            scope: None,
        },
    );
    assert!(!r.ephemeral);
    contains(&r.text, "13 ranked players");
    contains(&r.text, &format!("Top: {}", name_at(1)));
    contains(&r.text, "You are #12 of 13.");
    let table = r.text_board().expect("a text table");
    let lines: Vec<&str> = table.lines().collect();
    for (line, rank) in [(3, 1), (12, 10)] {
        let row = format!("{rank:>4}  {}", name_at(rank));
        assert!(lines[line].starts_with(&row), "{table}");
    }
    assert_eq!(lines[13], "  ...", "{table}");
    assert!(
        lines[14].starts_with(&format!("> 12  {}", name_at(12))),
        "{table}"
    );
    assert!(!table.contains(&format!("{} ", name_at(11))), "{table}");
    assert!(!table.contains("Asha"), "{table}");
    let png = r.board_png().expect("a picture");
    assert!(png.filename.starts_with("bao-leaderboard"));

    let r = w.say(
        &w.asha,
        &GENERAL,
        Command::Leaderboard {
            variant: None,
            scope: None,
        },
    );
    contains(&r.text, "You are not ranked yet: your rating");
    let r = w.say(
        &w.carol,
        &GENERAL,
        Command::Leaderboard {
            variant: None,
            scope: Some(RatingScope::Global),
        },
    );
    assert!(r.ephemeral, "the global board is shown to the asker only");
    contains(&r.text, "everywhere: 13 ranked players");
    contains(&r.text, "You are not ranked yet: 1 more rated game needed.");
    let r = w.say(
        &w.carol,
        &Place::Dm { user: 3 },
        Command::Leaderboard {
            variant: None,
            scope: Some(RatingScope::Server),
        },
    );
    assert!(r.ephemeral);
    contains(&r.text, "in DMs only the global leaderboard exists");
    let r = w.say(
        &w.carol,
        &OTHER_SERVER,
        Command::Leaderboard {
            variant: Some(Variant::Kujifunza),
            scope: None,
        },
    );
    contains(&r.text, "0 ranked players");
    w.assert_ratings_agree();
}

#[test]
fn stats_of_a_scripted_series() {
    let w = world();
    let mut now = T0;
    // Asha against Baraka: as South W, W, then L; as North W; an agreed draw as South.
    series(&w.store, GENERAL, &w.asha, &w.baraka, 2, true, &mut now);
    series(&w.store, GENERAL, &w.asha, &w.baraka, 1, false, &mut now);
    series(&w.store, GENERAL, &w.baraka, &w.asha, 1, false, &mut now);
    now += 10;
    let g = rated_game(
        &w.store,
        GENERAL,
        &Position::start(Variant::Kiswahili).to_string(),
        &w.asha,
        &w.baraka,
        now,
        None,
    );
    w.store
        .finish_game(
            g.id,
            0,
            GameEnd {
                winner: None,
                reason: ResultReason::AgreedDraw,
            },
            now + 5,
        )
        .unwrap();
    // And a rated win against Carol in another server, then two AI games.
    series(&w.store, OTHER_SERVER, &w.asha, &w.carol, 1, true, &mut now);
    w.clock.set(now + 100);
    for level in [bao_bot::ai::Level::Easy, bao_bot::ai::Level::Hard] {
        w.say(
            &w.asha,
            &Place::Dm { user: 1 },
            Command::Ai {
                level: Some(level),
                side: None,
                variant: None,
                rules: None,
                clock: None,
            },
        );
        w.say(&w.asha, &Place::Dm { user: 1 }, Command::Resign);
    }

    let mine = w.stats(&w.asha, &GENERAL, None);
    let here = w.rating(&w.asha, Scope::Server(GUILD)).unwrap();
    let everywhere = w.rating(&w.asha, Scope::Global).unwrap();
    assert_eq!(
        (here.games, here.wins, here.losses, here.draws),
        (5, 3, 1, 1)
    );
    assert_eq!(everywhere.games, 6);
    let expected = [
        "**Asha** at Bao la Kiswahili".to_string(),
        format!(
            "Rating in this server: **{}** \u{b1} {:.0} (5 rated games: 3 wins, 1 loss, 1 draw)",
            here.rating,
            here.rating.deviation
        ),
        format!(
            "Rating everywhere: **{}** \u{b1} {:.0} (6 rated games: 4 wins, 1 loss, 1 draw)",
            everywhere.rating,
            everywhere.rating.deviation
        ),
        "Against people: 6 games (6 rated): 4 wins, 1 loss, 1 draw; as South 3-1-1, as North 1-0-0 (W-L-D)"
            .to_string(),
        "Winning streak: 1 now, best 2".to_string(),
        "Last 6 (newest first): W D W L W W".to_string(),
        "Against the AI (never rated): easy 0-1-0, hard 0-1-0 (W-L-D)".to_string(),
    ];
    assert_eq!(mine.lines().collect::<Vec<_>>(), expected, "{mine}");

    // Baraka looks at Asha: head to head from Baraka's side.
    let theirs = w.stats(&w.baraka, &GENERAL, Some(&w.asha));
    contains(&theirs, "You against Asha: 1 win, 3 losses, 1 draw");
    let carol = w.stats(&w.carol, &OTHER_SERVER, None);
    contains(&carol, "Rating in this server: **");
    contains(&carol, "(1 rated game: 0 wins, 1 loss, 0 draws)");
    assert!(
        !carol.contains("You against"),
        "no head to head with oneself"
    );
}

#[test]
fn rebuild_finds_and_repairs_tampered_ratings() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    let store = Store::open(&path).unwrap();
    let (a, b, c) = (User::new(1, "A"), User::new(2, "B"), User::new(3, "C"));
    let mut now = T0;
    series(&store, GENERAL, &a, &b, 3, true, &mut now);
    series(&store, GENERAL, &b, &c, 2, false, &mut now);
    let good = store.check_ratings().unwrap();
    assert_eq!(good.games, 5);
    assert_eq!(good.ratings, 6); // 3 players x 2 scopes
    assert!(good.differences.is_empty(), "{:?}", good.differences);
    let before = store.list_ratings(Scope::Global, None).unwrap();
    drop(store);

    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute(
        "UPDATE ratings SET rating = rating + 5 WHERE user_id = 2 AND scope = 0",
        [],
    )
    .unwrap();
    conn.execute("DELETE FROM rating_changes WHERE game_id = 2", [])
        .unwrap();
    drop(conn);

    let store = Store::open(&path).unwrap();
    let found = store.check_ratings().unwrap();
    assert!(
        found
            .differences
            .iter()
            .any(|d| d.starts_with("user 2 (global, kiswahili v0.2): stored")),
        "{:?}",
        found.differences
    );
    assert!(
        found
            .differences
            .iter()
            .any(|d| d.contains("game 2 (server 10, South): no rating change is stored")),
        "{:?}",
        found.differences
    );
    let repaired = store.rebuild_ratings().unwrap();
    assert_eq!(repaired.differences, found.differences);
    assert!(store.check_ratings().unwrap().differences.is_empty());
    assert_eq!(store.list_ratings(Scope::Global, None).unwrap(), before);
    drop(store);

    // The command line: `db check` and `db ratings --rebuild` agree and say so.
    let bin = env!("CARGO_BIN_EXE_bao-bot");
    let out = std::process::Command::new(bin)
        .args(["db", "ratings", "--rebuild", "--db"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    contains(
        &text,
        "5 rated games replayed, 6 ratings; 0 differences from the stored ratings",
    );
    let out = std::process::Command::new(bin)
        .args(["db", "check", "--db"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    contains(&text, "5 rated games give 6 ratings, 0 differences");
    let out = std::process::Command::new(bin)
        .args(["db", "ratings", "--list", "--guild", "10", "--db"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("variant"), "{text}");
    // A won 3 and C won 2 (both provisional); B lost all 5.
    assert!(lines[1].contains(" 1 ") && lines[1].contains('?'), "{text}");
    assert!(
        lines[3].contains(" 2 ") && lines[3].contains("    5     0     5"),
        "{text}"
    );
    contains(&text, "3 ratings (server 10)");

    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("UPDATE ratings SET games = 9 WHERE user_id = 3", [])
        .unwrap();
    drop(conn);
    let out = std::process::Command::new(bin)
        .args(["db", "check", "--db"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    contains(&text, "ratings: user 3 (");
    contains(&text, "stored 9 games (2-0-0) but recomputed 2 (2-0-0)");
}

#[test]
fn a_database_of_release_0_1_migrates_with_its_games_unrated() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/release-0.1.db"),
        &path,
    )
    .unwrap();
    let store = Arc::new(Store::open(&path).unwrap());
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    // Written by release 0.1: a resigned game, an active timed game, a pending challenge,
    // a game against the AI and an aborted challenge.
    let statuses: Vec<GameStatus> = (1..=5)
        .map(|id| store.game(GameId(id)).unwrap().unwrap().status)
        .collect();
    assert_eq!(
        statuses,
        [
            GameStatus::Finished,
            GameStatus::Active,
            GameStatus::Pending,
            GameStatus::Finished,
            GameStatus::Aborted
        ]
    );
    for id in 1..=5 {
        assert!(!store.is_rated(GameId(id)).unwrap(), "game {id}");
    }
    assert!(store.check_replays().unwrap().is_empty());
    let check = store.check_ratings().unwrap();
    assert_eq!((check.games, check.differences.len()), (0, 0));

    // The old active game ends unrated; a new challenge there is rated.
    let active = store.game(GameId(2)).unwrap().unwrap();
    let Place::Channel { guild, .. } = active.place else {
        panic!("{:?}", active.place)
    };
    let clock = Arc::new(ManualClock::new(T0));
    let app = App::new(store.clone(), clock.clone(), Settings::default());
    let south = active.south.clone().unwrap().user().unwrap();
    let north = active.north.clone().unwrap().user().unwrap();
    let r = app
        .handle(
            &User {
                id: south,
                name: "S".into(),
                bot: false,
            },
            &active.place,
            Command::Resign,
        )
        .unwrap();
    assert!(!r.reply.text.contains("Rating change"), "{}", r.reply.text);
    let r = app
        .handle(
            &User {
                id: south,
                name: "S".into(),
                bot: false,
            },
            &active.place,
            challenge(&User {
                id: north,
                name: "N".into(),
                bot: false,
            })
            .side(None)
            .command(),
        )
        .unwrap();
    contains(&r.reply.text, "a rated game");
    app.handle(
        &User {
            id: north,
            name: "N".into(),
            bot: false,
        },
        &active.place,
        Command::Accept,
    )
    .unwrap();
    let r = app
        .handle(
            &User {
                id: north,
                name: "N".into(),
                bot: false,
            },
            &active.place,
            Command::Resign,
        )
        .unwrap();
    contains(&r.reply.text, "Rating change");
    assert_eq!(
        store
            .rating(
                south,
                Scope::Server(guild),
                Variant::Kiswahili,
                RuleSet::V02
            )
            .unwrap()
            .map(|r| r.games),
        Some(1)
    );
    assert!(store.check_ratings().unwrap().differences.is_empty());
}

#[test]
fn a_console_session_plays_two_rated_games_then_shows_the_leaderboard_and_stats() {
    let dir = tempfile::tempdir().expect("tempdir");
    let script = dir.path().join("rated.txt");
    std::fs::write(
        &script,
        "# Asha and Baraka play two rated games in #bao, then look at the ratings\n\
         /in #bao\n\
         /bao challenge @baraka south\n\
         /as baraka\n\
         /bao accept\n\
         /bao resign\n\
         /bao challenge @asha south\n\
         /as asha\n\
         /bao accept\n\
         /as baraka\n\
         /bao move a6 left\n\
         /bao resign\n\
         /bao leaderboard\n\
         /bao stats @asha\n\
         /as asha\n\
         /bao stats\n",
    )
    .expect("write script");
    let boards = dir.path().join("boards");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_bao-bot"))
        .args(["console", "--db", ":memory:", "--script"])
        .arg(&script)
        .arg("--boards")
        .arg(&boards)
        .output()
        .expect("run console");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for needle in [
        "Asha (1500?) challenges you to a rated game",
        "Baraka resigns.",
        "Rating change (this server and everywhere): Asha 1500 \u{2192} 1662 (+162), Baraka 1500 \u{2192} 1338 (\u{2212}162)",
        "Baraka (1338?) challenges you to a rated game",
        "Leaderboard of Bao la Kiswahili**, this server: 0 ranked players.",
        "You are not ranked yet: 3 more rated games needed.",
        "Leaderboard \u{b7} Bao la Kiswahili",
        "  nobody yet",
        "bao-leaderboard-kiswahili.png",
        "**Asha** at Bao la Kiswahili",
        "(2 rated games: 2 wins, 0 losses, 0 draws)",
        "You against Asha: 0 wins, 2 losses, 0 draws",
        "Winning streak: 2 now, best 2",
        "Last 2 (newest first): W W",
    ] {
        assert!(text.contains(needle), "missing `{needle}` in:\n{text}");
    }
    let board = std::fs::read(boards.join("bao-leaderboard-kiswahili.png")).expect("picture");
    assert!(board.starts_with(b"\x89PNG\r\n\x1a\n"));
}

const CRASH_CHILD_ENV: &str = "BAO_RATINGS_CRASH_CHILD";
const CRASH_CHANNELS: u64 = 4;

/// The crash test's child: plays rated games as fast as it can in several channels, a few
/// moves each, ending them by resignation, agreed draw or timeout claim in turn, printing
/// `finished GAME` after each commit that ends a game. Only runs when the crash test starts
/// it.
fn crash_child() -> ! {
    use std::io::Write;
    let path = std::env::var(CRASH_CHILD_ENV).expect("run by the crash test only");
    let store = Store::open(&path).unwrap();
    let mut out = std::io::stdout().lock();
    let players: Vec<User> = (1..=5).map(|i| User::new(i, format!("P{i}"))).collect();
    let mut now = T0;
    let mut n = 0usize;
    loop {
        for channel in 1..=CRASH_CHANNELS {
            n += 1;
            now += 1;
            let place = Place::Channel {
                guild: GUILD,
                channel,
            };
            let Some(game) = store.game_in(&place).unwrap() else {
                let (a, b) = (&players[n % 5], &players[(n / 5 + n + 1) % 5]);
                if a.id != b.id {
                    let start = Position::start(Variant::Kiswahili).to_string();
                    rated_game(&store, place, &start, a, b, now, Some(600));
                }
                continue;
            };
            if game.status == GameStatus::Pending {
                // Killed between a challenge and its acceptance: accept it now.
                let ch = game.challenge.clone().unwrap();
                store
                    .accept_challenge(
                        game.id,
                        &Player::Human(ch.challenger),
                        &Player::Human(ch.challenged),
                        now,
                        Some(now + 600),
                    )
                    .unwrap();
                continue;
            }
            if game.ply < 3 {
                let pos: Position = game.position.parse().unwrap();
                let mv = pos.legal_moves()[n % pos.legal_moves().len()];
                let (next, _) = pos.play(&mv).unwrap();
                if next.is_over() {
                    continue;
                }
                store
                    .record_move(
                        game.id,
                        game.ply,
                        &NewMove {
                            text: &mv.to_string(),
                            by: game.player(pos.turn()).unwrap(),
                            position_after: &next.to_string(),
                            now,
                            deadline: Some(now + 600),
                            end: None,
                        },
                    )
                    .unwrap();
                continue;
            }
            let end = match n % 3 {
                0 => GameEnd {
                    winner: Some(Side::North),
                    reason: ResultReason::Resignation,
                },
                1 => GameEnd {
                    winner: None,
                    reason: ResultReason::AgreedDraw,
                },
                _ => GameEnd {
                    winner: Some(Side::South),
                    reason: ResultReason::Timeout,
                },
            };
            let done = store.finish_game(game.id, game.ply, end, now).unwrap();
            writeln!(out, "finished {}", done.id.0).unwrap();
            out.flush().unwrap();
        }
    }
}

#[test]
fn a_killed_process_never_leaves_a_result_without_its_rating_or_the_reverse() {
    if std::env::var_os(CRASH_CHILD_ENV).is_some() {
        crash_child();
    }
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crash.db");
    let exe = std::env::current_exe().unwrap();
    let mut finished = std::collections::BTreeSet::new();
    for round in 0..3 {
        let mut child = std::process::Command::new(&exe)
            .args([
                "ratings::a_killed_process_never_leaves_a_result_without_its_rating_or_the_reverse",
                "--exact",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CRASH_CHILD_ENV, &path)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::inherit())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let mut seen = 0;
        for line in std::io::BufReader::new(stdout).lines() {
            let line = line.unwrap();
            let Some(id) = line.strip_prefix("finished ") else {
                continue;
            };
            finished.insert(id.parse::<i64>().unwrap());
            seen += 1;
            if seen == 60 + 25 * round {
                // SIGKILL, somewhere in the child's next transactions.
                child.kill().unwrap();
                break;
            }
        }
        let status = child.wait().unwrap();
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(status.signal(), Some(9), "round {round}: {status:?}");
        assert!(
            seen >= 60,
            "round {round}: the child finished only {seen} games"
        );

        let store = Store::open(&path).unwrap();
        let (games, _) = store.counts().unwrap();
        let mut rated_finished = 0u32;
        for id in 1..=games as i64 {
            let g = store.game(GameId(id)).unwrap().unwrap();
            let changes = store.rating_changes(g.id).unwrap();
            if g.status == GameStatus::Finished {
                rated_finished += 1;
                assert_eq!(changes.len(), 4, "game {id}: a result without its rating");
            } else {
                assert!(changes.is_empty(), "game {id}: a rating without its result");
                assert!(
                    !finished.contains(&id),
                    "game {id}: a committed end is lost"
                );
            }
        }
        let rated: u32 = [Scope::Server(GUILD), Scope::Global]
            .into_iter()
            .map(|scope| {
                store
                    .list_ratings(scope, None)
                    .unwrap()
                    .iter()
                    .map(|(r, _)| r.games)
                    .sum::<u32>()
            })
            .sum();
        assert_eq!(rated, 4 * rated_finished, "round {round}");
        let check = store.check_ratings().unwrap();
        assert_eq!(check.games, u64::from(rated_finished));
        assert_eq!(check.differences, Vec::<String>::new(), "round {round}");
        let rebuilt = store.rebuild_ratings().unwrap();
        assert_eq!(rebuilt.differences, Vec::<String>::new(), "round {round}");
        assert!(store.check_replays().unwrap().is_empty());
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
