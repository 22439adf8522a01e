//! What `/r/<room id>` says before the app runs: the preview tags a chat app reads when the link
//! is pasted (Open Graph and Twitter cards), and the page for a room that is gone.
//!
//! Both speak the visitor's language (`Accept-Language`) among the app's four, with the app's
//! names of the games (mobile/locales) and the server's own words (server/locales). They name
//! only the game: nothing about the players is in them.

use std::sync::LazyLock;

use cozcade_engine::GameKind;
use fluent_bundle::{FluentArgs, FluentResource, concurrent::FluentBundle};

/// The app's languages, English first (the fallback): the app's translations (for the games'
/// names) and the server's own.
const LANGUAGES: [(&str, &str, &str); 4] = [
    (
        "en",
        include_str!("../../mobile/locales/en.ftl"),
        include_str!("../locales/en.ftl"),
    ),
    (
        "nl",
        include_str!("../../mobile/locales/nl.ftl"),
        include_str!("../locales/nl.ftl"),
    ),
    (
        "sv",
        include_str!("../../mobile/locales/sv.ftl"),
        include_str!("../locales/sv.ftl"),
    ),
    (
        "ru",
        include_str!("../../mobile/locales/ru.ftl"),
        include_str!("../locales/ru.ftl"),
    ),
];

struct Language {
    tag: &'static str,
    bundle: FluentBundle<FluentResource>,
}

static BUNDLES: LazyLock<Vec<Language>> = LazyLock::new(|| {
    LANGUAGES
        .iter()
        .filter_map(|(tag, app, server)| {
            // The tests parse these very files; one that did not parse would leave the language
            // out, and English would answer.
            let mut bundle = FluentBundle::new_concurrent(vec![tag.parse().ok()?]);
            // No Unicode isolation marks: chat apps show the title as plain text.
            bundle.set_use_isolating(false);
            for source in [app, server] {
                let resource = FluentResource::try_new((*source).to_owned()).ok()?;
                bundle.add_resource(resource).ok()?;
            }
            Some(Language { tag, bundle })
        })
        .collect()
});

/// The texts of one language.
#[derive(Clone, Copy)]
pub struct Texts {
    language: &'static Language,
}

impl Texts {
    /// The first of the visitor's languages (by `q`, then order) that the app speaks, else
    /// English.
    pub fn for_accept_language(header: Option<&str>) -> Option<Texts> {
        let bundles = &*BUNDLES;
        let mut wanted: Vec<(f32, usize, String)> = header
            .unwrap_or("")
            .split(',')
            .enumerate()
            .filter_map(|(order, item)| {
                let mut parts = item.split(';');
                let tag = parts.next()?.trim();
                let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
                let q = parts
                    .find_map(|p| p.trim().strip_prefix("q="))
                    .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
                (q > 0.0 && !primary.is_empty()).then_some((q, order, primary))
            })
            .collect();
        wanted.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let chosen = wanted
            .iter()
            .find_map(|(_, _, primary)| bundles.iter().find(|l| l.tag == primary))
            .or_else(|| bundles.first())?;
        Some(Texts { language: chosen })
    }

    pub fn tag(self) -> &'static str {
        self.language.tag
    }

    fn format(self, id: &str, args: Option<&FluentArgs<'_>>) -> String {
        let bundle = &self.language.bundle;
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            return id.to_owned();
        };
        let mut errors = Vec::new();
        bundle
            .format_pattern(pattern, args, &mut errors)
            .into_owned()
    }

    pub fn get(self, id: &str) -> String {
        self.format(id, None)
    }

    fn with_game(self, id: &str, game: GameKind) -> String {
        let mut args = FluentArgs::new();
        args.set("game", self.get(&format!("game-{game}")));
        self.format(id, Some(&args))
    }
}

/// Text for HTML, inside elements and quoted attributes alike.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The preview of one room's invitation.
pub struct Preview<'a> {
    pub game: GameKind,
    /// The invitation URL (`https://<host>/r/<id>`).
    pub url: &'a str,
    /// The picture's URL: under the room's own path, so it hands out nothing the link did not.
    pub image: &'a str,
}

