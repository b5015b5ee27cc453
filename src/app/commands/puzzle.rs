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
use crate::puzzles::attempt::Verdict;
use crate::puzzles::pick::{daily, day_of, pick, Wanted};
use crate::puzzles::{collection, find, Puzzle, Theme};
use crate::render::{board_text, RenderOptions};
use crate::rules::{join_moves, Move, MoveSpec, Position, Trace, Variant};
use crate::store::{PuzzleAttempt, PuzzleRated};
use crate::vocab::GameId;

use super::learn::move_button_rows;
use crate::app::buttons::{Action, ButtonId};
use crate::app::refusal::{refuse, Answer};
use crate::app::types::PuzzlePress;
use crate::app::{App, AppError, Place, User, INVALID_BUTTON};
use crate::app::{BoardView, Button, ButtonStyle, Reply};

/// The refusal of a press on another user's puzzle.
pub(in crate::app) const NOT_YOUR_PUZZLE: &str =
    "These buttons belong to someone else's puzzle. Get your own with `/bao-puzzle`.";

/// The refusal of a press on an attempt that is over, or on a board already answered.
pub(in crate::app) const OLD_ATTEMPT: &str =
    "That puzzle board is over. `/bao-puzzle` gives you a new puzzle.";

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
fn rated_lines(rated: Option<PuzzleRated>) -> String {
    match rated {
        Some(r) => format!(
            "Your puzzle rating: {}. The puzzle's: {}.",
            change(r.player.0.rating, r.player.1.rating),
            change(r.puzzle.0.rating, r.puzzle.1.rating)
        ),
        None => "(A repeat: not rated.)".into(),
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
            Some(p) => (p, String::new()),
            None => match pick(all, wanted, &Default::default(), &current, rating, seed) {
                Some(p) => (
                    p,
                    "You have seen every puzzle of this kind: here is one again (not rated).\n"
                        .to_string(),
                ),
                None => return Err(refuse("No puzzle has that theme and variant yet.")),
            },
        };
        self.open_attempt(user, place, puzzle, note)
    }

    /// Opens the puzzle of `day` for `user`.
    fn open_daily(&self, user: &User, place: &Place, day: i64) -> Answer {
        let Some(puzzle) = daily(collection(), day) else {
            return Err(refuse("There are no puzzles yet."));
        };
        self.open_attempt(user, place, puzzle, "**The puzzle of the day.**\n".into())
    }

    /// Starts an attempt at `puzzle` and shows its board.
    fn open_attempt(&self, user: &User, place: &Place, puzzle: &Puzzle, note: String) -> Answer {
        let attempt =
            self.store
                .start_puzzle(user.id, &puzzle.id, &place.key(), self.clock.now())?;
        let rated = if attempt.rated {
            "rated"
        } else {
            "a repeat, not rated"
        };
        let text = format!(
            "{note}**Puzzle {}** ({}, rating {}, {rated}): {}",
            puzzle.id,
            super::ratings::game_name(puzzle.variant(), puzzle.position.rules()),
            puzzle.rating,
            puzzle.goal()
        );
        let reply = self.puzzle_board(puzzle, attempt.token, 0, text, None);
        Ok(self.lesson_place(reply, place).into())
    }

    /// The board at solution index `step` with `text`, the goal, a button per legal move;
    /// `animation` of the moves that led there from index `from`, if given.
    fn puzzle_board(
        &self,
        puzzle: &Puzzle,
        token: i64,
        step: usize,
        text: String,
        animation: Option<(usize, Trace)>,
    ) -> Reply {
        let pos = puzzle.position_at(step);
        let opts = RenderOptions {
            viewer: puzzle.solver(),
            caption: Some(puzzle.goal()),
            trace: animation.as_ref().map(|(_, t)| t.clone()),
            ..RenderOptions::default()
        };
        let mut reply = Reply::private(text);
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
            text: Some(board_text(&pos, puzzle.solver())),
        });
        let token = GameId(token);
        reply.buttons = move_button_rows(&pos, |mv| {
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
            Some(_) => return Err(refuse(NOT_YOUR_PUZZLE)),
            None => return Err(refuse(INVALID_BUTTON)),
        };
        match press {
            PuzzlePress::Next => self.puzzle(user, place, None, None, false),
            PuzzlePress::Move(text) if attempt.open && attempt.step == step => {
                self.puzzle_move(place, attempt, &text)
            }
            _ => Err(refuse(OLD_ATTEMPT)),
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
        let step = attempt.step as usize;
        let pos = puzzle.position_at(step);
        let mv = match text.parse::<MoveSpec>() {
            Ok(spec) => pos.find_move(&spec).map_err(|e| refuse(e.to_string()))?,
            Err(e) => {
                return Err(refuse(format!(
                    "{e}. Legal moves now: {}.\nThe puzzle: {}",
                    join_moves(&pos.legal_moves()),
                    puzzle.goal()
                )))
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
                    return Err(refuse(OLD_ATTEMPT));
                }
                let (_, answer) = described(&puzzle.position_at(step + 1), &reply);
                let text = format!(
                    "Right! You: {}\n{}: {}\nGo on: {}",
                    trace.describe(),
                    (!puzzle.solver()).name(),
                    answer.describe(),
                    puzzle.goal()
                );
                self.puzzle_board(puzzle, attempt.token, next, text, Some((step, answer)))
            }
            Verdict::Solved => {
                let Some(rated) =
                    self.store
                        .finish_puzzle(attempt.token, step as u32, true, initial, now)?
                else {
                    return Err(refuse(OLD_ATTEMPT));
                };
                let text = format!("Solved! You: {}\n{}", trace.describe(), rated_lines(rated));
                self.puzzle_end(puzzle, &attempt, text, &pos, &[mv], trace)
            }
            Verdict::Wrong { expected } => {
                let Some(rated) =
                    self.store
                        .finish_puzzle(attempt.token, step as u32, false, initial, now)?
                else {
                    return Err(refuse(OLD_ATTEMPT));
                };
                let text = format!(
                    "Not this one. You: {}\n{}\nThe answer was {expected}; the whole line is animated.\n{}",
                    trace.describe(),
                    self.allowed(&pos, &mv),
                    rated_lines(rated)
                );
                let mut reply = self.puzzle_end(
                    puzzle,
                    &attempt,
                    text,
                    &puzzle.position,
                    &puzzle.solution,
                    trace,
                );
                reply
                    .attachments
                    .extend(self.allowed_gif(puzzle, &pos, &mv));
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
        text: String,
        from: &Position,
        moves: &[Move],
        trace: Trace,
    ) -> Reply {
        let shown = moves.iter().fold(*from, |p, m| p.play_unchecked(m));
        let opts = RenderOptions {
            viewer: puzzle.solver(),
            trace: Some(trace),
            caption: Some(format!("Puzzle {}", puzzle.id)),
            ..RenderOptions::default()
        };
        let name = format!("puzzle-{}-line", puzzle.id);
        let mut reply = Reply::private(text);
        reply.board = Some(BoardView {
            current: None,
            picture: self.still_png(name.clone(), &shown, &opts),
            animation: self.moves_animation_gif(name, from, moves, &opts),
            text: Some(board_text(&shown, puzzle.solver())),
        });
        reply.buttons = vec![vec![Button {
            id: ButtonId::new(Action::PuzzleNext, GameId(attempt.token), 0).to_string(),
            label: "Another puzzle".into(),
            style: ButtonStyle::Primary,
        }]];
        reply
    }

    /// What the wrong `mv` in `pos` allowed, in words: a proved win, else the best reply.
    fn allowed(&self, pos: &Position, mv: &Move) -> String {
        let after = pos.play_unchecked(mv);
        let opponent = (!pos.turn()).name();
        if after.is_over() {
            return "It ended the game.".into();
        }
        if let Some(w) = forced_win(&after, FORCED_WIN_NODES) {
            if w.winner != pos.turn() {
                return format!("It allowed {}: {opponent} plays {}.", w.sentence(), w.best);
            }
        }
        match choose_move(&after, &SearchLimits::nodes(ALLOWED_NODES)) {
            Some(r) => {
                let (_, t) = described(&after, &r.mv);
                format!("It allowed {opponent}'s answer {}: {}", r.mv, t.describe())
            }
            None => "It left your opponent without a move.".into(),
        }
    }

    /// The wrong move and the reply it allowed, animated, as an attachment.
    fn allowed_gif(
        &self,
        puzzle: &Puzzle,
        pos: &Position,
        mv: &Move,
    ) -> Option<crate::app::Attachment> {
        let after = pos.play_unchecked(mv);
        let mut moves = vec![*mv];
        if let Some(r) = choose_move(&after, &SearchLimits::nodes(ALLOWED_NODES)) {
            moves.push(r.mv);
        }
        let opts = RenderOptions {
            viewer: puzzle.solver(),
            caption: Some(format!("Your move {mv} allowed this")),
            ..RenderOptions::default()
        };
        self.moves_animation_gif(format!("puzzle-{}-allowed", puzzle.id), pos, &moves, &opts)
    }

    /// "Puzzles: rating 1512, 7 solved of 9, streak 3 (best 5)." for `/bao-stats`.
    pub(in crate::app) fn puzzle_record(&self, who: &User) -> Result<Option<String>, AppError> {
        Ok(self.store.puzzle_player(who.id)?.map(|p| {
            format!(
                "Puzzles: rating **{}**, {} solved of {}, streak {} (best {}).",
                p.rating,
                p.solved,
                p.solved + p.failed,
                p.streak,
                p.best_streak
            )
        }))
    }
}
