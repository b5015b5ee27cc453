//! Rule sets (docs/rules.md section 10): `v0.2` plays takasia, `r002` does not; nothing else
//! differs. The corpus `tests/data/takasia_r002.txt` holds positions where that matters.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use bao_bot::rules::{Move, Pit, Position, RuleSet, Step, Variant};

/// One corpus entry.
struct Entry {
    id: String,
    before: Position,
    takata: String,
    /// `forbidden` or `stop`, and the move.
    kind: String,
    reply: String,
}

fn corpus() -> Vec<Entry> {
    let text = include_str!("../data/takasia_r002.txt");
    let mut out: Vec<Entry> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').expect("key value");
        if key == "id" {
            out.push(Entry {
                id: value.into(),
                before: Position::default(),
                takata: String::new(),
                kind: String::new(),
                reply: String::new(),
            });
            continue;
        }
        let e = out.last_mut().expect("id first");
        match key {
            "position" => {
                e.before = value
                    .parse()
                    .unwrap_or_else(|err| panic!("line {}: {err}", n + 1))
            }
            "takata" => e.takata = value.into(),
            "forbidden" | "stop" => {
                e.kind = key.into();
                e.reply = value.into();
            }
            other => panic!("line {}: unknown key {other}", n + 1),
        }
    }
    out
}

/// The board, hands and turn with the rule set and takasia mark left out.
fn board(pos: &Position) -> String {
    pos.with_rules(RuleSet::R002)
        .to_string()
        .replace(" rules=r002", "")
}

fn pit_of(text: &str) -> Pit {
    text.split_whitespace()
        .next()
        .and_then(|p| p.parse().ok())
        .expect("a pit")
}

#[test]
fn corpus_moves_v02_forbids_r002_allows() {
    let entries = corpus();
    assert!(entries.iter().filter(|e| e.kind == "forbidden").count() >= 5);
    assert!(entries.iter().filter(|e| e.kind == "stop").count() >= 3);
    for e in &entries {
        assert_eq!(e.before.rules(), RuleSet::V02, "{}", e.id);
        let v = e.before;
        let r = e.before.with_rules(RuleSet::R002);
        let (_, v_after, v_trace) = v.play_text(&e.takata).expect(&e.id);
        let (_, r_after, r_trace) = r.play_text(&e.takata).expect(&e.id);
        // The takata itself is the same move with the same result; only the mark differs.
        assert_eq!(board(&v_after), board(&r_after), "{}", e.id);
        assert!(
            v_trace.takasia_set().is_some(),
            "{}: no mark under v0.2",
            e.id
        );
        assert_eq!(r_trace.takasia_set(), None, "{}", e.id);
        assert_eq!(r_after.takasia(), None, "{}", e.id);
        assert_eq!(r_after.rules(), RuleSet::R002, "{}", e.id);
        let target = v_after.takasia().expect("marked");
        let legal = |p: &Position| -> Vec<Move> { p.legal_moves().to_vec() };
        match e.kind.as_str() {
            "forbidden" => {
                assert_eq!(pit_of(&e.reply), target, "{}", e.id);
                let err = v_after.play_text(&e.reply).expect_err(&e.id).to_string();
                assert!(err.contains("takasia"), "{}: {err}", e.id);
                assert!(legal(&v_after).iter().all(|m| m.pit != target), "{}", e.id);
                let (mv, _, _) = r_after.play_text(&e.reply).expect(&e.id);
                assert_eq!(mv.pit, target, "{}", e.id);
                // Every v0.2 move is an r002 move; r002 has the target's moves besides.
                let (vl, rl) = (legal(&v_after), legal(&r_after));
                assert!(vl.iter().all(|m| rl.contains(m)), "{}", e.id);
                assert!(rl.len() > vl.len(), "{}", e.id);
            }
            "stop" => {
                let (_, v_end, v_reply) = v_after.play_text(&e.reply).expect(&e.id);
                let (_, r_end, r_reply) = r_after.play_text(&e.reply).expect(&e.id);
                assert!(
                    v_reply.steps.contains(&Step::TakasiaStop { pit: target }),
                    "{}",
                    e.id
                );
                assert!(
                    !r_reply
                        .steps
                        .iter()
                        .any(|s| matches!(s, Step::TakasiaStop { .. })),
                    "{}",
                    e.id
                );
                assert_ne!(board(&v_end), board(&r_end), "{}", e.id);
            }
            other => panic!("{}: no forbidden or stop line ({other:?})", e.id),
        }
    }
}

#[test]
fn position_line_names_r002_and_omits_v02() {
    let start = Position::start(Variant::Kiswahili);
    let text = start.to_string();
    assert!(!text.contains("rules="), "{text}");
    let r = start.with_rules(RuleSet::R002);
    let line = r.to_string();
    assert!(
        line.starts_with("variant=kiswahili rules=r002 turn=S "),
        "{line}"
    );
    assert_eq!(line.parse::<Position>().unwrap(), r);
    assert_ne!(r, start);
    // rules= may come anywhere and in any case; v0.2 may be written out.
    let moved = format!("{text} RULES=R002");
    assert_eq!(moved.parse::<Position>().unwrap(), r);
    let explicit = format!("{text} rules=v0.2");
    assert_eq!(explicit.parse::<Position>().unwrap(), start);
    // r002 has no takasia to mark.
    let marked = "variant=kiswahili rules=r002 turn=N hand=0,0 house=- takasia=a3 A=0,0,0,1,0,1,1,0 B=1,0,0,2,2,1,0,3 a=0,8,5,1,11,1,3,1 b=6,1,3,2,2,5,2,1";
    let err = marked.parse::<Position>().unwrap_err().to_string();
    assert!(err.contains("no takasia"), "{err}");
    let err = format!("{text} rules=r003")
        .parse::<Position>()
        .unwrap_err()
        .to_string();
    assert!(err.contains("v0.2") && err.contains("r002"), "{err}");
    let err = format!("{text} rules=r002 rules=v0.2")
        .parse::<Position>()
        .unwrap_err()
        .to_string();
    assert!(err.contains("twice"), "{err}");
}

