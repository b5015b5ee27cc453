//! Board pictures: a position (and the move that led to it) drawn as a PNG in memory, and a
//! plain-text board for terminals.
//!
//! The picture is 1000 px wide, made to stay legible when Discord shows it about 500 px wide
//! on a phone: the 4 x 8 pits as bowls on a wooden board with the viewer's rows at the
//! bottom, every pit labelled in its top-left corner and its seed count in a badge at its
//! bottom-right, the two nyumba drawn square (framed and roofed while owned), the takasia
//! target with a dotted ring and a `T`, the last move's pits ringed, a header with players,
//! hands, phase, turn and ply, and a banner once the game is over.
//!
//! Pure computation: no file or network access. Text uses the bundled DejaVu Sans.

mod anim;
mod canvas;
mod gif;
mod graph;
mod movie;
mod table;
mod text;

use std::collections::HashMap;
use std::sync::OnceLock;

use tiny_skia::Pixmap;

use crate::rules::{Direction, Pit, Position, Row, Side, Step, Trace, Variant};

use canvas::{Align, Canvas, Fill, Fonts, Rgba, Weight};

pub use anim::{Event, Frame, StopKind};
pub use graph::evaluation_graph_png;
pub use movie::{
    game_gif, move_gif, moves_gif, GameGifOptions, GameRecord, GifError, MAX_GIF_BYTES, PLY_CS,
};
pub use table::{table_png, table_text, Column, Table, TableRow};
pub use text::{board_text, board_text_with, Ending};

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
        }
    }
}

/// Draws `pos` as a PNG and returns the encoded bytes: 1000 px wide, 640-850 px high
/// (more caption lines make it taller), typically 80-150 KB; about 5 ms in a release build (`cargo bench --bench render`).
pub fn board_png(pos: &Position, opts: &RenderOptions) -> Vec<u8> {
    let fonts = Fonts::load();
    let scene = Scene::new(pos, opts, &fonts);
    let mut canvas = Canvas::new(WIDTH as u32, scene.height as u32, BACKGROUND, fonts);
    scene.draw(&mut canvas);
    canvas.into_png()
}

// Geometry (pixels).
const WIDTH: f32 = 1000.0;
const MARGIN: f32 = 16.0;
const HEADER: f32 = 100.0;
/// Extra header height for the players' rating line.
const RATING_LINE: f32 = 32.0;
const BANNER: f32 = 64.0;
const CELL: f32 = 116.0;
const BOARD_PAD: f32 = 20.0;
const MID_GAP: f32 = 16.0;
const BOARD_H: f32 = 4.0 * CELL + 2.0 * BOARD_PAD + MID_GAP;
const PIT_R: f32 = 46.0;
const HOUSE_HALF: f32 = 40.0;
const STONE_R: f32 = 8.0;
/// Stones drawn per pit at most; beyond that the pit shows a full heap and its count.
const MAX_STONES: usize = 15;
const CAPTION_SIZE: f32 = 24.0;
const CAPTION_LINE: f32 = 34.0;

// Colours.
const BACKGROUND: Rgba = Rgba::hex(0x2b2f36);
const INK: Rgba = Rgba::hex(0xf2e8d5);
const DIM_INK: Rgba = Rgba::hex(0xa9a294);
const WOOD: Rgba = Rgba::hex(0xab723e);
const WOOD_EDGE: Rgba = Rgba::hex(0x5a3518);
const BOWL_IN: Rgba = Rgba::hex(0x5c361a);
const BOWL_OUT: Rgba = Rgba::hex(0x3f2410);
const LABEL: Rgba = Rgba::hex(0xfbeedd);
const BADGE: Rgba = Rgba::hex(0xf6ead2);
const BADGE_INK: Rgba = Rgba::hex(0x3a2210);
const HOUSE_FRAME: Rgba = Rgba::hex(0xfff3d6);
const TAKASIA: Rgba = Rgba::hex(0xff7a1a);
const START: Rgba = Rgba::hex(0x4da3ff);
const CAPTURED: Rgba = Rgba::hex(0xff4d4d);
const ENTERED: Rgba = Rgba::hex(0x4fd27a);
const ENDED: Rgba = Rgba::hex(0xffd23f);
const BANNER_BG: Rgba = Rgba::hex(0xf0c24b);
const BANNER_INK: Rgba = Rgba::hex(0x2a1a08);
const STONES: [Rgba; 3] = [
    Rgba::hex(0xe9e2d0),
    Rgba::hex(0xd6cdb8),
    Rgba::hex(0xc9c2b4),
];

/// Where a pit is drawn: (row from the top 0..4, column from the left 0..8). The viewer's
/// front row is row 2 and back row row 3, numbered 1..8 from the left; the opponent's rows
/// are turned round (row 1 front, row 0 back, numbered 8..1 from the left).
fn grid(viewer: Side, pit: Pit) -> (usize, usize) {
    let n = pit.number() as usize;
    match (pit.side() == viewer, pit.row()) {
        (true, Row::Front) => (2, n - 1),
        (true, Row::Back) => (3, n - 1),
        (false, Row::Front) => (1, 8 - n),
        (false, Row::Back) => (0, 8 - n),
    }
}

