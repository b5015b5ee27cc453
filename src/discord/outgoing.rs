//! What one answer of the app becomes on Discord: which messages go where, and what else
//! is done (buttons taken off old boards, a thread opened or archived). Pure planning (no
//! serenity calls), so it is tested alone. It reads the reply's board and effects
//! ([`crate::app::Effect`]), as the console does.

use super::messages::TEXT_MAX;
use crate::app::{Destination, Effect, Notice, Place, Reply, Response, ThreadPlan, User};

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
    /// The message whose button was pressed, updated in place: the interaction's response
    /// (where only the app is, an old board brought up to date).
    Pressed,
    /// A new message in a channel.
    Channel(u64),
    /// A direct message to a user.
    Dm(u64),
}

/// An earlier message of the bot, as Discord can find it again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Earlier {
    /// A message in a known channel (or the asker's own DM channel).
    InChannel {
        /// The channel.
        channel_id: u64,
        /// The message.
        message_id: u64,
    },
    /// A message in the bot's DM channel with a user (looked up first).
    InDm {
        /// The user.
        user_id: u64,
        /// The message.
        message_id: u64,
    },
    /// The message whose button the interaction pressed.
    Pressed,
}

/// One step of an answer on Discord.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outgoing {
    /// Send a message.
    Post {
        /// Where.
        target: Target,
        /// What (boxed: a reply with its board is large beside the other steps).
        reply: Box<Reply>,
        /// For a public board ([`Reply::current_board`]): the place it is posted in, in the
        /// app's terms, to report with [`crate::app::Conversation::board_posted`]. Such a
        /// message is sent without its buttons, which are added once the app has recorded
        /// it.
        board_at: Option<Place>,
        /// For a public announcement of a tournament ([`Reply::announced_event`]): the event
        /// and the place, to report with [`crate::app::Conversation::event_posted`].
        event_at: Option<(i64, Place)>,
    },
    /// Take the buttons off an earlier message.
    RemoveButtons(Earlier),
    /// Archive a game's thread, renamed.
    Archive {
        /// The thread.
        thread: u64,
        /// Its new name.
        name: String,
    },
    /// Open a game's thread on its challenge message (after everything else).
    OpenThread(ThreadPlan),
}

impl Outgoing {
    /// The messages of one reply: one, or, when its text is longer than Discord takes in a
    /// message, several, cut between lines; the last carries the board, files and buttons.
    fn posts(target: Target, reply: &Reply, place: Place) -> Vec<Outgoing> {
        // Said in the reply's language here: each piece is verbatim text from now on.
        let mut pieces = split_text(&reply.render(), TEXT_MAX);
        let last = pieces.pop().unwrap_or_default();
        let mut out: Vec<Outgoing> = pieces
            .into_iter()
            .map(|text| Outgoing::Post {
                target,
                reply: Box::new(Reply {
                    text: text.into(),
                    lang: reply.lang,
                    ephemeral: reply.ephemeral,
                    ..Reply::default()
                }),
                board_at: None,
                event_at: None,
            })
            .collect();
        let board_at = (reply.current_board().is_some() && !reply.ephemeral).then_some(place);
        let event_at = reply
            .announced_event()
            .filter(|_| !reply.ephemeral)
            .map(|id| (id, place));
        out.push(Outgoing::Post {
            target,
            reply: Box::new(Reply {
                text: last.into(),
                ..reply.clone()
            }),
            board_at,
            event_at,
        });
        out
    }

    /// Whether it is the answer to the interaction's caller.
    pub fn to_caller(&self) -> bool {
        matches!(
            self,
            Outgoing::Post {
                target: Target::Caller | Target::Pressed,
                ..
            }
        )
    }
}

/// Every step of one answer to `asker`: the answer first (none when the reply is empty:
/// the adapter then just acknowledges), then its effects, then the notices (each with its
/// own effects); a thread to open comes last.
pub fn plan(response: &Response, asker: &Asker) -> Vec<Outgoing> {
    let reply = &response.reply;
    let mut out: Vec<Outgoing> = if reply.is_empty() {
        Vec::new()
    } else {
        Outgoing::posts(Target::Caller, reply, asker.place)
    };
    out.extend(effects(reply, Some(asker)));
    out.extend(notices(&response.notices));
    // The pressed message's buttons come off once the rest is sent, and the thread is
    // opened last.
    out.sort_by_key(|o| match o {
        Outgoing::RemoveButtons(Earlier::Pressed) => 1,
        Outgoing::OpenThread(_) => 2,
        _ => 0,
    });
    out
}

/// The steps of notices the app sends on its own (turn notices, reminders, expiries,
/// results): each notice, then its effects.
pub fn notices(notices: &[Notice]) -> Vec<Outgoing> {
    notices
        .iter()
        .flat_map(|n| {
            let (target, place) = match n.to {
                Destination::Dm(user) => (Target::Dm(user.0), Place::Dm { user: user.0 }),
                Destination::Place(p @ Place::Channel { channel, .. }) => {
                    (Target::Channel(channel), p)
                }
                Destination::Place(p @ Place::Dm { user }) => (Target::Dm(user), p),
            };
            Outgoing::posts(target, &n.reply, place)
                .into_iter()
                .chain(effects(&n.reply, None))
        })
        .collect()
}

