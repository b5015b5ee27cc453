//! Realistic Discord payloads: users, messages, READY and `INTERACTION_CREATE` data.
//!
//! serenity silently drops a gateway event it cannot parse, so these carry every field it
//! requires (see DISCORD-NOTES.md).

use serde_json::{json, Value};

use super::{APP_ID, BOT_NAME};

/// A fixed timestamp for created objects.
const TIMESTAMP: &str = "2026-01-01T12:00:00.000000+00:00";

/// A user object.
pub fn user_json(id: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "username": name,
        "discriminator": "0",
        "global_name": name,
        "avatar": null,
        "bot": false,
        "public_flags": 0,
    })
}

/// The bot's own user object.
pub fn bot_user() -> Value {
    let mut u = user_json(APP_ID, BOT_NAME);
    u["bot"] = json!(true);
    u["global_name"] = Value::Null;
    u["verified"] = json!(true);
    u["mfa_enabled"] = json!(false);
    u["flags"] = json!(0);
    u
}

/// The application object of `GET /oauth2/applications/@me`.
pub fn application() -> Value {
    json!({
        "id": APP_ID.to_string(),
        "name": BOT_NAME,
        "icon": null,
        "description": "",
        "bot_public": true,
        "bot_require_code_grant": false,
        "owner": user_json(1_000_000_000_000_000_001, "owner"),
        "verify_key": "00",
        "team": null,
        "flags": 0,
    })
}

/// The READY dispatch data.
pub fn ready() -> Value {
    json!({
        "v": 10,
        "user": bot_user(),
        "guilds": [],
        "session_id": "fake-session",
        "resume_gateway_url": "ws://127.0.0.1:1",
        "shard": [0, 1],
        "application": { "id": APP_ID.to_string(), "flags": 0 },
    })
}

/// A message object.
pub fn message(
    id: u64,
    channel_id: u64,
    author: &Value,
    content: &str,
    components: Value,
) -> Value {
    json!({
        "id": id.to_string(),
        "channel_id": channel_id.to_string(),
        "author": author,
        "content": content,
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": 0,
        "components": components,
    })
}

/// A button row as Discord sends it inside a message: `(custom_id, label)` pairs.
pub fn button_row(buttons: &[(&str, &str)]) -> Value {
    let components: Vec<Value> = buttons
        .iter()
        .map(|(id, label)| json!({ "type": 2, "style": 1, "label": label, "custom_id": id }))
        .collect();
    json!({ "type": 1, "components": components })
}

/// Who does something: a user.
#[derive(Clone, Debug)]
pub struct Who {
    /// The user id.
    pub id: u64,
    /// The user name.
    pub name: String,
}

impl Who {
    /// A user with this id and name.
    pub fn new(id: u64, name: &str) -> Who {
        Who {
            id,
            name: name.to_string(),
        }
    }

    /// The user object.
    pub fn json(&self) -> Value {
        user_json(self.id, &self.name)
    }
}

/// Where an interaction happens.
#[derive(Clone, Copy, Debug)]
pub enum Place {
    /// A server text channel.
    Guild {
        /// The server.
        guild_id: u64,
        /// The channel.
        channel_id: u64,
    },
    /// The user's DM channel with the bot.
    Dm {
        /// The DM channel.
        channel_id: u64,
    },
    /// A group DM between people (channel type 3, `context` 2), where only a person's
    /// install of the app can be used.
    GroupDm {
        /// The group DM channel.
        channel_id: u64,
    },
    /// A public thread of a server channel (interactions carry the thread's id as
    /// `channel_id` and a channel of type 11).
    Thread {
        /// The server.
        guild_id: u64,
        /// The thread.
        thread_id: u64,
        /// The channel it was opened in.
        parent_id: u64,
    },
}

impl Place {
    /// The channel id (for a thread, the thread's).
    pub fn channel_id(&self) -> u64 {
        match *self {
            Place::Guild { channel_id, .. }
            | Place::Dm { channel_id }
            | Place::GroupDm { channel_id } => channel_id,
            Place::Thread { thread_id, .. } => thread_id,
        }
    }

    /// The public thread `thread_id` of this server channel.
    pub fn thread(&self, thread_id: u64) -> Place {
        match *self {
            Place::Guild {
                guild_id,
                channel_id,
            }
            | Place::Thread {
                guild_id,
                parent_id: channel_id,
                ..
            } => Place::Thread {
                guild_id,
                thread_id,
                parent_id: channel_id,
            },
            Place::Dm { .. } | Place::GroupDm { .. } => panic!("a DM has no threads"),
        }
    }
}

/// Every permission the stand-in grants the bot by default (as `app_permissions`).
pub const ALL_PERMISSIONS: u64 = 2_248_473_465_835_073;
/// CREATE_PUBLIC_THREADS.
pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
/// SEND_MESSAGES_IN_THREADS.
pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