/// A ring drawn round a pit.
#[derive(Clone, Copy)]
struct Ring {
    color: Rgba,
    dotted: bool,
}

/// A small coloured tag at a pit's top-right corner.
struct Tag {
    text: String,
    color: Rgba,
}

/// Marks on one pit.
#[derive(Default)]
struct PitMarks {
    rings: Vec<Ring>,
    tags: Vec<Tag>,
}

/// One legend entry of the last-move line.
struct LegendItem {
    color: Rgba,
    word: &'static str,
}

/// Everything worked out before drawing: marks, texts, and the picture's height.
struct Scene<'a> {
    pos: &'a Position,
    opts: &'a RenderOptions,
    marks: HashMap<Pit, PitMarks>,
    legend: Vec<LegendItem>,
    banner: Option<String>,
    status: String,
    takasia_line: Option<String>,
    move_lines: Vec<String>,
    caption_lines: Vec<String>,
    header: f32,
    board_y: f32,
    height: f32,
}

impl<'a> Scene<'a> {
    fn new(pos: &'a Position, opts: &'a RenderOptions, fonts: &Fonts) -> Scene<'a> {
        let mut marks: HashMap<Pit, PitMarks> = HashMap::new();
        let mut legend = Vec::new();
        let trace = opts.trace.as_ref().filter(|_| opts.highlight);
        if let Some(trace) = trace {
            legend = last_move_marks(trace, opts.viewer, &mut marks);
        }
        let takasia = pos.takasia().filter(|_| !pos.is_over());
        if let Some(t) = takasia {
            let m = marks.entry(t).or_default();
            m.rings.insert(
                0,
                Ring {
                    color: TAKASIA,
                    dotted: true,
                },
            );
            m.tags.insert(
                0,
                Tag {
                    text: "T".into(),
                    color: TAKASIA,
                },
            );
        }

        let who = |side: Side| match &opts.names {
            Some(names) => format!("{} ({})", short(&names[side.index()]), side.name()),
            None => side.name().to_string(),
        };
        let reason = opts.result_text.clone().or_else(|| {
            opts.trace
                .as_ref()
                .and_then(|t| t.game_end())
                .filter(|(w, _)| Some(*w) == pos.winner())
                .map(|(_, r)| r.words().to_string())
                .or_else(|| pos.end_reason().map(|r| r.words().to_string()))
        });
        let banner = match (pos.winner(), &reason) {
            (Some(w), Some(r)) => Some(format!("{} wins \u{b7} {r}", who(w))),
            (Some(w), None) => Some(format!("{} wins", who(w))),
            (None, Some(r)) => Some(r.clone()),
            (None, None) => None,
        };

        let mut status = Vec::new();
        if pos.variant() == Variant::Kujifunza {
            status.push("KUJIFUNZA".to_string());
        }
        // The default rule set (v0.2) is not marked, as in the position line.
        if pos.rules() != crate::rules::RuleSet::V02 {
            status.push(format!("rules {}", pos.rules()).to_uppercase());
        }
        // A stored result without a winner on the board (agreed draw, abandonment) is over too.
        if pos.is_over() || opts.result_text.is_some() {
            status.push("GAME OVER".to_string());
        } else {
            if pos.variant() == Variant::Kiswahili {
                status.push(pos.phase().label().to_string());
            }
            status.push(format!("{} to move", who(pos.turn())));
        }
        if let Some(ply) = opts.ply {
            status.push(format!("ply {ply}"));
        }
        let status = status.join("  \u{b7}  ");

        let text_w = WIDTH - 2.0 * MARGIN;
        let takasia_line = takasia.map(|t| format!("takasia: {t} may not be started this turn"));
        let move_lines = trace
            .map(|t| fonts.wrap(&t.describe(), CAPTION_SIZE, Weight::Regular, text_w))
            .unwrap_or_default();
        let caption_lines = opts
            .caption
            .as_deref()
            .map(|c| fonts.wrap(c, CAPTION_SIZE, Weight::Regular, text_w))
            .unwrap_or_default();

