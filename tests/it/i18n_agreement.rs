//! Swahili agreement at a number (issue 49): every Swahili message that takes a number is
//! rendered with 1, 2 and 5, and fails on the known wrong shapes. At 1, a noun of a plural
//! class before the count (`wachezaji 1`, `michezo 1`, `makosa 1`), or a plural concord
//! after the count, whether a noun stands before it or the count is bare (`kete 1 za`,
//! `1 zimebaki`, `1 walioorodheshwa`). At 2 and 5, a singular noun before the count
//! (`mchezo 5`). A message agrees by selecting on the CLDR plural (`[one]`/`*[other]`), or by
//! a wording that hangs no agreement on the number (`kete { $seeds } kutoka { $from }`).
//!
//! Every variable is given the number except those that name a person, a side, a pit, a
//! move or a piece of text (`NOT_COUNTS`); a select on words (`[yes]`) is given each key.

use bao_bot::i18n::{lookup, Lang, Msg};

use super::i18n_catalogue::{catalogue, samples_with, selects_by_number};

/// Variables that never hold a count (names, sides, pits, moves, texts, dates, ids of
/// things that are not counted); every other one is rendered as the number.
const NOT_COUNTS: &[&str] = &[
    "name",
    "names",
    "south",
    "north",
    "side",
    "winner",
    "loser",
    "who",
    "opponent",
    "asker",
    "organiser",
    "leader",
    "pit",
    "from",
    "kichwa",
    "set",
    "taken",
    "direction",
    "reason",
    "trace",
    "mv",
    "move",
    "played",
    "best",
    "reply",
    "legal",
    "asked",
    "choices",
    "typed",
    "word",
    "words",
    "text",
    "key",
    "value",
    "what",
    "why",
    "how",
    "form",
    "forms",
    "label",
    "note",
    "goal",
    "title",
    "list",
    "record",
    "results",
    "changes",
    "scope",
    "status",
    "summary",
    "stars",
    "kujifunza",
    "kiswahili",
    "result",
    "outcome",
    "held",
    "free",
    "cause",
    "remedy",
    "link",
    "place",
    "channel",
    "channels",
    "parent",
    "url",
    "when",
    "by",
    "draw",
    "deadline",
    "expires",
    "clock",
    "control",
    "span",
    "left",
    "more",
    "each",
    "cap",
    "amount",
    "presets",
    "rules",
    "variant",
    "game",
    "format",
    "time",
    "phase",
    "first",
    "last",
    "error",
    "problem",
    "quiet",
    "wanted",
    "chosen",
    "after",
    "win",
    "times",
    "level",
    "levels",
    "up",
    "down",
    "about",
    "accepted",
    "languages",
    "code",
    "changed",
    "version",
    "commands",
    "command",
    "sub",
    "option",
    "action",
    "theme",
    "accuracy",
    "percent",
    "rating",
    "opponent_rating",
    "elo",
    "elo_kujifunza",
    "rd",
    "permissions",
    "by_self",
    "default",
    "hints",
    "rated",
    "takasia",
    "pause",
    "one",
    "day",
    "id",
    "event",
    "number",
    "lesson",
    "task",
    "ply",
    "round",
    "board",
    "at",
    "hour",
    "puzzle",
    "player",
    "now",
];

/// Nouns of a plural-only class that may stand before a count other than 1: `mashindano`
/// (one tournament or several), `matokeo` (results), `mara` (times), `mahali` (a place).
const PLURAL_EVERY_NUMBER: &[&str] = &["mashindano", "matokeo", "mara", "mahali", "maana"];

/// The starts of a plural class's noun (wa-, mi-, ma-, vi-), not its verbs (walio-,
/// wasio-, wana-, wame-: `wachezaji wasiozidi 5` puts no noun before the number).
fn plural_noun(word: &str) -> bool {
    let w = word.to_lowercase();
    w.chars().count() > 4
        && ["wa", "mi", "ma", "vi"].iter().any(|p| w.starts_with(p))
        && !["wali", "wasi", "wana", "wame", "wata"]
            .iter()
            .any(|p| w.starts_with(p))
        && !PLURAL_EVERY_NUMBER.contains(&w.as_str())
        // wakati (time) and wake (his) are no plurals.
        && !["wakati", "wake", "wako", "wangu", "wetu", "wenu", "wapi"].contains(&w.as_str())
}

