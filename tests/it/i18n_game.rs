//! The game's own conversation in Swahili (issue 41, part 2): two players who chose `sw`, in
//! a server set to `sw`, play a challenge, its acceptance, moves with a capture, refused
//! moves, a takeback asked and answered, a draw offer and a resignation; and a game against
//! the AI in a DM. Every reply and notice is rendered in its language and has no English
//! in what this conversation says; spot checks that the Swahili names the right people,
//! pits and numbers.

use crate::support::app_world::{challenge, world, World, GENERAL};
use crate::support::english::EnglishFinder;

use bao_bot::app::{Command, Reply, Response, SideChoice, User};
use bao_bot::i18n::Lang;
use bao_bot::rules::Position;
use bao_bot::store::{Game, Place};

fn finder() -> EnglishFinder {
    EnglishFinder::new(Lang::Sw, &["Asha", "Baraka", "Carol", "Dan"])
}

/// The server in Swahili, and Asha and Baraka choosing Swahili themselves.
fn swahili_world() -> World {
    let w = world();
    let r = w.set_language(&w.dan, "sw", true);
    assert_eq!(r.lang, Some(Lang::Sw), "{}", r.render());
    for who in [&w.asha, &w.baraka] {
        assert_eq!(w.prefs_language(who, Some(Lang::Sw)).lang, Some(Lang::Sw));
    }
    w
}

/// Checks a reply said in Swahili: its language, no English in its text (a board reply's
/// own lines too: the status line, the text board) nor in its buttons' labels other than
/// moves. Returns its text.
fn swahili(what: &str, r: &Reply) -> String {
    assert_eq!(r.lang, Some(Lang::Sw), "{what}: {}", r.render());
    let text = r.render();
    let f = finder();
    f.assert_none(what, &text);
    for b in r.buttons.iter().flatten() {
        // Move buttons are notation.
        if b.id.starts_with("bao:m:") || b.id.starts_with("bao:moves:") {
            continue;
        }
        f.assert_none(&format!("{what}: button"), &b.label);
    }
    text
}

/// A private refusal in Swahili; returns its text.
fn refused(what: &str, r: &Reply) -> String {
    assert!(r.ephemeral, "{what}: a refusal is private: {}", r.render());
    swahili(what, r)
}

/// Every notice of `resp` said in its language has no English in what it says.
fn notices_swahili(what: &str, resp: &Response) {
    for n in &resp.notices {
        let r = &n.reply;
        if r.lang == Some(Lang::Sw) {
            swahili(&format!("{what}: notice"), r);
        }
    }
}

fn mv(w: &World, who: &User, place: &Place, text: &str) -> Response {
    w.run(
        who,
        place,
        Command::Move {
            text: text.into(),
            game: None,
        },
    )
}

fn position(game: &Game) -> Position {
    game.position.parse().expect("position")
}