impl Preview<'_> {
    /// The page title and the tags for `<head>`.
    pub fn tags(&self, texts: Texts) -> (String, String) {
        let title = escape(&texts.with_game("link-preview-title", self.game));
        let description = escape(&texts.with_game("link-preview-description", self.game));
        let url = escape(self.url);
        let image = escape(self.image);
        let (width, height) = (cozcade_art::CARD_WIDTH, cozcade_art::CARD_HEIGHT);
        let tags = format!(
            "<meta property=\"og:type\" content=\"website\">\
             <meta property=\"og:site_name\" content=\"Cozcade\">\
             <meta property=\"og:title\" content=\"{title}\">\
             <meta property=\"og:description\" content=\"{description}\">\
             <meta property=\"og:url\" content=\"{url}\">\
             <meta property=\"og:image\" content=\"{image}\">\
             <meta property=\"og:image:type\" content=\"image/png\">\
             <meta property=\"og:image:width\" content=\"{width}\">\
             <meta property=\"og:image:height\" content=\"{height}\">\
             <meta property=\"og:locale\" content=\"{locale}\">\
             <meta name=\"twitter:card\" content=\"summary_large_image\">\
             <meta name=\"twitter:title\" content=\"{title}\">\
             <meta name=\"twitter:description\" content=\"{description}\">\
             <meta name=\"twitter:image\" content=\"{image}\">\
             <meta name=\"description\" content=\"{description}\">",
            locale = texts.tag(),
        );
        (title, tags)
    }

    /// The web build's page with this room's title and tags in its head.
    pub fn in_index(&self, index: &str, texts: Texts) -> String {
        let (title, tags) = self.tags(texts);
        let head = format!("<title>{title}</title>{tags}");
        // The page's own description (the app's, for search results) gives way to the room's.
        let index = &without_description(index);
        match index.find("<title>").zip(index.find("</title>")) {
            Some((start, end)) if start < end => {
                let end = end + "</title>".len();
                format!("{}{head}{}", &index[..start], &index[end..])
            }
            _ => match index.find("</head>") {
                Some(at) => format!("{}{head}{}", &index[..at], &index[at..]),
                None => format!("{head}{index}"),
            },
        }
    }
}

/// `page` without its `<meta name="description" …>` tag, if it has one.
fn without_description(page: &str) -> String {
    const TAG: &str = "<meta name=\"description\"";
    match page.find(TAG) {
        Some(start) => match page[start..].find('>') {
            Some(len) => format!("{}{}", &page[..start], &page[start + len + 1..]),
            None => page.to_owned(),
        },
        None => page.to_owned(),
    }
}

