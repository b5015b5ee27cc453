//! The rules' own things said as messages: sides, directions, end reasons, what a move did
//! (its trace), and why a typed move could not be played. The rules engine keeps its
//! English (`Trace::describe`, the errors' `Display`) for logs and the command line; the
//! conversation says these instead. In English both read the same (tested below).

use crate::msg;
use crate::rules::{
    Direction, EndReason, IllegalReason, LiftReason, MoveError, MoveKind, ParseProblem, Step, Trace,
};
use crate::rules::{HouseChoice, Move, MoveWords, Side};

use crate::vocab::{presets_text, TimeControl, TimeControlError};

use super::{Lang, Msg, Text};

/// A move's words in `lang`, for what a person reads (buttons, captions, the game page's
/// move list): `A4 left capture`, `A4 kushoto kula`. One list with what typed moves read
/// ([`MoveWords`]); records, button ids and the CLI keep the notation.
pub const fn move_words(lang: Lang) -> &'static MoveWords {
    match lang {
        Lang::En => &MoveWords::ENGLISH,
        Lang::Sw => &MoveWords::SWAHILI,
    }
}

/// `South` / `Kusini`.
pub fn side(side: Side) -> Msg {
    match side {
        Side::South => msg!("word-south"),
        Side::North => msg!("word-north"),
    }
}

/// `left` / `kushoto`.
pub fn direction(d: Direction) -> Msg {
    match d {
        Direction::Left => msg!("word-left"),
        Direction::Right => msg!("word-right"),
    }
}

/// `front row emptied`, ...
pub fn end_reason(reason: EndReason) -> Msg {
    match reason {
        EndReason::FrontRowEmptied => msg!("end-front-row-emptied"),
        EndReason::NoLegalMove => msg!("end-no-legal-move"),
        EndReason::NeverEndingMove => msg!("end-never-ending-move"),
    }
}

/// `capture` / `takata` as a move's kind.
pub fn kind(kind: MoveKind) -> Msg {
    match kind {
        MoveKind::Capture => msg!("word-capture"),
        MoveKind::Takata => msg!("word-takata"),
    }
}

/// The nyumba choice as prose: `STOP` / `USE` (the guide's NYUMBA STOP), `kusimama` /
/// `safari`.
pub fn house(h: HouseChoice) -> Msg {
    match h {
        HouseChoice::Stop => msg!("word-house-stop"),
        HouseChoice::Use => msg!("word-house-use"),
    }
}

/// `once`, `twice`, `3 times`.
pub fn times(n: usize) -> Msg {
    msg!("word-times", n = n)
}

/// A length of time in whole days, hours and minutes (`1 day 2 hours`, `siku 1 saa 2`);
/// under a minute, in seconds. `with_seconds` adds the seconds left over a whole minute.
pub fn span(secs: i64, with_seconds: bool) -> Text {
    let mut left = secs.max(0);
    let mut parts: Vec<Msg> = Vec::new();
    for (size, id) in [
        (86_400, "span-days"),
        (3600, "span-hours"),
        (60, "span-minutes"),
    ] {
        let n = left / size;
        if n > 0 {
            parts.push(Msg::new(id).arg("n", n));
            left -= n * size;
        }
    }
    if parts.is_empty() || (with_seconds && left > 0) {
        parts.push(msg!("span-seconds", n = left));
    }
    Text::join(parts, " ")
}

/// An amount of time to the second (`5 minutes`, `1 day 12 hours`, `3 seconds`); `no time`
/// under a second.
pub fn amount(ms: i64) -> Text {
    if ms < 1000 {
        msg!("span-none").into()
    } else {
        span(ms / 1000, true)
    }
}

