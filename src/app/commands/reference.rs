//! The reference answers: `/bao help` and its topics `rules` and `notation`, private texts
//! about no game.

use crate::app::refusal::Answer;
use crate::app::{ladder, App, Reply};

use super::settings::RULE_SETS_TEXT;

impl App {
    /// `/bao help`: the commands, then the AI levels.
    pub(in crate::app) fn help(&self) -> Answer {
        Ok(Reply::private(format!("{HELP_TEXT}\n{}", ladder::levels_text())).into())
    }

    /// `/bao help topic:rules`: the rules in short, then the rule sets.
    pub(in crate::app) fn rules(&self) -> Answer {
        Ok(Reply::private(format!("{RULES_TEXT}\n{RULE_SETS_TEXT}")).into())
    }

    /// `/bao help topic:notation`: how to write a move.
    pub(in crate::app) fn notation(&self) -> Answer {
        Ok(Reply::private(NOTATION_TEXT).into())
    }
}

/// `/bao help`.
pub const HELP_TEXT: &str = "\
**Playing: `/bao`**
`/bao challenge @someone [variant] [side] [time_per_move] [rules] [rated] [hints] [clock] [cap]`: challenge someone here (time: 30m .. 14d per move; clock: 5+3 = minutes + seconds a move, or 3d+1d; rules: v0.2 or r002; hints: unrated only), in a thread of its own where allowed
`/bao accept`, `/bao decline`: answer a challenge (or use its buttons)
`/bao move A4 left capture`: a move (`/bao help topic:notation` says how to write one); or the buttons under the board
`/bao board`, `/bao moves`, `/bao history`: the board, the legal moves, the record
`/bao resign`, `/bao draw` (offer or accept), `/bao abort` (before each side has moved twice), `/bao claim` (the opponent's time ran out)
`/bao ai [level] [side] [variant] [rules] [clock]`: play the AI here (levels below; default medium)
`/bao hint`: a private hint (against the AI, or agreed by hints:yes); `/bao takeback`: take back your move (against the AI, or if the opponent agrees)
`/bao games`: your games; `/bao prefs [notify] [animations] [orientation]`: your preferences
`/bao help [topic]`: this page, or `topic:rules`, `topic:notation`, `topic:settings` (this server's), `topic:about`
**Studying**: `/bao-replay [game] [from] [to]` (a game as a GIF), `/bao-analyze [game]`, `/bao-learn [lesson]`, `/bao-puzzle [theme] [variant] [daily]`
**Ratings**: `/bao-stats [@someone] [variant]`, `/bao-leaderboard [variant] [server|global]`
**Events**: `/bao-tournament create|join|standings|…` (round robins, Swiss)
**Server**: `/bao-settings <setting> <value>` changes a setting (Manage Server)";

/// `/bao help topic:rules`.
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

/// `/bao help topic:notation`. Its examples are legal first moves (checked below).
pub const NOTATION_TEXT: &str = "\
**Writing a move**: `/bao move <pit> <left|right> [capture|takata] [stop|use] [enter-left|enter-right]`; the buttons under the board write it for you.
**Pit**: `A` is your front row and `B` your back row, pits 1-8 from your own left; A5 is your nyumba (house). North's pits are printed `a` and `b`, but case is ignored: on your turn `a4` means your own A4.
**Direction**, seen from your side: `right` runs along your front row from pit 1 to pit 8, then back along your back row; `left` is the other way round (`l` and `r` work too). In a namua capture it says where the captured seeds enter instead: `left` at pit 1, `right` at pit 8.
**Kind**: `capture`, or `takata` for a move that captures nothing.
**`stop` or `use`** (Bao la Kiswahili, namua): when a capturing move's sowing ends in your own nyumba holding 6 or more, with nothing to capture there, `stop` ends the move in the house and `use` lifts its seeds and sows on (the house is then no longer yours).
**`enter-left` or `enter-right`** (Bao la Kujifunza): where the seeds of a move's first capture enter when it is made at pits 3-6: pit 1 or pit 8.
Any word after the direction may be left out when only one legal move fits; `/bao moves` lists the legal moves written out in full.
Examples: `A6 left takata` (a first move of Bao la Kiswahili), `A4 right capture enter-left` (a first move of Bao la Kujifunza).";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{MoveSpec, Position, Variant};

    #[test]
    fn the_notation_examples_are_legal_first_moves() {
        for (variant, text) in [
            (Variant::Kiswahili, "A6 left takata"),
            (Variant::Kujifunza, "A4 right capture enter-left"),
        ] {
            assert!(NOTATION_TEXT.contains(&format!("`{text}`")), "{text}");
            let spec: MoveSpec = text.parse().expect("a move");
            let mv = Position::start(variant).find_move(&spec).expect("legal");
            assert_eq!(mv.to_string(), text);
        }
    }
}
