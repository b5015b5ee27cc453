//! Server settings through the real client: a daily puzzle channel the bot cannot post in is
//! refused with what is missing, the channels everyone may read are recorded for the web pages,
//! and a server set to Swahili answers its members in Swahili.

use super::*;

/// `topic:settings` of `/bao help` (the index of `settings` among the topics).
pub(super) const SETTINGS_TOPIC: Opt = Opt::Int("topic", 3);

/// The index of `placement` among `/bao-settings`' choices.
pub(super) const PLACEMENT: u64 = 4;
/// The index of `daily_puzzle` among `/bao-settings`' choices.
const DAILY_PUZZLE: u64 = 8;

/// `/bao-settings SETTING VALUE` (`setting`: the choice's index) by Carol, who manages the
/// server (MANAGE_GUILD, 1 << 5).
pub(super) fn bao_settings(id: u64, setting: u64, value: &str) -> Value {
    let mut set = payloads::slash(id, &carol(), GUILD, "help", &[]);
    set["data"] = json!({
        "id": "1150000000000000002",
        "name": "bao-settings",
        "type": 1,
        "options": [
            { "name": "setting", "type": 4, "value": setting },
            { "name": "value", "type": 3, "value": value },
        ],
    });
    set["member"]["permissions"] = json!((ALL_PERMISSIONS | 1 << 5).to_string());
    set
}

/// `/bao-settings daily_puzzle VALUE` by Carol.
fn set_daily(id: u64, value: &str) -> Value {
    bao_settings(id, DAILY_PUZZLE, value)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_puzzle_channel_where_the_bot_cannot_post_is_refused_with_what_is_missing() {
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake).await;
    let Place::Guild { guild_id, .. } = GUILD else {
        unreachable!()
    };
    let (open, muted, hidden) = (
        1_300_000_000_000_000_031,
        1_300_000_000_000_000_032,
        1_300_000_000_000_000_033,
    );
    // The server as the cache learns it: in `muted` @everyone may not send or attach, in
    // `hidden` not even see the channel.
    fake.send_dispatch(
        "GUILD_CREATE",
        payloads::guild_create(
            guild_id,
            &[
                (GUILD.channel_id(), 0),
                (open, 0),
                (muted, (1 << 11) | (1 << 15)),
                (hidden, 1 << 10),
            ],
        ),
    );
    fake.send_interaction(set_daily(701, &format!("<#{muted}> 9")));
    let r = answer(&fake, 701).await;
    assert!(r.is_ephemeral());
    assert_eq!(
        r.content(),
        Some(
            format!(
                "The bot cannot post the daily puzzle in <#{muted}>: it lacks Send Messages, Attach Files there. Allow them for the bot in that channel (or choose another channel), then set it again."
            )
            .as_str()
        )
    );
    fake.send_interaction(set_daily(702, &format!("<#{hidden}> 9")));
    let r = answer(&fake, 702).await;
    assert!(
        r.content()
            .unwrap_or_default()
            .contains("lacks View Channel"),
        "{}",
        r.body()
    );
    // Where it may post, the app takes the setting.
    fake.send_interaction(set_daily(703, &format!("<#{open}> 9")));
    let r = answer(&fake, 703).await;
    assert_eq!(
        r.content(),
        Some(
            format!("The daily puzzle will be posted in <#{open}> every day at 09:00 UTC.")
                .as_str()
        )
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_records_which_channels_everyone_may_read_for_the_web_pages() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    let Place::Guild { guild_id, .. } = GUILD else {
        unreachable!()
    };
    let hidden = 1_300_000_000_000_000_043;
    // In `hidden`, @everyone may not view the channel (VIEW_CHANNEL, 1 << 10, denied).
    fake.send_dispatch(
        "GUILD_CREATE",
        payloads::guild_create(guild_id, &[(GUILD.channel_id(), 0), (hidden, 1 << 10)]),
    );
    let in_hidden = Place::Guild {
        guild_id,
        channel_id: hidden,
    };
    // The cache may take a moment to hold the server: ask until both are recorded.
    let mut id = 900;
    let seen = fake
        .wait_until(WAIT, || {
            id += 2;
            fake.send_interaction(payloads::slash(id, &asha(), GUILD, "help", &[]));
            fake.send_interaction(payloads::slash(id + 1, &asha(), in_hidden, "help", &[]));
            let open = bot.store.channel_public(GUILD.channel_id()).ok()??;
            let closed = bot.store.channel_public(hidden).ok()??;
            Some((open, closed))
        })
        .await;
    assert_eq!(seen, Some((true, false)));
    bot.stop().await;
}

/// The index of `language` among `/bao-settings`' choices.
const LANGUAGE: u64 = 10;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_set_to_swahili_answers_its_members_in_swahili() {
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake).await;
    fake.send_interaction(bao_settings(801, LANGUAGE, "sw"));
    let set = answer(&fake, 801).await;
    assert!(
        set.content().unwrap_or_default().contains("sw"),
        "{:?}",
        set.content()
    );
    // Asha chose nothing herself: the server's language.
    fake.send_interaction(payloads::slash(802, &asha(), GUILD, "help", &[]));
    let help = answer(&fake, 802).await;
    let text = help.content().unwrap_or_default();
    assert!(text.starts_with("**Kucheza: `/bao`**"), "{text}");
    assert!(text.chars().count() <= 2000);
}
