//! The AI ladder as players see it: the levels with their ratings (for `/bao help`), and the
//! next level to try after a game against the AI: one up after a win, one down after three
//! losses in a row against the same level.

use crate::ai::Level;
use crate::i18n::{Msg, Text};
use crate::msg;
use crate::rules::Variant;
use crate::store::{Game, GameFilter, GameStatus, Player, UserId};

use super::lookup::level_words;
use super::{App, AppError};

/// Losses in a row against one level after which a level down is suggested.
pub const LOSSES_BEFORE_STEP_DOWN: usize = 3;

/// How many recent games are looked at to count losses in a row.
const RECENT_GAMES: u32 = 20;

/// The levels, one line each, weakest first: name, ratings (Kiswahili, then Kujifunza) and
/// how it plays (`level-about-<name>` in the catalogue).
pub fn levels() -> Text {
    let mut text = Text::from(msg!("help-levels"));
    for level in Level::ALL {
        let spec = level.spec();
        text.line(msg!(
            "help-level",
            name = spec.name,
            elo = spec.rating.to_string(),
            elo_kujifunza = level.rating_in(Variant::Kujifunza).to_string(),
            about = Msg::dynamic(format!("level-about-{}", spec.name))
        ));
    }
    text
}

/// The human and the AI level of a game between one human and the AI.
fn human_and_level(game: &Game) -> Option<(UserId, Level)> {
    match (game.south.as_ref()?, game.north.as_ref()?) {
        (Player::Human(u), Player::Ai { level }) | (Player::Ai { level }, Player::Human(u)) => {
            Some((*u, *level))
        }
        _ => None,
    }
}

/// Whether `user` lost `game` (a finished game with a winner).
fn lost(game: &Game, user: UserId) -> bool {
    game.status == GameStatus::Finished
        && game.winner.is_some_and(|w| game.side_of(user) == Some(!w))
}

/// The suggestion after `just_ended` (a finished game against the AI), given the human's
/// `recent` ended games, most recent first (`just_ended` among them): the next level up after
/// a win; one down after [`LOSSES_BEFORE_STEP_DOWN`] finished games in a row against this
/// level were lost (games against anyone else, and aborted games, do not break the run).
pub fn suggestion(just_ended: &Game, recent: &[Game]) -> Option<Msg> {
    let (user, level) = human_and_level(just_ended)?;
    if just_ended.status != GameStatus::Finished {
        return None;
    }
    let variant = just_ended.variant;
    if just_ended.winner.is_some() && !lost(just_ended, user) {
        return Some(match level.up() {
            Some(up) => msg!(
                "ladder-beat-next",
                level = level_label(level, variant),
                up = up.name(),
                rating = up.rating_in(variant)
            ),
            None => msg!("ladder-beat-top", level = level_label(level, variant)),
        });
    }
    let against_level = recent
        .iter()
        .filter(|g| g.status == GameStatus::Finished && human_and_level(g) == Some((user, level)));
    let losses = against_level.take_while(|g| lost(g, user)).count();
    if losses < LOSSES_BEFORE_STEP_DOWN {
        return None;
    }
    level.down().map(|down| {
        msg!(
            "ladder-step-down",
            losses = losses,
            level = level_words(level),
            down = down.name(),
            rating = down.rating_in(variant)
        )
    })
}

/// A level's name in the reader's language with its rating in `variant`: `medium (1400)`
/// ([`Level::label_in`] in English).
fn level_label(level: Level, variant: Variant) -> Text {
    Text::from(level_words(level)).then(format!(" ({})", level.rating_in(variant)))
}

