//! The invitation link as a chat app and a visitor meet it: the preview tags at `/r/<id>`, the
//! picture they point to, and the page of a room that is not (or no longer) there.

mod common;

use std::time::Duration;

use common::{TestServer, get, http, two_players};
use cozcade_engine::GameKind;
use cozcade_protocol::{ErrorCode, ServerMessage};

/// The `content` of every `<meta property|name="…">` in `page`, by property or name.
fn meta_tags(page: &str) -> Vec<(String, String)> {
    let mut tags = Vec::new();
    for piece in page.split("<meta ").skip(1) {
        let tag = piece.split('>').next().unwrap_or("");
        let attribute = |name: &str| {
            let start = tag.find(&format!("{name}=\""))? + name.len() + 2;
            let end = tag[start..].find('"')? + start;
            Some(tag[start..end].to_owned())
        };
        if let (Some(key), Some(content)) = (
            attribute("property").or_else(|| attribute("name")),
            attribute("content"),
        ) {
            tags.push((key, content));
        }
    }
    tags
}

fn tag<'a>(tags: &'a [(String, String)], key: &str) -> &'a str {
    let found: Vec<_> = tags.iter().filter(|(k, _)| k == key).collect();
    assert_eq!(found.len(), 1, "one {key} in {tags:?}");
    &found[0].1
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// Width and height from a PNG's header chunk, after checking the signature.
fn png_size(png: &[u8]) -> (u32, u32) {
    assert!(png.len() > 24, "{} bytes", png.len());
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "PNG signature");
    assert_eq!(&png[12..16], b"IHDR");
    let word = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
    (word(16), word(20))
}

/// The path of an absolute URL on this server.
fn path_of(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    &rest[rest.find('/').expect("a path")..]
}

fn rendered(metrics: &str) -> u64 {
    metrics
        .lines()
        .find_map(|line| line.strip_prefix("cozcade_previews_rendered_total "))
        .and_then(|n| n.parse().ok())
        .expect("the previews counter")
}

async fn web_server() -> (TestServer, tempfile::TempDir) {
    let web = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        web.path().join("index.html"),
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>Cozcade</title></head><body><div id=\"main\"></div></body></html>",
    )
    .expect("write");
    let root = web.path().to_owned();
    let server = TestServer::with(move |config| config.web_root = Some(root)).await;
    (server, web)
}

#[tokio::test]
async fn an_invitation_has_preview_tags_and_a_picture_of_its_game() {
    let (server, _web) = web_server().await;
    for (game, title) in [
        (GameKind::Kalah, "Play Kalah with me on Cozcade"),
        (GameKind::Checkers, "Play Checkers with me on Cozcade"),
        (
            GameKind::ChineseCheckers,
            "Play Chinese Checkers with me on Cozcade",
        ),
    ] {
        let room = server.create(game).await;
        let (status, headers, body) = get(server.addr, &format!("/r/{}", room.room), &[]).await;
        assert_eq!(status, 200);
        let page = String::from_utf8(body).expect("utf-8");
        assert!(
            page.contains("<div id=\"main\">"),
            "the web build's page: {page}"
        );
        assert_eq!(page.matches("<title>").count(), 1, "{page}");
        assert!(page.contains(&format!("<title>{title}</title>")), "{page}");
        assert_eq!(header(&headers, "cache-control"), Some("no-store"));
        assert_eq!(header(&headers, "referrer-policy"), Some("no-referrer"));
        assert!(
            header(&headers, "content-security-policy")
                .is_some_and(|csp| csp.contains("default-src 'self'"))
        );

        let tags = meta_tags(&page);
        assert_eq!(tag(&tags, "og:title"), title);
        assert_eq!(tag(&tags, "twitter:title"), title);
        assert!(tag(&tags, "og:description").contains(game_name(game)));
        assert_eq!(tag(&tags, "og:url"), room.invitation);
        assert_eq!(tag(&tags, "twitter:card"), "summary_large_image");
        assert_eq!(tag(&tags, "og:image:width"), "1200");
        assert_eq!(tag(&tags, "og:image:height"), "630");
        let image = tag(&tags, "og:image");
        assert_eq!(tag(&tags, "twitter:image"), image);
        assert!(
            image.starts_with(&format!("{}/preview.png", room.invitation)),
            "the picture is under the room's own path: {image}"
        );
        // Nothing about the players: no seat key anywhere on the page.
        assert!(!page.contains(room.seat_key.as_str()));

        let (status, headers, png) = get(server.addr, path_of(image), &[]).await;
        assert_eq!(status, 200);
        assert_eq!(header(&headers, "content-type"), Some("image/png"));
        assert_eq!(png_size(&png), (1200, 630), "{game}");
        assert!(png.len() < 100 * 1024, "{game}: {} bytes", png.len());
    }
}

fn game_name(game: GameKind) -> &'static str {
    match game {
        GameKind::Kalah => "Kalah",
        GameKind::Checkers => "Checkers",
        GameKind::ChineseCheckers => "Chinese Checkers",
    }
}

#[tokio::test]
async fn the_preview_speaks_the_visitors_language() {
    let (server, _web) = web_server().await;
    let room = server.create(GameKind::Kalah).await;
    let path = format!("/r/{}", room.room);
    let (_, headers, body) =
        get(server.addr, &path, &[("Accept-Language", "nl-NL,nl;q=0.9")]).await;
    let tags = meta_tags(&String::from_utf8(body).expect("utf-8"));
    assert_eq!(tag(&tags, "og:title"), "Speel Kalaha met mij op Cozcade");
    assert_eq!(tag(&tags, "og:locale"), "nl");
    assert_eq!(
        header(&headers, "vary"),
        Some("Accept-Language, Sec-Fetch-Dest")
    );
    let (_, _, body) = get(server.addr, &path, &[("Accept-Language", "ru")]).await;
    let tags = meta_tags(&String::from_utf8(body).expect("utf-8"));
    assert_eq!(tag(&tags, "og:title"), "Калах: сыграем вместе в Cozcade");
}

