//! `/bao-tournament`: creating an event, signing up and leaving, what organisers do
//! (start, pause, resume, remove, cancel), and the views anyone may ask for (standings,
//! pairings, info). Rounds, results and the end are in `tournament_rounds.rs`.
//!
//! Organisers are the event's creator and members with Manage Server; the permission
//! comes with the interaction from Discord (never from the client), as for
//! `/bao-settings`. Every refusal is private and says what would work instead.

use crate::i18n::words;
use crate::i18n::{Lang, Msg, Text};
use crate::msg;
use crate::render::table_text;
use crate::rules::Position;
use crate::store::{
    Event, EventId, EventStatus, GameEnd, JoinOutcome, NewEvent, Place, Player, ResultReason, Scope,
};
use crate::tournament::{standings::standings, Format, Pairing};

use crate::app::parse::{amount_of_time, read_time_per_move};
use crate::app::refusal::{refuse, Answer};
use crate::app::{
    App, AppError, Attachment, BoardView, Button, ButtonStyle, Effect, Reply, Response,
};
use crate::app::{ButtonId, GameId, NewEventAsk, TournamentAction, TournamentAsk, User};

/// Longest event name.
const NAME_MAX: usize = 80;
/// Most players a round robin takes (its rounds grow with its field).
const ROUND_ROBIN_MAX: u32 = 30;

/// The Join and Leave buttons of event `id`, labelled in `lang`.
fn signup_buttons(id: i64, lang: Lang) -> Vec<Vec<Button>> {
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
            label: msg!("button-join").render(lang),
            style: ButtonStyle::Primary,
        },
        Button {
            id: id_of(crate::app::Action::EventLeave),
            label: msg!("button-leave").render(lang),
            style: ButtonStyle::Secondary,
        },
    ]]
}

/// The format in words: `Swiss, 5 rounds`.
pub(in crate::app) fn format_words(format: Format) -> Msg {
    match format {
        Format::RoundRobin => msg!("event-format-round-robin"),
        Format::DoubleRoundRobin => msg!("event-format-double-round-robin"),
        Format::Swiss { rounds } => msg!("event-format-swiss", rounds = rounds),
    }
}

/// `1 day per move`, or `no time limit`.
fn time_words(tpm: Option<i64>) -> Msg {
    match tpm {
        Some(t) => msg!("event-per-move", span = words::span(t, false)),
        None => msg!("event-no-time-limit"),
    }
}

