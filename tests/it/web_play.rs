//! Playing from the game page (issue 47), over plain HTTP through the router (no browser):
//! the play link in `/bao board` (and its Swahili label), `play.json`, a move by POST stored
//! once however often its request is repeated, the stale-ply refusal with what happened,
//! the 403s (no token, forged, revoked, another game's, the other player's turn), bodies
//! over 4 KB or not JSON, a race between the page and `/bao move` at one ply, and a draw
//! and a resignation from the page, a draw offer declined. The chat's messages are what the bot's outbox would
//! send: each move's board goes to the game's channel exactly once.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use crate::support::web::*;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use bao_bot::app::{
    App, Command, Destination, GameId, Lang, ManualClock, Notice, Notify, PlayRequest, PrefsChange,
    Settings, User,
};
use bao_bot::rules::Position;
use bao_bot::store::{GameStatus, Store};
use bao_bot::web::{self, Play, WebOptions};

const URL: &str = "https://bao.example.org";

/// A response: status and JSON body.
struct Got {
    status: StatusCode,
    body: Vec<u8>,
}

impl Got {
    fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&self.body)))
    }
    fn words(&self) -> String {
        self.json()["words"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }
}

/// The writing app, the pages' router with play on, and what the chat was sent.
struct Table {
    _dir: tempfile::TempDir,
    app: Arc<App>,
    router: Router,
    chat: Arc<Mutex<Vec<Notice>>>,
    game: GameId,
}

fn table() -> Table {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    let store = Arc::new(Store::open(&path).unwrap());
    let clock = Arc::new(ManualClock::new(T0));
    let settings = Settings {
        animation: false,
        public_url: Some(URL.into()),
        ..Settings::default()
    };
    let app = Arc::new(App::new(store, clock, settings));
    app.channel_visibility(&PUBLIC, true).unwrap();
    let game = start(&app, &PUBLIC);
    let pages = pages(&path);
    let chat = Arc::new(Mutex::new(Vec::new()));
    let sink = chat.clone();
    let play = Play::new(
        app.clone(),
        Arc::new(move |notices: Vec<Notice>| sink.lock().unwrap().extend(notices)),
    );
    let router = web::router_with_play(pages, &WebOptions::default(), Some(play));
    Table {
        _dir: dir,
        app,
        router,
        chat,
        game,
    }
}

impl Table {
    /// The play link `who` gets from `/bao board` (privately).
    fn link(&self, who: &User) -> String {
        let r = self
            .app
            .handle(who, &PUBLIC, Command::Board { game: None })
            .unwrap()
            .reply;
        assert!(r.ephemeral, "the board with a play link is private");
        let links = r.links();
        assert_eq!(links.len(), 1, "{:?}", r.buttons);
        links[0].to_string()
    }

    fn token(&self, who: &User) -> String {
        let link = self.link(who);
        link.split_once("#play=")
            .expect("a play token")
            .1
            .to_string()
    }

    fn position(&self) -> (u32, Position) {
        let g = self.app.store().game(self.game).unwrap().unwrap();
        (g.ply, g.position.parse().unwrap())
    }

    fn moves_stored(&self) -> usize {
        self.app.store().moves(self.game).unwrap().len()
    }

    fn boards_sent(&self) -> usize {
        self.chat
            .lock()
            .unwrap()
            .iter()
            .filter(|n| n.to == Destination::Place(PUBLIC) && n.reply.board.is_some())
            .count()
    }

    async fn send(&self, method: &str, route: &str, token: Option<&str>, body: Body) -> Got {
        let uri = format!("/g/{}/{route}", self.game.0);
        send(&self.router, method, &uri, token, body).await
    }

    async fn post_move(&self, token: &str, text: &str, ply: u32, request: &str) -> Got {
        let body = serde_json::json!({ "move": text, "ply": ply, "request_id": request });
        self.send("POST", "move", Some(token), Body::from(body.to_string()))
            .await
    }

