//! The worked examples of the seed guide (`seeds/000_...txt`, sections 01, 04, 06, 08, 09) and
//! the finer points of docs/rules.md, each as a position and a move with the exact result.

use bao_bot::rules::{
    Direction, EndReason, HouseChoice, Move, MoveError, MoveKind, MoveSpec, Phase, Pit, Position,
    ReadPositionError, Row, Side, Step, Variant,
};

fn pos(text: &str) -> Position {
    text.parse()
        .unwrap_or_else(|e| panic!("bad test position {text}: {e}"))
}

/// Plays `mv` (as a player would write it) and checks the exact resulting position.
fn check(before: &str, mv: &str, after: &str) -> bao_bot::rules::Trace {
    let (_, next, trace) = pos(before)
        .play_text(mv)
        .unwrap_or_else(|e| panic!("{mv} from {before}: {e}"));
    assert_eq!(next.to_string(), after, "after {mv} from {before}");
    trace
}

fn moves(text: &str) -> Vec<String> {
    pos(text)
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect()
}

#[test]
fn start_position_text_and_moves() {
    let start = Position::start(Variant::Kiswahili);
    assert_eq!(
        start.to_string(),
        "variant=kiswahili turn=S hand=22,22 house=S,N takasia=- A=0,0,0,0,6,2,2,0 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,2,2,0 b=0,0,0,0,0,0,0,0"
    );
    // The owned nyumba with 6 may not start; A6 and A7 may, both ways.
    assert_eq!(
        moves(&start.to_string()),
        [
            "A6 left takata",
            "A6 right takata",
            "A7 left takata",
            "A7 right takata"
        ]
    );
    assert_eq!(start.phase(), Phase::Namua);
    let learner = Position::start(Variant::Kujifunza);
    assert_eq!(
        learner.to_string(),
        "variant=kujifunza turn=S hand=0,0 house=- takasia=- A=2,2,2,2,2,2,2,2 B=2,2,2,2,2,2,2,2 a=2,2,2,2,2,2,2,2 b=2,2,2,2,2,2,2,2"
    );
}

/// Section 04: a non-capturing mtaji move with one relay, ending in the empty B8.
#[test]
fn guide_04_sow_relay_stop() {
    let trace = check(
        "variant=kiswahili turn=S hand=0,0 house=- takasia=- A=0,0,3,0,0,2,0,0 B=0,0,0,0,0,0,0,0 a=1,1,0,1,1,1,1,1 b=7,7,7,7,6,6,6,6",
        "A3 right",
        "variant=kiswahili turn=N hand=0,0 house=- takasia=- A=0,0,0,1,1,0,1,1 B=0,0,0,0,0,0,0,1 a=1,1,0,1,1,1,1,1 b=7,7,7,7,6,6,6,6",
    );
    assert_eq!(trace.last_pit(), Pit::new(Side::South, Row::Back, 8));
    assert_eq!(
        trace.describe(),
        "A3 sowed 3 right, relayed once, ended in B8."
    );
}

/// Section 06: namua capture at A4 with the left entry; the captured 3 go A1, A2, A3.
/// Capturing the owned nyumba a5 also ends North's ownership.
#[test]
fn guide_06_namua_capture_left_entry() {
    let before = "variant=kiswahili turn=S hand=10,10 house=N takasia=- A=0,0,0,2,0,0,0,0 B=5,5,5,5,0,0,0,0 a=1,0,0,0,3,0,0,0 b=4,4,4,3,3,0,0,0";
    // At pit 4 the entry side is a free choice.
    assert_eq!(moves(before), ["A4 left capture", "A4 right capture"]);
    let trace = check(
        before,
        "A4 left capture",
        "variant=kiswahili turn=N hand=9,10 house=- takasia=- A=1,1,1,3,0,0,0,0 B=5,5,5,5,0,0,0,0 a=1,0,0,0,0,0,0,0 b=4,4,4,3,3,0,0,0",
    );
    let caps: Vec<_> = trace.captures().collect();
    assert_eq!(
        caps,
        [(Pit::front(Side::North, 5), 3, Pit::front(Side::South, 1))]
    );
    // The right entry puts them in A8, A7, A6 instead.
    check(
        before,
        "a4 RIGHT",
        "variant=kiswahili turn=N hand=9,10 house=- takasia=- A=0,0,0,3,0,1,1,1 B=5,5,5,5,0,0,0,0 a=1,0,0,0,0,0,0,0 b=4,4,4,3,3,0,0,0",
    );
}

