//! Store benchmark (plain `main`, no harness): fills a temporary database with 10,000 games
//! and 500,000 moves through the store's own API, then prints the median time of recording a
//! move (transaction and commit included) and of looking up "the game in this channel".
//! Targets (issue 4): at most 1 ms and 0.2 ms. `record_move` is measured under both
//! settings of `database_synchronous`: `full` (the default; each commit waits for the disk)
//! and `normal` (the fill uses `normal`, to be quick).
//!
//! Run: `cargo bench --bench store`. Under `cargo test` it runs a tiny version as a smoke
//! test.

use std::time::{Duration, Instant};

use bao_bot::rules::{Position, Variant};
use bao_bot::store::*;

/// xorshift64*: a small deterministic generator, enough to pick moves and channels.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A legal move of `game` that does not end it when there is one: (text, position after,
/// player).
fn pick_move(game: &Game, rng: &mut Rng) -> (String, String, Player) {
    let pos: Position = game.position.parse().expect("stored position");
    let moves = pos.legal_moves();
    let first = rng.below(moves.len());
    let mut chosen = None;
    for k in 0..moves.len() {
        let mv = moves[(first + k) % moves.len()];
        let (next, _) = pos.play(&mv).expect("legal move");
        chosen = Some((mv, next));
        if !next.is_over() {
            break;
        }
    }
    let (mv, next) = chosen.expect("a position with legal moves");
    let by = game.player(pos.turn()).expect("sides").clone();
    (mv.to_string(), next.to_string(), by)
}

fn play(store: &Store, game: &Game, rng: &mut Rng, now: i64) -> (Game, Duration) {
    let (text, after, by) = pick_move(game, rng);
    let pos: Position = after.parse().expect("position");
    let end = pos.winner().map(|w| GameEnd {
        winner: Some(w),
        reason: ResultReason::from_rules(pos.end_reason().expect("reason")),
    });
    let mv = NewMove {
        text: &text,
        by: &by,
        position_after: &after,
        now,
        deadline: Some(now + 86_400),
        end,
    };
    let t = Instant::now();
    let g = store
        .record_move(game.id, game.ply, &mv)
        .expect("record move");
    (g, t.elapsed())
}

fn place(channel: u64) -> Place {
    Place::Channel {
        guild: 1_000_000_000_000_000_000,
        channel: 1_100_000_000_000_000_000 + channel,
    }
}

fn median(mut samples: Vec<Duration>) -> (Duration, Duration) {
    samples.sort();
    (samples[samples.len() / 2], samples[samples.len() * 9 / 10])
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (games, moves_per_game, channels, samples) = if full {
        (10_000u64, 50u32, 2_000u64, 5_000usize)
    } else {
        (20, 10, 5, 50)
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bench.db");
    let store = Store::open_with(&path, Synchronous::Normal).expect("open");
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut now = 1_800_000_000i64;
    let start_text = Position::start(Variant::Kiswahili).to_string();

    let fill = Instant::now();
    let mut active = Vec::new();
    let mut played = 0u64;
    for i in 0..games {
        let channel = i % channels;
        now += 1;
        let mut g = store
            .start_game(&NewGame {
                place: place(channel),
                variant: Variant::Kiswahili,
                start_position: start_text.clone(),
                south: Player::Human(UserId(2 * i + 1)),
                north: Player::Human(UserId(2 * i + 2)),
                time_per_move: Some(86_400),
                now,
                deadline: Some(now + 86_400),
            })
            .expect("start game");
        // Games that end early leave their moves to the next ones: the total is exact.
        while played < (i + 1) * u64::from(moves_per_game) {
            now += 1;
            g = play(&store, &g, &mut rng, now).0;
            played += 1;
            if g.status != GameStatus::Active {
                break;
            }
        }
        if i < games - channels && g.status == GameStatus::Active {
            let end = GameEnd {
                winner: Some(bao_bot::rules::Side::North),
                reason: ResultReason::Resignation,
            };
            store.finish_game(g.id, g.ply, end, now).expect("finish");
        } else if g.status == GameStatus::Active {
            active.push(g);
        }
        if full && (i + 1) % 1000 == 0 {
            eprintln!("filled {} games", i + 1);
        }
    }
    let (n_games, n_moves) = store.counts().expect("counts");
    println!(
        "filled {n_games} games, {n_moves} moves in {:.1} s ({} active)",
        fill.elapsed().as_secs_f64(),
        active.len()
    );
    drop(store);

    let t = Instant::now();
    let store = Store::open(&path).expect("reopen");
    println!(
        "open (migration check; quick_check only after an unclean shutdown): {:.1} ms ({} KiB file)",
        t.elapsed().as_secs_f64() * 1000.0,
        std::fs::metadata(&path)
            .map(|m| m.len() / 1024)
            .unwrap_or(0)
    );

    for sync in [Synchronous::Full, Synchronous::Normal] {
        let store = Store::open_with(&path, sync).expect("reopen");
        let mut record = Vec::with_capacity(samples);
        for _ in 0..samples {
            let k = rng.below(active.len());
            now += 1;
            let (g, took) = play(&store, &active[k], &mut rng, now);
            record.push(took);
            if g.status == GameStatus::Active {
                active[k] = g;
            } else {
                active.swap_remove(k);
            }
        }
        let (med, p90) = median(record);
        println!(
            "record_move (one transaction, commit included), synchronous={}: median {:.3} ms, \
             p90 {:.3} ms (target 1 ms)",
            sync.as_str(),
            med.as_secs_f64() * 1000.0,
            p90.as_secs_f64() * 1000.0
        );
    }

    let mut lookup = Vec::with_capacity(samples * 4);
    let mut found = 0;
    for _ in 0..samples * 4 {
        let channel = rng.below(channels as usize) as u64;
        let t = Instant::now();
        let g = store.game_in(&place(channel)).expect("lookup");
        lookup.push(t.elapsed());
        found += usize::from(g.is_some());
    }
    let (med, p90) = median(lookup);
    println!(
        "game_in (the game in this channel): median {:.3} ms, p90 {:.3} ms ({found} of {} \
         found; target 0.2 ms)",
        med.as_secs_f64() * 1000.0,
        p90.as_secs_f64() * 1000.0,
        samples * 4
    );

    let mut mine = Vec::with_capacity(samples);
    for _ in 0..samples {
        let user = UserId(rng.below(2 * games as usize) as u64 + 1);
        let t = Instant::now();
        store
            .games_of(user, GameFilter::Ongoing, 25)
            .expect("games_of");
        mine.push(t.elapsed());
    }
    let (med, p90) = median(mine);
    println!(
        "games_of (my ongoing games): median {:.3} ms, p90 {:.3} ms",
        med.as_secs_f64() * 1000.0,
        p90.as_secs_f64() * 1000.0
    );

    let t = Instant::now();
    let problems = store.check_replays().expect("check");
    println!(
        "check_replays (db check) over all games: {:.1} s, {} problems",
        t.elapsed().as_secs_f64(),
        problems.len()
    );
    assert!(problems.is_empty(), "{problems:?}");
}
