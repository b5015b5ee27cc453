//! Whether everyone on a server may read a channel, from the gateway's cache: the
//! `@everyone` role's permissions and the channel's own overwrite for it (a thread follows
//! its parent). The app records it, and only public channels' games get public web pages.
//!
//! The record is kept true by the gateway's events too ([`refresh`]): a channel's update
//! (its permission overwrites among it) refreshes the channel and its threads, a thread's
//! update refreshes the thread, an update of the `@everyone` role and a server's arrival
//! (after a restart) refresh every channel of the server, a deleted channel is private.
//! Whatever the cache cannot tell is recorded private.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{
    Cache, ChannelId, ChannelType, FullEvent, GuildChannel, GuildId, Permissions, RoleId,
};
use tracing::warn;

use crate::app::{Conversation, Place};

/// Whether `@everyone` may view `channel` of `guild`; `parent` is the channel a thread
/// belongs to. `None` when the cache does not know (nothing is recorded then).
pub fn everyone_can_view(
    cache: &Cache,
    guild: GuildId,
    channel: ChannelId,
    parent: Option<ChannelId>,
) -> Option<bool> {
    let guild = cache.guild(guild)?;
    let everyone = RoleId::new(guild.id.get());
    let base = guild.roles.get(&everyone)?.permissions;
    if base.administrator() {
        return Some(true);
    }
    let channel = parent
        .or_else(|| {
            guild
                .threads
                .iter()
                .find(|t| t.id == channel)
                .and_then(|t| t.parent_id)
        })
        .unwrap_or(channel);
    let overwrites = &guild.channels.get(&channel)?.permission_overwrites;
    let mut perms = base;
    for o in overwrites {
        if o.kind == serenity::PermissionOverwriteType::Role(everyone) {
            perms = (perms & !o.deny) | o.allow;
        }
    }
    Some(perms.contains(Permissions::VIEW_CHANNEL))
}

/// The places `event` may have changed the visibility of, as (guild, channel, public).
fn changed(cache: &Cache, event: &FullEvent) -> Vec<(GuildId, ChannelId, bool)> {
    let seen = |c: &GuildChannel| {
        let public = match c.kind {
            // A private thread is never everyone's, whatever its parent.
            ChannelType::PrivateThread => false,
            ChannelType::PublicThread | ChannelType::NewsThread => {
                everyone_can_view(cache, c.guild_id, c.id, c.parent_id).unwrap_or(false)
            }
            _ => everyone_can_view(cache, c.guild_id, c.id, None).unwrap_or(false),
        };
        (c.guild_id, c.id, public)
    };
    let threads_of = |guild: GuildId, parent: Option<ChannelId>| -> Vec<GuildChannel> {
        cache
            .guild(guild)
            .map(|g| {
                g.threads
                    .iter()
                    .filter(|t| parent.is_none() || t.parent_id == parent)
                    .cloned()
                    .collect()
            })
            .unwrap_or_default()
    };
    let whole_guild = |guild: GuildId| -> Vec<(GuildId, ChannelId, bool)> {
        let channels: Vec<GuildChannel> = cache
            .guild(guild)
            .map(|g| g.channels.values().cloned().collect())
            .unwrap_or_default();
        channels
            .iter()
            .filter(|c| !matches!(c.kind, ChannelType::Category | ChannelType::Voice))
            .chain(threads_of(guild, None).iter())
            .map(seen)
            .collect()
    };
    match event {
        FullEvent::ChannelUpdate { new, .. } => std::iter::once(new.clone())
            .chain(threads_of(new.guild_id, Some(new.id)))
            .map(|c| seen(&c))
            .collect(),
        FullEvent::ThreadUpdate { new, .. } => vec![seen(new)],
        FullEvent::ThreadCreate { thread } => vec![seen(thread)],
        FullEvent::ChannelDelete { channel, .. } => vec![(channel.guild_id, channel.id, false)],
        FullEvent::GuildRoleUpdate { new, .. } if new.id.get() == new.guild_id.get() => {
            whole_guild(new.guild_id)
        }
        FullEvent::GuildCreate { guild, .. } => whole_guild(guild.id),
        _ => Vec::new(),
    }
}

/// Records what `event` changed of which channels everyone may read (off the runtime).
pub async fn refresh(cache: &Cache, app: &Arc<dyn Conversation>, event: &FullEvent) {
    let changed = changed(cache, event);
    if changed.is_empty() {
        return;
    }
    let app = app.clone();
    let recorded = tokio::task::spawn_blocking(move || {
        for (guild, channel, public) in changed {
            let place = Place::Channel {
                guild: guild.get(),
                channel: channel.get(),
            };
            app.channel_seen(&place, public)?;
        }
        Ok::<(), crate::app::AppError>(())
    })
    .await;
    match recorded {
        Ok(Ok(())) => {}
        Ok(Err(e)) => warn!(error = %e, "recording a channel's visibility failed"),
        Err(e) => warn!(error = %e, "recording a channel's visibility panicked"),
    }
}
