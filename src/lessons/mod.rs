//! The course behind `/bao-learn`: lessons that teach Bao by playing, as data, and the checks
//! that judge an answer from the move's trace ([`check`]).
//!
//! Two parts: Bao la Kujifunza, the learner's game, first ([`kujifunza`]); then Bao la
//! Kiswahili ([`kiswahili`]). A [`Lesson`] opens with a demonstration (a move shown animated,
//! with a line or two) and has a few [`Task`]s. A task is a position (the text form of
//! docs/rules.md section 9), a goal in words and a [`Check`]: any legal move that meets the
//! check is right. Each task also names an example answer and, where one exists, a legal move
//! that misses; `tests/it/lessons.rs` plays both on every task, and the feedback the bot gives
//! for the wrong one is [`Check::feedback`] computed from its trace.
//!
//! The player is always South, to move. Nothing here knows about users or storage: the
//! conversation (`src/app/commands/learn.rs`) plays the course, the store keeps progress.

pub mod check;
mod kiswahili;
mod kujifunza;

use std::sync::LazyLock;

use crate::i18n::{Lang, Msg, Text};
use crate::rules::{Move, MoveError, Position, RuleSet, Trace, Variant};

pub use check::{Check, CheckError, Clause, Outcome};

/// One task: a position, a goal, and what a right answer must do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Task {
    /// The position, South to move (text form).
    pub position: &'static str,
    /// The goal, in words.
    pub goal: &'static str,
    /// The check (see [`check`]).
    pub check: &'static str,
    /// A move that meets the check.
    pub example: &'static str,
    /// A legal move that does not, where one exists.
    pub wrong: Option<&'static str>,
    /// North's scripted reply, played after a right answer when it is legal then.
    pub reply: Option<&'static str>,
}

/// A task without a scripted reply (the course files' shorthand).
pub(crate) const fn task(
    position: &'static str,
    goal: &'static str,
    check: &'static str,
    example: &'static str,
    wrong: Option<&'static str>,
) -> Task {
    Task {
        position,
        goal,
        check,
        example,
        wrong,
        reply: None,
    }
}

/// One lesson: a demonstration and a few tasks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lesson {
    /// Its title.
    pub title: &'static str,
    /// Which game it teaches.
    pub variant: Variant,
    /// What the demonstration shows, in one or two lines.
    pub intro: &'static str,
    /// The demonstration's position.
    pub demo_position: &'static str,
    /// The demonstration's move.
    pub demo_move: &'static str,
    /// Its tasks, in order.
    pub tasks: &'static [Task],
}

/// Why a task could not be played (a mistake in the course, caught by its tests).
#[derive(Debug, thiserror::Error)]
pub enum CourseError {
    /// A position does not read.
    #[error("lesson position `{position}`: {source}")]
    Position {
        /// The text.
        position: &'static str,
        /// Why.
        source: crate::rules::ReadPositionError,
    },
    /// A move does not play.
    #[error("lesson move `{mv}`: {source}")]
    Move {
        /// The text.
        mv: String,
        /// Why.
        source: MoveError,
    },
    /// A check does not read.
    #[error(transparent)]
    Check(#[from] CheckError),
}

/// Every lesson, Kujifunza first; lesson `n` (1-based) is `course()[n - 1]`.
pub fn course() -> &'static [Lesson] {
    static COURSE: LazyLock<Vec<Lesson>> = LazyLock::new(|| {
        kujifunza::LESSONS
            .iter()
            .chain(kiswahili::LESSONS)
            .copied()
            .collect()
    });
    &COURSE
}

/// Lesson `n` (1-based), if there is one.
pub fn lesson(n: usize) -> Option<&'static Lesson> {
    n.checked_sub(1).and_then(|i| course().get(i))
}

/// The last lesson number of each part: the end of Kujifunza, then the end of the course.
pub fn part_ends() -> [usize; 2] {
    let k = kujifunza::LESSONS.len();
    [k, k + kiswahili::LESSONS.len()]
}

/// A move played in a task, judged.
#[derive(Debug, Clone)]
pub struct Judged {
    /// The move.
    pub mv: Move,
    /// The position after it.
    pub after: Position,
    /// What happened.
    pub trace: Trace,
    /// `None` when right; otherwise what the bot says about it.
    pub feedback: Option<Text>,
}

impl Task {
    /// The task's position.
    pub fn start(&self) -> Result<Position, CourseError> {
        read(self.position)
    }

