//! The per-address request limit: each client address gets `requests_per_minute`
//! requests a minute, as many at once (governor's GCRA). Past it, 429 with `Retry-After`.

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// The limiter shared by every connection.
pub(super) struct Limiter {
    inner: DefaultKeyedRateLimiter<IpAddr>,
    clock: DefaultClock,
}

impl Limiter {
    /// `per_minute` requests a minute per address.
    pub(super) fn new(per_minute: u32) -> Arc<Limiter> {
        let n = NonZeroU32::new(per_minute.max(1)).unwrap_or(NonZeroU32::MIN);
        Arc::new(Limiter {
            inner: RateLimiter::keyed(Quota::per_minute(n)),
            clock: DefaultClock::default(),
        })
    }

    /// Forgets addresses whose allowance is full again (keeps memory bounded).
    pub(super) fn forget_idle(&self) {
        self.inner.retain_recent();
        self.inner.shrink_to_fit();
    }

    /// `Ok` if `ip` may make a request now, else how long it should wait.
    fn check(&self, ip: IpAddr) -> Result<(), Duration> {
        self.inner
            .check_key(&ip)
            .map_err(|not_until| not_until.wait_time_from(self.clock.now()))
    }
}

/// Middleware: refuses a request over its address's limit.
pub(super) async fn limit(
    State(limiter): State<Arc<Limiter>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    match limiter.check(peer.ip()) {
        Ok(()) => next.run(request).await,
        Err(wait) => {
            let secs = wait.as_secs().max(1).to_string();
            let mut response = (
                StatusCode::TOO_MANY_REQUESTS,
                "Too many requests from your address: wait a moment and reload.",
            )
                .into_response();
            if let Ok(v) = HeaderValue::from_str(&secs) {
                response.headers_mut().insert(header::RETRY_AFTER, v);
            }
            response
        }
    }
}
