//! The web pages' bytes over real HTTP on loopback: compression (brotli and gzip as the
//! client asks), validators and 304s on pages, data, record and pictures, the static files'
//! hashed names and year-long caching; the first position in the HTML for a reader without
//! JavaScript; link previews; errors in each route's own format; the client's address from
//! a trusted proxy only; and the bad input of issue 46 (garbage `If-None-Match`, a huge
//! `Accept-Encoding`, `Range`, a long address, a big header block).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use crate::support::web::*;
use bao_bot::rules::Position;
use bao_bot::store::Store;
use bao_bot::web::{WebOptions, CSP};

/// A raw HTTP/1.1 answer: status, headers (lower-case names), body.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// GET `path` from the server at `addr` with `headers`, over a fresh connection that the
/// server is asked to close; reads the whole answer (bodies are sent whole or chunked).
fn get(addr: std::net::SocketAddr, path: &str, headers: &[(&str, &str)]) -> Answer {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    s.write_all(req.as_bytes()).expect("send");
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).expect("read the answer");
    parse(&raw)
}

fn parse(raw: &[u8]) -> Answer {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a header block");
    let head = String::from_utf8_lossy(&raw[..end]).into_owned();
    let mut lines = head.split("\r\n");
    let status: u16 = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[end + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
    if chunked {
        let mut out = Vec::new();
        let mut rest = &body[..];
        loop {
            let line_end = rest.windows(2).position(|w| w == b"\r\n").unwrap();
            let size = usize::from_str_radix(String::from_utf8_lossy(&rest[..line_end]).trim(), 16)
                .unwrap();
            if size == 0 {
                break;
            }
            out.extend_from_slice(&rest[line_end + 2..line_end + 2 + size]);
            rest = &rest[line_end + 2 + size + 2..];
        }
        body = out;
    }
    Answer {
        status,
        headers,
        body,
    }
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .expect("gzip");
    out
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli_decompressor::Decompressor::new(bytes, 4096)
        .read_to_end(&mut out)
        .expect("brotli");
    out
}

/// The demo database of these tests, made once.
fn demo_db() -> &'static (std::path::PathBuf, Demo) {
    static DEMO: std::sync::OnceLock<(std::path::PathBuf, Demo)> = std::sync::OnceLock::new();
    DEMO.get_or_init(|| {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("web-cache-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bao.db");
        let demo = demo(&path, 80, 300);
        (path, demo)
    })
}

