//! Animated GIFs of moves and games, drawn from the frame model ([`super::anim`]).
//!
//! The board is drawn once; each later frame redraws only the pits, header lines and caption
//! lines whose look changed (as lila-gif redraws only changed squares), and the GIF frame
//! holds only the pixels that changed. The last frame of a move animation is the still
//! picture of [`super::board_png`], drawn whole by the same code.

use std::collections::HashMap;
use std::sync::OnceLock;

use thiserror::Error;

use crate::rules::{IllegalMove, Move, Pit, Position, Side, Trace, Variant};

use super::anim::{self, Event, Frame, StopKind};
use super::canvas::{Align, Canvas, Fonts, Rgba, Weight};
use super::gif::{GifBuilder, Palette, Rect};
use super::{
    board_layer_at, cell_at, PitMarks, RenderOptions, Ring, Scene, Tag, BACKGROUND, BANNER,
    BOARD_H, CAPTION_LINE, CAPTION_SIZE, CAPTURED, CELL, DIM_INK, ENDED, ENTERED, HEADER,
    HOUSE_FRAME, INK, MARGIN, START, TAKASIA, WIDTH,
};

/// Discord's attachment limit (10 MiB): no GIF made here is ever larger.
pub const MAX_GIF_BYTES: usize = 10 * 1024 * 1024;

/// How long each ply of a game GIF is shown, by default (hundredths of a second).
pub const PLY_CS: u16 = 100;

/// Between two moves of one animation (the player's move, then the AI's reply), the board
/// after the first is held this long.
const BETWEEN_MOVES_CS: u16 = 120;

/// Why a GIF could not be made.
#[derive(Debug, Error)]
pub enum GifError {
    /// A move of the record is not legal where it is played.
    #[error("ply {ply}: {source}")]
    Illegal {
        /// The ply (1-based) of the move.
        ply: u32,
        /// Why.
        source: IllegalMove,
    },
    /// The range of plies asked for is not in the game.
    #[error("plies {from} to {to} are not in a game of {plies} plies: ask for 0 <= from <= to <= {plies}")]
    Range {
        /// First ply asked for.
        from: u32,
        /// Last ply asked for.
        to: u32,
        /// Plies in the game.
        plies: u32,
    },
    /// The GIF would be larger than Discord takes.
    #[error("the GIF would be {bytes} bytes, more than the {MAX_GIF_BYTES}-byte limit: ask for fewer plies or no sowing")]
    TooLarge {
        /// Its size.
        bytes: usize,
    },
}

/// A game for [`game_gif`]: where it starts and the moves played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The start position.
    pub start: Position,
    /// The moves, in order.
    pub moves: Vec<Move>,
}

/// How [`game_gif`] draws a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameGifOptions {
    /// Whose rows are at the bottom.
    pub viewer: Side,
    /// Player names, South's first.
    pub names: Option<[String; 2]>,
    /// The first ply shown (the position after it; 0 is the start position).
    pub from: u32,
    /// The last ply shown (`None`: the end of the record).
    pub to: Option<u32>,
    /// Whether to animate the sowing inside each ply (else one frame per ply).
    pub sowing: bool,
    /// The winner when the rules do not know it (resignation, timeout).
    pub winner: Option<Side>,
    /// Why the game ended, for the banner (`resignation`).
    pub result_text: Option<String>,
    /// How long each ply is shown (hundredths of a second).
    pub ply_cs: u16,
    /// Draw the GIF at half size (500 px wide): a quarter of the pixels to encode, about a
    /// third of the bytes; what Discord shows on a phone anyway.
    pub half_size: bool,
}

impl Default for GameGifOptions {
    fn default() -> GameGifOptions {
        GameGifOptions {
            viewer: Side::South,
            names: None,
            from: 0,
            to: None,
            sowing: false,
            winner: None,
            result_text: None,
            ply_cs: PLY_CS,
            half_size: true,
        }
    }
}

/// The animation of `mv` played from `before`: the sowing seed by seed (compressed for long
/// moves), ending on the still picture [`super::board_png`] draws of the position after it
/// with `opts` (its `trace` is set to this move's; `ply` should be the ply after the move).
pub fn move_gif(
    before: &Position,
    mv: &Move,
    opts: &RenderOptions,
) -> Result<Vec<u8>, IllegalMove> {
    moves_gif(before, std::slice::from_ref(mv), opts)
}

