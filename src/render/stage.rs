//! The stage of an animation: the picture being animated, which redraws only the pits,
//! header lines and caption lines whose look changed (as lila-gif redraws only changed
//! squares) and reports those regions to the GIF, and the caption of each sowing frame.

use std::collections::HashMap;

use crate::rules::{LiftReason, Pit, Position, Side, Trace, Variant, MAX_RUNS};

use super::anim::{Event, Frame, StopKind};
use super::board::{board_layer_at, cell_at};
use super::canvas::{Align, Canvas, Rgba, Weight};
use super::gif::{GifBuilder, Rect};
use super::marks::{frame_marks, PitMarks};
use super::scene::{status_line, Scene};
use super::theme::{
    Fonts, BACKGROUND, BANNER, BOARD_H, CAPTION_LINE, CAPTION_SIZE, CELL, DIM_INK, INK, MARGIN,
    WIDTH,
};
use super::words::fill;
use super::RenderOptions;

pub(super) fn names_of(opts: &RenderOptions, side: Side) -> String {
    match &opts.names {
        Some(names) => names[side.index()].clone(),
        None => opts.words.side(side).to_string(),
    }
}

pub(super) fn full(height: u32) -> Rect {
    Rect {
        x0: 0,
        y0: 0,
        x1: WIDTH as u32,
        y1: height,
    }
}

/// At most this many drawn pits are kept for copying (about 27 MB at full size).
const MAX_DRAWN_PITS: usize = 512;

/// How one pit looks: redrawn only when this changes.
#[derive(Clone, PartialEq, Eq, Hash)]
struct PitLook {
    seeds: u8,
    owned: bool,
    rings: Vec<(Rgba, bool)>,
    tags: Vec<(String, Rgba)>,
}

/// The picture being animated, with what is drawn where, so that a frame redraws only what
/// changed and reports those regions.
pub(super) struct Stage {
    pub canvas: Canvas,
    pub fonts: Fonts,
    viewer: Side,
    variant: Variant,
    board_y: f32,
    caption_y: f32,
    height: u32,
    pits: HashMap<Pit, PitLook>,
    /// Pits already drawn, by how they looked: a look seen again is copied, not redrawn
    /// (the prerendered pieces of lila-gif, made as they are first needed).
    drawn: HashMap<(Pit, PitLook), Vec<u8>>,
    header: Option<String>,
    banner: Option<Option<String>>,
    caption: Option<Vec<String>>,
    dirty: Vec<Rect>,
    /// Draw in the steady look of game GIFs (see [`Scene::steady`]).
    pub steady: bool,
}

impl Stage {
    /// A stage of `height` layout units drawn at `scale` pixels per unit (1 or 0.5).
    pub fn new(
        viewer: Side,
        variant: Variant,
        board_y: f32,
        height: u32,
        fonts: Fonts,
        scale: f32,
    ) -> Stage {
        let mut canvas = Canvas::scaled(WIDTH as u32, height, BACKGROUND, fonts.clone(), scale);
        canvas.copy_opaque(
            board_layer_at(viewer, variant, scale),
            MARGIN as u32,
            board_y as u32,
        );
        Stage {
            canvas,
            fonts,
            viewer,
            variant,
            board_y,
            caption_y: board_y + BOARD_H + 14.0,
            height,
            pits: HashMap::new(),
            drawn: HashMap::new(),
            header: None,
            banner: None,
            caption: None,
            dirty: vec![full(height)],
            steady: false,
        }
    }

    /// Adds the picture as it is now to `gif`, shown `delay_cs`.
    pub fn emit(&mut self, gif: &mut GifBuilder, delay_cs: u16) {
        let scale = self.canvas.scale();
        let dirty: Vec<Rect> = std::mem::take(&mut self.dirty)
            .into_iter()
            .map(|r| Rect {
                x0: (r.x0 as f32 * scale).floor() as u32,
                y0: (r.y0 as f32 * scale).floor() as u32,
                x1: (r.x1 as f32 * scale).ceil() as u32,
                y1: (r.y1 as f32 * scale).ceil() as u32,
            })
            .collect();
        gif.push(self.canvas.pixmap(), &dirty, delay_cs);
    }

