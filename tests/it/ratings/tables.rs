//! Ratings shown: the leaderboard (settled players only, best first) and a player's statistics
//! over a scripted series.

use super::*;

#[test]
fn the_leaderboard_ranks_only_settled_players_best_first() {
    let w = world();
    let players: Vec<User> = (0..13)
        .map(|i| User::new(100 + i, format!("Player{i:02}")))
        .collect();
    for p in &players {
        w.store.upsert_player(p.id, &p.name, T0).unwrap();
    }
    let mut now = T0;
    // A round robin, three times: the lower number wins two games in three.
    for round in 0..3 {
        for i in 0..players.len() {
            for j in i + 1..players.len() {
                series(
                    &w.store,
                    GENERAL,
                    &players[i],
                    &players[j],
                    1,
                    (i + j + round) % 3 != 0,
                    &mut now,
                );
            }
        }
    }
    // Asha and Baraka: five games each, still provisional; Carol: four games.
    series(&w.store, GENERAL, &w.asha, &w.baraka, 5, true, &mut now);
    series(&w.store, GENERAL, &w.carol, &players[12], 4, true, &mut now);

    let ranked: Vec<Ranked> = w
        .store
        .leaderboard(Scope::Server(GUILD), Variant::Kiswahili, RuleSet::V02, 100)
        .unwrap();
    // Everyone of the round robin is ranked, best rating first.
    let mut expected: Vec<PlayerRating> = players
        .iter()
        .map(|p| w.rating(p, Scope::Server(GUILD)).unwrap())
        .collect();
    expected.sort_by(|a, b| b.rating.rating.total_cmp(&a.rating.rating));
    let got: Vec<UserId> = ranked.iter().map(|r| r.rating.user).collect();
    assert_eq!(
        got,
        expected.iter().map(|r| r.user).collect::<Vec<_>>(),
        "{ranked:?}"
    );
    assert_eq!(
        ranked.iter().map(|r| r.rank).collect::<Vec<_>>(),
        (1..=13).collect::<Vec<u32>>()
    );
    let name_at = |rank: usize| ranked[rank - 1].name.clone();
    let twelfth = players
        .iter()
        .find(|p| p.name == name_at(12))
        .unwrap()
        .clone();
    for r in &ranked {
        assert!(r.rating.games >= 5 && r.rating.rating.deviation < 110.0);
    }
    for pair in ranked.windows(2) {
        assert!(pair[0].rating.rating.rating >= pair[1].rating.rating.rating);
    }
    let asha = w.rating(&w.asha, Scope::Server(GUILD)).unwrap();
    assert!(asha.games == 5 && asha.rating.is_provisional(), "{asha:?}");

    // Through the app: the top ten, and the asker's own row below them.
    let r = w.say(
        &twelfth,
        &GENERAL,
        Command::Leaderboard {
            variant: None,
            scope: None,
        },
    );
    assert!(!r.ephemeral);
    contains(&r.text, "13 ranked players");
    contains(&r.text, &format!("Top: {}", name_at(1)));
    contains(&r.text, "You are #12 of 13.");
    let table = r.text_board().expect("a text table");
    let lines: Vec<&str> = table.lines().collect();
    for (line, rank) in [(3, 1), (12, 10)] {
        let row = format!("{rank:>4}  {}", name_at(rank));
        assert!(lines[line].starts_with(&row), "{table}");
    }
    assert_eq!(lines[13], "  ...", "{table}");
    assert!(
        lines[14].starts_with(&format!("> 12  {}", name_at(12))),
        "{table}"
    );
    assert!(!table.contains(&format!("{} ", name_at(11))), "{table}");
    assert!(!table.contains("Asha"), "{table}");
    let png = r.board_png().expect("a picture");
    assert!(png.filename.starts_with("bao-leaderboard"));

    let r = w.say(
        &w.asha,
        &GENERAL,
        Command::Leaderboard {
            variant: None,
            scope: None,
        },
    );
    contains(&r.text, "You are not ranked yet: your rating");
    let r = w.say(
        &w.carol,
        &GENERAL,
        Command::Leaderboard {
            variant: None,
            scope: Some(RatingScope::Global),
        },
    );
    assert!(r.ephemeral, "the global board is shown to the asker only");
    contains(&r.text, "everywhere: 13 ranked players");
    contains(&r.text, "You are not ranked yet: 1 more rated game needed.");
    let r = w.say(
        &w.carol,
        &Place::Dm { user: 3 },
        Command::Leaderboard {
            variant: None,
            scope: Some(RatingScope::Server),
        },
    );
    assert!(r.ephemeral);
    contains(&r.text, "in DMs only the global leaderboard exists");
    let r = w.say(
        &w.carol,
        &OTHER_SERVER,
        Command::Leaderboard {
            variant: Some(Variant::Kujifunza),
            scope: None,
        },
    );
    contains(&r.text, "0 ranked players");
    w.assert_ratings_agree();
}

