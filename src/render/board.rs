//! The board itself: where each pit is drawn for either viewer, the empty board (wood,
//! bowls, the nyumba square, pit names) drawn once per view and copied into every picture,
//! and where the stones of a heap lie in a bowl.

use std::sync::OnceLock;

use tiny_skia::Pixmap;

use crate::rules::{Pit, Row, Side, Variant};

use super::canvas::{Align, Canvas, Fill, Weight};
use super::theme::{
    Fonts, BACKGROUND, BOARD_H, BOARD_PAD, BOWL_IN, BOWL_OUT, CELL, GRAIN, HOUSE_HALF, LABEL,
    MARGIN, MAX_STONES, MID_GAP, PIT_R, WIDTH, WOOD, WOOD_EDGE,
};

/// Where a pit is drawn: (row from the top 0..4, column from the left 0..8). The viewer's
/// front row is row 2 and back row row 3, numbered 1..8 from the left; the opponent's rows
/// are turned round (row 1 front, row 0 back, numbered 8..1 from the left).
pub(super) fn grid(viewer: Side, pit: Pit) -> (usize, usize) {
    let n = pit.number() as usize;
    match (pit.side() == viewer, pit.row()) {
        (true, Row::Front) => (2, n - 1),
        (true, Row::Back) => (3, n - 1),
        (false, Row::Front) => (1, 8 - n),
        (false, Row::Back) => (0, 8 - n),
    }
}

/// Top-left corner of a pit's cell on a board whose top-left corner is (`x`, `y`).
pub(super) fn cell_at(viewer: Side, pit: Pit, x: f32, y: f32) -> (f32, f32) {
    let (row, col) = grid(viewer, pit);
    let cx = x + BOARD_PAD + col as f32 * CELL;
    let mut cy = y + BOARD_PAD + row as f32 * CELL;
    if row >= 2 {
        cy += MID_GAP;
    }
    (cx, cy)
}

/// The scales a board is drawn at: full size (the PNG), a move's GIF
/// ([`super::movie::MOVE_GIF_SCALE`]) and a game's GIF (half size). Each keeps the board's
/// cells on whole pixels.
const LAYER_SCALES: [f32; 3] = [1.0, 0.75, 0.5];

/// The empty board of `variant` as `viewer` sees it, drawn at `scale` (the nearest of
/// [`LAYER_SCALES`]): wood, bowls (the nyumba square where the variant has one) and pit names.
/// It never changes, so it is drawn once and copied into every picture (about a third of the
/// drawing time).
pub(super) fn board_layer_at(viewer: Side, variant: Variant, scale: f32) -> &'static Pixmap {
    static LAYERS: [OnceLock<Pixmap>; 12] = [const { OnceLock::new() }; 12];
    let s = (0..LAYER_SCALES.len())
        .min_by(|&a, &b| {
            (LAYER_SCALES[a] - scale)
                .abs()
                .total_cmp(&(LAYER_SCALES[b] - scale).abs())
        })
        .unwrap_or(0);
    let k = (viewer.index() * 2 + usize::from(variant.has_nyumba())) * LAYER_SCALES.len() + s;
    LAYERS[k].get_or_init(|| draw_board_layer(viewer, variant, LAYER_SCALES[s]))
}

fn draw_board_layer(viewer: Side, variant: Variant, scale: f32) -> Pixmap {
    let w = WIDTH - 2.0 * MARGIN;
    let mut c = Canvas::scaled(w as u32, BOARD_H as u32, BACKGROUND, Fonts::load(), scale);
    c.fill_round_rect(0.0, 0.0, w, BOARD_H, 18.0, &Fill::Solid(WOOD));
    // A few quiet grain lines.
    for i in 0..9 {
        let gy = 30.0 + i as f32 * 57.0 + (i % 3) as f32 * 7.0;
        c.line(14.0, gy, w - 14.0, gy + 3.0, GRAIN, 2.0);
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
pub(super) fn draw_label(c: &mut Canvas, pit: Pit, x: f32, y: f32) {
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

/// The first `n` stone spots, shifted so the heap is centred in the bowl (the PNG's and the
/// web page's board lay their stones alike).
pub fn stone_spots(n: usize) -> impl Iterator<Item = (f32, f32)> {
    let spots = &STONE_SPOTS[..n.min(MAX_STONES)];
    let k = spots.len().max(1) as f32;
    let mx = spots.iter().map(|s| s.0).sum::<f32>() / k;
    let my = spots.iter().map(|s| s.1).sum::<f32>() / k;
    spots.iter().map(move |&(x, y)| (x - mx, y - my))
}

/// The first `n` stone spots where they lie, not re-centred: the steady layout of game GIFs,
/// where a seed added or taken adds or takes one stone and the others stay put (a frame then
/// changes a stone's pixels, not the whole bowl's). The spots wind round the bowl's centre,
/// so a heap is at most half a stone off it.
pub(super) fn steady_stone_spots(n: usize) -> impl Iterator<Item = (f32, f32)> {
    STONE_SPOTS[..n.min(MAX_STONES)].iter().copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::Rgba;

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
}
