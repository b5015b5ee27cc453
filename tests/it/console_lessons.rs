//! A lesson played through `bao-bot console --script`: wrong and right answers, a lesson
//! finished, then the console started again on the same database file, where `/bao learn`
//! resumes the next lesson with the stars kept.

use std::path::Path;
use std::process::Command;

fn run(db: &Path, boards: &Path, script: &str) -> String {
    run_in(db, boards, script, &[])
}

fn run_in(db: &Path, boards: &Path, script: &str, extra: &[&str]) -> String {
    let file = boards.with_extension("txt");
    std::fs::write(&file, script).expect("write script");
    let out = Command::new(env!("CARGO_BIN_EXE_bao-bot"))
        .args(["console", "--start-time", "2026-12-01T09:00Z", "--db"])
        .arg(db)
        .arg("--script")
        .arg(&file)
        .arg("--boards")
        .arg(boards)
        .args(extra)
        .output()
        .expect("run console");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

#[test]
fn a_lesson_is_played_and_resumed_after_a_restart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("bao.db");
    let boards = dir.path().join("boards");
    let first = run(
        &db,
        &boards,
        "/in #general\n\
         /bao learn\n\
         /bao move A6 right\n\
         /bao move A3 right\n\
         /press Next\n\
         /bao move B3 right\n\
         /as baraka\n\
         /bao move B3 right\n",
    );
    for needle in [
        "(only you see this) Lessons: 0 of 18 done",
        "**Lesson 1 of 18: The board and its pits** (Bao la Kujifunza)",
        "Your last seed fell in A8, which was empty, so the move ended without a capture. It started from A6; this task wants a move from A3.",
        "Try again: Start a move from A3",
        "Right! You: A3 sowed 3 right, relayed once, ended in B8.",
        "**Task 2 of 2** (lesson 1)",
        "Lesson 1 done: \u{2605}\u{2605} (one miss).",
        "lesson-1-demo.gif",
        "buttons: [1] A1 ← takata",
    ] {
        assert!(first.contains(needle), "missing `{needle}` in:\n{first}");
    }
    // Baraka has no lesson open: his `/bao move` is about games.
    assert!(
        first.contains("There is no game in this channel"),
        "{first}"
    );

    let second = run(&db, &boards, "/in #general\n/bao learn\n/bao stats\n");
    for needle in [
        "Lessons: 1 of 18 done, 2 of 54 stars (Kujifunza: 1 \u{2605}\u{2605}; Kiswahili: none yet).",
        "**Lesson 2 of 18: Left, right and the loop** (Bao la Kujifunza)",
        "**Task 1 of 2** (lesson 2): Make a move that ends in B8",
    ] {
        assert!(second.contains(needle), "missing `{needle}` in:\n{second}");
    }
}

/// The same lesson with `--lang sw`, answered with Swahili move words: every line the
/// lesson says is Swahili (move notation and names aside).
#[test]
fn a_lesson_is_played_in_swahili() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("bao.db");
    let boards = dir.path().join("boards");
    let out = run_in(
        &db,
        &boards,
        "/in #general\n\
         /bao learn\n\
         /bao move A6 kulia\n\
         /bao move A3 kulia\n\
         /press Endelea\n\
         /bao move B3 kulia\n",
        &["--lang", "sw"],
    );
    for needle in [
        "Masomo yaliyokamilika: 0 kati ya 18",
        "**Somo 1 kati ya 18: Bao na mashimo yake** (Bao la Kujifunza)",
        "Kete yako ya mwisho iliangukia A8, lililokuwa tupu, kwa hiyo hatua iliisha bila kula. Ilianza kutoka A6; kazi hii inataka hatua kutoka A3.",
        "Jaribu tena: Anza hatua kutoka A3",
        "Sawa! Wewe: A3 ilitawanya kete 3 kulia, iliendelea mara moja, iliishia B8.",
        "**Kazi 2 kati ya 2** (somo 1)",
        "Somo 1 limekamilika: \u{2605}\u{2605} (kosa moja).",
        "lesson-1-demo.gif",
        "Nionyeshe",
    ] {
        assert!(out.contains(needle), "missing `{needle}` in:\n{out}");
    }
    for english in [
        "Lesson",
        "Task",
        "Try again",
        "Right!",
        "sowed",
        "Your last seed",
        "Show me",
    ] {
        assert!(!out.contains(english), "`{english}` in:\n{out}");
    }
}
