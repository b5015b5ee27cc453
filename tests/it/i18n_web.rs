//! The web pages in Swahili (issue 41): a game page and a tournament page asked with
//! `?lang=sw` have no English in their visible text, say `lang="sw"`, give their script
//! Swahili words and keep `?lang=sw` in their links; the game's data (move descriptions,
//! the result, the analysis's notes) is Swahili too. Without `?lang=` a page follows its
//! server's language (a DM game: its player's), and English pages stay as they were.

use std::sync::Arc;

use crate::support::english::EnglishFinder;
use crate::support::web::*;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use axum::Router;
use bao_bot::app::{App, GameId, Place, Settings};
use bao_bot::i18n::Lang;
use bao_bot::rules::MoveSpec;
use bao_bot::store::{Store, UserId};
use bao_bot::web::{self, WebOptions};
use http_body_util::BodyExt;
use tower::ServiceExt;

/// A server whose language is Swahili, with a public channel.
const SW_SERVER: Place = Place::Channel {
    guild: 11,
    channel: 50,
};

/// The names in the demo (players, the event), never English.
const NAMES: &[&str] = &[
    "Asha", "Baraka", "Co", "Carol", "Dan", "Spring", "cup", "friends",
];

struct Site {
    path: std::path::PathBuf,
    demo: Demo,
    /// A finished game in the Swahili server.
    sw_game: GameId,
}

/// The demo database, with Asha's own language Swahili (her DM game's page follows it) and
/// a game in a server whose language is Swahili; the web's router over it.
fn site() -> &'static Site {
    static SITE: std::sync::OnceLock<Site> = std::sync::OnceLock::new();
    SITE.get_or_init(|| {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("i18n-web-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bao.db");
        let demo = demo(&path, 30, 200);
        let (app, _) = writer(&path);
        app.choose_language(UserId(1), None, Lang::Sw).unwrap();
        let Place::Channel { guild, .. } = SW_SERVER else {
            unreachable!()
        };
        app.store()
            .set_server_language(guild, Some("sw"), UserId(2), T0)
            .unwrap();
        app.channel_visibility(&SW_SERVER, true).unwrap();
        let sw_game = start(&app, &SW_SERVER);
        play(&app, &SW_SERVER, sw_game, 5);
        app.handle(&baraka(), &SW_SERVER, bao_bot::app::Command::Resign)
            .unwrap();
        drop(app);
        Site {
            path,
            demo,
            sw_game,
        }
    })
}

/// The web's router over the site's database (read-only), made on each test's runtime (it
/// spawns a task there).
fn router(s: &Site) -> Router {
    let app = App::read_only(
        &s.path,
        Arc::new(bao_bot::app::SystemClock),
        Settings {
            render_workers: 1,
            ..Settings::default()
        },
    )
    .unwrap();
    web::router(Arc::new(app), &WebOptions::default())
}

/// GET `uri`: status and body.
async fn get(router: &Router, uri: &str) -> (StatusCode, String) {
    let mut request = Request::get(uri).body(Body::empty()).unwrap();
    request
        .extensions_mut()
        .insert(ConnectInfo::<std::net::SocketAddr>(
            "127.0.0.1:50000".parse().unwrap(),
        ));
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8_lossy(&body).into_owned())
}

/// HTML's entities as their characters.
fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The text a reader sees: scripts and tags taken out (each tag ends a line), entities read.
fn visible(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(at) = rest.find("<script") {
        out.push_str(&rest[..at]);
        rest = match rest[at..].find("</script>") {
            Some(end) => &rest[at + end + "</script>".len()..],
            None => "",
        };
    }
    out.push_str(rest);
    let mut text = String::new();
    let mut inside = false;
    for c in out.chars() {
        match c {
            '<' => {
                inside = true;
                text.push('\n');
            }
            '>' => inside = false,
            c if !inside => text.push(c),
            _ => {}
        }
    }
    unescape(&text)
}

/// The words the page gives its script (`data-words` on #game).
fn script_words(html: &str) -> serde_json::Value {
    let at = html.find("data-words=\"").expect("a words block") + "data-words=\"".len();
    let end = html[at..].find('"').expect("the attribute ends") + at;
    serde_json::from_str(&unescape(&html[at..end])).expect("words as JSON")
}

/// Every string in `v`.
fn strings(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(a) => a.iter().for_each(|v| strings(v, out)),
        serde_json::Value::Object(o) => o.values().for_each(|v| strings(v, out)),
        _ => {}
    }
}

