//! `render`: draw a position (optionally after a move) as a PNG file.

use bao_bot::render::{board_png, RenderOptions};
use bao_bot::rules::Side;

use super::rules::read_position;
use super::{input, CliError};

/// `bao-bot render POSITION [--move MOVE] [--view S|N] [--names "Asha,Baraka"] [--ply N]
/// [--caption TEXT] -o FILE.png`
pub fn render(
    position: &str,
    mv: Option<&str>,
    view: &str,
    names: Option<&str>,
    ply: Option<u32>,
    caption: Option<String>,
    out: &str,
) -> Result<(), CliError> {
    let mut pos = read_position(position)?;
    let viewer: Side = view
        .parse()
        .map_err(|_| input(format!("--view: `{view}` is not a side: write S or N")))?;
    let names = match names {
        Some(text) => {
            let parts: Vec<&str> = text.split(',').map(str::trim).collect();
            match parts.as_slice() {
                [south, north] if !south.is_empty() && !north.is_empty() => {
                    Some([south.to_string(), north.to_string()])
                }
                _ => {
                    return Err(input(format!(
                        "--names: `{text}` is not two names: write \"South name,North name\""
                    )))
                }
            }
        }
        None => None,
    };
    let mut trace = None;
    if let Some(text) = mv {
        let (_, next, tr) = pos
            .play_text(text)
            .map_err(|e| input(format!("--move ({text}): {e}")))?;
        pos = next;
        trace = Some(tr);
    }
    let opts = RenderOptions {
        viewer,
        trace,
        names,
        ply,
        caption,
        ..RenderOptions::default()
    };
    let png = board_png(&pos, &opts);
    std::fs::write(out, &png).map_err(|e| input(format!("cannot write {out}: {e}")))?;
    Ok(())
}
