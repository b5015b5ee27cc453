//! Looking at games: `/bao board`, `/bao moves`, `/bao history`, `/bao games`, and the turn
//! notices.

use crate::ai::forced::{forced_win, FORCED_WIN_NODES};
use crate::rules::{Position, Side, Trace, MOVE_FORM};
use crate::store::{Game, GameFilter, GameStatus, Notify, Player};

use crate::app::refusal::{refuse, Answer};
use crate::app::view::{place_link, timestamp};
use crate::app::{shown_board, App, AppError};
use crate::app::{Attachment, Destination, Notice, Reply, User};
use crate::vocab::{bank_text, clk_text};

use super::endings::require_active;

impl App {
    pub(in crate::app) fn show_board(&self, user: &User, game: &Game) -> Answer {
        if game.status == GameStatus::Pending {
            return Err(refuse("The challenge here has not been accepted yet."));
        }
        let pos = self.position(game)?;
        let viewer = self.viewer(game, &pos, Some(user));
        let trace = self.last_trace(game)?;
        let mut reply = self.board_reply(game, &pos, trace, viewer, "")?;
        if let Some(line) = self.proved_line(game, &pos)? {
            reply.text.line(line);
        }
        reply.remove_buttons_of(shown_board(game));
        if game.side_of(user.id).is_none() {
            // An onlooker's board carries no buttons and pings nobody.
            reply.mention = None;
        }
        Ok(reply.into())
    }

    /// `Proved: North wins in 3 …` for the board of `game` at `pos`, only where an exact
    /// search proves it within [`FORCED_WIN_NODES`] and only in a finished game or one where
    /// hints are allowed.
    fn proved_line(&self, game: &Game, pos: &Position) -> Result<Option<String>, AppError> {
        let finished = matches!(game.status, GameStatus::Finished | GameStatus::Aborted);
        if !finished && !self.hints_allowed(game)? {
            return Ok(None);
        }
        let proved = {
            let _slot = self.ai.acquire();
            forced_win(pos, FORCED_WIN_NODES)
        };
        Ok(proved.map(|w| {
            let winner = format!("{} ({})", w.winner.name(), self.side_name(game, w.winner));
            let sentence = w.sentence_naming(&winner, (!w.winner).name());
            if w.moves == 0 {
                format!("Proved: {sentence}.")
            } else {
                format!(
                    "Proved: {sentence} from here ({}'s moves, with best defence).",
                    w.winner.name()
                )
            }
        }))
    }

    /// The trace of the last move, replayed from the position before it.
    pub(in crate::app) fn last_trace(&self, game: &Game) -> Result<Option<Trace>, AppError> {
        if game.ply == 0 {
            return Ok(None);
        }
        let moves = self.store.moves(game.id)?;
        let before = match moves.len() {
            0 => return Ok(None),
            1 => game.start_position.clone(),
            n => moves[n - 2].position_after.clone(),
        };
        let Ok(pos) = before.parse::<Position>() else {
            return Ok(None);
        };
        let Some(last) = moves.last() else {
            return Ok(None);
        };
        Ok(pos.play_text(&last.text).ok().map(|(_, _, t)| t))
    }

    pub(in crate::app) fn list_moves(&self, game: &Game) -> Answer {
        require_active(
            game,
            "The challenge has not been accepted yet; moves come after `/bao accept`.",
        )?;
        let pos = self.position(game)?;
        let mut lines = vec![format!(
            "Legal moves for {} ({}):",
            self.side_name(game, pos.turn()),
            pos.turn().name()
        )];
        for mv in pos.legal_moves() {
            let words = pos.play(&mv).map(|(_, t)| t.describe()).unwrap_or_default();
            lines.push(format!("`{mv}`: {words}"));
        }
        lines.push(format!("Write a move as {MOVE_FORM}."));
        Ok(Reply::private(fit(lines.join("\n"))).into())
    }

