//! The web build of the app as static files (`--web-root`, written by `cargo xtask web`).
//!
//! The build writes a brotli and a gzip copy beside every text and wasm file; the browser gets
//! the smallest it accepts, with the original's `Content-Type` and the matching
//! `Content-Encoding`. Files whose names carry a content hash (`name.<16 hex digits>.ext`) never
//! change under that name, so browsers keep them for a year without asking again; everything
//! else (the page, the service worker, the manifest, the computer player's worker) is
//! revalidated on every load so a new build is seen at once. The page also carries its own
//! preloads as a `Link` header ([`crate::preload`]).

use std::path::{Path, PathBuf};

use axum::{
    Router,
    extract::{Request, State},
    http::{HeaderValue, StatusCode, header},
    middleware::{self, Next},
    response::Response,
};
use tower_http::services::ServeDir;

/// For content-hashed files.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// For the files that keep their names from build to build (and the invitation page).
pub const NO_CACHE: &str = "no-cache";

/// Serves the files under `root`, precompressed where the build compressed them.
pub fn files(root: &Path) -> Router {
    Router::new()
        .fallback_service(ServeDir::new(root).precompressed_br().precompressed_gzip())
        .layer(middleware::from_fn(cache_control))
        .layer(middleware::from_fn_with_state(
            root.to_path_buf(),
            page_preloads,
        ))
}

async fn cache_control(request: Request, next: Next) -> Response {
    let policy = if is_hashed(request.uri().path()) {
        IMMUTABLE
    } else {
        NO_CACHE
    };
    let mut response = next.run(request).await;
    if response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED {
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    }
    response
}

/// The page's own preloads as a `Link` header, read from the page under `root` as it is now
/// (a new build is seen at once).
async fn page_preloads(State(root): State<PathBuf>, request: Request, next: Next) -> Response {
    let page = matches!(request.uri().path(), "/" | "/index.html");
    let mut response = next.run(request).await;
    if page && response.status().is_success() {
        let index = tokio::fs::read_to_string(root.join("index.html")).await;
        if let Some(link) = index.ok().as_deref().and_then(crate::preload::link_header) {
            response.headers_mut().insert(header::LINK, link);
        }
    }
    response
}

/// Whether the path's file name is `<stem>.<16 lowercase hex digits>.<extension>`.
pub fn is_hashed(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or_default();
    let parts: Vec<&str> = name.split('.').collect();
    parts.len() >= 3
        && !parts[0].is_empty()
        && !parts[parts.len() - 1].is_empty()
        && parts[1..parts.len() - 1].iter().any(|part| {
            part.len() == 16
                && part
                    .bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        })
}

#[cfg(test)]
mod tests {
    use super::is_hashed;

    #[test]
    fn hashed_names_are_told_from_stable_ones() {
        assert!(is_hashed("/cozcade_mobile_bg.0123456789abcdef.wasm"));
        assert!(is_hashed("/boot.fedcba9876543210.js"));
        assert!(!is_hashed("/"));
        assert!(!is_hashed("/index.html"));
        assert!(!is_hashed("/sw.js"));
        assert!(!is_hashed("/worker.js"));
        assert!(!is_hashed("/manifest.webmanifest"));
        // Not 16 digits, not lowercase hex, or nothing around the hash.
        assert!(!is_hashed("/boot.0123456789abcde.js"));
        assert!(!is_hashed("/boot.0123456789ABCDEF.js"));
        assert!(!is_hashed("/boot.0123456789abcdeg.js"));
        assert!(!is_hashed("/.0123456789abcdef.js"));
        assert!(!is_hashed("/boot.0123456789abcdef"));
        assert!(!is_hashed("/boot.0123456789abcdef."));
    }
}
