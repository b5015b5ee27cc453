//! Answering an interaction: run the handler, defer when it is slow, send its replies.

use std::sync::Arc;
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use serenity::{
    ChannelId, CommandInteraction, ComponentInteraction, CreateActionRow, CreateAllowedMentions,
    CreateAttachment, CreateButton, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, EditInteractionResponse, EditMessage, Http,
    MessageId, UserId,
};
use tracing::{error, info, warn};

use super::bridge::{self, BaoHandler, Command, Delivery, Place, Reply, Request, Target, UserRef};
use super::{AppContext, Data, Error};

/// How long the handler may take before the interaction is deferred (Discord allows 3 s for
/// the first answer; this leaves room for the network).
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);
/// How long move suggestions may take (autocomplete cannot be deferred).
pub const AUTOCOMPLETE_BUDGET: Duration = Duration::from_millis(2000);
/// Longest message text Discord accepts.
const TEXT_MAX: usize = 2000;
/// JSON error code of Discord's "Cannot send messages to this user".
const CANNOT_DM: isize = 50007;

/// The interaction being answered: a slash command or a button click.
#[derive(Clone, Copy)]
pub enum Source<'a> {
    /// A slash command.
    Command(&'a CommandInteraction),
    /// A button click.
    Component(&'a ComponentInteraction),
}

impl Source<'_> {
    async fn respond(&self, http: &Http, r: CreateInteractionResponse) -> serenity::Result<()> {
        match self {
            Source::Command(i) => i.create_response(http, r).await,
            Source::Component(i) => i.create_response(http, r).await,
        }
    }

    async fn followup(
        &self,
        http: &Http,
        f: CreateInteractionResponseFollowup,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Source::Command(i) => i.create_followup(http, f).await,
            Source::Component(i) => i.create_followup(http, f).await,
        }
    }

    async fn edit(
        &self,
        http: &Http,
        e: EditInteractionResponse,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Source::Command(i) => i.edit_response(http, e).await,
            Source::Component(i) => i.edit_response(http, e).await,
        }
    }

    /// The message that answered the interaction.
    async fn original(&self, http: &Http) -> serenity::Result<serenity::Message> {
        match self {
            Source::Command(i) => i.get_response(http).await,
            Source::Component(i) => i.get_response(http).await,
        }
    }

    async fn delete_original(&self, http: &Http) -> serenity::Result<()> {
        match self {
            Source::Command(i) => i.delete_response(http).await,
            Source::Component(i) => i.delete_response(http).await,
        }
    }

    /// Defers: "thinking" for a command, a deferred update for a button.
    async fn defer(&self, http: &Http) -> serenity::Result<()> {
        match self {
            Source::Command(i) => i.defer(http).await,
            Source::Component(i) => i.defer(http).await,
        }
    }

    fn is_component(&self) -> bool {
        matches!(self, Source::Component(_))
    }
}

/// The app's view of a Discord user.
pub fn user_ref(user: &serenity::User) -> UserRef {
    UserRef {
        id: user.id.get(),
        name: user
            .global_name
            .clone()
            .unwrap_or_else(|| user.name.clone()),
        bot: user.bot,
    }
}

/// Where an interaction happened.
pub fn place_of(guild_id: Option<serenity::GuildId>, channel_id: ChannelId) -> Place {
    match guild_id {
        Some(g) => Place::Guild {
            guild_id: g.get(),
            channel_id: channel_id.get(),
        },
        None => Place::Dm {
            channel_id: channel_id.get(),
        },
    }
}

/// Cuts `text` to at most `max` characters (not bytes).
pub fn truncate(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => text[..i].to_string(),
        None => text.to_string(),
    }
}

/// Runs a slash command through the handler and answers it.
pub async fn command(ctx: AppContext<'_>, command: Command) -> Result<(), Error> {
    let i = ctx.interaction;
    let request = Request {
        user: user_ref(&i.user),
        place: place_of(i.guild_id, i.channel_id),
        command,
    };
    serve(
        &ctx.serenity_context().http,
        ctx.data(),
        Source::Command(i),
        request,
    )
    .await;
    Ok(())
}

