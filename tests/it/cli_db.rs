//! `bao-bot db check` on a sound database, a tampered one, and a missing file.

use std::process::Command;

use bao_bot::rules::{Position, Variant};
use bao_bot::store::*;

fn db_check(path: &std::path::Path) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bao-bot"))
        .args(["db", "check", "--db"])
        .arg(path)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn db_check_passes_a_sound_database_and_names_a_tampered_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    let store = Store::open(&path).unwrap();
    let mut ids = Vec::new();
    for channel in 1..=3 {
        let mut g = store
            .start_game(&NewGame {
                place: Place::Channel { guild: 1, channel },
                variant: Variant::Kiswahili,
                start_position: Position::start(Variant::Kiswahili).to_string(),
                south: Player::Human(UserId(1)),
                north: Player::Human(UserId(2)),
                time_per_move: None,
                now: 0,
                deadline: None,
            })
            .unwrap();
        for i in 0..5 {
            let pos: Position = g.position.parse().unwrap();
            let mv = pos.legal_moves()[i % pos.legal_moves().len()];
            let (next, _) = pos.play(&mv).unwrap();
            let by = g.player(pos.turn()).unwrap().clone();
            g = store
                .record_move(
                    g.id,
                    g.ply,
                    &NewMove {
                        text: &mv.to_string(),
                        by: &by,
                        position_after: &next.to_string(),
                        now: i as i64,
                        deadline: None,
                        end: None,
                    },
                )
                .unwrap();
        }
        ids.push(g.id);
    }
    drop(store);

    let (code, out, err) = db_check(&path);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("3 games, 15 moves checked"), "{out}");

    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute(
        "UPDATE moves SET move = 'A1 right' WHERE game_id = ?1 AND ply = 2",
        [ids[1].0],
    )
    .unwrap();
    drop(conn);
    let (code, out, err) = db_check(&path);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains(&format!("game {} ply 2:", ids[1])), "{out}");
    assert!(!out.contains(&format!("game {} ply", ids[0])), "{out}");
    assert!(err.contains("found problems"), "{err}");
}

#[test]
fn db_check_of_a_missing_file_is_an_input_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nothing.db");
    let (code, _, err) = db_check(&path);
    assert_eq!(code, 2);
    assert!(err.contains("no such database file"), "{err}");
    assert!(!path.exists(), "the check must not create a database");
}

#[test]
fn db_check_reports_a_wrong_summary_and_repair_rebuilds_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    let store = Store::open(&path).unwrap();
    let g = store
        .start_game(&NewGame {
            place: Place::Channel {
                guild: 1,
                channel: 1,
            },
            variant: Variant::Kiswahili,
            start_position: Position::start(Variant::Kiswahili).to_string(),
            south: Player::Human(UserId(1)),
            north: Player::Human(UserId(2)),
            time_per_move: None,
            now: 0,
            deadline: None,
        })
        .unwrap();
    let end = GameEnd {
        winner: Some(bao_bot::rules::Side::South),
        reason: ResultReason::Resignation,
    };
    store.finish_game(g.id, g.ply, end, 10).unwrap();
    drop(store);
    let (code, out, err) = db_check(&path);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("0 differences in the player summaries"),
        "{out}"
    );

    // The summary says player 1 lost as South: the games say won.
    let conn = rusqlite::Connection::open(&path).unwrap();
    let changed = conn
        .execute(
            "UPDATE player_records SET wins = 0, losses = 1 WHERE user_id = 1 AND against = 'S'",
            [],
        )
        .unwrap();
    assert_eq!(changed, 1);
    drop(conn);
    let (code, out, err) = db_check(&path);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("summaries: player 1 in kiswahili, record `S`: the summary says 0-1-0"),
        "{out}"
    );
    assert!(out.contains("the games say 1-0-0"), "{out}");

    let out = Command::new(env!("CARGO_BIN_EXE_bao-bot"))
        .args(["db", "check", "--repair", "--db"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("summaries rebuilt from 1 finished games"),
        "{text}"
    );
    let (code, out, err) = db_check(&path);
    assert_eq!(code, 0, "{out}{err}");
    let store = Store::open(&path).unwrap();
    let summary = store
        .player_summary(UserId(1), Variant::Kiswahili, Some(UserId(2)))
        .unwrap();
    assert_eq!(summary.sides[0].wins, 1);
    assert_eq!(summary.against.wins, 1);
}
