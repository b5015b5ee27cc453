//! The rules subcommands of the `bao-bot` binary: output, errors and exit statuses.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const START: &str = "variant=kiswahili turn=S hand=22,22 house=S,N takasia=- A=0,0,0,0,6,2,2,0 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,2,2,0 b=0,0,0,0,0,0,0,0";

fn bao(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bao-bot"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run bao-bot");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(text.as_bytes())
            .expect("write stdin");
    }
    drop(child.stdin.take());
    child.wait_with_output().expect("bao-bot output")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn moves_lists_canonical_moves() {
    let o = bao(&["moves", START], None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "A6 left takata\nA6 right takata\nA7 left takata\nA7 right takata\n"
    );
}

#[test]
fn apply_plays_moves_quoted_or_as_words() {
    let quoted = bao(&["apply", START, "A6 left", "a6 RIGHT capture"], None);
    let words = bao(&["apply", "start", "a6", "left", "a6", "right"], None);
    assert!(quoted.status.success(), "{}", stderr(&quoted));
    assert_eq!(stdout(&quoted), stdout(&words));
    assert_eq!(
        stdout(&quoted),
        "variant=kiswahili turn=S hand=21,21 house=S,N takasia=- A=0,0,0,1,7,0,2,0 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,3,2,1 b=0,0,0,0,0,0,0,0\n"
    );
    let traced = bao(&["apply", START, "A6 left", "--trace"], None);
    let text = stdout(&traced);
    assert!(
        text.starts_with("A6 left takata: A6 with a seed from hand sowed 3 left, ended in A3.\n"),
        "{text}"
    );
    assert!(text.contains("  drop in A3\n"), "{text}");
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    for (args, needle) in [
        (vec!["moves", "variant=kiswahili turn=S"], "no hand= field"),
        (vec!["moves", "turn=S hand=22,22 house=S,N A=0,0,0,0,6,2,2,0 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,2,2,0 b=0,0,0,0,0,0,0,1"], "make 65"),
        (vec!["apply", START, "A5 left"], "move 1 (A5 left): A5 left is not legal here: the only legal moves are A6 left takata"),
        (vec!["apply", START, "Q9 up"], "is not a pit"),
    ] {
        let o = bao(&args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn replay_reads_a_record_and_reports_the_bad_line() {
    let record = "# a short game\n\nA6 left\na6 right\n";
    let o = bao(&["replay", "-"], Some(record));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "variant=kiswahili turn=S hand=21,21 house=S,N takasia=- A=0,0,0,1,7,0,2,0 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,3,2,1 b=0,0,0,0,0,0,0,0\n"
    );
    let each = bao(&["replay", "--each"], Some(record));
    let lines: Vec<String> = stdout(&each).lines().map(String::from).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], START);

    let bad = "A6 left\na6 right\n# comment\n\nA3 right takata\n";
    let o = bao(&["replay"], Some(bad));
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("line 5: A3 right takata is not legal here: the only legal moves are "),
        "{err}"
    );
}

#[test]
fn replay_from_a_position_prints_the_winner() {
    let record = "position variant=kiswahili turn=S hand=10,10 house=- takasia=- A=0,0,0,2,0,0,0,0 B=5,5,5,5,0,0,0,0 a=0,0,0,0,3,0,0,0 b=4,4,4,4,3,0,0,0\nA4 left capture # wins at once\n";
    let dir = std::env::temp_dir().join(format!("bao-replay-{}", std::process::id()));
    std::fs::write(&dir, record).expect("write record");
    let o = bao(&["replay", dir.to_str().expect("path")], None);
    std::fs::remove_file(&dir).ok();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).trim_end().ends_with(" winner=S"),
        "{}",
        stdout(&o)
    );
    let more = format!("{record}a1 left\n");
    let o = bao(&["replay"], Some(&more));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("line 3: the game is over"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn perft_prints_count_then_speed() {
    let o = bao(&["perft", "5"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("405"));
    assert!(
        lines.next().is_some_and(|l| l.contains("nodes/s")),
        "{text}"
    );
    let o = bao(&["perft", "2", "kujifunza"], None);
    assert_eq!(stdout(&o).lines().next(), Some("220"));
}
