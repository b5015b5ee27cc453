//! PNG output of board pictures in the board's own palette: every pixel mapped to the nearest
//! of the 255 colours of [`super::palette`] (the theme's colours exactly, and the shades its
//! drawing makes of them), written as an 8-bit indexed PNG with the best deflate level.
//!
//! A board is drawn from a known theme, so a fixed palette serves it better than a quantiser
//! run per picture: flat areas keep their exact colour, the answer never depends on the
//! picture, and it costs one table lookup a pixel. The same table makes the GIFs, so a board
//! and its animation show the same colours. `the_palette_board_looks_like_the_truecolour_one`
//! (below) holds the difference from truecolour under a measured threshold.

use tiny_skia::Pixmap;

use super::palette::Palette;

/// The deflate level (flate2's best). `cargo bench --bench render` with `BAO_BENCH_ENCODERS=1`
/// compares levels and filters: on a board, level 9 without row filters gives the smallest file
/// in a few milliseconds; row filters only hurt palette indices.
const DEFLATE_LEVEL: u8 = 9;

/// The picture `pixmap` (opaque) as an indexed PNG in the board palette.
pub(crate) fn palette_png(pixmap: &Pixmap) -> Vec<u8> {
    let palette = Palette::get();
    let indices = palette_indices(pixmap);
    let mut out = Vec::with_capacity(48 * 1024);
    {
        let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
        enc.set_color(png::ColorType::Indexed);
        enc.set_depth(png::BitDepth::Eight);
        // The 255 colours; the GIFs' transparent index is never used here.
        let mut rgb = palette.rgb();
        rgb.truncate(rgb.len() - 3);
        enc.set_palette(rgb);
        enc.set_deflate_compression(png::DeflateCompression::Level(DEFLATE_LEVEL));
        enc.set_filter(png::Filter::NoFilter);
        let mut writer = enc
            .write_header()
            .expect("writing a PNG header into memory cannot fail");
        writer
            .write_image_data(&indices)
            .expect("a complete indexed picture always encodes");
    }
    out
}

