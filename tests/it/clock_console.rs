//! Game clocks on the console's simulated clock (issue 37), through the real binary: three
//! scripts from a fixed `--start-time`, each printing exactly its recorded transcript
//! (`tests/data/console_clock_*.txt` and `.out`), and the facts each must show:
//!
//! - `console_clock_flag`: a 1+0 game, the first moves in their grace, one ping at 30 s left,
//!   the flag after `/wait 61s` (Baraka wins on time, rated), a move after it refused;
//! - `console_clock_fischer`: a 3+2 game, each move charged its time and given 2 s;
//! - `console_clock_days`: a 3d+1d game whose banks fill up to the 7-day cap, then the
//!   reminders at half the bank and an hour before its end, the overdue notice and a claim.
//!
//! To record one again (after a change meant to change what the bot says):
//! `cargo run -- console --db :memory: --start-time 2026-12-01T09:00Z --boards BOARDS
//! --script tests/data/console_clock_flag.txt > tests/data/console_clock_flag.out`.

use crate::support::console::run_script;

/// Runs `script` from 2026-12-01T09:00Z; its transcript, boards under `BOARDS`.
fn run(script: &str) -> String {
    let (out, text) = run_script(script, &[]);
    assert!(
        out.status.success(),
        "{script}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// Fails with the first line that differs from the recorded transcript.
fn same_as_recorded(text: &str, expected: &str, name: &str) {
    if text != expected {
        let first = text
            .lines()
            .zip(expected.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(text.lines().count().min(expected.lines().count()));
        panic!(
            "{name} changed at line {}:\n  now:      {:?}\n  recorded: {:?}",
            first + 1,
            text.lines().nth(first),
            expected.lines().nth(first)
        );
    }
}

/// Checks that `needles` come in `text` in this order.
fn in_order(text: &str, needles: &[&str]) {
    let mut from = 0;
    for needle in needles {
        let found = text[from..]
            .find(needle)
            .unwrap_or_else(|| panic!("missing `{needle}` (in order) in:\n{text}"));
        from += found + needle.len();
    }
}

#[test]
fn a_one_minute_game_is_flagged_after_a_wait_of_61_seconds() {
    let text = run("tests/data/console_clock_flag.txt");
    same_as_recorded(
        &text,
        include_str!("../data/console_clock_flag.out"),
        "console_clock_flag",
    );
    in_order(
        &text,
        &[
            "Clock 1+0: **Asha (South)** to make a first move, grace ends at 09:02:00 (then 1:00)",
            // Baraka's move stored at 09:00: Asha's minute runs from then.
            "Clock 1+0: **Asha (South)** \u{25b6} 1:00, out at 09:01:00 \u{b7} Baraka (North) 1:00",
            "/wait 61s\n[Tue 2026-12-01 09:00:30 UTC] (in #bao) @asha, 0:30 left on your clock in game 1",
            "[Tue 2026-12-01 09:01 UTC] (in #bao) Asha's clock ran out.\n**Baraka (North) wins on time**.",
            "Asha 1500 \u{2192} 1338 (\u{2212}162), Baraka 1500 \u{2192} 1662 (+162)",
            "now Tue 2026-12-01 09:01:01 UTC (1 minute 1 second later)",
            "(only you see this) Your time ran out before your move arrived: Baraka (North) wins game 1 on time.",
            "/bao board\n**Baraka (North) wins on time**.\nClock 1+0: Asha (South) 0:00 \u{b7} Baraka (North) 1:00",
            "Game 1: Asha (South) vs Baraka (North), 2 moves, clock 1+0 (1 minute each, no increment).",
        ],
    );
    // One ping, one result; nobody claimed.
    assert_eq!(text.matches("left on your clock").count(), 1, "{text}");
    assert_eq!(text.matches("clock ran out").count(), 1, "{text}");
    assert!(!text.contains("/bao claim\n"), "{text}");
}

#[test]
fn fischer_increments_are_added_move_by_move() {
    let text = run("tests/data/console_clock_fischer.txt");
    same_as_recorded(
        &text,
        include_str!("../data/console_clock_fischer.out"),
        "console_clock_fischer",
    );
    in_order(
        &text,
        &[
            "clock 3+2 (3 minutes each, 2 seconds a move)",
            // 20 s used, 2 s added.
            "Clock 3+2: Asha (South) 2:42 \u{b7} **Baraka (North)** \u{25b6} 3:00",
            // 45 s used by Baraka.
            "Clock 3+2: **Asha (South)** \u{25b6} 2:42, out at 09:03:47 \u{b7} Baraka (North) 2:17",
            // A minute used by Asha.
            "Clock 3+2: Asha (South) 1:44 \u{b7} **Baraka (North)** \u{25b6} 2:17",
            // Five seconds into Baraka's turn, his clock shows them gone.
            "/bao board\n@baraka (North, NAMUA) to move.\nClock 3+2: Asha (South) 1:44 \u{b7} **Baraka (North)** \u{25b6} 2:12, out at 09:04:22",
            "1. A6 left takata [3:00]  a6 left capture [3:00]",
            "2. A4 left capture [2:42]  a6 left capture [2:17]",
            "3. A2 left capture stop [1:44]",
        ],
    );
}

#[test]
fn a_correspondence_bank_fills_to_its_cap_and_is_reminded_of() {
    let text = run("tests/data/console_clock_days.txt");
    same_as_recorded(
        &text,
        include_str!("../data/console_clock_days.out"),
        "console_clock_days",
    );
    in_order(
        &text,
        &[
            "clock 3d+1d (3 days each, 1 day a move, at most 7 days in the bank)",
            "Clock 3d+1d: Asha (South) 4d \u{b7} **Baraka (North)** \u{25b6} 3d",
            // Baraka's hour was charged.
            "Baraka (North) 3d 23h",
            "Clock 3d+1d: Asha (South) 5d",
            "Clock 3d+1d: Asha (South) 6d",
            "Clock 3d+1d: Asha (South) 7d",
            // At the cap: a quick move adds nothing more.
            "Clock 3d+1d: Asha (South) 7d \u{b7} **Baraka (North)** \u{25b6} 6d 23h",
            // Half of Baraka's 6d 23h bank after 3d 11h 30m.
            "[Fri 2026-12-04 21:30 UTC] (DM to @baraka) Half of your time is gone on your clock in Bao game #1 in #bao (North to move by Tue 2026-12-08 09:00 UTC).",
            "[Tue 2026-12-08 08:00 UTC] (DM to @baraka) Your time is nearly up on your clock",
            "[Tue 2026-12-08 09:00 UTC] (in #bao) Baraka's time in game 1 ran out. @asha, you may claim the win with `/bao claim`.",
            "Asha claims the win on time.",
        ],
    );
    let capped = text.matches("Asha (South) 7d").count();
    assert!(
        capped >= 3,
        "the bank passed its cap or never reached it:\n{text}"
    );
    assert!(!text.contains("Asha (South) 8d"), "{text}");
}

#[test]
fn a_clock_script_prints_the_same_every_time() {
    let first = run("tests/data/console_clock_fischer.txt");
    assert_eq!(first, run("tests/data/console_clock_fischer.txt"));
}
