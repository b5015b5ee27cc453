//! The game commands: challenges, moves (and the AI's answers), resigning, draws, aborts,
//! claims, boards, move lists, histories and game lists.

use std::time::Duration;

use crate::ai::{level_move, Level};
use crate::rules::{join_moves, MoveError, MoveSpec, Position, Side, Trace, Variant, MOVE_FORM};
use crate::store::{
    Game, GameEnd, GameFilter, GameStatus, NewChallenge, NewGame, NewMove, Notify, Orientation,
    Place, Player, ResultReason, SideChoice, StoreError,
};

use super::buttons::{Action, ButtonId};
use super::parse::{span, time_per_move};
use super::refusal::{refuse, Answer};
use super::types::{Attachment, Button, ButtonStyle, Destination, Notice, Reply, Response, User};
use super::view::{mention, place_link, timestamp};
use super::{shown_board, App, AppError};

/// Plies after which a game can no longer be aborted: each side has moved twice.
const ABORT_BEFORE_PLY: u32 = 4;

/// A move just played, for the reply.
struct Played {
    name: String,
    trace: Trace,
}

impl App {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn challenge(
        &self,
        user: &User,
        place: &Place,
        opponent: &User,
        variant: Option<crate::rules::Variant>,
        side: Option<SideChoice>,
        time: Option<String>,
        rules: Option<crate::rules::RuleSet>,
        rated: Option<bool>,
        hints: Option<bool>,
    ) -> Answer {
        if place.is_dm() {
            return Err(refuse(
                "Challenges are made in a server channel, where both players can see the board. Here you can play the AI: `/bao ai`.",
            ));
        }
        if opponent.id == user.id {
            return Err(refuse(
                "You cannot challenge yourself. Challenge someone else, or play the AI with `/bao ai`.",
            ));
        }
        if opponent.bot {
            return Err(refuse(format!(
                "{} is a bot and cannot play. To play the built-in AI use `/bao ai`.",
                opponent.name
            )));
        }
        if let Some(refusal) = self.thread_refusal(place)? {
            return Err(refusal.into());
        }
        let config = self.server_config(place)?;
        let time_per_move = match time {
            Some(t) => match time_per_move(&t) {
                Ok(t) => t,
                Err(e) => return Err(refuse(e)),
            },
            None => config.time_per_move,
        };
        let hints = hints.unwrap_or(false);
        if hints && rated == Some(true) {
            return Err(refuse(
                "Hints are only for unrated games: write `rated:false hints:true` for a casual \
                 game with hints, or leave hints out for a rated game.",
            ));
        }
        // In thread placement the game gets a thread of its own once accepted, so the
        // challenge does not hold the channel: any number may wait there.
        let in_thread = self.settings.threads
            && !place.is_dm()
            && config.placement == super::settings::Placement::Thread;
        if in_thread {
            if let Some(refusal) = self.same_challenge_waiting(place, user, opponent)? {
                return Err(refusal.into());
            }
        } else if let Some(existing) = self.store.game_in(place)? {
            return Err(refuse(busy_text(&existing)));
        }
        if let Some(refusal) = self.may_start_here(place, &config, &[user, opponent])? {
            return Err(refusal.into());
        }
        let now = self.clock.now();
        self.store.upsert_player(opponent.id, &opponent.name, now)?;
        let variant = variant.unwrap_or(config.variant);
        let rules = rules.unwrap_or(config.rules);
        let side = side.unwrap_or(SideChoice::Random);
        let new = NewChallenge {
            place: *place,
            variant,
            start_position: Position::start(variant).with_rules(rules).to_string(),
            challenger: user.id,
            challenged: opponent.id,
            challenger_side: side,
            time_per_move,
            now,
            expires_at: now + self.settings.challenge_ttl,
            // Asking for hints makes the game casual unless it says otherwise.
            rated: match rated {
                Some(r) => r,
                None => !hints && self.server_config(place)?.rated,
            },
            hints,
        };
        let created = if in_thread {
            self.store.create_thread_challenge(&new)
        } else {
            self.store.create_challenge(&new)
        };
        let game = match created {
            Ok(g) => g,
            Err(StoreError::PlaceTaken { .. }) => {
                return Err(refuse(
                    "A game is already running or waiting in this channel.",
                ))
            }
            Err(e) => return Err(e.into()),
        };
        let sides = match side {
            SideChoice::South => format!("{} plays South and moves first", user.name),
            SideChoice::North => format!("{} plays North", user.name),
            SideChoice::Random => "sides drawn at random".into(),
        };
        let clock = match time_per_move {
            Some(t) => format!("{} per move", span(t)),
            None => "no time limit".into(),
        };
        let hints = if new.hints { ", hints allowed" } else { "" };
        let kind = if new.rated {
            "a rated game"
        } else {
            "a casual game"
        };
        let mut reply = Reply::public(format!(
            "<@{}> ({}), {} ({}) challenges you to {kind} of Bao la {} ({sides}, {clock}, rules {}{hints}). The challenge expires {}.",
            opponent.id,
            self.rating_tag(opponent.id, place, variant, rules)?,
            user.name,
            self.rating_tag(user.id, place, variant, rules)?,
            capitalised(variant),
            rule_set_words(rules),
            timestamp(new.expires_at)
        ));
        reply.mention = Some(opponent.id);
        // Remember the challenge message, so accepting it can remove its buttons.
        reply.board = Some((game.id, 0));
        reply.buttons = vec![vec![
            Button {
                id: ButtonId::new(Action::Accept, game.id, 0).to_string(),
                label: "Accept".into(),
                style: ButtonStyle::Success,
            },
            Button {
                id: ButtonId::new(Action::Decline, game.id, 0).to_string(),
                label: "Decline".into(),
                style: ButtonStyle::Danger,
            },
        ]];
        Ok(reply.into())
    }

