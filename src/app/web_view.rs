//! The game page of the web front end (`src/web/`), transport-free: what `/g/ID` shows and
//! the data its script draws from.
//!
//! The web front end runs an [`App`] over a read-only store (see [`App::read_only`]), so
//! every page is read with the same names, ratings and endings as the chat shows, and a
//! page can never write. Access follows [`super::web_link`]: a game is shown to anyone
//! when it is public, and otherwise only with its token; a pending challenge has no page.
//! Every answer is `Ok(None)` when the page does not exist for this asker, so that an
//! unknown game and a private one asked for without its token look the same.

use serde::Serialize;

use crate::ai::analysis::{GameAnalysis, Label, PlyAnalysis, DEFAULT_NODES};
use crate::i18n::{words, Lang, Msg, Text};
use crate::msg;
use crate::rules::{Pit, Position, Row, Side, Step, Trace};
use crate::store::{Game, GameStatus};
use crate::vocab::Place;

use super::web_link::{game_path, game_visibility, Visibility};
use super::{App, AppError, GameId};

/// The names of the 32 pits in the order of [`PlyView::pits`]: `A1`..`A8`, `B1`..`B8`,
/// `a1`..`a8`, `b1`..`b8`.
pub fn pit_order() -> Vec<Pit> {
    let mut out = Vec::with_capacity(32);
    for side in Side::ALL {
        for row in [Row::Front, Row::Back] {
            out.extend((1..=8).filter_map(|n| Pit::new(side, row, n)));
        }
    }
    out
}

