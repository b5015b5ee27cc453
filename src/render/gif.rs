//! GIF output and input. Output: frames that hold only the pixels that changed since the
//! previous frame (the rest transparent, each frame kept on screen under the next), the
//! technique lila-gif uses for chess boards, in the one fixed palette of [`super::palette`];
//! LZW is the `gif` crate's. Input: a GIF decoded as a viewer sees it, each picture composed
//! with the bands it was split into, for the tests and `examples/gif_frames.rs`.

use std::borrow::Cow;

use thiserror::Error;
use tiny_skia::Pixmap;

use super::palette::{Palette, TRANSPARENT};

/// A rectangle of pixels, `x0..x1` by `y0..y1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rect {
    pub x0: u32,
    pub y0: u32,
    pub x1: u32,
    pub y1: u32,
}

impl Rect {
    /// The rectangle at (`x`, `y`) of `w` x `h`, rounded outwards to whole pixels.
    pub(crate) fn around(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect {
            x0: x.floor().max(0.0) as u32,
            y0: y.floor().max(0.0) as u32,
            x1: (x + w).ceil().max(0.0) as u32,
            y1: (y + h).ceil().max(0.0) as u32,
        }
    }

    fn clip(self, w: u32, h: u32) -> Rect {
        Rect {
            x0: self.x0.min(w),
            y0: self.y0.min(h),
            x1: self.x1.min(w),
            y1: self.y1.min(h),
        }
    }

    fn union(&self, other: &Rect) -> Rect {
        Rect {
            x0: self.x0.min(other.x0),
            y0: self.y0.min(other.y0),
            x1: self.x1.max(other.x1),
            y1: self.y1.max(other.y1),
        }
    }

    fn area(&self) -> u64 {
        (self.x1 - self.x0) as u64 * (self.y1 - self.y0) as u64
    }

    fn is_empty(&self) -> bool {
        self.x0 >= self.x1 || self.y0 >= self.y1
    }
}

/// How long a band of a frame but its last is shown (hundredths of a second): the shortest
/// delay every browser honours (0 and 1 are taken as 10), too short to see.
pub const BAND_CS: u16 = 2;
/// The shortest delay a frame split into bands keeps for its last band.
const MIN_FRAME_CS: u16 = 10;
/// At most this many bands to a frame.
const MAX_BANDS: usize = 5;
/// Two bands are kept apart only if that spares at least this many pixels of LZW input.
const BAND_SAVING: u64 = 3_000;

/// The boxes round the changed pixels of one frame (`spans[y]`: the changed columns of row
/// `y`, empty if none), in horizontal bands from top to bottom: a board's header, pit rows
/// and caption change apart, and the rows between them need not be encoded at all.
fn bands(spans: &[(u32, u32)]) -> Vec<Rect> {
    // One band per run of changed rows.
    let mut bands: Vec<Rect> = Vec::new();
    for (y, &(x0, x1)) in spans.iter().enumerate() {
        if x0 >= x1 {
            continue;
        }
        let y = y as u32;
        match bands.last_mut() {
            Some(b) if b.y1 == y => {
                b.x0 = b.x0.min(x0);
                b.x1 = b.x1.max(x1);
                b.y1 = y + 1;
            }
            _ => bands.push(Rect {
                x0,
                y0: y,
                x1,
                y1: y + 1,
            }),
        }
    }
    // Join neighbours while joining costs little, or while there are too many bands.
    loop {
        let cost = |i: usize| {
            let (a, b) = (&bands[i], &bands[i + 1]);
            a.union(b).area() - a.area() - b.area()
        };
        let Some(i) = (0..bands.len().saturating_sub(1)).min_by_key(|&i| cost(i)) else {
            break;
        };
        if cost(i) >= BAND_SAVING && bands.len() <= MAX_BANDS {
            break;
        }
        bands[i] = bands[i].union(&bands[i + 1]);
        bands.remove(i + 1);
    }
    bands
}

