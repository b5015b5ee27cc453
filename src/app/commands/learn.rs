//! `/bao-learn`: the course of [`crate::lessons`] played in the chat, one task at a time.
//!
//! `/bao-learn` resumes the lesson the user has open (or starts the first one not yet done);
//! `/bao-learn lesson:N` jumps to lesson N. A lesson opens with its demonstration (an
//! animated move and a line or two), then shows its first task's board with a button per
//! legal move and "Show me". Answers come by those buttons, or by `/bao move` in the place
//! where the lesson is open when the user plays no game there (a game always comes first).
//! A right answer shows the move animated and a "Next" button; a wrong one gets feedback
//! from its trace and, from the second miss on, a hint marking the pit to start from.
//!
//! In a DM the lesson plays there; anywhere else every reply is private (ephemeral), so
//! nothing of a lesson is posted in a channel. Lessons write no game and no rating: only
//! the progress tables of `store/lessons.rs`. Every button carries the token of the task it
//! was shown for, so a press on an old task, or on someone else's lesson, is refused
//! privately.

use crate::app::picture_words;
use crate::i18n::{words, Lang, Text};
use crate::lessons::{self, Lesson, Task};
use crate::msg;
use crate::render::{board_text_words, RenderOptions};
use crate::rules::{Move, MoveError, Position, Side, Trace};
use crate::store::{LessonStep, OpenLesson};

use crate::app::buttons::{Action, ButtonId};
use crate::app::refusal::{refuse, Answer};
use crate::app::types::LessonPress;
use crate::app::view::move_button;
use crate::app::{App, AppError, Place, User};
use crate::app::{Attachment, BoardView, Button, ButtonStyle, Reply};

/// Move buttons that fit under a task's board (four rows of five; the fifth holds "Show me").
const MAX_MOVE_BUTTONS: usize = 20;

/// The refusal of a press on another user's lesson.
fn not_your_lesson() -> crate::i18n::Msg {
    msg!("learn-not-your-lesson")
}

/// The refusal of a press on a task that is no longer the one open.
fn old_task() -> crate::i18n::Msg {
    msg!("learn-old-task")
}

/// A button per legal move of `pos`, five a row, with the ids `id` gives; none when there
/// are more than fit under a board with one more row.
pub(in crate::app) fn move_button_rows(
    pos: &Position,
    lang: Lang,
    id: impl Fn(&crate::rules::Move) -> ButtonId,
) -> Vec<Vec<Button>> {
    let legal = pos.legal_moves();
    if legal.len() > MAX_MOVE_BUTTONS {
        return Vec::new();
    }
    legal
        .chunks(5)
        .map(|chunk| {
            chunk
                .iter()
                .map(|mv| move_button(mv, id(mv), lang))
                .collect()
        })
        .collect()
}

/// 3 stars for no miss, 2 for one, 1 otherwise.
pub fn stars_for(misses: u32) -> u8 {
    match misses {
        0 => 3,
        1 => 2,
        _ => 1,
    }
}

pub(in crate::app) fn star_text(stars: u8) -> String {
    "\u{2605}".repeat(usize::from(stars))
}

/// A course mistake is the bot's fault, not the user's.
fn course_failed(e: lessons::CourseError) -> AppError {
    AppError::Corrupt {
        game: crate::vocab::GameId(0),
        detail: format!("lesson course: {e}"),
    }
}

fn lesson_at(n: u32) -> Result<&'static Lesson, AppError> {
    lessons::lesson(n as usize).ok_or_else(|| AppError::Corrupt {
        game: crate::vocab::GameId(0),
        detail: format!("no lesson {n}"),
    })
}

fn task_at(open: &OpenLesson) -> Result<(&'static Lesson, &'static Task), AppError> {
    let lesson = lesson_at(open.lesson)?;
    let task = lesson
        .tasks
        .get(open.task as usize - 1)
        .ok_or_else(|| AppError::Corrupt {
            game: crate::vocab::GameId(0),
            detail: format!("no task {} in lesson {}", open.task, open.lesson),
        })?;
    Ok((lesson, task))
}

/// A PNG attachment called `name`.png.
pub(in crate::app) fn png(name: String, bytes: Vec<u8>) -> Attachment {
    Attachment {
        filename: format!("{name}.png"),
        bytes,
    }
}