/// Section 06: captures at kichwa or kimbi force the entry side.
#[test]
fn guide_06_forced_entry_at_kimbi_and_kichwa() {
    // A2 faces a7, A8 faces a1.
    let before = "variant=kiswahili turn=S hand=10,10 house=- takasia=- A=0,1,0,0,0,0,0,1 B=5,5,5,5,0,0,0,0 a=2,0,0,0,0,0,3,0 b=4,4,4,3,2,0,0,0";
    assert_eq!(moves(before), ["A2 left capture", "A8 right capture"]);
    let err = pos(before).play_text("A2 right capture").unwrap_err();
    assert!(matches!(err, MoveError::Illegal(_)), "{err}");
    check(
        before,
        "A2 left capture",
        "variant=kiswahili turn=N hand=9,10 house=- takasia=- A=1,3,1,0,0,0,0,1 B=5,5,5,5,0,0,0,0 a=2,0,0,0,0,0,0,0 b=4,4,4,3,2,0,0,0",
    );
}

/// Section 08: the two-piece start from the owned house when it is the only occupied front pit.
#[test]
fn guide_08_two_piece_start() {
    let before = "variant=kiswahili turn=S hand=15,15 house=S,N takasia=- A=0,0,0,0,6,0,0,0 B=3,3,3,2,0,0,0,0 a=1,1,1,0,6,2,2,0 b=4,0,0,0,0,0,0,0";
    assert_eq!(moves(before), ["A5 left takata", "A5 right takata"]);
    let trace = check(
        before,
        "A5 right takata",
        "variant=kiswahili turn=N hand=14,15 house=S,N takasia=- A=0,0,0,0,5,1,1,0 B=3,3,3,2,0,0,0,0 a=1,1,1,0,6,2,2,0 b=4,0,0,0,0,0,0,0",
    );
    assert!(trace.steps.iter().any(|s| matches!(
        s,
        Step::Lift {
            seeds: 2,
            reason: bao_bot::rules::LiftReason::TwoPiece,
            ..
        }
    )));
}

/// The two-piece start applies whatever the house holds; a house left empty is lost.
#[test]
fn two_piece_start_from_a_small_house() {
    check(
        "variant=kiswahili turn=S hand=15,15 house=S,N takasia=- A=0,0,0,0,1,0,0,0 B=3,3,3,2,0,0,0,5 a=1,1,1,0,6,2,2,0 b=4,0,0,0,0,0,0,0",
        "A5 left",
        "variant=kiswahili turn=N hand=14,15 house=N takasia=- A=0,0,1,1,0,0,0,0 B=3,3,3,2,0,0,0,5 a=1,1,1,0,6,2,2,0 b=4,0,0,0,0,0,0,0",
    );
}

