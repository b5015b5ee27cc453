//! The pictures' own words in the reader's language (docs/i18n.md "Pictures"): the app
//! gives `src/render/` its words ([`picture_words`]), rendered from the catalogue; the
//! render's default stays English.

use crate::support::app_world::{world, GENERAL};
use crate::support::english::EnglishFinder;

use bao_bot::app::{picture_words, Command, PrefsChange};
use bao_bot::i18n::Lang;
use bao_bot::render::{board_png, board_text_words, Ending, PictureWords, RenderOptions};
use bao_bot::rules::{Position, Side};

/// `template` with its `{value}` places taken out (they are filled with names, pits and
/// numbers).
fn without_places(template: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in template.chars() {
        match c {
            '{' => inside = true,
            '}' => inside = false,
            c if !inside => out.push(c),
            _ => {}
        }
    }
    out
}

fn finder() -> EnglishFinder {
    EnglishFinder::new(Lang::Sw, &["Asha", "Baraka"])
}

/// A finished game, a running one with a takasia target, the start.
fn positions() -> Vec<Position> {
    let over: Position = "variant=kiswahili turn=N hand=19,20 house=S takasia=- \
        A=0,1,3,2,8,0,1,0 B=0,0,0,0,0,0,1,1 a=0,0,0,0,0,0,0,0 b=0,0,0,0,0,0,0,0 winner=S"
        .parse()
        .expect("a test position");
    let takasia: Position = "variant=kiswahili turn=N hand=0,0 house=- takasia=a1 \
        A=0,0,0,0,0,0,0,1 B=1,1,0,3,2,1,2,0 a=4,5,1,4,5,12,3,2 b=1,0,2,5,3,1,2,3"
        .parse()
        .expect("a test position");
    vec![Position::default(), over, takasia]
}

#[test]
fn the_swahili_picture_words_have_no_english() {
    let sw = picture_words(Lang::Sw);
    let finder = finder();
    for (field, word) in sw.all() {
        assert!(!word.trim().is_empty(), "{field} is empty");
        finder.assert_none(field, &without_places(word));
    }
    // Every move of the start and the replies to them, said by the describer.
    let start = Position::default();
    for mv in start.legal_moves() {
        let (after, trace) = start.play(&mv).expect("legal");
        finder.assert_none("a trace", &sw.describe.describe(&trace));
        for reply in after.legal_moves() {
            let (_, t) = after.play(&reply).expect("legal");
            finder.assert_none("a trace", &sw.describe.describe(&t));
        }
    }
    assert_eq!(sw.south, "Kusini");
    assert_eq!(sw.to_move, "Zamu ya {side}");
}

/// The catalogue's English is the render's own English, word for word, so that a picture
/// drawn for an English reader is what it was.
#[test]
fn the_english_picture_words_are_the_renders_default() {
    let en = picture_words(Lang::En);
    let default = PictureWords::default();
    assert_eq!(en.all(), default.all());
    let (_, _, trace) = Position::default().play_text("A6 left").expect("legal");
    assert_eq!(
        en.describe.describe(&trace),
        default.describe.describe(&trace)
    );
}

#[test]
fn the_swahili_text_board_has_no_english() {
    let sw = picture_words(Lang::Sw);
    let finder = finder();
    for pos in positions() {
        for viewer in Side::ALL {
            let text = board_text_words(&pos, viewer, None, &sw);
            finder.assert_none("the text board", &text);
        }
    }
    let start = board_text_words(&Position::default(), Side::South, None, &sw);
    assert!(
        start.contains("Kusini  mkononi 22  <- zamu yake\n"),
        "{start}"
    );
    assert!(start.ends_with("NAMUA: Zamu ya Kusini\n"), "{start}");
    let [_, over, takasia] = <[Position; 3]>::try_from(positions()).expect("three");
    let text = board_text_words(&over, Side::South, None, &sw);
    assert!(
        text.ends_with("Kusini ameshinda: mstari wa mbele umekwisha (bao hamna)\n"),
        "{text}"
    );
    let text = board_text_words(&takasia, Side::South, None, &sw);
    assert!(text.contains("takasia: hatua haiwezi kuanzia a1"), "{text}");
    let ending = Ending {
        winner: None,
        reason: "sare",
    };
    let text = board_text_words(&Position::default(), Side::South, Some(ending), &sw);
    assert!(
        text.ends_with("Mchezo umekwisha, hakuna mshindi: sare\n"),
        "{text}"
    );
}

/// The header's words change the picture: a Swahili board is not the English one, and
/// the English default is what it was.
#[test]
fn a_swahili_board_picture_differs_from_the_english() {
    let pos = Position::default();
    let en = board_png(&pos, &RenderOptions::default());
    let en_again = board_png(
        &pos,
        &RenderOptions {
            words: picture_words(Lang::En),
            ..RenderOptions::default()
        },
    );
    let sw = board_png(
        &pos,
        &RenderOptions {
            words: picture_words(Lang::Sw),
            ..RenderOptions::default()
        },
    );
    assert_eq!(
        en, en_again,
        "the catalogue's English draws the same picture"
    );
    assert_ne!(en, sw);
}

/// A player who reads Swahili gets a puzzle's text board in Swahili.
#[test]
fn a_swahili_readers_text_board_is_in_swahili() {
    let w = world();
    w.run(
        &w.asha,
        &GENERAL,
        Command::Prefs(PrefsChange {
            language: Some(Some(Lang::Sw)),
            ..PrefsChange::default()
        }),
    );
    let open = w
        .run(
            &w.asha,
            &GENERAL,
            Command::Puzzle {
                theme: None,
                variant: None,
                daily: false,
            },
        )
        .reply;
    let board = open.board.expect("a board");
    let text = board.text.expect("a text board");
    finder().assert_none("the puzzle's text board", &text);
    assert!(
        text.contains("Zamu ya ") || text.contains("ameshinda"),
        "{text}"
    );
    assert!(board.picture.is_some());
}
