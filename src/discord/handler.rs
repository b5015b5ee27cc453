//! The app behind the Discord adapter: turns bridge requests into [`App`] calls and the app's
//! plain replies into bridge replies (board tags, old boards' buttons removed, notices).

use std::sync::Arc;

use tracing::error;

use crate::ai::Level;
use crate::app::{self, App, Destination, Notice, Response};
use crate::store::{GameId, Notify, Place, SideChoice, UserId};

use super::bridge::{
    self, AiLevel, BaoHandler, Choice, Command, Delivery, MoveCompletion, NotifyMode, Reply,
    Request, Target,
};

/// Tag of a reply that shows a game's board: `board:<game>:<ply>`.
const BOARD_TAG: &str = "board:";

/// The conversation, as the Discord adapter calls it.
pub struct AppHandler {
    app: Arc<App>,
}

impl AppHandler {
    /// Serves `app` to Discord.
    pub fn new(app: Arc<App>) -> AppHandler {
        AppHandler { app }
    }

    /// Turns the app's notices (reminders, expiries) into bridge replies for the outbox: each
    /// notice, and the edit removing the buttons of the board it makes out of date.
    pub fn notices(notices: &[Notice]) -> Vec<Reply> {
        notices
            .iter()
            .flat_map(|n| {
                let strip = (!n.reply.ephemeral)
                    .then(|| strip_buttons(n.reply.previous_board, None))
                    .flatten();
                notice_reply(n).into_iter().chain(strip)
            })
            .collect()
    }
}

fn user(u: &bridge::UserRef) -> app::User {
    app::User {
        id: UserId(u.id),
        name: u.name.clone(),
        bot: u.bot,
    }
}

/// The app's place: a channel, or the DMs of the user (a DM game is keyed by its player).
fn place(p: &bridge::Place, user: u64) -> Place {
    match *p {
        bridge::Place::Guild {
            guild_id,
            channel_id,
        } => Place::Channel {
            guild: guild_id,
            channel: channel_id,
        },
        bridge::Place::Dm { .. } => Place::Dm { user },
    }
}

fn game_ref(text: Option<&str>) -> Result<Option<GameId>, String> {
    match text.map(str::trim) {
        None | Some("") => Ok(None),
        Some(t) => t
            .trim_start_matches('#')
            .parse::<i64>()
            .map(|n| Some(GameId(n)))
            .map_err(|_| {
                format!("`{t}` is not a game number: write the number `/bao games` shows, like 12")
            }),
    }
}

fn side(s: bridge::SideChoice) -> SideChoice {
    match s {
        bridge::SideChoice::South => SideChoice::South,
        bridge::SideChoice::North => SideChoice::North,
        bridge::SideChoice::Random => SideChoice::Random,
    }
}

fn level(l: AiLevel) -> Level {
    match l {
        AiLevel::Easy => Level::Easy,
        AiLevel::Medium => Level::Medium,
        AiLevel::Hard => Level::Hard,
        AiLevel::Master => Level::Master,
    }
}

/// The app's command for a slash command; `Err` holds the private answer to a bad option.
fn command(c: Command) -> Result<app::Command, String> {
    Ok(match c {
        Command::Challenge {
            opponent,
            variant,
            side: s,
            time_per_move,
        } => app::Command::Challenge {
            opponent: user(&opponent),
            variant,
            side: s.map(side),
            time_per_move,
        },
        Command::Accept => app::Command::Accept,
        Command::Decline => app::Command::Decline,
        Command::Move { text, game } => app::Command::Move {
            text,
            game: game_ref(game.as_deref())?,
        },
        Command::Board { game } => app::Command::Board {
            game: game_ref(game.as_deref())?,
        },
        Command::Moves => app::Command::Moves,
        Command::History { game } => app::Command::History {
            game: game_ref(game.as_deref())?,
        },
        Command::Resign => app::Command::Resign,
        Command::Draw => app::Command::Draw,
        Command::Abort => app::Command::Abort,
        Command::Ai {
            level: l,
            side: s,
            variant,
        } => app::Command::Ai {
            level: l.map(level),
            side: s.map(side),
            variant,
        },
        Command::Games => app::Command::Games,
        Command::Rules => app::Command::Rules,
        Command::Help => app::Command::Help,
        Command::Notify(mode) => app::Command::Notify(match mode {
            NotifyMode::Dm => Notify::Dm,
            NotifyMode::Mention => Notify::Mention,
            NotifyMode::Off => Notify::Off,
        }),
        Command::Claim => app::Command::Claim,
        Command::Button { custom_id, .. } => {
            return Err(format!("button `{custom_id}` is not a command"))
        }
    })
}

