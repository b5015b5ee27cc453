//! Sowing animations: the frame model over random and special moves (every frame holds all 64
//! seeds, the limits hold), and the GIFs themselves decoded with the `gif` crate (frame count,
//! delays, the final hold, the last frame against the still PNG, a golden strip of frames).

use crate::support::gifs;
use gifs::{shown_frames, Shown};
use std::path::PathBuf;

use bao_bot::render::frames::{
    conserves_seeds, duration_cs, move_frames, raw_frames, FINAL_HOLD_CS, MAX_DURATION_CS,
    MAX_FRAMES,
};
use bao_bot::render::{
    game_gif, move_gif, move_gif_still, moves_gif, Event, GameGifOptions, GameRecord,
    RenderOptions, StopKind,
};
use bao_bot::rules::{LiftReason, Position, Side, Step, Trace, Variant};

/// A tiny deterministic generator for random playouts.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn pos(text: &str) -> Position {
    text.parse().expect("test position parses")
}

/// Checks the frame model of one move: all seeds on every frame, the limits, the board
/// before first and the board after last.
fn check_frames(before: &Position, trace: &Trace, after: &Position) {
    let raw = raw_frames(before, trace);
    assert!(conserves_seeds(&raw), "{}: raw frames lose seeds", trace.mv);
    let frames = move_frames(before, trace);
    for f in &frames {
        assert_eq!(f.seeds(), 64, "{}: {:?}", trace.mv, f.event);
    }
    assert!(
        frames.len() <= MAX_FRAMES,
        "{}: {} frames",
        trace.mv,
        frames.len()
    );
    assert!(
        duration_cs(&frames) <= MAX_DURATION_CS,
        "{}: {} cs",
        trace.mv,
        duration_cs(&frames)
    );
    assert_eq!(frames[0].event, Event::Before);
    assert_eq!(frames[0].pits, before_pits(before));
    let last = frames.last().expect("frames");
    assert_eq!(last.event, Event::Final);
    assert_eq!(last.delay_cs, FINAL_HOLD_CS);
    assert_eq!(last.held, 0, "{}", trace.mv);
    // The last frame is the position after the move (minus seeds a winning capture took).
    for side in Side::ALL {
        assert_eq!(last.hand[side.index()], after.hand(side));
    }
    let on_board: u32 = last.pits.iter().flatten().map(|&n| n as u32).sum();
    assert_eq!(
        on_board,
        after.seeds_on_board(Side::South) + after.seeds_on_board(Side::North)
    );
}

fn before_pits(p: &Position) -> [[u8; 16]; 2] {
    let mut out = [[0u8; 16]; 2];
    for side in Side::ALL {
        for (i, pit) in bao_bot::rules::Pit::all_of(side).enumerate() {
            out[side.index()][i] = p.seeds(pit);
        }
    }
    out
}

#[test]
fn random_moves_of_both_variants_keep_every_seed() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut moves, mut relays, mut captures, mut mtaji) = (0, 0, 0, 0);
    for game in 0..24 {
        let variant = if game % 3 == 2 {
            Variant::Kujifunza
        } else {
            Variant::Kiswahili
        };
        let mut p = Position::start(variant);
        for _ in 0..150 {
            let legal = p.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.below(legal.len())];
            let (next, trace) = p.play(&mv).expect("legal");
            if variant == Variant::Kiswahili && p.hand(p.turn()) == 0 {
                mtaji += 1;
            }
            if trace.captures().count() > 0 {
                captures += 1;
            }
            if trace.steps.iter().any(|s| {
                matches!(
                    s,
                    Step::Lift {
                        reason: LiftReason::Relay,
                        ..
                    }
                )
            }) {
                relays += 1;
            }
            check_frames(&p, &trace, &next);
            moves += 1;
            p = next;
            if p.is_over() {
                break;
            }
        }
    }
    // The playouts reached what they are meant to cover.
    assert!(moves > 1000, "{moves}");
    assert!(
        relays > 100 && captures > 100 && mtaji > 100,
        "{relays} {captures} {mtaji}"
    );
}