/// A game as its page shows it above the board, its texts said in [`GamePage::lang`]
/// (unescaped: the front end escapes).
#[derive(Debug, Clone, Serialize)]
pub struct GamePage {
    /// The page's language: the one asked for, else the game's server's (see
    /// [`App::web_lang`]).
    #[serde(skip)]
    pub lang: Lang,
    /// The game's id.
    pub id: i64,
    /// `Bao la Kiswahili` or `Bao la Kujifunza`.
    pub game_name: String,
    /// The rule set (`v0.2`, `r002`).
    pub rules: String,
    /// South's player, then North's.
    pub players: [PagePlayer; 2],
    /// `no time limit` or `1 day per move`.
    pub time_control: String,
    /// Whether the game counts for ratings.
    pub rated: bool,
    /// `active`, `finished` or `aborted`.
    pub status: String,
    /// The result in words, once there is one.
    pub result: Option<String>,
    /// Plies played.
    pub plies: u32,
    /// When the game started, `2026-12-01 09:00 UTC`.
    pub started: String,
    /// The page's own path, with its token when private (`/g/5?k=…`).
    pub path: String,
    /// The token the page's links carry (private games only).
    pub token: Option<String>,
    /// Whether a GIF of the whole game may be fetched (finished games, as `/bao-replay`).
    pub gif: bool,
    /// The analysis's summary per side (`accuracy 86% · 2 inaccuracies, …`), if analysed.
    pub analysis: Option<[String; 2]>,
    /// The tournament the game belongs to: its name and round, and the event's page.
    pub event: Option<(String, String)>,
    /// Whether the board has nyumba squares (Bao la Kiswahili).
    pub nyumba: bool,
    /// The position the page opens on (the last ply), drawn in the HTML itself.
    pub board: PlyView,
    /// Every move played, by ply (index 0: ply 1), with the analysis's sign when marked.
    pub moves: Vec<(String, Option<&'static str>)>,
    /// The clocks of a running clocked game, as they stand when the page is read.
    pub clocks: Option<PageClocks>,
}

/// The clocks of a running clocked game, for the page to count down.
#[derive(Debug, Clone, Serialize)]
pub struct PageClocks {
    /// Milliseconds left on each clock when the page was read, South's first.
    pub left_ms: [i64; 2],
    /// Whose clock runs (`S`, `N`).
    pub running: char,
}

/// One player as the page shows them.
#[derive(Debug, Clone, Serialize)]
pub struct PagePlayer {
    /// The name.
    pub name: String,
    /// `South` or `North`, in the page's language.
    pub side: String,
    /// Their rating line (`1500?`, `1500 → 1662 (+162)`), for games between people.
    pub rating: Option<String>,
}

/// Everything the page's script draws: each position, each move's trace, the analysis.
#[derive(Debug, Clone, Serialize)]
pub struct GameData {
    /// The game's id.
    pub id: i64,
    /// Whether the board has nyumba squares (Bao la Kiswahili).
    pub nyumba: bool,
    /// Player names, South's first.
    pub names: [String; 2],
    /// `active`, `finished` or `aborted`.
    pub status: String,
    /// The result in words, once there is one.
    pub result: Option<String>,
    /// The winner (`S`, `N`) of a finished game.
    pub winner: Option<char>,
    /// The start position and the position after every ply.
    pub plies: Vec<PlyView>,
    /// The analysis, when the game was analysed.
    pub analysis: Option<AnalysisView>,
    /// The clocks of a running clocked game, as they stand when the data is read.
    pub clocks: Option<PageClocks>,
}

/// The position after one ply, and the move that led there.
#[derive(Debug, Clone, Serialize)]
pub struct PlyView {
    /// Plies played (0: the start).
    pub ply: u32,
    /// The move played (`None` at the start), in the notation.
    pub mv: Option<String>,
    /// The move in the page's language (`A4 kushoto kula`), as the move list shows it.
    pub said: Option<String>,
    /// Who played it (`S`, `N`).
    pub by: Option<char>,
    /// The move in words (`A7 sowed 2 right, …`).
    pub text: Option<String>,
    /// Seeds per pit, in [`pit_order`].
    pub pits: Vec<u8>,
    /// Seeds in hand, South's first.
    pub hands: [u8; 2],
    /// Whether each side still owns its nyumba, South's first.
    pub houses: [bool; 2],
    /// The pit that may not be started this turn (takasia), if any.
    pub takasia: Option<String>,
    /// Who is to move (`S`, `N`).
    pub turn: char,
    /// The move's steps, for the sowing animation: `["h", pit]` a seed from hand, `["l",
    /// pit, seeds]` a lift, `["d", pit]` a drop, `["c", from, seeds, kichwa]` a capture,
    /// `["s", pit]` the stop, `["x", side]` a nyumba lost, `["w", side]` the game won.
    pub steps: Vec<serde_json::Value>,
    /// The pits to mark as the last move: where it started, captured, entered and ended.
    pub marks: Marks,
}

/// The pits a move's picture marks.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Marks {
    /// Where the move started.
    pub start: Option<String>,
    /// Opponent pits captured, each once, with the seeds taken from it.
    pub captured: Vec<(String, u32)>,
    /// Kichwa where captured seeds entered, each once.
    pub entered: Vec<String>,
    /// The way captured seeds were sown from each kichwa they entered (`R` toward pit 8,
    /// `L` toward pit 1), as the PNG's arrow shows it; a capture that won is not sown.
    pub sown: Vec<(String, char)>,
    /// Whether the move began with a seed from hand (the PNG's `+1`).
    pub from_hand: bool,
    /// Where the last seed landed.
    pub end: Option<String>,
}

/// The analysis as the page shows it.
#[derive(Debug, Clone, Serialize)]
pub struct AnalysisView {
    /// South's expected score (0 to 1) at the start and after every ply.
    pub curve: Vec<f64>,
    /// The mark of each move, by ply (index 0: ply 1).
    pub moves: Vec<MoveMark>,
}

/// What the analysis says about one move.
#[derive(Debug, Clone, Serialize)]
pub struct MoveMark {
    /// `best`, `good`, `inaccuracy`, `mistake`, `blunder`, or `missed win`.
    pub label: String,
    /// The sign shown beside the move (`?!`, `?`, `??`, `✗`), if marked.
    pub sign: Option<&'static str>,
    /// The search's best move.
    pub best: String,
    /// The best move in the page's language (`A4 kushoto kula`), as the page shows it.
    pub best_said: String,
    /// Expected score lost, in points of 100.
    pub loss: f64,
    /// What is proved about the position after the move (`North wins in 3`).
    pub proved: Option<String>,
    /// What is proved about the move itself (`missed a win in 3`).
    pub note: Option<String>,
}

