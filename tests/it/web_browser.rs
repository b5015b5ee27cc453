//! The game pages in a real browser: headless Chromium driven over WebDriver
//! (Debian's `chromium` and `chromium-driver`, which `.ci/run` installs) by fantoccini.
//!
//! One browser for the three checks: step a game's page forward with the keys and compare
//! every pit's `data-seeds` with the rules engine's position; click a point of the
//! evaluation graph (and the words its script writes in a Swahili page); follow a running
//! game while a move is played through the app.
//! With `BAO_WEB_SCREENSHOTS=DIR` set, screenshots of the pages are written there.
//!
//! Also: axe-core (vendored under tests/data/axe/) on the game, analysed-game, tournament
//! and not-found pages in English and Swahili, with no violation and every contrast it
//! leaves for review computed here; the phone layout at 390×844 (every pit at least 44 CSS
//! px, board texts at least 12 px, nothing wider than the screen, the board in sight after
//! a move is chosen from the list, layout shift under 0.1).
//!
//! Without Chromium and chromedriver these tests say they were skipped and pass, unless
//! `BAO_REQUIRE_BROWSER=1` (which `.ci/run` sets after installing them): then they fail.

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
pub(crate) struct Driver {
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

/// Starts chromedriver and a headless Chromium session with a 1280×1000 window, or `None`
/// (after saying why) when they are not installed and not required.
async fn browser() -> Option<(Driver, Client)> {
    browser_sized(1280, 1000).await
}

/// As [`browser`], with a `width`×`height` window.
pub(crate) async fn browser_sized(width: u32, height: u32) -> Option<(Driver, Client)> {
    let found = (
        find_program(&["chromedriver"]),
        find_program(&["chromium", "chromium-browser"]),
    );
    let (Some(driver), Some(chromium)) = found else {
        let why = "chromium or chromedriver not found: install Debian's chromium and \
                   chromium-driver (`.ci/run` does: apt-get install -y chromium chromium-driver)";
        if std::env::var("BAO_REQUIRE_BROWSER").as_deref() == Ok("1") {
            panic!("{why} (BAO_REQUIRE_BROWSER=1)");
        }
        eprintln!("skipped: the browser tests need a browser; {why}");
        return None;
    };
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
        format!("--window-size={width},{height}"),
        format!("--user-data-dir={}", driver._profile.path().display()),
    ];
    let mut caps = serde_json::Map::new();
    // A phone-sized page is emulated (a headless window is at least 500 px wide).
    let options = if width < 500 {
        serde_json::json!({ "binary": chromium, "args": args, "mobileEmulation": {
            "deviceMetrics": { "width": width, "height": height, "pixelRatio": 1.0, "touch": true }
        } })
    } else {
        serde_json::json!({ "binary": chromium, "args": args })
    };
    caps.insert("goog:chromeOptions".into(), options);
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
    Some((driver, client))
}

