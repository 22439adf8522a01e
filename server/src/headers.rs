//! What every HTTP answer carries, and the one request shape refused before routing.
//!
//! - `X-Content-Type-Options: nosniff`: a file is what its content type says, never a script a
//!   browser guessed.
//! - `Referrer-Policy: no-referrer`: invitation URLs (`/r/<room id>`) are capabilities; a page
//!   under one must not hand it to any other site in `Referer`.
//! - A Content-Security-Policy the app runs under: only its own scripts (and WebAssembly), no
//!   framing, no plugins, connections only back to this server (HTTP and WebSocket). Styles
//!   may be inline: the page's own `<style>` draws the splash before any file arrives, and the
//!   app sets `style` attributes. A hash would not do: it cannot cover attributes, and a
//!   browser ignores `'unsafe-inline'` once a hash is listed. Scripts are never inline.
//!   A browser applies the policy only to what runs as a page or a worker; a script, style,
//!   image or manifest it asks for (its `Sec-Fetch-Dest` says which) ignores it, so those
//!   answers go without its 300 bytes: most of the first load's answers are such files, and on
//!   a phone network every byte before the first screen counts. A `fetch()` keeps it: the
//!   service worker fetches every file that way and later serves the page and the worker's
//!   script from its cache, which must hold them with their policy. Every answer says it
//!   varies with `Sec-Fetch-Dest`, so no cache hands a file fetched as a script to a page
//!   opened at its address. A request without the header (an older browser, a tool) gets the
//!   policy.
//! - A request with more than one `Host` header is refused (400): a proxy and this server
//!   could each pick a different one.

use axum::{
    Router,
    extract::Request,
    http::{HeaderValue, StatusCode, header},
    middleware::{self, Next},
    response::{IntoResponse, Response},
};
use tower_http::set_header::SetResponseHeaderLayer;

pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
    script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data: blob:; connect-src 'self' ws: wss:; worker-src 'self'; \
    manifest-src 'self'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'";

/// Wraps every route (and the static files) in the checks and headers above.
pub fn layer<S: Clone + Send + Sync + 'static>(router: Router<S>) -> Router<S> {
    router
        .layer(middleware::from_fn(one_host))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
        .layer(middleware::from_fn(security_policy))
}

/// What a browser fetches under a destination that ignores a Content-Security-Policy, and
/// keeps for that use only (not `empty`: see above).
fn never_runs_as_page_or_worker(destination: &[u8]) -> bool {
    matches!(
        destination,
        b"script" | b"style" | b"image" | b"font" | b"manifest" | b"audio" | b"video"
    )
}

async fn security_policy(request: Request, next: Next) -> Response {
    let applies = !request
        .headers()
        .get(SEC_FETCH_DEST)
        .is_some_and(|dest| never_runs_as_page_or_worker(dest.as_bytes()));
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    if applies && !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        );
    }
    let vary = match headers.get(header::VARY).map(HeaderValue::to_str) {
        Some(Ok(vary)) => HeaderValue::from_str(&format!("{vary}, Sec-Fetch-Dest")).ok(),
        _ => Some(HeaderValue::from_static("Sec-Fetch-Dest")),
    };
    if let Some(vary) = vary {
        headers.insert(header::VARY, vary);
    }
    response
}

const SEC_FETCH_DEST: &str = "sec-fetch-dest";

async fn one_host(request: Request, next: Next) -> Response {
    if request.headers().get_all(header::HOST).iter().count() > 1 {
        return (StatusCode::BAD_REQUEST, "more than one Host header\n").into_response();
    }
    next.run(request).await
}
