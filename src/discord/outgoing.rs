//! What one answer of the app becomes on Discord: which messages go where, and which old
//! boards lose their buttons. Pure planning (no serenity calls), so it is tested alone.

use crate::app::{Destination, Notice, Place, Reply, Response, User};

/// Who asked, in the app's terms, and the Discord channel they asked in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Asker {
    /// The user.
    pub user: User,
    /// The place as the app knows it (a DM is keyed by its user).
    pub place: Place,
    /// The Discord channel of the interaction (for a DM, the DM channel).
    pub channel: u64,
}

/// Where a message goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The answer to the interaction (its response, then followups).
    Caller,
    /// A new message in a channel.
    Channel(u64),
    /// A direct message to a user.
    Dm(u64),
    /// An edit of an earlier message of the bot in a known channel.
    Edit {
        /// The channel.
        channel_id: u64,
        /// The message.
        message_id: u64,
    },
    /// Archiving a thread (a game's, after its result is posted in the parent), renamed to
    /// the reply's text when it has one.
    Archive(u64),
    /// An edit of an earlier message of the bot in its DM channel with a user.
    EditDm {
        /// The user.
        user_id: u64,
        /// The message.
        message_id: u64,
    },
}

/// One message to send (or edit).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outgoing {
    /// Where.
    pub target: Target,
    /// What (an edit with empty text keeps the message's text and replaces its buttons).
    pub reply: Reply,
    /// For a public board ([`Reply::board`]): the place it is posted in, in the app's
    /// terms, to report with [`crate::app::Conversation::board_posted`]. Such a message is
    /// sent without its buttons, which are added once the app has recorded it.
    pub board_at: Option<Place>,
}

impl Outgoing {
    fn new(target: Target, reply: &Reply, place: Place) -> Outgoing {
        let board_at = (reply.board.is_some() && !reply.ephemeral).then_some(place);
        Outgoing {
            target,
            reply: reply.clone(),
            board_at,
        }
    }

    /// Whether it goes to the interaction's caller.
    pub fn to_caller(&self) -> bool {
        self.target == Target::Caller
    }
}

/// Every message of one answer to `asker`: the answer first (none when the reply is empty:
/// the adapter then just acknowledges), then the removal of the buttons of the board it
/// replaces, then the notices.
pub fn plan(response: &Response, asker: &Asker) -> Vec<Outgoing> {
    let reply = &response.reply;
    let empty = reply.text.is_empty() && reply.attachments.is_empty() && reply.buttons.is_empty();
    let mut out: Vec<Outgoing> = (!empty)
        .then(|| Outgoing::new(Target::Caller, reply, asker.place))
        .into_iter()
        .collect();
    if !reply.ephemeral {
        out.extend(strip_buttons(reply.previous_board, Some(asker)));
    }
    out.extend(notices(&response.notices));
    out
}

/// The messages of notices the app sends on its own (turn notices, reminders, expiries):
/// each notice, and the edit removing the buttons of the board it makes out of date.
pub fn notices(notices: &[Notice]) -> Vec<Outgoing> {
    notices
        .iter()
        .flat_map(|n| {
            let (target, place, archive) = match n.to {
                Destination::Dm(user) => (Target::Dm(user.0), Place::Dm { user: user.0 }, None),
                Destination::Place(p) | Destination::ThreadEnd { parent: p, .. } => {
                    let archive = match n.to {
                        Destination::ThreadEnd {
                            thread: Place::Channel { channel, .. },
                            ref name,
                            ..
                        } => Some(Outgoing {
                            target: Target::Archive(channel),
                            reply: Reply::public(name.clone()),
                            board_at: None,
                        }),
                        _ => None,
                    };
                    match p {
                        Place::Channel { channel, .. } => (Target::Channel(channel), p, archive),
                        Place::Dm { user } => (Target::Dm(user), p, archive),
                    }
                }
            };
            let strip = (!n.reply.ephemeral)
                .then(|| strip_buttons(n.reply.previous_board, None))
                .flatten();
            std::iter::once(Outgoing::new(target, &n.reply, place))
                .chain(strip)
                .chain(archive)
        })
        .collect()
}