    async fn act(&self, token: &str, action: &str, ply: u32) -> Got {
        let body = serde_json::json!({ "action": action, "ply": ply });
        self.send("POST", "act", Some(token), Body::from(body.to_string()))
            .await
    }
}

async fn send(router: &Router, method: &str, uri: &str, token: Option<&str>, body: Body) -> Got {
    let mut request = Request::builder().method(method).uri(uri);
    if let Some(t) = token {
        request = request.header("X-Bao-Play", t);
    }
    let request = request
        .header("content-type", "application/json")
        .body(body)
        .unwrap();
    let from: SocketAddr = "127.0.0.1:50001".parse().unwrap();
    let (status, _, body) = crate::support::web::answer(router, request, from).await;
    Got { status, body }
}

fn first_move(pos: &Position) -> String {
    pos.legal_moves()[0].to_string()
}

#[tokio::test]
async fn a_move_by_post_is_stored_once_however_often_its_request_comes() {
    let t = table();
    let asha_token = t.token(&asha());
    let (ply, pos) = t.position();
    assert_eq!(ply, 0);
    let text = first_move(&pos);
    let first = t.post_move(&asha_token, &text, 0, "req-1").await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.words());
    assert_eq!(first.json()["ply"], 1);
    assert_eq!(first.json()["played"], text.as_str());
    assert_eq!(t.moves_stored(), 1);
    assert_eq!(t.boards_sent(), 1, "the channel gets the board once");
    {
        let chat = t.chat.lock().unwrap();
        let board = chat.iter().find(|n| n.reply.board.is_some()).unwrap();
        assert_eq!(board.reply.current_board(), Some((t.game, 1)));
        assert!(
            board.reply.render().contains("Asha: "),
            "{}",
            board.reply.render()
        );
        assert!(!board.reply.ephemeral);
    }
    let again = t.post_move(&asha_token, &text, 0, "req-1").await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.body, first.body, "the same answer both times");
    assert_eq!(t.moves_stored(), 1, "stored once");
    assert_eq!(t.boards_sent(), 1, "and shown once");
    // The same request id for another move: refused, nothing stored.
    let (_, pos) = t.position();
    let other = first_move(&pos);
    let baraka_token = t.token(&baraka());
    let reused = t.post_move(&baraka_token, &other, 1, "req-1").await;
    assert_eq!(reused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        reused.words().contains("already used"),
        "{}",
        reused.words()
    );
    assert_eq!(t.moves_stored(), 1);
    // The store holds the request with its move.
    let stored = t
        .app
        .store()
        .move_request(t.game, "req-1")
        .unwrap()
        .unwrap();
    assert_eq!((stored.ply, stored.text.as_str()), (0, text.as_str()));
}

