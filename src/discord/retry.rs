//! Waiting out Discord's rate limits when serenity's own limiter is off.
//!
//! With a `proxy_url` (a shared rate-limit proxy in front of several bot processes, or the
//! tests' stand-in), serenity sends every request as it comes and hands a `429 Too Many
//! Requests` back as an error. Discord did nothing with such a request, so sending it again
//! can neither lose nor double anything: every request the adapter makes goes through
//! [`retrying`], which tries again after a pause until its deadline.
//!
//! serenity reads a refused request's body into its own error type, which keeps the status
//! but drops `retry_after` and the rate-limit headers, so the pause here is a bounded
//! back-off: 100 ms, doubling up to 4 s, with a little jitter so that several processes do
//! not come back in step. Discord's `retry_after` is honoured one step earlier, by the gate
//! every request passes through (`gate.rs`): a try that comes before it is refused there and
//! never reaches Discord. However absurd a proxy's `retry_after` (negative, missing, an
//! hour), the bot neither spins nor waits past the deadline; past it the error is returned
//! and the caller reports it. A `403` is never tried again: it is logged once with its
//! route.
//!
//! Deadlines: an interaction must be answered within 3 s of its arrival, so the first answer
//! gets [`FIRST_ANSWER`] from then (and the adapter defers when that is at risk); everything
//! else gets [`PATIENCE`].

use std::future::Future;
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use tracing::{info, warn};

/// How long after an interaction arrived its first answer may still be sent: Discord's 3 s,
/// less room for the network.
pub const FIRST_ANSWER: Duration = Duration::from_millis(2500);
/// How much of [`FIRST_ANSWER`] is kept for a defer when a whole first answer is refused.
pub const DEFER_MARGIN: Duration = Duration::from_millis(1000);
/// How long any other request keeps being retried.
pub const PATIENCE: Duration = Duration::from_secs(60);
/// The first pause after a 429.
const FIRST_PAUSE: Duration = Duration::from_millis(100);
/// The longest pause between two tries.
const LONGEST_PAUSE: Duration = Duration::from_secs(4);

/// Whether Discord (or the proxy) refused the request for its rate limit.
pub fn is_rate_limited(e: &serenity::Error) -> bool {
    matches!(
        e,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
            if r.status_code.as_u16() == 429
    )
}

/// The pause before try `attempt + 1` (0-based): doubling from [`FIRST_PAUSE`], at most
/// [`LONGEST_PAUSE`], plus up to a quarter more, drawn from the clock.
fn pause(attempt: u32) -> Duration {
    let base = FIRST_PAUSE
        .saturating_mul(1u32 << attempt.min(16))
        .min(LONGEST_PAUSE);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    base + base.mul_f64(f64::from(nanos % 1000) / 4000.0)
}

/// Runs `request` until it is not refused for a rate limit, or until `deadline` would pass
/// before the next try (then the last refusal is returned). `what` names the request in
/// the log.
pub async fn retrying<T, F, Fut>(
    what: &'static str,
    deadline: Instant,
    mut request: F,
) -> serenity::Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    let mut attempt = 0;
    loop {
        match request().await {
            Err(e) if is_rate_limited(&e) => {
                let wait = pause(attempt);
                if Instant::now() + wait > deadline {
                    warn!(what, tries = attempt + 1, "still rate limited; giving up");
                    return Err(e);
                }
                info!(
                    what,
                    wait_ms = wait.as_millis() as u64,
                    "rate limited; trying again"
                );
                tokio::time::sleep(wait).await;
                attempt += 1;
            }
            Err(e) => {
                if let Some((status, route, code)) = refusal_of(&e) {
                    if status == 403 {
                        // Discord forbids it: trying again would only count against the bot.
                        warn!(what, route, code, "Discord refused the request (403)");
                    }
                }
                return Err(e);
            }
            ok => return ok,
        }
    }
}

/// A refused request's status, route (the path, without Discord's or the proxy's address)
/// and Discord's error code.
pub fn refusal_of(e: &serenity::Error) -> Option<(u16, String, isize)> {
    let serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) = e else {
        return None;
    };
    let route = url::Url::parse(&r.url).map_or_else(|_| r.url.clone(), |u| u.path().to_string());
    Some((r.status_code.as_u16(), route, r.error.code))
}

/// [`retrying`] with [`PATIENCE`] from now.
pub async fn patiently<T, F, Fut>(what: &'static str, request: F) -> serenity::Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    retrying(what, Instant::now() + PATIENCE, request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_double_and_stay_bounded() {
        assert!(pause(0) >= FIRST_PAUSE && pause(0) <= FIRST_PAUSE.mul_f64(1.25));
        assert!(pause(1) >= FIRST_PAUSE * 2);
        for attempt in [6, 20, 40, u32::MAX] {
            let p = pause(attempt);
            assert!(
                p >= LONGEST_PAUSE && p <= LONGEST_PAUSE.mul_f64(1.25),
                "{p:?}"
            );
        }
    }

    #[tokio::test]
    async fn a_request_that_is_never_let_through_gives_up_at_its_deadline() {
        let started = Instant::now();
        let mut tries = 0;
        let refused = || {
            tries += 1;
            async { Err::<(), _>(serenity::Error::Other("not a 429")) }
        };
        // Not a rate limit: returned at once.
        assert!(retrying("test", started + PATIENCE, refused).await.is_err());
        assert_eq!(tries, 1);
        assert!(started.elapsed() < Duration::from_millis(50));
    }
}
