//! The bot's settings: a TOML file (see `config.example.toml`) with environment overrides.
//!
//! Every setting has a default, so an empty file (or none) is a valid configuration; the only
//! thing `bao-bot run` cannot do without is the bot token, which comes from `DISCORD_TOKEN`
//! (or the file) and is never printed: [`Token`]'s `Debug` shows `<redacted>`.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;
use thiserror::Error;

mod activity;
pub use activity::{ActivitySettings, SECRET_ENV as ACTIVITY_SECRET_ENV};

/// Environment variables that override the file, in the order they are applied.
pub const ENV_OVERRIDES: &[(&str, &str)] = &[
    ("DISCORD_TOKEN", "the bot token"),
    ("BAO_DATABASE", "database path"),
    ("BAO_LOG", "log level / tracing filter"),
    ("BAO_TEST_GUILD_ID", "register /bao in this server only"),
    (
        "BAO_PROXY_URL",
        "base URL of an HTTP proxy for Discord's API",
    ),
    (
        "BAO_TEST_LOOPBACK_ONLY",
        "1: refuse to start unless proxy_url is on loopback",
    ),
    (
        "BAO_APPLICATION_ID",
        "the application id `bao-bot invite` uses",
    ),
    (
        "BAO_WEB_LISTEN",
        "address the web pages are served on ([web] listen)",
    ),
    (
        "BAO_WEB_PUBLIC_URL",
        "address the chat links to the web pages with ([web] public_url)",
    ),
    (
        "BAO_WEB_TRUSTED_PROXIES",
        "comma-separated proxies whose X-Forwarded-For is believed ([web] trusted_proxies)",
    ),
    (
        "BAO_ACTIVITY_CLIENT_SECRET",
        "the OAuth2 client secret; turns the Discord Activity on ([activity])",
    ),
];

/// A failure to read or understand the configuration.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read config file {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not valid TOML for these settings.
    #[error("config file {path}: {message}")]
    Parse {
        /// The file (or `<string>`).
        path: PathBuf,
        /// What is wrong, from the TOML reader.
        message: String,
    },
    /// A setting (from the file or the environment) has a bad value.
    #[error("{setting}: {message}")]
    Invalid {
        /// The setting's name.
        setting: String,
        /// What is wrong and what would be right.
        message: String,
    },
}

/// The bot token. Its `Debug` and `Display` never show the secret.
#[derive(Clone, Deserialize, PartialEq, Eq)]
#[serde(transparent)]
pub struct Token(String);

impl Token {
    /// Wraps a token.
    pub fn new(token: impl Into<String>) -> Token {
        Token(token.into())
    }

    /// The secret itself, for handing to the Discord client only.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<redacted>)")
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

/// Limits on the built-in AI.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct AiLimits {
    /// At most this many AI searches run at once; later requests wait their turn.
    pub max_concurrent_searches: usize,
    /// At most this many AI requests wait for a search; past it, a move against the AI or a
    /// hint is refused with the wait ("busy, try again in N s").
    pub max_waiting: usize,
    /// Wall-clock cap of one `beginner` search, in milliseconds.
    pub beginner_ms: u64,
    /// Wall-clock cap of one `easy` search, in milliseconds.
    pub easy_ms: u64,
    /// Wall-clock cap of one `casual` search, in milliseconds.
    pub casual_ms: u64,
    /// Wall-clock cap of one `medium` search, in milliseconds.
    pub medium_ms: u64,
    /// Wall-clock cap of one `hard` search, in milliseconds.
    pub hard_ms: u64,
    /// Wall-clock cap of one `master` search, in milliseconds.
    pub master_ms: u64,
}

impl Default for AiLimits {
    fn default() -> AiLimits {
        AiLimits {
            max_concurrent_searches: 1,
            max_waiting: 16,
            beginner_ms: 200,
            easy_ms: 200,
            casual_ms: 300,
            medium_ms: 500,
            hard_ms: 1000,
            master_ms: 3000,
        }
    }
}

