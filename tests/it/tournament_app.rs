//! `/bao tournament` through the app: sign-up, refusals (private), buttons, rounds with
//! pings and threads, results from the games, and the final crosstable.

use crate::support::app_world;
use app_world::{private, world, GENERAL};

use bao_bot::app::*;
use bao_bot::store::EventId;

fn t(action: TournamentAction) -> Command {
    Command::Tournament(TournamentAsk {
        action,
        event: None,
        manage_server: false,
    })
}

fn create(format: &str, rounds: Option<u32>) -> Command {
    t(TournamentAction::Create(NewEventAsk {
        name: "Spring Open".into(),
        format: format.into(),
        rounds,
        time_per_move: Some("1d".into()),
        ..NewEventAsk::default()
    }))
}

#[test]
fn an_event_from_sign_up_to_its_crosstable() {
    let w = world();
    let here = GENERAL;
    let made = w.run(&w.asha, &here, create("round-robin", None)).reply;
    assert!(!made.ephemeral);
    assert!(
        made.text.contains("Tournament #1 · Spring Open"),
        "{}",
        made.text
    );
    let join = made.buttons[0][0].id.clone();
    assert_eq!(join, "bao:tjoin:1:0");
    // Joining by button and by command.
    let r = w.app.press(&w.asha, &here, &join).unwrap().reply;
    assert!(r.text.contains("Asha joins"), "{}", r.text);
    private(
        &w.app.press(&w.asha, &here, &join).unwrap().reply,
        "already signed up",
    );
    w.run(&w.baraka, &here, t(TournamentAction::Join));
    w.run(&w.carol, &here, t(TournamentAction::Join));
    // A forged button and a button from elsewhere are refused.
    private(
        &w.app.press(&w.dan, &here, "bao:tjoin:x:0").unwrap().reply,
        "not valid",
    );
    let elsewhere = Place::Channel {
        guild: 10,
        channel: 999,
    };
    private(
        &w.app.press(&w.dan, &elsewhere, &join).unwrap().reply,
        "not valid",
    );
    // Only the organiser starts.
    private(
        &w.run(&w.baraka, &here, t(TournamentAction::Start)).reply,
        "Only the organiser",
    );
    let started = w.run(&w.asha, &here, t(TournamentAction::Start));
    assert!(started.reply.text.contains("starts"));
    // The round is announced with a thread per game and every player pinged.
    let announce = &started.notices[0].reply;
    assert!(announce.text.contains("Round 1"), "{}", announce.text);
    let threads: Vec<&ThreadPlan> = announce
        .effects
        .iter()
        .filter_map(|e| match e {
            Effect::OpenThread(p) => Some(p),
            _ => None,
        })
        .collect();
    assert_eq!(threads.len(), 1, "three players: one game, one sits out");
    let pinged: Vec<UserId> = started.notices[1..]
        .iter()
        .filter_map(|n| n.reply.mention)
        .collect();
    assert_eq!(pinged.len(), 3);
    // Late joiners are refused; so is leaving after the start.
    private(
        &w.run(&w.dan, &here, t(TournamentAction::Join)).reply,
        "already started",
    );
    private(
        &w.run(&w.carol, &here, t(TournamentAction::Leave)).reply,
        "withdraw",
    );
    // Three rounds: resign each game; the next round comes when the last game ends.
    let mut last = None;
    for round in 1..=3 {
        let games = w.store.event_games_unfinished(EventId(1)).unwrap();
        assert_eq!(games.len(), 1, "round {round}");
        let game = &games[0];
        let thread = Place::Channel {
            guild: 10,
            channel: 5000 + round,
        };
        w.app.thread_opened(game.id, 5000 + round).unwrap();
        let loser = match game.north.clone() {
            Some(bao_bot::store::Player::Human(u)) => u,
            _ => unreachable!(),
        };
        let user = [&w.asha, &w.baraka, &w.carol]
            .into_iter()
            .find(|u| u.id == loser)
            .unwrap()
            .clone();
        private(
            &w.run(&user, &thread, Command::Abort).reply,
            "cannot be aborted",
        );
        let resigned = w.run(&user, &thread, Command::Resign);
        last = Some(resigned);
    }
    let end = last.unwrap();
    let final_notice = end
        .notices
        .iter()
        .find(|n| n.reply.text.contains("is over"))
        .expect("the end is announced");
    assert!(final_notice.reply.board.as_ref().unwrap().picture.is_some());
    let text = final_notice
        .reply
        .board
        .as_ref()
        .unwrap()
        .text
        .clone()
        .unwrap();
    assert!(text.contains("SB") && text.contains("Bh"), "{text}");
    // Standings stay readable after the end, by number.
    let standings = w.run(
        &w.dan,
        &here,
        Command::Tournament(TournamentAsk {
            action: TournamentAction::Standings,
            event: Some(1),
            manage_server: false,
        }),
    );
    assert!(standings.reply.ephemeral);
    assert!(standings.reply.board.is_some());
}

