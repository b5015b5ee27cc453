//! The players' clocks in a board's header: each side's time left in a pill under its name,
//! the running clock filled (green, red when little time is left) with a `▶`, the stopped
//! one outlined.

use crate::rules::Side;

use super::canvas::{Canvas, Fill, Weight};
use super::theme::{BANNER_INK, CAPTURED, DIM_INK, ENTERED, INK};

/// Both clocks as the header shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockFaces {
    /// Each side's time left as written (`4:32`), South's first.
    pub shown: [String; 2],
    /// The side whose clock runs (marked), if one runs.
    pub running: Option<Side>,
    /// Whether each side has little time left (its running clock turns red), South's first.
    pub low: [bool; 2],
}

/// The text size of a clock.
const SIZE: f32 = 22.0;
/// A pill's height, and the room beside its text.
const PILL_H: f32 = 30.0;
const PAD: f32 = 12.0;

/// What a side's pill says: `▶ 4:32` while running, `4:32` otherwise.
fn label(faces: &ClockFaces, side: Side) -> String {
    let shown = &faces.shown[side.index()];
    if faces.running == Some(side) {
        format!("\u{25b6} {shown}")
    } else {
        shown.clone()
    }
}

/// The width of `side`'s pill.
pub(super) fn pill_width(c: &Canvas, faces: &ClockFaces, side: Side) -> f32 {
    c.text_width(&label(faces, side), SIZE, Weight::Bold) + 2.0 * PAD
}

/// Draws `side`'s clock as a pill whose left edge is at `x`, its text on the baseline `y`
/// (the header's rating line); returns its width.
pub(super) fn draw_pill(c: &mut Canvas, faces: &ClockFaces, side: Side, x: f32, y: f32) -> f32 {
    let text = label(faces, side);
    let w = pill_width(c, faces, side);
    let top = y - Canvas::cap_height(SIZE) / 2.0 - PILL_H / 2.0;
    let ink = if faces.running == Some(side) {
        let fill = if faces.low[side.index()] {
            CAPTURED
        } else {
            ENTERED
        };
        c.fill_round_rect(x, top, w, PILL_H, PILL_H / 2.0, &Fill::Solid(fill));
        BANNER_INK
    } else {
        c.stroke_round_rect(x, top, w, PILL_H, PILL_H / 2.0, DIM_INK, 2.0, None);
        INK
    };
    c.text(
        &text,
        x + PAD,
        y,
        SIZE,
        Weight::Bold,
        ink,
        super::canvas::Align::Left,
    );
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::theme::{BACKGROUND, MARGIN};
    use crate::render::{board_png, RenderOptions};
    use crate::rules::Position;

    /// The colour of the picture at (`x`, `y`).
    fn pixel(png: &[u8], x: u32, y: u32) -> [u8; 3] {
        let img = image::load_from_memory(png).unwrap().to_rgb8();
        img.get_pixel(x, y).0
    }

    #[test]
    fn the_running_clock_is_filled_and_turns_red_when_low() {
        let pos = Position::default();
        let faces = |low: bool| ClockFaces {
            shown: ["0:25".into(), "4:32".into()],
            running: Some(Side::South),
            low: [low, false],
        };
        let opts = |low| RenderOptions {
            names: Some(["Asha".into(), "Baraka".into()]),
            clocks: Some(faces(low)),
            ..RenderOptions::default()
        };
        // South (the viewer, on the left) is to move: its pill is filled, just inside its
        // left end; North's, at the right margin, is only outlined.
        let y = (72.0 - Canvas::cap_height(SIZE) / 2.0) as u32;
        let x = (MARGIN + 26.0 + 5.0) as u32;
        let rgb = |c: crate::render::canvas::Rgba| [c.0, c.1, c.2];
        assert_eq!(pixel(&board_png(&pos, &opts(false)), x, y), rgb(ENTERED));
        let low = board_png(&pos, &opts(true));
        assert_eq!(pixel(&low, x, y), rgb(CAPTURED));
        let right = (crate::render::theme::WIDTH - MARGIN - 5.0) as u32;
        assert_eq!(pixel(&low, right, y), rgb(BACKGROUND));
        // Without clocks nothing is drawn there.
        let plain = board_png(&pos, &RenderOptions::default());
        assert_eq!(pixel(&plain, x, y), rgb(BACKGROUND));
    }
}