#[tokio::test]
async fn game_pages_asked_in_swahili_have_no_english() {
    let s = site();
    let router = router(s);
    let finder = EnglishFinder::new(Lang::Sw, NAMES);
    for game in [s.demo.analysed, s.demo.long] {
        let (status, html) = get(&router, &format!("/g/{}?lang=sw", game.0)).await;
        assert_eq!(status, StatusCode::OK);
        assert!(html.contains("<html lang=\"sw\">"), "{html}");
        let text = visible(&html);
        finder.assert_none(&format!("game {} page", game.0), &text);
        // It says the right things: the title, the sides, the result, the hand, the links.
        assert!(
            text.contains(&format!("Mchezo {}: Asha dhidi ya Baraka", game.0)),
            "{text}"
        );
        for needle in [
            "Kusini",
            "Kaskazini",
            "mkononi",
            "ameshinda: kujisalimisha",
            "Rekodi ya mchezo",
            // The page opens on its last ply: `hatua N kati ya N`.
            " kati ya ",
        ] {
            assert!(text.contains(needle), "{needle}: {text}");
        }
        assert!(
            !text.contains("wins") && !text.contains("Game record"),
            "{text}"
        );
        // Links keep the language.
        assert!(
            html.contains(&format!("/g/{}/record.txt?lang=sw", game.0)),
            "{html}"
        );
        assert!(html.contains("href=\"/?lang=sw\""), "{html}");
        // The script's words are Swahili.
        let words = script_words(&html);
        assert_eq!(words["ply"], "hatua {p} kati ya {n}");
        assert_eq!(words["labels"]["blunder"], "kosa kubwa");
        let mut all = Vec::new();
        strings(&words, &mut all);
        assert!(all.len() >= 15, "{words}");
        for w in &all {
            finder.assert_none("the script's words", w);
        }
    }
    // The analysed game's summary and legend.
    let (_, html) = get(&router, &format!("/g/{}?lang=sw", s.demo.analysed.0)).await;
    let text = visible(&html);
    assert!(
        text.contains("usahihi") && text.contains("Uchambuzi"),
        "{text}"
    );
    assert!(!text.contains("accuracy"), "{text}");
}

