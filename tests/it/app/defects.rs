//! Defects found in review, each kept fixed: a button never shows another pair's DM game, a
//! move button needs its ply, a private answer is never a board to record, and every end reason
//! is shown as stored.

use super::*;

/// Asha's game against the AI in her DMs, and its current board's buttons.
fn dm_game(w: &World) -> (bao_bot::store::Game, Vec<String>) {
    let dm = Place::Dm { user: 1 };
    let r = w.run(
        &w.asha,
        &dm,
        Command::Ai {
            level: None,
            side: Some(SideChoice::South),
            variant: None,
            rules: None,
            clock: None,
        },
    );
    let ids = r.reply.button_ids().iter().map(|s| s.to_string()).collect();
    (w.game_here(&dm), ids)
}

#[test]
fn defect_1_a_button_never_shows_another_pairs_dm_game() {
    let w = world();
    let (game, ids) = dm_game(&w);
    let moves = ids
        .iter()
        .find(|i| i.starts_with("bao:moves:"))
        .expect("a moves button");
    let mv = ids
        .iter()
        .find(|i| i.starts_with("bao:m:"))
        .expect("a move");
    // Carol, from a server channel and from her own DMs, gets the slash command's refusal.
    for place in [GENERAL, Place::Dm { user: 3 }] {
        for id in [moves, mv] {
            let r = w.press(&w.carol, &place, id);
            private(&r, "private game between other people");
            assert!(
                r.files().next().is_none() && r.text_board().is_none(),
                "{id}"
            );
            assert!(!r.text.contains("Legal moves"), "{}", r.text);
        }
    }
    assert_eq!(w.store.game(game.id).expect("store").expect("game").ply, 0);
    // Asha herself may use it from anywhere.
    let r = w.press(&w.asha, &GENERAL, moves);
    private(&r, "Legal moves");
}

#[test]
fn defect_2_a_move_button_without_its_ply_is_not_valid() {
    let w = world();
    w.start_game(None);
    let game = w.game_here(&GENERAL);
    for id in [
        format!("bao:m:{}::A6 left takata", game.id),
        format!("bao:m:{}:A6 left takata", game.id),
        "bao:m::0:A6 left takata".to_string(),
        format!("bao:m:{}:-0:A6 left takata", game.id),
    ] {
        private(&w.press(&w.asha, &GENERAL, &id), "not valid");
    }
    assert_eq!(
        w.game_here(&GENERAL).ply,
        0,
        "a forged button played a move"
    );
    // The real button still works.
    let real = format!("bao:m:{}:0:A6 left takata", game.id);
    assert!(!w.press(&w.asha, &GENERAL, &real).ephemeral);
    assert_eq!(w.game_here(&GENERAL).ply, 1);
}

#[test]
fn defect_3_a_private_answer_is_never_a_board_to_record() {
    let w = world();
    w.start_game(None);
    let game = w.game_here(&GENERAL);
    for id in [
        format!("bao:board:{}:0", game.id),
        format!("bao:moves:{}:0", game.id),
        format!("bao:m:{}:7:A6 left takata", game.id),
    ] {
        let r = w.press(&w.asha, &GENERAL, &id);
        assert!(r.ephemeral, "{id}: {}", r.text);
        assert_eq!(
            r.current_board(),
            None,
            "{id} offered a private answer as the board"
        );
    }
    // And a board shown elsewhere than the game's place is never recorded as its board.
    let elsewhere = Place::Channel {
        guild: 10,
        channel: 99,
    };
    assert!(!w
        .app
        .board_posted(game.id, game.ply, &elsewhere, 777)
        .expect("posted"));
    assert!(!w
        .app
        .board_posted(game.id, game.ply + 1, &GENERAL, 778)
        .expect("posted"));
    assert_ne!(w.game_here(&GENERAL).board_message, Some(777));
    assert_ne!(w.game_here(&GENERAL).board_message, Some(778));
}

/// A game between Asha (South) and Baraka (North) in #general from `position`.
fn game_from(w: &World, position: &str) -> bao_bot::store::Game {
    w.store
        .start_game(&bao_bot::store::NewGame {
            place: GENERAL,
            variant: bao_bot::rules::Variant::Kiswahili,
            start_position: position.to_string(),
            south: bao_bot::store::Player::Human(UserId(1)),
            north: bao_bot::store::Player::Human(UserId(2)),
            time_per_move: None,
            now: T0,
            deadline: None,
        })
        .expect("a game from a position")
}