fn side_char(side: Side) -> char {
    side.letter()
}

/// The steps of `trace` in the page's form.
fn steps_json(trace: &Trace) -> Vec<serde_json::Value> {
    use serde_json::json;
    trace
        .steps
        .iter()
        .filter_map(|s| match *s {
            Step::AddFromHand { pit } => Some(json!(["h", pit.to_string()])),
            Step::Lift { pit, seeds, .. } => Some(json!(["l", pit.to_string(), seeds])),
            Step::Drop { pit } => Some(json!(["d", pit.to_string()])),
            Step::Capture {
                from,
                seeds,
                kichwa,
                ..
            } => Some(json!(["c", from.to_string(), seeds, kichwa.to_string()])),
            Step::EndInEmpty { pit }
            | Step::HouseStop { pit }
            | Step::HouseChoseStop { pit }
            | Step::TakasiaStop { pit } => Some(json!(["s", pit.to_string()])),
            Step::HouseLost { side } => Some(json!(["x", side.letter().to_string()])),
            Step::GameEnd { winner, .. } => Some(json!(["w", winner.letter().to_string()])),
            Step::RunLimit | Step::TakasiaSet { .. } => None,
        })
        .collect()
}

/// The pits the picture of `trace` marks.
pub(super) fn marks_of(trace: &Trace) -> Marks {
    let start = trace.steps.iter().find_map(|s| match *s {
        Step::Lift { pit, .. } | Step::AddFromHand { pit } => Some(pit.to_string()),
        _ => None,
    });
    // Each pit once: a pit captured twice shows the seeds of both captures.
    let mut captured: Vec<(String, u32)> = Vec::new();
    let mut entered: Vec<String> = Vec::new();
    let sown = trace
        .sown_captures()
        .into_iter()
        .map(|(kichwa, direction)| {
            let way = if direction == crate::rules::Direction::Right {
                'R'
            } else {
                'L'
            };
            (kichwa.to_string(), way)
        })
        .collect();
    for (from, seeds, kichwa) in trace.captures() {
        let from = from.to_string();
        match captured.iter_mut().find(|(p, _)| *p == from) {
            Some((_, n)) => *n += u32::from(seeds),
            None => captured.push((from, u32::from(seeds))),
        }
        let kichwa = kichwa.to_string();
        if !entered.contains(&kichwa) {
            entered.push(kichwa);
        }
    }
    Marks {
        start,
        captured,
        entered,
        sown,
        from_hand: trace
            .steps
            .iter()
            .any(|s| matches!(s, Step::AddFromHand { .. })),
        end: trace.last_pit().map(|p| p.to_string()),
    }
}

/// The position `pos` after ply `ply` (with the move that led there) in the page's form,
/// the move said in `lang`.
fn ply_view(ply: u32, pos: &Position, trace: Option<&Trace>, lang: Lang) -> PlyView {
    PlyView {
        ply,
        mv: trace.map(|t| t.mv.to_string()),
        said: trace.map(|t| words::move_words(lang).say(&t.mv)),
        by: trace.map(|t| side_char(t.mover)),
        text: trace.map(|t| words::describe(t).render(lang)),
        pits: pit_order().into_iter().map(|p| pos.seeds(p)).collect(),
        hands: [pos.hand(Side::South), pos.hand(Side::North)],
        houses: [pos.owns_house(Side::South), pos.owns_house(Side::North)],
        takasia: pos.takasia().map(|p| p.to_string()),
        turn: side_char(pos.turn()),
        steps: trace.map(steps_json).unwrap_or_default(),
        marks: trace.map(marks_of).unwrap_or_default(),
    }
}

/// The sign shown beside a move the analysis marks.
fn sign(label: Label, missed_win: bool) -> Option<&'static str> {
    match label {
        _ if missed_win => Some("\u{2717}"),
        Label::Inaccuracy => Some("?!"),
        Label::Mistake => Some("?"),
        Label::Blunder => Some("??"),
        Label::Best | Label::Good => None,
    }
}

