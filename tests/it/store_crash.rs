//! Crash safety: a child process writing moves as fast as it can is killed with SIGKILL;
//! on reopening, every move it reported committed is there, no move is half written, and
//! every game replays to its stored position.
//!
//! The child is this test binary itself, re-run with `--exact` on the same test and the
//! database path in `BAO_STORE_CRASH_CHILD`, which makes the test act as the writer.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};

use crate::support::child;

use bao_bot::ai::Level;
use bao_bot::rules::{Position, Variant};
use bao_bot::store::*;

const CHILD_ENV: &str = "BAO_STORE_CRASH_CHILD";
const CHANNELS: u64 = 6;

/// Plays one legal move (chosen by `pick`) in `game` and records it.
fn play(store: &Store, game: &Game, pick: usize, now: i64) -> Game {
    let pos: Position = game.position.parse().unwrap();
    let moves = pos.legal_moves();
    let mv = moves[pick % moves.len()];
    let (next, _) = pos.play(&mv).unwrap();
    let by = game.player(pos.turn()).unwrap().clone();
    let end = next.winner().map(|w| GameEnd {
        winner: Some(w),
        reason: ResultReason::from_rules(next.end_reason().unwrap()),
    });
    store
        .record_move(
            game.id,
            game.ply,
            &NewMove {
                text: &mv.to_string(),
                by: &by,
                position_after: &next.to_string(),
                now,
                deadline: Some(now + 600),
                end,
            },
        )
        .unwrap()
}

fn new_game(channel: u64, now: i64) -> NewGame {
    NewGame {
        place: Place::Channel { guild: 1, channel },
        variant: Variant::Kiswahili,
        start_position: Position::start(Variant::Kiswahili).to_string(),
        south: Player::Human(UserId(channel * 2)),
        north: Player::Ai { level: Level::Easy },
        time_per_move: Some(600),
        now,
        deadline: Some(now + 600),
    }
}

/// The child: writes moves forever in several channels, printing `moved GAME PLY` after
/// each commit. Only runs when the crash test starts it.
fn child_writer() -> ! {
    let path = std::env::var(CHILD_ENV).expect("run by the crash test only");
    let store = Store::open(&path).unwrap();
    let mut out = std::io::stdout().lock();
    let mut now = 1_800_000_000;
    let mut n = 0usize;
    loop {
        for channel in 1..=CHANNELS {
            let place = Place::Channel { guild: 1, channel };
            let game = match store.game_in(&place).unwrap() {
                Some(g) => g,
                None => store.start_game(&new_game(channel, now)).unwrap(),
            };
            n += 1;
            now += 1;
            let after = play(&store, &game, n * 31 + channel as usize, now);
            writeln!(out, "moved {} {}", after.id.0, after.ply).unwrap();
            out.flush().unwrap();
        }
    }
}

#[test]
fn a_killed_writer_loses_no_committed_move() {
    if std::env::var_os(CHILD_ENV).is_some() {
        child_writer();
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crash.db");
    let mut committed: BTreeMap<i64, u32> = BTreeMap::new();

    for round in 0..3 {
        let mut child = child::spawn_writer(
            "store_crash::a_killed_writer_loses_no_committed_move",
            CHILD_ENV,
            &path,
        );
        let stdout = child.stdout.take().unwrap();
        let mut seen = 0;
        for line in BufReader::new(stdout).lines() {
            let line = line.unwrap();
            let Some(rest) = line.strip_prefix("moved ") else {
                continue;
            };
            let (game, ply) = rest.split_once(' ').unwrap();
            let (game, ply): (i64, u32) = (game.parse().unwrap(), ply.parse().unwrap());
            let best = committed.entry(game).or_default();
            *best = (*best).max(ply);
            seen += 1;
            if seen == 300 + 150 * round {
                // SIGKILL, in the middle of the child's next transaction.
                child.kill().unwrap();
                break;
            }
        }
        let status = child.wait().unwrap();
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(status.signal(), Some(9), "round {round}: {status:?}");
        assert!(
            seen >= 300,
            "round {round}: the child wrote only {seen} moves"
        );

        let store = Store::open(&path).unwrap();
        for (&game, &ply) in &committed {
            let g = store.game(GameId(game)).unwrap().unwrap();
            assert!(
                g.ply >= ply,
                "game {game}: move {ply} was committed but is lost"
            );
            let moves = store.moves(g.id).unwrap();
            // No half-written move: the game row and its moves agree.
            assert_eq!(moves.len() as u32, g.ply, "game {game}");
            for (i, m) in moves.iter().enumerate() {
                assert_eq!(m.ply, i as u32 + 1, "game {game}");
            }
            let last = moves
                .last()
                .map_or(&g.start_position, |m| &m.position_after);
            assert_eq!(last, &g.position, "game {game}");
        }
        assert_eq!(store.check_integrity().unwrap(), Vec::<String>::new());
        assert_eq!(store.check_replays().unwrap(), Vec::new());
    }
}