/// The last line of a reply's text board.
fn board_last_line(r: &Reply) -> String {
    let text = r.text_board().expect("a text board");
    text.lines().last().unwrap_or_default().to_string()
}

/// Every view of the finished game `id` (the text board and picture of `/bao board`, the
/// history and its record, the game list) shows `reason` and who won.
fn shown_everywhere(w: &World, ended: &Reply, id: GameId, result: &str, reason: &str) {
    let want = format!("{result}: {reason}");
    assert_eq!(board_last_line(ended), want, "{}", ended.text);
    assert!(ended.text.contains(reason), "{}", ended.text);
    png(ended);
    let board = w.say(&w.asha, Command::Board { game: Some(id) });
    assert_eq!(board_last_line(&board), want);
    png(&board);
    let history = w.say(&w.asha, Command::History { game: Some(id) });
    assert!(history.text.contains(reason), "{}", history.text);
    let record = String::from_utf8(history.attachments[0].bytes.clone()).expect("text");
    assert!(record.contains(&format!("({reason})")), "{record}");
    let games = w.say(&w.asha, Command::Games);
    assert!(
        games.text.contains(&format!("`#{id}`")) && games.text.contains(&format!("({reason})")),
        "{}",
        games.text
    );
}

#[test]
fn defect_4_every_end_reason_is_shown_as_stored() {
    let w = world();
    // Resignation: the final board would read as a never-ending move.
    w.start_game(None);
    let id = w.game_here(&GENERAL).id;
    let r = w.say(&w.baraka, Command::Resign);
    assert!(!board_last_line(&r).contains("never-ending"), "{r:?}");
    shown_everywhere(&w, &r, id, "South wins", "resignation");

    // An agreed draw: the board is still running.
    w.start_game(None);
    let id = w.game_here(&GENERAL).id;
    w.say(&w.asha, Command::Draw);
    let r = w.say(&w.baraka, Command::Draw);
    shown_everywhere(&w, &r, id, "Game over, no winner", "agreed draw");

    // A timeout claimed by the waiting player.
    w.start_game(Some("1d"));
    let id = w.game_here(&GENERAL).id;
    w.clock.advance(86_400 + 60);
    let r = w.say(&w.baraka, Command::Claim);
    shown_everywhere(&w, &r, id, "North wins", "timeout");

    // An abandoned game, ended by the correspondence clock.
    w.start_game(Some("1d"));
    let id = w.game_here(&GENERAL).id;
    w.clock.advance(2 * 86_400 + 120);
    w.app.tick().expect("tick");
    let board = w.say(&w.asha, Command::Board { game: Some(id) });
    shown_everywhere(&w, &board, id, "Game over, no winner", "abandoned");

    // Endings made by the rules.
    let emptied = "variant=kiswahili turn=S hand=10,10 house=- takasia=- A=0,0,0,2,0,0,0,0 B=5,5,5,5,0,0,0,0 a=0,0,0,0,3,0,0,0 b=4,4,4,4,3,0,0,0";
    let id = game_from(&w, emptied).id;
    let r = w.mv(&w.asha, "A4 left capture");
    shown_everywhere(&w, &r, id, "South wins", "front row emptied");
    let endless = "variant=kiswahili turn=S hand=0,0 house=- takasia=- A=1,7,1,9,7,0,3,0 B=4,1,4,1,2,3,0,1 a=4,1,1,1,0,0,0,0 b=3,0,0,1,2,1,5,1";
    let id = game_from(&w, endless).id;
    let r = w.mv(&w.asha, "A4 right takata");
    shown_everywhere(&w, &r, id, "North wins", "never-ending move");
    let stuck = "variant=kiswahili turn=S hand=0,0 house=- takasia=- A=1,5,10,2,11,0,1,1 B=2,0,0,4,0,5,3,12 a=0,1,0,1,1,0,1,0 b=1,0,0,0,1,0,1,0";
    let id = game_from(&w, stuck).id;
    let r = w.mv(&w.asha, "A2 right capture");
    shown_everywhere(&w, &r, id, "South wins", "no legal move");
    for g in w.store.games_in(&GENERAL, 10).expect("store") {
        assert_eq!(g.status, GameStatus::Finished, "game {}", g.id);
        assert!(g.reason.is_some(), "game {} has no stored reason", g.id);
    }
}
