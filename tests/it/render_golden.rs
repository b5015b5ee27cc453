//! Golden pictures: each case is drawn and compared pixel by pixel (with a small tolerance)
//! with `tests/golden/NAME.png`. Run with `BAO_UPDATE_GOLDEN=1` to write the pictures anew
//! after an intended change, then look at every one before committing it.

use std::path::PathBuf;

use bao_bot::render::{board_png, RenderOptions};
use bao_bot::rules::{Position, Side};

/// A channel differing by more than this counts as a changed pixel.
const CHANNEL_TOLERANCE: u8 = 32;
/// At most this fraction of pixels may change (anti-aliasing, SIMD rounding).
const CHANGED_FRACTION: f64 = 0.0001;

fn names() -> Option<[String; 2]> {
    Some(["Asha".to_string(), "Baraka".to_string()])
}

/// Plays `mv` from `before` and returns the position and options with the move's trace.
fn after(before: &str, mv: &str, opts: RenderOptions) -> (Position, RenderOptions) {
    let pos: Position = before.parse().expect("test position parses");
    let (_, next, trace) = pos.play_text(mv).expect("test move is legal");
    (
        next,
        RenderOptions {
            trace: Some(trace),
            ..opts
        },
    )
}

fn check(name: &str, pos: &Position, opts: &RenderOptions) {
    let png = board_png(pos, opts);
    assert!(png.len() <= 200 * 1024, "{name}: {} bytes", png.len());
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.png"));
    if std::env::var_os("BAO_UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &png).expect("write golden picture");
        return;
    }
    let expected = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run with BAO_UPDATE_GOLDEN=1 to create it",
            path.display()
        )
    });
    let want = image::load_from_memory(&expected).unwrap().to_rgb8();
    let got = image::load_from_memory(&png).unwrap().to_rgb8();
    let actual = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.actual.png"));
    assert_eq!(
        want.dimensions(),
        got.dimensions(),
        "{name}: size differs (actual picture written to {})",
        {
            std::fs::write(&actual, &png).ok();
            actual.display()
        }
    );
    let changed = want
        .pixels()
        .zip(got.pixels())
        .filter(|(a, b)| {
            a.0.iter()
                .zip(b.0.iter())
                .any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE)
        })
        .count();
    let total = (want.width() * want.height()) as f64;
    if changed as f64 > total * CHANGED_FRACTION {
        std::fs::write(&actual, &png).ok();
        panic!(
            "{name}: {changed} of {total} pixels differ from {}; actual picture written to {}",
            path.display(),
            actual.display()
        );
    }
}

#[test]
fn start_position() {
    let opts = RenderOptions {
        names: names(),
        ply: Some(0),
        ..RenderOptions::default()
    };
    check("start", &Position::default(), &opts);
}

#[test]
fn namua_capture_highlighted() {
    // South's A3, with a seed from hand, captures a6, a2 and a1, entering at A8.
    let (pos, opts) = after(
        "variant=kiswahili turn=S hand=19,19 house=N takasia=- A=1,0,2,0,0,1,1,1 \
         B=0,0,1,1,1,1,1,1 a=1,1,1,0,9,2,0,0 b=0,0,0,0,0,0,0,0",
        "A3 right capture",
        RenderOptions {
            names: names(),
            ply: Some(13),
            ..RenderOptions::default()
        },
    );
    check("namua_capture", &pos, &opts);
}

#[test]
fn mtaji_takasia_target() {
    // South's takata A7 right leaves North's a1 as the only pit South could capture: takasia.
    let (pos, opts) = after(
        "variant=kiswahili turn=S hand=0,0 house=- takasia=- A=0,0,0,0,0,0,2,0 \
         B=0,0,1,2,1,0,1,4 a=4,5,1,4,5,12,3,2 b=1,0,2,5,3,1,2,3",
        "A7 right takata",
        RenderOptions {
            ply: Some(63),
            caption: Some("North to move by 30 Nov 14:00 UTC".to_string()),
            ..RenderOptions::default()
        },
    );
    assert_eq!(pos.takasia().map(|p| p.to_string()).as_deref(), Some("a1"));
    check("mtaji_takasia", &pos, &opts);
}

#[test]
fn north_view() {
    // North's a7 captures four pits, South's owned nyumba A5 among them; North at the bottom.
    let (pos, opts) = after(
        "variant=kiswahili turn=N hand=18,19 house=S takasia=- A=2,1,3,3,10,1,1,0 \
         B=0,0,0,0,0,0,0,0 a=0,1,2,0,0,0,2,1 b=0,0,0,0,0,0,0,0",
        "a7 right capture",
        RenderOptions {
            viewer: Side::North,
            names: names(),
            ply: Some(8),
            ..RenderOptions::default()
        },
    );
    assert!(!pos.owns_house(Side::South));
    check("north_view", &pos, &opts);
}

#[test]
fn finished_game() {
    // South's A2 captures North's last front-row seeds: front row emptied.
    let (pos, opts) = after(
        "variant=kiswahili turn=S hand=20,20 house=S,N takasia=- A=0,1,1,0,7,0,1,0 \
         B=0,0,0,0,0,0,1,1 a=0,0,0,1,8,0,2,1 b=0,0,0,0,0,0,0,0",
        "A2 left capture",
        RenderOptions {
            names: names(),
            ply: Some(5),
            ..RenderOptions::default()
        },
    );
    assert_eq!(pos.winner(), Some(Side::South));
    check("finished", &pos, &opts);
}
