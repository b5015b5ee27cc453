//! Where the bot may not open threads (issue 27): without the permission, in a channel type
//! without threads, or when the thread is refused, a channel holds one game at a time; a
//! challenge waiting when another game takes the channel is told at accept; a game command in
//! the parent channel links the player's thread; the settings say whether games here get
//! threads.

use super::*;

/// The bot lacks Create Public Threads in GENERAL, as Discord says with each interaction.
const NO_CREATE: ThreadsHere = ThreadsHere::Missing {
    create_public_threads: true,
    send_messages_in_threads: false,
};

/// This file's shorthands on the shared test world.
trait Shorthands2 {
    fn here(&self, who: &User, place: &Place, here: ThreadsHere, cmd: Command) -> Response;
    fn challenge_here(&self, from: &User, to: &User, here: ThreadsHere, message: u64) -> Reply;
    fn accept_here(&self, who: &User, challenge: &Reply, here: ThreadsHere) -> Response;
}

impl Shorthands2 for World {
    fn here(&self, who: &User, place: &Place, here: ThreadsHere, cmd: Command) -> Response {
        self.app
            .handle_here(who, place, here, cmd, &|_| {})
            .expect("app")
    }

    /// A challenge from `from` to `to` in GENERAL where threads are `here`, posted as
    /// message `message`: its reply.
    fn challenge_here(&self, from: &User, to: &User, here: ThreadsHere, message: u64) -> Reply {
        let r = self
            .here(from, &GENERAL, here, challenge(to).rated(false).command())
            .reply;
        if let Some((game, ply)) = r.current_board() {
            assert!(self.app.board_posted(game, ply, &GENERAL, message).unwrap());
        }
        r
    }

    /// The Accept button of `challenge` pressed by `who` where threads are `here`.
    fn accept_here(&self, who: &User, challenge: &Reply, here: ThreadsHere) -> Response {
        let accept = challenge.button_ids()[0].to_string();
        self.app
            .press_here(who, &GENERAL, here, &accept, &|_| {})
            .expect("app")
    }
}

fn game_of(reply: &Reply) -> GameId {
    reply.current_board().expect("a recorded challenge").0
}

#[test]
fn without_the_permission_two_pairs_in_one_channel_make_one_game_and_one_refusal() {
    let w = world();
    let first = w.challenge_here(&w.asha, &w.baraka, NO_CREATE, 500);
    assert!(!first.ephemeral, "{}", first.text);
    let g1 = game_of(&first);
    let r = w.accept_here(&w.baraka, &first, NO_CREATE);
    // The accept says where the game is, and that is where its board goes.
    assert!(
        r.reply.thread_to_open().is_none(),
        "no thread is asked for: {r:?}"
    );
    assert!(!r.reply.ephemeral, "{}", r.reply.text);
    assert_eq!(
        r.reply.text,
        format!(
            "Baraka accepts. Asha plays South, Baraka plays North. Game {g1} is played here in <#20>, not in a thread of its own: the bot lacks the Create Public Threads permission in this channel."
        )
    );
    assert_eq!(r.reply.replaces(), Some((GENERAL, 500)));
    let board = &posted_in(&r.notices, &GENERAL).reply;
    assert_eq!(board.current_board(), Some((g1, 0)));
    assert!(r
        .notices
        .iter()
        .any(|n| n.to == Destination::Dm(w.asha.id) && n.reply.text.contains("not in a thread")));
    assert_eq!(w.store.game_in(&GENERAL).unwrap().unwrap().id, g1);
    // The second pair is refused privately, told why and what to do.
    let second = w.challenge_here(&w.carol, &w.dan, NO_CREATE, 600);
    assert!(second.ephemeral, "{}", second.text);
    assert!(second.current_board().is_none());
    assert_eq!(
        second.text,
        format!(
            "Game {g1} is being played in this channel, and games here get no thread of their own (the bot lacks the Create Public Threads permission in this channel), so this channel holds one game at a time. Finish game {g1} first (or challenge in another channel), or ask a server admin to give the bot Create Public Threads in this channel."
        )
    );
    // One game in the channel, nothing waiting beside it.
    assert!(w.store.games_waiting_in(&GENERAL).unwrap().is_empty());
    assert_eq!(
        w.store.games_of_status_in(&GENERAL),
        vec![(g1, GameStatus::Active)]
    );
}

/// Ongoing games at a place, as (id, status), for the assertions above.
trait OngoingIn {
    fn games_of_status_in(&self, place: &Place) -> Vec<(GameId, GameStatus)>;
}