#[test]
fn stats_of_a_scripted_series() {
    let w = world();
    let mut now = T0;
    // Asha against Baraka: as South W, W, then L; as North W; an agreed draw as South.
    series(&w.store, GENERAL, &w.asha, &w.baraka, 2, true, &mut now);
    series(&w.store, GENERAL, &w.asha, &w.baraka, 1, false, &mut now);
    series(&w.store, GENERAL, &w.baraka, &w.asha, 1, false, &mut now);
    now += 10;
    let g = rated_game(
        &w.store,
        GENERAL,
        &Position::start(Variant::Kiswahili).to_string(),
        &w.asha,
        &w.baraka,
        now,
        None,
    );
    w.store
        .finish_game(
            g.id,
            0,
            GameEnd {
                winner: None,
                reason: ResultReason::AgreedDraw,
            },
            now + 5,
        )
        .unwrap();
    // And a rated win against Carol in another server, then two AI games.
    series(&w.store, OTHER_SERVER, &w.asha, &w.carol, 1, true, &mut now);
    w.clock.set(now + 100);
    for level in [bao_bot::ai::Level::Easy, bao_bot::ai::Level::Hard] {
        w.say(
            &w.asha,
            &Place::Dm { user: 1 },
            Command::Ai {
                level: Some(level),
                side: None,
                variant: None,
                rules: None,
                clock: None,
            },
        );
        w.say(&w.asha, &Place::Dm { user: 1 }, Command::Resign);
    }

    let mine = w.stats(&w.asha, &GENERAL, None);
    let here = w.rating(&w.asha, Scope::Server(GUILD)).unwrap();
    let everywhere = w.rating(&w.asha, Scope::Global).unwrap();
    assert_eq!(
        (here.games, here.wins, here.losses, here.draws),
        (5, 3, 1, 1)
    );
    assert_eq!(everywhere.games, 6);
    let expected = [
        "**Asha** at Bao la Kiswahili".to_string(),
        format!(
            "Rating in this server: **{}** \u{b1} {:.0} (5 rated games: 3 wins, 1 loss, 1 draw)",
            here.rating,
            here.rating.deviation
        ),
        format!(
            "Rating everywhere: **{}** \u{b1} {:.0} (6 rated games: 4 wins, 1 loss, 1 draw)",
            everywhere.rating,
            everywhere.rating.deviation
        ),
        "Against people: 6 games (6 rated): 4 wins, 1 loss, 1 draw; as South 3-1-1, as North 1-0-0 (W-L-D)"
            .to_string(),
        "Winning streak: 1 now, best 2".to_string(),
        "Last 6 (newest first): W D W L W W".to_string(),
        "Against the AI (never rated): easy 0-1-0, hard 0-1-0 (W-L-D)".to_string(),
    ];
    assert_eq!(mine.lines().collect::<Vec<_>>(), expected, "{mine}");

    // Baraka looks at Asha: head to head from Baraka's side.
    let theirs = w.stats(&w.baraka, &GENERAL, Some(&w.asha));
    contains(&theirs, "You against Asha: 1 win, 3 losses, 1 draw");
    let carol = w.stats(&w.carol, &OTHER_SERVER, None);
    contains(&carol, "Rating in this server: **");
    contains(&carol, "(1 rated game: 0 wins, 1 loss, 0 draws)");
    assert!(
        !carol.contains("You against"),
        "no head to head with oneself"
    );
}
