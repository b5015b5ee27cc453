//! Animation benchmark: one move's animated GIF (frames drawn and encoded) over a corpus of
//! moves from self-play games of both variants, and a 100-ply game GIF at one frame per ply.
//!
//! `cargo bench --bench anim` (release) plays self-play games with the AI at a small node
//! budget and fixed seeds (Kiswahili and Kujifunza, noise so the games differ) until the
//! corpus holds at least 1,000 moves, then times `move_gif` on every move and prints the
//! median, p99 and largest time and the median and largest size, what the corpus holds
//! (captures with relays, takasia stops, nyumba use...), and the 100-ply game GIF's time and
//! size, the bytes a player downloads per move (one attachment: the GIF, or the PNG with
//! animations off) against the 120 KB target, and a 320-ply game GIF (bad input: a game far
//! longer than real ones) against Discord's 10 MiB. `BAO_BENCH_WRITE_LONG=FILE` writes that
//! 320-ply record, to measure `bao-bot replay FILE --gif` with `/usr/bin/time -v`. Under
//! `cargo test --all-targets` it runs one short game as a smoke test.

use std::time::{Duration, Instant};

use bao_bot::ai::matchplay::novice_move;
use bao_bot::ai::{choose_move, SearchLimits};
use bao_bot::render::{board_png, game_gif, move_gif, GameGifOptions, GameRecord, RenderOptions};
use bao_bot::rules::{LiftReason, Move, Position, Step, Trace, Variant};

const EXTRAS: [(&str, &str); 5] = [
    ("variant=kiswahili turn=N hand=0,0 house=- takasia=a4 A=0,0,0,3,0,0,0,3 B=2,2,2,2,2,2,2,5 a=0,0,0,2,0,2,0,3 b=4,4,4,4,4,4,4,4", "a6 left"),
    ("variant=kiswahili turn=N hand=16,17 house=S,N takasia=- A=0,0,3,0,8,0,5,1 B=0,0,0,0,0,0,0,1 a=0,1,0,1,11,0,0,0 b=0,0,0,0,0,0,0,0", "a2 left capture stop"),
    ("variant=kiswahili turn=N hand=16,17 house=S,N takasia=- A=0,0,3,0,8,0,5,1 B=0,0,0,0,0,0,0,1 a=0,1,0,1,11,0,0,0 b=0,0,0,0,0,0,0,0", "a2 left capture use"),
    ("variant=kiswahili turn=S hand=10,10 house=- takasia=- A=0,0,0,2,0,0,0,0 B=5,5,5,5,0,0,0,0 a=0,0,0,0,3,0,0,0 b=4,4,4,4,3,0,0,0", "A4 left capture"),
    ("variant=kiswahili turn=S hand=0,0 house=- takasia=- A=1,7,1,9,7,0,3,0 B=4,1,4,1,2,3,0,1 a=4,1,1,1,0,0,0,0 b=3,0,0,1,2,1,5,1", "A4 right takata"),
];

/// One move of the corpus: where it was played and what it did.
struct Sample {
    before: Position,
    mv: Move,
    trace: Trace,
    ply: u32,
}

/// A self-play game from `variant`'s start: the AI at `nodes` per move with noise seeded by
/// `seed`, at most `max_plies` plies.
fn self_play(variant: Variant, seed: u64, nodes: u64, max_plies: u32) -> Vec<Sample> {
    play_out(variant, seed, max_plies, |pos, seed| {
        let limits = SearchLimits {
            nodes: Some(nodes),
            seed,
            noise: 60,
            ..SearchLimits::default()
        };
        choose_move(pos, &limits).map(|choice| choice.mv)
    })
}

/// A game of the novice player model against itself from `variant`'s start.
fn novice_game(variant: Variant, seed: u64, max_plies: u32) -> Vec<Sample> {
    play_out(variant, seed, max_plies, novice_move)
}