        let header = HEADER
            + if opts.ratings.is_some() {
                RATING_LINE
            } else {
                0.0
            };
        let board_y = header + if banner.is_some() { BANNER } else { 0.0 };
        let mut lines = caption_lines.len() + move_lines.len();
        if takasia_line.is_some() {
            lines += 1;
        }
        if trace.is_some() {
            lines += 1; // the legend line
        }
        let height = board_y + BOARD_H + 14.0 + lines as f32 * CAPTION_LINE + 10.0;
        Scene {
            pos,
            opts,
            marks,
            legend,
            banner,
            status,
            takasia_line,
            move_lines,
            caption_lines,
            header,
            board_y,
            height: height.ceil(),
        }
    }

    /// Top-left corner of a pit's cell.
    fn cell(&self, pit: Pit) -> (f32, f32) {
        cell_at(self.opts.viewer, pit, MARGIN, self.board_y)
    }

    fn draw(&self, c: &mut Canvas) {
        self.draw_header(c);
        self.draw_banner(c);
        c.copy_opaque(
            board_layer_at(self.opts.viewer, self.pos.variant(), c.scale()),
            MARGIN as u32,
            self.board_y as u32,
        );
        for side in Side::ALL {
            for pit in Pit::all_of(side) {
                self.draw_pit(c, pit);
            }
        }
        self.draw_captions(c);
    }

    /// The game-over banner under the header, if there is one.
    fn draw_banner(&self, c: &mut Canvas) {
        if let Some(banner) = &self.banner {
            let y = self.header;
            c.fill_round_rect(
                MARGIN,
                y + 4.0,
                WIDTH - 2.0 * MARGIN,
                BANNER - 12.0,
                10.0,
                &Fill::Solid(BANNER_BG),
            );
            // 28 px, smaller if a long text from the app would not fit.
            let room = WIDTH - 2.0 * MARGIN - 24.0;
            let wide = c.text_width(banner, 28.0, Weight::Bold);
            let size = if wide > room {
                28.0 * room / wide
            } else {
                28.0
            };
            c.text_centered(
                banner,
                WIDTH / 2.0,
                y + 4.0 + (BANNER - 12.0) / 2.0,
                size,
                Weight::Bold,
                BANNER_INK,
            );
        }
    }

    fn draw_header(&self, c: &mut Canvas) {
        let pos = self.pos;
        let viewer = self.opts.viewer;
        // Line 1: the viewer's player on the left, the opponent on the right.
        let y = 40.0;
        for (side, left) in [(viewer, true), (!viewer, false)] {
            let to_move = !pos.is_over() && pos.turn() == side;
            let won = pos.winner() == Some(side);
            let name = match &self.opts.names {
                Some(names) => fit(c, &short(&names[side.index()]), 28.0, 260.0),
                None => side.name().to_string(),
            };
            let mut detail = Vec::new();
            if self.opts.names.is_some() {
                detail.push(side.name().to_string());
            }
            if pos.variant() == Variant::Kiswahili {
                detail.push(format!("hand {}", pos.hand(side)));
            }
            let detail = detail.join("  \u{b7}  ");
            let name_w = c.text_width(&name, 28.0, Weight::Bold);
            let detail_w = c.text_width(&detail, 22.0, Weight::Regular);
            let total = 26.0 + name_w + 14.0 + detail_w;
            let x0 = if left { MARGIN } else { WIDTH - MARGIN - total };
            let dot_x = x0 + 10.0;
            let dot_y = y - Canvas::cap_height(28.0) / 2.0;
            if to_move {
                c.fill_circle(dot_x, dot_y, 9.0, &Fill::Solid(ENTERED));
            } else if won {
                c.fill_circle(dot_x, dot_y, 9.0, &Fill::Solid(BANNER_BG));
            } else {
                c.stroke_circle(dot_x, dot_y, 8.0, DIM_INK, 2.0, None);
            }
            let ink = if to_move || won { INK } else { DIM_INK };
            c.text(&name, x0 + 26.0, y, 28.0, Weight::Bold, ink, Align::Left);
            c.text(
                &detail,
                x0 + 26.0 + name_w + 14.0,
                y,
                22.0,
                Weight::Regular,
                DIM_INK,
                Align::Left,
            );
            if let Some(ratings) = &self.opts.ratings {
                // Under the name, or ending under the detail's end on the right.
                let text = &ratings[side.index()];
                let ink = if text.contains("(+") {
                    ENTERED
                } else if text.contains("(\u{2212}") {
                    CAPTURED
                } else {
                    DIM_INK
                };
                let w = c.text_width(text, 22.0, Weight::Bold);
                let x = if left {
                    x0 + 26.0
                } else {
                    (WIDTH - MARGIN - w).min(x0 + 26.0)
                };
                c.text(text, x, y + 32.0, 22.0, Weight::Bold, ink, Align::Left);
            }
        }
        // Line 2: phase, turn, ply.
        c.text(
            &self.status,
            WIDTH / 2.0,
            84.0 + self.header - HEADER,
            23.0,
            Weight::Bold,
            INK,
            Align::Center,
        );
    }

    fn draw_pit(&self, c: &mut Canvas, pit: Pit) {
        let (x, y) = self.cell(pit);
        let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
        let seeds = self.pos.seeds(pit);
        if pit.is_house() && self.pos.owns_house(pit.side()) {
            // Owned: a light frame and a roof mark above.
            let (hx, hy, side) = (cx - HOUSE_HALF, cy - HOUSE_HALF, 2.0 * HOUSE_HALF);
            c.stroke_round_rect(hx, hy, side, side, 10.0, HOUSE_FRAME, 4.0, None);
            c.fill_triangle(
                (cx - 17.0, hy - 4.0),
                (cx, hy - 14.0),
                (cx + 17.0, hy - 4.0),
                HOUSE_FRAME,
            );
        }

        // Rings of the last move and the takasia target, from the inside out.
        if let Some(marks) = self.marks.get(&pit) {
            for (i, ring) in marks.rings.iter().enumerate() {
                let grow = 4.5 + 6.0 * i as f32;
                let dash = ring.dotted.then_some([6.0, 5.0]);
                if pit.is_house() && self.pos.variant().has_nyumba() {
                    let h = HOUSE_HALF + grow + if i == 0 { 3.0 } else { 0.0 };
                    c.stroke_round_rect(
                        cx - h,
                        cy - h,
                        2.0 * h,
                        2.0 * h,
                        14.0,
                        ring.color,
                        3.5,
                        dash,
                    );
                } else {
                    c.stroke_circle(cx, cy, PIT_R + grow, ring.color, 3.5, dash);
                }
            }
        }

        if self.marks.get(&pit).is_some_and(|m| !m.rings.is_empty()) {
            // Outer rings may cross the name: write it again on top.
            draw_label(c, pit, x, y);
        }

        self.draw_stones(c, cx, cy, seeds);

        // Count badge at the bottom-right, always.
        let count = seeds.to_string();
        let size = 26.0;
        let tw = c.text_width(&count, size, Weight::Bold);
        let (bw, bh) = ((tw + 14.0).max(32.0), 30.0);
        let (bx, by) = (x + CELL - bw - 2.0, y + CELL - bh - 2.0);
        if seeds == 0 {
            c.text_centered(
                &count,
                bx + bw / 2.0,
                by + bh / 2.0,
                size,
                Weight::Bold,
                LABEL.alpha(120),
            );
        } else {
            c.fill_round_rect(bx, by, bw, bh, bh / 2.0, &Fill::Solid(BADGE));
            c.text_centered(
                &count,
                bx + bw / 2.0,
                by + bh / 2.0,
                size,
                Weight::Bold,
                BADGE_INK,
            );
        }

        // Tags at the top-right, right to left.
        if let Some(marks) = self.marks.get(&pit) {
            let mut right = x + CELL - 2.0;
            for tag in &marks.tags {
                let tw = c.text_width(&tag.text, 19.0, Weight::Bold);
                let w = (tw + 12.0).max(24.0);
                c.fill_round_rect(right - w, y + 2.0, w, 24.0, 12.0, &Fill::Solid(tag.color));
                c.text_centered(
                    &tag.text,
                    right - w / 2.0,
                    y + 14.0,
                    19.0,
                    Weight::Bold,
                    BADGE_INK,
                );
                right -= w + 3.0;
            }
        }
    }

    fn draw_stones(&self, c: &mut Canvas, cx: f32, cy: f32, seeds: u8) {
        let n = (seeds as usize).min(MAX_STONES);
        for (i, (dx, dy)) in stone_spots(n).enumerate() {
            // Whole-pixel centres: every stone then has the same anti-aliased edge, which
            // the PNG's deflate finds again and again (a quarter off the file size).
            let sx = (cx + dx).round();
            let sy = (cy + dy).round();
            let color = STONES[i % STONES.len()];
            c.fill_circle(
                sx + 1.0,
                sy + 2.0,
                STONE_R,
                &Fill::Solid(Rgba(20, 10, 0, 110)),
            );
            c.fill_circle(sx, sy, STONE_R, &Fill::Solid(color));
            c.fill_circle(
                sx - 2.5,
                sy - 2.5,
                2.5,
                &Fill::Solid(Rgba::hex(0xffffff).alpha(170)),
            );
        }
    }

    fn draw_captions(&self, c: &mut Canvas) {
        let mut y = self.board_y + BOARD_H + 14.0;
        let base = |y: f32| y + CAPTION_LINE / 2.0 + Canvas::cap_height(CAPTION_SIZE) / 2.0;
        if let Some(line) = &self.takasia_line {
            let cy = y + CAPTION_LINE / 2.0;
            c.stroke_circle(MARGIN + 14.0, cy, 12.0, TAKASIA, 2.5, Some([4.0, 3.0]));
            c.text_centered("T", MARGIN + 14.0, cy, 16.0, Weight::Bold, TAKASIA);
            c.text(
                line,
                MARGIN + 36.0,
                base(y),
                CAPTION_SIZE,
                Weight::Bold,
                TAKASIA,
                Align::Left,
            );
            y += CAPTION_LINE;
        }
        if self.opts.highlight && self.opts.trace.is_some() {
            let cy = y + CAPTION_LINE / 2.0;
            let mut x = MARGIN;
            x += c.text(
                "Last move",
                x,
                base(y),
                CAPTION_SIZE,
                Weight::Bold,
                INK,
                Align::Left,
            );
            x += 22.0;
            for item in &self.legend {
                c.stroke_circle(x + 10.0, cy, 9.0, item.color, 3.5, None);
                x += 26.0;
                x += c.text(
                    item.word,
                    x,
                    base(y),
                    21.0,
                    Weight::Regular,
                    DIM_INK,
                    Align::Left,
                );
                x += 20.0;
            }
            y += CAPTION_LINE;
            for line in &self.move_lines {
                c.text(
                    line,
                    MARGIN,
                    base(y),
                    CAPTION_SIZE,
                    Weight::Regular,
                    INK,
                    Align::Left,
                );
                y += CAPTION_LINE;
            }
        }
        for line in &self.caption_lines {
            c.text(
                line,
                MARGIN,
                base(y),
                CAPTION_SIZE,
                Weight::Regular,
                DIM_INK,
                Align::Left,
            );
            y += CAPTION_LINE;
        }
    }
}

