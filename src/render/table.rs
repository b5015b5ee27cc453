//! Tables (leaderboards) drawn as a PNG with the board's colours and fonts, and the same
//! table as plain text for terminals.
//!
//! The picture is 800 px wide (legible when Discord shows it about 500 px wide on a phone):
//! a title, an optional subtitle, a header row, the rows in alternating shades with one row
//! optionally highlighted (the asker's own), and footer lines. Numeric columns are right
//! aligned; the widest text column is cut with an ellipsis when the table would not fit.

use super::canvas::{Align, Canvas, Fill, Weight};
use super::theme::table::{
    CELL_SIZE, FOOT_LINE, FOOT_SIZE, GAP_H, HEAD_SIZE, MARGIN, PAD, ROW_H, SUBTITLE_SIZE,
    TITLE_SIZE, WIDTH,
};
use super::theme::{Fonts, BACKGROUND, BANNER_BG, BANNER_INK, DIM_INK, INK, PANEL};

/// A column of a [`Table`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    /// The header text.
    pub header: String,
    /// Numbers: aligned right.
    pub numeric: bool,
}

impl Column {
    /// A text column, aligned left.
    pub fn text(header: impl Into<String>) -> Column {
        Column {
            header: header.into(),
            numeric: false,
        }
    }

    /// A numeric column, aligned right.
    pub fn number(header: impl Into<String>) -> Column {
        Column {
            header: header.into(),
            numeric: true,
        }
    }
}

/// One row of a [`Table`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TableRow {
    /// One text per column.
    pub cells: Vec<String>,
    /// Drawn highlighted (the asker's own row).
    pub highlight: bool,
    /// A gap (`…`) before this row: rows were left out above it.
    pub gap_before: bool,
}

/// A table to draw.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Table {
    /// The title line.
    pub title: String,
    /// A smaller line under the title.
    pub subtitle: Option<String>,
    /// The columns.
    pub columns: Vec<Column>,
    /// The rows.
    pub rows: Vec<TableRow>,
    /// Lines under the table (notes, the asker's standing).
    pub footer: Vec<String>,
    /// What a table without rows says; `None`: `nobody yet`.
    pub empty: Option<String>,
}

impl Table {
    /// What the table says when it has no rows.
    fn empty_line(&self) -> &str {
        self.empty.as_deref().unwrap_or("nobody yet")
    }
}