/// Answers a click on a button whose `custom_id` is not one of the bot's.
pub async fn foreign_button(http: &Http, i: &ComponentInteraction) {
    let msg = CreateInteractionResponseMessage::new()
        .content("That button does not belong to bao-bot.")
        .ephemeral(true)
        .allowed_mentions(CreateAllowedMentions::new());
    if let Err(e) = i
        .create_response(http, CreateInteractionResponse::Message(msg))
        .await
    {
        warn!(error = %e, "could not answer a foreign button");
    }
    info!(
        user = i.user.id.get(),
        place = %place_of(i.guild_id, i.channel_id),
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

/// Runs `request` through the handler (deferring if it is slow), sends the replies, and logs
/// one line: user, place, subcommand, outcome, milliseconds. Never logs contents.
pub async fn serve(http: &Http, data: &Data, source: Source<'_>, request: Request) {
    let started = Instant::now();
    let _in_hand = data.in_flight.enter();
    let user = request.user.id;
    let place = request.place;
    let subcommand = request.command.name();
    let handler = data.handler.clone();
    let mut deferred = handler.should_defer(&request);
    if deferred {
        if let Err(e) = source.defer(http).await {
            warn!(error = %e, "could not defer");
        }
    }
    let mut task = tokio::task::spawn_blocking(move || handler.handle(request));
    let result = match tokio::time::timeout(DEFER_AFTER, &mut task).await {
        Ok(r) => r,
        Err(_) if deferred => task.await,
        Err(_) => {
            deferred = true;
            if let Err(e) = source.defer(http).await {
                warn!(error = %e, "could not defer");
            }
            task.await
        }
    };
    let outcome = match result {
        Ok(replies) => match send_all(http, data, source, deferred, replies).await {
            Ok(outcome) => outcome,
            Err(e) => {
                warn!(error = %e, "could not send a reply");
                "send-failed"
            }
        },
        Err(e) => {
            error!(error = %e, "the handler failed");
            let sorry = Reply::private("Sorry, something went wrong; please try again.");
            let _ = send_all(http, data, source, deferred, vec![sorry]).await;
            "handler-failed"
        }
    };
    info!(
        user,
        place = %place,
        subcommand,
        outcome,
        deferred,
        ms = started.elapsed().as_millis() as u64,
        "interaction"
    );
}

/// Sends the handler's replies; returns the outcome for the log (`ok` when the caller's
/// answer is public, `refused` when it is private).
async fn send_all(
    http: &Http,
    data: &Data,
    source: Source<'_>,
    deferred: bool,
    mut replies: Vec<Reply>,
) -> Result<&'static str, serenity::Error> {
    // The caller's answers first: the interaction must be answered within 3 s.
    replies.sort_by_key(|r| !matches!(r.target, Target::Caller | Target::Source));
    let mut answered = false;
    let mut outcome = "ok";
    for reply in replies {
        let to_caller = matches!(reply.target, Target::Caller | Target::Source);
        if to_caller && !answered && reply.ephemeral {
            outcome = "refused";
        }
        match send_one(http, data, source, deferred, answered, &reply).await {
            Ok(posted) => {
                answered |= to_caller;
                if let (Some(tag), Some((channel, id))) = (reply.tag.clone(), posted) {
                    let delivery = Delivery::Posted {
                        tag,
                        channel_id: channel.get(),
                        message_id: id.get(),
                    };
                    deliver(&data.handler, delivery).await;
                }
            }
            // Without an answer to the caller the rest is moot.
            Err(e) if to_caller && !answered => return Err(e),
            Err(e) => {
                warn!(error = %e, target = ?reply.target, "could not send a reply");
                outcome = "partly-sent";
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
                let r = CreateInteractionResponse::Message(response(&done));
                source.respond(http, r).await?;
            }
            (true, false) => {
                source.edit(http, edit_response(&done)).await?;
            }
            (true, true) => {}
        }
    }
    Ok(outcome)
}

/// Sends one reply; returns the message it became, when known.
async fn send_one(
    http: &Http,
    data: &Data,
    source: Source<'_>,
    deferred: bool,
    answered: bool,
    reply: &Reply,
) -> serenity::Result<Option<(ChannelId, MessageId)>> {
    let message_of = |m: serenity::Message| Some((m.channel_id, m.id));
    Ok(match reply.target {
        Target::Source if source.is_component() => {
            if !deferred && !answered {
                let r = CreateInteractionResponse::UpdateMessage(response(reply));
                source.respond(http, r).await?;
                match source {
                    Source::Component(click) => Some((click.channel_id, click.message.id)),
                    Source::Command(_) => None,
                }
            } else {
                message_of(source.edit(http, edit_response(reply)).await?)
            }
        }
        Target::Caller | Target::Source => {
            if !answered && !deferred {
                let r = CreateInteractionResponse::Message(response(reply));
                source.respond(http, r).await?;
                // The response carries no message id: fetch it when the app wants to know
                // (a board it may edit later).
                match reply.tag {
                    Some(_) => message_of(source.original(http).await?),
                    None => None,
                }
            } else if !answered && !source.is_component() {
                // Deferred command: the "thinking" message becomes the answer, unless the
                // answer is private (the defer was public): then it is replaced.
                if reply.ephemeral {
                    let m = source.followup(http, followup(reply)).await?;
                    if let Err(e) = source.delete_original(http).await {
                        warn!(error = %e, "could not remove the thinking message");
                    }
                    message_of(m)
                } else {
                    message_of(source.edit(http, edit_response(reply)).await?)
                }
            } else {
                message_of(source.followup(http, followup(reply)).await?)
            }
        }
        Target::Channel(_) | Target::Dm(_) | Target::Edit { .. } | Target::EditDm { .. } => {
            send_direct(http, &data.handler, reply).await?
        }
    })
}

/// Sends a reply that is not an interaction answer (a channel message, a DM, an edit);
/// reports a refused DM to the handler. Caller targets are skipped (there is no caller).
pub async fn send_direct(
    http: &Http,
    handler: &Arc<dyn BaoHandler>,
    reply: &Reply,
) -> serenity::Result<Option<(ChannelId, MessageId)>> {
    let message_of = |m: serenity::Message| Some((m.channel_id, m.id));
    Ok(match reply.target {
        Target::Channel(c) if c != 0 => {
            message_of(ChannelId::new(c).send_message(http, message(reply)).await?)
        }
        Target::Edit {
            channel_id,
            message_id,
        } if channel_id != 0 && message_id != 0 => {
            message_of(edit(http, ChannelId::new(channel_id), message_id, reply).await?)
        }
        Target::EditDm {
            user_id,
            message_id,
        } if user_id != 0 && message_id != 0 => {
            let channel = UserId::new(user_id).create_dm_channel(http).await?;
            message_of(edit(http, channel.id, message_id, reply).await?)
        }
        Target::Dm(user) if user != 0 => match send_dm(http, user, reply).await {
            Ok(m) => message_of(m),
            Err(e) if is_dm_refused(&e) => {
                info!(user, "DM refused by Discord (50007)");
                deliver(handler, Delivery::DmRefused { user_id: user }).await;
                None
            }
            Err(e) => return Err(e),
        },
        _ => {
            warn!(target = ?reply.target, "reply without a valid destination skipped");
            None
        }
    })
}

/// Sends a message the app originates (no interaction): see [`super::Outbox`].
pub async fn send_unprompted(http: &Http, handler: &Arc<dyn BaoHandler>, reply: Reply) {
    match send_direct(http, handler, &reply).await {
        Ok(posted) => {
            if let (Some(tag), Some((channel, id))) = (reply.tag.clone(), posted) {
                let delivery = Delivery::Posted {
                    tag,
                    channel_id: channel.get(),
                    message_id: id.get(),
                };
                deliver(handler, delivery).await;
            }
        }
        Err(e) => warn!(error = %e, target = ?reply.target, "could not send a message"),
    }
}

/// Tells the handler what became of a reply (on a blocking thread: it may use the store).
async fn deliver(handler: &Arc<dyn BaoHandler>, delivery: Delivery) {
    let handler = handler.clone();
    if let Err(e) = tokio::task::spawn_blocking(move || handler.delivered(delivery)).await {
        error!(error = %e, "delivery report failed");
    }
}

/// Replaces an earlier message of the bot with `reply`.
async fn edit(
    http: &Http,
    channel: ChannelId,
    message_id: u64,
    reply: &Reply,
) -> serenity::Result<serenity::Message> {
    channel
        .edit_message(http, MessageId::new(message_id), edit_message(reply))
        .await
}

async fn send_dm(http: &Http, user: u64, reply: &Reply) -> serenity::Result<serenity::Message> {
    let channel = UserId::new(user).create_dm_channel(http).await?;
    channel.id.send_message(http, message(reply)).await
}

/// Whether Discord refused a DM because the user does not accept them.
fn is_dm_refused(e: &serenity::Error) -> bool {
    matches!(
        e,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
            if r.error.code == CANNOT_DM
    )
}

fn rows(buttons: &[Vec<bridge::Button>]) -> Vec<CreateActionRow> {
    buttons
        .iter()
        .filter(|row| !row.is_empty())
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .map(|b| {
                        CreateButton::new(b.custom_id.clone())
                            .label(truncate(&b.label, 80))
                            .style(match b.style {
                                bridge::ButtonStyle::Primary => serenity::ButtonStyle::Primary,
                                bridge::ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
                                bridge::ButtonStyle::Success => serenity::ButtonStyle::Success,
                                bridge::ButtonStyle::Danger => serenity::ButtonStyle::Danger,
                            })
                            .disabled(b.disabled)
                    })
                    .collect(),
            )
        })
        .collect()
}

