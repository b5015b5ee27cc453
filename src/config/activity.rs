//! `[activity]`: the Discord Activity (docs/activity.md). With it the bot registers the app's
//! Entry Point command, the "Play on the board" button launches the Activity, and the pages
//! serve `/activity` and `POST /api/token`. Its one setting is the OAuth2 client secret
//! (Developer Portal, OAuth2), which the server needs to exchange a sign-in code; like the
//! bot token it is never printed.

use serde::Deserialize;

use super::{ConfigError, Token};

/// The environment variable that sets (and turns on) `[activity] client_secret`.
pub const SECRET_ENV: &str = "BAO_ACTIVITY_CLIENT_SECRET";

/// The Activity's settings.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ActivitySettings {
    /// The application's OAuth2 client secret; better given as `BAO_ACTIVITY_CLIENT_SECRET`.
    /// Its `Debug` shows `<redacted>`.
    #[serde(default = "no_secret")]
    pub client_secret: Token,
    /// Seconds each request to Discord during a sign-in may take (the code exchange, the
    /// user, the instance); past it the page is told Discord did not answer.
    #[serde(default = "default_timeout")]
    pub timeout_secs: u64,
}

fn no_secret() -> Token {
    Token::new("")
}

fn default_timeout() -> u64 {
    10
}

/// Applies `BAO_ACTIVITY_CLIENT_SECRET` (read through `get`, empty values already dropped):
/// it sets the secret, and turns `[activity]` on when the file has none.
pub(super) fn apply_env(
    activity: &mut Option<ActivitySettings>,
    get: impl Fn(&str) -> Option<String>,
) {
    if let Some(secret) = get(SECRET_ENV) {
        let settings = activity.get_or_insert_with(|| ActivitySettings {
            client_secret: no_secret(),
            timeout_secs: default_timeout(),
        });
        settings.client_secret = Token::new(secret.trim());
    }
}

/// Checks `[activity]`: a secret, a timeout of 1 to 60 s, and the pages on (the Activity is
/// one of them).
pub(super) fn validate(
    activity: Option<&ActivitySettings>,
    web_listen: Option<&str>,
) -> Result<(), ConfigError> {
    let Some(a) = activity else {
        return Ok(());
    };
    let invalid = |setting: &str, message: &str| ConfigError::Invalid {
        setting: setting.into(),
        message: message.into(),
    };
    if a.client_secret.expose().trim().is_empty() {
        return Err(invalid(
            "activity.client_secret",
            "is empty: copy the client secret from the Developer Portal's OAuth2 page into \
             BAO_ACTIVITY_CLIENT_SECRET (or leave out [activity] to run without the Activity)",
        ));
    }
    if !(1..=60).contains(&a.timeout_secs) {
        return Err(invalid(
            "activity.timeout_secs",
            "must be between 1 and 60 seconds",
        ));
    }
    if web_listen.is_none() {
        return Err(invalid(
            "activity",
            "needs the web pages on: set [web] listen (BAO_WEB_LISTEN); the Activity is the \
             page /activity of that server",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::Config;
    use std::path::Path;

    #[test]
    fn the_secret_comes_from_the_file_or_the_environment_and_is_never_shown() {
        let text = "[web]\nlisten = \"127.0.0.1:8080\"\n[activity]\nclient_secret = \"s3cr3t\"\n";
        let c = Config::from_toml(text, Path::new("x.toml")).unwrap();
        c.validate().unwrap();
        let a = c.activity.as_ref().unwrap();
        assert_eq!(a.client_secret.expose(), "s3cr3t");
        assert_eq!(a.timeout_secs, 10);
        assert!(!format!("{c:?}").contains("s3cr3t"));

        let mut c =
            Config::from_toml("[web]\nlisten = \"127.0.0.1:8080\"", Path::new("x")).unwrap();
        assert!(c.activity.is_none());
        c.apply_env(|n| (n == super::SECRET_ENV).then(|| " from-env ".to_string()))
            .unwrap();
        c.validate().unwrap();
        assert_eq!(c.activity.unwrap().client_secret.expose(), "from-env");
    }

    #[test]
    fn an_activity_without_a_secret_or_the_pages_is_refused_saying_what_to_set() {
        let c = Config::from_toml(
            "[web]\nlisten = \"127.0.0.1:8080\"\n[activity]\n",
            Path::new("x"),
        )
        .unwrap();
        let err = c.validate().unwrap_err().to_string();
        assert!(
            err.contains("activity.client_secret") && err.contains("BAO_ACTIVITY_CLIENT_SECRET"),
            "{err}"
        );
        let c = Config::from_toml("[activity]\nclient_secret = \"x\"\n", Path::new("x")).unwrap();
        let err = c.validate().unwrap_err().to_string();
        assert!(err.contains("[web] listen"), "{err}");
    }
}
