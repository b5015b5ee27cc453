//! The bot under load: many games moving at once, with animations on, against the loopback
//! stand-in for Discord.
//!
//! `cargo bench --bench loopback -- load` starts the real `bao-bot run` as a child process (its own
//! memory, as a server admin runs it) over a database of N games, sends one `/bao move` in
//! every game at once, for a few rounds, and prints for N = 50, 200 and 500:
//! - the first answer to each interaction (callback or deferral): median, p95, max;
//! - the time until every move's board (PNG or GIF) is posted;
//! - how many answers came without their animation (the overload path);
//! - the process's peak resident memory (`VmHWM`) and its threads at the end.
//!
//! `-- --games 50,200` picks the sizes; `-- --rounds R` the rounds; `-- --render
//! 'queue_limit = 500'` sets the child's `[render]` config; `-- --bot PATH` runs another
//! build of the bot instead (an older one, for before/after figures). Under `cargo test` it
//! runs 4 games for one round, as a smoke test.
//!
//! `-- --flood N` measures fair drawing instead (issue 51): the time from a `/bao move` to
//! its board posted, alone, while one user sends N `/bao-replay` of a finished game of
//! `--plies P` plies (320 by default), and while N users send one each (each a different
//! picture, so none comes from the cache); with the replays posted and refused.

use crate::support;