    pub(super) fn accept(&self, user: &User, game: Game) -> Answer {
        let Some(ch) = pending_challenge(&game) else {
            return Err(refuse(challenge_gone(&game)));
        };
        if ch.challenged != user.id {
            let text = if ch.challenger == user.id {
                "You made this challenge; only the one you challenged can accept it. `/bao abort` withdraws it."
            } else {
                "This challenge is not for you."
            };
            return Err(refuse(text));
        }
        let now = self.clock.now();
        if now > ch.expires_at {
            self.store.expire_challenges(now)?;
            return Err(refuse("This challenge has expired."));
        }
        let challenger_south = match ch.challenger_side {
            SideChoice::South => true,
            SideChoice::North => false,
            SideChoice::Random => (game.id.0 as u64 ^ now as u64).count_ones() % 2 == 0,
        };
        let (south, north) = if challenger_south {
            (Player::Human(ch.challenger), Player::Human(ch.challenged))
        } else {
            (Player::Human(ch.challenged), Player::Human(ch.challenger))
        };
        let deadline = game.time_per_move.map(|t| now + t);
        let game = self
            .store
            .accept_challenge(game.id, &south, &north, now, deadline)?;
        let pos = self.position(&game)?;
        let text = format!(
            "{} accepts. {} plays South, {} plays North.",
            user.name,
            self.side_name(&game, Side::South),
            self.side_name(&game, Side::North)
        );
        if let Some(plan) = self.thread_plan(&game)? {
            // The board goes to the game's thread once the front end has opened it.
            let mut reply = Reply::public(format!(
                "{text} Game {} is played in a thread of its own.",
                game.id
            ));
            reply.previous_board = shown_board(&game);
            // The challenge message starts the thread; it is no longer the game's board.
            self.store.set_board_message(game.id, None)?;
            return Ok(Response {
                reply,
                thread: Some(plan),
                ..Response::default()
            });
        }
        let mut reply = self.board_reply(&game, &pos, None, Side::South, &text)?;
        reply.previous_board = shown_board(&game);
        let notices = self.turn_notices(&game, &pos);
        Ok(Response {
            reply,
            notices,
            ..Response::default()
        })
    }

    pub(super) fn decline(&self, user: &User, game: Game) -> Answer {
        let Some(ch) = pending_challenge(&game) else {
            return Err(refuse(challenge_gone(&game)));
        };
        if ch.challenged != user.id && ch.challenger != user.id {
            return Err(refuse("This challenge is not for you."));
        }
        let game = self.store.decline_challenge(game.id, self.clock.now())?;
        let text = if ch.challenger == user.id {
            format!("{} withdraws the challenge.", user.name)
        } else {
            format!("{} declines the challenge.", user.name)
        };
        let mut reply = Reply::public(text);
        reply.previous_board = shown_board(&game);
        Ok(reply.into())
    }

