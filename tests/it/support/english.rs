//! Finds English left in a text that should be in another language (issue 41's check):
//! the words of the English catalogue that no message of the other language uses, and
//! English's own small words, looked for in a text after what stays as it is in every
//! language is taken out (move notation, commands, mentions, links, code spans, and the
//! names the caller allows).

use std::collections::BTreeSet;
use std::path::PathBuf;

use bao_bot::i18n::Lang;
use fluent_syntax::ast;

/// The crate's root, where `assets/` is.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.ftl` file of `lang` as (file name, source), sorted by name.
pub fn ftl_files(lang: Lang) -> Vec<(String, String)> {
    let dir = root().join("assets/i18n").join(lang.code());
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).expect("read"))
        })
        .collect();
    out.sort();
    out
}

/// English's small words that are never Swahili (checked whatever their length).
const SMALL_WORDS: &[&str] = &[
    "the", "and", "you", "your", "yours", "is", "are", "was", "were", "to", "of", "it", "its",
    "on", "by", "be", "or", "an", "at", "if", "as", "we", "he", "she", "my", "up", "so", "this",
    "that", "these", "those", "with", "from", "for", "not", "has", "have", "had", "who", "what",
    "when", "where", "which", "will", "would", "can", "could", "may", "must", "there", "their",
    "they", "them", "here", "now", "then", "than", "all", "any", "each", "every", "one", "two",
    "three", "four", "five", "move", "moves", "game", "games", "wins", "won", "lost", "draw",
    "turn", "seeds", "seed", "pit", "pits", "hand", "house", "row", "player", "players", "time",
    "clock", "left", "right", "please", "try", "again", "only", "see", "sees", "play", "plays",
    "played", "board", "start", "end", "ends", "ended",
];

/// Words of move notation and names kept in every language.
const KEPT: &[&str] = &[
    "left", "right", "capture", "takasa", "takata", "safari", "bao", "discord", "ai",
];

fn words_of(text: &str, out: &mut BTreeSet<String>) {
    for w in text.split(|c: char| !c.is_alphabetic()) {
        if w.chars().count() >= 3 {
            out.insert(w.to_lowercase());
        }
    }
}

fn pattern_words(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for el in &p.elements {
        match el {
            ast::PatternElement::TextElement { value } => words_of(value, out),
            ast::PatternElement::Placeable { expression } => expr_words(expression, out),
        }
    }
}

fn expr_words(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { variants, .. } => {
            for v in variants {
                pattern_words(&v.value, out);
            }
        }
        ast::Expression::Inline(ast::InlineExpression::StringLiteral { value }) => {
            words_of(value, out)
        }
        ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => {
            expr_words(expression, out)
        }
        _ => {}
    }
}

/// Every word (3 letters or more, lower case) the messages of `lang` say.
pub fn catalogue_words(lang: Lang) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (file, source) in ftl_files(lang) {
        let res = fluent_syntax::parser::parse(source.as_str())
            .unwrap_or_else(|(_, e)| panic!("{}/{file}: {e:?}", lang.code()));
        for entry in &res.body {
            if let ast::Entry::Message(m) = entry {
                if let Some(value) = &m.value {
                    pattern_words(value, &mut out);
                }
            }
        }
    }
    out
}

/// The English words to look for in a text said in `lang`.
pub struct EnglishFinder {
    words: BTreeSet<String>,
}

impl EnglishFinder {
    /// English's words that `lang`'s catalogue never uses, with English's small words;
    /// `allowed` (names, lower or upper case) are never reported.
    pub fn new(lang: Lang, allowed: &[&str]) -> EnglishFinder {
        let theirs = catalogue_words(lang);
        let mut words: BTreeSet<String> = catalogue_words(Lang::En)
            .into_iter()
            .filter(|w| !theirs.contains(w))
            .collect();
        words.extend(SMALL_WORDS.iter().map(|w| w.to_string()));
        for w in KEPT.iter().chain(allowed) {
            words.remove(&w.to_lowercase());
        }
        EnglishFinder { words }
    }

    /// The English words in `text` (each once, in order), after taking out code spans,
    /// links, mentions and timestamps, commands and paths (words with a `/`) and the
    /// subcommand after a command (`/bao move`), a template's values (`{name}`), identifiers
    /// (`time_per_move`), options
    /// (`option:value`) and move notation.
    pub fn find(&self, text: &str) -> Vec<String> {
        let mut found = Vec::new();
        let mut after_command = false;
        for token in strip_code(text).split_whitespace() {
            // A subcommand's name after its command (`/bao move`) is a name, not English.
            let subcommand = std::mem::replace(&mut after_command, token.starts_with('/'));
            if subcommand
                || token.contains('/')
                || token.starts_with("http")
                || token.starts_with('<')
                || token.contains('{')
                || token.contains('_')
                || token.contains(':') && !token.ends_with(':')
                || token.contains("--")
            {
                continue;
            }
            for w in token.split(|c: char| !c.is_alphabetic()) {
                let lower = w.to_lowercase();
                if w.len() >= 2 && self.words.contains(&lower) && !found.contains(&lower) {
                    found.push(lower);
                }
            }
        }
        found
    }

    /// Panics, naming the words and the line, if `text` has English in it.
    pub fn assert_none(&self, what: &str, text: &str) {
        for line in text.lines() {
            let found = self.find(line);
            assert!(
                found.is_empty(),
                "{what}: English {found:?} in the line {line:?}"
            );
        }
    }
}

/// `text` with its `code spans` and ```code blocks``` blanked out.
fn strip_code(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut inside = false;
    for c in text.chars() {
        if c == '`' {
            inside = !inside;
            out.push(' ');
        } else if inside {
            out.push(if c == '\n' { '\n' } else { ' ' });
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn the_finder_finds_english_and_nothing_else() {
    let finder = EnglishFinder::new(Lang::Sw, &["Asha", "Baraka"]);
    assert!(finder
        .find("Asha ameshinda: mstari wa mbele umekwisha")
        .is_empty());
    assert!(finder
        .find("Zamu ya Baraka: `/bao move a4 left capture`")
        .is_empty());
    assert!(finder.find("Asha amecheza A4 left capture").is_empty());
    assert_eq!(
        finder.find("Baraka wins: the front row is empty"),
        ["wins", "the", "front", "row", "is", "empty"]
    );
    assert_eq!(finder.find("Your turn, Asha"), ["your", "turn"]);
}