#[test]
fn kujifunza_is_the_same_game_under_both_rule_sets() {
    let v = Position::start(Variant::Kujifunza);
    let r = v.with_rules(RuleSet::R002);
    assert_eq!(bao_bot::rules::perft(&v, 3), bao_bot::rules::perft(&r, 3));
}

// ----- the command line -----

const SPLIT: &str = "variant=kiswahili turn=S hand=0,0 house=- takasia=- A=0,0,0,0,0,0,1,0 B=3,1,2,1,4,1,1,3 a=0,0,4,3,27,1,2,0 b=2,0,4,1,0,2,1,0";

fn bao(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bao-bot"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run bao-bot");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("bao-bot output")
}

fn out(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    assert_eq!(
        o.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A record whose second move is a takata that sets takasia a4 under v0.2; North then plays
/// around the target.
fn record(header: &str) -> String {
    format!(
        "# a mtaji game\n{header}position {SPLIT}\nB1 left\na7 left\nA7 left capture\na6 left capture\nA6 left capture\na3 left capture\n"
    )
}

#[test]
fn replay_the_same_game_under_both_rule_sets_differs_only_in_the_mark() {
    let v = out(&bao(&["replay", "--each"], &record("")));
    let r = out(&bao(&["replay", "--each", "--rules", "r002"], &record("")));
    let named = out(&bao(&["replay", "--each"], &record("rules r002\n")));
    assert_eq!(r, named);
    let (v, r): (Vec<&str>, Vec<&str>) = (v.lines().collect(), r.lines().collect());
    assert_eq!(v.len(), 7);
    assert_eq!(r.len(), 7);
    for (i, (a, b)) in v.iter().zip(&r).enumerate() {
        assert!(b.starts_with("variant=kiswahili rules=r002 "), "{b}");
        let b = b.replace(" rules=r002", "");
        if i == 1 {
            assert!(a.contains("takasia=a4"), "{a}");
            assert_eq!(a.replace("takasia=a4", "takasia=-"), b);
        } else {
            assert_eq!(*a, b, "position {i}");
        }
    }
}

#[test]
fn replay_refuses_the_forbidden_move_only_under_v02() {
    let game = format!("position {SPLIT}\nB1 left\na4 left\n");
    let e = err(&bao(&["replay"], &game));
    assert!(e.contains("line 3") && e.contains("takasia"), "{e}");
    let text = out(&bao(&["replay", "--rules", "r002"], &game));
    assert!(
        text.starts_with("variant=kiswahili rules=r002 turn=S"),
        "{text}"
    );
    let text = out(&bao(&["replay"], &format!("rules r002\n{game}")));
    assert!(
        text.starts_with("variant=kiswahili rules=r002 turn=S"),
        "{text}"
    );
    // A record that says v0.2 is not replayed under r002.
    let e = err(&bao(
        &["replay", "--rules", "r002"],
        &format!("rules v0.2\n{game}"),
    ));
    assert!(e.contains("line 1") && e.contains("--rules"), "{e}");
    let e = err(&bao(&["replay"], "B1 left\nrules r002\n"));
    assert!(e.contains("line 2") && e.contains("first"), "{e}");
}

#[test]
fn position_commands_take_rules() {
    let v = out(&bao(&["apply", SPLIT, "B1 left"], ""));
    assert!(v.contains("takasia=a4"), "{v}");
    let r = out(&bao(&["apply", "--rules", "r002", SPLIT, "B1 left"], ""));
    assert!(r.contains("rules=r002") && r.contains("takasia=-"), "{r}");
    let moves = out(&bao(&["moves", r.trim()], ""));
    assert!(moves.contains("a4 left takata"), "{moves}");
    let moves = out(&bao(&["moves", v.trim()], ""));
    assert!(!moves.contains("a4 "), "{moves}");
    let p = out(&bao(&["perft", "2", SPLIT, "--rules", "r002"], ""));
    assert!(p.starts_with("48\n"), "{p}");
    let p = out(&bao(&["perft", "2", SPLIT], ""));
    assert!(p.starts_with("44\n"), "{p}");
    let e = err(&bao(&["moves", "--rules", "r003", "start"], ""));
    assert!(e.contains("--rules") && e.contains("r002"), "{e}");
    let e = err(&bao(&["moves", "--rules", "v0.2", r.trim()], ""));
    assert!(e.contains("rules=r002") && e.contains("v0.2"), "{e}");
    let e = err(&bao(&["moves", "--rules", "r002", v.trim()], ""));
    assert!(e.contains("no takasia"), "{e}");
    let ai = out(&bao(
        &["ai-move", "--rules", "r002", "--nodes", "2000", r.trim()],
        "",
    ));
    assert!(
        ai.lines().next().is_some_and(|l| l.starts_with('a')),
        "{ai}"
    );
}