/// The palette index of every pixel of `pixmap`, row by row.
fn palette_indices(pixmap: &Pixmap) -> Vec<u8> {
    let palette = Palette::get();
    let mut last = (u32::MAX, 0u8);
    let mut out = Vec::with_capacity(pixmap.pixels().len());
    // A plain loop over the pixels: a million a board, so it stays cheap in the tests'
    // lightly optimised build too.
    for px in pixmap.pixels() {
        let (r, g, b) = (px.red(), px.green(), px.blue());
        // Runs of one colour are the rule: look the colour up once a run.
        let key = u32::from_le_bytes([r, g, b, 0]);
        if key != last.0 {
            last = (key, palette.index(r, g, b));
        }
        out.push(last.1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::marks::tests::{played, CAPTURE};
    use crate::render::{board_pixmap, ClockFaces, RenderOptions};
    use crate::rules::{Position, Side, Variant};

    /// The least PSNR (dB) a palette board keeps against the truecolour one: above 38 dB two
    /// pictures of flat colours and text are not told apart at Discord's display size.
    const MIN_PSNR_DB: f64 = 38.0;
    /// The most a flat pixel (one whose eight neighbours share its colour) may differ, per
    /// channel: flat areas keep their colour; only anti-aliased edges snap to a shade.
    const MAX_FLAT_DIFF: u8 = 1;

    /// The fixed positions: the start, a busy mtaji board (every pit full, four captures), a
    /// namua capture with clocks, a takasia stop seen from North, a game over with a banner.
    fn fixed_positions() -> Vec<(&'static str, Position, RenderOptions)> {
        let names = Some(["Asha".to_string(), "Baraka".to_string()]);
        let mut out = vec![(
            "start",
            Position::default(),
            RenderOptions {
                names: names.clone(),
                ply: Some(0),
                ..RenderOptions::default()
            },
        )];
        let (_, busy, trace) = Position::start(Variant::Kujifunza)
            .play_text("A1 right capture enter-left")
            .expect("a legal move");
        out.push((
            "busy mtaji",
            busy,
            RenderOptions {
                trace: Some(trace),
                names: names.clone(),
                ply: Some(1),
                ratings: Some(["1500 \u{2192} 1662 (+162)".into(), "1500?".into()]),
                ..RenderOptions::default()
            },
        ));
        let (after, trace) = played(CAPTURE, "A3 right capture");
        out.push((
            "namua capture",
            after,
            RenderOptions {
                trace: Some(trace),
                names: names.clone(),
                ply: Some(12),
                clocks: Some(ClockFaces {
                    shown: ["4:32".into(), "0:09".into()],
                    running: Some(Side::North),
                    low: [false, true],
                }),
                ..RenderOptions::default()
            },
        ));
        let takasia = "variant=kiswahili turn=N hand=0,0 house=- takasia=a4 \
            A=0,0,0,3,0,0,0,3 B=2,2,2,2,2,2,2,5 a=0,0,0,2,0,2,0,3 b=4,4,4,4,4,4,4,4";
        let (after, trace) = played(takasia, "a6 left");
        out.push((
            "takasia, North's view",
            after,
            RenderOptions {
                viewer: Side::North,
                trace: Some(trace),
                ..RenderOptions::default()
            },
        ));
        out.push((
            "resigned",
            Position::start(Variant::Kiswahili).with_winner(Side::North),
            RenderOptions {
                names,
                result_text: Some("resignation".into()),
                ..RenderOptions::default()
            },
        ));
        out
    }

    fn psnr(a: &[u8], b: &[u8]) -> f64 {
        let se: f64 = a
            .iter()
            .zip(b)
            .map(|(&x, &y)| (x as f64 - y as f64).powi(2))
            .sum();
        let mse = se / a.len() as f64;
        if mse == 0.0 {
            return f64::INFINITY;
        }
        10.0 * (255.0f64 * 255.0 / mse).log10()
    }

    /// Each fixed position drawn in truecolour and written as the palette PNG, decoded again:
    /// the whole picture within [`MIN_PSNR_DB`], every flat pixel within [`MAX_FLAT_DIFF`].
    #[test]
    fn the_palette_board_looks_like_the_truecolour_one() {
        for (what, pos, opts) in fixed_positions() {
            let truth = board_pixmap(&pos, &opts);
            let png = palette_png(&truth);
            let shown = image::load_from_memory(&png).expect("a PNG").to_rgb8();
            assert_eq!(shown.dimensions(), (truth.width(), truth.height()));
            let truth_rgb: Vec<u8> = truth
                .data()
                .chunks_exact(4)
                .flat_map(|p| [p[0], p[1], p[2]])
                .collect();
            let db = psnr(&truth_rgb, shown.as_raw());
            assert!(db >= MIN_PSNR_DB, "{what}: PSNR {db:.1} dB");
            let (w, h) = (truth.width() as usize, truth.height() as usize);
            let at = |img: &[u8], x: usize, y: usize| {
                let i = (y * w + x) * 3;
                [img[i], img[i + 1], img[i + 2]]
            };
            for y in 1..h - 1 {
                for x in 1..w - 1 {
                    let c = at(&truth_rgb, x, y);
                    let flat = (y - 1..=y + 1)
                        .all(|ny| (x - 1..=x + 1).all(|nx| at(&truth_rgb, nx, ny) == c));
                    if !flat {
                        continue;
                    }
                    let s = at(shown.as_raw(), x, y);
                    let diff = (0..3).map(|k| c[k].abs_diff(s[k])).max().unwrap_or(0);
                    // The one known snap of the palette (see its tests): a stone's glint.
                    if c == [0xed, 0xeb, 0xe6] {
                        continue;
                    }
                    assert!(
                        diff <= MAX_FLAT_DIFF,
                        "{what}: flat {c:?} at ({x}, {y}) shown as {s:?}"
                    );
                }
            }
        }
    }

    /// Every fixed position's PNG is indexed and at most 45 KB (the truecolour PNG was 85-135 KB;
    /// `cargo bench --bench render` and `--bench anim` give the sizes over a game).
    #[test]
    fn a_board_png_is_indexed_and_small() {
        for (what, pos, opts) in fixed_positions() {
            let png = crate::render::board_png(&pos, &opts);
            let decoder = png::Decoder::new(std::io::Cursor::new(&png));
            let reader = decoder.read_info().expect("a PNG");
            assert_eq!(reader.info().color_type, png::ColorType::Indexed, "{what}");
            assert!(png.len() <= 45 * 1024, "{what}: {} bytes", png.len());
        }
    }
}
