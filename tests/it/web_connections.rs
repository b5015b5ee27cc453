//! The web server's connections over real sockets: a thousand slow connections from one
//! address (127.0.0.1) while another address (127.0.0.2) is served, connections past an
//! address's cap refused at once, the header-read timeout and the idle keep-alive timeout
//! closing what is left, and live streams capped per address; behind a trusted proxy,
//! live streams capped per client and the proxy held only to the total.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::support::web::*;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use bao_bot::app::{App, GameId, Settings};
use bao_bot::web::{self, Connections, WebOptions};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tower::ServiceExt;

/// A connection to `server` from the loopback address `from`.
async fn connect_from(from: &str, server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("socket");
    socket
        .bind(format!("{from}:0").parse().unwrap())
        .expect("bind the client's address");
    socket.connect(server).await.expect("connect")
}

/// Everything the server sends on `stream` until it closes (or `wait` passes: then `None`).
async fn until_closed(stream: &mut TcpStream, wait: Duration) -> Option<Vec<u8>> {
    let mut got = Vec::new();
    match tokio::time::timeout(wait, stream.read_to_end(&mut got)).await {
        Ok(_) => Some(got),
        Err(_) => None,
    }
}

/// Whether the server has closed `stream` (a read finds its end, or a reset, at once).
async fn closed(stream: &mut TcpStream) -> bool {
    until_closed(stream, Duration::from_millis(20))
        .await
        .is_some()
}

/// `GET /health` from `from`, answered in full: the status line and the time it took.
async fn health_from(from: &str, server: SocketAddr) -> (String, Duration) {
    let started = Instant::now();
    let mut stream = connect_from(from, server).await;
    stream
        .write_all(b"GET /health HTTP/1.1\r\nHost: bao\r\nConnection: close\r\n\r\n")
        .await
        .expect("send");
    let got = until_closed(&mut stream, Duration::from_secs(10))
        .await
        .expect("an answer");
    let text = String::from_utf8_lossy(&got).into_owned();
    let status = text.lines().next().unwrap_or_default().to_string();
    (status, started.elapsed())
}

async fn served(connections: Connections) -> (tempfile::TempDir, Server) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    drop(writer(&path));
    let server = serve(
        &path,
        WebOptions {
            connections,
            ..WebOptions::default()
        },
    )
    .await;
    (dir, server)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_slow_connections_from_one_address_leave_another_served() {
    let timeout = Duration::from_secs(4);
    let (_dir, server) = served(Connections {
        per_address: 32,
        header_timeout: timeout,
        ..Connections::default()
    })
    .await;
    // 1,000 connections from 127.0.0.1, each sending half a request's headers.
    let mut slow = Vec::new();
    for _ in 0..1000 {
        let mut stream = connect_from("127.0.0.1", server.addr).await;
        let _ = stream
            .write_all(b"GET /health HTTP/1.1\r\nHost: bao\r\n")
            .await;
        slow.push(stream);
    }
    let held_since = Instant::now();
    // Another address is served at once, several times over.
    for _ in 0..5 {
        let (status, took) = health_from("127.0.0.2", server.addr).await;
        assert_eq!(status, "HTTP/1.1 200 OK");
        assert!(
            took < Duration::from_secs(2),
            "another address waited {took:?}"
        );
    }
    // The first address holds its 32; the rest were closed as they came.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut open = Vec::new();
    for mut stream in slow {
        if !closed(&mut stream).await {
            open.push(stream);
        }
    }
    assert!(held_since.elapsed() < timeout, "the check took too long");
    assert_eq!(open.len(), 32, "connections held from one address");
    // One more from that address is told why, and closed.
    let mut extra = connect_from("127.0.0.1", server.addr).await;
    let refusal = until_closed(&mut extra, Duration::from_secs(5))
        .await
        .expect("refused at once");
    let refusal = String::from_utf8_lossy(&refusal);
    assert!(
        refusal.starts_with("HTTP/1.1 503") && refusal.contains("Too many connections"),
        "{refusal}"
    );
    assert!(
        refusal.contains(&format!("content-security-policy: {}", web::CSP)),
        "{refusal}"
    );
    // The header-read timeout closes the 32 that never finished their headers.
    for stream in &mut open {
        assert!(
            until_closed(stream, timeout + Duration::from_secs(5))
                .await
                .is_some(),
            "a slow connection outlived the header timeout"
        );
    }
    drop(open);
    // Its address is served again once its slots are free.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (status, _) = health_from("127.0.0.1", server.addr).await;
    assert_eq!(status, "HTTP/1.1 200 OK");
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed() {
    let timeout = Duration::from_secs(1);
    let (_dir, server) = served(Connections {
        header_timeout: timeout,
        ..Connections::default()
    })
    .await;
    let mut stream = connect_from("127.0.0.1", server.addr).await;
    stream
        .write_all(b"GET /health HTTP/1.1\r\nHost: bao\r\n\r\n")
        .await
        .unwrap();
    let mut first = [0u8; 12];
    stream.read_exact(&mut first).await.unwrap();
    assert_eq!(&first, b"HTTP/1.1 200");
    // Kept alive: the connection stays open after the answer, until it has idled.
    assert!(!closed(&mut stream).await, "closed right after the answer");
    let started = Instant::now();
    let mut rest = Vec::new();
    let ended = tokio::time::timeout(timeout * 6, stream.read_to_end(&mut rest)).await;
    assert!(ended.is_ok(), "an idle connection was never closed");
    assert!(started.elapsed() >= timeout / 2, "closed before it idled");
}

/// A running game in a public channel of a fresh database, and the pages' router over it
/// with `options` (the database's folder goes with them).
fn live_game(options: WebOptions) -> (tempfile::TempDir, GameId, axum::Router) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    let (writer, _) = writer(&path);
    writer.channel_visibility(&LOBBY, true).unwrap();
    let game = start(&writer, &LOBBY);
    let app = Arc::new(
        App::read_only(
            &path,
            Arc::new(bao_bot::app::SystemClock),
            Settings::default(),
        )
        .unwrap(),
    );
    (dir, game, web::router(app, &options))
}

