//! Answering an interaction: ask the app (deferring when it is slow), turn its answer (or
//! the adapter's own private answer) into one [`Plan`] fitted to the place, and hand it to
//! the one sender, `sender.rs`. Nothing here makes a request about a reply itself. The
//! layers import downwards only: `messages.rs` (Discord builders) <- `outgoing.rs` (the
//! steps) <- `plan.rs` (fitted to the place, `reach.rs`) <- `sender.rs` (through the
//! interaction, `source.rs`, or directly, each retried) <- `respond.rs`.

use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use serenity::{
    ChannelId, CommandInteraction, ComponentInteraction, CreateAllowedMentions,
    EditInteractionResponse, Http, InteractionContext,
};
use tracing::{error, info, warn};

use super::messages::{truncate, TEXT_MAX};
use super::outgoing::Asker;
use super::plan::Plan;
use super::reach::Reach;
use super::sender;
use super::source::Source;
use super::{AppContext, Data, Error};
use crate::app::{
    ButtonId, Command, Conversation, Place, Reply, Response, User, UserId as AppUserId,
};
use crate::i18n::{Lang, Text};
use crate::msg;

/// How long the app may take before the interaction is deferred (Discord allows 3 s for
/// the first answer; this leaves room for the network).
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);
/// The longest wait for the render workers with which an answer is not deferred at once.
pub const DEFER_WHEN_RENDER_WAIT: Duration = Duration::from_millis(300);
/// How long move suggestions may take (autocomplete cannot be deferred).
pub const AUTOCOMPLETE_BUDGET: Duration = Duration::from_millis(2000);
/// Least time between two progress edits of a deferred answer.
pub const PROGRESS_EVERY: Duration = Duration::from_secs(2);
/// The answer when the app failed.
const APP_FAILED: &str =
    "Something went wrong on the bot's side; nothing was changed. Please try again in a moment.";

/// What the user did: a slash command, or a press of one of the bot's buttons.
#[derive(Debug, Clone)]
pub enum Input {
    /// A slash command, read into the app's command.
    Command(Command),
    /// A button press, with the button's id as Discord sent it.
    Press(String),
}

impl Input {
    /// The subcommand's name, for logs.
    fn name(&self) -> &'static str {
        match self {
            Input::Command(c) => c.name(),
            Input::Press(_) => "button",
        }
    }
}

pub use super::source::user_of;

/// Who asked and where: a server channel, the asker's DMs with the bot (the app keys a DM by
/// its user), or a DM or group DM between people (`context` 2, reached through a user
/// install), which the app keys as a channel of no server (guild 0).
pub fn asker_in(
    user: &serenity::User,
    guild_id: Option<serenity::GuildId>,
    channel_id: ChannelId,
    context: Option<InteractionContext>,
) -> Asker {
    let place = match (guild_id, context) {
        (Some(g), _) => Place::Channel {
            guild: g.get(),
            channel: channel_id.get(),
        },
        (None, Some(InteractionContext::PrivateChannel)) => Place::Channel {
            guild: 0,
            channel: channel_id.get(),
        },
        (None, _) => Place::Dm {
            user: user.id.get(),
        },
    };
    Asker {
        user: user_of(user),
        place,
        channel: channel_id.get(),
    }
}

/// [`asker_in`] for a slash command or an autocomplete.
pub fn asker_of_command(i: &CommandInteraction) -> Asker {
    asker_in(&i.user, i.guild_id, i.channel_id, i.context)
}

/// [`asker_in`] for a button click.
pub fn asker_of_click(i: &ComponentInteraction) -> Asker {
    asker_in(&i.user, i.guild_id, i.channel_id, i.context)
}

/// Runs a slash command through the app and answers it.
pub async fn command(ctx: AppContext<'_>, command: Command) -> Result<(), Error> {
    let i = ctx.interaction;
    let asker = asker_of_command(i);
    serve(
        &ctx.serenity_context().cache,
        &ctx.serenity_context().http,
        ctx.data(),
        Source::command(i),
        asker,
        Input::Command(command),
    )
    .await;
    Ok(())
}

/// The language `user` reads privately at `place` (English when the store cannot say in
/// time): for the answers the adapter makes itself.
pub async fn lang_of(data: &Data, user: AppUserId, place: &Place) -> Lang {
    let app = data.app.clone();
    let place = *place;
    let task = tokio::task::spawn_blocking(move || app.lang_of(user, &place));
    match tokio::time::timeout(Duration::from_millis(500), task).await {
        Ok(Ok(Ok(lang))) => lang,
        _ => Lang::En,
    }
}