/// What is proved about the move `p` (`missed a win in 3`, `walked into a loss in 2`, both
/// joined with "and"), as [`PlyAnalysis::proved_note`] says it in English.
fn proved_note(p: &PlyAnalysis) -> Option<Text> {
    let missed = p.missed_win.map(|n| msg!("web-note-missed-win", n = n));
    let walked = p
        .walked_into_loss
        .map(|n| msg!("web-note-walked-into-loss", n = n));
    match (missed, walked) {
        (Some(m), Some(w)) => Some(msg!("word-and", first = m, last = w).into()),
        (m, w) => m.or(w).map(Text::from),
    }
}

/// `accuracy 86%, 2 inaccuracies, 1 mistake, 0 blunders` for `side`.
fn summary(analysis: &GameAnalysis, side: Side) -> Msg {
    let accuracy = analysis.accuracy[side.index()].map_or("-".to_string(), |a| format!("{a:.0}%"));
    msg!(
        "web-analysis-summary",
        accuracy = accuracy,
        inaccuracies = analysis.count(side, Label::Inaccuracy),
        mistakes = analysis.count(side, Label::Mistake),
        blunders = analysis.count(side, Label::Blunder)
    )
}

/// The game's name, with its rule set when it is not the usual one.
pub(in crate::app) fn game_name_msg(variant: crate::rules::Variant, rules: super::RuleSet) -> Text {
    let name = match variant {
        crate::rules::Variant::Kiswahili => "Bao la Kiswahili",
        crate::rules::Variant::Kujifunza => "Bao la Kujifunza",
    };
    if rules == super::RuleSet::V02 {
        Text::verbatim(name)
    } else {
        msg!(
            "web-game-name-rules",
            name = name,
            rules = rules.to_string()
        )
        .into()
    }
}

/// The analysis in the page's form, its words in `lang`.
fn analysis_view(analysis: &GameAnalysis, lang: Lang) -> AnalysisView {
    AnalysisView {
        curve: analysis.curve(),
        moves: analysis
            .plies
            .iter()
            .map(|p| MoveMark {
                label: if p.missed_win.is_some() {
                    "missed win".into()
                } else {
                    p.label.name().into()
                },
                sign: sign(p.label, p.missed_win.is_some()),
                best: p.best.to_string(),
                best_said: words::move_words(lang).say(&p.best),
                loss: (100.0 * p.loss).round(),
                proved: p.walked_into_loss.map(|n| {
                    msg!("web-proved-wins", side = words::side(!p.mover), n = n).render(lang)
                }),
                note: proved_note(p).map(|t| t.render(lang)),
            })
            .collect(),
    }
}

impl App {
    /// An app for the web pages over the database at `path`, reading through a read-only
    /// connection. The file is first opened for writing once, to migrate it and to write
    /// the secret of the private links if it has none; the app keeps only the read-only
    /// connection, so it can never change a game.
    pub fn read_only(
        path: &std::path::Path,
        clock: std::sync::Arc<dyn super::Clock>,
        settings: super::Settings,
    ) -> Result<App, AppError> {
        {
            let writer = crate::store::Store::open(path)?;
            super::WebKey::of_store(&writer)?;
        }
        let store = crate::store::Store::open_read_only(path)?;
        Ok(App::new(std::sync::Arc::new(store), clock, settings))
    }

    /// The game `id` as the web may show it to someone holding `token`: a public game to
    /// anyone, a private one only with its token, a pending challenge to no one.
    pub fn web_game(&self, id: i64, token: Option<&str>) -> Result<Option<Game>, AppError> {
        if id <= 0 {
            return Ok(None);
        }
        let Some(game) = self.store.game(GameId(id))? else {
            return Ok(None);
        };
        if game.status == GameStatus::Pending {
            return Ok(None);
        }
        match game_visibility(&self.store, &game)? {
            Visibility::Public => Ok(Some(game)),
            Visibility::Private => {
                let Some(key) = self.web_key()? else {
                    return Ok(None);
                };
                Ok(token
                    .filter(|t| key.is_game_token(game.id, t))
                    .map(|_| game))
            }
        }
    }