/// A GIF attachment called `name`.gif.
pub(in crate::app) fn gif(name: String, bytes: Vec<u8>) -> Attachment {
    Attachment {
        filename: format!("{name}.gif"),
        bytes,
    }
}

impl App {
    /// `pos` drawn by `opts` on the render pool, as `name`.png; none (logged) if the
    /// drawing failed, so a private board is still answered in words.
    pub(in crate::app) fn still_png(
        &self,
        name: String,
        pos: &Position,
        opts: &RenderOptions,
    ) -> Option<Attachment> {
        match self.pictures.board_png(pos, opts) {
            Ok(bytes) => Some(png(name, bytes)),
            Err(e) => {
                tracing::warn!("no picture for {name}: {e}");
                None
            }
        }
    }

    /// `moves` from `from` animated on the render pool, as `name`.gif; none (logged) if
    /// it could not be drawn.
    pub(in crate::app) fn moves_animation_gif(
        &self,
        name: String,
        from: &Position,
        moves: &[Move],
        opts: &RenderOptions,
    ) -> Option<Attachment> {
        match self.pictures.moves_gif(from, moves, opts) {
            Ok(Ok(bytes)) => Some(gif(name, bytes)),
            Ok(Err(e)) => {
                tracing::warn!("no animation for {name}: {e}");
                None
            }
            Err(e) => {
                tracing::warn!("no animation for {name}: {e}");
                None
            }
        }
    }

    /// `/bao-learn [lesson:N]`.
    pub(in crate::app) fn learn(&self, user: &User, place: &Place, lesson: Option<u32>) -> Answer {
        let count = lessons::course().len() as u32;
        let open = self.store.open_lesson(user.id)?;
        let (n, task, misses, fresh) = match (lesson, &open) {
            (Some(n), _) if n == 0 || n > count => {
                return Err(refuse(msg!("learn-no-such-lesson", count = count)))
            }
            (Some(n), _) => (n, 1, 0, true),
            (None, Some(o)) => (o.lesson, o.task, o.misses, false),
            (None, None) => {
                let done: Vec<u32> = self
                    .store
                    .lesson_stars(user.id)?
                    .iter()
                    .map(|s| s.lesson)
                    .collect();
                let first = (1..=count).find(|n| !done.contains(n)).unwrap_or(1);
                (first, 1, 0, true)
            }
        };
        let key = place.key();
        let step = LessonStep {
            place_key: &key,
            lesson: n,
            task,
            misses,
        };
        let Some(open) = self
            .store
            .set_lesson_task(user.id, None, step, self.clock.now())?
        else {
            return Err(refuse(old_task()));
        };
        let lang = self.lang_of(user.id, place)?;
        let progress = self.lesson_progress(user)?;
        let mut reply = if fresh || (open.task == 1 && open.misses == 0) {
            self.lesson_opening(&open, lang)?
        } else {
            self.task_reply(&open, msg!("learn-welcome-back").into(), false, lang)?
        };
        reply.text = progress.then("\n").then(reply.text);
        Ok(self.lesson_place(reply, place).into())
    }

    /// The lesson open for `user` at `place`, when `/bao move` there is for it: they have a
    /// lesson open here and play no game here.
    pub(in crate::app) fn lesson_here(
        &self,
        user: &User,
        place: &Place,
    ) -> Result<Option<OpenLesson>, AppError> {
        let Some(open) = self.store.open_lesson(user.id)? else {
            return Ok(None);
        };
        Ok(self
            .answers_here(user, place, &open.place_key)?
            .then_some(open))
    }

    /// The position of the open lesson's current task (for move suggestions).
    pub(in crate::app) fn lesson_position(&self, open: &OpenLesson) -> Result<Position, AppError> {
        let (_, task) = task_at(open)?;
        task.start().map_err(course_failed)
    }

    /// Whether `/bao move` at `place` answers a lesson or puzzle open at `place_key`: it is
    /// open here and `user` plays no game here (a game always comes first).
    pub(in crate::app) fn answers_here(
        &self,
        user: &User,
        place: &Place,
        place_key: &str,
    ) -> Result<bool, AppError> {
        if place_key != place.key() {
            return Ok(false);
        }
        let playing = self
            .store
            .game_in(place)?
            .is_some_and(|g| g.involves(user.id));
        Ok(!playing)
    }

