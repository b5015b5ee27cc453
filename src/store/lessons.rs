//! Progress in the lessons of `/bao-learn`: the lesson each user has open (lesson, task, the
//! token written on that task's buttons, misses so far) and the stars of the lessons they
//! finished. Nothing here touches games or ratings.

use rusqlite::{params, OptionalExtension, Row};

use super::rows::{id_rust, id_sql};
use super::types::UserId;
use super::{Store, StoreError};

/// The lesson a user has open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenLesson {
    /// Whose.
    pub user: UserId,
    /// The key of the place it was last shown in ([`crate::vocab::Place::key`]).
    pub place_key: String,
    /// The lesson (1-based).
    pub lesson: u32,
    /// The task within it (1-based).
    pub task: u32,
    /// The token on the current task's buttons.
    pub token: i64,
    /// Wrong answers in this lesson so far.
    pub misses: u32,
    /// Wrong answers in this task so far.
    pub task_misses: u32,
}

/// A finished lesson and its best stars.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LessonStars {
    /// The lesson (1-based).
    pub lesson: u32,
    /// 1 to 3.
    pub stars: u8,
}

const OPEN_COLS: &str = "user_id, place_key, lesson, task, token, misses, task_misses";

fn open_from(r: &Row) -> rusqlite::Result<OpenLesson> {
    Ok(OpenLesson {
        user: UserId(id_rust(r.get(0)?)),
        place_key: r.get(1)?,
        lesson: r.get(2)?,
        task: r.get(3)?,
        token: r.get(4)?,
        misses: r.get(5)?,
        task_misses: r.get(6)?,
    })
}

/// Where a lesson moves to: which lesson and task, in which place, with how many misses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LessonStep<'a> {
    /// The key of the place it is shown in.
    pub place_key: &'a str,
    /// The lesson (1-based).
    pub lesson: u32,
    /// The task (1-based).
    pub task: u32,
    /// Wrong answers in the lesson so far.
    pub misses: u32,
}

impl Store {
    /// The lesson `user` has open, if any.
    pub fn open_lesson(&self, user: UserId) -> Result<Option<OpenLesson>, StoreError> {
        let sql = format!("SELECT {OPEN_COLS} FROM lesson_open WHERE user_id = ?1");
        Ok(self
            .lock()
            .prepare_cached(&sql)?
            .query_row([id_sql(user.0)], open_from)
            .optional()?)
    }

