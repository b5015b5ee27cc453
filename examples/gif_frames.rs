//! Writes every picture of an animated GIF as a PNG, composed as a viewer sees it (the bands
//! of a picture joined), to look at animations frame by frame:
//! `cargo run --example gif_frames -- move.gif out-dir [every]` (`every`: keep only every
//! n-th picture, and always the first and last). Prints each picture's delay and the
//! regions (GIF frames) that changed it.

use std::path::Path;

use bao_bot::render::decode_gif;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(input), Some(dir)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: gif_frames FILE.gif OUT-DIR [EVERY]");
        std::process::exit(2);
    };
    let every: usize = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(1).max(1);
    let gif = decode_gif(&std::fs::read(input)?)?;
    std::fs::create_dir_all(dir)?;
    let last = gif.frames.len().saturating_sub(1);
    for (i, frame) in gif.frames.into_iter().enumerate() {
        let regions: Vec<String> = frame
            .bands
            .iter()
            .map(|b| format!("{}x{} at ({}, {})", b.width, b.height, b.left, b.top))
            .collect();
        println!(
            "frame {i:3}: {:4} cs, {}",
            frame.delay_cs,
            regions.join(" + ")
        );
        if i % every != 0 && i != last {
            continue;
        }
        let img =
            image::RgbImage::from_raw(gif.width, gif.height, frame.rgb).ok_or("frame size")?;
        img.save(Path::new(dir).join(format!("frame-{i:03}.png")))?;
    }
    Ok(())
}
