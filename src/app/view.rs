//! How games are shown: board replies with their picture and buttons, status lines, texts.

use crate::render::{board_png, board_text, RenderOptions};
use crate::rules::{Direction, Move, MoveKind, Position, Side, Trace};
use crate::store::{Game, GameStatus, Notify, Place, Player};

use super::buttons::{Action, ButtonId};
use super::types::{Attachment, Button, ButtonStyle, Reply};
use super::{App, AppError};

/// Move buttons that fit under a board: four rows of five, the fifth row for the rest.
const MAX_MOVE_BUTTONS: usize = 20;

/// `<@id>` for a human (a ping), the plain name for the AI.
pub fn mention(player: Option<&Player>, name: &str) -> String {
    match player {
        Some(Player::Human(id)) => format!("<@{id}>"),
        _ => name.to_string(),
    }
}

/// A Discord timestamp that each reader sees in their own time zone.
pub fn timestamp(unix: i64) -> String {
    format!("<t:{unix}:f> (<t:{unix}:R>)")
}

/// Where a place is, for lists: a channel link or "our DMs".
pub fn place_link(place: &Place) -> String {
    match place {
        Place::Channel { channel, .. } => format!("<#{channel}>"),
        Place::Dm { .. } => "the bot's DMs".into(),
    }
}

/// `A4 ← capture`, `A3 → capture (use)`.
pub fn button_label(mv: &Move) -> String {
    let arrow = match mv.direction {
        Direction::Left => "←",
        Direction::Right => "→",
    };
    let mut label = format!("{} {arrow} {}", mv.pit, mv.kind.word());
    if let Some(h) = mv.house {
        label.push_str(&format!(" ({})", h.word()));
    }
    if let Some(e) = mv.entry {
        label.push_str(&format!(" (enter {})", e.word()));
    }
    label
}

impl App {
    /// Who looks at the board: the caller if they play, else the side to move.
    pub(super) fn viewer(&self, game: &Game, pos: &Position, caller: Option<&super::User>) -> Side {
        caller
            .and_then(|u| game.side_of(u.id))
            .unwrap_or(pos.turn())
    }

    /// The line under a move description: who is to move and by when, or the result.
    pub(super) fn status_line(&self, game: &Game, pos: &Position) -> String {
        match game.status {
            GameStatus::Finished => match (game.winner, game.reason) {
                (Some(w), reason) => format!(
                    "**{} ({}) wins**{}.",
                    self.side_name(game, w),
                    w.name(),
                    reason
                        .map(|r| format!(": {}", r.words()))
                        .unwrap_or_default()
                ),
                (None, Some(r)) => format!("The game ends without a winner: {}.", r.words()),
                (None, None) => "The game is over.".into(),
            },
            GameStatus::Aborted => format!(
                "The game was stopped without a result{}.",
                game.reason
                    .map(|r| format!(" ({})", r.words()))
                    .unwrap_or_default()
            ),
            GameStatus::Pending => "Waiting for the challenge to be accepted.".into(),
            GameStatus::Active => {
                let side = pos.turn();
                let name = self.side_name(game, side);
                let who = mention(game.player(side), &name);
                let by = game
                    .deadline
                    .map(|d| format!(", by {}", timestamp(d)))
                    .unwrap_or_default();
                let draw = match game.draw_offered_by {
                    Some(s) => format!(" {} offers a draw.", self.side_name(game, s)),
                    None => String::new(),
                };
                format!(
                    "{who} ({}, {}) to move{by}.{draw}",
                    side.name(),
                    pos.phase()
                )
            }
        }
    }

    /// A reply showing `game` at `pos`, with `text` above it: the picture (with `trace`
    /// highlighted), the status line, the move buttons for a human to move, and the ping.
    pub(super) fn board_reply(
        &self,
        game: &Game,
        pos: &Position,
        trace: Option<Trace>,
        viewer: Side,
        text: &str,
    ) -> Result<Reply, AppError> {
        let names = [
            self.side_name(game, Side::South),
            self.side_name(game, Side::North),
        ];
        let result_text = match (game.status, game.reason) {
            (GameStatus::Finished | GameStatus::Aborted, Some(r)) => Some(r.words()),
            _ => None,
        };
        let caption = match (game.status, game.deadline) {
            (GameStatus::Active, Some(d)) => Some(format!(
                "{} to move by {} UTC",
                names[pos.turn().index()],
                utc(d)
            )),
            _ => None,
        };
        let shown = match (game.status, game.winner, pos.winner()) {
            // Resignation, timeout, draw: the rules position is still running.
            (GameStatus::Finished, Some(w), None) => pos.with_winner(w),
            _ => *pos,
        };
        let png = board_png(
            &shown,
            &RenderOptions {
                viewer,
                highlight: trace.is_some(),
                trace,
                names: Some(names),
                ply: Some(game.ply),
                result_text,
                caption,
                ratings: self.header_ratings(game)?,
            },
        );
        let mut reply = Reply::public(format!(
            "{}{}{}",
            if text.is_empty() {
                String::new()
            } else {
                format!("{text}\n")
            },
            self.status_line(game, pos),
            match self.rating_lines(game)? {
                Some(lines) => format!("\n{lines}"),
                None => String::new(),
            }
        ));
        reply.attachments.push(Attachment {
            filename: format!("bao-{}-ply-{}.png", game.id, game.ply),
            bytes: png,
        });
        reply.text_board = Some(board_text(&shown, viewer));
        if game.status == GameStatus::Active {
            reply.board = Some((game.id, game.ply));
            let to_move = game.player(pos.turn());
            if let Some(Player::Human(id)) = to_move {
                // `/bao notify off`: named, but not pinged.
                let quiet = matches!(
                    self.store.player(*id),
                    Ok(Some(p)) if p.notify == Notify::Off
                );
                reply.mention = (!quiet).then_some(*id);
                reply.buttons = self.move_buttons(game, pos);
            }
        }
        Ok(reply)
    }