/// The steps of a reply's effects. Buttons come off an earlier board only when the reply
/// is public (a private answer replaces nothing others see); a DM board edited from its
/// own player's DM needs no lookup of the DM channel.
fn effects(reply: &Reply, asker: Option<&Asker>) -> Vec<Outgoing> {
    reply
        .effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::RemoveButtons { place, message } if !reply.ephemeral => {
                let message_id = *message;
                Some(Outgoing::RemoveButtons(match (*place, asker) {
                    (Place::Channel { channel, .. }, _) => Earlier::InChannel {
                        channel_id: channel,
                        message_id,
                    },
                    (Place::Dm { .. }, Some(a)) if a.place == *place => Earlier::InChannel {
                        channel_id: a.channel,
                        message_id,
                    },
                    (Place::Dm { user }, _) => Earlier::InDm {
                        user_id: user,
                        message_id,
                    },
                }))
            }
            Effect::RemoveButtons { .. } => None,
            Effect::RetirePressed => asker.map(|_| Outgoing::RemoveButtons(Earlier::Pressed)),
            // A thread is opened from an answer, or from a notice when a tournament round
            // starts (its plan then names no message: the thread stands alone).
            Effect::OpenThread(plan) if asker.is_some() || plan.message == 0 => {
                Some(Outgoing::OpenThread(plan.clone()))
            }
            Effect::OpenThread(_) => None,
            Effect::ArchiveThread {
                thread: Place::Channel { channel, .. },
                name,
            } => Some(Outgoing::Archive {
                thread: *channel,
                name: name.clone(),
            }),
            Effect::ArchiveThread { .. } => None,
            // Reported once the message is posted (see `sender::board_buttons`).
            Effect::AnnouncesEvent(_) => None,
        })
        .collect()
}

