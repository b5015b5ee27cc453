//! The tournament page of the web front end, `/t/ID`, transport-free: standings with
//! their tie-breaks, the crosstable and the pairings of every round, each result linked to
//! its game's page. Access follows the event's channel as for games (see
//! [`super::web_link`]).

use serde::Serialize;

use crate::i18n::words;
use crate::i18n::{Lang, Msg, Text};
use crate::msg;
use crate::store::{entrants_of, Board, Event, EventId, EventStatus, Game};
use crate::tournament::crosstable::crosstable_in;
use crate::tournament::standings::standings;
use crate::tournament::{Outcome, Pairing};

use super::web_link::{event_path, game_path, game_visibility, place_visibility, Visibility};
use super::{App, AppError, GameId};

/// What `/t/ID` shows, its texts said in [`EventPage::lang`] (unescaped: the front end
/// escapes).
#[derive(Debug, Clone, Serialize)]
pub struct EventPage {
    /// The page's language: the one asked for, else the event's server's.
    #[serde(skip)]
    pub lang: Lang,
    /// The event's id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// `Bao la Kiswahili, Swiss, 5 rounds, 1 day per move`.
    pub about: String,
    /// `running, round 2 of 5`.
    pub status: String,
    /// The crosstable's column heads.
    pub columns: Vec<String>,
    /// Which columns hold numbers (right-aligned).
    pub numeric: Vec<bool>,
    /// The crosstable's rows, best first.
    pub rows: Vec<Vec<Cell>>,
    /// What the tie-break columns mean.
    pub footer: Vec<String>,
    /// The pairings, round by round.
    pub rounds: Vec<RoundView>,
    /// Whether the event is private (its page kept out of search engines).
    pub private: bool,
    /// The page's own path, with its token when private (`/t/3?k=…`).
    pub path: String,
}

/// One cell of the crosstable, linked to the game(s) behind it.
#[derive(Debug, Clone, Serialize)]
pub struct Cell {
    /// What it says.
    pub text: String,
    /// The games' pages (a double round robin's cell may hold two).
    pub links: Vec<String>,
}

/// One round's pairings.
#[derive(Debug, Clone, Serialize)]
pub struct RoundView {
    /// The round, from 1.
    pub round: u32,
    /// Its boards.
    pub boards: Vec<PairingView>,
}

/// One board of a round.
#[derive(Debug, Clone, Serialize)]
pub struct PairingView {
    /// The board's number.
    pub board: u32,
    /// South's player.
    pub south: String,
    /// North's player (`None`: a bye or sitting out).
    pub north: Option<String>,
    /// `1-0`, `½-½`, `bye`, `in play`.
    pub result: String,
    /// The game's page, when a game was played.
    pub link: Option<String>,
}

impl App {
    /// The event `id` as the web may show it to someone holding `token`, or `None`.
    pub fn web_event(&self, id: i64, token: Option<&str>) -> Result<Option<Event>, AppError> {
        if id <= 0 {
            return Ok(None);
        }
        let Some(event) = self.store.event(EventId(id))? else {
            return Ok(None);
        };
        match place_visibility(&self.store, &event.place(), None)? {
            Visibility::Public => Ok(Some(event)),
            Visibility::Private => {
                let Some(key) = self.web_key()? else {
                    return Ok(None);
                };
                Ok(token.filter(|t| key.is_event_token(id, t)).map(|_| event))
            }
        }
    }

