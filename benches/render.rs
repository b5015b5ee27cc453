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

/// Times PNG encoder settings on one picture (`BAO_BENCH_ENCODERS=1 cargo bench --bench render`):
/// the board's palette indices written at each deflate level with each row filter.
fn compare_encoders(board: &[u8]) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(board))
        .read_info()
        .expect("the board is a PNG");
    let palette = reader
        .info()
        .palette
        .as_ref()
        .expect("the board PNG is indexed")
        .to_vec();
    let mut indices = vec![0; reader.output_buffer_size().expect("a sane size")];
    let frame = reader.next_frame(&mut indices).expect("the board decodes");
    let (w, h) = (frame.width, frame.height);
    for level in [1u8, 3, 6, 9] {
        for filter in [
            png::Filter::NoFilter,
            png::Filter::Sub,
            png::Filter::Up,
            png::Filter::Paeth,
            png::Filter::Adaptive,
        ] {
            let mut times = Vec::new();
            let mut size = 0;
            for _ in 0..15 {
                let t = Instant::now();
                let mut out = Vec::new();
                let mut enc = png::Encoder::new(&mut out, w, h);
                enc.set_color(png::ColorType::Indexed);
                enc.set_palette(palette.clone());
                enc.set_deflate_compression(png::DeflateCompression::Level(level));
                enc.set_filter(filter);
                let mut writer = enc.write_header().unwrap();
                writer.write_image_data(&indices).unwrap();
                writer.finish().unwrap();
                times.push(t.elapsed().as_secs_f64() * 1000.0);
                size = out.len();
            }
            times.sort_by(f64::total_cmp);
            println!(
                "level {level} {filter:?}: {:.2} ms {:.1} KB",
                times[7],
                size as f64 / 1024.0
            );
        }
    }
}