    /// One button per legal move when they fit, and a row with the board, the move list and
    /// a draw offer.
    fn move_buttons(&self, game: &Game, pos: &Position) -> Vec<Vec<Button>> {
        let legal = pos.legal_moves();
        let mut rows: Vec<Vec<Button>> = Vec::new();
        if legal.len() <= MAX_MOVE_BUTTONS {
            for chunk in legal.chunks(5) {
                rows.push(
                    chunk
                        .iter()
                        .map(|mv| Button {
                            id: ButtonId::new(Action::Move(mv.to_string()), game.id, game.ply)
                                .to_string(),
                            label: button_label(mv),
                            style: if mv.kind == MoveKind::Capture {
                                ButtonStyle::Primary
                            } else {
                                ButtonStyle::Secondary
                            },
                        })
                        .collect(),
                );
            }
        }
        let mut last = vec![Button {
            id: ButtonId::new(Action::Moves, game.id, game.ply).to_string(),
            label: format!("All {} moves", legal.len()),
            style: ButtonStyle::Secondary,
        }];
        let against_ai = game.south.as_ref().is_some_and(Player::is_ai)
            || game.north.as_ref().is_some_and(Player::is_ai);
        if !against_ai {
            let label = if game.draw_offered_by.is_some() {
                "Accept draw"
            } else {
                "Offer draw"
            };
            last.push(Button {
                id: ButtonId::new(Action::Draw, game.id, game.ply).to_string(),
                label: label.into(),
                style: ButtonStyle::Success,
            });
        }
        rows.push(last);
        rows
    }
}

/// `Tue 2026-12-01 14:00` style UTC time for the picture caption and the console (Discord
/// timestamps do not render in images).
pub fn utc(unix: i64) -> String {
    let days = unix.div_euclid(86_400);
    let secs = unix.rem_euclid(86_400);
    let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][days.rem_euclid(7) as usize];
    let (y, m, d) = civil_from_days(days);
    format!(
        "{weekday} {y:04}-{m:02}-{d:02} {:02}:{:02}",
        secs / 3600,
        (secs % 3600) / 60
    )
}

/// Days since 1970-01-01 to a calendar date (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// The answer to `/bao notify`.
pub fn notify_text(mode: Notify) -> String {
    match mode {
        Notify::Dm => "When it is your turn you will be mentioned in the game's channel and told by DM; reminders come by DM too.".into(),
        Notify::Mention => "When it is your turn you will be mentioned in the game's channel (no DMs except deadline reminders).".into(),
        Notify::Off => "No more turn notices or reminders; `/bao games` shows where it is your turn.".into(),
    }
}

/// `/bao help`.
pub const HELP_TEXT: &str = "\
**Bao commands**
`/bao challenge @someone [variant] [side] [time_per_move] [rated]`: challenge someone in this channel (time: none, 30m .. 14d; rated: yes or no, counting for ratings)
`/bao accept`, `/bao decline`: answer a challenge (or use its buttons)
`/bao move A4 left capture`: play a move (the kind and stop/use words may be left out when clear); buttons under the board work too
`/bao board`, `/bao moves`, `/bao history`: the board, the legal moves, the move list with a record file
`/bao resign`, `/bao draw` (offer or accept), `/bao abort` (before each side has moved twice)
`/bao ai [easy|medium|hard|master] [south|north|random] [kiswahili|kujifunza]`: play the built-in AI here
`/bao games`: your games everywhere; `/bao notify dm|mention|off`: turn notices; `/bao claim`: win when the opponent's time has run out
`/bao leaderboard [variant] [server|global]`: the best rated players; `/bao stats [@someone] [variant]`: ratings and record
`/bao rules`: the rules in short";

/// `/bao rules`.
pub const RULES_TEXT: &str = "\
**Bao la Kiswahili in short**
Four rows of eight pits; you own the two nearest you (front row A, back row B; North has a and b). Pits are numbered 1-8 from your own left. A5 is your nyumba (house), drawn square.
**Namua** (while you have seeds in hand): add one seed to a front pit. If a front pit of yours faces an occupied pit, you must capture: add the seed there, take the facing seeds and sow them from a kichwa (end pit 1 or 8; at pits 3-6 you choose: `left` enters at pit 1). Otherwise play a takata: add the seed to a pit and sow it left or right.
**Mtaji** (both hands empty): sow a pit with 2 or more. Captures are compulsory: a start whose first sowing ends in an occupied front pit facing seeds.
**Sowing**: when the last seed lands in an occupied pit you capture (in a capturing move, if seeds face it) or lift the pit and sow on; the move ends in an empty pit.
**Nyumba**: while owned with 6+, a namua takata stops in it; a capture ending there with nothing to take lets you `stop` or `use` it.
**Takasia**: after a mtaji takata, if you threaten exactly one of the opponent's pits, they may not start from it next turn (marked T).
**Winning**: empty the opponent's front row, or leave them without a legal move.
The learner's game (kujifunza): 2 seeds in every pit, no hand, no nyumba.";
