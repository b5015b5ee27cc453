//! `bao-bot run` as a child process against the Discord stand-in with `[web]` on (the pages
//! and playing from them on a free loopback port), and plain HTTP/1.1 requests to it.

#![allow(dead_code)]

use std::process::{Child, Command as Process, Stdio};
use std::time::Duration;

use super::fake_discord::{FakeDiscord, TOKEN};

/// The running bot: its process, its web port and its folder (database, `bot.log`).
pub struct WebBot {
    /// The process.
    pub child: Child,
    /// Where the pages are served on 127.0.0.1.
    pub port: u16,
    /// The database and the log.
    pub dir: tempfile::TempDir,
}

impl WebBot {
    /// Starts `bao-bot run` against `fake`, its pages at `http://127.0.0.1:PORT/`.
    pub fn start(fake: &FakeDiscord) -> WebBot {
        WebBot::start_with(fake, &[])
    }

    /// [`WebBot::start`] with more environment variables (`[activity]`'s, say).
    pub fn start_with(fake: &FakeDiscord, env: &[(&str, &str)]) -> WebBot {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let dir = tempfile::tempdir().expect("dir");
        let child = Process::new(env!("CARGO_BIN_EXE_bao-bot"))
            .arg("run")
            .env_clear()
            .env("DISCORD_TOKEN", TOKEN)
            .env("BAO_PROXY_URL", fake.proxy_url())
            .env("BAO_TEST_LOOPBACK_ONLY", "1")
            .env("BAO_DATABASE", dir.path().join("bao.db"))
            .env("BAO_WEB_LISTEN", format!("127.0.0.1:{port}"))
            .env("BAO_WEB_PUBLIC_URL", format!("http://127.0.0.1:{port}/"))
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(dir.path().join("bot.log")).expect("log"))
            .spawn()
            .expect("bao-bot runs");
        WebBot { child, port, dir }
    }

    /// Stops it; returns its log.
    pub fn stop(mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        std::fs::read_to_string(self.dir.path().join("bot.log")).unwrap_or_default()
    }
}

/// `METHOD path` to `127.0.0.1:port` over HTTP/1.1 with `headers` (`Name: value` lines)
/// and `body`: the status and the whole answer (head and body).
pub fn http(port: u16, method: &str, path: &str, headers: &[&str], body: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    for h in headers {
        head.push_str(h);
        head.push_str("\r\n");
    }
    if !body.is_empty() {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    write!(s, "{head}\r\n{body}").expect("send");
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).expect("read");
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, text)
}
