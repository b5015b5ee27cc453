//! How fast the Discord adapter answers, against the loopback stand-in.
//!
//! `cargo bench --bench discord_roundtrip` prints, for a `/bao board` answered with a ~50 KB
//! attachment and a row of buttons: the time from the `INTERACTION_CREATE` being sent to the
//! answer (multipart upload) being received, one interaction at a time (median, p95), and a
//! burst of 100 interactions at once (all answered exactly once, total time).
//! Under `cargo test` it runs a few rounds only, as a smoke test.
//!
//! The handler here answers at once, so the figures are the adapter's own cost (serenity,
//! poise, the multipart upload); the app's time comes on top.

#[path = "../tests/support/mod.rs"]
mod support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use bao_bot::config::{Config, Token};
use bao_bot::discord::bridge::{Attachment, BaoHandler, Button, ButtonStyle, Reply, Request};
use support::fake_discord::payloads::{self, Place, Who};
use support::fake_discord::{FakeDiscord, TOKEN};

/// Answers every command with a board-like reply.
struct Board {
    png: Vec<u8>,
}

impl BaoHandler for Board {
    fn handle(&self, request: Request) -> Vec<Reply> {
        let mut r = Reply::text(format!("<@{}> to move.", request.user.id));
        r.mention = Some(request.user.id);
        r.attachments = vec![Attachment {
            name: "board.png".into(),
            bytes: self.png.clone(),
        }];
        r.buttons = vec![(1..=5)
            .map(|n| Button {
                custom_id: format!("bao:move:1:0:{n}"),
                label: format!("A{n} ←"),
                style: ButtonStyle::Primary,
                disabled: false,
            })
            .collect()];
        vec![r]
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (rounds, burst) = if full { (300, 100) } else { (5, 10) };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async move {
        let fake = FakeDiscord::start().await;
        let config = Config {
            token: Some(Token::new(TOKEN)),
            proxy_url: Some(fake.proxy_url()),
            loopback_only: true,
            ..Config::default()
        };
        let handler = Arc::new(Board {
            png: vec![0x5a; 50_000],
        });
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let bot = tokio::spawn(bao_bot::discord::run(config, handler, async {
            let _ = stopped.await;
        }));
        let wait = Duration::from_secs(10);
        fake.wait_for_ready(wait).await;
        fake.wait_for(|r| r.is("PUT", "/api/v10/applications/*/commands"), wait)
            .await;
        let place = Place::Guild {
            guild_id: 1_300_000_000_000_000_001,
            channel_id: 1_300_000_000_000_000_002,
        };
        let who = Who::new(1_400_000_000_000_000_001, "asha");

        // One at a time.
        let mut times = Vec::with_capacity(rounds);
        for n in 0..rounds as u64 {
            let id = 10_000 + n;
            let mark = fake.mark();
            let sent = Instant::now();
            fake.send_interaction(payloads::slash(id, &who, place, "board", &[]));
            let answer = fake
                .wait_for_since(mark, |r| r.is_callback_for(id), wait)
                .await;
            times.push(sent.elapsed());
            assert_eq!(answer.files.len(), 1);
        }
        times.sort();
        println!(
            "board answer, one at a time ({rounds}): median {:.2} ms, p95 {:.2} ms, max {:.2} ms",
            percentile(&times, 0.5).as_secs_f64() * 1e3,
            percentile(&times, 0.95).as_secs_f64() * 1e3,
            times[times.len() - 1].as_secs_f64() * 1e3,
        );

        // A burst: all at once, each answered exactly once.
        let first = 100_000u64;
        let sent = Instant::now();
        for id in first..first + burst {
            fake.send_interaction(payloads::slash(id, &who, place, "board", &[]));
        }
        let all = fake
            .wait_until(Duration::from_secs(60), || {
                let answered =
                    fake.count(|r| (first..first + burst).any(|id| r.is_callback_for(id)));
                (answered as u64 >= burst).then_some(answered)
            })
            .await
            .expect("not every interaction of the burst was answered");
        let took = sent.elapsed();
        assert_eq!(all as u64, burst, "an interaction was answered twice");
        println!(
            "board answers, burst of {burst}: all answered once in {:.1} ms",
            took.as_secs_f64() * 1e3
        );

        let _ = stop.send(());
        bot.await.expect("bot task").expect("bot");
    });
}
