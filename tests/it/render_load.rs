//! The render pool under load: every picture is drawn on the pool's workers, an overloaded
//! queue still stores and confirms a move at once (and skips its animation), and a long
//! queue makes the Discord adapter defer at once instead of after its usual wait.

use std::path::Path;
use std::sync::mpsc;
use std::sync::{Arc, Barrier};
use std::time::Duration;

use crate::support::app_world::{challenge, world_with, World};
use crate::support::fake_discord::payloads::{self, Opt, Place, Who};
use crate::support::fake_discord::FakeDiscord;
use bao_bot::app::{Command, Conversation, Settings, SideChoice};
use bao_bot::store::Place as StorePlace;

const GUILD: u64 = 1_300_000_000_000_000_001;
const CHANNEL: u64 = 1_300_000_000_000_000_777;
const WAIT: Duration = Duration::from_secs(60);

fn place() -> StorePlace {
    StorePlace::Channel {
        guild: GUILD,
        channel: CHANNEL,
    }
}

/// A world drawing on one worker, overloaded past `queue_limit` waiting drawings, with a
/// game between Asha (South, to move) and Baraka in the channel.
fn busy_world(queue_limit: usize) -> World {
    let w = world_with(Settings {
        render_workers: 1,
        render_queue_limit: queue_limit,
        ..Settings::default()
    });
    w.run(
        &w.asha,
        &place(),
        challenge(&w.baraka).side(SideChoice::South).command(),
    );
    w.run(&w.baraka, &place(), Command::Accept);
    w
}

/// Holds the pool's one worker until the returned barrier is passed, with `waiting` more
/// drawings queued behind it.
fn hold_pool(w: &World, waiting: usize) -> (Arc<Barrier>, Vec<std::thread::JoinHandle<()>>) {
    let gate = Arc::new(Barrier::new(2));
    let mut held = Vec::new();
    let (app, g) = (w.app.clone(), gate.clone());
    held.push(std::thread::spawn(move || {
        app.render_pool().run(move || g.wait()).expect("held");
    }));
    for n in 0..waiting {
        while w.app.render_pool().in_hand() < n + 1 {
            std::thread::yield_now();
        }
        let app = w.app.clone();
        held.push(std::thread::spawn(move || {
            app.render_pool().run(|| ()).expect("queued");
        }));
    }
    while w.app.render_pool().in_hand() < waiting + 1 {
        std::thread::yield_now();
    }
    (gate, held)
}

fn first_move(w: &World) -> String {
    let game = w.game_here(&place());
    let pos: bao_bot::rules::Position = game.position.parse().expect("position");
    pos.legal_moves()[0].to_string()
}

#[test]
fn an_overloaded_queue_still_stores_and_confirms_the_move_and_skips_its_animation() {
    let w = busy_world(2);
    let mv = first_move(&w);
    let (gate, held) = hold_pool(&w, 3);
    assert!(w.app.render_pool().overloaded());
    let (said_tx, said) = mpsc::channel::<String>();
    let (app, asha) = (w.app.clone(), w.asha.clone());
    let mover = std::thread::spawn(move || {
        let report = move |line: String| {
            let _ = said_tx.send(line);
        };
        app.handle_with_progress(
            &asha,
            &place(),
            Command::Move {
                text: mv,
                game: None,
            },
            &report,
        )
    });
    // The pool is still held: nothing can have been drawn, yet the move is confirmed...
    let line = said
        .recv_timeout(WAIT)
        .expect("a confirmation while drawing waits");
    assert!(line.contains("The move is stored"), "{line}");
    assert!(line.starts_with("Asha: "), "{line}");
    // ...and stored.
    assert_eq!(w.game_here(&place()).ply, 1);
    gate.wait();
    for h in held {
        h.join().expect("held drawing");
    }
    let response = mover.join().expect("mover").expect("move answered");
    let board = response.reply.board.expect("a board");
    assert!(board.picture.is_some(), "the still board is sent");
    assert!(
        board.animation.is_none(),
        "the animation is skipped while the queue is overloaded"
    );
    // With the queue drained, the next move is animated again.
    let next = first_move(&w);
    let r = w.run(
        &w.baraka,
        &place(),
        Command::Move {
            text: next,
            game: None,
        },
    );
    assert!(r.reply.board.and_then(|b| b.animation).is_some());
}

