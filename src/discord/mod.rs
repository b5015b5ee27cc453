//! The Discord front end: the only module that knows serenity and poise.
//!
//! `/bao` is one slash command with subcommands (see `commands.rs`), usable in servers and in the
//! bot's DMs. The adapter speaks the app's own types: each subcommand becomes an
//! [`app::Command`](crate::app::Command) and each click on a button whose `custom_id` starts
//! with `bao:` (routed in the event handler, so buttons on old messages keep working after a
//! restart) is handed over as its id; both go to a [`Conversation`] (the [`App`], or a
//! scripted stand-in in the adapter's tests), on a blocking thread, deferring first when the
//! answer may be slow. The app's [`Response`](crate::app::Response) becomes one plan
//! (`plan.rs`: the steps of `outgoing.rs`, fitted to what the place allows, `reach.rs`;
//! where only a person's install of the app is, everything is an answer to the
//! interaction), carried out by the one sender, `sender.rs`. Autocomplete is answered by `autocomplete.rs`, through the same retry.
//!
//! Only `crate::app` types are named here (the app re-exports the shared ids and places);
//! nothing here knows the store.
//!
//! Adding a slash command: a new [`Command`](crate::app::Command) variant in the app, and a
//! poise function in `commands.rs` that builds it and calls `respond::command`. Adding a
//! button: a new [`Action`](crate::app::Action) in the app; nothing changes here.
//!
//! With `proxy_url` configured every REST call goes to that base URL and serenity's own rate
//! limiter is off (serenity ignores the proxy otherwise); `loopback_only` refuses anything but
//! a loopback proxy, which is how tests make sure nothing reaches Discord.

mod activity;
mod autocomplete;
mod choices;
mod clock_task;
mod commands;
mod entry_point;
mod gate;
mod messages;
mod outgoing;
mod plan;
mod ratings;
mod reach;
mod redact;
mod register;
mod respond;
mod retry;
mod sender;
mod settings;
mod source;
mod study;
mod tournament;
mod visibility;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use thiserror::Error;
use tracing::{error, info, warn};

use crate::app::{App, AppError, Conversation, Notice};
use crate::config::{Config, ConfigError, Token};
pub use activity::ActivitySignIn;
pub use clock_task::{start_clocks, ClockTask};
pub use entry_point::entry_point as entry_point_command;
use respond::{InFlight, Input};
use source::Source;
use tokio::sync::mpsc;

/// Prefix of every `custom_id` the bot puts on its buttons.
pub const BUTTON_PREFIX: &str = "bao:";
/// How long a stop waits for the gateway to close, and again for interactions in hand.
const STOP_TIMEOUT: Duration = Duration::from_secs(5);

/// What every command and event handler can reach.
pub struct Data {
    /// The settings.
    pub config: Arc<Config>,
    /// The app (or a stand-in).
    pub app: Arc<dyn Conversation>,
    in_flight: Arc<InFlight>,
    /// Channels where only a person's install of the app is (a cache of the stored fact).
    app_absent: Arc<reach::AppAbsent>,
}

/// Errors of command functions.
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// The context of a slash command.
type AppContext<'a> = poise::ApplicationContext<'a, Data, Error>;

