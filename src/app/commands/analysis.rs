//! Learning from games: `/bao-analyze` (the post-game analysis with its evaluation graph,
//! accuracies, the largest mistakes and buttons to see the board around each), `/bao hint`,
//! and the board at any ply of a game (the analysis's buttons).
//!
//! An analysis searches every ply at the hard level's budget, one ply at a time on the bot's
//! AI pool (one search slot per ply, so AI games keep their turns), reports its progress
//! after each ply, and is stored: asking again is instant. A user runs one analysis at a
//! time.

use std::collections::HashSet;
use std::sync::{Mutex, PoisonError};

use crate::ai::analysis::hint as search_hint;
use crate::ai::analysis::Label;
use crate::ai::analysis::{Analyser, GameAnalysis, PlyAnalysis, DEFAULT_NODES, HINT_NODES};
use crate::ai::forced::{forced_win, FORCED_WIN_NODES};
use crate::i18n::{words, Lang, Msg, Text};
use crate::msg;
use crate::render::RenderOptions;
use crate::rules::{Move, Position, Side};
use crate::store::{Game, GameStatus, Place, Player, UserId};

use crate::app::buttons::{Action, ButtonId};
use crate::app::refusal::{refuse, Answer};
use crate::app::{App, AppError};
use crate::app::{Attachment, Button, ButtonStyle, Reply, User};

/// How many of the largest mistakes the analysis lists (with their board buttons).
const LARGEST: usize = 3;

/// The users with an analysis under way.
#[derive(Debug, Default)]
pub(in crate::app) struct Running(Mutex<HashSet<UserId>>);

/// Marks a user's analysis as running until dropped.
pub(in crate::app) struct RunningGuard<'a>(&'a Running, UserId);

impl Running {
    /// Marks `user` as analysing; `None` if they already are.
    pub(in crate::app) fn start(&self, user: UserId) -> Option<RunningGuard<'_>> {
        let mut set = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        // `then`, not `then_some`: a guard made and dropped here would lock the set again
        // (a deadlock) and take the running user out of it.
        set.insert(user).then(|| RunningGuard(self, user))
    }
}

impl Drop for RunningGuard<'_> {
    fn drop(&mut self) {
        let mut set = self.0 .0.lock().unwrap_or_else(PoisonError::into_inner);
        set.remove(&self.1);
    }
}

/// Whether the AI plays a side of `game`.
pub(in crate::app) fn against_ai(game: &Game) -> bool {
    [&game.south, &game.north]
        .iter()
        .any(|p| p.as_ref().is_some_and(Player::is_ai))
}

impl App {
    /// Whether `game` is rated, as stored with it (a game against the AI never is): rated
    /// games close hints and takebacks.
    pub(in crate::app) fn is_rated(&self, game: &Game) -> Result<bool, AppError> {
        Ok(!against_ai(game) && game.rated)
    }

    /// Whether hints may be given in `game`: always against the AI; between people only in
    /// an unrated game whose challenge said `hints: true` (agreed by accepting it).
    pub(in crate::app) fn hints_allowed(&self, game: &Game) -> Result<bool, AppError> {
        Ok(against_ai(game) || (!self.is_rated(game)? && game.hints))
    }
}