    /// A lesson's button pressed: its task's token must be the presser's current task.
    pub(in crate::app) fn lesson_button(
        &self,
        user: &User,
        place: &Place,
        token: i64,
        press: LessonPress,
    ) -> Answer {
        match self.store.lesson_token_owner(token)? {
            Some(owner) if owner == user.id => {}
            Some(_) => return Err(refuse(not_your_lesson())),
            None => return Err(refuse(super::super::INVALID_BUTTON)),
        }
        let open = match self.store.open_lesson(user.id)? {
            Some(o) if o.token == token => o,
            _ => return Err(refuse(old_task())),
        };
        let lang = self.lang_of(user.id, place)?;
        let reply = match press {
            LessonPress::Move(text) => return self.lesson_move(user, place, open, &text),
            LessonPress::Show => self.show_me(&open, lang)?,
            LessonPress::Next => self.task_or_opening(&open, lang)?,
        };
        Ok(self.lesson_place(reply, place).into())
    }

    /// An answer to the open task, typed or pressed.
    pub(in crate::app) fn lesson_move(
        &self,
        user: &User,
        place: &Place,
        open: OpenLesson,
        text: &str,
    ) -> Answer {
        let (lesson, task) = task_at(&open)?;
        let lang = self.lang_of(user.id, place)?;
        let goal = || lessons::goal_msg(open.lesson as usize, open.task as usize);
        let judged = match task.judge(text).map_err(course_failed)? {
            Ok(j) => j,
            Err(e) => {
                let why: Text = match &e {
                    MoveError::Parse(p) => {
                        let pos = task.start().map_err(course_failed)?;
                        msg!(
                            "learn-unreadable-move",
                            problem = words::parse_problem(p.problem()),
                            legal = words::moves(&pos.legal_moves())
                        )
                        .into()
                    }
                    other => words::move_error(other),
                };
                return Err(refuse(
                    why.then("\n").then(msg!("learn-the-task", goal = goal())),
                ));
            }
        };
        let now = self.clock.now();
        if let Some(feedback) = judged.feedback {
            let Some(open) = self.store.lesson_miss(user.id, open.token, now)? else {
                return Err(refuse(old_task()));
            };
            let mut text = feedback;
            text.line(msg!("learn-try-again", goal = goal()));
            let hint = open.task_misses >= 2;
            if hint {
                let pit = task.hint_pit().map_err(course_failed)?;
                text.line(msg!("learn-hint", pit = pit.to_string()));
            }
            let reply = self.task_reply(&open, text, hint, lang)?;
            return Ok(self.lesson_place(reply, place).into());
        }
        // Right: North's scripted reply, if any, then the next task (or lesson).
        let before = task.start().map_err(course_failed)?;
        let mut moves = vec![judged.mv];
        let mut shown = judged.after;
        let mut last = judged.trace.clone();
        let mut lines: Vec<Text> =
            vec![msg!("learn-right", trace = words::describe(&judged.trace)).into()];
        if let Some(r) = task.reply {
            if let Ok((mv, after, trace)) = lessons::play(&judged.after, r) {
                lines.push(
                    Text::from(words::side(Side::North))
                        .then(": ")
                        .then(words::describe(&trace)),
                );
                moves.push(mv);
                shown = after;
                last = trace;
            }
        }
        let (next, done) = self.advance(user, place, &open, lesson, now)?;
        lines.extend(done);
        let name = format!("lesson-{}-{}-answer", open.lesson, open.task);
        let mut reply = Reply::private(Text::one_per_line(lines));
        let opts = RenderOptions {
            trace: Some(last),
            caption: Some(msg!("learn-your-answer").render(lang)),
            words: picture_words(lang),
            ..RenderOptions::default()
        };
        reply.board = Some(BoardView {
            current: None,
            animation: self.moves_animation_gif(name.clone(), &before, &moves, &opts),
            picture: self.still_png(name, &shown, &opts),
            text: Some(board_text_words(&shown, Side::South, None, &opts.words)),
        });
        if let Some(next) = next {
            reply.buttons = vec![vec![Button {
                id: ButtonId::new(Action::LessonNext, crate::vocab::GameId(next.token), 0)
                    .to_string(),
                label: msg!("button-next").render(lang),
                style: ButtonStyle::Primary,
            }]];
        }
        Ok(self.lesson_place(reply, place).into())
    }