/// Top-left corner of a pit's cell on a board whose top-left corner is (`x`, `y`).
fn cell_at(viewer: Side, pit: Pit, x: f32, y: f32) -> (f32, f32) {
    let (row, col) = grid(viewer, pit);
    let cx = x + BOARD_PAD + col as f32 * CELL;
    let mut cy = y + BOARD_PAD + row as f32 * CELL;
    if row >= 2 {
        cy += MID_GAP;
    }
    (cx, cy)
}

/// The empty board of `variant` as `viewer` sees it, drawn at `scale` (1, or 0.5 for a game's
/// GIF): wood, bowls (the nyumba square where the variant has one) and pit names. It never
/// changes, so it is drawn once and copied into every picture (about a third of the drawing
/// time).
fn board_layer_at(viewer: Side, variant: Variant, scale: f32) -> &'static Pixmap {
    static LAYERS: [OnceLock<Pixmap>; 8] = [const { OnceLock::new() }; 8];
    let half = scale < 1.0;
    let k = viewer.index() * 4 + usize::from(variant.has_nyumba()) * 2 + usize::from(half);
    LAYERS[k].get_or_init(|| draw_board_layer(viewer, variant, if half { 0.5 } else { 1.0 }))
}

fn draw_board_layer(viewer: Side, variant: Variant, scale: f32) -> Pixmap {
    let w = WIDTH - 2.0 * MARGIN;
    let mut c = Canvas::scaled(w as u32, BOARD_H as u32, BACKGROUND, Fonts::load(), scale);
    c.fill_round_rect(0.0, 0.0, w, BOARD_H, 18.0, &Fill::Solid(WOOD));
    // A few quiet grain lines.
    for i in 0..9 {
        let gy = 30.0 + i as f32 * 57.0 + (i % 3) as f32 * 7.0;
        c.line(
            14.0,
            gy,
            w - 14.0,
            gy + 3.0,
            Rgba::hex(0x7a4a22).alpha(40),
            2.0,
        );
    }
    c.stroke_round_rect(2.0, 2.0, w - 4.0, BOARD_H - 4.0, 16.0, WOOD_EDGE, 4.0, None);
    // The groove between the two players' halves.
    let mid = BOARD_PAD + 2.0 * CELL + MID_GAP / 2.0;
    c.line(12.0, mid, w - 12.0, mid, WOOD_EDGE.alpha(200), 3.0);
    for side in Side::ALL {
        for pit in Pit::all_of(side) {
            let (x, y) = cell_at(viewer, pit, 0.0, 0.0);
            let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
            let c = &mut c;
            // Bowls: a dark rim and a lighter floor, lower down (flat fills keep the PNG small).
            if pit.is_house() && variant.has_nyumba() {
                let (hx, hy, side) = (cx - HOUSE_HALF, cy - HOUSE_HALF, 2.0 * HOUSE_HALF);
                c.fill_round_rect(hx, hy, side, side, 10.0, &Fill::Solid(BOWL_OUT));
                c.fill_round_rect(
                    hx + 6.0,
                    hy + 9.0,
                    side - 12.0,
                    side - 13.0,
                    7.0,
                    &Fill::Solid(BOWL_IN),
                );
                c.stroke_round_rect(hx, hy, side, side, 10.0, WOOD_EDGE.alpha(160), 2.0, None);
            } else {
                c.fill_circle(cx, cy, PIT_R, &Fill::Solid(BOWL_OUT));
                c.fill_circle(cx, cy + 4.0, PIT_R - 7.0, &Fill::Solid(BOWL_IN));
                c.stroke_circle(cx, cy, PIT_R, WOOD_EDGE.alpha(160), 2.0, None);
            }

            draw_label(c, pit, x, y);
        }
    }
    c.into_pixmap()
}

