//! The app-link files under `/.well-known/`, fetched from the real server over HTTP: exactly
//! the JSON Apple and Google expect, as `application/json`, answered 200 without a redirect,
//! and 404 (never a file with placeholders) while a platform is not configured.

mod common;

use std::net::SocketAddr;

use clap::Parser;
use common::TestServer;
use cozcade_server::{AppLinks, Config};
use serde_json::{Value, json};

const AASA: &str = "/.well-known/apple-app-site-association";
const ASSETLINKS: &str = "/.well-known/assetlinks.json";
const RELEASE_KEY: &str = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5";
const UPLOAD_KEY: &str = "0A:1B:2C:3D:4E:5F:60:71:82:93:A4:B5:C6:D7:E8:F9:0A:1B:2C:3D:4E:5F:60:71:82:93:A4:B5:C6:D7:E8:F9";

struct Answer {
    status: u16,
    /// Header names in lower case.
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// A GET that keeps the headers and, like Apple's and Google's fetchers must be able to,
/// never follows a redirect.
async fn get(addr: SocketAddr, path: &str) -> Answer {
    let (status, headers, body) = common::get(addr, path, &[]).await;
    let body = String::from_utf8(body).expect("UTF-8 answer");
    assert!(
        !headers
            .iter()
            .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked")),
        "the documents are sent whole, with a length"
    );
    Answer {
        status,
        headers,
        body,
    }
}

fn configured() -> AppLinks {
    AppLinks {
        apple_team_id: Some("A1B2C3D4E5".parse().expect("team id")),
        ios_bundle_id: "app.cozcade".to_owned(),
        android_package: "app.cozcade".to_owned(),
        android_cert_sha256: vec![
            RELEASE_KEY.parse().expect("fingerprint"),
            // Given in lower case without colons: served in the canonical form.
            UPLOAD_KEY
                .replace(':', "")
                .to_ascii_lowercase()
                .parse()
                .expect("fingerprint"),
        ],
    }
}

fn assert_served_as_json(answer: &Answer) {
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.header("content-type"), Some("application/json"));
    assert_eq!(answer.header("location"), None);
    assert_eq!(
        answer.header("content-length"),
        Some(answer.body.len().to_string().as_str())
    );
}

#[tokio::test]
async fn apple_app_site_association_matches_invitations() {
    let server = TestServer::with(|config| config.app_links = configured()).await;
    let answer = get(server.addr, AASA).await;
    assert_served_as_json(&answer);
    assert_eq!(
        answer.json(),
        json!({
            "applinks": {
                "details": [{
                    "appIDs": ["A1B2C3D4E5.app.cozcade"],
                    "components": [{
                        "/": "/r/*",
                        "comment": "Invitations to a room open in the app.",
                    }],
                }],
            },
        })
    );
}

#[tokio::test]
async fn assetlinks_names_the_package_and_every_certificate() {
    let server = TestServer::with(|config| config.app_links = configured()).await;
    let answer = get(server.addr, ASSETLINKS).await;
    assert_served_as_json(&answer);
    assert_eq!(
        answer.json(),
        json!([{
            "relation": ["delegate_permission/common.handle_all_urls"],
            "target": {
                "namespace": "android_app",
                "package_name": "app.cozcade",
                "sha256_cert_fingerprints": [RELEASE_KEY, UPLOAD_KEY],
            },
        }])
    );
}

#[tokio::test]
async fn other_identifiers_come_from_the_configuration() {
    let server = TestServer::with(|config| {
        config.app_links = AppLinks {
            ios_bundle_id: "com.example.board-games".to_owned(),
            android_package: "com.example.board_games".to_owned(),
            ..configured()
        }
    })
    .await;
    let aasa = get(server.addr, AASA).await.json();
    assert_eq!(
        aasa["applinks"]["details"][0]["appIDs"],
        json!(["A1B2C3D4E5.com.example.board-games"])
    );
    let assetlinks = get(server.addr, ASSETLINKS).await.json();
    assert_eq!(
        assetlinks[0]["target"]["package_name"],
        json!("com.example.board_games")
    );
}

#[tokio::test]
async fn unconfigured_platforms_answer_404() {
    let server = TestServer::start().await;
    for path in [AASA, ASSETLINKS] {
        let answer = get(server.addr, path).await;
        assert_eq!(answer.status, 404, "{path}: {}", answer.body);
        assert!(
            answer.json()["error"]
                .as_str()
                .is_some_and(|e| e.contains("--")),
            "{path}: the error names the missing flag: {}",
            answer.body
        );
    }

    // One platform configured, the other not: each file stands alone.
    let server = TestServer::with(|config| {
        config.app_links = AppLinks {
            android_cert_sha256: Vec::new(),
            ..configured()
        }
    })
    .await;
    assert_eq!(get(server.addr, AASA).await.status, 200);
    assert_eq!(get(server.addr, ASSETLINKS).await.status, 404);
}

#[tokio::test]
async fn served_even_with_a_web_build() {
    // The web build's static files are the fallback; a `.well-known` directory in it must not
    // shadow (or be shadowed into a placeholder by) the configured documents.
    let web = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(web.path().join(".well-known")).expect("mkdir");
    std::fs::write(web.path().join(".well-known/assetlinks.json"), "[]").expect("write");
    let root = web.path().to_owned();
    let server = TestServer::with(move |config| {
        config.app_links = configured();
        config.web_root = Some(root);
    })
    .await;
    let answer = get(server.addr, ASSETLINKS).await;
    assert_served_as_json(&answer);
    assert_eq!(
        answer.json()[0]["target"]["package_name"],
        json!("app.cozcade")
    );
}

#[test]
fn flags_parse_repeated_and_comma_separated_fingerprints() {
    let upload_plain = UPLOAD_KEY.replace(':', "");
    let config = Config::try_parse_from([
        "cozcade-server",
        "--apple-team-id",
        "A1B2C3D4E5",
        "--android-cert-sha256",
        &format!("{RELEASE_KEY},{upload_plain}"),
        "--android-cert-sha256",
        RELEASE_KEY,
    ])
    .expect("flags parse");
    let links = config.app_links;
    assert_eq!(links.ios_bundle_id, "app.cozcade");
    assert_eq!(links.android_package, "app.cozcade");
    assert_eq!(
        links.apple_team_id.map(|t| t.to_string()),
        Some("A1B2C3D4E5".to_owned())
    );
    let fingerprints: Vec<String> = links
        .android_cert_sha256
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(fingerprints, [RELEASE_KEY, UPLOAD_KEY, RELEASE_KEY]);
}

#[test]
fn bad_flags_are_refused_at_start() {
    for args in [
        ["--apple-team-id", "TEAMID"],
        ["--ios-bundle-id", "app cozcade"],
        ["--android-package", "app.cozcade-game"],
        ["--android-cert-sha256", "14:6D:E9"],
        // Empty is an error too, not "unconfigured": a deployment that meant to set a value
        // hears about it at start instead of serving 404 unnoticed.
        ["--apple-team-id", ""],
        ["--android-cert-sha256", ""],
    ] {
        let parsed = Config::try_parse_from(["cozcade-server", args[0], args[1]]);
        assert!(parsed.is_err(), "{args:?} was accepted");
    }
}
