//! The app's test world, shared by the app tests that need it: an in-memory store, a clock
//! moved by hand, the app over them, three players, and the check of a private refusal.

#![allow(dead_code)]

use std::sync::Arc;

use bao_bot::app::{App, ManualClock, Reply, Settings, User};
use bao_bot::store::{Place, Store};

/// When every test world starts.
pub const T0: i64 = 1_800_000_000;
/// A server channel.
pub const GENERAL: Place = Place::Channel {
    guild: 10,
    channel: 20,
};

/// The app over a fresh store, with Asha, Baraka and Carol.
pub struct World {
    pub app: App,
    pub store: Arc<Store>,
    pub clock: Arc<ManualClock>,
    pub asha: User,
    pub baraka: User,
    pub carol: User,
}

/// A world with the default settings, its clock at [`T0`].
pub fn world() -> World {
    let store = Arc::new(Store::open_in_memory().expect("store"));
    let clock = Arc::new(ManualClock::new(T0));
    World {
        app: App::new(store.clone(), clock.clone(), Settings::default()),
        store,
        clock,
        asha: User::new(1, "Asha"),
        baraka: User::new(2, "Baraka"),
        carol: User::new(3, "Carol"),
    }
}

/// `r` is a private reply containing `needle`, and shows nothing else (no picture, no
/// buttons).
pub fn private(r: &Reply, needle: &str) {
    assert!(r.ephemeral, "expected a private reply, got: {}", r.text);
    assert!(
        r.text.contains(needle),
        "expected `{needle}` in: {}",
        r.text
    );
    assert!(r.files().next().is_none(), "a refusal shows nothing");
    assert!(r.buttons.is_empty(), "a refusal has no buttons");
}