/// Section 01: emptying the opponent's front row wins at once; the captured seeds leave the
/// board unsown.
#[test]
fn guide_01_front_row_emptied_wins_mid_move() {
    let before = "variant=kiswahili turn=S hand=10,10 house=- takasia=- A=0,0,0,2,0,0,0,0 B=5,5,5,5,0,0,0,0 a=0,0,0,0,3,0,0,0 b=4,4,4,4,3,0,0,0";
    let trace = check(
        before,
        "A4 left capture",
        "variant=kiswahili turn=N hand=9,10 house=- takasia=- A=0,0,0,3,0,0,0,0 B=5,5,5,5,0,0,0,0 a=0,0,0,0,0,0,0,0 b=4,4,4,4,3,0,0,0 winner=S",
    );
    assert_eq!(
        trace.game_end(),
        Some((Side::South, EndReason::FrontRowEmptied))
    );
    assert_eq!(
        trace.describe(),
        "A4 with a seed from hand captured 3 from a5, South wins: front row emptied."
    );
    let end = pos(&trace_after(before, "A4 left capture"));
    assert!(end.legal_moves().is_empty());
    assert_eq!(end.end_reason(), Some(EndReason::FrontRowEmptied));
}

fn trace_after(before: &str, mv: &str) -> String {
    pos(before).play_text(mv).expect("legal").1.to_string()
}

/// Section 05/08: a namua takata ending in the owned house with 6 or more stops there.
#[test]
fn namua_takata_stops_in_owned_house() {
    check(
        "variant=kiswahili turn=S hand=20,20 house=S,N takasia=- A=0,2,0,0,6,0,0,0 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,0,0,0 b=0,0,0,0,0,0,0,10",
        "A2 right",
        "variant=kiswahili turn=N hand=19,20 house=S,N takasia=- A=0,0,1,1,7,0,0,0 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,0,0,0 b=0,0,0,0,0,0,0,10",
    );
    // Same sowing once the house is no longer owned: it relays on.
    check(
        "variant=kiswahili turn=S hand=20,20 house=N takasia=- A=0,2,0,0,6,0,0,0 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,0,0,0 b=0,0,0,0,0,0,0,10",
        "A2 right",
        "variant=kiswahili turn=N hand=19,20 house=N takasia=- A=0,0,1,1,0,1,1,1 B=0,0,0,0,1,1,1,1 a=0,0,0,0,6,0,0,0 b=0,0,0,0,0,0,0,10",
    );
}

/// Section 08: a capturing move ending in the owned house with nothing to capture offers
/// NYUMBA STOP and NYUMBA USE as two moves.
#[test]
fn nyumba_stop_and_use() {
    let before = "variant=kiswahili turn=N hand=16,17 house=S,N takasia=- A=0,0,3,0,8,0,5,1 B=0,0,0,0,0,0,0,1 a=0,1,0,1,11,0,0,0 b=0,0,0,0,0,0,0,0";
    assert_eq!(
        moves(before),
        [
            "a2 left capture stop",
            "a2 left capture use",
            "a4 left capture",
            "a4 right capture"
        ]
    );
    check(
        before,
        "a2 left capture stop",
        "variant=kiswahili turn=S hand=16,16 house=S,N takasia=- A=0,0,3,0,8,0,0,1 B=0,0,0,0,0,0,0,1 a=1,3,1,2,12,0,0,0 b=0,0,0,0,0,0,0,0",
    );
    let trace = check(
        before,
        "a2 left use",
        "variant=kiswahili turn=S hand=16,16 house=- takasia=- A=0,0,3,0,0,0,0,0 B=0,0,0,0,0,0,0,1 a=2,0,4,5,2,3,3,1 b=0,2,0,2,0,2,0,2",
    );
    assert!(trace.steps.contains(&Step::HouseLost { side: Side::North }));
    // Without the choice the move is ambiguous, and says which two it could be.
    let err = pos(before).play_text("a2 left capture").unwrap_err();
    assert_eq!(
        err.to_string(),
        "a2 left capture could mean a2 left capture stop or a2 left capture use: say which"
    );
    // A choice where none arises is refused.
    let err = pos(before).play_text("a4 left capture stop").unwrap_err();
    assert!(matches!(err, MoveError::Illegal(_)), "{err}");
}

