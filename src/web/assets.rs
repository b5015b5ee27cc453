//! The static files, embedded in the binary: the style sheet and the page's script
//! modules (hand-written; no build step).

use axum::extract::Path;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// Every static file: name, media type, contents.
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
];

/// `/static/NAME`.
pub(super) async fn asset(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, body)) => {
            let mut r = (StatusCode::OK, *body).into_response();
            r.headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
            r.headers_mut().insert(
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=3600"),
            );
            r
        }
        None => super::not_found_response(None),
    }
}
