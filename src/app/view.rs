//! How games are shown: board replies with their picture and buttons, status lines, texts.

use crate::i18n::{words, Lang, Msg, Text};
use crate::msg;
use crate::render::{board_text_words, Ending, RenderOptions};
use crate::rules::{EndReason, Move, MoveKind, Position, Side, Trace};
use crate::store::{Game, GameStatus, Notify, Place, Player, ResultReason};

use super::buttons::{Action, ButtonId};
use super::{App, AppError};
use super::{Attachment, BoardView, Button, ButtonStyle, Reply};

/// Move buttons that fit under a board: four rows of five, the fifth row for the rest.
const MAX_MOVE_BUTTONS: usize = 20;

/// `<@id>` for a human (a ping), the plain name for the AI.
pub fn mention(player: Option<&Player>, name: &str) -> String {
    match player {
        Some(Player::Human(id)) => format!("<@{id}>"),
        _ => name.to_string(),
    }
}

/// A Discord timestamp that each reader sees in their own time zone.
pub fn timestamp(unix: i64) -> String {
    format!("<t:{unix}:f> (<t:{unix}:R>)")
}

/// Where a place is, for lists, in the reader's language: a channel link or "the bot's DMs".
pub fn place_words(place: &Place) -> Text {
    match place {
        Place::Channel { channel, .. } => Text::verbatim(format!("<#{channel}>")),
        Place::Dm { .. } => msg!("views-bot-dms").into(),
    }
}

/// How a game ended, as stored, in the reader's language (`ResultReason::words` in
/// English: `front row emptied`, `agreed draw`, `on time`, ...).
pub fn reason_words(reason: ResultReason) -> Msg {
    match reason {
        ResultReason::FrontRowEmptied => words::end_reason(EndReason::FrontRowEmptied),
        ResultReason::NoLegalMove => words::end_reason(EndReason::NoLegalMove),
        ResultReason::NeverEndingMove => words::end_reason(EndReason::NeverEndingMove),
        ResultReason::Resignation => msg!("views-reason-resignation"),
        ResultReason::Timeout => msg!("views-reason-timeout"),
        ResultReason::AgreedDraw => msg!("views-reason-agreed-draw"),
        ResultReason::Abort => msg!("views-reason-abort"),
        ResultReason::Abandoned => msg!("views-reason-abandoned"),
        ResultReason::Declined => msg!("views-reason-declined"),
        ResultReason::Expired => msg!("views-reason-expired"),
        ResultReason::OutOfTime => msg!("views-reason-out-of-time"),
        ResultReason::NoFirstMove => msg!("views-reason-no-first-move"),
    }
}

/// The button that plays `mv` by the id `id`, labelled in `lang` (`A4 ← capture`,
/// `A4 ← kula`): captures stand out.
pub fn move_button(mv: &Move, id: ButtonId, lang: Lang) -> Button {
    Button {
        id: id.to_string(),
        label: words::move_words(lang).label(mv),
        style: if mv.kind == MoveKind::Capture {
            ButtonStyle::Primary
        } else {
            ButtonStyle::Secondary
        },
    }
}

impl App {
    /// Who looks at the board: the caller if they play (South for a caller who wants South's
    /// rows at the bottom, `/bao prefs`), else the side to move.
    pub(super) fn viewer(&self, game: &Game, pos: &Position, caller: Option<&super::User>) -> Side {
        match caller.and_then(|u| game.side_of(u.id).map(|s| (u, s))) {
            Some((u, side)) => match self.orientation_of(u.id) {
                Ok(crate::vocab::Orientation::South) => Side::South,
                _ => side,
            },
            None => pos.turn(),
        }
    }

    /// The line under a move description: who is to move and by when, or the result (with
    /// the game's page, when the bot has a public address).
    pub(super) fn status_line(&self, game: &Game, pos: &Position) -> Text {
        let mut line = self.status_words(game, pos);
        if let (false, Some(link)) = (game.status.is_ongoing(), self.game_page_line(game)) {
            line.line(link);
        }
        line
    }

    fn status_words(&self, game: &Game, pos: &Position) -> Text {
        let named = |m: Msg, side: Side| {
            m.arg("name", self.side_name(game, side))
                .arg("side", words::side(side))
        };
        let said: Msg = match game.status {
            GameStatus::Finished => match (game.winner, game.reason) {
                (Some(w), Some(ResultReason::OutOfTime)) => named(msg!("views-wins-on-time"), w),
                (Some(w), Some(r)) => {
                    named(msg!("views-wins-because"), w).arg("reason", reason_words(r))
                }
                (Some(w), None) => named(msg!("views-wins"), w),
                (None, Some(r)) => msg!("views-no-winner-because", reason = reason_words(r)),
                (None, None) => msg!("views-over"),
            },
            GameStatus::Aborted => match game.reason {
                Some(r) => msg!("views-stopped-because", reason = reason_words(r)),
                None => msg!("views-stopped"),
            },
            GameStatus::Pending => msg!("views-waiting"),
            GameStatus::Active => {
                let side = pos.turn();
                let name = self.side_name(game, side);
                let who = mention(game.player(side), &name);
                let by: Text = game
                    .deadline
                    .map(|d| msg!("views-by", when = timestamp(d)).into())
                    .unwrap_or_default();
                let draw: Text = match game.draw_offered_by {
                    Some(s) => msg!("views-offers-draw", name = self.side_name(game, s)).into(),
                    None => Text::new(),
                };
                msg!(
                    "views-to-move",
                    who = who,
                    side = words::side(side),
                    phase = pos.phase().to_string(),
                    by = by,
                    draw = draw
                )
            }
        };
        said.into()
    }

