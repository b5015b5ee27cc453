//! Forged button ids, pressed by players, bystanders and strangers, in channels and DMs:
//! random actions, ids of games in other places and of other people's DM games, plies
//! missing, stale, huge or negative, junk moves. Every press is answered; a press that
//! changes nothing is answered privately; nothing is shown of a game the presser may not
//! see; nothing changes that the presser may not change; and after every press every stored
//! game replays to its stored position.

use crate::support::app_world;
use app_world::{challenge, world_with, GENERAL};
use std::sync::Arc;
use std::time::Duration;

use bao_bot::app::{App, ButtonId, Command, Settings, SideChoice, User};
use bao_bot::rules::Position;
use bao_bot::store::{Game, GameId, Place, RequestOutcome, Store};
use proptest::prelude::*;

const OTHER: Place = Place::Channel {
    guild: 10,
    channel: 21,
};
const OLD: Place = Place::Channel {
    guild: 10,
    channel: 22,
};
const WAITING: Place = Place::Channel {
    guild: 10,
    channel: 23,
};

/// The shared world's app, its store and its four players: Asha and Baraka, Carol (who
/// reads the server's channels but plays only the finished game) and Dan (who plays nothing
/// the others play).
struct Games {
    app: Arc<App>,
    store: Arc<Store>,
    users: [User; 4],
}

/// `by` challenges `to` at `place` (`by` South).
fn challenged(app: &App, by: &User, to: &User, place: &Place, rated: Option<bool>) {
    let c = challenge(to).rated(rated).command();
    let r = app.handle(by, place, c).expect("challenge");
    assert!(!r.reply.ephemeral, "{}", r.reply.text);
}

/// Games of every kind: a casual game between Asha and Baraka in #general (Baraka to move,
/// Asha's request to take her move back open), Baraka against the AI in #other, Asha
/// against the AI in her DMs, a finished game of Carol and Dan in #old, and Baraka's
/// challenge to Carol waiting in #waiting.
fn world() -> Games {
    let w = world_with(Settings {
        ai_wall_caps: [Duration::from_millis(5); bao_bot::ai::Level::COUNT],
        ..Settings::default()
    });
    let app = &w.app;
    let [asha, baraka, carol, dan] = [w.asha, w.baraka, w.carol, w.dan];
    challenged(app, &asha, &baraka, &GENERAL, Some(false));
    app.handle(&baraka, &GENERAL, Command::Accept)
        .expect("accept");
    let mv = Command::Move {
        text: "a6 left".into(),
        game: None,
    };
    app.handle(&asha, &GENERAL, mv).expect("move");
    let request = app
        .handle(&asha, &GENERAL, Command::Takeback)
        .expect("takeback request");
    assert!(!request.reply.ephemeral, "{}", request.reply.text);
    let ai = |user: &User, place: &Place| {
        let c = Command::Ai {
            level: None,
            side: Some(SideChoice::South),
            variant: None,
            rules: None,
            clock: None,
        };
        app.handle(user, place, c).expect("ai");
    };
    ai(&baraka, &OTHER);
    ai(&asha, &Place::Dm { user: 1 });
    challenged(app, &carol, &dan, &OLD, None);
    app.handle(&dan, &OLD, Command::Accept).expect("accept");
    app.handle(&carol, &OLD, Command::Resign).expect("resign");
    challenged(app, &baraka, &carol, &WAITING, None);
    Games {
        app: w.app.clone(),
        store: w.store,
        users: [asha, baraka, carol, dan],
    }
}

/// What a press could change in a game (with its takeback requests' outcomes).
type Snapshot = Vec<(
    GameId,
    bao_bot::store::GameStatus,
    u32,
    Option<bao_bot::rules::Side>,
    Vec<RequestOutcome>,
)>;

fn snapshot(store: &Store) -> Snapshot {
    (1..=6)
        .filter_map(|id| store.game(GameId(id)).ok().flatten())
        .map(|g| {
            let requests = store.takeback_requests(g.id).expect("store");
            let outcomes = requests.iter().map(|r| r.outcome).collect();
            (g.id, g.status, g.ply, g.draw_offered_by, outcomes)
        })
        .collect()
}

/// How one field of a forged id is made.
#[derive(Debug, Clone)]
enum Field {
    /// A field of a real button (the game's id, its current ply, a legal move).
    Real,
    /// The real value moved by this much (a stale or future ply, another game's id).
    Off(i64),
    /// Literal text.
    Text(&'static str),
}

const ACTIONS: [&str; 12] = [
    "m",
    "moves",
    "draw",
    "accept",
    "decline",
    "board",
    "resign",
    "claim",
    "M",
    "",
    "tbaccept",
    "tbdecline",
];
const JUNK: [&str; 9] = [
    "",
    "-1",
    "0",
    "+1",
    " 1",
    "x",
    "4294967296",
    "99999999999999999999",
    "1.0",
];
const MOVES: [&str; 6] = [
    "junk",
    "",
    " A6 left",
    "A6 left takata",
    "a6 right",
    "A5 left capture (stop)",
];

fn field(junk: &'static [&'static str]) -> impl Strategy<Value = Field> {
    prop_oneof![
        6 => Just(Field::Real),
        2 => (-2i64..=2).prop_map(Field::Off),
        2 => prop::sample::select(junk).prop_map(Field::Text),
    ]
}