/// A pit's name in the top-left corner of its cell at (`x`, `y`).
fn draw_label(c: &mut Canvas, pit: Pit, x: f32, y: f32) {
    c.text(
        &pit.to_string(),
        x + 3.0,
        y + 17.0,
        20.0,
        Weight::Bold,
        LABEL.alpha(215),
        Align::Left,
    );
}

/// Works out the last move's marks: the start pit (with `+1` for a seed from hand), the
/// captured opponent pits (`−n`), the kichwa the captured seeds entered (an arrow pointing
/// the way they were sown) and the pit where the move ended. Returns the legend.
fn last_move_marks(
    trace: &Trace,
    viewer: Side,
    marks: &mut HashMap<Pit, PitMarks>,
) -> Vec<LegendItem> {
    let mut legend = vec![LegendItem {
        color: START,
        word: "start",
    }];
    let start = trace.start_pit();
    let from_hand = trace
        .steps
        .iter()
        .any(|s| matches!(s, Step::AddFromHand { .. }));
    let m = marks.entry(start).or_default();
    m.rings.push(Ring {
        color: START,
        dotted: false,
    });
    if from_hand {
        m.tags.push(Tag {
            text: "+1".into(),
            color: START,
        });
    }

    // Captured pits and the kichwa entered, each once, in order.
    let mut taken: Vec<(Pit, u32)> = Vec::new();
    let mut entered: Vec<(Pit, Direction)> = Vec::new();
    for (i, step) in trace.steps.iter().enumerate() {
        if let Step::Capture {
            from,
            seeds,
            kichwa,
            direction,
        } = *step
        {
            match taken.iter_mut().find(|(p, _)| *p == from) {
                Some((_, n)) => *n += seeds as u32,
                None => taken.push((from, seeds as u32)),
            }
            // A capture that wins the game is not sown: its seeds never enter the kichwa.
            let sown = trace.steps[i + 1..]
                .iter()
                .find_map(|s| match s {
                    Step::Drop { .. } => Some(true),
                    Step::GameEnd { .. } => Some(false),
                    _ => None,
                })
                .unwrap_or(false);
            if sown && !entered.iter().any(|&(p, d)| p == kichwa && d == direction) {
                entered.push((kichwa, direction));
            }
        }
    }
    if !taken.is_empty() {
        legend.push(LegendItem {
            color: CAPTURED,
            word: "captured",
        });
        legend.push(LegendItem {
            color: ENTERED,
            word: "entered",
        });
    }
    for (pit, n) in taken {
        let m = marks.entry(pit).or_default();
        m.rings.push(Ring {
            color: CAPTURED,
            dotted: false,
        });
        m.tags.push(Tag {
            text: format!("\u{2212}{n}"),
            color: CAPTURED,
        });
    }
    for (kichwa, direction) in entered {
        // RIGHT runs toward pit 8: screen-right in the viewer's own front row, screen-left
        // in the opponent's (turned round).
        let rightward = (direction == Direction::Right) == (kichwa.side() == viewer);
        let m = marks.entry(kichwa).or_default();
        if !m.rings.iter().any(|r| r.color == ENTERED) {
            m.rings.push(Ring {
                color: ENTERED,
                dotted: false,
            });
        }
        m.tags.push(Tag {
            text: if rightward { "\u{2192}" } else { "\u{2190}" }.into(),
            color: ENTERED,
        });
    }
    if let Some(end) = trace.last_pit() {
        legend.push(LegendItem {
            color: ENDED,
            word: "end",
        });
        marks.entry(end).or_default().rings.push(Ring {
            color: ENDED,
            dotted: false,
        });
    }
    legend
}

