//! The evaluation graph of an analysed game: South's expected score over the plies, the
//! namua/mtaji boundary, the mistakes and blunders marked on the curve, and the players with
//! their accuracies in the legend. Drawn 1000 px wide with the boards' fonts and palette so it
//! stays legible when Discord shows it about 500 px wide on a phone.

use crate::ai::analysis::{GameAnalysis, Label};
use crate::rules::{Phase, Side};

use super::canvas::{Align, Canvas, Fill, Weight};
use super::scene::header_name;
use super::theme::graph::{
    GRID, HEIGHT, NORTH_FILL, PLOT_BOTTOM, PLOT_LEFT, PLOT_RIGHT, PLOT_TOP, SOUTH_FILL,
    SOUTH_SWATCH,
};
use super::theme::{Fonts, BACKGROUND, CAPTURED, DIM_INK, INK, PANEL, TAKASIA, WIDTH, WOOD};
use super::words::{fill, PictureWords};

/// Draws the evaluation graph of `analysis` as a PNG (1000 x 600); `names` are South's and
/// North's. A game without moves draws an empty plot.
pub fn evaluation_graph_png(analysis: &GameAnalysis, names: &[String; 2]) -> Vec<u8> {
    evaluation_graph_png_words(analysis, names, &PictureWords::default())
}

/// [`evaluation_graph_png`] with its labels in `words`' language.
pub fn evaluation_graph_png_words(
    analysis: &GameAnalysis,
    names: &[String; 2],
    words: &PictureWords,
) -> Vec<u8> {
    let fonts = Fonts::load();
    let mut c = Canvas::new(WIDTH as u32, HEIGHT as u32, BACKGROUND, fonts);
    let curve = analysis.curve();
    let plies = curve.len().saturating_sub(1).max(1);
    let x_of = |i: usize| PLOT_LEFT + (PLOT_RIGHT - PLOT_LEFT) * i as f32 / plies as f32;
    let y_of = |e: f64| PLOT_BOTTOM - (PLOT_BOTTOM - PLOT_TOP) * e.clamp(0.0, 1.0) as f32;

    draw_legend(&mut c, analysis, names, words);

    // The plot: background, grid lines at quarters, the percent scale.
    c.fill_round_rect(
        PLOT_LEFT,
        PLOT_TOP,
        PLOT_RIGHT - PLOT_LEFT,
        PLOT_BOTTOM - PLOT_TOP,
        6.0,
        &Fill::Solid(PANEL),
    );
    for (e, label) in [
        (1.0, "100%"),
        (0.75, ""),
        (0.5, "50%"),
        (0.25, ""),
        (0.0, "0%"),
    ] {
        let y = y_of(e);
        let width = if e == 0.5 { 2.0 } else { 1.0 };
        c.line(PLOT_LEFT, y, PLOT_RIGHT, y, GRID, width);
        if !label.is_empty() {
            let w = c.text_width(label, 22.0, Weight::Regular);
            let baseline = y + Canvas::cap_height(22.0) / 2.0;
            c.text(
                label,
                PLOT_LEFT - 10.0 - w,
                baseline,
                22.0,
                Weight::Regular,
                DIM_INK,
                Align::Left,
            );
        }
    }

    // The area between the 50% line and the curve: South's colour above, North's below,
    // split where the curve crosses.
    if curve.len() >= 2 {
        let mid = y_of(0.5);
        let mut points: Vec<(f32, f32)> = Vec::with_capacity(curve.len() * 2);
        for i in 0..curve.len() {
            if i > 0 && (curve[i - 1] - 0.5) * (curve[i] - 0.5) < 0.0 {
                let t = (0.5 - curve[i - 1]) / (curve[i] - curve[i - 1]);
                let x = x_of(i - 1) + (x_of(i) - x_of(i - 1)) * t as f32;
                points.push((x, mid));
            }
            points.push((x_of(i), y_of(curve[i])));
        }
        for south in [true, false] {
            let mut poly = vec![(x_of(0), mid)];
            poly.extend(points.iter().map(|&(x, y)| {
                let keep = if south { y < mid } else { y > mid };
                (x, if keep { y } else { mid })
            }));
            poly.push((x_of(curve.len() - 1), mid));
            c.fill_polygon(&poly, if south { SOUTH_FILL } else { NORTH_FILL });
        }
        c.polyline(&points, INK, 3.0, None);
    }

    // The namua/mtaji boundary: before the first move made in the mtaji stage.
    let mtaji = analysis.plies.iter().position(|p| p.phase == Phase::Mtaji);
    let namua = analysis.plies.iter().any(|p| p.phase == Phase::Namua);
    if let (true, Some(i)) = (namua, mtaji) {
        let x = x_of(i);
        c.polyline(
            &[(x, PLOT_TOP), (x, PLOT_BOTTOM)],
            INK.alpha(220),
            2.0,
            Some([8.0, 6.0]),
        );
        let namua_w = c.text_width(&words.namua, 22.0, Weight::Bold);
        let mtaji_w = c.text_width(&words.mtaji, 22.0, Weight::Bold);
        if x - PLOT_LEFT > namua_w + 24.0 {
            stage_label(&mut c, &words.namua, x - 12.0 - namua_w);
        }
        if PLOT_RIGHT - x > mtaji_w + 24.0 {
            stage_label(&mut c, &words.mtaji, x + 12.0);
        }
    } else if namua {
        stage_label(&mut c, &words.namua, PLOT_LEFT + 12.0);
    }

    // Mistakes and blunders, on the point after the move.
    for p in &analysis.plies {
        let (color, r) = match p.label {
            Label::Blunder => (CAPTURED, 9.0),
            Label::Mistake => (TAKASIA, 7.5),
            _ => continue,
        };
        let (x, y) = (x_of(p.ply), y_of(p.south_after));
        c.fill_circle(x, y, r + 2.5, &Fill::Solid(BACKGROUND));
        c.fill_circle(x, y, r, &Fill::Solid(color));
    }

    // The ply scale.
    let step = [5, 10, 20, 25, 50, 100, 200, 500]
        .into_iter()
        .find(|s| plies / s <= 10)
        .unwrap_or(1000);
    let mut tick = 0;
    while tick <= plies {
        let x = x_of(tick);
        c.line(x, PLOT_BOTTOM, x, PLOT_BOTTOM + 8.0, DIM_INK, 2.0);
        c.text(
            &tick.to_string(),
            x,
            PLOT_BOTTOM + 34.0,
            22.0,
            Weight::Regular,
            DIM_INK,
            Align::Center,
        );
        tick += step;
    }
    c.text(
        &words.graph_ply,
        16.0,
        PLOT_BOTTOM + 34.0,
        22.0,
        Weight::Regular,
        DIM_INK,
        Align::Left,
    );
    c.into_png()
}

