//! A small drawing surface over tiny-skia: anti-aliased shapes, and text rasterised with
//! ab_glyph from the bundled fonts of [`super::theme`].

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use ab_glyph::{point, Font, FontRef, Glyph, GlyphId, PxScale, ScaleFont};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder};
use tiny_skia::{
    Color, FillRule, Paint, Path, PathBuilder, Pixmap, Shader, Stroke, StrokeDash, Transform,
};

use super::theme::{Fonts, CAP_HEIGHT};

/// An opaque RGB colour with an alpha used when painting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Rgba(pub u8, pub u8, pub u8, pub u8);

impl Rgba {
    /// An opaque colour from `0xRRGGBB`.
    pub const fn hex(rgb: u32) -> Rgba {
        Rgba((rgb >> 16) as u8, (rgb >> 8) as u8, rgb as u8, 255)
    }

    /// The same colour with alpha `a`.
    pub const fn alpha(self, a: u8) -> Rgba {
        Rgba(self.0, self.1, self.2, a)
    }

    fn skia(self) -> Color {
        Color::from_rgba8(self.0, self.1, self.2, self.3)
    }
}

/// Font weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Weight {
    Regular,
    Bold,
}

/// Horizontal anchoring of a text run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Center,
}

/// A fill for a shape: one colour or a gradient.
pub(crate) enum Fill {
    Solid(Rgba),
}

/// A glyph as ab_glyph rasterises it at a whole-pixel pen position (text is always drawn at
/// one): where its box starts from the pen, its width, and each pixel's coverage.
struct GlyphMask {
    dx: i32,
    dy: i32,
    width: usize,
    coverage: Vec<f32>,
}

/// Rasterised glyphs, by weight, pixel size and glyph: a board draws the same few dozen
/// glyphs over and over (counts, names, captions), and a game's GIF draws them each frame.
type GlyphCache = HashMap<(Weight, u32, GlyphId), Option<Rc<GlyphMask>>>;

thread_local! {
    static GLYPHS: RefCell<GlyphCache> = RefCell::new(HashMap::new());
}

/// At most this many glyphs are kept (a few megabytes); then the cache starts again.
const MAX_GLYPHS: usize = 4096;

/// The mask of glyph `id` of `font` at `scale` (`None`: nothing to draw, as for a space).
fn glyph_mask(
    font: &FontRef<'static>,
    weight: Weight,
    scale: PxScale,
    id: GlyphId,
) -> Option<Rc<GlyphMask>> {
    let key = (weight, scale.y.to_bits(), id);
    if let Some(found) = GLYPHS.with(|g| g.borrow().get(&key).cloned()) {
        return found;
    }
    let glyph: Glyph = id.with_scale_and_position(scale, point(0.0, 0.0));
    let mask = font.outline_glyph(glyph).map(|outlined| {
        let bounds = outlined.px_bounds();
        let width = bounds.width() as usize;
        let mut coverage = vec![0.0; width * bounds.height() as usize];
        outlined.draw(|x, y, c| {
            if let Some(cell) = coverage.get_mut(y as usize * width + x as usize) {
                *cell = c;
            }
        });
        Rc::new(GlyphMask {
            dx: bounds.min.x as i32,
            dy: bounds.min.y as i32,
            width,
            coverage,
        })
    });
    GLYPHS.with(|g| {
        let mut g = g.borrow_mut();
        if g.len() >= MAX_GLYPHS {
            g.clear();
        }
        g.insert(key, mask.clone());
    });
    mask
}

/// The picture being drawn. Everything is placed in layout units; a canvas drawn at a scale
/// (half size for a game's GIF) has that many pixels per unit, so that a smaller picture is
/// drawn directly rather than drawn large and shrunk.
pub(crate) struct Canvas {
    pixmap: Pixmap,
    fonts: Fonts,
    scale: f32,
    /// Text edges in this many steps of coverage (`None`: as the rasteriser gives them).
    text_steps: Option<f32>,
    /// Shapes drawn without anti-aliasing (see [`Canvas::set_crisp`]).
    crisp: bool,
}