#[test]
fn refusals_are_private_and_say_what_would_work() {
    let w = world();
    let here = GENERAL;
    private(
        &w.run(&w.asha, &here, create("league", None)).reply,
        "round-robin, double-round-robin or swiss",
    );
    private(
        &w.run(&w.asha, &here, create("swiss", None)).reply,
        "rounds",
    );
    private(
        &w.run(&w.asha, &here, t(TournamentAction::Join)).reply,
        "No tournament",
    );
    let dm = Place::Dm { user: 1 };
    private(
        &w.run(&w.asha, &dm, create("swiss", Some(3))).reply,
        "server's channel",
    );
    w.run(&w.asha, &here, create("swiss", Some(3)));
    w.run(&w.baraka, &here, t(TournamentAction::Join));
    private(
        &w.run(&w.carol, &here, t(TournamentAction::Leave)).reply,
        "not signed up",
    );
    // Too few players for three rounds.
    w.run(&w.asha, &here, t(TournamentAction::Join));
    private(
        &w.run(&w.asha, &here, t(TournamentAction::Start)).reply,
        "at least 4 players",
    );
    // Manage Server may start someone else's event.
    w.run(&w.carol, &here, t(TournamentAction::Join));
    w.run(&w.dan, &here, t(TournamentAction::Join));
    private(
        &w.run(&w.dan, &here, t(TournamentAction::Cancel)).reply,
        "Only the organiser",
    );
    let admin = Command::Tournament(TournamentAsk {
        action: TournamentAction::Start,
        event: None,
        manage_server: true,
    });
    assert!(w.run(&w.dan, &here, admin).reply.text.contains("starts"));
}

#[test]
fn a_player_in_two_events_plays_both() {
    let w = world();
    let (one, two) = (
        GENERAL,
        Place::Channel {
            guild: 10,
            channel: 77,
        },
    );
    for place in [one, two] {
        w.run(&w.asha, &place, create("round-robin", None));
        w.run(&w.asha, &place, t(TournamentAction::Join));
        w.run(&w.baraka, &place, t(TournamentAction::Join));
        w.run(&w.asha, &place, t(TournamentAction::Start));
    }
    let g1 = w.store.event_games_unfinished(EventId(1)).unwrap();
    let g2 = w.store.event_games_unfinished(EventId(2)).unwrap();
    assert_eq!((g1.len(), g2.len()), (1, 1));
    assert_ne!(g1[0].id, g2[0].id);
    // Resigning the first event's game ends that event only.
    w.app.thread_opened(g1[0].id, 8001).unwrap();
    let thread = Place::Channel {
        guild: 10,
        channel: 8001,
    };
    let south = if g1[0].south == Some(bao_bot::store::Player::Human(w.asha.id)) {
        &w.asha
    } else {
        &w.baraka
    };
    w.run(south, &thread, Command::Resign);
    assert_eq!(
        w.store.event(EventId(1)).unwrap().unwrap().status,
        bao_bot::store::EventStatus::Finished
    );
    assert_eq!(
        w.store.event(EventId(2)).unwrap().unwrap().status,
        bao_bot::store::EventStatus::Running
    );
    assert_eq!(w.store.event_games_unfinished(EventId(2)).unwrap().len(), 1);
}

#[test]
fn a_restart_opens_the_threads_it_kept_from_opening() {
    let w = world();
    w.run(&w.asha, &GENERAL, create("round-robin", None));
    for u in [&w.asha, &w.baraka, &w.carol, &w.dan] {
        w.run(u, &GENERAL, t(TournamentAction::Join));
    }
    w.run(&w.asha, &GENERAL, t(TournamentAction::Start));
    let games = w.store.event_games_unfinished(EventId(1)).unwrap();
    assert_eq!(games.len(), 2);
    // One thread opened; the bot stopped before the other did.
    w.app.thread_opened(games[0].id, 9001).unwrap();
    assert!(
        w.app.threads_left_unopened().unwrap().is_empty(),
        "nothing from before this app's own start"
    );
    w.clock.advance(60);
    let restarted = App::new(w.store.clone(), w.clock.clone(), Settings::default());
    let notices = restarted.threads_left_unopened().unwrap();
    assert_eq!(notices.len(), 1, "only the game without its thread");
    let n = &notices[0];
    assert_eq!(n.game, games[1].id);
    assert_eq!(n.to, Destination::Place(GENERAL));
    assert!(!n.reply.ephemeral);
    assert!(
        n.reply.text.contains("goes on in a thread of its own"),
        "{}",
        n.reply.text
    );
    let plan = n
        .reply
        .effects
        .iter()
        .find_map(|e| match e {
            Effect::OpenThread(p) => Some(p.clone()),
            _ => None,
        })
        .expect("a thread to open");
    assert_eq!((plan.game, plan.message), (games[1].id, 0));
    // Once it opens, the game plays there and is not asked for again.
    let board = restarted.thread_opened(games[1].id, 9002).unwrap();
    assert!(!board.is_empty(), "the board goes into the new thread");
    assert!(restarted.threads_left_unopened().unwrap().is_empty());
}

