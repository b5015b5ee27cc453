//! The pictures' own words (the board header, the legend, the sowing captions, the text
//! board, the graph's labels, the table's empty line), given by the caller as plain strings,
//! as [`crate::tournament::crosstable::CrosstableWords`] does: `src/render/` does not
//! translate. [`PictureWords::default`] is English; the app builds them in the reader's
//! language from the message catalogue (`src/app/picture_words.rs`).
//!
//! A word with a `{name}` in it is a template: the picture puts the value in
//! ([`fill`]). A move's trace is said by [`Describer`], a function the caller gives.

use std::fmt;
use std::sync::Arc;

use crate::rules::{Direction, EndReason, Move, MoveWords, Side, Trace};

/// Says what a move did in one sentence, in the picture's language.
#[derive(Clone)]
pub struct Describer(Arc<dyn Fn(&Trace) -> String + Send + Sync>);

impl Describer {
    /// A describer calling `f`.
    pub fn new(f: impl Fn(&Trace) -> String + Send + Sync + 'static) -> Describer {
        Describer(Arc::new(f))
    }

    /// What `trace` did.
    pub fn describe(&self, trace: &Trace) -> String {
        (self.0)(trace)
    }
}

impl Default for Describer {
    /// The rules engine's English ([`Trace::describe`]).
    fn default() -> Describer {
        Describer::new(Trace::describe)
    }
}

impl fmt::Debug for Describer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Describer(..)")
    }
}

impl PartialEq for Describer {
    fn eq(&self, other: &Describer) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Describer {}

/// Every word a picture says, English by default. Templates name their values in braces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PictureWords {
    /// `South`.
    pub south: String,
    /// `North`.
    pub north: String,
    /// `left`, as a sowing direction.
    pub left: String,
    /// `right`.
    pub right: String,
    /// `{side} to move` (a side or a name with its side).
    pub to_move: String,
    /// `{side} wins`.
    pub wins: String,
    /// `GAME OVER`, in the status line.
    pub game_over: String,
    /// `rules {rules}` (shown in capitals).
    pub rules: String,
    /// `ply {ply}`, in the status line.
    pub ply: String,
    /// `hand {seeds}`, by each side's name.
    pub hand: String,
    /// `takasia: {pit} may not be started this turn`.
    pub takasia: String,
    /// The end reasons: `front row emptied`, `no legal move`, `never-ending move`.
    pub front_row_emptied: String,
    /// `no legal move`.
    pub no_legal_move: String,
    /// `never-ending move`.
    pub never_ending_move: String,
    /// The legend's title, `Last move`.
    pub last_move: String,
    /// The legend's rings: `start`.
    pub mark_start: String,
    /// `captured`.
    pub mark_captured: String,
    /// `entered`.
    pub mark_entered: String,
    /// `end`.
    pub mark_end: String,
    /// A sowing caption: `{name} plays {move}`.
    pub plays: String,
    /// `{name}: a seed from hand into {pit} · {hand} left in hand`.
    pub from_hand: String,
    /// `lifts {seeds} from {pit}, sowing {direction}`.
    pub lifts: String,
    /// `two-piece start: lifts {seeds} from {pit}, sowing {direction}`.
    pub lifts_two_piece: String,
    /// `relay: lifts {seeds} from {pit}, sowing {direction}`.
    pub lifts_relay: String,
    /// `nyumba use: lifts {seeds} from {pit}, sowing {direction}`.
    pub lifts_house: String,
    /// `sows into {pit}`.
    pub sows_into: String,
    /// `1 seed to sow`.
    pub one_seed_to_sow: String,
    /// `{seeds} seeds to sow`.
    pub seeds_to_sow: String,
    /// `captures {seeds} from {from}, sown from {kichwa}`.
    pub captures: String,
    /// `captures {seeds} from {from}: the front row is empty`.
    pub captures_won: String,
    /// `sowing run {run} of {runs} · ended in {pit}`.
    pub lap: String,
    /// `{pit} was empty: the move ends`.
    pub stop_empty: String,
    /// `stops in the nyumba {pit}`.
    pub stop_house: String,
    /// `nyumba stop in {pit}`.
    pub stop_house_choice: String,
    /// `{pit} is the takasia pit: the move stops`.
    pub stop_takasia: String,
    /// `never-ending move ({runs} sowing runs): {name} wins`.
    pub never_ending: String,
    /// A game GIF's caption: `Ply {ply} · {move}` (the move's pit names say whose it was).
    pub ply_line: String,
    /// `Start position`.
    pub start_position: String,
    /// The text board's mark: `<- to move`.
    pub text_to_move: String,
    /// `Game over, no winner`.
    pub no_winner: String,
    /// The graph's scale: `ply`.
    pub graph_ply: String,
    /// The stages: `namua`.
    pub namua: String,
    /// `mtaji`.
    pub mtaji: String,
    /// `accuracy {percent}%`.
    pub accuracy: String,
    /// `South's expected score`.
    pub expected_score: String,
    /// `mistake`.
    pub mistake: String,
    /// `blunder`.
    pub blunder: String,
    /// `{nodes} nodes a move`.
    pub nodes: String,
    /// A table without rows: `nobody yet`.
    pub nobody_yet: String,
    /// A move's trace in one sentence.
    pub describe: Describer,
    /// A move's own words (`A4 left capture`, `A4 kushoto kula`), for the captions that
    /// name it.
    pub moves: &'static MoveWords,
}

