//! Playing on the board in a real browser (issue 47): `bao-bot run` against the Discord
//! stand-in with `[web]` on, Asha (South) and Baraka (North) each on their own link from
//! `/bao board`, in two headless Chromium sessions (South on a desktop window, North on a
//! phone), driven by clicks and keys only through the page's contract (`[data-can-move]`,
//! `[data-move]`, `svg#board[data-ply][data-to-move]`).
//!
//! One game: moves by click (South) and by keys (North), the stand-in's channel getting
//! each board exactly once; a draw offered and declined, a move typed with `/bao move`
//! while the page shows the older ply (the page is told and moves on), axe-core with play
//! on, and a draw offered and accepted: both pages turn read-only with the result.
//! With `BAO_WEB_SCREENSHOTS=DIR`, screenshots of both pages are written there.
//!
//! Also, without a browser: `bao-bot run` answers `/bao board` with the play link and
//! stores a move posted with its token, the chat getting its board once.
//!
//! Skipped without Chromium (as tests/it/web_browser.rs), failing if BAO_REQUIRE_BROWSER=1.

use std::panic::AssertUnwindSafe;
use std::time::Duration;

use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use futures_util::FutureExt;

use crate::support::fake_discord::payloads::{self, token_for, Opt, GUILD};
use crate::support::fake_discord::{FakeDiscord, Recorded};
use crate::support::web_run::WebBot;
use crate::web_browser::{axe, browser_sized, loaded, screenshot, wait_until};

const WAIT: Duration = Duration::from_secs(20);

/// A board (a picture) posted to channel `channel` by the bot itself (not an answer).
fn board_in(channel: u64) -> impl Fn(&Recorded) -> bool {
    move |r| r.is("POST", &format!("/api/v10/channels/{channel}/messages")) && !r.files.is_empty()
}

/// Waits until the board shows `ply` (not animating) with `to_move` to move.
async fn at_ply(c: &Client, ply: u32, to_move: &str) {
    wait_until(
        c,
        &format!("the board at ply {ply}, {to_move} to move"),
        &format!(
            "const b = document.getElementById('board');
             return b.dataset.ply === '{ply}' && b.dataset.toMove === '{to_move}' && !b.dataset.animating;"
        ),
    )
    .await;
}

/// The number of elements matching `css` on the page.
async fn count(c: &Client, css: &str) -> u64 {
    c.execute(
        &format!("return document.querySelectorAll('{css}').length;"),
        vec![],
    )
    .await
    .expect("script runs")
    .as_u64()
    .unwrap_or(0)
}