/// Namua nyumba choice position (docs/rules.md section 3): `a2 left capture stop` / `use`.
const HOUSE_CHOICE: &str = "variant=kiswahili turn=N hand=16,17 house=S,N takasia=- A=0,0,3,0,8,0,5,1 B=0,0,0,0,0,0,0,1 a=0,1,0,1,11,0,0,0 b=0,0,0,0,0,0,0,0";
/// A takata ending in the owned house.
const HOUSE_STOP: &str = "variant=kiswahili turn=S hand=20,20 house=S,N takasia=- A=0,2,0,0,6,0,0,0 B=0,0,0,0,0,0,0,0 a=0,0,0,0,6,0,0,0 b=0,0,0,0,0,0,0,10";
/// a6 left ends in the takasia target a4.
const TAKASIA: &str = "variant=kiswahili turn=N hand=0,0 house=- takasia=a4 A=0,0,0,3,0,0,0,3 B=2,2,2,2,2,2,2,5 a=0,0,0,2,0,2,0,3 b=4,4,4,4,4,4,4,4";
/// A4 left capture takes a5, North's last front seeds: a win mid-move.
const WIN: &str = "variant=kiswahili turn=S hand=10,10 house=- takasia=- A=0,0,0,2,0,0,0,0 B=5,5,5,5,0,0,0,0 a=0,0,0,0,3,0,0,0 b=4,4,4,4,3,0,0,0";
/// A4 right takata never ends (513 sowing runs).
const NEVER_ENDING: &str = "variant=kiswahili turn=S hand=0,0 house=- takasia=- A=1,7,1,9,7,0,3,0 B=4,1,4,1,2,3,0,1 a=4,1,1,1,0,0,0,0 b=3,0,0,1,2,1,5,1";
/// A namua capture with a relay: A3 takes a6, sows from A8 and relays on.
const NAMUA_CAPTURE: &str = "variant=kiswahili turn=S hand=19,19 house=N takasia=- A=1,0,2,0,0,1,1,1 B=0,0,1,1,1,1,1,1 a=1,1,1,0,9,2,0,0 b=0,0,0,0,0,0,0,0";

fn play(before: &str, mv: &str) -> (Position, Trace, Position) {
    let p = pos(before);
    let (_, next, trace) = p.play_text(mv).expect("test move is legal");
    (p, trace, next)
}

#[test]
fn special_moves_keep_every_seed_and_show_their_ending() {
    let events = |before: &str, mv: &str| {
        let (p, trace, next) = play(before, mv);
        check_frames(&p, &trace, &next);
        move_frames(&p, &trace)
    };
    let stop = events(HOUSE_CHOICE, "a2 left capture stop");
    assert!(stop.iter().any(|f| matches!(
        f.event,
        Event::Stop {
            why: StopKind::HouseChoice,
            ..
        }
    )));
    let used = events(HOUSE_CHOICE, "a2 left capture use");
    assert!(used.iter().any(|f| matches!(
        f.event,
        Event::Lift {
            reason: LiftReason::HouseUse,
            ..
        }
    )));
    // The house is drawn owned until it is used.
    let lift = used
        .iter()
        .position(|f| {
            matches!(
                f.event,
                Event::Lift {
                    reason: LiftReason::HouseUse,
                    ..
                }
            )
        })
        .unwrap();
    assert!(used[lift - 1].house[Side::North.index()]);
    assert!(!used[lift].house[Side::North.index()]);
    let house = events(HOUSE_STOP, "A2 right");
    assert!(house.iter().any(|f| matches!(
        f.event,
        Event::Stop {
            why: StopKind::House,
            ..
        }
    )));
    let takasia = events(TAKASIA, "a6 left");
    assert!(takasia.iter().any(|f| matches!(
        f.event,
        Event::Stop {
            why: StopKind::Takasia,
            ..
        }
    )));
    // A win mid-move: the captured seeds leave the board and are counted as removed.
    let win = events(WIN, "A4 left capture");
    let capture = win
        .iter()
        .find(|f| matches!(f.event, Event::Capture { won: true, .. }))
        .expect("a winning capture frame");
    assert_eq!(capture.removed, 3);
    assert_eq!(capture.held, 0);
    assert!(matches!(
        win[win.len() - 2].event,
        Event::GameEnd {
            winner: Side::South,
            never_ending: false
        }
    ));
    // The never-ending move is compressed and ends on a summary frame.
    let never = events(NEVER_ENDING, "A4 right takata");
    assert!(matches!(
        never[never.len() - 2].event,
        Event::GameEnd {
            winner: Side::North,
            never_ending: true
        }
    ));
    assert!(never.iter().any(|f| matches!(f.event, Event::Lap { .. })));
    let raw = raw_frames(&pos(NEVER_ENDING), &play(NEVER_ENDING, "A4 right takata").1);
    assert!(raw.len() > 1000, "{}", raw.len());
}