    /// Caption lines that fit under the board.
    fn caption_room(&self) -> usize {
        ((self.height as f32 - 10.0 - self.caption_y) / CAPTION_LINE).max(0.0) as usize
    }

    /// Brings the picture to `scene` (its board, marks, header and banner) with `caption`
    /// under the board (the first line bold).
    fn show(&mut self, scene: &Scene, caption: &[String]) {
        let viewer = self.viewer;
        let key = format!(
            "{}|{:?}|{:?}|{:?}|{:?}",
            scene.status, scene.pos.hand, scene.pos.turn, scene.pos.winner, scene.opts.names
        );
        // The header's height: more with the line for ratings and clocks.
        let head = scene.header;
        if self.header.as_ref() != Some(&key) {
            self.canvas
                .clear_rect(0, 0, WIDTH as u32, head as u32, BACKGROUND);
            scene.draw_header(&mut self.canvas);
            self.dirty.push(Rect::around(0.0, 0.0, WIDTH, head));
            self.header = Some(key);
        }
        if self.board_y > head && self.banner.as_ref() != Some(&scene.banner) {
            self.canvas
                .clear_rect(0, head as u32, WIDTH as u32, BANNER as u32, BACKGROUND);
            scene.draw_banner(&mut self.canvas);
            self.dirty.push(Rect::around(0.0, head, WIDTH, BANNER));
            self.banner = Some(scene.banner.clone());
        }
        let layer = board_layer_at(viewer, self.variant, self.canvas.scale());
        for side in Side::ALL {
            for pit in Pit::all_of(side) {
                let marks = scene.marks.get(&pit);
                let look = PitLook {
                    seeds: scene.pos.seeds(pit),
                    owned: pit.is_house() && scene.pos.owns_house(side),
                    rings: marks
                        .map(|m| m.rings.iter().map(|r| (r.color, r.dotted)).collect())
                        .unwrap_or_default(),
                    tags: marks
                        .map(|m| m.tags.iter().map(|t| (t.text.clone(), t.color)).collect())
                        .unwrap_or_default(),
                };
                if self.pits.get(&pit) == Some(&look) {
                    continue;
                }
                let (lx, ly) = cell_at(viewer, pit, 0.0, 0.0);
                let (x, y) = (MARGIN + lx, self.board_y + ly);
                let cell = (x as u32, y as u32, CELL as u32, CELL as u32);
                let key = (pit, look);
                if let Some(pixels) = self.drawn.get(&key) {
                    self.canvas
                        .put_pixels(cell.0, cell.1, cell.2, cell.3, pixels);
                } else {
                    self.canvas
                        .copy_part(layer, lx as u32, ly as u32, cell.2, cell.3, cell.0, cell.1);
                    scene.draw_pit(&mut self.canvas, pit);
                    if self.drawn.len() < MAX_DRAWN_PITS {
                        let pixels = self.canvas.pixels(cell.0, cell.1, cell.2, cell.3);
                        self.drawn.insert(key.clone(), pixels);
                    }
                }
                self.dirty.push(Rect::around(x, y, CELL, CELL));
                self.pits.insert(pit, key.1);
            }
        }
        if self.caption.as_deref() != Some(caption) {
            let y0 = self.caption_y as u32;
            self.canvas.clear_rect(
                0,
                y0,
                WIDTH as u32,
                self.height.saturating_sub(y0),
                BACKGROUND,
            );
            let mut y = self.caption_y;
            for (i, line) in caption.iter().take(self.caption_room()).enumerate() {
                let base = y + CAPTION_LINE / 2.0 + Canvas::cap_height(CAPTION_SIZE) / 2.0;
                let (weight, ink) = if i == 0 {
                    (Weight::Bold, INK)
                } else {
                    (Weight::Regular, DIM_INK)
                };
                let text = cut(
                    &self.fonts,
                    line,
                    CAPTION_SIZE,
                    weight,
                    WIDTH - 2.0 * MARGIN,
                );
                self.canvas
                    .text(&text, MARGIN, base, CAPTION_SIZE, weight, ink, Align::Left);
                y += CAPTION_LINE;
            }
            self.dirty.push(Rect::around(
                0.0,
                self.caption_y,
                WIDTH,
                self.height as f32 - self.caption_y,
            ));
            self.caption = Some(caption.to_vec());
        }
    }

