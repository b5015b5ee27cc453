//! `bao-bot console --script`: a scripted session, its output and the PNG files it writes.

use std::process::Command;

#[test]
fn a_scripted_session_plays_and_writes_boards() {
    let dir = tempfile::tempdir().expect("tempdir");
    let script = dir.path().join("game.txt");
    std::fs::write(
        &script,
        "# Asha plays the AI, then challenges Baraka in #bao\n\
         /bao ai easy\n\
         /bao move a6 left\n\
         /in #bao\n\
         /bao challenge @baraka south time:1d\n\
         /as baraka\n\
         /bao accept\n\
         /as asha\n\
         /bao move a7 right\n\
         /as baraka\n\
         /press 1\n\
         /bao history\n\
         /bao games\n",
    )
    .expect("write script");
    let boards = dir.path().join("boards");
    let out = Command::new(env!("CARGO_BIN_EXE_bao-bot"))
        .args(["console", "--db", ":memory:", "--script"])
        .arg(&script)
        .arg("--boards")
        .arg(&boards)
        .output()
        .expect("run console");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for needle in [
        "Asha@#general> /bao ai easy",
        "Asha: A6 with a seed from hand sowed 3 left",
        "AI (easy): ",
        "@baraka (1500?), Asha (1500?) challenges you to a rated game",
        "Baraka accepts",
        "Asha: A7 with a seed from hand sowed",
        "Baraka@#bao> /press 1",
        "Baraka: ",
        "[file] ",
        "bao-game-2.txt",
        "Your games:",
    ] {
        assert!(text.contains(needle), "missing `{needle}` in:\n{text}");
    }
    // Every board was written as a PNG, and the text board was printed too.
    let pngs: Vec<_> = std::fs::read_dir(&boards)
        .expect("boards dir")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "png"))
        .collect();
    assert!(pngs.len() >= 5, "{} boards", pngs.len());
    for p in &pngs {
        let bytes = std::fs::read(p.path()).expect("read png");
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    }
    assert!(text.contains("A5"), "text board:\n{text}");
    // Each move's animation was written beside its board PNG, and its path printed.
    let gifs: Vec<_> = std::fs::read_dir(&boards)
        .expect("boards dir")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "gif"))
        .collect();
    assert!(gifs.len() >= 2, "{} animations", gifs.len());
    for g in &gifs {
        let png = g.path().with_extension("png");
        assert!(png.exists(), "{} has no PNG beside it", g.path().display());
        assert!(std::fs::read(g.path()).unwrap().starts_with(b"GIF89a"));
        let name = g.file_name().to_string_lossy().to_string();
        assert!(text.contains(&name), "path of {name} not printed");
    }
}

#[test]
fn a_bad_script_line_says_why_and_fails() {
    let dir = tempfile::tempdir().expect("tempdir");
    let script = dir.path().join("bad.txt");
    std::fs::write(&script, "/bao fly\n/bao help\n").expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_bao-bot"))
        .args(["console", "--db", ":memory:", "--script"])
        .arg(&script)
        .arg("--boards")
        .arg(dir.path())
        .output()
        .expect("run console");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text.contains("error: `fly` is not a command: try one of /bao challenge"),
        "{text}"
    );
    assert!(text.contains("**Playing: `/bao`**"), "{text}");
}