impl AiLimits {
    /// The wall-clock cap for a level name (`beginner`, `easy`, `casual`, `medium`, `hard`,
    /// `master`).
    pub fn cap_for(&self, level: &str) -> Option<Duration> {
        let ms = match level {
            "beginner" => self.beginner_ms,
            "easy" => self.easy_ms,
            "casual" => self.casual_ms,
            "medium" => self.medium_ms,
            "hard" => self.hard_ms,
            "master" => self.master_ms,
            _ => return None,
        };
        Some(Duration::from_millis(ms))
    }
}

/// Limits on drawing pictures and animations.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct RenderLimits {
    /// How many pictures and animations are drawn at once (the render workers); 0 means
    /// one per core. Further drawings wait their turn in arrival order.
    pub workers: usize,
    /// Past this many boards waiting (replays and other pictures that can wait are not
    /// counted), a move's animation is skipped: the move is confirmed at once and its still
    /// board follows.
    pub queue_limit: usize,
    /// Megabytes of finished games' replays and boards kept, so the same picture is drawn
    /// once (shared with the web pages served by the same process); 0 keeps none.
    pub cache_mb: usize,
}

impl Default for RenderLimits {
    fn default() -> RenderLimits {
        RenderLimits {
            workers: 0,
            queue_limit: crate::app::DEFAULT_RENDER_QUEUE_LIMIT,
            cache_mb: crate::app::DEFAULT_PICTURE_CACHE_BYTES >> 20,
        }
    }
}

impl RenderLimits {
    /// The number of workers, with 0 read as one per core.
    pub fn workers(&self) -> usize {
        match self.workers {
            0 => crate::render::RenderPool::default_workers(),
            n => n,
        }
    }
}

/// The web pages (docs/web.md).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct WebSettings {
    /// Where `bao-bot run` serves the pages (`127.0.0.1:8080`); unset, it serves none.
    pub listen: Option<String>,
    /// The address people reach the pages at (`https://bao.example.org`); when set, the
    /// bot's messages link to the pages. Unset, nothing in the chat changes.
    pub public_url: Option<String>,
    /// Most live pages followed at once by event stream; past it, pages poll instead.
    pub max_live: usize,
    /// Requests each address may make per minute (a burst of as many is allowed).
    pub requests_per_minute: u32,
    /// Most live pages followed at once from one address.
    pub live_per_address: usize,
    /// Most connections open at once, all addresses together.
    pub max_connections: usize,
    /// Most connections open at once from one address.
    pub connections_per_address: usize,
    /// Seconds a request's headers may take to arrive, and an idle connection may stay.
    pub header_timeout_secs: u64,
    /// The proxies (addresses or networks, `127.0.0.1`, `10.0.0.0/8`) whose
    /// `X-Forwarded-For` / `Forwarded` headers name the client; empty, none are believed.
    pub trusted_proxies: Vec<String>,
}

impl Default for WebSettings {
    fn default() -> WebSettings {
        WebSettings {
            listen: None,
            public_url: None,
            max_live: 1000,
            requests_per_minute: 600,
            live_per_address: 16,
            max_connections: 512,
            connections_per_address: 32,
            header_timeout_secs: 10,
            trusted_proxies: Vec::new(),
        }
    }
}