    /// Plays `text` for `user` in `game`, then the AI's answer if the AI is to move.
    pub(super) fn play_move(&self, user: &User, game: Game, text: &str) -> Answer {
        match game.status {
            GameStatus::Pending => {
                return Err(refuse(
                    "The challenge has not been accepted yet; moves come after `/bao accept`.",
                ))
            }
            GameStatus::Finished | GameStatus::Aborted => return Err(refuse(over_text(&game))),
            GameStatus::Active => {}
        }
        let Some(side) = game.side_of(user.id) else {
            return Err(refuse(format!(
                "You are not playing in this game; only {} and {} can move.",
                self.side_name(&game, Side::South),
                self.side_name(&game, Side::North)
            )));
        };
        let pos = self.position(&game)?;
        if pos.turn() != side {
            return Err(refuse(format!(
                "It is not your turn: {} ({}) is to move.",
                self.side_name(&game, pos.turn()),
                pos.turn().name()
            )));
        }
        let spec: MoveSpec = match text.parse() {
            Ok(s) => s,
            Err(e) => {
                return Err(refuse(format!(
                    "{e}. Legal moves now: {}.",
                    join_moves(&pos.legal_moves())
                )))
            }
        };
        let mv = match pos.find_move(&spec) {
            Ok(mv) => mv,
            Err(MoveError::Illegal(e)) => return Err(refuse(e.to_string())),
            Err(e) => return Err(refuse(e.to_string())),
        };
        let previous_board = shown_board(&game);
        let before = pos;
        let player = Player::Human(user.id);
        let (mut game, mut pos, first) = match self.record(&game, &pos, &mv, &player)? {
            Ok(done) => done,
            // The game ended meanwhile (a resignation, a claim): the move comes too late.
            Err(current) if !current.status.is_ongoing() => {
                return Err(refuse(over_text(&current)))
            }
            Err(current) => return self.board_changed(user, &current),
        };
        let mut played = vec![Played {
            name: user.name.clone(),
            trace: first,
        }];
        if let Some((g, p, ai)) = self.ai_turn(&game, &pos)? {
            game = g;
            pos = p;
            played.push(ai);
        }
        let mut text = played
            .iter()
            .map(|p| format!("{}: {}", p.name, p.trace.describe()))
            .collect::<Vec<_>>()
            .join("\n");
        if let Some(hint) = self.ladder_hint(&game)? {
            text = format!("{text}\n{hint}");
        }
        let viewer = match game.player(pos.turn()) {
            Some(Player::Human(_)) if game.status == GameStatus::Active => pos.turn(),
            _ => side,
        };
        let moves: Vec<_> = played.iter().map(|p| p.trace.mv).collect();
        let last = played.pop().map(|p| p.trace);
        let mut reply = self.board_reply(&game, &pos, last.clone(), viewer, &text)?;
        reply.previous_board = previous_board;
        if self.animates(user.id, &game.place)? {
            // The player's move and the AI's reply in one animation ending on the board.
            let (_, opts) = self.picture(&game, &pos, last, viewer);
            reply.animation = self.move_animation(&game, &before, &moves, &opts);
        }
        let mut notices = self.turn_notices(&game, &pos);
        notices.extend(self.thread_end(&game)?);
        Ok(Response {
            reply,
            notices,
            ..Response::default()
        })
    }

