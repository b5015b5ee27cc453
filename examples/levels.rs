//! Calibrates and tunes the level ladder by paired matches.
//!
//! `cargo run --release --example levels -- ladder [--games N] [--variant V|both]
//! [--from LEVEL] [--to LEVEL] [--seed S] [--threads T]` plays every pair of neighbouring
//! levels from `--from` (default the bottom level) to `--to` (default master) in each variant
//! asked for (default both), prints each match (games, score, 95% interval, Elo) as a table,
//! then the ratings chained up from the bottom level's anchor in each variant (`LADDER` and
//! `KUJIFUNZA_LADDER` in `src/ai/levels.rs` hold them). Kujifunza games start from its book
//! of balanced openings, Kiswahili ones from 6 random plies (`--openings random|book`). The
//! bottom level also plays the `novice` player model, which it should score about half
//! against. Master against hard takes about an hour and a half on one core in each variant;
//! `--to hard` leaves it out.
//!
//! `... -- pairs A B [options]` (A and B: players, or candidates as for `try`) plays one such
//! match pair by pair (`--threads` pairs at once), printing the table row so far after each
//! (for the long master matches). `... -- book --variant V --games N --seed S` prints a book
//! of N balanced openings (`src/ai/book/kujifunza.txt` came from it), judged by a search of
//! `--book-nodes` (default 1,000,000) within `--book-margin` seeds (default 8); with
//! `--threads T`, thread t draws its share from seed S + t.
//!
//! `cargo run --release --example levels -- try NODES,DEPTH,NOISE,MISS,SEES,PLIES OPPONENT
//! [--games N] [--variant V] [--seed S] [--threads T]` plays a candidate level (node budget,
//! depth cap or 0 for none, noise, chance in percent of missing the best capture, whether it
//! sees threats (1 or 0), capture plies past the horizon) against OPPONENT: any `bao-bot
//! match` player, or another candidate written the same way.

use std::time::Instant;

use bao_bot::ai::eval::DEFAULT_PARAMS;
use bao_bot::ai::matchplay::{
    balanced_opening, elo, elo_text as fmt_elo, play_pair, run_match, MatchConfig, MatchResult,
    Openings, Player,
};
use bao_bot::ai::rng::Rng;
use bao_bot::ai::{Level, SearchLimits, ANCHOR_RATING};
use bao_bot::rules::Variant;

/// Options shared by both modes.
struct Options {
    games: usize,
    variants: Vec<Variant>,
    from: Level,
    to: Level,
    seed: u64,
    threads: usize,
    /// `--openings`; `None`: the variant's standard.
    openings: Option<Openings>,
    /// `--book-nodes`: nodes of the search that judges a book opening.
    book_nodes: u64,
    /// `--book-margin`: most a book opening may favour either side, in seeds.
    book_margin: i32,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (positional, options) = read_options(&args);
    match positional.first().map(String::as_str) {
        Some("ladder") => ladder(&options),
        Some("try") => try_level(&positional[1..], &options),
        Some("book") => write_book(&options),
        Some("pairs") => pairs(&positional[1..], &options),
        _ => fail("write `ladder`, `pairs A B`, `book` or `try NODES,DEPTH,NOISE,MISS,SEES,PLIES OPPONENT`, then [options]"),
    }
}

fn fail(msg: &str) -> ! {
    eprintln!("levels: {msg}");
    std::process::exit(2)
}

fn read_options(args: &[String]) -> (Vec<String>, Options) {
    let mut options = Options {
        games: 200,
        variants: vec![Variant::Kiswahili, Variant::Kujifunza],
        from: Level::ALL[0],
        to: Level::ALL[Level::COUNT - 1],
        seed: 17,
        threads: 1,
        openings: None,
        book_nodes: 1_000_000,
        book_margin: 8,
    };
    let mut positional = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .unwrap_or_else(|| fail(&format!("{a} needs a value")))
        };
        match a.as_str() {
            "--games" => options.games = value().parse().unwrap_or_else(|_| fail("--games N")),
            "--seed" => options.seed = value().parse().unwrap_or_else(|_| fail("--seed S")),
            "--threads" => {
                options.threads = value().parse().unwrap_or_else(|_| fail("--threads T"))
            }
            "--openings" => {
                options.openings = Some(value().parse().unwrap_or_else(|e: String| fail(&e)))
            }
            "--book-nodes" => {
                options.book_nodes = value().parse().unwrap_or_else(|_| fail("--book-nodes N"))
            }
            "--book-margin" => {
                options.book_margin = value()
                    .parse()
                    .unwrap_or_else(|_| fail("--book-margin SEEDS"))
            }
            "--from" => options.from = value().parse().unwrap_or_else(|e| fail(&format!("{e}"))),
            "--to" => options.to = value().parse().unwrap_or_else(|e| fail(&format!("{e}"))),
            "--variant" => {
                let v = value();
                options.variants = if v == "both" {
                    vec![Variant::Kiswahili, Variant::Kujifunza]
                } else {
                    vec![v.parse().unwrap_or_else(|e| fail(&format!("{e}")))]
                };
            }
            _ => positional.push(a.clone()),
        }
    }
    (positional, options)
}

