//! The Discord Activity's page and sign-in through the router (no browser, no process): who
//! may frame which page, what `/api/token` opens for a player, a watcher in the channel and
//! someone elsewhere (with a scripted Discord), its refusals, and the real sign-in client
//! against the Discord stand-in (the code exchange, `/users/@me`, the instance, a timeout).
//! The page under the SDK's mock in Chromium is in `web_activity_browser.rs`.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::support::fake_discord::{FakeDiscord, APP_ID, CLIENT_SECRET, TOKEN};
use crate::support::web::*;
use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use bao_bot::app::{
    ActivityDiscord, App, Destination, GameId, Instance, Notice, Pending, SignInError, SignedIn,
    UserId,
};
use bao_bot::config::{ActivitySettings, Config, Token};
use bao_bot::discord::ActivitySignIn;
use bao_bot::web::{self, Play, WebOptions};
use serde_json::{json, Value};

/// A Discord that knows one code per person and one instance, as the test says.
#[derive(Default)]
struct Scripted {
    /// code -> (user, name).
    codes: Mutex<Vec<(String, u64, String)>>,
    /// instance id -> instance.
    instances: Mutex<Vec<(String, Instance)>>,
}

impl ActivityDiscord for Scripted {
    fn client_id(&self) -> u64 {
        APP_ID
    }

    fn sign_in<'a>(&'a self, code: &'a str) -> Pending<'a, SignedIn> {
        let bad = SignInError::BadCode("invalid_grant".into());
        self.person(|(c, _, _)| c == code, bad)
    }

    fn who<'a>(&'a self, token: &'a str) -> Pending<'a, SignedIn> {
        let unknown = SignInError::Refused {
            status: 401,
            step: "/users/@me",
        };
        self.person(|(_, id, _)| token == format!("access-{id}"), unknown)
    }

    fn instance<'a>(&'a self, id: &'a str) -> Pending<'a, Option<Instance>> {
        let found = self
            .instances
            .lock()
            .unwrap()
            .iter()
            .find(|(i, _)| i == id)
            .map(|(_, i)| i.clone());
        Box::pin(async move { Ok(found) })
    }
}

impl Scripted {
    /// The person whose code entry matches `is`, signed in; else `otherwise`.
    fn person<'a>(
        &'a self,
        is: impl Fn(&(String, u64, String)) -> bool,
        otherwise: SignInError,
    ) -> Pending<'a, SignedIn> {
        let found = self.codes.lock().unwrap().iter().find(|e| is(e)).cloned();
        Box::pin(async move {
            let (_, id, name) = found.ok_or(otherwise)?;
            Ok(SignedIn {
                user: UserId(id),
                name,
                access_token: format!("access-{id}"),
            })
        })
    }
}

/// The pages with play and the Activity on, over a database with one running game in a
/// channel nothing is known about (so private): Asha South, Baraka North.
struct Site {
    _dir: tempfile::TempDir,
    app: Arc<App>,
    router: Router,
    discord: Arc<Scripted>,
    /// What the chat was sent.
    chat: Arc<Mutex<Vec<Notice>>>,
}

fn site() -> Site {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    let (app, _) = writer(&path);
    start(&app, &PRIVATE);
    let discord = Arc::new(Scripted::default());
    let chat = Arc::new(Mutex::new(Vec::new()));
    let sink = chat.clone();
    let play = Play::new(
        app.clone(),
        Arc::new(move |notices: Vec<Notice>| sink.lock().unwrap().extend(notices)),
    )
    .with_activity(discord.clone());
    let router = web::router_with_play(pages(&path), &WebOptions::default(), Some(play));
    Site {
        _dir: dir,
        app,
        router,
        discord,
        chat,
    }
}

/// A response: status, headers and body.
struct Got {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: Vec<u8>,
}

impl Got {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&self.body)))
    }
    fn header(&self, name: header::HeaderName) -> String {
        self.headers
            .get(name)
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default()
    }
}