/// Pings only the reply's one allowed user: never @everyone or roles.
fn mentions(reply: &Reply) -> CreateAllowedMentions {
    CreateAllowedMentions::new().users(reply.mention.filter(|&id| id != 0).map(UserId::new))
}

fn files(reply: &Reply) -> impl Iterator<Item = CreateAttachment> + '_ {
    reply
        .attachments
        .iter()
        .map(|a| CreateAttachment::bytes(a.bytes.clone(), a.name.clone()))
}

fn response(reply: &Reply) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(truncate(&reply.text, TEXT_MAX))
        .ephemeral(reply.ephemeral)
        .components(rows(&reply.buttons))
        .allowed_mentions(mentions(reply))
        .add_files(files(reply))
}

fn followup(reply: &Reply) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new()
        .content(truncate(&reply.text, TEXT_MAX))
        .ephemeral(reply.ephemeral)
        .components(rows(&reply.buttons))
        .allowed_mentions(mentions(reply))
        .add_files(files(reply))
}

fn edit_response(reply: &Reply) -> EditInteractionResponse {
    let mut e = EditInteractionResponse::new()
        .content(truncate(&reply.text, TEXT_MAX))
        .components(rows(&reply.buttons))
        .allowed_mentions(mentions(reply));
    for f in files(reply) {
        e = e.new_attachment(f);
    }
    e
}

