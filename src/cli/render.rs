//! `render`: draw a position (optionally after a move) as a PNG file, or as text.

use std::io::Write;

use bao_bot::render::{board_png, board_text, move_gif, RenderOptions};
use bao_bot::rules::Side;

use super::rules::read_position_under;
use super::{input, CliError};

/// The arguments of `bao-bot render`.
pub struct RenderArgs<'a> {
    /// The position text (or `start`, `kujifunza`).
    pub position: &'a str,
    /// A move to play first.
    pub mv: Option<&'a str>,
    /// `S` or `N`.
    pub view: &'a str,
    /// `"South name,North name"`.
    pub names: Option<&'a str>,
    /// The ply number for the header.
    pub ply: Option<u32>,
    /// An extra line under the board.
    pub caption: Option<String>,
    /// The PNG file to write.
    pub output: Option<&'a str>,
    /// Print the text board instead.
    pub text: bool,
    /// `--rules`.
    pub rules: Option<&'a str>,
    /// Write the move's animation as a GIF instead of the PNG.
    pub animate: bool,
}

/// `bao-bot render POSITION [--move MOVE] [--view S|N] [--names "Asha,Baraka"] [--ply N]
/// [--caption TEXT] (-o FILE.png | --text)`; with `--animate` (and `--move`) the file is the
/// move's animated GIF.
pub fn render(args: RenderArgs<'_>) -> Result<(), CliError> {
    let mut pos = read_position_under(args.position, args.rules)?;
    let view = args.view;
    let viewer: Side = view
        .parse()
        .map_err(|_| input(format!("--view: `{view}` is not a side: write S or N")))?;
    let names = args.names.map(read_names).transpose()?;
    let output = match (args.output, args.text) {
        (Some(_), true) => {
            return Err(input(
                "give either -o FILE.png (a picture) or --text (the board as text), not both",
            ))
        }
        (None, false) => {
            return Err(input(
                "no output: give -o FILE.png for a picture or --text for the board as text",
            ))
        }
        (output, _) => output,
    };
    if args.animate && args.text {
        return Err(input(
            "--animate writes a GIF file: give -o FILE.gif instead of --text",
        ));
    }
    let before = pos;
    let mut played = None;
    let mut trace = None;
    if let Some(text) = args.mv {
        let (_, next, tr) = pos
            .play_text(text)
            .map_err(|e| input(format!("--move ({text}): {e}")))?;
        played = Some(tr.mv);
        pos = next;
        trace = Some(tr);
    }
    let Some(out) = output else {
        let mut stdout = std::io::stdout().lock();
        if let Some(tr) = &trace {
            writeln!(stdout, "{}: {}", tr.mv, tr.describe()).map_err(anyhow::Error::from)?;
        }
        write!(stdout, "{}", board_text(&pos, viewer)).map_err(anyhow::Error::from)?;
        return Ok(());
    };
    let opts = RenderOptions {
        viewer,
        trace,
        names,
        ply: args.ply,
        caption: args.caption,
        ..RenderOptions::default()
    };
    let bytes = match (args.animate, played) {
        (true, Some(mv)) => {
            move_gif(&before, &mv, &opts).map_err(|e| input(format!("--move ({}): {e}", mv)))?
        }
        (true, None) => return Err(input("--animate needs --move MOVE: the move to animate")),
        (false, _) => board_png(&pos, &opts),
    };
    std::fs::write(out, &bytes).map_err(|e| input(format!("cannot write {out}: {e}")))?;
    Ok(())
}

/// Reads `--names "South name,North name"`.
pub(super) fn read_names(text: &str) -> Result<[String; 2], CliError> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    match parts.as_slice() {
        [south, north] if !south.is_empty() && !north.is_empty() => {
            Ok([south.to_string(), north.to_string()])
        }
        _ => Err(input(format!(
            "--names: `{text}` is not two names: write \"South name,North name\""
        ))),
    }
}
