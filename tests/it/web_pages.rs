//! The web pages over plain HTTP (no browser): what each route answers, who may see what
//! (public games, private ones with their token only, forged tokens, ids past the end and
//! malformed ids), escaping, the security headers, the game data against the rules engine,
//! the request limit, the cap on live pages, and the links the chat gets.

use std::net::SocketAddr;
use std::sync::Arc;

use crate::support::web::*;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use bao_bot::app::{App, Command, ManualClock, Settings};
use bao_bot::rules::Position;
use bao_bot::store::Store;
use bao_bot::web::{self, WebOptions, CSP};
use http_body_util::BodyExt;
use tower::ServiceExt;

/// A response: status, headers, body.
struct Got {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: Vec<u8>,
}

impl Got {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).expect("json")
    }
}

/// GET `uri` from `from` through `router`.
async fn get_from(router: &Router, uri: &str, from: SocketAddr) -> Got {
    let request = Request::get(uri).body(Body::empty()).unwrap();
    let (status, headers, body) = crate::support::web::answer(router, request, from).await;
    Got {
        status,
        headers,
        body,
    }
}

async fn get(router: &Router, uri: &str) -> Got {
    get_from(router, uri, "127.0.0.1:50000".parse().unwrap()).await
}

/// The demo database (made once for all the tests here) and a router over it.
struct Site {
    path: std::path::PathBuf,
    demo: Demo,
    router: Router,
    app: Arc<App>,
}

/// The demo database, made on first use under Cargo's temporary folder for tests.
fn shared_demo() -> &'static (std::path::PathBuf, Demo) {
    static DEMO: std::sync::OnceLock<(std::path::PathBuf, Demo)> = std::sync::OnceLock::new();
    DEMO.get_or_init(|| {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("web-pages-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bao.db");
        let demo = demo(&path, 60, 300);
        (path, demo)
    })
}

async fn site(options: WebOptions) -> Site {
    let (path, demo) = shared_demo();
    let path = path.clone();
    let demo = *demo;
    let app = pages(&path);
    let router = web::router(app.clone(), &options);
    Site {
        path,
        demo,
        router,
        app,
    }
}