impl Canvas {
    /// A canvas of `width` x `height` pixels filled with `background`.
    pub fn new(width: u32, height: u32, background: Rgba, fonts: Fonts) -> Canvas {
        Canvas::scaled(width, height, background, fonts, 1.0)
    }

    /// A canvas of `width` x `height` layout units drawn at `scale` pixels per unit.
    pub fn scaled(width: u32, height: u32, background: Rgba, fonts: Fonts, scale: f32) -> Canvas {
        let px = |n: u32| ((n as f32 * scale).ceil() as u32).max(1);
        let mut pixmap = Pixmap::new(px(width), px(height)).expect("picture size is non-zero");
        pixmap.fill(background.alpha(255).skia());
        Canvas {
            pixmap,
            fonts,
            scale,
            text_steps: None,
            crisp: false,
        }
    }

    /// Draws text edges in four steps of coverage: as legible at a GIF's half size, and the
    /// fewer edge colours make a caption about a quarter smaller to encode.
    pub fn coarse_text(mut self) -> Canvas {
        self.text_steps = Some(4.0);
        self
    }

    /// While set, shapes are drawn without anti-aliasing: each pixel wholly the shape's
    /// colour or untouched. A game GIF's move rings are drawn so: a ring that comes or goes
    /// then changes fewer pixels, all of one colour, which GIF's LZW packs far better.
    pub fn set_crisp(&mut self, crisp: bool) {
        self.crisp = crisp;
    }

    /// Pixels per layout unit.
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// The whole pixels covering `n` layout units from `at`: (first, count).
    fn px_span(&self, at: u32, n: u32) -> (u32, u32) {
        let first = (at as f32 * self.scale).floor() as u32;
        let end = ((at + n) as f32 * self.scale).ceil() as u32;
        (first, end.saturating_sub(first))
    }

    fn transform(&self) -> Transform {
        Transform::from_scale(self.scale, self.scale)
    }