/// Answers a slash command whose options could not be read into a command, privately, in
/// the asker's language.
pub async fn refuse(ctx: AppContext<'_>, why: impl Into<Text>) -> Result<(), Error> {
    let i = ctx.interaction;
    let asker = asker_of_command(i);
    let lang = lang_of(ctx.data(), asker.user.id, &asker.place).await;
    let source = Source::command(i);
    let plan = Plan::caller(private_in(why.into(), lang), source.reach);
    let http = &ctx.serenity_context().http;
    if let Err(e) = sender::answer(http, ctx.data(), source, false, None, plan).await {
        warn!(error = %super::redact::error(&e), "could not refuse a command");
    }
    info!(
        user = i.user.id.get(),
        place = %asker.place,
        subcommand = %ctx.command().name,
        outcome = "refused",
        ms = 0u64,
        "interaction"
    );
    Ok(())
}

/// Answers a click on a button whose `custom_id` is not one of the bot's.
pub async fn foreign_button(data: &Data, http: &Http, i: &ComponentInteraction) {
    let asker = asker_of_click(i);
    let lang = lang_of(data, asker.user.id, &asker.place).await;
    let source = Source::component(i);
    let reply = private_in(msg!("discord-foreign-button").into(), lang);
    let plan = Plan::caller(reply, source.reach);
    if let Err(e) = sender::answer(http, data, source, false, None, plan).await {
        warn!(error = %super::redact::error(&e), "could not answer a foreign button");
    }
    info!(
        user = i.user.id.get(),
        place = %asker.place,
        subcommand = "button",
        outcome = "foreign",
        ms = 0u64,
        "interaction"
    );
}

/// Counts interactions in hand, so a stop can wait for them.
#[derive(Debug, Default)]
pub struct InFlight {
    count: std::sync::Mutex<usize>,
    idle: tokio::sync::Notify,
}

/// Marks one interaction in hand until dropped.
pub struct InFlightGuard<'a>(&'a InFlight);

impl InFlight {
    /// Marks one interaction as in hand.
    pub fn enter(&self) -> InFlightGuard<'_> {
        *self.count.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        InFlightGuard(self)
    }

    /// How many interactions are in hand.
    pub fn count(&self) -> usize {
        *self.count.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits until no interaction is in hand.
    pub async fn idle(&self) {
        loop {
            let notified = self.idle.notified();
            if self.count() == 0 {
                return;
            }
            notified.await;
        }
    }
}

impl Drop for InFlightGuard<'_> {
    fn drop(&mut self) {
        let mut n = self.0.count.lock().unwrap_or_else(|p| p.into_inner());
        *n -= 1;
        if *n == 0 {
            self.0.idle.notify_waiters();
        }
    }
}

