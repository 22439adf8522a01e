//! The page's preloads, sent again as a `Link` header.
//!
//! The page names the files the app needs first (`<link rel="preload">` for the wasm,
//! `<link rel="modulepreload">` for the scripts). A browser acts on those tags only once its
//! renderer has the page and parses it; the same list in the response's `Link` header is acted
//! on as soon as the response arrives, which on a slow phone starts the wasm's download tens of
//! milliseconds sooner (mobile/BENCHMARKS.md, "the preloads in a `Link` header"). The header is
//! made from the page itself, so it always names the files of the build being served.

use axum::http::HeaderValue;

/// The `Link` header for `page`'s preload and modulepreload tags, or `None` if it has none.
pub fn link_header(page: &str) -> Option<HeaderValue> {
    let links: Vec<String> = page
        .split("<link")
        .skip(1)
        .filter_map(|rest| rest.split_once('>').map(|(tag, _)| tag))
        .filter_map(preload)
        .collect();
    if links.is_empty() {
        return None;
    }
    HeaderValue::from_str(&links.join(", ")).ok()
}

/// One tag's attributes as a `Link` entry, if it is a preload of a file of this site.
fn preload(tag: &str) -> Option<String> {
    let rel = attribute(tag, "rel")?;
    let href = attribute(tag, "href")?;
    // Only our own files, by path: nothing that could carry a quote, a comma or another site.
    let safe = href.starts_with('/')
        && !href.starts_with("//")
        && href
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"/._-".contains(&b));
    if !safe {
        return None;
    }
    match rel {
        "modulepreload" => Some(format!("<{href}>; rel=modulepreload")),
        "preload" => {
            let mut link = format!("<{href}>; rel=preload");
            if let Some(kind) = attribute(tag, "as").filter(|v| is_token(v)) {
                link.push_str(&format!("; as={kind}"));
            }
            if let Some(mime) = attribute(tag, "type").filter(|v| is_mime(v)) {
                link.push_str(&format!("; type=\"{mime}\""));
            }
            // The page's preload of the wasm is a CORS fetch, as wasm-bindgen's own fetch of
            // it is; without the same mode here the browser would download it twice.
            if has_flag(tag, "crossorigin") {
                link.push_str("; crossorigin");
            }
            Some(link)
        }
        _ => None,
    }
}

/// The value of `name="..."` in a tag.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let pattern = format!(" {name}=\"");
    let start = tag.find(&pattern)? + pattern.len();
    let end = tag[start..].find('"')?;
    Some(&tag[start..start + end])
}

/// Whether a tag has the bare attribute `name` (or `name="..."`).
fn has_flag(tag: &str, name: &str) -> bool {
    tag.split_ascii_whitespace()
        .any(|word| word == name || word.starts_with(&format!("{name}=")))
}

fn is_token(value: &str) -> bool {
    !value.is_empty()
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

fn is_mime(value: &str) -> bool {
    is_token(&value.replace(['/', '+', '.'], "-"))
}

#[cfg(test)]
mod tests {
    use super::link_header;

    #[test]
    fn the_pages_preloads_become_one_link_header() {
        let page = r#"<head>
  <link rel="preload" href="/cozcade_mobile_bg.0123456789abcdef.wasm" as="fetch" type="application/wasm" crossorigin>
  <link rel="modulepreload" href="/boot.0123456789abcdef.js">
  <link rel="modulepreload" href="/snippets/dioxus-web-eae67878b22d6805/inline0.js">
  <link rel="icon" href="/icon.svg" type="image/svg+xml">
  <link rel="manifest" href="/manifest.webmanifest">
</head>"#;
        let header = link_header(page).expect("a header");
        assert_eq!(
            header.to_str().unwrap(),
            "</cozcade_mobile_bg.0123456789abcdef.wasm>; rel=preload; as=fetch; \
             type=\"application/wasm\"; crossorigin, \
             </boot.0123456789abcdef.js>; rel=modulepreload, \
             </snippets/dioxus-web-eae67878b22d6805/inline0.js>; rel=modulepreload"
        );
    }

    #[test]
    fn a_page_without_preloads_has_no_header() {
        assert!(link_header("<head><link rel=\"icon\" href=\"/icon.svg\"></head>").is_none());
        assert!(link_header("not html at all <link").is_none());
        assert!(link_header("").is_none());
    }

    #[test]
    fn only_this_sites_plain_paths_are_preloaded() {
        for href in [
            "https://elsewhere.example/app.wasm",
            "//elsewhere.example/app.wasm",
            "/app.wasm>; rel=preload, <https://x",
            "/a,b.js",
            "relative.js",
        ] {
            let page = format!("<link rel=\"modulepreload\" href=\"{href}\">");
            assert!(link_header(&page).is_none(), "{href}");
        }
    }
}