impl App {
    /// The ladder suggestion after `game` ended, if it was against the AI (see
    /// [`suggestion`]).
    pub(super) fn ladder_hint(&self, game: &Game) -> Result<Option<Msg>, AppError> {
        let Some((user, _)) = human_and_level(game) else {
            return Ok(None);
        };
        if game.status != GameStatus::Finished {
            return Ok(None);
        }
        let recent = self.store.games_of(user, GameFilter::Ended, RECENT_GAMES)?;
        Ok(suggestion(game, &recent))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::rules::Side;
    use crate::store::{GameId, Place};

    const ASHA: UserId = UserId(1);

    /// A finished game of Asha (South) against the AI at `level`, won by `winner`.
    fn game(id: i64, level: &str, winner: Option<Side>) -> Game {
        let level: Level = level.parse().unwrap();
        Game {
            id: GameId(id),
            variant: Variant::Kiswahili,
            rule_set: Default::default(),
            rated: false,
            hints: false,
            thread: None,
            rules_version: 1,
            place: Place::Dm { user: 1 },
            south: Some(Player::Human(ASHA)),
            north: Some(Player::Ai { level }),
            status: GameStatus::Finished,
            winner,
            reason: None,
            start_position: String::new(),
            position: String::new(),
            ply: 10,
            created_at: 0,
            updated_at: id,
            last_move_at: None,
            time_per_move: None,
            deadline: None,
            board_message: None,
            draw_offered_by: None,
            challenge: None,
            duties_done: 0,
            reminder_day: 0,
            reminders_today: 0,
            next_due_at: None,
            clock: None,
        }
    }

    #[test]
    fn the_help_with_the_levels_fits_in_one_message_in_every_language() {
        for lang in Lang::ALL {
            let help = super::super::commands::reference::help_text().render(lang);
            println!("/bao help in {lang}: {} characters", help.chars().count());
            assert!(
                help.chars().count() < 2000,
                "{lang}: {} characters",
                help.chars().count()
            );
            for level in Level::ALL {
                let about = Msg::dynamic(format!("level-about-{}", level.spec().name));
                assert!(
                    crate::i18n::lookup(&about, lang).is_some(),
                    "{lang}: {level:?}"
                );
            }
        }
        let kujifunza = Level::Casual.rating_in(Variant::Kujifunza);
        assert!(levels().render(Lang::En).contains(&format!(
            "`casual` {} / {kujifunza}: a short search",
            Level::Casual.rating()
        )));
    }

    #[test]
    fn a_win_suggests_the_next_level_up() {
        let won = game(1, "casual", Some(Side::South));
        let hint = suggestion(&won, std::slice::from_ref(&won))
            .expect("a hint")
            .render(Lang::En);
        assert!(hint.contains("`/bao ai medium`"), "{hint}");
        assert!(hint.contains(&Level::Medium.rating().to_string()), "{hint}");
        let mut learner = won.clone();
        learner.variant = Variant::Kujifunza;
        let hint = suggestion(&learner, std::slice::from_ref(&learner))
            .expect("a hint")
            .render(Lang::En);
        let rating = Level::Medium.rating_in(Variant::Kujifunza);
        assert!(hint.ends_with(&format!("is rated {rating}.")), "{hint}");
        let top = game(2, "master", Some(Side::South));
        assert!(suggestion(&top, &[])
            .unwrap()
            .render(Lang::En)
            .contains("strongest"));
        let sw = suggestion(&top, &[]).unwrap().render(Lang::Sw);
        assert!(sw.starts_with("Umeishinda bingwa ("), "{sw}");
    }

    #[test]
    fn three_losses_in_a_row_against_one_level_suggest_a_step_down() {
        let loss = |id| game(id, "medium", Some(Side::North));
        // Most recent first.
        let two = [loss(5), loss(4), game(3, "medium", Some(Side::South))];
        assert_eq!(suggestion(&two[0], &two), None);
        // A game against another level in between does not break the run.
        let three = [
            loss(6),
            game(5, "hard", Some(Side::South)),
            loss(4),
            loss(3),
        ];
        let hint = suggestion(&three[0], &three)
            .expect("a hint")
            .render(Lang::En);
        assert!(
            hint.starts_with("3 losses in a row against medium"),
            "{hint}"
        );
        assert!(hint.contains("`/bao ai casual`"), "{hint}");
        // Nothing below the bottom level; nothing after a game between two people.
        let bottom = [1, 2, 3].map(|i| game(i, "beginner", Some(Side::North)));
        assert_eq!(suggestion(&bottom[0], &bottom), None);
        let mut people = loss(9);
        people.north = Some(Player::Human(UserId(2)));
        assert_eq!(suggestion(&people, &[]), None);
    }
}