impl Default for PictureWords {
    fn default() -> PictureWords {
        let s = |t: &str| t.to_string();
        PictureWords {
            south: s("South"),
            north: s("North"),
            left: s("left"),
            right: s("right"),
            to_move: s("{side} to move"),
            wins: s("{side} wins"),
            game_over: s("GAME OVER"),
            rules: s("rules {rules}"),
            ply: s("ply {ply}"),
            hand: s("hand {seeds}"),
            takasia: s("takasia: {pit} may not be started this turn"),
            front_row_emptied: s("front row emptied"),
            no_legal_move: s("no legal move"),
            never_ending_move: s("never-ending move"),
            last_move: s("Last move"),
            mark_start: s("start"),
            mark_captured: s("captured"),
            mark_entered: s("entered"),
            mark_end: s("end"),
            plays: s("{name} plays {move}"),
            from_hand: s("{name}: a seed from hand into {pit} \u{b7} {hand} left in hand"),
            lifts: s("lifts {seeds} from {pit}, sowing {direction}"),
            lifts_two_piece: s("two-piece start: lifts {seeds} from {pit}, sowing {direction}"),
            lifts_relay: s("relay: lifts {seeds} from {pit}, sowing {direction}"),
            lifts_house: s("nyumba use: lifts {seeds} from {pit}, sowing {direction}"),
            sows_into: s("sows into {pit}"),
            one_seed_to_sow: s("1 seed to sow"),
            seeds_to_sow: s("{seeds} seeds to sow"),
            captures: s("captures {seeds} from {from}, sown from {kichwa}"),
            captures_won: s("captures {seeds} from {from}: the front row is empty"),
            lap: s("sowing run {run} of {runs} \u{b7} ended in {pit}"),
            stop_empty: s("{pit} was empty: the move ends"),
            stop_house: s("stops in the nyumba {pit}"),
            stop_house_choice: s("nyumba stop in {pit}"),
            stop_takasia: s("{pit} is the takasia pit: the move stops"),
            never_ending: s("never-ending move ({runs} sowing runs): {name} wins"),
            ply_line: s("Ply {ply} \u{b7} {move}"),
            start_position: s("Start position"),
            text_to_move: s("<- to move"),
            no_winner: s("Game over, no winner"),
            graph_ply: s("ply"),
            namua: s("namua"),
            mtaji: s("mtaji"),
            accuracy: s("accuracy {percent}%"),
            expected_score: s("South's expected score"),
            mistake: s("mistake"),
            blunder: s("blunder"),
            nodes: s("{nodes} nodes a move"),
            nobody_yet: s("nobody yet"),
            describe: Describer::default(),
            moves: &MoveWords::ENGLISH,
        }
    }
}

