//! The one sender: carries out a [`Plan`] on Discord, each step a request retried while
//! rate limited: the caller's answer (as the interaction's response, its edit or a
//! followup, within what the place allows), channel messages and DMs, buttons taken off
//! earlier messages, a thread archived or opened, and a public board's buttons added once
//! the app has recorded it. Every reply of the bot, to an interaction ([`answer`]) or on its
//! own ([`unprompted`]), goes out here.
//!
//! A public board is sent without its buttons; they are added once the app has recorded the
//! message as the game's board ([`crate::app::Conversation::board_posted`]), so a crash
//! between posting and recording leaves a board without buttons, never one with
//! live-looking buttons that nothing will ever remove. After adding them the adapter asks again: if the game moved on
//! meanwhile (and its move may have missed this board), the buttons are taken off again.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{
    AutoArchiveDuration, ChannelId, ChannelType, CreateInteractionResponse, CreateThread,
    EditInteractionResponse, EditMessage, EditThread, EditWebhookMessage, Http, MessageId, UserId,
};
use tracing::{error, info, warn};

use super::messages::truncate;
use super::messages::{edit_response, followup, message, response, rows, without_buttons};
use super::outgoing::{Earlier, Outgoing, Target};
use super::plan::{Allows, Plan};
use super::retry::patiently;
use super::source::{Interaction, Source};
use super::Data;
use crate::app::{
    self, Conversation, Place, Reply, ThreadFailure, ThreadPlan, UserId as AppUserId,
};

/// JSON error code of Discord's "Cannot send messages to this user".
const CANNOT_DM: isize = 50007;

/// A message the bot sent, as it can be edited again.
#[derive(Debug, Clone, Copy)]
enum Sent {
    /// The interaction's own answer (`@original`).
    Original(MessageId),
    /// A followup of the interaction.
    Followup(MessageId),
    /// A message in a channel (or DM channel).
    Message(ChannelId, MessageId),
    /// The interaction's answer, whose id could not be learnt (its token ran out): it
    /// cannot be recorded or edited.
    Unknown,
}

impl Sent {
    fn id(self) -> MessageId {
        match self {
            Sent::Original(id) | Sent::Followup(id) | Sent::Message(_, id) => id,
            Sent::Unknown => MessageId::new(1),
        }
    }
}