/// One animation of several moves played in a row from `before` (a player's move, then the
/// AI's reply), each sown in turn, ending on the still picture of the last position with the
/// last move highlighted. The frame and time limits hold for the whole animation.
pub fn moves_gif(
    before: &Position,
    moves: &[Move],
    opts: &RenderOptions,
) -> Result<Vec<u8>, IllegalMove> {
    let mut plies = Vec::with_capacity(moves.len());
    let mut pos = *before;
    for mv in moves {
        let (next, trace) = pos.play(mv)?;
        plies.push((pos, trace));
        pos = next;
    }
    let fonts = Fonts::load();
    let mut still_opts = opts.clone();
    still_opts.trace = plies.last().map(|(_, t)| t.clone());
    let still = Scene::new(&pos, &still_opts, &fonts);
    let height = still.height as u32;
    let mut stage = Stage::new(
        opts.viewer,
        before.variant(),
        still.board_y,
        height,
        fonts.clone(),
        1.0,
    );
    let mut gif = GifBuilder::new(WIDTH as u32, height, palette());

    let n = plies.len().max(1);
    let holds = (n - 1) as u32 * BETWEEN_MOVES_CS as u32 + anim::FINAL_HOLD_CS as u32;
    let max_frames = (anim::MAX_FRAMES - n) / n;
    let max_cs = (anim::MAX_DURATION_CS.saturating_sub(holds)) / n as u32;
    let last_ply = opts.ply;
    for (k, (before_k, trace)) in plies.iter().enumerate() {
        let ply_before = last_ply.map(|p| p.saturating_sub((n - k) as u32));
        let frames = anim::paced_frames(before_k, trace, max_frames, max_cs);
        let header = Scene::new(
            before_k,
            &RenderOptions {
                ply: ply_before,
                trace: None,
                caption: None,
                result_text: None,
                ..opts.clone()
            },
            &stage.fonts,
        )
        .status;
        for f in &frames {
            stage.show_frame(f, before_k, trace, opts, &header);
            stage.emit(&mut gif, f.delay_cs);
        }
        if k + 1 < plies.len() {
            // The board after this move, highlighted, before the next move starts.
            let after = plies[k + 1].0;
            let ply_after = ply_before.map(|p| p + 1);
            let hold_opts = RenderOptions {
                ply: ply_after,
                trace: Some(trace.clone()),
                caption: None,
                result_text: None,
                ..opts.clone()
            };
            let name = names_of(opts, trace.mover);
            stage.show_still(&after, &hold_opts, &format!("{name}: {}", trace.describe()));
            stage.emit(&mut gif, BETWEEN_MOVES_CS);
        }
    }
    // The last frame is the still picture, drawn whole.
    let mut canvas = Canvas::new(WIDTH as u32, height, BACKGROUND, stage.fonts.clone());
    still.draw(&mut canvas);
    gif.push(canvas.pixmap(), &[full(height)], anim::FINAL_HOLD_CS);
    Ok(gif.finish())
}