/// A stage name at the top of the plot, on a dark pill so it reads over the curve's fill.
fn stage_label(c: &mut Canvas, text: &str, x: f32) {
    let w = c.text_width(text, 22.0, Weight::Bold);
    let baseline = PLOT_TOP + 32.0;
    let cap = Canvas::cap_height(22.0);
    c.fill_round_rect(
        x - 6.0,
        baseline - cap - 7.0,
        w + 12.0,
        cap + 14.0,
        6.0,
        &Fill::Solid(BACKGROUND.alpha(230)),
    );
    c.text(text, x, baseline, 22.0, Weight::Bold, INK, Align::Left);
}

/// The two legend lines: each player's swatch, name, side and accuracy; then what the marks
/// and the scale mean.
fn draw_legend(c: &mut Canvas, analysis: &GameAnalysis, names: &[String; 2], words: &PictureWords) {
    let y = 40.0;
    for (side, left) in [(Side::South, true), (Side::North, false)] {
        let (name, size) = header_name(c, &names[side.index()], 250.0);
        let accuracy = match analysis.accuracy[side.index()] {
            Some(a) => format!(
                "{}  \u{b7}  {}",
                words.side(side),
                fill(&words.accuracy, &[("percent", &format!("{a:.0}"))])
            ),
            None => words.side(side).to_string(),
        };
        let name_w = c.text_width(&name, size, Weight::Bold);
        let detail_w = c.text_width(&accuracy, 22.0, Weight::Regular);
        let total = 30.0 + name_w + 12.0 + detail_w;
        let x0 = if left { 16.0 } else { WIDTH - 16.0 - total };
        let swatch = if side == Side::South {
            SOUTH_SWATCH
        } else {
            WOOD
        };
        let top = y - Canvas::cap_height(28.0) - 1.0;
        c.fill_round_rect(x0, top, 20.0, 20.0, 4.0, &Fill::Solid(swatch));
        c.text(&name, x0 + 30.0, y, size, Weight::Bold, INK, Align::Left);
        c.text(
            &accuracy,
            x0 + 30.0 + name_w + 12.0,
            y,
            22.0,
            Weight::Regular,
            DIM_INK,
            Align::Left,
        );
    }
    // Line 2: the scale and the marks.
    let y2 = 88.0;
    let mut x = 16.0;
    x += c.text(
        &words.expected_score,
        x,
        y2,
        22.0,
        Weight::Bold,
        INK,
        Align::Left,
    );
    x += 28.0;
    for (color, r, word) in [
        (TAKASIA, 7.5, &words.mistake),
        (CAPTURED, 9.0, &words.blunder),
    ] {
        c.fill_circle(
            x + 9.0,
            y2 - Canvas::cap_height(22.0) / 2.0,
            r,
            &Fill::Solid(color),
        );
        x += 24.0;
        x += c.text(word, x, y2, 22.0, Weight::Regular, INK, Align::Left);
        x += 22.0;
    }
    let budget = fill(&words.nodes, &[("nodes", &analysis.nodes)]);
    let w = c.text_width(&budget, 22.0, Weight::Regular);
    c.text(
        &budget,
        WIDTH - 16.0 - w,
        y2,
        22.0,
        Weight::Regular,
        DIM_INK,
        Align::Left,
    );
}