/// Carries out the plan of an answer to the interaction `source`; returns the outcome for
/// the log (`ok` when the caller's answer is public, `refused` when it is private).
/// `blocker` says why no thread may be opened here, if none may.
pub(super) async fn answer(
    http: &Http,
    data: &Data,
    source: Source<'_>,
    mut deferred: bool,
    blocker: Option<ThreadFailure>,
    plan: Plan,
) -> Result<&'static str, serenity::Error> {
    let allowed = |followups: usize| plan.followup_allowed(followups, source.token_alive());
    let mut steps = plan.steps.clone();
    // The caller's answer first (an update of the pressed message can only be the first):
    // the interaction must be answered within 3 s.
    steps.sort_by_key(|o| match o {
        Outgoing::Post {
            target: Target::Pressed,
            ..
        } => 0,
        o if o.to_caller() => 1,
        _ => 2,
    });
    // What acts on the interaction's own message or opens a thread waits until it is
    // answered.
    let (later, steps): (Vec<Outgoing>, Vec<Outgoing>) = steps.into_iter().partition(|o| {
        matches!(
            o,
            Outgoing::RemoveButtons(Earlier::Pressed) | Outgoing::OpenThread(_)
        )
    });
    let mut answered = false;
    let mut outcome = "ok";
    let mut followups = 0;
    let mut first_public = false;
    for out in steps {
        let to_caller = out.to_caller();
        // Where only the app is, an interaction takes a few follow-ups, and only while its
        // token lives: what does not fit waits for the next interaction (the board catches
        // up then).
        if to_caller && answered {
            if !allowed(followups) {
                warn!(step = %super::redact::Step(&out), "no follow-up left for this interaction; skipped");
                outcome = "partly-sent";
                board_missed(&data.app, &out).await;
                continue;
            }
            followups += 1;
        }
        if let Outgoing::Post { reply, .. } = &out {
            if to_caller && !answered {
                first_public = !reply.ephemeral;
                if reply.ephemeral {
                    outcome = "refused";
                }
            }
        }
        let sent = if to_caller {
            send_to_caller(http, source, &mut deferred, answered, &out).await
        } else {
            send_direct(http, &data.app, &out).await
        };
        match sent {
            Ok(sent) => {
                answered |= to_caller;
                if let Some(sent) = sent {
                    if !board_buttons(http, &data.app, Some(source), &out, sent).await {
                        board_missed(&data.app, &out).await;
                    }
                }
            }
            // Without an answer to the caller the rest is moot.
            Err(e) if to_caller && !answered => return Err(e),
            Err(e) => {
                super::redact::step_failed(&e, &out, "could not send a reply");
                outcome = "partly-sent";
                board_missed(&data.app, &out).await;
            }
        }
    }
    if !answered {
        // Every interaction needs an answer ("thinking..." must not stay forever).
        let done = Reply::private("Done.");
        match (deferred, source.is_component()) {
            (false, true) => {
                source
                    .respond(http, CreateInteractionResponse::Acknowledge)
                    .await?
            }
            (false, false) => {
                let r = CreateInteractionResponse::Message(response(&done, true));
                source.respond(http, r).await?;
            }
            (true, false) => {
                source.edit(http, edit_response(&done, true)).await?;
            }
            (true, true) => {}
        }
    }
    // Where only the app is, Discord may show every answer to the asker alone (a server
    // that turned external apps off): the first public answer's flags say so, once.
    if let (Allows::AnswersOnly, Some(place), true) = (plan.allows, plan.place, first_public) {
        if data.app_absent.first_look(source.channel().get()) && allowed(followups) {
            if let Some(note) = hidden_here(http, data, source, place).await {
                if let Err(e) = source.followup(http, followup(&note, true)).await {
                    warn!(error = %super::redact::error(&e), "could not say that answers are hidden here");
                }
            }
        }
    }
    for step in later {
        match (step, source) {
            (
                Outgoing::RemoveButtons(Earlier::Pressed),
                Source {
                    interaction: Interaction::Component(click),
                    ..
                },
            ) => {
                let pressed = Sent::Message(click.channel_id, click.message.id);
                if let Err(e) = set_buttons(http, None, pressed, &[]).await {
                    warn!(error = %super::redact::error(&e), "could not take the buttons off a pressed message");
                }
            }
            (Outgoing::OpenThread(plan), _) => open_thread(http, &data.app, blocker, plan).await,
            _ => {}
        }
    }
    Ok(outcome)
}

/// Whether Discord showed the interaction's (public) answer to the asker alone, from its
/// flags: told to the app, which stores it and withdraws what was meant for others there;
/// returns what to tell the asker.
async fn hidden_here(http: &Http, data: &Data, source: Source<'_>, place: Place) -> Option<Reply> {
    let answer = match source.original(http).await {
        Ok(m) => m,
        Err(e) => {
            warn!(error = %super::redact::error(&e), "could not look at an answer's flags");
            return None;
        }
    };
    let hidden = answer
        .flags
        .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
    let (app, user) = (data.app.clone(), super::source::user_of(source.user()));
    match tokio::task::spawn_blocking(move || app.place_hidden(&user, &place, hidden)).await {
        Ok(Ok(note)) => note,
        _ => {
            error!("recording whether answers are hidden failed");
            None
        }
    }
}

/// Whether a message is sent with its buttons now (everything but a public board, whose
/// buttons wait until the app has recorded it).
pub(super) fn buttons_now(out: &Outgoing) -> bool {
    !matches!(
        out,
        Outgoing::Post {
            board_at: Some(_),
            ..
        }
    )
}

