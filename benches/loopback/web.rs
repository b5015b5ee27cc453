//! The web pages' figures (docs/web.md), over the built `bao-bot web` in a child process on
//! loopback, with a demo database made through the app:
//!
//! - the game page's HTML, CSS and JS together (target: at most 150 KB);
//! - the time to serve the page (and its data) for a 150-ply game (target: 20 ms);
//! - the time from a stored move to the event on an open page (target: 1 s);
//! - the server's memory with 500 live pages open (target: at most 50 MB more);
//! - another address served while 1,100 slow connections from one address are open (with
//!   the default limits, under 1,024 file handles).
//! - the page's time under 40 parallel GIF requests from one client (target: p95 50 ms;
//!   the server holds a client to 4 pictures in hand and refuses the rest at once).
//! - the bytes a browser receives for a first visit to the 150-ply analysed game's page
//!   (the page, the static files, its data.json, compressed; target 30 KB) and for a
//!   repeat visit (static files kept, the page and data revalidated; target 2 KB);
//!   and the Discord Activity's page on its first load (`web_parts/activity.rs`).
//!
//! `cargo bench --bench loopback -- web`; under `cargo test` it runs a small version as a smoke test.
//! `cargo bench --bench loopback -- web --demo FILE` only writes the demo database (for trying the
//! pages: `bao-bot web --db FILE`).

#[path = "web_parts/activity.rs"]
mod web_activity;
use crate::support::web as web_common;

use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use http_body_util::BodyExt;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use web_common::*;

type Http =
    Client<hyper_util::client::legacy::connect::HttpConnector, http_body_util::Empty<bytes::Bytes>>;

/// The server process, stopped when dropped.
struct Server {
    child: Child,
    base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// Resident memory of the server, KiB (Linux `/proc`).
    fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        status
            .lines()
            .find(|l| l.starts_with("VmRSS:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    }
}

fn start_server(db: &std::path::Path) -> Server {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_bao-bot"));
    child.args(["web", "--db"]).arg(db).args([
        "--listen",
        &format!("127.0.0.1:{port}"),
        "--max-live",
        "2000",
        "--requests-per-minute",
        "1000000",
        // The figures below come from one address.
        "--live-per-address",
        "2000",
        "--connections-per-address",
        "2000",
        "--max-connections",
        "4000",
    ]);
    Server {
        child: quietly(child),
        base: format!("http://127.0.0.1:{port}"),
    }
}

/// `command` started with its output thrown away.
fn quietly(mut command: Command) -> Child {
    command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("bao-bot web starts")
}

/// `bao-bot web` over `db` with its default connection limits, under a limit of 1,024 file
/// handles (as many servers run), on a free loopback port.
fn start_default_server(db: &std::path::Path) -> (Server, std::net::SocketAddr) {
    let addr = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let mut child = Command::new("sh");
    child
        .args([
            "-c",
            "ulimit -n 1024 && exec \"$0\" web --db \"$1\" --listen \"$2\"",
            env!("CARGO_BIN_EXE_bao-bot"),
        ])
        .arg(db)
        .arg(addr.to_string());
    (
        Server {
            child: quietly(child),
            base: format!("http://{addr}"),
        },
        addr,
    )
}

/// A connection to `server` from the loopback address `from`.
async fn connect_from(
    from: &str,
    server: std::net::SocketAddr,
) -> std::io::Result<tokio::net::TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(format!("{from}:0").parse().unwrap())?;
    socket.connect(server).await
}

/// `GET /health` from `from` over a new connection: the time to the whole answer, and
/// whether it was 200.
async fn health_from(from: &str, server: std::net::SocketAddr) -> (Duration, bool) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let started = Instant::now();
    let Ok(mut stream) = connect_from(from, server).await else {
        return (started.elapsed(), false);
    };
    let _ = stream
        .write_all(b"GET /health HTTP/1.1\r\nHost: bao\r\nConnection: close\r\n\r\n")
        .await;
    let mut got = Vec::new();
    let done = tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut got)).await;
    (
        started.elapsed(),
        done.is_ok() && got.starts_with(b"HTTP/1.1 200"),
    )
}

