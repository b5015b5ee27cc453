//! Challenges and games against the AI: `/bao challenge`, `/bao accept`, `/bao decline`
//! and `/bao ai`.

use crate::ai::Level;
use crate::rules::{Position, Side, Variant};
use crate::store::{
    Game, GameStatus, NewChallenge, NewGame, Place, Player, ResultReason, SideChoice, StoreError,
};
use crate::vocab::Orientation;

use super::threads::{accept_held_text, blocked_cause, challenge_held_text};
use crate::app::buttons::{Action, ButtonId};
use crate::app::lookup::level_words;
use crate::app::parse::read_time_per_move;
use crate::app::refusal::{refuse, Answer, Halt};
use crate::app::settings::ServerConfig;
use crate::app::view::{place_words, timestamp};
use crate::app::{shown_board, App};
use crate::app::{BoardView, Button, ButtonStyle, Effect, Reply, Response, ThreadsHere, User};
use crate::i18n::words;
use crate::i18n::{Msg, Text};
use crate::msg;
use crate::vocab::{clock_option, TimeControl, TimeControlError};

/// What a challenge asks for, as written.
#[derive(Debug, Clone, Default)]
pub(in crate::app) struct Terms {
    /// Which game (default Kiswahili).
    pub variant: Option<Variant>,
    /// The challenger's side (default random).
    pub side: Option<SideChoice>,
    /// The time per move as written.
    pub time_per_move: Option<String>,
    /// The rule set.
    pub rules: Option<crate::rules::RuleSet>,
    /// Rated or not.
    pub rated: Option<bool>,
    /// Hints for both.
    pub hints: Option<bool>,
    /// The clock as written.
    pub clock: Option<String>,
    /// A correspondence clock's cap as written.
    pub cap: Option<String>,
}