impl OngoingIn for Store {
    fn games_of_status_in(&self, place: &Place) -> Vec<(GameId, GameStatus)> {
        self.games_in(place, 100)
            .unwrap()
            .into_iter()
            .filter(|g| g.status.is_ongoing())
            .map(|g| (g.id, g.status))
            .collect()
    }
}

#[test]
fn a_challenge_waiting_when_another_game_takes_the_channel_is_told_at_accept() {
    let w = world();
    let first = w.challenge_here(&w.asha, &w.baraka, NO_CREATE, 500);
    let second = w.challenge_here(&w.carol, &w.dan, NO_CREATE, 600);
    assert!(!first.ephemeral && !second.ephemeral, "{}", second.text);
    let (g1, g2) = (game_of(&first), game_of(&second));
    assert!(!w.accept_here(&w.baraka, &first, NO_CREATE).reply.ephemeral);
    // Dan accepts by typing: refused privately, the challenge keeps waiting.
    let r = w.here(&w.dan, &GENERAL, NO_CREATE, Command::Accept);
    assert!(r.reply.ephemeral, "{}", r.reply.text);
    assert!(r.notices.is_empty() && r.reply.thread_to_open().is_none());
    assert_eq!(
        r.reply.text,
        format!(
            "Game {g1} is being played in this channel, and your game cannot get a thread of its own here (the bot lacks the Create Public Threads permission in this channel), so it cannot start: without threads a channel holds one game at a time. The challenge keeps waiting: accept it once game {g1} is over, or ask a server admin to give the bot Create Public Threads in this channel."
        )
    );
    let waiting = w.store.game(g2).unwrap().unwrap();
    assert_eq!(waiting.status, GameStatus::Pending);
    assert!(w.store.waits_for_thread(g2).unwrap());
    assert_eq!(w.store.game_in(&GENERAL).unwrap().unwrap().id, g1);
    // Once the channel is free, the same accept starts the game there.
    w.at(&w.asha, &GENERAL, Command::Resign);
    let r = w.accept_here(&w.dan, &second, NO_CREATE);
    assert!(!r.reply.ephemeral, "{}", r.reply.text);
    assert!(
        r.reply
            .text
            .contains(&format!("Game {g2} is played here in <#20>")),
        "{}",
        r.reply.text
    );
    assert_eq!(
        posted_in(&r.notices, &GENERAL).reply.current_board(),
        Some((g2, 0))
    );
    assert_eq!(w.store.game_in(&GENERAL).unwrap().unwrap().id, g2);
}

#[test]
fn in_a_channel_type_without_threads_one_game_at_a_time() {
    let w = world();
    let first = w.challenge_here(&w.asha, &w.baraka, ThreadsHere::NotHere, 500);
    let g1 = game_of(&first);
    let r = w.accept_here(&w.baraka, &first, ThreadsHere::NotHere);
    assert!(r.reply.thread_to_open().is_none());
    assert!(
        r.reply.text.ends_with(&format!(
            "Game {g1} is played here in <#20>, not in a thread of its own: this kind of channel cannot hold threads."
        )),
        "{}",
        r.reply.text
    );
    assert_eq!(
        posted_in(&r.notices, &GENERAL).reply.current_board(),
        Some((g1, 0))
    );
    let second = w.challenge_here(&w.carol, &w.dan, ThreadsHere::NotHere, 600);
    assert!(second.ephemeral, "{}", second.text);
    assert!(
        second
            .text
            .contains("this kind of channel cannot hold threads")
            && second.text.contains("play in a text channel"),
        "{}",
        second.text
    );
    // An AI game is refused as well: the channel holds one game.
    let ai = w.here(&w.carol, &GENERAL, ThreadsHere::NotHere, ai());
    assert!(ai.reply.ephemeral, "{}", ai.reply.text);
    assert_eq!(
        w.store.games_of_status_in(&GENERAL),
        vec![(g1, GameStatus::Active)]
    );
}

