//! The pages' connections: hyper serves each one with a timer, so a request's headers must
//! arrive within [`Connections::header_timeout`] and a keep-alive connection left idle that
//! long is closed (hyper starts the same timer while it waits for the next request). The
//! accept loop holds every address to [`Connections::per_address`] connections and the server
//! to [`Connections::total`]; past either, a connection gets a fixed 503 written without
//! waiting and is closed at once, so slow or many connections from one address cost others
//! nothing but their accept. The live streams are held the same way, by [`Held`] slots.

use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tower::ServiceExt;

/// How many connections the server holds, and for how long.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Connections {
    /// Most connections open at once, all addresses together.
    pub total: usize,
    /// Most connections open at once from one address (an IPv6 /64 counts as one).
    pub per_address: usize,
    /// Time a request's headers may take to arrive, and a keep-alive connection may idle.
    pub header_timeout: Duration,
}

impl Default for Connections {
    fn default() -> Connections {
        Connections {
            total: 512,
            per_address: 32,
            header_timeout: Duration::from_secs(10),
        }
    }
}

/// Slots held per address and in total (connections, or live streams).
#[derive(Debug)]
pub(super) struct Slots {
    total: usize,
    per_address: usize,
    held: Mutex<Counts>,
}

/// The counts behind [`Slots`].
#[derive(Debug, Default)]
struct Counts {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// One slot, given back when dropped.
#[derive(Debug)]
pub(super) struct Held {
    slots: Arc<Slots>,
    address: IpAddr,
}

impl Slots {
    /// At most `total` slots, `per_address` of them for one address.
    pub(super) fn new(total: usize, per_address: usize) -> Arc<Slots> {
        Arc::new(Slots {
            total: total.max(1),
            per_address: per_address.max(1),
            held: Mutex::default(),
        })
    }

    /// A slot for `ip`, or `None` when its address or everyone is at the limit.
    pub(super) fn take(self: &Arc<Slots>, ip: IpAddr) -> Option<Held> {
        let address = address_of(ip);
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        let mine = held.by_address.get(&address).copied().unwrap_or(0);
        if held.total >= self.total || mine >= self.per_address {
            return None;
        }
        held.total += 1;
        held.by_address.insert(address, mine + 1);
        Some(Held {
            slots: self.clone(),
            address,
        })
    }

    /// Slots held now.
    pub(super) fn open(&self) -> usize {
        self.held
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .total
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = self
            .slots
            .held
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        held.total = held.total.saturating_sub(1);
        if let Some(n) = held.by_address.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                held.by_address.remove(&self.address);
            }
        }
    }
}

/// The address a client is counted under: its IPv4 address, or its IPv6 /64 (one host
/// usually holds a whole /64).
fn address_of(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let bits = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(bits.into())
            }
        },
        v4 => v4,
    }
}

/// What a refused connection is told before it is closed.
const REFUSED: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 10\r\n\
    Content-Type: text/plain\r\nContent-Length: 47\r\nConnection: close\r\n\r\n\
    Too many connections: wait a moment and reload.";

/// Serves `router` on `listener` with `limits` until `shutdown` resolves (connections then
/// open end with the process).
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    limits: Connections,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let slots = Slots::new(limits.total, limits.per_address);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut shutdown => return Ok(()),
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file handles, or a connection reset before it was taken:
                    // the listener itself is fine, so wait a moment and go on.
                    tracing::warn!(error = %e, "could not accept a web connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let Some(held) = slots.take(peer.ip()) else {
            // Cheaply: what fits in the socket's buffer now, then closed.
            let _ = stream.try_write(REFUSED);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request
                .extensions_mut()
                .insert(ConnectInfo::<SocketAddr>(peer));
            router.clone().oneshot(request)
        });
        let connection = http.serve_connection(TokioIo::new(stream), service);
        tokio::spawn(async move {
            let _held = held;
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, "a web connection ended");
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_hold_each_address_and_everyone() {
        let slots = Slots::new(3, 2);
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        let a1 = slots.take(a).expect("first");
        let _a2 = slots.take(a).expect("second");
        assert!(slots.take(a).is_none(), "a third from one address");
        let _b1 = slots.take(b).expect("another address");
        assert!(slots.take(b).is_none(), "past the total");
        assert_eq!(slots.open(), 3);
        drop(a1);
        assert_eq!(slots.open(), 2);
        assert!(slots.take(b).is_some(), "a slot given back is free again");
    }

    #[test]
    fn an_ipv6_slash_64_is_one_address() {
        let slots = Slots::new(10, 1);
        let _one = slots.take("2001:db8::1".parse().unwrap()).expect("first");
        assert!(slots.take("2001:db8::ffff".parse().unwrap()).is_none());
        assert!(slots.take("2001:db8:0:1::1".parse().unwrap()).is_some());
        assert_eq!(
            address_of("::ffff:10.0.0.1".parse().unwrap()),
            "10.0.0.1".parse::<IpAddr>().unwrap()
        );
    }
}
