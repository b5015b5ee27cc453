//! Issue 41's check in the console: with `--lang sw`, a game, a lesson and a puzzle
//! (`tests/data/console_swahili_check.txt`), and the whole recorded Swahili transcript
//! (`tests/data/console_transcript_sw.out`, kept word for word by console_transcript), say
//! no English outside move notation, commands and names. The prompt lines echo what was
//! typed and are not checked.

use bao_bot::i18n::Lang;

use crate::support::console::run_script;
use crate::support::english::EnglishFinder;

/// The names the scripts use (people, channels, an event, the AI's levels).
const NAMES: &[&str] = &[
    "Asha", "Baraka", "Carol", "Dede", "general", "michezo", "events", "Evening", "Open",
    "beginner", "easy", "casual", "medium", "hard", "master",
];

/// Every line of `text` but the prompts (`Asha@#general> /bao …`), checked for English.
fn assert_swahili(what: &str, text: &str) {
    let finder = EnglishFinder::new(Lang::Sw, NAMES);
    let mut bad = Vec::new();
    for line in text.lines() {
        let prompt = line
            .split_once("> ")
            .is_some_and(|(who, _)| who.contains('@') && !who.contains(' '));
        if prompt {
            continue;
        }
        let found = finder.find(line);
        if !found.is_empty() {
            bad.push(format!("{found:?} in {line:?}"));
        }
    }
    assert!(
        bad.is_empty(),
        "{what}: {} lines with English:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn a_game_a_lesson_and_a_puzzle_in_swahili_say_no_english() {
    let (out, text) = run_script("tests/data/console_swahili_check.txt", &["--lang", "sw"]);
    // One line is refused on purpose (`/bao frobnicate`).
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for said in [
        "(unaona wewe tu)",
        "vitufe:",
        "**Somo 1 kati ya 18: Bao na mashimo yake**",
        "sasa wewe ni Baraka",
        "hitilafu:",
    ] {
        assert!(text.contains(said), "missing `{said}` in:\n{text}");
    }
    assert_swahili("the game, lesson and puzzle", &text);
}

#[test]
fn the_recorded_swahili_transcript_says_no_english() {
    assert_swahili(
        "console_transcript_sw.out",
        include_str!("../data/console_transcript_sw.out"),
    );
}
