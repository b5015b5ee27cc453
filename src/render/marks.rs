//! Marks on pits: the rings and tags of the last move (start, captures, the kichwa entered,
//! the end), of a sowing frame (the pit acted on), and of the takasia target.

use std::collections::HashMap;

use crate::rules::{Direction, Pit, Position, Side, Step, Trace};

use super::anim::{Event, Frame, StopKind};
use super::canvas::Rgba;
use super::theme::{CAPTURED, ENDED, ENTERED, HOUSE_FRAME, START, TAKASIA};

/// A ring drawn round a pit.
#[derive(Clone, Copy)]
pub(super) struct Ring {
    pub color: Rgba,
    pub dotted: bool,
}

impl Ring {
    /// A solid ring of `color`.
    pub fn solid(color: Rgba) -> Ring {
        Ring {
            color,
            dotted: false,
        }
    }

    /// A dotted ring of `color` (the takasia target's).
    pub fn dotted(color: Rgba) -> Ring {
        Ring {
            color,
            dotted: true,
        }
    }
}

/// A small coloured tag at a pit's top-right corner.
pub(super) struct Tag {
    pub text: String,
    pub color: Rgba,
}

impl Tag {
    /// A tag saying `text` on `color`.
    pub fn new(text: impl Into<String>, color: Rgba) -> Tag {
        Tag {
            text: text.into(),
            color,
        }
    }
}

/// Marks on one pit.
#[derive(Default)]
pub(super) struct PitMarks {
    pub rings: Vec<Ring>,
    pub tags: Vec<Tag>,
}

/// One legend entry of the last-move line.
pub(super) struct LegendItem {
    pub color: Rgba,
    pub word: &'static str,
}

/// Works out the last move's marks: the start pit (with `+1` for a seed from hand), the
/// captured opponent pits (`−n`), the kichwa the captured seeds entered (an arrow pointing
/// the way they were sown) and the pit where the move ended. Returns the legend.
pub(super) fn last_move_marks(
    trace: &Trace,
    viewer: Side,
    marks: &mut HashMap<Pit, PitMarks>,
) -> Vec<LegendItem> {
    let mut legend = vec![LegendItem {
        color: START,
        word: "start",
    }];
    let start = trace.start_pit();
    let from_hand = trace
        .steps
        .iter()
        .any(|s| matches!(s, Step::AddFromHand { .. }));
    let m = marks.entry(start).or_default();
    m.rings.push(Ring::solid(START));
    if from_hand {
        m.tags.push(Tag::new("+1", START));
    }

    // Captured pits and the kichwa entered, each once, in order.
    let mut taken: Vec<(Pit, u32)> = Vec::new();
    for (from, seeds, _) in trace.captures() {
        match taken.iter_mut().find(|(p, _)| *p == from) {
            Some((_, n)) => *n += seeds as u32,
            None => taken.push((from, seeds as u32)),
        }
    }
    let entered = trace.sown_captures();
    if !taken.is_empty() {
        legend.push(LegendItem {
            color: CAPTURED,
            word: "captured",
        });
        legend.push(LegendItem {
            color: ENTERED,
            word: "entered",
        });
    }
    for (pit, n) in taken {
        let m = marks.entry(pit).or_default();
        m.rings.push(Ring::solid(CAPTURED));
        m.tags.push(Tag::new(format!("\u{2212}{n}"), CAPTURED));
    }
    for (kichwa, direction) in entered {
        // RIGHT runs toward pit 8: screen-right in the viewer's own front row, screen-left
        // in the opponent's (turned round).
        let rightward = (direction == Direction::Right) == (kichwa.side() == viewer);
        let m = marks.entry(kichwa).or_default();
        if !m.rings.iter().any(|r| r.color == ENTERED) {
            m.rings.push(Ring::solid(ENTERED));
        }
        m.tags.push(Tag::new(
            if rightward { "\u{2192}" } else { "\u{2190}" },
            ENTERED,
        ));
    }
    if let Some(end) = trace.last_pit() {
        legend.push(LegendItem {
            color: ENDED,
            word: "end",
        });
        marks.entry(end).or_default().rings.push(Ring::solid(ENDED));
    }
    legend
}

