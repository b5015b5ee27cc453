//! The console's simulated clock: `/wait`, `/now` and `--start-time`, through the real binary
//! (`bao-bot console --script`), with a correspondence game's reminders, deadline and claim.

use std::path::Path;
use std::process::{Command, Output};

/// The script of `tests/data/console_clock.txt`.
fn game_script() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/console_clock.txt")
}

/// Runs `bao-bot console` on `script` with boards in `boards` and the extra `args`.
fn console(script: &Path, boards: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bao-bot"))
        .args(["console", "--db", ":memory:", "--script"])
        .arg(script)
        .arg("--boards")
        .arg(boards)
        .args(args)
        .output()
        .expect("run console")
}

/// Writes `lines` as a script in `dir` and runs it from the given start.
fn run_lines(dir: &Path, lines: &str, start: &str) -> Output {
    let script = dir.join("script.txt");
    std::fs::write(&script, lines).expect("write script");
    console(&script, &dir.join("boards"), &["--start-time", start])
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Where `needle` is in `text`, failing with the transcript when it is not there.
fn at(text: &str, needle: &str) -> usize {
    text.find(needle)
        .unwrap_or_else(|| panic!("missing `{needle}` in:\n{text}"))
}

#[test]
fn a_correspondence_game_runs_through_reminders_a_timeout_and_a_claim() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = console(
        &game_script(),
        &dir.path().join("boards"),
        &["--start-time", "2026-12-01T09:00Z"],
    );
    let text = stdout(&out);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // In the order they must come, each notice with its simulated time.
    let expected = [
        "Asha@#general> /now\nnow Tue 2026-12-01 09:00 UTC\n",
        "Asha@#bao> /bao move a7 right",
        "Asha@#bao> /wait 20h\n[Tue 2026-12-01 21:00 UTC] (DM to @baraka) Half of your time is gone in Bao game #1 in #bao (North to move by Wed 2026-12-02 09:00 UTC).",
        "now Wed 2026-12-02 05:00 UTC (20 hours later)\n",
        "Asha@#bao> /wait 5h\n[Wed 2026-12-02 08:00 UTC] (DM to @baraka) Your time is nearly up in Bao game #1",
        "[Wed 2026-12-02 09:00 UTC] (in #bao) Baraka's time in game 1 ran out. @asha, you may claim the win with `/bao claim`.\n",
        "now Wed 2026-12-02 10:00 UTC (5 hours later)\n",
        "Asha@#bao> /bao claim\n",
        "Asha claims the win on time.",
        "Asha@#bao> /now\nnow Wed 2026-12-02 10:00 UTC\n",
    ];
    let mut from = 0;
    for needle in expected {
        let found = at(&text[from..], needle);
        from += found + needle.len();
    }
    // Each reminder and the deadline notice came exactly once.
    for once in ["Half of your time", "Your time is nearly up", "ran out"] {
        assert_eq!(text.matches(once).count(), 1, "`{once}` in:\n{text}");
    }
    // The claimed game is over: waiting further brings nothing (no abandonment).
    assert!(!text.contains("abandoned"), "{text}");
}

#[test]
fn the_same_script_from_the_same_start_gives_the_same_transcript() {
    let dir = tempfile::tempdir().expect("tempdir");
    let boards = dir.path().join("boards");
    let run = || {
        console(
            &game_script(),
            &boards,
            &["--start-time", "2026-12-01T09:00Z"],
        )
    };
    let (first, second) = (run(), run());
    assert!(first.status.success() && second.status.success());
    assert!(stdout(&first).contains("[Wed 2026-12-02 09:00 UTC]"));
    assert_eq!(stdout(&first), stdout(&second));
    // The same moment written with an offset is the same start.
    let offset = console(
        &game_script(),
        &boards,
        &["--start-time", "2026-12-01T12:00:00+03:00"],
    );
    assert_eq!(stdout(&first), stdout(&offset));
}

#[test]
fn one_long_wait_shows_each_notice_at_its_own_time_in_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run_lines(
        dir.path(),
        "/in #bao\n\
         /bao challenge @baraka south 1d12h\n\
         /as baraka\n\
         /bao accept\n\
         /as asha\n\
         /bao move a7 right\n\
         /wait 4d\n\
         /wait 30m\n",
        "2026-12-01T09:00Z",
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    // 36 hours per move from 09:00: half time after 18 hours, the last hour, the deadline,
    // then abandonment a whole move period later; the wait ends four days on.
    let expected = [
        "[Wed 2026-12-02 03:00 UTC] (DM to @baraka) Half of your time is gone",
        "[Wed 2026-12-02 20:00 UTC] (DM to @baraka) Your time is nearly up",
        "[Wed 2026-12-02 21:00 UTC] (in #bao) Baraka's time in game 1 ran out.",
        "[Fri 2026-12-04 09:00 UTC] (in #bao) Game 1 is abandoned",
        "now Sat 2026-12-05 09:00 UTC (4 days later)\n",
        "/wait 30m\n(nothing due)\nnow Sat 2026-12-05 09:30 UTC (30 minutes later)\n",
    ];
    let mut from = 0;
    for needle in expected {
        from += at(&text[from..], needle) + needle.len();
    }
}