/// The `src`/`href` addresses under `/static/` in `html`.
fn static_links(html: &str) -> Vec<String> {
    html.match_indices("\"/static/")
        .map(|(i, _)| {
            let rest = &html[i + 1..];
            rest[..rest.find('"').unwrap()].to_string()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_are_compressed_and_answer_304_to_their_own_tag() {
    let (path, demo) = demo_db();
    let server = serve(path, WebOptions::default()).await;
    let addr = server.addr;
    let id = demo.analysed.0;
    tokio::task::spawn_blocking(move || {
        // Compressed as asked, the same bytes once decompressed.
        let plain = get(addr, &format!("/g/{id}/data.json"), &[]);
        assert_eq!(plain.status, 200);
        assert_eq!(plain.header("content-encoding"), None);
        let br = get(
            addr,
            &format!("/g/{id}/data.json"),
            &[("Accept-Encoding", "br, gzip")],
        );
        assert_eq!(br.header("content-encoding"), Some("br"));
        assert_eq!(unbrotli(&br.body), plain.body);
        assert!(
            br.body.len() * 4 < plain.body.len(),
            "{} vs {}",
            br.body.len(),
            plain.body.len()
        );
        let gz = get(
            addr,
            &format!("/g/{id}/data.json"),
            &[("Accept-Encoding", "gzip")],
        );
        assert_eq!(gz.header("content-encoding"), Some("gzip"));
        assert_eq!(gunzip(&gz.body), plain.body);
        assert!(gz
            .header("vary")
            .unwrap_or("")
            .to_ascii_lowercase()
            .contains("accept-encoding"));
        // Each encoding its own strong tag; each answered with 304 (no body) when held.
        let tags = [plain.header("etag"), br.header("etag"), gz.header("etag")];
        for t in tags {
            let t = t.expect("an ETag");
            assert!(t.starts_with('"') && !t.starts_with("W/"), "{t}");
        }
        assert_ne!(tags[0], tags[1]);
        assert_ne!(tags[1], tags[2]);
        let enc = [None, Some("br, gzip"), Some("gzip")];
        for (tag, enc) in tags.iter().zip(enc) {
            let mut h = vec![("If-None-Match", tag.unwrap())];
            if let Some(e) = enc {
                h.push(("Accept-Encoding", e));
            }
            let again = get(addr, &format!("/g/{id}/data.json"), &h);
            assert_eq!(again.status, 304, "{tag:?}");
            assert!(again.body.is_empty());
            assert_eq!(again.header("etag"), *tag);
            assert_eq!(again.header("content-security-policy"), Some(CSP));
        }
        // The page, the record and the pictures too: public games may be kept by anyone.
        for route in ["", "/record.txt", "/board.png", "/game.gif"] {
            let uri = format!("/g/{id}{route}");
            let first = get(addr, &uri, &[("Accept-Encoding", "br")]);
            assert_eq!(first.status, 200, "{uri}");
            assert_eq!(
                first.header("cache-control"),
                Some("public, no-cache"),
                "{uri}"
            );
            let tag = first.header("etag").expect("an ETag").to_string();
            let again = get(
                addr,
                &uri,
                &[("Accept-Encoding", "br"), ("If-None-Match", &tag)],
            );
            assert_eq!(again.status, 304, "{uri}");
            assert!(again.body.is_empty(), "{uri}");
        }
        // The pictures are not compressed again.
        let png = get(
            addr,
            &format!("/g/{id}/board.png"),
            &[("Accept-Encoding", "br, gzip")],
        );
        assert_eq!(png.header("content-encoding"), None);
        // A private game's answers are for its holder's browser only.
        let private = link(path, demo.private);
        let page = get(addr, &private, &[]);
        assert_eq!(page.status, 200);
        assert_eq!(page.header("cache-control"), Some("private, no-cache"));
        let data = get(addr, &private.replace('?', "/data.json?"), &[]);
        assert_eq!(data.header("cache-control"), Some("private, no-cache"));
        // A running game's page changes with each move: a new tag.
        // Static files: hashed names, kept a year; the plain name still answers.
        let html = get(addr, &format!("/g/{id}"), &[]).text();
        let links = static_links(&html);
        assert!(links.len() >= 3, "{links:?}");
        for l in &links {
            let f = get(addr, l, &[("Accept-Encoding", "gzip")]);
            assert_eq!(f.status, 200, "{l}");
            assert_eq!(
                f.header("cache-control"),
                Some("public, max-age=31536000, immutable"),
                "{l}"
            );
            let name = l.rsplit('/').next().unwrap();
            assert_eq!(name.split('.').count(), 3, "{l}: name.HASH.ext");
        }
        let game_js = links.iter().find(|l| l.contains("/game.")).unwrap();
        let js = String::from_utf8(gunzip(
            &get(addr, game_js, &[("Accept-Encoding", "gzip")]).body,
        ))
        .unwrap();
        assert!(
            !js.contains("'./board.js'") && js.contains("'./board."),
            "game.js imports by hashed name"
        );
        // The page preloads the very modules game.js imports (Lighthouse's request chain).
        for module in ["board", "graph"] {
            let at = js.find(&format!("'./{module}.")).unwrap() + 3;
            let name = &js[at..at + js[at..].find('\'').unwrap()];
            assert!(
                html.contains(&format!(
                    "<link rel=\"modulepreload\" href=\"/static/{name}\">"
                )),
                "{name}"
            );
        }
        // A spectator's modules carry none of the player's code: the move preview and the
        // page's play hooks are in play.js, fetched for `#play=TOKEN` only.
        for l in links.iter().filter(|l| l.ends_with(".js")) {
            let js = get(addr, l, &[]).text();
            for player_only in ["drawPreview", "setViewer", "initPlay"] {
                assert!(!js.contains(player_only), "{l} has {player_only}");
            }
        }
        let play = get(addr, "/static/play.js", &[]).text();
        assert!(play.contains("export function drawPreview") && play.contains("setViewer"));
        let plain = get(addr, "/static/game.js", &[]);
        assert_eq!(plain.status, 200);
        assert_eq!(plain.header("cache-control"), Some("public, no-cache"));
        // The icon.
        let icon = get(addr, "/favicon.ico", &[]);
        assert_eq!(icon.status, 200);
        assert_eq!(icon.header("content-type"), Some("image/svg+xml"));
    })
    .await
    .unwrap();
}

/// `bytes` as brotli at quality 11 and gzip at level 9 make them.
fn best(bytes: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let mut br = Vec::new();
    {
        let mut w = brotli::CompressorWriter::new(&mut br, 4096, 11, 22);
        w.write_all(bytes).unwrap();
    }
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(bytes).unwrap();
    (br, gz.finish().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_page_and_data_are_compressed_once_at_the_best_level() {
    let (path, demo) = demo_db();
    let server = serve(path, WebOptions::default()).await;
    let (addr, app) = (server.addr, server.app.clone());
    let id = demo.analysed.0;
    tokio::task::spawn_blocking(move || {
        let data = get(addr, &format!("/g/{id}/data.json"), &[]);
        let status: serde_json::Value = serde_json::from_slice(&data.body).unwrap();
        assert_eq!(status["status"], "finished");
        let before = app.picture_cache().figures();
        let mut kept = 0;
        for uri in [format!("/g/{id}/data.json"), format!("/g/{id}")] {
            let plain = get(addr, &uri, &[]).body;
            let (br, gz) = best(&plain);
            for _ in 0..2 {
                let got = get(addr, &uri, &[("Accept-Encoding", "gzip, br")]);
                assert_eq!(got.header("content-encoding"), Some("br"), "{uri}");
                assert!(got.body == br, "{uri}: brotli at quality 11");
                let got = get(addr, &uri, &[("Accept-Encoding", "gzip")]);
                assert_eq!(got.header("content-encoding"), Some("gzip"), "{uri}");
                assert!(got.body == gz, "{uri}: gzip at level 9");
                assert!(got
                    .header("vary")
                    .is_some_and(|v| v.eq_ignore_ascii_case("accept-encoding")));
            }
            // Refused brotli: gzip.
            let got = get(addr, &uri, &[("Accept-Encoding", "br;q=0, gzip")]);
            assert_eq!(got.header("content-encoding"), Some("gzip"), "{uri}");
            kept += br.len() + gz.len();
        }
        // Kept in the cache of finished games, counted in its bytes, compressed once each.
        let after = app.picture_cache().figures();
        assert_eq!(after.entries, before.entries + 4);
        assert_eq!(after.bytes, before.bytes + kept);
        assert_eq!(after.draws, before.draws + 4);
    })
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_gets_a_clean_answer() {
    let (path, demo) = demo_db();
    let server = serve(path, WebOptions::default()).await;
    let addr = server.addr;
    let id = demo.long.0;
    tokio::task::spawn_blocking(move || {
        let page = format!("/g/{id}");
        // Garbage validators: the page, whole.
        for garbage in [
            "garbage",
            "\"\"",
            "W/",
            ",,,,",
            "\"x\", *x, W/\"",
            &"\"a\",".repeat(2000),
        ] {
            let got = get(addr, &page, &[("If-None-Match", garbage)]);
            assert_eq!(got.status, 200, "{garbage:.40}");
            assert!(got.text().contains("id=\"board\""));
        }
        // A huge Accept-Encoding: still an answer, in an encoding it names.
        let huge = format!("{}gzip", "x-unknown;q=0.5, ".repeat(500));
        let got = get(addr, &page, &[("Accept-Encoding", &huge)]);
        assert_eq!(got.status, 200);
        assert!(matches!(
            got.header("content-encoding"),
            None | Some("gzip")
        ));
        // Range is not served in parts: the whole page.
        let got = get(addr, &page, &[("Range", "bytes=0-10")]);
        assert_eq!(got.status, 200);
        assert!(got.body.len() > 1000);
        let got = get(
            addr,
            &format!("{page}/data.json"),
            &[("Range", "bytes=-5, 9-")],
        );
        assert_eq!(got.status, 200);
        // An address too long: 414, with the security headers.
        let long = format!("{page}?k={}", "a".repeat(20_000));
        let got = get(addr, &long, &[]);
        assert_eq!(got.status, 414);
        assert_eq!(got.header("content-security-policy"), Some(CSP));
        // A 1 MB header block: refused cleanly, never a hang.
        let big = "b".repeat(20_000);
        let many: Vec<(String, String)> = (0..50)
            .map(|i| (format!("X-Pad-{i}"), big.clone()))
            .collect();
        let h: Vec<(&str, &str)> = many.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let mut s = TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        let mut req = format!("GET {page} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n");
        for (k, v) in &h {
            req.push_str(&format!("{k}: {v}\r\n"));
        }
        req.push_str("\r\n");
        let _ = s.write_all(req.as_bytes());
        let mut raw = Vec::new();
        let _ = s.read_to_end(&mut raw);
        // The server's own 431 (hyper's buffer is full), with the security headers and words.
        let got = parse(&raw);
        assert_eq!(got.status, 431, "{}", got.text());
        assert_eq!(got.header("content-security-policy"), Some(CSP));
        assert!(
            got.text().contains("headers are too large"),
            "{}",
            got.text()
        );
        // Over 100 headers: the same.
        let small: Vec<(String, String)> = (0..120)
            .map(|i| (format!("X-Pad-{i}"), "x".into()))
            .collect();
        let h: Vec<(&str, &str)> = small
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let got = get(addr, &page, &h);
        assert_eq!(got.status, 431);
        assert_eq!(got.header("content-security-policy"), Some(CSP));
        assert_eq!(got.header("x-frame-options"), Some("DENY"));
        // An address past hyper's own 64 KB: the server's 414, not hyper's bare one.
        let longer = format!("{page}?k={}", "a".repeat(70_000));
        let got = get(addr, &longer, &[]);
        assert_eq!(got.status, 414);
        assert_eq!(got.header("content-security-policy"), Some(CSP));
        assert!(got.text().contains("address is too long"), "{}", got.text());
        // Bytes that are not HTTP: 400 with the headers.
        let mut s = TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        s.write_all(b"NOT HTTP AT ALL\r\n\r\n").unwrap();
        let mut raw = Vec::new();
        let _ = s.read_to_end(&mut raw);
        let got = parse(&raw);
        assert_eq!(got.status, 400);
        assert_eq!(got.header("content-security-policy"), Some(CSP));
        // The server still answers.
        assert_eq!(get(addr, &page, &[]).status, 200);
        // JSON routes answer errors as JSON, pictures and the record as text.
        let past = id + 1000;
        let got = get(addr, &format!("/g/{past}/data.json"), &[]);
        assert_eq!(got.status, 404);
        assert!(got
            .header("content-type")
            .unwrap()
            .starts_with("application/json"));
        let json: serde_json::Value = serde_json::from_slice(&got.body).unwrap();
        assert!(json["error"].is_string());
        let got = get(addr, "/g/abc/state.json", &[]);
        assert_eq!(got.status, 404);
        assert!(got
            .header("content-type")
            .unwrap()
            .starts_with("application/json"));
        for route in ["board.png", "game.gif", "record.txt"] {
            let got = get(addr, &format!("/g/{past}/{route}"), &[]);
            assert_eq!(got.status, 404, "{route}");
            assert!(
                got.header("content-type")
                    .unwrap()
                    .starts_with("text/plain"),
                "{route}"
            );
            assert_eq!(got.header("content-security-policy"), Some(CSP));
        }
        // The page itself: the same not-found page as before.
        let got = get(addr, &format!("/g/{past}"), &[]);
        assert_eq!(got.status, 404);
        assert!(got.text().contains("Not found"));
    })
    .await
    .unwrap();
}

/// `(pit, seeds)` of every `data-pit` in `html`.
fn pits_in(html: &str) -> Vec<(String, u8)> {
    html.match_indices("data-pit=\"")
        .map(|(i, _)| {
            let rest = &html[i + 10..];
            let pit = rest[..rest.find('"').unwrap()].to_string();
            let at = rest.find("data-seeds=\"").unwrap() + 12;
            let seeds = rest[at..at + rest[at..].find('"').unwrap()]
                .parse()
                .unwrap();
            (pit, seeds)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_html_itself_shows_the_position_with_named_pits() {
    let (path, demo) = demo_db();
    let public_url = "https://bao.example.org";
    let server = serve(
        path,
        WebOptions {
            public_url: Some(public_url.into()),
            ..WebOptions::default()
        },
    )
    .await;
    let addr = server.addr;
    let id = demo.long.0;
    let path = path.clone();
    let demo = *demo;
    tokio::task::spawn_blocking(move || {
        let html = get(addr, &format!("/g/{id}"), &[]).text();
        let store = Store::open_read_only(&path).unwrap();
        let game = store.game(demo.long).unwrap().unwrap();
        let mut pos: Position = game.start_position.parse().unwrap();
        for m in store.moves(demo.long).unwrap() {
            pos = pos.play_text(&m.text).unwrap().1;
        }
        // Every pit, as the engine has it, with its name for a screen reader.
        let pits = pits_in(&html);
        assert_eq!(pits.len(), 32);
        for (name, seeds) in &pits {
            let pit: bao_bot::rules::Pit = name.parse().unwrap();
            assert_eq!(*seeds, pos.seeds(pit), "{name}");
            let word = if *seeds == 1 { "seed" } else { "seeds" };
            assert!(
                html.contains(&format!("aria-label=\"{name}, "))
                    && html.contains(&format!(", {seeds} {word}")),
                "{name}"
            );
        }
        assert!(html.contains(&format!("data-ply=\"{}\"", game.ply)));
        assert!(html.contains(&format!("data-to-move=\"{}\"", pos.turn().letter())));
        assert!(
            html.contains("aria-label=\"a5, nyumba, ")
                || html.contains("aria-label=\"A5, nyumba, ")
        );
        // The moves are in the list, and the step buttons have names.
        // (each move's button has a `data-ply`, and so has the board)
        assert_eq!(html.matches(" data-ply=\"").count() - 1, game.ply as usize);
        for name in ["First ply", "Previous ply", "Next ply", "Last ply"] {
            assert!(html.contains(&format!("aria-label=\"{name}\"")), "{name}");
        }
        assert!(html.contains("aria-live=\"polite\""));
        // Link previews: the board picture at its absolute address; a description.
        assert!(html.contains(&format!(
            "<meta property=\"og:image\" content=\"{public_url}/g/{id}/board.png\">"
        )));
        assert!(html.contains("<meta name=\"description\" content=\""));
        assert!(html.contains("twitter:card"));
        assert!(!html.contains("noindex"));
        // A private game's page is kept out of search engines; its preview carries its token.
        let private = link(&path, demo.private);
        let html = get(addr, &private, &[]).text();
        assert!(html.contains("<meta name=\"robots\" content=\"noindex, nofollow\">"));
        let token = private.split("k=").nth(1).unwrap();
        assert!(html.contains(&format!("board.png?k={token}\">")));
        // In Swahili, the pits are named in Swahili.
        let html = get(addr, &format!("/g/{id}?lang=sw"), &[]).text();
        assert!(html.contains(", kete "), "Swahili pit names");
    })
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_page_has_a_preview_and_a_private_one_is_not_indexed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    let demo = demo(&path, 10, 20);
    let public_url = "https://bao.example.org";
    let server = serve(
        &path,
        WebOptions {
            public_url: Some(public_url.into()),
            ..WebOptions::default()
        },
    )
    .await;
    let addr = server.addr;
    let id = demo.event;
    tokio::task::spawn_blocking(move || {
        let html = get(addr, &format!("/t/{id}"), &[]).text();
        assert!(
            html.contains("<meta property=\"og:title\" content=\"Tournament #"),
            "{html}"
        );
        assert!(html.contains("<meta property=\"og:description\" content=\""));
        assert!(html.contains("<meta name=\"description\" content=\""));
        assert!(html.contains(&format!(
            "<meta property=\"og:url\" content=\"{public_url}/t/{id}\">"
        )));
        assert!(html.contains("<meta name=\"twitter:card\" content=\"summary\">"));
        assert!(
            !html.contains("og:image"),
            "an event has no picture of its own"
        );
        assert!(!html.contains("noindex"));
        // Its channel made private: the page opens only with its token, kept out of search
        // engines, its preview's address carrying the token the reader already holds.
        let (writer, _) = writer(&path);
        writer.channel_visibility(&PUBLIC, false).unwrap();
        let token = bao_bot::app::WebKey::of_store(writer.store())
            .unwrap()
            .event_token(id);
        assert_eq!(get(addr, &format!("/t/{id}"), &[]).status, 404);
        let got = get(addr, &format!("/t/{id}?k={token}"), &[]);
        assert_eq!(got.status, 200);
        let html = got.text();
        assert!(html.contains("<meta name=\"robots\" content=\"noindex, nofollow\">"));
        assert!(html.contains(&format!("/t/{id}?k={token}\">")));
        assert!(!html.contains("og:image"));
    })
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trusted_proxy_names_the_client_and_no_one_else_can() {
    let (path, demo) = demo_db();
    // Two requests a minute per client.
    let proxied = serve(
        path,
        WebOptions {
            requests_per_minute: 2,
            trusted_proxies: vec!["127.0.0.1/32".parse().unwrap()],
            ..WebOptions::default()
        },
    )
    .await;
    let direct = serve(
        path,
        WebOptions {
            requests_per_minute: 2,
            ..WebOptions::default()
        },
    )
    .await;
    let (pa, da) = (proxied.addr, direct.addr);
    let page = format!("/g/{}", demo.long.0);
    tokio::task::spawn_blocking(move || {
        // Behind the trusted proxy, each visitor has their own allowance.
        for visitor in ["203.0.113.1", "203.0.113.2", "203.0.113.3"] {
            for _ in 0..2 {
                let got = get(pa, &page, &[("X-Forwarded-For", visitor)]);
                assert_eq!(got.status, 200, "{visitor}");
            }
            let over = get(pa, &page, &[("X-Forwarded-For", visitor)]);
            assert_eq!(over.status, 429, "{visitor}");
        }
        let got = get(pa, &page, &[("Forwarded", "for=198.51.100.9;proto=https")]);
        assert_eq!(got.status, 200);
        // From an untrusted peer the header is ignored: one allowance, whatever it says.
        assert_eq!(
            get(da, &page, &[("X-Forwarded-For", "203.0.113.1")]).status,
            200
        );
        assert_eq!(
            get(da, &page, &[("X-Forwarded-For", "203.0.113.2")]).status,
            200
        );
        let over = get(
            da,
            &format!("{page}?lang=sw"),
            &[("X-Forwarded-For", "203.0.113.3")],
        );
        assert_eq!(over.status, 429);
        assert!(over.header("retry-after").is_some());
        assert_eq!(over.header("content-security-policy"), Some(CSP));
        // The 429 speaks the page's language.
        assert!(over.text().contains("Maombi mengi"), "{}", over.text());
    })
    .await
    .unwrap();
}
