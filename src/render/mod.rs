//! Board pictures: a position (and the move that led to it) drawn as a PNG in memory, and a
//! plain-text board for terminals.
//!
//! The picture is 1000 px wide, made to stay legible when Discord shows it about 500 px wide
//! on a phone: the 4 x 8 pits as bowls on a wooden board with the viewer's rows at the
//! bottom, every pit labelled in its top-left corner and its seed count in a badge at its
//! bottom-right, the two nyumba drawn square (framed and roofed while owned), the takasia
//! target with a dotted ring and a `T`, the last move's pits ringed, a header with players,
//! hands, phase, turn and ply (and both clocks in a clocked game), and a banner once the game
//! is over.
//!
//! Pure computation: no file or network access. Text uses the bundled DejaVu Sans.

mod anim;
mod board;
mod canvas;
mod clock_face;
mod gif;
mod graph;
mod marks;
mod movie;
mod palette;
mod png;
mod pool;
mod scene;
mod stage;
mod table;
mod text;
mod theme;
mod words;

use crate::rules::{Position, Side, Trace};

use canvas::Canvas;
use scene::Scene;
use theme::{Fonts, BACKGROUND, WIDTH};

pub use anim::{Event, Frame, StopKind};
pub use board::stone_spots;
pub use clock_face::ClockFaces;
pub use gif::{decode_gif, GifBand, GifDecodeError, ShownFrame, ShownGif};
pub use graph::{evaluation_graph_png, evaluation_graph_png_words};
pub use movie::{
    game_gif, move_gif, move_gif_still, moves_gif, GameGifOptions, GameRecord, GifError,
    MAX_GIF_BYTES, MOVE_GIF_SCALE, PLY_CS,
};
pub use pool::{Pictures, PoolError, RenderPool, Urgency, LATER_QUEUE_LIMIT};
pub use table::{table_png, table_text, Column, Table, TableRow};
pub use text::{board_text, board_text_with, board_text_words, Ending};
pub use words::{fill, Describer, PictureWords};

/// The frame model of animations (frames, pacing limits), for tests and tools.
pub mod frames {
    pub use super::anim::{
        conserves_seeds, duration_cs, move_frames, raw_frames, FINAL_HOLD_CS, MAX_DURATION_CS,
        MAX_FRAMES,
    };
}

/// What to draw besides the position itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderOptions {
    /// Whose rows are at the bottom of the picture (South by default).
    pub viewer: Side,
    /// The move that led to the position, drawn highlighted when `highlight` is on.
    pub trace: Option<Trace>,
    /// Player names, South's first; `None` shows just the sides.
    pub names: Option<[String; 2]>,
    /// Whether to highlight the last move (needs `trace`).
    pub highlight: bool,
    /// The ply number (moves played so far), shown in the header.
    pub ply: Option<u32>,
    /// Why the game ended when the rules do not know it (`resignation`, `timeout`, `agreed
    /// draw`); shown in the banner, and the status then says the game is over. Without it the
    /// reason comes from the trace or [`Position::end_reason`].
    pub result_text: Option<String>,
    /// An extra line under the board (for instance a deadline).
    pub caption: Option<String>,
    /// A line under each player's name, South's first: their rating (`1500?`) or its
    /// change (`1500 → 1662 (+162)`); `None` draws no such line.
    pub ratings: Option<[String; 2]>,
    /// Both players' clocks, drawn under their names (on the ratings' line), the running one
    /// marked; `None` for a game without a clock.
    pub clocks: Option<ClockFaces>,
    /// The picture's own words (side names, header, legend, the move's trace), English by
    /// default; the app gives them in the reader's language.
    pub words: PictureWords,
}

impl Default for RenderOptions {
    fn default() -> RenderOptions {
        RenderOptions {
            viewer: Side::South,
            trace: None,
            names: None,
            highlight: true,
            ply: None,
            result_text: None,
            caption: None,
            ratings: None,
            clocks: None,
            words: PictureWords::default(),
        }
    }
}

/// Draws `pos` as a PNG and returns the encoded bytes: 1000 px wide, 640-850 px high
/// (more caption lines make it taller), an indexed PNG in the board palette of typically
/// 25-40 KB (`cargo bench --bench render` gives sizes and times).
pub fn board_png(pos: &Position, opts: &RenderOptions) -> Vec<u8> {
    png::palette_png(&board_pixmap(pos, opts))
}

/// The picture [`board_png`] encodes, in truecolour.
pub(crate) fn board_pixmap(pos: &Position, opts: &RenderOptions) -> tiny_skia::Pixmap {
    let fonts = Fonts::load();
    let scene = Scene::new(pos, opts, &fonts);
    let mut canvas = Canvas::new(WIDTH as u32, scene.height as u32, BACKGROUND, fonts);
    scene.draw(&mut canvas);
    canvas.into_pixmap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picture_is_a_png_of_the_announced_width() {
        let png = board_png(&Position::default(), &RenderOptions::default());
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let img = image::load_from_memory(&png).unwrap();
        assert_eq!(img.width(), WIDTH as u32);
        assert!(png.len() < 200 * 1024, "{} bytes", png.len());
    }
}