/// Decodes a GIF as a viewer sees it.
fn decode(bytes: &[u8]) -> (u32, u32, Vec<Shown>) {
    shown_frames(bytes)
}

/// A channel of the last GIF frame may differ from the still PNG by at most this (the
/// palette rounds anti-aliased edge pixels to the nearest of its 255 colours)...
const EDGE_TOLERANCE: u8 = 64;
/// ...the mean difference over all channels stays below this...
const MEAN_TOLERANCE: f64 = 0.5;
/// ...and at most this fraction of pixels differ by more than 8 in a channel.
const ROUNDED_FRACTION: f64 = 0.02;

#[test]
fn move_gif_decodes_with_its_frames_delays_and_the_still_last() {
    let (before, trace, after) = play(NAMUA_CAPTURE, "A3 right capture");
    let opts = RenderOptions {
        names: Some(["Asha".into(), "Baraka".into()]),
        ply: Some(7),
        ..RenderOptions::default()
    };
    let gif = move_gif(&before, &trace.mv, &opts).expect("legal");
    assert_eq!(&gif[..6], b"GIF89a");
    let (w, h, frames) = decode(&gif);
    let model = move_frames(&before, &trace);
    assert_eq!(frames.len(), model.len());
    let delays: Vec<u16> = frames.iter().map(|f| f.delay_cs).collect();
    let expected: Vec<u16> = model.iter().map(|f| f.delay_cs).collect();
    assert_eq!(delays, expected);
    assert_eq!(*delays.last().unwrap(), FINAL_HOLD_CS);
    assert!(delays.iter().all(|&d| d >= 10), "{delays:?}");

    // The still at the GIF's scale (750 px), as board_png draws it at 1000 px.
    let still = move_gif_still(
        &after,
        &RenderOptions {
            trace: Some(trace.clone()),
            ..opts.clone()
        },
    );
    let png = image::load_from_memory(&still).unwrap().to_rgb8();
    assert_eq!((w, h), png.dimensions());
    assert_eq!(w, 750, "a move's GIF is drawn at MOVE_GIF_SCALE");
    let last = &frames.last().unwrap().rgb;
    let (mut sum, mut rounded, mut worst) = (0u64, 0usize, 0u8);
    for (a, b) in last.chunks_exact(3).zip(png.as_raw().chunks_exact(3)) {
        let d = a.iter().zip(b).map(|(x, y)| x.abs_diff(*y)).max().unwrap();
        worst = worst.max(d);
        if d > 8 {
            rounded += 1;
        }
        sum += a
            .iter()
            .zip(b)
            .map(|(x, y)| x.abs_diff(*y) as u64)
            .sum::<u64>();
    }
    let pixels = (w * h) as f64;
    let mean = sum as f64 / (pixels * 3.0);
    eprintln!(
        "last frame vs still: worst {worst}, mean {mean:.3}, {rounded} pixels off by more than 8"
    );
    assert!(worst <= EDGE_TOLERANCE, "worst channel difference {worst}");
    assert!(mean < MEAN_TOLERANCE, "mean difference {mean}");
    assert!(
        (rounded as f64) < pixels * ROUNDED_FRACTION,
        "{rounded} pixels rounded by more than 8"
    );
    // The first frame is the board before the move: it differs from the last.
    assert_ne!(frames[0].rgb, *last);
}

#[test]
fn player_move_then_ai_reply_in_one_animation() {
    let before = Position::default();
    let (m1, mid, _) = before.play_text("A6 left").unwrap();
    let (m2, _, _) = mid.play_text("a6 left").unwrap();
    let one = decode(&move_gif(&before, &m1, &RenderOptions::default()).unwrap()).2;
    let both = decode(
        &moves_gif(
            &before,
            &[m1, m2],
            &RenderOptions {
                ply: Some(2),
                ..RenderOptions::default()
            },
        )
        .unwrap(),
    )
    .2;
    assert!(
        both.len() > one.len() + 3,
        "{} vs {}",
        both.len(),
        one.len()
    );
    let total: u32 = both.iter().map(|f| f.delay_cs as u32).sum();
    assert!(total <= MAX_DURATION_CS, "{total}");
    assert!(both.len() <= MAX_FRAMES);
    assert_eq!(both.last().unwrap().delay_cs, FINAL_HOLD_CS);
}