/// A game (or plies `from..=to` of it) as a GIF: one frame per ply showing the position after
/// it with its move highlighted, optionally with the sowing of each ply, the last frame held.
pub fn game_gif(record: &GameRecord, opts: &GameGifOptions) -> Result<Vec<u8>, GifError> {
    let plies = record.moves.len() as u32;
    let to = opts.to.unwrap_or(plies);
    if opts.from > to || to > plies {
        return Err(GifError::Range {
            from: opts.from,
            to,
            plies,
        });
    }
    // Every position and trace up to `to`.
    let mut positions = vec![record.start];
    let mut traces: Vec<Trace> = Vec::new();
    for (i, mv) in record.moves.iter().take(to as usize).enumerate() {
        let pos = positions[i];
        let (next, trace) = pos.play(mv).map_err(|source| GifError::Illegal {
            ply: i as u32 + 1,
            source,
        })?;
        positions.push(next);
        traces.push(trace);
    }
    let shown = |p: u32| {
        let pos = positions[p as usize];
        match opts.winner {
            Some(w) if p == plies && pos.winner().is_none() => pos.with_winner(w),
            _ => pos,
        }
    };
    let last = shown(to);
    let fonts = Fonts::load();
    let board_y = HEADER + if last.is_over() { BANNER } else { 0.0 };
    let height = (board_y + BOARD_H + 14.0 + 2.0 * CAPTION_LINE + 10.0).ceil() as u32;
    let scale = if opts.half_size { 0.5 } else { 1.0 };
    let mut stage = Stage::new(
        opts.viewer,
        record.start.variant(),
        board_y,
        height,
        fonts,
        scale,
    );
    if opts.half_size {
        stage.canvas = stage.canvas.coarse_text();
    }
    let pixels = stage.canvas.pixmap();
    let mut gif = GifBuilder::new(pixels.width(), pixels.height(), palette());
    let render = RenderOptions {
        viewer: opts.viewer,
        names: opts.names.clone(),
        ..RenderOptions::default()
    };
    for p in opts.from..=to {
        if opts.sowing && p > opts.from {
            let (before, trace) = (&positions[p as usize - 1], &traces[p as usize - 1]);
            let header = Scene::new(
                before,
                &RenderOptions {
                    ply: Some(p - 1),
                    ..render.clone()
                },
                &stage.fonts,
            )
            .status;
            let budget = anim::MAX_DURATION_CS - anim::FINAL_HOLD_CS as u32;
            let frames = anim::paced_frames(before, trace, anim::MAX_FRAMES - 1, budget);
            // The first frame repeats the previous ply's board: skip it.
            for f in frames.iter().skip(1) {
                stage.show_frame(f, before, trace, &render, &header);
                stage.emit(&mut gif, f.delay_cs);
            }
        }
        let pos = shown(p);
        let trace = (p > 0).then(|| traces[p as usize - 1].clone());
        let line = match &trace {
            Some(t) => format!(
                "Ply {p} \u{b7} {} ({}): {}",
                names_of(&render, t.mover),
                t.mover.name(),
                t.mv
            ),
            None => "Start position".to_string(),
        };
        let detail = trace.as_ref().map(|t| t.describe()).unwrap_or_default();
        let still_opts = RenderOptions {
            ply: Some(p),
            trace,
            result_text: if p == to {
                opts.result_text.clone()
            } else {
                None
            },
            ..render.clone()
        };
        stage.show_ply(&pos, &still_opts, &line, &detail);
        let delay = if p == to {
            anim::FINAL_HOLD_CS
        } else {
            opts.ply_cs
        };
        stage.emit(&mut gif, delay);
    }
    let bytes = gif.finish();
    if bytes.len() > MAX_GIF_BYTES {
        return Err(GifError::TooLarge { bytes: bytes.len() });
    }
    Ok(bytes)
}

fn names_of(opts: &RenderOptions, side: Side) -> String {
    match &opts.names {
        Some(names) => names[side.index()].clone(),
        None => side.name().to_string(),
    }
}