    /// How `game` ended, as stored (finished games only; an aborted game has no result).
    pub(super) fn ending(game: &Game, lang: Lang) -> Option<(Option<Side>, String)> {
        match (game.status, game.reason) {
            (GameStatus::Finished, Some(r)) => Some((game.winner, reason_words(r).render(lang))),
            _ => None,
        }
    }

    /// The position to draw for `game` at `pos` and the picture's options: the stored end
    /// reason in the banner (never one worked out from the board), the deadline or the
    /// result under the board.
    pub(super) fn picture(
        &self,
        game: &Game,
        pos: &Position,
        trace: Option<Trace>,
        viewer: Side,
    ) -> (Position, RenderOptions) {
        let names = [
            self.side_name(game, Side::South),
            self.side_name(game, Side::North),
        ];
        let lang = self.picture_lang(&game.place);
        let result_text = match (game.status, game.reason) {
            (GameStatus::Finished | GameStatus::Aborted, Some(r)) => {
                Some(reason_words(r).render(lang))
            }
            _ => None,
        };
        let caption = match (game.status, game.deadline, game.winner) {
            (GameStatus::Active, Some(d), _) => Some(msg!(
                "picture-caption-deadline",
                name = &names[pos.turn().index()],
                when = utc(d, lang)
            )),
            // A draw or an abandonment leaves a running position: say that it is over.
            (GameStatus::Finished, _, None) => Some(msg!("picture-caption-no-winner")),
            (GameStatus::Aborted, _, _) => Some(msg!("picture-caption-stopped")),
            _ => None,
        }
        .map(|m| m.render(lang));
        let shown = match (game.status, game.winner, pos.winner()) {
            // Resignation, timeout: the rules position is still running.
            (GameStatus::Finished, Some(w), None) => pos.with_winner(w),
            _ => *pos,
        };
        let options = RenderOptions {
            viewer,
            highlight: trace.is_some(),
            trace,
            names: Some(names.map(|n| n.render(lang))),
            ply: Some(game.ply),
            result_text,
            caption,
            ratings: self.header_ratings(game, lang).unwrap_or_else(|e| {
                tracing::warn!(game = %game.id, "no ratings for the board header: {e}");
                None
            }),
            clocks: self.clock_faces(game, self.clock.now_ms()),
            words: super::picture_words(lang),
        };
        (shown, options)
    }

    /// A reply showing `game` at `pos`, with `text` above it: the picture (with `trace`
    /// highlighted), the text board, the status line, both clocks in a clocked game, the
    /// move buttons for a human to move, and the ping. Every view of a finished game shows its stored end reason.
    pub(super) fn board_reply(
        &self,
        game: &Game,
        pos: &Position,
        trace: Option<Trace>,
        viewer: Side,
        text: impl Into<Text>,
    ) -> Result<Reply, AppError> {
        let (shown, options) = self.picture(game, pos, trace, viewer);
        let png = self.pictures.board_png(&shown, &options)?;
        let mut said: Text = text.into();
        said.line(self.status_line(game, pos));
        if let Some(line) = self.clock_line(game, self.clock.now_ms()) {
            said.line(line);
        }
        if let Some(lines) = self.rating_lines(game)? {
            said.line(lines);
        }
        let mut reply = Reply::public(said);
        let ending = App::ending(game, self.picture_lang(&game.place));
        let ending = ending.as_ref().map(|(winner, reason)| Ending {
            winner: *winner,
            reason,
        });
        let active = game.status == GameStatus::Active;
        reply.board = Some(BoardView {
            current: active.then_some((game.id, game.ply)),
            picture: Some(Attachment {
                filename: format!("bao-{}-ply-{}.png", game.id, game.ply),
                bytes: png,
            }),
            animation: None,
            text: Some(board_text_words(&shown, viewer, ending, &options.words)),
        });
        if active {
            let to_move = game.player(pos.turn());
            if let Some(Player::Human(id)) = to_move {
                // `/bao prefs notify:off`: named, but not pinged.
                let quiet = matches!(
                    self.store.player(*id),
                    Ok(Some(p)) if p.notify == Notify::Off
                );
                reply.mention = (!quiet).then_some(*id);
                // A board is public in the game's place: its buttons in that server's language.
                let lang = self.server_lang(&game.place)?;
                reply.buttons = self.move_buttons(game, pos, lang);
            }
        }
        Ok(reply)
    }

