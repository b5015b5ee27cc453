//! The pages' connections: hyper serves each one with a timer, so a request's headers must
//! arrive within [`Connections::header_timeout`] and a keep-alive connection left idle that
//! long is closed (hyper starts the same timer while it waits for the next request). The
//! accept loop holds every address to [`Connections::per_address`] connections and the server
//! to [`Connections::total`]; past either, a connection gets a fixed 503 (with the
//! security headers) written without waiting and is closed at once, so slow or many connections from one address cost others
//! nothing but their accept. A trusted proxy (`[web] trusted_proxies`) carries many
//! clients on its connections: it is held only to the total. The live streams and the
//! pictures are held the same way, by [`Held`] slots, per client address.
//!
//! A request hyper cannot read (a target over its 64 KB, a header block over its buffer or
//! over 100 headers, bytes that are not HTTP) gets hyper's own answer, a bare status line;
//! [`OwnErrors`] puts the server's in its place: the security headers, and a sentence
//! saying what was wrong.

use std::collections::HashMap;
use std::future::Future;
use std::io::{self, IoSlice};
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{ready, Context, Poll};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use ipnet::IpNet;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, ReadBuf};
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
    /// Reverse proxies (`[web] trusted_proxies`): their connections carry many clients, so
    /// they count only in `total`, never against `per_address`.
    pub trusted_proxies: Vec<IpNet>,
}

impl Default for Connections {
    fn default() -> Connections {
        Connections {
            total: 512,
            per_address: 32,
            header_timeout: Duration::from_secs(10),
            trusted_proxies: Vec::new(),
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
    /// The address it counts against; `None` for a slot counted only in the total.
    address: Option<IpAddr>,
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
            address: Some(address),
        })
    }

    /// A slot counted only in the total (a trusted proxy's connection), or `None` when
    /// everyone is at the limit.
    pub(super) fn take_in_total(self: &Arc<Slots>) -> Option<Held> {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        if held.total >= self.total {
            return None;
        }
        held.total += 1;
        Some(Held {
            slots: self.clone(),
            address: None,
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
        let Some(address) = self.address else { return };
        if let Some(n) = held.by_address.get_mut(&address) {
            *n -= 1;
            if *n == 0 {
                held.by_address.remove(&address);
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

/// What a refused connection is told before it is closed (written once, at the start).
fn refused() -> Vec<u8> {
    written_answer(
        "503 Service Unavailable\r\nretry-after: 10",
        "Too many connections: wait a moment and reload.",
    )
}

/// Serves `router` on `listener` with `limits` until `shutdown` resolves (connections then
/// open end with the process).
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    limits: Connections,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let slots = Slots::new(limits.total, limits.per_address);
    let refused = refused();
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
        let proxy = limits
            .trusted_proxies
            .iter()
            .any(|net| net.contains(&super::limit::canonical(peer.ip())));
        let held = if proxy {
            slots.take_in_total()
        } else {
            slots.take(peer.ip())
        };
        let Some(held) = held else {
            // Cheaply: what fits in the socket's buffer now, then closed.
            let _ = stream.try_write(&refused);
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
        let connection = http.serve_connection(TokioIo::new(OwnErrors::new(stream)), service);
        tokio::spawn(async move {
            let _held = held;
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, "a web connection ended");
            }
        });
    }
}

/// A connection whose answers hyper writes itself are replaced by the server's own: when
/// hyper cannot read a request it writes a bare `400`, `414` or `431` status line and
/// closes. This sees that answer go out (a response head of one of those statuses without
/// the security headers every route's answer carries), writes [`own_answer`] instead, and
/// once the connection is dropped reads what the client was still sending for a moment
/// before closing, so the client reads the answer rather than a reset.
struct OwnErrors {
    stream: Option<tokio::net::TcpStream>,
    /// The server's answer being written in hyper's place, and how much of it is written.
    replacing: Option<(Vec<u8>, usize)>,
}

impl OwnErrors {
    fn new(stream: tokio::net::TcpStream) -> OwnErrors {
        OwnErrors {
            stream: Some(stream),
            replacing: None,
        }
    }

    fn stream(&mut self) -> io::Result<&mut tokio::net::TcpStream> {
        self.stream
            .as_mut()
            .ok_or_else(|| io::ErrorKind::NotConnected.into())
    }

    /// Writes the server's answer if hyper's own is going out (`head`: the start of what
    /// hyper writes): `Some(n)` once it is written, `n` standing for hyper's `len` bytes.
    fn poll_replace(
        &mut self,
        cx: &mut Context<'_>,
        head: &[u8],
        len: usize,
    ) -> Poll<io::Result<Option<usize>>> {
        if self.replacing.is_none() {
            match hyper_error(head).map(own_answer) {
                Some(own) => self.replacing = Some((own, 0)),
                None => return Poll::Ready(Ok(None)),
            }
        }
        let Some((own, mut written)) = self.replacing.take() else {
            return Poll::Ready(Ok(None));
        };
        while written < own.len() {
            let step = Pin::new(self.stream()?).poll_write(cx, &own[written..]);
            match step {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => written += n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => {
                    self.replacing = Some((own, written));
                    return Poll::Pending;
                }
            }
        }
        // Written: hyper's bytes, and anything it writes after them, go nowhere.
        self.replacing = Some((own, written));
        Poll::Ready(Ok(Some(len)))
    }
}

/// The status of hyper's own answer to a request it could not read, if `head` starts one:
/// `400`, `414` or `431` with no `content-security-policy` (every route's answer has it).
fn hyper_error(head: &[u8]) -> Option<u16> {
    let status = head.strip_prefix(b"HTTP/1.1 ")?.get(..3)?;
    let status = std::str::from_utf8(status).ok()?.parse().ok()?;
    if !matches!(status, 400 | 414 | 431) {
        return None;
    }
    let end = head
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or(head.len());
    let ours = head[..end]
        .to_ascii_lowercase()
        .windows(24)
        .any(|w| w == b"content-security-policy:");
    (!ours).then_some(status)
}

/// The server's answer for a request hyper could not read: the status, the security
/// headers, and what was wrong in plain words (English: the request's `?lang=` could not
/// be read either).
fn own_answer(status: u16) -> Vec<u8> {
    let (reason, words) = match status {
        414 => (
            "URI Too Long",
            "The address is too long: a page's address is its path and at most ?k=TOKEN&lang=CODE.",
        ),
        431 => (
            "Request Header Fields Too Large",
            "The request's headers are too large (over 400 KB, or over 100 headers): send fewer or shorter ones.",
        ),
        _ => (
            "Bad Request",
            "The request could not be read: it is not well-formed HTTP/1.1.",
        ),
    };
    written_answer(&format!("{status} {reason}"), words)
}

/// A whole plain-text answer written straight to a connection that then closes: `status`
/// (`431 Request Header Fields Too Large`, maybe with more header lines after it), the
/// security headers, and `words`.
fn written_answer(status: &str, words: &str) -> Vec<u8> {
    format!(
        "HTTP/1.1 {status}\r\ncontent-type: text/plain; charset=utf-8\r\n\
         content-length: {}\r\nconnection: close\r\ncache-control: no-store\r\n\
         content-security-policy: {}\r\nx-content-type-options: nosniff\r\n\
         referrer-policy: no-referrer\r\nx-frame-options: DENY\r\n\r\n{words}",
        words.len(),
        super::CSP
    )
    .into_bytes()
}

impl AsyncRead for OwnErrors {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(self.get_mut().stream()?).poll_read(cx, buf)
    }
}

impl AsyncWrite for OwnErrors {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if let Some(n) = ready!(this.poll_replace(cx, buf, buf.len()))? {
            return Poll::Ready(Ok(n));
        }
        Pin::new(this.stream()?).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let head = bufs
            .iter()
            .find(|b| !b.is_empty())
            .map_or(&[][..], |b| &b[..]);
        let len = bufs.iter().map(|b| b.len()).sum();
        if let Some(n) = ready!(this.poll_replace(cx, head, len))? {
            return Poll::Ready(Ok(n));
        }
        Pin::new(this.stream()?).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.as_ref().is_some_and(|s| s.is_write_vectored())
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(self.get_mut().stream()?).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(self.get_mut().stream()?).poll_shutdown(cx)
    }
}