/// `text` cut into pieces of at most `max` characters, between lines where it can (a line
/// longer than `max` is cut where it must). Always at least one piece.
pub fn split_text(text: &str, max: usize) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut piece = String::new();
    let mut len = 0;
    for line in text.split_inclusive('\n') {
        let mut line = line;
        loop {
            let n = line.chars().count();
            if len + n <= max {
                piece.push_str(line);
                len += n;
                break;
            }
            if len > 0 {
                pieces.push(std::mem::take(&mut piece).trim_end().to_string());
                len = 0;
                continue;
            }
            // A line longer than a whole message.
            let cut = line.char_indices().nth(max).map_or(line.len(), |(i, _)| i);
            pieces.push(line[..cut].to_string());
            line = &line[cut..];
        }
    }
    if len > 0 || pieces.is_empty() {
        pieces.push(piece.trim_end().to_string());
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{BoardView, GameId, UserId};

    #[test]
    fn a_long_text_is_cut_between_lines_into_messages_discord_takes() {
        let line = "x".repeat(70);
        let text = vec![line.as_str(); 60].join("\n");
        let pieces = split_text(&text, TEXT_MAX);
        assert_eq!(pieces.len(), 3, "{pieces:?}");
        assert!(pieces.iter().all(|p| p.chars().count() <= TEXT_MAX));
        assert!(pieces.iter().all(|p| p.split('\n').all(|l| l == line)));
        assert_eq!(pieces.join("\n"), text);
        let long = "é".repeat(4500);
        let pieces = split_text(&long, TEXT_MAX);
        assert_eq!(
            pieces.iter().map(|p| p.chars().count()).collect::<Vec<_>>(),
            [2000, 2000, 500]
        );
        assert_eq!(split_text("", TEXT_MAX), [""]);
    }

    #[test]
    fn a_long_reply_keeps_its_board_and_buttons_on_its_last_message() {
        let mut reply = Reply::public(vec!["a line of text"; 200].join("\n"));
        reply.board = current(GameId(4), 2);
        reply.buttons = vec![vec![crate::app::Button {
            id: "bao:moves:4:2".into(),
            label: "All moves".into(),
            style: crate::app::ButtonStyle::Secondary,
        }]];
        let place = Place::Channel {
            guild: 1,
            channel: 5,
        };
        let plan = plan(&reply.into(), &asker(place, 5));
        assert_eq!(plan.len(), 2, "{plan:?}");
        let Outgoing::Post {
            reply: first,
            board_at: None,
            ..
        } = &plan[0]
        else {
            panic!("{plan:?}")
        };
        assert!(first.buttons.is_empty() && first.board.is_none());
        let Outgoing::Post {
            reply: last,
            board_at: Some(_),
            ..
        } = &plan[1]
        else {
            panic!("{plan:?}")
        };
        assert_eq!(last.buttons.len(), 1);
        assert_eq!(
            format!("{}\n{}", first.text, last.text),
            vec!["a line of text"; 200].join("\n")
        );
    }

    fn asker(place: Place, channel: u64) -> Asker {
        Asker {
            user: User::new(3, "asha"),
            place,
            channel,
        }
    }

    fn answer(previous: Option<(Place, u64)>) -> Response {
        let mut reply = Reply::public("board");
        reply.remove_buttons_of(previous);
        reply.into()
    }

    fn current(game: GameId, ply: u32) -> Option<BoardView> {
        Some(BoardView {
            current: Some((game, ply)),
            ..BoardView::default()
        })
    }

    fn board_at(out: &Outgoing) -> Option<Place> {
        match out {
            Outgoing::Post { board_at, .. } => *board_at,
            _ => None,
        }
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
            out[1],
            Outgoing::RemoveButtons(Earlier::InChannel {
                channel_id: 9,
                message_id: 77
            })
        );
        let dm = Place::Dm { user: 3 };
        let in_dm = Outgoing::RemoveButtons(Earlier::InChannel {
            channel_id: 55,
            message_id: 77,
        });
        assert_eq!(plan(&answer(Some((dm, 77))), &own_dm)[1], in_dm);
        let elsewhere = Outgoing::RemoveButtons(Earlier::InDm {
            user_id: 3,
            message_id: 77,
        });
        let guild = asker(channel, 9);
        assert_eq!(plan(&answer(Some((dm, 77))), &guild)[1], elsewhere);
        // Another user's DM is not the board's channel.
        let other_dm = asker(Place::Dm { user: 4 }, 56);
        assert_eq!(plan(&answer(Some((dm, 77))), &other_dm)[1], elsewhere);
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
        reply.board = current(GameId(4), 2);
        reply.remove_buttons_of(Some((here, 88)));
        let out = plan(&reply.into(), &asker(here, 9));
        assert_eq!(out.len(), 1, "{out:?}");
        assert_eq!(board_at(&out[0]), None);
    }

    #[test]
    fn a_public_board_is_reported_from_where_it_is_posted() {
        let dm = Place::Dm { user: 3 };
        let mut reply = Reply::public("board");
        reply.board = current(GameId(4), 2);
        let out = plan(&reply.into(), &asker(dm, 55));
        assert_eq!(board_at(&out[0]), Some(dm));
    }

    #[test]
    fn a_notice_strips_the_board_it_makes_out_of_date() {
        let channel = Place::Channel {
            guild: 1,
            channel: 9,
        };
        let mut reply = Reply::public("The challenge of game 4 expired unanswered.");
        reply.remove_buttons_of(Some((channel, 88)));
        let notice = Notice {
            to: Destination::Place(channel),
            user: UserId(5),
            game: GameId(4),
            reply,
        };
        let out = notices(&[notice]);
        assert_eq!(out.len(), 2, "{out:?}");
        let Outgoing::Post { target, reply, .. } = &out[0] else {
            panic!("{out:?}")
        };
        assert_eq!(*target, Target::Channel(9));
        assert!(reply.text.contains("expired"));
        assert_eq!(
            out[1],
            Outgoing::RemoveButtons(Earlier::InChannel {
                channel_id: 9,
                message_id: 88
            })
        );
    }

    #[test]
    fn a_thread_is_opened_and_a_pressed_message_retired_after_the_rest() {
        let channel = Place::Channel {
            guild: 1,
            channel: 9,
        };
        let thread = ThreadPlan {
            game: GameId(4),
            parent: channel,
            message: 88,
            name: "Asha vs Baraka".into(),
        };
        let reply = Reply::public("Game 4 is played in a thread of its own.")
            .with(Effect::OpenThread(thread.clone()))
            .with(Effect::RetirePressed);
        let end = Notice {
            to: Destination::Place(channel),
            user: UserId(5),
            game: GameId(3),
            reply: Reply::public("Game 3: Asha won.").with(Effect::ArchiveThread {
                thread: Place::Channel {
                    guild: 1,
                    channel: 600,
                },
                name: "Asha vs Baraka · Asha won".into(),
            }),
        };
        let response = Response {
            reply,
            notices: vec![end.clone()],
        };
        let out = plan(&response, &asker(channel, 9));
        assert_eq!(out.len(), 5, "{out:?}");
        assert!(out[0].to_caller());
        assert!(matches!(
            &out[1],
            Outgoing::Post {
                target: Target::Channel(9),
                ..
            }
        ));
        assert_eq!(
            out[2],
            Outgoing::Archive {
                thread: 600,
                name: "Asha vs Baraka · Asha won".into()
            }
        );
        assert_eq!(out[3], Outgoing::RemoveButtons(Earlier::Pressed));
        assert_eq!(out[4], Outgoing::OpenThread(thread));
        // Notices on their own have no pressed message and open no thread.
        let alone = notices(&[Notice {
            reply: end.reply.with(Effect::RetirePressed),
            ..end
        }]);
        assert_eq!(alone.len(), 2, "{alone:?}");
    }
}