/// Why the bot could not run.
#[derive(Debug, Error)]
pub enum DiscordError {
    /// No token in the environment or the config file.
    #[error("no bot token: set DISCORD_TOKEN")]
    NoToken,
    /// A bad setting.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The Discord client failed.
    #[error("Discord client: {0}")]
    Client(#[from] serenity::Error),
    /// The client task panicked.
    #[error("Discord client task failed: {0}")]
    Task(String),
    /// Discord refused the commands (the text names each command and limit).
    #[error("{0}")]
    Registration(String),
}

/// The HTTP client: straight to Discord, or through the configured proxy with serenity's
/// rate limiter off (serenity only honours a proxy then), by way of the bot's rate-limit
/// gate (`gate.rs`), which honours each 429's `retry_after`.
async fn http_client(config: &Config, token: &Token) -> Result<serenity::Http, DiscordError> {
    let mut builder = serenity::HttpBuilder::new(token.expose());
    if let Some(proxy) = &config.proxy_url {
        let gate = gate::start(proxy)
            .await
            .map_err(|e| DiscordError::Task(format!("the rate-limit gate: {e}")))?;
        builder = builder.proxy(gate).ratelimiter_disabled(true);
    }
    Ok(builder.build())
}

/// Sends the app's notices outside any interaction (turn notices, reminders, expired
/// challenges), with the edits that take the buttons off the boards they make out of date.
/// Cheap to clone; `send` never blocks, so background threads can use it.
#[derive(Clone, Debug)]
pub struct Outbox(mpsc::UnboundedSender<Notice>);

/// The receiving end of an [`Outbox`], handed to [`run_with_outbox`].
#[derive(Debug)]
pub struct OutboxReceiver(mpsc::UnboundedReceiver<Notice>);

impl Outbox {
    /// A new outbox and its receiving end.
    pub fn new() -> (Outbox, OutboxReceiver) {
        let (tx, rx) = mpsc::unbounded_channel();
        (Outbox(tx), OutboxReceiver(rx))
    }

