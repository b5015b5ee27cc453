//! Animations in the conversation: the sowing GIF of a move's board reply, `/bao-replay` (a
//! game as a GIF) and whether a user sees animations (`/bao prefs`, the server, the config).
//!
//! Replays are drawn fairly: after every waiting board (the render pool's later queue),
//! one at a time per user, refused with the wait past the queue's bound, and a finished
//! game's replay is kept in the picture cache it shares with the web pages.

use crate::i18n::{Lang, Text};
use crate::msg;
use crate::render::{GameGifOptions, GameRecord, GifError, RenderOptions, MAX_GIF_BYTES};
use crate::rules::{Move, Position, Side};
use crate::store::{Game, GameStatus, Place, UserId};

use crate::app::refusal::{refuse, Answer, Halt};
use crate::app::{App, AppError};
use crate::app::{Attachment, Reply, User};
use crate::app::{Picture, PictureKey};

impl App {
    /// Whether `user` sees boards after a move at `place` animated: their own choice
    /// (`/bao prefs`), else the server's setting, else the bot's default (the config).
    pub(in crate::app) fn animates(&self, user: UserId, place: &Place) -> Result<bool, AppError> {
        match self.store.user_prefs(user)?.animation {
            Some(on) => Ok(on),
            None => Ok(self.server_config(place)?.animations),
        }
    }

    /// The animation of `moves` played from `before` in `game`, ending on the board picture
    /// `opts` draws (the same options as the still), as a `.gif` attachment. None when the
    /// render pool is overloaded: the still board goes alone rather than wait for it.
    pub(in crate::app) fn move_animation(
        &self,
        game: &Game,
        before: &Position,
        moves: &[Move],
        opts: &RenderOptions,
    ) -> Option<Attachment> {
        if self.pictures.pool().overloaded() {
            tracing::info!(game = %game.id, waiting = self.pictures.pool().waiting(), "render queue overloaded: the move's still board goes without its animation");
            return None;
        }
        self.moves_animation_gif(
            format!("bao-{}-ply-{}", game.id, game.ply),
            before,
            moves,
            opts,
        )
    }

    /// `/bao-replay [game] [from] [to]`: the game as a GIF, one frame per ply. Finished games
    /// for anyone who may see them; a running game only for its players.
    pub(in crate::app) fn replay(
        &self,
        user: &User,
        game: Game,
        from: Option<u32>,
        to: Option<u32>,
    ) -> Answer {
        match game.status {
            GameStatus::Pending => return Err(refuse(msg!("replay-not-accepted"))),
            GameStatus::Active if !game.involves(user.id) => {
                return Err(refuse(msg!(
                    "replay-only-players",
                    game = game.id.to_string()
                )))
            }
            _ => {}
        }
        let record = self.game_record(&game)?;
        let plies = record.moves.len() as u32;
        let from = from.unwrap_or(0);
        let to = to.unwrap_or(plies).min(plies);
        let names = [
            self.side_name(&game, Side::South),
            self.side_name(&game, Side::North),
        ];
        // A public answer: the picture's words in the language of the game's place.
        let lang = self.lang_for(user.id, &game.place, false)?;
        let shown = Picture::Replay {
            viewer: game.side_of(user.id).unwrap_or(Side::South),
            from,
            to,
        };
        let bytes = match self.replay_gif(&game, record, shown, lang, Some(user.id))? {
            Ok(b) => b,
            Err(GifError::Range { .. }) => {
                return Err(refuse(msg!(
                    "replay-range",
                    game = game.id.to_string(),
                    plies = plies
                )))
            }
            Err(GifError::TooLarge { bytes }) => {
                return Err(refuse(msg!(
                    "replay-too-large",
                    game = game.id.to_string(),
                    bytes = bytes.to_string(),
                    max = MAX_GIF_BYTES.to_string()
                )))
            }
            Err(GifError::Illegal { ply, source }) => {
                return Err(AppError::Corrupt {
                    game: game.id,
                    detail: format!("ply {ply}: {source}"),
                }
                .into())
            }
        };
        let mut text = Text::from(msg!(
            "replay-head",
            game = game.id.to_string(),
            south = &names[0],
            north = &names[1],
            from = from,
            to = to,
            plies = plies
        ));
        if let Some(link) = self.game_page_line(&game) {
            text.line(link);
        }
        let mut reply = Reply::public(text);
        reply.attachments.push(Attachment {
            filename: format!("bao-game-{}-plies-{from}-{to}.gif", game.id),
            bytes,
        });
        Ok(reply.into())
    }

