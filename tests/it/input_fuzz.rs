//! Hostile and careless input: arbitrary text where a position, a move, a time or a console
//! command is expected never panics, and a session of random commands from three users
//! leaves every game in the store consistent (each stored move replays to the stored
//! position) while every command gets an answer.

use std::sync::Arc;

use bao_bot::app::{time_per_move, App, ManualClock, Settings, User};
use bao_bot::console::command_line;
use bao_bot::rules::{Move, MoveSpec, Position, Variant};
use bao_bot::store::{Place, Store};
use proptest::prelude::*;

/// Valid positions of both variants and stages, to be mangled.
const POSITIONS: [&str; 4] = [
    "variant=kiswahili turn=S hand=22,22 house=S,N takasia=- A=0,0,0,0,6,2,2,0 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,2,2,0 b=0,0,0,0,0,0,0,0",
    "variant=kiswahili turn=N hand=4,5 house=- takasia=- A=3,1,4,0,5,0,4,1 B=0,1,3,1,2,0,3,2 a=0,1,13,1,1,0,3,0 b=1,1,1,1,1,0,0,1",
    "variant=kiswahili turn=S hand=0,0 house=- takasia=- A=2,2,2,2,2,2,2,2 B=2,2,2,2,2,2,2,2 a=2,2,2,2,2,2,2,2 b=2,2,2,2,2,2,2,2",
    "variant=kujifunza turn=S hand=0,0 house=- takasia=- A=0,2,1,0,1,5,4,1 B=0,3,3,0,3,3,1,0 a=1,1,0,1,4,9,8,1 b=3,0,3,3,0,0,2,1",
];

/// Words a careless player might type, mixed with real moves and commands.
const WORDS: [&str; 40] = [
    "/bao",
    "move",
    "a4",
    "A3",
    "b8",
    "a9",
    "c1",
    "left",
    "right",
    "capture",
    "takata",
    "stop",
    "use",
    "L",
    "R",
    "board",
    "moves",
    "history",
    "resign",
    "draw",
    "abort",
    "accept",
    "decline",
    "challenge",
    "@baraka",
    "@asha",
    "ai",
    "easy",
    "north",
    "kujifunza",
    "games",
    "game:1",
    "game:x",
    "time:1d",
    "time:3s",
    "notify",
    "dm",
    "claim",
    "help",
    "🎲",
];

/// Reads `text` every way the bot reads input, and uses what was accepted.
fn read_everything(text: &str) {
    if let Ok(pos) = text.parse::<Position>() {
        check_position(&pos);
    }
    let _ = text.parse::<Move>();
    let _ = text.parse::<MoveSpec>();
    let _ = text.parse::<Variant>();
    let _ = time_per_move(text);
    let _ = command_line(text, &mut |name| User::new(9, name));
    let start = Position::start(Variant::Kiswahili);
    let _ = start.play_text(text);
}

/// A position that was accepted prints and reads back the same, and every legal move plays.
fn check_position(pos: &Position) {
    let text = pos.to_string();
    assert_eq!(text.parse::<Position>().as_ref(), Ok(pos), "{text}");
    for mv in pos.legal_moves() {
        pos.play(&mv)
            .unwrap_or_else(|e| panic!("{mv} listed but refused in {text}: {e}"));
    }
}

/// `base` with its `index`-th number replaced by `value`.
fn mangle(base: &str, index: usize, value: &str) -> String {
    let mut seen = 0;
    let mut out = String::new();
    let mut chars = base.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut number = c.to_string();
            while let Some(d) = chars.next_if(char::is_ascii_digit) {
                number.push(d);
            }
            out.push_str(if seen == index { value } else { &number });
            seen += 1;
        } else {
            out.push(c);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_is_refused_or_read_but_never_panics(text in "\\PC{0,60}") {
        read_everything(&text);
    }

    #[test]
    fn near_misses_of_real_input_never_panic(
        words in prop::collection::vec(prop::sample::select(WORDS.to_vec()), 0..8)
    ) {
        read_everything(&words.join(" "));
        read_everything(&words.concat());
    }

    #[test]
    fn mangled_positions_are_refused_or_consistent(
        which in 0..POSITIONS.len(),
        index in 0..40usize,
        value in prop_oneof![
            Just("0".to_string()), Just("1".to_string()), Just("64".to_string()),
            Just("255".to_string()), Just("256".to_string()), Just("-1".to_string()),
            Just("99999999999999999999".to_string()), Just("".to_string()),
            (0u32..70).prop_map(|n| n.to_string()),
        ],
    ) {
        read_everything(&mangle(POSITIONS[which], index, &value));
    }
}

