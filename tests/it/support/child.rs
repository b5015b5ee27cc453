//! Crash tests' writer: the test binary re-run as a child process on one test.

use std::path::Path;
use std::process::{Child, Command, Stdio};

/// Starts this test binary again on test `test` alone, with `env` set to the database
/// `path` (which makes the test act as the writer), its standard output piped.
pub fn spawn_writer(test: &str, env: &str, path: &Path) -> Child {
    Command::new(std::env::current_exe().expect("test binary"))
        .args([test, "--exact", "--nocapture", "--test-threads=1"])
        .env(env, path)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the writer starts")
}
