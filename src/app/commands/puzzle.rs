//! `/bao-puzzle`: the puzzles of [`crate::puzzles`] solved in the chat.
//!
//! `/bao-puzzle [theme:] [variant:]` opens a puzzle near the asker's puzzle rating that they
//! have not seen (`/bao-puzzle daily` the day's). The board comes with a button per legal
//! move and the goal in words; answers come by those buttons or by `/bao move` where the
//! puzzle is open when the asker plays no game there. The bot plays the replies. A wrong move
//! ends the attempt with the right line animated and what the played move allowed; in the
//! last move of a puzzle that ends the game any move that wins on the spot is right. An
//! illegal move is refused as in a game and does not count.
//!
//! As with the lessons, a DM plays there and anywhere else every reply is private. Each
//! attempt's id is the token on its buttons (with the solution index they were shown at),
//! so another user's buttons, an old attempt's and forged ids are refused privately. A
//! user's first attempt at a puzzle is rated (Glicko-2 between player and puzzle, both
//! ratings move); repeats are not.

use crate::ai::forced::{forced_win, FORCED_WIN_NODES};
use crate::ai::{choose_move, SearchLimits};
use crate::app::picture_words;
use crate::i18n::{words, Lang, Msg, Text};
use crate::msg;
use crate::puzzles::attempt::Verdict;
use crate::puzzles::pick::{daily, day_of, pick, Wanted};
use crate::puzzles::{collection, find, Puzzle, Theme};
use crate::render::{board_text_words, RenderOptions};
use crate::rules::{Move, MoveSpec, Position, Trace, Variant};
use crate::store::{PuzzleAttempt, PuzzleRated};
use crate::vocab::GameId;

use super::learn::move_button_rows;
use crate::app::buttons::{Action, ButtonId};
use crate::app::refusal::{refuse, Answer};
use crate::app::types::PuzzlePress;
use crate::app::{App, AppError, Place, User, INVALID_BUTTON};
use crate::app::{BoardView, Button, ButtonStyle, Reply};

/// The refusal of a press on another user's puzzle.
fn not_your_puzzle() -> Msg {
    msg!("puzzle-not-yours")
}

/// The refusal of a press on an attempt that is over, or on a board already answered.
fn old_attempt() -> Msg {
    msg!("puzzle-old-attempt")
}

/// Nodes of the search that says what a wrong move allowed.
const ALLOWED_NODES: u64 = 60_000;

/// The puzzle an attempt is at (a puzzle no longer in the collection is the bot's fault).
fn puzzle_of(attempt: &PuzzleAttempt) -> Result<&'static Puzzle, AppError> {
    find(&attempt.puzzle_id).ok_or_else(|| AppError::Corrupt {
        game: GameId(0),
        detail: format!("no puzzle {}", attempt.puzzle_id),
    })
}

/// `1500 → 1512 (+12)`.
fn change(before: f64, after: f64) -> String {
    let d = after.round() as i64 - before.round() as i64;
    format!("{:.0} \u{2192} {:.0} ({d:+})", before, after)
}

/// The lines of a rated attempt's result.
fn rated_lines(rated: Option<PuzzleRated>) -> Msg {
    match rated {
        Some(r) => msg!(
            "puzzle-rated",
            player = change(r.player.0.rating, r.player.1.rating),
            puzzle = change(r.puzzle.0.rating, r.puzzle.1.rating)
        ),
        None => msg!("puzzle-repeat-not-rated"),
    }
}

/// `A4 left capture` in `pos`, as a sentence of what it did.
fn described(pos: &Position, mv: &Move) -> (Position, Trace) {
    match pos.play(mv) {
        Ok(done) => done,
        Err(_) => (
            pos.play_unchecked(mv),
            Trace {
                mv: *mv,
                mover: pos.turn(),
                steps: Vec::new(),
            },
        ),
    }
}