#[test]
fn a_challenge_expires_at_its_time_during_a_wait() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run_lines(
        dir.path(),
        "/in #bao\n/bao challenge @baraka 1d\n/wait 1w\n",
        "2026-12-01T09:00Z",
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    let line = text
        .lines()
        .find(|l| l.contains("expired unanswered"))
        .unwrap_or_else(|| panic!("no expiry in:\n{text}"));
    // A challenge waits a day: stamped with that moment inside the wait, not its end.
    assert!(
        line.starts_with("[Wed 2026-12-02 09:00 UTC] (in #bao) The challenge of game 1 expired"),
        "{line}"
    );
    assert!(
        text.contains("now Tue 2026-12-08 09:00 UTC (7 days later)"),
        "{text}"
    );
}

#[test]
fn bad_durations_are_refused_with_the_accepted_forms_and_fail_the_script() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run_lines(
        dir.path(),
        "/wait -5h\n/wait 0m\n/wait 366d\n/wait soon\n/wait\n/wait 1d-2h\n/now\n",
        "2026-12-01T09:00Z",
    );
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("6 script line(s) failed"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for refused in [
        "error: `-5h` is not a duration: write an amount like 30m, 13h, 2d or 1d12h",
        "error: `0m` is no time at all: write an amount like 30m",
        "error: `366d` is out of range: write an amount like 30m, 13h, 2d or 1d12h (units m, h, d, w), from 1 minute to 365 days",
        "error: `soon` is not a duration",
        "error: how long? write /wait and an amount like 30m",
        "error: `1d-2h` is not a duration",
    ] {
        assert!(text.contains(refused), "missing `{refused}` in:\n{text}");
    }
    // None of them moved the clock.
    assert!(
        text.contains("/now\nnow Tue 2026-12-01 09:00 UTC\n"),
        "{text}"
    );
}

#[test]
fn a_bad_start_time_is_refused_with_the_accepted_forms() {
    let dir = tempfile::tempdir().expect("tempdir");
    for bad in [
        "2026-12-01",
        "2026-12-01 9am",
        "2026-12-01T09:00",
        "yesterday",
    ] {
        let out = run_lines(dir.path(), "/now\n", bad);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad}: {err}");
        assert!(
            err.contains(&format!("`{bad}` is not a start time"))
                && err.contains("RFC 3339")
                && err.contains("2026-12-01T09:00Z"),
            "{bad}: {err}"
        );
        assert!(stdout(&out).is_empty(), "{bad} ran the script");
    }
}

#[test]
fn without_a_start_time_the_clock_starts_at_the_real_time() {
    let dir = tempfile::tempdir().expect("tempdir");
    let script = dir.path().join("now.txt");
    std::fs::write(&script, "/now\n/wait 1d\n").expect("write");
    let before = time::OffsetDateTime::now_utc();
    let out = console(&script, &dir.path().join("boards"), &[]);
    let after = time::OffsetDateTime::now_utc();
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    let day = |t: time::OffsetDateTime| {
        format!("{:04}-{:02}-{:02}", t.year(), u8::from(t.month()), t.day())
    };
    let shown = text
        .lines()
        .find_map(|l| l.strip_prefix("now "))
        .unwrap_or_else(|| panic!("no /now answer in:\n{text}"));
    assert!(
        shown.contains(&day(before)) || shown.contains(&day(after)),
        "{shown}"
    );
    let tomorrow = day(before + time::Duration::days(1));
    assert!(text.contains(&format!("{tomorrow} ")), "{text}");
}

#[test]
fn the_readme_example_is_what_the_console_prints() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("read README");
    let script = std::fs::read_to_string(game_script()).expect("read script");
    // The block after `marker`, up to its closing fence.
    let block = |marker: &str| -> String {
        let from = at(&readme, marker) + marker.len();
        let body = &readme[from..];
        let start = at(body, "```text\n") + "```text\n".len();
        let len = at(&body[start..], "```");
        body[start..start + len].to_string()
    };
    // The README's commands are the script's, in order (the script also asks /now).
    let commands = block("which `tests/it/console_clock.rs` runs and checks");
    let script_lines: Vec<&str> = script
        .lines()
        .filter(|l| !l.starts_with('#') && *l != "/now")
        .collect();
    assert_eq!(commands.lines().collect::<Vec<_>>(), script_lines);
    // And what it says the console prints is printed, word for word.
    let printed = block("prints, after the boards:");
    let dir = tempfile::tempdir().expect("tempdir");
    let out = console(
        &game_script(),
        &dir.path().join("boards"),
        &["--start-time", "2026-12-01T09:00Z"],
    );
    let text = stdout(&out);
    assert!(printed.lines().count() >= 8, "{printed}");
    assert!(
        text.contains(&printed),
        "README says:\n{printed}\nconsole printed:\n{text}"
    );
}
