//! Names as text (issue 51, finding 6): a name someone chose is posted to the chat so that it
//! reads literally, escaped for Discord's markdown, in every message that carries one
//! (challenges, results, a tournament's posts and standings, leaderboards, statistics);
//! the console shows it as typed. `Reply::render` is what the Discord front end posts.

use crate::support::app_world;
use app_world::{challenge, world, World, GENERAL};

use bao_bot::app::*;
use bao_bot::rules::{Position, Side, Variant};
use bao_bot::store::{GameEnd, NewChallenge, Player, ResultReason};

/// A display name (and a tournament's name) that would be a ping, a masked link, a role
/// mention, a spoiler, bold and code if posted as markdown.
const EVIL: &str = "@everyone [free nitro](https://evil.example) <@&500> ||x|| **b** `c`";

/// How it must read in the chat: every markdown character escaped, `@everyone` broken.
const ESCAPED: &str = "@\u{200B}everyone \\[free nitro\\](https://evil.example) \\<@&500> \
    \\|\\|x\\|\\| \\*\\*b\\*\\* \\`c\\`";

/// Whether `text` holds `raw` anywhere not escaped by a backslash just before it.
fn holds_unescaped(text: &str, raw: &str) -> bool {
    text.match_indices(raw)
        .any(|(i, _)| !text[..i].ends_with('\\'))
}

/// `reply` as the chat gets it shows the evil name literally (`what` says which message).
fn shows_literally(reply: &Reply, what: &str) {
    let posted = reply.render();
    assert!(posted.contains(ESCAPED), "{what}: {posted}");
    for raw in [
        "@everyone",
        "[free nitro](",
        "<@&500>",
        "||x||",
        "**b**",
        "`c`",
    ] {
        assert!(
            !holds_unescaped(&posted, raw),
            "{what}: `{raw}` in {posted}"
        );
    }
    // The console is not markdown: there the name is as typed.
    assert!(reply.render_plain().contains(EVIL), "{what} (console)");
}

fn evil() -> User {
    User::new(66, EVIL)
}

fn run(w: &World, who: &User, cmd: Command) -> Reply {
    w.app.handle(who, &GENERAL, cmd).expect("app").reply
}

fn t(action: TournamentAction) -> Command {
    Command::Tournament(TournamentAsk {
        action,
        event: None,
        manage_server: false,
    })
}

#[test]
fn a_name_is_posted_literally_in_challenges_and_results() {
    let w = world();
    let m = run(&w, &evil(), challenge(&w.asha).command());
    assert!(!m.ephemeral, "{}", m.text);
    shows_literally(&m, "the challenge");
    let accepted = run(&w, &w.asha, Command::Accept);
    shows_literally(&accepted, "the accepted challenge");
    // Ordinary names are exactly as before.
    assert!(accepted.render().contains("Asha"), "{}", accepted.render());
    let resigned = run(&w, &evil(), Command::Resign);
    shows_literally(&resigned, "the result");
}

#[test]
fn a_name_is_posted_literally_in_a_tournaments_posts() {
    let w = world();
    let made = run(
        &w,
        &evil(),
        t(TournamentAction::Create(NewEventAsk {
            name: EVIL.into(),
            format: "round-robin".into(),
            time_per_move: Some("1d".into()),
            ..NewEventAsk::default()
        })),
    );
    assert!(!made.ephemeral, "{}", made.text);
    shows_literally(&made, "the event's announcement");
    let joined = run(&w, &evil(), t(TournamentAction::Join));
    shows_literally(&joined, "a player joins");
    run(&w, &w.asha, t(TournamentAction::Join));
    let info = run(&w, &w.asha, t(TournamentAction::Info));
    shows_literally(&info, "the event's players");
    let started = w
        .app
        .handle(&evil(), &GENERAL, t(TournamentAction::Start))
        .unwrap();
    shows_literally(&started.reply, "the start");
    // The round's post names the event and its players.
    let round = &started.notices[0].reply;
    shows_literally(round, "the round's post");
    // Asha resigns the round's game in its thread: the evil name leads the standings.
    let game = &w
        .store
        .event_games_unfinished(bao_bot::store::EventId(1))
        .unwrap()[0];
    w.app.thread_opened(game.id, 5001).unwrap();
    let thread = Place::Channel {
        guild: 10,
        channel: 5001,
    };
    w.app.handle(&w.asha, &thread, Command::Resign).unwrap();
    // Over (one round of two): its standings, asked for by number.
    let standings = run(
        &w,
        &w.asha,
        Command::Tournament(TournamentAsk {
            action: TournamentAction::Standings,
            event: Some(1),
            manage_server: false,
        }),
    );
    shows_literally(&standings, "the standings");
}