/// Runs `input` through the app (deferring if it is slow), sends the answer, and logs one
/// line: user, place, subcommand, outcome, milliseconds. Never logs contents.
pub async fn serve(
    cache: &serenity::Cache,
    http: &Http,
    data: &Data,
    source: Source<'_>,
    asker: Asker,
    input: Input,
) {
    let started = Instant::now();
    // A challenge where nobody but the asker would see it is not played.
    if source.ephemeral_only && matches!(input, Input::Command(Command::Challenge { .. })) {
        let lang = lang_of(data, asker.user.id, &asker.place).await;
        let reply = private_in(msg!("discord-ephemeral-only").into(), lang);
        let plan = Plan::caller(reply, source.reach);
        if let Err(e) = sender::answer(http, data, source, false, None, plan).await {
            warn!(error = %e, "could not answer a challenge in an ephemeral-only place");
        }
        info!(user = asker.user.id.0, place = %asker.place, subcommand = "challenge",
            outcome = "ephemeral-only", ms = 0u64, "interaction");
        return;
    }
    // When it arrived (its source was made a moment ago): a move's time on its game clock,
    // whatever the answer then takes.
    let arrived_ms = data.app.now_ms();
    let _in_hand = data.in_flight.enter();
    let app_only = source.reach == Reach::Interaction;
    let news = data.app_absent.note(asker.channel, source.reach);
    let user = asker.user.id.0;
    let subcommand = input.name();
    // Where only the app is, nothing can be posted when a clock falls: the challenge says so.
    let clock_warning = source.reach == Reach::Interaction
        && matches!(
            &input,
            Input::Command(Command::Challenge { clock: Some(_), .. })
        );
    let conversation = data.app.clone();
    let pressed_game = match &input {
        Input::Press(id) => id.parse::<ButtonId>().ok().map(|b| b.game),
        Input::Command(_) => None,
    };
    let command = match &input {
        Input::Command(c) => Some(c),
        Input::Press(_) => None,
    };
    // Deferred at once when known to be slow, or when the pictures ahead of it would take
    // the answer past Discord's limit.
    let others = data.in_flight.count().saturating_sub(1);
    let mut deferred = conversation.may_be_slow(&asker.place, command)
        || conversation.render_wait(others) > DEFER_WHEN_RENDER_WAIT;
    if deferred {
        if let Err(e) = source.defer(http).await {
            warn!(error = %super::redact::error(&e), "could not defer");
        }
    }
    let (who, place) = (asker.user.clone(), asker.place);
    let here = source.threads_here();
    let public = source.everyone_can_view(cache);
    let (progress_tx, mut progress) = tokio::sync::mpsc::unbounded_channel::<String>();
    let mut task = tokio::task::spawn_blocking(move || {
        let report = move |line: String| {
            let _ = progress_tx.send(line);
        };
        if let Some(public) = public {
            if let Err(e) = conversation.channel_seen(&place, public) {
                warn!(error = %super::redact::error(&e), "recording a channel's visibility failed");
            }
        }
        if news {
            if let Err(e) = conversation.place_reach(&place, app_only) {
                warn!(error = %super::redact::error(&e), "recording who is in a channel failed");
            }
        }
        let response = match input {
            Input::Command(c) => {
                conversation.handle_arrived(&who, &place, here, c, arrived_ms, &report)
            }
            Input::Press(id) => {
                conversation.press_arrived(&who, &place, here, &id, arrived_ms, &report)
            }
        };
        let more = response.as_ref().map_or_else(
            |_| Vec::new(),
            |r| more_answers(&*conversation, &who, &place, r),
        );
        (response, more)
    });
    let result = match tokio::time::timeout(DEFER_AFTER, &mut task).await {
        Ok(r) => r,
        Err(_) if deferred => with_progress(http, source, &mut task, &mut progress).await,
        Err(_) => {
            deferred = true;
            if let Err(e) = source.defer(http).await {
                warn!(error = %super::redact::error(&e), "could not defer");
            }
            with_progress(http, source, &mut task, &mut progress).await
        }
    };
    let (plan, failed) = match result {
        Ok((Ok(mut response), more)) => {
            if clock_warning && !response.reply.ephemeral {
                response.reply.text.line(msg!("discord-clock-by-dm"));
            }
            let mut plan = Plan::answer(&response, &asker, source.reach);
            // Where only the app is, a board that catches up on a click on an old board of
            // its game replaces that board, when the answer itself is private.
            let private = response.reply.is_empty() || response.reply.ephemeral;
            for reply in &more {
                let on_pressed = app_only
                    && private
                    && pressed_game.is_some()
                    && !reply.ephemeral
                    && reply.board.as_ref().and_then(|b| b.current).map(|(g, _)| g) == pressed_game;
                plan.then_answer(reply, &asker, on_pressed);
            }
            (plan, None)
        }
        Ok((Err(e), _)) => {
            error!(user, place = %asker.place, error = %super::redact::error(&e), "the app failed");
            (
                Plan::caller(Reply::private(APP_FAILED), source.reach),
                Some("app-failed"),
            )
        }
        Err(e) => {
            error!(error = %super::redact::error(&e), "the app panicked");
            let sorry = "Sorry, something went wrong; please try again.";
            (
                Plan::caller(Reply::private(sorry), source.reach),
                Some("handler-failed"),
            )
        }
    };
    let outcome = match sender::answer(http, data, source, deferred, here.blocker(), plan).await {
        Ok(outcome) => failed.unwrap_or(outcome),
        Err(e) => {
            warn!(error = %super::redact::error(&e), "could not send a reply");
            "send-failed"
        }
    };
    info!(
        user,
        place = %asker.place,
        subcommand,
        outcome,
        deferred,
        ms = started.elapsed().as_millis() as u64,
        "interaction"
    );
}