/// Waits until the pits that can move are marked, and returns how many.
async fn movable(c: &Client) -> u64 {
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let n = c
            .execute(
                "return document.querySelectorAll('[data-pit][data-can-move][tabindex=\"0\"][role=button]').length;",
                vec![],
            )
            .await
            .expect("script runs")
            .as_u64()
            .unwrap_or(0);
        if n > 0 {
            return n;
        }
        if std::time::Instant::now() > deadline {
            let state = c
                .execute(
                    "const b = document.getElementById('board'); const p = document.getElementById('play');
                     return [location.href, document.title, b ? JSON.stringify(b.dataset) : 'no board', p ? p.innerText : 'no panel', document.body.innerText.slice(0, 300)];",
                    vec![],
                )
                .await;
            panic!("no pit can move: {state:?}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Clicks the element `css` selects.
async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

/// The text of the element with id `id`.
async fn text_of(c: &Client, id: &str) -> String {
    c.find(Locator::Id(id))
        .await
        .unwrap_or_else(|e| panic!("#{id}: {e}"))
        .text()
        .await
        .unwrap_or_default()
}

/// South's move by clicks: the first pit that can move, then its first move. Returns it.
async fn click_a_move(c: &Client) -> String {
    movable(c).await;
    c.find(Locator::Css("[data-can-move]"))
        .await
        .expect("a pit")
        .click()
        .await
        .expect("click the pit");
    let choice = c
        .wait()
        .for_element(Locator::Css("[data-move]"))
        .await
        .expect("move choices");
    let mv = choice.attr("data-move").await.unwrap().expect("data-move");
    choice.click().await.expect("click the move");
    mv
}

/// North's move by keys only: Tab to the first pit that can move, Enter, then Space on
/// the first move (the focus goes to it). Returns the move.
async fn key_a_move(c: &Client) -> String {
    movable(c).await;
    let mut found = false;
    for _ in 0..80 {
        c.active_element()
            .await
            .expect("focus")
            .send_keys(&Key::Tab)
            .await
            .expect("Tab");
        let on_pit = c
            .execute(
                "return document.activeElement && document.activeElement.hasAttribute('data-can-move');",
                vec![],
            )
            .await
            .expect("script runs");
        if on_pit == serde_json::Value::Bool(true) {
            found = true;
            break;
        }
    }
    assert!(found, "Tab reaches a pit that can move");
    c.active_element()
        .await
        .unwrap()
        .send_keys(&Key::Enter)
        .await
        .unwrap();
    let v = wait_until(
        c,
        "the focus on a move choice",
        "const a = document.activeElement; return a && a.dataset.move ? a.dataset.move : null;",
    )
    .await;
    let mv = v.as_str().expect("a move").to_string();
    screenshot(c, "play-choices-390.png").await;
    c.active_element()
        .await
        .unwrap()
        .send_keys(" ")
        .await
        .unwrap();
    mv
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_offer_decline_race_and_draw_on_their_pages() {
    let Some((_south_driver, south)) = browser_sized(1280, 900).await else {
        return;
    };
    let Some((_north_driver, north)) = browser_sized(390, 844).await else {
        return;
    };
    let fake = FakeDiscord::start().await;
    let bot = WebBot::start(&fake);
    let port = bot.port;
    let result = AssertUnwindSafe(play(&fake, port, &south, &north))
        .catch_unwind()
        .await;
    let log = bot.stop();
    if let Err(e) = result {
        eprintln!("bot log:\n{log}");
        std::panic::resume_unwind(e);
    }
    south.close().await.unwrap();
    north.close().await.unwrap();
}

async fn play(fake: &FakeDiscord, port: u16, south: &Client, north: &Client) {
    let (asha, baraka) = (payloads::asha(), payloads::baraka());
    let answer = |id: u64| {
        let token = token_for(id);
        async move {
            fake.wait_for(move |r| r.uses_token(&token) && r.content().is_some(), WAIT)
                .await
        }
    };
    fake.wait_for(|r| r.is("PUT", "/api/v10/applications/*/commands"), WAIT)
        .await;
    // One game per channel (no thread): the boards go to the channel itself.
    let placement = [Opt::Int("setting", 4), Opt::Str("value", "channel".into())];
    let mut admin = payloads::slash(100, &asha, GUILD, "bao-settings", &placement);
    admin["member"]["permissions"] = serde_json::json!("2248473465835105"); // + Manage Server
    fake.send_interaction(admin);
    let set = answer(100).await;
    assert!(
        set.content().is_some_and(|c| c.contains("channel")),
        "{:?}",
        set.content()
    );
    let opts = [Opt::User("opponent", baraka.clone()), Opt::Int("side", 0)];
    fake.send_interaction(payloads::slash(101, &asha, GUILD, "challenge", &opts));
    answer(101).await;
    fake.send_interaction(payloads::slash(102, &baraka, GUILD, "accept", &[]));
    answer(102).await;
    let here = GUILD;
    let channel_board = board_in(GUILD.channel_id());
    let mut links = Vec::new();
    for (id, who) in [(103, &asha), (104, &baraka)] {
        fake.send_interaction(payloads::slash(id, who, here, "board", &[]));
        let mut found = Vec::new();
        urls(answer(id).await.body(), &mut found);
        let said = answer(id).await;
        assert_eq!(
            found.len(),
            1,
            "one play link for {}: {}",
            who.name,
            said.body()
        );
        links.push(found.remove(0));
    }
    assert!(links[0].contains("#play="), "{}", links[0]);
    assert!(
        links[0].starts_with(&format!("http://127.0.0.1:{port}/g/")),
        "{}",
        links[0]
    );

    south.goto(&links[0]).await.unwrap();
    north.goto(&links[1]).await.unwrap();
    loaded(south).await;
    loaded(north).await;

    // North's page: not its turn, nothing can move; the board seen from North's side.
    wait_until(
        north,
        "North's play panel",
        "return document.getElementById('play-status') && document.getElementById('play-status').textContent.length > 0;",
    )
    .await;
    assert_eq!(count(north, "[data-can-move]").await, 0);
    assert_eq!(
        north
            .find(Locator::Id("board"))
            .await
            .unwrap()
            .attr("data-viewer")
            .await
            .unwrap()
            .as_deref(),
        Some("N")
    );

    // Four plies: South by clicks, North by keys; each board reaches the channel once.
    let mut boards = fake.count(&channel_board);
    for ply in 0..4u32 {
        let (mover, other, to_move) = if ply % 2 == 0 {
            (south, north, "N")
        } else {
            (north, south, "S")
        };
        let mv = if ply % 2 == 0 {
            let mv = click_a_move(mover).await;
            if ply == 0 {
                screenshot(mover, "play-sent-1280.png").await;
            }
            mv
        } else {
            key_a_move(mover).await
        };
        assert!(!mv.is_empty());
        at_ply(mover, ply + 1, to_move).await;
        at_ply(other, ply + 1, to_move).await;
        assert_eq!(
            count(mover, "[data-can-move]").await,
            0,
            "off turn at {ply}"
        );
        boards += 1;
        fake.wait_until(WAIT, || {
            (fake.count(&channel_board) >= boards).then_some(())
        })
        .await
        .unwrap_or_else(|| panic!("the board of ply {}", ply + 1));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        fake.count(&channel_board),
        boards,
        "each board once:\n{}",
        fake.describe_requests()
    );

    // South chooses a pit (the choices and their marks shown), for the screenshots.
    movable(south).await;
    click(south, "[data-can-move]").await;
    south
        .wait()
        .for_element(Locator::Css("[data-move]"))
        .await
        .unwrap();
    assert!(
        count(south, "svg#board g.preview").await == 1,
        "the move drawn"
    );
    screenshot(south, "play-choices-1280.png").await;
    let (violations, unchecked) = axe(south).await;
    assert!(violations.is_empty(), "axe with play on: {violations:?}");
    assert!(unchecked.is_empty(), "contrast with play on: {unchecked:?}");
    click(south, "#play-cancel").await;

    // North offers a draw; South's page shows Accept and Decline; South declines.
    click(north, "#play-draw").await;
    wait_until(
        south,
        "the draw offer on South's page",
        "const b = document.getElementById('play-decline'); return b && !b.hidden;",
    )
    .await;
    screenshot(south, "play-draw-offered-1280.png").await;
    let mark = fake.mark();
    click(south, "#play-decline").await;
    let said = fake
        .wait_for_since(
            mark,
            |r| {
                r.is("POST", "/api/v10/channels/*/messages")
                    && r.content().is_some_and(|c| c.contains("declines the draw"))
            },
            WAIT,
        )
        .await;
    assert!(
        said.content().unwrap_or_default().contains("asha"),
        "{said:?}"
    );
    wait_until(
        north,
        "the offer gone from North's page",
        "const b = document.getElementById('play-draw'); return b && !b.hidden;",
    )
    .await;

    // The race: South's page shows ply 4 and its choices; a move typed with `/bao move` is
    // stored first. The page's reads (not its POST) are held meanwhile, so that it still
    // shows the older ply when the move is chosen, as on a slow network.
    movable(south).await;
    south
        .execute(
            "const real = window.fetch; window.held = []; window.hold = true;
             window.fetch = (u, o) => (window.hold && !(o && o.method === 'POST'))
               ? new Promise((ok) => window.held.push(() => ok(real(u, o)))) : real(u, o);
             return true;",
            vec![],
        )
        .await
        .unwrap();
    click(south, "[data-can-move]").await;
    let choice = south
        .wait()
        .for_element(Locator::Css("[data-move]"))
        .await
        .unwrap();
    let typed = choice.attr("data-move").await.unwrap().unwrap();
    let opts = [Opt::Str("move", typed.clone())];
    fake.send_interaction(payloads::slash(105, &asha, here, "move", &opts));
    answer(105).await;
    // (A typed move's board is the command's answer, not a post of the bot's own.)
    choice.click().await.unwrap();
    let told = wait_until(
        south,
        "the page told of the move typed meanwhile",
        "const t = document.getElementById('play-live').textContent; return /moved on|umesonga/.test(t) ? t : null;",
    )
    .await;
    south
        .execute(
            "window.hold = false; window.held.splice(0).forEach((go) => go()); return true;",
            vec![],
        )
        .await
        .unwrap();
    assert!(told.as_str().unwrap_or_default().contains("asha"), "{told}");
    at_ply(south, 5, "N").await;
    at_ply(north, 5, "N").await;
    assert_eq!(
        fake.count(&channel_board),
        boards,
        "no board for the refused move"
    );

    // Both pages in Swahili: North (on the phone, to move) chooses a pit; the words are
    // Swahili and axe finds nothing.
    let swahili = |link: &str| {
        let (page, token) = link.split_once('#').expect("a fragment");
        let join = if page.contains('?') { '&' } else { '?' };
        format!("{page}{join}lang=sw#{token}")
    };
    north.goto(&swahili(&links[1])).await.unwrap();
    south.goto(&swahili(&links[0])).await.unwrap();
    loaded(north).await;
    loaded(south).await;
    movable(north).await;
    let status = text_of(north, "play-status").await;
    assert!(status.starts_with("Zamu yako"), "{status}");
    click(north, "[data-can-move]").await;
    north
        .wait()
        .for_element(Locator::Css("[data-move]"))
        .await
        .unwrap();
    let label = north
        .find(Locator::Css("[data-can-move]"))
        .await
        .unwrap()
        .attr("aria-label")
        .await
        .unwrap()
        .unwrap_or_default();
    assert!(label.ends_with("linaweza kuanza hatua"), "{label}");
    screenshot(north, "play-choices-390-sw.png").await;
    wait_until(
        south,
        "South's page in Swahili",
        "const s = document.getElementById('play-status'); return s && /mpinzani/.test(s.textContent);",
    )
    .await;
    screenshot(south, "play-their-turn-1280-sw.png").await;
    let (violations, unchecked) = axe(north).await;
    assert!(violations.is_empty(), "axe in Swahili: {violations:?}");
    assert!(unchecked.is_empty(), "contrast in Swahili: {unchecked:?}");
    click(north, "#play-cancel").await;

    // North offers a draw again; South accepts: the game ends, both pages read-only.
    movable(north).await;
    click(north, "#play-draw").await;
    wait_until(
        south,
        "the second offer",
        "const b = document.getElementById('play-accept'); return b && !b.hidden;",
    )
    .await;
    click(south, "#play-accept").await;
    for c in [south, north] {
        wait_until(
            c,
            "the game over on the page",
            "const p = document.getElementById('play'); return p && p.dataset.status === 'finished';",
        )
        .await;
        assert_eq!(count(c, "[data-can-move]").await, 0);
        let status = text_of(c, "play-status").await;
        assert!(status.contains("sare"), "{status}");
    }
    screenshot(north, "play-over-390.png").await;
    let said = text_of(south, "play-live").await;
    assert!(!said.contains("could not"), "{said}");
}

/// `METHOD path` with the play token and a JSON body: the status and the body.
fn http(port: u16, method: &str, path: &str, token: &str, body: &str) -> (u16, String) {
    let token = format!("X-Bao-Play: {token}");
    let headers = [token.as_str(), "Content-Type: application/json"];
    let (status, text) = crate::support::web_run::http(port, method, path, &headers, body);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

/// Every `url` in a JSON value (the link buttons of a message).
fn urls(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x.as_str()) {
                    ("url", Some(u)) => out.push(u.to_string()),
                    _ => urls(x, out),
                }
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| urls(x, out)),
        _ => {}
    }
}

/// `bao-bot run` with the Discord stand-in and `[web]` on: Asha's `/bao board` answers
/// privately with a link button; a move posted with its token is stored, and the game's
/// board (with the AI's answer) reaches the chat through the bot's outbox, exactly once.
#[test]
fn bao_bot_run_plays_a_move_from_the_page_and_the_chat_gets_its_board_once() {
    use crate::support::fake_discord::payloads::{self, token_for};
    use crate::support::fake_discord::FakeDiscord;
    let wait = std::time::Duration::from_secs(20);
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let fake = runtime.block_on(FakeDiscord::start());
    let bot = crate::support::web_run::WebBot::start(&fake);
    let port = bot.port;
    let dm = payloads::Place::Dm { channel_id: 77 };
    let asha = payloads::asha();
    let answer = |id: u64| {
        let token = token_for(id);
        fake.wait_for(move |r| r.uses_token(&token) && r.content().is_some(), wait)
    };
    let board = runtime.block_on(async {
        fake.wait_for(|r| r.is("PUT", "/api/v10/applications/*/commands"), wait)
            .await;
        fake.send_interaction(payloads::slash(901, &asha, dm, "ai", &[]));
        answer(901).await;
        fake.send_interaction(payloads::slash(902, &asha, dm, "board", &[]));
        answer(902).await
    });
    let mut links = Vec::new();
    urls(board.body(), &mut links);
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        assert!(board.is_ephemeral(), "the play link comes privately");
        assert_eq!(links.len(), 1, "{}", board.body());
        let link = &links[0];
        let (page, token) = link.split_once("#play=").expect("a play token");
        assert!(
            page.starts_with(&format!("http://127.0.0.1:{port}/g/1?k=")),
            "{link}"
        );
        let (status, state) = http(port, "GET", "/g/1/play.json", token, "");
        assert_eq!(status, 200, "{state}");
        let state: serde_json::Value = serde_json::from_str(&state).expect("json");
        let text = state["pits"][0]["moves"][0]["move"]
            .as_str()
            .expect("a legal move")
            .to_string();
        let mark = fake.mark();
        let body = serde_json::json!({ "move": text, "ply": 0, "request_id": "e2e-1" });
        let (status, answer) = http(port, "POST", "/g/1/move", token, &body.to_string());
        assert_eq!(status, 200, "{answer}");
        // The same request again: the same answer, nothing more in the chat.
        let (again, repeated) = http(port, "POST", "/g/1/move", token, &body.to_string());
        assert_eq!((again, repeated.as_str()), (200, answer.as_str()));
        // The board after the move says who played what (in words), as for a typed move.
        let said = "asha: ";
        runtime.block_on(fake.wait_for_since(
            mark,
            |r| {
                r.is("POST", "/api/v10/channels/*/messages")
                    && r.content().is_some_and(|c| c.contains(said))
            },
            wait,
        ));
        std::thread::sleep(std::time::Duration::from_millis(500));
        let boards = fake.count(|r| {
            r.is("POST", "/api/v10/channels/*/messages")
                && r.content().is_some_and(|c| c.contains(said))
        });
        assert_eq!(boards, 1, "{}", fake.describe_requests());
    }));
    let log = bot.stop();
    if let Err(e) = result {
        eprintln!("bot log:\n{log}");
        std::panic::resume_unwind(e);
    }
}