/// Mostly the actions the bot really puts on buttons, a move most often.
fn action() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        6 => Just("m"),
        2 => Just("moves"),
        2 => Just("draw"),
        1 => Just("accept"),
        1 => Just("decline"),
        2 => Just("tbaccept"),
        1 => Just("tbdecline"),
        2 => prop::sample::select(ACTIONS.to_vec()),
    ]
}

/// A press: who, where, and the id's fields (how many of them are written).
#[derive(Debug, Clone)]
struct Press {
    who: usize,
    at: usize,
    game: usize,
    action: &'static str,
    game_field: Field,
    ply: Field,
    mv: Field,
    fields: usize,
}

fn press() -> impl Strategy<Value = Press> {
    (
        (0..4usize, 0..5usize, 0..5usize),
        action(),
        field(&JUNK),
        field(&JUNK),
        field(&MOVES),
        prop_oneof![4 => Just(None), 1 => (2..=5usize).prop_map(Some)],
    )
        .prop_map(
            |((who, at, game), action, game_field, ply, mv, fields)| Press {
                // A real button has five fields for a move or a takeback answer, four for
                // anything else.
                fields: fields.unwrap_or(if action == "m" || action.starts_with("tb") {
                    5
                } else {
                    4
                }),
                who,
                at,
                game,
                action,
                game_field,
                ply,
                mv,
            },
        )
}

/// The id the press sends, and the game it names (when it names a stored one).
fn forge(p: &Press, game: &Game) -> String {
    let game_field = match &p.game_field {
        Field::Real => game.id.to_string(),
        Field::Off(d) => (game.id.0 + d).to_string(),
        Field::Text(t) => t.to_string(),
    };
    let ply = match &p.ply {
        Field::Real => game.ply.to_string(),
        Field::Off(d) => (i64::from(game.ply) + d).to_string(),
        Field::Text(t) => t.to_string(),
    };
    let legal = game
        .position
        .parse::<Position>()
        .map(|pos| pos.legal_moves())
        .unwrap_or_default();
    // A takeback answer's fifth field is the request's number (the open one is number 1).
    let takeback = p.action.starts_with("tb");
    let mv = match &p.mv {
        Field::Real if takeback => "1".to_string(),
        Field::Off(d) if takeback => (1 + d).to_string(),
        Field::Real => legal.first().map(|m| m.to_string()).unwrap_or_default(),
        Field::Off(d) => legal
            .get(d.unsigned_abs() as usize % legal.len().max(1))
            .map(|m| m.to_string())
            .unwrap_or_default(),
        Field::Text(t) => t.to_string(),
    };
    let fields = ["bao".to_string(), p.action.to_string(), game_field, ply, mv];
    fields[..p.fields].join(":")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn forged_buttons_are_answered_privately_and_change_and_reveal_nothing(
        presses in prop::collection::vec(press(), 1..30)
    ) {
        let w = world();
        let mut changes = 0;
        let games: Vec<Game> = (1..=5)
            .map(|id| w.store.game(GameId(id)).expect("store").expect("game"))
            .collect();
        for p in presses {
            let user = &w.users[p.who];
            let place = [GENERAL, OTHER, OLD, WAITING, Place::Dm { user: user.id.0 }][p.at];
            let target = w.store.game(games[p.game].id).expect("store").expect("game");
            let id = forge(&p, &target);
            let before = snapshot(&w.store);
            let named = id
                .parse::<ButtonId>()
                .ok()
                .and_then(|b| w.store.game(b.game).ok().flatten());
            let response = w.app.press(user, &place, &id).expect("every press is answered");
            let reply = &response.reply;
            let after = snapshot(&w.store);
            prop_assert!(!reply.text.trim().is_empty(), "an empty answer to {id}");
            prop_assert!(
                !(reply.ephemeral && reply.current_board().is_some()),
                "a private answer offered as a board to record: {id}"
            );
            if before == after {
                prop_assert!(reply.ephemeral, "{id} by {} answered publicly: {}", user.name, reply.text);
                prop_assert!(response.notices.is_empty(), "{id}: {:?}", response.notices);
            } else {
                changes += 1;
                // Only a real, current button of the presser's own game changes anything.
                let button: ButtonId = id.parse().expect("a change from an invalid id");
                let game = named.clone().expect("a change in a game that exists");
                prop_assert!(game.involves(user.id), "{} changed game {} by {id}", user.name, game.id);
                prop_assert_eq!(button.ply, game.ply, "a stale press changed game {}", game.id);
                prop_assert!(game.status.is_ongoing());
                let changed: Vec<_> = before.iter().zip(&after).filter(|(b, a)| b != a).collect();
                prop_assert_eq!(changed.len(), 1, "{} changed more than its game", id);
                prop_assert_eq!(changed[0].0 .0, game.id);
                if let bao_bot::app::Action::Move(_) = button.action {
                    let pos: Position = game.position.parse().expect("position");
                    prop_assert_eq!(game.side_of(user.id), Some(pos.turn()));
                }
            }
            if let Some(game) = named.filter(|g| g.place.is_dm() && !g.involves(user.id)) {
                prop_assert!(
                    reply.files().next().is_none() && reply.text_board().is_none() && reply.buttons.is_empty(),
                    "{id} showed {}'s DM game {} to {}", game.place, game.id, user.name
                );
                prop_assert!(!reply.text.contains("Legal moves"), "{}", reply.text);
            }
            prop_assert_eq!(w.store.check_replays().expect("replay"), Vec::new());
        }
        if std::env::var_os("BAO_FUZZ_STATS").is_some() {
            eprintln!("presses that changed a game: {changes}");
        }
    }
}