impl App {
    /// `/bao-puzzle [theme:] [variant:] [daily]`.
    pub(in crate::app) fn puzzle(
        &self,
        user: &User,
        place: &Place,
        theme: Option<Theme>,
        variant: Option<Variant>,
        daily_one: bool,
    ) -> Answer {
        if daily_one {
            let day = day_of(self.clock.now());
            return self.open_daily(user, place, day);
        }
        let wanted = Wanted { theme, variant };
        let seen = self.store.seen_puzzles(user.id)?;
        let current = self.store.puzzle_ratings()?;
        let rating = self
            .store
            .puzzle_player(user.id)?
            .map_or(1500.0, |p| p.rating.rating);
        let seed = user.id.0 ^ (seen.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let all = collection();
        let (puzzle, note) = match pick(all, wanted, &seen, &current, rating, seed) {
            Some(p) => (p, Text::new()),
            None => match pick(all, wanted, &Default::default(), &current, rating, seed) {
                Some(p) => (p, Text::from(msg!("puzzle-seen-all")).then("\n")),
                None => return Err(refuse(msg!("puzzle-none-of-that-kind"))),
            },
        };
        self.open_attempt(user, place, puzzle, note)
    }

    /// Opens the puzzle of `day` for `user`.
    fn open_daily(&self, user: &User, place: &Place, day: i64) -> Answer {
        let Some(puzzle) = daily(collection(), day) else {
            return Err(refuse(msg!("puzzle-none-yet")));
        };
        let note = Text::from(msg!("puzzle-of-the-day")).then("\n");
        self.open_attempt(user, place, puzzle, note)
    }

    /// Starts an attempt at `puzzle` and shows its board.
    fn open_attempt(&self, user: &User, place: &Place, puzzle: &Puzzle, note: Text) -> Answer {
        let attempt =
            self.store
                .start_puzzle(user.id, &puzzle.id, &place.key(), self.clock.now())?;
        let lang = self.lang_of(user.id, place)?;
        let text = note.then(msg!(
            "puzzle-head",
            id = puzzle.id.as_str(),
            game = super::ratings::game_name(puzzle.variant(), puzzle.position.rules()),
            rating = puzzle.rating.to_string(),
            rated = if attempt.rated { "yes" } else { "no" },
            goal = puzzle.goal_msg()
        ));
        let reply = self.puzzle_board(puzzle, attempt.token, 0, text, None, lang);
        Ok(self.lesson_place(reply, place).into())
    }

    /// The board at solution index `step` with `text`, the goal, a button per legal move;
    /// `animation` of the moves that led there from index `from`, if given.
    fn puzzle_board(
        &self,
        puzzle: &Puzzle,
        token: i64,
        step: usize,
        text: Text,
        animation: Option<(usize, Trace)>,
        lang: Lang,
    ) -> Reply {
        let pos = puzzle.position_at(step);
        let opts = RenderOptions {
            viewer: puzzle.solver(),
            // Drawn in the language of the reply that carries it.
            caption: Some(puzzle.goal_msg().render(lang)),
            trace: animation.as_ref().map(|(_, t)| t.clone()),
            words: picture_words(lang),
            ..RenderOptions::default()
        };
        let mut reply = Reply::private(text);
        reply.lang = Some(lang);
        let name = format!("puzzle-{}-{step}", puzzle.id);
        let animation = animation.and_then(|(from, _)| {
            self.moves_animation_gif(
                name.clone(),
                &puzzle.position_at(from),
                &puzzle.solution[from..step],
                &opts,
            )
        });
        reply.board = Some(BoardView {
            current: None,
            picture: self.still_png(name, &pos, &opts),
            animation,
            text: Some(board_text_words(&pos, puzzle.solver(), None, &opts.words)),
        });
        let token = GameId(token);
        reply.buttons = move_button_rows(&pos, lang, |mv| {
            ButtonId::new(Action::PuzzleMove(mv.to_string()), token, step as u32)
        });
        reply
    }

    /// The attempt open for `user` at `place`, when `/bao move` there is for it: they have a
    /// puzzle open here and play no game here.
    pub(in crate::app) fn puzzle_here(
        &self,
        user: &User,
        place: &Place,
    ) -> Result<Option<PuzzleAttempt>, AppError> {
        let Some(open) = self.store.open_puzzle(user.id)? else {
            return Ok(None);
        };
        Ok(self
            .answers_here(user, place, &open.place_key)?
            .then_some(open))
    }

    /// The position the open attempt waits in (for move suggestions).
    pub(in crate::app) fn puzzle_position(
        &self,
        attempt: &PuzzleAttempt,
    ) -> Result<Position, AppError> {
        Ok(puzzle_of(attempt)?.position_at(attempt.step as usize))
    }

    /// A puzzle's button pressed: its token must be the presser's open attempt, at `step`.
    pub(in crate::app) fn puzzle_button(
        &self,
        user: &User,
        place: &Place,
        token: i64,
        step: u32,
        press: PuzzlePress,
    ) -> Answer {
        if press == PuzzlePress::Daily {
            let today = day_of(self.clock.now());
            if step != 0 || token > today {
                return Err(refuse(INVALID_BUTTON));
            }
            return self.open_daily(user, place, token);
        }
        let attempt = match self.store.puzzle_attempt(token)? {
            Some(a) if a.user == user.id => a,
            Some(_) => return Err(refuse(not_your_puzzle())),
            None => return Err(refuse(INVALID_BUTTON)),
        };
        match press {
            PuzzlePress::Next => self.puzzle(user, place, None, None, false),
            PuzzlePress::Move(text) if attempt.open && attempt.step == step => {
                self.puzzle_move(place, attempt, &text)
            }
            _ => Err(refuse(old_attempt())),
        }
    }

    /// A move in the open attempt, typed or pressed.
    pub(in crate::app) fn puzzle_move(
        &self,
        place: &Place,
        attempt: PuzzleAttempt,
        text: &str,
    ) -> Answer {
        let puzzle = puzzle_of(&attempt)?;
        let lang = self.lang_of(attempt.user, place)?;
        let step = attempt.step as usize;
        let pos = puzzle.position_at(step);
        let mv = match text.parse::<MoveSpec>() {
            Ok(spec) => pos
                .find_move(&spec)
                .map_err(|e| refuse(words::move_error(&e)))?,
            Err(e) => {
                return Err(refuse(
                    Text::from(msg!(
                        "learn-unreadable-move",
                        problem = words::parse_problem(e.problem()),
                        legal = words::moves(&pos.legal_moves())
                    ))
                    .then("\n")
                    .then(msg!("puzzle-the-puzzle", goal = puzzle.goal_msg())),
                ))
            }
        };
        let now = self.clock.now();
        let initial = puzzle.rating as f64;
        let (_, trace) = described(&pos, &mv);
        let reply = match puzzle.judge(step, &mv) {
            Verdict::Continue { reply, next } => {
                if !self.store.advance_puzzle(
                    attempt.token,
                    step as u32,
                    next as u32,
                    &place.key(),
                )? {
                    return Err(refuse(old_attempt()));
                }
                let (_, answer) = described(&puzzle.position_at(step + 1), &reply);
                let text = Text::one_per_line([
                    Text::from(msg!("learn-right", trace = words::describe(&trace))),
                    Text::from(words::side(!puzzle.solver()))
                        .then(": ")
                        .then(words::describe(&answer)),
                    msg!("puzzle-go-on", goal = puzzle.goal_msg()).into(),
                ]);
                self.puzzle_board(
                    puzzle,
                    attempt.token,
                    next,
                    text,
                    Some((step, answer)),
                    lang,
                )
            }
            Verdict::Solved => {
                let Some(rated) =
                    self.store
                        .finish_puzzle(attempt.token, step as u32, true, initial, now)?
                else {
                    return Err(refuse(old_attempt()));
                };
                let text = Text::one_per_line([
                    Text::from(msg!("puzzle-solved", trace = words::describe(&trace))),
                    rated_lines(rated).into(),
                ]);
                self.puzzle_end(puzzle, &attempt, text, (&pos, &[mv]), trace, lang)
            }
            Verdict::Wrong { expected } => {
                let Some(rated) =
                    self.store
                        .finish_puzzle(attempt.token, step as u32, false, initial, now)?
                else {
                    return Err(refuse(old_attempt()));
                };
                let text = Text::one_per_line([
                    Text::from(msg!("puzzle-not-this-one", trace = words::describe(&trace))),
                    self.allowed(&pos, &mv),
                    msg!("puzzle-the-answer-was", mv = expected.to_string()).into(),
                    rated_lines(rated).into(),
                ]);
                let mut reply = self.puzzle_end(
                    puzzle,
                    &attempt,
                    text,
                    (&puzzle.position, &puzzle.solution),
                    trace,
                    lang,
                );
                reply
                    .attachments
                    .extend(self.allowed_gif(puzzle, &pos, &mv, lang));
                reply
            }
        };
        Ok(self.lesson_place(reply, place).into())
    }

    /// The end of an attempt: `text`, `moves` from `from` animated, and "Another puzzle".
    fn puzzle_end(
        &self,
        puzzle: &Puzzle,
        attempt: &PuzzleAttempt,
        text: Text,
        (from, moves): (&Position, &[Move]),
        trace: Trace,
        lang: Lang,
    ) -> Reply {
        let shown = moves.iter().fold(*from, |p, m| p.play_unchecked(m));
        let opts = RenderOptions {
            viewer: puzzle.solver(),
            trace: Some(trace),
            caption: Some(msg!("puzzle-caption", id = puzzle.id.as_str()).render(lang)),
            words: picture_words(lang),
            ..RenderOptions::default()
        };
        let name = format!("puzzle-{}-line", puzzle.id);
        let mut reply = Reply::private(text);
        reply.lang = Some(lang);
        reply.board = Some(BoardView {
            current: None,
            picture: self.still_png(name.clone(), &shown, &opts),
            animation: self.moves_animation_gif(name, from, moves, &opts),
            text: Some(board_text_words(&shown, puzzle.solver(), None, &opts.words)),
        });
        reply.buttons = vec![vec![Button {
            id: ButtonId::new(Action::PuzzleNext, GameId(attempt.token), 0).to_string(),
            label: msg!("button-another-puzzle").render(lang),
            style: ButtonStyle::Primary,
        }]];
        reply
    }

    /// What the wrong `mv` in `pos` allowed, in words: a proved win, else the best reply.
    fn allowed(&self, pos: &Position, mv: &Move) -> Text {
        let after = pos.play_unchecked(mv);
        let opponent = words::side(!pos.turn());
        if after.is_over() {
            return msg!("puzzle-allowed-end").into();
        }
        let proved = {
            let _slot = self.ai.acquire();
            forced_win(&after, FORCED_WIN_NODES)
        };
        if let Some(w) = proved {
            if w.winner != pos.turn() {
                let win = if w.moves == 0 {
                    msg!(
                        "puzzle-wins-at-once",
                        winner = words::side(w.winner),
                        loser = words::side(!w.winner)
                    )
                } else {
                    msg!(
                        "puzzle-wins-in",
                        winner = words::side(w.winner),
                        n = w.moves
                    )
                };
                return msg!(
                    "puzzle-allowed-win",
                    win = win,
                    side = opponent,
                    mv = w.best.to_string()
                )
                .into();
            }
        }
        let answer = {
            let _slot = self.ai.acquire();
            choose_move(&after, &SearchLimits::nodes(ALLOWED_NODES))
        };
        match answer {
            Some(r) => {
                let (_, t) = described(&after, &r.mv);
                msg!(
                    "puzzle-allowed-answer",
                    side = opponent,
                    mv = r.mv.to_string(),
                    trace = words::describe(&t)
                )
                .into()
            }
            None => msg!("puzzle-allowed-no-move").into(),
        }
    }

    /// The wrong move and the reply it allowed, animated, as an attachment.
    fn allowed_gif(
        &self,
        puzzle: &Puzzle,
        pos: &Position,
        mv: &Move,
        lang: Lang,
    ) -> Option<crate::app::Attachment> {
        let after = pos.play_unchecked(mv);
        let mut moves = vec![*mv];
        let answer = {
            let _slot = self.ai.acquire();
            choose_move(&after, &SearchLimits::nodes(ALLOWED_NODES))
        };
        if let Some(r) = answer {
            moves.push(r.mv);
        }
        let opts = RenderOptions {
            viewer: puzzle.solver(),
            caption: Some(
                msg!(
                    "puzzle-allowed-caption",
                    mv = words::move_words(lang).say(mv)
                )
                .render(lang),
            ),
            words: picture_words(lang),
            ..RenderOptions::default()
        };
        self.moves_animation_gif(format!("puzzle-{}-allowed", puzzle.id), pos, &moves, &opts)
    }

    /// "Puzzles: rating 1512, 7 solved of 9, streak 3 (best 5)." for `/bao-stats`.
    pub(in crate::app) fn puzzle_record(&self, who: &User) -> Result<Option<Text>, AppError> {
        Ok(self.store.puzzle_player(who.id)?.map(|p| {
            msg!(
                "puzzle-record",
                rating = p.rating.to_string(),
                solved = p.solved,
                tried = p.solved + p.failed,
                streak = p.streak,
                best = p.best_streak
            )
            .into()
        }))
    }
}