    /// One button per legal move when they fit, and a row with the board, the move list and
    /// a draw offer.
    fn move_buttons(&self, game: &Game, pos: &Position, lang: Lang) -> Vec<Vec<Button>> {
        let legal = pos.legal_moves();
        let mut rows: Vec<Vec<Button>> = Vec::new();
        if legal.len() <= MAX_MOVE_BUTTONS {
            for chunk in legal.chunks(5) {
                rows.push(
                    chunk
                        .iter()
                        .map(|mv| {
                            move_button(
                                mv,
                                ButtonId::new(Action::Move(mv.to_string()), game.id, game.ply),
                                lang,
                            )
                        })
                        .collect(),
                );
            }
        }
        let mut last = vec![Button {
            id: ButtonId::new(Action::Moves, game.id, game.ply).to_string(),
            label: msg!("views-button-moves", n = legal.len()).render(lang),
            style: ButtonStyle::Secondary,
        }];
        let against_ai = game.south.as_ref().is_some_and(Player::is_ai)
            || game.north.as_ref().is_some_and(Player::is_ai);
        if !against_ai {
            let label = if game.draw_offered_by.is_some() {
                msg!("views-button-accept-draw")
            } else {
                msg!("views-button-offer-draw")
            };
            last.push(Button {
                id: ButtonId::new(Action::Draw, game.id, game.ply).to_string(),
                label: label.render(lang),
                style: ButtonStyle::Success,
            });
            if game.draw_offered_by.is_some() {
                last.push(Button {
                    id: ButtonId::new(Action::DeclineDraw, game.id, game.ply).to_string(),
                    label: msg!("views-button-decline-draw").render(lang),
                    style: ButtonStyle::Danger,
                });
            }
        }
        rows.push(last);
        rows
    }
}

/// `Tue 2026-12-01 14:00` style UTC time for the picture caption and the console (Discord
/// timestamps do not render in images), its weekday in `lang`.
pub fn utc(unix: i64, lang: Lang) -> String {
    match time::OffsetDateTime::from_unix_timestamp(unix) {
        Ok(at) => {
            format!(
                "{} {:04}-{:02}-{:02} {:02}:{:02}",
                msg!("weekday", day = at.weekday().number_from_monday()).render(lang),
                at.year(),
                u8::from(at.month()),
                at.day(),
                at.hour(),
                at.minute()
            )
        }
        // Beyond the year 9999: only a corrupt store holds such a time.
        Err(_) => format!("{unix} (unix seconds)"),
    }
}

/// The answer to `/bao prefs notify`.
pub fn notify_text(mode: Notify) -> Msg {
    match mode {
        Notify::Dm => msg!("views-notify-dm"),
        Notify::Mention => msg!("views-notify-mention"),
        Notify::Off => msg!("views-notify-off"),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::app::{ManualClock, Settings};
    use crate::store::{GameEnd, NewGame, ResultReason, Store, UserId};

    #[test]
    fn every_view_of_a_finished_game_shows_its_stored_reason() {
        let store = Arc::new(Store::open_in_memory().unwrap());
        let app = App::new(
            store.clone(),
            Arc::new(ManualClock::new(0)),
            Settings::default(),
        );
        let ways = [
            (Some(Side::South), ResultReason::FrontRowEmptied),
            (Some(Side::North), ResultReason::NoLegalMove),
            (Some(Side::South), ResultReason::NeverEndingMove),
            (Some(Side::North), ResultReason::Resignation),
            (Some(Side::South), ResultReason::Timeout),
            (None, ResultReason::AgreedDraw),
            (None, ResultReason::Abandoned),
        ];
        for (n, (winner, reason)) in ways.into_iter().enumerate() {
            let place = Place::Channel {
                guild: 1,
                channel: n as u64,
            };
            let game = store
                .start_game(&NewGame {
                    place,
                    variant: Default::default(),
                    start_position: Position::default().to_string(),
                    south: Player::Human(UserId(1)),
                    north: Player::Human(UserId(2)),
                    time_per_move: None,
                    now: 0,
                    deadline: None,
                })
                .unwrap();
            // The board itself says nothing of how the game ended (a running position).
            let end = GameEnd { winner, reason };
            let game = store.finish_game(game.id, 0, end, 1).unwrap();
            let pos: Position = game.position.parse().unwrap();
            let words = reason.words();
            let (shown, picture) = app.picture(&game, &pos, None, Side::South);
            assert_eq!(picture.result_text.as_deref(), Some(words.as_str()));
            assert_eq!(shown.winner(), winner);
            if winner.is_none() {
                assert_eq!(picture.caption.as_deref(), Some("Game over: no winner"));
            }
            let reply = app.board_reply(&game, &pos, None, Side::South, "").unwrap();
            let text = reply.text_board().expect("a text board");
            let last = text.lines().last().unwrap_or_default().to_string();
            let want = match winner {
                Some(w) => format!("{} wins: {words}", w.name()),
                None => format!("Game over, no winner: {words}"),
            };
            assert_eq!(last, want, "{reason:?}");
            assert!(reply.text.contains(&words), "{reason:?}: {}", reply.text);
            assert!(app.status_line(&game, &pos).contains(&words));
        }
    }
}