impl App {
    /// `/bao-analyze [game]`: the analysis of `game` for `user` asking at `place`;
    /// `progress` gets a line after each ply analysed ("Analysing ply 34 of 80…").
    pub(in crate::app) fn analyze(
        &self,
        user: &User,
        place: &Place,
        game: &Game,
        progress: &dyn Fn(String),
    ) -> Answer {
        let between_people = !against_ai(game);
        match game.status {
            GameStatus::Pending => return Err(refuse(msg!("analysis-not-accepted"))),
            GameStatus::Active if between_people => {
                return Err(refuse(msg!(
                    "analysis-still-played",
                    game = game.id.to_string()
                )))
            }
            GameStatus::Active if !game.involves(user.id) => {
                return Err(refuse(msg!(
                    "analysis-only-player",
                    game = game.id.to_string()
                )))
            }
            _ => {}
        }
        if game.ply == 0 {
            return Err(refuse(msg!(
                "analysis-no-moves",
                game = game.id.to_string()
            )));
        }
        let (start, moves) = self.game_moves(game)?;
        let nodes = DEFAULT_NODES;
        // Progress is shown where the answer is: not for a DM game asked about elsewhere,
        // whose answer is private.
        let private = game.place.is_dm() && game.place != *place;
        // The answer's language (and the progress lines', shown where the answer is).
        let lang = self.lang_for(user.id, place, private)?;
        // A finished game's analysis is stored; a running AI game's is made afresh.
        let stored = match game.status {
            GameStatus::Finished | GameStatus::Aborted => self
                .store
                .analysis(game.id, nodes)?
                .and_then(|json| serde_json::from_str::<GameAnalysis>(&json).ok())
                .filter(|a| a.plies.len() == moves.len()),
            _ => None,
        };
        let analysis = match stored {
            Some(a) => a,
            None => {
                let Some(_running) = self.analyses.start(user.id) else {
                    return Err(refuse(msg!("analysis-busy")));
                };
                let mut analyser =
                    Analyser::new(&start, &moves, nodes).map_err(|e| AppError::Corrupt {
                        game: game.id,
                        detail: e.to_string(),
                    })?;
                loop {
                    let more = {
                        let _slot = self.ai.acquire();
                        analyser.step()
                    };
                    if !more {
                        break;
                    }
                    if private {
                        continue;
                    }
                    progress(
                        msg!(
                            "analysis-progress",
                            game = game.id.to_string(),
                            done = analyser.done(),
                            total = analyser.total()
                        )
                        .render(lang),
                    );
                }
                let analysis = analyser.finish();
                if matches!(game.status, GameStatus::Finished | GameStatus::Aborted) {
                    if let Ok(json) = serde_json::to_string(&analysis) {
                        self.store
                            .save_analysis(game.id, nodes, &json, self.clock.now())?;
                    }
                }
                analysis
            }
        };
        Ok(self.analysis_reply(place, game, &analysis, lang)?.into())
    }

    /// The analysis as a reply: the graph, the accuracies, the largest mistakes with the
    /// better moves, and buttons for the board before and after each.
    fn analysis_reply(
        &self,
        place: &Place,
        game: &Game,
        analysis: &GameAnalysis,
        lang: Lang,
    ) -> Result<Reply, AppError> {
        let names = [
            self.side_name(game, Side::South),
            self.side_name(game, Side::North),
        ];
        let mut lines: Vec<Text> = vec![msg!(
            "analysis-head",
            game = game.id.to_string(),
            south = &names[0],
            north = &names[1],
            plies = analysis.plies.len(),
            nodes = analysis.nodes.to_string()
        )
        .into()];
        for side in Side::ALL {
            lines.push(
                msg!(
                    "analysis-side",
                    name = &names[side.index()],
                    side = words::side(side),
                    summary = summary(analysis, side)
                )
                .into(),
            );
        }
        let proved = analysis.proved_moves();
        if !proved.is_empty() {
            lines.push(msg!("analysis-proved-title").into());
        }
        for p in proved.iter().take(LARGEST) {
            lines.push(
                msg!(
                    "analysis-proved-line",
                    ply = p.ply,
                    name = &names[p.mover.index()],
                    played = p.played.to_string(),
                    note = proved_note(p),
                    best = p.best.to_string()
                )
                .into(),
            );
        }
        let worst = largest(analysis, LARGEST);
        if worst.is_empty() {
            lines.push(msg!("analysis-no-mistakes").into());
        } else {
            lines.push(msg!("analysis-largest-title").into());
        }
        let mut buttons = Vec::new();
        for (i, p) in worst.iter().enumerate() {
            lines.push(
                msg!(
                    "analysis-mistake-line",
                    rank = i + 1,
                    ply = p.ply,
                    name = &names[p.mover.index()],
                    played = p.played.to_string(),
                    label = label_words(p.label),
                    points = format!("{:.0}", 100.0 * p.loss),
                    best = p.best.to_string()
                )
                .into(),
            );
            let at = |ply: usize, label: Msg| Button {
                id: ButtonId::new(Action::BoardAt, game.id, ply as u32).to_string(),
                label: label.arg("ply", p.ply).render(lang),
                style: ButtonStyle::Secondary,
            };
            buttons.push(vec![
                at(p.ply - 1, msg!("analysis-button-before")),
                at(p.ply, msg!("analysis-button-after")),
            ]);
        }
        lines.extend(self.game_page_line(game).map(Text::from));
        let mut reply = Reply::public(Text::one_per_line(lines));
        // A DM game asked about elsewhere is shown only to its player.
        reply.ephemeral = game.place.is_dm() && game.place != *place;
        reply.lang = Some(lang);
        reply.attachments.push(Attachment {
            filename: format!("bao-{}-analysis.png", game.id),
            bytes: self.pictures.evaluation_graph_png(
                analysis,
                &names.clone().map(|n| n.render(lang)),
                // The reply's language: the server's, or the DM player's when only they see it.
                &self.picture_words_at(if reply.ephemeral { &game.place } else { place }),
            )?,
        });
        reply.buttons = buttons;
        Ok(reply)
    }