impl Drop for OwnErrors {
    /// After the server's own error answer: what the client still sends is read and
    /// dropped, for at most 2 s and 1 MB, before the socket closes (closing with unread
    /// bytes would reset the connection and lose the answer on the client's side).
    fn drop(&mut self) {
        let (Some(mut stream), Some(_)) = (self.stream.take(), self.replacing.as_ref()) else {
            return;
        };
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        runtime.spawn(async move {
            let mut sink = [0u8; 16 * 1024];
            let mut left = 1usize << 20;
            let deadline = tokio::time::Instant::now() + Duration::from_secs(2);
            while left > 0 {
                match tokio::time::timeout_at(deadline, stream.read(&mut sink)).await {
                    Ok(Ok(n)) if n > 0 => left = left.saturating_sub(n),
                    _ => return,
                }
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

    #[test]
    fn a_slot_in_the_total_only_is_not_held_to_the_address() {
        let slots = Slots::new(3, 1);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let _one = slots.take(a).expect("first");
        let _two = slots.take_in_total().expect("a proxy's");
        let three = slots.take_in_total().expect("another");
        assert!(slots.take_in_total().is_none(), "past the total");
        drop(three);
        assert!(slots.take(a).is_none(), "the address is still at its limit");
        assert!(slots.take_in_total().is_some());
    }

    #[test]
    fn only_hypers_own_error_answers_are_replaced() {
        let bare = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(hyper_error(bare), Some(431));
        assert_eq!(hyper_error(b"HTTP/1.1 414 URI Too Long\r\n\r\n"), Some(414));
        assert_eq!(hyper_error(b"HTTP/1.1 400 Bad Request\r\n\r\n"), Some(400));
        let ours = format!(
            "HTTP/1.1 400 Bad Request\r\ncontent-security-policy: {}\r\n\r\n",
            crate::web::CSP
        );
        assert_eq!(hyper_error(ours.as_bytes()), None, "a route's own 400");
        assert_eq!(hyper_error(b"HTTP/1.1 200 OK\r\n\r\n"), None);
        assert_eq!(hyper_error(b"GIF89a"), None, "a body");
        let own = String::from_utf8(own_answer(431)).unwrap();
        assert!(own.starts_with("HTTP/1.1 431 "), "{own}");
        assert!(own.contains(crate::web::CSP) && own.contains("x-frame-options: DENY"));
        let (head, body) = own.split_once("\r\n\r\n").unwrap();
        assert!(head.contains(&format!("content-length: {}", body.len())));
        assert!(body.contains("too large"));
        assert_eq!(
            hyper_error(own.as_bytes()),
            None,
            "the server's own answer is left alone"
        );
    }
}
