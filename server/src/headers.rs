//! What every HTTP answer carries, and the one request shape refused before routing.
//!
//! - `X-Content-Type-Options: nosniff`: a file is what its content type says, never a script a
//!   browser guessed.
//! - `Referrer-Policy: no-referrer`: invitation URLs (`/r/<room id>`) are capabilities; a page
//!   under one must not hand it to any other site in `Referer`.
//! - A Content-Security-Policy the app runs under: only its own scripts (and WebAssembly), no
//!   framing, no plugins, connections only back to this server: its own origin, and that
//!   origin's WebSocket twin (`wss://` for `https://`) named outright, since older browsers
//!   (Safari before 15.4) do not count a WebSocket to the page's own host as `'self'`; in local
//!   play every loopback name of the server's port. A page that was made to run a script
//!   anyway cannot send what it learnt (a seat key) anywhere else. Styles
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
//! - `Strict-Transport-Security` when the public URL is `https://`: a browser that has been
//!   here once comes back only over TLS, so nobody on the way can serve it a page of their
//!   own at `http://` (one year; no `includeSubDomains`, which is the operator's to decide
//!   for the whole domain).
//! - A request with more than one `Host` header is refused (400): a proxy and this server
//!   could each pick a different one.

use axum::{
    Router,
    extract::{Request, State},
    http::{HeaderValue, StatusCode, header},
    middleware::{self, Next},
    response::{IntoResponse, Response},
};
use tower_http::set_header::SetResponseHeaderLayer;

/// The Content-Security-Policy of a server whose public origin is `origin` (`https://host`);
/// `loopback_port` in local play (no public URL, a loopback address).
pub fn content_security_policy(origin: &str, loopback_port: Option<u16>) -> String {
    let mut sockets = Vec::new();
    let mut add = |origin: &str| {
        // A CSP host-source cannot be an IPv6 literal (browsers drop `ws://[::1]:8080` with a
        // console error); a page on such a host reaches its own WebSocket through `'self'`,
        // which CSP Level 3 matches against ws/wss of the page's own host and port.
        let socket = if let Some(rest) = origin.strip_prefix("https://") {
            format!("wss://{rest}")
        } else if let Some(rest) = origin.strip_prefix("http://") {
            format!("ws://{rest}")
        } else {
            return;
        };
        if !socket.contains("://[") {
            sockets.push(socket);
        }
    };
    add(origin);
    if let Some(port) = loopback_port {
        for host in ["127.0.0.1", "localhost"] {
            let other = format!("http://{host}:{port}");
            if other != origin {
                add(&other);
            }
        }
    }
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; \
         style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; \
         connect-src 'self' {}; worker-src 'self'; manifest-src 'self'; base-uri 'none'; \
         object-src 'none'; frame-ancestors 'none'",
        sockets.join(" ")
    )
}

/// How long browsers keep to HTTPS after a visit: a year.
const HSTS: &str = "max-age=31536000";

/// Wraps every route (and the static files) in the checks and headers above, for a server
/// whose public origin is `origin` (see [`content_security_policy`]).
pub fn layer<S: Clone + Send + Sync + 'static>(
    router: Router<S>,
    origin: &str,
    loopback_port: Option<u16>,
) -> Router<S> {
    // The policy is built from the origin, which the server was given as a URL: one it cannot
    // send as a header value goes without (and says so), rather than stopping the server.
    let policy = HeaderValue::from_str(&content_security_policy(origin, loopback_port))
        .inspect_err(|e| tracing::error!("no Content-Security-Policy for {origin}: {e}"))
        .ok();
    let router = router
        .layer(middleware::from_fn(one_host))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
        .layer(middleware::from_fn_with_state(policy, security_policy));
    if origin.starts_with("https://") {
        router.layer(SetResponseHeaderLayer::if_not_present(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        ))
    } else {
        router
    }
}

/// What a browser fetches under a destination that ignores a Content-Security-Policy, and
/// keeps for that use only (not `empty`: see above).
fn never_runs_as_page_or_worker(destination: &[u8]) -> bool {
    matches!(
        destination,
        b"script" | b"style" | b"image" | b"font" | b"manifest" | b"audio" | b"video"
    )
}

async fn security_policy(
    State(policy): State<Option<HeaderValue>>,
    request: Request,
    next: Next,
) -> Response {
    let applies = !request
        .headers()
        .get(SEC_FETCH_DEST)
        .is_some_and(|dest| never_runs_as_page_or_worker(dest.as_bytes()));
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    if let Some(policy) = policy
        && applies
        && !headers.contains_key(header::CONTENT_SECURITY_POLICY)
    {
        headers.insert(header::CONTENT_SECURITY_POLICY, policy);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn connect_src(policy: &str) -> &str {
        policy
            .split(';')
            .map(str::trim)
            .find(|d| d.starts_with("connect-src"))
            .unwrap_or("")
    }

    #[test]
    fn the_page_connects_to_its_own_origin_and_its_websocket_twin_only() {
        let public = content_security_policy("https://play.example.com", None);
        assert_eq!(
            connect_src(&public),
            "connect-src 'self' wss://play.example.com"
        );
        let port = content_security_policy("http://10.0.0.5:8080", None);
        assert_eq!(connect_src(&port), "connect-src 'self' ws://10.0.0.5:8080");
        let local = content_security_policy("http://127.0.0.1:9000", Some(9000));
        assert_eq!(
            connect_src(&local),
            "connect-src 'self' ws://127.0.0.1:9000 ws://localhost:9000"
        );
        let v6 = content_security_policy("http://[2001:db8::1]:8080", None);
        assert_eq!(connect_src(&v6), "connect-src 'self'");
    }
}