    /// The task's check.
    pub fn parsed_check(&self) -> Result<Check, CourseError> {
        Ok(self.check.parse()?)
    }

    /// Plays `text` (as a player writes it) in the task's position and judges it; the error
    /// is the engine's refusal when the move is not legal here.
    pub fn judge(&self, text: &str) -> Result<Result<Judged, MoveError>, CourseError> {
        let before = self.start()?;
        let check = self.parsed_check()?;
        let (mv, after, trace) = match before.play_text(text) {
            Ok(done) => done,
            Err(e) => return Ok(Err(e)),
        };
        let feedback = check.feedback(&Outcome {
            before: &before,
            after: &after,
            trace: &trace,
        });
        Ok(Ok(Judged {
            mv,
            after,
            trace,
            feedback,
        }))
    }

    /// The pit a hint points at: the example's start.
    pub fn hint_pit(&self) -> Result<crate::rules::Pit, CourseError> {
        Ok(play(&self.start()?, self.example)?.0.pit)
    }
}

impl Lesson {
    /// The demonstration's position, move and trace.
    pub fn demo(&self) -> Result<(Position, Move, Trace), CourseError> {
        let pos = read(self.demo_position)?;
        let (mv, _, trace) = play(&pos, self.demo_move)?;
        Ok((pos, mv, trace))
    }

    /// "Bao la Kujifunza" or "Bao la Kiswahili".
    pub fn game_name(&self) -> &'static str {
        match self.variant {
            Variant::Kujifunza => "Bao la Kujifunza",
            Variant::Kiswahili => "Bao la Kiswahili",
        }
    }
}

fn read(position: &'static str) -> Result<Position, CourseError> {
    position
        .parse()
        .map_err(|source| CourseError::Position { position, source })
}

/// Plays `text` in `pos`.
pub fn play(pos: &Position, text: &str) -> Result<(Move, Position, Trace), CourseError> {
    pos.play_text(text).map_err(|source| CourseError::Move {
        mv: text.into(),
        source,
    })
}

/// Lesson `n`'s title in the catalogue (`lesson-N-title`; English: [`Lesson::title`]).
pub fn title_msg(n: usize) -> Msg {
    Msg::dynamic(format!("lesson-{n}-title"))
}

/// Lesson `n`'s intro in the catalogue (`lesson-N-intro`; English: [`Lesson::intro`]).
pub fn intro_msg(n: usize) -> Msg {
    Msg::dynamic(format!("lesson-{n}-intro"))
}

/// The goal of task `t` of lesson `n` in the catalogue (`lesson-N-task-T`; English:
/// [`Task::goal`]).
pub fn goal_msg(n: usize, t: usize) -> Msg {
    Msg::dynamic(format!("lesson-{n}-task-{t}"))
}

/// "Bao la Kujifunza" or "Bao la Kiswahili" (the games' names are the same in every
/// language).
pub fn game_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Kujifunza => "Bao la Kujifunza",
        Variant::Kiswahili => "Bao la Kiswahili",
    }
}

/// One task a line, as JSON: `lesson`, `title`, `task`, `variant`, `rules`, `position`,
/// `goal`, `check`, `example`, `wrong`, `feedback` (`bao-bot learn --export`), the texts in
/// `lang`.
pub fn export_lines(lang: Lang) -> Result<Vec<String>, CourseError> {
    let mut lines = Vec::new();
    for (i, lesson) in course().iter().enumerate() {
        for (j, task) in lesson.tasks.iter().enumerate() {
            let pos = task.start()?;
            let feedback = match task.wrong {
                Some(w) => match task.judge(w)? {
                    Ok(judged) => judged.feedback.map(|f| f.render(lang)),
                    Err(source) => {
                        return Err(CourseError::Move {
                            mv: w.into(),
                            source,
                        })
                    }
                },
                None => None,
            };
            let canonical = |text: &str| play(&pos, text).map(|(mv, _, _)| mv.to_string());
            let line = serde_json::json!({
                "lesson": i + 1,
                "title": title_msg(i + 1).render(lang),
                "task": j + 1,
                "variant": lesson.variant.name(),
                "rules": RuleSet::default().name(),
                "position": pos.to_string(),
                "goal": goal_msg(i + 1, j + 1).render(lang),
                "check": task.parsed_check()?.to_string(),
                "example": canonical(task.example)?,
                "wrong": task.wrong.map(canonical).transpose()?,
                "feedback": feedback,
            });
            lines.push(line.to_string());
        }
    }
    Ok(lines)
}