#[test]
fn a_refused_thread_never_puts_a_second_game_in_the_channel() {
    let w = world();
    // Threads may be opened, as far as Discord said; a challenge waits for its thread.
    let r = w.accepted(&w.asha, &w.baraka, 500, None);
    let plan = r.reply.thread_to_open().cloned().expect("a thread to open");
    // Meanwhile an AI game takes the channel; then Discord refuses the thread.
    let ai = w.at(&w.carol, &GENERAL, ai());
    assert!(!ai.reply.ephemeral, "{}", ai.reply.text);
    let own = w.store.game_in(&GENERAL).unwrap().unwrap().id;
    let notices = w
        .app
        .thread_failed(plan.game, ThreadFailure::Refused)
        .unwrap();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].to, Destination::Place(GENERAL));
    assert!(!notices[0].reply.ephemeral && notices[0].reply.current_board().is_none());
    assert_eq!(
        notices[0].reply.text,
        format!(
            "Game {} between Asha and Baraka cannot start after all: Discord refused to open a thread here, and this channel already holds game {own}; without threads a channel holds one game at a time. Nothing was played and no result is recorded: challenge again once game {own} is over.",
            plan.game
        )
    );
    assert_eq!(
        w.store.game(plan.game).unwrap().unwrap().status,
        GameStatus::Aborted
    );
    assert_eq!(w.store.game_in(&GENERAL).unwrap().unwrap().id, own);
    // A late report changes nothing.
    assert!(w
        .app
        .thread_failed(plan.game, ThreadFailure::Refused)
        .unwrap()
        .is_empty());
}

#[test]
fn a_game_command_in_the_parent_channel_links_the_player_s_thread() {
    let w = world();
    let (g1, _) = w.in_thread(&w.asha, &w.baraka, 500);
    let mv = || Command::Move {
        text: "a6 left".into(),
        game: None,
    };
    let r = w.at(&w.asha, &GENERAL, mv());
    assert!(r.reply.ephemeral, "{}", r.reply.text);
    assert_eq!(
        r.reply.text,
        format!("Your game {g1} against Baraka is played in its own thread, <#500>, not in this channel: give `/bao move` there.")
    );
    assert_eq!(
        w.store.game(g1).unwrap().unwrap().ply,
        0,
        "nothing was played"
    );
    // With two games in threads of this channel, both are listed; none is acted on.
    let (g2, _) = w.in_thread(&w.carol, &w.asha, 600);
    let r = w.at(&w.asha, &GENERAL, Command::Board { game: None });
    assert!(
        r.reply.ephemeral && r.reply.current_board().is_none(),
        "{:?}",
        r.reply
    );
    assert_eq!(
        r.reply.text,
        format!("Your games here are played in threads of their own, not in this channel: give `/bao board` in the game's thread.\n- game {g1} against Baraka: <#500>\n- game {g2} against Carol: <#600>")
    );
    let r = w.at(&w.asha, &GENERAL, Command::Resign);
    assert!(r.reply.ephemeral, "{}", r.reply.text);
    for g in [g1, g2] {
        assert_eq!(w.store.game(g).unwrap().unwrap().status, GameStatus::Active);
    }
    // Someone without a game there is told as before.
    let r = w.at(&w.dan, &GENERAL, mv());
    assert!(
        r.reply.ephemeral && r.reply.text.starts_with("There is no game in this channel"),
        "{}",
        r.reply.text
    );
    // In the thread itself the command acts.
    let r = w.at(&w.asha, &thread(500), mv());
    assert!(!r.reply.ephemeral, "{}", r.reply.text);
}

#[test]
fn settings_say_whether_games_here_get_threads() {
    let w = world();
    let line = |here| {
        let r = w
            .here(&w.asha, &GENERAL, here, Command::ServerSettings)
            .reply;
        assert!(r.ephemeral);
        let chars = r.text.chars().count();
        assert!(chars < 2000, "one Discord message: {chars} characters");
        r.text
            .lines()
            .find(|l| l.starts_with("Games in this channel get threads"))
            .unwrap_or_else(|| panic!("no threads line: {}", r.text))
            .to_string()
    };
    assert_eq!(
        line(ThreadsHere::Allowed),
        "Games in this channel get threads: **yes**, each accepted challenge is played in a thread of its own."
    );
    assert_eq!(
        line(ThreadsHere::Missing {
            create_public_threads: true,
            send_messages_in_threads: true,
        }),
        "Games in this channel get threads: **no**: the bot lacks the Create Public Threads and Send Messages in Threads permission in this channel, so games are played in this channel itself, one at a time. To change that, ask a server admin to give the bot Create Public Threads and Send Messages in Threads in this channel."
    );
    let send_only = line(ThreadsHere::Missing {
        create_public_threads: false,
        send_messages_in_threads: true,
    });
    assert!(
        send_only.contains("lacks the Send Messages in Threads permission")
            && !send_only.contains("Create Public Threads"),
        "{send_only}"
    );
    assert!(
        line(ThreadsHere::NotHere).contains("this kind of channel cannot hold threads"),
        "{}",
        line(ThreadsHere::NotHere)
    );
}
