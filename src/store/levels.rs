//! AI level names in stored games across the change to the six-level ladder.
//!
//! Before the ladder the weakest level was called `easy`; it is now `beginner`, and `easy`
//! names the new, stronger second level. Migration 5 (`migrations/005_ladder_names.sql`)
//! renames the stored `easy` of earlier games (`games.south_ai`, `games.north_ai`,
//! `moves.by_ai`) to `beginner`, so a game in progress goes on at the strength it began
//! with and its history names the level that played. The other three names (`medium`,
//! `hard`, `master`) keep their meaning.

#[cfg(test)]
mod tests {
    use rusqlite::Connection;

    #[test]
    fn stored_easy_becomes_beginner_and_other_names_stay() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE games (id INTEGER PRIMARY KEY, south_ai TEXT, north_ai TEXT);
             CREATE TABLE moves (game_id INTEGER, ply INTEGER, by_ai TEXT);
             INSERT INTO games VALUES (1, 'easy', NULL), (2, NULL, 'easy'), (3, 'hard', NULL);
             INSERT INTO moves VALUES (1, 1, 'easy'), (1, 2, NULL), (3, 1, 'hard');",
        )
        .unwrap();
        conn.execute_batch(super::super::schema::MIGRATIONS_SQL[4])
            .unwrap();
        let games: Vec<(Option<String>, Option<String>)> = conn
            .prepare("SELECT south_ai, north_ai FROM games ORDER BY id")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let b = || Some("beginner".to_string());
        assert_eq!(
            games,
            vec![(b(), None), (None, b()), (Some("hard".into()), None)]
        );
        let moves: Vec<Option<String>> = conn
            .prepare("SELECT by_ai FROM moves ORDER BY game_id, ply")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(moves, vec![b(), None, Some("hard".into())]);
    }
}
