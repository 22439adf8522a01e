//! The web build's files as the server sends them: the brotli or gzip copy the build wrote
//! beside a file when the client accepts it (with the original's type), the file itself
//! otherwise; content-hashed names kept for a year, the page and other stable names revalidated.

mod common;

use std::net::SocketAddr;

use common::TestServer;
use cozcade_engine::GameKind;

const HASHED: &str = "app.0123456789abcdef.js";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// A GET with one Accept-Encoding: the status, the headers (names lower-cased), the body.
async fn get(addr: SocketAddr, path: &str, accept: &str) -> (u16, Vec<(String, String)>, Vec<u8>) {
    common::get(addr, path, &[("Accept-Encoding", accept)]).await
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

async fn server_with_files() -> (TestServer, tempfile::TempDir) {
    let web = tempfile::tempdir().expect("temp dir");
    let files: [(&str, &[u8]); 6] = [
        ("index.html", b"<html>page</html>"),
        ("index.html.br", b"brotli page"),
        ("index.html.gz", b"gzip page"),
        (HASHED, b"console.log('app')"),
        ("app.0123456789abcdef.js.br", b"brotli app"),
        ("app.0123456789abcdef.js.gz", b"gzip app"),
    ];
    for (name, bytes) in files {
        std::fs::write(web.path().join(name), bytes).expect("write");
    }
    let root = web.path().to_owned();
    let server = TestServer::with(move |config| config.web_root = Some(root)).await;
    (server, web)
}

#[tokio::test]
async fn precompressed_copies_are_sent_with_the_originals_type() {
    let (server, _web) = server_with_files().await;
    let path = format!("/{HASHED}");
    for (accept, encoding, body) in [
        ("br, gzip", Some("br"), &b"brotli app"[..]),
        ("gzip", Some("gzip"), b"gzip app"),
        ("identity", None, b"console.log('app')"),
    ] {
        let (status, headers, got) = get(server.addr, &path, accept).await;
        assert_eq!(status, 200, "{accept}");
        assert_eq!(header(&headers, "content-encoding"), encoding, "{accept}");
        assert!(
            header(&headers, "content-type").is_some_and(|t| t.starts_with("text/javascript")),
            "{headers:?}"
        );
        assert_eq!(got, body, "{accept}");
        assert_eq!(header(&headers, "cache-control"), Some(IMMUTABLE));
    }
}

#[tokio::test]
async fn the_page_is_revalidated_and_missing_files_are_not_cached() {
    let (server, _web) = server_with_files().await;
    for path in ["/", "/index.html"] {
        let (status, headers, body) = get(server.addr, path, "br").await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(header(&headers, "content-encoding"), Some("br"));
        assert_eq!(
            header(&headers, "cache-control"),
            Some("no-cache"),
            "{path}"
        );
        assert_eq!(body, b"brotli page");
    }
    let (status, headers, _) = get(server.addr, "/missing.0123456789abcdef.js", "br").await;
    assert_eq!(status, 404);
    assert_eq!(header(&headers, "cache-control"), None);
    // The invitation page is the app's page too.
    let room = server.create(GameKind::Kalah).await;
    let (status, headers, body) = get(server.addr, &format!("/r/{}", room.room), "br").await;
    assert_eq!(status, 200);
    // Never kept at all: it is a room's invitation.
    assert_eq!(header(&headers, "cache-control"), Some("no-store"));
    // With the room's preview tags in front (this page has no head to hold them).
    let body = String::from_utf8(body).expect("utf-8");
    assert!(body.ends_with("<html>page</html>"), "{body}");
    assert!(body.contains("<meta property=\"og:title\""), "{body}");
}
