//! Where the language is decided (docs/i18n.md): `/bao prefs language`, `/bao-settings
//! language`, a person's choice over the server's over English, private answers in the
//! asker's language and public messages in the server's.

use crate::support::app_world::{challenge, world, GENERAL};

use bao_bot::app::Command;
use bao_bot::i18n::Lang;

#[test]
fn a_persons_choice_beats_the_servers_which_beats_english() {
    let w = world();
    // Nobody chose: English.
    let r = w.run(&w.carol, &GENERAL, Command::ServerSettings).reply;
    assert_eq!(r.lang, Some(Lang::En));
    assert!(
        r.render().contains("`language`: **en** (English"),
        "{}",
        r.render()
    );

    // Asha chooses Swahili: her prefs answer in Swahili, at once.
    let r = w.prefs_language(&w.asha, Some(Lang::Sw));
    assert_eq!(r.lang, Some(Lang::Sw));
    assert!(
        r.render().starts_with("**Imehifadhiwa.**"),
        "{}",
        r.render()
    );
    assert!(
        r.render().contains("language (lugha): **sw** (Kiswahili)"),
        "{}",
        r.render()
    );
    // Carol still reads English.
    assert_eq!(
        w.run(&w.carol, &GENERAL, Command::Help).reply.lang,
        Some(Lang::En)
    );

    // The server chooses Swahili: Carol (no choice of her own) reads it; Baraka, who chose
    // English, keeps English in private.
    w.prefs_language(&w.baraka, Some(Lang::En));
    let r = w.set_language(&w.dan, "sw", true);
    assert_eq!(
        r.lang,
        Some(Lang::Sw),
        "Dan chose nothing: the server's, just set"
    );
    assert!(r.render().contains("**sw** (Kiswahili)"), "{}", r.render());
    assert_eq!(
        w.run(&w.carol, &GENERAL, Command::Help).reply.lang,
        Some(Lang::Sw)
    );
    assert_eq!(
        w.run(&w.baraka, &GENERAL, Command::Help).reply.lang,
        Some(Lang::En)
    );
    let shown = w
        .run(&w.carol, &GENERAL, Command::ServerSettings)
        .reply
        .render();
    assert!(
        shown.contains("`language`: **sw** (Kiswahili") && shown.contains("<@4>"),
        "who changed it is shown: {shown}"
    );

    // A public message (a challenge in the channel) is in the server's language even when
    // Baraka, who reads English, sends it.
    let r = w
        .run(&w.baraka, &GENERAL, challenge(&w.carol).command())
        .reply;
    assert!(!r.ephemeral);
    assert_eq!(r.lang, Some(Lang::Sw));

    // Back to the defaults.
    let r = w.prefs_language(&w.baraka, None);
    assert_eq!(r.lang, Some(Lang::Sw), "Baraka now follows the server");
    assert!(
        r.render().contains("**chaguo-msingi** (`default`"),
        "{}",
        r.render()
    );
    w.set_language(&w.dan, "default", true);
    assert_eq!(
        w.run(&w.carol, &GENERAL, Command::Help).reply.lang,
        Some(Lang::En)
    );
}

#[test]
fn only_managers_set_the_servers_language_and_a_wrong_one_is_explained() {
    let w = world();
    let r = w.set_language(&w.carol, "sw", false);
    assert!(
        r.ephemeral && r.render().contains("Manage Server"),
        "{}",
        r.render()
    );
    assert_eq!(w.store.server_language(10).expect("store"), None);
    let r = w.set_language(&w.carol, "french", true);
    assert!(r.ephemeral, "{}", r.render());
    assert!(
        r.render().contains("`french` is not a language of the bot")
            && r.render().contains("`sw` (Kiswahili)"),
        "{}",
        r.render()
    );
    assert_eq!(w.store.server_language(10).expect("store"), None);
}