/// The page of a room that is not (or no longer) there: says so, and offers a new game and
/// the app.
pub fn gone_page(texts: Texts) -> String {
    let title = escape(&texts.get("room-gone-title"));
    let text = escape(&texts.get("room-gone-text"));
    let new_game = escape(&texts.get("room-gone-new-game"));
    let app = escape(&texts.get("room-gone-app"));
    format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1, viewport-fit=cover\">\
         <meta name=\"color-scheme\" content=\"light\">\
         <meta name=\"robots\" content=\"noindex\">\
         <title>{title} · Cozcade</title>\
         <link rel=\"icon\" href=\"/icon.svg\" type=\"image/svg+xml\">\
         <style>\
         html,body{{margin:0;min-height:100%;background:#f6f1e7;color:#2b2620;\
         font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,sans-serif}}\
         main{{box-sizing:border-box;max-width:26rem;margin:0 auto;padding:3rem 1.25rem;\
         display:flex;flex-direction:column;align-items:center;gap:1rem;text-align:center}}\
         svg{{width:88px;height:88px;border-radius:20px}}\
         h1{{margin:0;font-size:1.5rem}}p{{margin:0;line-height:1.5;color:#6b6157}}\
         .actions{{display:flex;flex-direction:column;gap:.75rem;width:100%;margin-top:.5rem}}\
         a{{display:flex;align-items:center;justify-content:center;min-height:48px;\
         box-sizing:border-box;padding:.5rem 1rem;border-radius:10px;text-decoration:none;\
         font-weight:600;border:1px solid #b9ad9c;background:#fffdf8;color:#2b2620}}\
         a.primary{{background:#2f6fbd;border-color:#2f6fbd;color:#fff}}\
         </style></head><body><main>\
         <svg viewBox=\"0 0 100 100\" aria-hidden=\"true\"><rect width=\"100\" height=\"100\" fill=\"#1f6f6b\"/>\
         <circle cx=\"50\" cy=\"50\" r=\"40\" fill=\"#d6c9b0\"/><circle cx=\"50\" cy=\"50\" r=\"37\" fill=\"#f6f1e7\"/>\
         <circle cx=\"50\" cy=\"33.5\" r=\"10.5\" fill=\"#2e9e6b\"/><circle cx=\"35.7\" cy=\"58.3\" r=\"10.5\" fill=\"#e0a82e\"/>\
         <circle cx=\"64.3\" cy=\"58.3\" r=\"10.5\" fill=\"#c43a31\"/></svg>\
         <h1>{title}</h1><p>{text}</p>\
         <div class=\"actions\"><a class=\"primary\" href=\"/\" data-action=\"new-game\">{new_game}</a>\
         <a href=\"cozcade://\" data-action=\"app\">{app}</a></div>\
         </main></body></html>",
        lang = texts.tag(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn language(header: &str) -> &'static str {
        Texts::for_accept_language(Some(header))
            .expect("bundles")
            .tag()
    }

    #[test]
    fn the_visitors_language_is_chosen_by_preference() {
        assert_eq!(language("nl-BE,nl;q=0.9,en;q=0.8"), "nl");
        assert_eq!(language("de-DE,sv;q=0.5,ru;q=0.7"), "ru");
        assert_eq!(language("fr, *;q=0.1"), "en");
        assert_eq!(language("ru;q=0, sv"), "sv");
        assert_eq!(language(";;,q=,,"), "en");
        assert_eq!(
            Texts::for_accept_language(None).expect("bundles").tag(),
            "en"
        );
    }

    #[test]
    fn every_language_has_its_own_words_for_the_pages() {
        assert_eq!(BUNDLES.len(), LANGUAGES.len(), "every file parses");
        let ids = |source: &str| -> Vec<String> {
            source
                .lines()
                .filter_map(|line| line.split_once(" = ").map(|(id, _)| id.to_owned()))
                .filter(|id| !id.starts_with('#'))
                .collect()
        };
        for (tag, _, server) in LANGUAGES {
            assert_eq!(
                ids(server),
                ids(LANGUAGES[0].2),
                "{tag}: the same messages as English"
            );
        }
        let mut titles = Vec::new();
        for (tag, _, _) in LANGUAGES {
            let texts = Texts::for_accept_language(Some(tag)).expect("bundles");
            assert_eq!(texts.tag(), tag);
            for id in [
                "link-preview-title",
                "link-preview-description",
                "room-gone-title",
                "room-gone-text",
                "room-gone-new-game",
                "room-gone-app",
            ] {
                assert_ne!(texts.get(id), id, "{tag} lacks {id}");
            }
            let title = texts.with_game("link-preview-title", GameKind::Kalah);
            assert!(!title.contains('\u{2068}'), "no isolation marks: {title:?}");
            titles.push(title);
        }
        assert_eq!(titles[0], "Play Kalah with me on Cozcade");
        titles.dedup();
        assert_eq!(titles.len(), 4);
    }

    #[test]
    fn the_tags_replace_the_title_and_escape_what_they_quote() {
        let texts = Texts::for_accept_language(None).expect("bundles");
        let preview = Preview {
            game: GameKind::Checkers,
            url: "https://x.example/r/a\"b",
            image: "https://x.example/r/a\"b/preview.png",
        };
        let page = preview.in_index(
            "<html><head><title>Cozcade</title>\
             <meta name=\"description\" content=\"Board games for two.\"></head><body></body></html>",
            texts,
        );
        // One description, the room's: the app's own gives way.
        assert_eq!(
            page.matches("<meta name=\"description\"").count(),
            1,
            "{page}"
        );
        assert!(!page.contains("Board games for two."), "{page}");
        assert!(
            page.contains("<title>Play Checkers with me on Cozcade</title>"),
            "{page}"
        );
        assert_eq!(page.matches("<title>").count(), 1);
        assert!(
            page.contains("content=\"https://x.example/r/a&quot;b\""),
            "{page}"
        );
        assert!(page.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"));
    }
}