/// The marks of one sowing frame: the takasia target of the mover (dotted), the start pit,
/// and the pit acted on (one ring per pit, the action's winning).
pub(super) fn frame_marks(
    f: &Frame,
    before: &Position,
    trace: &Trace,
    viewer: Side,
) -> HashMap<Pit, PitMarks> {
    let mut marks: HashMap<Pit, PitMarks> = HashMap::new();
    let mut set = |pit: Pit, r: Ring, tags: Vec<Tag>| {
        marks.insert(
            pit,
            PitMarks {
                rings: vec![r],
                tags,
            },
        );
    };
    if let Some(t) = before.takasia() {
        set(t, Ring::dotted(TAKASIA), vec![Tag::new("T", TAKASIA)]);
    }
    if f.event != Event::Before {
        set(trace.start_pit(), Ring::solid(START), Vec::new());
    }
    let held = |n: u8| {
        if n > 0 {
            vec![Tag::new(n.to_string(), ENDED)]
        } else {
            Vec::new()
        }
    };
    match f.event {
        Event::Before | Event::Final => {}
        Event::FromHand { pit } => set(pit, Ring::solid(START), vec![Tag::new("+1", START)]),
        Event::Lift { pit, .. } => set(pit, Ring::solid(HOUSE_FRAME), held(f.held)),
        Event::Drop { pit } => set(pit, Ring::solid(ENDED), held(f.held)),
        Event::Capture {
            from,
            seeds,
            kichwa,
            won,
        } => {
            set(
                from,
                Ring::solid(CAPTURED),
                vec![Tag::new(format!("\u{2212}{seeds}"), CAPTURED)],
            );
            if !won {
                let right = match trace.steps.iter().find_map(|s| match *s {
                    Step::Capture {
                        from: fr,
                        kichwa: k,
                        direction,
                        ..
                    } if fr == from && k == kichwa => Some(direction),
                    _ => None,
                }) {
                    Some(d) => (d == Direction::Right) == (kichwa.side() == viewer),
                    None => true,
                };
                let arrow = if right { "\u{2192}" } else { "\u{2190}" };
                set(kichwa, Ring::solid(ENTERED), vec![Tag::new(arrow, ENTERED)]);
            }
        }
        Event::Lap { pit, .. } => set(pit, Ring::solid(ENDED), Vec::new()),
        Event::Stop { pit, why } => {
            let color = if why == StopKind::Takasia {
                TAKASIA
            } else {
                ENDED
            };
            set(pit, Ring::solid(color), Vec::new());
        }
        Event::GameEnd { .. } => {}
    }
    marks
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(crate) fn played(before: &str, mv: &str) -> (Position, Trace) {
        let pos: Position = before.parse().unwrap();
        let (_, next, trace) = pos.play_text(mv).unwrap();
        (next, trace)
    }

    pub(crate) const CAPTURE: &str = "variant=kiswahili turn=S hand=19,19 house=N takasia=- \
        A=1,0,2,0,0,1,1,1 B=0,0,1,1,1,1,1,1 a=1,1,1,0,9,2,0,0 b=0,0,0,0,0,0,0,0";

    fn tags(marks: &HashMap<Pit, PitMarks>, pit: &str) -> Vec<String> {
        marks
            .get(&pit.parse::<Pit>().unwrap())
            .map(|m| m.tags.iter().map(|t| t.text.clone()).collect())
            .unwrap_or_default()
    }

    fn rings(marks: &HashMap<Pit, PitMarks>, pit: &str) -> Vec<Rgba> {
        marks
            .get(&pit.parse::<Pit>().unwrap())
            .map(|m| m.rings.iter().map(|r| r.color).collect())
            .unwrap_or_default()
    }

    #[test]
    fn last_move_marks_start_captures_kichwa_and_end() {
        // A3 + seed from hand captures a6 (2), a2 (1), a1 (1), each entering at A8 sowing
        // LEFT, and ends in A4.
        let (_, trace) = played(CAPTURE, "A3 right capture");
        let mut marks = HashMap::new();
        let legend = last_move_marks(&trace, Side::South, &mut marks);
        assert_eq!(tags(&marks, "A3"), ["+1"]);
        assert_eq!(rings(&marks, "A3"), [START]);
        assert_eq!(tags(&marks, "a6"), ["\u{2212}2"]);
        assert_eq!(tags(&marks, "a2"), ["\u{2212}1"]);
        assert_eq!(tags(&marks, "a1"), ["\u{2212}1"]);
        assert_eq!(rings(&marks, "a1"), [CAPTURED]);
        // Entered at A8, sown toward A1: leftward on South's screen.
        assert_eq!(tags(&marks, "A8"), ["\u{2190}"]);
        assert_eq!(rings(&marks, "A8"), [ENTERED]);
        assert_eq!(rings(&marks, "A4"), [ENDED]);
        assert_eq!(marks.len(), 6);
        let words: Vec<_> = legend.iter().map(|l| l.word).collect();
        assert_eq!(words, ["start", "captured", "entered", "end"]);

        // From North's side of the table the same sowing runs rightward.
        let mut marks = HashMap::new();
        last_move_marks(&trace, Side::North, &mut marks);
        assert_eq!(tags(&marks, "A8"), ["\u{2192}"]);
    }

    #[test]
    fn winning_capture_enters_no_kichwa() {
        // A made-up trace: a7 captured and sown from A1, then a1 captured, winning at once.
        let (_, mut trace) = played(CAPTURE, "A3 right capture");
        let pit = |s: &str| s.parse::<Pit>().unwrap();
        trace.steps = vec![
            Step::AddFromHand { pit: pit("A3") },
            Step::Capture {
                from: pit("a7"),
                seeds: 2,
                kichwa: pit("A1"),
                direction: Direction::Right,
            },
            Step::Drop { pit: pit("A1") },
            Step::Drop { pit: pit("A2") },
            Step::Capture {
                from: pit("a1"),
                seeds: 3,
                kichwa: pit("A8"),
                direction: Direction::Left,
            },
            Step::GameEnd {
                winner: Side::South,
                reason: crate::rules::EndReason::FrontRowEmptied,
            },
        ];
        let mut marks = HashMap::new();
        last_move_marks(&trace, Side::South, &mut marks);
        assert_eq!(rings(&marks, "A1"), [ENTERED]);
        assert_eq!(tags(&marks, "a1"), ["\u{2212}3"]);
        assert!(rings(&marks, "A8").is_empty());
        assert_eq!(rings(&marks, "A2"), [ENDED]);
    }

    #[test]
    fn takata_has_no_capture_marks() {
        let (_, trace) = played(&Position::default().to_string(), "A6 left");
        let mut marks = HashMap::new();
        let legend = last_move_marks(&trace, Side::South, &mut marks);
        assert_eq!(tags(&marks, "A6"), ["+1"]);
        assert_eq!(rings(&marks, "A3"), [ENDED]);
        assert_eq!(marks.len(), 2);
        assert_eq!(legend.len(), 2);
    }
}
