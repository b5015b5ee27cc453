//! `/bao-tournament`: creating an event, signing up and leaving, what organisers do
//! (start, pause, resume, remove, cancel), and the views anyone may ask for (standings,
//! pairings, info). Rounds, results and the end are in `tournament_rounds.rs`.
//!
//! Organisers are the event's creator and members with Manage Server; the permission
//! comes with the interaction from Discord (never from the client), as for
//! `/bao-settings`. Every refusal is private and says what would work instead.

use crate::render::table_text;
use crate::rules::Position;
use crate::store::{
    Event, EventId, EventStatus, GameEnd, JoinOutcome, NewEvent, Place, Player, ResultReason, Scope,
};
use crate::tournament::{standings::standings, Format, Pairing};

use crate::app::parse::{amount_of_time, span, time_per_move};
use crate::app::refusal::{refuse, Answer};
use crate::app::{
    App, AppError, Attachment, BoardView, Button, ButtonStyle, Effect, Reply, Response,
};
use crate::app::{ButtonId, GameId, NewEventAsk, TournamentAction, TournamentAsk, User};

/// Longest event name.
const NAME_MAX: usize = 80;
/// Most players a round robin takes (its rounds grow with its field).
const ROUND_ROBIN_MAX: u32 = 30;

/// The Join and Leave buttons of event `id`.
fn signup_buttons(id: i64) -> Vec<Vec<Button>> {
    let id_of = |action| {
        ButtonId {
            action,
            game: GameId(id),
            ply: 0,
        }
        .to_string()
    };
    vec![vec![
        Button {
            id: id_of(crate::app::Action::EventJoin),
            label: "Join".into(),
            style: ButtonStyle::Primary,
        },
        Button {
            id: id_of(crate::app::Action::EventLeave),
            label: "Leave".into(),
            style: ButtonStyle::Secondary,
        },
    ]]
}

/// The format in words: `Swiss, 5 rounds`.
pub(in crate::app) fn format_words(format: Format) -> String {
    match format {
        Format::RoundRobin => "round robin".into(),
        Format::DoubleRoundRobin => "double round robin".into(),
        Format::Swiss { rounds } => format!("Swiss, {rounds} rounds"),
    }
}

impl App {
    /// Answers one `/bao-tournament` request (typed, or a Join/Leave button: `pressed`).
    pub(in crate::app) fn tournament(
        &self,
        user: &User,
        place: &Place,
        ask: TournamentAsk,
        pressed: bool,
    ) -> Answer {
        let Place::Channel { guild, channel } = *place else {
            return Err(refuse(
                "Tournaments are played in a server's channel, not in DMs: use \
                 `/bao-tournament` in the channel the event is (or will be) announced in.",
            ));
        };
        if let TournamentAction::Create(new) = ask.action {
            return self.create_event(user, place, guild, channel, new);
        }
        let event = self.pick_event(guild, channel, ask.event, pressed)?;
        let organiser = user.id == event.spec.creator || ask.manage_server;
        let needs_organiser = matches!(
            ask.action,
            TournamentAction::Start
                | TournamentAction::Pause
                | TournamentAction::Resume
                | TournamentAction::Remove(_)
                | TournamentAction::Cancel
        );
        if needs_organiser && !organiser {
            return Err(refuse(format!(
                "Only the organiser of {} ({}) or members with Manage Server can do that.",
                event.id,
                crate::app::view::mention(Some(&Player::Human(event.spec.creator)), "")
            )));
        }
        match ask.action {
            TournamentAction::Create(_) => unreachable_create(),
            TournamentAction::Join => self.join(user, guild, &event),
            TournamentAction::Leave => self.leave(user, &event),
            TournamentAction::Withdraw => self.withdraw(user, &event, user),
            TournamentAction::Remove(player) => self.withdraw(user, &event, &player),
            TournamentAction::Start => self.start(&event),
            TournamentAction::Pause => self.pause(&event, true),
            TournamentAction::Resume => self.pause(&event, false),
            TournamentAction::Cancel => self.cancel(user, &event),
            TournamentAction::Standings => self.standings_reply(&event, false),
            TournamentAction::Pairings => self.pairings_reply(&event),
            TournamentAction::Info => self.info_reply(&event),
        }
    }