#[test]
fn long_moves_stay_within_the_limits_when_encoded() {
    let (before, trace, _) = play(NEVER_ENDING, "A4 right takata");
    let gif = move_gif(&before, &trace.mv, &RenderOptions::default()).unwrap();
    let (_, _, frames) = decode(&gif);
    assert!(frames.len() <= MAX_FRAMES, "{}", frames.len());
    let total: u32 = frames.iter().map(|f| f.delay_cs as u32).sum();
    assert!(total <= MAX_DURATION_CS, "{total}");
    assert!(gif.len() < 2 * 1024 * 1024, "{} bytes", gif.len());
}

#[test]
fn game_gif_has_one_frame_per_ply_and_checks_its_range() {
    let start = Position::default();
    let mut p = start;
    let mut moves = Vec::new();
    for _ in 0..6 {
        let mv = p.legal_moves()[0];
        p = p.play(&mv).unwrap().0;
        moves.push(mv);
    }
    let record = GameRecord { start, moves };
    let (_, _, frames) = decode(&game_gif(&record, &GameGifOptions::default()).unwrap());
    assert_eq!(frames.len(), 7, "the start and six plies");
    assert_eq!(frames.last().unwrap().delay_cs, FINAL_HOLD_CS);
    let part = GameGifOptions {
        from: 2,
        to: Some(4),
        ..GameGifOptions::default()
    };
    let (_, _, frames) = decode(&game_gif(&record, &part).unwrap());
    assert_eq!(frames.len(), 3);
    let bad = GameGifOptions {
        from: 5,
        to: Some(9),
        ..GameGifOptions::default()
    };
    let err = game_gif(&record, &bad).unwrap_err().to_string();
    assert!(err.contains("not in a game of 6 plies"), "{err}");
}

/// A strip of frames of the namua capture with its relay (before, seed from hand, capture,
/// a drop, the relay, the still), each a third of its size, compared with
/// `tests/golden/anim_namua_relay.png` (`BAO_UPDATE_GOLDEN=1` writes it anew).
#[test]
fn golden_strip_of_a_namua_capture_with_a_relay() {
    let (before, trace, _) = play(NAMUA_CAPTURE, "A3 right capture");
    assert!(trace.steps.iter().any(|s| matches!(
        s,
        Step::Lift {
            reason: LiftReason::Relay,
            ..
        }
    )));
    let gif = move_gif(
        &before,
        &trace.mv,
        &RenderOptions {
            names: Some(["Asha".into(), "Baraka".into()]),
            ply: Some(7),
            ..RenderOptions::default()
        },
    )
    .unwrap();
    let (w, h, frames) = decode(&gif);
    let model = move_frames(&before, &trace);
    let pick = |f: &dyn Fn(&Event) -> bool| model.iter().position(|m| f(&m.event)).unwrap();
    let chosen = [
        0,
        pick(&|e| matches!(e, Event::FromHand { .. })),
        pick(&|e| matches!(e, Event::Capture { .. })),
        pick(&|e| matches!(e, Event::Capture { .. })) + 2,
        pick(&|e| {
            matches!(
                e,
                Event::Lift {
                    reason: LiftReason::Relay,
                    ..
                }
            )
        }),
        model.len() - 1,
    ];
    let (tw, th) = (w / 3, h / 3);
    let mut strip = image::RgbImage::new(tw * 3, th * 2);
    for (k, &i) in chosen.iter().enumerate() {
        let frame = image::RgbImage::from_raw(w, h, frames[i].rgb.clone()).unwrap();
        let small = image::imageops::resize(&frame, tw, th, image::imageops::FilterType::Triangle);
        image::imageops::replace(
            &mut strip,
            &small,
            (k as u32 % 3 * tw) as i64,
            (k as u32 / 3 * th) as i64,
        );
    }
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/anim_namua_relay.png");
    if std::env::var_os("BAO_UPDATE_GOLDEN").is_some() {
        strip.save(&path).expect("write the golden strip");
        return;
    }
    let want = image::open(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; BAO_UPDATE_GOLDEN=1 creates it", path.display()))
        .to_rgb8();
    assert_eq!(want.dimensions(), strip.dimensions());
    let changed = want
        .pixels()
        .zip(strip.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0.iter()).any(|(x, y)| x.abs_diff(*y) > 32))
        .count();
    let total = (strip.width() * strip.height()) as usize;
    if changed * 10_000 > total {
        let actual = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("anim_namua_relay.actual.png");
        strip.save(&actual).ok();
        panic!(
            "{changed} of {total} pixels differ; actual strip in {}",
            actual.display()
        );
    }
}
