//! GIF output: one fixed palette worked out from the board's own design, and frames that
//! hold only the pixels that changed since the previous frame (the rest transparent, each
//! frame kept on screen under the next), the technique lila-gif uses for chess boards.
//!
//! The palette is the design's colours as the drawing code really produces them: reference
//! pictures (boards, highlights, banners, every mark colour) are drawn once, their colours
//! counted in bins of 6 bits per channel, and the 255 most used bins that are not near
//! duplicates of one already chosen become the palette (the 256th index is transparent).
//! Flat areas keep their exact colour; an anti-aliased edge pixel takes the nearest entry.
//! Nothing is quantised per frame. LZW is the `gif` crate's.

use std::borrow::Cow;
use std::sync::atomic::{AtomicU16, Ordering};

use tiny_skia::Pixmap;

/// The palette index that means "unchanged" in every frame after the first.
pub(crate) const TRANSPARENT: u8 = 255;

const BINS: usize = 1 << 18;
const UNKNOWN: u16 = u16::MAX;
/// Two palette entries closer than this (squared, weighted) are near duplicates.
const MIN_SPACING: u32 = 24;

fn bin(r: u8, g: u8, b: u8) -> usize {
    ((r as usize >> 2) << 12) | ((g as usize >> 2) << 6) | (b as usize >> 2)
}

fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    let d = |x: u8, y: u8| (x as i32 - y as i32).pow(2) as u32;
    2 * d(a[0], b[0]) + 4 * d(a[1], b[1]) + 3 * d(a[2], b[2])
}

/// 255 colours and a lookup from any colour to its nearest entry.
pub(crate) struct Palette {
    colors: Vec<[u8; 3]>,
    /// Palette index for each 18-bit colour bin, filled in when first needed.
    lut: Vec<AtomicU16>,
}

impl Palette {
    /// The palette of the colours in `samples` (opaque pixmaps drawn by the board's code).
    pub(crate) fn from_samples(samples: &[&Pixmap]) -> Palette {
        let mut counts = vec![0u32; BINS];
        let mut sums = vec![[0u32; 3]; BINS];
        for pixmap in samples {
            for px in pixmap.data().chunks_exact(4) {
                let k = bin(px[0], px[1], px[2]);
                counts[k] += 1;
                for c in 0..3 {
                    sums[k][c] += px[c] as u32;
                }
            }
        }
        let mut order: Vec<usize> = (0..BINS).filter(|&k| counts[k] > 0).collect();
        order.sort_by_key(|&k| (std::cmp::Reverse(counts[k]), k));
        let mean = |k: usize| {
            let n = counts[k];
            sums[k].map(|s| ((s + n / 2) / n) as u8)
        };
        let lut: Vec<AtomicU16> = (0..BINS).map(|_| AtomicU16::new(UNKNOWN)).collect();
        let mut colors: Vec<[u8; 3]> = Vec::with_capacity(255);
        // The most used colours first; then fill up with whatever is left.
        for spacing in [MIN_SPACING, 0] {
            for &k in &order {
                if colors.len() == TRANSPARENT as usize {
                    break;
                }
                if lut[k].load(Ordering::Relaxed) != UNKNOWN {
                    continue;
                }
                let c = mean(k);
                if spacing > 0 && colors.iter().any(|&p| distance(p, c) < spacing) {
                    continue;
                }
                lut[k].store(colors.len() as u16, Ordering::Relaxed);
                colors.push(c);
            }
        }
        while colors.len() < TRANSPARENT as usize {
            colors.push([0, 0, 0]);
        }
        Palette { colors, lut }
    }

    /// The palette as `r, g, b` triples, 256 of them (the last is the transparent index).
    pub(crate) fn rgb(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self.colors.iter().flatten().copied().collect();
        out.extend([0, 0, 0]);
        out
    }

    /// The colour of index `i`.
    #[cfg(test)]
    pub(crate) fn color(&self, i: u8) -> [u8; 3] {
        self.colors.get(i as usize).copied().unwrap_or([0, 0, 0])
    }

    /// The entry nearest `(r, g, b)`.
    #[inline]
    pub(crate) fn index(&self, r: u8, g: u8, b: u8) -> u8 {
        let k = bin(r, g, b);
        let v = self.lut[k].load(Ordering::Relaxed);
        if v != UNKNOWN {
            return v as u8;
        }
        // The bin's centre decides, so the answer never depends on which pixel came first.
        let centre = [r, g, b].map(|c| (c & !3) + 2);
        let (best, _) = self
            .colors
            .iter()
            .enumerate()
            .map(|(i, &p)| (i, distance(p, centre)))
            .min_by_key(|&(i, d)| (d, i))
            .unwrap_or((0, 0));
        self.lut[k].store(best as u16, Ordering::Relaxed);
        best as u8
    }
}

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
    /// A GIF of `width` x `height` (at most 65535 each) in `palette`.
    pub(crate) fn new(width: u32, height: u32, palette: &'static Palette) -> GifBuilder {
        let n = width as usize * height as usize;
        GifBuilder {
            width,
            height,
            palette,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_colours_are_kept_exactly() {
        let mut pm = Pixmap::new(4, 1).unwrap();
        let colors = [[10u8, 20, 30], [200, 100, 50], [255, 255, 255], [0, 0, 0]];
        for (px, c) in pm.data_mut().chunks_exact_mut(4).zip(colors) {
            px.copy_from_slice(&[c[0], c[1], c[2], 255]);
        }
        let palette = Palette::from_samples(&[&pm]);
        for c in colors {
            let i = palette.index(c[0], c[1], c[2]);
            assert_eq!(palette.color(i), c);
        }
        // Something in between maps to a real entry, never to the transparent index.
        assert_ne!(palette.index(100, 60, 40), TRANSPARENT);
    }

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