/// The edit that removes the buttons of the message showing an earlier board. A DM board
/// edited from its own player's DM needs no lookup of the DM channel.
fn strip_buttons(previous: Option<(Place, u64)>, asker: Option<&Asker>) -> Option<Outgoing> {
    let (place, message_id) = previous?;
    let target = match (place, asker) {
        (Place::Channel { channel, .. }, _) => Target::Edit {
            channel_id: channel,
            message_id,
        },
        (Place::Dm { .. }, Some(a)) if a.place == place => Target::Edit {
            channel_id: a.channel,
            message_id,
        },
        (Place::Dm { user }, _) => Target::EditDm {
            user_id: user,
            message_id,
        },
    };
    Some(Outgoing {
        target,
        reply: Reply::default(),
        board_at: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{GameId, UserId};

    fn asker(place: Place, channel: u64) -> Asker {
        Asker {
            user: User::new(3, "asha"),
            place,
            channel,
        }
    }

    fn answer(previous: Option<(Place, u64)>) -> Response {
        let mut reply = Reply::public("board");
        reply.previous_board = previous;
        reply.into()
    }

    #[test]
    fn old_boards_lose_their_buttons_where_the_channel_is_known() {
        let own_dm = asker(Place::Dm { user: 3 }, 55);
        let channel = Place::Channel {
            guild: 1,
            channel: 9,
        };
        let out = plan(&answer(Some((channel, 77))), &own_dm);
        assert_eq!(out.len(), 2, "{out:?}");
        assert!(out[0].to_caller());
        assert_eq!(
            out[1].target,
            Target::Edit {
                channel_id: 9,
                message_id: 77
            }
        );
        assert!(out[1].reply.buttons.is_empty() && out[1].reply.text.is_empty());
        let dm = Place::Dm { user: 3 };
        let in_dm = Target::Edit {
            channel_id: 55,
            message_id: 77,
        };
        assert_eq!(plan(&answer(Some((dm, 77))), &own_dm)[1].target, in_dm);
        let elsewhere = Target::EditDm {
            user_id: 3,
            message_id: 77,
        };
        let guild = asker(channel, 9);
        assert_eq!(plan(&answer(Some((dm, 77))), &guild)[1].target, elsewhere);
        // Another user's DM is not the board's channel.
        let other_dm = asker(Place::Dm { user: 4 }, 56);
        assert_eq!(
            plan(&answer(Some((dm, 77))), &other_dm)[1].target,
            elsewhere
        );
        assert_eq!(plan(&answer(None), &guild).len(), 1);
        assert!(plan(&Reply::default().into(), &guild).is_empty());
    }

    #[test]
    fn a_private_answer_strips_nothing_and_is_never_a_board() {
        let here = Place::Channel {
            guild: 1,
            channel: 9,
        };
        let mut reply = Reply::private("the board, for you only");
        reply.board = Some((GameId(4), 2));
        reply.previous_board = Some((here, 88));
        let out = plan(&reply.into(), &asker(here, 9));
        assert_eq!(out.len(), 1, "{out:?}");
        assert_eq!(out[0].board_at, None);
    }

    #[test]
    fn a_public_board_is_reported_from_where_it_is_posted() {
        let dm = Place::Dm { user: 3 };
        let mut reply = Reply::public("board");
        reply.board = Some((GameId(4), 2));
        let out = plan(&reply.into(), &asker(dm, 55));
        assert_eq!(out[0].board_at, Some(dm));
    }

    #[test]
    fn a_notice_strips_the_board_it_makes_out_of_date() {
        let channel = Place::Channel {
            guild: 1,
            channel: 9,
        };
        let mut reply = Reply::public("The challenge of game 4 expired unanswered.");
        reply.previous_board = Some((channel, 88));
        let notice = Notice {
            to: Destination::Place(channel),
            user: UserId(5),
            game: GameId(4),
            reply,
        };
        let out = notices(&[notice]);
        assert_eq!(out.len(), 2, "{out:?}");
        assert_eq!(out[0].target, Target::Channel(9));
        assert!(out[0].reply.text.contains("expired"));
        assert_eq!(
            out[1].target,
            Target::Edit {
                channel_id: 9,
                message_id: 88
            }
        );
        assert!(out[1].reply.buttons.is_empty());
    }
}
