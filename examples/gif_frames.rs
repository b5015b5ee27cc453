//! Writes every frame of an animated GIF as a PNG, composed as a viewer shows it, to look at
//! animations frame by frame: `cargo run --example gif_frames -- move.gif out-dir [every]`
//! (`every`: keep only every n-th frame, and always the first and last). Prints each frame's
//! delay and changed region.

use std::path::Path;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(input), Some(dir)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: gif_frames FILE.gif OUT-DIR [EVERY]");
        std::process::exit(2);
    };
    let every: usize = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(1).max(1);
    let bytes = std::fs::read(input)?;
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(&bytes[..])?;
    let (w, h) = (decoder.width() as usize, decoder.height() as usize);
    let palette = decoder
        .global_palette()
        .ok_or("no global palette")?
        .to_vec();
    let mut canvas = vec![0u8; w * h * 3];
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame()? {
        for y in 0..frame.height as usize {
            for x in 0..frame.width as usize {
                let idx = frame.buffer[y * frame.width as usize + x];
                if Some(idx) == frame.transparent {
                    continue;
                }
                let p = ((frame.top as usize + y) * w + frame.left as usize + x) * 3;
                let c = idx as usize * 3;
                canvas[p..p + 3].copy_from_slice(&palette[c..c + 3]);
            }
        }
        println!(
            "frame {:3}: {:4} cs, {}x{} at ({}, {})",
            frames.len(),
            frame.delay,
            frame.width,
            frame.height,
            frame.left,
            frame.top
        );
        frames.push(canvas.clone());
    }
    std::fs::create_dir_all(dir)?;
    let last = frames.len().saturating_sub(1);
    for (i, rgb) in frames.into_iter().enumerate() {
        if i % every != 0 && i != last {
            continue;
        }
        let img = image::RgbImage::from_raw(w as u32, h as u32, rgb).ok_or("frame size")?;
        img.save(Path::new(dir).join(format!("frame-{i:03}.png")))?;
    }
    Ok(())
}