fn style(s: app::ButtonStyle) -> bridge::ButtonStyle {
    match s {
        app::ButtonStyle::Primary => bridge::ButtonStyle::Primary,
        app::ButtonStyle::Secondary => bridge::ButtonStyle::Secondary,
        app::ButtonStyle::Success => bridge::ButtonStyle::Success,
        app::ButtonStyle::Danger => bridge::ButtonStyle::Danger,
    }
}

/// The bridge form of an app reply sent to `target`.
fn reply(r: &app::Reply, target: Target) -> Reply {
    Reply {
        target,
        text: r.text.clone(),
        ephemeral: r.ephemeral,
        attachments: r
            .attachments
            .iter()
            .map(|a| bridge::Attachment {
                name: a.filename.clone(),
                bytes: a.bytes.clone(),
            })
            .collect(),
        buttons: r
            .buttons
            .iter()
            .map(|row| {
                row.iter()
                    .map(|b| bridge::Button {
                        custom_id: b.id.clone(),
                        label: b.label.clone(),
                        style: style(b.style),
                        disabled: false,
                    })
                    .collect()
            })
            .collect(),
        mention: r.mention.map(|u| u.0),
        tag: r
            .board
            .map(|(game, ply)| format!("{BOARD_TAG}{game}:{ply}")),
    }
}

/// The edit that removes the buttons of the message showing an earlier board. `here` is
/// who made the request and where, if a user did: a DM board edited from that user's own DM
/// needs no lookup of the DM channel.
fn strip_buttons(
    previous: Option<(Place, u64)>,
    here: Option<(u64, &bridge::Place)>,
) -> Option<Reply> {
    let (place, message_id) = previous?;
    let target = match (place, here) {
        (Place::Channel { channel, .. }, _) => Target::Edit {
            channel_id: channel,
            message_id,
        },
        (Place::Dm { user }, Some((asker, bridge::Place::Dm { channel_id }))) if asker == user => {
            Target::Edit {
                channel_id: *channel_id,
                message_id,
            }
        }
        (Place::Dm { user }, _) => Target::EditDm {
            user_id: user,
            message_id,
        },
    };
    Some(Reply {
        target,
        text: String::new(),
        ..Reply::text("")
    })
}

fn notice_reply(n: &Notice) -> Option<Reply> {
    let target = match n.to {
        Destination::Dm(user) => Target::Dm(user.0),
        Destination::Place(Place::Channel { channel, .. }) => Target::Channel(channel),
        Destination::Place(Place::Dm { user }) => Target::Dm(user),
    };
    Some(reply(&n.reply, target))
}

/// All the bridge replies of one app response: the caller's answer first.
fn replies(resp: &Response, here: (u64, &bridge::Place)) -> Vec<Reply> {
    let mut out = vec![reply(&resp.reply, Target::Caller)];
    if !resp.reply.ephemeral {
        out.extend(strip_buttons(resp.reply.previous_board, Some(here)));
    }
    out.extend(AppHandler::notices(&resp.notices));
    out
}

impl BaoHandler for AppHandler {
    fn handle(&self, request: Request) -> Vec<Reply> {
        let who = user(&request.user);
        let place = place(&request.place, request.user.id);
        let result = match request.command {
            Command::Button { ref custom_id, .. } => self.app.press(&who, &place, custom_id),
            other => match command(other) {
                Ok(c) => self.app.handle(&who, &place, c),
                Err(msg) => return vec![Reply::private(msg)],
            },
        };
        match result {
            Ok(resp) => replies(&resp, (request.user.id, &request.place)),
            Err(e) => {
                error!(user = request.user.id, place = %request.place, error = %e, "the app failed");
                vec![Reply::private(
                    "Something went wrong on the bot's side; nothing was changed. Please try again in a moment.",
                )]
            }
        }
    }

    fn should_defer(&self, request: &Request) -> bool {
        // AI answers take up to the level's time cap; DM games are always against the AI.
        match &request.command {
            Command::Ai { .. } => true,
            Command::Move { .. } | Command::Button { .. } => {
                matches!(request.place, bridge::Place::Dm { .. })
            }
            _ => false,
        }
    }