async fn send(
    router: &Router,
    method: &str,
    uri: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Got {
    let mut request = Request::builder().method(method).uri(uri);
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    let request = request.body(Body::from(body.to_string())).unwrap();
    let from: SocketAddr = "127.0.0.1:50002".parse().unwrap();
    let (status, headers, body) = crate::support::web::answer(router, request, from).await;
    Got {
        status,
        headers,
        body,
    }
}

async fn sign_in(site: &Site, body: Value) -> Got {
    let json = [("content-type", "application/json")];
    send(&site.router, "POST", "/api/token", &json, &body.to_string()).await
}

/// `play.json` of game `id` with play token `play` (200 expected).
async fn play_state(site: &Site, id: i64, play: &str) -> Value {
    let uri = format!("/g/{id}/play.json");
    let got = send(&site.router, "GET", &uri, &[("x-bao-play", play)], "").await;
    assert_eq!(got.status, StatusCode::OK);
    got.json()
}

const FRAMERS: &str = "frame-ancestors https://discord.com https://*.discord.com \
    https://discordapp.com https://*.discordapp.com https://*.discordsays.com";

#[tokio::test]
async fn only_the_activity_page_may_be_framed_and_only_by_discord() {
    let site = site();
    let page = send(&site.router, "GET", "/activity", &[], "").await;
    assert_eq!(page.status, StatusCode::OK);
    let csp = page.header(header::CONTENT_SECURITY_POLICY);
    assert!(csp.ends_with(FRAMERS), "{csp}");
    assert!(csp.contains("script-src 'self'") && csp.contains("connect-src 'self'"));
    assert_eq!(page.header(header::X_FRAME_OPTIONS), "");
    let html = String::from_utf8(page.body.clone()).unwrap();
    assert!(
        html.contains(&format!("data-client-id=\"{APP_ID}\"")),
        "{html}"
    );
    assert!(
        !html.contains("<script>") && !html.contains(" style="),
        "no inline script or style"
    );
    // Every other answer keeps the pages' policy: no frame at all.
    let json = [("content-type", "application/json")];
    for (method, uri, body) in [
        ("GET", "/", ""),
        ("GET", "/g/1?k=x", ""),
        ("GET", "/nowhere", ""),
        ("GET", "/static/activity.js", ""),
        ("GET", "/static/discord-embedded-app-sdk.2.5.0.js", ""),
        ("POST", "/api/token", "{}"),
        ("GET", "/activity/more", ""),
    ] {
        let got = send(&site.router, method, uri, &json, body).await;
        let csp = got.header(header::CONTENT_SECURITY_POLICY);
        assert!(
            csp.ends_with("frame-ancestors 'none'"),
            "{method} {uri}: {csp}"
        );
        assert_eq!(
            got.header(header::X_FRAME_OPTIONS),
            "DENY",
            "{method} {uri}"
        );
    }
    // Discord opens the root of its URL mapping with ?frame_id=…: sent on to /activity.
    let q = "frame_id=f1&instance_id=i-1&platform=desktop";
    let root = send(&site.router, "GET", &format!("/?{q}"), &[], "").await;
    assert_eq!(root.status, StatusCode::SEE_OTHER);
    assert_eq!(root.header(header::LOCATION), format!("/activity?{q}"));
}

#[tokio::test]
async fn without_the_activity_the_root_is_the_index_whatever_its_query() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    let (app, _) = writer(&path);
    start(&app, &PRIVATE);
    // Play on, the Activity off (no `[activity]`), and the pages alone.
    let play = Play::new(app.clone(), Arc::new(|_: Vec<Notice>| {}));
    let with_play = web::router_with_play(pages(&path), &WebOptions::default(), Some(play));
    let alone = web::router(pages(&path), &WebOptions::default());
    for router in [&with_play, &alone] {
        let root = send(router, "GET", "/?frame_id=f1&instance_id=i-1", &[], "").await;
        assert_eq!(root.status, StatusCode::OK);
        assert_eq!(root.header(header::LOCATION), "");
        assert_eq!(root.header(header::X_FRAME_OPTIONS), "DENY");
        let activity = send(router, "GET", "/activity?frame_id=f1", &[], "").await;
        assert_eq!(activity.status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn the_activitys_script_asks_only_relative_addresses_and_sends_no_cookie() {
    let site = site();
    let js = send(&site.router, "GET", "/static/activity.js", &[], "").await;
    let js = String::from_utf8(js.body).unwrap();
    assert!(
        !js.contains("http://") && !js.contains("https://") && !js.contains("//'"),
        "absolute address"
    );
    assert!(
        !js.contains("document.cookie") && !js.contains("credentials"),
        "no cookie"
    );
    for call in js.split("fetch(").skip(1) {
        assert!(
            call.starts_with("`/") || call.starts_with("url"),
            "fetch({}",
            &call[..40.min(call.len())]
        );
    }
    // The SDK's module is a static file the page imports by its hashed name.
    assert!(
        js.contains("from './discord-embedded-app-sdk.2.5.0."),
        "{}",
        &js[..600]
    );
    let page = send(&site.router, "GET", "/activity", &[], "").await;
    assert!(page.header(header::SET_COOKIE).is_empty());
}

#[tokio::test]
async fn the_channels_game_opens_for_its_player_and_a_confirmed_watcher_only() {
    let site = site();
    let channel = 30; // PRIVATE's channel.
    site.discord.codes.lock().unwrap().extend([
        ("code-asha".to_string(), asha().id.0, "Asha".to_string()),
        ("code-carol".to_string(), 3, "Carol".to_string()),
        ("code-dan".to_string(), 4, "Dan".to_string()),
    ]);
    site.discord.instances.lock().unwrap().push((
        "i-1".into(),
        Instance {
            channel,
            guild: Some(10),
            users: vec![asha().id, UserId(3)],
        },
    ));
    // Asha plays South there: her play token works on the play routes.
    let got = sign_in(
        &site,
        json!({"code": "code-asha", "instance_id": "i-1", "channel_id": "30"}),
    )
    .await;
    assert_eq!(got.status, StatusCode::OK);
    let v = got.json();
    assert_eq!(v["access_token"], "access-1");
    assert_eq!(v["user"]["id"], "1");
    let game = &v["game"];
    assert_eq!(
        (game["id"].as_i64(), game["side"].as_str()),
        (Some(1), Some("S"))
    );
    let play = game["play"].as_str().expect("a play token").to_string();
    let key = game["key"]
        .as_str()
        .expect("a private game's key")
        .to_string();
    assert_eq!(play_state(&site, 1, &play).await["your_turn"], true);
    let data = send(
        &site.router,
        "GET",
        &format!("/g/1/data.json?k={key}"),
        &[],
        "",
    )
    .await;
    assert_eq!(data.status, StatusCode::OK);
    assert_eq!(v["games"][0]["id"], 1, "her own games are listed too");
    // Carol is in the instance, in that channel: she watches, with the key, no play token.
    let v = sign_in(&site, json!({"code": "code-carol", "instance_id": "i-1"}))
        .await
        .json();
    assert_eq!(v["game"]["key"].as_str(), Some(key.as_str()));
    assert!(v["game"]["play"].is_null() && v["game"]["side"].is_null());
    assert_eq!(v["games"], json!([]));
    // Dan is not in the instance: the page's word for the channel opens no private game,
    // and neither does an instance Discord does not know.
    for body in [
        json!({"code": "code-dan", "instance_id": "i-1", "channel_id": "30"}),
        json!({"code": "code-dan", "instance_id": "i-unknown", "channel_id": "30"}),
        json!({"code": "code-dan", "channel_id": "30"}),
    ] {
        let v = sign_in(&site, body.clone()).await.json();
        assert!(v["game"].is_null(), "{body}: {v}");
    }
    // Asha elsewhere: no game in that channel, her own to choose from.
    let v = sign_in(&site, json!({"code": "code-asha", "channel_id": "99"}))
        .await
        .json();
    assert!(v["game"].is_null());
    assert_eq!(v["games"][0]["id"], 1);
    assert!(v["games"][0]["play"].is_string());
    // Signing in changed nothing in the game.
    let g = site.app.store().game(GameId(1)).unwrap().unwrap();
    assert_eq!(g.ply, 0);
}

#[tokio::test]
async fn a_bad_sign_in_is_refused_in_words() {
    let site = site();
    let bad_code = sign_in(&site, json!({"code": "nobody"})).await;
    assert_eq!(bad_code.status, StatusCode::UNAUTHORIZED);
    let words = bad_code.json()["error"].as_str().unwrap().to_string();
    assert!(words.contains("did not accept the sign-in code"), "{words}");
    for (body, says) in [
        ("not json", "must be JSON"),
        (r#"{"code": ""}"#, "short plain text"),
        (r#"{"code": "a b"}"#, "short plain text"),
        (r#"{"code": "x", "user_id": "1"}"#, "unknown field"),
    ] {
        let got = send(&site.router, "POST", "/api/token", &[], body).await;
        assert_eq!(got.status, StatusCode::BAD_REQUEST, "{body}");
        let words = got.json()["error"].as_str().unwrap().to_string();
        assert!(words.contains(says), "{body}: {words}");
    }
    let big = format!(r#"{{"code": "{}"}}"#, "x".repeat(5000));
    let got = send(&site.router, "POST", "/api/token", &[], &big).await;
    assert_eq!(got.status, StatusCode::BAD_REQUEST);
    let sw = send(
        &site.router,
        "POST",
        "/api/token?lang=sw",
        &[],
        r#"{"code": "nobody"}"#,
    )
    .await;
    assert!(sw.json()["error"]
        .as_str()
        .unwrap()
        .contains("Discord haikukubali"));
}

/// The real sign-in client against the stand-in.
fn client_for(fake: &FakeDiscord, timeout_secs: u64) -> ActivitySignIn {
    let config = Config {
        token: Some(Token::new(TOKEN)),
        proxy_url: Some(fake.proxy_url()),
        loopback_only: true,
        activity: Some(ActivitySettings {
            client_secret: Token::new(CLIENT_SECRET),
            timeout_secs,
        }),
        ..Config::default()
    };
    ActivitySignIn::new(&config, APP_ID)
        .expect("on")
        .expect("a client")
}

#[tokio::test]
async fn the_sign_in_asks_discord_through_the_proxy_base() {
    let fake = FakeDiscord::start().await;
    let access = fake.sign_in_code("c-1", 42, "Zawadi");
    fake.activity_instance("i-9", 77, Some(5), &[42]);
    let client = client_for(&fake, 5);
    let signed = client.sign_in("c-1").await.expect("signed in");
    assert_eq!(signed.user, UserId(42));
    assert_eq!(signed.name, "Zawadi");
    assert_eq!(signed.access_token, access);
    let exchange = fake
        .wait_for(
            |r| r.is("POST", "/api/v10/oauth2/token"),
            Duration::from_secs(1),
        )
        .await;
    assert_eq!(exchange.body()["grant_type"], "authorization_code");
    assert_eq!(exchange.body()["client_id"], APP_ID.to_string());
    // A code works once.
    assert_eq!(
        client.sign_in("c-1").await,
        Err(SignInError::BadCode("invalid_grant".into()))
    );
    let instance = client.instance("i-9").await.unwrap().expect("known");
    assert_eq!(
        (instance.channel, instance.guild, instance.users),
        (77, Some(5), vec![UserId(42)])
    );
    assert_eq!(client.instance("i-none").await, Ok(None));
    // A Discord that does not answer: a timeout, said without the code.
    fake.sign_in_code("c-2", 42, "Zawadi");
    fake.stall_sign_in(Duration::from_secs(3));
    let slow = client_for(&fake, 1);
    let err = slow.sign_in("c-2").await.unwrap_err();
    assert!(matches!(err, SignInError::Timeout(_)), "{err:?}");
    assert!(!err.to_string().contains("c-2") && !err.to_string().contains(CLIENT_SECRET));
}

#[tokio::test]
async fn a_game_against_the_computer_starts_from_the_activity_where_discord_confirms_it() {
    let site = site();
    site.discord.codes.lock().unwrap().extend([
        ("code-asha".to_string(), asha().id.0, "Asha".to_string()),
        ("code-dan".to_string(), 4, "Dan".to_string()),
    ]);
    // LOBBY (guild 10, channel 40) has no game; Asha is in the instance there, Dan is not.
    site.discord.instances.lock().unwrap().push((
        "i-2".into(),
        Instance {
            channel: 40,
            guild: Some(10),
            users: vec![asha().id],
        },
    ));
    let v = sign_in(&site, json!({"code": "code-asha", "instance_id": "i-2"}))
        .await
        .json();
    assert!(v["game"].is_null());
    assert_eq!(v["can_challenge_ai"], true);
    let dan = sign_in(&site, json!({"code": "code-dan", "instance_id": "i-2"}))
        .await
        .json();
    assert_eq!(dan["can_challenge_ai"], false, "not in the instance");
    let json = [("content-type", "application/json")];
    let ask = |token: &str| json!({"access_token": token, "instance_id": "i-2"}).to_string();
    let refused = send(&site.router, "POST", "/api/ai", &json, &ask("access-4")).await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert!(refused.json()["error"]
        .as_str()
        .unwrap()
        .contains("server's channel"));
    let started = send(&site.router, "POST", "/api/ai", &json, &ask("access-1")).await;
    assert_eq!(
        started.status,
        StatusCode::OK,
        "{}",
        String::from_utf8_lossy(&started.body)
    );
    let game = started.json()["game"].clone();
    assert_eq!(
        (game["id"].as_i64(), game["side"].as_str()),
        (Some(2), Some("S"))
    );
    let play = game["play"].as_str().unwrap().to_string();
    assert_eq!(play_state(&site, 2, &play).await["your_turn"], true);
    let lobby = bao_bot::app::Place::Channel {
        guild: 10,
        channel: 40,
    };
    let boards = site
        .chat
        .lock()
        .unwrap()
        .iter()
        .filter(|n| n.to == Destination::Place(lobby) && n.reply.board.is_some())
        .count();
    assert_eq!(boards, 1, "the channel gets the new game's board once");
    // A second one: a game already runs there.
    let again = send(&site.router, "POST", "/api/ai", &json, &ask("access-1")).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(
        site.app.store().game_in(&lobby).unwrap().unwrap().id,
        GameId(2)
    );
    // A token Discord does not know: refused, nothing started.
    let forged = send(&site.router, "POST", "/api/ai", &json, &ask("access-999")).await;
    assert_eq!(forged.status, StatusCode::BAD_GATEWAY);
}