/// Waits (up to 20 s) until `check` holds on the page; panics with `what` otherwise.
pub(crate) async fn wait_until(c: &Client, what: &str, check: &str) -> serde_json::Value {
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

pub(crate) async fn screenshot(c: &Client, name: &str) {
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
    let Some((_driver, c)) = browser().await else {
        return;
    };

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

/// Waits for the page's script to be ready (the game pages), or for the body (others).
async fn loaded(c: &Client) {
    wait_until(
        c,
        "the page to load",
        "const g = document.getElementById('game');
         return document.readyState === 'complete' && (!g || g.dataset.ready === '1');",
    )
    .await;
}

/// Runs axe-core on the page: its violations, and the contrasts it left for review that
/// fail when computed here (text colour over the nearest opaque background; an SVG text
/// over the plate drawn under it).
async fn axe(c: &Client) -> (Vec<String>, Vec<String>) {
    let source = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/axe/axe.min.js"),
    )
    .expect("the vendored axe-core");
    c.execute(&format!("{source}\nreturn true;"), vec![])
        .await
        .expect("axe loads");
    let v = c
        .execute_async(
            r#"const done = arguments[arguments.length - 1];
            const rgb = (s) => { const m = String(s).match(/[\d.]+/g) || []; return m.map(Number); };
            const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
            const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
            const hex = (h) => h.startsWith('#') ? [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) : rgb(h);
            const background = (el) => {
              for (let e = el; e; e = e.parentElement) {
                const c = rgb(getComputedStyle(e).backgroundColor);
                if (c.length >= 3 && (c.length < 4 || c[3] === 1)) return c.slice(0, 3);
              }
              return rgb(getComputedStyle(document.documentElement).backgroundColor).slice(0, 3);
            };
            const own = (el) => {
              if (el instanceof SVGElement && el.closest('#board')) {
                const under = el.previousElementSibling;
                return [hex(el.getAttribute('fill')), hex(under.getAttribute('fill'))];
              }
              if (el instanceof SVGElement) {
                return [rgb(getComputedStyle(el).fill).slice(0, 3), background(el.ownerSVGElement || el)];
              }
              return [rgb(getComputedStyle(el).color).slice(0, 3), background(el)];
            };
            axe.run(document, { resultTypes: ['violations', 'incomplete'] }).then((r) => {
              const violations = r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
              const unchecked = [];
              for (const item of r.incomplete.filter((i) => i.id === 'color-contrast')) {
                for (const n of item.nodes) {
                  const el = document.querySelector(n.target[0]);
                  if (!el) { unchecked.push(`${n.target[0]}: not found`); continue; }
                  const [fg, bg] = own(el);
                  const large = parseFloat(getComputedStyle(el).fontSize) >= 24;
                  const q = ratio(fg, bg);
                  if (q < (large ? 3 : 4.5)) unchecked.push(`${n.target[0]}: ${q.toFixed(2)}`);
                }
              }
              // The board's texts (axe does not read SVG text): each over its plate.
              for (const t of document.querySelectorAll('#board text')) {
                const [fg, bg] = own(t);
                const q = ratio(fg, bg);
                if (q < 4.5) unchecked.push(`board ${t.textContent}: ${q.toFixed(2)}`);
              }
              done([violations, unchecked]);
            }).catch((e) => done([[`axe failed: ${e}`], []]));"#,
            vec![],
        )
        .await
        .expect("axe runs");
    serde_json::from_value(v).expect("axe's findings")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_pass_axe_in_english_and_swahili() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    let demo = demo(&path, 40, 200);
    let server = serve(&path, WebOptions::default()).await;
    let Some((_driver, c)) = browser().await else {
        return;
    };
    let pages = [
        format!("/g/{}", demo.long.0),
        format!("/g/{}", demo.analysed.0),
        format!("/t/{}", demo.event),
        "/g/999999".to_string(),
    ];
    let mut failures = Vec::new();
    for page in &pages {
        for lang in ["en", "sw"] {
            let url = server.url(&format!("{page}?lang={lang}"));
            c.goto(&url).await.unwrap();
            loaded(&c).await;
            let (violations, unchecked) = axe(&c).await;
            for v in violations {
                failures.push(format!("{page} ({lang}): {v}"));
            }
            for u in unchecked {
                failures.push(format!("{page} ({lang}) contrast: {u}"));
            }
        }
    }
    c.close().await.unwrap();
    assert!(failures.is_empty(), "{failures:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_page_fits_a_phone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    let demo = demo(&path, 150, 200);
    let server = serve(&path, WebOptions::default()).await;
    let Some((_driver, c)) = browser_sized(390, 844).await else {
        return;
    };
    for (page, shot) in [
        (format!("/g/{}", demo.long.0), "phone-game.png"),
        (
            format!("/g/{}?lang=sw", demo.analysed.0),
            "phone-analysed-sw.png",
        ),
    ] {
        // Layout shifts are recorded from the start (buffered).
        c.goto(&server.url(&page)).await.unwrap();
        loaded(&c).await;
        screenshot(&c, shot).await;
        let v = c
            .execute(
                r#"const out = {};
                out.width = window.innerWidth;
                out.scrollWidth = document.documentElement.scrollWidth;
                const pits = Array.from(document.querySelectorAll('#board [data-pit]'));
                out.pits = pits.length;
                out.smallest = Math.min(...pits.map((g) => { const r = g.querySelector('circle, rect:not(.plate)').getBoundingClientRect(); return Math.min(r.width, r.height); }));
                const b = document.getElementById('board').getBoundingClientRect();
                const scale = Math.max(b.width, b.height) / 968;
                out.smallestText = Math.min(...Array.from(document.querySelectorAll('#board text')).map((t) => parseFloat(getComputedStyle(t).fontSize) * scale));
                out.turned = b.height > b.width;
                return out;"#,
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(v["width"], 390, "{v}");
        assert!(
            v["scrollWidth"].as_f64().unwrap() <= 390.0,
            "nothing wider than the screen: {v}"
        );
        assert_eq!(v["pits"], 32);
        assert!(
            v["smallest"].as_f64().unwrap() >= 44.0,
            "every pit at least 44 px: {v}"
        );
        assert!(
            v["smallestText"].as_f64().unwrap() >= 12.0,
            "board text at least 12 px: {v}"
        );
        assert_eq!(v["turned"], true, "{v}");
        // Choose a move far down the list: the board is in sight afterwards.
        let chosen = c
            .execute(
                "const b = document.querySelector('#moves button[data-ply=\"9\"]');
                 b.scrollIntoView({ block: 'center' });
                 b.click();
                 return true;",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(chosen, true);
        let board = wait_until(
            &c,
            "ply 9 shown",
            "const b = document.getElementById('board');
             if (b.dataset.ply !== '9') return null;
             const r = document.getElementById('board-box').getBoundingClientRect();
             return [r.top, r.bottom, window.innerHeight];",
        )
        .await;
        let r: Vec<f64> = serde_json::from_value(board).unwrap();
        assert!(
            r[0] >= -1.0 && r[1] <= r[2] + 1.0,
            "the board on screen: {r:?}"
        );
        screenshot(&c, &format!("chosen-{shot}")).await;
    }
    // Layout shift while the page loads: under 0.1 (the board is in the HTML).
    c.goto(&server.url(&format!("/g/{}", demo.analysed.0)))
        .await
        .unwrap();
    loaded(&c).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let cls = c
        .execute_async(
            "const done = arguments[arguments.length - 1];
             let sum = 0;
             new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) sum += e.value; })
               .observe({ type: 'layout-shift', buffered: true });
             setTimeout(() => done(sum), 300);",
            vec![],
        )
        .await
        .unwrap();
    assert!(cls.as_f64().unwrap() < 0.1, "layout shift {cls}");
    // The tournament page: its tables fit or scroll inside their own box.
    c.goto(&server.url(&format!("/t/{}", demo.event)))
        .await
        .unwrap();
    loaded(&c).await;
    screenshot(&c, "phone-tournament.png").await;
    let wide = c
        .execute("return document.documentElement.scrollWidth;", vec![])
        .await
        .unwrap();
    assert!(wide.as_f64().unwrap() <= 390.0, "{wide}");
    c.close().await.unwrap();
}
