//! What the bot may do where an interaction happened, decided per interaction from what
//! Discord says with it (`authorizing_integration_owners`, `context`).
//!
//! Where the bot was added (a server that installed it, its own DMs) it posts, edits, opens
//! threads and DMs as it likes. Where only a person's install of the app authorised the
//! interaction (a DM or group DM between people, a server without the bot), it can only
//! answer that interaction: its response, at most [`FOLLOWUPS_MAX`] follow-ups, edits of
//! those, all within the token's 15 minutes. It cannot read the channel, post there
//! unprompted, open threads or react; `plan.rs` fits an answer's plan to it.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{AuthorizingIntegrationOwner, AuthorizingIntegrationOwners, InteractionContext};

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

/// What the bot knows of each channel it was asked in: whether only a person's install of
/// the app was there. A cache in front of the stored fact
/// ([`crate::app::Conversation::place_reach`]), so that the store is written only when it
/// changes (after a restart, on the first interaction in each channel).
/// Also the channels whose answers' flags were looked at (once each per run).
#[derive(Debug, Default)]
pub struct AppAbsent {
    known: Mutex<HashMap<u64, bool>>,
    looked: Mutex<HashSet<u64>>,
}

impl AppAbsent {
    /// Notes what an interaction in `channel` said about who is there; true when that is
    /// news (to be stored).
    pub fn note(&self, channel: u64, reach: Reach) -> bool {
        let app_only = reach == Reach::Interaction;
        let mut known = self.known.lock().unwrap_or_else(|p| p.into_inner());
        known.insert(channel, app_only) != Some(app_only)
    }

    /// Whether the flags of a public answer in `channel` are still to be looked at (true
    /// once per channel and run): they say whether Discord showed it to the asker alone.
    pub fn first_look(&self, channel: u64) -> bool {
        let mut looked = self.looked.lock().unwrap_or_else(|p| p.into_inner());
        looked.insert(channel)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn only_news_about_a_channel_is_stored() {
        let absent = AppAbsent::default();
        assert!(absent.note(5, Reach::Interaction));
        assert!(!absent.note(5, Reach::Interaction));
        assert!(absent.note(5, Reach::Bot));
        assert!(absent.note(6, Reach::Bot));
        assert!(absent.first_look(5));
        assert!(!absent.first_look(5));
    }
}