    pub(in crate::app) fn history(&self, game: &Game) -> Answer {
        if game.status == GameStatus::Pending {
            return Err(refuse("The challenge here has not been accepted yet."));
        }
        let moves = self.store.moves(game.id)?;
        let south = self.side_name(game, Side::South);
        let north = self.side_name(game, Side::North);
        let control = game.clock.map(|c| c.control);
        let mut lines = vec![format!(
            "Game {}: {south} (South) vs {north} (North), {} moves{}.",
            game.id,
            moves.len(),
            control
                .map(|c| format!(", {}", c.describe()))
                .unwrap_or_default()
        )];
        // A move with the mover's time left after it, in a clocked game: `A6 left [2:42]`.
        let shown = |m: &crate::store::StoredMove| match m.clock_ms {
            Some(ms) => format!("{} [{}]", m.text, bank_text(ms)),
            None => m.text.clone(),
        };
        for pair in moves.chunks(2) {
            let n = pair[0].ply.div_ceil(2);
            let second = pair.get(1).map(shown).unwrap_or_default();
            lines.push(
                format!("{n}. {}  {second}", shown(&pair[0]))
                    .trim_end()
                    .to_string(),
            );
        }
        let takebacks = self.store.takebacks(game.id)?;
        for t in &takebacks {
            lines.push(format!(
                "Taken back after ply {}{}: {}",
                t.to_ply,
                super::takeback::asked_words(self, t.asked_by),
                t.moves.join(", ")
            ));
        }
        let declined = super::takeback::declined_words(self, game.id)?;
        lines.extend(declined.iter().map(|d| format!("Takeback declined: {d}")));
        let pos = self.position(game)?;
        lines.push(self.status_line(game, &pos));
        // A running game's page follows it live (a finished game's link is in its status line).
        if game.status.is_ongoing() {
            lines.extend(self.game_page_line(game));
        }
        let mut record = format!(
            "# bao-bot game {}: {south} (South) vs {north} (North)\n# replay with: bao-bot replay FILE\n",
            game.id
        );
        if let Some(r) = game.reason {
            record.push_str(&format!(
                "# result: {} ({})\n",
                game.winner
                    .map(|w| format!("{} wins", w.name()))
                    .unwrap_or("no winner".into()),
                r.words()
            ));
        }
        if let Some(c) = control {
            record.push_str(&format!("# {}\n", c.describe()));
        }
        record.push_str(&format!("rules {}\n", game.rule_set));
        for t in &takebacks {
            record.push_str(&format!(
                "# taken back after ply {}{}: {}\n",
                t.to_ply,
                super::takeback::asked_words(self, t.asked_by),
                t.moves.join(", ")
            ));
        }
        for d in &declined {
            record.push_str(&format!("# takeback declined: {d}\n"));
        }
        record.push_str(&format!("position {}\n", game.start_position));
        for m in &moves {
            record.push_str(&m.text);
            // The mover's clock after the move, as game records write it.
            if let Some(ms) = m.clock_ms {
                record.push_str(&format!(" # [%clk {}]", clk_text(ms)));
            }
            record.push('\n');
        }
        let mut reply = Reply::private(fit(lines.join("\n")));
        reply.attachments.push(Attachment {
            filename: format!("bao-game-{}.txt", game.id),
            bytes: record.into_bytes(),
        });
        Ok(reply.into())
    }