#[test]
fn a_long_queue_defers_at_once_and_says_the_move_is_stored_before_its_board() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let w = busy_world(4);
        let fake = FakeDiscord::start().await;
        let bot =
            crate::support::bot::start(&fake, w.app.clone() as Arc<dyn Conversation>, WAIT).await;
        // 30 drawings ahead on one worker: well past a second's work.
        let (gate, held) = hold_pool(&w, 30);
        assert!(w.app.render_wait(0) > Duration::from_secs(1));
        let channel = Place::Guild {
            guild_id: GUILD,
            channel_id: CHANNEL,
        };
        // A refusal needs no picture; it is still deferred at once (the bot cannot know
        // before it asks the app), where an idle bot answers it directly.
        let baraka = Who::new(w.baraka.id.0, "Baraka");
        fake.send_interaction(payloads::slash(
            1,
            &baraka,
            channel,
            "move",
            &[Opt::Str("move", first_move(&w))],
        ));
        let callback = fake.wait_for(|r| r.is_callback_for(1), WAIT).await;
        assert_eq!(
            callback.body()["type"],
            5,
            "deferred: {:?}",
            callback.body()
        );
        // Asha's move: deferred, confirmed in words while no board can be drawn, stored.
        let asha = Who::new(w.asha.id.0, "Asha");
        fake.send_interaction(payloads::slash(
            2,
            &asha,
            channel,
            "move",
            &[Opt::Str("move", first_move(&w))],
        ));
        let callback = fake.wait_for(|r| r.is_callback_for(2), WAIT).await;
        assert_eq!(
            callback.body()["type"],
            5,
            "deferred: {:?}",
            callback.body()
        );
        let token = payloads::token_for(2);
        let said = fake
            .wait_for(
                |r| {
                    r.uses_token(&token)
                        && r.content()
                            .is_some_and(|c| c.contains("The move is stored"))
                },
                WAIT,
            )
            .await;
        assert!(!said.has_png(), "the words come before the board");
        assert_eq!(w.game_here(&place()).ply, 1);
        let boards_before = fake.count(|r| r.uses_token(&token) && r.has_png());
        assert_eq!(boards_before, 0);
        // Drawing resumes: the still board follows, without its animation.
        let gate2 = gate.clone();
        tokio::task::spawn_blocking(move || gate2.wait())
            .await
            .expect("gate");
        for h in held {
            tokio::task::spawn_blocking(move || h.join())
                .await
                .expect("join")
                .expect("held drawing");
        }
        let board = fake
            .wait_for(|r| r.uses_token(&token) && r.has_png(), WAIT)
            .await;
        assert!(!board.files.iter().any(|f| f.filename.ends_with(".gif")));
        bot.stop().await.expect("bot stopped");
    });
}

/// A drawing call written directly in the app (not through its render pool).
fn direct_drawing(source: &str) -> Option<String> {
    const DRAWING: [&str; 6] = [
        "board_png(",
        "moves_gif(",
        "move_gif(",
        "game_gif(",
        "evaluation_graph_png(",
        "table_png(",
    ];
    for (n, line) in source.lines().enumerate() {
        for call in DRAWING {
            let mut from = 0;
            while let Some(i) = line[from..].find(call) {
                let at = from + i;
                let before = line[..at].trim_end();
                let through_pool = before.ends_with('.');
                let defined = before.ends_with("fn");
                let word_goes_on = line[..at]
                    .chars()
                    .last()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_');
                if !(through_pool || defined || word_goes_on) {
                    return Some(format!("line {}: {}", n + 1, line.trim()));
                }
                from = at + call.len();
            }
        }
    }
    None
}

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("source dir") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_app_draws_only_through_its_render_pool() {
    assert!(direct_drawing("let png = board_png(&pos, &opts);").is_some());
    assert!(direct_drawing("let png = self.pictures.board_png(&pos, &opts)?;").is_none());
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for part in ["app", "lessons", "puzzles", "tournament"] {
        let dir = root.join(part);
        if dir.is_dir() {
            sources(&dir, &mut files);
        }
    }
    assert!(files.len() > 20, "the app's sources were found");
    for file in files {
        let text = std::fs::read_to_string(&file).expect("source");
        if let Some(line) = direct_drawing(&text) {
            panic!("{} draws outside the render pool: {line}", file.display());
        }
    }
}
