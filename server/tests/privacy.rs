//! The privacy policy the store listings link to, fetched from the real server: at the path the
//! listings name, as an HTML page in the visitor's language (or the one picked by `?lang=`),
//! saying what stays on the device and that only an online room's own actions are sent.

mod common;

use common::TestServer;

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// The path of the privacy URL in the App Store listings (every locale names the same one;
/// hosts-check holds them to that).
fn listed_path() -> String {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fastlane/metadata/en-US/privacy_url.txt"
    );
    let url = std::fs::read_to_string(file).expect("the App Store listing's privacy URL");
    let url = url.trim();
    let after_scheme = url.split_once("://").expect("an absolute URL").1;
    let path = &after_scheme[after_scheme.find('/').expect("a path")..];
    path.to_owned()
}

async fn page(server: &TestServer, path: &str, language: Option<&str>) -> (u16, String) {
    let headers: Vec<(&str, &str)> = language
        .map(|l| vec![("Accept-Language", l)])
        .unwrap_or_default();
    let (status, response_headers, body) = common::get(server.addr, path, &headers).await;
    if status == 200 {
        assert!(
            header(&response_headers, "content-type").is_some_and(|t| t.starts_with("text/html")),
            "{response_headers:?}"
        );
        assert!(
            header(&response_headers, "vary").is_some_and(|v| v.contains("Accept-Language")),
            "{response_headers:?}"
        );
    }
    (status, String::from_utf8(body).expect("UTF-8 page"))
}

#[tokio::test]
async fn the_listed_privacy_url_answers_in_each_language() {
    let server = TestServer::start().await;
    let path = listed_path();
    assert_eq!(path, "/privacy");
    for (language, lang, title, device, sent) in [
        (
            None,
            "en",
            "Privacy",
            "What the app keeps on your device",
            "only that room&#39;s own actions",
        ),
        (
            Some("nl-NL,nl;q=0.9"),
            "nl",
            "Privacy",
            "Wat de app op je apparaat bewaart",
            "alleen de handelingen van die kamer zelf",
        ),
        (
            Some("sv-SE"),
            "sv",
            "Integritet",
            "Vad appen sparar på din enhet",
            "bara rummets egna handlingar",
        ),
        (
            Some("ru"),
            "ru",
            "Конфиденциальность",
            "Что приложение хранит на устройстве",
            "только действия самой этой комнаты",
        ),
    ] {
        let (status, body) = page(&server, &path, language).await;
        assert_eq!(status, 200, "{language:?}: {body}");
        assert!(body.contains(&format!("<html lang=\"{lang}\">")), "{body}");
        assert!(
            body.contains(&format!("<title>{title} · Cozcade</title>")),
            "{body}"
        );
        assert!(body.contains(device), "{lang}: {body}");
        assert!(body.contains(sent), "{lang}: {body}");
        // The other three languages are one tap away.
        assert_eq!(body.matches("href=\"/privacy?lang=").count(), 3, "{body}");
    }
}

#[tokio::test]
async fn the_page_names_what_is_kept_and_what_is_sent() {
    let server = TestServer::start().await;
    let (status, body) = page(&server, "/privacy", Some("en")).await;
    assert_eq!(status, 200);
    for fact in [
        // On the device.
        "games against the computer and on one device",
        "the keys to your seats in online rooms",
        // Sent: nothing offline, a room's own actions online, nothing that identifies anyone.
        "Nothing, unless you play online.",
        "never your name, an account, a device id or your location",
        // On the server.
        "keeps seat keys only as hashes",
        "deleted after 7 days without play",
        "no advertising, no analytics and no tracking",
    ] {
        assert!(body.contains(fact), "the page does not say {fact:?}");
    }
}

#[tokio::test]
async fn a_chosen_language_wins_over_the_browsers() {
    let server = TestServer::start().await;
    let (status, body) = page(&server, "/privacy?lang=sv", Some("ru")).await;
    assert_eq!(status, 200);
    assert!(body.contains("<html lang=\"sv\">"), "{body}");
    // A language the app does not speak falls back to English, like an unknown header.
    let (status, body) = page(&server, "/privacy?lang=de", None).await;
    assert_eq!(status, 200);
    assert!(body.contains("<html lang=\"en\">"), "{body}");
}
