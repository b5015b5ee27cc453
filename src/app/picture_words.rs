//! The pictures' words in a language (docs/i18n.md "Pictures"): `src/render/` takes its
//! words from the caller ([`PictureWords`]); here they are rendered from the catalogue
//! (`assets/i18n/<lang>/pictures.ftl`, the sides, directions, end reasons and traces of
//! [`crate::i18n::words`]). A template's values are left as `{name}` for the picture.

use crate::i18n::{words, Lang, Msg};
use crate::msg;
use crate::render::{Describer, PictureWords};
use crate::rules::{Direction, EndReason, Side};
use crate::store::UserId;
use crate::tournament::crosstable::CrosstableWords;
use crate::tournament::Format;

use super::{App, Place};

/// Every word of the pictures in `lang`.
pub fn picture_words(lang: Lang) -> PictureWords {
    let r = |m: Msg| m.render(lang);
    PictureWords {
        south: r(words::side(Side::South)),
        north: r(words::side(Side::North)),
        left: r(words::direction(Direction::Left)),
        right: r(words::direction(Direction::Right)),
        to_move: r(msg!("side-to-move", side = "{side}")),
        wins: r(msg!("picture-wins", side = "{side}")),
        game_over: r(msg!("picture-game-over")),
        rules: r(msg!("picture-rules", rules = "{rules}")),
        ply: r(msg!("picture-ply", ply = "{ply}")),
        hand: r(msg!("picture-hand", seeds = "{seeds}")),
        takasia: r(msg!("picture-takasia", pit = "{pit}")),
        front_row_emptied: r(words::end_reason(EndReason::FrontRowEmptied)),
        no_legal_move: r(words::end_reason(EndReason::NoLegalMove)),
        never_ending_move: r(words::end_reason(EndReason::NeverEndingMove)),
        last_move: r(msg!("picture-last-move")),
        mark_start: r(msg!("picture-mark-start")),
        mark_captured: r(msg!("picture-mark-captured")),
        mark_entered: r(msg!("picture-mark-entered")),
        mark_end: r(msg!("picture-mark-end")),
        plays: r(msg!("picture-plays", name = "{name}", move = "{move}")),
        from_hand: r(msg!(
            "picture-from-hand",
            name = "{name}",
            pit = "{pit}",
            hand = "{hand}"
        )),
        lifts: r(lift("picture-lifts")),
        lifts_two_piece: r(lift("picture-lifts-two-piece")),
        lifts_relay: r(lift("picture-lifts-relay")),
        lifts_house: r(lift("picture-lifts-house")),
        sows_into: r(msg!("picture-sows-into", pit = "{pit}")),
        one_seed_to_sow: r(msg!("picture-seeds-to-sow", seeds = 1)),
        seeds_to_sow: r(msg!("picture-seeds-to-sow", seeds = "{seeds}")),
        captures: r(msg!(
            "picture-captures",
            seeds = "{seeds}",
            from = "{from}",
            kichwa = "{kichwa}"
        )),
        captures_won: r(msg!(
            "picture-captures-won",
            seeds = "{seeds}",
            from = "{from}"
        )),
        lap: r(msg!(
            "picture-lap",
            run = "{run}",
            runs = "{runs}",
            pit = "{pit}"
        )),
        stop_empty: r(msg!("picture-stop-empty", pit = "{pit}")),
        stop_house: r(msg!("picture-stop-house", pit = "{pit}")),
        stop_house_choice: r(msg!("picture-stop-house-choice", pit = "{pit}")),
        stop_takasia: r(msg!("picture-stop-takasia", pit = "{pit}")),
        never_ending: r(msg!(
            "picture-never-ending",
            runs = "{runs}",
            name = "{name}"
        )),
        ply_line: r(msg!(
            "picture-ply-line",
            ply = "{ply}",
            move = "{move}"
        )),
        start_position: r(msg!("picture-start-position")),
        text_to_move: r(msg!("picture-text-to-move")),
        no_winner: r(msg!("picture-no-winner")),
        graph_ply: r(msg!("picture-graph-ply")),
        namua: r(msg!("picture-namua")),
        mtaji: r(msg!("picture-mtaji")),
        accuracy: r(msg!("picture-accuracy", percent = "{percent}")),
        expected_score: r(msg!("picture-expected-score")),
        mistake: r(msg!("picture-mistake")),
        blunder: r(msg!("picture-blunder")),
        nodes: r(msg!("picture-nodes", nodes = "{nodes}")),
        nobody_yet: r(msg!("picture-nobody-yet")),
        describe: Describer::new(move |t| words::describe(t).render(lang)),
        moves: words::move_words(lang),
    }
}

/// A lift's caption, its values left to fill in.
fn lift(id: &'static str) -> Msg {
    Msg::new(id)
        .arg("seeds", "{seeds}")
        .arg("pit", "{pit}")
        .arg("direction", "{direction}")
}

impl App {
    /// The pictures' words for a message to `user` at `place` ([`App::lang_for`]): English
    /// when the language cannot be read (logged).
    pub(in crate::app) fn picture_words_for(
        &self,
        user: UserId,
        place: &Place,
        private: bool,
    ) -> PictureWords {
        picture_words(self.lang_for(user, place, private).unwrap_or_else(|e| {
            tracing::warn!("no language for a picture, drawn in English: {e}");
            Lang::En
        }))
    }

    /// The pictures' words for a public message at `place` (a board in a channel: the
    /// server's language; in a DM, its person's).
    pub(in crate::app) fn picture_words_at(&self, place: &Place) -> PictureWords {
        picture_words(self.picture_lang(place))
    }

    /// The language of a public picture at `place`: English when it cannot be read (logged).
    pub(in crate::app) fn picture_lang(&self, place: &Place) -> Lang {
        self.server_lang(place).unwrap_or_else(|e| {
            tracing::warn!("no language for a picture, drawn in English: {e}");
            Lang::En
        })
    }
}

/// The crosstable's words in `lang` (`/bao-tournament standings` and the event's web page).
pub(in crate::app) fn crosstable_words(
    format: Format,
    players: usize,
    lang: Lang,
) -> CrosstableWords {
    CrosstableWords {
        player: msg!("table-player").render(lang),
        points: msg!("table-points").render(lang),
        sb: msg!("table-sb").render(lang),
        bh: msg!("table-bh").render(lang),
        bye: msg!("table-bye").render(lang),
        subtitle: msg!(
            "table-subtitle",
            format = match format {
                Format::RoundRobin => msg!("table-format-round-robin"),
                Format::DoubleRoundRobin => msg!("table-format-double-round-robin"),
                Format::Swiss { .. } => msg!("table-format-swiss"),
            },
            players = players,
            rounds = format.rounds(players)
        )
        .render(lang),
        footer: msg!("table-footer").render(lang),
    }
}