fn full(height: u32) -> Rect {
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
struct Stage {
    canvas: Canvas,
    fonts: Fonts,
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
}

impl Stage {
    /// A stage of `height` layout units drawn at `scale` pixels per unit (1 or 0.5).
    fn new(
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
        }
    }

    /// Adds the picture as it is now to `gif`, shown `delay_cs`.
    fn emit(&mut self, gif: &mut GifBuilder, delay_cs: u16) {
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
        if self.header.as_ref() != Some(&key) {
            self.canvas
                .clear_rect(0, 0, WIDTH as u32, HEADER as u32, BACKGROUND);
            scene.draw_header(&mut self.canvas);
            self.dirty.push(Rect::around(0.0, 0.0, WIDTH, HEADER));
            self.header = Some(key);
        }
        if self.board_y > HEADER && self.banner.as_ref() != Some(&scene.banner) {
            self.canvas
                .clear_rect(0, HEADER as u32, WIDTH as u32, BANNER as u32, BACKGROUND);
            scene.draw_banner(&mut self.canvas);
            self.dirty.push(Rect::around(0.0, HEADER, WIDTH, BANNER));
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
    fn show_frame(
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
    fn show_still(&mut self, pos: &Position, opts: &RenderOptions, line: &str) {
        let scene = Scene::new(pos, opts, &self.fonts);
        let scene = bare_scene(pos, opts, scene.marks, scene.status, self);
        self.show(&scene, &[line.to_string()]);
    }

    /// One ply of a game: the still's board, header and banner, and two caption lines.
    fn show_ply(&mut self, pos: &Position, opts: &RenderOptions, line: &str, detail: &str) {
        let full_scene = Scene::new(pos, opts, &self.fonts);
        let mut scene = bare_scene(pos, opts, full_scene.marks, full_scene.status, self);
        scene.banner = full_scene.banner;
        self.show(&scene, &[line.to_string(), detail.to_string()]);
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
        header: super::HEADER
            + if opts.ratings.is_some() {
                super::RATING_LINE
            } else {
                0.0
            },
        board_y: stage.board_y,
        height: stage.height as f32,
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

fn ring(color: Rgba) -> Ring {
    Ring {
        color,
        dotted: false,
    }
}

fn tag(text: impl Into<String>, color: Rgba) -> Tag {
    Tag {
        text: text.into(),
        color,
    }
}

/// The marks of one sowing frame: the takasia target of the mover (dotted), the start pit,
/// and the pit acted on (one ring per pit, the action's winning).
fn frame_marks(
    f: &Frame,
    before: &Position,
    trace: &Trace,
    viewer: Side,
) -> HashMap<Pit, PitMarks> {
    let mut marks: HashMap<Pit, PitMarks> = HashMap::new();
    let mut set = |pit: Pit, r: Ring, tags: Vec<Tag>| {
        marks.insert(
            pit,
            PitMarks {
                rings: vec![r],
                tags,
            },
        );
    };
    if let Some(t) = before.takasia() {
        set(
            t,
            Ring {
                color: TAKASIA,
                dotted: true,
            },
            vec![tag("T", TAKASIA)],
        );
    }
    if f.event != Event::Before {
        set(trace.start_pit(), ring(START), Vec::new());
    }
    let held = |n: u8| {
        if n > 0 {
            vec![tag(n.to_string(), ENDED)]
        } else {
            Vec::new()
        }
    };
    match f.event {
        Event::Before | Event::Final => {}
        Event::FromHand { pit } => set(pit, ring(START), vec![tag("+1", START)]),
        Event::Lift { pit, .. } => set(pit, ring(HOUSE_FRAME), held(f.held)),
        Event::Drop { pit } => set(pit, ring(ENDED), held(f.held)),
        Event::Capture {
            from,
            seeds,
            kichwa,
            won,
        } => {
            set(
                from,
                ring(CAPTURED),
                vec![tag(format!("\u{2212}{seeds}"), CAPTURED)],
            );
            if !won {
                let right = match trace.steps.iter().find_map(|s| match *s {
                    crate::rules::Step::Capture {
                        from: fr,
                        kichwa: k,
                        direction,
                        ..
                    } if fr == from && k == kichwa => Some(direction),
                    _ => None,
                }) {
                    Some(d) => (d == crate::rules::Direction::Right) == (kichwa.side() == viewer),
                    None => true,
                };
                let arrow = if right { "\u{2192}" } else { "\u{2190}" };
                set(kichwa, ring(ENTERED), vec![tag(arrow, ENTERED)]);
            }
        }
        Event::Lap { pit, .. } => set(pit, ring(ENDED), Vec::new()),
        Event::Stop { pit, why } => {
            let color = if why == StopKind::Takasia {
                TAKASIA
            } else {
                ENDED
            };
            set(pit, ring(color), Vec::new());
        }
        Event::GameEnd { .. } => {}
    }
    marks
}

/// The caption line of one sowing frame.
fn frame_note(f: &Frame, before: &Position, trace: &Trace, opts: &RenderOptions) -> String {
    let who = names_of(opts, trace.mover);
    let to_sow = |n: u8| match n {
        0 => String::new(),
        1 => " \u{b7} 1 seed to sow".to_string(),
        n => format!(" \u{b7} {n} seeds to sow"),
    };
    match f.event {
        Event::Before => format!("{who} plays {}", trace.mv),
        Event::FromHand { pit } => {
            let hand = f.hand[trace.mover.index()];
            format!("{who}: a seed from hand into {pit} \u{b7} {hand} left in hand")
        }
        Event::Lift {
            pit,
            seeds,
            reason,
            direction,
        } => {
            let what = match reason {
                crate::rules::LiftReason::Start => "lifts",
                crate::rules::LiftReason::TwoPiece => "two-piece start: lifts",
                crate::rules::LiftReason::Relay => "relay: lifts",
                crate::rules::LiftReason::HouseUse => "nyumba use: lifts",
            };
            format!("{what} {seeds} from {pit}, sowing {direction}")
        }
        Event::Drop { pit } => format!("sows into {pit}{}", to_sow(f.held)),
        Event::Capture {
            from,
            seeds,
            kichwa,
            won,
        } => {
            if won {
                format!("captures {seeds} from {from}: the front row is empty")
            } else {
                format!("captures {seeds} from {from}, sown from {kichwa}")
            }
        }
        Event::Lap { run, runs, pit } => {
            format!("sowing run {run} of {runs} \u{b7} ended in {pit}")
        }
        Event::Stop { pit, why } => match why {
            StopKind::Empty => format!("{pit} was empty: the move ends"),
            StopKind::House => format!("stops in the nyumba {pit}"),
            StopKind::HouseChoice => format!("nyumba stop in {pit}"),
            StopKind::Takasia => format!("{pit} is the takasia pit: the move stops"),
        },
        Event::GameEnd {
            winner,
            never_ending,
        } => {
            let name = names_of(opts, winner);
            if never_ending {
                format!(
                    "never-ending move ({} sowing runs): {name} wins",
                    crate::rules::MAX_RUNS
                )
            } else {
                format!("{name} wins")
            }
        }
        Event::Final => {
            let _ = before;
            trace.describe()
        }
    }
}

/// The palette of every GIF: the colours of reference pictures of the board's design.
pub(crate) fn palette() -> &'static Palette {
    static PALETTE: OnceLock<Palette> = OnceLock::new();
    PALETTE.get_or_init(|| {
        let fonts = Fonts::load();
        let mut samples = Vec::new();
        let draw = |pos: &Position, opts: &RenderOptions, extra: Option<HashMap<Pit, PitMarks>>| {
            let mut scene = Scene::new(pos, opts, &fonts);
            if let Some(extra) = extra {
                scene.marks = extra;
            }
            let mut c = Canvas::new(WIDTH as u32, scene.height as u32, BACKGROUND, fonts.clone());
            scene.draw(&mut c);
            c.into_pixmap()
        };
        let names = Some(["Asha".to_string(), "Baraka".to_string()]);
        // A namua capture with relays, highlighted, with names and a caption.
        let capture: Position = "variant=kiswahili turn=S hand=19,19 house=N takasia=- \
            A=1,0,2,0,0,1,1,1 B=0,0,1,1,1,1,1,1 a=1,1,1,0,9,2,0,0 b=0,0,0,0,0,0,0,0"
            .parse()
            .expect("a valid sample position");
        if let Ok((_, after, trace)) = capture.play_text("A3 right capture") {
            samples.push(draw(
                &after,
                &RenderOptions {
                    trace: Some(trace),
                    names: names.clone(),
                    ply: Some(7),
                    caption: Some("Baraka to move by Tue 2026-12-01 14:00 UTC".into()),
                    ..RenderOptions::default()
                },
                None,
            ));
        }
        // A finished game seen from North, with its banner.
        let over = Position::default().with_winner(Side::North);
        samples.push(draw(
            &over,
            &RenderOptions {
                viewer: Side::North,
                names: names.clone(),
                result_text: Some("resignation".into()),
                ..RenderOptions::default()
            },
            None,
        ));
        // Kujifunza (stones everywhere), every mark colour and tag of the animations.
        let learner = Position::start(Variant::Kujifunza);
        let mut marks: HashMap<Pit, PitMarks> = HashMap::new();
        let colors = [START, CAPTURED, ENTERED, ENDED, TAKASIA, HOUSE_FRAME];
        for (i, pit) in Pit::all_of(Side::South)
            .chain(Pit::all_of(Side::North))
            .enumerate()
        {
            let color = colors[i % colors.len()];
            marks.insert(
                pit,
                PitMarks {
                    rings: vec![Ring {
                        color,
                        dotted: i % 7 == 3,
                    }],
                    tags: vec![tag(format!("{}", i % 10), color)],
                },
            );
        }
        samples.push(draw(&learner, &RenderOptions::default(), Some(marks)));
        let refs: Vec<&tiny_skia::Pixmap> = samples.iter().collect();
        Palette::from_samples(&refs)
    })
}
