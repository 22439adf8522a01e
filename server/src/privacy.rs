//! `/privacy`: the privacy policy the store listings name (`fastlane/metadata/*/privacy_url.txt`
//! points at this path on the public host). It says what the app keeps on the device, what it
//! sends (only an online room's own actions) and what the room server keeps, in the visitor's
//! language among the app's four (`Accept-Language`, or `?lang=` from the links at its foot).
//! The words are in `server/locales/*.ftl`, beside the invitation pages'.

use axum::{
    extract::Query,
    http::{HeaderMap, StatusCode, header},
    response::{Html, IntoResponse, Response},
};
use serde::Deserialize;

use crate::{
    invitation::{Texts, escape},
    web,
};

/// The four languages by their own names, for the links between them.
const LANGUAGES: [(&str, &str); 4] = [
    ("en", "English"),
    ("nl", "Nederlands"),
    ("sv", "Svenska"),
    ("ru", "Русский"),
];

/// The sections, heading and text, in the order the page shows them.
const SECTIONS: [(&str, &str); 4] = [
    ("privacy-device-heading", "privacy-device"),
    ("privacy-sent-heading", "privacy-sent"),
    ("privacy-server-heading", "privacy-server"),
    ("privacy-shared-heading", "privacy-shared"),
];

#[derive(Deserialize)]
pub struct Choice {
    lang: Option<String>,
}

/// `GET /privacy[?lang=xx]`.
pub async fn page(Query(choice): Query<Choice>, headers: HeaderMap) -> Response {
    // A chosen language wins over the browser's; an unknown one falls back like a header would.
    let wanted = choice.lang.or_else(|| {
        headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    });
    let Some(texts) = Texts::for_accept_language(wanted.as_deref()) else {
        return (StatusCode::INTERNAL_SERVER_ERROR, "no translations\n").into_response();
    };
    (
        [
            (header::CACHE_CONTROL, web::NO_CACHE),
            (header::VARY, "Accept-Language"),
        ],
        Html(html(texts)),
    )
        .into_response()
}

fn html(texts: Texts) -> String {
    let title = escape(&texts.get("privacy-title"));
    let summary = escape(&texts.get("privacy-summary"));
    let sections: String = SECTIONS
        .iter()
        .map(|(heading, text)| {
            format!(
                "<h2>{}</h2><p>{}</p>",
                escape(&texts.get(heading)),
                escape(&texts.get(text))
            )
        })
        .collect();
    let others: Vec<String> = LANGUAGES
        .iter()
        .filter(|(tag, _)| *tag != texts.tag())
        .map(|(tag, name)| {
            format!("<a href=\"/privacy?lang={tag}\" hreflang=\"{tag}\" lang=\"{tag}\">{name}</a>")
        })
        .collect();
    format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1, viewport-fit=cover\">\
         <meta name=\"color-scheme\" content=\"light\">\
         <title>{title} · Cozcade</title>\
         <link rel=\"icon\" href=\"/icon.svg\" type=\"image/svg+xml\">\
         <style>\
         html,body{{margin:0;background:#f6f1e7;color:#2b2620;\
         font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,sans-serif}}\
         main{{box-sizing:border-box;max-width:40rem;margin:0 auto;padding:2.5rem 1.25rem 3rem;line-height:1.55}}\
         h1{{margin:0 0 1rem;font-size:1.6rem}}h2{{margin:1.75rem 0 .5rem;font-size:1.15rem}}\
         p{{margin:0}}nav{{margin-top:2.5rem;display:flex;flex-wrap:wrap;gap:.5rem 1rem;color:#6b6157}}\
         a{{color:#1f6f6b}}\
         </style></head><body><main>\
         <h1>Cozcade · {title}</h1><p>{summary}</p>{sections}\
         <nav aria-label=\"{languages}\">{languages}: {others}</nav>\
         </main></body></html>",
        lang = texts.tag(),
        languages = escape(&texts.get("privacy-languages")),
        others = others.join(" "),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_every_part_of_the_page() {
        for (tag, _) in LANGUAGES {
            let texts = Texts::for_accept_language(Some(tag)).expect("bundles");
            assert_eq!(texts.tag(), tag);
            let page = html(texts);
            for id in SECTIONS
                .iter()
                .flat_map(|(heading, text)| [*heading, *text])
                .chain(["privacy-title", "privacy-summary", "privacy-languages"])
            {
                // A missing message comes back as its id.
                assert!(!page.contains(id), "{tag} lacks {id}");
            }
            assert_eq!(page.matches("<a href=\"/privacy?lang=").count(), 3);
            assert!(
                !page.contains(&format!("lang={tag}\"")),
                "{tag} links to itself"
            );
        }
    }
}
