//! Render benchmark: median time to draw and PNG-encode one board, and the PNG's size.
//!
//! `cargo bench --bench render` (release) times 100 renders of a namua capture with its
//! highlight; under `cargo test --all-targets` it renders once as a smoke test. With
//! `BAO_BENCH_ENCODERS=1` it first compares PNG compression levels and filters.

use std::time::Instant;

use bao_bot::render::{board_png, RenderOptions};
use bao_bot::rules::{Position, Variant};

/// A namua position where South's A3 captures three pits in one move.
const CAPTURE: &str = "variant=kiswahili turn=S hand=19,19 house=N takasia=- \
    A=1,0,2,0,0,1,1,1 B=0,0,1,1,1,1,1,1 a=1,1,1,0,9,2,0,0 b=0,0,0,0,0,0,0,0";

/// The heaviest picture we know: every pit holding stones, four captures, rings and tags,
/// long names and a two-line caption.
fn heavy() -> (Position, RenderOptions) {
    let (_, pos, trace) = Position::start(Variant::Kujifunza)
        .play_text("A1 right capture enter-left")
        .expect("benchmark move is legal");
    let opts = RenderOptions {
        trace: Some(trace),
        names: Some(["Abcdefghijklmnop".into(), "Qrstuvwxyzabcdef".into()]),
        ply: Some(1),
        caption: Some(
            "Your move, Qrstuvwxyzabcdef: you have until 30 November 2026 14:00 UTC, \
             after which the game is lost on time"
                .into(),
        ),
        ..RenderOptions::default()
    };
    (pos, opts)
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test` does not.
    let bench = std::env::args().any(|a| a == "--bench");
    let rounds = if bench { 100 } else { 1 };
    let before: Position = CAPTURE.parse().expect("benchmark position parses");
    let (_, pos, trace) = before
        .play_text("A3 right capture")
        .expect("benchmark move is legal");
    let opts = RenderOptions {
        trace: Some(trace),
        names: Some(["Asha".into(), "Baraka".into()]),
        ply: Some(12),
        ..RenderOptions::default()
    };
    let start = board_png(&Position::default(), &RenderOptions::default());
    let (heavy_pos, heavy_opts) = heavy();
    let heavy_png = board_png(&heavy_pos, &heavy_opts);
    if std::env::var("BAO_BENCH_ENCODERS").is_ok() {
        compare_encoders(&heavy_png);
    }
    if !bench {
        println!("(smoke run: `cargo bench --bench render` gives the figures)");
    }
    for (what, pos, opts) in [
        ("namua capture with highlight", &pos, &opts),
        ("heaviest picture", &heavy_pos, &heavy_opts),
    ] {
        let mut times = Vec::with_capacity(rounds);
        for _ in 0..rounds {
            let began = Instant::now();
            let png = board_png(pos, opts);
            times.push(began.elapsed().as_secs_f64() * 1000.0);
            std::hint::black_box(png);
        }
        times.sort_by(f64::total_cmp);
        println!(
            "render+encode, {what}: median {:.2} ms, min {:.2} ms, max {:.2} ms over {rounds}",
            times[times.len() / 2],
            times[0],
            times[times.len() - 1]
        );
    }
    println!(
        "PNG size: {:.1} KB (namua capture with highlight), {:.1} KB (start position), \
         {:.1} KB (heaviest: full board, 4 captures, 2-line caption)",
        board_png(&pos, &opts).len() as f64 / 1024.0,
        start.len() as f64 / 1024.0,
        heavy_png.len() as f64 / 1024.0
    );
}

/// Times PNG encoder settings on one picture (`BAO_BENCH_ENCODERS=1 cargo bench --bench render`).
fn compare_encoders(png: &[u8]) {
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    use image::{ExtendedColorType, ImageEncoder};
    let img = image::load_from_memory(png).unwrap().to_rgb8();
    let (w, h) = img.dimensions();
    for comp in [
        CompressionType::Fast,
        CompressionType::Level(1),
        CompressionType::Level(2),
        CompressionType::Level(3),
        CompressionType::Default,
    ] {
        for filter in [
            FilterType::Adaptive,
            FilterType::Sub,
            FilterType::Up,
            FilterType::Paeth,
        ] {
            let mut times = Vec::new();
            let mut size = 0;
            for _ in 0..15 {
                let t = Instant::now();
                let mut out = Vec::new();
                PngEncoder::new_with_quality(&mut out, comp, filter)
                    .write_image(img.as_raw(), w, h, ExtendedColorType::Rgb8)
                    .unwrap();
                times.push(t.elapsed().as_secs_f64() * 1000.0);
                size = out.len();
            }
            times.sort_by(f64::total_cmp);
            println!("{comp:?} {filter:?}: {:.2} ms {} KB", times[7], size / 1024);
        }
    }
}