impl PictureWords {
    /// `mv` in these words: `A4 left capture`, `A4 kushoto kula`.
    pub fn say_move(&self, mv: &Move) -> String {
        self.moves.say(mv)
    }

    /// A side's name.
    pub fn side(&self, side: Side) -> &str {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }

    /// A sowing direction.
    pub fn direction(&self, d: Direction) -> &str {
        match d {
            Direction::Left => &self.left,
            Direction::Right => &self.right,
        }
    }

    /// Why the rules ended a game.
    pub fn end_reason(&self, reason: EndReason) -> &str {
        match reason {
            EndReason::FrontRowEmptied => &self.front_row_emptied,
            EndReason::NoLegalMove => &self.no_legal_move,
            EndReason::NeverEndingMove => &self.never_ending_move,
        }
    }

    /// Every word, for checks (the describer aside).
    pub fn all(&self) -> Vec<(&'static str, &str)> {
        vec![
            ("south", &self.south),
            ("north", &self.north),
            ("left", &self.left),
            ("right", &self.right),
            ("to_move", &self.to_move),
            ("wins", &self.wins),
            ("game_over", &self.game_over),
            ("rules", &self.rules),
            ("ply", &self.ply),
            ("hand", &self.hand),
            ("takasia", &self.takasia),
            ("front_row_emptied", &self.front_row_emptied),
            ("no_legal_move", &self.no_legal_move),
            ("never_ending_move", &self.never_ending_move),
            ("last_move", &self.last_move),
            ("mark_start", &self.mark_start),
            ("mark_captured", &self.mark_captured),
            ("mark_entered", &self.mark_entered),
            ("mark_end", &self.mark_end),
            ("plays", &self.plays),
            ("from_hand", &self.from_hand),
            ("lifts", &self.lifts),
            ("lifts_two_piece", &self.lifts_two_piece),
            ("lifts_relay", &self.lifts_relay),
            ("lifts_house", &self.lifts_house),
            ("sows_into", &self.sows_into),
            ("one_seed_to_sow", &self.one_seed_to_sow),
            ("seeds_to_sow", &self.seeds_to_sow),
            ("captures", &self.captures),
            ("captures_won", &self.captures_won),
            ("lap", &self.lap),
            ("stop_empty", &self.stop_empty),
            ("stop_house", &self.stop_house),
            ("stop_house_choice", &self.stop_house_choice),
            ("stop_takasia", &self.stop_takasia),
            ("never_ending", &self.never_ending),
            ("ply_line", &self.ply_line),
            ("start_position", &self.start_position),
            ("text_to_move", &self.text_to_move),
            ("no_winner", &self.no_winner),
            ("graph_ply", &self.graph_ply),
            ("namua", &self.namua),
            ("mtaji", &self.mtaji),
            ("accuracy", &self.accuracy),
            ("expected_score", &self.expected_score),
            ("mistake", &self.mistake),
            ("blunder", &self.blunder),
            ("nodes", &self.nodes),
            ("nobody_yet", &self.nobody_yet),
        ]
    }
}

/// `template` with each `{name}` replaced by its value.
pub fn fill(template: &str, values: &[(&str, &dyn fmt::Display)]) -> String {
    let mut out = template.to_string();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), &value.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_are_filled_by_name() {
        let w = PictureWords::default();
        assert_eq!(fill(&w.to_move, &[("side", &"South")]), "South to move");
        assert_eq!(
            fill(&w.lap, &[("run", &2), ("runs", &3), ("pit", &"A4")]),
            "sowing run 2 of 3 \u{b7} ended in A4"
        );
        assert_eq!(w, w.clone());
    }
}
