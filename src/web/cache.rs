//! Validators and caching: a strong `ETag` (the first 128 bits of the body's SHA-256,
//! ring) on every page, data file and picture, `304 Not Modified` when the client's
//! `If-None-Match` names it, and `Cache-Control` saying who may keep a copy (`public` for
//! public games, `private` for token-protected ones) and that it is checked again before
//! use (`no-cache`: a page changes when an analysis or a rating lands).
//!
//! The compression layer (tower-http) runs outside the handlers: [`tag_encoding`] gives a
//! compressed body its own strong tag (`"…-br"`, `"…-gzip"`), as a strong validator must
//! differ between encodings, and [`matches`] accepts either form back.

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

/// Who may keep a copy of a response.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Scope {
    /// Anyone, proxies included: a public game or event.
    Public,
    /// Only the asker's own browser: a page reached with a token.
    Private,
}

impl Scope {
    /// `Private` when the request carried a token, else `Public`.
    pub(super) fn of_token(token: bool) -> Scope {
        if token {
            Scope::Private
        } else {
            Scope::Public
        }
    }

    fn cache_control(self) -> HeaderValue {
        HeaderValue::from_static(match self {
            Scope::Public => "public, no-cache",
            Scope::Private => "private, no-cache",
        })
    }
}

/// The strong entity tag of `body`, quoted: `"` + 22 base64url characters + `"`.
pub(super) fn etag(body: &[u8]) -> String {
    tag_of(&digest(body))
}

/// The first 128 bits of `body`'s SHA-256: what its tag says.
pub(super) fn digest(body: &[u8]) -> [u8; 16] {
    let mut out = [0; 16];
    out.copy_from_slice(&ring::digest::digest(&ring::digest::SHA256, body).as_ref()[..16]);
    out
}

/// The quoted tag of a body whose [`digest`] is `digest`.
pub(super) fn tag_of(digest: &[u8; 16]) -> String {
    format!("\"{}\"", URL_SAFE_NO_PAD.encode(digest))
}

/// The tag in `If-None-Match` that names `tag` (itself, or its compressed form), if any.
/// Garbage, lists too long and weak tags of other bodies simply do not match.
pub(super) fn matches(request: &HeaderMap, tag: &str) -> Option<HeaderValue> {
    let bare = tag.trim_matches('"');
    for value in request.get_all(header::IF_NONE_MATCH) {
        let Ok(text) = value.to_str() else { continue };
        if text.len() > 4096 {
            continue;
        }
        for given in text.split(',').map(str::trim) {
            if given == "*" {
                return HeaderValue::from_str(tag).ok();
            }
            let inner = given.trim_start_matches("W/").trim_matches('"');
            let base = inner
                .strip_suffix("-br")
                .or_else(|| inner.strip_suffix("-gzip"))
                .unwrap_or(inner);
            if base == bare {
                return HeaderValue::from_str(given.trim_start_matches("W/")).ok();
            }
        }
    }
    None
}

/// `body` answered with its validator: 304 when the request already holds it, else the
/// response `build` makes, with `ETag` and `Cache-Control` for `scope`.
pub(super) fn validated(
    request: &HeaderMap,
    body: &[u8],
    scope: Scope,
    build: impl FnOnce() -> Response,
) -> Response {
    validated_tag(request, etag(body), scope, build)
}

/// [`validated`] for a body whose tag (its [`etag`]) is already made.
pub(super) fn validated_tag(
    request: &HeaderMap,
    tag: String,
    scope: Scope,
    build: impl FnOnce() -> Response,
) -> Response {
    if let Some(held) = matches(request, &tag) {
        let mut r = StatusCode::NOT_MODIFIED.into_response();
        r.headers_mut().insert(header::ETAG, held);
        r.headers_mut()
            .insert(header::CACHE_CONTROL, scope.cache_control());
        return r;
    }
    let mut r = build();
    if let Ok(v) = HeaderValue::from_str(&tag) {
        r.headers_mut().insert(header::ETAG, v);
    }
    r.headers_mut()
        .insert(header::CACHE_CONTROL, scope.cache_control());
    r
}

/// Middleware outside the compression layer: a compressed body's `ETag` gets the
/// encoding's suffix, so each encoding has its own strong tag.
pub(super) async fn tag_encoding(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let mut response = next.run(request).await;
    let h = response.headers_mut();
    let encoding = h
        .get(header::CONTENT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    if let (Some(encoding), Some(tag)) = (encoding, h.get(header::ETAG)) {
        if let Ok(tag) = tag.to_str() {
            let tagged = format!("\"{}-{encoding}\"", tag.trim_matches('"'));
            if let Ok(v) = HeaderValue::from_str(&tagged) {
                h.insert(header::ETAG, v);
            }
        }
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asking(value: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::IF_NONE_MATCH, HeaderValue::from_str(value).unwrap());
        h
    }

    #[test]
    fn a_tag_matches_itself_and_its_compressed_forms_only() {
        let tag = etag(b"board");
        let bare = tag.trim_matches('"');
        assert!(matches(&asking(&tag), &tag).is_some());
        assert!(matches(&asking(&format!("\"{bare}-br\"")), &tag).is_some());
        assert!(matches(&asking(&format!("\"x\", \"{bare}-gzip\"")), &tag).is_some());
        assert!(matches(&asking("*"), &tag).is_some());
        assert!(matches(&asking(&etag(b"other")), &tag).is_none());
        assert!(matches(&asking("garbage,,,\"\"\"W/"), &tag).is_none());
        assert!(matches(&HeaderMap::new(), &tag).is_none());
    }

    #[test]
    fn a_held_body_gets_304_and_a_new_one_the_body() {
        let tag = etag(b"page");
        let r = validated(&asking(&tag), b"page", Scope::Private, || {
            "page".into_response()
        });
        assert_eq!(r.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(r.headers()[header::CACHE_CONTROL], "private, no-cache");
        let r = validated(&asking(&tag), b"page 2", Scope::Public, || {
            "page 2".into_response()
        });
        assert_eq!(r.status(), StatusCode::OK);
        assert_eq!(r.headers()[header::CACHE_CONTROL], "public, no-cache");
        assert_eq!(r.headers()[header::ETAG], etag(b"page 2").as_str());
    }
}
