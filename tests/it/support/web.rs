//! A database of games for the web tests and the web benchmark, made through the app as the
//! bot makes them, and the web server over it on a loopback port.
//!
//! Games: a long game between people in a public channel (finished or left running), a
//! game in a private channel (token only), a game in a DM (token only), an analysed game,
//! and a small round robin in a public channel.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use bao_bot::app::{App, Command, GameId, ManualClock, Place, Settings, SideChoice, User};
use bao_bot::rules::{Position, Variant};
use bao_bot::store::Store;
use bao_bot::web::{self, WebOptions};

/// Sends `request` through `router` as if it came from `from` (the address the request limit
/// sees), and reads the whole answer: its status, headers and body.
pub async fn answer(
    router: &axum::Router,
    mut request: axum::http::Request<axum::body::Body>,
    from: SocketAddr,
) -> (axum::http::StatusCode, axum::http::HeaderMap, Vec<u8>) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    request
        .extensions_mut()
        .insert(axum::extract::ConnectInfo(from));
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = response
        .into_body()
        .collect()
        .await
        .unwrap()
        .to_bytes()
        .to_vec();
    (status, headers, body)
}

/// When the games start.
pub const T0: i64 = 1_800_000_000;
/// The public channel.
pub const PUBLIC: Place = Place::Channel {
    guild: 10,
    channel: 20,
};
/// A channel nothing is known about (so private).
pub const PRIVATE: Place = Place::Channel {
    guild: 10,
    channel: 30,
};
/// Another public channel (for a running game).
pub const LOBBY: Place = Place::Channel {
    guild: 10,
    channel: 40,
};

/// The players.
pub fn asha() -> User {
    User::new(1, "Asha")
}
/// The players.
pub fn baraka() -> User {
    User::new(2, "Baraka <b>&amp;</b> \"Co\"")
}

/// The writing app over `path` (as the bot or the console runs it).
pub fn writer(path: &Path) -> (Arc<App>, Arc<ManualClock>) {
    let store = Store::open(path).expect("store");
    let clock = Arc::new(ManualClock::new(T0));
    // Boards after moves come still (no move GIFs): the fixtures play many moves.
    let settings = Settings {
        animation: false,
        ..Settings::default()
    };
    let app = App::new(Arc::new(store), clock.clone(), settings);
    (Arc::new(app), clock)
}

/// The pages' own app over `path`: a read-only store, one render worker.
pub fn pages(path: &Path) -> Arc<App> {
    let settings = Settings {
        render_workers: 1,
        ..Settings::default()
    };
    Arc::new(App::read_only(path, Arc::new(bao_bot::app::SystemClock), settings).unwrap())
}

/// Starts a game at `place`, Asha South, Baraka North; returns its id.
pub fn start(app: &App, place: &Place) -> GameId {
    let challenge = Command::Challenge {
        opponent: baraka(),
        variant: Some(Variant::Kiswahili),
        side: Some(SideChoice::South),
        time_per_move: None,
        rules: None,
        rated: Some(false),
        hints: None,
        clock: None,
        cap: None,
    };
    app.handle(&asha(), place, challenge).expect("challenge");
    app.handle(&baraka(), place, Command::Accept)
        .expect("accept");
    let store = app.store();
    store.game_in(place).expect("store").expect("a game").id
}

/// The move a test plays at ply `k` in `pos`: every seventh legal move, round the list.
pub fn pick(pos: &Position, k: usize) -> Option<String> {
    let legal = pos.legal_moves();
    (!legal.is_empty()).then(|| legal[(k * 7) % legal.len()].to_string())
}