fn config(options: &Options, variant: Variant) -> MatchConfig {
    MatchConfig {
        pairs: options.games.div_ceil(2),
        seed: options.seed,
        variant,
        opening_plies: 6,
        max_plies: 400,
        threads: options.threads,
        openings: options.openings.unwrap_or(Openings::standard(variant)),
    }
}

/// One table row: the match, games, score, interval, Elo (with its interval).
fn row(a: &Player, b: &Player, variant: Variant, r: &MatchResult, secs: f64) -> String {
    let (s, lo, hi) = r.score();
    let (w, d, l) = r.wins_draws_losses();
    format!(
        "| {a} vs {b} | {variant} | {} | +{w} ={d} -{l} | {:.1}% | {:.1}–{:.1}% | {} ({}..{}) | {secs:.0} s |",
        r.games(),
        s * 100.0,
        lo * 100.0,
        hi * 100.0,
        fmt_elo(s),
        fmt_elo(lo),
        fmt_elo(hi),
    )
}

fn play(a: &Player, b: &Player, config: &MatchConfig) -> (MatchResult, f64) {
    let began = Instant::now();
    let r = run_match(a, b, config, &|done, total| {
        if done % 10 == 0 || done == total {
            eprintln!(
                "  {a} vs {b} ({}): {done}/{total} pairs, {:.0} s",
                config.variant,
                began.elapsed().as_secs_f64()
            );
        }
    });
    (r, began.elapsed().as_secs_f64())
}

fn ladder(options: &Options) {
    let levels: Vec<Level> = Level::ALL
        .into_iter()
        .filter(|l| (options.from..=options.to).contains(l))
        .collect();
    if levels.is_empty() {
        fail("--from must not be above --to");
    }
    println!("| match | variant | games | +win =draw -loss | score | 95% interval | Elo | time |");
    println!("|---|---|---|---|---|---|---|---|");
    // Elo differences of each step, per variant.
    let mut steps: Vec<Vec<f64>> = vec![Vec::new(); levels.len().saturating_sub(1)];
    for &variant in &options.variants {
        let config = config(options, variant);
        if levels[0] == Level::ALL[0] {
            let (a, b) = (Player::Level(levels[0]), Player::Novice);
            let (r, secs) = play(&a, &b, &config);
            println!("{}", row(&a, &b, variant, &r, secs));
        }
        for (i, pair) in levels.windows(2).enumerate() {
            let (a, b) = (Player::Level(pair[1]), Player::Level(pair[0]));
            let (r, secs) = play(&a, &b, &config);
            println!("{}", row(&a, &b, variant, &r, secs));
            steps[i].push(elo(r.score().0));
        }
    }
    if levels[0] != Level::ALL[0] || steps.is_empty() {
        return;
    }
    for (v, &variant) in options.variants.iter().enumerate() {
        println!();
        println!("Ratings in {variant} (the bottom level at {ANCHOR_RATING}; LADDER holds the Kiswahili ones):");
        let mut rating = ANCHOR_RATING as f64;
        println!("  {:<8} {rating:.0}", levels[0].name());
        for (i, step) in steps.iter().enumerate() {
            rating += step[v];
            println!(
                "  {:<8} {rating:.0}  (step {:+.0}; now in LADDER: {})",
                levels[i + 1].name(),
                step[v],
                levels[i + 1].rating()
            );
        }
    }
}

