//! Move suggestions for `/bao move`'s autocomplete: the caller's legal moves here, filtered
//! by what is typed.

use super::refusal::Halt;
use super::{App, AppError, Exercise, User, Want};
use crate::store::{GameId, Place};

impl App {
    /// Move suggestions for autocomplete: the caller's legal moves in the game here (or
    /// `game`), filtered by what is typed, at most 25. Without `game`, where `/bao move`
    /// would answer the caller's open puzzle or lesson (open here, no game of theirs here),
    /// the moves of that puzzle's or task's position.
    pub fn suggest_moves(
        &self,
        user: &User,
        place: &Place,
        game: Option<GameId>,
        typed: &str,
    ) -> Result<Vec<String>, AppError> {
        let exercise = match game {
            Some(_) => None,
            None => match self.exercise_here(user, place)? {
                Some(Exercise::Puzzle(open)) => Some(self.puzzle_position(&open)?),
                Some(Exercise::Lesson(open)) => Some(self.lesson_position(&open)?),
                None => None,
            },
        };
        let pos = match exercise {
            Some(pos) => pos,
            None => {
                let game = match self.find_game(user, place, game, true, Want::Active, "move") {
                    Ok(g) => g,
                    Err(Halt::Failed(e)) => return Err(e),
                    Err(_) => return Ok(Vec::new()),
                };
                let pos = self.position(&game)?;
                if game.side_of(user.id) != Some(pos.turn()) {
                    return Ok(Vec::new());
                }
                pos
            }
        };
        let typed = typed.trim().to_ascii_lowercase();
        let words: Vec<&str> = typed.split_whitespace().collect();
        Ok(pos
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .filter(|m| {
                let lower = m.to_ascii_lowercase();
                words.iter().all(|w| lower.contains(w))
            })
            .take(25)
            .collect())
    }
}
