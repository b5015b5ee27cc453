//! Part 1 of the course: Bao la Kujifunza, the learner's game (docs/rules.md section 8).
//! Every position has 64 seeds on the board, South to move; `tests/it/lessons.rs` plays every
//! example and wrong move.

use super::{task, Lesson, Task};
use crate::rules::Variant;

/// Quiet moves only: North's front row holds only a1, and South's A8 is empty.
const OPEN: &str = "variant=kujifunza turn=S A=2,0,3,0,0,2,0,0 B=4,4,4,4,4,4,1,0 a=2,0,0,0,0,0,0,0 b=4,4,4,4,4,4,3,3";
/// Captures of a4 (from A3) and a6 (from A1 or B2).
const CAPTURES: &str = "variant=kujifunza turn=S A=2,0,2,0,1,0,0,0 B=4,4,4,4,4,4,3,0 a=0,0,0,3,0,2,0,0 b=4,4,4,4,4,4,3,0";
/// Captures at the kimbi: at A2 (from B3) and at A7 (from A5, B6, B7).
const KIMBI: &str = "variant=kujifunza turn=S A=0,2,0,0,2,0,1,0 B=4,4,4,4,4,4,3,0 a=0,3,0,2,0,0,2,0 b=4,4,4,4,4,4,1,0";
/// A capture of a4 entering at A8 goes on to capture a3.
const CHAIN: &str = "variant=kujifunza turn=S A=0,0,2,0,1,1,0,0 B=4,4,4,4,4,4,4,0 a=0,0,2,3,0,0,0,2 b=4,4,4,4,4,4,1,0";
/// Three captures in a row empty North's front row.
const CHAIN3: &str = "variant=kujifunza turn=S A=0,0,2,0,1,1,0,0 B=4,4,4,4,4,4,4,0 a=0,2,2,3,0,0,0,0 b=4,4,4,4,4,4,1,0";
/// The only capture starts from the back row, B6.
const MUST: &str = "variant=kujifunza turn=S A=3,0,0,0,1,0,0,2 B=4,4,4,4,4,6,0,0 a=0,1,0,2,0,0,0,0 b=4,4,4,4,4,4,4,1";
/// No capture: A1's second sowing ends in A5, facing a4, and relays on.
const QUIET: &str = "variant=kujifunza turn=S A=2,0,1,0,1,0,0,0 B=4,4,4,4,4,4,4,0 a=0,0,0,2,0,0,0,0 b=4,4,4,4,4,4,4,2";
/// A capture of a4 from A3 entering at A8 also takes a3: North's front row is empty.
const EMPTY_ROW: &str = "variant=kujifunza turn=S A=0,0,2,0,1,1,0,0 B=4,4,4,4,4,4,4,0 a=0,0,2,3,0,0,0,0 b=4,4,4,4,4,4,3,0";
/// North holds singles only, but for a4: take it and North has no move.
const NO_MOVE: &str = "variant=kujifunza turn=S A=0,0,2,0,1,0,0,0 B=6,6,6,6,6,6,6,3 a=1,1,0,3,0,1,1,1 b=1,1,1,1,1,1,1,1";
/// South's only front-row seeds are in A1: A1 left relays twice in the back row and empties
/// the front row (a loss); B2 right brings seeds in and ends in A4.
const OWN_ROW: &str = "variant=kujifunza turn=S A=2,0,0,0,0,0,0,0 B=2,2,0,0,1,3,0,3 a=2,2,2,2,2,2,2,0 b=5,5,5,5,5,5,5,2";
/// OWN_ROW after `B2 right` and North's `a3 right capture enter-right` (which took A4).
const STRIKE_BACK: &str = "variant=kujifunza turn=S A=0,1,1,0,0,0,0,0 B=3,0,0,0,1,3,0,3 a=2,2,0,3,3,2,2,1 b=5,5,5,5,5,5,5,2";