    /// Queues a notice; false if the bot has stopped. A refused DM is reported with
    /// [`Conversation::dm_failed`], a posted board with [`Conversation::board_posted`].
    pub fn send(&self, notice: Notice) -> bool {
        self.0.send(notice).is_ok()
    }
}

/// Every command the bot registers with Discord, as typed without the `/`: a top-level
/// command (`bao-replay`), or a top-level command and one of its subcommands (`bao move`).
/// Tests check them against the app's command table, [`crate::app::COMMANDS`].
pub fn registered_commands() -> Vec<String> {
    let mut names = Vec::new();
    for c in commands::all() {
        if c.subcommands.is_empty() {
            names.push(c.name.to_string());
        } else {
            names.extend(
                c.subcommands
                    .iter()
                    .map(|s| format!("{} {}", c.name, s.name)),
            );
        }
    }
    names
}

/// The registration payload the bot sends to Discord (`PUT /applications/{id}/commands`),
/// as JSON: one object per top-level command. Tests hold it to Discord's limits.
pub fn registration_payload() -> serde_json::Value {
    let commands = commands::all();
    let create = poise::builtins::create_application_commands(&commands);
    serde_json::to_value(create).unwrap_or_default()
}

/// Runs the bot until `stop` completes (or the client fails), then closes the gateway and
/// waits for the interactions in hand, each step bounded in time.
pub async fn run(
    config: Config,
    app: Arc<dyn Conversation>,
    stop: impl Future<Output = ()>,
) -> Result<(), DiscordError> {
    run_with_outbox(config, app, None, stop).await
}

/// [`run`], also sending what the app queues in an [`Outbox`].
pub async fn run_with_outbox(
    config: Config,
    app: Arc<dyn Conversation>,
    outbox: Option<OutboxReceiver>,
    stop: impl Future<Output = ()>,
) -> Result<(), DiscordError> {
    config.validate()?;
    let token = config.token.clone().ok_or(DiscordError::NoToken)?;
    let http = http_client(&config, &token).await?;
    let in_flight = Arc::new(InFlight::default());
    let data = Data {
        config: Arc::new(config.clone()),
        app: app.clone(),
        in_flight: in_flight.clone(),
        app_absent: Arc::new(reach::AppAbsent::default()),
    };
    let test_guild = config.test_guild_id;
    let activity = config.activity.is_some();
    // A refused registration stops the bot: it must not run on without its commands.
    let (refused_tx, mut refused) = tokio::sync::oneshot::channel::<String>();
    let framework = poise::Framework::builder()
        // The bot has no use for owners: no lookup at start-up (the builder turns it on).
        .initialize_owners(false)
        .options(poise::FrameworkOptions {
            // Autocomplete is answered by the event handler, through the retry.
            commands: autocomplete::without_callbacks(commands::all()),
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            on_error: |error| Box::pin(on_error(error)),
            initialize_owners: false,
            ..Default::default()
        })
        .setup(move |ctx, ready, _framework| {
            Box::pin(async move {
                // Registered from the full list: its options keep `autocomplete: true`.
                let commands = poise::builtins::create_application_commands(&commands::all());
                match register::register(&ctx.http, commands, test_guild, activity).await {
                    Ok(n) => match test_guild {
                        Some(g) => info!(guild = g, commands = n, "registered in the test server"),
                        None => info!(commands = n, "registered the commands globally"),
                    },
                    Err(why) => {
                        error!("{why}");
                        let _ = refused_tx.send(why.clone());
                        return Err(why.into());
                    }
                }
                info!(bot = ready.user.id.get(), "bot ready");
                Ok(data)
            })
        })
        .build();
    // Slash commands and buttons need no intents; GUILDS keeps the cache of servers.
    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .await?;
    let shard_manager = client.shard_manager.clone();
    let outbox_task = outbox.map(|OutboxReceiver(mut rx)| {
        let http = client.http.clone();
        tokio::spawn(async move {
            while let Some(notice) = rx.recv().await {
                // One meant for a channel where only the app is goes by DM instead.
                let worker = app.clone();
                let fallback = notice.clone();
                let notices =
                    match tokio::task::spawn_blocking(move || worker.reroute(notice)).await {
                        Ok(Ok(notices)) => notices,
                        _ => {
                            warn!(
                                game = fallback.game.0,
                                "could not look up where a notice goes"
                            );
                            vec![fallback]
                        }
                    };
                sender::unprompted(&http, &app, plan::Plan::notices(&notices)).await;
            }
        })
    });
    let mut running = tokio::spawn(async move { client.start_autosharded().await });
    tokio::pin!(stop);
    let mut failure = None;
    tokio::select! {
        result = &mut running => {
            if let Some(task) = &outbox_task {
                task.abort();
            }
            return match result {
                Ok(r) => r.map_err(DiscordError::from),
                Err(e) => Err(DiscordError::Task(e.to_string())),
            };
        }
        () = &mut stop => {}
        Ok(why) = &mut refused => failure = Some(DiscordError::Registration(why)),
    }
    info!("stopping: closing the gateway");
    if let Some(task) = outbox_task {
        task.abort();
    }
    if tokio::time::timeout(STOP_TIMEOUT, shard_manager.shutdown_all())
        .await
        .is_err()
    {
        warn!("the gateway did not close in time");
    }
    if tokio::time::timeout(STOP_TIMEOUT, in_flight.idle())
        .await
        .is_err()
    {
        warn!(
            in_hand = in_flight.count(),
            "gave up waiting for interactions in hand"
        );
    }
    if tokio::time::timeout(STOP_TIMEOUT, &mut running)
        .await
        .is_err()
    {
        running.abort();
    }
    info!("stopped");
    failure.map_or(Ok(()), Err)
}

/// The correspondence clock: every `every` (and at once at start), does what is due in the
/// store (reminders, expired challenges, abandoned games, and whatever a live clock has due:
/// the clock task, [`start_clocks`], settles those within a second) and sends the notices. Runs until
/// the outbox closes; state lives in the store, so a restart loses and repeats nothing.
pub async fn correspondence(app: Arc<App>, outbox: Outbox, every: Duration) {
    // First, the threads a restart kept from opening.
    if !clock_step(
        &app,
        &outbox,
        "looking for unopened threads",
        App::threads_left_unopened,
    )
    .await
    {
        return;
    }
    let mut optimised = tokio::time::Instant::now();
    loop {
        if !clock_step(&app, &outbox, "correspondence tick", App::tick).await {
            return;
        }
        if optimised.elapsed() >= OPTIMIZE_EVERY {
            optimised = tokio::time::Instant::now();
            let worker = app.clone();
            match tokio::task::spawn_blocking(move || worker.optimize_store()).await {
                Ok(Ok(())) => {}
                Ok(Err(e)) => {
                    warn!(error = %redact::error(&e), "refreshing the planner's statistics failed")
                }
                Err(e) => error!(error = %e, "refreshing the planner's statistics panicked"),
            }
        }
        tokio::time::sleep(every).await;
    }
}

/// How often the running bot refreshes the database planner's statistics (besides at start
/// and stop): a server that plays all day changes its tables' shape over hours.
const OPTIMIZE_EVERY: Duration = Duration::from_secs(6 * 3600);

/// Runs one step of the clock off the runtime and sends its notices (a failure is logged);
/// `false` once the outbox is closed.
async fn clock_step(
    app: &Arc<App>,
    outbox: &Outbox,
    what: &'static str,
    step: fn(&App) -> Result<Vec<Notice>, AppError>,
) -> bool {
    let worker = app.clone();
    match tokio::task::spawn_blocking(move || step(&worker)).await {
        Ok(Ok(notices)) => notices.into_iter().all(|n| outbox.send(n)),
        Ok(Err(e)) => {
            error!(error = %redact::error(&e), "{what} failed");
            true
        }
        Err(e) => {
            error!(error = %redact::error(&e), "{what} panicked");
            true
        }
    }
}

/// Completes on SIGINT (Ctrl-C) or SIGTERM.
pub async fn stop_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => info!("SIGINT received"),
        () = term => info!("SIGTERM received"),
    }
}

