//! Looking at games in Swahili (issue 41, part 2): `/bao board` (its status line, clock line
//! and buttons), `/bao moves`, `/bao history`, `/bao games`, a clocked game's result on time
//! and its grace abort, and the correspondence notices of `App::tick` (reminders by DM in
//! the recipient's language, the overdue notice in the server's), with no English left
//! outside names, move notation and commands.

use crate::support::app_world::{challenge, world, World, GENERAL};
use crate::support::english::EnglishFinder;

use bao_bot::app::{Command, Destination, Notice, PrefsChange, Reply, User};
use bao_bot::i18n::Lang;
use bao_bot::store::UserId;

const NAMES: &[&str] = &["Asha", "Baraka", "Carol", "Dan"];

fn finder() -> EnglishFinder {
    EnglishFinder::new(Lang::Sw, NAMES)
}

impl World {
    fn sw_ask(&self, who: &User, cmd: Command) -> Reply {
        self.run(who, &GENERAL, cmd).reply
    }

    fn sw_choose(&self, who: &User, lang: Lang) {
        self.sw_ask(
            who,
            Command::Prefs(PrefsChange {
                language: Some(Some(lang)),
                ..PrefsChange::default()
            }),
        );
    }

    /// #general's server speaks Swahili (Dan manages it).
    fn sw_server(&self) {
        let r = self.sw_ask(
            &self.dan,
            Command::SetServerSetting {
                key: "language".into(),
                value: "sw".into(),
                manage_server: true,
            },
        );
        assert_eq!(r.lang, Some(Lang::Sw), "{}", r.render());
    }

    fn sw_play(&self, who: &User, text: &str) -> Reply {
        self.sw_ask(
            who,
            Command::Move {
                text: text.into(),
                game: None,
            },
        )
    }
}

/// The clock's tick now: its DM to Asha (there must be one), in Swahili, as said.
fn reminder_to_asha(w: &World) -> String {
    let notices = w.app.tick().expect("tick");
    let dm = notices
        .iter()
        .find(|n| n.to == Destination::Dm(UserId(1)))
        .expect("a reminder to Asha");
    assert_eq!(dm.reply.lang, Some(Lang::Sw));
    dm.reply.render()
}

/// What a reply says in its language, checked for English line by line.
fn no_english(what: &str, r: &Reply) -> String {
    assert_eq!(r.lang, Some(Lang::Sw), "{what} is not in Swahili");
    let text = r.render();
    finder().assert_none(what, &text);
    text
}

/// The last line of a board message: the status line, said by the board's own code.
fn status_of(r: &Reply) -> String {
    r.render().lines().last().unwrap_or_default().to_string()
}

#[test]
fn a_swahili_games_board_moves_history_and_list_say_no_english() {
    let w = world();
    w.sw_server();
    w.sw_choose(&w.asha, Lang::Sw);
    w.sw_choose(&w.baraka, Lang::Sw);
    // A challenge still waiting: the list and the board say so in Swahili.
    w.sw_ask(&w.asha, challenge(&w.baraka).command());
    let games = no_english("/bao games (pending)", &w.sw_ask(&w.asha, Command::Games));
    assert!(
        games.contains("ulimpa changamoto Baraka") && games.contains("<#20>"),
        "{games}"
    );
    let refused = no_english(
        "/bao board (pending)",
        &w.sw_ask(&w.asha, Command::Board { game: None }),
    );
    assert!(refused.contains("haijakubaliwa"), "{refused}");
    let refused = no_english("/bao moves (pending)", &w.sw_ask(&w.asha, Command::Moves));
    assert!(refused.contains("`/bao accept`"), "{refused}");
    w.sw_ask(&w.baraka, Command::Accept);

    // Moves, a capture among them: each board's status line is Swahili.
    for (who, mv) in [
        (&w.asha, "a6 left"),
        (&w.baraka, "a6 left capture"),
        (&w.asha, "A4 left capture"),
    ] {
        let r = w.sw_play(who, mv);
        assert_eq!(r.lang, Some(Lang::Sw));
        let status = status_of(&r);
        finder().assert_none(mv, &status);
        assert!(status.starts_with("Zamu ya <@"), "{status}");
    }

    let board = w.sw_ask(&w.baraka, Command::Board { game: None });
    let text = no_english("/bao board", &board);
    assert!(text.contains("Zamu ya <@2> (Kaskazini, NAMUA)"), "{text}");
    let labels = board.button_labels();
    assert!(labels.contains(&"Pendekeza sare"), "{labels:?}");
    assert!(labels.iter().any(|l| l.starts_with("Hatua")), "{labels:?}");
    for label in &labels {
        finder().assert_none("a button", label);
    }
    // The same board for an English reader stays word for word.
    let english = w.sw_ask(&w.carol, Command::Board { game: None });
    assert_eq!(english.lang, Some(Lang::Sw), "a public board: the server's");

    let moves = no_english("/bao moves", &w.sw_ask(&w.baraka, Command::Moves));
    assert!(
        moves.starts_with("Hatua halali za Baraka (Kaskazini):"),
        "{moves}"
    );
    assert!(moves.contains("`a"), "the moves as written: {moves}");

    let history = no_english(
        "/bao history",
        &w.sw_ask(&w.asha, Command::History { game: None }),
    );
    assert!(
        history.starts_with("Mchezo 1: Asha (Kusini) dhidi ya Baraka (Kaskazini), hatua 3.\n"),
        "{history}"
    );
    assert!(history.contains("1. A6 left"), "{history}");

    let games = no_english("/bao games", &w.sw_ask(&w.asha, Command::Games));
    assert!(
        games.contains("`#1` dhidi ya Baraka katika <#20> (hatua 3)"),
        "{games}"
    );
    assert!(games.contains("zamu ya Baraka"), "{games}");

    // Ended: the status line and the list say who won and why.
    w.sw_ask(&w.baraka, Command::Resign);
    let board = w.sw_ask(&w.asha, Command::Board { game: None });
    let text = no_english("/bao board (ended)", &board);
    assert!(
        text.contains("**Asha (Kusini) ameshinda**: kujisalimisha."),
        "{text}"
    );
    let games = no_english("/bao games (ended)", &w.sw_ask(&w.asha, Command::Games));
    assert!(games.contains("Michezo iliyokwisha karibuni:"), "{games}");
    assert!(games.contains("umeshinda (kujisalimisha)"), "{games}");
    let games = no_english("/bao games (lost)", &w.sw_ask(&w.baraka, Command::Games));
    assert!(games.contains("umeshindwa (kujisalimisha)"), "{games}");
}

