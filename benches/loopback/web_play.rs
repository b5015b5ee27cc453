//! The time from a tap on the board to the move on the opponent's page (issue 47; target:
//! median at most 300 ms), over loopback.
//!
//! `bao-bot run` (the built binary) against the Discord stand-in with `[web]` on; Asha and
//! Baraka play a game from their play links, each move sent as the page sends it (`POST
//! /g/ID/move` with the `X-Bao-Play` header), while an event stream is open as the
//! opponent's page has it (`GET /g/ID/events`). Each figure is the time from sending the
//! POST to the stream's `progress` event with the new ply; the page then reads the game's
//! data (timed too: `data.json` after the event). Each tap waits a different while after the
//! last event (0 to 300 ms), as a person's would. Prints median, p95 and max.
//!
//! `cargo bench --bench loopback -- web_play` plays 40 plies; under `cargo test` it plays 4 (a smoke
//! test).

use crate::support;

use std::io::{BufRead, BufReader, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use support::fake_discord::payloads::{self, token_for, Opt, GUILD};
use support::fake_discord::FakeDiscord;
use support::web_run::{http, WebBot};

const WAIT: Duration = Duration::from_secs(20);

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

/// The play link in a message's buttons.
fn link_in(v: &serde_json::Value) -> Option<String> {
    match v {
        serde_json::Value::Object(m) => {
            m.iter().find_map(|(k, x)| match (k.as_str(), x.as_str()) {
                ("url", Some(u)) if u.contains("#play=") => Some(u.to_string()),
                _ => link_in(x),
            })
        }
        serde_json::Value::Array(a) => a.iter().find_map(link_in),
        _ => None,
    }
}

/// The body of an HTTP answer.
fn body(answer: &str) -> &str {
    answer.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or("")
}

/// Opens the game's event stream as a page does; each `progress` event's ply arrives on the
/// channel with the instant it was read.
fn follow(port: u16, path: String) -> mpsc::Receiver<(u32, Instant)> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).expect("connect");
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
        )
        .expect("send");
        let mut lines = BufReader::new(s);
        let mut line = String::new();
        while lines.read_line(&mut line).is_ok_and(|n| n > 0) {
            if let Some(rest) = line.trim().strip_prefix("data: ") {
                let v: serde_json::Value = serde_json::from_str(rest).unwrap_or_default();
                if let Some(ply) = v["ply"].as_u64() {
                    if tx.send((ply as u32, Instant::now())).is_err() {
                        return;
                    }
                }
            }
            line.clear();
        }
    });
    rx
}

pub fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let plies = if full { 40 } else { 4 };
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let fake = runtime.block_on(FakeDiscord::start());
    let bot = WebBot::start(&fake);
    let port = bot.port;
    let (asha, baraka) = (payloads::asha(), payloads::baraka());
    let answer = |id: u64| {
        let token = token_for(id);
        runtime
            .block_on(fake.wait_for(move |r| r.uses_token(&token) && r.content().is_some(), WAIT))
    };
    runtime.block_on(fake.wait_for(|r| r.is("PUT", "/api/v10/applications/*/commands"), WAIT));
    // One game per channel (no thread), as the browser test plays it.
    let placement = [Opt::Int("setting", 4), Opt::Str("value", "channel".into())];
    let mut admin = payloads::slash(100, &asha, GUILD, "bao-settings", &placement);
    admin["member"]["permissions"] = serde_json::json!("2248473465835105");
    fake.send_interaction(admin);
    answer(100);
    let opts = [Opt::User("opponent", baraka.clone()), Opt::Int("side", 0)];
    fake.send_interaction(payloads::slash(101, &asha, GUILD, "challenge", &opts));
    answer(101);
    fake.send_interaction(payloads::slash(102, &baraka, GUILD, "accept", &[]));
    answer(102);
    let mut tokens = Vec::new();
    let mut page = String::new();
    for (id, who) in [(103, &asha), (104, &baraka)] {
        fake.send_interaction(payloads::slash(id, who, GUILD, "board", &[]));
        let link = link_in(answer(id).body()).expect("a play link");
        let (at, token) = link.split_once("#play=").expect("a token");
        page = at
            .trim_start_matches(&format!("http://127.0.0.1:{port}"))
            .to_string();
        tokens.push(token.to_string());
    }
    let (path, query) = page
        .split_once('?')
        .map_or((page.as_str(), String::new()), |(p, q)| {
            (p, format!("?{q}"))
        });
    let events = follow(port, format!("{path}/events{query}"));
    let first = events.recv_timeout(WAIT).expect("the stream's first event");
    assert_eq!(first.0, 0);

    let mut to_opponent = Vec::new();
    let mut to_data = Vec::new();
    for ply in 0..plies {
        let token = &tokens[(ply % 2) as usize];
        let header = format!("X-Bao-Play: {token}");
        let headers = [header.as_str(), "Content-Type: application/json"];
        let (status, state) = http(port, "GET", &format!("{path}/play.json"), &headers, "");
        assert_eq!(status, 200, "{state}");
        let state: serde_json::Value = serde_json::from_str(body(&state)).expect("play.json");
        if state["status"] != "active" {
            break;
        }
        let mv = state["pits"][0]["moves"][0]["move"]
            .as_str()
            .expect("a move")
            .to_string();
        let sent =
            serde_json::json!({ "move": mv, "ply": ply, "request_id": format!("bench-{ply}") });
        // A person taps at any moment, not just after the last event (which would fall in
        // step with the live poll's 250 ms): a spread of waits before each tap.
        std::thread::sleep(Duration::from_millis(u64::from(ply * 97 % 300)));
        let tap = Instant::now();
        let (status, answer) = http(
            port,
            "POST",
            &format!("{path}/move"),
            &headers,
            &sent.to_string(),
        );
        assert_eq!(status, 200, "{answer}");
        let seen = loop {
            let (p, at) = events.recv_timeout(WAIT).expect("the move on the stream");
            if p == ply + 1 {
                break at;
            }
        };
        to_opponent.push(seen - tap);
        let (status, _) = http(port, "GET", &format!("{path}/data.json{query}"), &[], "");
        assert_eq!(status, 200);
        to_data.push(seen.elapsed() + (seen - tap));
    }
    let log = bot.stop();
    assert!(!to_opponent.is_empty(), "no move timed; bot log:\n{log}");
    for (what, times) in [
        ("tap to the opponent's page (event)", &mut to_opponent),
        ("tap to the opponent's data read", &mut to_data),
    ] {
        times.sort();
        println!(
            "{what}: {} moves, median {}, p95 {}, max {}{}",
            times.len(),
            ms(percentile(times, 0.5)),
            ms(percentile(times, 0.95)),
            ms(*times.last().unwrap_or(&Duration::ZERO)),
            if what.ends_with("(event)") {
                " (target: median at most 300 ms)"
            } else {
                ""
            }
        );
    }
}