fn message(reply: &Reply) -> CreateMessage {
    CreateMessage::new()
        .content(truncate(&reply.text, TEXT_MAX))
        .components(rows(&reply.buttons))
        .allowed_mentions(mentions(reply))
        .add_files(files(reply))
}

fn edit_message(reply: &Reply) -> EditMessage {
    // An edit without text keeps the message's text (it only changes the buttons).
    let mut e = EditMessage::new()
        .components(rows(&reply.buttons))
        .allowed_mentions(mentions(reply));
    if !reply.text.is_empty() {
        e = e.content(truncate(&reply.text, TEXT_MAX));
    }
    for f in files(reply) {
        e = e.new_attachment(f);
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncate_counts_characters() {
        assert_eq!(truncate("A4 ← capture", 4), "A4 ←");
        assert_eq!(truncate("abc", 10), "abc");
    }

    #[test]
    fn mentions_allow_only_the_named_user() {
        let mut r = Reply::text("<@7> to move");
        let none = serde_json::to_value(mentions(&r)).unwrap();
        assert_eq!(none["parse"], serde_json::json!([]));
        r.mention = Some(7);
        let one = serde_json::to_value(mentions(&r)).unwrap();
        assert_eq!(one["users"], serde_json::json!(["7"]));
        assert_eq!(one["parse"], serde_json::json!([]));
    }
}
