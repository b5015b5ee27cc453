//! The board scene: a position drawn with its marks (the last move's rings and tags, the
//! takasia target's dotted ring and `T`, owned nyumba framed and roofed), the seeds in their
//! bowls with count badges, the header (players, hands, phase, turn, ply, ratings), the
//! game-over banner and the caption lines under the board.

use std::collections::HashMap;

use crate::rules::{Pit, Position, Side, Variant};

use super::board::{board_layer_at, cell_at, draw_label, steady_stone_spots, stone_spots};
use super::canvas::{Align, Canvas, Fill, Rgba, Weight};
use super::marks::{last_move_marks, LegendItem, PitMarks, Ring, Tag};
use super::theme::{
    Fonts, BADGE, BADGE_INK, BANNER, BANNER_BG, BANNER_INK, BOARD_H, CAPTION_LINE, CAPTION_SIZE,
    CAPTURED, CELL, DIM_INK, ENTERED, HEADER, HOUSE_FRAME, HOUSE_HALF, INK, LABEL, MARGIN,
    MAX_STONES, PIT_R, RATING_LINE, STONES, STONE_GLINT, STONE_R, STONE_SHADOW, TAKASIA, WIDTH,
};
use super::words::fill;
use super::RenderOptions;

/// Everything worked out before drawing: marks, texts, and the picture's height.
pub(super) struct Scene<'a> {
    pub pos: &'a Position,
    pub opts: &'a RenderOptions,
    pub marks: HashMap<Pit, PitMarks>,
    pub legend: Vec<LegendItem>,
    pub banner: Option<String>,
    pub status: String,
    pub takasia_line: Option<String>,
    pub move_lines: Vec<String>,
    pub caption_lines: Vec<String>,
    pub header: f32,
    pub board_y: f32,
    pub height: f32,
    /// The steady look of game GIFs: stones where they lie ([`steady_stone_spots`]), so that
    /// one ply changes few pixels.
    pub steady: bool,
}

impl<'a> Scene<'a> {
    pub fn new(pos: &'a Position, opts: &'a RenderOptions, fonts: &Fonts) -> Scene<'a> {
        let mut marks: HashMap<Pit, PitMarks> = HashMap::new();
        let mut legend = Vec::new();
        let trace = opts.trace.as_ref().filter(|_| opts.highlight);
        if let Some(trace) = trace {
            legend = last_move_marks(trace, opts.viewer, &mut marks);
        }
        let takasia = pos.takasia().filter(|_| !pos.is_over());
        if let Some(t) = takasia {
            let m = marks.entry(t).or_default();
            m.rings.insert(0, Ring::dotted(TAKASIA));
            m.tags.insert(0, Tag::new("T", TAKASIA));
        }

        let w = &opts.words;
        let who = |side: Side| match &opts.names {
            Some(names) => format!("{} ({})", short(&names[side.index()]), w.side(side)),
            None => w.side(side).to_string(),
        };
        let reason = opts.result_text.clone().or_else(|| {
            opts.trace
                .as_ref()
                .and_then(|t| t.game_end())
                .filter(|(w, _)| Some(*w) == pos.winner())
                .map(|(_, r)| w.end_reason(r).to_string())
                .or_else(|| pos.end_reason().map(|r| w.end_reason(r).to_string()))
        });
        let banner = match (pos.winner(), &reason) {
            (Some(side), Some(r)) => Some(format!(
                "{} \u{b7} {r}",
                fill(&w.wins, &[("side", &who(side))])
            )),
            (Some(side), None) => Some(fill(&w.wins, &[("side", &who(side))])),
            (None, Some(r)) => Some(r.clone()),
            (None, None) => None,
        };

        let status = status_line(pos, opts, false);

        let text_w = WIDTH - 2.0 * MARGIN;
        let takasia_line = takasia.map(|t| fill(&w.takasia, &[("pit", &t)]));
        let move_lines = trace
            .map(|t| {
                fonts.wrap(
                    &w.describe.describe(t),
                    CAPTION_SIZE,
                    Weight::Regular,
                    text_w,
                )
            })
            .unwrap_or_default();
        let caption_lines = opts
            .caption
            .as_deref()
            .map(|c| fonts.wrap(c, CAPTION_SIZE, Weight::Regular, text_w))
            .unwrap_or_default();