    /// Moves the lesson on after a right answer: the next task, else the next lesson (with
    /// the stars of this one recorded), else the end of the course. Returns the lesson as it
    /// now stands (none at the end) and the lines to say.
    fn advance(
        &self,
        user: &User,
        place: &Place,
        open: &OpenLesson,
        lesson: &Lesson,
        now: i64,
    ) -> Result<(Option<OpenLesson>, Vec<Text>), AppError> {
        let key = place.key();
        let mut lines = Vec::new();
        let step = if (open.task as usize) < lesson.tasks.len() {
            LessonStep {
                place_key: &key,
                lesson: open.lesson,
                task: open.task + 1,
                misses: open.misses,
            }
        } else {
            let stars = stars_for(open.misses);
            self.store.finish_lesson(user.id, open.lesson, stars, now)?;
            lines.push(
                msg!(
                    "learn-lesson-done",
                    lesson = open.lesson,
                    stars = star_text(stars),
                    misses = open.misses
                )
                .into(),
            );
            let [kujifunza_end, course_end] = lessons::part_ends();
            let n = open.lesson as usize;
            if n == kujifunza_end {
                lines.push(msg!("learn-part-1-done").into());
            }
            if n == course_end {
                self.store.close_lesson(user.id)?;
                lines.push(msg!("learn-course-done").into());
                return Ok((None, lines));
            }
            LessonStep {
                place_key: &key,
                lesson: open.lesson + 1,
                task: 1,
                misses: 0,
            }
        };
        let next = self
            .store
            .set_lesson_task(user.id, Some(open.token), step, now)?;
        Ok((next, lines))
    }

    /// A lesson's opening: its demonstration animated, then its first task's board.
    fn lesson_opening(&self, open: &OpenLesson, lang: Lang) -> Result<Reply, AppError> {
        let lesson = lesson_at(open.lesson)?;
        let n = open.lesson as usize;
        let (pos, mv, _) = lesson.demo().map_err(course_failed)?;
        let mut reply = self.task_reply(open, Text::new(), false, lang)?;
        // The picture's words are in the language of the reply that carries it.
        let name = format!("lesson-{}-demo", open.lesson);
        let opts = RenderOptions {
            caption: Some(
                msg!(
                    "learn-demo-caption",
                    lesson = open.lesson,
                    title = lessons::title_msg(n)
                )
                .render(lang),
            ),
            words: picture_words(lang),
            ..RenderOptions::default()
        };
        if let Some(demo) = self.moves_animation_gif(name, &pos, &[mv], &opts) {
            reply.attachments.insert(0, demo);
        }
        let head = msg!(
            "learn-lesson-head",
            lesson = open.lesson,
            count = lessons::course().len(),
            title = lessons::title_msg(n),
            game = lesson.game_name()
        );
        reply.text = Text::from(head)
            .then("\n")
            .then(lessons::intro_msg(n))
            .then("\n")
            .then(std::mem::take(&mut reply.text));
        Ok(reply)
    }

    /// The opening of the lesson when its first task is open, else the task.
    fn task_or_opening(&self, open: &OpenLesson, lang: Lang) -> Result<Reply, AppError> {
        if open.task == 1 && open.misses == 0 {
            self.lesson_opening(open, lang)
        } else {
            self.task_reply(open, Text::new(), false, lang)
        }
    }

    /// "Show me": the example answer animated from the task's position, the task still open.
    fn show_me(&self, open: &OpenLesson, lang: Lang) -> Result<Reply, AppError> {
        let (_, task) = task_at(open)?;
        let pos = task.start().map_err(course_failed)?;
        let (mv, _, trace) = lessons::play(&pos, task.example).map_err(course_failed)?;
        let mut reply = self.task_reply(
            open,
            msg!(
                "learn-one-answer",
                mv = mv.to_string(),
                trace = words::describe(&trace)
            )
            .into(),
            false,
            lang,
        )?;
        let opts = RenderOptions {
            caption: Some(
                msg!(
                    "learn-show-me-caption",
                    mv = words::move_words(lang).say(&mv)
                )
                .render(lang),
            ),
            words: picture_words(lang),
            ..RenderOptions::default()
        };
        let name = format!("lesson-{}-{}-show", open.lesson, open.task);
        if let Some(shown) = self.moves_animation_gif(name, &pos, &[mv], &opts) {
            reply.attachments.insert(0, shown);
        }
        Ok(reply)
    }

