//! The board as SVG in the page's HTML: the position the page opens on, drawn by the server
//! so that the page shows the real board before (and without) its script, and nothing
//! moves when the script takes over. It is the same drawing as `assets/web/board.js` (which
//! draws every other ply and the sowing animation): the PNGs' geometry and colours, every
//! pit a `<g data-pit="A4" data-seeds="3" role="img" aria-label="A4, 3 seeds">`.
//!
//! On a narrow screen the style sheet turns the board a quarter round (its columns run
//! down the screen) and turns each text back upright; the drawing is one.

use std::fmt::Write;

use maud::{Escaper, Markup, PreEscaped};

use crate::app::{pit_order, PlyView};
use crate::i18n::Lang;
use crate::msg;

const CELL: f64 = 116.0;
const PAD: f64 = 20.0;
const GAP: f64 = 16.0;
const PIT_R: f64 = 46.0;
const HOUSE: f64 = 40.0;
/// The drawing's size (its `viewBox`).
pub const W: f64 = 968.0;
/// The drawing's height.
pub const H: f64 = 520.0;

const WOOD: &str = "#ab723e";
const EDGE: &str = "#5a3518";
const GRAIN: &str = "rgba(122,74,34,0.16)";
const OUT: &str = "#3f2410";
const IN: &str = "#5c361a";
const LABEL: &str = "#fbeedd";
const BADGE: &str = "#f6ead2";
const BADGE_INK: &str = "#3a2210";
const FRAME: &str = "#fff3d6";
const TAKASIA: &str = "#ff7a1a";
const START: &str = "#4da3ff";
const CAPTURED: &str = "#ff4d4d";
const ENTERED: &str = "#4fd27a";
const ENDED: &str = "#ffd23f";
const STONES: [&str; 3] = ["#e9e2d0", "#d6cdb8", "#c9c2b4"];
const SHADOW: &str = "rgba(20,10,0,0.43)";
const GLINT: &str = "rgba(255,255,255,0.67)";

/// Whether `pit` (`A4`) is South's.
fn is_south(pit: &str) -> bool {
    pit.starts_with(['A', 'B'])
}

fn is_house(pit: &str) -> bool {
    matches!(pit, "A5" | "a5")
}

/// The top-left corner of `pit`'s cell, seen from South.
fn cell(pit: &str) -> (f64, f64) {
    let n: f64 = pit[1..].parse().unwrap_or(1.0);
    let front = pit.starts_with(['A', 'a']);
    let (row, col) = if is_south(pit) {
        (if front { 2.0 } else { 3.0 }, n - 1.0)
    } else {
        (if front { 1.0 } else { 0.0 }, 8.0 - n)
    };
    (
        PAD + col * CELL,
        PAD + row * CELL + if row >= 2.0 { GAP } else { 0.0 },
    )
}

fn rrect(s: &mut String, x: f64, y: f64, w: f64, h: f64, r: f64, attrs: &str) {
    let _ = write!(
        s,
        r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{r}" {attrs}/>"#
    );
}