/// A time control in words: `clock 5+3 (5 minutes each, 3 seconds a move)`
/// (`TimeControl::describe` in the reader's language).
pub fn clock(c: &TimeControl) -> Msg {
    let more = if c.increment_ms == 0 {
        msg!("clock-no-increment")
    } else {
        msg!("clock-increment", amount = amount(c.increment_ms))
    };
    let each = amount(c.base_ms);
    match c.cap_ms {
        None => msg!(
            "clock-control",
            form = c.to_string(),
            each = each,
            more = more
        ),
        Some(cap) => msg!(
            "clock-control-capped",
            form = c.form(),
            each = each,
            more = more,
            cap = amount(cap)
        ),
    }
}

/// Why a written clock was refused (the error's `Display` is the English, for logs).
pub fn clock_error(e: &TimeControlError) -> Msg {
    let presets = presets_text();
    match e {
        TimeControlError::Malformed(t) => {
            msg!(
                "errors-clock-malformed",
                text = Text::typed(t),
                presets = presets
            )
        }
        TimeControlError::LiveOutOfRange(t) => {
            msg!(
                "errors-clock-live-range",
                text = Text::typed(t),
                presets = presets
            )
        }
        TimeControlError::CorrespondenceOutOfRange(t) => msg!(
            "errors-clock-correspondence-range",
            text = Text::typed(t),
            presets = presets
        ),
        TimeControlError::BadCap(t) => msg!("errors-clock-bad-cap", text = Text::typed(t)),
        TimeControlError::CapOnLive(t) => msg!("errors-clock-cap-on-live", text = Text::typed(t)),
    }
}

/// The moves joined by commas, as written (`A4 left capture, A6 right takata`).
pub fn moves(list: &[Move]) -> Text {
    Text::verbatim(crate::rules::join_moves(list))
}

/// What a move did, in one sentence (`Trace::describe` in the reader's language).
pub fn describe(trace: &Trace) -> Text {
    let mut parts: Vec<Msg> = Vec::new();
    let mut relays = 0usize;
    let flush = |parts: &mut Vec<Msg>, relays: &mut usize| {
        if *relays > 0 {
            parts.push(msg!("trace-relayed", times = times(*relays)));
            *relays = 0;
        }
    };
    let mut first_lift = true;
    let mut added = false;
    for (i, step) in trace.steps.iter().enumerate() {
        // A capture that wins at once sows nothing.
        let wins_now = trace.steps[i + 1..]
            .iter()
            .find(|s| !matches!(s, Step::HouseLost { .. }))
            .is_some_and(|s| matches!(s, Step::GameEnd { .. }));
        match *step {
            Step::AddFromHand { .. } => added = true,
            Step::Lift {
                pit,
                seeds,
                reason,
                direction: d,
            } => match reason {
                LiftReason::Start | LiftReason::TwoPiece if first_lift => {
                    first_lift = false;
                    let m = match (reason == LiftReason::TwoPiece, added) {
                        (true, true) => msg!("trace-sowed-two-piece-hand"),
                        (true, false) => msg!("trace-sowed-two-piece"),
                        (false, true) => msg!("trace-sowed-hand"),
                        (false, false) => msg!("trace-sowed"),
                    };
                    parts.push(
                        m.arg("pit", pit.to_string())
                            .arg("seeds", seeds)
                            .arg("direction", direction(d)),
                    );
                }
                LiftReason::HouseUse => {
                    flush(&mut parts, &mut relays);
                    parts.push(msg!(
                        "trace-used-house",
                        pit = pit.to_string(),
                        seeds = seeds
                    ));
                }
                _ => relays += 1,
            },
            Step::Capture {
                from,
                seeds,
                kichwa,
                ..
            } => {
                flush(&mut parts, &mut relays);
                let hand = first_lift && added;
                let m = match (hand, wins_now) {
                    (true, true) => msg!("trace-captured-hand-won"),
                    (true, false) => msg!("trace-captured-hand"),
                    (false, true) => msg!("trace-captured-won"),
                    (false, false) => msg!("trace-captured"),
                };
                parts.push(
                    m.arg("pit", trace.mv.pit.to_string())
                        .arg("seeds", seeds)
                        .arg("from", from.to_string())
                        .arg("kichwa", kichwa.to_string()),
                );
                first_lift = false;
            }
            Step::EndInEmpty { pit } => {
                flush(&mut parts, &mut relays);
                parts.push(msg!("trace-ended", pit = pit.to_string()));
            }
            Step::HouseStop { pit } => {
                flush(&mut parts, &mut relays);
                parts.push(msg!("trace-house-stop", pit = pit.to_string()));
            }
            Step::HouseChoseStop { pit } => {
                flush(&mut parts, &mut relays);
                parts.push(msg!("trace-house-chose-stop", pit = pit.to_string()));
            }
            Step::TakasiaStop { pit } => {
                flush(&mut parts, &mut relays);
                parts.push(msg!("trace-takasia-stop", pit = pit.to_string()));
            }
            Step::RunLimit => {
                flush(&mut parts, &mut relays);
                parts.push(msg!("trace-never-ended"));
            }
            Step::GameEnd { winner, reason } => {
                flush(&mut parts, &mut relays);
                parts.push(msg!(
                    "trace-wins",
                    winner = side(winner),
                    reason = end_reason(reason)
                ));
            }
            Step::TakasiaSet { pit } => {
                parts.push(msg!("trace-takasia-set", pit = pit.to_string()));
            }
            Step::Drop { .. } | Step::HouseLost { .. } => {}
        }
    }
    flush(&mut parts, &mut relays);
    Text::join(parts, ", ").then(".")
}