/// What else the answer to `who` at `place` carries: the board the channel has not been
/// shown yet (where only the app is), and, once after a refused DM, how to get notices.
/// Asked after the app's own answer, on the same blocking thread.
fn more_answers(
    conversation: &dyn Conversation,
    who: &User,
    place: &Place,
    response: &Response,
) -> Vec<Reply> {
    let reply = &response.reply;
    let shown = reply
        .current_board()
        .filter(|_| !reply.ephemeral)
        .map(|(game, _)| game);
    let asked = [
        conversation.catch_up(who, place, shown),
        conversation.dm_refusal_note(who.id, place),
    ];
    asked
        .into_iter()
        .filter_map(|r| {
            r.unwrap_or_else(|e| {
                warn!(error = %super::redact::error(&e), "looking up what a place missed failed");
                None
            })
        })
        .collect()
}

/// Waits for the app's answer to a deferred interaction, editing the deferred message with
/// the latest progress line the app reported, at most every [`PROGRESS_EVERY`].
async fn with_progress<T>(
    http: &Http,
    source: Source<'_>,
    task: &mut tokio::task::JoinHandle<T>,
    progress: &mut tokio::sync::mpsc::UnboundedReceiver<String>,
) -> Result<T, tokio::task::JoinError> {
    let mut pending: Option<String> = None;
    let mut last_edit: Option<Instant> = None;
    loop {
        let due = last_edit.map_or_else(Instant::now, |t| t + PROGRESS_EVERY);
        tokio::select! {
            done = &mut *task => return done,
            line = progress.recv() => match line {
                // A button's deferred answer is the message it sits on: progress is not
                // written over a board.
                Some(_) if source.is_component() => {}
                Some(line) => pending = Some(line),
                // The app finished reporting: only its answer is left.
                None => return (&mut *task).await,
            },
            _ = tokio::time::sleep_until(due.into()), if pending.is_some() => {
                if let Some(line) = pending.take() {
                    let edit = EditInteractionResponse::new()
                        .content(truncate(&line, TEXT_MAX))
                        .allowed_mentions(CreateAllowedMentions::new());
                    if let Err(e) = source.edit(http, edit).await {
                        warn!(error = %super::redact::error(&e), "could not show progress");
                    }
                    last_edit = Some(Instant::now());
                }
            }
        }
    }
}

/// A private answer saying `text` in `lang` (said here: the adapter's own words).
fn private_in(text: Text, lang: Lang) -> Reply {
    let mut reply = Reply::private(truncate(&text.render_markdown(lang), TEXT_MAX));
    reply.lang = Some(lang);
    reply
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app;
    use crate::discord::messages::{mentions, response};
    use crate::discord::outgoing::{self, Outgoing};
    use crate::discord::sender::buttons_now;

    #[test]
    fn truncate_counts_characters() {
        assert_eq!(truncate("A4 ← capture", 4), "A4 ←");
        assert_eq!(truncate("abc", 10), "abc");
    }

    #[test]
    fn mentions_allow_only_the_named_user() {
        let mut r = Reply::public("<@7> to move");
        let none = serde_json::to_value(mentions(&r)).unwrap();
        assert_eq!(none["parse"], serde_json::json!([]));
        r.mention = Some(AppUserId(7));
        let one = serde_json::to_value(mentions(&r)).unwrap();
        assert_eq!(one["users"], serde_json::json!(["7"]));
        assert_eq!(one["parse"], serde_json::json!([]));
    }

    #[test]
    fn a_board_waits_for_its_buttons_and_other_messages_do_not() {
        let mut board = Reply::public("board");
        board.board = Some(app::BoardView {
            current: Some((app::GameId(1), 0)),
            ..app::BoardView::default()
        });
        board.buttons = vec![vec![app::Button {
            id: "bao:moves:1:0".into(),
            label: "All moves".into(),
            style: app::ButtonStyle::Secondary,
        }]];
        let asker = Asker {
            user: User::new(1, "asha"),
            place: Place::Dm { user: 1 },
            channel: 5,
        };
        let plan = outgoing::plan(&board.clone().into(), &asker);
        assert!(!buttons_now(&plan[0]));
        let Outgoing::Post { reply, .. } = &plan[0] else {
            panic!("{plan:?}")
        };
        let json = serde_json::to_value(response(reply, buttons_now(&plan[0]))).unwrap();
        assert_eq!(json["components"], serde_json::json!([]), "{json}");
        board.ephemeral = true;
        let plan = outgoing::plan(&board.into(), &asker);
        assert!(buttons_now(&plan[0]));
    }
}
