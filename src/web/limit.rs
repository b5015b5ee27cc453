//! The per-client request limit: each client address gets `requests_per_minute` requests a
//! minute, as many at once (governor's GCRA). Past it, 429 with `Retry-After`, said in the
//! page's language.
//!
//! The client's address is the connection's, unless the connection comes from a trusted
//! proxy (`[web] trusted_proxies`): then it is read from `X-Forwarded-For` (else
//! `Forwarded: for=`), from the right, skipping the trusted proxies' own addresses. A
//! forwarding header from any other peer is ignored, so no one can borrow another's
//! allowance by writing one. The address found is left on the request as [`Client`], so
//! the live streams and the pictures are held per client too.

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use ipnet::IpNet;

use crate::msg;

/// The client's address as the request limit found it (see [`Limiter::client`]): handlers
/// that hold something per address take it with `Extension<Client>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Client(pub(super) IpAddr);

/// The limiter shared by every connection.
pub(super) struct Limiter {
    inner: DefaultKeyedRateLimiter<IpAddr>,
    clock: DefaultClock,
    trusted: Vec<IpNet>,
}

impl Limiter {
    /// `per_minute` requests a minute per client; `trusted`: the proxies whose forwarding
    /// headers are believed.
    pub(super) fn new(per_minute: u32, trusted: Vec<IpNet>) -> Arc<Limiter> {
        let n = NonZeroU32::new(per_minute.max(1)).unwrap_or(NonZeroU32::MIN);
        Arc::new(Limiter {
            inner: RateLimiter::keyed(Quota::per_minute(n)),
            clock: DefaultClock::default(),
            trusted,
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

    fn is_trusted(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        self.trusted.iter().any(|net| net.contains(&ip))
    }

    /// The client's address: `peer`, or when `peer` is a trusted proxy, the nearest
    /// untrusted address its forwarding headers name.
    pub(super) fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = canonical(peer);
        if !self.is_trusted(peer) {
            return peer;
        }
        let hops = forwarded_for(headers);
        let mut client = peer;
        for hop in hops.iter().rev() {
            match hop {
                Some(ip) => {
                    client = canonical(*ip);
                    if !self.is_trusted(client) {
                        break;
                    }
                }
                // An entry that is no address (`unknown`, garbage): trust stops here.
                None => break,
            }
        }
        client
    }
}

/// An IPv4 address written as IPv6 (`::ffff:1.2.3.4`) as the IPv4 address.
pub(super) fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// The hops of `X-Forwarded-For` (all its lines, in order), else those of `Forwarded`'s
/// `for=`; `None` for an entry that is no address. At most 32 hops are read.
fn forwarded_for(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let xff: Vec<Option<IpAddr>> = headers
        .get_all("x-forwarded-for")
        .iter()
        .flat_map(|v| v.to_str().unwrap_or("?").split(','))
        .map(|hop| parse_hop(hop.trim()))
        .take(32)
        .collect();
    if !xff.is_empty() {
        return xff;
    }
    headers
        .get_all(header::FORWARDED)
        .iter()
        .flat_map(|v| v.to_str().unwrap_or("for=?").split(','))
        .filter_map(|element| {
            element.split(';').find_map(|pair| {
                let (k, v) = pair.trim().split_once('=')?;
                k.trim()
                    .eq_ignore_ascii_case("for")
                    .then(|| parse_hop(v.trim().trim_matches('"')))
            })
        })
        .take(32)
        .collect()
}

/// One hop: `1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1`, `[2001:db8::1]:80`.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    if let Ok(ip) = hop.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Ok(sa) = hop.parse::<SocketAddr>() {
        return Some(sa.ip());
    }
    hop.strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .and_then(|h| h.parse().ok())
}

/// Middleware: refuses a request over its client's limit.
pub(super) async fn limit(
    State(limiter): State<Arc<Limiter>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    mut request: Request,
    next: Next,
) -> Response {
    let client = limiter.client(peer.ip(), request.headers());
    request.extensions_mut().insert(Client(client));
    match limiter.check(client) {
        Ok(()) => next.run(request).await,
        Err(wait) => {
            let lang = super::query_lang(request.uri().query()).unwrap_or_default();
            let secs = wait.as_secs().max(1).to_string();
            let mut response = super::text_error(
                StatusCode::TOO_MANY_REQUESTS,
                &msg!("web-too-many-requests").render(lang),
            );
            if let Ok(v) = HeaderValue::from_str(&secs) {
                response.headers_mut().insert(header::RETRY_AFTER, v);
            }
            response.into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limiter(trusted: &[&str]) -> Arc<Limiter> {
        Limiter::new(60, trusted.iter().map(|t| t.parse().unwrap()).collect())
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn a_forwarding_header_from_an_untrusted_peer_is_ignored() {
        let l = limiter(&["10.0.0.0/8"]);
        let h = headers(&[("x-forwarded-for", "203.0.113.7")]);
        assert_eq!(l.client(ip("198.51.100.1"), &h), ip("198.51.100.1"));
        let none = limiter(&[]);
        assert_eq!(none.client(ip("10.0.0.1"), &h), ip("10.0.0.1"));
    }

    #[test]
    fn a_trusted_proxy_names_the_nearest_untrusted_hop() {
        let l = limiter(&["10.0.0.0/8", "::1/128"]);
        let h = headers(&[("x-forwarded-for", "1.1.1.1, 203.0.113.7, 10.0.0.2")]);
        assert_eq!(l.client(ip("10.0.0.1"), &h), ip("203.0.113.7"));
        assert_eq!(l.client(ip("::ffff:10.0.0.1"), &h), ip("203.0.113.7"));
        let h = headers(&[("forwarded", "for=\"[2001:db8::5]:443\";proto=https")]);
        assert_eq!(l.client(ip("::1"), &h), ip("2001:db8::5"));
        let h = headers(&[("x-forwarded-for", "203.0.113.7, garbage")]);
        assert_eq!(l.client(ip("10.0.0.1"), &h), ip("10.0.0.1"));
        assert_eq!(l.client(ip("10.0.0.1"), &HeaderMap::new()), ip("10.0.0.1"));
    }
}
