//! Finished games' answers compressed once, at the best settings (brotli quality 11, gzip
//! level 9), instead of by the compression layer on every request (quality 7).
//!
//! A finished or aborted game's page and `data.json` change only when something lands
//! (an analysis, a rating), and then their tag changes too. So the compressed body is kept
//! in the app's cache of finished games' pictures ([`PictureCache`](crate::app::PictureCache)),
//! keyed by the uncompressed body's digest (its ETag) and the coding: bounded in bytes with
//! the pictures, and never stale. Compressing runs off the runtime, in a read slot; the
//! compression layer leaves an answer that already has a `Content-Encoding` alone, and
//! [`cache::tag_encoding`] gives it the coding's tag.

use std::io::Write;

use axum::body::Bytes;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

use super::cache::{self, Scope};
use super::Reader;
use crate::app::{Coding, PictureKey};

/// Whether `request`'s `Accept-Encoding` names `coding` without refusing it (`q=0`).
pub(super) fn accepts(request: &HeaderMap, coding: &str) -> bool {
    request
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|e| {
            let mut parts = e.split(';');
            let name = parts.next().unwrap_or("").trim();
            let refused = parts.any(|p| matches!(p.trim(), "q=0" | "q=0.0" | "q=0.00" | "q=0.000"));
            name.eq_ignore_ascii_case(coding) && !refused
        })
}

/// The coding to send a kept body in: brotli when accepted, else gzip, else none.
fn chosen(request: &HeaderMap) -> Option<Coding> {
    [Coding::Brotli, Coding::Gzip]
        .into_iter()
        .find(|c| accepts(request, c.name()))
}

/// `bytes` compressed with brotli at its best quality (11).
pub(super) fn brotli_best(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    {
        let mut w = brotli::CompressorWriter::new(&mut out, 4096, 11, 22);
        w.write_all(bytes)?;
    }
    Ok(out)
}

/// `bytes` compressed as `coding` at its best level.
fn compress(coding: Coding, bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    match coding {
        Coding::Brotli => brotli_best(bytes),
        Coding::Gzip => {
            let mut w = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
            w.write_all(bytes)?;
            w.finish()
        }
    }
}

/// Game `game`'s answer `body` (of media type `kind`) with its validator (see [`cache`]):
/// when the game is `finished` (or aborted), the client takes brotli or gzip and the cache
/// keeps anything, compressed once and kept; else as it is, left to the compression layer.
pub(super) async fn answer(
    reader: &Reader,
    request: &HeaderMap,
    game: i64,
    finished: bool,
    body: Bytes,
    scope: Scope,
    kind: &'static str,
) -> Response {
    let digest = cache::digest(&body);
    let tag = cache::tag_of(&digest);
    let plain = |body: Bytes| ([(header::CONTENT_TYPE, kind)], body).into_response();
    // Compressing at the best level pays only when kept (a cache of 0 bytes keeps none).
    let coding = chosen(request).filter(|_| finished && reader.app.picture_cache().capacity() > 0);
    let Some(coding) = coding.filter(|_| cache::matches(request, &tag).is_none()) else {
        return cache::validated_tag(request, tag, scope, || plain(body));
    };
    let key = PictureKey::packed(game, digest, coding);
    let kept = reader.app.picture_cache().get(&key);
    let packed = match kept {
        Some(p) => Some(p),
        None => {
            let raw = body.clone();
            let made = reader
                .read(move |app| {
                    Ok(app
                        .picture_cache()
                        .get_or_draw(key, || compress(coding, &raw))
                        .map_err(|e| tracing::error!("compressing an answer: {e}"))
                        .ok())
                })
                .await;
            made.ok().flatten()
        }
    };
    let Some(packed) = packed else {
        return cache::validated_tag(request, tag, scope, || plain(body));
    };
    cache::validated_tag(request, tag, scope, || {
        (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, kind),
                (header::CONTENT_ENCODING, coding.name()),
                (header::VARY, "accept-encoding"),
            ],
            Bytes::from_owner(packed),
        )
            .into_response()
    })
}