#[test]
fn typed_moves_take_swahili_words() {
    use bao_bot::rules::{Move, MoveSpec};
    let a: MoveSpec = "A4 kushoto kula".parse().expect("reads");
    let b: MoveSpec = "A4 left capture".parse().expect("reads");
    assert_eq!(a, b);
    let c: Move = "a6 kulia takata".parse().expect("reads");
    assert_eq!(c, "a6 right takata".parse::<Move>().expect("reads"));
    let d: MoveSpec = "A2 left capture safari".parse().expect("reads");
    assert_eq!(d, "A2 left capture use".parse::<MoveSpec>().expect("reads"));
    let e: MoveSpec = "A2 left capture simama".parse().expect("reads");
    assert_eq!(
        e,
        "A2 left capture stop".parse::<MoveSpec>().expect("reads")
    );
    let f: MoveSpec = "A4 kulia kula ingia-kushoto".parse().expect("reads");
    assert_eq!(
        f,
        "A4 right capture enter-left"
            .parse::<MoveSpec>()
            .expect("reads")
    );
}

/// What a person reads of a move is what they may type: every legal move of positions with
/// house and entry choices, said in each language's words (and as its button's label, the
/// brackets and arrow aside), reads back as that very move; English says the notation.
#[test]
fn moves_said_in_each_language_read_back_as_the_same_move() {
    use bao_bot::i18n::words::move_words;
    use bao_bot::rules::{HouseChoice, Move, MoveKind, MoveSpec, Position};
    let (mut houses, mut entries) = (0, 0);
    let mut positions = vec![
        Position::start(bao_bot::rules::Variant::Kiswahili),
        Position::start(bao_bot::rules::Variant::Kujifunza),
    ];
    // Walk some plies of each, by the first and the last legal move, so that captures,
    // house and entry choices come up.
    let mut frontier = positions.clone();
    for _ in 0..30 {
        frontier = frontier
            .iter()
            .flat_map(|p| {
                let legal = p.legal_moves();
                [legal.first(), legal.last()]
                    .into_iter()
                    .flatten()
                    .map(|mv| p.play_unchecked(mv))
                    .collect::<Vec<_>>()
            })
            .collect();
        frontier.truncate(16);
        positions.extend(frontier.iter().cloned());
    }
    for pos in &positions {
        for mv in pos.legal_moves().iter() {
            houses += usize::from(mv.house.is_some());
            entries += usize::from(mv.entry.is_some());
            for lang in Lang::ALL {
                let words = move_words(lang);
                let said = words.say(mv);
                let spec: MoveSpec = said.parse().unwrap_or_else(|e| panic!("{said}: {e}"));
                assert!(mv.matches(&spec), "{lang}: `{said}` is not {mv}");
                let label = words.label(mv).replace(['(', ')'], "");
                let spec: MoveSpec = label.parse().unwrap_or_else(|e| panic!("{label}: {e}"));
                assert!(mv.matches(&spec), "{lang}: button `{label}` is not {mv}");
            }
            assert_eq!(move_words(Lang::En).say(mv), mv.to_string());
        }
    }
    let sw = move_words(Lang::Sw);
    let mv = |s: &str| s.parse::<Move>().expect("a move");
    assert_eq!(sw.say(&mv("A4 left capture use")), "A4 kushoto kula safari");
    assert_eq!(sw.label(&mv("A4 left takata")), "A4 ← takata");
    assert_eq!(sw.house(HouseChoice::Stop), "simama");
    assert_eq!(sw.kind(MoveKind::Capture), "kula");
    assert_eq!(
        sw.label(&mv("A4 right capture enter-left")),
        "A4 → kula (ingia-kushoto)"
    );
    // The catalogue's own words for a capture and the directions are the list's.
    for lang in Lang::ALL {
        let w = move_words(lang);
        let said = |id: &'static str| bao_bot::i18n::Msg::new(id).render(lang);
        assert_eq!(said("word-capture"), w.capture);
        assert_eq!(said("word-left"), w.left);
        assert_eq!(said("word-right"), w.right);
        assert_eq!(said("word-takata"), w.takata);
    }
    assert!(
        houses > 0 && entries > 0,
        "{houses} house, {entries} entry choices"
    );
}

