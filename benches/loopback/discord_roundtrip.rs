//! How fast the whole bot answers a move, against the loopback stand-in for Discord.
//!
//! `cargo bench --bench loopback -- discord_roundtrip` runs the real serenity client, the real app and an
//! in-memory store, and prints:
//! - `/bao move` one at a time: the time from the `INTERACTION_CREATE` being sent to the
//!   answer with the move's animated GIF (whose last frame is the board) being uploaded
//!   (median, p95, max);
//! - 100 games moving at once, several rounds: every interaction answered exactly once, and
//!   every game's ply afterwards equal to the moves sent (no move lost or applied twice).
//!
//! Under `cargo test` it runs a few rounds only, as a smoke test.

use crate::support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use bao_bot::app::{App, Settings, SystemClock, User};
use bao_bot::config::{Config, Token};
use bao_bot::rules::Position;
use bao_bot::store::{Place as StorePlace, Store};
use support::fake_discord::payloads::{self, Opt, Place, Who};
use support::fake_discord::{FakeDiscord, TOKEN};

const GUILD: u64 = 1_300_000_000_000_000_001;
const ASHA: u64 = 1_400_000_000_000_000_001;
const BARAKA: u64 = 1_400_000_000_000_000_002;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

/// Starts a game between Asha (South) and Baraka in `channel`, straight through the app.
fn new_game(app: &App, channel: u64) {
    let place = StorePlace::Channel {
        guild: GUILD,
        channel,
    };
    let (asha, baraka) = (User::new(ASHA, "asha"), User::new(BARAKA, "baraka"));
    support::games::start_game(app, &place, &asha, &baraka);
}

/// Who moves next in `channel`'s game and a legal move for them, or `None` when it is over.
fn next_move(store: &Store, channel: u64) -> Option<(Who, String, u32)> {
    let game = store
        .game_in(&StorePlace::Channel {
            guild: GUILD,
            channel,
        })
        .ok()??;
    let pos: Position = game.position.parse().ok()?;
    let mover = game.player(pos.turn())?.user()?.0;
    let name = if mover == ASHA { "asha" } else { "baraka" };
    let mv = pos.legal_moves().first()?.to_string();
    Some((Who::new(mover, name), mv, game.ply))
}

pub fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (moves, games, rounds) = if full { (300, 100, 5) } else { (6, 10, 2) };
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
        let store = Arc::new(Store::open_in_memory().expect("store"));
        let app = Arc::new(App::new(
            store.clone(),
            Arc::new(SystemClock),
            Settings::default(),
        ));
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let bot = tokio::spawn(bao_bot::discord::run(config, app.clone(), async {
            let _ = stopped.await;
        }));
        let wait = Duration::from_secs(20);
        fake.wait_for_ready(wait).await;
        fake.wait_for(|r| r.is("PUT", "/api/v10/applications/*/commands"), wait)
            .await;

        // One move at a time, games replaced as they end.
        let mut channel = 2_000u64;
        new_game(&app, channel);
        let mut times = Vec::with_capacity(moves);
        for n in 0..moves as u64 {
            let (who, mv, _) = match next_move(&store, channel) {
                Some(next) => next,
                None => {
                    channel += 1;
                    new_game(&app, channel);
                    next_move(&store, channel).expect("a new game has a move")
                }
            };
            let id = 10_000 + n;
            let place = Place::Guild {
                guild_id: GUILD,
                channel_id: channel,
            };
            let mark = fake.mark();
            let sent = Instant::now();
            fake.send_interaction(payloads::slash(id, &who, place, "move", &[Opt::Str("move", mv)]));
            let answer = fake
                .wait_for_since(mark, |r| r.is_callback_for(id), wait)
                .await;
            times.push(sent.elapsed());
            assert!(
                answer.files.iter().any(|f| f.filename.ends_with(".gif")),
                "no move animation in the answer to move {n}"
            );
        }
        times.sort();
        println!(
            "/bao move answered with its animation GIF, one at a time ({moves} moves): median {:.2} ms, p95 {:.2} ms, max {:.2} ms",
            percentile(&times, 0.5).as_secs_f64() * 1e3,
            percentile(&times, 0.95).as_secs_f64() * 1e3,
            times[times.len() - 1].as_secs_f64() * 1e3,
        );

        // Many games at once: each round, one move in every game, all sent together.
        let first_channel = 50_000u64;
        for g in 0..games {
            new_game(&app, first_channel + g);
        }
        let mut sent_moves = vec![0u32; games as usize];
        let mut next_id = 1_000_000u64;
        let began = Instant::now();
        for _ in 0..rounds {
            let ids: Vec<u64> = (0..games)
                .filter_map(|g| {
                    let channel = first_channel + g;
                    let (who, mv, _) = next_move(&store, channel)?;
                    let id = next_id;
                    next_id += 1;
                    sent_moves[g as usize] += 1;
                    let place = Place::Guild {
                        guild_id: GUILD,
                        channel_id: channel,
                    };
                    fake.send_interaction(payloads::slash(id, &who, place, "move", &[Opt::Str("move", mv)]));
                    Some(id)
                })
                .collect();
            let (lo, hi) = (ids[0], ids[ids.len() - 1]);
            let answered = fake
                .wait_until(Duration::from_secs(120), || {
                    let n = fake.count(|r| {
                        r.path.starts_with("/api/v10/interactions/")
                            && r.path.ends_with("/callback")
                            && r.path
                                .split('/')
                                .nth(4)
                                .and_then(|i| i.parse::<u64>().ok())
                                .is_some_and(|i| (lo..=hi).contains(&i))
                    });
                    (n >= ids.len()).then_some(n)
                })
                .await
                .expect("not every move of the round was answered");
            assert_eq!(answered, ids.len(), "a move was answered twice");
            // A slow move is deferred first (its callback comes before the move is stored):
            // the next round reads the board from the store, so wait for every move of this
            // round to be stored.
            let stored = fake
                .wait_until(Duration::from_secs(120), || {
                    (0..games)
                        .all(|g| {
                            store
                                .games_in(
                                    &StorePlace::Channel {
                                        guild: GUILD,
                                        channel: first_channel + g,
                                    },
                                    1,
                                )
                                .ok()
                                .and_then(|mut v| v.pop())
                                .is_some_and(|game| game.ply >= sent_moves[g as usize])
                        })
                        .then_some(())
                })
                .await;
            assert!(stored.is_some(), "a move of the round was never stored");
        }
        let took = began.elapsed();
        for g in 0..games {
            let game = store
                .games_in(
                    &StorePlace::Channel {
                        guild: GUILD,
                        channel: first_channel + g,
                    },
                    1,
                )
                .expect("store")
                .remove(0);
            assert_eq!(
                game.ply, sent_moves[g as usize],
                "game {} lost or repeated a move",
                game.id
            );
        }
        let total: u32 = sent_moves.iter().sum();
        println!(
            "{games} games moving at once, {rounds} rounds: {total} moves, all answered once and stored once, in {:.0} ms",
            took.as_secs_f64() * 1e3
        );

        let _ = stop.send(());
        bot.await.expect("bot task").expect("bot");
    });
}