/// A game from `variant`'s start, each move chosen by `choose` (given a seed per ply), at
/// most `max_plies` plies.
fn play_out(
    variant: Variant,
    seed: u64,
    max_plies: u32,
    choose: impl Fn(&Position, u64) -> Option<Move>,
) -> Vec<Sample> {
    let mut pos = Position::start(variant);
    let mut out = Vec::new();
    for ply in 0..max_plies {
        let Some(mv) = choose(&pos, seed.wrapping_mul(1000).wrapping_add(ply as u64)) else {
            break;
        };
        let (next, trace) = pos.play(&mv).expect("players play legal moves");
        out.push(Sample {
            before: pos,
            mv,
            trace,
            ply: ply + 1,
        });
        pos = next;
        if pos.is_over() {
            break;
        }
    }
    out
}

/// Time this thread has spent on a CPU (Linux `schedstat`), so that figures stay meaningful on
/// a machine shared with other work; `None` where it cannot be read.
fn cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

fn main() {
    let bench = std::env::args().any(|a| a == "--bench");
    // `BAO_BENCH_GAME_ONLY=1`: only the game GIF (for profiling it).
    let game_only = std::env::var_os("BAO_BENCH_GAME_ONLY").is_some();
    let (target, nodes) = if bench && !game_only {
        (1000, 400)
    } else {
        (1, 100)
    };
    let started = Instant::now();
    let mut corpus: Vec<Sample> = Vec::new();
    let mut games: Vec<Vec<Sample>> = Vec::new();
    let mut seed = 1u64;
    while corpus.len() < target {
        let variant = if seed % 3 == 0 {
            Variant::Kujifunza
        } else {
            Variant::Kiswahili
        };
        let game = self_play(variant, seed, nodes, if bench { 400 } else { 6 });
        seed += 1;
        corpus.extend(game.iter().map(|s| Sample {
            before: s.before,
            mv: s.mv,
            trace: s.trace.clone(),
            ply: s.ply,
        }));
        games.push(game);
    }
    // Moves self-play rarely reaches, from docs/rules.md's examples: a takasia stop, a nyumba stop
    // and use, a win mid-move, a never-ending move (513 sowing runs).
    for (before, mv) in EXTRAS {
        let before: Position = before.parse().expect("extra position parses");
        let (mv, _, trace) = before.play_text(mv).expect("extra move is legal");
        corpus.push(Sample {
            before,
            mv,
            trace,
            ply: 60,
        });
    }
    let count = |f: &dyn Fn(&Trace) -> bool| corpus.iter().filter(|s| f(&s.trace)).count();
    let relayed_capture = count(&|t| {
        t.captures().count() > 0
            && t.steps.iter().any(|s| {
                matches!(
                    s,
                    Step::Lift {
                        reason: LiftReason::Relay,
                        ..
                    }
                )
            })
    });
    let namua = corpus
        .iter()
        .filter(|s| s.before.variant() == Variant::Kiswahili && s.before.hand(s.before.turn()) > 0)
        .count();
    let kujifunza = corpus
        .iter()
        .filter(|s| s.before.variant() == Variant::Kujifunza)
        .count();
    let takasia_stop = count(&|t| {
        t.steps
            .iter()
            .any(|s| matches!(s, Step::TakasiaStop { .. }))
    });
    let house_use = count(&|t| {
        t.steps.iter().any(|s| {
            matches!(
                s,
                Step::Lift {
                    reason: LiftReason::HouseUse,
                    ..
                }
            )
        })
    });
    let house_stop = count(&|t| {
        t.steps
            .iter()
            .any(|s| matches!(s, Step::HouseStop { .. } | Step::HouseChoseStop { .. }))
    });
    let longest = corpus
        .iter()
        .map(|s| s.trace.steps.len())
        .max()
        .unwrap_or(0);
    println!(
        "corpus: {} moves from {} self-play games ({} Kiswahili namua, {} Kujifunza), made in {:.1} s",
        corpus.len(),
        games.len(),
        namua,
        kujifunza,
        started.elapsed().as_secs_f64()
    );
    println!(
        "  captures with relays {relayed_capture}, takasia stops {takasia_stop}, nyumba use \
         {house_use}, nyumba stops {house_stop}, longest trace {longest} steps"
    );

    let names = Some(["Asha".to_string(), "Baraka".to_string()]);
    let mut times = Vec::with_capacity(corpus.len());
    let mut sizes = Vec::with_capacity(corpus.len());
    let mut slowest = (Duration::ZERO, String::new());
    let mut cpu = Vec::with_capacity(corpus.len());
    // The board PNG of the position after each move, as a reply sends it beside the GIF.
    let mut png_times = Vec::with_capacity(corpus.len());
    let mut png_sizes = Vec::with_capacity(corpus.len());
    let mut per_move = Vec::with_capacity(corpus.len());
    for s in corpus.iter().filter(|_| !game_only) {
        let opts = RenderOptions {
            names: names.clone(),
            ply: Some(s.ply),
            ..RenderOptions::default()
        };
        let (t, c) = (Instant::now(), cpu_ns());
        let gif = move_gif(&s.before, &s.mv, &opts).expect("corpus moves are legal");
        let took = t.elapsed();
        if let (Some(c0), Some(c1)) = (c, cpu_ns()) {
            cpu.push((c1 - c0) as f64 / 1e6);
        }
        if took > slowest.0 {
            slowest = (took, format!("{} ({} steps)", s.mv, s.trace.steps.len()));
        }
        times.push(took.as_secs_f64() * 1000.0);
        sizes.push(gif.len() as f64 / 1024.0);
        let after = s.before.play(&s.mv).expect("corpus moves are legal");
        let still = RenderOptions {
            trace: Some(after.1),
            ..opts
        };
        let t = Instant::now();
        let png = board_png(&after.0, &still);
        png_times.push(t.elapsed().as_secs_f64() * 1000.0);
        png_sizes.push(png.len() as f64 / 1024.0);
        per_move.push((png.len() + gif.len()) as f64 / 1024.0);
    }
    for v in [&mut png_times, &mut png_sizes, &mut per_move] {
        v.sort_by(f64::total_cmp);
    }
    times.sort_by(f64::total_cmp);
    sizes.sort_by(f64::total_cmp);
    cpu.sort_by(f64::total_cmp);
    println!(
        "move_gif over {} moves: median {:.1} ms, p99 {:.1} ms, max {:.1} ms ({}); size median {:.0} KB, max {:.0} KB",
        corpus.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.99),
        times.last().copied().unwrap_or(0.0),
        slowest.1,
        percentile(&sizes, 0.5),
        sizes.last().copied().unwrap_or(0.0),
    );
    println!(
        "  on-CPU time (this thread): median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        percentile(&cpu, 0.5),
        percentile(&cpu, 0.99),
        cpu.last().copied().unwrap_or(0.0),
    );
    println!(
        "board_png after each move: median {:.1} ms, p99 {:.1} ms; size median {:.1} KB, max {:.1} KB",
        percentile(&png_times, 0.5),
        percentile(&png_times, 0.99),
        percentile(&png_sizes, 0.5),
        png_sizes.last().copied().unwrap_or(0.0),
    );
    // A move sends one attachment: the GIF with animations on (its last frame is the board),
    // the PNG alone with them off or under overload (docs/pictures.md).
    println!(
        "bytes per move (one attachment; target <= 120 KB): with animations median {:.0} KB, p90 {:.0} KB; without median {:.0} KB, p90 {:.0} KB",
        percentile(&sizes, 0.5),
        percentile(&sizes, 0.9),
        percentile(&png_sizes, 0.5),
        percentile(&png_sizes, 0.9),
    );
    println!(
        "  PNG + GIF together (the console writes both): median {:.0} KB, p90 {:.0} KB, max {:.0} KB",
        percentile(&per_move, 0.5),
        percentile(&per_move, 0.9),
        per_move.last().copied().unwrap_or(0.0),
    );

    // A 100-ply game at one frame per ply: the first game that long (or the longest).
    if bench && !games.iter().any(|g| g.len() >= 100) {
        // AI self-play rarely lasts 100 plies (its games end in 45-90); the novice player
        // model (a beginner who knows the rules) plays long games: take its first of 100.
        for s in 0..1000u64 {
            let g = novice_game(Variant::Kiswahili, s, 400);
            if g.len() >= 100 {
                games.push(g);
                break;
            }
        }
    }
    let game = games
        .iter()
        .find(|g| g.len() >= 100)
        .or_else(|| games.iter().max_by_key(|g| g.len()))
        .expect("at least one game");
    let plies = game.len().min(100);
    let record = GameRecord {
        start: game[0].before,
        moves: game.iter().take(plies).map(|s| s.mv).collect(),
    };
    let opts = GameGifOptions {
        names,
        ..GameGifOptions::default()
    };
    let rounds = if bench { 10 } else { 1 };
    let mut game_times = Vec::new();
    let mut game_cpu = Vec::new();
    let mut size = 0;
    for _ in 0..rounds {
        let (t, c) = (Instant::now(), cpu_ns());
        let gif = game_gif(&record, &opts).expect("the game replays");
        game_times.push(t.elapsed().as_secs_f64() * 1000.0);
        if let (Some(c0), Some(c1)) = (c, cpu_ns()) {
            game_cpu.push((c1 - c0) as f64 / 1e6);
        }
        size = gif.len();
        if let Some(p) = std::env::var_os("BAO_BENCH_WRITE_GIF") {
            std::fs::write(p, &gif).expect("write");
        }
    }
    game_times.sort_by(f64::total_cmp);
    game_cpu.sort_by(f64::total_cmp);
    if !game_only {
        let t = Instant::now();
        let full = game_gif(
            &record,
            &GameGifOptions {
                half_size: false,
                ..opts.clone()
            },
        )
        .expect("the game replays");
        println!(
            "game_gif of {plies} plies at full size (1000 px): {:.1} ms, {:.0} KB",
            t.elapsed().as_secs_f64() * 1000.0,
            full.len() as f64 / 1024.0
        );
    }
    println!(
        "game_gif of {plies} plies ({}), one frame per ply, half size (500 px): median {:.1} ms over {rounds} runs, {:.0} KB",
        if record.start.variant() == Variant::Kujifunza {
            "Kujifunza"
        } else {
            "Kiswahili"
        },
        percentile(&game_times, 0.5),
        size as f64 / 1024.0
    );
    println!(
        "  on-CPU time (this thread): median {:.1} ms",
        percentile(&game_cpu, 0.5)
    );
    if bench && !game_only {
        long_game_gif(&opts);
    }
    if !bench {
        println!("(smoke run: `cargo bench --bench anim` gives the figures)");
    }
}