#[tokio::test]
async fn a_picture_is_rendered_once_per_position() {
    let (server, _web) = web_server().await;
    let (room, mut creator, _guest) = two_players(&server, GameKind::Kalah).await;
    let page = || async {
        let (_, page) = http(server.addr, "GET", &format!("/r/{}", room.room), "").await;
        tag(&meta_tags(&page), "og:image").to_owned()
    };
    let metrics = || async { rendered(&http(server.addr, "GET", "/metrics", "").await.1) };
    assert_eq!(metrics().await, 0);

    let image = page().await;
    let (_, _, first) = get(server.addr, path_of(&image), &[]).await;
    assert_eq!(metrics().await, 1);
    let (_, _, again) = get(server.addr, path_of(&image), &[]).await;
    assert_eq!(again, first, "the same position, the same picture");
    assert_eq!(metrics().await, 1, "the second fetch came from the cache");

    // A move: the page points to a new address and the picture shows the new position.
    creator.client.play(0, "c").await;
    creator.next_event().await;
    let moved = page().await;
    assert_ne!(moved, image, "a new position has a new address");
    let (status, _, after) = get(server.addr, path_of(&moved), &[]).await;
    assert_eq!(status, 200);
    assert_eq!(metrics().await, 2);
    assert_ne!(after, first, "the picture shows the move");
    assert_eq!(png_size(&after), (1200, 630));
    // The old address names the same room: it now shows the current position, from the cache.
    let (_, _, old) = get(server.addr, path_of(&image), &[]).await;
    assert_eq!(old, after);
    assert_eq!(metrics().await, 2);
}

/// Checks the page of a room that is not there, in Swedish.
async fn assert_gone(server: &TestServer, id: &str) {
    let (status, headers, body) = get(
        server.addr,
        &format!("/r/{id}"),
        &[("Accept-Language", "sv-SE,sv;q=0.9,en;q=0.5")],
    )
    .await;
    assert_eq!(status, 404);
    assert!(
        header(&headers, "content-type").is_some_and(|t| t.starts_with("text/html")),
        "{headers:?}"
    );
    assert!(header(&headers, "content-security-policy").is_some());
    let page = String::from_utf8(body).expect("utf-8");
    assert!(page.contains("<html lang=\"sv\">"), "{page}");
    assert!(page.contains("Det här partiet finns inte längre"), "{page}");
    assert!(page.contains("href=\"/\""), "a new game: {page}");
    assert!(page.contains("href=\"cozcade://\""), "the app: {page}");
    assert!(page.contains("<style>"), "styled: {page}");
    assert!(
        !page.contains("og:image"),
        "no preview of a room that is gone"
    );
    let (status, _, _) = get(server.addr, &format!("/r/{id}/preview.png"), &[]).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn an_unknown_room_gets_a_translated_page() {
    let (server, _web) = web_server().await;
    assert_gone(&server, "0123456789abcdef0123").await;
    assert_gone(&server, "not-a-room-id").await;
    let (status, _, body) = get(server.addr, "/r/0123456789abcdef0123", &[]).await;
    assert_eq!(status, 404);
    let page = String::from_utf8(body).expect("utf-8");
    assert!(
        page.contains("This game is no longer here"),
        "English by default: {page}"
    );
}

#[tokio::test]
async fn an_expired_room_gets_the_same_page() {
    let server = TestServer::with(|config| config.limits.sweep_secs = 0.05).await;
    let room = server.create(GameKind::Checkers).await;
    let path = format!("/r/{}", room.room);
    let (_, page) = http(server.addr, "GET", &path, "").await;
    let image = tag(&meta_tags(&page), "og:image").to_owned();
    assert_eq!(get(server.addr, path_of(&image), &[]).await.0, 200);

    // A week and a bit without play: the sweep deletes it (it runs every 50 ms; give a busy
    // machine up to 10 s).
    server.clock.advance(7 * 86_400 + 120);
    let mut status = 0;
    for _ in 0..200 {
        status = http(server.addr, "GET", &path, "").await.0;
        if status == 404 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(status, 404);
    assert_gone(&server, room.room.as_str()).await;
    // The cached picture of a deleted room is not served either.
    assert_eq!(get(server.addr, path_of(&image), &[]).await.0, 404);

    // Nothing broke on the way: its player coming back is told the room is unknown, and the
    // server still makes and shows new rooms.
    let mut back = server.connect().await;
    back.hello(room.room.as_str(), Some(room.seat_key.as_str()), Some(0))
        .await;
    match back.recv().await {
        ServerMessage::Error {
            code: ErrorCode::UnknownRoom,
            ..
        } => {}
        other => panic!("expected unknown_room, got {other:?}"),
    }
    let fresh = server.create(GameKind::Kalah).await;
    let (status, page) = http(server.addr, "GET", &format!("/r/{}", fresh.room), "").await;
    assert_eq!(status, 200);
    let image = tag(&meta_tags(&page), "og:image").to_owned();
    let (status, _, png) = get(server.addr, path_of(&image), &[]).await;
    assert_eq!((status, png_size(&png)), (200, (1200, 630)));
}