    /// The event a request is about: `id` if given (it must be this server's; a button's,
    /// this channel's), else the one live event of this channel.
    fn pick_event(
        &self,
        guild: u64,
        channel: u64,
        id: Option<i64>,
        pressed: bool,
    ) -> Result<Event, crate::app::refusal::Halt> {
        if let Some(id) = id {
            let event = self
                .store
                .event(crate::store::EventId(id))
                .map_err(AppError::from)?;
            return match event {
                Some(e) if e.spec.guild == guild && (!pressed || e.spec.channel == channel) => {
                    Ok(e)
                }
                _ if pressed => Err(refuse(crate::app::INVALID_BUTTON)),
                _ => Err(refuse(format!(
                    "There is no tournament #{id} in this server: `/bao-tournament info` in an \
                     event's channel shows its number."
                ))),
            };
        }
        let here: Vec<Event> = self
            .store
            .events_in(guild)
            .map_err(AppError::from)?
            .into_iter()
            .filter(|e| e.spec.channel == channel)
            .collect();
        match here.as_slice() {
            [] => Err(refuse(
                "No tournament is running or open in this channel: `/bao-tournament create` \
                 makes one, or name one with `event:NUMBER`.",
            )),
            [one] => Ok(one.clone()),
            many => Err(refuse(format!(
                "This channel has {} tournaments ({}): name one with `event:NUMBER`.",
                many.len(),
                many.iter()
                    .map(|e| format!("{} {}", e.id, e.spec.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
        }
    }

    fn create_event(
        &self,
        user: &User,
        place: &Place,
        guild: u64,
        channel: u64,
        ask: NewEventAsk,
    ) -> Answer {
        let name = ask.name.trim();
        if name.is_empty() || name.chars().count() > NAME_MAX {
            return Err(refuse(format!(
                "An event needs a name of 1 to {NAME_MAX} characters: `name:Spring Open`."
            )));
        }
        let format = Format::parse(&ask.format, ask.rounds).map_err(|e| {
            refuse(format!(
                "{e}. For example `format:swiss rounds:5` or `format:round-robin`."
            ))
        })?;
        let tpm = match ask.time_per_move.as_deref() {
            None => Some(crate::store::DAY),
            Some(t) => time_per_move(t).map_err(refuse)?,
        };
        let round_time = match ask.round_time.as_deref() {
            None => None,
            Some(t) => Some(amount_of_time(t).filter(|s| *s >= 3600).ok_or_else(|| {
                refuse(format!(
                    "`{t}` is not a round time: write an amount of at least an hour, like 12h or 7d."
                ))
            })?),
        };
        let now = self.clock.now();
        let signup = match ask.signup.as_deref() {
            None => None,
            Some(t) => Some(
                now + amount_of_time(t).filter(|s| *s >= 60).ok_or_else(|| {
                    refuse(format!(
                    "`{t}` is not a sign-up time: write how long sign-up stays open, like 2h or 3d."
                ))
                })?,
            ),
        };
        match ask.max_players {
            Some(m) if m < 2 => {
                return Err(refuse("`max-players` must be at least 2."));
            }
            Some(m) if m > ROUND_ROBIN_MAX && !matches!(format, Format::Swiss { .. }) => {
                return Err(refuse(format!(
                    "A round robin takes at most {ROUND_ROBIN_MAX} players: lower `max-players`, or make it `format:swiss`."
                )));
            }
            _ => {}
        }
        let config = self.server_config(place)?;
        let variant = ask.variant.unwrap_or(config.variant);
        let rules = ask.rules.unwrap_or(config.rules);
        let event = self.store.create_event(&NewEvent {
            name: name.to_string(),
            guild,
            channel,
            creator: user.id,
            variant,
            start_position: Position::start(variant).with_rules(rules).to_string(),
            format,
            time_per_move: tpm,
            round_time,
            rated: ask.rated.unwrap_or(config.rated),
            signup_closes_at: signup,
            max_players: ask.max_players,
            now,
        })?;
        let mut reply = Reply::public(format!(
            "**Tournament {} · {}** by {}: Bao la {}, {}, {}, {}{}. {}\nPress **Join** to play (or `/bao-tournament join`).",
            event.id,
            event.spec.name,
            user.name,
            super::challenge::capitalised(variant),
            super::challenge::rule_set_words(rules),
            format_words(format),
            tpm.map_or_else(|| "no time limit".into(), |t| format!("{} per move", span(t))),
            if event.spec.rated { ", rated" } else { ", casual" },
            match (signup, ask.max_players) {
                (Some(t), _) => format!("Sign-up closes {} and the event starts then.", crate::app::view::timestamp(t)),
                (None, Some(m)) => format!("It starts when {m} players have joined."),
                (None, None) => "The organiser starts it with `/bao-tournament start`.".into(),
            }
        ));
        reply.buttons = signup_buttons(event.id.0);
        reply.effects.push(Effect::AnnouncesEvent(event.id.0));
        Ok(reply.into())
    }

    /// The announcement of `event` was posted at `place` as `message`: remembered (only in
    /// the event's own channel), so that its buttons come off when sign-up is over.
    pub fn event_posted(&self, event: i64, place: &Place, message: u64) -> Result<(), AppError> {
        let id = EventId(event);
        if let Some(e) = self.store.event(id)? {
            if e.place() == *place && e.status == EventStatus::Signup {
                self.store.set_event_message(id, message)?;
            }
        }
        Ok(())
    }

    fn join(&self, user: &User, guild: u64, event: &Event) -> Answer {
        let rating = self
            .store
            .rating(
                user.id,
                Scope::Server(guild),
                event.spec.variant,
                rule_set_of(event),
            )?
            .map_or(crate::store::glicko::START_RATING, |r| r.rating.rating);
        let now = self.clock.now();
        match self.store.join_event(event.id, user.id, &user.name, rating, now)? {
            JoinOutcome::Joined(n) => {
                let full = event.spec.max_players.is_some_and(|m| n >= m);
                let text = format!(
                    "{} joins tournament {} · {} ({n} player{}).",
                    user.name,
                    event.id,
                    event.spec.name,
                    if n == 1 { "" } else { "s" }
                );
                if full {
                    let mut response = self.start(event)?;
                    response.reply.text = crate::i18n::Text::from(format!("{text} It is full and starts now.\n")).then(std::mem::take(&mut response.reply.text));
                    return Ok(response);
                }
                Ok(Reply::public(text).into())
            }
            JoinOutcome::AlreadyIn => Err(refuse(format!(
                "You are already signed up for tournament {} · {}. `/bao-tournament leave` takes you off before it starts.",
                event.id, event.spec.name
            ))),
            JoinOutcome::Full(n) => Err(refuse(format!(
                "Tournament {} is full ({n} players): ask the organiser for another event.",
                event.id
            ))),
            JoinOutcome::Closed(status) => Err(refuse(closed_text(event, status))),
        }
    }

    fn leave(&self, user: &User, event: &Event) -> Answer {
        if self.store.leave_event(event.id, user.id)? {
            return Ok(Reply::public(format!(
                "{} leaves tournament {} · {}.",
                user.name, event.id, event.spec.name
            ))
            .into());
        }
        if event.status == EventStatus::Signup {
            return Err(refuse(format!(
                "You are not signed up for tournament {}: press Join to play.",
                event.id
            )));
        }
        Err(refuse(format!(
            "Tournament {} has started: `/bao-tournament withdraw` leaves it (your game being played is resigned).",
            event.id
        )))
    }

    /// `who` leaves (withdraws, or is removed by `by`): before the start their sign-up
    /// goes; after it their game being played is resigned and they are paired no more.
    fn withdraw(&self, by: &User, event: &Event, who: &User) -> Answer {
        if event.status == EventStatus::Signup {
            if self.store.leave_event(event.id, who.id)? {
                return Ok(Reply::public(format!(
                    "{} is taken off tournament {}.",
                    who.name, event.id
                ))
                .into());
            }
            return Err(refuse(format!(
                "{} is not signed up for tournament {}.",
                who.name, event.id
            )));
        }
        if !matches!(event.status, EventStatus::Running | EventStatus::Paused) {
            return Err(refuse(closed_text(event, event.status)));
        }
        let playing = self
            .store
            .event_players(event.id)?
            .iter()
            .any(|p| p.user == who.id && p.seed.is_some() && p.left_at.is_none());
        if !playing {
            return Err(refuse(format!(
                "{} is not playing in tournament {}.",
                who.name, event.id
            )));
        }
        let now = self.clock.now();
        let mut notices = Vec::new();
        for game in self.store.event_games_unfinished(event.id)? {
            let Some(side) = game.side_of(who.id) else {
                continue;
            };
            let ended = self.store.finish_game(
                game.id,
                game.ply,
                GameEnd {
                    winner: Some(!side),
                    reason: ResultReason::Resignation,
                },
                now,
            )?;
            notices.extend(self.thread_end(&ended)?);
        }
        self.store.leave_started_event(event.id, who.id, now)?;
        notices.extend(self.advance_event(event.id)?);
        let verb = if by.id == who.id {
            "withdraws from"
        } else {
            "is removed from"
        };
        Ok(Response {
            reply: Reply::public(format!(
                "{} {verb} tournament {}: a game being played is resigned, and no more games are paired for them; finished games stand.",
                who.name, event.id
            )),
            notices,
        })
    }

    fn start(&self, event: &Event) -> Answer {
        if event.status != EventStatus::Signup {
            return Err(refuse(closed_text(event, event.status)));
        }
        let players = self.store.event_players(event.id)?.len();
        if players < 2 {
            return Err(refuse(format!(
                "Tournament {} has {players} player{}: it needs at least 2 to start.",
                event.id,
                if players == 1 { "" } else { "s" }
            )));
        }
        if let Format::Swiss { rounds } = event.spec.format {
            if players <= rounds as usize {
                return Err(refuse(format!(
                    "A Swiss event of {rounds} rounds needs at least {} players so that nobody meets twice; it has {players}.",
                    rounds + 1
                )));
            }
        }
        let outcome = self.store.start_event(event.id, self.clock.now())?;
        let notices = self.round_notices(event.id, outcome)?;
        let mut reply = Reply::public(format!(
            "Tournament {} · {} starts.",
            event.id, event.spec.name
        ));
        signup_over(event, &mut reply);
        Ok(Response { reply, notices })
    }

    fn pause(&self, event: &Event, pause: bool) -> Answer {
        let (from, to) = if pause {
            (EventStatus::Running, EventStatus::Paused)
        } else {
            (EventStatus::Paused, EventStatus::Running)
        };
        if event.status != from {
            return Err(refuse(format!(
                "Tournament {} is {}: only a {} event can be {}.",
                event.id,
                status_words(event.status),
                status_words(from),
                if pause { "paused" } else { "resumed" }
            )));
        }
        self.store
            .set_event_status(event.id, to, self.clock.now())?;
        let notices = if pause {
            Vec::new()
        } else {
            self.advance_event(event.id)?
        };
        Ok(Response {
            reply: Reply::public(if pause {
                format!("Tournament {} is paused: games go on, but no new round starts until `/bao-tournament resume`.", event.id)
            } else {
                format!("Tournament {} goes on.", event.id)
            }),
            notices,
        })
    }

    fn cancel(&self, user: &User, event: &Event) -> Answer {
        if matches!(event.status, EventStatus::Finished | EventStatus::Cancelled) {
            return Err(refuse(closed_text(event, event.status)));
        }
        self.store
            .set_event_status(event.id, EventStatus::Cancelled, self.clock.now())?;
        let mut reply = Reply::public(format!(
            "{} cancels tournament {} · {}. Games being played go on, but count for no event.",
            user.name, event.id, event.spec.name
        ));
        if event.status == EventStatus::Signup {
            signup_over(event, &mut reply);
        }
        Ok(reply.into())
    }

    /// The standings with every tie-break, as a picture and as text (`public`: posted for
    /// everyone, as at the end).
    pub(super) fn standings_reply(&self, event: &Event, public: bool) -> Answer {
        let players = self.store.event_players(event.id)?;
        let entrants = crate::store::entrants_of(&players);
        if entrants.is_empty() {
            return Err(refuse(format!(
                "Tournament {} has not started: `/bao-tournament info` lists who has joined.",
                event.id
            )));
        }
        let pairings: Vec<Pairing> = self
            .store
            .event_boards(event.id)?
            .iter()
            .map(|b| b.pairing)
            .collect();
        let rows = standings(entrants.len(), &pairings).unwrap_or_default();
        let title = format!("{} · {}", event.id, event.spec.name);
        let table = crate::tournament::crosstable::crosstable(
            &title,
            event.spec.format,
            &entrants,
            &pairings,
            &rows,
        );
        let mut text = format!(
            "**Standings of tournament {}** after {} round{}: {} leads.",
            event.id,
            event.rounds_paired,
            if event.rounds_paired == 1 { "" } else { "s" },
            rows.first()
                .map_or("nobody", |r| entrants[r.entrant].name.as_str())
        );
        if let Some(link) = self.event_page_line(event) {
            text = format!("{text}\n{link}");
        }
        let mut reply = Reply::public(text);
        reply.ephemeral = !public;
        reply.board = Some(BoardView {
            picture: Some(Attachment {
                filename: format!("bao-tournament-{}.png", event.id.0),
                bytes: self.pictures.table_png(table.clone())?,
            }),
            text: Some(table_text(&table)),
            ..BoardView::default()
        });
        Ok(reply.into())
    }

    fn pairings_reply(&self, event: &Event) -> Answer {
        let boards = self.store.event_boards(event.id)?;
        let round = event.rounds_paired;
        if round == 0 {
            return Err(refuse(format!("Tournament {} has no round yet.", event.id)));
        }
        let lines: Vec<String> = boards
            .iter()
            .filter(|b| b.pairing.round == round)
            .map(|b| self.board_line(b))
            .collect();
        let mut lines = lines;
        lines.extend(self.event_page_line(event));
        Ok(Reply::private(format!(
            "**Round {round} of tournament {}**\n{}",
            event.id,
            lines.join("\n")
        ))
        .into())
    }

    fn info_reply(&self, event: &Event) -> Answer {
        let players = self.store.event_players(event.id)?;
        let names: Vec<String> = players
            .iter()
            .map(|p| {
                if p.left_at.is_some() {
                    format!("~~{}~~", p.name)
                } else {
                    p.name.clone()
                }
            })
            .collect();
        Ok(Reply::private(format!(
            "**Tournament {} · {}**: {}, {}, {}; {}, round {} of {}.\nPlayers ({}): {}",
            event.id,
            event.spec.name,
            super::challenge::capitalised(event.spec.variant),
            format_words(event.spec.format),
            event.spec.time_per_move.map_or_else(
                || "no time limit".into(),
                |t| format!("{} per move", span(t))
            ),
            status_words(event.status),
            event.rounds_paired,
            event.spec.format.rounds(players.len()),
            players.len(),
            if names.is_empty() {
                "none yet".into()
            } else {
                names.join(", ")
            }
        ))
        .into())
    }
}

/// Never called: `create` is answered before an event is looked up.
fn unreachable_create() -> Answer {
    Err(refuse("`/bao-tournament create` makes a new event."))
}

/// The rule set of an event's games.
/// Takes the Join and Leave buttons off `event`'s announcement (if it was recorded) once
/// `reply`, saying that sign-up is over, is posted.
pub(super) fn signup_over(event: &Event, reply: &mut Reply) {
    reply.remove_buttons_of(event.announcement.map(|m| (event.place(), m)));
}

pub(in crate::app) fn rule_set_of(event: &Event) -> crate::rules::RuleSet {
    event
        .spec
        .start_position
        .parse::<Position>()
        .map(|p| p.rules())
        .unwrap_or_default()
}

/// An event's status in words.
fn status_words(status: EventStatus) -> &'static str {
    match status {
        EventStatus::Signup => "open for sign-up",
        EventStatus::Running => "running",
        EventStatus::Paused => "paused",
        EventStatus::Finished => "finished",
        EventStatus::Cancelled => "cancelled",
    }
}

/// Why an event takes no sign-up (or no start): it is `status`.
fn closed_text(event: &Event, status: EventStatus) -> String {
    match status {
        EventStatus::Signup => format!("Sign-up for tournament {} has closed: it starts soon.", event.id),
        EventStatus::Running | EventStatus::Paused => format!(
            "Tournament {} has already started: sign-up is over. Watch with `/bao-tournament standings`.",
            event.id
        ),
        EventStatus::Finished => format!("Tournament {} is finished: `/bao-tournament standings event:{}` shows how it ended.", event.id, event.id.0),
        EventStatus::Cancelled => format!("Tournament {} was cancelled.", event.id),
    }
}