/// Why a typed move could not be played, in the reader's language.
pub fn move_error(e: &MoveError) -> Text {
    match e {
        MoveError::Parse(p) => parse_problem(p.problem()).into(),
        MoveError::Illegal(i) => {
            let reason = illegal_reason(&i.reason);
            if i.legal.is_empty() {
                msg!("move-illegal-no-move", asked = &i.asked, reason = reason).into()
            } else {
                msg!(
                    "move-illegal",
                    asked = &i.asked,
                    legal = moves(&i.legal),
                    reason = reason
                )
                .into()
            }
        }
        MoveError::Ambiguous(a) => {
            let words: Vec<String> = a.candidates.iter().map(|m| m.to_string()).collect();
            let choices = match words.split_last() {
                Some((last, rest)) if !rest.is_empty() => {
                    msg!("word-or", first = rest.join(", "), last = last.as_str()).into()
                }
                _ => Text::verbatim(words.join("")),
            };
            msg!("move-ambiguous", asked = &a.asked, choices = choices).into()
        }
        MoveError::GameOver(winner) => msg!("move-game-over", winner = side(*winner)).into(),
    }
}

/// A move's text that did not read.
pub fn parse_problem(p: &ParseProblem) -> Msg {
    let form = msg!("move-form");
    match p {
        ParseProblem::Empty => msg!("move-parse-empty", form = form),
        ParseProblem::NotAPit { word } => msg!(
            "move-parse-not-a-pit",
            word = Text::typed(word),
            form = form
        ),
        ParseProblem::NoDirection { text } => {
            msg!(
                "move-parse-no-direction",
                text = Text::typed(text),
                form = form
            )
        }
        ParseProblem::NotADirection { word } => {
            msg!(
                "move-parse-not-a-direction",
                word = Text::typed(word),
                form = form
            )
        }
        ParseProblem::Twice { text, what } => msg!(
            "move-parse-twice",
            text = Text::typed(text),
            what = match what {
                crate::rules::MoveWord::Kind => msg!("move-word-kind"),
                crate::rules::MoveWord::House => msg!("move-word-house"),
                crate::rules::MoveWord::Entry => msg!("move-word-entry"),
            }
        ),
        ParseProblem::NotAMoveWord { word } => {
            msg!(
                "move-parse-not-a-move-word",
                word = Text::typed(word),
                form = form
            )
        }
        ParseProblem::NoKind { text } => msg!("move-parse-no-kind", text = Text::typed(text)),
        ParseProblem::Other(text) => msg!("move-parse-other", text = text),
    }
}

