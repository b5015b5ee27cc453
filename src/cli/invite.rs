//! `invite`: the OAuth2 URLs that add the app to a server (the bot, with exactly the
//! permissions it uses) and to a person's account (its commands alone, usable in DMs, group
//! DMs and servers without the bot). Works offline: the application id comes from the config
//! or from the token itself.

use std::path::Path;

use bao_bot::config::Config;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::DecodePaddingMode;
use base64::{alphabet, Engine};

use super::{input, CliError};

/// One permission the bot asks for: its bit, its name in Discord's settings, and why.
pub struct Permission {
    /// The bit (`1 << n`) in Discord's permission integer.
    pub bit: u64,
    /// The name Discord shows.
    pub name: &'static str,
    /// What the bot does with it.
    pub why: &'static str,
}

/// Every permission the bot uses; the README lists the same with the same reasons.
pub const PERMISSIONS: &[Permission] = &[
    Permission {
        bit: 1 << 10,
        name: "View Channels",
        why: "see the channels where games are played",
    },
    Permission {
        bit: 1 << 11,
        name: "Send Messages",
        why: "post boards, turn notices, reminders and results that are not replies",
    },
    Permission {
        bit: 1 << 15,
        name: "Attach Files",
        why: "the board picture and the game record",
    },
    Permission {
        bit: 1 << 35,
        name: "Create Public Threads",
        why: "open a thread for each game in thread mode",
    },
    Permission {
        bit: 1 << 38,
        name: "Send Messages in Threads",
        why: "play the game inside its thread",
    },
    Permission {
        bit: 1 << 34,
        name: "Manage Threads",
        why: "archive (and rename with the result) a game's thread when the game ends",
    },
];

/// The OAuth2 scopes: the bot user and its slash commands.
pub const SCOPES: &str = "bot applications.commands";

/// The permission integer of [`PERMISSIONS`].
pub fn permission_bits() -> u64 {
    PERMISSIONS.iter().fold(0, |acc, p| acc | p.bit)
}

/// The bot's id from a bot token, whose first `.`-separated part is the id in base64
/// (padding optional).
pub fn id_from_token(token: &str) -> Option<u64> {
    let first = token.trim().split('.').next()?;
    let lenient =
        GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent);
    let decoded = [
        GeneralPurpose::new(&alphabet::STANDARD, lenient),
        GeneralPurpose::new(&alphabet::URL_SAFE, lenient),
    ]
    .iter()
    .find_map(|engine| engine.decode(first).ok())?;
    let digits = std::str::from_utf8(&decoded).ok()?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|&id| id > 0)
}

/// The OAuth2 scope of an install to a person's account: the commands alone (no bot user).
pub const USER_SCOPES: &str = "applications.commands";

/// The URL that adds the bot to a server (`integration_type=0`), for `application_id`.
pub fn invite_url(application_id: u64) -> String {
    let mut url = url::Url::parse("https://discord.com/oauth2/authorize").expect("a fixed URL");
    url.query_pairs_mut()
        .append_pair("client_id", &application_id.to_string())
        .append_pair("integration_type", "0")
        .append_pair("permissions", &permission_bits().to_string())
        .append_pair("scope", SCOPES);
    url.to_string()
}

/// The URL that adds the app to the account of whoever opens it (`integration_type=1`):
/// its commands then work in that person's DMs, group DMs and in servers without the bot.
pub fn user_install_url(application_id: u64) -> String {
    let mut url = url::Url::parse("https://discord.com/oauth2/authorize").expect("a fixed URL");
    url.query_pairs_mut()
        .append_pair("client_id", &application_id.to_string())
        .append_pair("integration_type", "1")
        .append_pair("scope", USER_SCOPES);
    url.to_string()
}

/// `bao-bot invite [--config FILE]`: prints the invite URL, then the permissions and why.
pub fn invite(config_path: Option<&Path>) -> Result<(), CliError> {
    let config = Config::load(config_path).map_err(input)?;
    let id =
        match (config.application_id, &config.token) {
            (Some(id), _) => id,
            (None, Some(token)) => id_from_token(token.expose()).ok_or_else(|| {
                input(
                    "DISCORD_TOKEN does not start with a bot id in base64 (is it a bot token?); \
                 set application_id in the config file or BAO_APPLICATION_ID instead \
                 (Developer Portal > General Information > Application ID)",
                )
            })?,
            (None, None) => return Err(input(
                "no application id: set DISCORD_TOKEN (the id is read from it, nothing is sent \
                 anywhere) or application_id in the config file / BAO_APPLICATION_ID",
            )),
        };
    println!("Add the bot to a server (a server admin; games get threads, notices and the");
    println!("daily puzzle are posted, /bao-settings and /bao-tournament work there):");
    println!("{}", invite_url(id));
    println!();
    println!("Scopes: {SCOPES}");
    println!("Permissions ({}):", permission_bits());
    for p in PERMISSIONS {
        println!("  {:<26} {}", p.name, p.why);
    }
    println!();
    println!("Add the app to your account (anyone; play in DMs, group DMs and servers without");
    println!("the bot, every message an answer to a command or a button; needs \"User Install\"");
    println!("on in the Developer Portal's Installation page):");
    println!("{}", user_install_url(id));
    println!();
    println!("Scopes: {USER_SCOPES}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_id_is_read_from_the_token() {
        // base64("123456789012345678") with and without padding, then two made-up parts.
        assert_eq!(
            id_from_token("MTIzNDU2Nzg5MDEyMzQ1Njc4.GxYz12.abcdefghijklmnop"),
            Some(123_456_789_012_345_678)
        );
        assert_eq!(id_from_token("MTIz.x.y"), Some(123));
        assert_eq!(id_from_token("MTI=.x.y"), Some(12));
        assert_eq!(id_from_token("not base64!.x"), None);
        // base64("hello"): decodes, but is not an id.
        assert_eq!(id_from_token("aGVsbG8.x.y"), None);
        assert_eq!(id_from_token(""), None);
    }

    #[test]
    fn the_url_has_the_scopes_and_exactly_the_listed_permissions() {
        let url = url::Url::parse(&invite_url(42)).unwrap();
        let pairs: Vec<(String, String)> = url.query_pairs().into_owned().collect();
        assert!(pairs.contains(&("client_id".into(), "42".into())));
        assert!(pairs.contains(&("scope".into(), "bot applications.commands".into())));
        let bits: u64 = pairs
            .iter()
            .find(|(k, _)| k == "permissions")
            .map(|(_, v)| v.parse().unwrap())
            .unwrap();
        // View Channels, Send Messages, Attach Files, Manage Threads, Create Public Threads,
        // Send Messages in Threads.
        assert_eq!(bits, 0x4C_0000_8C00);
        assert_eq!(bits.count_ones() as usize, PERMISSIONS.len());
        assert!(pairs.contains(&("integration_type".into(), "0".into())));
    }

    #[test]
    fn the_account_url_asks_for_the_commands_alone() {
        let url = url::Url::parse(&user_install_url(42)).unwrap();
        let pairs: Vec<(String, String)> = url.query_pairs().into_owned().collect();
        assert_eq!(
            pairs,
            [
                ("client_id".to_string(), "42".to_string()),
                ("integration_type".to_string(), "1".to_string()),
                ("scope".to_string(), "applications.commands".to_string()),
            ]
        );
    }
}