impl WebSettings {
    /// The trusted proxies, read: each an address (`127.0.0.1`) or a network (`10.0.0.0/8`).
    pub fn trusted_networks(&self) -> Result<Vec<ipnet::IpNet>, ConfigError> {
        self.trusted_proxies
            .iter()
            .map(|t| {
                let t = t.trim();
                t.parse::<ipnet::IpNet>()
                    .or_else(|_| t.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
                    .map_err(|_| ConfigError::Invalid {
                        setting: "web.trusted_proxies".into(),
                        message: format!(
                            "`{t}` is not an address or a network; expected e.g. \"127.0.0.1\" or \"10.0.0.0/8\""
                        ),
                    })
            })
            .collect()
    }

    /// The listen address, read (`None`: no pages served).
    pub fn listen_addr(&self) -> Result<Option<std::net::SocketAddr>, ConfigError> {
        self.listen
            .as_deref()
            .map(|a| {
                a.trim().parse().map_err(|_| ConfigError::Invalid {
                    setting: "web.listen".into(),
                    message: format!(
                        "`{a}` is not an address to listen on; expected IP:PORT such as 127.0.0.1:8080"
                    ),
                })
            })
            .transpose()
    }
}

/// All settings of the bot.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The bot token; better given as `DISCORD_TOKEN` than written in a file.
    pub token: Option<Token>,
    /// The SQLite database file.
    pub database: PathBuf,
    /// How each commit reaches the disk: `full` (the default: a move the players were told
    /// about survives a power cut) or `normal` (faster; a power cut or OS crash may roll back
    /// the last commits). See [`Config::synchronous`].
    pub database_synchronous: String,
    /// The log level (`error`, `warn`, `info`, `debug`, `trace`) or a tracing filter such as
    /// `bao_bot=debug,serenity=warn`. `RUST_LOG`, when set, wins.
    pub log_level: String,
    /// When set, `/bao` is registered in this server only (it shows up at once there, while
    /// global commands are what DMs need).
    pub test_guild_id: Option<u64>,
    /// Base URL of an HTTP proxy that forwards Discord's REST API (`http://host:port`); every
    /// request goes there, paths unchanged, and the client's own rate limiter is turned off
    /// (the proxy is then responsible for rate limits).
    pub proxy_url: Option<String>,
    /// Refuse to start unless `proxy_url` points at loopback (for tests: nothing leaves).
    pub loopback_only: bool,
    /// The time allowed per move when a challenge names none: `none`, or a number with unit
    /// `m`, `h` or `d` between 10 minutes and 14 days (`30m`, `24h`, `3d`).
    pub default_time_per_move: String,
    /// Whether the board after a move comes as an animated GIF of the move, for users who
    /// have not chosen (`/bao prefs animations:on|off`) in a server that has not chosen.
    pub animation: bool,
    /// Whether a challenge counts for ratings when it does not say (`rated` option of
    /// `/bao challenge`). Games against the AI are never rated.
    pub rated_by_default: bool,
    /// Limits on the built-in AI.
    pub ai: AiLimits,
    /// Limits on drawing pictures.
    pub render: RenderLimits,
    /// The Discord application id for `bao-bot invite`; without it the id is read from the
    /// token (whose first part is the bot's id in base64).
    pub application_id: Option<u64>,
    /// Where the bot's source is published, linked from `/bao help topic:about` (an `http(s)` URL).
    /// Without it, the crate's `repository` from Cargo.toml, when it names one.
    pub source_url: Option<String>,
    /// The web pages.
    pub web: WebSettings,
    /// The Discord Activity (`[activity]`; `None`: off).
    pub activity: Option<ActivitySettings>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            token: None,
            database: PathBuf::from("bao.db"),
            database_synchronous: "full".to_string(),
            log_level: "info".to_string(),
            test_guild_id: None,
            proxy_url: None,
            loopback_only: false,
            default_time_per_move: "none".to_string(),
            animation: true,
            rated_by_default: true,
            ai: AiLimits::default(),
            render: RenderLimits::default(),
            application_id: None,
            source_url: None,
            web: WebSettings::default(),
            activity: None,
        }
    }
}