/// Gateway events poise does not handle itself: buttons, routed by `custom_id`.
async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    visibility::refresh(
        &framework.serenity_context.cache,
        &framework.user_data.app,
        event,
    )
    .await;
    match event {
        serenity::FullEvent::Ready { data_about_bot } => {
            info!(
                bot = data_about_bot.user.id.get(),
                servers = data_about_bot.guilds.len(),
                "connected to the gateway"
            );
        }
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Autocomplete(typing),
        } => {
            autocomplete::answer(
                framework.user_data,
                &framework.serenity_context.http,
                typing,
            )
            .await;
        }
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(click),
        } => {
            let http = &framework.serenity_context.http;
            let config = &framework.user_data.config;
            if click.data.custom_id == crate::app::ACTIVITY_BUTTON && config.activity.is_some() {
                activity::launch(http, click).await;
            } else if click.data.custom_id.starts_with(BUTTON_PREFIX) {
                let asker = respond::asker_of_click(click);
                let input = Input::Press(click.data.custom_id.clone());
                respond::serve(
                    &framework.serenity_context.cache,
                    http,
                    framework.user_data,
                    Source::component(click),
                    asker,
                    input,
                )
                .await;
            } else {
                respond::foreign_button(framework.user_data, http, click).await;
            }
        }
        _ => {}
    }
    Ok(())
}

/// Logs framework errors without message contents; poise's default answers the rest.
async fn on_error(err: poise::FrameworkError<'_, Data, Error>) {
    match err {
        poise::FrameworkError::Setup { error, .. } => {
            error!(error = %redact::error(&error), "setup failed");
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            error!(
                command = %ctx.command().qualified_name,
                user = ctx.author().id.get(),
                error = %redact::error(&error),
                "command failed"
            );
        }
        poise::FrameworkError::ArgumentParse { error, ctx, .. } => {
            // The input is the user's text: not logged.
            unreadable(ctx, &error.to_string()).await;
        }
        poise::FrameworkError::CommandStructureMismatch {
            description, ctx, ..
        } => {
            // Options that do not match the registered command (an outdated registration).
            unreadable(poise::Context::Application(ctx), description).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                warn!(error = %redact::error(&e), "could not report an error");
            }
        }
    }
}

/// Logs a command whose options could not be read (without the user's input) and tells the
/// user privately.
async fn unreadable(ctx: poise::Context<'_, Data, Error>, why: &str) {
    warn!(
        command = %ctx.command().qualified_name,
        user = ctx.author().id.get(),
        why,
        "could not read the command's options"
    );
    let poise::Context::Application(a) = ctx else {
        return;
    };
    let asker = respond::asker_of_command(a.interaction);
    let lang = respond::lang_of(ctx.data(), asker.user.id, &asker.place).await;
    let mut reply = crate::app::Reply::private(crate::msg!("discord-unreadable").render(lang));
    reply.lang = Some(lang);
    let source = Source::command(a.interaction);
    let plan = plan::Plan::caller(reply, source.reach);
    let http = &a.serenity_context().http;
    if let Err(e) = sender::answer(http, ctx.data(), source, false, None, plan).await {
        warn!(error = %redact::error(&e), "could not report an unreadable command");
    }
}