    /// One frame of a move's sowing.
    pub fn show_frame(
        &mut self,
        f: &Frame,
        before: &Position,
        trace: &Trace,
        opts: &RenderOptions,
        header: &str,
    ) {
        let pos = f.position(before, trace.mover);
        let marks = frame_marks(f, before, trace, self.viewer);
        // A drop keeps the caption of its run (the count left to sow is on the pit), so that
        // the frame changes only the pits around the seed.
        let caption = match (f.event, &self.caption) {
            (Event::Drop { .. }, Some(current)) => current.clone(),
            _ => vec![frame_note(f, before, trace, opts)],
        };
        let scene = bare_scene(&pos, opts, marks, header.to_string(), self);
        self.show(&scene, &caption);
    }

    /// The board after a move as the still shows it, with one caption line under it.
    pub fn show_still(&mut self, pos: &Position, opts: &RenderOptions, line: &str) {
        let scene = Scene::new(pos, opts, &self.fonts);
        let scene = bare_scene(pos, opts, scene.marks, scene.status, self);
        self.show(&scene, &[line.to_string()]);
    }

    /// One ply of a game: the still's board, header and banner, and one caption line.
    pub fn show_ply(&mut self, pos: &Position, opts: &RenderOptions, line: &str) {
        let full_scene = Scene::new(pos, opts, &self.fonts);
        let status = if self.steady {
            status_line(pos, opts, true)
        } else {
            full_scene.status
        };
        let mut scene = bare_scene(pos, opts, full_scene.marks, status, self);
        scene.banner = full_scene.banner;
        self.show(&scene, &[line.to_string()]);
    }
}

/// A scene for drawing parts of a frame: `pos` with `marks`, the header `status`, no captions.
fn bare_scene<'a>(
    pos: &'a Position,
    opts: &'a RenderOptions,
    marks: HashMap<Pit, PitMarks>,
    status: String,
    stage: &Stage,
) -> Scene<'a> {
    Scene {
        pos,
        opts,
        marks,
        legend: Vec::new(),
        banner: None,
        status,
        takasia_line: None,
        move_lines: Vec::new(),
        caption_lines: Vec::new(),
        header: super::scene::header_height(opts),
        board_y: stage.board_y,
        height: stage.height as f32,
        steady: stage.steady,
    }
}

/// `text` cut with an ellipsis to at most `max` pixels wide.
fn cut(fonts: &Fonts, text: &str, size: f32, weight: Weight, max: f32) -> String {
    if fonts.width(text, size, weight) <= max {
        return text.to_string();
    }
    // The longest start that fits with the ellipsis after it (widths of starts add up but
    // for kerning, which the final check includes).
    let room = max - fonts.width("\u{2026}", size, weight);
    let mut end = 0;
    let mut width = 0.0;
    let mut buf = [0u8; 4];
    for (i, ch) in text.char_indices() {
        width += fonts.width(ch.encode_utf8(&mut buf), size, weight);
        if width > room {
            break;
        }
        end = i + ch.len_utf8();
    }
    let mut chars: Vec<char> = text[..end].chars().collect();
    let mut out = format!("{}\u{2026}", text[..end].trim_end());
    while fonts.width(&out, size, weight) > max && chars.len() > 1 {
        chars.pop();
        out = chars.iter().collect::<String>() + "\u{2026}";
    }
    out
}

