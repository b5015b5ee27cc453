//! Games set up straight through the app, for the benchmarks that then play them over the
//! loopback stand-in for Discord.

use bao_bot::app::{App, Command, SideChoice, User};
use bao_bot::store::Place;

/// Starts a game in `place` between `south` (who challenges, South) and `north` (who
/// accepts).
pub fn start_game(app: &App, place: &Place, south: &User, north: &User) {
    let challenge = Command::Challenge {
        opponent: north.clone(),
        variant: None,
        side: Some(SideChoice::South),
        time_per_move: None,
        rules: None,
        rated: None,
        hints: None,
        clock: None,
        cap: None,
    };
    app.handle(south, place, challenge).expect("challenge");
    app.handle(north, place, Command::Accept).expect("accept");
}