/// Namua takata start rules 2 and 3: an owned house with 6+ never starts normally, and a
/// 1-seed pit may start while the house is owned or when no front pit holds 2.
#[test]
fn namua_takata_starting_pits() {
    // House owned: 1-seed pits allowed, the 6+ house not.
    assert_eq!(
        moves("variant=kiswahili turn=S hand=20,20 house=S,N takasia=- A=1,0,2,0,6,0,0,0 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,0,0,0 b=0,0,0,0,0,0,0,9"),
        ["A1 left takata", "A1 right takata", "A3 left takata", "A3 right takata"]
    );
    // House lost: 1-seed pits only when no front pit holds 2.
    assert_eq!(
        moves("variant=kiswahili turn=S hand=20,20 house=N takasia=- A=1,0,2,0,6,0,0,0 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,0,0,0 b=0,0,0,0,0,0,0,9"),
        ["A3 left takata", "A3 right takata", "A5 left takata", "A5 right takata"]
    );
    assert_eq!(
        moves("variant=kiswahili turn=S hand=20,20 house=N takasia=- A=1,0,1,0,0,0,0,0 B=0,0,0,0,0,0,0,7 a=0,0,0,0,6,0,0,0 b=0,0,0,0,0,0,0,9"),
        ["A1 left takata", "A1 right takata", "A3 left takata", "A3 right takata"]
    );
    // Rule 5: a lone kichwa may not be sown toward the back row.
    assert_eq!(
        moves("variant=kiswahili turn=S hand=20,20 house=N takasia=- A=0,0,0,0,0,0,0,3 B=0,0,0,0,0,0,0,6 a=0,0,0,0,6,0,0,0 b=0,0,0,0,0,0,0,9"),
        ["A8 left takata"]
    );
}

/// Mtaji: capture is compulsory, 16+ never captures, back pits start only when no front pit
/// holds 2, and a lone kichwa may not be sown toward the back.
#[test]
fn mtaji_starting_pits() {
    // A4 (2) right ends in A6 (occupied) facing a3 (occupied): the only capturing start.
    let before = "variant=kiswahili turn=S hand=0,0 house=- takasia=- A=0,0,0,2,0,1,0,0 B=0,0,0,0,0,0,0,29 a=0,0,2,0,0,0,0,0 b=0,0,0,0,0,0,0,30";
    assert_eq!(moves(before), ["A4 right capture"]);
    let err = pos(before).play_text("A4 left").unwrap_err();
    assert!(err.to_string().contains("a capture is compulsory"), "{err}");
    // Only a back pit holds 2 or more.
    assert_eq!(
        moves("variant=kiswahili turn=S hand=0,0 house=- takasia=- A=1,0,0,0,0,0,0,1 B=0,0,3,0,0,0,0,0 a=1,0,0,0,0,0,0,0 b=0,0,0,0,0,0,10,48"),
        ["B3 left takata", "B3 right takata"]
    );
    // 16 seeds in a pit never make a capturing start, but do make a takata.
    assert_eq!(
        moves("variant=kiswahili turn=S hand=0,0 house=- takasia=- A=16,0,0,0,0,0,0,0 B=0,0,0,0,0,0,0,1 a=1,1,1,1,1,1,1,1 b=0,0,0,0,0,0,0,39"),
        ["A1 right takata"]
    );
}

/// Section 09: a mtaji takata can set takasia on the one opponent pit under threat; the
/// target may not start and a sowing run ending there ends the move.
#[test]
fn takasia_set_and_obeyed() {
    let before = "variant=kiswahili turn=S hand=0,0 house=- takasia=- A=0,0,0,1,0,0,0,1 B=1,0,4,1,1,0,1,2 a=0,8,5,1,11,1,3,1 b=6,1,3,2,2,5,2,1";
    let trace = check(
        before,
        "B3 left takata",
        "variant=kiswahili turn=N hand=0,0 house=- takasia=a3 A=0,0,0,1,0,1,1,0 B=1,0,0,2,2,1,0,3 a=0,8,5,1,11,1,3,1 b=6,1,3,2,2,5,2,1",
    );
    assert_eq!(trace.takasia_set(), Some(Pit::front(Side::North, 3)));
    let marked = pos("variant=kiswahili turn=N hand=0,0 house=- takasia=a3 A=0,0,0,1,0,1,1,0 B=1,0,0,2,2,1,0,3 a=0,8,5,1,11,1,3,1 b=6,1,3,2,2,5,2,1");
    let listed = moves(&marked.to_string());
    assert!(listed.iter().all(|m| !m.starts_with("a3 ")), "{listed:?}");
    assert!(
        listed.contains(&"a2 right takata".to_string()),
        "{listed:?}"
    );
    let err = marked.play_text("a3 left").unwrap_err();
    assert!(err.to_string().contains("takasia"), "{err}");
}