/// A candidate level from `NODES,DEPTH,NOISE,MISS,SEES,PLIES` (depth 0: none).
fn candidate(spec: &str) -> Player {
    let num: Vec<u64> = spec
        .split(',')
        .map(|n| {
            n.trim()
                .parse()
                .unwrap_or_else(|_| fail(&format!("`{n}` is not a number")))
        })
        .collect();
    if num.len() != 6 {
        fail("a candidate is NODES,DEPTH,NOISE,MISS,SEES,PLIES");
    }
    let mut params = DEFAULT_PARAMS;
    if num[4] == 0 {
        params.namua.exposed = 0;
        params.mtaji.exposed = 0;
    }
    params.quiescence_plies = num[5] as u32;
    Player::Custom {
        limits: SearchLimits {
            noise: num[2] as i32,
            depth: Some(num[1] as u32).filter(|&d| d > 0),
            miss_best_capture: num[3] as u32,
            ..SearchLimits::nodes(num[0].max(1))
        },
        params,
    }
}

/// A `bao-bot match` player, or a candidate level written as for `try`.
fn player(spec: &str) -> Player {
    if spec.contains(',') {
        candidate(spec)
    } else {
        spec.parse().unwrap_or_else(|e| fail(&format!("{e}")))
    }
}

fn try_level(args: &[String], options: &Options) {
    if args.len() != 2 {
        fail("try NODES,DEPTH,NOISE,MISS,SEES,PLIES OPPONENT");
    }
    let (me, opponent) = (candidate(&args[0]), player(&args[1]));
    for &variant in &options.variants {
        let (r, secs) = play(&me, &opponent, &config(options, variant));
        println!(
            "{} vs {} {}",
            args[0],
            args[1],
            row(&me, &opponent, variant, &r, secs)
        );
    }
}

/// Prints a book of `--games` balanced openings of the first variant asked for (see
/// [`balanced_opening`]) with its header, for `src/ai/book/`.
fn write_book(options: &Options) {
    let variant = options.variants[0];
    let (nodes, margin) = (options.book_nodes, options.book_margin);
    let threads = options.threads.clamp(1, options.games.max(1));
    println!(
        "# Balanced openings of {variant} for calibration matches (bao_bot::ai::matchplay::book):"
    );
    println!("# 2-8 random plies from the start, kept where a {nodes}-node search finds neither");
    println!("# side ahead by more than {margin} seeds. Each line: the plies, then the position.");
    println!("# Written by `cargo run --release --example levels -- book --variant {variant} --games {} --seed {} --threads {threads} --book-nodes {nodes} --book-margin {margin}`.", options.games, options.seed);
    // Thread t draws its share from seed + t, so the book depends on the thread count too.
    let began = Instant::now();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let shares: Vec<Vec<(bao_bot::rules::Position, u32)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let share = options.games / threads + usize::from(t < options.games % threads);
                let done = &done;
                scope.spawn(move || {
                    let mut rng = Rng::new(options.seed + t as u64);
                    (0..share)
                        .map(|_| {
                            let found = balanced_opening(variant, nodes, margin * 100, &mut rng);
                            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                            eprintln!(
                                "  {n}/{}, {:.0} s",
                                options.games,
                                began.elapsed().as_secs_f64()
                            );
                            found
                        })
                        .collect()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| fail("a book thread failed")))
            .collect()
    });
    for (pos, plies) in shares.into_iter().flatten() {
        println!("{plies} {pos}");
    }
}

/// `pairs A B`: the match of `ladder` (same openings, same games), pair by pair (`--threads`
/// at once), with the score so far after each, so a long match (master) can be read before
/// it ends.
fn pairs(args: &[String], options: &Options) {
    let [a, b] = args else {
        fail("pairs A B [options]");
    };
    let (a, b) = (player(a), player(b));
    for &variant in &options.variants {
        let config = config(options, variant);
        let began = Instant::now();
        let mut result = MatchResult::default();
        let threads = config.threads.max(1);
        // `--threads T` plays T pairs at once and adds them in order.
        for first in (0..config.pairs).step_by(threads) {
            let chunk: Vec<_> = std::thread::scope(|scope| {
                let handles: Vec<_> = (first..(first + threads).min(config.pairs))
                    .map(|i| {
                        let (a, b, config) = (&a, &b, &config);
                        scope.spawn(move || play_pair(a, b, config, i))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or_else(|_| fail("a match thread failed")))
                    .collect()
            });
            for pair in chunk {
                result.pairs.push(pair);
                println!(
                    "{}",
                    row(&a, &b, variant, &result, began.elapsed().as_secs_f64())
                );
            }
        }
    }
}