/// `3 · Spring Open`, the name as a name (escaped in chat markdown).
pub(in crate::app) fn title(event: &Event) -> Text {
    Text::verbatim(format!("{} · ", event.id)).then(Text::name(&event.spec.name))
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
            return Err(refuse(msg!("event-not-in-dms")));
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
            return Err(refuse(msg!(
                "event-organisers-only",
                id = event.id.to_string(),
                organiser = crate::app::view::mention(Some(&Player::Human(event.spec.creator)), "")
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
            TournamentAction::Standings => {
                let lang = self.lang_of(user.id, place)?;
                self.standings_reply(&event, false, lang)
            }
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
                _ => Err(refuse(msg!("event-no-such", id = id))),
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
            [] => Err(refuse(msg!("event-none-here"))),
            [one] => Ok(one.clone()),
            many => Err(refuse(msg!(
                "event-several-here",
                n = many.len(),
                list = Text::join(
                    many.iter().map(
                        |e| Text::verbatim(format!("{} ", e.id)).then(Text::name(&e.spec.name))
                    ),
                    ", "
                )
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
            return Err(refuse(msg!("event-name-length", max = NAME_MAX)));
        }
        let format = Format::parse(&ask.format, ask.rounds).map_err(|e| {
            refuse(Text::verbatim(e.to_string()).then(msg!("event-format-example")))
        })?;
        let tpm = match ask.time_per_move.as_deref() {
            None => Some(crate::store::DAY),
            Some(t) => read_time_per_move(t).map_err(refuse)?,
        };
        let round_time = match ask.round_time.as_deref() {
            None => None,
            Some(t) => Some(
                amount_of_time(t)
                    .filter(|s| *s >= 3600)
                    .ok_or_else(|| refuse(msg!("event-bad-round-time", typed = Text::typed(t))))?,
            ),
        };
        let now = self.clock.now();
        let signup = match ask.signup.as_deref() {
            None => None,
            Some(t) => Some(
                now + amount_of_time(t)
                    .filter(|s| *s >= 60)
                    .ok_or_else(|| refuse(msg!("event-bad-signup-time", typed = Text::typed(t))))?,
            ),
        };
        match ask.max_players {
            Some(m) if m < 2 => {
                return Err(refuse(msg!("event-max-players-min")));
            }
            Some(m) if m > ROUND_ROBIN_MAX && !matches!(format, Format::Swiss { .. }) => {
                return Err(refuse(msg!("event-round-robin-max", max = ROUND_ROBIN_MAX)));
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
        let start = match (signup, ask.max_players) {
            (Some(t), _) => msg!(
                "event-starts-at-signup-close",
                when = crate::app::view::timestamp(t)
            ),
            (None, Some(m)) => msg!("event-starts-when-full", n = m),
            (None, None) => msg!("event-starts-by-organiser"),
        };
        let mut reply = Reply::public(msg!(
            "event-announced",
            title = title(&event),
            organiser = Text::name(&user.name),
            game = format!("Bao la {}", super::challenge::capitalised(variant)),
            rules = msg!(
                "event-rule-set",
                name = rules.name(),
                takasia = if rules.has_takasia() { "yes" } else { "no" }
            ),
            format = format_words(format),
            time = time_words(tpm),
            rated = if event.spec.rated { "yes" } else { "no" },
            start = start
        ));
        // A public announcement: the server's language, its buttons too.
        let lang = self.server_lang(place)?;
        reply.lang = Some(lang);
        reply.buttons = signup_buttons(event.id.0, lang);
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
        if !matches!(event.spec.format, Format::Swiss { .. }) {
            // A round robin's games grow with the square of its players: at most 30.
            let players = self.store.event_players(event.id)?;
            if players.len() >= ROUND_ROBIN_MAX as usize
                && !players.iter().any(|p| p.user == user.id)
            {
                return Err(refuse(msg!(
                    "event-round-robin-full",
                    title = title(event),
                    max = ROUND_ROBIN_MAX
                )));
            }
        }
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
        match self
            .store
            .join_event(event.id, user.id, &user.name, rating, now)?
        {
            JoinOutcome::Joined(n) => {
                let full = event.spec.max_players.is_some_and(|m| n >= m);
                let text = msg!(
                    "event-joins",
                    name = Text::name(&user.name),
                    title = title(event),
                    n = n
                );
                if full {
                    let mut response = self.start(event)?;
                    response.reply.text = Text::from(text)
                        .then(" ")
                        .then(msg!("event-full-starts"))
                        .then("\n")
                        .then(std::mem::take(&mut response.reply.text));
                    return Ok(response);
                }
                Ok(Reply::public(text).into())
            }
            JoinOutcome::AlreadyIn => Err(refuse(msg!("event-already-in", title = title(event)))),
            JoinOutcome::Full(n) => {
                Err(refuse(msg!("event-full", id = event.id.to_string(), n = n)))
            }
            JoinOutcome::Closed(status) => Err(refuse(closed_text(event, status))),
        }
    }

    fn leave(&self, user: &User, event: &Event) -> Answer {
        if self.store.leave_event(event.id, user.id)? {
            return Ok(Reply::public(msg!(
                "event-leaves",
                name = Text::name(&user.name),
                title = title(event)
            ))
            .into());
        }
        if event.status == EventStatus::Signup {
            return Err(refuse(msg!(
                "event-not-signed-up",
                id = event.id.to_string()
            )));
        }
        Err(refuse(msg!(
            "event-started-withdraw",
            id = event.id.to_string()
        )))
    }

    /// `who` leaves (withdraws, or is removed by `by`): before the start their sign-up
    /// goes; after it their game being played is resigned and they are paired no more.
    fn withdraw(&self, by: &User, event: &Event, who: &User) -> Answer {
        if event.status == EventStatus::Signup {
            if self.store.leave_event(event.id, who.id)? {
                return Ok(Reply::public(msg!(
                    "event-taken-off",
                    name = Text::name(&who.name),
                    id = event.id.to_string()
                ))
                .into());
            }
            return Err(refuse(msg!(
                "event-they-are-not-signed-up",
                name = Text::name(&who.name),
                id = event.id.to_string()
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
            return Err(refuse(msg!(
                "event-not-playing",
                name = Text::name(&who.name),
                id = event.id.to_string()
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
        Ok(Response {
            reply: Reply::public(msg!(
                "event-withdrawn",
                name = Text::name(&who.name),
                id = event.id.to_string(),
                by_self = if by.id == who.id { "yes" } else { "no" }
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
            return Err(refuse(msg!(
                "event-too-few",
                id = event.id.to_string(),
                n = players
            )));
        }
        if players > ROUND_ROBIN_MAX as usize && !matches!(event.spec.format, Format::Swiss { .. })
        {
            return Err(refuse(msg!(
                "event-round-robin-too-many",
                title = title(event),
                max = ROUND_ROBIN_MAX,
                n = players
            )));
        }
        if let Format::Swiss { rounds } = event.spec.format {
            if players <= rounds as usize {
                return Err(refuse(msg!(
                    "event-swiss-too-few",
                    rounds = rounds,
                    need = rounds + 1,
                    n = players
                )));
            }
        }
        let outcome = self.store.start_event(event.id, self.clock.now())?;
        let notices = self.round_notices(event.id, outcome)?;
        let mut reply = Reply::public(msg!("event-starts", title = title(event)));
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
            return Err(refuse(msg!(
                "event-cannot-pause",
                id = event.id.to_string(),
                status = status_words(event.status),
                from = status_words(from),
                pause = if pause { "yes" } else { "no" }
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
                msg!("event-paused", id = event.id.to_string())
            } else {
                msg!("event-resumed", id = event.id.to_string())
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
        let mut reply = Reply::public(msg!(
            "event-cancelled-by",
            name = Text::name(&user.name),
            title = title(event)
        ));
        if event.status == EventStatus::Signup {
            signup_over(event, &mut reply);
        }
        Ok(reply.into())
    }

    /// The standings with every tie-break, as a picture and as text (`public`: posted for
    /// everyone, as at the end).
    pub(super) fn standings_reply(&self, event: &Event, public: bool, lang: Lang) -> Answer {
        let players = self.store.event_players(event.id)?;
        let entrants = crate::store::entrants_of(&players);
        if entrants.is_empty() {
            return Err(refuse(msg!("event-not-started", id = event.id.to_string())));
        }
        let pairings: Vec<Pairing> = self
            .store
            .event_boards(event.id)?
            .iter()
            .map(|b| b.pairing)
            .collect();
        let rows = standings(entrants.len(), &pairings).unwrap_or_default();
        let title = format!("{} · {}", event.id, event.spec.name);
        let format = event.spec.format;
        let players = entrants.len();
        let words = crate::app::picture_words::crosstable_words(format, players, lang);
        let table = crate::tournament::crosstable::crosstable_in(
            &title, format, &entrants, &pairings, &rows, &words,
        );
        let leader: Text = match rows.first() {
            Some(r) => Text::name(entrants[r.entrant].name.as_str()),
            None => msg!("event-nobody").into(),
        };
        let mut text = Text::from(msg!(
            "event-standings",
            id = event.id.to_string(),
            rounds = event.rounds_paired,
            leader = leader
        ));
        if let Some(link) = self.event_page_line(event) {
            text.line(link);
        }
        let mut reply = Reply::public(text);
        reply.ephemeral = !public;
        reply.lang = Some(lang);
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
            return Err(refuse(msg!(
                "event-no-round-yet",
                id = event.id.to_string()
            )));
        }
        let mut lines: Vec<Text> = vec![msg!(
            "event-round-title",
            round = round,
            id = event.id.to_string()
        )
        .into()];
        lines.extend(
            boards
                .iter()
                .filter(|b| b.pairing.round == round)
                .map(|b| self.board_line(b)),
        );
        lines.extend(self.event_page_line(event).map(Text::from));
        Ok(Reply::private(Text::one_per_line(lines)).into())
    }

    fn info_reply(&self, event: &Event) -> Answer {
        let players = self.store.event_players(event.id)?;
        let names: Vec<Text> = players
            .iter()
            .map(|p| {
                if p.left_at.is_some() {
                    Text::verbatim("~~").then(Text::name(&p.name)).then("~~")
                } else {
                    Text::name(&p.name)
                }
            })
            .collect();
        let list: Text = if names.is_empty() {
            msg!("learn-none-yet").into()
        } else {
            Text::join(names, ", ")
        };
        Ok(Reply::private(msg!(
            "event-info",
            title = title(event),
            game = super::challenge::capitalised(event.spec.variant),
            format = format_words(event.spec.format),
            time = time_words(event.spec.time_per_move),
            status = status_words(event.status),
            round = event.rounds_paired,
            rounds = event.spec.format.rounds(players.len()),
            n = players.len(),
            players = list
        ))
        .into())
    }
}

/// Never called: `create` is answered before an event is looked up.
fn unreachable_create() -> Answer {
    Err(refuse(msg!("event-create-makes-one")))
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

/// An event's status in words (`running`, `finished`, …), for replies and the event's page.
pub(in crate::app) fn status_words(status: EventStatus) -> Msg {
    match status {
        EventStatus::Signup => msg!("event-status-signup"),
        EventStatus::Running => msg!("event-status-running"),
        EventStatus::Paused => msg!("event-status-paused"),
        EventStatus::Finished => msg!("event-status-finished"),
        EventStatus::Cancelled => msg!("event-status-cancelled"),
    }
}

/// Why an event takes no sign-up (or no start): it is `status`.
fn closed_text(event: &Event, status: EventStatus) -> Msg {
    let id = event.id.to_string();
    match status {
        EventStatus::Signup => msg!("event-closed-signup", id = id),
        EventStatus::Running | EventStatus::Paused => msg!("event-closed-started", id = id),
        EventStatus::Finished => msg!("event-closed-finished", id = id, number = event.id.0),
        EventStatus::Cancelled => msg!("event-closed-cancelled", id = id),
    }
}