/// Sends the answer to the interaction's caller; returns the message it became when the
/// app wants to know (a public board).
async fn send_to_caller(
    http: &Http,
    source: Source<'_>,
    deferred: &mut bool,
    answered: bool,
    out: &Outgoing,
) -> serenity::Result<Option<Sent>> {
    let Outgoing::Post {
        target,
        reply,
        board_at,
        event_at,
    } = out
    else {
        return Ok(None);
    };
    let buttons = buttons_now(out);
    let wanted = board_at.is_some() || event_at.is_some();
    if let (Target::Pressed, false, Some(pressed)) = (target, answered, source.pressed()) {
        // The pressed message itself: the response that updates it, or (deferred) an edit
        // of it, which is what `@original` then names.
        if !*deferred {
            let r = CreateInteractionResponse::UpdateMessage(response(reply, buttons));
            if source.answer_or_defer(http, r).await? {
                return Ok(wanted.then_some(Sent::Original(pressed)));
            }
            *deferred = true;
        }
        source.edit(http, edit_response(reply, buttons)).await?;
        return Ok(wanted.then_some(Sent::Original(pressed)));
    }
    if !answered && !*deferred {
        let r = CreateInteractionResponse::Message(response(reply, buttons));
        if source.answer_or_defer(http, r).await? {
            // The response carries no message id: fetch it when the app wants to know.
            if wanted {
                return Ok(Some(match source.original(http).await {
                    Ok(m) => Sent::Original(m.id),
                    Err(e) => {
                        warn!(error = %super::redact::error(&e), "could not learn an answer's id");
                        Sent::Unknown
                    }
                }));
            }
            return Ok(None);
        }
        // Rate limits left no time for the whole answer: it was deferred instead.
        *deferred = true;
    }
    if !answered && !source.is_component() {
        // Deferred command: the "thinking" message becomes the answer, unless the answer is
        // private (the defer was public): then it is replaced.
        if reply.ephemeral {
            source.followup(http, followup(reply, buttons)).await?;
            if let Err(e) = source.delete_original(http).await {
                warn!(error = %super::redact::error(&e), "could not remove the thinking message");
            }
            Ok(None)
        } else {
            let m = source.edit(http, edit_response(reply, buttons)).await?;
            Ok(wanted.then_some(Sent::Original(m.id)))
        }
    } else {
        let m = source.followup(http, followup(reply, buttons)).await?;
        Ok(wanted.then_some(Sent::Followup(m.id)))
    }
}

/// Carries out a step that is not the interaction's answer (a channel message, a DM,
/// buttons taken off an earlier message, a thread archived); tells the app about a refused
/// DM. Returns the message sent when the app wants to know (a public board).
async fn send_direct(
    http: &Http,
    app: &Arc<dyn Conversation>,
    out: &Outgoing,
) -> serenity::Result<Option<Sent>> {
    let buttons = buttons_now(out);
    let wanted = |m: serenity::Message| {
        matches!(
            out,
            Outgoing::Post {
                board_at: Some(_),
                ..
            } | Outgoing::Post {
                event_at: Some(_),
                ..
            }
        )
        .then_some(Sent::Message(m.channel_id, m.id))
    };
    Ok(match out {
        Outgoing::Post {
            target: Target::Channel(c),
            reply,
            ..
        } if *c != 0 => {
            let m = message(reply, buttons);
            wanted(
                patiently("channel message", || {
                    ChannelId::new(*c).send_message(http, m.clone())
                })
                .await?,
            )
        }
        Outgoing::RemoveButtons(Earlier::InChannel {
            channel_id,
            message_id,
        }) if *channel_id != 0 && *message_id != 0 => {
            buttons_off(http, ChannelId::new(*channel_id), *message_id).await?;
            None
        }
        Outgoing::RemoveButtons(Earlier::InDm {
            user_id,
            message_id,
        }) if *user_id != 0 && *message_id != 0 => {
            let channel = dm_channel(http, *user_id).await?;
            buttons_off(http, channel, *message_id).await?;
            None
        }
        Outgoing::Archive { thread, name } if *thread != 0 => {
            let mut edit = EditThread::new().archived(true);
            if !name.is_empty() {
                edit = edit.name(name.as_str());
            }
            patiently("thread archive", || {
                ChannelId::new(*thread).edit_thread(http, edit.clone())
            })
            .await?;
            None
        }
        Outgoing::Post {
            target: Target::Dm(user),
            reply,
            ..
        } if *user != 0 => match send_dm(http, *user, reply, buttons).await {
            Ok(m) => wanted(m),
            Err(e) if is_dm_refused(&e) => {
                let user = *user;
                info!(user, "DM refused by Discord (50007)");
                let app = app.clone();
                let told =
                    tokio::task::spawn_blocking(move || app.dm_failed(AppUserId(user))).await;
                if !matches!(told, Ok(Ok(()))) {
                    error!(user, "recording a refused DM failed");
                }
                None
            }
            Err(e) => return Err(e),
        },
        _ => {
            warn!(step = %super::redact::Step(out), "reply without a valid destination skipped");
            None
        }
    })
}