use std::collections::HashMap;
use std::path::Path;
use std::process::{Child, Command as Process, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bao_bot::app::{App, Command, Settings, SystemClock, User};
use bao_bot::rules::Position;
use bao_bot::store::{Place as StorePlace, Store};
use support::fake_discord::payloads::{self, Opt, Place, Who};
use support::fake_discord::{FakeDiscord, TOKEN};

const GUILD: u64 = 1_300_000_000_000_000_001;
const ASHA: u64 = 1_400_000_000_000_000_001;
const BARAKA: u64 = 1_400_000_000_000_000_002;
const FIRST_CHANNEL: u64 = 50_000;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// A database of `games` games between Asha (South) and Baraka, one per channel.
fn games_db(path: &Path, games: u64) {
    let store = Arc::new(Store::open(path).expect("store"));
    let app = App::new(store, Arc::new(SystemClock), Settings::default());
    let (asha, baraka) = (User::new(ASHA, "asha"), User::new(BARAKA, "baraka"));
    for g in 0..games {
        let place = StorePlace::Channel {
            guild: GUILD,
            channel: FIRST_CHANNEL + g,
        };
        support::games::start_game(&app, &place, &asha, &baraka);
    }
}

/// A database with a running game (Asha South) in the first channel and a finished game of
/// about `plies` plies in the second; returns the finished game's id and plies.
fn flood_db(path: &Path, plies: usize) -> (i64, u32) {
    let store = Arc::new(Store::open(path).expect("store"));
    let settings = Settings {
        animation: false,
        ..Settings::default()
    };
    let app = App::new(store.clone(), Arc::new(SystemClock), settings);
    let (asha, baraka) = (User::new(ASHA, "asha"), User::new(BARAKA, "baraka"));
    let place = |k: u64| StorePlace::Channel {
        guild: GUILD,
        channel: FIRST_CHANNEL + k,
    };
    support::games::start_game(&app, &place(0), &asha, &baraka);
    let studied = place(1);
    support::games::start_game(&app, &studied, &asha, &baraka);
    let start = Position::start(bao_bot::rules::Variant::Kiswahili);
    for text in support::web::long_line(&start, plies) {
        let game = store.game_in(&studied).expect("store").expect("game");
        let pos: Position = game.position.parse().expect("position");
        let who = match pos.turn() {
            bao_bot::rules::Side::South => &asha,
            bao_bot::rules::Side::North => &baraka,
        };
        app.handle(who, &studied, Command::Move { text, game: None })
            .expect("move");
    }
    let game = store.game_in(&studied).expect("store").expect("game");
    app.handle(&baraka, &studied, Command::Resign)
        .expect("resign");
    (game.id.0, game.ply)
}

/// The requests since `mark` answering interaction `id` with a message: (when, ephemeral,
/// with a picture).
fn answers(fake: &FakeDiscord, mark: usize, id: u64) -> Vec<(Instant, bool, bool)> {
    let token = payloads::token_for(id);
    let mut out = Vec::new();
    fake.scan(mark, |r| {
        if r.uses_token(&token) && r.content().is_some() {
            let picture = r.has_png() || r.files.iter().any(|f| f.filename.ends_with(".gif"));
            out.push((r.at, r.is_ephemeral(), picture));
        }
    });
    out
}

/// One way of flooding: its name, and whether one user sends every replay.
const FLOODS: [(&str, Option<bool>); 3] = [
    ("alone", None),
    ("one user sends the replays", Some(true)),
    ("each replay from another user", Some(false)),
];

/// The move's board delay alone and under each flood of `floods` replays of `studied`.
async fn flood(
    fake: &FakeDiscord,
    (studied, plies): (i64, u32),
    floods: usize,
    rounds: u32,
    next_id: &mut u64,
) {
    let mut pos = Position::start(bao_bot::rules::Variant::Kiswahili);
    let mut picture = 0u32;
    for (name, one_user) in FLOODS {
        let mut delays = Vec::new();
        let (mut posted, mut refused) = (0, 0);
        for _ in 0..rounds {
            let mark = fake.mark();
            let mut sent = Vec::new();
            if let Some(one_user) = one_user {
                for k in 0..floods as u64 {
                    let who = if one_user {
                        Who::new(ASHA + 100, "flood")
                    } else {
                        Who::new(ASHA + 100 + k, "flood")
                    };
                    // One picture per round for one user; one per replay for many.
                    if !one_user || k == 0 {
                        picture += 1;
                    }
                    let id = *next_id;
                    *next_id += 1;
                    fake.send_interaction(payloads::slash(
                        id,
                        &who,
                        Place::Guild {
                            guild_id: GUILD,
                            channel_id: FIRST_CHANNEL + 1,
                        },
                        "bao-replay",
                        &[
                            Opt::Str("game", studied.to_string()),
                            Opt::Int("from", i64::from(picture % plies.max(1))),
                        ],
                    ));
                    sent.push(id);
                }
                // The replays are in hand before the move comes.
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            let Some(mv) = pos.legal_moves().first().cloned() else {
                break;
            };
            let (who, name) = match pos.turn() {
                bao_bot::rules::Side::South => (ASHA, "asha"),
                bao_bot::rules::Side::North => (BARAKA, "baraka"),
            };
            pos = pos.play(&mv).expect("a legal move").0;
            let id = *next_id;
            *next_id += 1;
            let at = Instant::now();
            fake.send_interaction(payloads::slash(
                id,
                &Who::new(who, name),
                Place::Guild {
                    guild_id: GUILD,
                    channel_id: FIRST_CHANNEL,
                },
                "move",
                &[Opt::Str("move", mv.to_string())],
            ));
            let wait = Duration::from_secs(300);
            let board = fake
                .wait_until(wait, || {
                    answers(fake, mark, id)
                        .into_iter()
                        .find(|(_, _, picture)| *picture)
                        .map(|(when, _, _)| when)
                })
                .await
                .expect("the move's board");
            delays.push(board.duration_since(at));
            // Every replay answered before the next round.
            let done = fake
                .wait_until(wait, || {
                    let all: Vec<_> = sent
                        .iter()
                        .filter_map(|&r| answers(fake, mark, r).into_iter().next())
                        .collect();
                    (all.len() == sent.len()).then_some(all)
                })
                .await
                .expect("every replay answered");
            posted += done.iter().filter(|(_, private, _)| !private).count();
            refused += done.iter().filter(|(_, private, _)| *private).count();
        }
        delays.sort();
        println!(
            "a move's board {name}: median {:.0} ms, max {:.0} ms over {} moves; replays posted {posted}, refused {refused} (target 500 ms)",
            ms(percentile(&delays, 0.5)),
            ms(delays[delays.len() - 1]),
            delays.len()
        );
    }
}

/// A field of `/proc/PID/status` in kB (`VmHWM`, `VmRSS`) or as a count (`Threads`).
fn proc_status(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The bot as its own process, talking only to the stand-in.
fn start_bot(fake: &FakeDiscord, db: &Path, dir: &Path, render: &str, bot: &str) -> Child {
    let config = dir.join("bao-bot.toml");
    // Nothing but what was asked: an older build knows no `[render]` section.
    let text = if render.is_empty() {
        String::new()
    } else {
        format!("[render]\n{render}\n")
    };
    std::fs::write(&config, text).expect("config");
    Process::new(bot)
        .arg("run")
        .arg("--config")
        .arg(&config)
        .current_dir(dir)
        .env("DISCORD_TOKEN", TOKEN)
        .env("BAO_PROXY_URL", fake.proxy_url())
        .env("BAO_TEST_LOOPBACK_ONLY", "1")
        .env("BAO_DATABASE", db)
        .env("BAO_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start bao-bot run")
}

/// One size's figures.
struct Figures {
    first: Vec<Duration>,
    all_posted: Vec<Duration>,
    stills: usize,
    moves: usize,
}

/// Sends one move in each of `games` games, `rounds` times, and measures the answers.
async fn load(fake: &FakeDiscord, games: u64, rounds: u32, next_id: &mut u64) -> Figures {
    let mut positions: Vec<Position> = (0..games)
        .map(|_| Position::start(bao_bot::rules::Variant::Kiswahili))
        .collect();
    let mut figures = Figures {
        first: Vec::new(),
        all_posted: Vec::new(),
        stills: 0,
        moves: 0,
    };
    let wait = Duration::from_secs(300);
    for _ in 0..rounds {
        let mark = fake.mark();
        let mut sent: HashMap<u64, Instant> = HashMap::new();
        let began = Instant::now();
        for (g, pos) in positions.iter_mut().enumerate() {
            let Some(mv) = pos.legal_moves().first().cloned() else {
                continue;
            };
            let (who, name) = match pos.turn() {
                bao_bot::rules::Side::South => (ASHA, "asha"),
                bao_bot::rules::Side::North => (BARAKA, "baraka"),
            };
            let place = Place::Guild {
                guild_id: GUILD,
                channel_id: FIRST_CHANNEL + g as u64,
            };
            let id = *next_id;
            *next_id += 1;
            let text = mv.to_string();
            *pos = pos.play(&mv).expect("a legal move").0;
            sent.insert(id, Instant::now());
            fake.send_interaction(payloads::slash(
                id,
                &Who::new(who, name),
                place,
                "move",
                &[Opt::Str("move", text)],
            ));
        }
        figures.moves += sent.len();
        // Every interaction's first answer, and the request that posts its board.
        let tokens: HashMap<String, u64> = sent
            .keys()
            .map(|&id| (payloads::token_for(id), id))
            .collect();
        let done = fake
            .wait_until(wait, || {
                let mut first: HashMap<u64, Instant> = HashMap::new();
                let mut board: HashMap<u64, (Instant, bool)> = HashMap::new();
                fake.scan(mark, |r| {
                    let Some(&id) = r.path.split('/').find_map(|s| tokens.get(s)) else {
                        return;
                    };
                    first.entry(id).or_insert(r.at);
                    let gif = r.files.iter().any(|f| f.filename.ends_with(".gif"));
                    if gif || r.has_png() {
                        board.entry(id).or_insert((r.at, gif));
                    }
                });
                (first.len() == sent.len() && board.len() == sent.len()).then_some((first, board))
            })
            .await;
        let Some((first, board)) = done else {
            panic!("not every move of the round was answered with its board within {wait:?}");
        };
        for (id, at) in &first {
            figures.first.push(at.duration_since(sent[id]));
        }
        let last = board.values().map(|(at, _)| *at).max().unwrap_or(began);
        figures.all_posted.push(last.duration_since(began));
        figures.stills += board.values().filter(|(_, gif)| !gif).count();
    }
    figures
}

pub fn main() {
    let args: Vec<String> = std::env::args().collect();
    let full = args.iter().any(|a| a == "--bench");
    let after = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
    };
    let sizes: Vec<u64> = match after("--games") {
        Some(list) => list.split(',').filter_map(|n| n.parse().ok()).collect(),
        None if full => vec![50, 200, 500],
        None => vec![4],
    };
    // `--render 'queue_limit = 500'`: lines of the child's `[render]` config section.
    let render = after("--render").cloned().unwrap_or_default();
    // `--bot PATH`: another build of the bot (an older one, for before/after figures).
    let program = after("--bot")
        .cloned()
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_bao-bot").to_string());
    let rounds: u32 = after("--rounds")
        .and_then(|r| r.parse().ok())
        .unwrap_or(if full { 3 } else { 1 });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    if let Some(floods) = after("--flood").and_then(|n| n.parse::<usize>().ok()) {
        let plies = after("--plies")
            .and_then(|p| p.parse().ok())
            .unwrap_or(if full { 320 } else { 40 });
        runtime.block_on(async move {
            let dir = tempfile::tempdir().expect("temp dir");
            let db = dir.path().join("flood.db");
            let studied = flood_db(&db, plies);
            let fake = FakeDiscord::start().await;
            let mut bot = start_bot(&fake, &db, dir.path(), &render, &program);
            let wait = Duration::from_secs(60);
            fake.wait_for_ready(wait).await;
            fake.wait_for(|r| r.is("PUT", "/api/v10/applications/*/commands"), wait)
                .await;
            println!(
                "fair drawing: {floods} replays of a {}-ply game per round, {rounds} round(s)",
                studied.1
            );
            let mut next_id = 2_000_000u64;
            flood(&fake, studied, floods, rounds, &mut next_id).await;
            let _ = bot.kill();
            let _ = bot.wait();
        });
        return;
    }
    runtime.block_on(async move {
        let mut next_id = 1_000_000u64;
        for games in sizes {
            let dir = tempfile::tempdir().expect("temp dir");
            let db = dir.path().join("load.db");
            games_db(&db, games);
            let fake = FakeDiscord::start().await;
            let mut bot = start_bot(&fake, &db, dir.path(), &render, &program);
            let pid = bot.id();
            let wait = Duration::from_secs(60);
            fake.wait_for_ready(wait).await;
            fake.wait_for(|r| r.is("PUT", "/api/v10/applications/*/commands"), wait)
                .await;
            let idle = proc_status(pid, "VmRSS").unwrap_or(0);
            let mut f = load(&fake, games, rounds, &mut next_id).await;
            let peak = proc_status(pid, "VmHWM").unwrap_or(0);
            let threads = proc_status(pid, "Threads").unwrap_or(0);
            let _ = bot.kill();
            let _ = bot.wait();
            f.first.sort();
            f.all_posted.sort();
            println!(
                "{games} games moving at once, {rounds} round(s), {} moves: first answer median {:.0} ms, p95 {:.0} ms, max {:.0} ms; every board posted in {:.0} ms (slowest round); {} without animation; peak RSS {:.0} MB (idle {:.0} MB), {threads} threads",
                f.moves,
                ms(percentile(&f.first, 0.5)),
                ms(percentile(&f.first, 0.95)),
                ms(f.first[f.first.len() - 1]),
                ms(f.all_posted[f.all_posted.len() - 1]),
                f.stills,
                peak as f64 / 1024.0,
                idle as f64 / 1024.0,
            );
            if !full {
                assert!(f.first.len() == f.moves, "every move answered");
            }
        }
    });
}