#[tokio::test]
async fn the_game_data_asked_in_swahili_says_every_move_in_swahili() {
    let s = site();
    let router = router(s);
    let finder = EnglishFinder::new(Lang::Sw, NAMES);
    let (status, body) = get(
        &router,
        &format!("/g/{}/data.json?lang=sw", s.demo.analysed.0),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let data: serde_json::Value = serde_json::from_str(&body).unwrap();
    let plies = data["plies"].as_array().unwrap();
    assert!(plies.len() > 10);
    for (k, p) in plies.iter().enumerate().skip(1) {
        let text = p["text"].as_str().expect("a move's words");
        finder.assert_none(&format!("ply {k}"), text);
        assert!(!text.contains("sowed"), "ply {k}: {text}");
        // The move list shows the move in Swahili words; the data keeps the notation.
        let mv = p["mv"].as_str().expect("the notation");
        let said = p["said"].as_str().expect("the move in words");
        assert!(mv.contains("left") || mv.contains("right"), "ply {k}: {mv}");
        assert!(
            said.contains("kushoto") || said.contains("kulia"),
            "ply {k}: {said}"
        );
        assert!(!said.contains("capture"), "ply {k}: {said}");
        assert_eq!(said.parse::<MoveSpec>().ok(), mv.parse::<MoveSpec>().ok());
    }
    for m in data["analysis"]["moves"].as_array().unwrap() {
        let best = m["best_said"].as_str().expect("the best move in words");
        assert!(!best.contains("left") && !best.contains("right"), "{best}");
    }
    let result = data["result"].as_str().unwrap();
    finder.assert_none("the result", result);
    assert!(result.contains("ameshinda"), "{result}");
    let mut notes = Vec::new();
    for m in data["analysis"]["moves"].as_array().unwrap() {
        strings(&m["note"], &mut notes);
        strings(&m["proved"], &mut notes);
        // The label stays the key the script and the style sheet know.
        let label = m["label"].as_str().unwrap();
        assert!(
            [
                "best",
                "good",
                "inaccuracy",
                "mistake",
                "blunder",
                "missed win"
            ]
            .contains(&label),
            "{label}"
        );
    }
    for n in &notes {
        finder.assert_none("an analysis note", n);
    }
    // In English, as before.
    let (_, body) = get(&router, &format!("/g/{}/data.json", s.demo.analysed.0)).await;
    let data: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(
        data["plies"][1]["text"].as_str().unwrap().contains("sowed"),
        "{body}"
    );
    assert!(data["result"].as_str().unwrap().contains("wins"), "{body}");
}

#[tokio::test]
async fn the_tournament_page_asked_in_swahili_has_no_english() {
    let s = site();
    let router = router(s);
    let finder = EnglishFinder::new(Lang::Sw, NAMES);
    let (status, html) = get(&router, &format!("/t/{}?lang=sw", s.demo.event)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("<html lang=\"sw\">"));
    let text = visible(&html);
    finder.assert_none("the tournament page", &text);
    for needle in [
        "Msimamo",
        "Jozi za wachezaji",
        "Raundi 1",
        "Raundi 3",
        "Mchezaji",
        "Meza",
        "Kusini",
        "siku 1 kwa hatua",
    ] {
        assert!(text.contains(needle), "{needle}: {text}");
    }
    // Every game's link keeps the language.
    let store = Store::open_read_only(&s.path).unwrap();
    for b in store
        .event_boards(bao_bot::store::EventId(s.demo.event))
        .unwrap()
    {
        if let Some(g) = b.game {
            assert!(
                html.contains(&format!("href=\"/g/{}?lang=sw\"", g.0)),
                "{}",
                g.0
            );
        }
    }
    // English as it was.
    let (_, html) = get(&router, &format!("/t/{}", s.demo.event)).await;
    assert!(html.contains("<html lang=\"en\">"));
    for needle in [
        "Standings",
        "Pairings",
        "Round 1",
        "1 day per move",
        "Board",
    ] {
        assert!(html.contains(needle), "{needle}");
    }
    assert!(!html.contains("lang=sw"));
}

#[tokio::test]
async fn without_lang_a_page_follows_its_server_or_its_dm_player() {
    let s = site();
    let router = router(s);
    // A game in a public channel of an English server: English, as it always was.
    let (_, html) = get(&router, &format!("/g/{}", s.demo.long.0)).await;
    assert!(html.contains("<html lang=\"en\">"));
    let text = visible(&html);
    for needle in ["Game record", " of ", "South", "hand", "Result"] {
        assert!(text.contains(needle), "{needle}: {text}");
    }
    assert_eq!(script_words(&html)["ply"], "ply {p} of {n}");
    assert!(!html.contains("lang=sw") && !html.contains("?lang="));
    // A game in a server whose language is Swahili: Swahili, its links without `?lang=`.
    let (_, html) = get(&router, &format!("/g/{}", s.sw_game.0)).await;
    assert!(html.contains("<html lang=\"sw\">"), "{html}");
    EnglishFinder::new(Lang::Sw, NAMES).assert_none("the Swahili server's game", &visible(&html));
    assert!(!html.contains("?lang="));
    // Its data follows the page.
    let (_, body) = get(&router, &format!("/g/{}/data.json", s.sw_game.0)).await;
    assert!(body.contains("ameshinda"), "{body}");
    // `?lang=en` asks for English.
    let (_, html) = get(&router, &format!("/g/{}?lang=en", s.sw_game.0)).await;
    assert!(html.contains("<html lang=\"en\">") && html.contains("Game record"));
    // Asha's DM game follows her own language (Swahili).
    let dm = link(&s.path, s.demo.dm);
    let (status, html) = get(&router, &dm).await;
    assert_eq!(status, StatusCode::OK, "{dm}");
    assert!(html.contains("<html lang=\"sw\">"), "{html}");
    // A page not found, asked in Swahili, says so in Swahili.
    let (status, html) = get(&router, "/g/999999?lang=sw").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(html.contains("Haupatikani"), "{html}");
    EnglishFinder::new(Lang::Sw, NAMES).assert_none("not found", &visible(&html));
    let (_, html) = get(&router, "/?lang=sw").await;
    assert!(
        html.contains("/g/NAMBA") && html.contains("<html lang=\"sw\">"),
        "{html}"
    );
    EnglishFinder::new(Lang::Sw, NAMES).assert_none("the front page", &visible(&html));
    let (_, html) = get(&router, "/").await;
    assert!(
        html.contains("<code>/g/NUMBER</code>") && html.contains("Bao games"),
        "{html}"
    );
}

#[test]
fn the_chats_page_links_are_said_in_the_readers_language() {
    use bao_bot::msg;
    let line = msg!("web-game-page-line", url = "https://bao.example/g/5");
    assert_eq!(
        line.render(Lang::En),
        "Game page: <https://bao.example/g/5>"
    );
    assert_eq!(
        line.render(Lang::Sw),
        "Ukurasa wa mchezo: <https://bao.example/g/5>"
    );
}
