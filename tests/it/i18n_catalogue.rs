//! The message catalogue's checks (docs/i18n.md): every `assets/i18n/<lang>/*.ftl` parses
//! with `fluent-syntax`; every language has the same files, the same messages and, in each,
//! the same `$variables`; every id the code names (`msg!("…")`, `Msg::new("…")`) is in
//! English; and every message renders in every language, with sample arguments, to a text
//! that is neither its id nor holds an unfilled `{ $var }`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::support::english::{ftl_files, root};

use bao_bot::i18n::{lookup, Lang, Msg};
use fluent_syntax::ast;

/// What a message uses: its variables, and for those a selector chooses by, the keys.
#[derive(Debug, Default, Clone)]
pub(crate) struct Info {
    pub(crate) file: String,
    pub(crate) vars: BTreeSet<String>,
    pub(crate) selectors: BTreeMap<String, BTreeSet<String>>,
}

fn inline(e: &ast::InlineExpression<&str>, info: &mut Info) {
    match e {
        ast::InlineExpression::VariableReference { id } => {
            info.vars.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => expr(expression, info),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline(a, info);
            }
            for a in &arguments.named {
                inline(&a.value, info);
            }
        }
        ast::InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            for a in &arguments.positional {
                inline(a, info);
            }
        }
        _ => {}
    }
}

fn expr(e: &ast::Expression<&str>, info: &mut Info) {
    match e {
        ast::Expression::Inline(i) => inline(i, info),
        ast::Expression::Select { selector, variants } => {
            inline(selector, info);
            if let ast::InlineExpression::VariableReference { id } = selector {
                let keys = info.selectors.entry(id.name.to_string()).or_default();
                for v in variants {
                    keys.insert(match &v.key {
                        ast::VariantKey::Identifier { name } => name.to_string(),
                        ast::VariantKey::NumberLiteral { value } => value.to_string(),
                    });
                }
            }
            for v in variants {
                pattern(&v.value, info);
            }
        }
    }
}

fn pattern(p: &ast::Pattern<&str>, info: &mut Info) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            expr(expression, info);
        }
    }
}

/// Every message of `lang`, parsed; panics on a syntax error or a duplicate.
pub(crate) fn catalogue(lang: Lang) -> BTreeMap<String, Info> {
    let mut out = BTreeMap::new();
    for (file, source) in ftl_files(lang) {
        let res = match fluent_syntax::parser::parse(source.as_str()) {
            Ok(r) => r,
            Err((_, errors)) => panic!("{}/{file}: syntax errors: {errors:?}", lang.code()),
        };
        for entry in &res.body {
            match entry {
                ast::Entry::Message(m) => {
                    let mut info = Info {
                        file: file.clone(),
                        ..Info::default()
                    };
                    let value = m.value.as_ref().unwrap_or_else(|| {
                        panic!("{}/{file}: {} has no value", lang.code(), m.id.name)
                    });
                    pattern(value, &mut info);
                    let id = m.id.name.to_string();
                    assert!(
                        out.insert(id.clone(), info).is_none(),
                        "{}/{file}: {id} twice",
                        lang.code()
                    );
                }
                ast::Entry::Junk { content } => {
                    panic!("{}/{file}: cannot read {content:?}", lang.code())
                }
                _ => {}
            }
        }
    }
    out
}

#[test]
fn every_language_has_the_same_files_messages_and_variables() {
    let english = catalogue(Lang::En);
    assert!(english.len() > 50, "{} messages", english.len());
    let files = |l| -> Vec<String> { ftl_files(l).into_iter().map(|(f, _)| f).collect() };
    for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
        assert_eq!(
            files(lang),
            files(Lang::En),
            "{lang}: the files differ from English"
        );
        let other = catalogue(lang);
        let missing: Vec<&String> = english.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<&String> = other.keys().filter(|k| !english.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{lang}: missing {missing:?}");
        assert!(extra.is_empty(), "{lang}: not in English {extra:?}");
        for (id, en) in &english {
            let o = &other[id];
            assert_eq!(o.file, en.file, "{lang}: {id} is in another file");
            assert_eq!(
                o.vars, en.vars,
                "{lang}: {id} uses other variables than English"
            );
        }
    }
}

