//! Running the real console on a script, as the recorded transcripts are made: an in-memory
//! database, time from 2026-12-01T09:00Z, boards written under a temporary folder whose
//! path is shown as `BOARDS` in the transcript.

use std::process::{Command, Output};

/// Runs `script` with `extra` arguments; the process's output and its standard output with
/// the boards' folder written `BOARDS`.
pub fn run_script(script: &str, extra: &[&str]) -> (Output, String) {
    let dir = tempfile::tempdir().expect("tempdir");
    let boards = dir.path().join("BOARDS");
    let out = Command::new(env!("CARGO_BIN_EXE_bao-bot"))
        .args([
            "console",
            "--db",
            ":memory:",
            "--start-time",
            "2026-12-01T09:00Z",
        ])
        .arg("--boards")
        .arg(&boards)
        .args(["--script", script])
        .args(extra)
        .output()
        .expect("run console");
    let text = String::from_utf8_lossy(&out.stdout).replace(&*boards.to_string_lossy(), "BOARDS");
    (out, text)
}
