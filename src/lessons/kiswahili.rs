//! Part 2 of the course: Bao la Kiswahili, the full game (docs/rules.md sections 2-7), rule
//! set v0.2. Every position holds 64 seeds on the board and in hand, South to move;
//! `tests/it/lessons.rs` plays every example and wrong move.

use super::{task, Lesson, Task};
use crate::rules::Variant;

/// The start: 6 in each nyumba, 2 in pits 6 and 7, 22 seeds in each hand.
const START: &str = "variant=kiswahili turn=S hand=22,22 house=S,N takasia=- A=0,0,0,0,6,2,2,0 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,2,2,0 b=0,0,0,0,0,0,0,0";
/// Namua captures: A4 faces North's nyumba a5, A6 faces a3.
const NAMUA: &str = "variant=kiswahili turn=S hand=20,20 house=S,N A=0,0,0,2,6,2,2,0 B=0,0,0,0,0,0,0,0 a=0,0,3,0,6,1,2,0 b=0,0,0,0,0,0,0,0";
/// No capture; South's nyumba is gone, so the single seeds in A1 and A6 may not start.
const TAKATA: &str = "variant=kiswahili turn=S hand=20,20 house=N A=1,0,3,0,0,1,2,0 B=0,0,2,3,0,0,0,0 a=1,0,0,3,6,0,0,0 b=0,0,0,2,0,0,0,0";
/// A2 captures a7's 5 seeds; they end in the owned nyumba, facing an empty a4: stop or use.
const HOUSE: &str = "variant=kiswahili turn=S hand=21,21 house=S,N A=0,1,0,0,6,2,2,0 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,0,5,0 b=0,0,0,0,0,0,0,0";
/// A takata from A3 stops in the owned nyumba.
const STOP: &str = "variant=kiswahili turn=S hand=20,20 house=S,N A=0,0,1,0,6,0,2,0 B=0,0,0,3,0,0,0,0 a=0,0,3,0,6,0,0,2 b=1,0,0,0,0,0,0,0";
/// The owned nyumba is South's only occupied front pit: the two-piece start.
const TWO_PIECE: &str = "variant=kiswahili turn=S hand=15,15 house=S,N A=0,0,0,0,8,0,0,0 B=0,3,3,0,0,2,0,0 a=0,2,0,0,7,2,2,1 b=0,0,2,2,0,0,0,0";
/// One seed left in each hand: South's last namua turn.
const LAST_SEED: &str = "variant=kiswahili turn=S hand=1,1 house=- A=2,0,0,3,0,2,0,0 B=4,4,4,4,4,4,0,0 a=0,0,0,0,2,0,0,3 b=4,4,4,4,4,4,2,0";
/// LAST_SEED after `A1 left capture` and North's `a5 right capture`: the first mtaji turn.
const FIRST_MTAJI: &str = "variant=kiswahili turn=S hand=0,0 house=- takasia=- A=4,1,1,0,0,2,0,0 B=4,4,4,4,4,4,0,0 a=0,0,0,0,3,1,1,1 b=4,4,4,4,4,4,2,0";
/// Mtaji captures of a5 at A4: sowing right (from A2 or B1) or left (from A6).
const KICHWA: &str = "variant=kiswahili turn=S hand=0,0 house=- A=0,2,0,1,0,2,0,0 B=4,4,4,4,4,4,3,0 a=2,2,0,0,3,0,0,2 b=3,3,3,3,3,3,3,2";
/// Takatas from A2 and from A6 threaten only a5: North gets a takasia there.
const SET_TAKASIA: &str = "variant=kiswahili turn=S hand=0,0 house=- A=0,2,0,0,0,3,0,0 B=4,4,4,4,4,4,3,0 a=2,0,0,0,3,0,0,0 b=4,4,4,4,4,4,3,0";
/// South's A4 is the takasia target this turn.
const TAKASIA: &str = "variant=kiswahili turn=S hand=0,0 house=- takasia=A4 A=0,0,0,3,0,2,0,0 B=4,4,4,4,4,4,3,0 a=0,0,0,0,0,0,3,2 b=4,4,4,4,4,4,3,0";
/// North's front row holds a5 and a6; a capture sowing right takes both.
const EMPTY_ROW: &str = "variant=kiswahili turn=S hand=0,0 house=- A=0,2,0,1,0,2,0,0 B=4,4,4,4,4,4,3,0 a=0,0,0,0,3,2,0,0 b=3,3,3,3,3,3,5,4";
/// Every North pit but a5 holds 0 or 1.
const NO_MOVE: &str = "variant=kiswahili turn=S hand=0,0 house=- A=0,2,0,1,0,2,0,0 B=6,6,6,6,6,6,6,3 a=1,1,0,0,3,0,0,1 b=1,1,1,1,1,1,1,1";
/// Namua: South's only occupied front pit is the kichwa A8, so it may not be sown right.
const LONE_KICHWA: &str = "variant=kiswahili turn=S hand=10,10 house=N A=0,0,0,0,0,0,0,2 B=2,2,2,2,2,2,2,2 a=0,2,2,2,6,2,2,0 b=2,2,2,2,2,0,0,0";
/// Mtaji, no capture, no front pit holding 2 or more: the back row starts.
const BACK_START: &str = "variant=kiswahili turn=S hand=0,0 house=- A=1,0,1,0,1,0,0,1 B=3,2,4,0,0,2,0,4 a=0,3,2,0,6,0,3,0 b=4,4,4,4,4,4,4,3";
/// BACK_START after `B3 right` and North's `b6 left capture`: single front seeds again.
const BACK_AGAIN: &str = "variant=kiswahili turn=S hand=0,0 house=- takasia=- A=0,0,1,0,0,0,0,1 B=4,3,0,0,0,2,0,4 a=2,1,0,3,9,3,2,0 b=6,0,1,6,6,2,7,1";
/// A3's 17 seeds end (either way) in an occupied front pit facing North's seeds, but 16 or
/// more never capture: two takatas.
const SEVENTEEN: &str = "variant=kiswahili turn=S hand=0,0 house=- A=0,0,17,0,0,0,0,0 B=1,1,1,1,1,1,1,1 a=2,0,3,0,3,0,2,0 b=4,4,4,4,4,4,4,1";
/// A4 right takata never ends (513 sowing runs); A4 left ends.
const NEVER_ENDING: &str = "variant=kiswahili turn=S hand=0,0 house=- takasia=- A=1,7,1,9,7,0,3,0 B=4,1,4,1,2,3,0,1 a=4,1,1,1,0,0,0,0 b=3,0,0,1,2,1,5,1";

