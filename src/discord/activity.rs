//! The Discord side of the Activity (docs/activity.md): the "Play on the board" button
//! answered with `LAUNCH_ACTIVITY` (interaction callback type 12), and the requests the
//! Activity's sign-in makes to Discord ([`ActivitySignIn`]): the OAuth2 code exchange
//! (`POST /oauth2/token` with the client secret), `GET /users/@me` with the access token it
//! gives, and `GET /applications/{id}/activity-instances/{instance}` with the bot token. All
//! three go to the configured `proxy_url` base when there is one, like every other request
//! to Discord (so the tests' stand-in answers them), else to `https://discord.com`.
//!
//! The log says which step failed and Discord's status and error name, never the code, the
//! secret or a token.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serde_json::Value;
use serenity::{ComponentInteraction, CreateInteractionResponse, Http};
use tracing::{info, warn};

use crate::app::{ActivityDiscord, Instance, Pending, SignInError, SignedIn, UserId};
use crate::config::{Config, Token};

use super::source::Source;

/// Answers a press on the launch button with `LAUNCH_ACTIVITY`: Discord opens the Activity
/// in the channel for whoever pressed it (the button is only ever shown to a player).
pub(super) async fn launch(http: &Http, click: &ComponentInteraction) {
    let answer = CreateInteractionResponse::LaunchActivity;
    match Source::component(click).respond(http, answer).await {
        Ok(()) => info!(
            user = click.user.id.get(),
            channel = click.channel_id.get(),
            outcome = "launch-activity",
            "interaction"
        ),
        Err(e) => warn!(error = %super::redact::error(&e), "could not launch the Activity"),
    }
}

/// Discord's API version the requests use.
const API: &str = "/api/v10";

/// The sign-in's requests to Discord.
pub struct ActivitySignIn {
    client: reqwest::Client,
    base: String,
    client_id: u64,
    secret: Token,
    bot: Token,
}

impl ActivitySignIn {
    /// The sign-in for `config`'s `[activity]` as application `client_id`; `None` when the
    /// Activity is off or the bot has no token.
    pub fn new(config: &Config, client_id: u64) -> Option<Result<ActivitySignIn, String>> {
        let activity = config.activity.as_ref()?;
        let bot = config.token.clone()?;
        let client = reqwest::Client::builder()
            .no_proxy()
            .timeout(Duration::from_secs(activity.timeout_secs))
            .build()
            .map_err(|e| format!("the Activity's HTTP client: {e}"));
        Some(client.map(|client| {
            ActivitySignIn {
                client,
                base: config
                    .proxy_url
                    .as_deref()
                    .unwrap_or("https://discord.com")
                    .trim_end_matches('/')
                    .to_string(),
                client_id,
                secret: activity.client_secret.clone(),
                bot,
            }
        }))
    }

    /// Sends `request` (step `step`, for the log and the error); Discord's status and JSON.
    async fn send(
        &self,
        request: reqwest::RequestBuilder,
        step: &'static str,
    ) -> Result<(u16, Value), SignInError> {
        let response = request.send().await.map_err(|e| failed(e, step))?;
        let status = response.status().as_u16();
        let bytes = response.bytes().await.map_err(|e| failed(e, step))?;
        let json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Ok((status, json))
    }

    async fn exchange(&self, code: &str) -> Result<SignedIn, SignInError> {
        let form = url::form_urlencoded::Serializer::new(String::new())
            .append_pair("client_id", &self.client_id.to_string())
            .append_pair("client_secret", self.secret.expose())
            .append_pair("grant_type", "authorization_code")
            .append_pair("code", code)
            .finish();
        let step = "the code exchange";
        let request = self
            .client
            .post(format!("{}{API}/oauth2/token", self.base))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(form);
        let (status, json) = self.send(request, step).await?;
        let error = json["error"].as_str().unwrap_or("").to_string();
        if status == 400 && error == "invalid_grant" {
            return Err(SignInError::BadCode(error));
        }
        let Some(access) = json["access_token"].as_str().filter(|_| status == 200) else {
            return Err(SignInError::Refused { status, step });
        };
        self.me(access).await
    }

    /// Who the access token `access` belongs to (`GET /users/@me`).
    async fn me(&self, access: &str) -> Result<SignedIn, SignInError> {
        let step = "/users/@me";
        let request = self
            .client
            .get(format!("{}{API}/users/@me", self.base))
            .bearer_auth(access);
        let (status, me) = self.send(request, step).await?;
        let id = me["id"].as_str().and_then(|id| id.parse::<u64>().ok());
        let (200, Some(id)) = (status, id) else {
            return Err(SignInError::Refused { status, step });
        };
        let name = me["global_name"]
            .as_str()
            .or(me["username"].as_str())
            .unwrap_or("")
            .to_string();
        Ok(SignedIn {
            user: UserId(id),
            name,
            access_token: access.to_string(),
        })
    }

    async fn read_instance(&self, id: &str) -> Result<Option<Instance>, SignInError> {
        let step = "the instance";
        let mut url = url::Url::parse(&format!("{}{API}/applications/", self.base))
            .map_err(|e| SignInError::Failed(format!("the instance's address: {e}")))?;
        url.path_segments_mut()
            .map_err(|()| SignInError::Failed("the instance's address".into()))?
            .pop_if_empty()
            .push(&self.client_id.to_string())
            .push("activity-instances")
            .push(id);
        let request = self
            .client
            .get(url)
            .header("authorization", format!("Bot {}", self.bot.expose()));
        let (status, json) = self.send(request, step).await?;
        match status {
            404 => Ok(None),
            200 => {
                let snowflake = |v: &Value| v.as_str().and_then(|s| s.parse::<u64>().ok());
                let Some(channel) = snowflake(&json["location"]["channel_id"]) else {
                    return Ok(None);
                };
                Ok(Some(Instance {
                    channel,
                    guild: snowflake(&json["location"]["guild_id"]),
                    users: json["users"]
                        .as_array()
                        .map(|u| u.iter().filter_map(snowflake).map(UserId).collect())
                        .unwrap_or_default(),
                }))
            }
            _ => Err(SignInError::Refused { status, step }),
        }
    }
}

/// A request that got no answer: timed out, or failed (said without its address).
fn failed(e: reqwest::Error, step: &'static str) -> SignInError {
    if e.is_timeout() {
        SignInError::Timeout(step)
    } else {
        SignInError::Failed(super::redact::error(&format!(
            "{step} failed: {}",
            e.without_url()
        )))
    }
}

impl ActivityDiscord for ActivitySignIn {
    fn client_id(&self) -> u64 {
        self.client_id
    }

    fn sign_in<'a>(&'a self, code: &'a str) -> Pending<'a, SignedIn> {
        Box::pin(self.exchange(code))
    }

    fn who<'a>(&'a self, token: &'a str) -> Pending<'a, SignedIn> {
        Box::pin(self.me(token))
    }

    fn instance<'a>(&'a self, id: &'a str) -> Pending<'a, Option<Instance>> {
        Box::pin(self.read_instance(id))
    }
}
