//! `mobile/Dioxus.toml` (what `dx` reads to bundle the phone apps) agrees with the platform files
//! it points at: one name, one bundle id, one URL scheme, one link host and path everywhere;
//! every file it names exists; the icons are real PNGs of the sizes their names say; the phones'
//! page reaches under the notch and pads by the safe-area insets.

use cozcade_hosts_check::{read_bytes, read_text, repo_root};
use plist::Value;
use roxmltree::Document;
use toml::Table;

const ANDROID: &str = "http://schemas.android.com/apk/res/android";

fn table(relative: &str) -> Table {
    read_text(relative)
        .unwrap_or_else(|e| panic!("{e}"))
        .parse::<Table>()
        .unwrap_or_else(|e| panic!("{relative} is not TOML: {e}"))
}

/// The value at a dotted path (`bundle.identifier`), which must exist.
fn at<'a>(table: &'a Table, path: &str) -> &'a toml::Value {
    let mut parts = path.split('.');
    let first = parts.next().unwrap_or_default();
    let mut value = table
        .get(first)
        .unwrap_or_else(|| panic!("Dioxus.toml has no {path}"));
    for part in parts {
        value = value
            .get(part)
            .unwrap_or_else(|| panic!("Dioxus.toml has no {path}"));
    }
    value
}

fn text<'a>(table: &'a Table, path: &str) -> &'a str {
    at(table, path)
        .as_str()
        .unwrap_or_else(|| panic!("{path} is not a string"))
}

fn texts<'a>(table: &'a Table, path: &str) -> Vec<&'a str> {
    at(table, path)
        .as_array()
        .unwrap_or_else(|| panic!("{path} is not an array"))
        .iter()
        .map(|v| v.as_str().unwrap_or_else(|| panic!("{path} holds {v:?}")))
        .collect()
}

fn dioxus() -> Table {
    table("mobile/Dioxus.toml")
}

fn info_plist() -> plist::Dictionary {
    let bytes = read_bytes("ios/Info.plist").unwrap_or_else(|e| panic!("{e}"));
    Value::from_reader_xml(bytes.as_slice())
        .ok()
        .and_then(Value::into_dictionary)
        .expect("ios/Info.plist is a dictionary")
}

fn plist_string(dictionary: &plist::Dictionary, key: &str) -> String {
    dictionary
        .get(key)
        .and_then(Value::as_string)
        .unwrap_or_else(|| panic!("Info.plist: {key}"))
        .to_owned()
}

/// A VIEW intent filter's (scheme, host, pathPrefix).
type Link = (Option<String>, Option<String>, Option<String>);

/// The Android manifest's application label and its VIEW intent filters.
fn manifest_links() -> (String, Vec<Link>) {
    let text = read_text("android/AndroidManifest.xml").unwrap_or_else(|e| panic!("{e}"));
    let document = Document::parse(&text).expect("manifest parses");
    let application = document
        .descendants()
        .find(|n| n.has_tag_name("application"))
        .expect("<application>");
    let label = application
        .attribute((ANDROID, "label"))
        .expect("android:label")
        .to_owned();
    let links = document
        .descendants()
        .filter(|n| n.has_tag_name("intent-filter"))
        .filter(|filter| {
            filter.children().any(|c| {
                c.has_tag_name("action")
                    && c.attribute((ANDROID, "name")) == Some("android.intent.action.VIEW")
            })
        })
        .map(|filter| {
            let data = |name: &str| {
                filter
                    .children()
                    .filter(|c| c.has_tag_name("data"))
                    .find_map(|c| c.attribute((ANDROID, name)))
                    .map(str::to_owned)
            };
            (data("scheme"), data("host"), data("pathPrefix"))
        })
        .collect();
    (label, links)
}

