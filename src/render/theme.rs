//! The look of every picture: the colours, the board's sizes and layout, the sizes of the
//! table and graph pictures, and the bundled fonts. The drawing code reads them from here, and
//! the GIF palette ([`super::palette`]) holds the colours exactly.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};

use super::canvas::{Rgba, Weight};

// Board geometry (layout units: pixels of a full-size picture).
/// The width of a board picture.
pub(crate) const WIDTH: f32 = 1000.0;
pub(crate) const MARGIN: f32 = 16.0;
/// The header: players, hands, phase, turn and ply.
pub(crate) const HEADER: f32 = 100.0;
/// Extra header height for the players' rating line.
pub(crate) const RATING_LINE: f32 = 32.0;
/// The game-over banner under the header.
pub(crate) const BANNER: f32 = 64.0;
/// One pit's square cell.
pub(crate) const CELL: f32 = 116.0;
pub(crate) const BOARD_PAD: f32 = 20.0;
/// The groove between the two players' halves.
pub(crate) const MID_GAP: f32 = 16.0;
pub(crate) const BOARD_H: f32 = 4.0 * CELL + 2.0 * BOARD_PAD + MID_GAP;
pub(crate) const PIT_R: f32 = 46.0;
/// Half the side of a nyumba's square.
pub(crate) const HOUSE_HALF: f32 = 40.0;
pub(crate) const STONE_R: f32 = 8.0;
/// Stones drawn per pit at most; beyond that the pit shows a full heap and its count.
pub(crate) const MAX_STONES: usize = 15;
pub(crate) const CAPTION_SIZE: f32 = 24.0;
pub(crate) const CAPTION_LINE: f32 = 34.0;

// Colours.
pub(crate) const BACKGROUND: Rgba = Rgba::hex(0x2b2f36);
pub(crate) const INK: Rgba = Rgba::hex(0xf2e8d5);
pub(crate) const DIM_INK: Rgba = Rgba::hex(0xa9a294);
pub(crate) const WOOD: Rgba = Rgba::hex(0xab723e);
pub(crate) const WOOD_EDGE: Rgba = Rgba::hex(0x5a3518);
/// The board's grain lines, faint on the wood.
pub(crate) const GRAIN: Rgba = Rgba::hex(0x7a4a22).alpha(40);
pub(crate) const BOWL_IN: Rgba = Rgba::hex(0x5c361a);
pub(crate) const BOWL_OUT: Rgba = Rgba::hex(0x3f2410);
/// Pit names (always drawn translucent).
pub(crate) const LABEL: Rgba = Rgba::hex(0xfbeedd);
pub(crate) const BADGE: Rgba = Rgba::hex(0xf6ead2);
pub(crate) const BADGE_INK: Rgba = Rgba::hex(0x3a2210);
pub(crate) const HOUSE_FRAME: Rgba = Rgba::hex(0xfff3d6);
pub(crate) const TAKASIA: Rgba = Rgba::hex(0xff7a1a);
pub(crate) const START: Rgba = Rgba::hex(0x4da3ff);
pub(crate) const CAPTURED: Rgba = Rgba::hex(0xff4d4d);
pub(crate) const ENTERED: Rgba = Rgba::hex(0x4fd27a);
pub(crate) const ENDED: Rgba = Rgba::hex(0xffd23f);
pub(crate) const BANNER_BG: Rgba = Rgba::hex(0xf0c24b);
pub(crate) const BANNER_INK: Rgba = Rgba::hex(0x2a1a08);
pub(crate) const STONES: [Rgba; 3] = [
    Rgba::hex(0xe9e2d0),
    Rgba::hex(0xd6cdb8),
    Rgba::hex(0xc9c2b4),
];
/// The shadow under each stone, and the glint on it.
pub(crate) const STONE_SHADOW: Rgba = Rgba(20, 10, 0, 110);
pub(crate) const STONE_GLINT: Rgba = Rgba::hex(0xffffff).alpha(170);
/// The plot of the evaluation graph, and the stripes and highlight of a table.
pub(crate) const PANEL: Rgba = Rgba::hex(0x353a42);