impl App {
    pub(in crate::app) fn challenge(
        &self,
        asked: crate::app::Asked<'_>,
        opponent: &User,
        terms: Terms,
    ) -> Answer {
        let crate::app::Asked {
            user, place, here, ..
        } = asked;
        let Terms {
            variant,
            side,
            time_per_move: time,
            rules,
            rated,
            hints,
            clock,
            cap,
        } = terms;
        if place.is_dm() {
            return Err(refuse(msg!("game-challenge-in-dm")));
        }
        // Where Discord shows every answer to the asker alone, nobody else would see it.
        if self.hidden_here(place)? {
            return Err(refuse(msg!("discord-ephemeral-only")));
        }
        if opponent.id == user.id {
            return Err(refuse(msg!("game-challenge-self")));
        }
        if opponent.bot {
            return Err(refuse(msg!(
                "game-challenge-bot",
                name = Text::name(&opponent.name)
            )));
        }
        if let Some(refusal) = self.thread_refusal(place)? {
            return Err(refusal.into());
        }
        let config = self.server_config(place)?;
        let timing = timing(&config, time, clock, cap)?;
        let time_per_move = match timing {
            Timing::PerMove(t) => Some(t),
            _ => None,
        };
        let hints = hints.unwrap_or(false);
        if hints && rated == Some(true) {
            return Err(refuse(msg!("game-hints-rated")));
        }
        // In thread placement the game gets a thread of its own once accepted, so the
        // challenge does not hold the channel: any number may wait there. Where the bot
        // cannot open threads, the channel's game is one at a time, as in placement
        // `channel`: a challenge while it runs is refused (one waiting then is told so
        // when accepted).
        let in_thread = self.settings.threads
            && !place.is_dm()
            && config.placement == crate::app::settings::Placement::Thread;
        if in_thread {
            if let Some(refusal) = self.same_challenge_waiting(place, user, opponent)? {
                return Err(refusal.into());
            }
            if let (Some(why), Some(existing)) = (here.blocker(), self.store.game_in(place)?) {
                return Err(refuse(challenge_held_text(&existing, why, here)));
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
        let created = match timing {
            Timing::Clock(control) => self
                .store
                .create_clocked_challenge(&new, in_thread, control),
            _ if in_thread => self.store.create_thread_challenge(&new),
            _ => self.store.create_challenge(&new),
        };
        let game = match created {
            Ok(g) => g,
            // Another game took the place since the check above (a double submit): say which.
            Err(StoreError::PlaceTaken { .. }) => {
                return Err(refuse(match self.store.game_in(place)? {
                    Some(existing) => busy_text(&existing),
                    None => msg!("game-place-taken"),
                }))
            }
            // The same challenge sent twice at once: the store kept the first.
            Err(StoreError::ChallengeWaiting { existing }) => {
                return Err(refuse(msg!(
                    "threads-same-challenge",
                    opponent = Text::name(&opponent.name),
                    game = existing.to_string()
                )))
            }
            Err(e) => return Err(e.into()),
        };
        let sides = match side {
            SideChoice::South => msg!("game-sides-south", name = Text::name(&user.name)),
            SideChoice::North => msg!("game-sides-north", name = Text::name(&user.name)),
            SideChoice::Random => msg!("game-sides-random"),
        };
        let clock: Text = match timing {
            Timing::Clock(control) => words::clock(&control).into(),
            Timing::PerMove(t) => msg!("game-per-move", span = words::span(t, false)).into(),
            Timing::Untimed => msg!("game-untimed").into(),
        };
        let yes_no = |b: bool| if b { "yes" } else { "no" };
        let mut reply = Reply::public(msg!(
            "game-challenge",
            opponent = opponent.id.to_string(),
            opponent_rating = self.rating_tag(opponent.id, place, variant, rules)?,
            name = Text::name(&user.name),
            rating = self.rating_tag(user.id, place, variant, rules)?,
            rated = yes_no(new.rated),
            variant = capitalised(variant),
            sides = sides,
            clock = clock,
            rules = rule_set_words(rules),
            hints = yes_no(new.hints),
            expires = timestamp(new.expires_at)
        ));
        let lang = self.lang_for(user.id, place, false)?;
        reply.mention = Some(opponent.id);
        // Remember the challenge message, so accepting it can remove its buttons.
        reply.board = Some(BoardView {
            current: Some((game.id, 0)),
            ..BoardView::default()
        });
        reply.buttons = vec![vec![
            Button {
                id: ButtonId::new(Action::Accept, game.id, 0).to_string(),
                label: msg!("game-button-accept").render(lang),
                style: ButtonStyle::Success,
            },
            Button {
                id: ButtonId::new(Action::Decline, game.id, 0).to_string(),
                label: msg!("game-button-decline").render(lang),
                style: ButtonStyle::Danger,
            },
        ]];
        Ok(reply.into())
    }

    pub(in crate::app) fn accept(&self, user: &User, here: ThreadsHere, game: Game) -> Answer {
        let Some(ch) = pending_challenge(&game) else {
            return Err(refuse(challenge_gone(&game)));
        };
        if ch.challenged != user.id {
            let text = if ch.challenger == user.id {
                msg!("game-challenge-own")
            } else {
                msg!("game-challenge-not-yours")
            };
            return Err(refuse(text));
        }
        let now_ms = self.clock.now_ms();
        let now = now_ms.div_euclid(1000);
        if now > ch.expires_at {
            self.store.expire_challenges(now)?;
            return Err(refuse(msg!("game-challenge-expired")));
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
        // Where the game is played, decided before anything is promised: in thread placement
        // a game that cannot get a thread here takes the channel, if it is free.
        let mut in_channel = None;
        if !game.place.is_dm() && self.store.waits_for_thread(game.id)? {
            let why = here.blocker();
            if why.is_some() || game.board_message.is_none() || !self.settings.threads {
                if !self.store.keep_in_channel(game.id)? {
                    let held = self.store.game_in(&game.place)?;
                    let why = why.unwrap_or(crate::app::ThreadFailure::NotHere);
                    return Err(refuse(accept_held_text(held.as_ref(), why, here)));
                }
                in_channel = why;
            }
        }
        let deadline = game.time_per_move.map(|t| now + t);
        let game = self
            .store
            .accept_challenge_at(game.id, &south, &north, now_ms, deadline)?;
        self.clock_signal
            .ring_for(game.clock.and_then(|c| c.next_due()).map(|(at, _)| at));
        let pos = self.position(&game)?;
        let text = Text::from(msg!(
            "game-accepted",
            name = Text::name(&user.name),
            south = self.side_name(&game, Side::South),
            north = self.side_name(&game, Side::North)
        ));
        if let Some(why) = in_channel {
            // The board follows in the channel, with the challenger's private notice.
            // Where only the app is, no game gets a thread: nothing is missing.
            let said = if self.answers_only(&game.place)? {
                msg!("game-played-here", game = game.id.to_string())
            } else {
                msg!(
                    "game-played-in-channel",
                    game = game.id.to_string(),
                    place = place_words(&game.place),
                    why = blocked_cause(why, here)
                )
            };
            let mut reply = Reply::public(text.then(" ").then(said));
            reply.remove_buttons_of(shown_board(&game));
            self.store.set_board_message(game.id, None)?;
            return Ok(Response {
                notices: self.played_in_channel(&game, why)?,
                reply,
            });
        }
        if let Some(plan) = self.thread_plan(&game)? {
            // The board goes to the game's thread once the front end has opened it.
            let mut reply = Reply::public(
                text.then(" ")
                    .then(msg!("game-played-in-thread", game = game.id.to_string())),
            );
            reply.remove_buttons_of(shown_board(&game));
            // The challenge message starts the thread; it is no longer the game's board.
            self.store.set_board_message(game.id, None)?;
            reply.effects.push(Effect::OpenThread(plan));
            return Ok(reply.into());
        }
        let mut reply = self.board_reply_saying(&game, &pos, None, Side::South, text)?;
        reply.remove_buttons_of(shown_board(&game));
        let notices = self.turn_notices(&game, &pos);
        Ok(Response { reply, notices })
    }

    pub(in crate::app) fn decline(&self, user: &User, game: Game) -> Answer {
        let Some(ch) = pending_challenge(&game) else {
            return Err(refuse(challenge_gone(&game)));
        };
        if ch.challenged != user.id && ch.challenger != user.id {
            return Err(refuse(msg!("game-challenge-not-yours")));
        }
        let game = self.store.decline_challenge(game.id, self.clock.now())?;
        let text = if ch.challenger == user.id {
            msg!("game-withdraws", name = Text::name(&user.name))
        } else {
            msg!("game-declines", name = Text::name(&user.name))
        };
        let mut reply = Reply::public(text);
        reply.remove_buttons_of(shown_board(&game));
        Ok(reply.into())
    }

    #[allow(clippy::too_many_arguments)]
    pub(in crate::app) fn start_ai(
        &self,
        user: &User,
        place: &Place,
        level: Option<Level>,
        side: Option<SideChoice>,
        variant: Option<Variant>,
        rules: Option<crate::rules::RuleSet>,
        clock: Option<String>,
    ) -> Answer {
        if let Some(existing) = self.store.game_in(place)? {
            return Err(refuse(busy_text(&existing)));
        }
        if let Some(busy) = self.ai.refusal() {
            return Err(busy);
        }
        let control = match clock.as_deref().map(clock_option).transpose() {
            Ok(c) => c.flatten(),
            Err(e) => return Err(refuse(words::clock_error(&e))),
        };
        if let Some(refusal) = self.thread_refusal(place)? {
            return Err(refusal.into());
        }
        let config = self.server_config(place)?;
        if let Some(refusal) = self.may_start_here(place, &config, &[user])? {
            return Err(refusal.into());
        }
        let now_ms = self.clock.now_ms();
        let now = now_ms.div_euclid(1000);
        let level = level.unwrap_or(Level::Medium);
        let variant = variant.unwrap_or(config.variant);
        let rules = rules.unwrap_or(config.rules);
        let human_south = match side.unwrap_or(SideChoice::South) {
            SideChoice::South => true,
            SideChoice::North => false,
            SideChoice::Random => now % 2 == 0,
        };
        let human = Player::Human(user.id);
        let ai = Player::Ai { level };
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
        let started = match control {
            Some(c) => self.store.start_clocked_game(&new, c, now_ms),
            None => self.store.start_game(&new),
        };
        let game = match started {
            Ok(g) => g,
            Err(StoreError::PlaceTaken { .. }) => return Err(refuse(msg!("game-ai-busy"))),
            Err(e) => return Err(e.into()),
        };
        let mut pos = self.position(&game)?;
        let mut game = game;
        let mut trace = None;
        self.clock_signal
            .ring_for(game.clock.and_then(|c| c.next_due()).map(|(at, _)| at));
        let mut text = Text::from(msg!(
            "game-ai-start",
            name = Text::name(&user.name),
            level = level_words(level),
            rating = level.rating_in(variant).to_string(),
            variant = capitalised(variant),
            rules = rule_set_words(rules),
            clock = control
                .map(|c| Text::verbatim(", ").then(words::clock(&c)))
                .unwrap_or_default(),
            south = if human_south {
                Text::name(&user.name)
            } else {
                msg!("game-the-ai").into()
            }
        ));
        if let Some((g, p, played)) = self.ai_turn(&game, &pos)? {
            text.line(played.line());
            game = g;
            pos = p;
            trace = Some(played.trace);
        }
        let viewer = if human_south || self.orientation_of(user.id)? == Orientation::South {
            Side::South
        } else {
            Side::North
        };
        Ok(self
            .board_reply_saying(&game, &pos, trace, viewer, text)?
            .into())
    }
}

/// How a new game is timed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Timing {
    /// No time limit.
    Untimed,
    /// A fixed time per move (seconds), as before clocks.
    PerMove(i64),
    /// A Fischer clock.
    Clock(TimeControl),
}

/// How a challenge is timed: its `clock` (with its `cap`), or its time per move (a clock
/// written there, `5+3`, is read as a clock), else the server's clock, else the server's time
/// per move. Both a clock and a time per move is refused, as is a cap without a
/// correspondence clock.
fn timing(
    config: &ServerConfig,
    time: Option<String>,
    clock: Option<String>,
    cap: Option<String>,
) -> Result<Timing, Halt> {
    let clock_error = |e: TimeControlError| refuse(words::clock_error(&e));
    // A clock typed where the time per move goes (`/bao challenge @x 5+3`).
    let (time, clock) = match (time, clock) {
        (Some(t), None) if t.contains('+') => (None, Some(t)),
        other => other,
    };
    let per_move = match time.as_deref().map(read_time_per_move).transpose() {
        Ok(t) => t.flatten(),
        Err(e) => return Err(refuse(e)),
    };
    let named = match clock.as_deref().map(clock_option).transpose() {
        Ok(c) => c.flatten(),
        Err(e) => return Err(clock_error(e)),
    };
    let control = match (named, per_move, &clock, &time) {
        (Some(_), Some(_), _, _) => return Err(refuse(msg!("game-clock-and-time"))),
        (Some(c), None, _, _) => Some(c),
        (None, Some(t), _, _) => return cap_alone(cap).map(|()| Timing::PerMove(t)),
        // Said explicitly: no clock, or untimed.
        (None, None, Some(_), _) | (None, None, None, Some(_)) => None,
        (None, None, None, None) => match (config.clock, config.time_per_move) {
            (Some(c), _) => Some(c),
            (None, Some(t)) => return cap_alone(cap).map(|()| Timing::PerMove(t)),
            (None, None) => None,
        },
    };
    match (control, cap) {
        (Some(c), Some(cap)) => c.with_cap(&cap).map(Timing::Clock).map_err(clock_error),
        (Some(c), None) => Ok(Timing::Clock(c)),
        (None, cap) => cap_alone(cap).map(|()| Timing::Untimed),
    }
}

/// Refuses a cap given without a correspondence clock.
fn cap_alone(cap: Option<String>) -> Result<(), Halt> {
    match cap {
        Some(cap) => Err(refuse(msg!(
            "game-cap-alone",
            cap = Text::typed(cap.trim())
        ))),
        None => Ok(()),
    }
}

/// The challenge of a game still waiting for an answer.
pub(super) fn pending_challenge(game: &Game) -> Option<crate::store::Challenge> {
    game.challenge
        .clone()
        .filter(|_| game.status == GameStatus::Pending)
}

/// The refusal to an answer of a challenge that is no longer waiting: what became of it
/// (the answer that came a moment too late, or was pressed on an old message).
pub(super) fn challenge_gone(game: &Game) -> Msg {
    if game.challenge.is_none() {
        return msg!("game-no-challenge");
    }
    match (game.status, game.reason) {
        (GameStatus::Active, _) => msg!(
            "game-challenge-taken",
            game = game.id.to_string(),
            place = place_words(&game.place)
        ),
        (GameStatus::Finished, _) => msg!("game-challenge-over", game = game.id.to_string()),
        (_, Some(ResultReason::Declined)) => msg!("game-challenge-declined"),
        (_, Some(ResultReason::Expired)) => msg!("game-challenge-expired"),
        _ => msg!("game-challenge-withdrawn"),
    }
}

/// The refusal when a place already holds a game.
pub(super) fn busy_text(existing: &Game) -> Msg {
    if existing.status == GameStatus::Pending {
        msg!("game-busy-challenge", game = existing.id.to_string())
    } else {
        msg!("game-busy-game", game = existing.id.to_string())
    }
}

/// A rule set for a challenge or game line: `v0.2` or `r002 (no takasia)`.
pub(super) fn rule_set_words(rules: crate::rules::RuleSet) -> Text {
    if rules.has_takasia() {
        Text::verbatim(rules.name())
    } else {
        msg!("game-rules-no-takasia", rules = rules.name()).into()
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
