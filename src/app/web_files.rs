//! The files of a game's web page, transport-free: the record to download, the board
//! picture and the whole game's GIF (`/g/ID/record.txt`, `board.png`, `game.gif`), with
//! the same access as the page ([`App::web_game`]); finished games' pictures are drawn once
//! (the picture cache).

use crate::i18n::Lang;
use crate::msg;
use crate::render::GifError;
use crate::rules::Side;
use crate::store::GameStatus;

use super::refusal::Halt;
use super::{App, AppError, GameId, Picture, PictureKey};

/// The fault behind `halt`, for a web read (which refuses nothing: no user asks).
fn halt_error(halt: Halt, game: GameId) -> AppError {
    match halt {
        Halt::Failed(e) => e,
        other => AppError::Corrupt {
            game,
            detail: format!("no picture: {other:?}"),
        },
    }
}

/// A file for download: its name, type and bytes.
#[derive(Debug, Clone)]
pub struct WebFile {
    /// The file name to save as.
    pub filename: String,
    /// Its media type.
    pub content_type: &'static str,
    /// The bytes.
    pub bytes: Vec<u8>,
}

impl App {
    /// The game record to download (the file `/bao history` attaches), or `None`.
    pub fn web_record(&self, id: i64, token: Option<&str>) -> Result<Option<WebFile>, AppError> {
        let Some(game) = self.web_game(id, token)? else {
            return Ok(None);
        };
        let response = self.history(&game).map_err(|h| halt_error(h, game.id))?;
        let file = response.reply.attachments.into_iter().next();
        Ok(file.map(|a| WebFile {
            filename: a.filename,
            content_type: "text/plain; charset=utf-8",
            bytes: a.bytes,
        }))
    }

    /// The board picture of the game as it stands (the last move marked), or `None`.
    pub fn web_board_png(&self, id: i64, token: Option<&str>) -> Result<Option<WebFile>, AppError> {
        let Some(game) = self.web_game(id, token)? else {
            return Ok(None);
        };
        let pos = self.position(&game)?;
        let trace = self.last_trace(&game)?;
        let (shown, opts) = self.picture(&game, &pos, trace, Side::South);
        // A finished game's board never changes: drawn once.
        let bytes = if matches!(game.status, GameStatus::Finished | GameStatus::Aborted) {
            let key = PictureKey {
                game: game.id,
                picture: Picture::Board,
                lang: self.picture_lang(&game.place),
                plies: game.ply,
            };
            self.picture_cache
                .get_or_draw(key, || self.pictures.board_png(&shown, &opts))?
                .to_vec()
        } else {
            self.pictures.board_png(&shown, &opts)?
        };
        Ok(Some(WebFile {
            filename: format!("bao-game-{}-ply-{}.png", game.id, game.ply),
            content_type: "image/png",
            bytes,
        }))
    }

    /// The whole game as a GIF (finished games only, as `/bao-replay` shows others), its
    /// result said in `asked` or the game's language, or `None`; `Err` with the words to
    /// show when it cannot be drawn.
    pub fn web_game_gif(
        &self,
        id: i64,
        token: Option<&str>,
        asked: Option<Lang>,
    ) -> Result<Option<Result<WebFile, String>>, AppError> {
        let Some(game) = self.web_game(id, token)? else {
            return Ok(None);
        };
        let lang = self.web_lang(&game.place, asked)?;
        if !matches!(game.status, GameStatus::Finished | GameStatus::Aborted) || game.ply == 0 {
            return Ok(None);
        }
        let record = self.game_record(&game)?;
        let shown = Picture::Replay {
            viewer: Side::South,
            from: 0,
            to: record.moves.len() as u32,
        };
        let drawn = self
            .replay_gif(&game, record, shown, lang, None)
            .map_err(|h| halt_error(h, game.id))?;
        Ok(Some(match drawn {
            Ok(bytes) => Ok(WebFile {
                filename: format!("bao-game-{}.gif", game.id),
                content_type: "image/gif",
                bytes,
            }),
            Err(GifError::TooLarge { bytes }) => Err(msg!(
                "web-gif-too-large",
                id = game.id.to_string(),
                bytes = bytes.to_string(),
                max = crate::render::MAX_GIF_BYTES.to_string()
            )
            .render(lang)),
            Err(e) => {
                return Err(AppError::Corrupt {
                    game: game.id,
                    detail: e.to_string(),
                })
            }
        }))
    }
}