impl Config {
    /// Reads `path` (when given), then applies the environment overrides and validates.
    pub fn load(path: Option<&Path>) -> Result<Config, ConfigError> {
        let mut config = match path {
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
                    path: path.to_path_buf(),
                    source,
                })?;
                Config::from_toml(&text, path)?
            }
            None => Config::default(),
        };
        config.apply_env(|name| std::env::var(name).ok())?;
        config.validate()?;
        Ok(config)
    }

    /// Parses TOML text (`origin` names it in errors). Does not apply the environment.
    pub fn from_toml(text: &str, origin: &Path) -> Result<Config, ConfigError> {
        toml::from_str(text).map_err(|e| ConfigError::Parse {
            path: origin.to_path_buf(),
            message: e.message().to_string(),
        })
    }

    /// Applies the overrides of [`ENV_OVERRIDES`], read through `var` (empty values are
    /// ignored).
    pub fn apply_env(&mut self, var: impl Fn(&str) -> Option<String>) -> Result<(), ConfigError> {
        let get = |name: &str| var(name).filter(|v| !v.trim().is_empty());
        if let Some(t) = get("DISCORD_TOKEN") {
            self.token = Some(Token::new(t.trim()));
        }
        if let Some(d) = get("BAO_DATABASE") {
            self.database = PathBuf::from(d);
        }
        if let Some(l) = get("BAO_LOG") {
            self.log_level = l;
        }
        if let Some(g) = get("BAO_TEST_GUILD_ID") {
            self.test_guild_id = Some(g.trim().parse().map_err(|_| ConfigError::Invalid {
                setting: "BAO_TEST_GUILD_ID".into(),
                message: format!("`{g}` is not a server id (a number like 1234567890123456789)"),
            })?);
        }
        if let Some(p) = get("BAO_PROXY_URL") {
            self.proxy_url = Some(p);
        }
        if let Some(a) = get("BAO_APPLICATION_ID") {
            self.application_id = Some(a.trim().parse().map_err(|_| ConfigError::Invalid {
                setting: "BAO_APPLICATION_ID".into(),
                message: format!(
                    "`{a}` is not an application id (a number like 1234567890123456789)"
                ),
            })?);
        }
        if let Some(l) = get("BAO_WEB_LISTEN") {
            self.web.listen = Some(l.trim().to_string());
        }
        if let Some(u) = get("BAO_WEB_PUBLIC_URL") {
            self.web.public_url = Some(u.trim().to_string());
        }
        if let Some(t) = get("BAO_WEB_TRUSTED_PROXIES") {
            self.web.trusted_proxies = t
                .split(',')
                .map(|p| p.trim().to_string())
                .filter(|p| !p.is_empty())
                .collect();
        }
        activity::apply_env(&mut self.activity, get);
        if let Some(v) = get("BAO_TEST_LOOPBACK_ONLY") {
            self.loopback_only = !matches!(v.trim(), "0" | "false" | "no");
        }
        Ok(())
    }

    /// The store's durability of commits ([`Config::database_synchronous`]).
    pub fn synchronous(&self) -> Result<crate::store::Synchronous, ConfigError> {
        self.database_synchronous
            .parse()
            .map_err(|message| ConfigError::Invalid {
                setting: "database_synchronous".into(),
                message,
            })
    }

    /// Checks values that TOML types alone do not.
    pub fn validate(&self) -> Result<(), ConfigError> {
        self.synchronous()?;
        parse_time_per_move(&self.default_time_per_move).map_err(|message| {
            ConfigError::Invalid {
                setting: "default_time_per_move".into(),
                message,
            }
        })?;
        if self.ai.max_concurrent_searches == 0 {
            return Err(ConfigError::Invalid {
                setting: "ai.max_concurrent_searches".into(),
                message: "must be at least 1".into(),
            });
        }
        if let Some(url) = &self.proxy_url {
            let parsed = url::Url::parse(url).map_err(|e| ConfigError::Invalid {
                setting: "proxy_url".into(),
                message: format!("`{url}` is not a URL ({e}); expected e.g. http://127.0.0.1:8080"),
            })?;
            if !matches!(parsed.scheme(), "http" | "https") || parsed.host().is_none() {
                return Err(ConfigError::Invalid {
                    setting: "proxy_url".into(),
                    message: format!("`{url}` must be http(s)://host[:port]"),
                });
            }
        }
        if let Some(url) = &self.source_url {
            let web = url::Url::parse(url)
                .ok()
                .filter(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some());
            if web.is_none() {
                return Err(ConfigError::Invalid {
                    setting: "source_url".into(),
                    message: format!(
                        "`{url}` is not a web address; expected e.g. https://example.org/bao-bot"
                    ),
                });
            }
        }
        self.web.listen_addr()?;
        self.web.trusted_networks()?;
        activity::validate(self.activity.as_ref(), self.web.listen.as_deref())?;
        if let Some(url) = &self.web.public_url {
            let web = url::Url::parse(url)
                .ok()
                .filter(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some());
            if web.is_none() {
                return Err(ConfigError::Invalid {
                    setting: "web.public_url".into(),
                    message: format!(
                        "`{url}` is not a web address; expected e.g. https://bao.example.org"
                    ),
                });
            }
        }
        let w = &self.web;
        if [
            w.max_live,
            w.requests_per_minute as usize,
            w.live_per_address,
            w.max_connections,
            w.connections_per_address,
            w.header_timeout_secs as usize,
        ]
        .contains(&0)
        {
            return Err(ConfigError::Invalid {
                setting: "web".into(),
                message: "max_live, requests_per_minute, live_per_address, max_connections, \
                          connections_per_address and header_timeout_secs must be at least 1"
                    .into(),
            });
        }
        if self.loopback_only && !self.proxy_url.as_deref().is_some_and(is_loopback_url) {
            return Err(ConfigError::Invalid {
                setting: "proxy_url".into(),
                message: "loopback-only mode (BAO_TEST_LOOPBACK_ONLY) needs proxy_url on \
                          127.0.0.1, ::1 or localhost; refusing to reach Discord"
                    .into(),
            });
        }
        Ok(())
    }

    /// The default time per move (`None`: no limit).
    pub fn default_time_per_move(&self) -> Option<Duration> {
        parse_time_per_move(&self.default_time_per_move).unwrap_or(None)
    }
}