/// A puzzle played in Swahili: the board, a wrong answer and the end say no English
/// sentence (move notation and names aside), and the picture's caption is drawn in it.
#[test]
fn a_puzzle_is_played_in_swahili() {
    let w = world();
    w.prefs_language(&w.asha, Some(Lang::Sw));
    let open = w
        .run(
            &w.asha,
            &GENERAL,
            Command::Puzzle {
                theme: None,
                variant: None,
                daily: false,
            },
        )
        .reply;
    let text = open.render();
    assert_eq!(open.lang, Some(Lang::Sw));
    assert!(text.starts_with("**Fumbo "), "{text}");
    assert!(text.contains("Zamu ya "), "{text}");
    // The first move button: right or wrong, the answer is said in Swahili.
    let press = open
        .buttons
        .first()
        .and_then(|row| row.first())
        .expect("a move button");
    let after = w
        .app
        .press(&w.asha, &GENERAL, &press.id)
        .expect("app")
        .reply;
    let said = after.render();
    assert_eq!(after.lang, Some(Lang::Sw));
    for english in [
        "Right!",
        "Solved",
        "Not this one",
        "You:",
        "The answer",
        "It allowed",
        "sowed",
        "rating",
    ] {
        assert!(!said.contains(english), "`{english}` in: {said}");
    }
    assert!(
        said.contains("Wewe:") || said.contains("Endelea:"),
        "{said}"
    );
}

/// A tournament in a Swahili server: the announcement (its buttons too), the sign-ups and
/// the round's pairings and pings are said in Swahili, to everyone.
#[test]
fn a_tournament_is_announced_in_the_servers_language() {
    use bao_bot::app::{NewEventAsk, TournamentAction, TournamentAsk};
    let t = |action| {
        Command::Tournament(TournamentAsk {
            action,
            event: None,
            manage_server: false,
        })
    };
    let w = world();
    w.set_language(&w.dan, "sw", true);
    let made = w
        .run(
            &w.asha,
            &GENERAL,
            t(TournamentAction::Create(NewEventAsk {
                name: "Kombe la Pwani".into(),
                format: "round-robin".into(),
                time_per_move: Some("1d".into()),
                ..NewEventAsk::default()
            })),
        )
        .reply;
    assert_eq!(made.lang, Some(Lang::Sw));
    let said = made.render();
    assert!(
        said.starts_with("**Mashindano #1 · Kombe la Pwani** ya Asha"),
        "{said}"
    );
    let labels: Vec<&str> = made.buttons[0].iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["Jiunge", "Ondoka"]);
    let joined = w
        .app
        .press(&w.baraka, &GENERAL, &made.buttons[0][0].id)
        .expect("app")
        .reply;
    assert!(
        joined.render().contains("Baraka amejiunga"),
        "{}",
        joined.render()
    );
    w.run(&w.asha, &GENERAL, t(TournamentAction::Join));
    let started = w.run(&w.asha, &GENERAL, t(TournamentAction::Start));
    assert!(
        started.reply.render().ends_with("yanaanza."),
        "{}",
        started.reply.render()
    );
    let round = &started.notices[0].reply;
    assert_eq!(round.lang, Some(Lang::Sw));
    assert!(
        round
            .render()
            .contains("**Raundi 1 ya #1 · Kombe la Pwani**"),
        "{}",
        round.render()
    );
    assert!(
        round.render().contains("(Kusini) dhidi ya"),
        "{}",
        round.render()
    );
    for n in &started.notices[1..] {
        assert!(
            n.reply.render().contains("unacheza"),
            "{}",
            n.reply.render()
        );
    }
}