/// Subcommands for the sessions, those that start and play games most often.
const SUBS: [&str; 21] = [
    "move",
    "move",
    "move",
    "move",
    "challenge",
    "challenge",
    "accept",
    "accept",
    "board",
    "moves",
    "ai",
    "ai",
    "resign",
    "draw",
    "abort",
    "history",
    "games",
    "claim",
    "decline",
    "notify",
    "help",
];

/// Move-shaped words: every pit name of both sides, directions and kinds.
fn move_words() -> Vec<String> {
    let mut out = Vec::new();
    for row in ["a", "b", "A", "B"] {
        for n in 1..=8 {
            out.push(format!("{row}{n}"));
        }
    }
    for w in [
        "left", "right", "left", "right", "capture", "takata", "stop", "use", "x9",
    ] {
        out.push(w.to_string());
    }
    out
}

/// Every game in the store replays move by move to its stored position.
fn assert_consistent(store: &Store) {
    for id in 1..=20 {
        let Ok(Some(game)) = store.game(bao_bot::store::GameId(id)) else {
            continue;
        };
        let mut pos: Position = game.start_position.parse().expect("stored start");
        let moves = store.moves(game.id).expect("moves");
        assert_eq!(moves.len() as u32, game.ply, "game {id}");
        for m in &moves {
            let (_, next, _) = pos
                .play_text(&m.text)
                .unwrap_or_else(|e| panic!("game {id} ply {}: {} ({e})", m.ply, m.text));
            assert_eq!(
                next.to_string(),
                m.position_after,
                "game {id} ply {}",
                m.ply
            );
            pos = next;
        }
        assert_eq!(pos.to_string(), game.position, "game {id}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: crate::support::cases(8, 24),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_sessions_answer_everything_and_keep_games_whole(
        steps in prop::collection::vec(
            (
                0..3usize,
                0..3usize,
                prop::sample::select(SUBS.to_vec()),
                prop::collection::vec(prop::sample::select(move_words()), 2..4),
                prop::collection::vec(prop::sample::select(WORDS.to_vec()), 0..2),
                0..3u8,
                0..8usize,
            ),
            1..80,
        )
    ) {
        let store = Arc::new(Store::open_in_memory().expect("store"));
        let clock = Arc::new(ManualClock::new(1_800_000_000));
        let app = App::new(store.clone(), clock.clone(), Settings::default());
        let users = [User::new(1, "asha"), User::new(2, "baraka"), User::new(3, "carol")];
        let places = [
            Place::Channel { guild: 10, channel: 20 },
            Place::Channel { guild: 10, channel: 21 },
            Place::Dm { user: 0 },
        ];
        // The buttons of the last answer in each place, to press some of them.
        let mut buttons: Vec<Vec<String>> = vec![Vec::new(); places.len()];
        for (who, at, sub, move_words, words, press, button) in steps {
            let user = &users[who];
            let place = match places[at] {
                Place::Dm { .. } => Place::Dm { user: user.id.0 },
                p => p,
            };
            let response = if press < 2 && !buttons[at].is_empty() {
                let id = buttons[at][button % buttons[at].len()].clone();
                app.press(user, &place, &id).expect("a pressed button is answered")
            } else {
                let args = match sub {
                    "move" => move_words.join(" "),
                    "challenge" => format!("@{}", users[(who + 1 + button % 2) % 3].name),
                    "ai" => "easy".to_string(),
                    _ => String::new(),
                };
                let line = format!("/bao {sub} {args} {}", words.join(" "));
                let named = |name: &str| {
                    users.iter().find(|u| u.name == name).cloned().unwrap_or_else(|| User::new(77, name))
                };
                match command_line(&line, &mut |n| named(n)) {
                    Ok(cmd) => app.handle(user, &place, cmd).expect("a command is answered"),
                    Err(msg) => {
                        prop_assert!(!msg.is_empty());
                        continue;
                    }
                }
            };
            prop_assert!(!response.reply.text.trim().is_empty(), "an empty answer");
            if !response.reply.buttons.is_empty() {
                buttons[at] = response.reply.buttons.iter().flatten().map(|b| b.id.clone()).collect();
            }
            clock.advance(600);
            assert_consistent(&store);
        }
        if std::env::var_os("BAO_FUZZ_STATS").is_some() {
            let plies: u32 = (1..=20)
                .filter_map(|id| store.game(bao_bot::store::GameId(id)).ok().flatten())
                .map(|g| g.ply)
                .sum();
            eprintln!("plies stored: {plies}");
        }
    }
}