/// The lessons of part 1, in order.
pub(super) const LESSONS: &[Lesson] = &[
    Lesson {
        title: "The board and its pits",
        variant: Variant::Kujifunza,
        intro: "You are South. Your front row A (A1 to A8, numbered from your own left) faces North's front row a; your back row B is behind it. A move lifts all the seeds of one of your pits holding 2 or more and sows them one by one into the next pits: here A6 sows 2 to the left, into A5 and A4.",
        demo_position: OPEN,
        demo_move: "A6 left",
        tasks: &[
            task(OPEN, "Start a move from A3, the third pit of your front row (either way).", "from=A3", "A3 right", Some("A6 right")),
            task(OPEN, "Start a move from your back row: from B3.", "from=B3", "B3 right", Some("A6 left")),
        ],
    },
    Lesson {
        title: "Left, right and the loop",
        variant: Variant::Kujifunza,
        intro: "Your 16 pits make one loop. RIGHT runs along your front row from A1 to A8, round into B8 and back along the back row to B1, then into A1 again; LEFT is the reverse. Here B1 sows 4 to the right: round the corner into A1, A2, A3 and A4.",
        demo_position: OPEN,
        demo_move: "B1 right",
        tasks: &[
            task(OPEN, "Make a move that ends in B8, the corner of your back row.", "ends_in=B8", "B4 left", Some("A6 right")),
            task(OPEN, "Sow from the back row round the corner into your front row: make a move that ends in A2.", "ends_in=A2", "B3 right", Some("B3 left")),
        ],
    },
    Lesson {
        title: "Relay sowing",
        variant: Variant::Kujifunza,
        intro: "When your last seed falls in an occupied pit and nothing is captured, lift all the seeds of that pit and sow on in the same direction: a relay. The move ends when the last seed falls in an empty pit. Here A3 sows into A4, A5 and A6, relays A6's 3 seeds, and ends in B8.",
        demo_position: OPEN,
        demo_move: "A3 right",
        tasks: &[
            task(OPEN, "Make a move that relays at least twice.", "relays>=2", "A1 left", Some("A6 left")),
            task(OPEN, "Make a move that relays at least 3 times.", "relays>=3", "B2 left", Some("A1 left")),
        ],
    },
    Lesson {
        title: "A capture",
        variant: Variant::Kujifunza,
        intro: "If your last seed falls in an occupied pit of your front row and the North pit facing it holds seeds too, you capture: take all the seeds of North's pit and sow them into your own front row. Front pit A1 faces a8, A4 faces a5, A8 faces a1. Here A5 ends in A7 and captures the 3 seeds of a2.",
        demo_position: KIMBI,
        demo_move: "A5 right",
        tasks: &[
            task(CAPTURES, "Capture the 3 seeds in a4.", "takes=a4", "A3 right capture enter-left", Some("A1 right capture enter-left")),
            task(CAPTURES, "Capture with a move from your back row: B2's seeds run round into your front row.", "from=B2", "B2 right capture enter-left", Some("A3 right capture enter-left")),
        ],
    },
    Lesson {
        title: "The kichwa: where captured seeds come in",
        variant: Variant::Kujifunza,
        intro: "Captured seeds come in at a kichwa (plural vichwa), an end pit of your front row: the first seed into the kichwa itself, then on inwards. A capture at pit 1 or 2 (pit 2 is a kimbi) comes in at A1, at pit 7 or 8 at A8; at pits 3 to 6 you choose: enter-left (A1) or enter-right (A8). Here A1 captures at A3 and its seeds enter at A8.",
        demo_position: CAPTURES,
        demo_move: "A1 right capture enter-right",
        tasks: &[
            task(CAPTURES, "Capture a4 and bring the seeds in at A8 (enter-right).", "takes=a4&enters=A8", "A3 right capture enter-right", Some("A3 right capture enter-left")),
            task(KIMBI, "Capture at your kimbi A2: those seeds must come in at A1.", "enters=A1", "B3 right capture", Some("A5 right capture")),
        ],
    },
    Lesson {
        title: "Capture chains",
        variant: Variant::Kujifunza,
        intro: "After a capture, look where the last captured seed fell: in an occupied front pit facing an occupied pit you capture again. At pits 3 to 6 a later capture keeps the direction (sowing left it enters at A8, sowing right at A1). Here B7 captures a3, then a2.",
        demo_position: CHAIN3,
        demo_move: "B7 left capture enter-right",
        tasks: &[
            task(CHAIN, "Make two captures in one move.", "captures>=2", "A3 right capture enter-right", Some("A3 right capture enter-left")),
            task(CHAIN3, "Make three captures in one move.", "captures>=3", "A3 right capture enter-right", Some("B7 left capture enter-right")),
        ],
    },
    Lesson {
        title: "You must capture",
        variant: Variant::Kujifunza,
        intro: "If any of your moves captures with its first sowing, you must play a capture; no other move is allowed. Look at the back row too: its seeds can run round into the front row, as B6's do here.",
        demo_position: KIMBI,
        demo_move: "B6 left capture",
        tasks: &[
            task(MUST, "A capture is possible here, so you must capture: find the move that does.", "kind=capture", "B6 left capture enter-left", None),
            task(MUST, "Capture both a4 and a2 in one move.", "takes=a4&takes=a2", "B6 left capture enter-right", Some("B6 left capture enter-left")),
        ],
    },
    Lesson {
        title: "A quiet move",
        variant: Variant::Kujifunza,
        intro: "When no move captures with its first sowing, you play a quiet move. A quiet move never captures, even when a later sowing ends in front of North's seeds: it relays on. Here A1's second sowing ends in A5, facing a4, and simply relays.",
        demo_position: QUIET,
        demo_move: "A1 right",
        tasks: &[
            task(QUIET, "Make a quiet move that relays at least 3 times.", "relays>=3", "A1 left", Some("A1 right")),
            task(QUIET, "Make a quiet move that ends in B8.", "ends_in=B8", "B4 left", Some("B5 left")),
        ],
    },
    Lesson {
        title: "Winning",
        variant: Variant::Kujifunza,
        intro: "You win when North's front row is empty (at once, even in the middle of a move) or when North has no legal move: every North pit holds 0 or 1. A move that empties your own front row loses. Here three captures empty North's front row.",
        demo_position: CHAIN3,
        demo_move: "A3 right capture enter-right",
        tasks: &[
            task(EMPTY_ROW, "Win in one: empty North's front row.", "wins", "A3 right capture enter-right", Some("A3 right capture enter-left")),
            task(NO_MOVE, "Win in one by leaving North without a move.", "wins", "A3 right capture enter-left", Some("B4 right capture enter-right")),
            Task {
                position: OWN_ROW,
                goal: "Bring seeds from your back row into your front row: make a move that ends in A4. Careful: a move that empties your own front row loses at once.",
                check: "not_loses&ends_in=A4",
                example: "B2 right",
                wrong: Some("A1 left"),
                reply: Some("a3 right capture enter-right"),
            },
            task(STRIKE_BACK, "North captured your A4. Strike back: make two captures in one move.", "captures>=2", "B1 right capture enter-left", Some("B1 right capture enter-right")),
        ],
    },
];
