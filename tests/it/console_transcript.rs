//! A console session through most commands, word for word (issue 22's check): the script
//! `tests/data/console_transcript.txt`, run from a fixed start time, must print exactly
//! `tests/data/console_transcript.out` (board files under a placeholder folder). A change
//! meant to keep behaviour keeps this transcript; one that changes what the bot says updates
//! the file in the same commit, so the difference is reviewed.
//!
//! To record it again: `cargo run -- console --db :memory: --start-time 2026-12-01T09:00Z
//! --boards BOARDS --script tests/data/console_transcript.txt > tests/data/console_transcript.out`.
//!
//! The same session is recorded in Swahili (`--lang sw`, the console user's and server's
//! language): `tests/data/console_transcript_sw.txt` (the script, with Swahili move words)
//! and `tests/data/console_transcript_sw.out`, recorded the same way with `--lang sw`.

use crate::support::console::run_script;

#[test]
fn the_transcript_is_unchanged() {
    transcript(
        None,
        "tests/data/console_transcript.txt",
        include_str!("../data/console_transcript.out"),
    );
}

#[test]
fn the_swahili_transcript_is_unchanged() {
    transcript(
        Some("sw"),
        "tests/data/console_transcript_sw.txt",
        include_str!("../data/console_transcript_sw.out"),
    );
}

fn transcript(lang: Option<&str>, script: &str, expected: &str) {
    let extra: Vec<&str> = lang.map(|l| vec!["--lang", l]).unwrap_or_default();
    let (out, text) = run_script(script, &extra);
    // The script has one line the console refuses (`/bao frobnicate`).
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    if text != expected {
        let first = text
            .lines()
            .zip(expected.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(text.lines().count().min(expected.lines().count()));
        panic!(
            "the transcript changed at line {}:\n  now:      {:?}\n  recorded: {:?}",
            first + 1,
            text.lines().nth(first),
            expected.lines().nth(first)
        );
    }
}