#[test]
fn two_players_play_a_whole_game_in_swahili() {
    let w = swahili_world();

    // The challenge: public, in the server's language, with Swahili buttons.
    let r = w
        .run(
            &w.asha,
            &GENERAL,
            challenge(&w.baraka).rated(false).time("1d").command(),
        )
        .reply;
    assert!(!r.ephemeral);
    let text = swahili("challenge", &r);
    assert!(
        text.starts_with("<@2> (") && text.contains("Asha (") && text.contains("changamoto"),
        "{text}"
    );
    assert!(
        text.contains("Asha anacheza Kusini na anaanza")
            && text.contains("siku 1 kwa hatua")
            && text.contains("mchezo wa kirafiki")
            && text.contains("Bao la Kiswahili"),
        "{text}"
    );
    let labels = r.button_labels();
    assert_eq!(labels, ["Kubali", "Kataa"]);
    let accept = r.button_ids()[0].to_string();

    // Refusals before the game starts.
    let t = refused(
        "move too early",
        &mv(&w, &w.asha, &GENERAL, "a4 left").reply,
    );
    assert!(t.contains("`/bao accept`"), "{t}");
    let t = refused(
        "accept own challenge",
        &w.app.press(&w.asha, &GENERAL, &accept).unwrap().reply,
    );
    assert!(t.contains("`/bao abort`"), "{t}");
    let t = refused(
        "second challenge",
        &w.run(&w.carol, &GENERAL, challenge(&w.dan).command()).reply,
    );
    assert!(t.contains("mchezo 1"), "{t}");

    // Baraka accepts.
    let resp = w.app.press(&w.baraka, &GENERAL, &accept).unwrap();
    let first = swahili("accept", &resp.reply);
    assert_eq!(
        first.lines().next().unwrap(),
        "Baraka amekubali. Asha anacheza Kusini, Baraka anacheza Kaskazini."
    );
    notices_swahili("accept", &resp);

    // Moves until one captures, the capture taken when there is one.
    let mut captured = false;
    for ply in 0..12 {
        let game = w.game_here(&GENERAL);
        let pos = position(&game);
        let legal = pos.legal_moves();
        let pick = legal
            .iter()
            .find(|m| m.to_string().contains("capture"))
            .unwrap_or(&legal[0])
            .to_string();
        let who = [&w.asha, &w.baraka][pos.turn().index()];
        let other = [&w.baraka, &w.asha][pos.turn().index()];
        if ply == 1 {
            // Not your turn, a move that does not read, an illegal move.
            let t = refused("not your turn", &mv(&w, other, &GENERAL, &pick).reply);
            assert!(
                t.starts_with("Si zamu yako") && t.contains(&who.name),
                "{t}"
            );
            let t = refused("unread move", &mv(&w, who, &GENERAL, "z9 juu").reply);
            assert!(t.contains("Hatua halali sasa:"), "{t}");
            let illegal = ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"]
                .iter()
                .flat_map(|p| [format!("{p} left"), format!("{p} right")])
                .find(|t| t.parse().is_ok_and(|s| pos.find_move(&s).is_err()))
                .expect("an illegal move");
            let t = refused("illegal move", &mv(&w, who, &GENERAL, &illegal).reply);
            assert!(!t.is_empty(), "{t}");
        }
        let resp = mv(&w, who, &GENERAL, &pick);
        assert!(!resp.reply.ephemeral, "{}", resp.reply.render());
        let text = swahili(&format!("move {pick}"), &resp.reply);
        let line = text.lines().next().unwrap();
        assert!(line.starts_with(&format!("{}: ", who.name)), "{line}");
        notices_swahili("move", &resp);
        if pick.contains("capture") {
            assert!(line.contains("ilikula kete"), "{line}");
            captured = true;
            if ply >= 2 {
                break;
            }
        }
    }
    assert!(captured, "no capture in 12 plies");

    // The last mover asks to take the move back; the other accepts with the button.
    let game = w.game_here(&GENERAL);
    let pos = position(&game);
    let (mover, answerer) = match pos.turn().index() {
        0 => (&w.baraka, &w.asha),
        _ => (&w.asha, &w.baraka),
    };
    let t = refused(
        "takeback by the wrong player",
        &w.run(answerer, &GENERAL, Command::Takeback).reply,
    );
    assert!(t.contains(&mover.name), "{t}");
    let ask = w.run(mover, &GENERAL, Command::Takeback).reply;
    let t = swahili("takeback request", &ask);
    assert!(
        t.starts_with(&format!("{} anaomba kurudisha `", mover.name)),
        "{t}"
    );
    let labels = ask.button_labels();
    assert_eq!(labels, ["Kubali kurudisha", "Kataa"]);
    let ids: Vec<String> = ask.button_ids().iter().map(|s| s.to_string()).collect();
    let t = refused(
        "own takeback",
        &w.app.press(mover, &GENERAL, &ids[0]).unwrap().reply,
    );
    assert!(t.contains(&answerer.name), "{t}");
    let resp = w.app.press(answerer, &GENERAL, &ids[0]).unwrap();
    let t = swahili("takeback accepted", &resp.reply);
    assert!(
        t.starts_with(&format!("{} amekubali:", answerer.name))
            && t.lines().next().unwrap().ends_with("tena."),
        "{t}"
    );
    let t = refused(
        "takeback answered twice",
        &w.app.press(answerer, &GENERAL, &ids[1]).unwrap().reply,
    );
    assert!(t.contains("lilikwisha kukubaliwa"), "{t}");
    assert_eq!(w.game_here(&GENERAL).ply + 1, game.ply);

    // A draw offer, refused twice, then a resignation.
    let resp = w.run(&w.asha, &GENERAL, Command::Draw);
    let t = swahili("draw offer", &resp.reply);
    assert!(t.starts_with("Asha anapendekeza sare. <@2>"), "{t}");
    let labels = resp.reply.button_labels();
    assert_eq!(labels, ["Kubali sare", "Kataa sare"]);
    refused("draw again", &w.run(&w.asha, &GENERAL, Command::Draw).reply);
    let t = refused(
        "abort by an outsider",
        &w.run(&w.carol, &GENERAL, Command::Abort).reply,
    );
    assert!(t.starts_with("Huchezi katika mchezo 1;"), "{t}");
    refused("claim", &w.run(&w.asha, &GENERAL, Command::Claim).reply);
    refused(
        "outsider",
        &w.run(&w.carol, &GENERAL, Command::Resign).reply,
    );
    let resp = w.run(&w.baraka, &GENERAL, Command::Resign);
    let t = swahili("resign", &resp.reply);
    assert_eq!(t.lines().next().unwrap(), "Baraka amejisalimisha.");
    notices_swahili("resign", &resp);
    let id = w.store.games_in(&GENERAL, 1).unwrap()[0].id;
    let t = refused(
        "move after the end",
        &w.run(
            &w.asha,
            &GENERAL,
            Command::Move {
                text: "a4 left".into(),
                game: Some(id),
            },
        )
        .reply,
    );
    assert!(t.starts_with(&format!("Mchezo {id} umekwisha")), "{t}");

    // A forged button and a command without a game.
    let r = w
        .app
        .press(&w.asha, &GENERAL, "bao:nonsense")
        .unwrap()
        .reply;
    let t = refused("forged button", &r);
    assert!(t.starts_with("Kitufe hiki si halali"), "{t}");
    refused("no game", &w.run(&w.asha, &GENERAL, Command::Resign).reply);
}

