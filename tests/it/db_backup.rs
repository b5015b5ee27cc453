//! `bao-bot db backup` while another connection keeps writing moves: the copy passes
//! `db check` and holds every move confirmed before the backup began.

use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bao_bot::rules::{Position, Variant};
use bao_bot::store::*;

fn bao(args: &[&std::ffi::OsStr]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_bao-bot"))
        .args(args)
        .output()
        .expect("run bao-bot")
}

fn new_game(store: &Store, channel: u64) -> Game {
    store
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
        .expect("start game")
}

/// Plays moves in four games round the clock (a finished game is replaced by a new one),
/// pushing (game, ply, move) for each move once its transaction has committed.
fn writer(
    path: std::path::PathBuf,
    stop: Arc<AtomicBool>,
    done: Arc<Mutex<Vec<(i64, u32, String)>>>,
) {
    let store = Store::open(&path).expect("writer opens the store");
    let mut channel = 0;
    let mut games: Vec<Game> = (0..4)
        .map(|_| {
            channel += 1;
            new_game(&store, channel)
        })
        .collect();
    let mut n = 0usize;
    while !stop.load(Ordering::SeqCst) {
        for g in games.iter_mut() {
            let pos: Position = g.position.parse().expect("position");
            let moves = pos.legal_moves();
            let mv = moves[n % moves.len()];
            n += 1;
            let (next, _) = pos.play(&mv).expect("legal");
            let by = g.player(pos.turn()).expect("side").clone();
            let end = next.winner().map(|w| GameEnd {
                winner: Some(w),
                reason: ResultReason::from_rules(next.end_reason().expect("reason")),
            });
            let text = mv.to_string();
            let after = store
                .record_move(
                    g.id,
                    g.ply,
                    &NewMove {
                        text: &text,
                        by: &by,
                        position_after: &next.to_string(),
                        now: n as i64,
                        deadline: None,
                        end,
                    },
                )
                .expect("record move");
            done.lock().unwrap().push((after.id.0, after.ply, text));
            *g = if after.status == GameStatus::Active {
                after
            } else {
                channel += 1;
                new_game(&store, channel)
            };
        }
    }
}

#[test]
fn backup_while_moves_are_written_holds_every_confirmed_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bao.db");
    drop(Store::open(&db).unwrap());
    let stop = Arc::new(AtomicBool::new(false));
    let done = Arc::new(Mutex::new(Vec::new()));
    let handle = {
        let (db, stop, done) = (db.clone(), stop.clone(), done.clone());
        std::thread::spawn(move || writer(db, stop, done))
    };
    let began = Instant::now();
    while done.lock().unwrap().len() < 300 {
        assert!(
            began.elapsed() < Duration::from_secs(60),
            "the writer is stuck"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let confirmed: Vec<(i64, u32, String)> = done.lock().unwrap().clone();
    let copy = dir.path().join("copy.db");
    let out = bao(&[
        "db".as_ref(),
        "backup".as_ref(),
        copy.as_os_str(),
        "--db".as_ref(),
        db.as_os_str(),
    ]);
    let during = done.lock().unwrap().len();
    stop.store(true, Ordering::SeqCst);
    handle.join().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("verified copy"), "{stdout}");
    assert!(
        during > confirmed.len(),
        "no move was written while the backup ran"
    );
    assert!(!dir.path().join("copy.db.partial").exists());

    let check = bao(&[
        "db".as_ref(),
        "check".as_ref(),
        "--db".as_ref(),
        copy.as_os_str(),
    ]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    let conn = rusqlite::Connection::open(&copy).unwrap();
    let mut q = conn
        .prepare("SELECT move FROM moves WHERE game_id = ?1 AND ply = ?2")
        .unwrap();
    for (game, ply, text) in &confirmed {
        let stored: String = q
            .query_row((game, ply), |r| r.get(0))
            .unwrap_or_else(|e| panic!("game {game} ply {ply} missing from the copy: {e}"));
        assert_eq!(&stored, text);
    }
    // A second backup to the same name is refused and leaves the copy alone.
    let again = bao(&[
        "db".as_ref(),
        "backup".as_ref(),
        copy.as_os_str(),
        "--db".as_ref(),
        db.as_os_str(),
    ]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists"));
}
