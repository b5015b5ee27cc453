//! What the bot keeps per server: each game's rule set, the server's settings (who changed
//! each and when), and the threads games are played in.

use rusqlite::{params, OptionalExtension};

use super::rows::{id_rust, id_sql};
use super::types::{Game, GameId, GameStatus, GameThread, Place, UserId};
use super::{Store, StoreError};
use crate::rules::{Position, RuleSet};
use crate::vocab::text_enum;

/// The rule set named by a start position's text (`v0.2` when it names none or cannot be
/// read: the store does not judge positions).
pub(super) fn rule_set_of(start_position: &str) -> RuleSet {
    start_position
        .parse::<Position>()
        .map(|p| p.rules())
        .unwrap_or_default()
}

text_enum! {
    /// A server setting's name, as stored and as typed in `/bao-settings`.
    SettingKey {
        /// The variant of new games.
        Variant = "variant",
        /// The rule set of new games.
        Rules = "rules",
        /// Time per move when a challenge names none.
        TimePerMove = "time_per_move",
        /// Whether games are rated unless a challenge says otherwise.
        Rated = "rated",
        /// `thread` or `channel`: where an accepted challenge's game is played.
        Placement = "placement",
        /// The channels where new games may start (empty: everywhere).
        Channels = "channels",
        /// Move animations on or off.
        Animations = "animations",
        /// The most games one member may have running in the server.
        MaxGames = "max_games",
        /// The time control of challenges that name none (`5+3`, `3d+1d`, or none).
        Clock = "clock",
    }
}

/// One stored setting: its value (`None`: back to the default) and who set it when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingValue {
    /// Which setting.
    pub key: SettingKey,
    /// The value as text (the app reads it), `None` for the default.
    pub value: Option<String>,
    /// The member who last changed it.
    pub changed_by: UserId,
    /// When, unix seconds.
    pub changed_at: i64,
}

/// The refusal to move `game` into a thread.
fn not_movable(game: &Game) -> StoreError {
    StoreError::WrongStatus {
        game: game.id,
        status: game.status,
        expected: "an active game in a channel without a thread",
    }
}