/// Opens the thread the app asked for on the challenge message (unless `blocker` says the
/// bot may not), tells the app how it went, and sends what it answers: the board in the
/// thread, or in the channel with the challenger's private notice.
async fn open_thread(
    http: &Http,
    app: &Arc<dyn Conversation>,
    blocker: Option<ThreadFailure>,
    plan: ThreadPlan,
) {
    let game = plan.game;
    let outcome = match (blocker, plan.parent) {
        (Some(why), _) => Err(why),
        (None, Place::Channel { channel, .. }) if channel != 0 => {
            let builder = CreateThread::new(truncate(&plan.name, 100))
                .kind(ChannelType::PublicThread)
                .auto_archive_duration(AutoArchiveDuration::OneWeek);
            // A tournament game's thread stands alone (no message to open it on).
            let opened = patiently("thread", || {
                let builder = builder.clone();
                async move {
                    match plan.message {
                        0 => ChannelId::new(channel).create_thread(http, builder).await,
                        m => {
                            ChannelId::new(channel)
                                .create_thread_from_message(http, MessageId::new(m), builder)
                                .await
                        }
                    }
                }
            })
            .await;
            match opened {
                Ok(thread) => Ok(thread.id.get()),
                Err(e) => {
                    warn!(game = game.0, error = %super::redact::error(&e), "could not open a game's thread");
                    Err(ThreadFailure::Refused)
                }
            }
        }
        (None, _) => Err(ThreadFailure::NotHere),
    };
    let app2 = app.clone();
    let told = tokio::task::spawn_blocking(move || match outcome {
        Ok(thread) => app2.thread_opened(game, thread),
        Err(why) => app2.thread_failed(game, why),
    })
    .await;
    match told {
        Ok(Ok(notices)) => {
            unprompted(http, app, Plan::notices(&notices)).await;
        }
        Ok(Err(e)) => {
            error!(game = game.0, error = %super::redact::error(&e), "recording a game's thread failed")
        }
        Err(e) => {
            error!(game = game.0, error = %super::redact::error(&e), "recording a game's thread panicked")
        }
    }
}

/// Carries out the plan of the app's own messages (no interaction): see
/// [`super::Outbox`].
pub async fn unprompted(http: &Http, app: &Arc<dyn Conversation>, plan: Plan) {
    for out in &plan.steps {
        match send_direct(http, app, out).await {
            Ok(Some(sent)) => {
                board_buttons(http, app, None, out, sent).await;
            }
            Ok(None) => {}
            Err(e) => super::redact::step_failed(&e, out, "could not send a message"),
        }
    }
}