    /// The open task: `text`, its goal, its board (the start pit ringed when `hint`), a
    /// button per legal move and "Show me".
    fn task_reply(
        &self,
        open: &OpenLesson,
        text: Text,
        hint: bool,
        lang: Lang,
    ) -> Result<Reply, AppError> {
        let (lesson, task) = task_at(open)?;
        let pos: Position = task.start().map_err(course_failed)?;
        let goal = || lessons::goal_msg(open.lesson as usize, open.task as usize);
        let mut opts = RenderOptions {
            caption: Some(
                msg!(
                    "learn-task-caption",
                    task = open.task,
                    count = lesson.tasks.len(),
                    goal = goal()
                )
                .render(lang),
            ),
            words: picture_words(lang),
            ..RenderOptions::default()
        };
        if hint {
            let (mv, _, _) = lessons::play(&pos, task.example).map_err(course_failed)?;
            opts.trace = Some(Trace {
                mv,
                mover: Side::South,
                steps: Vec::new(),
            });
        }
        let head = msg!(
            "learn-task-head",
            task = open.task,
            count = lesson.tasks.len(),
            lesson = open.lesson,
            goal = goal()
        );
        let mut said = text;
        said.line(head);
        let mut reply = Reply::private(said);
        reply.lang = Some(lang);
        let name = format!("lesson-{}-{}", open.lesson, open.task);
        reply.board = Some(BoardView {
            current: None,
            picture: self.still_png(name, &pos, &opts),
            animation: None,
            text: Some(board_text_words(&pos, Side::South, None, &opts.words)),
        });
        let token = crate::vocab::GameId(open.token);
        reply.buttons = move_button_rows(&pos, lang, |mv| {
            ButtonId::new(Action::LessonMove(mv.to_string()), token, 0)
        });
        reply.buttons.push(vec![Button {
            id: ButtonId::new(Action::LessonShow, token, 0).to_string(),
            label: msg!("button-show-me").render(lang),
            style: ButtonStyle::Success,
        }]);
        Ok(reply)
    }

    /// Private outside DMs; in the user's DM with the bot, plain messages there.
    pub(in crate::app) fn lesson_place(&self, mut reply: Reply, place: &Place) -> Reply {
        reply.ephemeral = !place.is_dm();
        reply
    }

    /// [`App::lesson_progress`] for someone who has finished a lesson (for `/bao-stats`).
    pub(in crate::app) fn lesson_progress_if_any(
        &self,
        user: &User,
    ) -> Result<Option<Text>, AppError> {
        if self.store.lesson_stars(user.id)?.is_empty() {
            return Ok(None);
        }
        self.lesson_progress(user).map(Some)
    }

    /// "Lessons: 3 of 18 done, 8 of 54 stars." with the stars of each part.
    pub(in crate::app) fn lesson_progress(&self, user: &User) -> Result<Text, AppError> {
        let stars = self.store.lesson_stars(user.id)?;
        let count = lessons::course().len();
        let total: u32 = stars.iter().map(|s| u32::from(s.stars)).sum();
        let [kujifunza_end, _] = lessons::part_ends();
        let part = |range: std::ops::RangeInclusive<usize>| -> Text {
            let done: Vec<String> = stars
                .iter()
                .filter(|s| range.contains(&(s.lesson as usize)))
                .map(|s| format!("{} {}", s.lesson, star_text(s.stars)))
                .collect();
            if done.is_empty() {
                msg!("learn-none-yet").into()
            } else {
                Text::verbatim(done.join(", "))
            }
        };
        Ok(msg!(
            "learn-progress",
            done = stars.len(),
            count = count,
            stars = total,
            max = 3 * count,
            kujifunza = part(1..=kujifunza_end),
            kiswahili = part(kujifunza_end + 1..=count)
        )
        .into())
    }
}