        let header = header_height(opts);
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
            steady: false,
        }
    }

    /// Top-left corner of a pit's cell.
    fn cell(&self, pit: Pit) -> (f32, f32) {
        cell_at(self.opts.viewer, pit, MARGIN, self.board_y)
    }

    pub fn draw(&self, c: &mut Canvas) {
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
    pub fn draw_banner(&self, c: &mut Canvas) {
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

    pub fn draw_header(&self, c: &mut Canvas) {
        let pos = self.pos;
        let viewer = self.opts.viewer;
        let words = &self.opts.words;
        // Line 1: the viewer's player on the left, the opponent on the right.
        let y = 40.0;
        for (side, left) in [(viewer, true), (!viewer, false)] {
            let to_move = !pos.is_over() && pos.turn() == side;
            let won = pos.winner() == Some(side);
            let (name, size) = match &self.opts.names {
                Some(names) => header_name(c, &names[side.index()], 260.0),
                None => (words.side(side).to_string(), 28.0),
            };
            let mut detail = Vec::new();
            if self.opts.names.is_some() {
                detail.push(words.side(side).to_string());
            }
            if pos.variant() == Variant::Kiswahili {
                detail.push(fill(&words.hand, &[("seeds", &pos.hand(side))]));
            }
            let detail = detail.join("  \u{b7}  ");
            let name_w = c.text_width(&name, size, Weight::Bold);
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
            // The steady look keeps both names' ink: the dot alone shows the turn.
            let ink = if to_move || won || self.steady {
                INK
            } else {
                DIM_INK
            };
            c.text(&name, x0 + 26.0, y, size, Weight::Bold, ink, Align::Left);
            c.text(
                &detail,
                x0 + 26.0 + name_w + 14.0,
                y,
                22.0,
                Weight::Regular,
                DIM_INK,
                Align::Left,
            );
            // Under the name: the clock, then the rating (on the right: the rating, then the
            // clock at the margin).
            let mut room = (x0 + 26.0, WIDTH - MARGIN);
            if let Some(faces) = &self.opts.clocks {
                // The running clock is the side to move's (in a move's animation too).
                let mut faces = faces.clone();
                if faces.running.is_some() {
                    faces.running = (!pos.is_over()).then_some(pos.turn());
                }
                let faces = &faces;
                let w = super::clock_face::pill_width(c, faces, side);
                let x = if left { room.0 } else { room.1 - w };
                super::clock_face::draw_pill(c, faces, side, x, y + 32.0);
                if left {
                    room.0 += w + 16.0;
                } else {
                    room.1 -= w + 16.0;
                }
            }
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
                    room.0
                } else if self.opts.clocks.is_some() {
                    room.1 - w
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

    pub fn draw_pit(&self, c: &mut Canvas, pit: Pit) {
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

        // Rings of the last move and the takasia target, from the inside out (crisp in the
        // steady look).
        c.set_crisp(self.steady);
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

        c.set_crisp(false);
        if self.marks.get(&pit).is_some_and(|m| !m.rings.is_empty()) {
            // Outer rings may cross the name: write it again on top.
            draw_label(c, pit, x, y);
        }

        self.draw_stones(c, cx, cy, seeds);

        // Count badge at the bottom-right, always (but for an empty pit in the steady look:
        // its bowl is plainly empty, and a faint 0 drawn and erased as pits empty and fill
        // costs a game GIF bytes every ply).
        if seeds > 0 || !self.steady {
            let count = seeds.to_string();
            let size = 26.0;
            let tw = c.text_width(&count, size, Weight::Bold);
            let (bw, bh) = ((tw + 14.0).max(32.0), 30.0);
            let (bx, by) = (x + CELL - bw - 2.0, y + CELL - bh - 2.0);
            // An empty pit's 0 is faint on the wood; other counts are on a badge.
            let ink = if seeds == 0 {
                LABEL.alpha(120)
            } else {
                c.fill_round_rect(bx, by, bw, bh, bh / 2.0, &Fill::Solid(BADGE));
                BADGE_INK
            };
            let (mx, my) = (bx + bw / 2.0, by + bh / 2.0);
            c.text_centered(&count, mx, my, size, Weight::Bold, ink);
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
        let spots: Vec<(f32, f32)> = if self.steady {
            steady_stone_spots(n).collect()
        } else {
            stone_spots(n).collect()
        };
        for (i, &(dx, dy)) in spots.iter().enumerate() {
            // Whole-pixel centres: every stone then has the same anti-aliased edge, which
            // the PNG's deflate finds again and again (a quarter off the file size).
            let sx = (cx + dx).round();
            let sy = (cy + dy).round();
            let color = STONES[i % STONES.len()];
            // The steady look's stones are flat: at half size the shadow is a pixel's crescent
            // and the glint a pixel or two, which every stone added or taken changes.
            if !self.steady {
                c.fill_circle(sx + 1.0, sy + 2.0, STONE_R, &Fill::Solid(STONE_SHADOW));
            }
            c.fill_circle(sx, sy, STONE_R, &Fill::Solid(color));
            if !self.steady {
                c.fill_circle(sx - 2.5, sy - 2.5, 2.5, &Fill::Solid(STONE_GLINT));
            }
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
                &self.opts.words.last_move,
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
                let w = &self.opts.words;
                let word = match item.word {
                    "start" => &w.mark_start,
                    "captured" => &w.mark_captured,
                    "entered" => &w.mark_entered,
                    _ => &w.mark_end,
                };
                x += c.text(
                    word,
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
                plain_line(c, line, base(y), INK);
                y += CAPTION_LINE;
            }
        }
        for line in &self.caption_lines {
            plain_line(c, line, base(y), DIM_INK);
            y += CAPTION_LINE;
        }
    }
}

/// The header's second line: variant, rule set, phase, who is to move and the ply, or
/// `GAME OVER`. In the `steady` look of game GIFs, without who is to move (the dot by the
/// name shows it) and the ply (the caption has it), so that it changes only with the phase.
pub(super) fn status_line(pos: &Position, opts: &RenderOptions, steady: bool) -> String {
    let w = &opts.words;
    let who = |side: Side| match &opts.names {
        Some(names) => format!("{} ({})", short(&names[side.index()]), w.side(side)),
        None => w.side(side).to_string(),
    };
    let mut status = Vec::new();
    if pos.variant() == Variant::Kujifunza {
        status.push("KUJIFUNZA".to_string());
    }
    // The default rule set (v0.2) is not marked, as in the position line.
    if pos.rules() != crate::rules::RuleSet::V02 {
        status.push(fill(&w.rules, &[("rules", &pos.rules())]).to_uppercase());
    }
    // A stored result without a winner on the board (agreed draw, abandonment) is over too.
    if pos.is_over() || opts.result_text.is_some() {
        status.push(w.game_over.clone());
    } else {
        if pos.variant() == Variant::Kiswahili {
            status.push(pos.phase().label().to_string());
        }
        if !steady {
            status.push(fill(&w.to_move, &[("side", &who(pos.turn()))]));
        }
    }
    if let Some(ply) = opts.ply.filter(|_| !steady) {
        status.push(fill(&w.ply, &[("ply", &ply)]));
    }
    status.join("  \u{b7}  ")
}

/// A caption line in plain text at the margin, its baseline at `y`.
fn plain_line(c: &mut Canvas, line: &str, y: f32, ink: Rgba) {
    c.text(
        line,
        MARGIN,
        y,
        CAPTION_SIZE,
        Weight::Regular,
        ink,
        Align::Left,
    );
}

/// A player name cut to fit the header.
pub(super) fn short(name: &str) -> String {
    short_to(name, 16)
}

/// `name` cut with an ellipsis to at most `max` characters.
fn short_to(name: &str, max: usize) -> String {
    let name = name.trim();
    if name.chars().count() <= max {
        name.to_string()
    } else {
        let mut s: String = name.chars().take(max - 1).collect();
        s.push('\u{2026}');
        s
    }
}

/// A player's name in a header and its size: whole at 28 px where it fits in `max` pixels,
/// else drawn smaller (down to 22 px) before it is cut, so that a name such as the AI's
/// `Kompyuta (wastani)` stays whole.
pub(super) fn header_name(c: &Canvas, name: &str, max: f32) -> (String, f32) {
    let name = short_to(name, 20);
    let full = c.text_width(&name, 28.0, Weight::Bold);
    let size = if full > max {
        (28.0 * max / full).max(22.0)
    } else {
        28.0
    };
    (fit(c, &name, size, max), size)
}

/// The header's height: the names and the status line, and the line under the names for
/// the ratings and the clocks when there are any.
pub(super) fn header_height(opts: &RenderOptions) -> f32 {
    HEADER
        + if opts.ratings.is_some() || opts.clocks.is_some() {
            RATING_LINE
        } else {
            0.0
        }
}

/// `text` (bold, at `size`) cut with an ellipsis to at most `max` pixels wide.
pub(super) fn fit(c: &Canvas, text: &str, size: f32, max: f32) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let mut out = text.to_string();
    while c.text_width(&out, size, Weight::Bold) > max && chars.len() > 1 {
        chars.pop();
        out = chars.iter().collect::<String>() + "\u{2026}";
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::marks::tests::{played, CAPTURE};

    #[test]
    fn the_steady_status_line_changes_only_with_the_phase() {
        let opts = RenderOptions {
            names: Some(["Asha".into(), "Baraka".into()]),
            ply: Some(7),
            ..RenderOptions::default()
        };
        let pos = Position::default();
        assert_eq!(
            status_line(&pos, &opts, false),
            "NAMUA  \u{b7}  Asha (South) to move  \u{b7}  ply 7"
        );
        assert_eq!(status_line(&pos, &opts, true), "NAMUA");
        let over = pos.with_winner(Side::North);
        assert_eq!(status_line(&over, &opts, true), "GAME OVER");
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

    #[test]
    fn a_header_name_shrinks_before_it_is_cut() {
        let c = Canvas::new(10, 10, super::super::theme::BACKGROUND, Fonts::load());
        let (name, size) = header_name(&c, "Kompyuta (wastani)", 260.0);
        assert_eq!(name, "Kompyuta (wastani)");
        assert!((22.0..28.0).contains(&size), "{size}");
        assert!(c.text_width(&name, size, Weight::Bold) <= 260.0);
        assert_eq!(header_name(&c, "Asha", 260.0), ("Asha".to_string(), 28.0));
        let (cut, _) = header_name(&c, "A very long player name indeed", 260.0);
        assert!(cut.ends_with('\u{2026}'), "{cut}");
    }
}