#[test]
fn a_name_is_posted_literally_in_leaderboards_and_statistics() {
    let w = world();
    let evil = evil();
    w.store
        .upsert_player(evil.id, &evil.name, app_world::T0)
        .unwrap();
    // Rated games among three, South winning four in five: the evil name beats both
    // others, Asha beats Baraka; a hundred games each settle every rating (results that
    // never surprise would not), the evil name's on top.
    let start = Position::start(Variant::Kiswahili).to_string();
    let mut now = app_world::T0;
    for k in 0..150 {
        let (south, other) = match k % 3 {
            0 => (&evil, &w.asha),
            1 => (&evil, &w.baraka),
            _ => (&w.asha, &w.baraka),
        };
        w.store.upsert_player(other.id, &other.name, now).unwrap();
        now += 10;
        let pending = w
            .store
            .create_challenge(&NewChallenge {
                place: GENERAL,
                variant: Variant::Kiswahili,
                start_position: start.clone(),
                challenger: south.id,
                challenged: other.id,
                challenger_side: SideChoice::South,
                time_per_move: None,
                now,
                expires_at: now + 86_400,
                rated: true,
                hints: false,
            })
            .unwrap();
        let g = w
            .store
            .accept_challenge(
                pending.id,
                &Player::Human(south.id),
                &Player::Human(other.id),
                now,
                None,
            )
            .unwrap();
        w.store
            .finish_game(
                g.id,
                0,
                GameEnd {
                    winner: Some(if k % 5 == 4 { Side::North } else { Side::South }),
                    reason: ResultReason::Resignation,
                },
                now + 5,
            )
            .unwrap();
    }
    w.clock.set(now + 60);
    let board = run(
        &w,
        &w.asha,
        Command::Leaderboard {
            variant: None,
            scope: None,
        },
    );
    shows_literally(&board, "the leaderboard");
    let stats = run(
        &w,
        &w.asha,
        Command::Stats {
            player: Some(evil.clone()),
            variant: None,
        },
    );
    shows_literally(&stats, "the statistics");
}

/// Every refusal that quotes what someone typed, with its typed argument and its others.
const TYPED_IN: &[(&str, &str, &[&str])] = &[
    ("errors-not-game-number", "text", &[]),
    ("errors-not-time-per-move", "text", &[]),
    ("errors-clock-malformed", "text", &["presets"]),
    ("errors-clock-live-range", "text", &["presets"]),
    ("errors-clock-correspondence-range", "text", &["presets"]),
    ("errors-clock-bad-cap", "text", &[]),
    ("errors-clock-cap-on-live", "text", &[]),
    ("move-parse-not-a-pit", "word", &["form"]),
    ("move-parse-no-direction", "text", &["form"]),
    ("move-parse-not-a-direction", "word", &["form"]),
    ("move-parse-twice", "text", &["what"]),
    ("move-parse-not-a-move-word", "word", &["form"]),
    ("move-parse-no-kind", "text", &[]),
    ("language-unknown", "typed", &["accepted"]),
    ("settings-unknown-key", "key", &["form"]),
    ("settings-bad-on-off", "typed", &["what"]),
    ("settings-bad-variant", "typed", &[]),
    ("settings-bad-rules", "typed", &[]),
    ("settings-bad-placement", "typed", &[]),
    ("settings-bad-channel", "word", &[]),
    ("settings-bad-max-games", "typed", &[]),
    ("event-bad-round-time", "typed", &[]),
    ("event-bad-signup-time", "typed", &[]),
    ("daily-not-a-channel", "word", &["form"]),
    ("daily-not-an-hour", "word", &["form"]),
    ("game-cap-alone", "cap", &[]),
];

#[test]
fn typed_text_quoted_in_a_refusal_stays_inside_its_code_span() {
    use bao_bot::i18n::{lookup, Lang, Msg, Text};
    let typed = "**x** @everyone <@1> `y`";
    for &(id, arg, others) in TYPED_IN {
        for lang in [Lang::En, Lang::Sw] {
            let mut msg = Msg::new(id).arg(arg, Text::typed(typed));
            for other in others {
                msg = msg.arg(other, "…");
            }
            assert!(lookup(&msg, lang).is_some(), "{id} in {lang}");
            let chat = msg.render_markdown(lang);
            // Inside a code span (odd pieces between backticks), its backticks look-alikes.
            assert!(
                chat.contains("**x** @\u{200B}everyone <@1> \u{2CB}y\u{2CB}"),
                "{id} in {lang}: {chat}"
            );
            assert!(!chat.contains("@everyone"), "{id} in {lang}: {chat}");
            for (i, piece) in chat.split('`').enumerate() {
                assert!(
                    !piece.contains("**x**") || i % 2 == 1,
                    "{id} in {lang}: outside a code span: {chat}"
                );
            }
            // The console is not markdown: there it is as typed.
            assert!(msg.render(lang).contains(typed), "{id} in {lang}");
        }
    }
}