/// A player name cut to fit the header.
fn short(name: &str) -> String {
    const MAX: usize = 16;
    let name = name.trim();
    if name.chars().count() <= MAX {
        name.to_string()
    } else {
        let mut s: String = name.chars().take(MAX - 1).collect();
        s.push('\u{2026}');
        s
    }
}

/// `text` (bold, at `size`) cut with an ellipsis to at most `max` pixels wide.
fn fit(c: &Canvas, text: &str, size: f32, max: f32) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let mut out = text.to_string();
    while c.text_width(&out, size, Weight::Bold) > max && chars.len() > 1 {
        chars.pop();
        out = chars.iter().collect::<String>() + "\u{2026}";
    }
    out
}

/// Stone centres on a hexagonal grid (17 px apart), in the order stones are laid: 2 side by
/// side, 3 in a triangle, 4 in a diamond, 7 in a hexagon, then a second ring.
const STONE_SPOTS: [(f32, f32); MAX_STONES] = [
    (0.0, 0.0),
    (17.0, 0.0),
    (8.5, -14.7),
    (8.5, 14.7),
    (-8.5, -14.7),
    (-8.5, 14.7),
    (-17.0, 0.0),
    (0.0, -29.4),
    (0.0, 29.4),
    (25.5, -14.7),
    (-25.5, 14.7),
    (25.5, 14.7),
    (-25.5, -14.7),
    (17.0, -29.4),
    (-17.0, 29.4),
];

