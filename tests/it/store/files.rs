//! Opening database files: a new file is migrated and reopens; a newer bao-bot's database, a
//! file that is not a database, a missing directory, another program's SQLite database and a
//! corrupt database are each refused clearly and left unchanged.

use super::*;

#[test]
fn a_new_file_is_migrated_to_the_current_schema_and_reopens() {
    let (_dir, path) = temp_db();
    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    let game = store.start_game(&new_game(chan(1))).unwrap();
    drop(store);

    let conn = Connection::open(&path).unwrap();
    let app_id: i32 = conn
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .unwrap();
    assert_eq!(app_id, APPLICATION_ID);
    let mode: String = conn
        .pragma_query_value(None, "journal_mode", |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    drop(conn);

    let store = Store::open(&path).unwrap();
    assert_eq!(store.game(game.id).unwrap(), Some(game));
    assert_eq!(user_version(&path), i64::from(SCHEMA_VERSION));
}

#[test]
fn a_database_from_a_newer_bao_bot_is_refused_and_left_unchanged() {
    let (_dir, path) = temp_db();
    drop(Store::open(&path).unwrap());
    let newer = i64::from(SCHEMA_VERSION) + 1;
    Connection::open(&path)
        .unwrap()
        .pragma_update(None, "user_version", newer)
        .unwrap();
    let err = Store::open(&path).unwrap_err();
    assert!(
        matches!(err, StoreError::TooNew { found, known, .. } if found == newer && known == SCHEMA_VERSION),
        "{err:?}"
    );
    assert!(err.to_string().contains("newer bao-bot"), "{err}");
    assert_eq!(user_version(&path), newer);
}

#[test]
fn a_file_that_is_not_a_database_is_refused_clearly() {
    let (_dir, path) = temp_db();
    std::fs::write(
        &path,
        "these are not the pages you are looking for\n".repeat(100),
    )
    .unwrap();
    let err = Store::open(&path).unwrap_err();
    assert!(matches!(err, StoreError::NotADatabase { .. }), "{err:?}");
    assert!(err.to_string().contains("not a database file"), "{err}");
}

#[test]
fn a_path_in_a_missing_directory_gives_an_open_error() {
    let (dir, _) = temp_db();
    let err = Store::open(dir.path().join("no/such/dir/bao.db")).unwrap_err();
    assert!(matches!(err, StoreError::Open { .. }), "{err:?}");
    assert!(
        err.to_string().contains("cannot open the database"),
        "{err}"
    );
}

#[test]
fn another_programs_sqlite_database_is_refused_and_untouched() {
    let (_dir, path) = temp_db();
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('hi');")
        .unwrap();
    drop(conn);
    let err = Store::open(&path).unwrap_err();
    assert!(matches!(err, StoreError::NotBaoDatabase { .. }), "{err:?}");
    assert_eq!(user_version(&path), 0);
}

#[test]
fn a_corrupt_database_is_refused_at_open() {
    let (_dir, path) = temp_db();
    let store = Store::open(&path).unwrap();
    let mut game = store.start_game(&new_game(chan(1))).unwrap();
    for i in 0..200 {
        game = play(&store, &game, i, T0 + i as i64).unwrap();
        if game.status != GameStatus::Active {
            break;
        }
    }
    drop(store);
    // Checkpointed by the last close; smash every page after the first (the header).
    let mut bytes = std::fs::read(&path).unwrap();
    assert!(
        bytes.len() > 8192,
        "the test needs a database of several pages"
    );
    for b in bytes[4096..].iter_mut().step_by(7) {
        *b = 0xA5;
    }
    std::fs::write(&path, bytes).unwrap();
    let err = Store::open(&path).unwrap_err();
    assert!(matches!(err, StoreError::Corrupt { .. }), "{err:?}");
    assert!(err.to_string().contains("corrupt"), "{err}");
}