    /// The language of a page about what is played at `place`: `asked` (`?lang=sw`) when
    /// given, else the server's, as a board in its channel (a DM game: its player's choice;
    /// else English).
    pub fn web_lang(&self, place: &Place, asked: Option<Lang>) -> Result<Lang, AppError> {
        match asked {
            Some(lang) => Ok(lang),
            None => self.server_lang(place),
        }
    }

    /// What `/g/ID` shows above the board, in `asked` or the game's language (see
    /// [`App::web_lang`]), or `None` (see [`App::web_game`]).
    pub fn web_game_page(
        &self,
        id: i64,
        token: Option<&str>,
        asked: Option<Lang>,
    ) -> Result<Option<GamePage>, AppError> {
        let Some(game) = self.web_game(id, token)? else {
            return Ok(None);
        };
        let lang = self.web_lang(&game.place, asked)?;
        let visibility = game_visibility(&self.store, &game)?;
        let path = match self.web_key()? {
            Some(key) => game_path(&key, game.id, visibility),
            None => format!("/g/{}", game.id),
        };
        let names = [
            self.side_name(&game, Side::South),
            self.side_name(&game, Side::North),
        ];
        let ratings = self.header_ratings(&game, lang)?;
        let player = |side: Side| PagePlayer {
            name: names[side.index()].render(lang),
            side: words::side(side).render(lang),
            rating: ratings.as_ref().map(|r| r[side.index()].clone()),
        };
        let analysis = self.stored_analysis(&game)?.map(|a| {
            [
                summary(&a, Side::South).render(lang),
                summary(&a, Side::North).render(lang),
            ]
        });
        let event = self
            .web_event_of(&game)?
            .map(|(label, path)| (label.render(lang), path));
        let (start, traces) = self.traces(&game)?;
        let board = match traces.last() {
            Some((pos, trace)) => ply_view(traces.len() as u32, pos, Some(trace), lang),
            None => ply_view(0, &start, None, lang),
        };
        let marks = self.stored_analysis(&game)?;
        let moves = traces
            .iter()
            .enumerate()
            .map(|(i, (_, t))| {
                let sign = marks
                    .as_ref()
                    .and_then(|a| a.plies.get(i))
                    .and_then(|p| sign(p.label, p.missed_win.is_some()));
                (t.mv.to_string(), sign)
            })
            .collect();
        let clocks = self.web_clocks(&game);
        Ok(Some(GamePage {
            lang,
            id: game.id.0,
            game_name: game_name_msg(game.variant, game.rule_set).render(lang),
            rules: game.rule_set.to_string(),
            players: [player(Side::South), player(Side::North)],
            time_control: match (&game.clock, game.time_per_move) {
                (Some(clock), _) => words::clock(&clock.control).render(lang),
                (None, Some(t)) => msg!("web-per-move", span = words::span(t, false)).render(lang),
                (None, None) => msg!("web-no-time-limit").render(lang),
            },
            rated: self.is_rated(&game)?,
            status: game.status.as_str().into(),
            result: self.result_words(&game).map(|t| t.render(lang)),
            plies: game.ply,
            started: format!("{} UTC", super::utc(game.created_at, lang)),
            token: (visibility == Visibility::Private)
                .then(|| path.split_once("?k=").map(|(_, t)| t.to_string()))
                .flatten(),
            path,
            gif: matches!(game.status, GameStatus::Finished | GameStatus::Aborted) && game.ply > 0,
            analysis,
            event,
            nyumba: game.variant.has_nyumba(),
            board,
            moves,
            clocks,
        }))
    }