impl Store {
    /// Every setting of `guild` that someone has changed, in key order.
    pub fn server_settings(&self, guild: u64) -> Result<Vec<SettingValue>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT key, value, changed_by, changed_at FROM server_settings \
             WHERE guild_id = ?1 ORDER BY key",
        )?;
        let rows = stmt.query_map([id_sql(guild)], |r| {
            let key: String = r.get(0)?;
            Ok((key, r.get(1)?, r.get::<_, i64>(2)?, r.get(3)?))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (key, value, by, at) = row?;
            // A key this build does not know (written by a newer one) is skipped.
            if let Some(key) = SettingKey::parse(&key) {
                out.push(SettingValue {
                    key,
                    value,
                    changed_by: UserId(id_rust(by)),
                    changed_at: at,
                });
            }
        }
        Ok(out)
    }

    /// Sets one setting of `guild` (`None`: back to the default), recording who and when.
    pub fn set_server_setting(
        &self,
        guild: u64,
        key: SettingKey,
        value: Option<&str>,
        by: UserId,
        now: i64,
    ) -> Result<(), StoreError> {
        self.lock()
            .prepare_cached(
                "INSERT INTO server_settings (guild_id, key, value, changed_by, changed_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (guild_id, key) DO UPDATE SET \
                 value = excluded.value, changed_by = excluded.changed_by, \
                 changed_at = excluded.changed_at",
            )?
            .execute(params![
                id_sql(guild),
                key.as_str(),
                value,
                id_sql(by.0),
                now
            ])?;
        Ok(())
    }

    /// How many pending or active games `user` has in `guild` (as a player, or as the
    /// challenger or challenged of a pending challenge): the server's running games, read
    /// through their partial index.
    pub fn running_games_in_guild(&self, guild: u64, user: UserId) -> Result<u32, StoreError> {
        let u = id_sql(user.0);
        let n: i64 = self
            .read()
            .prepare_cached(RUNNING_IN_GUILD_SQL)?
            .query_row(params![id_sql(guild), u], |r| r.get(0))?;
        Ok(n as u32)
    }

    /// Games pending or active, and games finished, in all servers and DMs; and the number
    /// of servers with a game.
    pub fn game_totals(&self) -> Result<(u64, u64, u64), StoreError> {
        Ok(self.read().query_row(GAME_TOTALS_SQL, [], |r| {
            Ok((
                r.get::<_, i64>(0)? as u64,
                r.get::<_, i64>(1)? as u64,
                r.get::<_, i64>(2)? as u64,
            ))
        })?)
    }

    /// Moves the active `game` from its channel into `thread`, opened there on the challenge
    /// message: the thread becomes the game's place (so commands in the thread find it and
    /// the channel is free again) and is recorded with its parent, in one transaction. The
    /// game's recorded board is forgotten (it was in the channel). Fails with
    /// [`StoreError::WrongStatus`] unless the game is active in a channel without a thread.
    pub fn move_to_thread(&self, game: GameId, thread: u64) -> Result<Game, StoreError> {
        self.modify(game, |conn, g| {
            let (guild, channel) = match g.place {
                Place::Channel { guild, channel }
                    if g.status == GameStatus::Active && channel != thread =>
                {
                    (guild, channel)
                }
                _ => return Err(not_movable(g)),
            };
            let threaded: Option<i64> = conn
                .prepare_cached("SELECT 1 FROM game_threads WHERE game_id = ?1")?
                .query_row([game.0], |r| r.get(0))
                .optional()?;
            if threaded.is_some() {
                return Err(not_movable(g));
            }
            conn.prepare_cached(
                "INSERT INTO game_threads (game_id, thread_id, parent_channel) \
                 VALUES (?1, ?2, ?3)",
            )?
            .execute(params![game.0, id_sql(thread), id_sql(channel)])?;
            g.place = Place::Channel {
                guild,
                channel: thread,
            };
            conn.prepare_cached(
                "UPDATE games SET place_key = ?2, channel_id = ?3, thread_bound = 0 WHERE id = ?1",
            )?
            .execute(params![game.0, g.place.key(), id_sql(thread)])?;
            g.board_message = None;
            Ok(())
        })
    }

    /// `game` will not get a thread of its own after all: it becomes its channel's own game,
    /// unless the channel already has one (then it stays where it is, beside it). Returns
    /// whether it now holds the channel.
    pub fn keep_in_channel(&self, game: GameId) -> Result<bool, StoreError> {
        let result = self
            .lock()
            .prepare_cached("UPDATE games SET thread_bound = 0 WHERE id = ?1")?
            .execute([game.0]);
        match result {
            Ok(_) => Ok(true),
            Err(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::ConstraintViolation) => {
                Ok(false)
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Records that `game` is played in `thread`, opened in `parent`.
    pub fn set_game_thread(
        &self,
        game: GameId,
        thread: u64,
        parent: u64,
    ) -> Result<(), StoreError> {
        self.lock()
            .prepare_cached(
                "INSERT INTO game_threads (game_id, thread_id, parent_channel) \
                 VALUES (?1, ?2, ?3)",
            )?
            .execute(params![game.0, id_sql(thread), id_sql(parent)])?;
        Ok(())
    }

    /// The thread `game` is played in, if it has one.
    pub fn game_thread(&self, game: GameId) -> Result<Option<GameThread>, StoreError> {
        Ok(self
            .lock()
            .prepare_cached(
                "SELECT thread_id, parent_channel FROM game_threads WHERE game_id = ?1",
            )?
            .query_row([game.0], |r| {
                Ok(GameThread {
                    game,
                    thread: id_rust(r.get(0)?),
                    parent: id_rust(r.get(1)?),
                })
            })
            .optional()?)
    }

    /// The game played in `thread`, if the thread was opened for one (finished games too).
    pub fn thread_game(&self, thread: u64) -> Result<Option<GameThread>, StoreError> {
        Ok(self
            .lock()
            .prepare_cached(
                "SELECT game_id, parent_channel FROM game_threads WHERE thread_id = ?1",
            )?
            .query_row([id_sql(thread)], |r| {
                Ok(GameThread {
                    game: GameId(r.get(0)?),
                    thread,
                    parent: id_rust(r.get(1)?),
                })
            })
            .optional()?)
    }
}

/// `?2`'s running games in server `?1`.
pub(super) const RUNNING_IN_GUILD_SQL: &str =
    "SELECT count(*) FROM games g INDEXED BY games_running_by_guild \
     LEFT JOIN challenges c ON c.game_id = g.id \
     WHERE g.guild_id = ?1 AND g.status IN ('pending', 'active') \
     AND (g.south_user = ?2 OR g.north_user = ?2 OR c.challenger = ?2 OR c.challenged = ?2)";

/// The about totals: running games (their partial index), finished games (a counter kept
/// when a game ends) and servers with a game (skipping from one server to the next in the
/// index by server).
pub(super) const GAME_TOTALS_SQL: &str = "WITH RECURSIVE servers(guild) AS ( \
       SELECT min(guild_id) FROM games INDEXED BY games_by_guild WHERE guild_id IS NOT NULL \
       UNION ALL SELECT (SELECT min(guild_id) FROM games INDEXED BY games_by_guild \
         WHERE guild_id > servers.guild) \
       FROM servers WHERE servers.guild IS NOT NULL) \
     SELECT (SELECT count(*) FROM games INDEXED BY games_running_by_guild \
               WHERE status IN ('pending', 'active')), \
            (SELECT coalesce(max(finished), 0) FROM game_counts), \
            (SELECT count(guild) FROM servers)";

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::rules::Variant;
    use crate::store::{NewChallenge, Place, SideChoice};

    /// A challenge from `from` to `to` at `place`, untimed, under `rules`.
    pub(in crate::store) fn challenge_at(
        place: Place,
        from: u64,
        to: u64,
        rules: RuleSet,
    ) -> NewChallenge {
        NewChallenge {
            place,
            variant: Variant::Kiswahili,
            start_position: Position::start(Variant::Kiswahili)
                .with_rules(rules)
                .to_string(),
            challenger: UserId(from),
            challenged: UserId(to),
            challenger_side: SideChoice::South,
            time_per_move: None,
            rated: false,
            hints: false,
            now: 0,
            expires_at: 100,
        }
    }

    #[test]
    fn settings_remember_who_changed_them() {
        let store = Store::open_in_memory().unwrap();
        assert!(store.server_settings(7).unwrap().is_empty());
        store
            .set_server_setting(7, SettingKey::Rules, Some("r002"), UserId(1), 100)
            .unwrap();
        store
            .set_server_setting(7, SettingKey::Rules, Some("v0.2"), UserId(2), 200)
            .unwrap();
        store
            .set_server_setting(7, SettingKey::MaxGames, None, UserId(3), 300)
            .unwrap();
        store
            .set_server_setting(8, SettingKey::Rules, Some("r002"), UserId(4), 400)
            .unwrap();
        let got = store.server_settings(7).unwrap();
        assert_eq!(
            got,
            [
                SettingValue {
                    key: SettingKey::MaxGames,
                    value: None,
                    changed_by: UserId(3),
                    changed_at: 300
                },
                SettingValue {
                    key: SettingKey::Rules,
                    value: Some("v0.2".into()),
                    changed_by: UserId(2),
                    changed_at: 200
                },
            ]
        );
        assert_eq!(store.server_settings(8).unwrap().len(), 1);
    }

    #[test]
    fn a_game_keeps_the_rule_set_of_its_start_position() {
        let store = Store::open_in_memory().unwrap();
        let challenge =
            |channel, rules| challenge_at(Place::Channel { guild: 1, channel }, 10, 20, rules);
        let a = store
            .create_challenge(&challenge(2, RuleSet::R002))
            .unwrap();
        let b = store.create_challenge(&challenge(3, RuleSet::V02)).unwrap();
        assert_eq!(a.rule_set, RuleSet::R002);
        assert_eq!(b.rule_set, RuleSet::V02);
        assert_eq!(store.running_games_in_guild(1, UserId(10)).unwrap(), 2);
        assert_eq!(store.running_games_in_guild(1, UserId(30)).unwrap(), 0);
        assert_eq!(store.running_games_in_guild(9, UserId(10)).unwrap(), 0);
        store.set_game_thread(a.id, 555, 2).unwrap();
        assert_eq!(
            store.thread_game(555).unwrap(),
            Some(GameThread {
                game: a.id,
                thread: 555,
                parent: 2
            })
        );
        assert_eq!(store.game_thread(b.id).unwrap(), None);
        assert_eq!(store.game_totals().unwrap(), (2, 0, 1));
    }

    #[test]
    fn a_game_moves_into_its_thread_once_and_frees_its_channel() {
        use crate::store::Player;
        let store = Store::open_in_memory().unwrap();
        let channel = Place::Channel {
            guild: 1,
            channel: 2,
        };
        let game = store
            .create_challenge(&challenge_at(channel, 10, 20, RuleSet::V02))
            .unwrap();
        store.set_board_message(game.id, Some(77)).unwrap();
        // A pending challenge has no thread yet.
        assert!(matches!(
            store.move_to_thread(game.id, 77),
            Err(StoreError::WrongStatus { .. })
        ));
        let (s, n) = (Player::Human(UserId(10)), Player::Human(UserId(20)));
        store.accept_challenge(game.id, &s, &n, 1, None).unwrap();
        let moved = store.move_to_thread(game.id, 77).unwrap();
        let thread = Place::Channel {
            guild: 1,
            channel: 77,
        };
        assert_eq!(moved.place, thread);
        assert_eq!(moved.board_message, None);
        assert_eq!(store.game(game.id).unwrap().unwrap().place, thread);
        assert_eq!(store.game_in(&thread).unwrap().map(|g| g.id), Some(game.id));
        assert!(store.game_in(&channel).unwrap().is_none());
        assert_eq!(
            store.game_thread(game.id).unwrap(),
            Some(GameThread {
                game: game.id,
                thread: 77,
                parent: 2
            })
        );
        // Once in a thread, it stays there.
        assert!(matches!(
            store.move_to_thread(game.id, 78),
            Err(StoreError::WrongStatus { .. })
        ));
        assert_eq!(store.thread_game(78).unwrap(), None);
    }

    #[test]
    fn challenges_for_threads_hold_no_place() {
        use crate::store::Player;
        let store = Store::open_in_memory().unwrap();
        let channel = Place::Channel {
            guild: 1,
            channel: 2,
        };
        let challenge = |from, to| challenge_at(channel, from, to, RuleSet::V02);
        let a = store.create_thread_challenge(&challenge(10, 20)).unwrap();
        let b = store.create_thread_challenge(&challenge(30, 40)).unwrap();
        // The channel's own game may start beside them, and is still one per channel.
        let own = store.create_challenge(&challenge(50, 60)).unwrap();
        assert!(matches!(
            store.create_challenge(&challenge(70, 80)),
            Err(StoreError::PlaceTaken { .. })
        ));
        assert_eq!(store.game_in(&channel).unwrap().map(|g| g.id), Some(own.id));
        let waiting: Vec<_> = store.games_waiting_in(&channel).unwrap();
        assert_eq!(
            waiting.iter().map(|g| g.id).collect::<Vec<_>>(),
            [a.id, b.id]
        );
        assert!(store.waits_for_thread(a.id).unwrap());
        assert!(!store.waits_for_thread(own.id).unwrap());
        // Kept in the channel: only while the channel has no game of its own.
        let (s, n) = (Player::Human(UserId(10)), Player::Human(UserId(20)));
        store.accept_challenge(a.id, &s, &n, 1, None).unwrap();
        assert!(!store.keep_in_channel(a.id).unwrap());
        assert!(store.waits_for_thread(a.id).unwrap());
        store.decline_challenge(own.id, 2).unwrap();
        assert!(store.keep_in_channel(a.id).unwrap());
        assert!(!store.waits_for_thread(a.id).unwrap());
        assert_eq!(store.game_in(&channel).unwrap().map(|g| g.id), Some(a.id));
        // A game moved into its thread holds the thread.
        let (s, n) = (Player::Human(UserId(30)), Player::Human(UserId(40)));
        store.accept_challenge(b.id, &s, &n, 3, None).unwrap();
        store.move_to_thread(b.id, 99).unwrap();
        assert!(!store.waits_for_thread(b.id).unwrap());
        let thread = Place::Channel {
            guild: 1,
            channel: 99,
        };
        assert_eq!(store.game_in(&thread).unwrap().map(|g| g.id), Some(b.id));
        assert!(store.games_waiting_in(&channel).unwrap().is_empty());
    }
}
