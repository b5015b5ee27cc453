//! `bao-bot web`: serves the web pages (docs/web.md) of one database alone, read-only, for
//! instance the console's, so they can be tried with no Discord account.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bao_bot::app::{App, Settings, SystemClock};
use bao_bot::web::{self, WebOptions};

use super::{input, CliError};

/// Options of `bao-bot web`.
#[derive(Debug, clap::Args)]
pub struct WebArgs {
    /// The database file.
    #[arg(long, default_value = "bao-console.db")]
    pub db: PathBuf,
    /// Where to listen (IP:PORT).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// Most pages followed live at once (past it, pages poll).
    #[arg(long, default_value_t = 1000)]
    pub max_live: usize,
    /// Requests each client may make per minute.
    #[arg(long, default_value_t = 600)]
    pub requests_per_minute: u32,
    /// Most pages followed live from one client (see --trusted-proxy).
    #[arg(long, default_value_t = 16)]
    pub live_per_address: usize,
    /// Most connections open at once (past it, a short 503 and closed).
    #[arg(long, default_value_t = 512)]
    pub max_connections: usize,
    /// Most connections open at once from one address (a trusted proxy: only the total).
    #[arg(long, default_value_t = 32)]
    pub connections_per_address: usize,
    /// Seconds a request's headers may take, and an idle connection may stay.
    #[arg(long, default_value_t = 10)]
    pub header_timeout_secs: u64,
    /// The address people reach the pages at (https://bao.example.org), for link
    /// previews' pictures.
    #[arg(long)]
    pub public_url: Option<String>,
    /// A proxy (address or network) whose X-Forwarded-For names the client (for the request
    /// limit, live pages and pictures per client); repeatable.
    #[arg(long = "trusted-proxy")]
    pub trusted_proxies: Vec<String>,
}

/// The app the pages read through: a read-only store, one render worker.
pub fn web_app(db: &Path) -> Result<App, CliError> {
    if db == Path::new(":memory:") {
        return Err(input(
            "the web pages read a database file: give its path (an in-memory database \
             belongs to the process that made it)",
        ));
    }
    if !db.exists() {
        return Err(input(format!(
            "{}: no such database (play a game first, e.g. `bao-bot console --db {}`)",
            db.display(),
            db.display()
        )));
    }
    let settings = Settings {
        render_workers: 1,
        render_queue_limit: 8,
        ..Settings::default()
    };
    App::read_only(db, Arc::new(SystemClock), settings)
        .map_err(|e| input(format!("{}: {e}", db.display())))
}

/// Serves the pages until Ctrl-C.
pub fn web(args: &WebArgs) -> Result<(), CliError> {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .try_init();
    let app = Arc::new(web_app(&args.db)?);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Other(e.into()))?;
    let web_settings = bao_bot::config::WebSettings {
        public_url: args.public_url.clone(),
        trusted_proxies: args.trusted_proxies.clone(),
        ..Default::default()
    };
    let trusted_proxies = web_settings
        .trusted_networks()
        .map_err(|e| input(e.to_string()))?;
    if let Some(url) = &args.public_url {
        if !url::Url::parse(url).is_ok_and(|u| matches!(u.scheme(), "http" | "https")) {
            return Err(input(format!(
                "--public-url `{url}` is not a web address; expected e.g. https://bao.example.org"
            )));
        }
    }
    let options = WebOptions {
        max_live: args.max_live,
        requests_per_minute: args.requests_per_minute,
        live_per_address: args.live_per_address,
        connections: bao_bot::web::Connections {
            total: args.max_connections.max(1),
            per_address: args.connections_per_address.max(1),
            header_timeout: std::time::Duration::from_secs(args.header_timeout_secs.max(1)),
            trusted_proxies: trusted_proxies.clone(),
        },
        trusted_proxies,
        public_url: args.public_url.clone(),
        ..WebOptions::default()
    };
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.listen)
            .await
            .map_err(|e| input(format!("cannot listen on {}: {e}", args.listen)))?;
        let addr = listener.local_addr().map_err(|e| CliError::Other(e.into()))?;
        println!(
            "Serving the pages of {} on http://{addr}/ (games at /g/ID, tournaments at /t/ID); Ctrl-C stops.",
            args.db.display()
        );
        let router = web::router(app, &options);
        web::serve_with(listener, router, options.connections.clone(), async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .map_err(|e| CliError::Other(e.into()))
    })
}