    fn paint(&self, fill: &Fill) -> Paint<'static> {
        let mut paint = Paint {
            anti_alias: !self.crisp,
            ..Paint::default()
        };
        let shader = match *fill {
            Fill::Solid(c) => Shader::SolidColor(c.skia()),
        };
        paint.shader = shader;
        paint
    }

    fn fill_path(&mut self, path: Option<Path>, fill: &Fill) {
        if let Some(path) = path {
            let paint = self.paint(fill);
            let transform = self.transform();
            self.pixmap
                .fill_path(&path, &paint, FillRule::Winding, transform, None);
        }
    }

    fn stroke_path(&mut self, path: Option<Path>, color: Rgba, width: f32, dash: Option<[f32; 2]>) {
        if let Some(path) = path {
            let paint = self.paint(&Fill::Solid(color));
            let stroke = Stroke {
                width,
                dash: dash.and_then(|d| StrokeDash::new(d.to_vec(), 0.0)),
                ..Stroke::default()
            };
            let transform = self.transform();
            self.pixmap
                .stroke_path(&path, &paint, &stroke, transform, None);
        }
    }

    /// A filled circle.
    pub fn fill_circle(&mut self, cx: f32, cy: f32, r: f32, fill: &Fill) {
        self.fill_path(PathBuilder::from_circle(cx, cy, r), fill);
    }

    /// A circle outline; `dash` = (on, off) lengths for a dotted ring.
    pub fn stroke_circle(
        &mut self,
        cx: f32,
        cy: f32,
        r: f32,
        color: Rgba,
        width: f32,
        dash: Option<[f32; 2]>,
    ) {
        self.stroke_path(PathBuilder::from_circle(cx, cy, r), color, width, dash);
    }

    /// A filled rectangle with rounded corners.
    pub fn fill_round_rect(&mut self, x: f32, y: f32, w: f32, h: f32, radius: f32, fill: &Fill) {
        self.fill_path(round_rect(x, y, w, h, radius), fill);
    }

    /// A rounded rectangle outline.
    #[allow(clippy::too_many_arguments)]
    pub fn stroke_round_rect(
        &mut self,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        radius: f32,
        color: Rgba,
        width: f32,
        dash: Option<[f32; 2]>,
    ) {
        self.stroke_path(round_rect(x, y, w, h, radius), color, width, dash);
    }

    /// A filled triangle.
    pub fn fill_triangle(&mut self, a: (f32, f32), b: (f32, f32), c: (f32, f32), color: Rgba) {
        let mut pb = PathBuilder::new();
        pb.move_to(a.0, a.1);
        pb.line_to(b.0, b.1);
        pb.line_to(c.0, c.1);
        pb.close();
        self.fill_path(pb.finish(), &Fill::Solid(color));
    }

    /// A straight line.
    pub fn line(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, color: Rgba, width: f32) {
        let mut pb = PathBuilder::new();
        pb.move_to(x0, y0);
        pb.line_to(x1, y1);
        self.stroke_path(pb.finish(), color, width, None);
    }

    /// A filled polygon through `points` (closed back to the first).
    pub fn fill_polygon(&mut self, points: &[(f32, f32)], color: Rgba) {
        let mut pb = path_through(points);
        pb.close();
        self.fill_path(pb.finish(), &Fill::Solid(color));
    }

    /// A line through `points`, `dash` = (on, off) lengths for a dashed one.
    pub fn polyline(
        &mut self,
        points: &[(f32, f32)],
        color: Rgba,
        width: f32,
        dash: Option<[f32; 2]>,
    ) {
        self.stroke_path(path_through(points).finish(), color, width, dash);
    }

    /// Width in pixels of `text` at `size` (ab_glyph pixel scale).
    pub fn text_width(&self, text: &str, size: f32, weight: Weight) -> f32 {
        self.fonts.width(text, size, weight)
    }

    /// Cap height in pixels at `size`.
    pub fn cap_height(size: f32) -> f32 {
        size * CAP_HEIGHT
    }

    /// Draws `text` with its baseline at `y`, anchored at `x` by `align`; returns its width.
    #[allow(clippy::too_many_arguments)]
    pub fn text(
        &mut self,
        text: &str,
        x: f32,
        y: f32,
        size: f32,
        weight: Weight,
        color: Rgba,
        align: Align,
    ) -> f32 {
        let width = self.text_width(text, size, weight);
        let s = self.scale;
        let mut pen = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
        } * s;
        let y = y * s;
        let scale = PxScale::from(size * s);
        let font = self.fonts.get(weight).clone();
        let scaled = font.as_scaled(scale);
        let mut prev = None;
        for ch in text.chars() {
            let id = scaled.glyph_id(ch);
            if let Some(p) = prev {
                pen += scaled.kern(p, id);
            }
            let (gx, gy) = (pen.round() as i32, y.round() as i32);
            pen += scaled.h_advance(id);
            prev = Some(id);
            if let Some(mask) = glyph_mask(&font, weight, scale, id) {
                for (row, line) in mask.coverage.chunks_exact(mask.width.max(1)).enumerate() {
                    for (col, &coverage) in line.iter().enumerate() {
                        let (px, py) = (gx + mask.dx + col as i32, gy + mask.dy + row as i32);
                        self.blend(px, py, color, coverage);
                    }
                }
            }
        }
        width
    }

    /// Draws `text` centred on (`cx`, `cy`) by its cap height.
    #[allow(clippy::too_many_arguments)]
    pub fn text_centered(
        &mut self,
        text: &str,
        cx: f32,
        cy: f32,
        size: f32,
        weight: Weight,
        color: Rgba,
    ) -> f32 {
        let baseline = cy + Canvas::cap_height(size) / 2.0;
        self.text(text, cx, baseline, size, weight, color, Align::Center)
    }

    /// Blends one pixel of `color` at `coverage` (0..1) over the (opaque) picture.
    fn blend(&mut self, x: i32, y: i32, color: Rgba, coverage: f32) {
        let (w, h) = (self.pixmap.width() as i32, self.pixmap.height() as i32);
        if x < 0 || y < 0 || x >= w || y >= h {
            return;
        }
        let mut coverage = coverage.clamp(0.0, 1.0);
        if let Some(steps) = self.text_steps {
            coverage = (coverage * steps).round() / steps;
        }
        let a = (coverage * color.3 as f32 / 255.0 * 256.0) as u32;
        if a == 0 {
            return;
        }
        let i = ((y * w + x) * 4) as usize;
        let data = self.pixmap.data_mut();
        for (k, c) in [color.0, color.1, color.2].into_iter().enumerate() {
            let d = data[i + k] as u32;
            data[i + k] = ((c as u32 * a + d * (256 - a)) >> 8) as u8;
        }
        data[i + 3] = 255;
    }

    /// The picture so far (to keep as a layer).
    pub fn into_pixmap(self) -> Pixmap {
        self.pixmap
    }

    /// Copies an opaque layer (drawn at this canvas's scale) with its top-left corner at
    /// (`x`, `y`), clipped to the picture.
    pub fn copy_opaque(&mut self, layer: &Pixmap, x: u32, y: u32) {
        let ((x, _), (y, _)) = (self.px_span(x, 0), self.px_span(y, 0));
        let (w, h) = (self.pixmap.width(), self.pixmap.height());
        if x >= w || y >= h {
            return;
        }
        let cols = layer.width().min(w - x) as usize * 4;
        let rows = layer.height().min(h - y) as usize;
        let src_stride = layer.width() as usize * 4;
        let dst_stride = w as usize * 4;
        let src = layer.data();
        let dst = self.pixmap.data_mut();
        for row in 0..rows {
            let s = row * src_stride;
            let d = (y as usize + row) * dst_stride + x as usize * 4;
            dst[d..d + cols].copy_from_slice(&src[s..s + cols]);
        }
    }

    /// The picture so far.
    pub fn pixmap(&self) -> &Pixmap {
        &self.pixmap
    }

    /// Fills the whole-pixel rectangle at (`x`, `y`) of `w` x `h` with an opaque colour.
    pub fn clear_rect(&mut self, x: u32, y: u32, w: u32, h: u32, color: Rgba) {
        let (x0, x1, y0, y1) = self.px_rect(x, y, w, h);
        let px = [color.0, color.1, color.2, 255];
        let stride = self.pixmap.width() as usize * 4;
        let data = self.pixmap.data_mut();
        for row in y0..y1 {
            for chunk in data[row * stride + x0 * 4..row * stride + x1 * 4].chunks_exact_mut(4) {
                chunk.copy_from_slice(&px);
            }
        }
    }

    /// Copies the `w` x `h` part at (`sx`, `sy`) of an opaque layer (drawn at this canvas's
    /// scale) to (`x`, `y`), clipped to both.
    #[allow(clippy::too_many_arguments)]
    pub fn copy_part(&mut self, layer: &Pixmap, sx: u32, sy: u32, w: u32, h: u32, x: u32, y: u32) {
        let ((sx, w), (sy, h)) = (self.px_span(sx, w), self.px_span(sy, h));
        let ((x, _), (y, _)) = (self.px_span(x, 0), self.px_span(y, 0));
        let (pw, ph) = (self.pixmap.width(), self.pixmap.height());
        let w = w
            .min(layer.width().saturating_sub(sx))
            .min(pw.saturating_sub(x));
        let h = h
            .min(layer.height().saturating_sub(sy))
            .min(ph.saturating_sub(y));
        let src_stride = layer.width() as usize * 4;
        let dst_stride = pw as usize * 4;
        let src = layer.data();
        let dst = self.pixmap.data_mut();
        for row in 0..h as usize {
            let s = (sy as usize + row) * src_stride + sx as usize * 4;
            let d = (y as usize + row) * dst_stride + x as usize * 4;
            dst[d..d + w as usize * 4].copy_from_slice(&src[s..s + w as usize * 4]);
        }
    }

    /// The pixels of the rectangle at (`x`, `y`) of `w` x `h` layout units (clipped), to put
    /// back later with [`Canvas::put_pixels`].
    pub fn pixels(&self, x: u32, y: u32, w: u32, h: u32) -> Vec<u8> {
        let (x0, x1, y0, y1) = self.px_rect(x, y, w, h);
        let stride = self.pixmap.width() as usize * 4;
        let data = self.pixmap.data();
        let mut out = Vec::with_capacity((x1 - x0) * (y1 - y0) * 4);
        for row in y0..y1 {
            out.extend_from_slice(&data[row * stride + x0 * 4..row * stride + x1 * 4]);
        }
        out
    }

    /// Puts back pixels taken by [`Canvas::pixels`] with the same rectangle.
    pub fn put_pixels(&mut self, x: u32, y: u32, w: u32, h: u32, pixels: &[u8]) {
        let (x0, x1, y0, y1) = self.px_rect(x, y, w, h);
        let stride = self.pixmap.width() as usize * 4;
        let cols = (x1 - x0) * 4;
        let data = self.pixmap.data_mut();
        for (row, src) in (y0..y1).zip(pixels.chunks_exact(cols.max(1))) {
            data[row * stride + x0 * 4..row * stride + x1 * 4].copy_from_slice(src);
        }
    }

    /// The pixel rectangle of a layout rectangle, clipped: (x0, x1, y0, y1).
    fn px_rect(&self, x: u32, y: u32, w: u32, h: u32) -> (usize, usize, usize, usize) {
        let ((x, w), (y, h)) = (self.px_span(x, w), self.px_span(y, h));
        let (pw, ph) = (self.pixmap.width(), self.pixmap.height());
        let (x0, y0) = (x.min(pw), y.min(ph));
        let (x1, y1) = ((x + w).min(pw), (y + h).min(ph));
        (x0 as usize, x1 as usize, y0 as usize, y1 as usize)
    }

    /// Encodes the picture as an RGB PNG: deflate level 1 (flate2) with the Sub filter, about
    /// 3 ms and 150 KB for the heaviest board. (Measured with `BAO_BENCH_ENCODERS=1 cargo
    /// bench --bench render`: the `Fast` setting takes 1.5-2 ms but makes 330-420 KB; level 2
    /// saves a fifth of the size for three times the time.)
    pub fn into_png(self) -> Vec<u8> {
        let (w, h) = (self.pixmap.width(), self.pixmap.height());
        // The picture is opaque, so premultiplied RGBA is plain RGBA: drop the alpha.
        let mut rgb = vec![0u8; w as usize * h as usize * 3];
        for (to, from) in rgb
            .chunks_exact_mut(3)
            .zip(self.pixmap.data().chunks_exact(4))
        {
            to.copy_from_slice(&from[..3]);
        }
        let mut out = Vec::with_capacity(128 * 1024);
        PngEncoder::new_with_quality(&mut out, CompressionType::Level(1), FilterType::Sub)
            .write_image(&rgb, w, h, ExtendedColorType::Rgb8)
            .expect("encoding a complete RGB buffer into memory cannot fail");
        out
    }
}

/// A path from the first of `points` through the others, left open.
fn path_through(points: &[(f32, f32)]) -> PathBuilder {
    let mut pb = PathBuilder::new();
    for (i, &(x, y)) in points.iter().enumerate() {
        if i == 0 {
            pb.move_to(x, y);
        } else {
            pb.line_to(x, y);
        }
    }
    pb
}

/// A rounded rectangle path.
fn round_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
    // Cubic approximation of a quarter circle.
    let k = r * 0.552_284_8;
    let (x1, y1) = (x + w, y + h);
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x1 - r, y);
    pb.cubic_to(x1 - r + k, y, x1, y + r - k, x1, y + r);
    pb.line_to(x1, y1 - r);
    pb.cubic_to(x1, y1 - r + k, x1 - r + k, y1, x1 - r, y1);
    pb.line_to(x + r, y1);
    pb.cubic_to(x + r - k, y1, x, y1 - r + k, x, y1 - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
    pb.finish()
}
