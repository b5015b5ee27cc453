//! `bao-bot web`: serves the web pages (docs/web.md) of one database alone, read-only, for
//! instance the console's, so they can be tried with no Discord account.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use bao_bot::app::{App, Settings, SystemClock};
use bao_bot::web::{self, WebOptions};

use super::{input, CliError};

/// Options of `bao-bot web`.
pub struct WebArgs<'a> {
    /// The database file.
    pub db: &'a Path,
    /// Where to listen.
    pub listen: SocketAddr,
    /// Most live pages at once.
    pub max_live: usize,
    /// Requests per client per minute.
    pub requests_per_minute: u32,
    /// Most live pages from one address.
    pub live_per_address: usize,
    /// The connections held.
    pub connections: bao_bot::web::Connections,
    /// The address people reach the pages at, for link previews (`--public-url`).
    pub public_url: Option<String>,
    /// Proxies whose forwarding headers are believed (`--trusted-proxy`).
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
pub fn web(args: &WebArgs<'_>) -> Result<(), CliError> {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .try_init();
    let app = Arc::new(web_app(args.db)?);
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
        connections: args.connections.clone(),
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
