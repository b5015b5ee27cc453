//! The real Discord front end over an app, run against the loopback stand-in.

use std::sync::Arc;
use std::time::Duration;

use bao_bot::app::Conversation;
use bao_bot::config::{Config, Token};
use bao_bot::discord::{self, DiscordError, Outbox, OutboxReceiver};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use super::fake_discord::{FakeDiscord, TOKEN};

/// The bot running against a stand-in, until [`Running::stop`].
pub struct Running {
    /// The switch that stops it.
    pub stop: oneshot::Sender<()>,
    /// The bot's task.
    pub task: JoinHandle<Result<(), DiscordError>>,
}

/// The bot's settings for running against `fake`: its token, its address, loopback only.
pub fn config(fake: &FakeDiscord) -> Config {
    Config {
        token: Some(Token::new(TOKEN)),
        proxy_url: Some(fake.proxy_url()),
        loopback_only: true,
        ..Config::default()
    }
}

/// Starts the bot over `app` against `fake` (loopback only) and waits until it is ready and
/// has registered its commands.
pub async fn start(fake: &FakeDiscord, app: Arc<dyn Conversation>, timeout: Duration) -> Running {
    started(fake, app, None, timeout).await
}

/// [`start`] with an outbox for what the app sends on its own (turn notices, results).
pub async fn start_with_outbox(
    fake: &FakeDiscord,
    app: Arc<dyn Conversation>,
    timeout: Duration,
) -> (Running, Outbox) {
    let (outbox, receiver) = Outbox::new();
    (started(fake, app, Some(receiver), timeout).await, outbox)
}

async fn started(
    fake: &FakeDiscord,
    app: Arc<dyn Conversation>,
    outbox: Option<OutboxReceiver>,
    timeout: Duration,
) -> Running {
    let config = config(fake);
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(discord::run_with_outbox(config, app, outbox, async {
        let _ = stopped.await;
    }));
    fake.wait_for_ready(timeout).await;
    // Registered as Discord would take it (the stand-in refuses what Discord refuses).
    let put = fake
        .wait_for(|r| r.is("PUT", "/api/v10/applications/*/commands"), timeout)
        .await;
    assert_eq!(put.status, 200, "registration refused: {}", put.body());
    Running { stop, task }
}

impl Running {
    /// Stops the bot and returns its result (panics if it does not stop within 15 s, or
    /// panicked).
    pub async fn stop(self) -> Result<(), DiscordError> {
        let _ = self.stop.send(());
        tokio::time::timeout(Duration::from_secs(15), self.task)
            .await
            .expect("the bot did not stop in time")
            .expect("the bot task panicked")
    }
}
