//! `run`: the Discord bot.

use std::io::IsTerminal;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use bao_bot::ai::Level;
use bao_bot::app::{App, Settings, SystemClock};
use bao_bot::config::{Config, ENV_OVERRIDES};
use bao_bot::discord::{self, Outbox};
use bao_bot::store::Store;
use bao_bot::web::{self, WebOptions};
use tracing_subscriber::EnvFilter;

use super::{input, CliError};

/// What to do when there is no token: what to set and how to get one.
pub const NO_TOKEN_HELP: &str = "\
no bot token: set the environment variable DISCORD_TOKEN (or `token` in the config file).

To create a bot and get its token:
  1. Open https://discord.com/developers/applications and choose \"New Application\".
  2. Under \"Bot\", choose \"Reset Token\" and copy the token:
       export DISCORD_TOKEN='<the token>'
     No privileged gateway intents are needed (leave them off).
  3. Run `bao-bot invite` (with DISCORD_TOKEN set) for the URL that adds the bot to your
     server: scopes `bot` and `applications.commands` and the permissions it uses (listed
     there and in the README). Open it and choose the server.
  4. Start it again: bao-bot run [--config FILE]
Settings: see config.example.toml.";

/// Loads the configuration, sets up logging and runs the bot until SIGINT / SIGTERM.
pub fn run(config_path: Option<&Path>) -> Result<(), CliError> {
    let config = Config::load(config_path).map_err(input)?;
    if config.token.is_none() {
        let vars: Vec<String> = ENV_OVERRIDES
            .iter()
            .map(|(name, what)| format!("  {name}: {what}"))
            .collect();
        return Err(input(format!(
            "{NO_TOKEN_HELP}\nEnvironment overrides:\n{}",
            vars.join("\n")
        )));
    }
    let filter = EnvFilter::try_from_default_env()
        .or_else(|_| EnvFilter::try_new(&config.log_level))
        .map_err(|e| input(format!("log_level `{}`: {e}", config.log_level)))?;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();
    let sync = config.synchronous().map_err(input)?;
    let store = Store::open_with(&config.database, sync)
        .map_err(|e| input(format!("database {}: {e}", config.database.display())))?;
    let settings = Settings {
        default_time_per_move: config.default_time_per_move().map(|d| d.as_secs() as i64),
        ai_wall_caps: Level::ALL
            .map(|l| config.ai.cap_for(l.name()).unwrap_or(l.default_wall_cap())),
        max_concurrent_searches: config.ai.max_concurrent_searches,
        ai_queue_limit: config.ai.max_waiting,
        render_workers: config.render.workers(),
        render_queue_limit: config.render.queue_limit,
        picture_cache_bytes: config.render.cache_mb << 20,
        animation: config.animation,
        rated_by_default: config.rated_by_default,
        // Discord opens a thread per game where the server's placement asks for it.
        threads: true,
        source_url: config.source_url.clone().or(Settings::default().source_url),
        public_url: config.web.public_url.clone(),
        activity: config.activity.is_some(),
        ..Settings::default()
    };
    let activity = activity_sign_in(&config)?;
    let web_addr = config.web.listen_addr().map_err(input)?;
    let app = Arc::new(App::new(Arc::new(store), Arc::new(SystemClock), settings));
    let (outbox, outbox_rx) = Outbox::new();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Other(e.into()))?;
    let web_app = match web_addr {
        // The pages keep finished games' pictures in the bot's cache: drawn once for both.
        Some(_) => Some(Arc::new(
            super::web::web_app(&config.database)?.with_picture_cache(app.picture_cache().clone()),
        )),
        None => None,
    };
    // The game clocks first: the downtime is given back before anything else runs.
    let clocks = discord::start_clocks(app.clone(), outbox.clone());
    let result = runtime.block_on(async {
        if let (Some(addr), Some(web_app)) = (web_addr, web_app) {
            let listener = tokio::net::TcpListener::bind(addr)
                .await
                .map_err(|e| input(format!("web.listen {addr}: {e}")))?;
            let w = &config.web;
            let trusted_proxies = w.trusted_networks().map_err(|e| input(e.to_string()))?;
            let options = WebOptions {
                max_live: w.max_live,
                live_per_address: w.live_per_address,
                requests_per_minute: w.requests_per_minute,
                connections: web::Connections {
                    total: w.max_connections,
                    per_address: w.connections_per_address,
                    header_timeout: std::time::Duration::from_secs(w.header_timeout_secs),
                    trusted_proxies: trusted_proxies.clone(),
                },
                trusted_proxies,
                public_url: config.web.public_url.clone(),
                ..WebOptions::default()
            };
            // Moves and draws from the page go through the bot's own app (it writes), and
            // what the chat would show goes out through the outbox, as the clock's notices.
            let to_chat = outbox.clone();
            let deliver: web::Deliver = Arc::new(move |notices| {
                for notice in notices {
                    to_chat.send(notice);
                }
            });
            let mut play = web::Play::new(app.clone(), deliver);
            if let Some(sign_in) = activity {
                play = play.with_activity(sign_in);
            }
            let router = web::router_with_play(web_app, &options, Some(play));
            tracing::info!("web pages on http://{addr}/");
            let connections = options.connections.clone();
            tokio::spawn(async move {
                let served = web::serve_with(listener, router, connections, std::future::pending());
                if let Err(e) = served.await {
                    tracing::error!("the web pages stopped: {e}");
                }
            });
        }
        let ticker = tokio::spawn(discord::correspondence(app.clone(), outbox, TICK));
        let result =
            discord::run_with_outbox(config, app.clone(), Some(outbox_rx), discord::stop_signal())
                .await;
        ticker.abort();
        result.map_err(|e| CliError::Other(e.into()))
    });
    // The last sign of life, so the next start gives the downtime back.
    clocks.stop();
    // Bounded: a handler thread that hangs must not keep the process alive.
    runtime.shutdown_timeout(Duration::from_secs(5));
    // The last reference to the app goes here, closing the store.
    drop(app);
    result
}

/// The Discord Activity's sign-in with `[activity]`, as the application whose id is
/// `application_id` in the config, else the bot token's.
fn activity_sign_in(
    config: &Config,
) -> Result<Option<Arc<dyn bao_bot::app::ActivityDiscord>>, CliError> {
    if config.activity.is_none() {
        return Ok(None);
    }
    let id = config.application_id.or_else(|| {
        let token = config.token.as_ref()?;
        super::invite::id_from_token(token.expose())
    });
    let Some(id) = id else {
        return Err(input(
            "[activity] needs the application id: set BAO_APPLICATION_ID (or application_id)",
        ));
    };
    match discord::ActivitySignIn::new(config, id) {
        Some(Ok(sign_in)) => Ok(Some(Arc::new(sign_in))),
        Some(Err(e)) => Err(input(e)),
        None => Ok(None),
    }
}

/// How often the correspondence clock looks for what is due.
const TICK: Duration = Duration::from_secs(30);