    /// What `/t/ID` shows, in `asked` or the event's server's language (see
    /// [`App::web_lang`]), or `None` (see [`App::web_event`]).
    pub fn web_event_page(
        &self,
        id: i64,
        token: Option<&str>,
        asked: Option<Lang>,
    ) -> Result<Option<EventPage>, AppError> {
        let Some(event) = self.web_event(id, token)? else {
            return Ok(None);
        };
        let lang = self.web_lang(&event.place(), asked)?;
        let players = self.store.event_players(event.id)?;
        let entrants = entrants_of(&players);
        let boards = self.store.event_boards(event.id)?;
        let pairings: Vec<Pairing> = boards.iter().map(|b| b.pairing).collect();
        let rows = standings(entrants.len(), &pairings).unwrap_or_default();
        let table = crosstable_in(
            &event.spec.name,
            event.spec.format,
            &entrants,
            &pairings,
            &rows,
            &super::picture_words::crosstable_words(event.spec.format, entrants.len(), lang),
        );
        let grid = table.columns.len() == rows.len() + 5;
        // A private game's link (its token) only for a reader with the right to a private
        // event; a public event's reader sees a private game unlinked.
        let event_private =
            place_visibility(&self.store, &event.place(), None)? == Visibility::Private;
        let link = |game: Option<GameId>| -> Result<Option<String>, AppError> {
            let Some(g) = game else { return Ok(None) };
            let Some(game) = self.store.game(g)? else {
                return Ok(None);
            };
            if !event_private && game_visibility(&self.store, &game)? == Visibility::Private {
                return Ok(None);
            }
            self.web_game_path(&game)
        };
        let mut cells = Vec::with_capacity(table.rows.len());
        for (i, (row, s)) in table.rows.iter().zip(&rows).enumerate() {
            let mut out = Vec::with_capacity(row.cells.len());
            for (k, text) in row.cells.iter().enumerate() {
                // Result columns start after `#` and `Player`; three tie-break columns end.
                let games: Vec<&Board> = if k < 2 || k + 3 >= row.cells.len() {
                    Vec::new()
                } else if grid {
                    let other = rows.get(k - 2).map(|o| o.entrant);
                    boards
                        .iter()
                        .filter(|b| {
                            i != k - 2
                                && b.pairing.involves(s.entrant)
                                && b.pairing.opponent_of(s.entrant) == other
                        })
                        .collect()
                } else {
                    let round = (k - 1) as u32;
                    boards
                        .iter()
                        .filter(|b| b.pairing.round == round && b.pairing.involves(s.entrant))
                        .collect()
                };
                let mut links = Vec::new();
                for b in games {
                    links.extend(link(b.game)?);
                }
                out.push(Cell {
                    text: text.clone(),
                    links,
                });
            }
            cells.push(out);
        }
        let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
        let name = |seed: usize| names.get(seed).cloned().unwrap_or_else(|| "?".into());
        let mut rounds: Vec<RoundView> = Vec::new();
        for b in &boards {
            if rounds.last().is_none_or(|r| r.round != b.pairing.round) {
                rounds.push(RoundView {
                    round: b.pairing.round,
                    boards: Vec::new(),
                });
            }
            let result = match b.pairing.outcome {
                Some(Outcome::Bye) => msg!("table-bye").render(lang),
                Some(o) => o.score_text().to_string(),
                None if b.pairing.north.is_none() => msg!("web-sits-out").render(lang),
                None => msg!("web-in-play").render(lang),
            };
            let view = PairingView {
                board: b.pairing.board,
                south: name(b.pairing.south),
                north: b.pairing.north.map(name),
                result,
                link: link(b.game)?,
            };
            if let Some(r) = rounds.last_mut() {
                r.boards.push(view);
            }
        }
        let status = match event.status {
            EventStatus::Signup => msg!("web-event-signup", n = players.len()),
            other => msg!(
                "web-event-status",
                status = super::commands::tournament::status_words(other),
                round = event.rounds_paired,
                rounds = event.spec.format.rounds(entrants.len())
            ),
        };
        let about = Text::join(
            [
                super::web_view::game_name_msg(
                    event.spec.variant,
                    super::commands::rule_set_of(&event),
                ),
                super::commands::format_words(event.spec.format).into(),
                match event.spec.time_per_move {
                    Some(t) => msg!("web-per-move", span = words::span(t, false)),
                    None => msg!("web-no-time-limit"),
                }
                .into(),
            ],
            ", ",
        );
        Ok(Some(EventPage {
            lang,
            id: event.id.0,
            name: event.spec.name.clone(),
            about: about.render(lang),
            status: status.render(lang),
            columns: table.columns.iter().map(|c| c.header.clone()).collect(),
            numeric: table.columns.iter().map(|c| c.numeric).collect(),
            rows: cells,
            footer: table.footer.clone(),
            rounds,
            private: event_private,
            path: self
                .web_event_path(&event)?
                .unwrap_or_else(|| format!("/t/{}", event.id.0)),
        }))
    }

    /// The page path of `game` with its token when private, or `None` when there is no key
    /// to make a private link with.
    pub(in crate::app) fn web_game_path(&self, game: &Game) -> Result<Option<String>, AppError> {
        let visibility = game_visibility(&self.store, game)?;
        match (visibility, self.web_key()?) {
            (_, Some(key)) => Ok(Some(game_path(&key, game.id, visibility))),
            (Visibility::Public, None) => Ok(Some(format!("/g/{}", game.id))),
            (Visibility::Private, None) => Ok(None),
        }
    }

    /// The page path of `event` with its token when private.
    pub(in crate::app) fn web_event_path(&self, event: &Event) -> Result<Option<String>, AppError> {
        let visibility = place_visibility(&self.store, &event.place(), None)?;
        match (visibility, self.web_key()?) {
            (_, Some(key)) => Ok(Some(event_path(&key, event.id.0, visibility))),
            (Visibility::Public, None) => Ok(Some(format!("/t/{}", event.id.0))),
            (Visibility::Private, None) => Ok(None),
        }
    }

    /// The event `game` was played in, for its page: `Spring cup, round 2` and the event's
    /// page (with its token when private).
    pub(in crate::app) fn web_event_of(
        &self,
        game: &Game,
    ) -> Result<Option<(Msg, String)>, AppError> {
        let Some((id, round, _board)) = self.store.board_of_game(game.id)? else {
            return Ok(None);
        };
        let Some(event) = self.store.event(id)? else {
            return Ok(None);
        };
        // A private event's link (its token) only for a reader with the right to a private
        // game; a public game's reader is not shown a private event.
        if place_visibility(&self.store, &event.place(), None)? == Visibility::Private
            && game_visibility(&self.store, game)? == Visibility::Public
        {
            return Ok(None);
        }
        Ok(self.web_event_path(&event)?.map(|path| {
            (
                msg!(
                    "web-event-round",
                    name = Text::name(&event.spec.name),
                    round = round
                ),
                path,
            )
        }))
    }
}