#[tokio::test]
async fn a_public_game_page_is_escaped_and_carries_the_security_headers() {
    let s = site(WebOptions::default()).await;
    let page = get(&s.router, &format!("/g/{}", s.demo.long.0)).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.headers[header::CONTENT_SECURITY_POLICY], CSP);
    assert!(CSP.contains("script-src 'self'") && !CSP.contains("unsafe-inline"));
    assert_eq!(page.headers[header::REFERRER_POLICY], "no-referrer");
    assert_eq!(page.headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    let html = page.text();
    // Baraka's name is `Baraka <b>&amp;</b> "Co"`: shown as text, never as markup.
    assert!(!html.contains("<b>&amp;</b>"), "{html}");
    assert!(
        html.contains("Baraka &lt;b&gt;&amp;amp;&lt;/b&gt; &quot;Co&quot;"),
        "{html}"
    );
    // No inline script: every <script> has a src, and no on* handlers.
    for (i, _) in html.match_indices("<script") {
        let tag = &html[i..html[i..].find('>').unwrap() + i];
        assert!(tag.contains("src=\"/static/"), "{tag}");
    }
    assert!(!html.contains(" onclick=") && !html.contains(" onload="));
    // The board is in the page, at the ply it opens on (the last).
    let plies = Store::open_read_only(&s.path)
        .unwrap()
        .game(s.demo.long)
        .unwrap()
        .unwrap()
        .ply;
    assert!(html.contains(&format!("data-ply=\"{plies}\"")) && html.contains("id=\"board\""));
    // The static files are served with their types.
    let js = get(&s.router, "/static/game.js").await;
    assert_eq!(js.status, StatusCode::OK);
    assert!(js.headers[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("text/javascript"));
    let css = get(&s.router, "/static/style.css").await;
    assert!(css.headers[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("text/css"));
    assert_eq!(
        get(&s.router, "/static/nope.js").await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn unknown_and_malformed_ids_get_the_not_found_page() {
    let s = site(WebOptions::default()).await;
    let past_end = s.demo.analysed.0 + 1000;
    for uri in [
        format!("/g/{past_end}"),
        format!("/g/{past_end}/data.json"),
        format!("/g/{past_end}/events"),
        format!("/t/{}", s.demo.event + 50),
        "/g/0".into(),
        "/g/-1".into(),
        "/g/abc".into(),
        "/g/1e3".into(),
        "/g/99999999999999999999999".into(),
        "/g/1/../../etc/passwd".into(),
        "/t/x".into(),
        "/nothing/here".into(),
    ] {
        let got = get(&s.router, &uri).await;
        assert_eq!(got.status, StatusCode::NOT_FOUND, "{uri}");
        assert!(got.text().contains("Not found"), "{uri}");
        assert_eq!(got.headers[header::CONTENT_SECURITY_POLICY], CSP, "{uri}");
    }
}

#[tokio::test]
async fn private_games_open_only_with_their_own_token() {
    let s = site(WebOptions::default()).await;
    for game in [s.demo.private, s.demo.dm] {
        let linked = link(&s.path, game);
        let (path, token) = linked
            .split_once("?k=")
            .expect("a private link has a token");
        assert_eq!(path, format!("/g/{}", game.0));
        assert!(token.len() >= 22, "{token}");
        let page = get(&s.router, &linked).await;
        assert_eq!(page.status, StatusCode::OK, "{linked}");
        // The page's own links carry the token.
        assert!(page.text().contains(&format!("record.txt?k={token}")));
        let data = get(&s.router, &format!("/g/{}/data.json?k={token}", game.0)).await;
        assert_eq!(data.status, StatusCode::OK);
        // Without it, with a forged one, or with another game's: as if there were no game.
        let mut forged = token.to_string().into_bytes();
        forged[0] = if forged[0] == b'A' { b'B' } else { b'A' };
        let forged = String::from_utf8(forged).unwrap();
        let other = link(
            &s.path,
            if game == s.demo.dm {
                s.demo.private
            } else {
                s.demo.dm
            },
        );
        let other_token = other.split_once("?k=").unwrap().1;
        for uri in [
            path.to_string(),
            format!("{path}?k="),
            format!("{path}?k={forged}"),
            format!("{path}?k={}", &token[..token.len() - 1]),
            format!("{path}?k={other_token}"),
            format!("{path}/data.json"),
            format!("{path}/data.json?k={forged}"),
            format!("{path}/record.txt"),
            format!("{path}/board.png"),
            format!("{path}/state.json"),
            format!("{path}/events?k={forged}"),
        ] {
            let got = get(&s.router, &uri).await;
            assert_eq!(got.status, StatusCode::NOT_FOUND, "{uri}");
        }
    }
    // A public game's link has no token.
    assert_eq!(link(&s.path, s.demo.long), format!("/g/{}", s.demo.long.0));
}

#[tokio::test]
async fn the_game_data_matches_the_rules_engine_ply_by_ply() {
    let s = site(WebOptions::default()).await;
    let data = get(&s.router, &format!("/g/{}/data.json", s.demo.long.0))
        .await
        .json();
    let store = Store::open_read_only(&s.path).unwrap();
    let game = store.game(s.demo.long).unwrap().unwrap();
    let moves = store.moves(s.demo.long).unwrap();
    let plies = data["plies"].as_array().unwrap();
    assert_eq!(plies.len(), moves.len() + 1);
    assert!(moves.len() >= 20, "a long game: {}", moves.len());
    let order = bao_bot::app::pit_order();
    let mut pos: Position = game.start_position.parse().unwrap();
    for (k, view) in plies.iter().enumerate() {
        if k > 0 {
            let (_, next, _) = pos.play_text(&moves[k - 1].text).unwrap();
            pos = next;
            assert_eq!(view["mv"], moves[k - 1].text.as_str(), "ply {k}");
            assert!(!view["steps"].as_array().unwrap().is_empty(), "ply {k}");
        }
        let pits: Vec<u64> = view["pits"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        let want: Vec<u64> = order.iter().map(|&p| pos.seeds(p) as u64).collect();
        assert_eq!(pits, want, "ply {k}");
        let turn = pos.turn().letter().to_string();
        assert_eq!(view["turn"], turn.as_str(), "ply {k}");
        assert_eq!(
            view["hands"][0],
            pos.hand(bao_bot::rules::Side::South),
            "ply {k}"
        );
    }
    assert_eq!(data["status"], "finished");
    assert!(data["analysis"].is_null());
    // The analysed game has a curve of one point more than its moves, and a mark per move.
    let a = get(&s.router, &format!("/g/{}/data.json", s.demo.analysed.0))
        .await
        .json();
    let n = a["plies"].as_array().unwrap().len();
    assert_eq!(a["analysis"]["curve"].as_array().unwrap().len(), n);
    assert_eq!(a["analysis"]["moves"].as_array().unwrap().len(), n - 1);
    let page = get(&s.router, &format!("/g/{}", s.demo.analysed.0))
        .await
        .text();
    assert!(
        page.contains("id=\"graph\"") && page.contains("accuracy"),
        "{page}"
    );
}

#[tokio::test]
async fn record_picture_and_gif_are_served() {
    let s = site(WebOptions::default()).await;
    let id = s.demo.long.0;
    let record = get(&s.router, &format!("/g/{id}/record.txt")).await;
    assert_eq!(record.status, StatusCode::OK);
    assert!(record.headers[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .starts_with("attachment"));
    let text = record.text();
    let store = Store::open_read_only(&s.path).unwrap();
    let first = &store.moves(s.demo.long).unwrap()[0].text;
    assert!(
        text.contains("position ") && text.contains(first.as_str()),
        "{text}"
    );
    let png = get(&s.router, &format!("/g/{id}/board.png")).await;
    assert_eq!(png.headers[header::CONTENT_TYPE], "image/png");
    assert_eq!(&png.body[..8], b"\x89PNG\r\n\x1a\n");
    let gif = get(&s.router, &format!("/g/{}/game.gif", s.demo.analysed.0)).await;
    assert_eq!(gif.status, StatusCode::OK);
    assert_eq!(&gif.body[..6], b"GIF89a");
}

#[tokio::test]
async fn the_tournament_page_links_every_result_to_its_game() {
    let s = site(WebOptions::default()).await;
    let page = get(&s.router, &format!("/t/{}", s.demo.event)).await;
    assert_eq!(page.status, StatusCode::OK);
    let html = page.text();
    assert!(
        html.contains("Spring &lt;cup&gt; &amp; &quot;friends&quot;"),
        "{html}"
    );
    assert!(!html.contains("<cup>"));
    for needle in ["Standings", "SB", "Bh", "Round 1", "Round 3", "Pairings"] {
        assert!(html.contains(needle), "{needle}");
    }
    let store = Store::open_read_only(&s.path).unwrap();
    let boards = store
        .event_boards(bao_bot::store::EventId(s.demo.event))
        .unwrap();
    let games: Vec<i64> = boards.iter().filter_map(|b| b.game.map(|g| g.0)).collect();
    assert_eq!(games.len(), 6, "a round robin of four plays six games");
    for g in games {
        // Linked from the pairings and from the crosstable (both players' rows).
        let hits = html.matches(&format!("href=\"/g/{g}\"")).count();
        assert!(hits >= 3, "game {g} linked {hits} times");
        assert_eq!(
            get(&s.router, &format!("/g/{g}")).await.status,
            StatusCode::OK
        );
    }
}

#[tokio::test]
async fn each_address_is_held_to_its_request_limit() {
    let s = site(WebOptions {
        requests_per_minute: 5,
        ..WebOptions::default()
    })
    .await;
    let a: SocketAddr = "127.0.0.2:4000".parse().unwrap();
    let b: SocketAddr = "127.0.0.3:4000".parse().unwrap();
    for _ in 0..5 {
        assert_eq!(get_from(&s.router, "/", a).await.status, StatusCode::OK);
    }
    let over = get_from(&s.router, "/", a).await;
    assert_eq!(over.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(over.headers.contains_key(header::RETRY_AFTER));
    assert_eq!(get_from(&s.router, "/", b).await.status, StatusCode::OK);
}

/// The next server-sent event's data on `body`.
async fn next_event(body: &mut Body) -> String {
    let mut text = String::new();
    loop {
        let frame = tokio::time::timeout(std::time::Duration::from_secs(10), body.frame())
            .await
            .expect("an event within 10 s")
            .expect("the stream goes on")
            .expect("a frame");
        if let Ok(data) = frame.into_data() {
            text.push_str(&String::from_utf8_lossy(&data));
            if let Some(line) = text.lines().find(|l| l.starts_with("data:")) {
                return line.trim_start_matches("data:").trim().to_string();
            }
        }
    }
}

#[tokio::test]
async fn a_running_game_is_followed_live_and_the_live_pages_are_capped() {
    let s = site(WebOptions {
        max_live: 1,
        ..WebOptions::default()
    })
    .await;
    let (writer, _) = writer(&s.path);
    let game = start(&writer, &LOBBY);
    play(&writer, &LOBBY, game, 2);
    let mut request = Request::get(format!("/g/{}/events", game.0))
        .body(Body::empty())
        .unwrap();
    request
        .extensions_mut()
        .insert(ConnectInfo::<SocketAddr>("127.0.0.1:1".parse().unwrap()));
    let response = s.router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()[header::CONTENT_TYPE],
        "text/event-stream"
    );
    let mut body = response.into_body();
    assert_eq!(
        next_event(&mut body).await,
        r#"{"ply":2,"status":"active"}"#
    );
    // A second live page is over the cap of one: it is told to poll.
    let second = get(&s.router, &format!("/g/{}/events", game.0)).await;
    assert_eq!(second.status, StatusCode::SERVICE_UNAVAILABLE);
    let state = get(&s.router, &format!("/g/{}/state.json", game.0))
        .await
        .json();
    assert_eq!(state["ply"], 2);
    // A move stored by another connection (as by the bot) reaches the open stream.
    play(&writer, &LOBBY, game, 1);
    assert_eq!(
        next_event(&mut body).await,
        r#"{"ply":3,"status":"active"}"#
    );
    // Closing the page frees its place.
    drop(body);
    let mut freed = false;
    for _ in 0..50 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        let mut request = Request::get(format!("/g/{}/events", game.0))
            .body(Body::empty())
            .unwrap();
        request
            .extensions_mut()
            .insert(ConnectInfo::<SocketAddr>("127.0.0.1:1".parse().unwrap()));
        if s.router.clone().oneshot(request).await.unwrap().status() == StatusCode::OK {
            freed = true;
            break;
        }
    }
    assert!(freed, "the closed page's place was never freed");
    let _ = s.app;
}

#[tokio::test]
async fn the_chat_links_to_the_pages_only_with_a_public_address() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    let store = Arc::new(Store::open(&path).unwrap());
    let clock = Arc::new(ManualClock::new(T0));
    let linked = App::new(
        store.clone(),
        clock.clone(),
        Settings {
            public_url: Some("https://bao.example.org".into()),
            ..Settings::default()
        },
    );
    linked.channel_visibility(&PUBLIC, true).unwrap();
    let public = start(&linked, &PUBLIC);
    let private = start(&linked, &PRIVATE);
    let resign = |app: &App, place| {
        app.handle(&asha(), place, Command::Resign)
            .unwrap()
            .reply
            .text
    };
    let text = resign(&linked, &PUBLIC);
    assert!(text.contains("wins"), "{text}");
    assert!(
        text.contains(&format!(
            "Game page: <https://bao.example.org/g/{}>",
            public.0
        )),
        "{text}"
    );
    let text = resign(&linked, &PRIVATE);
    assert!(
        text.contains(&format!("https://bao.example.org/g/{}?k=", private.0)),
        "{text}"
    );
    let history = linked
        .handle(&asha(), &PUBLIC, Command::History { game: Some(public) })
        .unwrap()
        .reply
        .text;
    assert!(
        history.contains("Game page: <https://bao.example.org/g/"),
        "{history}"
    );
    // Without a public address the chat says what it always said.
    let plain = App::new(store, clock, Settings::default());
    let again = start(&plain, &PUBLIC);
    let text = resign(&plain, &PUBLIC);
    assert!(
        !text.contains("Game page") && !text.contains("http"),
        "{text}"
    );
    let _ = again;
}

#[tokio::test]
async fn a_clocked_game_page_names_its_clock() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("web-clock-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bao.db");
    let (app, _) = writer(&path);
    let challenge = Command::Challenge {
        opponent: baraka(),
        variant: None,
        side: Some(bao_bot::app::SideChoice::South),
        time_per_move: None,
        rules: None,
        rated: Some(false),
        hints: None,
        clock: Some("5+3".into()),
        cap: None,
    };
    app.handle(&asha(), &PRIVATE, challenge).expect("challenge");
    app.handle(&baraka(), &PRIVATE, Command::Accept)
        .expect("accept");
    let id = app.store().game_in(&PRIVATE).unwrap().expect("a game").id;
    let reader = Arc::new(
        App::read_only(&path, Arc::new(ManualClock::new(T0)), Settings::default()).unwrap(),
    );
    let router = web::router(reader, &WebOptions::default());
    let page = get(&router, &link(&path, id)).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.text()
            .contains("clock 5+3 (5 minutes each, 3 seconds a move)"),
        "{}",
        page.text()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pictures_wait_in_their_own_queue_and_never_stall_pages() {
    let options = WebOptions {
        picture_slots: 1,
        picture_queue: 40,
        ..WebOptions::default()
    };
    let s = site(options).await;
    let id = s.demo.long.0;
    let health = |router: Router| async move { get(&router, "/health").await.json() };
    // The worker that draws GIFs is held, so every GIF asked for waits.
    let (release, held) = std::sync::mpsc::channel::<()>();
    let holder = {
        let app = s.app.clone();
        std::thread::spawn(move || {
            app.render_pool()
                .run_as(bao_bot::render::Urgency::Later, move || {
                    let _ = held.recv();
                })
        })
    };
    let from = |n: u8| -> SocketAddr { format!("127.0.0.{n}:50000").parse().unwrap() };
    let ask = |n: u8| {
        let router = s.router.clone();
        tokio::spawn(async move { get_from(&router, &format!("/g/{id}/game.gif"), from(n)).await })
    };
    let filled = |pictures: u64| {
        let router = s.router.clone();
        async move {
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
            while health(router.clone()).await["pictures"] != pictures {
                assert!(
                    std::time::Instant::now() < deadline,
                    "the storm never held {pictures} pictures"
                );
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            }
        }
    };
    // One client (127.0.0.1) asks for its four pictures: they wait for the held worker.
    let mut storm: Vec<_> = (0..4).map(|_| ask(1)).collect();
    filled(4).await;
    // Its fifth is refused at once though the queue holds 36 more: one client cannot fill
    // it. Its pages and data are still read.
    for uri in [format!("/g/{id}/game.gif"), format!("/g/{id}/board.png")] {
        let busy = get_from(&s.router, &uri, from(1)).await;
        assert_eq!(busy.status, StatusCode::SERVICE_UNAVAILABLE, "{uri}");
        assert!(busy.headers.contains_key(header::RETRY_AFTER), "{uri}");
    }
    assert_eq!(
        health(s.router.clone()).await["pictures"],
        4,
        "refusals are not held"
    );
    assert_eq!(
        get_from(&s.router, &format!("/g/{id}"), from(1))
            .await
            .status,
        StatusCode::OK
    );
    // Nine more clients, four pictures each, fill the queue's 40.
    storm.extend((2..=10).flat_map(|n| (0..4).map(move |_| n)).map(ask));
    filled(40).await;
    // The pictures' queue is full: pages and data are still read ...
    let page = get(&s.router, &format!("/g/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text().contains("<svg") || page.text().contains("board"));
    assert_eq!(
        get(&s.router, &format!("/g/{id}/data.json")).await.status,
        StatusCode::OK
    );
    // ... and the 41st picture, from a client with none in hand, is refused at once.
    for uri in [format!("/g/{id}/game.gif"), format!("/g/{id}/board.png")] {
        let busy = get_from(&s.router, &uri, from(11)).await;
        assert_eq!(busy.status, StatusCode::SERVICE_UNAVAILABLE, "{uri}");
        assert!(busy.headers.contains_key(header::RETRY_AFTER), "{uri}");
        assert_eq!(busy.headers[header::CONTENT_SECURITY_POLICY], CSP);
    }
    // Released: all 40 get the same GIF, drawn once.
    release.send(()).unwrap();
    assert!(holder.join().unwrap().is_ok());
    let mut bodies = Vec::new();
    for r in storm {
        let got = r.await.unwrap();
        assert_eq!(got.status, StatusCode::OK);
        bodies.push(got.body);
    }
    assert_eq!(&bodies[0][..6], b"GIF89a");
    assert!(bodies.iter().all(|b| *b == bodies[0]));
    let figures = s.app.picture_cache().figures();
    assert_eq!(figures.draws, 1, "{figures:?}");
    assert_eq!(figures.hits, 39, "{figures:?}");
    assert_eq!(health(s.router.clone()).await["pictures"], 0);
}