    /// The data `/g/ID/data.json` serves, its words in `asked` or the game's language (see
    /// [`App::web_lang`]), or `None` (see [`App::web_game`]).
    pub fn web_game_data(
        &self,
        id: i64,
        token: Option<&str>,
        asked: Option<Lang>,
    ) -> Result<Option<GameData>, AppError> {
        let Some(game) = self.web_game(id, token)? else {
            return Ok(None);
        };
        let lang = self.web_lang(&game.place, asked)?;
        let (start, traces) = self.traces(&game)?;
        let mut plies = Vec::with_capacity(traces.len() + 1);
        plies.push(ply_view(0, &start, None, lang));
        for (i, (pos, trace)) in traces.iter().enumerate() {
            plies.push(ply_view(i as u32 + 1, pos, Some(trace), lang));
        }
        let finished = game.status == GameStatus::Finished;
        Ok(Some(GameData {
            id: game.id.0,
            nyumba: game.variant.has_nyumba(),
            names: [
                self.side_name(&game, Side::South).render(lang),
                self.side_name(&game, Side::North).render(lang),
            ],
            status: game.status.as_str().into(),
            result: self.result_words(&game).map(|t| t.render(lang)),
            winner: game.winner.filter(|_| finished).map(side_char),
            plies,
            analysis: self
                .stored_analysis(&game)?
                .map(|a| analysis_view(&a, lang)),
            clocks: self.web_clocks(&game),
        }))
    }

    /// A game's ply and status, for following it live (the caller has already checked
    /// that the asker may see it).
    pub fn web_progress(&self, id: i64) -> Result<Option<(u32, String)>, AppError> {
        Ok(self
            .store
            .game_progress(GameId(id))?
            .map(|(ply, s)| (ply, s.as_str().to_string())))
    }

    /// The clocks of `game` now, when it is running on a clock.
    fn web_clocks(&self, game: &Game) -> Option<PageClocks> {
        let clock = game.clock?;
        let running = clock
            .running
            .filter(|_| game.status == GameStatus::Active)?;
        let now = self.clock.now_ms();
        Some(PageClocks {
            left_ms: [
                clock.left_ms(Side::South, now),
                clock.left_ms(Side::North, now),
            ],
            running: side_char(running),
        })
    }

    /// The result in words: `Asha (South) wins: resignation`, or how it ended without one.
    fn result_words(&self, game: &Game) -> Option<Text> {
        let reason = game.reason.map(super::view::reason_words);
        let msg = match (game.status, game.winner, reason) {
            (GameStatus::Finished, Some(w), reason) => {
                let name = self.side_name(game, w);
                match reason {
                    Some(r) => msg!(
                        "web-result-wins-reason",
                        name = name,
                        side = words::side(w),
                        reason = r
                    ),
                    None => msg!("web-result-wins", name = name, side = words::side(w)),
                }
            }
            (GameStatus::Finished, None, Some(r)) => {
                msg!("web-result-no-winner-reason", reason = r)
            }
            (GameStatus::Finished, None, None) => msg!("web-result-no-winner"),
            (GameStatus::Aborted, _, Some(r)) => msg!("web-result-stopped-reason", reason = r),
            (GameStatus::Aborted, _, None) => msg!("web-result-stopped"),
            _ => return None,
        };
        Some(msg.into())
    }

    /// The stored analysis of a finished game, when it covers every move.
    fn stored_analysis(&self, game: &Game) -> Result<Option<GameAnalysis>, AppError> {
        if !matches!(game.status, GameStatus::Finished | GameStatus::Aborted) {
            return Ok(None);
        }
        Ok(self
            .store
            .analysis(game.id, DEFAULT_NODES)?
            .and_then(|json| serde_json::from_str::<GameAnalysis>(&json).ok())
            .filter(|a| a.plies.len() == game.ply as usize))
    }

    /// The start position of `game`, then each position with the trace of the move that
    /// led there, replayed from the stored moves.
    fn traces(&self, game: &Game) -> Result<(Position, Vec<(Position, Trace)>), AppError> {
        let corrupt = |detail: String| AppError::Corrupt {
            game: game.id,
            detail,
        };
        let start: Position = game
            .start_position
            .parse()
            .map_err(|e| corrupt(format!("start position: {e}")))?;
        let mut pos = start;
        let mut out = Vec::with_capacity(game.ply as usize);
        for m in self.store.moves(game.id)? {
            let (_, next, trace) = pos
                .play_text(&m.text)
                .map_err(|e| corrupt(format!("ply {}: {e}", m.ply)))?;
            out.push((next, trace));
            pos = next;
        }
        Ok((start, out))
    }
}