    /// `game`'s start position and moves, replayed from the store.
    pub(in crate::app) fn game_record(&self, game: &Game) -> Result<GameRecord, AppError> {
        let start: Position = game.start_position.parse().map_err(|e| AppError::Corrupt {
            game: game.id,
            detail: format!("start position: {e}"),
        })?;
        let stored = self.store.moves(game.id)?;
        let mut pos = start;
        let mut moves = Vec::with_capacity(stored.len());
        for m in &stored {
            let (mv, next, _) = pos.play_text(&m.text).map_err(|e| AppError::Corrupt {
                game: game.id,
                detail: format!("ply {}: {e}", m.ply),
            })?;
            moves.push(mv);
            pos = next;
        }
        Ok(GameRecord { start, moves })
    }

    /// The GIF of `game` (`record`, its moves) as `shown` says (a [`Picture::Replay`]),
    /// its words in `lang`; the GIF's own refusal as `Err`. A finished game's GIF comes
    /// from the picture cache, drawn once for the bot and the web pages. A drawing asked
    /// for by `user` (a chat command) is refused while their other replay is drawn, and
    /// when the queue of replays is full, with the wait; the web pages bound theirs
    /// themselves (`user` None).
    pub(in crate::app) fn replay_gif(
        &self,
        game: &Game,
        record: GameRecord,
        shown: Picture,
        lang: Lang,
        user: Option<UserId>,
    ) -> Result<Result<Vec<u8>, GifError>, Halt> {
        let Picture::Replay { viewer, from, to } = shown else {
            return Err(AppError::Corrupt {
                game: game.id,
                detail: "a replay asked for a board".into(),
            }
            .into());
        };
        let finished = matches!(game.status, GameStatus::Finished | GameStatus::Aborted);
        let key = finished.then_some(PictureKey {
            game: game.id,
            picture: shown,
            lang,
            plies: game.ply,
        });
        if let Some(kept) = key.and_then(|k| self.picture_cache.get(&k)) {
            return Ok(Ok(kept.to_vec()));
        }
        let pool = self.pictures.pool();
        let seconds = || pool.expected_later_wait().as_secs() + 1;
        let _drawing = match user {
            Some(user) => match self.replays.start(user) {
                Some(drawing) => Some(drawing),
                None => return Err(refuse(msg!("replay-busy", seconds = seconds()))),
            },
            None => None,
        };
        if user.is_some() && pool.later_full() {
            tracing::info!(game = %game.id, waiting = pool.later_waiting(), "replay refused: the queue of replays is full");
            return Err(refuse(msg!("replay-queue-full", seconds = seconds())));
        }
        let opts = GameGifOptions {
            viewer,
            names: Some([
                self.side_name(game, Side::South).render(lang),
                self.side_name(game, Side::North).render(lang),
            ]),
            from,
            to: Some(to),
            winner: game.winner.filter(|_| finished),
            result_text: game
                .reason
                .filter(|_| finished)
                .map(|r| crate::app::view::reason_words(r).render(lang)),
            words: crate::app::picture_words(lang),
            ..GameGifOptions::default()
        };
        // The GIF's refusal as `Ok`, the pool's failure as `Err`.
        let draw = || match self.pictures.game_gif(record, opts) {
            Ok(Ok(bytes)) => Ok(bytes),
            Ok(Err(refused)) => Err(Ok(refused)),
            Err(failed) => Err(Err(failed)),
        };
        let drawn = match key {
            Some(key) => self
                .picture_cache
                .get_or_draw(key, draw)
                .map(|kept| kept.to_vec()),
            None => draw(),
        };
        match drawn {
            Ok(bytes) => Ok(Ok(bytes)),
            Err(Ok(refused)) => Ok(Err(refused)),
            Err(Err(failed)) => Err(AppError::from(failed).into()),
        }
    }
}
