//! `bao-bot render` on the command line: pictures written, bad input refused with status 2.

use crate::support::gifs;
use std::process::Command;

fn bao(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_bao-bot"))
        .args(args)
        .output()
        .expect("run bao-bot")
}

fn out_path(name: &str) -> String {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(name)
        .display()
        .to_string()
}

#[test]
fn writes_a_png_after_a_move() {
    let file = out_path("cli_render.png");
    let _ = std::fs::remove_file(&file);
    let out = bao(&[
        "render",
        "start",
        "--move",
        "A6 left",
        "--view",
        "N",
        "--names",
        "Asha, Baraka",
        "--ply",
        "1",
        "-o",
        &file,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let png = std::fs::read(&file).expect("picture written");
    let img = image::load_from_memory(&png).expect("a PNG");
    assert_eq!(img.width(), 1000);
}

#[test]
fn text_board_after_a_move() {
    let out = bao(&["render", "start", "--move", "A6 left", "--text"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("A6 left takata: A6 with a seed from hand sowed 3 left"));
    assert!(
        text.contains("  A    0    0    1    1   [7]   0    2    0\n"),
        "{text}"
    );
    assert!(text.ends_with("NAMUA: North to move\n"));
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    let file = out_path("cli_never.png");
    for args in [
        vec!["render", "nonsense", "-o", &file],
        vec!["render", "start", "--move", "A1 left", "-o", &file],
        vec!["render", "start", "--view", "E", "-o", &file],
        vec!["render", "start", "--names", "Asha", "-o", &file],
        vec!["render", "start"],
        vec!["render", "start", "--animate", "-o", &file],
        vec![
            "render",
            "start",
            "--move",
            "A6 left",
            "--animate",
            "--text",
        ],
    ] {
        let out = bao(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("bao-bot: "), "{err}");
    }
    assert!(!std::path::Path::new(&file).exists());
}

#[test]
fn animate_writes_the_move_as_a_gif() {
    let file = out_path("cli_move.gif");
    let _ = std::fs::remove_file(&file);
    let out = bao(&[
        "render",
        "start",
        "--move",
        "A6 left",
        "--animate",
        "-o",
        &file,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let gif = std::fs::read(&file).expect("GIF written");
    assert!(gif.starts_with(b"GIF89a"));
    let (width, _, frames) = gifs::shown_frames(&gif);
    assert_eq!(width, 750, "a move's GIF is drawn at 3/4 of the PNG's size");
    // Before, seed from hand, lift, three drops, the end, the still.
    assert_eq!(frames.len(), 8);
}

#[test]
fn replay_writes_a_game_gif_and_refuses_bad_ranges() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let record = dir.join("cli_game.txt");
    std::fs::write(&record, "A6 left\na6 left\n").unwrap();
    let record = record.display().to_string();
    let file = out_path("cli_game.gif");
    let _ = std::fs::remove_file(&file);
    let out = bao(&["replay", &record, "--gif", &file]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(std::fs::read(&file).unwrap().starts_with(b"GIF89a"));
    let bad = out_path("cli_bad.gif");
    for args in [
        vec!["replay", &record, "--gif", &bad, "--from", "3"],
        vec!["replay", &record, "--gif", &bad, "--view", "X"],
        vec!["replay", &record, "--to", "1"],
    ] {
        let out = bao(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    assert!(!std::path::Path::new(&bad).exists());
}
