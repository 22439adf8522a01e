//! `fastlane/`: the Fastfile and Appfile are valid Ruby (fastlane itself can't run here), and
//! the store listings exist for every locale and fit each store's limits.

use std::process::Command;

use cozcade_hosts_check::{read_text, repo_root, store_length};

/// App Store locales (fastlane `deliver` folder names) and Google Play ones (`supply`).
const APP_STORE_LOCALES: [&str; 4] = ["en-US", "nl-NL", "sv", "ru"];
const PLAY_LOCALES: [&str; 4] = ["en-US", "nl-NL", "sv-SE", "ru-RU"];

/// How a store measures a field.
#[derive(Clone, Copy, Debug)]
enum Limit {
    /// Characters (what App Store Connect and Play Console count for text fields).
    Chars(usize),
    /// UTF-8 bytes: App Store Connect's keywords field is "up to 100 bytes", so Cyrillic
    /// keywords get about half the room that Latin ones do.
    Bytes(usize),
}

/// App Store Connect, "Platform version information" and "App information".
const APP_STORE_FIELDS: [(&str, Limit); 6] = [
    ("name.txt", Limit::Chars(30)),
    ("subtitle.txt", Limit::Chars(30)),
    ("keywords.txt", Limit::Bytes(100)),
    ("description.txt", Limit::Chars(4000)),
    ("release_notes.txt", Limit::Chars(4000)),
    ("privacy_url.txt", Limit::Chars(255)),
];

/// Play Console store listing. "What's new" is `changelogs/<version code>.txt`, else
/// `changelogs/default.txt`: the version code is the workflow's run number, so the default.
const PLAY_FIELDS: [(&str, Limit); 4] = [
    ("title.txt", Limit::Chars(30)),
    ("short_description.txt", Limit::Chars(80)),
    ("full_description.txt", Limit::Chars(4000)),
    ("changelogs/default.txt", Limit::Chars(500)),
];

/// Fields that are one line in the store's form.
const ONE_LINE: [&str; 6] = [
    "name.txt",
    "subtitle.txt",
    "keywords.txt",
    "privacy_url.txt",
    "title.txt",
    "short_description.txt",
];

fn check_fields(folder: &str, fields: &[(&str, Limit)], problems: &mut Vec<String>) {
    for &(file, limit) in fields {
        let path = format!("{folder}/{file}");
        let text = match read_text(&path) {
            Ok(text) => text,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        let trimmed = text.trim();
        if trimmed.is_empty() {
            problems.push(format!("{path} is empty"));
        }
        if ONE_LINE.contains(&file) && trimmed.contains('\n') {
            problems.push(format!("{path} must be one line"));
        }
        let (used, max, unit) = match limit {
            Limit::Chars(max) => (store_length(&text), max, "characters"),
            Limit::Bytes(max) => (trimmed.len(), max, "bytes"),
        };
        if used > max {
            problems.push(format!("{path}: {used} {unit}, the store allows {max}"));
        }
    }
}

fn report(problems: &[String]) {
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn app_store_metadata_is_complete_and_within_limits() {
    let mut problems = Vec::new();
    for locale in APP_STORE_LOCALES {
        check_fields(
            &format!("fastlane/metadata/{locale}"),
            &APP_STORE_FIELDS,
            &mut problems,
        );
    }
    report(&problems);
}

#[test]
fn play_metadata_is_complete_and_within_limits() {
    let mut problems = Vec::new();
    for locale in PLAY_LOCALES {
        check_fields(
            &format!("fastlane/metadata/android/{locale}"),
            &PLAY_FIELDS,
            &mut problems,
        );
    }
    report(&problems);
}

#[test]
fn keywords_are_separate_words_apple_accepts() {
    let mut problems = Vec::new();
    for locale in APP_STORE_LOCALES {
        let path = format!("fastlane/metadata/{locale}/keywords.txt");
        let Ok(text) = read_text(&path) else { continue };
        for keyword in text.trim().split(',') {
            // Spaces around commas waste bytes of the 100; Apple wants each keyword longer
            // than two characters.
            if keyword.trim() != keyword || keyword.chars().count() <= 2 {
                problems.push(format!("{path}: keyword {keyword:?}"));
            }
        }
    }
    report(&problems);
}

#[test]
fn the_privacy_policy_is_the_same_https_page_everywhere() {
    let urls: Vec<String> = APP_STORE_LOCALES
        .iter()
        .map(|locale| {
            let path = format!("fastlane/metadata/{locale}/privacy_url.txt");
            read_text(&path)
                .unwrap_or_else(|e| panic!("{e}"))
                .trim()
                .to_owned()
        })
        .collect();
    for url in &urls {
        assert!(url.starts_with("https://"), "{url}");
        assert!(!url.contains(char::is_whitespace), "{url}");
    }
    assert!(urls.windows(2).all(|pair| pair[0] == pair[1]), "{urls:?}");
}

/// `ruby -wc`: a syntax check, with warnings on, that runs nothing (fastlane isn't installed here, and the lanes
/// would need store credentials anyway). Ruby must be installed; a skipped check would look
/// like a passed one.
fn ruby_syntax_ok(relative: &str) {
    let path = repo_root().join(relative);
    let output = match Command::new("ruby").arg("-wc").arg(&path).output() {
        Ok(output) => output,
        Err(e) => panic!(
            "cannot run `ruby -wc {relative}` ({e}). Ruby is needed to check the fastlane \
             files: install it (Debian/Ubuntu: `apt-get install -y ruby`)."
        ),
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && stdout.contains("Syntax OK"),
        "`ruby -wc {relative}` failed ({}):\n{stdout}{stderr}",
        output.status
    );
    // Warnings (e.g. a shadowed variable or a literal in a condition) hide mistakes that
    // fastlane would only reveal at release time.
    assert!(
        stderr.trim().is_empty(),
        "`ruby -wc {relative}` warns:\n{stderr}"
    );
}

#[test]
fn fastfile_is_valid_ruby() {
    ruby_syntax_ok("fastlane/Fastfile");
}

#[test]
fn appfile_is_valid_ruby() {
    ruby_syntax_ok("fastlane/Appfile");
}

#[test]
fn fastlane_uses_the_same_identifiers_as_the_hosts() {
    // The Appfile reads them from the environment with these defaults; they must agree with
    // ios/Info.plist, android/AndroidManifest.xml and the server's defaults.
    let appfile = read_text("fastlane/Appfile").unwrap_or_else(|e| panic!("{e}"));
    assert!(
        appfile.contains(r#"app_identifier(ENV.fetch("COZCADE_BUNDLE_ID", "app.cozcade"))"#),
        "{appfile}"
    );
    assert!(
        appfile.contains(r#"package_name(ENV.fetch("COZCADE_ANDROID_PACKAGE", "app.cozcade"))"#),
        "{appfile}"
    );
    let fastfile = read_text("fastlane/Fastfile").unwrap_or_else(|e| panic!("{e}"));
    for lane in ["lane :beta", "lane :internal"] {
        assert!(fastfile.contains(lane), "the Fastfile lacks `{lane}`");
    }
}