    /// The board of `game` after `ply` plies (0: the start), privately, with the move that
    /// led there highlighted.
    pub(in crate::app) fn board_at(&self, user: &User, game: &Game, ply: u32) -> Answer {
        if ply > game.ply {
            return Err(refuse(msg!(
                "analysis-too-few-plies",
                game = game.id.to_string(),
                plies = game.ply
            )));
        }
        let (start, moves) = self.game_moves(game)?;
        let mut pos = start;
        let mut trace = None;
        for mv in &moves[..ply as usize] {
            match pos.play(mv) {
                Ok((next, t)) => {
                    pos = next;
                    trace = Some(t);
                }
                Err(e) => {
                    return Err(AppError::Corrupt {
                        game: game.id,
                        detail: e.to_string(),
                    }
                    .into())
                }
            }
        }
        let viewer = game.side_of(user.id).unwrap_or(Side::South);
        let names = [
            self.side_name(game, Side::South),
            self.side_name(game, Side::North),
        ];
        let text = match &trace {
            Some(t) => msg!(
                "analysis-board-after",
                game = game.id.to_string(),
                ply = ply,
                name = &names[t.mover.index()],
                mv = t.mv.to_string()
            ),
            None => msg!("analysis-board-start", game = game.id.to_string()),
        };
        let picture_lang = self.lang_for(user.id, &game.place, true)?;
        let png = self.pictures.board_png(
            &pos,
            &RenderOptions {
                viewer,
                highlight: trace.is_some(),
                trace,
                names: Some(names.map(|n| n.render(picture_lang))),
                ply: Some(ply),
                words: self.picture_words_for(user.id, &game.place, true),
                ..RenderOptions::default()
            },
        )?;
        let mut reply = Reply::private(text);
        reply.attachments.push(Attachment {
            filename: format!("bao-{}-ply-{ply}.png", game.id),
            bytes: png,
        });
        Ok(reply.into())
    }

    /// `/bao hint`: the search's move for the caller in the game here, privately, with the
    /// board after it. Only for the player to move, in games against the AI and unrated
    /// games where both agreed to hints.
    pub(in crate::app) fn hint(&self, user: &User, game: &Game) -> Answer {
        if game.status != GameStatus::Active {
            return Err(refuse(msg!("hint-no-game")));
        }
        let Some(side) = game.side_of(user.id) else {
            return Err(refuse(msg!("hint-not-player", game = game.id.to_string())));
        };
        if self.is_rated(game)? {
            return Err(refuse(msg!("hint-rated")));
        }
        if !self.hints_allowed(game)? {
            return Err(refuse(msg!("hint-not-agreed")));
        }
        let pos = self.position(game)?;
        if pos.turn() != side {
            return Err(refuse(msg!("hint-not-your-turn")));
        }
        if let Some(busy) = self.ai.refusal() {
            return Err(busy);
        }
        let (found, proved) = {
            let _slot = self.ai.acquire();
            match forced_win(&pos, FORCED_WIN_NODES) {
                // A proved win or slowest loss is the move to suggest.
                Some(w) => {
                    let e = if w.winner == side { 1.0 } else { 0.0 };
                    (Some((w.best, e)), Some(w))
                }
                None => (search_hint(&pos, HINT_NODES), None),
            }
        };
        let Some((mv, expected)) = found else {
            return Err(refuse(msg!("hint-no-move")));
        };
        let proved = proved.map(|w| {
            if w.winner == side {
                msg!("hint-proved-win", n = w.moves)
            } else if w.moves == 0 {
                msg!(
                    "hint-proved-lost-now",
                    winner = self.side_name(game, w.winner)
                )
            } else {
                msg!(
                    "hint-proved-loss",
                    winner = self.side_name(game, w.winner),
                    n = w.moves
                )
            }
        });
        // A private answer: the asker's language, for its picture's caption too.
        let lang = self.lang_for(user.id, &game.place, true)?;
        let (after, trace) = pos.play(&mv).map_err(|e| AppError::Corrupt {
            game: game.id,
            detail: e.to_string(),
        })?;
        let names = [
            self.side_name(game, Side::South),
            self.side_name(game, Side::North),
        ];
        let png = self.pictures.board_png(
            &after,
            &RenderOptions {
                viewer: side,
                trace: Some(trace.clone()),
                names: Some(names.map(|n| n.render(lang))),
                ply: Some(game.ply + 1),
                caption: Some(
                    msg!("hint-caption", mv = words::move_words(lang).say(&mv)).render(lang),
                ),
                words: crate::app::picture_words(lang),
                ..RenderOptions::default()
            },
        )?;
        let mut text = Text::from(msg!(
            "hint",
            mv = mv.to_string(),
            trace = words::describe(&trace),
            percent = format!("{:.0}", 100.0 * expected)
        ));
        if let Some(proved) = proved {
            text.push_str(" ");
            text.push(proved);
        }
        let mut reply = Reply::private(text);
        reply.attachments.push(Attachment {
            filename: format!("bao-{}-hint-{}.png", game.id, game.ply + 1),
            bytes: png,
        });
        Ok(reply.into())
    }