/// A public board was posted as `sent`: tell the app, and once it has recorded the board,
/// add the buttons; if the game has moved on by then, take them off again. A tournament's
/// announcement is reported too. False when a recorded board could not get its buttons.
async fn board_buttons(
    http: &Http,
    app: &Arc<dyn Conversation>,
    source: Option<Source<'_>>,
    out: &Outgoing,
    sent: Sent,
) -> bool {
    if matches!(sent, Sent::Unknown) {
        return false;
    }
    if let Outgoing::Post {
        event_at: Some((event, place)),
        ..
    } = out
    {
        let (app, event, place, message) = (app.clone(), *event, *place, sent.id().get());
        match tokio::task::spawn_blocking(move || app.event_posted(event, &place, message)).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                error!(event, error = %super::redact::error(&e), "recording an announcement failed")
            }
            Err(e) => {
                error!(event, error = %super::redact::error(&e), "recording an announcement panicked")
            }
        }
    }
    let Outgoing::Post {
        reply,
        board_at: Some(place),
        ..
    } = out
    else {
        return true;
    };
    let (place, buttons) = (*place, &reply.buttons);
    let Some((game, ply)) = reply.current_board() else {
        return true;
    };
    let message = sent.id().get();
    let ask = || {
        let app = app.clone();
        async move {
            match tokio::task::spawn_blocking(move || app.board_posted(game, ply, &place, message))
                .await
            {
                Ok(Ok(recorded)) => recorded,
                Ok(Err(e)) => {
                    error!(game = game.0, error = %super::redact::error(&e), "recording a board failed");
                    false
                }
                Err(e) => {
                    error!(game = game.0, error = %super::redact::error(&e), "recording a board panicked");
                    false
                }
            }
        }
    };
    if !ask().await || buttons.is_empty() {
        return true;
    }
    if let Err(e) = set_buttons(http, source, sent, buttons).await {
        warn!(game = game.0, error = %super::redact::error(&e), "could not add a board's buttons");
        return false;
    }
    if !ask().await {
        if let Err(e) = set_buttons(http, source, sent, &[]).await {
            warn!(game = game.0, error = %super::redact::error(&e), "could not remove a stale board's buttons");
        }
    }
    true
}

/// A public board that did not reach its place whole (no follow-up left, the token ran
/// out, its buttons could not be added): the app shows it on the next interaction there,
/// where only the app is.
async fn board_missed(app: &Arc<dyn Conversation>, out: &Outgoing) {
    let Outgoing::Post {
        reply,
        board_at: Some(place),
        ..
    } = out
    else {
        return;
    };
    let Some((game, _)) = reply.current_board() else {
        return;
    };
    let (app, place) = (app.clone(), *place);
    match tokio::task::spawn_blocking(move || app.board_missed(&place, game)).await {
        Ok(Ok(())) => {}
        _ => error!(game = game.0, "recording a board that was not shown failed"),
    }
}

/// Replaces the buttons of a message the bot sent, leaving its text and files.
async fn set_buttons(
    http: &Http,
    source: Option<Source<'_>>,
    sent: Sent,
    buttons: &[Vec<app::Button>],
) -> serenity::Result<()> {
    let rows = rows(buttons);
    match (sent, source) {
        (Sent::Original(_), Some(source)) => {
            source
                .edit(http, EditInteractionResponse::new().components(rows))
                .await?;
        }
        (Sent::Followup(id), Some(source)) => {
            let edit = EditWebhookMessage::new().components(rows);
            patiently("followup edit", || {
                http.edit_followup_message(source.token(), id, &edit, Vec::new())
            })
            .await?;
        }
        (Sent::Message(channel, id), _) => {
            let edit = EditMessage::new().components(rows);
            patiently("message edit", || {
                channel.edit_message(http, id, edit.clone())
            })
            .await?;
        }
        (Sent::Original(_) | Sent::Followup(_), None) | (Sent::Unknown, _) => {}
    }
    Ok(())
}

/// Replaces an earlier message of the bot with `reply`.
/// Takes the buttons off an earlier message of the bot.
async fn buttons_off(
    http: &Http,
    channel: ChannelId,
    message_id: u64,
) -> serenity::Result<serenity::Message> {
    patiently("message edit", || {
        channel.edit_message(http, MessageId::new(message_id), without_buttons())
    })
    .await
}

async fn send_dm(
    http: &Http,
    user: u64,
    reply: &Reply,
    buttons: bool,
) -> serenity::Result<serenity::Message> {
    let channel = dm_channel(http, user).await?;
    let m = message(reply, buttons);
    patiently("DM", || channel.send_message(http, m.clone())).await
}

/// The bot's DM channel with `user`.
async fn dm_channel(http: &Http, user: u64) -> serenity::Result<ChannelId> {
    let channel = patiently("DM channel", || UserId::new(user).create_dm_channel(http)).await?;
    Ok(channel.id)
}

/// Whether Discord refused a DM because the user does not accept them.
fn is_dm_refused(e: &serenity::Error) -> bool {
    matches!(
        e,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
            if r.error.code == CANNOT_DM
    )
}