/// A line of `n` plies from `start` along which the game does not end (a depth-first
/// search over the legal moves, taken round from every seventh), or the longest found.
pub fn long_line(start: &Position, n: usize) -> Vec<String> {
    fn dfs(
        pos: &Position,
        n: usize,
        line: &mut Vec<bao_bot::rules::Move>,
        best: &mut Vec<bao_bot::rules::Move>,
        budget: &mut u32,
    ) -> bool {
        if line.len() > best.len() {
            *best = line.clone();
        }
        if line.len() == n {
            return true;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let legal = pos.legal_moves();
        let k = line.len();
        for i in 0..legal.len() {
            let mv = legal[(k * 7 + i) % legal.len()];
            let next = pos.play_unchecked(&mv);
            if next.is_over() {
                continue;
            }
            line.push(mv);
            if dfs(&next, n, line, best, budget) {
                return true;
            }
            line.pop();
        }
        false
    }
    let (mut line, mut best, mut budget) = (Vec::new(), Vec::new(), 200_000);
    dfs(start, n, &mut line, &mut best, &mut budget);
    best.iter().map(|m| m.to_string()).collect()
}

/// Plays `line` in game `id` at `place` through the app, from its current ply.
pub fn play_line(app: &App, place: &Place, id: GameId, line: &[String]) {
    for text in line {
        let game = app.store().game(id).expect("store").expect("game");
        let pos: Position = game.position.parse().expect("position");
        let who = if pos.turn() == bao_bot::rules::Side::South {
            asha()
        } else {
            baraka()
        };
        app.handle(
            &who,
            place,
            Command::Move {
                text: text.clone(),
                game: Some(id),
            },
        )
        .expect("move");
    }
}

/// Plays up to `n` plies of game `id` at `place` through the app; returns plies played.
pub fn play(app: &App, place: &Place, id: GameId, n: usize) -> usize {
    let mut played = 0;
    for _ in 0..n {
        let game = app.store().game(id).expect("store").expect("game");
        if game.status != bao_bot::store::GameStatus::Active {
            break;
        }
        let pos: Position = game.position.parse().expect("position");
        let Some(text) = pick(&pos, game.ply as usize) else {
            break;
        };
        let who = if pos.turn() == bao_bot::rules::Side::South {
            asha()
        } else {
            baraka()
        };
        app.handle(
            &who,
            place,
            Command::Move {
                text,
                game: Some(id),
            },
        )
        .expect("move");
        played += 1;
    }
    played
}

/// The ids of the demo database's games and event.
#[derive(Debug, Clone, Copy)]
pub struct Demo {
    /// A finished (or long) game in the public channel.
    pub long: GameId,
    /// A game in a channel nothing is known about.
    pub private: GameId,
    /// A game in Asha's DMs (against the AI).
    pub dm: GameId,
    /// The analysed game (public).
    pub analysed: GameId,
    /// The round robin.
    pub event: i64,
}

/// Fills the database at `path`: see the module docs. `long_plies` plies for the long game;
/// `analysis_nodes` per ply for the analysed game's analysis.
pub fn demo(path: &Path, long_plies: usize, analysis_nodes: u64) -> Demo {
    let (app, _clock) = writer(path);
    app.channel_visibility(&PUBLIC, true).expect("visibility");
    app.channel_visibility(&LOBBY, true).expect("visibility");
    let long = start(&app, &PUBLIC);
    let line = long_line(&Position::start(Variant::Kiswahili), long_plies);
    play_line(&app, &PUBLIC, long, &line);
    if app.store().game(long).unwrap().unwrap().status.is_ongoing() {
        app.handle(&baraka(), &PUBLIC, Command::Resign)
            .expect("resign");
    }
    let private = start(&app, &PRIVATE);
    play(&app, &PRIVATE, private, 6);
    let dm = {
        let place = Place::Dm { user: 1 };
        let game = start_dm(&app, &place);
        play(&app, &place, game, 4);
        game
    };
    let analysed = start(&app, &PUBLIC);
    play(&app, &PUBLIC, analysed, 40);
    if app
        .store()
        .game(analysed)
        .unwrap()
        .unwrap()
        .status
        .is_ongoing()
    {
        app.handle(&asha(), &PUBLIC, Command::Resign)
            .expect("resign");
    }
    analyse(&app, analysed, analysis_nodes);
    let event = round_robin(app.store());
    Demo {
        long,
        private,
        dm,
        analysed,
        event,
    }
}

/// A game in a DM between Asha and Baraka, made in the store (a DM holds one person and the
/// bot, so people play there only as the store allows: a test fixture).
fn start_dm(app: &App, place: &Place) -> GameId {
    use bao_bot::store::{NewGame, Player, UserId};
    let store = app.store();
    let start = Position::start(Variant::Kiswahili);
    let game = store
        .start_game(&NewGame {
            place: *place,
            variant: Variant::Kiswahili,
            start_position: start.to_string(),
            south: Player::Human(UserId(1)),
            north: Player::Human(UserId(2)),
            now: T0,
            time_per_move: None,
            deadline: None,
        })
        .expect("dm game");
    game.id
}

/// Stores an analysis of `game` made with `nodes` a ply (under the app's own key, so the
/// page shows it as it shows the bot's).
pub fn analyse(app: &App, game: GameId, nodes: u64) {
    use bao_bot::ai::analysis::{Analyser, DEFAULT_NODES};
    let store = app.store();
    let g = store.game(game).unwrap().unwrap();
    let start: Position = g.start_position.parse().unwrap();
    let mut pos = start;
    let mut moves = Vec::new();
    for m in store.moves(game).unwrap() {
        let (mv, next, _) = pos.play_text(&m.text).unwrap();
        moves.push(mv);
        pos = next;
    }
    let mut a = Analyser::new(&start, &moves, nodes).unwrap();
    while a.step() {}
    let json = serde_json::to_string(&a.finish()).unwrap();
    store.save_analysis(game, DEFAULT_NODES, &json, T0).unwrap();
}

/// A four-player round robin in the public channel, every round played (resignations and
/// a draw); returns its id.
pub fn round_robin(store: &Store) -> i64 {
    use bao_bot::store::{GameEnd, NewEvent, ResultReason, RoundOutcome, UserId};
    use bao_bot::tournament::Format;
    let Place::Channel { guild, channel } = PUBLIC else {
        unreachable!()
    };
    let mut now = T0;
    let event = store
        .create_event(&NewEvent {
            name: "Spring <cup> & \"friends\"".into(),
            guild,
            channel,
            creator: UserId(1),
            variant: Variant::Kiswahili,
            start_position: Position::start(Variant::Kiswahili).to_string(),
            format: Format::RoundRobin,
            time_per_move: Some(86_400),
            round_time: None,
            rated: false,
            signup_closes_at: None,
            max_players: None,
            now,
        })
        .expect("event");
    for (i, name) in ["Asha", "Baraka", "Carol", "Dan"].iter().enumerate() {
        store
            .join_event(
                event.id,
                UserId(1 + i as u64),
                name,
                1500.0 - 50.0 * i as f64,
                now,
            )
            .expect("join");
    }
    let mut outcome = store.start_event(event.id, now).expect("start");
    let mut k = 0;
    while let RoundOutcome::Paired { boards, .. } = outcome {
        now += 3600;
        for b in &boards {
            if let (Some(game), Some(_)) = (b.game, b.north) {
                k += 1;
                let (winner, reason) = match k % 3 {
                    0 => (None, ResultReason::AgreedDraw),
                    1 => (Some(bao_bot::rules::Side::South), ResultReason::Resignation),
                    _ => (Some(bao_bot::rules::Side::North), ResultReason::Resignation),
                };
                store
                    .finish_game(game, 0, GameEnd { winner, reason }, now)
                    .expect("finish");
            }
        }
        outcome = store.next_round(event.id, now).expect("next round");
    }
    event.id.0
}

/// The web server over `path`, read-only, on a loopback port.
pub struct Server {
    /// Its address.
    pub addr: SocketAddr,
    /// The read-only app behind it.
    pub app: Arc<App>,
}

impl Server {
    /// `http://ADDR` + `path`.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }
}

/// The path (with token when private) the bot links `game` with, as a bot whose
/// `public_url` is `https://bao.example.org` writes it.
pub fn link(path: &Path, game: GameId) -> String {
    let app = App::new(
        Arc::new(Store::open(path).unwrap()),
        Arc::new(ManualClock::new(T0)),
        Settings {
            public_url: Some("https://bao.example.org/".into()),
            ..Settings::default()
        },
    );
    let g = app.store().game(game).unwrap().unwrap();
    let url = app.game_url(&g).unwrap().expect("a link");
    url.strip_prefix("https://bao.example.org")
        .unwrap()
        .to_string()
}

/// Serves `path`'s pages on 127.0.0.1 (an unused port) with `options`; the server runs on
/// the current tokio runtime until it ends.
pub async fn serve(path: &Path, options: WebOptions) -> Server {
    let settings = Settings {
        render_workers: 1,
        ..Settings::default()
    };
    let app = Arc::new(
        App::read_only(path, Arc::new(bao_bot::app::SystemClock), settings).expect("read-only app"),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    let router = web::router(app.clone(), &options);
    let connections = options.connections.clone();
    tokio::spawn(web::serve_with(
        listener,
        router,
        connections,
        std::future::pending(),
    ));
    Server { addr, app }
}