/// Why a move that reads is not legal.
pub fn illegal_reason(r: &IllegalReason) -> Msg {
    let pit = |p: &crate::rules::Pit| p.to_string();
    match r {
        IllegalReason::GameOver { winner } => msg!("illegal-game-over", winner = side(*winner)),
        IllegalReason::NotYourPit {
            pit: p,
            owner,
            turn,
        } => msg!(
            "illegal-not-your-pit",
            pit = pit(p),
            owner = side(*owner),
            turn = side(*turn)
        ),
        IllegalReason::HouseChoiceNeeded => msg!("illegal-house-choice-needed"),
        IllegalReason::NoHouseChoice => msg!("illegal-no-house-choice"),
        IllegalReason::EntryNeeded => msg!("illegal-entry-needed"),
        IllegalReason::NoEntryChoice => msg!("illegal-no-entry-choice"),
        IllegalReason::NamuaBackPit => msg!("illegal-namua-back-pit"),
        IllegalReason::Empty { pit: p } => msg!("illegal-empty", pit = pit(p)),
        IllegalReason::CaptureCompulsory => msg!("illegal-capture-compulsory"),
        IllegalReason::NoCapture => msg!("illegal-no-capture"),
        IllegalReason::DoesNotCapture {
            pit: p,
            direction: d,
        } => {
            msg!(
                "illegal-does-not-capture",
                pit = pit(p),
                direction = direction(*d)
            )
        }
        IllegalReason::Single { pit: p } => msg!("illegal-single", pit = pit(p)),
        IllegalReason::Takasia { pit: p } => msg!("illegal-takasia", pit = pit(p)),
        IllegalReason::OwnedHouse => msg!("illegal-owned-house"),
        IllegalReason::NamuaSingle { pit: p } => msg!("illegal-namua-single", pit = pit(p)),
        IllegalReason::LoneKichwa {
            pit: p,
            direction: d,
        } => {
            msg!(
                "illegal-lone-kichwa",
                pit = pit(p),
                direction = direction(*d)
            )
        }
        IllegalReason::BackPit => msg!("illegal-back-pit"),
        IllegalReason::NotListed => msg!("illegal-not-listed"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::rules::Position;

    /// Every legal move of a few positions, and the moves after them: the English of the
    /// catalogue says exactly what the engine's own `describe` says.
    #[test]
    fn a_trace_in_english_reads_as_the_engines_description() {
        let positions = [
            Position::default(),
            Position::start(crate::rules::Variant::Kujifunza),
        ];
        let mut seen = 0;
        for start in positions {
            for mv in start.legal_moves() {
                let (after, trace) = start.play(&mv).expect("legal");
                assert_eq!(describe(&trace).render(Lang::En), trace.describe());
                seen += 1;
                for reply in after.legal_moves() {
                    let (_, t) = after.play(&reply).expect("legal");
                    assert_eq!(describe(&t).render(Lang::En), t.describe());
                    let sw = describe(&t).render(Lang::Sw);
                    assert!(!sw.contains("sowed") && !sw.contains('{'), "{sw}");
                }
            }
        }
        assert!(seen > 10);
    }

    #[test]
    fn move_errors_in_english_read_as_the_engines() {
        let pos = Position::default();
        for typed in [
            "",
            "z9 left",
            "A4",
            "A4 up",
            "A4 left capture capture",
            "A4 left jump",
            "B1 left",
            "A1 left",
            "A6 left capture",
            "a6 left",
            "A5 left takata",
        ] {
            let e = match pos.play_text(typed) {
                Err(e) => e,
                Ok(_) => continue,
            };
            assert_eq!(move_error(&e).render(Lang::En), e.to_string(), "{typed}");
            let sw = move_error(&e).render(Lang::Sw);
            assert!(!sw.contains('{') && sw != e.to_string(), "{typed}: {sw}");
        }
    }
}
