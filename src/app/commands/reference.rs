//! The reference answers: `/bao help` and its topics `rules` and `notation`, private texts
//! about no game.

use crate::i18n::Text;
use crate::msg;

use crate::app::refusal::Answer;
use crate::app::{ladder, App, Reply};

impl App {
    /// `/bao help`: the commands, then the AI levels.
    pub(in crate::app) fn help(&self) -> Answer {
        Ok(Reply::private(help_text()).into())
    }

    /// `/bao help topic:rules`: the rules in short, then the rule sets.
    pub(in crate::app) fn rules(&self) -> Answer {
        Ok(Reply::private(rules_text()).into())
    }

    /// `/bao help topic:notation`: how to write a move.
    pub(in crate::app) fn notation(&self) -> Answer {
        Ok(Reply::private(notation_text()).into())
    }
}

/// `/bao help`: the commands, then the AI levels (under 2,000 characters in every language,
/// tested in `ladder.rs`).
pub fn help_text() -> Text {
    Text::one_per_line([
        msg!("help-playing"),
        msg!("help-challenge"),
        msg!("help-accept"),
        msg!("help-move"),
        msg!("help-board"),
        msg!("help-end"),
        msg!("help-ai"),
        msg!("help-hint"),
        msg!("help-games"),
        msg!("help-help"),
        msg!("help-studying"),
        msg!("help-ratings"),
        msg!("help-events"),
        msg!("help-server"),
    ])
    .then("\n")
    .then(ladder::levels())
}

/// `/bao help topic:rules`: the rules in short, then the rule sets.
pub fn rules_text() -> Text {
    Text::one_per_line([
        msg!("rules-title"),
        msg!("rules-board"),
        msg!("rules-namua"),
        msg!("rules-mtaji"),
        msg!("rules-sowing"),
        msg!("rules-nyumba"),
        msg!("rules-takasia"),
        msg!("rules-winning"),
        msg!("rules-kujifunza"),
        msg!("rule-sets-title"),
        msg!("rule-sets-v02"),
        msg!("rule-sets-r002"),
    ])
}

/// The notation page's examples: legal first moves of Kiswahili and Kujifunza (tested).
const NOTATION_EXAMPLES: [&str; 2] = ["A6 left takata", "A4 right capture enter-left"];

/// `/bao help topic:notation`.
pub fn notation_text() -> Text {
    Text::one_per_line([
        msg!("notation-form"),
        msg!("notation-pit"),
        msg!("notation-direction"),
        msg!("notation-kind"),
        msg!("notation-house"),
        msg!("notation-entry"),
        msg!("notation-short"),
        msg!(
            "notation-examples",
            a = NOTATION_EXAMPLES[0],
            b = NOTATION_EXAMPLES[1]
        ),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::rules::{MoveSpec, Position, Variant};

    #[test]
    fn the_notation_examples_are_legal_first_moves() {
        for (variant, text) in [
            (Variant::Kiswahili, NOTATION_EXAMPLES[0]),
            (Variant::Kujifunza, NOTATION_EXAMPLES[1]),
        ] {
            for lang in Lang::ALL {
                let page = notation_text().render(lang);
                assert!(page.contains(&format!("`{text}`")), "{lang}: {text}");
            }
            let spec: MoveSpec = text.parse().expect("a move");
            let mv = Position::start(variant).find_move(&spec).expect("legal");
            assert_eq!(mv.to_string(), text);
        }
    }
}