/// Builds an animated GIF frame by frame from full pictures and the regions that changed.
pub(crate) struct GifBuilder {
    width: u32,
    height: u32,
    palette: &'static Palette,
    /// The colours of the flat areas of every picture pushed (see [`flat_colors`]).
    #[cfg(test)]
    pub(crate) flat: std::collections::HashSet<[u8; 3]>,
    /// The palette index of every pixel as the viewer sees it now.
    shown: Vec<u8>,
    /// The colour of every pixel in the last picture pushed (RGBA as one word).
    last_rgba: Vec<u32>,
    /// New indices of the pixels that changed in this frame, and which did.
    pending: Vec<u8>,
    changed: Vec<bool>,
    frames: Vec<gif::Frame<'static>>,
}

impl GifBuilder {
    /// A GIF of `width` x `height` (at most 65535 each) in the palette of every GIF.
    pub(crate) fn new(width: u32, height: u32) -> GifBuilder {
        let n = width as usize * height as usize;
        GifBuilder {
            width,
            height,
            palette: Palette::get(),
            #[cfg(test)]
            flat: Default::default(),
            shown: vec![TRANSPARENT; n],
            last_rgba: vec![0; n],
            pending: vec![0; n],
            changed: vec![false; n],
            frames: Vec::new(),
        }
    }

    /// Adds the picture `pixmap` (the whole GIF's size), of which only `dirty` changed since
    /// the previous frame (the first frame is taken whole), shown for `delay_cs` hundredths
    /// of a second. A frame that changes nothing lengthens the previous one.
    pub(crate) fn push(&mut self, pixmap: &Pixmap, dirty: &[Rect], delay_cs: u16) {
        debug_assert_eq!((pixmap.width(), pixmap.height()), (self.width, self.height));
        let (w, h) = (self.width, self.height);
        let full = [Rect {
            x0: 0,
            y0: 0,
            x1: w,
            y1: h,
        }];
        let first = self.frames.is_empty();
        let dirty: Vec<Rect> = if first { &full[..] } else { dirty }
            .iter()
            .map(|r| r.clip(w, h))
            .filter(|r| !r.is_empty())
            .collect();
        #[cfg(test)]
        for r in &dirty {
            self.flat.extend(flat_colors(pixmap, *r));
        }
        let data = pixmap.data();
        let stride = w as usize;
        // Pass 1: the pixels whose colour changed get their new index (most pixels of a
        // redrawn region are the same colour as before and are skipped), and for each row
        // the span of the pixels whose index really changed.
        let mut spans: Vec<(u32, u32)> = vec![(u32::MAX, 0); h as usize];
        for r in &dirty {
            for y in r.y0..r.y1 {
                let row = y as usize * stride;
                let span = &mut spans[y as usize];
                for x in r.x0..r.x1 {
                    let p = row + x as usize;
                    let px = &data[p * 4..p * 4 + 4];
                    let rgba = u32::from_le_bytes([px[0], px[1], px[2], px[3]]);
                    if rgba == self.last_rgba[p] && !first {
                        continue;
                    }
                    self.last_rgba[p] = rgba;
                    let idx = self.palette.index(px[0], px[1], px[2]);
                    if idx != self.shown[p] {
                        self.pending[p] = idx;
                        self.changed[p] = true;
                        span.0 = span.0.min(x);
                        span.1 = span.1.max(x + 1);
                    }
                }
            }
        }
        let parts = if first {
            vec![Rect {
                x0: 0,
                y0: 0,
                x1: w,
                y1: h,
            }]
        } else {
            bands(&spans)
        };
        let Some(last_part) = parts.len().checked_sub(1) else {
            match self.frames.last_mut() {
                Some(last) => last.delay = last.delay.saturating_add(delay_cs),
                None => unreachable!("the first frame is taken whole"),
            }
            return;
        };
        // A frame's bands but the last are shown for an instant each, their time taken
        // from the last; a frame too short to share its time is one band.
        let parts = if delay_cs >= (last_part as u16 + 1) * BAND_CS + MIN_FRAME_CS {
            parts
        } else {
            vec![parts.iter().fold(parts[0], |a, b| a.union(b))]
        };
        let n = parts.len() as u16;
        // Pass 2: each band's box, transparent except where a pixel changed. A pixel that
        // did not change may be given its own colour instead when that continues the run
        // before it (the viewer sees the same either way): longer runs, fewer LZW codes.
        for (i, part) in parts.iter().enumerate() {
            let (fw, fh) = ((part.x1 - part.x0) as usize, (part.y1 - part.y0) as usize);
            let mut buffer = vec![TRANSPARENT; fw * fh];
            for (y, out) in (part.y0..part.y1).zip(buffer.chunks_exact_mut(fw)) {
                let row = y as usize * stride + part.x0 as usize;
                let changed = &mut self.changed[row..row + fw];
                let shown = &mut self.shown[row..row + fw];
                let pending = &self.pending[row..row + fw];
                let mut prev = TRANSPARENT;
                for x in 0..fw {
                    if changed[x] {
                        changed[x] = false;
                        shown[x] = pending[x];
                        prev = pending[x];
                    } else if shown[x] != prev {
                        prev = TRANSPARENT;
                    }
                    out[x] = prev;
                }
            }
            let delay = if i + 1 < parts.len() {
                BAND_CS
            } else {
                delay_cs - (n - 1) * BAND_CS
            };
            self.frames.push(gif::Frame {
                delay,
                dispose: gif::DisposalMethod::Keep,
                transparent: (!first).then_some(TRANSPARENT),
                left: part.x0 as u16,
                top: part.y0 as u16,
                width: fw as u16,
                height: fh as u16,
                buffer: Cow::Owned(buffer),
                ..gif::Frame::default()
            });
        }
    }