/// The first `n` stone spots, shifted so the heap is centred in the bowl.
fn stone_spots(n: usize) -> impl Iterator<Item = (f32, f32)> {
    let spots = &STONE_SPOTS[..n.min(MAX_STONES)];
    let k = spots.len().max(1) as f32;
    let mx = spots.iter().map(|s| s.0).sum::<f32>() / k;
    let my = spots.iter().map(|s| s.1).sum::<f32>() / k;
    spots.iter().map(move |&(x, y)| (x - mx, y - my))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nyumba_is_square_only_where_the_variant_has_one() {
        // A point inside the nyumba's square but outside a round bowl's rim.
        let corner = |variant: Variant, pit: &str| {
            let pit: Pit = pit.parse().unwrap();
            let (x, y) = cell_at(Side::South, pit, 0.0, 0.0);
            let (px, py) = (
                x + CELL / 2.0 - HOUSE_HALF + 4.0,
                y + CELL / 2.0 - HOUSE_HALF + 4.0,
            );
            let layer = board_layer_at(Side::South, variant, 1.0);
            let i = (py as usize * layer.width() as usize + px as usize) * 4;
            let p = &layer.data()[i..i + 3];
            Rgba(p[0], p[1], p[2], 255)
        };
        // Bare wood there, give or take a grain line.
        let wood = |c: Rgba| {
            [c.0 as i32 - WOOD.0 as i32, c.1 as i32 - WOOD.1 as i32]
                .iter()
                .all(|d| d.abs() < 12)
        };
        for pit in ["A5", "a5"] {
            assert_eq!(
                corner(Variant::Kiswahili, pit),
                BOWL_OUT.alpha(255),
                "{pit}"
            );
            assert!(wood(corner(Variant::Kujifunza, pit)), "{pit}");
        }
        // Other pits are round in both.
        assert!(wood(corner(Variant::Kiswahili, "A4")));
    }

    #[test]
    fn south_view_matches_the_seed_guide() {
        let pit = |s: &str| s.parse::<Pit>().unwrap();
        assert_eq!(grid(Side::South, pit("b8")), (0, 0));
        assert_eq!(grid(Side::South, pit("a1")), (1, 7));
        assert_eq!(grid(Side::South, pit("A1")), (2, 0));
        assert_eq!(grid(Side::South, pit("B8")), (3, 7));
        // Facing front pits share a column.
        for n in 1..=8 {
            let a = Pit::front(Side::South, n);
            assert_eq!(
                grid(Side::South, a).1,
                grid(Side::South, a.facing().unwrap()).1
            );
        }
    }

    #[test]
    fn north_view_is_the_south_view_turned_round() {
        for side in Side::ALL {
            for pit in Pit::all_of(side) {
                let (r, c) = grid(Side::South, pit);
                assert_eq!(grid(Side::North, pit), (3 - r, 7 - c), "{pit}");
            }
        }
    }

    #[test]
    fn picture_is_a_png_of_the_announced_width() {
        let png = board_png(&Position::default(), &RenderOptions::default());
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let img = image::load_from_memory(&png).unwrap();
        assert_eq!(img.width(), WIDTH as u32);
        assert!(png.len() < 200 * 1024, "{} bytes", png.len());
    }

    fn played(before: &str, mv: &str) -> (Position, Trace) {
        let pos: Position = before.parse().unwrap();
        let (_, next, trace) = pos.play_text(mv).unwrap();
        (next, trace)
    }

    const CAPTURE: &str = "variant=kiswahili turn=S hand=19,19 house=N takasia=- \
        A=1,0,2,0,0,1,1,1 B=0,0,1,1,1,1,1,1 a=1,1,1,0,9,2,0,0 b=0,0,0,0,0,0,0,0";

    fn tags(marks: &HashMap<Pit, PitMarks>, pit: &str) -> Vec<String> {
        marks
            .get(&pit.parse::<Pit>().unwrap())
            .map(|m| m.tags.iter().map(|t| t.text.clone()).collect())
            .unwrap_or_default()
    }

    fn rings(marks: &HashMap<Pit, PitMarks>, pit: &str) -> Vec<Rgba> {
        marks
            .get(&pit.parse::<Pit>().unwrap())
            .map(|m| m.rings.iter().map(|r| r.color).collect())
            .unwrap_or_default()
    }

    #[test]
    fn last_move_marks_start_captures_kichwa_and_end() {
        // A3 + seed from hand captures a6 (2), a2 (1), a1 (1), each entering at A8 sowing
        // LEFT, and ends in A4.
        let (_, trace) = played(CAPTURE, "A3 right capture");
        let mut marks = HashMap::new();
        let legend = last_move_marks(&trace, Side::South, &mut marks);
        assert_eq!(tags(&marks, "A3"), ["+1"]);
        assert_eq!(rings(&marks, "A3"), [START]);
        assert_eq!(tags(&marks, "a6"), ["\u{2212}2"]);
        assert_eq!(tags(&marks, "a2"), ["\u{2212}1"]);
        assert_eq!(tags(&marks, "a1"), ["\u{2212}1"]);
        assert_eq!(rings(&marks, "a1"), [CAPTURED]);
        // Entered at A8, sown toward A1: leftward on South's screen.
        assert_eq!(tags(&marks, "A8"), ["\u{2190}"]);
        assert_eq!(rings(&marks, "A8"), [ENTERED]);
        assert_eq!(rings(&marks, "A4"), [ENDED]);
        assert_eq!(marks.len(), 6);
        let words: Vec<_> = legend.iter().map(|l| l.word).collect();
        assert_eq!(words, ["start", "captured", "entered", "end"]);

        // From North's side of the table the same sowing runs rightward.
        let mut marks = HashMap::new();
        last_move_marks(&trace, Side::North, &mut marks);
        assert_eq!(tags(&marks, "A8"), ["\u{2192}"]);
    }

    #[test]
    fn winning_capture_enters_no_kichwa() {
        // A made-up trace: a7 captured and sown from A1, then a1 captured, winning at once.
        let (_, mut trace) = played(CAPTURE, "A3 right capture");
        let pit = |s: &str| s.parse::<Pit>().unwrap();
        trace.steps = vec![
            Step::AddFromHand { pit: pit("A3") },
            Step::Capture {
                from: pit("a7"),
                seeds: 2,
                kichwa: pit("A1"),
                direction: Direction::Right,
            },
            Step::Drop { pit: pit("A1") },
            Step::Drop { pit: pit("A2") },
            Step::Capture {
                from: pit("a1"),
                seeds: 3,
                kichwa: pit("A8"),
                direction: Direction::Left,
            },
            Step::GameEnd {
                winner: Side::South,
                reason: crate::rules::EndReason::FrontRowEmptied,
            },
        ];
        let mut marks = HashMap::new();
        last_move_marks(&trace, Side::South, &mut marks);
        assert_eq!(rings(&marks, "A1"), [ENTERED]);
        assert_eq!(tags(&marks, "a1"), ["\u{2212}3"]);
        assert!(rings(&marks, "A8").is_empty());
        assert_eq!(rings(&marks, "A2"), [ENDED]);
    }

    #[test]
    fn takata_has_no_capture_marks() {
        let (_, trace) = played(&Position::default().to_string(), "A6 left");
        let mut marks = HashMap::new();
        let legend = last_move_marks(&trace, Side::South, &mut marks);
        assert_eq!(tags(&marks, "A6"), ["+1"]);
        assert_eq!(rings(&marks, "A3"), [ENDED]);
        assert_eq!(marks.len(), 2);
        assert_eq!(legend.len(), 2);
    }

    #[test]
    fn banner_reason_from_rules_or_from_the_app() {
        let fonts = Fonts::load();
        let over: Position = "variant=kiswahili turn=N hand=19,20 house=S takasia=- \
            A=0,1,3,2,8,0,1,0 B=0,0,0,0,0,0,1,1 a=0,0,0,0,0,0,0,0 b=0,0,0,0,0,0,0,0 winner=S"
            .parse()
            .unwrap();
        let opts = RenderOptions {
            names: Some(["Asha".into(), "Baraka".into()]),
            ..RenderOptions::default()
        };
        let scene = Scene::new(&over, &opts, &fonts);
        assert_eq!(
            scene.banner.as_deref(),
            Some("Asha (South) wins \u{b7} front row emptied")
        );
        assert!(scene.status.starts_with("GAME OVER"));

        let resigned = Position::default().with_winner(Side::North);
        let opts = RenderOptions {
            result_text: Some("resignation".into()),
            ..RenderOptions::default()
        };
        let scene = Scene::new(&resigned, &opts, &fonts);
        assert_eq!(
            scene.banner.as_deref(),
            Some("North wins \u{b7} resignation")
        );

        // An agreed draw leaves a running position: the status says it is over all the same.
        let drawn = RenderOptions {
            result_text: Some("agreed draw".into()),
            ..RenderOptions::default()
        };
        let running = Position::default();
        let scene = Scene::new(&running, &drawn, &fonts);
        assert_eq!(scene.banner.as_deref(), Some("agreed draw"));
        assert!(scene.status.starts_with("GAME OVER"), "{}", scene.status);
        assert!(!scene.status.contains("to move"), "{}", scene.status);

        let (start, plain) = (Position::default(), RenderOptions::default());
        let scene = Scene::new(&start, &plain, &fonts);
        assert_eq!(scene.banner, None);
        assert_eq!(scene.status, "NAMUA  \u{b7}  South to move");
    }

    #[test]
    fn takasia_target_gets_a_dotted_ring_and_a_caption() {
        let fonts = Fonts::load();
        let pos: Position = "variant=kiswahili turn=N hand=0,0 house=- takasia=a1 \
            A=0,0,0,0,0,0,0,1 B=1,1,0,3,2,1,2,0 a=4,5,1,4,5,12,3,2 b=1,0,2,5,3,1,2,3"
            .parse()
            .unwrap();
        let opts = RenderOptions::default();
        let scene = Scene::new(&pos, &opts, &fonts);
        let a1 = &scene.marks[&"a1".parse::<Pit>().unwrap()];
        assert!(a1.rings[0].dotted);
        assert_eq!(a1.tags[0].text, "T");
        assert_eq!(
            scene.takasia_line.as_deref(),
            Some("takasia: a1 may not be started this turn")
        );
    }

    #[test]
    fn highlight_off_draws_no_marks() {
        let fonts = Fonts::load();
        let (pos, trace) = played(CAPTURE, "A3 right capture");
        let opts = RenderOptions {
            trace: Some(trace),
            highlight: false,
            ..RenderOptions::default()
        };
        let scene = Scene::new(&pos, &opts, &fonts);
        assert!(scene.marks.is_empty());
        assert!(scene.move_lines.is_empty());
    }

    #[test]
    fn long_names_are_cut() {
        assert_eq!(short("Asha"), "Asha");
        let cut = short("A very long player name indeed");
        assert_eq!(cut.chars().count(), 16);
        assert!(cut.ends_with('\u{2026}'));
    }
}