/// `msg!("id"` and `Msg::new("id"` in the sources under `dir`.
fn ids_in_code(dir: &Path, out: &mut BTreeSet<(String, String)>) {
    for entry in std::fs::read_dir(dir)
        .expect("read src")
        .filter_map(|e| e.ok())
    {
        let path = entry.path();
        if path.is_dir() {
            ids_in_code(&path, out);
            continue;
        }
        if path.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read");
        // Comments (doc examples) name no real message.
        let code: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        for opener in ["msg!(", "Msg::new("] {
            let mut rest = code.as_str();
            while let Some(at) = rest.find(opener) {
                rest = &rest[at + opener.len()..];
                let t = rest.trim_start();
                if let Some(lit) = t.strip_prefix('"') {
                    if let Some(end) = lit.find('"') {
                        let id = &lit[..end];
                        if !id.is_empty() {
                            out.insert((id.to_string(), path.display().to_string()));
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn every_id_the_code_names_is_in_english() {
    let english = catalogue(Lang::En);
    let mut ids = BTreeSet::new();
    ids_in_code(&root().join("src"), &mut ids);
    assert!(ids.len() > 50, "the scan found {} ids", ids.len());
    let missing: Vec<&(String, String)> = ids
        .iter()
        .filter(|(id, _)| !english.contains_key(id))
        .collect();
    assert!(missing.is_empty(), "not in assets/i18n/en: {missing:?}");
}

const PLURAL_CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// Whether `var` chooses a variant by a number (plural categories or exact numbers).
pub(crate) fn selects_by_number(info: &Info, var: &str) -> bool {
    info.selectors.get(var).is_some_and(|keys| {
        keys.iter()
            .all(|k| PLURAL_CATEGORIES.contains(&k.as_str()) || k.parse::<f64>().is_ok())
    })
}

/// The argument sets a message is rendered with: one per selector key (numbers 0, 1, 2, 5
/// for plural or number keys), other variables a sample word.
fn samples(info: &Info) -> Vec<Msg> {
    samples_with(info, &[0, 1, 2, 5], |_| false)
}

/// The argument sets a message is rendered with: each of `numbers` for a variable that
/// selects by number or that `is_count` names (the same number for all of them in one set),
/// each key of a select on words, a sample word (`«var»`) for the others.
pub(crate) fn samples_with(
    info: &Info,
    numbers: &[i64],
    is_count: impl Fn(&str) -> bool,
) -> Vec<Msg> {
    let counts: Vec<&String> = info
        .vars
        .iter()
        .filter(|v| selects_by_number(info, v) || is_count(v))
        .collect();
    let mut sets: Vec<Vec<(String, SampleArg)>> = if counts.is_empty() {
        vec![Vec::new()]
    } else {
        numbers
            .iter()
            .map(|n| {
                counts
                    .iter()
                    .map(|v| (v.to_string(), SampleArg::Num(*n)))
                    .collect()
            })
            .collect()
    };
    for var in info.vars.iter().filter(|v| !counts.contains(v)) {
        let options: Vec<SampleArg> = match info.selectors.get(var) {
            Some(keys) => keys.iter().map(|k| SampleArg::Str(k.clone())).collect(),
            None => vec![SampleArg::Str(format!("«{var}»"))],
        };
        sets = sets
            .into_iter()
            .flat_map(|set| {
                options.iter().map(move |o| {
                    let mut s = set.clone();
                    s.push((var.clone(), o.clone()));
                    s
                })
            })
            .collect();
    }
    sets.into_iter()
        .map(|set| {
            set.into_iter()
                .fold(Msg::dynamic(String::new()), |m, (name, arg)| {
                    let name: &'static str = Box::leak(name.into_boxed_str());
                    match arg {
                        SampleArg::Num(n) => m.arg(name, n),
                        SampleArg::Str(s) => m.arg(name, s),
                    }
                })
        })
        .collect()
}

#[derive(Debug, Clone)]
enum SampleArg {
    Num(i64),
    Str(String),
}

#[test]
fn every_message_renders_in_every_language_with_sample_arguments() {
    let english = catalogue(Lang::En);
    let mut rendered = 0;
    for (id, info) in &english {
        for lang in Lang::ALL {
            let mut texts = Vec::new();
            for sample in samples(info) {
                let mut msg = Msg::dynamic(id.clone());
                for (name, arg) in sample.args() {
                    msg = msg.arg(name, arg.clone());
                }
                let text = lookup(&msg, lang)
                    .unwrap_or_else(|| panic!("{lang}: {id} does not render with {msg:?}"));
                assert!(!text.trim().is_empty(), "{lang}: {id} is empty");
                assert!(text != *id, "{lang}: {id} came out as its id");
                assert!(
                    !text.contains('{') && !text.contains('}') && !text.contains('$'),
                    "{lang}: {id} has an unresolved placeable: {text}"
                );
                texts.push(text);
                rendered += 1;
            }
            // Every variable is said in some variant.
            for var in &info.vars {
                if !info.selectors.contains_key(var) {
                    let said = format!("«{var}»");
                    assert!(
                        texts.iter().any(|t| t.contains(&said)),
                        "{lang}: {id} never says ${var}: {texts:?}"
                    );
                }
            }
        }
    }
    assert!(rendered > 100, "{rendered} renderings");
}

#[test]
fn swahili_plurals_follow_cldr_and_numbers_are_not_words() {
    // `sw` has `one` (1) and `other`; word-times chooses by exact numbers first.
    let times = |n: i64, lang| Msg::new("word-times").arg("n", n).render(lang);
    assert_eq!(times(1, Lang::Sw), "mara moja");
    assert_eq!(times(2, Lang::Sw), "mara mbili");
    assert_eq!(times(7, Lang::Sw), "mara 7");
    assert_eq!(times(7, Lang::En), "7 times");
}

/// The pictures draw these texts (captions, legends, labels) with the bundled DejaVu Sans:
/// it must have a glyph for every character of every catalogue.
#[test]
fn the_font_covers_every_character_of_every_catalogue() {
    use ab_glyph::{Font, FontRef};
    let mut chars = BTreeSet::new();
    for lang in Lang::ALL {
        for (_, source) in ftl_files(lang) {
            for line in source.lines().filter(|l| !l.trim_start().starts_with('#')) {
                chars.extend(line.chars().filter(|c| !c.is_control()));
            }
        }
    }
    assert!(chars.len() > 60, "{} characters", chars.len());
    for file in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] {
        let bytes = std::fs::read(root().join("assets").join(file)).expect("font");
        let font = FontRef::try_from_slice(&bytes).expect("a font");
        let missing: Vec<char> = chars
            .iter()
            .copied()
            // Emoji (U+1F000 on: the trophy of an event's end) appear in chat messages
            // only, never in a picture.
            .filter(|c| *c != ' ' && (*c as u32) < 0x1F000 && font.glyph_id(*c).0 == 0)
            .collect();
        assert!(missing.is_empty(), "{file} lacks {missing:?}");
    }
}
