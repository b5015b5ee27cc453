//! bao-bot run as a process: what it says without a token or with a missing config file, the
//! loopback-only guard, and a clean stop on SIGTERM that logs no contents.

use super::*;

/// `bao-bot run` with the given extra environment, stderr captured into a file.
fn bao_bot_run(env: &[(&str, String)], stderr: &std::path::Path) -> std::process::Child {
    let mut cmd = Process::new(env!("CARGO_BIN_EXE_bao-bot"));
    // A database of its own beside the log, never whatever `bao.db` the working tree holds.
    let db = stderr.with_file_name("bao-test.db");
    cmd.arg("run")
        .env_clear()
        .env("BAO_LOG", "info")
        .env("BAO_DATABASE", db)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(stderr).unwrap());
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.spawn().expect("start bao-bot")
}

#[test]
fn run_without_token_explains_what_to_set() {
    let out = Process::new(env!("CARGO_BIN_EXE_bao-bot"))
        .arg("run")
        .env_clear()
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    for want in [
        "DISCORD_TOKEN",
        "bot",
        "applications.commands",
        "privileged",
    ] {
        assert!(err.contains(want), "`{want}` missing from:\n{err}");
    }
}

#[test]
fn run_with_a_missing_config_file_says_so() {
    let out = Process::new(env!("CARGO_BIN_EXE_bao-bot"))
        .args(["run", "--config", "/nonexistent/bao.toml"])
        .env_clear()
        .env("DISCORD_TOKEN", TOKEN)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/nonexistent/bao.toml"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");
}

#[test]
fn loopback_only_refuses_a_remote_proxy() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("stderr");
    let mut child = bao_bot_run(
        &[
            ("DISCORD_TOKEN", TOKEN.to_string()),
            ("BAO_PROXY_URL", "http://discord.example.com".into()),
            ("BAO_TEST_LOOPBACK_ONLY", "1".into()),
        ],
        &log,
    );
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(2));
    let err = std::fs::read_to_string(&log).unwrap();
    assert!(err.contains("loopback"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_bot_cleanly_and_logs_without_contents() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("stderr");
    let mut child = bao_bot_run(
        &[
            ("DISCORD_TOKEN", TOKEN.to_string()),
            ("BAO_PROXY_URL", fake.proxy_url()),
            ("BAO_TEST_LOOPBACK_ONLY", "1".into()),
            ("BAO_TEST_GUILD_ID", "1300000000000000001".into()),
        ],
        &log,
    );
    fake.wait_for_ready(Duration::from_secs(10)).await;
    // With a test server configured, /bao is registered there only.
    fake.wait_for(
        |r| {
            r.is(
                "PUT",
                "/api/v10/applications/*/guilds/1300000000000000001/commands",
            )
        },
        WAIT,
    )
    .await;
    assert!(fake.registered_commands(None).is_none());
    fake.send_interaction(payloads::slash(31, &asha(), GUILD, "help", &[]));
    callback(&fake, 31).await;

    let kill = Process::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let status = tokio::task::spawn_blocking(move || child.wait())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        status.code(),
        Some(0),
        "{}",
        std::fs::read_to_string(&log).unwrap()
    );
    assert_eq!(fake.wait_for_gateway_close(WAIT).await, Some(1000));

    let err = std::fs::read_to_string(&log).unwrap();
    let line = err
        .lines()
        .find(|l| l.contains("subcommand=\"help\""))
        .unwrap_or_else(|| panic!("no log line for /bao help in:\n{err}"));
    assert!(line.contains(&asha().id.to_string()), "{line}");
    assert!(line.contains("ms="), "{line}");
    assert!(!err.contains(TOKEN), "the token was logged");
    assert!(!err.contains("/bao move"), "message contents were logged");
}