/// The starts of a plural concord after a noun or a count: z- (kete zilizo, za, zenye),
/// vi-, the wa- class's verbs and relatives (walio-, wame-, wana-, wasio-), the ma- class's
/// verbs (yali-, yame-, yana-). `zaidi` (more) and `zamu` (turn) agree with nothing.
fn plural_concord(word: &str) -> bool {
    let w = word.to_lowercase();
    let starts = |ps: &[&str]| ps.iter().any(|p| w.starts_with(p));
    !["zaidi", "zamu"].contains(&w.as_str())
        && (starts(&["za", "zi", "ze", "vi", "vy"])
            || starts(&[
                "wali", "wame", "wana", "wasi", "wata", "yali", "yame", "yana", "yasi", "yata",
            ]))
}

/// Singular nouns that a count above 1 must not follow (except as a rank, `mzunguko 2 kati
/// ya 5`).
const SINGULAR_NOUNS: &[&str] = &[
    "mchezo",
    "mchezaji",
    "kosa",
    "shimo",
    "fumbo",
    "somo",
    "kitufe",
    "mtu",
    "mwanachama",
    "mzunguko",
    "jina",
    "neno",
    "dokezo",
    "kichwa",
    "chaguo",
];

/// What is wrong with `text`, rendered with the count `n`. Words agree only within a run
/// of words: punctuation (`makosa: 1`, `baiti 1, zaidi`, `Wachezaji (1)`) and code spans
/// break it.
fn faults(text: &str, n: i64) -> Vec<String> {
    let count = n.to_string();
    let mut out = Vec::new();
    for run in text.split(|c: char| ",.;:()[]!?`·—".contains(c)) {
        let words: Vec<&str> = run
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| "*«»\"'".contains(c)))
            .filter(|w| !w.is_empty())
            .collect();
        for (i, w) in words.iter().enumerate() {
            if *w != count {
                continue;
            }
            let before = i.checked_sub(1).map(|j| words[j]);
            let after = words.get(i + 1).copied();
            if n == 1 {
                if let Some(b) = before.filter(|b| plural_noun(b)) {
                    out.push(format!("a plural noun before 1: `{b} 1`"));
                }
                let every_number = before
                    .is_some_and(|b| PLURAL_EVERY_NUMBER.contains(&b.to_lowercase().as_str()));
                if let Some(a) = after.filter(|a| !every_number && plural_concord(a)) {
                    out.push(format!("a plural concord after 1: `1 {a}`"));
                }
            } else if let Some(b) =
                before.filter(|b| SINGULAR_NOUNS.contains(&b.to_lowercase().as_str()))
            {
                if after != Some("kati") {
                    out.push(format!("a singular noun before {n}: `{b} {n}`"));
                }
            }
        }
    }
    out
}

#[test]
fn the_shapes_are_found() {
    assert!(!faults("kete 1 za A4", 1).is_empty());
    assert!(!faults("A1: 1 zimebaki mkononi", 1).is_empty());
    assert!(!faults("wachezaji 1 walioorodheshwa", 1).is_empty());
    assert!(!faults("makosa 1", 1).is_empty());
    assert!(!faults("Una michezo 1 inayoendelea", 1).is_empty());
    assert!(!faults("mchezo 5 wenye alama", 5).is_empty());
    assert!(faults("kete 1 kutoka A4", 1).is_empty());
    assert!(faults("mchezaji 1 aliyeorodheshwa", 1).is_empty());
    assert!(faults("kete 1 ya kutawanya", 1).is_empty());
    assert!(faults("mashindano 1 yamejaa", 1).is_empty());
    assert!(faults("michezo 5 yenye alama", 5).is_empty());
    assert!(faults("makosa madogo: 1", 1).is_empty());
    assert!(faults("mzunguko 2 kati ya 5", 2).is_empty());
    assert!(faults("baiti 1, zaidi ya kikomo", 1).is_empty());
    assert!(!faults("**wachezaji 1** walioorodheshwa", 1).is_empty());
}

#[test]
fn swahili_agrees_at_every_number() {
    let mut rendered = 0;
    let mut wrong = Vec::new();
    let is_count = |var: &str| !NOT_COUNTS.contains(&var);
    for (id, info) in catalogue(Lang::Sw) {
        if !info
            .vars
            .iter()
            .any(|v| selects_by_number(&info, v) || is_count(v))
        {
            continue;
        }
        for n in [1i64, 2, 5] {
            for sample in samples_with(&info, &[n], is_count) {
                let mut msg = Msg::dynamic(id.clone());
                for (name, arg) in sample.args() {
                    msg = msg.arg(name, arg.clone());
                }
                let text = lookup(&msg, Lang::Sw)
                    .unwrap_or_else(|| panic!("sw: {id} does not render with {msg:?}"));
                rendered += 1;
                for fault in faults(&text, n) {
                    wrong.push(format!("{id} ({n}): {fault}: {text}"));
                }
            }
        }
    }
    assert!(rendered > 300, "{rendered} renderings");
    wrong.sort();
    wrong.dedup();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