/// The lessons of part 2, in order.
pub(super) const LESSONS: &[Lesson] = &[
    Lesson {
        title: "The start and the seeds in hand",
        variant: Variant::Kiswahili,
        intro: "Bao la Kiswahili starts with 6 seeds in your nyumba (the house, the square pit A5), 2 in A6 and A7, and 22 in your hand. In namua, the first stage, every turn brings one seed from your hand into your front row. A move that does not capture is a takata: here A7 gets a seed from hand and sows its 3 to the left.",
        demo_position: START,
        demo_move: "A7 left",
        tasks: &[
            task(START, "Make the opening move that ends in A3.", "ends_in=A3", "A6 left", Some("A7 left")),
            task(START, "Open with a takata that runs round the corner and ends in B7.", "ends_in=B7", "A7 right", Some("A6 right")),
        ],
    },
    Lesson {
        title: "Namua captures",
        variant: Variant::Kiswahili,
        intro: "In namua, if a pit of your front row with seeds faces a North pit with seeds, you must capture: the seed from hand goes into your pit, which keeps its seeds, and North's seeds are sown from a kichwa. At pits 3 to 6 the direction word names the entry: left enters at A1, right at A8. Here A6 captures a3 and enters at A8.",
        demo_position: NAMUA,
        demo_move: "A6 right capture",
        tasks: &[
            task(NAMUA, "Capture the 6 seeds of North's nyumba, a5.", "takes=a5", "A4 right capture", Some("A6 left capture")),
            task(NAMUA, "Capture a3 and bring its seeds in at A1.", "takes=a3&enters=A1", "A6 left capture", Some("A6 right capture")),
            task(NAMUA, "Make three captures in one move.", "captures>=3", "A4 left capture", Some("A4 right capture")),
        ],
    },
    Lesson {
        title: "Takata and where it may start",
        variant: Variant::Kiswahili,
        intro: "With no capture, play a takata: add a seed from hand to a front pit and sow. Start from a front pit holding 2 or more; a single seed may start only when no front pit holds 2 or more, or while you still own your nyumba. A takata never captures, and a kichwa (A1 or A8) that is your only occupied front pit may not be sown toward your back row. Here A3 sows 4 to the right, into A4 to A7, and relays A7.",
        demo_position: TAKATA,
        demo_move: "A3 right",
        tasks: &[
            task(TAKATA, "Make a takata that ends in A4.", "ends_in=A4", "A7 left", Some("A3 left")),
            task(TAKATA, "Make a takata that ends in your back row, in B2.", "ends_in=B2", "A3 left", Some("A7 right")),
            task(LONE_KICHWA, "A8 is your only occupied front pit. A kichwa standing alone may not be sown toward your back row (A8 right is refused): play the takata it allows.", "from=A8&direction=left", "A8 left", None),
        ],
    },
    Lesson {
        title: "The nyumba: stop or use",
        variant: Variant::Kiswahili,
        intro: "While you own your nyumba (6 or more seeds) it has rules of its own in namua. A takata that ends there stops. A capture whose sowing ends there with nothing to capture lets you choose: stop (NYUMBA STOP), or use it (NYUMBA USE, the safari: lift its seeds and sow on; the house is then no longer owned). Here A2 captures 5 and stops in the nyumba.",
        demo_position: HOUSE,
        demo_move: "A2 left capture stop",
        tasks: &[
            task(HOUSE, "Go on safari: capture, then use your nyumba and sow on.", "house=use", "A2 left capture use", Some("A2 left capture stop")),
            task(STOP, "Make a takata that stops in your nyumba.", "ends_in=A5", "A3 right", Some("A7 left")),
            task(TWO_PIECE, "Your nyumba is your only occupied front pit: play the two-piece start (a seed from hand, then lift just 2) so that the move ends in A7.", "ends_in=A7", "A5 right", Some("A5 left")),
        ],
    },
    Lesson {
        title: "The change to mtaji",
        variant: Variant::Kiswahili,
        intro: "When both hands are empty the game enters mtaji, its second stage: no more seeds from hand, and a move lifts all the seeds of any of your 16 pits holding 2 or more. Your hand empties first; North's last namua turn follows. Here your last seed from hand captures a5.",
        demo_position: LAST_SEED,
        demo_move: "A4 left capture",
        tasks: &[
            Task {
                position: LAST_SEED,
                goal: "Play your last seed from hand: capture North's a8.",
                check: "takes=a8",
                example: "A1 left capture",
                wrong: Some("A4 left capture"),
                reply: Some("a5 right capture"),
            },
            task(FIRST_MTAJI, "Mtaji: both hands are empty. Capture twice in one move.", "captures>=2", "B2 right capture", Some("B4 right capture")),
        ],
    },
    Lesson {
        title: "Mtaji captures and the kichwa",
        variant: Variant::Kiswahili,
        intro: "In mtaji a capture starts from a pit with 2 to 15 seeds whose first sowing ends in an occupied front pit facing an occupied pit; if one exists you must capture. At pits 3 to 6 there is no choice of kichwa: sowing right the seeds enter at A1, sowing left at A8. Here A2 sows right, captures a5 at A4, and enters at A1.",
        demo_position: KICHWA,
        demo_move: "A2 right capture",
        tasks: &[
            task(KICHWA, "Capture a5 so that its seeds come in at A8.", "enters=A8", "A6 left capture", Some("A2 right capture")),
            task(KICHWA, "Capture from your back row.", "from=B1", "B1 right capture", Some("A6 left capture")),
        ],
    },
    Lesson {
        title: "Takata in mtaji: where it may start",
        variant: Variant::Kiswahili,
        intro: "In mtaji, with no capture, a takata starts from a front pit holding 2 or more (16 or more too); a back pit may start only when no front pit holds 2 or more. A pit of 16 or more never captures. Here no front pit holds 2, so B6 starts: it sows 2 into B7 and B8, relays B8's 5 seeds and ends in A4.",
        demo_position: BACK_START,
        demo_move: "B6 left",
        tasks: &[
            Task {
                position: BACK_START,
                goal: "No front pit holds 2 or more, so this time a back pit may start your takata. Make the one that ends in A2.",
                check: "ends_in=A2",
                example: "B3 right",
                wrong: Some("B3 left"),
                reply: Some("b6 left capture"),
            },
            task(BACK_AGAIN, "North's captures left only single seeds in your front row, so the back row may start again. Make the takata from B8 that runs round the corner into your front row.", "from=B8&ends_in=A5", "B8 left", Some("B8 right")),
            task(SEVENTEEN, "A3 holds 17 seeds. Either way its first sowing ends in an occupied front pit facing North's seeds, but a pit of 16 or more never captures (only 2 to 15 can), so it plays a takata. Make the one that ends in A8.", "ends_in=A8", "A3 right", Some("A3 left")),
        ],
    },
    Lesson {
        title: "Takasia",
        variant: Variant::Kiswahili,
        intro: "After a mtaji takata, if your opponent has no capture and you threaten exactly one of their pits, that pit becomes takasia: on their next turn they may not start from it, and a sowing whose last seed lands in it stops there. The board marks it T. Here A2's takata threatens only a5.",
        demo_position: SET_TAKASIA,
        demo_move: "A2 right",
        tasks: &[
            task(SET_TAKASIA, "Make a takata from A6 that puts the takasia on North's a5.", "takasia=a5&from=A6", "A6 left", Some("A6 right")),
            task(TAKASIA, "Your A4 is takasia (T): it may not start this turn. Make the move whose last seed stops in it.", "ends_in=A4", "A6 left", Some("A6 right")),
        ],
    },
    Lesson {
        title: "Ending the game",
        variant: Variant::Kiswahili,
        intro: "You win when North's front row is empty, or when North has no legal move (in mtaji: every North pit holds 0 or 1). Seeds are never counted, and a move that never ends (more than 512 sowing runs after its first) loses for its mover. Here B7's captures leave North with single seeds only.",
        demo_position: NO_MOVE,
        demo_move: "B7 left capture",
        tasks: &[
            task(EMPTY_ROW, "Win in one: empty North's front row.", "wins", "A2 right capture", Some("A6 left capture")),
            task(NO_MOVE, "Win in one by leaving North without a move.", "wins", "A2 right capture", None),
            task(NEVER_ENDING, "One of your moves from A4 never ends, and a move that needs more than 512 sowing runs after its first loses for its mover. Play A4 the way that ends.", "from=A4&not_loses", "A4 left", Some("A4 right")),
        ],
    },
];
