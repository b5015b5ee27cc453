//! Whether everyone on a server may read a channel, from the gateway's cache: the
//! `@everyone` role's permissions and the channel's own overwrite for it (a thread follows
//! its parent). The app records it, and only public channels' games get public web pages.

use poise::serenity_prelude as serenity;
use serenity::{Cache, ChannelId, GuildId, Permissions, RoleId};

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