    fn complete_move(&self, request: MoveCompletion) -> Vec<Choice> {
        let who = user(&request.user);
        let place = place(&request.place, request.user.id);
        let Ok(game) = game_ref(request.game.as_deref()) else {
            return Vec::new();
        };
        match self.app.suggest_moves(&who, &place, game, &request.partial) {
            Ok(moves) => moves
                .into_iter()
                .map(|m| Choice {
                    label: m.clone(),
                    value: m,
                })
                .collect(),
            Err(e) => {
                error!(error = %e, "move suggestions failed");
                Vec::new()
            }
        }
    }

    fn delivered(&self, delivery: Delivery) {
        let result = match delivery {
            Delivery::Posted {
                tag, message_id, ..
            } => {
                let Some((game, ply)) = tag
                    .strip_prefix(BOARD_TAG)
                    .and_then(|t| t.split_once(':'))
                    .and_then(|(g, p)| Some((g.parse::<i64>().ok()?, p.parse::<u32>().ok()?)))
                else {
                    return;
                };
                self.app.board_posted(GameId(game), ply, message_id)
            }
            Delivery::DmRefused { user_id } => self.app.dm_failed(UserId(user_id)),
        };
        if let Err(e) = result {
            error!(error = %e, "recording a delivery failed");
        }
    }
}

/// The correspondence clock: every `every` (and at once at start), does what is due in the
/// store (reminders, expired challenges, abandoned games) and sends the notices. Runs until
/// the outbox closes; state lives in the store, so a restart loses and repeats nothing.
pub async fn correspondence(app: Arc<App>, outbox: super::Outbox, every: std::time::Duration) {
    loop {
        let worker = app.clone();
        match tokio::task::spawn_blocking(move || worker.tick()).await {
            Ok(Ok(notices)) => {
                for r in AppHandler::notices(&notices) {
                    if !outbox.send(r) {
                        return;
                    }
                }
            }
            Ok(Err(e)) => error!(error = %e, "correspondence tick failed"),
            Err(e) => error!(error = %e, "correspondence tick panicked"),
        }
        tokio::time::sleep(every).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_references() {
        assert_eq!(game_ref(Some("#12")), Ok(Some(GameId(12))));
        assert_eq!(game_ref(None), Ok(None));
        assert!(game_ref(Some("twelve"))
            .unwrap_err()
            .contains("not a game number"));
    }

    #[test]
    fn old_boards_lose_their_buttons_where_the_channel_is_known() {
        let here = bridge::Place::Dm { channel_id: 55 };
        let channel = Place::Channel {
            guild: 1,
            channel: 9,
        };
        let edit = strip_buttons(Some((channel, 77)), Some((3, &here))).expect("edit");
        assert_eq!(
            edit.target,
            Target::Edit {
                channel_id: 9,
                message_id: 77
            }
        );
        assert!(edit.buttons.is_empty() && edit.text.is_empty());
        let dm = Place::Dm { user: 3 };
        let in_dm = Target::Edit {
            channel_id: 55,
            message_id: 77,
        };
        assert_eq!(
            strip_buttons(Some((dm, 77)), Some((3, &here)))
                .unwrap()
                .target,
            in_dm
        );
        let guild = bridge::Place::Guild {
            guild_id: 1,
            channel_id: 2,
        };
        let elsewhere = Target::EditDm {
            user_id: 3,
            message_id: 77,
        };
        assert_eq!(
            strip_buttons(Some((dm, 77)), Some((3, &guild)))
                .unwrap()
                .target,
            elsewhere
        );
        assert_eq!(
            strip_buttons(Some((dm, 77)), None).unwrap().target,
            elsewhere
        );
        // Another user's DM is not the board's channel.
        assert_eq!(
            strip_buttons(Some((dm, 77)), Some((4, &here)))
                .unwrap()
                .target,
            elsewhere
        );
        assert!(strip_buttons(None, Some((3, &guild))).is_none());
    }

    #[test]
    fn a_notice_strips_the_board_it_makes_out_of_date() {
        let channel = Place::Channel {
            guild: 1,
            channel: 9,
        };
        let mut reply = app::Reply::public("The challenge of game 4 expired unanswered.");
        reply.previous_board = Some((channel, 88));
        let notice = Notice {
            to: Destination::Place(channel),
            user: UserId(5),
            game: GameId(4),
            reply,
        };
        let out = AppHandler::notices(&[notice]);
        assert_eq!(out.len(), 2, "{out:?}");
        assert_eq!(out[0].target, Target::Channel(9));
        assert!(out[0].text.contains("expired"));
        assert_eq!(
            out[1].target,
            Target::Edit {
                channel_id: 9,
                message_id: 88
            }
        );
        assert!(out[1].buttons.is_empty());
    }
}
