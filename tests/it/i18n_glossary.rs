//! The Swahili glossary's check (issue 49): `assets/i18n/sw-glossary.toml` keeps one word per
//! idea and the variants that must not appear; no Swahili message may use a variant. The
//! failure names the message and the word. Each idea's word is in the catalogue and in
//! docs/i18n.md's glossary, so the file, the messages and the docs say the same.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::support::english::{ftl_files, root};

use bao_bot::i18n::Lang;
use fluent_syntax::ast;

#[derive(Debug, Deserialize)]
struct Glossary {
    idea: Vec<Idea>,
}

#[derive(Debug, Deserialize)]
struct Idea {
    idea: String,
    #[serde(rename = "use")]
    word: String,
    avoid: Vec<String>,
    why: String,
}

fn glossary() -> Glossary {
    let path = root().join("assets/i18n/sw-glossary.toml");
    let text = std::fs::read_to_string(&path).expect("the glossary file");
    toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A stand-in for a placeable or a select's edge: it is no word and ends a phrase.
const GAP: &str = " \u{a4} ";

fn pattern_text(p: &ast::Pattern<&str>, out: &mut String) {
    for el in &p.elements {
        match el {
            ast::PatternElement::TextElement { value } => out.push_str(value),
            ast::PatternElement::Placeable { expression } => {
                out.push_str(GAP);
                if let ast::Expression::Select { variants, .. } = expression {
                    for v in variants {
                        pattern_text(&v.value, out);
                        out.push_str(GAP);
                    }
                } else if let ast::Expression::Inline(ast::InlineExpression::StringLiteral {
                    value,
                }) = expression
                {
                    out.push_str(value);
                    out.push_str(GAP);
                }
            }
        }
    }
}

/// Every Swahili message's text as written, placeables left out (all variants, in a row).
fn swahili_texts() -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for (file, source) in ftl_files(Lang::Sw) {
        let res = fluent_syntax::parser::parse(source.as_str())
            .unwrap_or_else(|(_, e)| panic!("sw/{file}: {e:?}"));
        for entry in &res.body {
            if let ast::Entry::Message(m) = entry {
                let mut text = String::new();
                if let Some(v) = &m.value {
                    pattern_text(v, &mut text);
                }
                out.insert(m.id.name.to_string(), text);
            }
        }
    }
    out
}

/// The words a person reads in `text`, lower-cased, with `None` where a phrase breaks: code
/// spans, placeables and typed notation (`notify:dm`, `a|b`, `/bao`, `<@id>`) are no words.
fn words(text: &str) -> Vec<Option<String>> {
    let mut prose = String::new();
    for (i, part) in text.split('`').enumerate() {
        // Odd parts are inside a code span.
        prose.push_str(if i % 2 == 0 { part } else { GAP });
    }
    prose
        .split_whitespace()
        .map(|token| {
            if token.contains([':', '|', '/', '<', '>', '@', '#', '=', '{', '}', '\u{a4}']) {
                return None;
            }
            let word = token.trim_matches(|c: char| !c.is_alphanumeric() && c != '-');
            (!word.is_empty()).then(|| word.to_string())
        })
        .collect()
}

/// The variants of `avoid` that `text` uses. A variant of capitals only (`DM`, `AI`) is
/// matched with its case; one that starts with `@` anywhere in the text, code included.
fn variants_in(text: &str, avoid: &[String]) -> Vec<String> {
    let said = words(text);
    let lower: Vec<Option<String>> = said
        .iter()
        .map(|w| w.as_ref().map(|w| w.to_lowercase()))
        .collect();
    avoid
        .iter()
        .filter(|variant| {
            if variant.starts_with('@') {
                return text.contains(variant.as_str());
            }
            let exact = variant.chars().all(|c| !c.is_lowercase());
            let wanted: Vec<String> = variant
                .split_whitespace()
                .map(|w| {
                    if exact {
                        w.to_string()
                    } else {
                        w.to_lowercase()
                    }
                })
                .collect();
            let among = if exact { &said } else { &lower };
            among.windows(wanted.len()).any(|window| {
                window
                    .iter()
                    .zip(&wanted)
                    .all(|(w, v)| w.as_deref() == Some(v.as_str()))
            })
        })
        .cloned()
        .collect()
}

#[test]
fn the_matcher_finds_variants_in_prose_only() {
    let avoid = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let found = |text: &str, v: &[&str]| variants_in(text, &avoid(v));
    assert_eq!(found("Tazama ubao ujaribu.", &["ubao"]), ["ubao"]);
    assert_eq!(found("Ubao, mbao.", &["ubao", "mbao"]), ["ubao", "mbao"]);
    assert!(found("Tazama bao ujaribu.", &["ubao"]).is_empty());
    // Whole words: mashindano is not shindano, boti is not bot, bao-bot is a name.
    assert!(found("mashindano ya bao-bot na boti", &["shindano", "bot"]).is_empty());
    // Code spans, notation and placeables are not prose.
    assert!(found("thamani `default` inarudisha", &["default"]).is_empty());
    assert!(found("andika language:en|sw|default", &["default"]).is_empty());
    assert_eq!(found("andika default", &["default"]), ["default"]);
    // Phrases match words in a row, across punctuation but not across a placeable.
    assert_eq!(
        found("seva inaweza kuweka ya kawaida.", &["ya kawaida"]),
        ["ya kawaida"]
    );
    assert!(found(&format!("ya{GAP}kawaida"), &["ya kawaida"]).is_empty());
    // Capitals match with their case; an @variant anywhere.
    assert_eq!(found("kwa DM", &["DM"]), ["DM"]);
    assert!(found("notify dm", &["DM"]).is_empty());
    assert_eq!(
        found("`/bao challenge @someone`", &["@someone"]),
        ["@someone"]
    );
}

#[test]
fn no_swahili_message_uses_a_variant_the_glossary_rejects() {
    let glossary = glossary();
    assert!(glossary.idea.len() >= 15, "{} ideas", glossary.idea.len());
    let texts = swahili_texts();
    assert!(texts.len() > 800, "{} Swahili messages", texts.len());
    let mut faults = Vec::new();
    for idea in &glossary.idea {
        assert!(!idea.why.trim().is_empty(), "{}: say why", idea.idea);
        assert!(
            !variants_in(&idea.word, &idea.avoid).contains(&idea.word),
            "{}: the word is among its own variants",
            idea.idea
        );
        for (id, text) in &texts {
            for word in variants_in(text, &idea.avoid) {
                faults.push(format!(
                    "{id} says `{word}`: for {} the glossary says `{}`",
                    idea.idea, idea.word
                ));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn every_glossary_word_is_used_and_in_the_docs() {
    let glossary = glossary();
    let all: String = swahili_texts()
        .into_values()
        .collect::<Vec<_>>()
        .join("\n")
        .to_lowercase();
    let docs = std::fs::read_to_string(root().join("docs/i18n.md"))
        .expect("docs/i18n.md")
        .to_lowercase();
    for idea in &glossary.idea {
        let word = idea.word.to_lowercase();
        assert!(all.contains(&word), "no message says `{}`", idea.word);
        assert!(
            docs.contains(&format!("*{word}*")),
            "docs/i18n.md's glossary lacks *{}* ({})",
            idea.word,
            idea.idea
        );
    }
}
