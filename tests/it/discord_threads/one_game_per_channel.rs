//! Where the bot may not open threads (issue 27): without the permission, in a channel type
//! without threads, or when Discord refuses, a channel holds one game at a time and answers say
//! where; a move typed in the parent channel links the game's thread.

use super::*;

/// The interaction as Discord sends it where the bot lacks Create Public Threads.
fn without_threads_permission(v: Value) -> Value {
    with_app_permissions(v, ALL_PERMISSIONS & !CREATE_PUBLIC_THREADS)
}

/// The interaction as Discord sends it from a voice channel's chat (type 2), which holds
/// no threads.
fn in_voice_chat(mut v: Value) -> Value {
    v["channel"]["type"] = json!(2);
    v
}

/// `who` types `/bao accept` at `place` (interaction `id`), the interaction changed by
/// `change`: the answer.
async fn accept_typed(
    fake: &FakeDiscord,
    id: u64,
    who: &Who,
    place: Place,
    change: impl Fn(Value) -> Value,
) -> Recorded {
    fake.send_interaction(change(payloads::slash(id, who, place, "accept", &[])));
    answer(fake, id).await
}

/// Where games get no thread (`change` says why): two pairs challenge in one channel; the
/// first accept says the game is played in the channel and its board goes there; the second
/// pair's accept is refused privately, its challenge kept; a new challenge is refused
/// privately; one game is in the channel, and no thread was asked for. Returns the channel's
/// game and the refusals' texts.
async fn one_game_per_channel(
    fake: &FakeDiscord,
    bot: &Bot,
    first_id: u64,
    change: fn(Value) -> Value,
) -> (GameId, String, String, String) {
    let channel = GUILD.channel_id();
    let (msg1, accept) =
        challenge_with(fake, bot, first_id, &asha(), &baraka(), GUILD, change).await;
    challenge_with(fake, bot, first_id + 1, &carol(), &dan(), GUILD, change).await;
    let mark = fake.mark();
    let pressed = payloads::button(
        first_id + 2,
        &baraka(),
        GUILD,
        &accept,
        message(msg1, channel),
    );
    fake.send_interaction(change(pressed));
    let accepted = answer(fake, first_id + 2).await;
    assert!(!accepted.is_ephemeral(), "{}", accepted.body());
    let said = accepted.content().unwrap_or_default().to_string();
    // The board goes where the accept said: the channel.
    let (_, ids) = board_in(fake, mark, channel).await;
    assert!(ids.iter().any(|i| i.starts_with("bao:m:")), "{ids:?}");
    let game = game_of(bot, channel);
    assert!(
        said.contains(&format!(
            "Game {game} is played here in <#{channel}>, not in a thread of its own"
        )),
        "{said}"
    );
    // Dan's challenge was waiting when Asha's game took the channel: told so, privately.
    let refused = accept_typed(fake, first_id + 3, &dan(), GUILD, change).await;
    assert!(refused.is_ephemeral(), "{}", refused.body());
    let at_accept = refused.content().unwrap_or_default().to_string();
    assert!(
        at_accept.starts_with(&format!("Game {game} is being played in this channel")),
        "{at_accept}"
    );
    assert!(
        at_accept.contains("The challenge keeps waiting"),
        "{at_accept}"
    );
    // A new challenge there is refused privately.
    let opts = [Opt::User("opponent", asha())];
    fake.send_interaction(change(payloads::slash(
        first_id + 4,
        &dan(),
        GUILD,
        "challenge",
        &opts,
    )));
    let refused = answer(fake, first_id + 4).await;
    assert!(refused.is_ephemeral(), "{}", refused.body());
    let at_challenge = refused.content().unwrap_or_default().to_string();
    assert!(
        at_challenge.starts_with(&format!("Game {game} is being played in this channel")),
        "{at_challenge}"
    );
    // One game in the channel; Dan's challenge still waits; no thread was asked for.
    let ongoing: Vec<_> = bot
        .store
        .games_in(&app_place(channel), 100)
        .unwrap()
        .into_iter()
        .filter(|g| g.status == bao_bot::store::GameStatus::Active)
        .map(|g| g.id)
        .collect();
    assert_eq!(ongoing, [game]);
    assert_eq!(
        bot.store
            .games_waiting_in(&app_place(channel))
            .unwrap()
            .len(),
        1
    );
    assert_eq!(fake.count(|r| r.path.ends_with("/threads")), 0);
    (game, said, at_accept, at_challenge)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_thread_permission_one_game_per_channel_and_answers_say_where() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    let (game, said, at_accept, at_challenge) =
        one_game_per_channel(&fake, &bot, 801, without_threads_permission).await;
    assert!(
        said.ends_with("not in a thread of its own: the bot lacks the Create Public Threads permission in this channel."),
        "{said}"
    );
    for text in [&at_accept, &at_challenge] {
        assert!(
            text.contains(
                "ask a server admin to give the bot Create Public Threads in this channel"
            ),
            "{text}"
        );
    }
    assert!(
        at_challenge.contains(&format!("Finish game {game} first")),
        "{at_challenge}"
    );
    // `/bao help topic:settings` says games here get no thread, and which permission is missing.
    fake.send_interaction(without_threads_permission(payloads::slash(
        810,
        &carol(),
        GUILD,
        "help",
        &[SETTINGS_TOPIC],
    )));
    let settings = answer(&fake, 810).await;
    assert!(settings.is_ephemeral());
    let text = settings.content().unwrap_or_default();
    assert!(
        text.contains("Games in this channel get threads: **no**: the bot lacks the Create Public Threads permission"),
        "{text}"
    );
    fake.send_interaction(payloads::slash(
        811,
        &carol(),
        GUILD,
        "help",
        &[SETTINGS_TOPIC],
    ));
    let text = answer(&fake, 811)
        .await
        .content()
        .unwrap_or_default()
        .to_string();
    assert!(
        text.contains("Games in this channel get threads: **yes**"),
        "{text}"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_channel_type_without_threads_one_game_per_channel() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    let (_, said, at_accept, at_challenge) =
        one_game_per_channel(&fake, &bot, 901, in_voice_chat).await;
    assert!(
        said.ends_with("not in a thread of its own: this kind of channel cannot hold threads."),
        "{said}"
    );
    for text in [&at_accept, &at_challenge] {
        assert!(text.contains("play in a text channel"), "{text}");
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_discord_refuses_the_thread_no_second_game_joins_the_channel() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    let channel = GUILD.channel_id();
    // The permissions say yes, but Discord answers 403 to the thread.
    fake.refuse_threads_in(channel);
    let (msg1, accept1) = challenge(&fake, &bot, 1001, &asha(), &baraka(), GUILD).await;
    let (msg2, accept2) = challenge(&fake, &bot, 1002, &carol(), &dan(), GUILD).await;
    let mark = fake.mark();
    click(&fake, 1003, &baraka(), GUILD, &accept1, msg1).await;
    assert_eq!(thread_opened(&fake, channel, msg1).await.status, 403);
    board_in(&fake, mark, channel).await;
    let game = game_of(&bot, channel);
    // The second accept: its thread is refused too, and the channel is taken.
    let mark = fake.mark();
    click(&fake, 1004, &dan(), GUILD, &accept2, msg2).await;
    assert_eq!(thread_opened(&fake, channel, msg2).await.status, 403);
    let path = format!("/api/v10/channels/{channel}/messages");
    let line = fake
        .wait_for_since(
            mark,
            |r| r.is("POST", &path) && r.content().unwrap_or_default().contains("cannot start"),
            WAIT,
        )
        .await;
    assert!(!line.is_ephemeral());
    let text = line.content().unwrap_or_default();
    assert!(
        text.contains(&format!("this channel already holds game {game}")),
        "{text}"
    );
    assert!(text.contains("Nothing was played"), "{text}");
    assert_eq!(game_of(&bot, channel), game);
    let second = GameId(game.0 + 1);
    assert_eq!(
        bot.store.game(second).unwrap().unwrap().status,
        bao_bot::store::GameStatus::Aborted
    );
    // No second board in the channel.
    let boards = fake.requests()[mark..]
        .iter()
        .filter(|r| r.is("POST", &path) && r.has_png())
        .count();
    assert_eq!(boards, 0, "{}", fake.describe_requests());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_typed_in_the_parent_channel_links_the_game_s_thread() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    let channel = GUILD.channel_id();
    let (msg, accept) = challenge(&fake, &bot, 1101, &asha(), &baraka(), GUILD).await;
    let mark = fake.mark();
    click(&fake, 1102, &baraka(), GUILD, &accept, msg).await;
    thread_opened(&fake, channel, msg).await;
    board_in(&fake, mark, msg).await;
    let game = game_of(&bot, msg);
    let mv = [Opt::Str("move", "a6 left".into())];
    fake.send_interaction(payloads::slash(1103, &asha(), GUILD, "move", &mv));
    let r = answer(&fake, 1103).await;
    assert!(r.is_ephemeral(), "{}", r.body());
    assert_eq!(
        r.content().unwrap_or_default(),
        format!("Your game {game} against baraka is played in its own thread, <#{msg}>, not in this channel: give `/bao move` there.")
    );
    assert_eq!(bot.store.game(game).unwrap().unwrap().ply, 0);
    bot.stop().await;
}