/// A line of `n` plies from `start` that does not end the game, found depth first (the
/// first move tried turns with the ply, so the line wanders): far longer than real games.
fn long_line(start: &Position, n: usize) -> Vec<Move> {
    fn dfs(pos: &Position, n: usize, line: &mut Vec<Move>, budget: &mut u32) -> bool {
        if line.len() == n {
            return true;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let legal = pos.legal_moves();
        for i in 0..legal.len() {
            let mv = legal[(line.len() * 7 + i) % legal.len()];
            let next = pos.play_unchecked(&mv);
            if next.is_over() {
                continue;
            }
            line.push(mv);
            if dfs(&next, n, line, budget) {
                return true;
            }
            line.pop();
        }
        false
    }
    let (mut line, mut budget) = (Vec::new(), 200_000);
    dfs(start, n, &mut line, &mut budget);
    line
}

/// Bad input: a 320-ply game as a GIF, at one frame per ply (what `/bao-replay` and the web
/// page draw): its bytes against Discord's 10 MiB, and its time.
fn long_game_gif(opts: &GameGifOptions) {
    let start = Position::default();
    let moves = long_line(&start, 320);
    if let Some(path) = std::env::var_os("BAO_BENCH_WRITE_LONG") {
        let text: String = moves.iter().map(|m| format!("{m}\n")).collect();
        std::fs::write(path, text).expect("write the long record");
    }
    let record = GameRecord { start, moves };
    let t = Instant::now();
    let gif = game_gif(&record, opts).expect("the long game replays");
    println!(
        "game_gif of a {}-ply game (bad input), half size: {:.1} ms, {:.0} KB (limit {} KB)",
        record.moves.len(),
        t.elapsed().as_secs_f64() * 1000.0,
        gif.len() as f64 / 1024.0,
        bao_bot::render::MAX_GIF_BYTES / 1024,
    );
}