#[tokio::test]
async fn live_streams_are_capped_per_address() {
    let (_dir, game, router) = live_game(WebOptions {
        live_per_address: 2,
        ..WebOptions::default()
    });
    let follow = |from: &str| {
        let mut request = Request::get(format!("/g/{}/events", game.0))
            .body(Body::empty())
            .unwrap();
        request
            .extensions_mut()
            .insert(ConnectInfo::<SocketAddr>(from.parse().unwrap()));
        router.clone().oneshot(request)
    };
    let one = follow("127.0.0.1:1000").await.unwrap();
    let two = follow("127.0.0.1:1001").await.unwrap();
    assert_eq!(one.status(), StatusCode::OK);
    assert_eq!(two.status(), StatusCode::OK);
    // A third from the same address polls instead; another address still follows live.
    let three = follow("127.0.0.1:1002").await.unwrap();
    assert_eq!(three.status(), StatusCode::SERVICE_UNAVAILABLE);
    let other = follow("127.0.0.2:1000").await.unwrap();
    assert_eq!(other.status(), StatusCode::OK);
    // A closed stream gives its address's place back.
    drop(one);
    let again = follow("127.0.0.1:1003").await.unwrap();
    assert_eq!(again.status(), StatusCode::OK);
    drop((two, other, again));
}

#[tokio::test]
async fn behind_a_trusted_proxy_live_streams_are_capped_per_client() {
    let (_dir, game, router) = live_game(WebOptions {
        live_per_address: 2,
        trusted_proxies: vec!["10.0.0.1/32".parse().unwrap()],
        ..WebOptions::default()
    });
    // Every request comes through the proxy 10.0.0.1, naming its client.
    let follow = |client: &str| {
        let mut request = Request::get(format!("/g/{}/events", game.0))
            .header("x-forwarded-for", client)
            .body(Body::empty())
            .unwrap();
        request
            .extensions_mut()
            .insert(ConnectInfo::<SocketAddr>("10.0.0.1:4000".parse().unwrap()));
        router.clone().oneshot(request)
    };
    let a1 = follow("203.0.113.1").await.unwrap();
    let a2 = follow("203.0.113.1").await.unwrap();
    assert_eq!((a1.status(), a2.status()), (StatusCode::OK, StatusCode::OK));
    // That client's third polls; another client through the same proxy still follows live.
    let a3 = follow("203.0.113.1").await.unwrap();
    assert_eq!(a3.status(), StatusCode::SERVICE_UNAVAILABLE);
    let b1 = follow("203.0.113.2").await.unwrap();
    let b2 = follow("203.0.113.2").await.unwrap();
    assert_eq!((b1.status(), b2.status()), (StatusCode::OK, StatusCode::OK));
    drop((a1, a2, b1, b2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trusted_proxy_is_held_only_to_the_total_of_connections() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bao.db");
    drop(writer(&path));
    let server = serve(
        &path,
        WebOptions {
            connections: Connections {
                per_address: 2,
                total: 8,
                trusted_proxies: vec!["127.0.0.1/32".parse().unwrap()],
                ..Connections::default()
            },
            trusted_proxies: vec!["127.0.0.1/32".parse().unwrap()],
            ..WebOptions::default()
        },
    )
    .await;
    let half = b"GET /health HTTP/1.1\r\nHost: bao\r\n";
    // An untrusted address: its third connection is refused at once.
    let mut other = Vec::new();
    for _ in 0..2 {
        let mut s = connect_from("127.0.0.2", server.addr).await;
        s.write_all(half).await.unwrap();
        other.push(s);
    }
    let mut third = connect_from("127.0.0.2", server.addr).await;
    let refused = until_closed(&mut third, Duration::from_secs(10))
        .await
        .expect("refused and closed");
    assert!(String::from_utf8_lossy(&refused).starts_with("HTTP/1.1 503"));
    // The proxy (127.0.0.1) holds five at once, past the address cap of 2 ...
    let mut proxied = Vec::new();
    for _ in 0..5 {
        let mut s = connect_from("127.0.0.1", server.addr).await;
        s.write_all(half).await.unwrap();
        proxied.push(s);
    }
    // ... each of them served once it finishes its request.
    for s in &mut proxied {
        s.write_all(b"Connection: close\r\n\r\n").await.unwrap();
        let got = until_closed(s, Duration::from_secs(10))
            .await
            .expect("an answer");
        assert!(
            String::from_utf8_lossy(&got).starts_with("HTTP/1.1 200"),
            "{}",
            String::from_utf8_lossy(&got)
        );
    }
    // The total still holds it: 2 + 8 open leaves the proxy's ninth refused.
    let mut full = Vec::new();
    for _ in 0..6 {
        let mut s = connect_from("127.0.0.1", server.addr).await;
        s.write_all(half).await.unwrap();
        full.push(s);
    }
    let mut past = connect_from("127.0.0.1", server.addr).await;
    let refused = until_closed(&mut past, Duration::from_secs(10))
        .await
        .expect("refused and closed");
    assert!(String::from_utf8_lossy(&refused).starts_with("HTTP/1.1 503"));
    drop((other, full));
}
