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
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ))
}

async fn one_host(request: Request, next: Next) -> Response {
    if request.headers().get_all(header::HOST).iter().count() > 1 {
        return (StatusCode::BAD_REQUEST, "more than one Host header\n").into_response();
    }
    next.run(request).await
}