/// The caption line of one sowing frame.
fn frame_note(f: &Frame, before: &Position, trace: &Trace, opts: &RenderOptions) -> String {
    let w = &opts.words;
    let who = names_of(opts, trace.mover);
    let to_sow = |n: u8| match n {
        0 => String::new(),
        1 => format!(" \u{b7} {}", w.one_seed_to_sow),
        n => format!(" \u{b7} {}", fill(&w.seeds_to_sow, &[("seeds", &n)])),
    };
    match f.event {
        Event::Before => fill(
            &w.plays,
            &[("name", &who), ("move", &w.say_move(&trace.mv))],
        ),
        Event::FromHand { pit } => {
            let hand = f.hand[trace.mover.index()];
            fill(
                &w.from_hand,
                &[("name", &who), ("pit", &pit), ("hand", &hand)],
            )
        }
        Event::Lift {
            pit,
            seeds,
            reason,
            direction,
        } => {
            let what = match reason {
                LiftReason::Start => &w.lifts,
                LiftReason::TwoPiece => &w.lifts_two_piece,
                LiftReason::Relay => &w.lifts_relay,
                LiftReason::HouseUse => &w.lifts_house,
            };
            fill(
                what,
                &[
                    ("seeds", &seeds),
                    ("pit", &pit),
                    ("direction", &w.direction(direction)),
                ],
            )
        }
        Event::Drop { pit } => {
            format!("{}{}", fill(&w.sows_into, &[("pit", &pit)]), to_sow(f.held))
        }
        Event::Capture {
            from,
            seeds,
            kichwa,
            won,
        } => {
            if won {
                fill(&w.captures_won, &[("seeds", &seeds), ("from", &from)])
            } else {
                fill(
                    &w.captures,
                    &[("seeds", &seeds), ("from", &from), ("kichwa", &kichwa)],
                )
            }
        }
        Event::Lap { run, runs, pit } => {
            fill(&w.lap, &[("run", &run), ("runs", &runs), ("pit", &pit)])
        }
        Event::Stop { pit, why } => fill(
            match why {
                StopKind::Empty => &w.stop_empty,
                StopKind::House => &w.stop_house,
                StopKind::HouseChoice => &w.stop_house_choice,
                StopKind::Takasia => &w.stop_takasia,
            },
            &[("pit", &pit)],
        ),
        Event::GameEnd {
            winner,
            never_ending,
        } => {
            let name = names_of(opts, winner);
            if never_ending {
                fill(&w.never_ending, &[("runs", &MAX_RUNS), ("name", &name)])
            } else {
                fill(&w.wins, &[("side", &name)])
            }
        }
        Event::Final => {
            let _ = before;
            w.describe.describe(trace)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::theme::HEADER;

    /// The pixels of `pit`'s cell on the stage.
    fn cell_pixels(stage: &Stage, pit: Pit) -> Vec<u8> {
        let (x, y) = cell_at(stage.viewer, pit, MARGIN, stage.board_y);
        stage
            .canvas
            .pixels(x as u32, y as u32, CELL as u32, CELL as u32)
    }

    /// How many pixels of a pit's cell one ply changes, where the pit gains a seed and no
    /// mark, in the steady look or the PNG's.
    fn changed_by_a_seed(steady: bool) -> usize {
        let start = Position::start(Variant::Kujifunza);
        let mv = start.legal_moves()[0];
        let (after, trace) = start.play(&mv).unwrap();
        let mover = trace.mover;
        let opts = RenderOptions {
            trace: Some(trace),
            ply: Some(1),
            ..RenderOptions::default()
        };
        let marks = Scene::new(&after, &opts, &Fonts::load()).marks;
        let pit = Pit::all_of(mover)
            .find(|&p| !marks.contains_key(&p) && after.seeds(p) == start.seeds(p) + 1)
            .expect("the move sows a seed into an unmarked pit");
        let height = (HEADER + BOARD_H + 60.0) as u32;
        let fonts = Fonts::load();
        let mut stage = Stage::new(Side::South, Variant::Kujifunza, HEADER, height, fonts, 0.5);
        stage.steady = steady;
        stage.show_ply(&start, &RenderOptions::default(), "start");
        let before = cell_pixels(&stage, pit);
        stage.show_ply(&after, &opts, "ply 1");
        let now = cell_pixels(&stage, pit);
        before
            .chunks_exact(4)
            .zip(now.chunks_exact(4))
            .filter(|(a, b)| a != b)
            .count()
    }

    #[test]
    fn in_the_steady_look_a_seed_added_leaves_the_other_stones_where_they_lie() {
        let (steady, recentred) = (changed_by_a_seed(true), changed_by_a_seed(false));
        assert!(steady > 0, "the new stone and count are drawn");
        assert!(
            steady * 2 < recentred,
            "steady {steady} pixels, re-centred {recentred}"
        );
    }
}