/// Whether a URL's host is a loopback address (`127.0.0.0/8`, `::1`, `localhost`).
pub fn is_loopback_url(url: &str) -> bool {
    match url::Url::parse(url)
        .ok()
        .and_then(|u| u.host().map(|h| h.to_owned()))
    {
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        None => false,
    }
}

/// Reads a time per move (see [`crate::app::time_per_move`]): `none`, or an amount like
/// `30m`, `24h` or `1d12h` from 10 minutes to 14 days. Returns the duration (`None` for
/// `none`) or what is wrong.
pub fn parse_time_per_move(text: &str) -> Result<Option<Duration>, String> {
    crate::app::time_per_move(text).map(|t| t.map(|secs| Duration::from_secs(secs as u64)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_file_gives_defaults() {
        let c = Config::from_toml("", Path::new("x.toml")).unwrap();
        assert_eq!(c, Config::default());
        assert_eq!(c.database, PathBuf::from("bao.db"));
    }

    #[test]
    fn example_file_parses_and_validates() {
        let text = include_str!("../config.example.toml");
        let c = Config::from_toml(text, Path::new("config.example.toml")).unwrap();
        c.validate().unwrap();
    }

    #[test]
    fn synchronous_is_full_unless_normal_is_asked_for() {
        use crate::store::Synchronous;
        assert_eq!(Config::default().synchronous().unwrap(), Synchronous::Full);
        let c =
            Config::from_toml("database_synchronous = \"normal\"", Path::new("x.toml")).unwrap();
        assert_eq!(c.synchronous().unwrap(), Synchronous::Normal);
        let c = Config::from_toml("database_synchronous = \"off\"", Path::new("x.toml")).unwrap();
        let err = c.validate().unwrap_err().to_string();
        assert!(
            err.contains("database_synchronous") && err.contains("power cut"),
            "{err}"
        );
    }

    #[test]
    fn unknown_setting_is_refused() {
        let err = Config::from_toml("databse = \"x.db\"", Path::new("x.toml")).unwrap_err();
        assert!(err.to_string().contains("databse"), "{err}");
    }

    #[test]
    fn env_overrides_the_file() {
        let mut c = Config::from_toml(
            "database = \"file.db\"\ntoken = \"from-file\"",
            Path::new("x"),
        )
        .unwrap();
        c.apply_env(|n| match n {
            "DISCORD_TOKEN" => Some("from-env".into()),
            "BAO_DATABASE" => Some("env.db".into()),
            "BAO_TEST_GUILD_ID" => Some("42".into()),
            "BAO_WEB_LISTEN" => Some("127.0.0.1:9000".into()),
            "BAO_WEB_PUBLIC_URL" => Some("https://bao.example.org".into()),
            _ => None,
        })
        .unwrap();
        assert_eq!(c.token.as_ref().map(Token::expose), Some("from-env"));
        assert_eq!(c.database, PathBuf::from("env.db"));
        assert_eq!(c.test_guild_id, Some(42));
        assert_eq!(
            c.web.listen_addr().unwrap(),
            Some("127.0.0.1:9000".parse().unwrap())
        );
        assert_eq!(c.web.public_url.as_deref(), Some("https://bao.example.org"));
    }

    #[test]
    fn web_settings_are_checked() {
        let c = Config::from_toml("[web]\nlisten = \"8080\"", Path::new("x.toml")).unwrap();
        let err = c.validate().unwrap_err().to_string();
        assert!(
            err.contains("web.listen") && err.contains("127.0.0.1:8080"),
            "{err}"
        );
        let c = Config::from_toml("[web]\npublic_url = \"bao\"", Path::new("x.toml")).unwrap();
        assert!(c
            .validate()
            .unwrap_err()
            .to_string()
            .contains("web.public_url"));
        assert_eq!(Config::default().web.listen_addr().unwrap(), None);
    }

    #[test]
    fn token_never_shows_in_debug() {
        let c = Config {
            token: Some(Token::new("super-secret-token")),
            ..Config::default()
        };
        let shown = format!("{c:?} {}", c.token.as_ref().unwrap());
        assert!(!shown.contains("super-secret-token"), "{shown}");
        assert!(shown.contains("redacted"));
    }

    #[test]
    fn source_url_must_be_a_web_address() {
        let ok = Config::from_toml(
            "source_url = \"https://example.org/b\"",
            Path::new("x.toml"),
        )
        .unwrap();
        assert!(ok.validate().is_ok());
        assert_eq!(ok.source_url.as_deref(), Some("https://example.org/b"));
        let bad = Config::from_toml("source_url = \"not a url\"", Path::new("x.toml")).unwrap();
        let err = bad.validate().unwrap_err().to_string();
        assert!(
            err.contains("source_url") && err.contains("web address"),
            "{err}"
        );
    }

    #[test]
    fn loopback_only_refuses_a_remote_proxy() {
        let mut c = Config {
            loopback_only: true,
            ..Config::default()
        };
        assert!(c.validate().is_err(), "no proxy at all must be refused");
        c.proxy_url = Some("http://proxy.example.com:8080".into());
        assert!(c.validate().is_err());
        c.proxy_url = Some("http://127.0.0.1:9000".into());
        c.validate().unwrap();
        c.proxy_url = Some("http://localhost:9000".into());
        c.validate().unwrap();
    }

    #[test]
    fn time_per_move_forms() {
        assert_eq!(parse_time_per_move("none"), Ok(None));
        assert_eq!(
            parse_time_per_move("24h"),
            Ok(Some(Duration::from_secs(86_400)))
        );
        assert_eq!(
            parse_time_per_move("10m"),
            Ok(Some(Duration::from_secs(600)))
        );
        assert!(parse_time_per_move("5m").is_err());
        assert!(parse_time_per_move("15d").is_err());
        assert!(parse_time_per_move("soon").is_err());
    }
}