/// The interaction `v` with the bot's permissions there (`app_permissions`) set to `bits`.
pub fn with_app_permissions(mut v: Value, bits: u64) -> Value {
    v["app_permissions"] = json!(bits.to_string());
    v
}

/// One slash-command option value (inside a subcommand).
#[derive(Clone, Debug)]
pub enum Opt {
    /// A string option.
    Str(&'static str, String),
    /// An integer option.
    Int(&'static str, i64),
    /// A user option (the user is also put into `resolved`).
    User(&'static str, Who),
    /// A boolean option.
    Bool(&'static str, bool),
}

impl Opt {
    fn json(&self, focused: bool) -> Value {
        let mut v = match self {
            Opt::Str(name, s) => json!({ "name": name, "type": 3, "value": s }),
            Opt::Int(name, n) => json!({ "name": name, "type": 4, "value": n }),
            Opt::User(name, who) => json!({ "name": name, "type": 6, "value": who.id.to_string() }),
            Opt::Bool(name, b) => json!({ "name": name, "type": 5, "value": b }),
        };
        if focused {
            v["focused"] = json!(true);
        }
        v
    }
}

/// The fields every interaction carries, for `who` at `place`.
fn base(id: u64, kind: u8, who: &Who, place: Place) -> Value {
    let mut v = json!({
        "id": id.to_string(),
        "application_id": APP_ID.to_string(),
        "type": kind,
        "token": token_for(id),
        "version": 1,
        "channel_id": place.channel_id().to_string(),
        "locale": "en-US",
        "entitlements": [],
        "attachment_size_limit": 10_485_760,
        "app_permissions": ALL_PERMISSIONS.to_string(),
    });
    let guild = match place {
        Place::Guild {
            guild_id,
            channel_id,
        } => {
            v["channel"] = json!({ "id": channel_id.to_string(), "type": 0, "name": "bao" });
            Some(guild_id)
        }
        Place::Thread {
            guild_id,
            thread_id,
            parent_id,
        } => {
            v["channel"] = json!({
                "id": thread_id.to_string(),
                "type": 11,
                "name": "a game",
                "parent_id": parent_id.to_string(),
                "thread_metadata": {
                    "archived": false,
                    "auto_archive_duration": 10080,
                    "archive_timestamp": TIMESTAMP,
                    "locked": false,
                },
            });
            Some(guild_id)
        }
        Place::Dm { channel_id } => {
            v["context"] = json!(1);
            v["channel"] = json!({ "id": channel_id.to_string(), "type": 1 });
            v["user"] = who.json();
            None
        }
        Place::GroupDm { channel_id } => {
            v["context"] = json!(2);
            v["channel"] = json!({
                "id": channel_id.to_string(),
                "type": 3,
                "name": "friends",
                "recipients": [],
            });
            v["user"] = who.json();
            v["app_permissions"] = json!(USER_APP_PERMISSIONS.to_string());
            v["authorizing_integration_owners"] = json!({ "1": who.id.to_string() });
            None
        }
    };
    if let Some(guild_id) = guild {
        v["guild_id"] = json!(guild_id.to_string());
        v["guild_locale"] = json!("en-US");
        v["context"] = json!(0);
        v["member"] = json!({
            "user": who.json(),
            "roles": [],
            "joined_at": TIMESTAMP,
            "deaf": false,
            "mute": false,
            "flags": 0,
            "pending": false,
            "permissions": "2248473465835073",
        });
    }
    v
}

/// What a person's install of the app may do in a DM, a group DM, or a server without the
/// bot (`app_permissions`): view, send, attach files, embed links, use external apps.
pub const USER_APP_PERMISSIONS: u64 = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 50);

/// Interaction `v` as authorised by `installer`'s install of the app alone
/// (`authorizing_integration_owners: {"1": installer}`), as in a server without the bot:
/// the app's permissions there are a user app's.
pub fn by_user_install(mut v: Value, installer: &Who) -> Value {
    v["authorizing_integration_owners"] = json!({ "1": installer.id.to_string() });
    v["app_permissions"] = json!(USER_APP_PERMISSIONS.to_string());
    v
}

/// The interaction token the payload builders use for interaction `id`.
pub fn token_for(id: u64) -> String {
    format!("itok{id}")
}

/// Command data for `/bao <sub> options...` (or `/bao-replay options...`, `/bao-tournament
/// join options...`), with users resolved.
fn bao_data(sub: &str, options: &[Opt], focused: Option<&str>) -> Value {
    let mut users = serde_json::Map::new();
    let opts: Vec<Value> = options
        .iter()
        .map(|o| {
            if let Opt::User(_, who) = o {
                users.insert(who.id.to_string(), who.json());
            }
            let name = match o {
                Opt::Str(n, _) | Opt::Int(n, _) | Opt::User(n, _) | Opt::Bool(n, _) => *n,
            };
            o.json(focused == Some(name))
        })
        .collect();
    // `help`: `/bao help`; `bao-replay`: a top-level command; `bao-tournament join`: a
    // top-level command's subcommand.
    let (name, sub) = match sub.split_once(' ') {
        Some((top, sub)) => (top, Some(sub)),
        None if sub.starts_with("bao-") => (sub, None),
        None => ("bao", Some(sub)),
    };
    let options = match sub {
        Some(sub) => json!([{ "name": sub, "type": 1, "options": opts }]),
        None => Value::Array(opts),
    };
    let mut data = json!({
        "id": "1150000000000000001",
        "name": name,
        "type": 1,
        "options": options,
    });
    if !users.is_empty() {
        data["resolved"] = json!({ "users": users });
    }
    data
}

/// `/bao <sub> [options]` by `who` at `place` (interaction type 2); `sub` may also name a
/// top-level command (`bao-replay`) or one with its subcommand (`bao-tournament join`).
pub fn slash(id: u64, who: &Who, place: Place, sub: &str, options: &[Opt]) -> Value {
    let mut v = base(id, 2, who, place);
    v["data"] = bao_data(sub, options, None);
    v
}

/// Autocomplete while typing option `focused` of `/bao <sub>` (interaction type 4).
pub fn autocomplete(
    id: u64,
    who: &Who,
    place: Place,
    sub: &str,
    options: &[Opt],
    focused: &str,
) -> Value {
    let mut v = base(id, 4, who, place);
    v["data"] = bao_data(sub, options, Some(focused));
    v
}

/// A click on button `custom_id` of `message` (interaction type 3).
pub fn button(id: u64, who: &Who, place: Place, custom_id: &str, message: Value) -> Value {
    let mut v = base(id, 3, who, place);
    v["data"] = json!({ "custom_id": custom_id, "component_type": 2 });
    v["message"] = message;
    v
}

/// The server channel the Discord tests play in.
pub const GUILD: Place = Place::Guild {
    guild_id: 1_300_000_000_000_000_001,
    channel_id: 1_300_000_000_000_000_002,
};

/// Asha, the first player of the Discord tests.
pub fn asha() -> Who {
    Who::new(1_400_000_000_000_000_001, "asha")
}

/// Baraka, the second player of the Discord tests.
pub fn baraka() -> Who {
    Who::new(1_400_000_000_000_000_002, "baraka")
}

/// VIEW_CHANNEL, SEND_MESSAGES and ATTACH_FILES: what the daily puzzle's post needs.
pub const POST_WITH_FILES: u64 = (1 << 10) | (1 << 11) | (1 << 15);

/// A `GUILD_CREATE` of `guild_id` as a bot without the members intent gets it: the
/// `@everyone` role allowing [`POST_WITH_FILES`], the bot's own member (no other role), and
/// text channels `(id, denied)`, each denying `denied` to `@everyone`.
pub fn guild_create(guild_id: u64, channels: &[(u64, u64)]) -> Value {
    let channels: Vec<Value> = channels
        .iter()
        .enumerate()
        .map(|(i, (id, denied))| {
            json!({
                "id": id.to_string(),
                "type": 0,
                "guild_id": guild_id.to_string(),
                "name": format!("channel-{i}"),
                "position": i,
                "permission_overwrites": [{
                    "id": guild_id.to_string(),
                    "type": 0,
                    "allow": "0",
                    "deny": denied.to_string(),
                }],
                "nsfw": false,
                "parent_id": null,
                "topic": null,
                "last_message_id": null,
                "rate_limit_per_user": 0,
            })
        })
        .collect();
    json!({
        "id": guild_id.to_string(),
        "name": "Bao club",
        "icon": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": "1400000000000000003",
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [{
            "id": guild_id.to_string(),
            "name": "@everyone",
            "color": 0,
            "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
            "hoist": false,
            "position": 0,
            "permissions": POST_WITH_FILES.to_string(),
            "managed": false,
            "mentionable": false,
            "flags": 0,
        }],
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "system_channel_flags": 0,
        "premium_tier": 0,
        "preferred_locale": "en-US",
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
        "joined_at": TIMESTAMP,
        "large": false,
        "member_count": 1,
        "voice_states": [],
        "members": [{
            "user": bot_user(),
            "roles": [],
            "joined_at": TIMESTAMP,
            "deaf": false,
            "mute": false,
            "flags": 0,
        }],
        "channels": channels,
        "threads": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
    })
}
