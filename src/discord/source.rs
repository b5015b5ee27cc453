//! The interaction being answered, and every request about it: its first answer (within
//! Discord's 3 s), a defer, follow-ups, edits of its answer; each retried while rate limited
//! ([`super::retry`]). What the place allows is read here too, from what Discord says with
//! the interaction: who is there ([`Reach`]), whether threads can open, whether everyone
//! can see it.

use std::time::Instant;

use poise::serenity_prelude as serenity;
use serenity::{
    ChannelType, CommandInteraction, ComponentInteraction, CreateInteractionResponse,
    CreateInteractionResponseFollowup, EditInteractionResponse, Http,
};

use super::reach::{Reach, TOKEN_LIFETIME};
use super::retry;
use crate::app::{ThreadsHere, User, UserId as AppUserId};

/// The app's view of a Discord user.
pub fn user_of(user: &serenity::User) -> User {
    User {
        id: AppUserId(user.id.get()),
        name: user
            .global_name
            .clone()
            .unwrap_or_else(|| user.name.clone()),
        bot: user.bot,
    }
}

/// The interaction being answered: a slash command or a button click.
#[derive(Clone, Copy)]
pub enum Interaction<'a> {
    /// A slash command.
    Command(&'a CommandInteraction),
    /// A button click.
    Component(&'a ComponentInteraction),
}

/// The interaction being answered, and when it arrived. Every request about it is retried
/// while rate limited ([`retry`]): its first answer until Discord's 3 s are nearly gone,
/// the rest with the usual patience.
#[derive(Clone, Copy)]
pub struct Source<'a> {
    /// The interaction.
    pub interaction: Interaction<'a>,
    /// When the first answer must have been sent by.
    first_answer_by: Instant,
    /// Whether the bot is there, or only a person's install of the app.
    pub reach: Reach,
    /// Whether Discord shows every answer to the asker alone: only a person's install in a
    /// server that turned external apps off for them (`USE_EXTERNAL_APPS` not among the
    /// member's permissions).
    pub ephemeral_only: bool,
}