#[test]
fn a_game_against_the_ai_in_a_dm_is_in_the_players_language() {
    let w = swahili_world();
    let dm = Place::Dm { user: w.asha.id.0 };
    // Asha plays North: the AI moves first, and says so in Swahili.
    let r = w
        .run(
            &w.asha,
            &dm,
            Command::Ai {
                level: None,
                side: Some(SideChoice::North),
                variant: None,
                rules: None,
                clock: Some("5+3".into()),
            },
        )
        .reply;
    let t = swahili("ai start", &r);
    let mut lines = t.lines();
    let start = lines.next().unwrap();
    assert!(
        start.starts_with("Asha anacheza Bao la Kiswahili na kompyuta (wastani, alama ")
            && start.contains("saa 5+3 (dakika 5 kila mmoja, sekunde 3 kila hatua)")
            && start.ends_with("kompyuta ni Kusini."),
        "{start}"
    );
    assert!(
        lines.next().unwrap().starts_with("Kompyuta (wastani): "),
        "{t}"
    );
    refused(
        "challenge in a dm",
        &w.run(&w.asha, &dm, challenge(&w.baraka).command()).reply,
    );
    refused(
        "draw with the AI",
        &w.run(&w.asha, &dm, Command::Draw).reply,
    );

    // Asha moves; the AI answers; both lines in Swahili.
    let game = w.game_here(&dm);
    let first = position(&game).legal_moves()[0].to_string();
    let resp = mv(&w, &w.asha, &dm, &first);
    let t = swahili("move against the AI", &resp.reply);
    let mut lines = t.lines();
    assert!(lines.next().unwrap().starts_with("Asha: "), "{t}");
    assert!(
        lines.next().unwrap().starts_with("Kompyuta (wastani): "),
        "{t}"
    );

    // A takeback against the AI is at once.
    let r = w.run(&w.asha, &dm, Command::Takeback).reply;
    let t = swahili("takeback against the AI", &r);
    assert!(
        t.starts_with(&format!("Asha amerudisha {first}")) && t.contains("zamu ya Asha"),
        "{t}"
    );

    let resp = w.run(&w.asha, &dm, Command::Resign);
    let t = swahili("resign against the AI", &resp.reply);
    assert!(t.starts_with("Asha amejisalimisha."), "{t}");
}

#[test]
fn refusals_of_typed_options_are_in_swahili() {
    let w = swahili_world();
    let say = |cmd: Command| w.run(&w.asha, &GENERAL, cmd).reply;
    let t = refused(
        "bad time",
        &say(challenge(&w.baraka).time("soon").command()),
    );
    assert!(t.starts_with("`soon` si muda kwa hatua"), "{t}");
    let t = refused(
        "short time",
        &say(challenge(&w.baraka).time("5m").command()),
    );
    assert!(t.starts_with("dakika 5 kwa hatua"), "{t}");
    let t = refused(
        "bad clock",
        &say(challenge(&w.baraka).clock("fast").command()),
    );
    assert!(t.starts_with("`fast` si saa"), "{t}");
    refused(
        "clock and time",
        &say(challenge(&w.baraka).clock("5+3").time("1d").command()),
    );
    refused("cap alone", &say(challenge(&w.baraka).cap("10d").command()));
    refused(
        "hints rated",
        &say(challenge(&w.baraka).rated(true).hints(true).command()),
    );
    refused("self", &say(challenge(&w.asha).command()));
    let t = refused(
        "no such game",
        &say(Command::Move {
            text: "a4 left".into(),
            game: Some(bao_bot::store::GameId(99)),
        }),
    );
    assert!(t.starts_with("Hakuna mchezo 99."), "{t}");
    // In English the same refusal reads as before.
    let t = w
        .run(&w.carol, &GENERAL, challenge(&w.carol).command())
        .reply;
    assert_eq!(t.lang, Some(Lang::Sw), "Carol follows the server");
    assert_eq!(
        &*t.text,
        "You cannot challenge yourself. Challenge someone else, or play the AI with `/bao ai`."
    );
}
