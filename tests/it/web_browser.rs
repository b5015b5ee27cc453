//! The game pages in a real browser: headless Chromium driven over WebDriver
//! (Debian's `chromium` and `chromium-driver`, which `.ci/run` installs) by fantoccini.
//!
//! One browser for the three checks: step a game's page forward with the keys and compare
//! every pit's `data-seeds` with the rules engine's position; click a point of the
//! evaluation graph (and the words its script writes in a Swahili page); follow a running
//! game while a move is played through the app.
//! With `BAO_WEB_SCREENSHOTS=DIR` set, screenshots of the pages are written there.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::web::*;
use bao_bot::app::GameId;
use bao_bot::rules::Position;
use bao_bot::store::Store;
use bao_bot::web::WebOptions;
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;

/// chromedriver on a loopback port, stopped when dropped.
struct Driver {
    child: Child,
    port: u16,
    _profile: tempfile::TempDir,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn find_program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([
            PathBuf::from("/usr/bin"),
            PathBuf::from("/usr/lib/chromium"),
        ])
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|p| p.is_file())
}

/// Starts chromedriver and a headless Chromium session.
async fn browser() -> (Driver, Client) {
    let driver = find_program(&["chromedriver"]).expect(
        "chromedriver not found: install Debian's chromium and chromium-driver \
         (`.ci/run` does: apt-get install -y chromium chromium-driver)",
    );
    let chromium = find_program(&["chromium", "chromium-browser"]).expect("chromium not found");
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .arg("--allowed-ips=127.0.0.1")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let profile = tempfile::tempdir().unwrap();
    let driver = Driver {
        child,
        port,
        _profile: profile,
    };
    let args = vec![
        "--headless".to_string(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-quic".into(),
        "--no-first-run".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        "--disable-dev-shm-usage".into(),
        "--window-size=1280,1000".into(),
        format!("--user-data-dir={}", driver._profile.path().display()),
    ];
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({ "binary": chromium, "args": args }),
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    let client = loop {
        match ClientBuilder::new(HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{}", driver.port))
            .await
        {
            Ok(c) => break c,
            Err(e) if Instant::now() < deadline => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => panic!("no WebDriver session: {e}"),
        }
    };
    (driver, client)
}

/// Waits (up to 20 s) until `check` holds on the page; panics with `what` otherwise.
async fn wait_until(c: &Client, what: &str, check: &str) -> serde_json::Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let v = c.execute(check, vec![]).await.expect("script runs");
        if !v.is_null() && v != serde_json::Value::Bool(false) {
            return v;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until the board shows ply `ply` (not animating) and returns its pits' counts.
async fn board_at(c: &Client, ply: u32) -> Vec<(String, u8)> {
    let check = format!(
        "const b = document.getElementById('board');
         if (!b || b.dataset.ply !== '{ply}' || b.dataset.animating) return null;
         return Array.from(b.querySelectorAll('[data-pit]')).map(g => [g.dataset.pit, Number(g.dataset.seeds)]);"
    );
    let v = wait_until(c, &format!("the board at ply {ply}"), &check).await;
    serde_json::from_value(v).expect("pits")
}

/// The engine's position after `ply` plies of `game`, replayed from the stored moves.
fn engine_position(path: &Path, game: GameId, ply: usize) -> Position {
    let store = Store::open_read_only(path).unwrap();
    let g = store.game(game).unwrap().unwrap();
    let mut pos: Position = g.start_position.parse().unwrap();
    for m in store.moves(game).unwrap().iter().take(ply) {
        pos = pos.play_text(&m.text).unwrap().1;
    }
    pos
}

/// Asserts that the DOM's pits are the engine's position, pit by pit.
fn assert_board(dom: &[(String, u8)], pos: &Position, what: &str) {
    assert_eq!(dom.len(), 32, "{what}: 32 pits");
    for (name, seeds) in dom {
        let pit: bao_bot::rules::Pit = name.parse().expect("a pit name");
        assert_eq!(*seeds, pos.seeds(pit), "{what}: pit {name}");
    }
}

async fn screenshot(c: &Client, name: &str) {
    if let Some(dir) = std::env::var_os("BAO_WEB_SCREENSHOTS") {
        let png = c.screenshot().await.expect("screenshot");
        std::fs::write(Path::new(&dir).join(name), png).expect("write screenshot");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_pages_in_a_real_browser() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    let demo = demo(&path, 150, 300);
    let server = serve(&path, WebOptions::default()).await;
    let (_driver, c) = browser().await;

    // 1. Step a long game forward with the keys: the pits equal the engine's position.
    c.goto(&server.url(&format!("/g/{}", demo.long.0)))
        .await
        .unwrap();
    wait_until(
        &c,
        "the page to load",
        "return document.getElementById('game').dataset.ready === '1'",
    )
    .await;
    screenshot(&c, "game.png").await;
    let body = c.find(Locator::Css("body")).await.unwrap();
    body.send_keys(&Key::Home).await.unwrap();
    let first = board_at(&c, 0).await;
    assert_board(&first, &engine_position(&path, demo.long, 0), "start");
    let n = 7;
    body.send_keys(&Key::Right).await.unwrap();
    if std::env::var_os("BAO_WEB_SCREENSHOTS").is_some() {
        // Mid-sowing, for a look at the animation.
        tokio::time::sleep(Duration::from_millis(700)).await;
        screenshot(&c, "animating.png").await;
    }
    for _ in 1..n {
        body.send_keys(&Key::Right).await.unwrap();
    }
    let after = board_at(&c, n).await;
    assert_board(
        &after,
        &engine_position(&path, demo.long, n as usize),
        "after 7 plies",
    );
    let to_move = c
        .find(Locator::Css("#board"))
        .await
        .unwrap()
        .attr("data-to-move")
        .await
        .unwrap();
    let want = engine_position(&path, demo.long, n as usize)
        .turn()
        .letter()
        .to_string();
    assert_eq!(to_move.as_deref(), Some(want.as_str()));
    body.send_keys(&Key::Left).await.unwrap();
    assert_board(
        &board_at(&c, n - 1).await,
        &engine_position(&path, demo.long, n as usize - 1),
        "one back",
    );
    // A click on a move in the list goes there.
    c.find(Locator::Css("#moves button[data-ply='12']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert_board(
        &board_at(&c, 12).await,
        &engine_position(&path, demo.long, 12),
        "ply 12 from the list",
    );
    // The flipped board shows the same counts.
    c.find(Locator::Css("#flip"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        &c,
        "the flip",
        "return document.getElementById('board').dataset.viewer === 'N'",
    )
    .await;
    assert_board(
        &board_at(&c, 12).await,
        &engine_position(&path, demo.long, 12),
        "flipped",
    );
    body.send_keys(&Key::End).await.unwrap();
    let plies = Store::open_read_only(&path)
        .unwrap()
        .game(demo.long)
        .unwrap()
        .unwrap()
        .ply;
    assert_board(
        &board_at(&c, plies).await,
        &engine_position(&path, demo.long, plies as usize),
        "the end",
    );

    // 2. The analysed game: a click on a point of the evaluation graph goes to that ply.
    c.goto(&server.url(&format!("/g/{}", demo.analysed.0)))
        .await
        .unwrap();
    wait_until(
        &c,
        "the analysed page",
        "return document.getElementById('game').dataset.ready === '1'",
    )
    .await;
    screenshot(&c, "analysed.png").await;
    c.find(Locator::Css("[data-graph-ply='5']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert_board(
        &board_at(&c, 5).await,
        &engine_position(&path, demo.analysed, 5),
        "graph point 5",
    );
    let marked = c
        .find_all(Locator::Css("#moves button[data-mark]"))
        .await
        .unwrap()
        .len();
    let _ = marked; // marks depend on the analysis; their rendering is checked in web_pages
                    // The same page asked in Swahili: what the script writes is in the page's Swahili.
    c.goto(&server.url(&format!("/g/{}?lang=sw", demo.analysed.0)))
        .await
        .unwrap();
    let said = wait_until(
        &c,
        "the Swahili page",
        "if (document.getElementById('game').dataset.ready !== '1') return null;
         return [document.getElementById('ply-label').textContent,
                 document.getElementById('graph-svg').getAttribute('aria-label'),
                 document.getElementById('caption').textContent];",
    )
    .await;
    let said: Vec<String> = serde_json::from_value(said).expect("texts");
    assert!(said[0].starts_with("hatua "), "{said:?}");
    assert_eq!(said[1], "Grafu ya tathmini");
    assert!(
        !said[2].contains("sowed") && !said[2].contains("wins"),
        "{said:?}"
    );

    // 3. Follow a running game while a move is played through the app.
    let (writer, _clock) = writer(&path);
    let game = start(&writer, &LOBBY);
    play(&writer, &LOBBY, game, 3);
    c.goto(&server.url(&format!("/g/{}", game.0)))
        .await
        .unwrap();
    wait_until(
        &c,
        "the live page",
        "return document.getElementById('game').dataset.ready === '1'",
    )
    .await;
    assert_board(
        &board_at(&c, 3).await,
        &engine_position(&path, game, 3),
        "live, before",
    );
    let follow = c
        .execute(
            "return document.getElementById('game').dataset.follow",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(follow, "events");
    play(&writer, &LOBBY, game, 1);
    assert_board(
        &board_at(&c, 4).await,
        &engine_position(&path, game, 4),
        "live, after a move",
    );

    // The tournament page, for a look.
    c.goto(&server.url(&format!("/t/{}", demo.event)))
        .await
        .unwrap();
    c.find(Locator::Css("table.crosstable")).await.unwrap();
    screenshot(&c, "tournament.png").await;
    c.close().await.unwrap();
}