#[test]
fn an_english_reader_sees_the_same_views_in_english() {
    let w = world();
    w.sw_ask(&w.asha, challenge(&w.baraka).command());
    w.sw_ask(&w.baraka, Command::Accept);
    let board = w.sw_ask(&w.asha, Command::Board { game: None });
    assert_eq!(board.lang, Some(Lang::En));
    assert!(
        board.render().contains("<@1> (South, NAMUA) to move."),
        "{}",
        board.render()
    );
    let labels = board.button_labels();
    assert!(labels.contains(&"Offer draw"), "{labels:?}");
    let games = w.sw_ask(&w.asha, Command::Games).render();
    assert!(
        games.starts_with("Your games:\n`#1` vs Baraka in <#20> (0 moves): **your turn**"),
        "{games}"
    );
}

/// Asha (South) challenges Baraka on `clock`, unrated, and he accepts.
fn clocked(w: &World, clock: &str) {
    let r = w.sw_ask(
        &w.asha,
        challenge(&w.baraka).clock(clock).rated(false).command(),
    );
    assert!(!r.ephemeral, "{}", r.render());
    let r = w.sw_ask(&w.baraka, Command::Accept);
    assert!(!r.ephemeral, "{}", r.render());
}

fn place_notices(notices: &[Notice]) -> Vec<&Notice> {
    notices
        .iter()
        .filter(|n| n.to == Destination::Place(GENERAL))
        .collect()
}

