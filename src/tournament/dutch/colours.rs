//! Who takes South (White) in a pair: C.04.3 E.1–E.5.

use super::players::Player;
use crate::rules::Side;

/// The side of `p` against `o`. `initial` is the initial colour (South: the top seed
/// takes South in round 1).
pub(super) fn side_of(p: &Player, o: &Player, initial: Side) -> Side {
    if let Some(side) = by_preferences(p, o) {
        return side;
    }
    // E.5: the higher ranked (score, then pairing number) decides.
    let o_higher = (p.halves, o.rank) < (o.halves, p.rank);
    match (p.colours.pref, o.colours.pref) {
        (Some(mine), Some(theirs)) => {
            if o_higher {
                !theirs
            } else {
                mine
            }
        }
        _ => {
            // Neither has a preference: an odd pairing number gets the initial colour.
            let (higher, p_is_higher) = if o_higher { (o, false) } else { (p, true) };
            let higher_side = if higher.rank % 2 == 0 {
                initial
            } else {
                !initial
            };
            if p_is_higher {
                higher_side
            } else {
                !higher_side
            }
        }
    }
}

/// E.1–E.4: both preferences met; then an absolute preference (the larger imbalance
/// first); then a strong one; then alternate from the last round where the two had
/// different sides. `None` when none of these decides.
fn by_preferences(p: &Player, o: &Player) -> Option<Side> {
    let (cp, co) = (&p.colours, &o.colours);
    if cp.pref != co.pref || cp.pref.is_none() || co.pref.is_none() {
        return cp.pref.or(co.pref.map(|s| !s));
    }
    if cp.absolute() && (cp.imbalance > co.imbalance || !co.absolute()) {
        return cp.pref;
    }
    if co.absolute() && (co.imbalance > cp.imbalance || !cp.absolute()) {
        return co.pref.map(|s| !s);
    }
    if cp.strong() && !co.strong() {
        return cp.pref;
    }
    if co.strong() && !cp.strong() {
        return co.pref.map(|s| !s);
    }
    p.sides
        .iter()
        .rev()
        .zip(o.sides.iter().rev())
        .find(|(a, b)| a != b)
        .map(|(_, theirs)| *theirs)
}
