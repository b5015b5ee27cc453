//! The words every layer shares: who (user ids), where (places), which game (game ids), and
//! the choices people state (sides, notice modes, board orientation, time controls).
//!
//! These are plain values with no behaviour beyond naming and text forms, so both the app
//! and the store can use them without either depending on the other: data flows front end ->
//! app -> store, and this module sits beside that flow. Front ends never name this module or
//! the store: they take these types from [`crate::app`], which re-exports them (the store
//! re-exports them too, for its own callers).

use std::fmt;

mod time_control;

pub use time_control::{
    amount_of_time, bank_text, clk_text, clock_option, presets_text, ClockKind, Preset,
    TimeControl, TimeControlError, CLOCK_FORMS, PRESETS,
};

/// A game's id: the `games` table's row id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub i64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A Discord user id (snowflake). Stored in SQLite as the same 64 bits read as `i64`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UserId(pub u64);

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Where a game is played: a guild channel (a thread is just its own channel id) or the DM
/// between the bot and one user.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    /// A channel or thread of a guild.
    Channel {
        /// The guild (server) id.
        guild: u64,
        /// The channel id; for a thread, the thread's own id.
        channel: u64,
    },
    /// The bot's direct-message conversation with `user`.
    Dm {
        /// The user the bot is talking to.
        user: u64,
    },
}

impl Place {
    /// The stable text key of the place (indexed by the store): `c:<channel>` or
    /// `dm:<user>`. At most one pending or active game exists per key.
    pub fn key(&self) -> String {
        match self {
            Place::Channel { channel, .. } => format!("c:{channel}"),
            Place::Dm { user } => format!("dm:{user}"),
        }
    }

    /// Whether this is a direct-message place.
    pub fn is_dm(&self) -> bool {
        matches!(self, Place::Dm { .. })
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Channel { guild, channel } => write!(f, "channel {channel} (guild {guild})"),
            Place::Dm { user } => write!(f, "DM with {user}"),
        }
    }
}

/// Defines a text-coded enum with `ALL`, `as_str`, `parse` and `Display` (its stored and
/// typed form).
macro_rules! text_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)*
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The text form (stored in the database, accepted by `parse`).
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)*
                }
            }

            /// Reads the text form.
            pub fn parse(text: &str) -> Option<$name> {
                match text {
                    $($text => Some($name::$variant),)*
                    _ => None,
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}
pub(crate) use text_enum;

text_enum! {
    /// How a player wants to be told that it is their turn (`/bao prefs notify`).
    Notify {
        /// A mention in the game's channel and a DM.
        Dm = "dm",
        /// A mention in the game's channel only (the default).
        Mention = "mention",
        /// No notices.
        Off = "off",
    }
}

text_enum! {
    /// The side asked for in a challenge or an AI game.
    SideChoice {
        /// South (moves first).
        South = "south",
        /// North.
        North = "north",
        /// Drawn at random.
        Random = "random",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn place_keys_tell_channels_and_dms_apart() {
        let c = Place::Channel {
            guild: 1,
            channel: 5,
        };
        assert_eq!(c.key(), "c:5");
        assert_eq!(Place::Dm { user: 5 }.key(), "dm:5");
        assert!(!c.is_dm() && Place::Dm { user: 5 }.is_dm());
    }

    #[test]
    fn choices_read_their_text_form() {
        assert_eq!(Notify::parse("dm"), Some(Notify::Dm));
        assert_eq!(Notify::parse("loud"), None);
        for s in SideChoice::ALL {
            assert_eq!(SideChoice::parse(s.as_str()), Some(*s));
        }
    }
}

text_enum! {
    /// Whose rows a player's boards show at the bottom.
    Orientation {
        /// The player's own rows at the bottom (the default).
        Mine = "mine",
        /// Always South's rows at the bottom, as in the rules' pictures.
        South = "south",
    }
}
