//! An event's rounds as the players see them: the pairings posted and each player pinged
//! with their side, each game's thread, the next round once the last game of a round ends
//! (or at the round's deadline), and the winner with the final crosstable.
//!
//! The store decides (pairing a round is one transaction, and asking twice pairs once);
//! this file only tells. Results reach the boards inside the store, in the transaction
//! that ends each game, so nothing here counts a point.

use crate::i18n::Text;
use crate::msg;
use crate::store::{
    Board, Event, EventId, EventStatus, Game, GameEnd, ResultReason, RoundOutcome, StoreError,
};
use crate::tournament::halves_text;

use crate::app::view::mention;
use crate::app::{App, AppError, Destination, Effect, Notice, Reply, ThreadPlan, UserId};
use crate::store::Player;

impl App {
    /// A board in words: `Board 1: @asha (South) v @baraka (North), game 12 · 1-0`.
    pub(super) fn board_line(&self, b: &Board) -> Text {
        let who = |u: UserId| mention(Some(&Player::Human(u)), "");
        let result = b
            .pairing
            .outcome
            .map(|o| format!(" · {}", o.score_text()))
            .unwrap_or_default();
        match b.north {
            Some(n) => {
                let mut line = Text::from(msg!(
                    "event-board",
                    board = b.pairing.board,
                    south = who(b.south),
                    north = who(n)
                ));
                if let Some(g) = b.game {
                    line.push(msg!("event-board-game", game = g.to_string()));
                }
                line.then(result)
            }
            None if b.pairing.outcome == Some(crate::tournament::Outcome::Bye) => {
                msg!("event-bye", who = who(b.south)).into()
            }
            None => msg!("event-sits-out", who = who(b.south)).into(),
        }
    }

    /// What a round's pairing (or the event's end) tells: the boards for the channel (with
    /// a thread to open for each game), and a ping for each player with their side.
    pub(super) fn round_notices(
        &self,
        id: EventId,
        outcome: RoundOutcome,
    ) -> Result<Vec<Notice>, AppError> {
        let Some(event) = self.store.event(id)? else {
            return Ok(Vec::new());
        };
        match outcome {
            RoundOutcome::Paired { round, boards } => {
                Ok(self.paired_notices(&event, round, &boards))
            }
            RoundOutcome::Finished | RoundOutcome::TooFew(_) => self.final_notices(&event),
            RoundOutcome::Waiting { .. } | RoundOutcome::NotRunning(_) => Ok(Vec::new()),
        }
    }

    fn paired_notices(&self, event: &Event, round: u32, boards: &[Board]) -> Vec<Notice> {
        let place = event.place();
        let first_game = boards
            .iter()
            .find_map(|b| b.game)
            .unwrap_or(crate::app::GameId(0));
        // Public messages in the event's channel: the server's language (set here, as the
        // clock's tick posts them too). English if the store cannot say.
        let lang = self.server_lang(&place).unwrap_or_default();
        let mut lines: Vec<Text> = vec![msg!(
            "event-round-of",
            round = round,
            title = super::tournament::title(event)
        )
        .into()];
        lines.extend(boards.iter().map(|b| self.board_line(b)));
        lines.extend(self.event_page_line(event).map(Text::from));
        let mut announce = Reply::public(Text::one_per_line(lines));
        announce.lang = Some(lang);
        for b in boards {
            if let (Some(game), Some(north)) = (b.game, b.north) {
                let (s, n) = (
                    self.name(Some(&Player::Human(b.south))),
                    self.name(Some(&Player::Human(north))),
                );
                announce.effects.push(Effect::OpenThread(ThreadPlan {
                    game,
                    parent: place,
                    message: 0,
                    name: super::threads::thread_name(&s, &n, event.spec.variant),
                }));
            }
        }
        let mut notices = vec![Notice {
            to: Destination::Place(place),
            user: event.spec.creator,
            game: first_game,
            reply: announce,
        }];
        for b in boards {
            let pings: Vec<(UserId, crate::i18n::Msg)> = match (b.north, b.game) {
                (Some(n), Some(game)) => vec![
                    (
                        b.south,
                        msg!(
                            "event-you-play-south",
                            opponent = self.name(Some(&Player::Human(n))),
                            game = game.to_string()
                        ),
                    ),
                    (
                        n,
                        msg!(
                            "event-you-play-north",
                            opponent = self.name(Some(&Player::Human(b.south))),
                            game = game.to_string()
                        ),
                    ),
                ],
                (None, _) => vec![(
                    b.south,
                    match b.pairing.outcome {
                        Some(crate::tournament::Outcome::Bye) => msg!("event-you-have-the-bye"),
                        _ => msg!("event-you-sit-out"),
                    },
                )],
                _ => Vec::new(),
            };
            for (user, what) in pings {
                let mut reply = Reply::public(msg!(
                    "event-ping",
                    who = mention(Some(&Player::Human(user)), ""),
                    round = round,
                    title = super::tournament::title(event),
                    what = what
                ));
                reply.lang = Some(lang);
                reply.mention = Some(user);
                notices.push(Notice {
                    to: Destination::Place(place),
                    user,
                    game: b.game.unwrap_or(first_game),
                    reply,
                });
            }
        }
        notices
    }