/// Where the tags of a pit go, clear of its name plate and count badge and of the
/// neighbours', on the board as drawn and turned on a phone (each plate then turns back about
/// its centre, so a tag `w` wide needs a `w`×`w` square): short ones down the right edge,
/// then along the bottom edge; a long one across the middle. As `pitTags` in
/// assets/web/board.js.
fn tags(g: &mut String, x: f64, y: f64, tags: &[Tag]) {
    let (mut down, mut along, mut middle) = (y + 6.0, x + 2.0, 0.0);
    for (t, color, turns) in tags {
        let w = (t.chars().count() as f64 * 12.0 + 12.0).max(24.0);
        let (cx, cy) = if w <= 48.0 && down + w <= y + 82.0 {
            down += w + 3.0;
            (x + 114.0 - w / 2.0, down - 3.0 - w / 2.0)
        } else if w <= 48.0 && along + w <= x + 80.0 {
            along += w + 3.0;
            (along - 3.0 - w / 2.0, y + 110.0 - w / 2.0)
        } else {
            middle += 1.0;
            (x + 58.0, y + 30.0 + 28.0 * middle)
        };
        let class = if *turns { "tag arrow" } else { "tag" };
        let plate = format!(r#"class="{class}-plate" fill="{color}""#);
        rrect(g, cx - w / 2.0, cy - 12.0, w, 24.0, 12.0, &plate);
        let _ = write!(
            g,
            r#"<text x="{cx}" y="{}" class="{class}" fill="{BADGE_INK}">{}</text>"#,
            cy + 7.0,
            escaped(t)
        );
    }
}

/// The marks of one pit: rings (inside out, colour and dotted) and tags (text, colour,
/// whether it turns with the board: an arrow does).
#[derive(Default)]
struct PitMarks {
    rings: Vec<Ring>,
    tags: Vec<Tag>,
}

/// A ring: colour, dotted.
type Ring = (&'static str, bool);
/// A tag: text, colour, whether it turns with the board.
type Tag = (String, &'static str, bool);

fn marks_of(ply: &PlyView) -> Vec<(String, PitMarks)> {
    let mut out: Vec<(String, PitMarks)> = Vec::new();
    let mut all: Vec<(String, Option<Ring>, Option<Tag>)> = Vec::new();
    if let Some(t) = &ply.takasia {
        all.push((
            t.clone(),
            Some((TAKASIA, true)),
            Some(("T".into(), TAKASIA, false)),
        ));
    }
    let m = &ply.marks;
    if let Some(s) = &m.start {
        let tag = m.from_hand.then(|| ("+1".to_string(), START, false));
        all.push((s.clone(), Some((START, false)), tag));
    }
    for (p, n) in &m.captured {
        all.push((
            p.clone(),
            Some((CAPTURED, false)),
            Some((format!("\u{2212}{n}"), CAPTURED, false)),
        ));
    }
    for p in &m.entered {
        all.push((p.clone(), Some((ENTERED, false)), None));
    }
    for (p, way) in &m.sown {
        let rightward = (*way == 'R') == is_south(p);
        let arrow = if rightward { "\u{2192}" } else { "\u{2190}" };
        all.push((p.clone(), None, Some((arrow.to_string(), ENTERED, true))));
    }
    if let Some(e) = &m.end {
        all.push((e.clone(), Some((ENDED, false)), None));
    }
    for (pit, ring, tag) in all {
        let i = match out.iter().position(|(p, _)| *p == pit) {
            Some(i) => i,
            None => {
                out.push((pit, PitMarks::default()));
                out.len() - 1
            }
        };
        if let Some(r) = ring {
            out[i].1.rings.push(r);
        }
        if let Some(t) = tag {
            out[i].1.tags.push(t);
        }
    }
    out
}

/// A pit's accessible name in `lang`: `A4, 3 seeds`, `a5, nyumba, 8 seeds, the move ended
/// here`, `b2, takasia, 0 seeds`.
pub fn pit_name(pit: &str, seeds: u8, nyumba: bool, ply: &PlyView, lang: Lang) -> String {
    let mut parts = vec![pit.to_string()];
    if nyumba && is_house(pit) {
        parts.push(msg!("web-pit-nyumba").render(lang));
    }
    if ply.takasia.as_deref() == Some(pit) {
        parts.push(msg!("web-pit-takasia").render(lang));
    }
    parts.push(msg!("web-pit-seeds", seeds = seeds).render(lang));
    let m = &ply.marks;
    if m.start.as_deref() == Some(pit) {
        parts.push(msg!("web-pit-start").render(lang));
    }
    if let Some((_, n)) = m.captured.iter().find(|(p, _)| p == pit) {
        parts.push(msg!("web-pit-captured", seeds = *n).render(lang));
    }
    if m.entered.iter().any(|p| p == pit) {
        parts.push(msg!("web-pit-entered").render(lang));
    }
    if m.end.as_deref() == Some(pit) {
        parts.push(msg!("web-pit-end").render(lang));
    }
    parts.join(", ")
}

fn escaped(text: &str) -> String {
    let mut out = String::new();
    let _ = Escaper::new(&mut out).write_str(text);
    out
}

/// The inside of `svg#board` for position `ply` seen from South, names in `lang`.
pub fn board_svg(ply: &PlyView, nyumba: bool, lang: Lang) -> Markup {
    let mut s = String::with_capacity(24 * 1024);
    rrect(&mut s, 0.0, 0.0, W, H, 18.0, &format!(r#"fill="{WOOD}""#));
    for i in 0..9 {
        let gy = 30.0 + f64::from(i) * 57.0 + f64::from(i % 3) * 7.0;
        let _ = write!(
            s,
            r#"<line x1="14" y1="{gy}" x2="{}" y2="{}" stroke="{GRAIN}" stroke-width="2"/>"#,
            W - 14.0,
            gy + 3.0
        );
    }
    rrect(
        &mut s,
        2.0,
        2.0,
        W - 4.0,
        H - 4.0,
        16.0,
        &format!(r#"fill="none" stroke="{EDGE}" stroke-width="4""#),
    );
    let mid = PAD + 2.0 * CELL + GAP / 2.0;
    let _ = write!(
        s,
        r#"<line x1="12" y1="{mid}" x2="{}" y2="{mid}" stroke="{EDGE}" stroke-opacity="0.78" stroke-width="3"/>"#,
        W - 12.0
    );
    let marks = marks_of(ply);
    for (i, pit) in pit_order().iter().enumerate() {
        let pit = pit.to_string();
        let seeds = ply.pits.get(i).copied().unwrap_or(0);
        let (x, y) = cell(&pit);
        let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
        let house = nyumba && is_house(&pit);
        let mut g = String::new();
        // The bowl.
        if house {
            rrect(
                &mut g,
                cx - HOUSE,
                cy - HOUSE,
                2.0 * HOUSE,
                2.0 * HOUSE,
                10.0,
                &format!(r#"fill="{OUT}""#),
            );
            rrect(
                &mut g,
                cx - HOUSE + 6.0,
                cy - HOUSE + 9.0,
                2.0 * HOUSE - 12.0,
                2.0 * HOUSE - 13.0,
                7.0,
                &format!(r#"fill="{IN}""#),
            );
            rrect(
                &mut g,
                cx - HOUSE,
                cy - HOUSE,
                2.0 * HOUSE,
                2.0 * HOUSE,
                10.0,
                &format!(r#"fill="none" stroke="{EDGE}" stroke-opacity="0.63" stroke-width="2""#),
            );
        } else {
            let _ = write!(
                g,
                r#"<circle cx="{cx}" cy="{cy}" r="{PIT_R}" fill="{OUT}"/><circle cx="{cx}" cy="{}" r="{}" fill="{IN}"/><circle cx="{cx}" cy="{cy}" r="{PIT_R}" fill="none" stroke="{EDGE}" stroke-opacity="0.63" stroke-width="2"/>"#,
                cy + 4.0,
                PIT_R - 7.0
            );
        }
        // The pit's name on a dark plate (legible on the wood).
        rrect(
            &mut g,
            x + 1.0,
            y + 1.0,
            36.0,
            24.0,
            6.0,
            &format!(r#"class="plate" fill="{OUT}""#),
        );
        let _ = write!(
            g,
            r#"<text x="{}" y="{}" class="pit-name" fill="{LABEL}">{pit}</text>"#,
            x + 19.0,
            y + 21.0
        );
        let owner = usize::from(!is_south(&pit));
        if house && ply.houses[owner] {
            let hy = cy - HOUSE;
            rrect(
                &mut g,
                cx - HOUSE,
                hy,
                2.0 * HOUSE,
                2.0 * HOUSE,
                10.0,
                &format!(r#"fill="none" stroke="{FRAME}" stroke-width="4""#),
            );
            let _ = write!(
                g,
                r#"<polygon points="{},{} {cx},{} {},{}" fill="{FRAME}"/>"#,
                cx - 17.0,
                hy - 4.0,
                hy - 14.0,
                cx + 17.0,
                hy - 4.0
            );
        }
        let mk = marks.iter().find(|(p, _)| *p == pit).map(|(_, m)| m);
        if let Some(mk) = mk {
            for (k, (color, dotted)) in mk.rings.iter().enumerate() {
                let grow = 4.5 + 6.0 * k as f64;
                let dash = if *dotted {
                    r#" stroke-dasharray="6 5""#
                } else {
                    ""
                };
                if house {
                    let h = HOUSE + grow + if k == 0 { 3.0 } else { 0.0 };
                    rrect(
                        &mut g,
                        cx - h,
                        cy - h,
                        2.0 * h,
                        2.0 * h,
                        14.0,
                        &format!(r#"fill="none" stroke="{color}" stroke-width="3.5"{dash}"#),
                    );
                } else {
                    let _ = write!(
                        g,
                        r#"<circle cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="{color}" stroke-width="3.5"{dash}/>"#,
                        PIT_R + grow
                    );
                }
            }
        }
        // The stones, centred.
        for (j, (dx, dy)) in crate::app::stone_spots(usize::from(seeds)).enumerate() {
            let sx = (cx + f64::from(dx)).round();
            let sy = (cy + f64::from(dy)).round();
            let _ = write!(
                g,
                r#"<circle cx="{}" cy="{}" r="8" fill="{SHADOW}"/><circle cx="{sx}" cy="{sy}" r="8" fill="{}"/><circle cx="{}" cy="{}" r="2.5" fill="{GLINT}"/>"#,
                sx + 1.0,
                sy + 2.0,
                STONES[j % 3],
                sx - 2.5,
                sy - 2.5
            );
        }
        // The count on its badge (a dark one for an empty pit).
        let text = seeds.to_string();
        let bw = (text.len() as f64 * 16.0 + 14.0).max(32.0);
        let bh = 30.0;
        let (bx, by) = (x + CELL - bw - 2.0, y + CELL - bh - 2.0);
        let (fill, ink) = if seeds > 0 {
            (BADGE, BADGE_INK)
        } else {
            (OUT, LABEL)
        };
        rrect(
            &mut g,
            bx,
            by,
            bw,
            bh,
            bh / 2.0,
            &format!(r#"class="badge" fill="{fill}""#),
        );
        let _ = write!(
            g,
            r#"<text x="{}" y="{}" class="count" fill="{ink}">{text}</text>"#,
            bx + bw / 2.0,
            by + bh / 2.0 + 9.0
        );
        if let Some(mk) = mk {
            tags(&mut g, x, y, &mk.tags);
        }
        let name = pit_name(&pit, seeds, nyumba, ply, lang);
        let _ = write!(
            s,
            r#"<g class="pit" data-pit="{pit}" data-seeds="{seeds}" role="img" aria-label="{}">{g}</g>"#,
            escaped(&name)
        );
    }
    PreEscaped(s)
}