#[test]
fn a_clocked_game_in_swahili_its_clock_line_flag_and_grace_abort() {
    let w = world();
    w.sw_server();
    clocked(&w, "1+0");
    let board = w.sw_ask(&w.asha, Command::Board { game: None });
    let text = no_english("the clock in grace", &board);
    assert!(
        text.contains("Saa 1+0: **Asha (Kusini)** acheze hatua ya kwanza"),
        "{text}"
    );
    // Nobody moves: the grace ends and the game is aborted, said in the server's language.
    w.clock.advance(120);
    let notices = w.app.tick().expect("tick");
    let here = place_notices(&notices);
    assert!(!here.is_empty(), "{notices:?}");
    for n in &here {
        assert_eq!(n.reply.lang, Some(Lang::Sw), "{}", n.reply.render());
        finder().assert_none("the grace abort", &n.reply.render());
    }
    assert!(
        here.iter().any(|n| n.reply.render()
            == "Mchezo 1 umesitishwa: Asha (Kusini) hakucheza hatua ya kwanza ndani ya dakika 2. Hakuna matokeo yaliyorekodiwa."),
        "{notices:?}"
    );

    // A second game: both first moves, then Asha's clock runs out.
    clocked(&w, "1+0");
    w.sw_play(&w.asha, "a6 left");
    w.sw_play(&w.baraka, "a6 left capture");
    w.clock.advance(20);
    let board = w.sw_ask(&w.baraka, Command::Board { game: None });
    let text = no_english("the running clock", &board);
    assert!(
        text.contains("**Asha (Kusini)** \u{25b6} 0:40, inaisha <t:"),
        "{text}"
    );
    assert!(text.contains("\u{b7} Baraka (Kaskazini) 1:00"), "{text}");
    w.clock.advance(41);
    let notices = w.app.tick().expect("tick");
    let flag = place_notices(&notices)
        .into_iter()
        .find(|n| n.reply.board.is_some())
        .expect("the final board");
    assert_eq!(flag.reply.lang, Some(Lang::Sw));
    let said = flag.reply.render();
    finder().assert_none("the flag", &said);
    assert!(said.starts_with("Saa ya Asha imekwisha.\n"), "{said}");
    assert!(
        said.contains("**Baraka (Kaskazini) ameshinda: muda wa mpinzani umekwisha**."),
        "{said}"
    );
    // In English the same notice reads as it always did.
    assert!(
        flag.reply
            .text
            .starts_with("Asha's clock ran out.\n**Baraka (North) wins on time**."),
        "{}",
        &*flag.reply.text
    );
}

#[test]
fn correspondence_notices_from_tick_are_in_each_recipients_language() {
    let w = world();
    // The server reads English; Asha chose Swahili, Baraka chose nothing.
    w.sw_choose(&w.asha, Lang::Sw);
    w.sw_ask(&w.asha, challenge(&w.baraka).time("1d").command());
    w.sw_ask(&w.baraka, Command::Accept);
    // Half time: Asha (South, to move) is reminded by DM, in Swahili.
    w.clock.advance(12 * 3600 + 1);
    let said = reminder_to_asha(&w);
    finder().assert_none("the reminder", &said);
    assert!(
        said.starts_with("Nusu ya muda wako imekwisha katika mchezo wa Bao #1 katika <#20> (zamu ya Kusini kabla ya <t:"),
        "{said}"
    );
    assert!(said.contains("`/bao board game:1`"), "{said}");
    // Asha moves; Baraka's reminder comes in English, the server's and his.
    w.sw_play(&w.asha, "a6 left");
    w.clock.advance(12 * 3600 + 1);
    let notices = w.app.tick().expect("tick");
    let dm = notices
        .iter()
        .find(|n| n.to == Destination::Dm(UserId(2)))
        .expect("a reminder to Baraka");
    assert_eq!(dm.reply.lang, Some(Lang::En));
    assert!(
        dm.reply
            .render()
            .starts_with("Half of your time is gone in Bao game #1 in <#20> (North to move by <t:"),
        "{}",
        dm.reply.render()
    );
    // Past his deadline: Asha is told in the channel, in the server's English.
    w.clock.advance(12 * 3600);
    let notices = w.app.tick().expect("tick");
    let overdue = place_notices(&notices);
    assert_eq!(overdue.len(), 1, "{notices:?}");
    assert_eq!(overdue[0].reply.lang, Some(Lang::En));
    assert!(
        overdue[0]
            .reply
            .render()
            .starts_with("Baraka's time in game 1 ran out. <@1>, you may claim"),
        "{}",
        overdue[0].reply.render()
    );
}

#[test]
fn a_reminder_to_someone_without_a_choice_follows_the_games_server() {
    let w = world();
    w.sw_server();
    // Baraka reads English by choice; Asha has none: she follows #general's Swahili.
    w.sw_choose(&w.baraka, Lang::En);
    w.sw_ask(&w.asha, challenge(&w.baraka).time("1d").command());
    w.sw_ask(&w.baraka, Command::Accept);
    w.clock.advance(12 * 3600 + 1);
    w.app.tick().expect("tick");
    w.clock.advance(11 * 3600);
    let said = reminder_to_asha(&w);
    finder().assert_none("the last call", &said);
    assert!(said.starts_with("Muda wako unakaribia kwisha"), "{said}");
    // The overdue notice in the channel: the server's Swahili.
    w.clock.advance(3600);
    let notices = w.app.tick().expect("tick");
    let overdue = place_notices(&notices);
    assert_eq!(overdue.len(), 1, "{notices:?}");
    let said = overdue[0].reply.render();
    assert_eq!(overdue[0].reply.lang, Some(Lang::Sw));
    finder().assert_none("overdue", &said);
    assert!(
        said.starts_with("Muda wa Asha katika mchezo 1 umekwisha. <@2>, unaweza kudai ushindi"),
        "{said}"
    );
}