    /// Encodes the GIF (looping forever).
    pub(crate) fn finish(self) -> Vec<u8> {
        let mut out = Vec::with_capacity(256 * 1024);
        {
            let mut enc = gif::Encoder::new(
                &mut out,
                self.width as u16,
                self.height as u16,
                &self.palette.rgb(),
            )
            .expect("writing a GIF header into memory cannot fail");
            enc.set_repeat(gif::Repeat::Infinite)
                .expect("writing into memory cannot fail");
            for frame in &self.frames {
                enc.write_frame(frame)
                    .expect("a frame inside the picture, with palette indices, always encodes");
            }
        }
        out
    }
}

/// The colours of the flat pixels of `r` in `pixmap`: those whose eight neighbours share
/// their colour, the inside of something painted (an anti-aliased edge is never flat).
#[cfg(test)]
pub(crate) fn flat_colors(pixmap: &Pixmap, r: Rect) -> Vec<[u8; 3]> {
    let (w, h) = (pixmap.width() as usize, pixmap.height() as usize);
    let px = |x: usize, y: usize| {
        let i = (y * w + x) * 4;
        let d = &pixmap.data()[i..i + 3];
        [d[0], d[1], d[2]]
    };
    let mut out = Vec::new();
    for y in (r.y0 as usize).max(1)..(r.y1 as usize).min(h.saturating_sub(1)) {
        for x in (r.x0 as usize).max(1)..(r.x1 as usize).min(w.saturating_sub(1)) {
            let c = px(x, y);
            let flat = (y - 1..=y + 1).all(|ny| (x - 1..=x + 1).all(|nx| px(nx, ny) == c));
            if flat && out.last() != Some(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// Why a GIF could not be read as one of the bot's.
#[derive(Debug, Error)]
pub enum GifDecodeError {
    /// The bytes are not a GIF the `gif` crate reads.
    #[error("not a readable GIF: {0}")]
    Unreadable(#[from] gif::DecodingError),
    /// The bot's GIFs have one palette for all frames.
    #[error("the GIF has no global palette")]
    NoPalette,
    /// A frame is not kept on screen under the next, as every frame of the bot's is.
    #[error("frame {frame} is disposed of ({dispose:?}) rather than kept under the next")]
    Disposal {
        /// The GIF frame (0-based).
        frame: usize,
        /// What it asks for.
        dispose: gif::DisposalMethod,
    },
    /// The last GIF frame is a band, not a picture that is shown.
    #[error("the GIF ends on a band (a frame shown {delay_cs} cs), not on a shown picture")]
    EndsOnBand {
        /// Its delay (hundredths of a second).
        delay_cs: u16,
    },
}

/// One GIF frame of a shown picture: where its rectangle is and how long it is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GifBand {
    /// Left edge (pixels).
    pub left: u16,
    /// Top edge (pixels).
    pub top: u16,
    /// Width (pixels).
    pub width: u16,
    /// Height (pixels).
    pub height: u16,
    /// How long it is shown (hundredths of a second).
    pub delay_cs: u16,
}

/// One picture of a GIF as a viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShownFrame {
    /// The whole picture, RGB, row by row.
    pub rgb: Vec<u8>,
    /// How long it is shown (hundredths of a second), its bands' instants included.
    pub delay_cs: u16,
    /// The GIF frames that made it: the bands shown an instant each, then the last.
    pub bands: Vec<GifBand>,
}

/// A GIF decoded as a viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShownGif {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The pictures, in order.
    pub frames: Vec<ShownFrame>,
}

/// Decodes one of the bot's GIFs with the `gif` crate as a viewer sees it: every frame
/// composed onto the picture (disposal is Keep everywhere), and the bands of a picture joined
/// into it. The encoder may split one picture's changes into bands, each but the last shown
/// for [`BAND_CS`] (an instant no one sees), so that the rows between them are not encoded: a
/// frame shown less than 10 hundredths is such a band, its time belonging to the picture it
/// leads to.
pub fn decode_gif(bytes: &[u8]) -> Result<ShownGif, GifDecodeError> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes)?;
    let (w, h) = (decoder.width() as usize, decoder.height() as usize);
    let palette = decoder
        .global_palette()
        .ok_or(GifDecodeError::NoPalette)?
        .to_vec();
    let mut canvas = vec![0u8; w * h * 3];
    let mut frames = Vec::new();
    let mut bands = Vec::new();
    let mut count = 0;
    while let Some(frame) = decoder.read_next_frame()? {
        if frame.dispose != gif::DisposalMethod::Keep {
            return Err(GifDecodeError::Disposal {
                frame: count,
                dispose: frame.dispose,
            });
        }
        count += 1;
        let (left, top, fw) = (
            frame.left as usize,
            frame.top as usize,
            frame.width as usize,
        );
        for (y, row) in frame.buffer.chunks_exact(fw.max(1)).enumerate() {
            for (x, &idx) in row.iter().enumerate() {
                let (cx, cy) = (left + x, top + y);
                let color = palette.get(idx as usize * 3..idx as usize * 3 + 3);
                if Some(idx) == frame.transparent || cx >= w || cy >= h {
                    continue;
                }
                if let Some(color) = color {
                    let p = (cy * w + cx) * 3;
                    canvas[p..p + 3].copy_from_slice(color);
                }
            }
        }
        bands.push(GifBand {
            left: frame.left,
            top: frame.top,
            width: frame.width,
            height: frame.height,
            delay_cs: frame.delay,
        });
        if frame.delay < MIN_FRAME_CS {
            continue;
        }
        frames.push(ShownFrame {
            rgb: canvas.clone(),
            delay_cs: bands
                .iter()
                .fold(0, |t, b: &GifBand| t.saturating_add(b.delay_cs)),
            bands: std::mem::take(&mut bands),
        });
    }
    if let Some(band) = bands.last() {
        return Err(GifDecodeError::EndsOnBand {
            delay_cs: band.delay_cs,
        });
    }
    Ok(ShownGif {
        width: w as u32,
        height: h as u32,
        frames,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_far_apart_are_encoded_as_bands_and_near_ones_together() {
        let none = (u32::MAX, 0);
        let mut spans = vec![none; 300];
        // A header line, a pit far below, and a mark just under the pit.
        spans[0..20].fill((10, 400));
        spans[150..200].fill((100, 160));
        spans[202..210].fill((100, 170));
        let found = bands(&spans);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(
            (found[0].y0, found[0].y1, found[0].x0, found[0].x1),
            (0, 20, 10, 400)
        );
        assert_eq!(
            (found[1].y0, found[1].y1, found[1].x0, found[1].x1),
            (150, 210, 100, 170)
        );
        // Many separate changes are joined down to the most bands a frame may have.
        let mut spans = vec![none; 300];
        for band in 0..10 {
            spans[band * 30..band * 30 + 5].fill((0, 500));
        }
        assert_eq!(bands(&spans).len(), MAX_BANDS);
        assert!(bands(&[none; 10]).is_empty());
    }
}