#[test]
fn one_name_and_one_identifier_everywhere() {
    let dioxus = dioxus();
    let plist = info_plist();
    let name = text(&dioxus, "application.name");
    assert_eq!(name, "Cozcade");
    assert_eq!(plist_string(&plist, "CFBundleDisplayName"), name);
    assert_eq!(plist_string(&plist, "CFBundleName"), name);
    assert_eq!(manifest_links().0, name);
    assert_eq!(text(&dioxus, "web.app.title"), name);

    let identifier = text(&dioxus, "bundle.identifier");
    assert_eq!(identifier, "app.cozcade");
    assert_eq!(plist_string(&plist, "CFBundleIdentifier"), identifier);
    // No platform may override it: the server's association files name this one id.
    for platform in ["ios", "android"] {
        assert!(
            at(&dioxus, platform).get("identifier").is_none(),
            "[{platform}] overrides the bundle identifier"
        );
    }
    // fastlane's defaults (Appfile): ENV.fetch("…", "app.cozcade").
    let appfile = read_text("fastlane/Appfile").unwrap_or_else(|e| panic!("{e}"));
    for key in ["COZCADE_BUNDLE_ID", "COZCADE_ANDROID_PACKAGE"] {
        let default = format!("ENV.fetch(\"{key}\", \"{identifier}\")");
        assert!(appfile.contains(&default), "Appfile lacks {default}");
    }
}

#[test]
fn deep_links_agree_with_the_plist_the_entitlements_and_the_manifest() {
    let dioxus = dioxus();
    let schemes = texts(&dioxus, "deep_links.schemes");
    let hosts = texts(&dioxus, "deep_links.hosts");
    let paths = texts(&dioxus, "deep_links.paths");
    assert_eq!(schemes, ["cozcade"]);
    assert_eq!(hosts, ["play.cozcade.app"]);
    assert_eq!(paths, ["/r/*"]);

    // iOS: the URL scheme in Info.plist, applinks:<host> in the entitlements (both the file and
    // the [ios.entitlements] dx merges into it).
    let plist = info_plist();
    let plist_schemes: Vec<String> = plist
        .get("CFBundleURLTypes")
        .and_then(Value::as_array)
        .expect("CFBundleURLTypes")
        .iter()
        .filter_map(Value::as_dictionary)
        .filter_map(|t| t.get("CFBundleURLSchemes").and_then(Value::as_array))
        .flatten()
        .filter_map(Value::as_string)
        .map(str::to_owned)
        .collect();
    assert_eq!(plist_schemes, schemes);
    let entitlements = read_bytes("ios/Cozcade.entitlements").unwrap_or_else(|e| panic!("{e}"));
    let entitlements = Value::from_reader_xml(entitlements.as_slice())
        .ok()
        .and_then(Value::into_dictionary)
        .expect("entitlements are a dictionary");
    let domains: Vec<&str> = entitlements
        .get("com.apple.developer.associated-domains")
        .and_then(Value::as_array)
        .expect("associated domains")
        .iter()
        .filter_map(Value::as_string)
        .collect();
    let applinks: Vec<String> = hosts.iter().map(|h| format!("applinks:{h}")).collect();
    assert_eq!(domains, applinks);
    assert_eq!(
        texts(&dioxus, "ios.entitlements.associated-domains"),
        applinks
    );

    // Android: a verified https filter for each host with the path as a prefix, and the scheme.
    let (_, links) = manifest_links();
    for host in &hosts {
        for path in &paths {
            let prefix = path.trim_end_matches('*');
            assert!(
                links.contains(&(
                    Some("https".into()),
                    Some((*host).into()),
                    Some(prefix.into())
                )),
                "no https filter for {host}{prefix} in {links:?}"
            );
        }
    }
    for scheme in &schemes {
        assert!(
            links.iter().any(|(s, _, _)| s.as_deref() == Some(*scheme)),
            "no filter for {scheme}:// in {links:?}"
        );
    }
}

#[test]
fn every_file_it_names_exists() {
    let dioxus = dioxus();
    let mobile = repo_root().join("mobile");
    let mut files: Vec<&str> = [
        "application.ios_info_plist",
        "application.ios_entitlements",
        "application.android_manifest",
        "application.android_main_activity",
    ]
    .into_iter()
    .map(|key| text(&dioxus, key))
    .collect();
    files.extend(texts(&dioxus, "bundle.icon"));
    files.extend(texts(&dioxus, "android.proguard_rules"));
    for file in files {
        assert!(mobile.join(file).is_file(), "mobile/{file} does not exist");
    }
}

