//! Looking at games: `/bao board`, `/bao moves`, `/bao history`, `/bao games`, and the turn
//! notices.

use crate::ai::forced::{forced_win, FORCED_WIN_NODES};
use crate::i18n::{words, Text};
use crate::msg;
use crate::rules::{Position, Side, Trace};
use crate::store::{Game, GameFilter, GameStatus, Notify, Player};

use crate::app::refusal::{refuse, Answer};
use crate::app::view::{place_words, reason_words, timestamp};
use crate::app::{shown_board, App, AppError};
use crate::app::{Attachment, Destination, Notice, Reply, User};
use crate::vocab::{bank_text, clk_text};

use super::endings::require_active;

impl App {
    pub(in crate::app) fn show_board(&self, user: &User, game: &Game) -> Answer {
        if game.status == GameStatus::Pending {
            return Err(refuse(msg!("views-not-accepted")));
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
        // A player's own board comes privately with their play link, when there is one.
        Ok(self.board_with_play_link(user, game, reply)?.into())
    }

    /// `Proved: North wins in 3 …` for the board of `game` at `pos`, only where an exact
    /// search proves it within [`FORCED_WIN_NODES`] and only in a finished game or one where
    /// hints are allowed.
    fn proved_line(&self, game: &Game, pos: &Position) -> Result<Option<Text>, AppError> {
        let finished = matches!(game.status, GameStatus::Finished | GameStatus::Aborted);
        if !finished && !self.hints_allowed(game)? {
            return Ok(None);
        }
        let proved = {
            let _slot = self.ai.acquire();
            forced_win(pos, FORCED_WIN_NODES)
        };
        Ok(proved.map(|w| {
            let winner = Text::from(words::side(w.winner))
                .then(" (")
                .then(self.side_name(game, w.winner))
                .then(")");
            if w.moves == 0 {
                msg!(
                    "views-proved-at-once",
                    winner = winner,
                    loser = words::side(!w.winner)
                )
                .into()
            } else {
                msg!(
                    "views-proved",
                    winner = winner,
                    moves = w.moves,
                    side = words::side(w.winner)
                )
                .into()
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
        if game.status == GameStatus::Pending {
            return Err(refuse(msg!("views-moves-not-accepted")));
        }
        require_active(game, "")?;
        let pos = self.position(game)?;
        let mut lines = vec![Text::from(msg!(
            "views-legal-moves",
            name = self.side_name(game, pos.turn()),
            side = words::side(pos.turn())
        ))];
        for mv in pos.legal_moves() {
            let said = pos
                .play(&mv)
                .map(|(_, t)| words::describe(&t))
                .unwrap_or_default();
            lines.push(Text::verbatim(format!("`{mv}`: ")).then(said));
        }
        lines.push(msg!("views-write-move", form = msg!("move-form")).into());
        Ok(Reply::private(fit_text(lines)).into())
    }

    pub(in crate::app) fn history(&self, game: &Game) -> Answer {
        if game.status == GameStatus::Pending {
            return Err(refuse(msg!("views-not-accepted")));
        }
        let moves = self.store.moves(game.id)?;
        let south = self.side_name(game, Side::South);
        let north = self.side_name(game, Side::North);
        let control = game.clock.map(|c| c.control);
        let mut lines = vec![Text::from(msg!(
            "views-history-head",
            game = game.id.to_string(),
            south = &south,
            north = &north,
            moves = moves.len().to_string(),
            control = control
                .map(|c| Text::verbatim(", ").then(words::clock(&c)))
                .unwrap_or_default()
        ))];
        // A move with the mover's time left after it, in a clocked game: `A6 left [2:42]`.
        let shown = |m: &crate::store::StoredMove| match m.clock_ms {
            Some(ms) => format!("{} [{}]", m.text, bank_text(ms)),
            None => m.text.clone(),
        };
        for pair in moves.chunks(2) {
            let n = pair[0].ply.div_ceil(2);
            let second = pair.get(1).map(shown).unwrap_or_default();
            lines.push(Text::verbatim(
                format!("{n}. {}  {second}", shown(&pair[0])).trim_end(),
            ));
        }
        let takebacks = self.store.takebacks(game.id)?;
        for t in &takebacks {
            lines.push(
                msg!(
                    "views-taken-back",
                    ply = t.to_ply.to_string(),
                    asked = super::takeback::asked_words(self, t.asked_by),
                    moves = t.moves.join(", ")
                )
                .into(),
            );
        }
        let declined = super::takeback::declined_words(self, game.id)?;
        lines.extend(
            declined
                .iter()
                .map(|d| msg!("views-takeback-declined", what = d.clone()).into()),
        );
        let pos = self.position(game)?;
        lines.push(self.status_line(game, &pos));
        // A running game's page follows it live (a finished game's link is in its status line).
        if game.status.is_ongoing() {
            lines.extend(self.game_page_line(game).map(Text::from));
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
        let mut reply = Reply::private(fit_text(lines));
        reply.attachments.push(Attachment {
            filename: format!("bao-game-{}.txt", game.id),
            bytes: record.into_bytes(),
        });
        Ok(reply.into())
    }

    pub(in crate::app) fn my_games(&self, user: &User) -> Answer {
        let games = self.store.games_of(user.id, GameFilter::Ongoing, 25)?;
        let ended = self.store.games_of(user.id, GameFilter::Ended, 5)?;
        let mut lines: Vec<Text> = vec![if games.is_empty() {
            msg!("views-games-none").into()
        } else {
            msg!("views-games-head").into()
        }];
        for g in &games {
            let line = match g.status {
                GameStatus::Pending => {
                    let other: Text = g
                        .challenge
                        .as_ref()
                        .map(|c| {
                            if c.challenger == user.id {
                                msg!(
                                    "views-you-challenged",
                                    name = self.name(Some(&Player::Human(c.challenged)))
                                )
                            } else {
                                msg!(
                                    "views-challenged-you",
                                    name = self.name(Some(&Player::Human(c.challenger)))
                                )
                            }
                            .into()
                        })
                        .unwrap_or_default();
                    msg!(
                        "views-games-pending",
                        game = g.id.to_string(),
                        who = other,
                        place = place_words(&g.place)
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
                        msg!("views-your-turn")
                    } else {
                        msg!("views-their-turn", name = &opponent)
                    };
                    let by: Text = g
                        .deadline
                        .map(|d| msg!("views-by", when = timestamp(d)).into())
                        .unwrap_or_default();
                    msg!(
                        "views-games-line",
                        game = g.id.to_string(),
                        opponent = opponent,
                        place = place_words(&g.place),
                        moves = g.ply.to_string(),
                        clock = clock_words(g),
                        whose = whose,
                        by = by
                    )
                }
            };
            lines.push(line.into());
        }
        if !games.is_empty() {
            lines.push(msg!("views-games-move-anywhere").into());
        }
        if !ended.is_empty() {
            lines.push(msg!("views-recently-ended").into());
            lines.extend(ended.iter().map(|g| self.ended_line(user, g)));
        }
        Ok(Reply::private(fit_text(lines)).into())
    }

    /// One ended game in a list, with its stored result and end reason:
    /// `` `#12` vs Baraka in #general (31 moves): you won (resignation) ``.
    pub(in crate::app) fn ended_line(&self, user: &User, g: &Game) -> Text {
        let reason: Text = g
            .reason
            .map(|r| reason_words(r).into())
            .unwrap_or_else(|| "?".into());
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
            (GameStatus::Finished, Some(w), Some(s)) if w == s => msg!("views-you-won"),
            (GameStatus::Finished, Some(_), _) => msg!("views-you-lost"),
            (GameStatus::Finished, None, _) => msg!("views-no-winner"),
            _ => msg!("views-no-result"),
        };
        msg!(
            "views-ended-line",
            game = g.id.to_string(),
            opponent = opponent,
            place = place_words(&g.place),
            moves = g.ply.to_string(),
            clock = clock_words(g),
            result = result,
            reason = reason
        )
        .into()
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
        let by: Text = game
            .deadline
            .map(|d| msg!("views-move-by", when = timestamp(d)).into())
            .unwrap_or_default();
        let mut reply = Reply::public(msg!(
            "views-turn-dm",
            game = game.id.to_string(),
            opponent = self.side_name(game, !pos.turn()),
            place = place_words(&game.place),
            by = by
        ));
        // The player's play link, in the DM's language (none without a public address).
        let to = Destination::Dm(*id);
        if let Ok(lang) = self.notice_lang(&to, &game.place) {
            match self.play_button(game, *id, lang) {
                Ok(button) => reply.buttons.extend(button.map(|b| vec![b])),
                Err(e) => tracing::warn!(game = %game.id, "no play link in a turn notice: {e}"),
            }
        }
        vec![Notice {
            to,
            user: *id,
            game: game.id,
            reply,
        }]
    }
}

/// `, clock 5+3` in a list of games, or nothing for a game without a clock.
fn clock_words(g: &Game) -> Text {
    g.clock
        .map(|c| msg!("views-games-clock", form = c.control.form()).into())
        .unwrap_or_default()
}

/// The lines of a message, kept within Discord's 2000 characters in every language: whole
/// lines while they fit, then `…`.
pub(super) fn fit_text(lines: Vec<Text>) -> Text {
    let longest = |t: &Text| {
        crate::i18n::Lang::ALL
            .iter()
            .map(|l| t.render(*l).len())
            .max()
            .unwrap_or(0)
    };
    let all = Text::one_per_line(lines.iter());
    if longest(&all) <= 1990 {
        return all;
    }
    let mut out = Text::new();
    for line in lines {
        let mut more = out.clone();
        more.line(line);
        if longest(&more) > 1900 {
            break;
        }
        out = more;
    }
    out.then("\n…")
}