#[test]
fn the_sign_up_buttons_come_off_when_sign_up_is_over() {
    let w = world();
    let made = w.run(&w.asha, &GENERAL, create("round-robin", None)).reply;
    assert_eq!(made.announced_event(), Some(1));
    // Posted elsewhere than the event's channel: not its announcement.
    let elsewhere = Place::Channel {
        guild: 10,
        channel: 999,
    };
    w.app.event_posted(1, &elsewhere, 111).unwrap();
    assert_eq!(
        w.store.event(EventId(1)).unwrap().unwrap().announcement,
        None
    );
    w.app.event_posted(1, &GENERAL, 4242).unwrap();
    for u in [&w.asha, &w.baraka] {
        w.run(u, &GENERAL, t(TournamentAction::Join));
    }
    let started = w.run(&w.asha, &GENERAL, t(TournamentAction::Start)).reply;
    assert_eq!(started.replaces(), Some((GENERAL, 4242)));
    // A second event, cancelled in sign-up: its buttons come off too.
    w.run(&w.asha, &elsewhere, create("round-robin", None));
    w.app.event_posted(2, &elsewhere, 5151).unwrap();
    let cancel = Command::Tournament(TournamentAsk {
        action: TournamentAction::Cancel,
        event: Some(2),
        manage_server: false,
    });
    let cancelled = w.run(&w.asha, &elsewhere, cancel).reply;
    assert!(cancelled.text.contains("cancels"), "{}", cancelled.text);
    assert_eq!(cancelled.replaces(), Some((elsewhere, 5151)));
}

#[test]
fn a_swiss_round_that_cannot_be_paired_pauses_the_event_and_tells_the_organiser_why() {
    let w = world();
    let here = GENERAL;
    w.run(&w.asha, &here, create("swiss", Some(3)));
    for who in [&w.asha, &w.baraka, &w.carol, &w.dan] {
        w.run(who, &here, t(TournamentAction::Join));
    }
    w.run(&w.asha, &here, t(TournamentAction::Start));
    // Round 1: Asha v Carol, Baraka v Dan. Carol and Dan withdraw (their games are
    // resigned), so round 2 pairs the two left: Asha v Baraka.
    assert_eq!(w.store.event_games_unfinished(EventId(1)).unwrap().len(), 2);
    w.run(&w.carol, &here, t(TournamentAction::Withdraw));
    w.run(&w.dan, &here, t(TournamentAction::Withdraw));
    let round2 = w.store.event_games_unfinished(EventId(1)).unwrap();
    assert_eq!(round2.len(), 1, "round 2 has one game");
    // When it ends, round 3 cannot be paired: the two left have met.
    w.app.thread_opened(round2[0].id, 7001).unwrap();
    let thread = Place::Channel {
        guild: 10,
        channel: 7001,
    };
    let ended = w.run(&w.baraka, &thread, Command::Resign);
    assert!(
        !ended.reply.ephemeral,
        "the resignation stands: {}",
        ended.reply.text
    );
    let told = ended
        .notices
        .iter()
        .find(|n| n.reply.text.contains("is paused"))
        .unwrap_or_else(|| panic!("no pause notice in {:#?}", ended.notices));
    assert_eq!(told.to, Destination::Place(GENERAL));
    assert_eq!(told.reply.mention, Some(w.asha.id));
    let text = &told.reply.text;
    assert!(
        text.contains("round 3 cannot be paired") && text.contains("/bao-tournament cancel"),
        "{text}"
    );
    assert_eq!(
        w.store.event(EventId(1)).unwrap().unwrap().status,
        bao_bot::store::EventStatus::Paused
    );
    assert!(w
        .store
        .event_games_unfinished(EventId(1))
        .unwrap()
        .is_empty());
}

#[test]
fn a_round_robin_takes_thirty_players_and_refuses_the_thirty_first() {
    let w = world();
    let here = GENERAL;
    // No `max-players`: the round robin's own limit holds.
    w.run(&w.asha, &here, create("round-robin", None));
    for n in 0..29 {
        let who = User::new(100 + n, format!("Player {n}"));
        let r = w.run(&who, &here, t(TournamentAction::Join)).reply;
        assert!(r.text.contains("joins"), "{n}: {}", r.text);
    }
    w.run(&w.asha, &here, t(TournamentAction::Join));
    let players = |w: &app_world::World| w.store.event_players(EventId(1)).unwrap().len();
    assert_eq!(players(&w), 30);
    // The 31st is told why, privately, and is not signed up.
    let late = User::new(500, "Late");
    private(
        &w.run(&late, &here, t(TournamentAction::Join)).reply,
        "a round robin takes at most 30 players",
    );
    assert_eq!(players(&w), 30);
    // One already in is told so, not refused for the limit.
    let again = w.run(&w.asha, &here, t(TournamentAction::Join)).reply;
    assert!(!again.text.contains("at most 30"), "{}", again.text);
    // Thirty start: 15 games a round.
    let started = w.run(&w.asha, &here, t(TournamentAction::Start));
    assert!(
        started.reply.text.contains("starts"),
        "{}",
        started.reply.text
    );
}
