//! Animated GIFs of moves and games, drawn from the frame model ([`super::anim`]).
//!
//! The board is drawn once; each later frame redraws only the pits, header lines and caption
//! lines whose look changed (as lila-gif redraws only changed squares), and the GIF frame
//! holds only the pixels that changed. The last frame of a move animation is the still
//! picture of [`super::board_png`], drawn whole by the same code.

use thiserror::Error;

use crate::rules::{IllegalMove, Move, Position, Side, Trace};

use super::anim;
use super::canvas::Canvas;
use super::gif::GifBuilder;
use super::scene::{status_line, Scene};
use super::stage::{full, names_of, Stage};
use super::theme::{Fonts, BACKGROUND, BANNER, BOARD_H, CAPTION_LINE, HEADER, WIDTH};
use super::words::{fill, PictureWords};
use super::RenderOptions;

/// The scale a move's GIF is drawn at: 750 px wide. Discord shows a picture at most about
/// 550 px wide on a computer and 360-400 px on a phone (700-1100 device pixels), so the text
/// reads the same as at 1000 px, and the first frame (the whole board in GIF's LZW) costs
/// about half. The board PNG stays 1000 px.
pub const MOVE_GIF_SCALE: f32 = 0.75;

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
    /// The pictures' words (English by default).
    pub words: PictureWords,
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
            words: PictureWords::default(),
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
    moves_movie(before, moves, opts).map(GifBuilder::finish)
}

/// The frames of [`moves_gif`], not yet encoded.
pub(super) fn moves_movie(
    before: &Position,
    moves: &[Move],
    opts: &RenderOptions,
) -> Result<GifBuilder, IllegalMove> {
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
        MOVE_GIF_SCALE,
    );
    stage.canvas = stage.canvas.coarse_text();
    let pixels = stage.canvas.pixmap();
    let mut gif = GifBuilder::new(pixels.width(), pixels.height());

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
            let said = opts.words.describe.describe(trace);
            stage.show_still(&after, &hold_opts, &format!("{name}: {said}"));
            stage.emit(&mut gif, BETWEEN_MOVES_CS);
        }
    }
    // The last frame is the still picture, drawn whole.
    let canvas = still_canvas(&still, stage.fonts.clone());
    gif.push(canvas.pixmap(), &[full(height)], anim::FINAL_HOLD_CS);
    Ok(gif)
}

/// `still` drawn whole as a move's GIF ends: at [`MOVE_GIF_SCALE`], with the GIF's text.
fn still_canvas(still: &Scene, fonts: Fonts) -> Canvas {
    let height = still.height as u32;
    let mut canvas =
        Canvas::scaled(WIDTH as u32, height, BACKGROUND, fonts, MOVE_GIF_SCALE).coarse_text();
    still.draw(&mut canvas);
    canvas
}

/// The picture a move's GIF ends on (the position after the move, `opts.trace` its trace)
/// alone, as an RGB PNG: [`super::board_png`]'s picture at the GIF's scale. For checking a
/// GIF's last frame.
pub fn move_gif_still(pos: &Position, opts: &RenderOptions) -> Vec<u8> {
    let fonts = Fonts::load();
    let still = Scene::new(pos, opts, &fonts);
    still_canvas(&still, fonts).into_png()
}

/// A game (or plies `from..=to` of it) as a GIF: one frame per ply showing the position after
/// it with its move highlighted, optionally with the sowing of each ply, the last frame held.
pub fn game_gif(record: &GameRecord, opts: &GameGifOptions) -> Result<Vec<u8>, GifError> {
    let bytes = game_movie(record, opts)?.finish();
    if bytes.len() > MAX_GIF_BYTES {
        return Err(GifError::TooLarge { bytes: bytes.len() });
    }
    Ok(bytes)
}

/// The frames of [`game_gif`], not yet encoded.
pub(super) fn game_movie(
    record: &GameRecord,
    opts: &GameGifOptions,
) -> Result<GifBuilder, GifError> {
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
    // One caption line, the ply and its move: the rings and tags on the board show what
    // the move did (a second line describing it cost a fifth of the bytes).
    let height = (board_y + BOARD_H + 14.0 + CAPTION_LINE + 10.0).ceil() as u32;
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
    stage.steady = true;
    let pixels = stage.canvas.pixmap();
    let mut gif = GifBuilder::new(pixels.width(), pixels.height());
    let render = RenderOptions {
        viewer: opts.viewer,
        names: opts.names.clone(),
        words: opts.words.clone(),
        ..RenderOptions::default()
    };
    for p in opts.from..=to {
        if opts.sowing && p > opts.from {
            let (before, trace) = (&positions[p as usize - 1], &traces[p as usize - 1]);
            let header = status_line(
                before,
                &RenderOptions {
                    ply: Some(p - 1),
                    ..render.clone()
                },
                stage.steady,
            );
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
            Some(t) => fill(
                &opts.words.ply_line,
                &[("ply", &p), ("move", &opts.words.say_move(&t.mv))],
            ),
            None => opts.words.start_position.clone(),
        };
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
        stage.show_ply(&pos, &still_opts, &line);
        let delay = if p == to {
            anim::FINAL_HOLD_CS
        } else {
            opts.ply_cs
        };
        stage.emit(&mut gif, delay);
    }
    Ok(gif)
}