    /// The start position of `game` and its moves, read back from the store.
    fn game_moves(&self, game: &Game) -> Result<(Position, Vec<Move>), AppError> {
        let corrupt = |detail: String| AppError::Corrupt {
            game: game.id,
            detail,
        };
        let start: Position = game
            .start_position
            .parse()
            .map_err(|e| corrupt(format!("{e}")))?;
        let mut pos = start;
        let mut moves = Vec::new();
        for m in self.store.moves(game.id)? {
            let (mv, next, _) = pos
                .play_text(&m.text)
                .map_err(|e| corrupt(format!("ply {}: {e}", m.ply)))?;
            moves.push(mv);
            pos = next;
        }
        Ok((start, moves))
    }
}

/// `accuracy 86% · 2 inaccuracies, 1 mistake, 0 blunders` for `side`
/// ([`GameAnalysis::summary`] in the reader's language).
fn summary(analysis: &GameAnalysis, side: Side) -> Msg {
    let accuracy = analysis.accuracy[side.index()].map_or("-".to_string(), |a| format!("{a:.0}%"));
    msg!(
        "analysis-summary",
        accuracy = accuracy,
        inaccuracies = analysis.count(side, Label::Inaccuracy),
        mistakes = analysis.count(side, Label::Mistake),
        blunders = analysis.count(side, Label::Blunder)
    )
}

/// What is proved about a move ([`PlyAnalysis::proved_note`] in the reader's language).
fn proved_note(p: &PlyAnalysis) -> Text {
    let missed = p.missed_win.map(|n| msg!("analysis-missed-win", n = n));
    let walked = p
        .walked_into_loss
        .map(|n| msg!("analysis-walked-into-loss", n = n));
    match (missed, walked) {
        (Some(m), Some(w)) => msg!("word-and", first = m, last = w).into(),
        (m, w) => m.or(w).map(Text::from).unwrap_or_default(),
    }
}

/// `inaccuracy`, `mistake`, `blunder` ([`Label::name`] in the reader's language).
fn label_words(label: Label) -> Msg {
    match label {
        Label::Best => msg!("analysis-label-best"),
        Label::Good => msg!("analysis-label-good"),
        Label::Inaccuracy => msg!("analysis-label-inaccuracy"),
        Label::Mistake => msg!("analysis-label-mistake"),
        Label::Blunder => msg!("analysis-label-blunder"),
    }
}

/// The `n` marked moves that lost the most, of either side, largest first.
fn largest(analysis: &GameAnalysis, n: usize) -> Vec<&PlyAnalysis> {
    let mut all: Vec<&PlyAnalysis> = Side::ALL
        .into_iter()
        .flat_map(|s| analysis.largest_losses(s, n))
        .collect();
    all.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.ply.cmp(&b.ply)));
    all.truncate(n);
    all
}
