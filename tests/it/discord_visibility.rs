//! Which channels everyone may read stays true with the gateway's events, against the
//! loopback stand-in: a server's arrival records its channels, a thread's creation its
//! thread; a channel made private (its permission overwrite for `@everyone` denying View
//! Channel) makes it and its threads private, and an update of the `@everyone` role every
//! channel of the server.

use std::sync::Arc;
use std::time::Duration;

use crate::support::bot;
use crate::support::fake_discord::payloads::{self, GUILD, POST_WITH_FILES};
use crate::support::fake_discord::FakeDiscord;
use bao_bot::app::{App, Settings, SystemClock};
use bao_bot::store::Store;
use serde_json::{json, Value};

const WAIT: Duration = Duration::from_secs(10);
const GUILD_ID: u64 = 1_300_000_000_000_000_001;
const THREAD: u64 = 1_300_000_000_000_000_077;
const VIEW_CHANNEL: u64 = 1 << 10;

/// A text channel (kind 0) or public thread (kind 11) of the test server, denying `denied`
/// to `@everyone`.
fn channel(id: u64, kind: u8, parent: Option<u64>, denied: u64) -> Value {
    let mut c = json!({
        "id": id.to_string(),
        "type": kind,
        "guild_id": GUILD_ID.to_string(),
        "name": format!("channel-{id}"),
        "position": 0,
        "permission_overwrites": [{
            "id": GUILD_ID.to_string(),
            "type": 0,
            "allow": "0",
            "deny": denied.to_string(),
        }],
        "nsfw": false,
        "parent_id": parent.map(|p| p.to_string()),
        "topic": null,
        "last_message_id": null,
        "rate_limit_per_user": 0,
    });
    if kind == 11 {
        c["thread_metadata"] = json!({
            "archived": false,
            "auto_archive_duration": 10080,
            "archive_timestamp": "2026-01-01T12:00:00.000000+00:00",
            "locked": false,
        });
        c["owner_id"] = json!("1400000000000000003");
        c["message_count"] = json!(0);
        c["member_count"] = json!(1);
    }
    c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_made_private_takes_its_threads_with_it() {
    let fake = FakeDiscord::start().await;
    let store = Arc::new(Store::open_in_memory().unwrap());
    let app = Arc::new(App::new(
        store.clone(),
        Arc::new(SystemClock),
        Settings::default(),
    ));
    let running = bot::start(&fake, app.clone(), WAIT).await;
    let general = GUILD.channel_id();
    let recorded = |want: (bool, bool)| {
        let store = store.clone();
        move || {
            let now = (
                store.channel_public(general).ok()??,
                store.channel_public(THREAD).ok()??,
            );
            (now == want).then_some(())
        }
    };
    // The server arrives (as after a restart), then a game's thread opens: both public.
    fake.send_dispatch(
        "GUILD_CREATE",
        payloads::guild_create(GUILD_ID, &[(general, 0)]),
    );
    fake.send_dispatch("THREAD_CREATE", channel(THREAD, 11, Some(general), 0));
    assert!(
        fake.wait_until(WAIT, recorded((true, true)))
            .await
            .is_some(),
        "the channel and its thread were not recorded public"
    );
    // An admin denies View Channel to @everyone in the channel: it and its thread are
    // private, though nobody used the bot there since.
    fake.send_dispatch("CHANNEL_UPDATE", channel(general, 0, None, VIEW_CHANNEL));
    assert!(
        fake.wait_until(WAIT, recorded((false, false)))
            .await
            .is_some(),
        "still recorded public: {:?} {:?}",
        store.channel_public(general),
        store.channel_public(THREAD)
    );
    // Opened again: public again.
    fake.send_dispatch("CHANNEL_UPDATE", channel(general, 0, None, 0));
    assert!(fake
        .wait_until(WAIT, recorded((true, true)))
        .await
        .is_some());
    // @everyone loses View Channel on the whole server: every channel is private.
    fake.send_dispatch(
        "GUILD_ROLE_UPDATE",
        json!({
            "guild_id": GUILD_ID.to_string(),
            "role": {
                "id": GUILD_ID.to_string(),
                "name": "@everyone",
                "color": 0,
                "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
                "hoist": false,
                "position": 0,
                "permissions": (POST_WITH_FILES & !VIEW_CHANNEL).to_string(),
                "managed": false,
                "mentionable": false,
                "flags": 0,
            },
        }),
    );
    assert!(
        fake.wait_until(WAIT, recorded((false, false)))
            .await
            .is_some(),
        "the role's update left a channel public"
    );
    running.stop().await.expect("stops");
}