/// Figure 5, slow connections: `slow` connections from 127.0.0.1, each sending half a
/// request's headers, against a server with the default limits and 1,024 file handles;
/// meanwhile `GET /health` from 127.0.0.2, `tries` times.
async fn slow_connections(db: &std::path::Path, slow: usize, tries: usize) {
    use tokio::io::AsyncWriteExt;
    let (server, addr) = start_default_server(db);
    let deadline = Instant::now() + Duration::from_secs(30);
    while !health_from("127.0.0.1", addr).await.1 {
        assert!(Instant::now() < deadline, "the server did not start");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let before = server.rss_kib();
    let mut held = Vec::new();
    for _ in 0..slow {
        let mut s = connect_from("127.0.0.1", addr).await.expect("connect");
        let _ = s.write_all(b"GET /health HTTP/1.1\r\nHost: bao\r\n").await;
        held.push(s);
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut times = Vec::new();
    let mut served = 0;
    for _ in 0..tries {
        let (t, ok) = health_from("127.0.0.2", addr).await;
        served += usize::from(ok);
        times.push(t);
    }
    times.sort();
    let fds = std::fs::read_dir(format!("/proc/{}/fd", server.child.id()))
        .map(|d| d.count())
        .unwrap_or(0);
    println!(
        "{slow} slow connections from 127.0.0.1 (default limits, 1,024 file handles): \
         127.0.0.2 served {served}/{tries}, median {}, max {}; server memory {:.1} MB -> {:.1} MB, \
         {fds} file handles open",
        ms(percentile(&times, 0.5)),
        ms(times[times.len() - 1]),
        before as f64 / 1024.0,
        server.rss_kib() as f64 / 1024.0,
    );
    assert_eq!(served, tries, "another address went unserved");
    drop(held);
}

async fn fetch(http: &Http, url: &str) -> (u16, Vec<u8>) {
    let response = http.get(url.parse().unwrap()).await.expect("request");
    let status = response.status().as_u16();
    let body = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    (status, body.to_vec())
}

/// What a browser receives for `url` asking with `headers`: status, the answer's bytes on
/// the wire (status line, headers, body as sent), its ETag and its body.
async fn visit(
    http: &Http,
    url: &str,
    headers: &[(&str, &str)],
) -> (u16, usize, Option<String>, Vec<u8>) {
    let mut request = axum::http::Request::get(url);
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    let response = http
        .request(request.body(http_body_util::Empty::new()).unwrap())
        .await
        .expect("request");
    let status = response.status().as_u16();
    let head: usize = "HTTP/1.1 200 OK\r\n\r\n".len()
        + response
            .headers()
            .iter()
            .map(|(k, v)| k.as_str().len() + v.len() + 4)
            .sum::<usize>();
    let etag = response
        .headers()
        .get("etag")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let body = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes()
        .to_vec();
    (status, head + body.len(), etag, body)
}

/// The first and the repeat visit to `page` by a browser that asks for brotli or gzip:
/// bytes received for each, and what they were made of.
async fn visits(http: &Http, base: &str, page: &str) -> (usize, usize, Vec<String>) {
    let enc = ("Accept-Encoding", "br, gzip");
    let mut parts = Vec::new();
    let (status, page_bytes, page_tag, _) = visit(http, page, &[enc]).await;
    assert_eq!(status, 200);
    // The links from the uncompressed page.
    let (_, _, _, html) = visit(http, page, &[]).await;
    let html = String::from_utf8_lossy(&html).into_owned();
    let mut first = page_bytes;
    parts.push(format!("page {page_bytes} B"));
    let mut links: Vec<String> = html
        .match_indices("\"/static/")
        .map(|(i, _)| {
            let rest = &html[i + 1..];
            rest[..rest.find('"').unwrap()].to_string()
        })
        .collect();
    let mut i = 0;
    while i < links.len() {
        let l = links[i].clone();
        i += 1;
        let (status, n, _, _) = visit(http, &format!("{base}{l}"), &[enc]).await;
        assert_eq!(status, 200, "{l}");
        first += n;
        parts.push(format!("{} {n} B", l.trim_start_matches("/static/")));
        // The modules a script imports (`'./board.HASH.js'`) are fetched too.
        let (_, _, _, body) = visit(http, &format!("{base}{l}"), &[]).await;
        let text = String::from_utf8_lossy(&body).into_owned();
        for (at, _) in text.match_indices("from './") {
            let rest = &text[at + 8..];
            let name = format!("/static/{}", &rest[..rest.find('\'').unwrap_or(0)]);
            if !links.contains(&name) {
                links.push(name);
            }
        }
    }
    let data_url = format!("{page}/data.json");
    let (_, n, data_tag, _) = visit(http, &data_url, &[enc]).await;
    first += n;
    parts.push(format!("data.json {n} B"));
    // Again: the static files are kept (immutable), the page and its data revalidated.
    let mut repeat = 0;
    for (url, tag) in [(page.to_string(), page_tag), (data_url, data_tag)] {
        let tag = tag.expect("an ETag");
        let (status, n, _, _) = visit(http, &url, &[enc, ("If-None-Match", &tag)]).await;
        assert_eq!(status, 304, "{url}");
        repeat += n;
    }
    (first, repeat, parts)
}

/// Reads `body` (an event stream) up to the next event's data.
async fn next_event<B>(body: &mut B)
where
    B: BodyExt<Data = bytes::Bytes> + Unpin,
    B::Error: std::fmt::Debug,
{
    loop {
        let frame = body.frame().await.expect("stream").expect("frame");
        if let Ok(data) = frame.into_data() {
            if String::from_utf8_lossy(&data).contains("data:") {
                return;
            }
        }
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
pub async fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--demo") {
        let path = std::path::PathBuf::from(args.get(i + 1).expect("--demo FILE"));
        let demo = demo(&path, 150, 3000);
        println!(
            "wrote {}: long game {}, private game {}, DM game {}, analysed game {}, tournament {}",
            path.display(),
            demo.long.0,
            demo.private.0,
            demo.dm.0,
            demo.analysed.0,
            demo.event
        );
        return;
    }
    let full = args.iter().any(|a| a == "--bench");
    let (long_plies, fetches, moves, live_games, live_pages) = if full {
        (150, 200, 20, 100u64, 500usize)
    } else {
        (40, 10, 3, 4, 20)
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bao.db");
    let made = Instant::now();
    let demo = demo(&db, long_plies, 300);
    // The long game analysed too: the first visit's figure is for a long analysed game.
    {
        let (writer, _clock) = writer(&db);
        analyse(&writer, demo.long, 300);
    }
    let plies = bao_bot::store::Store::open_read_only(&db)
        .unwrap()
        .game(demo.long)
        .unwrap()
        .unwrap()
        .ply;
    println!(
        "demo database: {} ({plies}-ply long game)",
        ms(made.elapsed())
    );
    let server = start_server(&db);
    let http: Http = Client::builder(TokioExecutor::new()).build_http();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(r) = http
            .get(format!("{}/health", server.base).parse().unwrap())
            .await
        {
            if r.status().is_success() {
                break;
            }
        }
        assert!(Instant::now() < deadline, "the server did not start");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // 1. Size of the page: HTML + CSS + JS.
    let page = format!("{}/g/{}", server.base, demo.long.0);
    let (_, html) = fetch(&http, &page).await;
    let mut total = html.len();
    let mut parts = vec![format!("HTML {} B", html.len())];
    for name in ["style.css", "game.js", "board.js", "graph.js"] {
        let (status, body) = fetch(&http, &format!("{}/static/{name}", server.base)).await;
        assert_eq!(status, 200, "{name}");
        total += body.len();
        parts.push(format!("{name} {} B", body.len()));
    }
    let (_, data) = fetch(&http, &format!("{page}/data.json")).await;
    println!(
        "page size: {:.1} KB ({}; target 150 KB); its data.json {:.1} KB",
        total as f64 / 1024.0,
        parts.join(", "),
        data.len() as f64 / 1024.0
    );

    // 1b. Bytes of a first and of a repeat visit, compressed and cached.
    let (first, repeat, parts) = visits(&http, &server.base, &page).await;
    println!(
        "first visit ({plies}-ply analysed game): {:.1} KB received ({}; target 30 KB); \
         repeat visit: {} B (two 304s; target 2 KB)",
        first as f64 / 1024.0,
        parts.join(", "),
        repeat
    );

    web_activity::first_load(&http, &db).await;

    // 2. Time to serve the page and its data, 150-ply game, loopback.
    for (what, url) in [
        ("page", page.clone()),
        ("data.json", format!("{page}/data.json")),
    ] {
        let mut times = Vec::new();
        for _ in 0..fetches {
            let t = Instant::now();
            let (status, _) = fetch(&http, &url).await;
            times.push(t.elapsed());
            assert_eq!(status, 200);
        }
        times.sort();
        println!(
            "serve {what} ({plies} plies): median {}, p95 {}, max {} over {fetches} (target 20 ms)",
            ms(percentile(&times, 0.5)),
            ms(percentile(&times, 0.95)),
            ms(*times.last().unwrap())
        );
    }

    // 3. A stored move reaches an open page: time from the write to the event.
    let (writer, _clock) = writer(&db);
    let game = start(&writer, &LOBBY);
    let response = http
        .get(
            format!("{}/g/{}/events", server.base, game.0)
                .parse()
                .unwrap(),
        )
        .await
        .expect("events");
    let mut body = response.into_body();
    next_event(&mut body).await; // the state as the page opens
    let mut lags = Vec::new();
    for _ in 0..moves {
        tokio::time::sleep(Duration::from_millis(37)).await; // not in step with the poll
        let t = Instant::now();
        if play(&writer, &LOBBY, game, 1) == 0 {
            break;
        }
        next_event(&mut body).await;
        lags.push(t.elapsed());
    }
    lags.sort();
    println!(
        "move to open page: median {}, max {} over {} moves (target 1 s; poll every {} ms)",
        ms(percentile(&lags, 0.5)),
        ms(*lags.last().unwrap()),
        lags.len(),
        bao_bot::web::POLL.as_millis()
    );
    // That page closes: its game is no longer polled.
    drop(body);

    // 4. Memory with 500 live pages (100 running games, 5 pages each).
    let mut games = Vec::new();
    for k in 0..live_games {
        let place = bao_bot::app::Place::Channel {
            guild: 10,
            channel: 1000 + k,
        };
        writer.channel_visibility(&place, true).unwrap();
        let g = start(&writer, &place);
        play(&writer, &place, g, 2);
        games.push(g);
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = server.rss_kib();
    let mut open = Vec::new();
    for i in 0..live_pages {
        let g = games[i % games.len()];
        let r = http
            .get(format!("{}/g/{}/events", server.base, g.0).parse().unwrap())
            .await
            .expect("events");
        assert_eq!(r.status(), 200);
        let mut b = r.into_body();
        let _ = b.frame().await;
        open.push(b);
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (_, health) = fetch(&http, &format!("{}/health", server.base)).await;
    let after = server.rss_kib();
    println!(
        "{live_pages} live pages: server memory {:.1} MB -> {:.1} MB, {:+.1} MB (target +50 MB for 500); {}",
        before as f64 / 1024.0,
        after as f64 / 1024.0,
        (after as f64 - before as f64) / 1024.0,
        String::from_utf8_lossy(&health)
    );
    let counts: serde_json::Value = serde_json::from_slice(&health).expect("health");
    assert_eq!(counts["live"], live_pages, "every page is live");
    assert_eq!(counts["polled"], live_games, "one poller per game");
    drop(open);

    // 5. Pictures never stall pages: the page under 40 parallel GIF requests from one
    // client, each asking again as soon as it is answered (after a refusal, 100 ms later:
    // an eager client; the server's 503 says 10 s).
    let gif = format!("{page}/game.gif");
    let stop = Arc::new(AtomicBool::new(false));
    let storm: Vec<_> = (0..40)
        .map(|_| {
            let (http, gif, stop) = (http.clone(), gif.clone(), stop.clone());
            tokio::spawn(async move {
                let (mut served, mut refused, mut bytes) = (0u32, 0u32, 0usize);
                while !stop.load(Ordering::Relaxed) {
                    match fetch(&http, &gif).await {
                        (200, body) => {
                            served += 1;
                            bytes = body.len();
                        }
                        (503, _) => {
                            refused += 1;
                            tokio::time::sleep(Duration::from_millis(100)).await;
                        }
                        (status, _) => panic!("the GIF answered {status}"),
                    }
                }
                (served, refused, bytes)
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut times = Vec::new();
    for _ in 0..fetches {
        let t = Instant::now();
        let (status, _) = fetch(&http, &page).await;
        times.push(t.elapsed());
        assert_eq!(status, 200);
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    stop.store(true, Ordering::Relaxed);
    let (mut served, mut refused, mut gif_bytes) = (0, 0, 0);
    for s in storm {
        let (ok, busy, bytes) = s.await.expect("storm");
        served += ok;
        refused += busy;
        gif_bytes = gif_bytes.max(bytes);
    }
    times.sort();
    println!(
        "page under 40 parallel GIF requests ({plies}-ply game, GIF {:.0} KB): median {}, p95 {}, max {} over {fetches} (target p95 50 ms); GIFs served {served}, refused 503 {refused}",
        gif_bytes as f64 / 1024.0,
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.95)),
        ms(*times.last().unwrap())
    );

    drop(server);

    slow_connections(
        &db,
        if full { 1100 } else { 100 },
        if full { 20 } else { 3 },
    )
    .await;
}