    pub(in crate::app) fn my_games(&self, user: &User) -> Answer {
        let games = self.store.games_of(user.id, GameFilter::Ongoing, 25)?;
        let ended = self.store.games_of(user.id, GameFilter::Ended, 5)?;
        let mut lines = vec![if games.is_empty() {
            "You have no games going. Start one with `/bao challenge @someone` or `/bao ai`."
                .to_string()
        } else {
            "Your games:".to_string()
        }];
        for g in &games {
            let line = match g.status {
                GameStatus::Pending => {
                    let other = g.challenge.as_ref().map(|c| {
                        if c.challenger == user.id {
                            format!(
                                "you challenged {}",
                                self.name(Some(&Player::Human(c.challenged)))
                            )
                        } else {
                            format!(
                                "{} challenged you",
                                self.name(Some(&Player::Human(c.challenger)))
                            )
                        }
                    });
                    format!(
                        "`#{}` {} in {}: waiting for an answer",
                        g.id,
                        other.unwrap_or_default(),
                        place_link(&g.place)
                    )
                }
                _ => {
                    let side = g.side_of(user.id).unwrap_or(Side::South);
                    let opponent = self.side_name(g, !side);
                    let turn = g
                        .position
                        .parse::<Position>()
                        .map(|p| p.turn())
                        .unwrap_or(Side::South);
                    let whose = if turn == side {
                        "**your turn**".to_string()
                    } else {
                        format!("{opponent}'s turn")
                    };
                    let by = g
                        .deadline
                        .map(|d| format!(", by {}", timestamp(d)))
                        .unwrap_or_default();
                    let clock = g
                        .clock
                        .map(|c| format!(", clock {}", c.control.form()))
                        .unwrap_or_default();
                    format!(
                        "`#{}` vs {opponent} in {} ({} moves{clock}): {whose}{by}",
                        g.id,
                        place_link(&g.place),
                        g.ply
                    )
                }
            };
            lines.push(line);
        }
        if !games.is_empty() {
            lines.push("Move from anywhere with `/bao move ... game:<number>`.".into());
        }
        if !ended.is_empty() {
            lines.push("Recently ended:".into());
            lines.extend(ended.iter().map(|g| self.ended_line(user, g)));
        }
        Ok(Reply::private(fit(lines.join("\n"))).into())
    }

    /// One ended game in a list, with its stored result and end reason:
    /// `` `#12` vs Baraka in #general (31 moves): you won (resignation) ``.
    pub(in crate::app) fn ended_line(&self, user: &User, g: &Game) -> String {
        let reason = g.reason.map(|r| r.words()).unwrap_or_else(|| "?".into());
        let side = g.side_of(user.id);
        let opponent = match (side, &g.challenge) {
            (Some(side), _) => self.side_name(g, !side),
            (None, Some(c)) if c.challenger == user.id => {
                self.name(Some(&Player::Human(c.challenged)))
            }
            (None, Some(c)) => self.name(Some(&Player::Human(c.challenger))),
            (None, None) => "?".into(),
        };
        let result = match (g.status, g.winner, side) {
            (GameStatus::Finished, Some(w), Some(s)) if w == s => "you won",
            (GameStatus::Finished, Some(_), _) => "you lost",
            (GameStatus::Finished, None, _) => "no winner",
            _ => "stopped without a result",
        };
        let clock = g
            .clock
            .map(|c| format!(", clock {}", c.control.form()))
            .unwrap_or_default();
        format!(
            "`#{}` vs {opponent} in {} ({} moves{clock}): {result} ({reason})",
            g.id,
            place_link(&g.place),
            g.ply
        )
    }

    /// Turn notices after a move: a DM to the player to move if they asked for DMs.
    pub(in crate::app) fn turn_notices(&self, game: &Game, pos: &Position) -> Vec<Notice> {
        if game.status != GameStatus::Active {
            return Vec::new();
        }
        let Some(Player::Human(id)) = game.player(pos.turn()) else {
            return Vec::new();
        };
        let wants_dm = matches!(
            self.store.player(*id),
            Ok(Some(p)) if p.notify == Notify::Dm && !p.dm_failed
        );
        if !wants_dm || game.place.is_dm() {
            return Vec::new();
        }
        let by = game
            .deadline
            .map(|d| format!(" Move by {}.", timestamp(d)))
            .unwrap_or_default();
        vec![Notice {
            to: Destination::Dm(*id),
            user: *id,
            game: game.id,
            reply: Reply::public(format!(
                "Your turn in Bao game #{} against {} in {}.{by} Reply here with `/bao move <move> game:{}`.",
                game.id,
                self.side_name(game, !pos.turn()),
                place_link(&game.place),
                game.id
            )),
        }]
    }
}

/// Keeps a message within Discord's 2000 characters.
pub(super) fn fit(text: String) -> String {
    if text.len() <= 1990 {
        return text;
    }
    let mut cut = 1900;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}\n…", &text[..cut])
}
