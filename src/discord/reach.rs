//! What the bot may do where an interaction happened, decided per interaction from what
//! Discord says with it (`authorizing_integration_owners`, `context`), and the answer's plan
//! fitted to it.
//!
//! Where the bot was added (a server that installed it, its own DMs) it posts, edits, opens
//! threads and DMs as it likes. Where only a person's install of the app authorised the
//! interaction (a DM or group DM between people, a server without the bot), it can only
//! answer that interaction: its response, at most [`FOLLOWUPS_MAX`] follow-ups, edits of
//! those, all within the token's 15 minutes. It cannot read the channel, post there
//! unprompted, open threads or react. [`fit`] turns a plan made for the first kind of place
//! into one for the second: the place's own messages become follow-ups, the rest that needs
//! the channel is left out (the next interaction there shows the current board).

use std::collections::HashSet;
use std::sync::Mutex;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{AuthorizingIntegrationOwner, AuthorizingIntegrationOwners, InteractionContext};

use super::outgoing::{Earlier, Outgoing, Target};
use crate::app::{Destination, Notice, Place};

/// Most follow-ups Discord takes per interaction authorised by a user install alone.
pub const FOLLOWUPS_MAX: usize = 5;
/// How long an interaction's token may be used (Discord's 15 minutes, less a margin).
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(14 * 60 + 30);

/// Who is present where an interaction happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// The bot itself: a server that added it, or its own DMs.
    Bot,
    /// Only the app a person installed: the bot acts only by answering the interaction.
    Interaction,
}

impl Reach {
    /// The reach of an interaction: the app alone in DMs and group DMs between people
    /// (`context` 2), and in a server whose installation is not among the authorising owners
    /// (only `"1"`, the user, is). An interaction that names no owners (older payloads) is
    /// the bot's.
    pub fn of(owners: &AuthorizingIntegrationOwners, context: Option<InteractionContext>) -> Reach {
        let by_user = owners
            .0
            .iter()
            .any(|o| matches!(o, AuthorizingIntegrationOwner::UserInstall(_)));
        let by_server = owners
            .0
            .iter()
            .any(|o| matches!(o, AuthorizingIntegrationOwner::GuildInstall(_)));
        match context {
            Some(InteractionContext::PrivateChannel) => Reach::Interaction,
            Some(InteractionContext::BotDm) => Reach::Bot,
            _ if by_user && !by_server => Reach::Interaction,
            _ => Reach::Bot,
        }
    }
}

/// The plan fitted to what `reach` allows in `channel` (the interaction's channel): with the
/// bot there, unchanged; with the app alone, messages for this channel become answers to the
/// interaction (the caller's, as follow-ups), and what needs the channel itself (posts
/// elsewhere in it, button edits of its messages, threads) is left out. DMs stay: a player
/// who installed the app or shares a server with the bot can get them (a refusal is stored).
pub fn fit(plan: Vec<Outgoing>, reach: Reach, channel: u64) -> Vec<Outgoing> {
    if reach == Reach::Bot {
        return plan;
    }
    plan.into_iter()
        .filter_map(|out| match out {
            Outgoing::Post {
                target: Target::Channel(c),
                reply,
                board_at,
                event_at,
            } if c == channel => Some(Outgoing::Post {
                target: Target::Caller,
                reply,
                board_at,
                event_at,
            }),
            Outgoing::Post {
                target: Target::Channel(_),
                ..
            } => None,
            Outgoing::RemoveButtons(Earlier::Pressed) => None,
            Outgoing::RemoveButtons(Earlier::InChannel { channel_id, .. })
                if channel_id == channel =>
            {
                None
            }
            Outgoing::Archive { thread, .. } if thread == channel => None,
            Outgoing::OpenThread(_) => None,
            other => Some(other),
        })
        .collect()
}

/// The channels where only a person's install of the app was seen, learnt from the
/// interactions there (in memory: after a restart, from the next interaction in each).
#[derive(Debug, Default)]
pub struct AppAbsent(Mutex<HashSet<u64>>);

impl AppAbsent {
    /// Notes what an interaction in `channel` said about who is there.
    pub fn note(&self, channel: u64, reach: Reach) {
        let mut absent = self.0.lock().unwrap_or_else(|p| p.into_inner());
        match reach {
            Reach::Interaction => absent.insert(channel),
            Reach::Bot => absent.remove(&channel),
        };
    }

    /// A notice the bot sends on its own (a turn notice, a reminder, a result): one meant for
    /// a channel where only the app is goes to its player by DM instead, since the bot cannot
    /// post there (the channel's board catches up on the next interaction).
    pub fn redirect(&self, mut notice: Notice) -> Notice {
        if let Destination::Place(Place::Channel { channel, .. }) = notice.to {
            if self
                .0
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .contains(&channel)
            {
                notice.to = Destination::Dm(notice.user);
            }
        }
        notice
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{Reply, ThreadPlan};

    fn post(target: Target) -> Outgoing {
        Outgoing::Post {
            target,
            reply: Box::new(Reply::public("text")),
            board_at: None,
            event_at: None,
        }
    }

    #[test]
    fn the_reach_comes_from_the_owners_and_the_context() {
        let user = AuthorizingIntegrationOwners(vec![AuthorizingIntegrationOwner::UserInstall(
            serenity::UserId::new(7),
        )]);
        let both = AuthorizingIntegrationOwners(vec![
            AuthorizingIntegrationOwner::UserInstall(serenity::UserId::new(7)),
            AuthorizingIntegrationOwner::GuildInstall(Some(serenity::GuildId::new(9))),
        ]);
        let none = AuthorizingIntegrationOwners::default();
        let guild = Some(InteractionContext::Guild);
        assert_eq!(Reach::of(&user, guild), Reach::Interaction);
        assert_eq!(Reach::of(&both, guild), Reach::Bot);
        assert_eq!(Reach::of(&none, guild), Reach::Bot);
        assert_eq!(
            Reach::of(&user, Some(InteractionContext::PrivateChannel)),
            Reach::Interaction
        );
        assert_eq!(
            Reach::of(&user, Some(InteractionContext::BotDm)),
            Reach::Bot
        );
    }

    #[test]
    fn with_the_app_alone_only_answers_and_dms_remain() {
        let plan = vec![
            post(Target::Caller),
            post(Target::Channel(5)),
            post(Target::Channel(6)),
            post(Target::Dm(3)),
            Outgoing::RemoveButtons(Earlier::InChannel {
                channel_id: 5,
                message_id: 1,
            }),
            Outgoing::RemoveButtons(Earlier::Pressed),
            Outgoing::OpenThread(ThreadPlan {
                game: crate::app::GameId(1),
                parent: Place::Channel {
                    guild: 0,
                    channel: 5,
                },
                message: 1,
                name: "a game".into(),
            }),
        ];
        assert_eq!(fit(plan.clone(), Reach::Bot, 5), plan);
        let fitted = fit(plan, Reach::Interaction, 5);
        assert_eq!(
            fitted,
            [
                post(Target::Caller),
                post(Target::Caller),
                post(Target::Dm(3))
            ]
        );
    }
}
