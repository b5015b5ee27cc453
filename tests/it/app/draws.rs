//! Declining a draw offer: by `/bao draw decline:true`, by the Decline button beside the
//! offer's Accept, or by the board's Decline draw button; refused when there is no offer of
//! the opponent's to decline; the game goes on and the offerer is pinged.

use super::*;

/// The board Baraka sees after Asha's first move, and Asha's draw offer on it.
fn offered(w: &World) -> Reply {
    w.start_game(None);
    w.mv(&w.asha, "a6 left");
    let offer = w.say(&w.asha, Command::Draw);
    assert!(offer.text.contains("offers a draw"), "{}", offer.text);
    offer
}

#[test]
fn a_draw_offer_is_declined_by_command_and_the_game_goes_on() {
    let w = world();
    w.start_game(None);
    // Nothing to decline yet, and not one's own offer.
    private(
        &w.say(&w.baraka, Command::DeclineDraw),
        "no draw offer of your opponent's",
    );
    w.mv(&w.asha, "a6 left");
    w.say(&w.asha, Command::Draw);
    private(
        &w.say(&w.asha, Command::DeclineDraw),
        "no draw offer of your opponent's",
    );
    private(&w.say(&w.carol, Command::DeclineDraw), "not playing");
    let declined = w.say(&w.baraka, Command::DeclineDraw);
    assert!(!declined.ephemeral, "{}", declined.text);
    assert!(
        declined.text.contains("Baraka declines the draw"),
        "{}",
        declined.text
    );
    // The offerer is pinged, and only she.
    assert_eq!(declined.mention, Some(UserId(1)));
    let g = w.game_here(&GENERAL);
    assert_eq!((g.status, g.draw_offered_by), (GameStatus::Active, None));
    // Declined once: a second decline finds nothing.
    private(
        &w.say(&w.baraka, Command::DeclineDraw),
        "no draw offer of your opponent's",
    );
}

#[test]
fn the_offer_carries_a_decline_button_beside_accept() {
    let w = world();
    let offer = offered(&w);
    let ids: Vec<String> = offer.button_ids().iter().map(|s| s.to_string()).collect();
    assert_eq!(ids.len(), 2, "{ids:?}");
    assert!(ids[0].starts_with("bao:draw:"), "{ids:?}");
    assert!(ids[1].starts_with("bao:nodraw:"), "{ids:?}");
    // The offerer's own press is refused; the opponent's declines.
    private(
        &w.press(&w.asha, &GENERAL, &ids[1]),
        "no draw offer of your opponent's",
    );
    let declined = w.press(&w.baraka, &GENERAL, &ids[1]);
    assert!(
        declined.text.contains("Baraka declines the draw"),
        "{}",
        declined.text
    );
    assert_eq!(w.game_here(&GENERAL).draw_offered_by, None);
    // After a move the offer's buttons are out of date.
    let pos: Position = w.game_here(&GENERAL).position.parse().expect("pos");
    w.mv(&w.baraka, &pos.legal_moves()[0].to_string());
    w.say(&w.asha, Command::Draw);
    let stale = w.press(&w.baraka, &GENERAL, &ids[0]);
    assert!(stale.ephemeral, "{}", stale.text);
    assert_eq!(w.game_here(&GENERAL).status, GameStatus::Active);
}

#[test]
fn the_board_shows_decline_draw_only_while_an_offer_stands() {
    let w = world();
    offered(&w);
    let board = w.say(&w.baraka, Command::Board { game: None });
    let ids = board.button_ids();
    let decline = ids
        .iter()
        .find(|i| i.starts_with("bao:nodraw:"))
        .expect("a Decline draw button")
        .to_string();
    assert!(
        board.render().contains("offers a draw"),
        "{}",
        board.render()
    );
    let declined = w.press(&w.baraka, &GENERAL, &decline);
    assert!(
        declined.text.contains("declines the draw"),
        "{}",
        declined.text
    );
    let board = w.say(&w.baraka, Command::Board { game: None });
    assert!(
        !board
            .button_ids()
            .iter()
            .any(|i| i.starts_with("bao:nodraw:")),
        "{:?}",
        board.button_ids()
    );
}
