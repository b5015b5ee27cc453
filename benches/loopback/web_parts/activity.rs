//! The Discord Activity's bytes on its first load (docs/activity.md): `/activity` and what
//! the browser fetches before signing in (style sheets, `activity.js`, the modules it
//! imports: `board.js` and Discord's SDK; the icon), asked with `br, gzip` as a browser
//! does, served in-process by the pages' router with play and the Activity on (`bao-bot
//! web` alone has no Activity).

use std::sync::Arc;

use bao_bot::app::{ActivityDiscord, Instance, Pending, SignInError, SignedIn};
use bao_bot::web::{self, Play, WebOptions};

use super::web_common::{pages, writer};
use super::{visit, Http};

/// A Discord that signs no one in: the page's bytes do not depend on it.
struct Nobody;

impl ActivityDiscord for Nobody {
    fn client_id(&self) -> u64 {
        1_100_000_000_000_000_001
    }
    fn sign_in<'a>(&'a self, _code: &'a str) -> Pending<'a, SignedIn> {
        Box::pin(async { Err(SignInError::BadCode("bench".into())) })
    }
    fn who<'a>(&'a self, _token: &'a str) -> Pending<'a, SignedIn> {
        Box::pin(async { Err(SignInError::BadCode("bench".into())) })
    }
    fn instance<'a>(&'a self, _id: &'a str) -> Pending<'a, Option<Instance>> {
        Box::pin(async { Ok(None) })
    }
}

/// Prints the `activity first load` line for the pages over `db`.
pub async fn first_load(http: &Http, db: &std::path::Path) {
    let (app, _clock) = writer(db);
    let play = Play::new(app, Arc::new(|_| {})).with_activity(Arc::new(Nobody));
    let router = web::router_with_play(pages(db), &WebOptions::default(), Some(play));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(web::serve(listener, router, std::future::pending()));
    let enc = ("Accept-Encoding", "br, gzip");
    let (status, mut total, _, _) = visit(http, &format!("{base}/activity"), &[enc]).await;
    assert_eq!(status, 200);
    let mut parts = vec![format!("page {total} B")];
    let (_, _, _, html) = visit(http, &format!("{base}/activity"), &[]).await;
    let html = String::from_utf8_lossy(&html).into_owned();
    let mut wanted: Vec<String> = html
        .split('"')
        .filter(|s| s.starts_with("/static/"))
        .map(str::to_string)
        .collect();
    let mut next = 0;
    while let Some(path) = wanted.get(next).cloned() {
        next += 1;
        let (status, n, _, _) = visit(http, &format!("{base}{path}"), &[enc]).await;
        assert_eq!(status, 200, "{path}");
        total += n;
        parts.push(format!("{} {n} B", path.trim_start_matches("/static/")));
        let (_, _, _, body) = visit(http, &format!("{base}{path}"), &[]).await;
        let text = String::from_utf8_lossy(&body).into_owned();
        for import in text.split("from './").skip(1) {
            let name = format!("/static/{}", import.split('\'').next().unwrap_or(""));
            if !wanted.contains(&name) {
                wanted.push(name);
            }
        }
    }
    println!(
        "activity first load: {:.1} KB received ({})",
        total as f64 / 1024.0,
        parts.join(", ")
    );
}