/// A sowing run ending in the takasia target ends the move whatever it then holds (E30).
#[test]
fn takasia_stop_in_target() {
    // a4 (2) is the target: a6 (2) sown LEFT ends in a4, which then holds 3 and does not relay.
    let before = "variant=kiswahili turn=N hand=0,0 house=- takasia=a4 A=0,0,0,3,0,0,0,3 B=2,2,2,2,2,2,2,5 a=0,0,0,2,0,2,0,3 b=4,4,4,4,4,4,4,4";
    let trace = check(
        before,
        "a6 left",
        "variant=kiswahili turn=S hand=0,0 house=- takasia=- A=0,0,0,3,0,0,0,3 B=2,2,2,2,2,2,2,5 a=0,0,0,3,1,0,0,3 b=4,4,4,4,4,4,4,4",
    );
    assert!(trace.steps.contains(&Step::TakasiaStop {
        pit: Pit::front(Side::North, 4)
    }));
}

/// The learner's game: any pit with 2, captures compulsory, entry choice at pits 3-6.
#[test]
fn kujifunza_entry_choice() {
    let start = Position::start(Variant::Kujifunza);
    let listed: Vec<String> = start.legal_moves().iter().map(|m| m.to_string()).collect();
    // From the start every pit with 2 sown 2 ends in an occupied pit; front ends face seeds.
    assert!(
        listed.contains(&"B2 right capture".to_string()),
        "{listed:?}"
    );
    assert!(
        listed.contains(&"A1 right capture enter-left".to_string()),
        "{listed:?}"
    );
    assert!(
        listed.contains(&"A2 right capture enter-left".to_string()),
        "{listed:?}"
    );
    assert!(
        listed.contains(&"A2 right capture enter-right".to_string()),
        "{listed:?}"
    );
    assert!(listed.iter().all(|m| m.contains("capture")));
    let left = start.play_text("A2 right capture enter-left").unwrap().1;
    let right = start.play_text("A2 right capture enter-right").unwrap().1;
    assert_ne!(left, right);
    let err = start.play_text("A2 right capture").unwrap_err();
    assert!(matches!(err, MoveError::Ambiguous(_)), "{err}");
    // Round trip of the learner's move text.
    let mv: Move = "A2 right capture enter-left".parse().unwrap();
    assert_eq!(mv.entry, Some(Direction::Left));
    assert_eq!(mv.to_string(), "A2 right capture enter-left");
}

/// A move that needs a 513th sowing run after its first loses for its mover.
#[test]
fn never_ending_move_loses() {
    let before = "variant=kiswahili turn=S hand=0,0 house=- takasia=- A=1,7,1,9,7,0,3,0 B=4,1,4,1,2,3,0,1 a=4,1,1,1,0,0,0,0 b=3,0,0,1,2,1,5,1";
    let (_, after, trace) = pos(before).play_text("A4 right takata").unwrap();
    assert!(trace.steps.contains(&Step::RunLimit));
    assert_eq!(after.winner(), Some(Side::North));
    assert_eq!(after.end_reason(), Some(EndReason::NeverEndingMove));
    let lifts = trace
        .steps
        .iter()
        .filter(|s| matches!(s, Step::Lift { .. } | Step::Capture { .. }))
        .count();
    assert_eq!(lifts, 513, "the first run and 512 more");
    let total = after.seeds_on_board(Side::South) + after.seeds_on_board(Side::North);
    assert_eq!(total, 64);
}