/// `text` cut with an ellipsis to at most `max` pixels at `size`.
fn cut(fonts: &Fonts, text: &str, size: f32, weight: Weight, max: f32) -> String {
    if fonts.width(text, size, weight) <= max {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    loop {
        chars.pop();
        let out = chars.iter().collect::<String>() + "\u{2026}";
        if chars.is_empty() || fonts.width(&out, size, weight) <= max {
            return out;
        }
    }
}

/// The width of each column: its widest text, the widest text column shrunk to fit.
/// The least padding either side of a column, for tables too wide for the full [`PAD`]
/// (crosstables).
const MIN_PAD: f32 = 4.0;

/// Each column's width, the padding either side of every column, and the picture's
/// width: the full [`PAD`] when the table fits with it, else as much as fits (at least
/// [`MIN_PAD`]), then the widest text column is cut (to no less than 140 px), and a table
/// still too wide gets a picture wider than [`WIDTH`].
fn column_widths(fonts: &Fonts, table: &Table) -> (Vec<f32>, f32, f32) {
    let mut widths: Vec<f32> = table
        .columns
        .iter()
        .enumerate()
        .map(|(i, col)| {
            let head = fonts.width(&col.header, HEAD_SIZE, Weight::Bold);
            table
                .rows
                .iter()
                .filter_map(|r| r.cells.get(i))
                .map(|c| fonts.width(c, CELL_SIZE, Weight::Bold))
                .fold(head, f32::max)
        })
        .collect();
    let total: f32 = widths.iter().sum();
    let n = widths.len().max(1) as f32;
    let pad = ((WIDTH - 2.0 * MARGIN - total) / (2.0 * n)).clamp(MIN_PAD, PAD);
    let room = WIDTH - 2.0 * MARGIN - 2.0 * pad * n;
    if total > room {
        let widest = (0..widths.len())
            .filter(|&i| !table.columns[i].numeric)
            .max_by(|&a, &b| widths[a].total_cmp(&widths[b]));
        if let Some(i) = widest {
            widths[i] = (widths[i] - (total - room)).max(widths[i].min(140.0));
        }
    } else if let Some(i) = (0..widths.len()).find(|&i| !table.columns[i].numeric) {
        // Spare room goes to the first text column (the names).
        widths[i] += room - total;
    }
    // A table that still does not fit (a crosstable of many rounds) gets a wider picture
    // rather than cut results.
    let needed = widths.iter().sum::<f32>() + 2.0 * pad * n + 2.0 * MARGIN;
    (widths, pad, needed.max(WIDTH).ceil())
}

/// Draws `table` as a PNG (800 px wide; about 60 + 44 px per row high).
pub fn table_png(table: &Table) -> Vec<u8> {
    let fonts = Fonts::load();
    let (widths, pad, width) = column_widths(&fonts, table);
    let gaps = table.rows.iter().filter(|r| r.gap_before).count() as f32;
    let top = 20.0 + 40.0 + if table.subtitle.is_some() { 30.0 } else { 0.0 } + 12.0;
    let height = top
        + 36.0
        + ROW_H * table.rows.len().max(1) as f32
        + GAP_H * gaps
        + 12.0
        + FOOT_LINE * table.footer.len() as f32
        + 14.0;
    let mut c = Canvas::new(
        width as u32,
        height.ceil() as u32,
        BACKGROUND,
        fonts.clone(),
    );
    let mut y = 20.0 + 32.0;
    let title = cut(
        &fonts,
        &table.title,
        TITLE_SIZE,
        Weight::Bold,
        width - 2.0 * MARGIN,
    );
    c.text(
        &title,
        MARGIN,
        y,
        TITLE_SIZE,
        Weight::Bold,
        INK,
        Align::Left,
    );
    if let Some(sub) = &table.subtitle {
        y += 32.0;
        let sub = cut(
            &fonts,
            sub,
            SUBTITLE_SIZE,
            Weight::Regular,
            width - 2.0 * MARGIN,
        );
        c.text(
            &sub,
            MARGIN,
            y,
            SUBTITLE_SIZE,
            Weight::Regular,
            DIM_INK,
            Align::Left,
        );
    }
    y = top;

    // Where each column's text starts (left) or ends (numeric).
    let mut lefts = Vec::with_capacity(widths.len());
    let mut x = MARGIN;
    for w in &widths {
        lefts.push(x + pad);
        x += w + 2.0 * pad;
    }
    let place = |c: &mut Canvas, i: usize, text: &str, base: f32, size: f32, weight, ink| {
        let numeric = table.columns[i].numeric;
        let shown = if numeric {
            text.to_string()
        } else {
            cut(&fonts, text, size, weight, widths[i])
        };
        let x = if numeric {
            lefts[i] + widths[i] - c.text_width(&shown, size, weight)
        } else {
            lefts[i]
        };
        c.text(&shown, x, base, size, weight, ink, Align::Left);
    };

    for (i, col) in table.columns.iter().enumerate() {
        place(
            &mut c,
            i,
            &col.header,
            y + 26.0,
            HEAD_SIZE,
            Weight::Bold,
            DIM_INK,
        );
    }
    y += 36.0;
    c.line(MARGIN, y - 2.0, width - MARGIN, y - 2.0, DIM_INK, 1.0);
    if table.rows.is_empty() {
        c.text(
            table.empty_line(),
            MARGIN + pad,
            y + ROW_H / 2.0 + Canvas::cap_height(CELL_SIZE) / 2.0,
            CELL_SIZE,
            Weight::Regular,
            DIM_INK,
            Align::Left,
        );
        y += ROW_H;
    }
    for (n, row) in table.rows.iter().enumerate() {
        if row.gap_before {
            c.text_centered(
                "\u{22ee}",
                width / 2.0,
                y + GAP_H / 2.0,
                HEAD_SIZE,
                Weight::Bold,
                DIM_INK,
            );
            y += GAP_H;
        }
        let (fill, ink) = if row.highlight {
            (Some(BANNER_BG), BANNER_INK)
        } else if n % 2 == 0 {
            (Some(PANEL), INK)
        } else {
            (None, INK)
        };
        if let Some(fill) = fill {
            c.fill_round_rect(
                MARGIN,
                y + 2.0,
                width - 2.0 * MARGIN,
                ROW_H - 4.0,
                8.0,
                &Fill::Solid(fill),
            );
        }
        let base = y + ROW_H / 2.0 + Canvas::cap_height(CELL_SIZE) / 2.0;
        for (i, cell) in row.cells.iter().enumerate().take(widths.len()) {
            let weight = if i == 0 || row.highlight {
                Weight::Bold
            } else {
                Weight::Regular
            };
            place(&mut c, i, cell, base, CELL_SIZE, weight, ink);
        }
        y += ROW_H;
    }
    y += 12.0;
    for line in &table.footer {
        let line = cut(
            &fonts,
            line,
            FOOT_SIZE,
            Weight::Regular,
            width - 2.0 * MARGIN,
        );
        c.text(
            &line,
            MARGIN,
            y + FOOT_LINE / 2.0 + Canvas::cap_height(FOOT_SIZE) / 2.0,
            FOOT_SIZE,
            Weight::Regular,
            DIM_INK,
            Align::Left,
        );
        y += FOOT_LINE;
    }
    c.into_png()
}

/// The same table as plain text: columns padded with spaces, `>` marking the highlighted
/// row, `...` where rows were left out.
pub fn table_text(table: &Table) -> String {
    let cols = table.columns.len();
    let mut widths: Vec<usize> = table
        .columns
        .iter()
        .map(|c| c.header.chars().count())
        .collect();
    for row in &table.rows {
        for (i, cell) in row.cells.iter().enumerate().take(cols) {
            widths[i] = widths[i].max(cell.chars().count());
        }
    }
    let line = |cells: &[String], mark: &str| -> String {
        let mut out = String::from(mark);
        for (i, cell) in cells.iter().enumerate().take(cols) {
            let pad = widths[i].saturating_sub(cell.chars().count());
            if i > 0 {
                out.push_str("  ");
            }
            if table.columns[i].numeric {
                out.push_str(&" ".repeat(pad));
                out.push_str(cell);
            } else {
                out.push_str(cell);
                out.push_str(&" ".repeat(pad));
            }
        }
        out.trim_end().to_string()
    };
    let mut out = vec![table.title.clone()];
    if let Some(sub) = &table.subtitle {
        out.push(sub.clone());
    }
    let headers: Vec<String> = table.columns.iter().map(|c| c.header.clone()).collect();
    out.push(line(&headers, "  "));
    if table.rows.is_empty() {
        out.push(format!("  {}", table.empty_line()));
    }
    for row in &table.rows {
        if row.gap_before {
            out.push("  ...".into());
        }
        out.push(line(&row.cells, if row.highlight { "> " } else { "  " }));
    }
    out.extend(table.footer.iter().cloned());
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Table {
        Table {
            title: "Leaderboard".into(),
            subtitle: Some("this server".into()),
            columns: vec![
                Column::number("#"),
                Column::text("Player"),
                Column::number("Rating"),
            ],
            rows: vec![
                TableRow {
                    cells: vec!["1".into(), "Asha".into(), "1712".into()],
                    ..TableRow::default()
                },
                TableRow {
                    cells: vec!["12".into(), "Baraka".into(), "1499".into()],
                    highlight: true,
                    gap_before: true,
                },
            ],
            footer: vec!["5+ rated games".into()],
            empty: None,
        }
    }

    #[test]
    fn text_form_aligns_columns_and_marks_the_gap_and_the_asker() {
        let text = table_text(&sample());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[2], "   #  Player  Rating");
        assert_eq!(lines[3], "   1  Asha      1712");
        assert_eq!(lines[4], "  ...");
        assert_eq!(lines[5], "> 12  Baraka    1499");
        assert_eq!(lines[6], "5+ rated games");
    }

    #[test]
    fn picture_is_a_png_of_the_expected_size() {
        let png = table_png(&sample());
        let img = image::load_from_memory(&png).unwrap();
        assert_eq!(img.width(), 800);
        // Title, subtitle, header, two rows, one gap, one footer line.
        assert_eq!(
            img.height(),
            (20.0 + 40.0 + 30.0 + 12.0 + 36.0 + 2.0 * ROW_H + GAP_H + 12.0 + FOOT_LINE + 14.0)
                as u32
        );
    }

    #[test]
    fn a_long_name_is_cut_to_fit() {
        let fonts = Fonts::load();
        let s = cut(&fonts, &"W".repeat(80), CELL_SIZE, Weight::Bold, 200.0);
        assert!(s.ends_with('\u{2026}'));
        assert!(fonts.width(&s, CELL_SIZE, Weight::Bold) <= 200.0);
    }
}