    /// The winner and the final crosstable, posted in the event's channel.
    fn final_notices(&self, event: &Event) -> Result<Vec<Notice>, AppError> {
        let lang = self.server_lang(&event.place())?;
        let reply = match self.standings_reply(event, true, lang) {
            Ok(r) => r.reply,
            Err(_) => return Ok(Vec::new()),
        };
        let players = self.store.event_players(event.id)?;
        let entrants = crate::store::entrants_of(&players);
        let pairings: Vec<_> = self
            .store
            .event_boards(event.id)?
            .iter()
            .map(|b| b.pairing)
            .collect();
        let rows =
            crate::tournament::standings::standings(entrants.len(), &pairings).unwrap_or_default();
        let winners: Vec<&str> = rows
            .iter()
            .filter(|r| r.place == 1)
            .map(|r| entrants[r.entrant].name.as_str())
            .collect();
        let points = rows
            .first()
            .map_or_else(String::new, |r| halves_text(r.halves));
        let mut reply = reply;
        let who = match winners.split_last() {
            Some((last, others)) if !others.is_empty() => msg!(
                "event-winners-share",
                names = msg!(
                    "word-and",
                    first = Text::join(others.iter().map(|n| Text::name(*n)), ", "),
                    last = Text::name(*last)
                )
            ),
            Some((one, _)) => msg!("event-winner", name = Text::name(*one)),
            None => msg!("event-winner", name = ""),
        };
        reply.text = msg!(
            "event-over",
            title = super::tournament::title(event),
            who = who,
            points = points.as_str(),
            one = if points == "1" { "yes" } else { "no" }
        )
        .into();
        if let Some(link) = self.event_page_line(event) {
            reply.text.line(link);
        }
        Ok(vec![Notice {
            to: Destination::Place(event.place()),
            user: event.spec.creator,
            game: crate::app::GameId(0),
            reply,
        }])
    }

    /// Pairs the next round of event `id` if its current one is complete (or ends the
    /// event), and says so.
    ///
    /// A Swiss round that cannot be paired (too few players left for the rounds) pauses
    /// the event, and the organiser is told in its channel what blocks it: the game that
    /// ended stays ended, and nothing of the round is stored.
    pub(super) fn advance_event(&self, id: EventId) -> Result<Vec<Notice>, AppError> {
        let now = self.clock.now();
        let outcome = match self.store.next_round(id, now) {
            Err(StoreError::Unpairable(why)) => {
                let event = self.store.event(id)?.ok_or(StoreError::NoSuchEvent(id))?;
                self.store.set_event_status(id, EventStatus::Paused, now)?;
                let mut reply = Reply::public(msg!(
                    "event-unpairable",
                    organiser = format!("<@{}>", event.spec.creator.0),
                    title = super::tournament::title(&event),
                    why = why.to_string()
                ));
                reply.lang = Some(self.server_lang(&event.place())?);
                reply.mention = Some(event.spec.creator);
                return Ok(vec![Notice {
                    to: Destination::Place(event.place()),
                    user: event.spec.creator,
                    game: crate::app::GameId(0),
                    reply,
                }]);
            }
            other => other?,
        };
        self.round_notices(id, outcome)
    }

    /// After `game` ended: if it was an event's game, the next round when it was the
    /// round's last.
    pub(in crate::app) fn event_game_ended(&self, game: &Game) -> Result<Vec<Notice>, AppError> {
        if game.status.is_ongoing() {
            return Ok(Vec::new());
        }
        match self.store.board_of_game(game.id)? {
            Some((event, _, _)) => self.advance_event(event),
            None => Ok(Vec::new()),
        }
    }

    /// The clock's work for events: sign-ups that close (the event starts, or is
    /// cancelled without two players), and rounds past their deadline (unfinished games
    /// drawn, then the next round).
    pub(in crate::app) fn event_tick(&self, now: i64) -> Result<Vec<Notice>, AppError> {
        let mut notices = Vec::new();
        for event in self.store.live_events()? {
            match event.status {
                EventStatus::Signup if event.spec.signup_closes_at.is_some_and(|t| now >= t) => {
                    if self.store.event_players(event.id)?.len() < 2 {
                        self.store
                            .set_event_status(event.id, EventStatus::Cancelled, now)?;
                        let mut reply = Reply::public(msg!(
                            "event-signup-too-few",
                            title = super::tournament::title(&event)
                        ));
                        reply.lang = Some(self.server_lang(&event.place())?);
                        super::tournament::signup_over(&event, &mut reply);
                        notices.push(Notice {
                            to: Destination::Place(event.place()),
                            user: event.spec.creator,
                            game: crate::app::GameId(0),
                            reply,
                        });
                        continue;
                    }
                    let outcome = self.store.start_event(event.id, now)?;
                    let mut round = self.round_notices(event.id, outcome)?;
                    if let Some(first) = round.first_mut() {
                        super::tournament::signup_over(&event, &mut first.reply);
                    }
                    notices.extend(round);
                }
                EventStatus::Running => {
                    if self
                        .store
                        .round_deadline(event.id)?
                        .is_some_and(|d| now >= d)
                    {
                        for game in self.store.event_games_unfinished(event.id)? {
                            let ended = self.store.finish_game(
                                game.id,
                                game.ply,
                                GameEnd {
                                    winner: None,
                                    reason: ResultReason::Abandoned,
                                },
                                now,
                            )?;
                            notices.extend(self.thread_end(&ended)?);
                        }
                    }
                    notices.extend(self.advance_event(event.id)?);
                }
                _ => {}
            }
        }
        Ok(notices)
    }
}