/// The text forms read forgivingly and print canonically.
#[test]
fn text_forms() {
    let shuffled = "b=0,0,0,0,0,0,0,0 TURN=s a=0,0,0,0,6,2,2,0 Hand=22,22 A=0,0,0,0,6,2,2,0 house=n,s B=0,0,0,0,0,0,0,0";
    assert_eq!(pos(shuffled), Position::default());
    let spec: MoveSpec = "a6 LEFT".parse().unwrap();
    assert_eq!(spec.kind, None);
    let mv = Position::default().find_move(&spec).unwrap();
    assert_eq!(mv.to_string(), "A6 left takata");
    let mv: Move = "a5 right capture use".parse().unwrap();
    assert_eq!(mv.pit, Pit::front(Side::North, 5));
    assert_eq!(mv.kind, MoveKind::Capture);
    assert_eq!(mv.house, Some(HouseChoice::Use));
    assert_eq!(mv.to_string(), "a5 right capture use");
}

fn read_err(text: &str) -> String {
    match text.parse::<Position>() {
        Ok(p) => panic!("{text} read as {p}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn impossible_and_malformed_positions_say_why() {
    let e = read_err("variant=kiswahili turn=S hand=22,21 house=S,N takasia=- A=0,0,0,0,6,2,2,0 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,2,2,0 b=0,0,0,0,0,0,0,0");
    assert!(e.contains("make 63") && e.contains("64"), "{e}");
    let e = read_err("variant=kiswahili turn=S hand=22,22 house=S,N takasia=- A=0,0,0,0,6,2,2,0 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,2,2,0 b=0,0,0,0,0,0,0,0 colour=red");
    assert!(e.contains("unknown field `colour=`"), "{e}");
    let e = read_err("variant=kiswahili turn=N hand=0,0 house=- takasia=a4 A=1,0,0,3,0,0,0,3 B=2,2,2,2,2,2,2,4 a=0,0,0,0,0,2,0,5 b=4,4,4,4,4,4,4,4");
    assert!(e.contains("empty pit a4"), "{e}");
    let e = read_err("variant=kiswahili turn=S hand=22,22 house=S,N takasia=- A=0,0,0,0,6,2,2 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,2,2,0 b=0,0,0,0,0,0,0,0");
    assert!(e.contains("A= needs 8 counts"), "{e}");
    assert!(matches!(
        "variant=kiswahili turn=S hand=22,22".parse::<Position>(),
        Err(ReadPositionError::Parse(_))
    ));
    let e = read_err("variant=kujifunza turn=S hand=1,0 house=- takasia=- A=2,2,2,2,2,2,2,1 B=2,2,2,2,2,2,2,2 a=2,2,2,2,2,2,2,2 b=2,2,2,2,2,2,2,2");
    assert!(e.contains("no seeds in hand"), "{e}");
}

#[test]
fn illegal_moves_say_why_and_list_the_legal_ones() {
    let start = Position::default();
    let err = start.play_text("A5 left").unwrap_err().to_string();
    assert_eq!(
        err,
        "A5 left is not legal here: the only legal moves are A6 left takata, A6 right takata, A7 left takata, A7 right takata (an owned nyumba with 6 or more is not a normal start)"
    );
    let err = start.play_text("A9 left").unwrap_err().to_string();
    assert!(err.contains("`A9` is not a pit"), "{err}");
    let err = start.play_text("A6 sideways").unwrap_err().to_string();
    assert!(err.contains("`sideways` is not a direction"), "{err}");
    let err = start.play_text("B1 left").unwrap_err().to_string();
    assert!(err.contains("back pits never start"), "{err}");
}