impl<'a> Source<'a> {
    /// A slash command that has just arrived.
    pub fn command(i: &'a CommandInteraction) -> Source<'a> {
        Source::arrived(Interaction::Command(i))
    }

    /// A button click that has just arrived.
    pub fn component(i: &'a ComponentInteraction) -> Source<'a> {
        Source::arrived(Interaction::Component(i))
    }

    fn arrived(interaction: Interaction<'a>) -> Source<'a> {
        let (reach, member) = match interaction {
            Interaction::Command(i) => (
                Reach::of(&i.authorizing_integration_owners, i.context),
                i.member.as_deref(),
            ),
            Interaction::Component(i) => (
                Reach::of(&i.authorizing_integration_owners, i.context),
                i.member.as_ref(),
            ),
        };
        let ephemeral_only = reach == Reach::Interaction
            && member
                .and_then(|m| m.permissions)
                .is_some_and(|p| !p.use_external_apps());
        Source {
            interaction,
            first_answer_by: Instant::now() + retry::FIRST_ANSWER,
            reach,
            ephemeral_only,
        }
    }

    /// Whether the interaction's token may still be used (Discord's 15 minutes).
    pub(super) fn token_alive(&self) -> bool {
        self.first_answer_by.elapsed() + retry::FIRST_ANSWER < TOKEN_LIFETIME
    }

    /// The first answer (a message, or an acknowledgement).
    pub(super) async fn respond(
        &self,
        http: &Http,
        r: CreateInteractionResponse,
    ) -> serenity::Result<()> {
        retry::retrying("interaction answer", self.first_answer_by, || async {
            match self.interaction {
                Interaction::Command(i) => i.create_response(http, r.clone()).await,
                Interaction::Component(i) => i.create_response(http, r.clone()).await,
            }
        })
        .await
    }

    /// The first answer, or, when rate limits leave too little of Discord's 3 s for a whole
    /// message (it may carry an animation), a defer: the answer then follows as an edit or
    /// a followup. `Ok(true)`: answered; `Ok(false)`: deferred.
    pub(super) async fn answer_or_defer(
        &self,
        http: &Http,
        r: CreateInteractionResponse,
    ) -> serenity::Result<bool> {
        let defer_by = self.first_answer_by - retry::DEFER_MARGIN;
        let answered = retry::retrying("interaction answer", defer_by, || async {
            match self.interaction {
                Interaction::Command(i) => i.create_response(http, r.clone()).await,
                Interaction::Component(i) => i.create_response(http, r.clone()).await,
            }
        })
        .await;
        match answered {
            Ok(()) => Ok(true),
            Err(e) if retry::is_rate_limited(&e) => {
                self.defer(http).await?;
                Ok(false)
            }
            Err(e) => Err(e),
        }
    }

    pub(super) async fn followup(
        &self,
        http: &Http,
        f: CreateInteractionResponseFollowup,
    ) -> serenity::Result<serenity::Message> {
        retry::patiently("followup", || async {
            match self.interaction {
                Interaction::Command(i) => i.create_followup(http, f.clone()).await,
                Interaction::Component(i) => i.create_followup(http, f.clone()).await,
            }
        })
        .await
    }

    pub(super) async fn edit(
        &self,
        http: &Http,
        e: EditInteractionResponse,
    ) -> serenity::Result<serenity::Message> {
        retry::patiently("answer edit", || async {
            match self.interaction {
                Interaction::Command(i) => i.edit_response(http, e.clone()).await,
                Interaction::Component(i) => i.edit_response(http, e.clone()).await,
            }
        })
        .await
    }

    /// The message that answered the interaction.
    pub(super) async fn original(&self, http: &Http) -> serenity::Result<serenity::Message> {
        retry::patiently("answer lookup", || async {
            match self.interaction {
                Interaction::Command(i) => i.get_response(http).await,
                Interaction::Component(i) => i.get_response(http).await,
            }
        })
        .await
    }

    pub(super) async fn delete_original(&self, http: &Http) -> serenity::Result<()> {
        retry::patiently("answer removal", || async {
            match self.interaction {
                Interaction::Command(i) => i.delete_response(http).await,
                Interaction::Component(i) => i.delete_response(http).await,
            }
        })
        .await
    }

    /// Defers: "thinking" for a command, a deferred update for a button.
    pub(super) async fn defer(&self, http: &Http) -> serenity::Result<()> {
        retry::retrying("defer", self.first_answer_by, || async {
            match self.interaction {
                Interaction::Command(i) => i.defer(http).await,
                Interaction::Component(i) => i.defer(http).await,
            }
        })
        .await
    }

    pub(super) fn token(&self) -> &str {
        match self.interaction {
            Interaction::Command(i) => &i.token,
            Interaction::Component(i) => &i.token,
        }
    }

    /// The message whose button was pressed, for a click.
    pub(super) fn pressed(&self) -> Option<serenity::MessageId> {
        match self.interaction {
            Interaction::Component(i) => Some(i.message.id),
            Interaction::Command(_) => None,
        }
    }

    /// The channel of the interaction.
    pub(super) fn channel(&self) -> serenity::ChannelId {
        match self.interaction {
            Interaction::Command(i) => i.channel_id,
            Interaction::Component(i) => i.channel_id,
        }
    }

    /// Who asked.
    pub(super) fn user(&self) -> &serenity::User {
        match self.interaction {
            Interaction::Command(i) => &i.user,
            Interaction::Component(i) => &i.user,
        }
    }

    pub(super) fn is_component(&self) -> bool {
        matches!(self.interaction, Interaction::Component(_))
    }

    /// Whether everyone on the server may read the channel of the interaction (its thread's
    /// parent, in a thread), as far as the cache knows; `None` in DMs.
    pub(super) fn everyone_can_view(&self, cache: &serenity::Cache) -> Option<bool> {
        let (guild, channel, partial) = match self.interaction {
            Interaction::Command(i) => (i.guild_id?, i.channel_id, i.channel.as_ref()),
            Interaction::Component(i) => (i.guild_id?, i.channel_id, i.channel.as_ref()),
        };
        let parent = partial
            .filter(|c| {
                matches!(
                    c.kind,
                    ChannelType::PublicThread
                        | ChannelType::PrivateThread
                        | ChannelType::NewsThread
                )
            })
            .and_then(|c| c.parent_id);
        // A private thread is never everyone's, whatever its parent.
        if partial.is_some_and(|c| c.kind == ChannelType::PrivateThread) {
            return Some(false);
        }
        super::visibility::everyone_can_view(cache, guild, channel, parent)
    }

    /// Whether the bot can open a game's thread where the interaction happened, from what
    /// Discord says with it: the bot's permissions there (`app_permissions`) and the
    /// channel's type (threads open in text and announcement channels only).
    pub(super) fn threads_here(&self) -> ThreadsHere {
        // Where only a person's install of the app is, nothing but answers: no thread.
        if self.reach == Reach::Interaction {
            return ThreadsHere::NotHere;
        }
        let (perms, channel) = match self.interaction {
            Interaction::Command(i) => (i.app_permissions, i.channel.as_ref()),
            Interaction::Component(i) => (i.app_permissions, i.channel.as_ref()),
        };
        let kind = channel.map(|c| c.kind);
        if !matches!(kind, None | Some(ChannelType::Text | ChannelType::News)) {
            return ThreadsHere::NotHere;
        }
        // Without the permissions said, the bot promises no thread.
        let (create, send) = perms.map_or((false, false), |p| {
            (p.create_public_threads(), p.send_messages_in_threads())
        });
        if create && send {
            ThreadsHere::Allowed
        } else {
            ThreadsHere::Missing {
                create_public_threads: !create,
                send_messages_in_threads: !send,
            }
        }
    }
}