/// The evaluation graph's layout and colours (besides the board's).
pub(crate) mod graph {
    use super::{Rgba, BADGE, WIDTH, WOOD};

    pub(crate) const HEIGHT: f32 = 600.0;
    pub(crate) const PLOT_LEFT: f32 = 92.0;
    pub(crate) const PLOT_RIGHT: f32 = WIDTH - 24.0;
    pub(crate) const PLOT_TOP: f32 = 128.0;
    pub(crate) const PLOT_BOTTOM: f32 = 530.0;
    pub(crate) const GRID: Rgba = Rgba::hex(0x4a505a);
    /// South's side of the curve (the light seeds' colour) and North's (the board's wood).
    pub(crate) const SOUTH_FILL: Rgba = BADGE.alpha(150);
    pub(crate) const NORTH_FILL: Rgba = WOOD.alpha(190);
    pub(crate) const SOUTH_SWATCH: Rgba = BADGE;
}

/// The table picture's layout.
pub(crate) mod table {
    pub(crate) const WIDTH: f32 = 800.0;
    pub(crate) const MARGIN: f32 = 24.0;
    pub(crate) const PAD: f32 = 14.0;
    pub(crate) const TITLE_SIZE: f32 = 30.0;
    pub(crate) const SUBTITLE_SIZE: f32 = 21.0;
    pub(crate) const HEAD_SIZE: f32 = 20.0;
    pub(crate) const CELL_SIZE: f32 = 25.0;
    pub(crate) const FOOT_SIZE: f32 = 20.0;
    pub(crate) const ROW_H: f32 = 44.0;
    pub(crate) const GAP_H: f32 = 26.0;
    pub(crate) const FOOT_LINE: f32 = 30.0;
}

/// DejaVu Sans, regular and bold (licence: assets/DejaVu-LICENSE.txt).
static REGULAR: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

/// Cap height of DejaVu Sans as a fraction of ab_glyph's pixel scale (ascent - descent):
/// 1493 / 2384 font units. Used to centre text vertically.
pub(crate) const CAP_HEIGHT: f32 = 1493.0 / 2384.0;

/// The two bundled fonts, for measuring and drawing text.
#[derive(Clone)]
pub(crate) struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
}

impl Fonts {
    /// Parses the bundled fonts (cheap: the tables are read lazily).
    pub fn load() -> Fonts {
        Fonts {
            regular: FontRef::try_from_slice(REGULAR).expect("bundled font parses"),
            bold: FontRef::try_from_slice(BOLD).expect("bundled font parses"),
        }
    }

    pub(super) fn get(&self, weight: Weight) -> &FontRef<'static> {
        match weight {
            Weight::Regular => &self.regular,
            Weight::Bold => &self.bold,
        }
    }

    /// Width in pixels of `text` at `size` (ab_glyph pixel scale).
    pub fn width(&self, text: &str, size: f32, weight: Weight) -> f32 {
        let font = self.get(weight).as_scaled(PxScale::from(size));
        let mut width = 0.0;
        let mut prev = None;
        for ch in text.chars() {
            let id = font.glyph_id(ch);
            if let Some(p) = prev {
                width += font.kern(p, id);
            }
            width += font.h_advance(id);
            prev = Some(id);
        }
        width
    }

    /// Splits `text` into lines no wider than `max` pixels, breaking at spaces.
    pub fn wrap(&self, text: &str, size: f32, weight: Weight, max: f32) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        let mut line = String::new();
        for word in text.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if !line.is_empty() && self.width(&candidate, size, weight) > max {
                lines.push(std::mem::take(&mut line));
                line = word.to_string();
            } else {
                line = candidate;
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
        lines
    }
}
