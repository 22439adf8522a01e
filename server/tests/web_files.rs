//! The web build's files as the server sends them: the brotli or gzip copy the build wrote
//! beside a file when the client accepts it (with the original's type), the file itself
//! otherwise; content-hashed names kept for a year, the page and other stable names revalidated.

mod common;

use std::net::SocketAddr;

use common::TestServer;
use cozcade_engine::GameKind;
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

const HASHED: &str = "app.0123456789abcdef.js";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// A GET with one Accept-Encoding: the status, the headers (names lower-cased), the body.
async fn get(addr: SocketAddr, path: &str, accept: &str) -> (u16, Vec<(String, String)>, Vec<u8>) {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept-Encoding: {accept}\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.expect("read");
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("head and body");
    let head = String::from_utf8_lossy(&answer[..split]).into_owned();
    let body = answer[split + 4..].to_vec();
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|line| line.split(' ').nth(1))
        .and_then(|code| code.parse().ok())
        .expect("status line");
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_owned()))
        .collect();
    (status, headers, body)
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
    assert_eq!(header(&headers, "cache-control"), Some("no-cache"));
    assert_eq!(body, b"<html>page</html>");
}