    /// Plays `mv` (legal in `pos`) for `by` and records it; `Err(game)` when the board changed
    /// meanwhile.
    #[allow(clippy::type_complexity)]
    fn record(
        &self,
        game: &Game,
        pos: &Position,
        mv: &crate::rules::Move,
        by: &Player,
    ) -> Result<Result<(Game, Position, Trace), Game>, AppError> {
        let (next, trace) = match pos.play(mv) {
            Ok(done) => done,
            Err(e) => {
                return Err(AppError::Corrupt {
                    game: game.id,
                    detail: format!("a checked move was refused: {e}"),
                })
            }
        };
        let now = self.clock.now();
        let end = next.winner().map(|w| GameEnd {
            winner: Some(w),
            reason: ResultReason::from_rules(
                trace
                    .game_end()
                    .map(|(_, r)| r)
                    .or(next.end_reason())
                    .unwrap_or(crate::rules::EndReason::NoLegalMove),
            ),
        });
        let deadline = match end {
            None => game.time_per_move.map(|t| now + t),
            Some(_) => None,
        };
        let text = mv.to_string();
        let after = next.to_string();
        let new = NewMove {
            text: &text,
            by,
            position_after: &after,
            now,
            deadline,
            end,
        };
        match self.store.record_move(game.id, game.ply, &new) {
            Ok(g) => Ok(Ok((g, next, trace))),
            Err(e @ (StoreError::BoardChanged { .. } | StoreError::WrongStatus { .. })) => {
                Ok(Err(self.lost_race(e)?))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// If the AI is to move in `game`, lets it choose and records its move.
    fn ai_turn(
        &self,
        game: &Game,
        pos: &Position,
    ) -> Result<Option<(Game, Position, Played)>, AppError> {
        if game.status != GameStatus::Active {
            return Ok(None);
        }
        let Some(Player::Ai { level }) = game.player(pos.turn()).cloned() else {
            return Ok(None);
        };
        let level: Level = level.parse().unwrap_or(Level::Medium);
        let cap = self.settings.ai_wall_caps[level.index()];
        let seed = (game.id.0 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ game.ply as u64;
        let choice = {
            let _slot = self.ai.acquire();
            level_move(pos, level, cap.max(Duration::from_millis(10)), seed)
        };
        let mv = match choice {
            Some(r) => r.mv,
            None => match pos.legal_moves().first() {
                Some(mv) => *mv,
                None => return Ok(None),
            },
        };
        let ai = Player::Ai {
            level: level.to_string(),
        };
        match self.record(game, pos, &mv, &ai)? {
            Ok((g, p, trace)) => Ok(Some((
                g,
                p,
                Played {
                    name: format!("AI ({level})"),
                    trace,
                },
            ))),
            // Someone else moved for the AI meanwhile: nothing to add.
            Err(_) => Ok(None),
        }
    }

    /// The game as it is now after a change lost a race: [`StoreError::BoardChanged`] carries
    /// it; [`StoreError::WrongStatus`] (the game ended meanwhile without a move, say by a
    /// resignation racing the winning move) means reading it again.
    fn lost_race(&self, e: StoreError) -> Result<Game, AppError> {
        match e {
            StoreError::BoardChanged { current } => Ok(*current),
            StoreError::WrongStatus { game, .. } => self
                .store
                .game(game)?
                .ok_or(AppError::Store(StoreError::NoSuchGame(game))),
            other => Err(other.into()),
        }
    }

    /// "The board changed": the move lost a race; show the current board privately.
    pub(super) fn board_changed(&self, user: &User, game: &Game) -> Answer {
        let text = "The board changed before your move arrived; here is the new position.";
        self.private_board(user, game, text, false)
    }

    /// A button on an old board was pressed: say so and show the current board privately
    /// (with its buttons, so the player can go on from there).
    pub(super) fn out_of_date(&self, user: &User, game: &Game) -> Answer {
        let text = "That board is out of date; this is the current one.";
        self.private_board(user, game, text, true)
    }

    /// The current board of `game`, shown to `user` only, pinging nobody.
    fn private_board(&self, user: &User, game: &Game, text: &str, buttons: bool) -> Answer {
        let pos = self.position(game)?;
        let viewer = self.viewer(game, &pos, Some(user));
        let mut reply = self.board_reply(game, &pos, None, viewer, text)?;
        reply.ephemeral = true;
        if !buttons || game.side_of(user.id).is_none() {
            reply.buttons.clear();
        }
        reply.mention = None;
        reply.board = None;
        Ok(reply.into())
    }

    pub(super) fn start_ai(
        &self,
        user: &User,
        place: &Place,
        level: Option<Level>,
        side: Option<SideChoice>,
        variant: Option<Variant>,
        rules: Option<crate::rules::RuleSet>,
    ) -> Answer {
        if let Some(existing) = self.store.game_in(place)? {
            return Err(refuse(busy_text(&existing)));
        }
        if let Some(refusal) = self.thread_refusal(place)? {
            return Err(refusal.into());
        }
        let config = self.server_config(place)?;
        if let Some(refusal) = self.may_start_here(place, &config, &[user])? {
            return Err(refusal.into());
        }
        let now = self.clock.now();
        let level = level.unwrap_or(Level::Medium);
        let variant = variant.unwrap_or(config.variant);
        let rules = rules.unwrap_or(config.rules);
        let human_south = match side.unwrap_or(SideChoice::South) {
            SideChoice::South => true,
            SideChoice::North => false,
            SideChoice::Random => now % 2 == 0,
        };
        let human = Player::Human(user.id);
        let ai = Player::Ai {
            level: level.to_string(),
        };
        let (south, north) = if human_south {
            (human, ai)
        } else {
            (ai, human)
        };
        let new = NewGame {
            place: *place,
            variant,
            start_position: Position::start(variant).with_rules(rules).to_string(),
            south,
            north,
            time_per_move: None,
            now,
            deadline: None,
        };
        let game = match self.store.start_game(&new) {
            Ok(g) => g,
            Err(StoreError::PlaceTaken { .. }) => {
                return Err(refuse("A game is already running here."))
            }
            Err(e) => return Err(e.into()),
        };
        let mut pos = self.position(&game)?;
        let mut game = game;
        let mut trace = None;
        let mut text = format!(
            "{} plays the AI ({level}, rated {}) at Bao la {} (rules {}): {} is South.",
            user.name,
            level.rating_in(variant),
            capitalised(variant),
            rule_set_words(rules),
            if human_south { &user.name } else { "the AI" }
        );
        if let Some((g, p, played)) = self.ai_turn(&game, &pos)? {
            text.push_str(&format!("\n{}: {}", played.name, played.trace.describe()));
            game = g;
            pos = p;
            trace = Some(played.trace);
        }
        let viewer = if human_south || self.orientation_of(user.id)? == Orientation::South {
            Side::South
        } else {
            Side::North
        };
        Ok(self.board_reply(&game, &pos, trace, viewer, &text)?.into())
    }

    pub(super) fn resign(&self, user: &User, game: Game) -> Answer {
        let Some(side) = game.side_of(user.id) else {
            return Err(not_yours(&game));
        };
        require_active(
            &game,
            "The game has not started; `/bao abort` withdraws a challenge.",
        )?;
        let winner = !side;
        let end = GameEnd {
            winner: Some(winner),
            reason: ResultReason::Resignation,
        };
        self.finish(user, game, end, &format!("{} resigns.", user.name))
    }

    pub(super) fn draw(&self, user: &User, game: Game) -> Answer {
        let Some(side) = game.side_of(user.id) else {
            return Err(not_yours(&game));
        };
        require_active(&game, "There is no game running here to draw.")?;
        if game.player(!side).is_some_and(Player::is_ai) {
            return Err(refuse(
                "The AI plays on and does not accept draws; `/bao resign` ends the game.",
            ));
        }
        match game.draw_offered_by {
            Some(s) if s == side => Err(refuse(
                "You have offered a draw already; it stands until the next move.",
            )),
            Some(_) => {
                let end = GameEnd {
                    winner: None,
                    reason: ResultReason::AgreedDraw,
                };
                self.finish(user, game, end, &format!("{} accepts the draw.", user.name))
            }
            None => {
                let game = self.store.offer_draw(game.id, side, self.clock.now())?;
                let opponent = game.player(!side);
                let name = self.side_name(&game, !side);
                let mut reply = Reply::public(format!(
                    "{} offers a draw. {}, accept with `/bao draw` or the button; any move declines it.",
                    user.name,
                    mention(opponent, &name)
                ));
                reply.mention = opponent.and_then(Player::user);
                reply.buttons = vec![vec![Button {
                    id: ButtonId::new(Action::Draw, game.id, game.ply).to_string(),
                    label: "Accept draw".into(),
                    style: ButtonStyle::Success,
                }]];
                Ok(reply.into())
            }
        }
    }

    pub(super) fn abort(&self, user: &User, game: Game) -> Answer {
        if !game.involves(user.id) {
            return Err(not_yours(&game));
        }
        if !game.status.is_ongoing() {
            return Err(refuse(over_text(&game)));
        }
        if game.status == GameStatus::Active && game.ply >= ABORT_BEFORE_PLY {
            return Err(refuse(
                "Too late to abort: each side has moved twice. `/bao resign` or `/bao draw` instead.",
            ));
        }
        let game = self.store.abort_game(game.id, game.ply, self.clock.now())?;
        let mut reply = Reply::public(format!(
            "{} aborts game {}; no result is recorded.",
            user.name, game.id
        ));
        reply.previous_board = shown_board(&game);
        Ok(Response {
            reply,
            notices: self.thread_end(&game)?.into_iter().collect(),
            ..Response::default()
        })
    }

    pub(super) fn claim(&self, user: &User, game: Game) -> Answer {
        let Some(side) = game.side_of(user.id) else {
            return Err(not_yours(&game));
        };
        require_active(&game, "There is no game running here.")?;
        let pos = self.position(&game)?;
        let Some(deadline) = game.deadline else {
            return Err(refuse(
                "This game has no time limit, so there is nothing to claim.",
            ));
        };
        if pos.turn() == side {
            return Err(refuse("It is your own turn: move instead of claiming."));
        }
        let now = self.clock.now();
        if now <= deadline {
            return Err(refuse(format!(
                "{} still has time, until {}.",
                self.side_name(&game, pos.turn()),
                timestamp(deadline)
            )));
        }
        let end = GameEnd {
            winner: Some(side),
            reason: ResultReason::Timeout,
        };
        self.finish(
            user,
            game,
            end,
            &format!("{} claims the win on time.", user.name),
        )
    }

    /// Finishes `game` with `end` and shows the final board.
    fn finish(&self, user: &User, game: Game, end: GameEnd, text: &str) -> Answer {
        let previous = shown_board(&game);
        let game = self
            .store
            .finish_game(game.id, game.ply, end, self.clock.now())?;
        let pos = self.position(&game)?;
        let viewer = self.viewer(&game, &pos, Some(user));
        let text = match self.ladder_hint(&game)? {
            Some(hint) => format!("{text}\n{hint}"),
            None => text.to_string(),
        };
        let mut reply = self.board_reply(&game, &pos, None, viewer, &text)?;
        reply.previous_board = previous;
        Ok(Response {
            reply,
            notices: self.thread_end(&game)?.into_iter().collect(),
            ..Response::default()
        })
    }

    pub(super) fn show_board(&self, user: &User, game: &Game) -> Answer {
        if game.status == GameStatus::Pending {
            return Err(refuse("The challenge here has not been accepted yet."));
        }
        let pos = self.position(game)?;
        let viewer = self.viewer(game, &pos, Some(user));
        let trace = self.last_trace(game)?;
        let mut reply = self.board_reply(game, &pos, trace, viewer, "")?;
        reply.previous_board = shown_board(game);
        if game.side_of(user.id).is_none() {
            // An onlooker's board carries no buttons and pings nobody.
            reply.mention = None;
        }
        Ok(reply.into())
    }

    /// The trace of the last move, replayed from the position before it.
    pub(super) fn last_trace(&self, game: &Game) -> Result<Option<Trace>, AppError> {
        if game.ply == 0 {
            return Ok(None);
        }
        let moves = self.store.moves(game.id)?;
        let before = match moves.len() {
            0 => return Ok(None),
            1 => game.start_position.clone(),
            n => moves[n - 2].position_after.clone(),
        };
        let Ok(pos) = before.parse::<Position>() else {
            return Ok(None);
        };
        let Some(last) = moves.last() else {
            return Ok(None);
        };
        Ok(pos.play_text(&last.text).ok().map(|(_, _, t)| t))
    }

    pub(super) fn list_moves(&self, game: &Game) -> Answer {
        require_active(
            game,
            "The challenge has not been accepted yet; moves come after `/bao accept`.",
        )?;
        let pos = self.position(game)?;
        let mut lines = vec![format!(
            "Legal moves for {} ({}):",
            self.side_name(game, pos.turn()),
            pos.turn().name()
        )];
        for mv in pos.legal_moves() {
            let words = pos.play(&mv).map(|(_, t)| t.describe()).unwrap_or_default();
            lines.push(format!("`{mv}`: {words}"));
        }
        lines.push(format!("Write a move as {MOVE_FORM}."));
        Ok(Reply::private(fit(lines.join("\n"))).into())
    }

    pub(super) fn history(&self, game: &Game) -> Answer {
        if game.status == GameStatus::Pending {
            return Err(refuse("The challenge here has not been accepted yet."));
        }
        let moves = self.store.moves(game.id)?;
        let south = self.side_name(game, Side::South);
        let north = self.side_name(game, Side::North);
        let mut lines = vec![format!(
            "Game {}: {south} (South) vs {north} (North), {} moves.",
            game.id,
            moves.len()
        )];
        for pair in moves.chunks(2) {
            let n = pair[0].ply.div_ceil(2);
            let second = pair.get(1).map(|m| m.text.as_str()).unwrap_or("");
            lines.push(
                format!("{n}. {}  {second}", pair[0].text)
                    .trim_end()
                    .to_string(),
            );
        }
        let takebacks = self.store.takebacks(game.id)?;
        for t in &takebacks {
            lines.push(format!(
                "Taken back after ply {}{}: {}",
                t.to_ply,
                super::takeback::asked_words(self, t.asked_by),
                t.moves.join(", ")
            ));
        }
        let declined = super::takeback::declined_words(self, game.id)?;
        lines.extend(declined.iter().map(|d| format!("Takeback declined: {d}")));
        let pos = self.position(game)?;
        lines.push(self.status_line(game, &pos));
        let mut record = format!(
            "# bao-bot game {}: {south} (South) vs {north} (North)\n# replay with: bao-bot replay FILE\n",
            game.id
        );
        if let Some(r) = game.reason {
            record.push_str(&format!(
                "# result: {} ({})\n",
                game.winner
                    .map(|w| format!("{} wins", w.name()))
                    .unwrap_or("no winner".into()),
                r.words()
            ));
        }
        record.push_str(&format!("rules {}\n", game.rule_set));
        for t in &takebacks {
            record.push_str(&format!(
                "# taken back after ply {}{}: {}\n",
                t.to_ply,
                super::takeback::asked_words(self, t.asked_by),
                t.moves.join(", ")
            ));
        }
        for d in &declined {
            record.push_str(&format!("# takeback declined: {d}\n"));
        }
        record.push_str(&format!("position {}\n", game.start_position));
        for m in &moves {
            record.push_str(&m.text);
            record.push('\n');
        }
        let mut reply = Reply::private(fit(lines.join("\n")));
        reply.attachments.push(Attachment {
            filename: format!("bao-game-{}.txt", game.id),
            bytes: record.into_bytes(),
        });
        Ok(reply.into())
    }

    pub(super) fn my_games(&self, user: &User) -> Answer {
        let games = self.store.games_of(user.id, GameFilter::Ongoing, 25)?;
        let ended = self.store.games_of(user.id, GameFilter::Ended, 5)?;
        let mut lines = vec![if games.is_empty() {
            "You have no games going. Start one with `/bao challenge @someone` or `/bao ai`."
                .to_string()
        } else {
            "Your games:".to_string()
        }];
        for g in &games {
            let line = match g.status {
                GameStatus::Pending => {
                    let other = g.challenge.as_ref().map(|c| {
                        if c.challenger == user.id {
                            format!(
                                "you challenged {}",
                                self.name(Some(&Player::Human(c.challenged)))
                            )
                        } else {
                            format!(
                                "{} challenged you",
                                self.name(Some(&Player::Human(c.challenger)))
                            )
                        }
                    });
                    format!(
                        "`#{}` {} in {}: waiting for an answer",
                        g.id,
                        other.unwrap_or_default(),
                        place_link(&g.place)
                    )
                }
                _ => {
                    let side = g.side_of(user.id).unwrap_or(Side::South);
                    let opponent = self.side_name(g, !side);
                    let turn = g
                        .position
                        .parse::<Position>()
                        .map(|p| p.turn())
                        .unwrap_or(Side::South);
                    let whose = if turn == side {
                        "**your turn**".to_string()
                    } else {
                        format!("{opponent}'s turn")
                    };
                    let by = g
                        .deadline
                        .map(|d| format!(", by {}", timestamp(d)))
                        .unwrap_or_default();
                    format!(
                        "`#{}` vs {opponent} in {} ({} moves): {whose}{by}",
                        g.id,
                        place_link(&g.place),
                        g.ply
                    )
                }
            };
            lines.push(line);
        }
        if !games.is_empty() {
            lines.push("Move from anywhere with `/bao move ... game:<number>`.".into());
        }
        if !ended.is_empty() {
            lines.push("Recently ended:".into());
            lines.extend(ended.iter().map(|g| self.ended_line(user, g)));
        }
        Ok(Reply::private(fit(lines.join("\n"))).into())
    }

    /// One ended game in a list, with its stored result and end reason:
    /// `` `#12` vs Baraka in #general (31 moves): you won (resignation) ``.
    fn ended_line(&self, user: &User, g: &Game) -> String {
        let reason = g.reason.map(|r| r.words()).unwrap_or_else(|| "?".into());
        let side = g.side_of(user.id);
        let opponent = match (side, &g.challenge) {
            (Some(side), _) => self.side_name(g, !side),
            (None, Some(c)) if c.challenger == user.id => {
                self.name(Some(&Player::Human(c.challenged)))
            }
            (None, Some(c)) => self.name(Some(&Player::Human(c.challenger))),
            (None, None) => "?".into(),
        };
        let result = match (g.status, g.winner, side) {
            (GameStatus::Finished, Some(w), Some(s)) if w == s => "you won",
            (GameStatus::Finished, Some(_), _) => "you lost",
            (GameStatus::Finished, None, _) => "no winner",
            _ => "stopped without a result",
        };
        format!(
            "`#{}` vs {opponent} in {} ({} moves): {result} ({reason})",
            g.id,
            place_link(&g.place),
            g.ply
        )
    }

    /// Turn notices after a move: a DM to the player to move if they asked for DMs.
    pub(super) fn turn_notices(&self, game: &Game, pos: &Position) -> Vec<Notice> {
        if game.status != GameStatus::Active {
            return Vec::new();
        }
        let Some(Player::Human(id)) = game.player(pos.turn()) else {
            return Vec::new();
        };
        let wants_dm = matches!(
            self.store.player(*id),
            Ok(Some(p)) if p.notify == Notify::Dm && !p.dm_failed
        );
        if !wants_dm || game.place.is_dm() {
            return Vec::new();
        }
        let by = game
            .deadline
            .map(|d| format!(" Move by {}.", timestamp(d)))
            .unwrap_or_default();
        vec![Notice {
            to: Destination::Dm(*id),
            user: *id,
            game: game.id,
            reply: Reply::public(format!(
                "Your turn in Bao game #{} against {} in {}.{by} Reply here with `/bao move <move> game:{}`.",
                game.id,
                self.side_name(game, !pos.turn()),
                place_link(&game.place),
                game.id
            )),
        }]
    }
}

/// The challenge of a game still waiting for an answer.
fn pending_challenge(game: &Game) -> Option<crate::store::Challenge> {
    game.challenge
        .clone()
        .filter(|_| game.status == GameStatus::Pending)
}

/// Refuses unless `game` is under way: a game that is over says so, a challenge not yet
/// accepted gets `pending`.
fn require_active(game: &Game, pending: &str) -> Result<(), super::refusal::Halt> {
    match game.status {
        GameStatus::Active => Ok(()),
        GameStatus::Pending => Err(refuse(pending)),
        GameStatus::Finished | GameStatus::Aborted => Err(refuse(over_text(game))),
    }
}

/// The refusal of a move in a game that is over.
fn over_text(game: &Game) -> String {
    format!(
        "Game {} is over. `/bao history game:{}` shows it.",
        game.id, game.id
    )
}

/// The refusal to an answer of a challenge that is no longer waiting: what became of it
/// (the answer that came a moment too late, or was pressed on an old message).
fn challenge_gone(game: &Game) -> String {
    if game.challenge.is_none() {
        return "There is no challenge waiting here.".into();
    }
    match (game.status, game.reason) {
        (GameStatus::Active, _) => format!(
            "This challenge was already accepted: game {} is on in {}.",
            game.id,
            place_link(&game.place)
        ),
        (GameStatus::Finished, _) => format!(
            "This challenge was accepted, and game {} is over. `/bao history game:{}` shows it.",
            game.id, game.id
        ),
        (_, Some(ResultReason::Declined)) => {
            "This challenge was declined (or withdrawn by its challenger); there is nothing to answer.".into()
        }
        (_, Some(ResultReason::Expired)) => "This challenge has expired.".into(),
        _ => "This challenge was withdrawn; there is nothing to answer.".into(),
    }
}

/// The refusal when a place already holds a game.
fn busy_text(existing: &Game) -> String {
    if existing.status == GameStatus::Pending {
        format!(
            "A challenge is already waiting here (game {}); it must be accepted, declined or withdrawn first.",
            existing.id
        )
    } else {
        format!(
            "A game is already running here (game {}); finish it first, or play in another channel or thread.",
            existing.id
        )
    }
}

fn not_yours(game: &Game) -> super::refusal::Halt {
    refuse(format!(
        "You are not playing in game {}; only its players can do that.",
        game.id
    ))
}

/// A rule set for a challenge or game line: `v0.2` or `r002 (no takasia)`.
fn rule_set_words(rules: crate::rules::RuleSet) -> String {
    if rules.has_takasia() {
        rules.name().to_string()
    } else {
        format!("{} (no takasia)", rules.name())
    }
}

pub(super) fn capitalised(variant: Variant) -> String {
    let name = variant.name();
    let mut chars = name.chars();
    match chars.next() {
        Some(c) => c.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// Keeps a message within Discord's 2000 characters.
fn fit(text: String) -> String {
    if text.len() <= 1990 {
        return text;
    }
    let mut cut = 1900;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}\n…", &text[..cut])
}