/// (width, height, colour type) from a PNG's header.
fn png_header(bytes: &[u8]) -> (u32, u32, u8) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    assert_eq!(&bytes[12..16], b"IHDR", "no IHDR first");
    let number =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    (number(16), number(20), bytes[25])
}

#[test]
fn icons_are_opaque_pngs_of_their_named_sizes() {
    let dioxus = dioxus();
    let icons = texts(&dioxus, "bundle.icon");
    // The App Store needs a 1024 px icon.
    assert!(icons.contains(&"icons/icon.png"));
    for icon in icons {
        let bytes = read_bytes(&format!("mobile/{icon}")).unwrap_or_else(|e| panic!("{e}"));
        let (width, height, colour) = png_header(&bytes);
        let name = icon.trim_start_matches("icons/").trim_end_matches(".png");
        let expected = match name {
            "icon" => 1024,
            _ => {
                let (size, scale) = match name.split_once('@') {
                    Some((size, scale)) => (size, scale.trim_end_matches('x')),
                    None => (name, "1"),
                };
                let side: u32 = size
                    .split('x')
                    .next()
                    .and_then(|s| s.parse().ok())
                    .expect("size");
                side * scale.parse::<u32>().expect("scale")
            }
        };
        assert_eq!((width, height), (expected, expected), "{icon}");
        // Colour type 2: RGB without alpha (App Store Connect rejects a transparent icon).
        assert_eq!(colour, 2, "{icon} is not opaque RGB");
    }
}

#[test]
fn android_loads_the_library_the_kotlin_bindings_name() {
    let dioxus = dioxus();
    let uniffi = table("mobile/uniffi.toml");
    let kotlin = at(&uniffi, "bindings")
        .get("kotlin")
        .and_then(toml::Value::as_table)
        .expect("[bindings.kotlin]");
    assert_eq!(
        kotlin.get("cdylib_name").and_then(toml::Value::as_str),
        Some(text(&dioxus, "android.lib_name"))
    );
    let package = kotlin
        .get("package_name")
        .and_then(toml::Value::as_str)
        .expect("package_name");
    let gradle = texts(&dioxus, "android.gradle_dependencies");
    assert!(
        gradle
            .iter()
            .any(|d| d.starts_with("net.java.dev.jna:jna:") && d.ends_with("@aar")),
        "JNA (as an Android archive) is not a Gradle dependency: {gradle:?}"
    );
    // Minification must keep what JNA reaches by reflection.
    let rules = texts(&dioxus, "android.proguard_rules");
    let rules: String = rules
        .iter()
        .map(|file| read_text(&format!("mobile/{file}")).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    assert!(rules.contains("-keep class com.sun.jna.** { *; }"));
    assert!(rules.contains(&format!("-keep class {package}.** {{ *; }}")));
}

#[test]
fn the_phones_page_reaches_the_edges_and_pads_by_the_safe_area() {
    let page = read_text("mobile/native/index.html").unwrap_or_else(|e| panic!("{e}"));
    assert!(page.contains("viewport-fit=cover"));
    for side in ["top", "right", "bottom", "left"] {
        assert!(
            page.contains(&format!("env(safe-area-inset-{side})")),
            "no safe-area padding at the {side}"
        );
    }
    // Dioxus inserts its loader before </body> and renders into #main: without them the app
    // would not start (it panics looking for them).
    assert!(page.contains("</head>") && page.contains("</body>"));
    assert!(page.contains(r#"<div id="main"></div>"#));
    let lib = read_text("mobile/src/lib.rs").unwrap_or_else(|e| panic!("{e}"));
    assert!(lib.contains(r#"include_str!("../native/index.html")"#));
    // The web build's page does the same.
    let web = read_text("mobile/web/index.html").unwrap_or_else(|e| panic!("{e}"));
    assert!(web.contains("viewport-fit=cover") && web.contains("env(safe-area-inset-bottom)"));
}
