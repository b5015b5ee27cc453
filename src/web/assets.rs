//! The static files, embedded in the binary: the style sheet, the page's script modules
//! (hand-written; no build step) and the icon.
//!
//! Each is served under a name carrying a hash of its contents (`/static/game.1a2b3c4d5e.js`)
//! with a year's `immutable` caching, so a browser fetches it once per version; the pages
//! link those names ([`href`]). `game.js` imports the other modules by their hashed names
//! (rewritten here), so its own hash changes with theirs. The plain names still answer,
//! checked on each use (`no-cache`). Each is brotli-compressed once, at the best quality
//! (11), and sent so to a browser that accepts `br`; others get it plain or gzipped by the
//! compression layer.

use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use super::cache;

/// Every static file: name, media type, contents (as written).
pub const ASSETS: &[(&str, &str, &str)] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../assets/web/style.css"),
    ),
    (
        "game.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/web/game.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/web/board.js"),
    ),
    (
        "graph.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/web/graph.js"),
    ),
    (
        "play.css",
        "text/css; charset=utf-8",
        include_str!("../../assets/web/play.css"),
    ),
    (
        "play.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/web/play.js"),
    ),
    (
        "activity.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/web/activity.js"),
    ),
    (
        "activity.css",
        "text/css; charset=utf-8",
        include_str!("../../assets/web/activity.css"),
    ),
    // Discord's Embedded App SDK, bundled once (scripts/vendor-discord-sdk.sh; MIT, its
    // licences beside it); its version is in its name.
    (
        "discord-embedded-app-sdk.2.5.0.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/web/vendor/discord-embedded-app-sdk.2.5.0.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../../assets/web/favicon.svg"),
    ),
];

/// A static file as served.
struct Served {
    name: &'static str,
    hashed: String,
    kind: &'static str,
    body: String,
    /// The body compressed with brotli at quality 11.
    br: Vec<u8>,
}

/// The served files, hashed names worked out once. The modules that `game.js` imports are
/// hashed first, and their hashed names put into it before it is hashed itself.
fn served() -> &'static [Served] {
    static SERVED: OnceLock<Vec<Served>> = OnceLock::new();
    SERVED.get_or_init(|| {
        let mut out: Vec<Served> = Vec::with_capacity(ASSETS.len());
        // Modules imported by others are hashed first.
        let order = [
            "style.css",
            "board.js",
            "graph.js",
            "play.css",
            "play.js",
            "game.js",
            "discord-embedded-app-sdk.2.5.0.js",
            "activity.js",
            "activity.css",
            "favicon.svg",
        ];
        for name in order {
            let Some(&(_, kind, text)) = ASSETS.iter().find(|(n, _, _)| *n == name) else {
                continue;
            };
            let mut body = text.to_string();
            for dep in &out {
                body = body.replace(&format!("'./{}'", dep.name), &format!("'./{}'", dep.hashed));
            }
            let digest = ring::digest::digest(&ring::digest::SHA256, body.as_bytes());
            let hex: String = digest.as_ref()[..5]
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            let hashed = match name.rsplit_once('.') {
                Some((stem, ext)) => format!("{stem}.{hex}.{ext}"),
                None => format!("{name}.{hex}"),
            };
            let br = super::packed::brotli_best(body.as_bytes()).unwrap_or_default();
            out.push(Served {
                name,
                hashed,
                kind,
                body,
                br,
            });
        }
        out
    })
}

/// The address of static file `name` (`style.css`) under its hashed name.
pub fn href(name: &str) -> String {
    match served().iter().find(|s| s.name == name) {
        Some(s) => format!("/static/{}", s.hashed),
        None => format!("/static/{name}"),
    }
}

/// `/static/NAME`: by hashed name, kept a year; by plain name, checked on each use.
pub(super) async fn asset(Path(name): Path<String>, request: HeaderMap) -> Response {
    let Some((file, hashed)) = served().iter().find_map(|s| {
        if s.hashed == name {
            Some((s, true))
        } else if s.name == name {
            Some((s, false))
        } else {
            None
        }
    }) else {
        return super::text_error(StatusCode::NOT_FOUND, "Not found.");
    };
    let accepts_br = super::packed::accepts(&request, "br");
    let mut r = cache::validated(&request, file.body.as_bytes(), cache::Scope::Public, || {
        if accepts_br && !file.br.is_empty() {
            (
                StatusCode::OK,
                [
                    (header::CONTENT_ENCODING, "br"),
                    (header::VARY, "accept-encoding"),
                ],
                file.br.clone(),
            )
                .into_response()
        } else {
            (StatusCode::OK, file.body.clone()).into_response()
        }
    });
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(file.kind));
    if hashed {
        r.headers_mut().insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        );
    }
    r
}

/// `/favicon.ico`: the icon, for browsers that ask before reading the page.
pub(super) async fn favicon(request: HeaderMap) -> Response {
    asset(Path("favicon.svg".to_string()), request).await
}