    /// Shows `user` a task (`step`) with a new token, if the lesson open now has the token
    /// `expected` (`None`: whatever is open, or nothing). `None` when it has not: another
    /// answer moved the lesson on first.
    pub fn set_lesson_task(
        &self,
        user: UserId,
        expected: Option<i64>,
        step: LessonStep<'_>,
        now: i64,
    ) -> Result<Option<OpenLesson>, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction()?;
        let current: Option<i64> = tx
            .query_row(
                "SELECT token FROM lesson_open WHERE user_id = ?1",
                [id_sql(user.0)],
                |r| r.get(0),
            )
            .optional()?;
        if expected.is_some() && current != expected {
            return Ok(None);
        }
        tx.execute(
            "INSERT INTO lesson_tokens (user_id, created_at) VALUES (?1, ?2)",
            params![id_sql(user.0), now],
        )?;
        let token = tx.last_insert_rowid();
        tx.execute(
            "INSERT INTO lesson_open (user_id, place_key, lesson, task, token, misses, task_misses, updated_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, ?7) ON CONFLICT (user_id) DO UPDATE SET \
             place_key = excluded.place_key, lesson = excluded.lesson, task = excluded.task, \
             token = excluded.token, misses = excluded.misses, task_misses = 0, \
             updated_at = excluded.updated_at",
            params![id_sql(user.0), step.place_key, step.lesson, step.task, token, step.misses, now],
        )?;
        tx.commit()?;
        Ok(Some(OpenLesson {
            user,
            place_key: step.place_key.to_string(),
            lesson: step.lesson,
            task: step.task,
            token,
            misses: step.misses,
            task_misses: 0,
        }))
    }

    /// Counts a wrong answer to the task with `token`; `None` when that is no longer the task
    /// `user` has open.
    pub fn lesson_miss(
        &self,
        user: UserId,
        token: i64,
        now: i64,
    ) -> Result<Option<OpenLesson>, StoreError> {
        let changed = self
            .lock()
            .prepare_cached(
                "UPDATE lesson_open SET misses = misses + 1, task_misses = task_misses + 1, \
                 updated_at = ?3 WHERE user_id = ?1 AND token = ?2",
            )?
            .execute(params![id_sql(user.0), token, now])?;
        if changed == 0 {
            return Ok(None);
        }
        self.open_lesson(user)
    }

    /// Closes `user`'s open lesson (the course is done).
    pub fn close_lesson(&self, user: UserId) -> Result<(), StoreError> {
        self.lock()
            .prepare_cached("DELETE FROM lesson_open WHERE user_id = ?1")?
            .execute([id_sql(user.0)])?;
        Ok(())
    }

    /// Records that `user` finished `lesson` with `stars` (the best stars are kept).
    pub fn finish_lesson(
        &self,
        user: UserId,
        lesson: u32,
        stars: u8,
        now: i64,
    ) -> Result<(), StoreError> {
        self.lock()
            .prepare_cached(
                "INSERT INTO lesson_stars (user_id, lesson, stars, done_at) VALUES (?1, ?2, ?3, ?4) \
                 ON CONFLICT (user_id, lesson) DO UPDATE SET \
                 stars = max(stars, excluded.stars), done_at = excluded.done_at",
            )?
            .execute(params![id_sql(user.0), lesson, stars, now])?;
        Ok(())
    }

    /// The lessons `user` finished, in lesson order.
    pub fn lesson_stars(&self, user: UserId) -> Result<Vec<LessonStars>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT lesson, stars FROM lesson_stars WHERE user_id = ?1 ORDER BY lesson",
        )?;
        let rows = stmt.query_map([id_sql(user.0)], |r| {
            Ok(LessonStars {
                lesson: r.get(0)?,
                stars: r.get(1)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Whose lesson task the token `token` was given for, if it was given at all.
    pub fn lesson_token_owner(&self, token: i64) -> Result<Option<UserId>, StoreError> {
        Ok(self
            .lock()
            .prepare_cached("SELECT user_id FROM lesson_tokens WHERE token = ?1")?
            .query_row([token], |r| r.get::<_, i64>(0))
            .optional()?
            .map(|id| UserId(id_rust(id))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(lesson: u32, task: u32, misses: u32) -> LessonStep<'static> {
        LessonStep {
            place_key: "dm:1",
            lesson,
            task,
            misses,
        }
    }

    #[test]
    fn a_lesson_moves_on_only_from_its_current_task() {
        let store = Store::open_in_memory().unwrap();
        let me = UserId(1);
        assert_eq!(store.open_lesson(me).unwrap(), None);
        let open = store
            .set_lesson_task(me, None, step(1, 1, 0), 10)
            .unwrap()
            .unwrap();
        assert_eq!(store.open_lesson(me).unwrap(), Some(open.clone()));
        assert_eq!(store.lesson_token_owner(open.token).unwrap(), Some(me));
        let missed = store.lesson_miss(me, open.token, 11).unwrap().unwrap();
        assert_eq!((missed.misses, missed.task_misses), (1, 1));
        let next = store
            .set_lesson_task(me, Some(open.token), step(1, 2, 1), 12)
            .unwrap()
            .unwrap();
        assert_ne!(next.token, open.token);
        assert_eq!((next.misses, next.task_misses), (1, 0));
        // The old task's token no longer moves anything.
        assert_eq!(store.lesson_miss(me, open.token, 13).unwrap(), None);
        assert_eq!(
            store
                .set_lesson_task(me, Some(open.token), step(1, 3, 1), 13)
                .unwrap(),
            None
        );
        store.close_lesson(me).unwrap();
        assert_eq!(store.open_lesson(me).unwrap(), None);
    }

    #[test]
    fn the_best_stars_are_kept() {
        let store = Store::open_in_memory().unwrap();
        let me = UserId(u64::MAX);
        store.finish_lesson(me, 2, 3, 1).unwrap();
        store.finish_lesson(me, 2, 1, 2).unwrap();
        store.finish_lesson(me, 1, 2, 3).unwrap();
        assert_eq!(
            store.lesson_stars(me).unwrap(),
            vec![
                LessonStars {
                    lesson: 1,
                    stars: 2
                },
                LessonStars {
                    lesson: 2,
                    stars: 3
                }
            ]
        );
        assert!(store.lesson_stars(UserId(2)).unwrap().is_empty());
    }
}