#[tokio::test]
async fn a_move_chosen_at_an_older_ply_is_refused_with_what_happened() {
    let t = table();
    let (asha_token, baraka_token) = (t.token(&asha()), t.token(&baraka()));
    let (_, pos) = t.position();
    let text = first_move(&pos);
    assert_eq!(
        t.post_move(&asha_token, &text, 0, "a").await.status,
        StatusCode::OK
    );
    // Baraka's page still showed ply 0.
    let (_, pos) = t.position();
    let reply = first_move(&pos);
    let stale = t.post_move(&baraka_token, &reply, 0, "b").await;
    assert_eq!(stale.status, StatusCode::CONFLICT);
    let json = stale.json();
    assert_eq!(json["ply"], 1, "the new ply");
    assert_eq!(json["outcome"], "stale");
    let happened = json["happened"][0].as_str().unwrap();
    assert_eq!(happened, format!("Asha played {text}"));
    assert!(stale.words().contains(&format!("Asha played {text}")));
    assert_eq!(t.moves_stored(), 1);
    // At the right ply it is played.
    let ok = t.post_move(&baraka_token, &reply, 1, "b2").await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.words());
    assert_eq!(t.moves_stored(), 2);
    // A ply ahead of the game is a bad request.
    let ahead = t.post_move(&asha_token, &reply, 9, "c").await;
    assert_eq!(ahead.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn forged_revoked_and_other_tokens_get_403_and_store_nothing() {
    let t = table();
    let asha_token = t.token(&asha());
    let baraka_token = t.token(&baraka());
    let (_, pos) = t.position();
    let text = first_move(&pos);
    // No token, a forged one, one cut short, another side's letter on Asha's MAC.
    let mut swapped = asha_token.clone();
    swapped.replace_range(0..1, "n");
    for token in [
        None,
        Some("sAAAAAAAAAAAAAAAAAAAAAA"),
        Some(&asha_token[..10]),
        Some(swapped.as_str()),
    ] {
        let got = match token {
            Some(tk) => t.post_move(tk, &text, 0, "x").await,
            None => {
                let body = serde_json::json!({ "move": text, "ply": 0, "request_id": "x" });
                t.send("POST", "move", None, Body::from(body.to_string()))
                    .await
            }
        };
        assert_eq!(got.status, StatusCode::FORBIDDEN, "{token:?}");
        assert!(
            got.words().contains("does not let you play"),
            "{}",
            got.words()
        );
    }
    // The other player's turn: Baraka's own token, but South is to move.
    let early = t.post_move(&baraka_token, &text, 0, "y").await;
    assert_eq!(early.status, StatusCode::FORBIDDEN);
    assert!(early.words().contains("not your turn"), "{}", early.words());
    // Another game's token.
    let other = start(&t.app, &LOBBY);
    let uri = format!("/g/{}/move", other.0);
    let body = serde_json::json!({ "move": text, "ply": 0, "request_id": "z" });
    let got = send(
        &t.router,
        "POST",
        &uri,
        Some(&asha_token),
        Body::from(body.to_string()),
    )
    .await;
    assert_eq!(got.status, StatusCode::FORBIDDEN);
    // An unknown game answers as a forged token does (a private game is never revealed).
    let body = serde_json::json!({ "move": text, "ply": 0, "request_id": "z" });
    let unknown = send(
        &t.router,
        "POST",
        "/g/999/move",
        Some(&asha_token),
        Body::from(body.to_string()),
    )
    .await;
    assert_eq!(unknown.status, StatusCode::FORBIDDEN);
    assert_eq!(t.moves_stored(), 0);
    assert_eq!(t.app.store().moves(other).unwrap().len(), 0);
    assert_eq!(t.boards_sent(), 0);

    // Revoked: a new link, and the old one stops working.
    let renewed = t
        .app
        .handle(&asha(), &PUBLIC, Command::NewPlayLink { game: None })
        .unwrap()
        .reply;
    assert!(renewed.ephemeral);
    assert!(
        renewed.render().contains("old link"),
        "{}",
        renewed.render()
    );
    let new_token = renewed.links()[0]
        .split_once("#play=")
        .unwrap()
        .1
        .to_string();
    assert_ne!(new_token, asha_token);
    assert_eq!(t.token(&asha()), new_token, "/bao board gives the new link");
    let old = t.post_move(&asha_token, &text, 0, "r").await;
    assert_eq!(old.status, StatusCode::FORBIDDEN);
    assert_eq!(t.moves_stored(), 0);
    let new = t.post_move(&new_token, &text, 0, "r").await;
    assert_eq!(new.status, StatusCode::OK, "{}", new.words());
    assert_eq!(t.moves_stored(), 1);
    // play.json too: the old token reads nothing.
    let state = t
        .send("GET", "play.json", Some(&asha_token), Body::empty())
        .await;
    assert_eq!(state.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn bodies_over_4_kb_or_not_json_and_bad_moves_are_refused_in_words() {
    let t = table();
    let token = t.token(&asha());
    let big = format!(
        "{{\"move\":\"{}\",\"ply\":0,\"request_id\":\"big\"}}",
        "a".repeat(5000)
    );
    let got = t.send("POST", "move", Some(&token), Body::from(big)).await;
    assert_eq!(got.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(got.words().contains("4096 bytes"), "{}", got.words());
    for bad in ["not json", "{\"move\": 5}", "[]", ""] {
        let got = t.send("POST", "move", Some(&token), Body::from(bad)).await;
        assert_eq!(got.status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(got.words().contains("must be JSON"), "{}", got.words());
    }
    // Unknown notation and an illegal move: the game's own words, nothing stored.
    let unread = t.post_move(&token, "fly away", 0, "u1").await;
    assert_eq!(unread.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!unread.words().is_empty());
    let illegal = t.post_move(&token, "a1 left capture", 0, "u2").await;
    assert_eq!(illegal.status, StatusCode::UNPROCESSABLE_ENTITY);
    // In Swahili when the page asks for it.
    let uri = format!("/g/{}/move?lang=sw", t.game.0);
    let sw = send(&t.router, "POST", &uri, Some("sBAD"), Body::from("{}")).await;
    assert_eq!(sw.status, StatusCode::BAD_REQUEST);
    let body = serde_json::json!({ "move": "x", "ply": 0, "request_id": "s" });
    let sw = send(
        &t.router,
        "POST",
        &uri,
        Some("sBADBADBAD"),
        Body::from(body.to_string()),
    )
    .await;
    assert_eq!(sw.status, StatusCode::FORBIDDEN);
    assert!(sw.words().contains("Kiungo hiki"), "{}", sw.words());
    assert_eq!(t.moves_stored(), 0);
    assert_eq!(t.boards_sent(), 0);
}

#[tokio::test]
async fn play_json_lists_the_holders_moves_by_pit_on_their_turn_only() {
    let t = table();
    let (asha_token, baraka_token) = (t.token(&asha()), t.token(&baraka()));
    let got = t
        .send("GET", "play.json", Some(&asha_token), Body::empty())
        .await;
    assert_eq!(got.status, StatusCode::OK);
    let json = got.json();
    assert_eq!(json["side"], "S");
    assert_eq!(json["your_turn"], true);
    assert_eq!(json["one_tap"], false);
    let (_, pos) = t.position();
    let mut listed: Vec<String> = Vec::new();
    for pit in json["pits"].as_array().unwrap() {
        let name = pit["pit"].as_str().unwrap();
        for mv in pit["moves"].as_array().unwrap() {
            let text = mv["move"].as_str().unwrap();
            assert!(text.starts_with(name), "{text} from {name}");
            assert!(!mv["words"].as_str().unwrap().is_empty());
            listed.push(text.to_string());
        }
    }
    let legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(listed, legal, "exactly the lines `bao-bot moves` prints");
    let off = t
        .send("GET", "play.json", Some(&baraka_token), Body::empty())
        .await;
    assert_eq!(off.json()["your_turn"], false);
    assert_eq!(off.json()["pits"].as_array().unwrap().len(), 0);
    // The one-tap preference reaches the page.
    t.app
        .handle(
            &asha(),
            &PUBLIC,
            Command::Prefs(PrefsChange {
                one_tap: Some(true),
                ..PrefsChange::default()
            }),
        )
        .unwrap();
    let got = t
        .send("GET", "play.json", Some(&asha_token), Body::empty())
        .await;
    assert_eq!(got.json()["one_tap"], true);
}

#[tokio::test]
async fn a_race_between_the_page_and_bao_move_stores_exactly_one() {
    for round in 0..6 {
        let t = table();
        let token = t.token(&asha());
        let (_, pos) = t.position();
        let legal = pos.legal_moves();
        let (web_move, chat_move) = (legal[0].to_string(), legal[legal.len() - 1].to_string());
        let barrier = Arc::new(std::sync::Barrier::new(2));
        let (app, b) = (t.app.clone(), barrier.clone());
        let game = t.game.0;
        let web = std::thread::spawn(move || {
            b.wait();
            app.web_play(
                game,
                &token,
                None,
                PlayRequest::Move {
                    text: web_move,
                    ply: 0,
                    request: format!("race-{round}"),
                },
            )
            .unwrap()
        });
        let (app, b) = (t.app.clone(), barrier);
        let chat = std::thread::spawn(move || {
            b.wait();
            app.handle(
                &asha(),
                &PUBLIC,
                Command::Move {
                    text: chat_move,
                    game: None,
                },
            )
            .unwrap()
        });
        let web = web.join().unwrap();
        let chat = chat.join().unwrap();
        assert_eq!(t.moves_stored(), 1, "round {round}: exactly one stored");
        let web_won = web.reply.ok;
        let chat_won = !chat.reply.ephemeral;
        assert!(
            web_won != chat_won,
            "round {round}: one wins, {web:?} / {}",
            chat.reply.render()
        );
        if web_won {
            assert_eq!(
                web.notices
                    .iter()
                    .filter(|n| n.reply.board.is_some())
                    .count(),
                1
            );
        } else {
            assert_eq!(web.reply.ply, 1, "the page hears the new ply");
            assert!(
                web.notices.is_empty(),
                "nothing for the chat from the loser"
            );
        }
    }
}

#[tokio::test]
async fn a_draw_and_a_resignation_from_the_page() {
    let t = table();
    let (asha_token, baraka_token) = (t.token(&asha()), t.token(&baraka()));
    let offer = t.act(&asha_token, "draw", 0).await;
    assert_eq!(offer.status, StatusCode::OK, "{}", offer.words());
    let g = t.app.store().game(t.game).unwrap().unwrap();
    assert!(g.draw_offered_by.is_some());
    assert_eq!(
        t.chat.lock().unwrap().len(),
        1,
        "the offer is posted in the channel"
    );
    let seen = t
        .send("GET", "play.json", Some(&baraka_token), Body::empty())
        .await;
    assert_eq!(seen.json()["draw_offered"], true);
    let accept = t.act(&baraka_token, "draw", 0).await;
    assert_eq!(accept.status, StatusCode::OK, "{}", accept.words());
    let g = t.app.store().game(t.game).unwrap().unwrap();
    assert_eq!(g.status, GameStatus::Finished);
    assert_eq!(g.winner, None);
    // A finished game: a move is refused, and the token reads a finished state.
    let late = t.post_move(&asha_token, "A4 left capture", 0, "late").await;
    assert_eq!(late.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(late.words().contains("is over"), "{}", late.words());
    let bad = t.act(&asha_token, "fly", 0).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);

    // Another game: resigned from the page.
    let t = table();
    let token = t.token(&baraka());
    let resign = t.act(&token, "resign", 0).await;
    assert_eq!(resign.status, StatusCode::OK, "{}", resign.words());
    let g = t.app.store().game(t.game).unwrap().unwrap();
    assert_eq!(g.status, GameStatus::Finished);
    assert_eq!(g.winner, Some(bao_bot::rules::Side::South));
    let chat = t.chat.lock().unwrap();
    assert!(
        chat.iter().any(|n| n.reply.render().contains("resigns")),
        "{chat:?}"
    );
}

#[tokio::test]
async fn a_draw_offer_declined_from_the_page_tells_the_chat_and_the_game_goes_on() {
    let t = table();
    let (asha_token, baraka_token) = (t.token(&asha()), t.token(&baraka()));
    // Nothing to decline yet: refused in words, nothing stored or said.
    let early = t.act(&baraka_token, "decline", 0).await;
    assert_eq!(early.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(early.words().contains("no draw offer"), "{}", early.words());
    assert!(t.chat.lock().unwrap().is_empty());
    let offer = t.act(&asha_token, "draw", 0).await;
    assert_eq!(offer.status, StatusCode::OK, "{}", offer.words());
    // The offerer cannot decline their own offer.
    let own = t.act(&asha_token, "decline", 0).await;
    assert_eq!(own.status, StatusCode::UNPROCESSABLE_ENTITY);
    let declined = t.act(&baraka_token, "decline", 0).await;
    assert_eq!(declined.status, StatusCode::OK, "{}", declined.words());
    let g = t.app.store().game(t.game).unwrap().unwrap();
    assert_eq!(g.status, GameStatus::Active);
    assert_eq!(g.draw_offered_by, None);
    let said: Vec<String> = t
        .chat
        .lock()
        .unwrap()
        .iter()
        .map(|n| n.reply.render())
        .collect();
    assert_eq!(said.len(), 2, "the offer, then the answer: {said:?}");
    assert!(said[1].contains("declines the draw; <@1>"), "{said:?}");
    let seen = t
        .send("GET", "play.json", Some(&asha_token), Body::empty())
        .await;
    assert_eq!(seen.json()["draw_offered"], false);
}

#[tokio::test]
async fn the_play_button_goes_to_players_only_in_their_language() {
    let t = table();
    // Baraka speaks Swahili.
    t.app
        .handle(
            &baraka(),
            &PUBLIC,
            Command::Prefs(PrefsChange {
                language: Some(Some(Lang::Sw)),
                ..PrefsChange::default()
            }),
        )
        .unwrap();
    let board = t
        .app
        .handle(&baraka(), &PUBLIC, Command::Board { game: None })
        .unwrap()
        .reply;
    assert!(board.ephemeral);
    assert!(board.board.is_some(), "the board itself comes too");
    assert_eq!(board.links().len(), 1);
    let label = board
        .buttons
        .iter()
        .flatten()
        .find(|b| b.style == bao_bot::app::ButtonStyle::Link)
        .unwrap()
        .label
        .clone();
    assert_eq!(label, "Cheza kwenye bao");
    assert!(board.links()[0].starts_with(&format!("{URL}/g/{}#play=n", t.game.0)));
    let asha_board = t
        .app
        .handle(&asha(), &PUBLIC, Command::Board { game: None })
        .unwrap()
        .reply;
    let label = asha_board.button_labels().last().unwrap().to_string();
    assert_eq!(label, "Play on the board");
    assert_ne!(
        asha_board.links(),
        board.links(),
        "each player their own link"
    );
    // An onlooker's board is public, without a link.
    let carol = User::new(3, "Carol");
    let onlooker = t
        .app
        .handle(&carol, &PUBLIC, Command::Board { game: None })
        .unwrap()
        .reply;
    assert!(!onlooker.ephemeral && onlooker.links().is_empty());
    // A DM turn notice carries the player's link.
    t.app
        .handle(&baraka(), &PUBLIC, Command::Notify(Notify::Dm))
        .unwrap();
    let (_, pos) = t.position();
    let moved = t
        .app
        .handle(
            &asha(),
            &PUBLIC,
            Command::Move {
                text: first_move(&pos),
                game: None,
            },
        )
        .unwrap();
    assert!(moved.reply.links().is_empty(), "never on the public board");
    let dm = moved
        .notices
        .iter()
        .find(|n| n.to == Destination::Dm(baraka().id))
        .expect("a DM turn notice");
    assert_eq!(dm.reply.links(), board.links());
    assert_eq!(dm.reply.button_labels(), vec!["Cheza kwenye bao"]);
}

#[test]
fn without_a_public_address_the_board_is_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let (app, _) = writer(&dir.path().join("bao.db"));
    let id = start(&app, &PUBLIC);
    let board = app
        .handle(&asha(), &PUBLIC, Command::Board { game: None })
        .unwrap()
        .reply;
    assert!(!board.ephemeral && board.links().is_empty());
    assert_eq!(app.play_link_of(id, asha().id).unwrap(), None);
    let refused = app
        .handle(&asha(), &PUBLIC, Command::NewPlayLink { game: None })
        .unwrap()
        .reply;
    assert!(refused.ephemeral);
    assert!(
        refused.render().contains("no web address"),
        "{}",
        refused.render()
    );
}
