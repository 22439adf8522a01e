//! The Swift and Kotlin halves of the UniFFI bridge (`mobile/src/bridge/`) against the Rust half:
//! neither can be compiled here, so their source is held to the names UniFFI generates from the
//! Rust source — every method of the `Host` trait implemented on both platforms, every haptic
//! kind handled, the functions the hosts must call called, and the Android activity the one the
//! manifest launches.

use cozcade_hosts_check::read_text;
use roxmltree::Document;

const KOTLIN_DIR: &str = "android/src/main/kotlin/dev/dioxus/main";
const SWIFT_DIR: &str = "ios/Sources/CozcadeHost";

fn source(relative: &str) -> String {
    read_text(relative).unwrap_or_else(|e| panic!("{e}"))
}

/// UniFFI's Swift and Kotlin name for a Rust function or method: lower camel case.
fn camel(snake: &str) -> String {
    let mut out = String::new();
    for (i, part) in snake.split('_').enumerate() {
        let mut chars = part.chars();
        match chars.next() {
            Some(first) if i > 0 => {
                out.extend(first.to_uppercase());
                out.push_str(chars.as_str());
            }
            Some(first) => {
                out.push(first);
                out.push_str(chars.as_str());
            }
            None => {}
        }
    }
    out
}

/// The text between `start` and the matching closing brace of the block it opens.
fn block<'a>(text: &'a str, start: &str) -> &'a str {
    let from = text
        .find(start)
        .unwrap_or_else(|| panic!("`{start}` not found"));
    let open = from + text[from..].find('{').expect("an opening brace");
    let mut depth = 0;
    for (offset, c) in text[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return &text[open + 1..open + offset];
                }
            }
            _ => {}
        }
    }
    panic!("`{start}` is not closed")
}

/// The names of the `fn`s declared in a piece of Rust.
fn rust_fns(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let rest = line
                .strip_prefix("pub fn ")
                .or_else(|| line.strip_prefix("fn "))?;
            Some(rest.split('(').next().unwrap_or_default().to_owned())
        })
        .collect()
}

/// The Rust `Host` trait's methods, snake case.
fn host_methods() -> Vec<String> {
    let host = source("mobile/src/bridge/host.rs");
    let methods = rust_fns(block(&host, "pub trait Host"));
    assert_eq!(
        methods,
        ["share", "haptic", "open_store_page"],
        "read the trait"
    );
    methods
}

/// The functions a file exports to the hosts (`uniffi::export` on the next `pub fn`).
fn exported(relative: &str) -> Vec<String> {
    let text = source(relative);
    let lines: Vec<&str> = text.lines().collect();
    lines
        .windows(2)
        .filter(|pair| pair[0].contains("uniffi::export)]"))
        .flat_map(|pair| rust_fns(pair[1]))
        .collect()
}

/// The `Haptic` variants, Rust spelling (`Move`).
fn haptic_kinds() -> Vec<String> {
    let host = source("mobile/src/bridge/host.rs");
    let kinds: Vec<String> = block(&host, "pub enum Haptic")
        .lines()
        .map(str::trim)
        .filter(|line| !line.starts_with("//") && !line.is_empty())
        .map(|line| line.trim_end_matches(',').to_owned())
        .collect();
    assert_eq!(kinds, ["Move", "Capture", "Win", "Error"], "read the enum");
    kinds
}

#[test]
fn the_kotlin_activity_is_the_one_the_manifest_launches() {
    let activity = source(&format!("{KOTLIN_DIR}/MainActivity.kt"));
    let package = activity
        .lines()
        .find_map(|line| line.strip_prefix("package "))
        .expect("a package line")
        .trim();
    let class = activity
        .lines()
        .find_map(|line| line.strip_prefix("class "))
        .and_then(|rest| rest.split([' ', ':', '(']).next())
        .expect("a class");
    let manifest = source("android/AndroidManifest.xml");
    let document = Document::parse(&manifest).expect("manifest parses");
    let declared: Vec<&str> = document
        .descendants()
        .filter(|n| n.has_tag_name("activity"))
        .filter_map(|n| n.attribute(("http://schemas.android.com/apk/res/android", "name")))
        .collect();
    assert_eq!(declared, [format!("{package}.{class}")]);
    // dx writes wry's WryActivity into this package; the activity must build on it.
    assert!(activity.contains("class MainActivity : WryActivity()"));
    // The file sits where its package says (Gradle does not care, but people do).
    assert_eq!(
        KOTLIN_DIR,
        format!("android/src/main/kotlin/{}", package.replace('.', "/"))
    );
}

#[test]
fn kotlin_implements_every_host_method_and_haptic() {
    let host = source(&format!("{KOTLIN_DIR}/AndroidHost.kt"));
    assert!(host.contains("class AndroidHost(activity: Activity) : Host {"));
    let overrides: Vec<String> = host
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("override fun "))
        .map(|rest| rest.split('(').next().unwrap_or_default().to_owned())
        .collect();
    let expected: Vec<String> = host_methods().iter().map(|m| camel(m)).collect();
    assert_eq!(overrides, expected);
    for kind in haptic_kinds() {
        let constant = format!("Haptic.{} ->", kind.to_uppercase());
        assert!(
            host.contains(&constant),
            "AndroidHost does not handle {constant}"
        );
    }
}

#[test]
fn swift_implements_every_host_method_and_haptic() {
    let host = source(&format!("{SWIFT_DIR}/IosHost.swift"));
    assert!(host.contains("final class IosHost: Host"));
    let funcs: Vec<String> = host
        .lines()
        .filter(|line| line.starts_with("    func "))
        .filter_map(|line| line.trim_start().strip_prefix("func "))
        .map(|rest| rest.split('(').next().unwrap_or_default().to_owned())
        .collect();
    let expected: Vec<String> = host_methods().iter().map(|m| camel(m)).collect();
    assert_eq!(funcs, expected);
    for kind in haptic_kinds() {
        let case = format!("case .{}:", camel(&kind.to_lowercase()));
        assert!(host.contains(&case), "IosHost does not handle {case}");
    }
    // iPad: the share sheet is a popover and needs an anchor.
    for anchor in ["popover.sourceView", "popover.sourceRect"] {
        assert!(host.contains(anchor), "no {anchor}");
    }
}

#[test]
fn the_hosts_call_what_rust_exports_for_them() {
    let mut exports = exported("mobile/src/bridge/incoming.rs");
    exports.extend(exported("mobile/src/bridge/host.rs"));
    exports.sort();
    assert_eq!(
        exports,
        [
            "app_came_to_foreground",
            "app_went_to_background",
            "back_pressed",
            "network_changed",
            "open_link",
            "register_host"
        ]
    );
    // Android passes everything: links, back, background, and registers its host; the
    // network's news comes from the callback the activity starts.
    let activity = source(&format!("{KOTLIN_DIR}/MainActivity.kt"));
    let reporter = source(&format!("{KOTLIN_DIR}/NetworkReporter.kt"));
    for export in &exports {
        let call = format!("{}(", camel(export));
        let caller = if export == "network_changed" {
            &reporter
        } else {
            &activity
        };
        assert!(
            caller.contains(&call),
            "the Android host never calls {call}"
        );
    }
    assert!(reporter.contains(
        "class NetworkReporter(\n    private val report: (Boolean) -> Unit = { online -> networkChanged(online) },\n) : ConnectivityManager.NetworkCallback() {"
    ));
    for callback in [
        "override fun onAvailable(network: Network)",
        "override fun onLost(network: Network)",
        "registerDefaultNetworkCallback(this)",
        "unregisterNetworkCallback(this)",
    ] {
        assert!(
            reporter.contains(callback),
            "NetworkReporter has no {callback}"
        );
    }
    for call in [
        "private val network = NetworkReporter()",
        "network.start(it)",
        "network.stop(it)",
    ] {
        assert!(activity.contains(call), "MainActivity never does {call}");
    }
    // The Kotlin bindings' package, as mobile/uniffi.toml sets it.
    let uniffi = source("mobile/uniffi.toml");
    assert!(uniffi.contains("package_name = \"app.cozcade.bridge\""));
    assert!(activity.contains("import app.cozcade.bridge.openLink"));

    // iOS: the host and the lifecycle from Swift; links arrive through the windowing layer's
    // Opened event, which launch() hands to open_link, and there is no back button.
    let start = source(&format!("{SWIFT_DIR}/HostStart.swift"));
    for call in [
        "registerHost(host: IosHost())",
        "appWentToBackground()",
        "appCameToForeground()",
    ] {
        assert!(start.contains(call), "HostStart.swift never calls {call}");
    }
    // The network's news comes from a path monitor that the start starts.
    assert!(start.contains("startNetworkMonitor()"));
    let monitor = source(&format!("{SWIFT_DIR}/NetworkMonitor.swift"));
    for part in [
        "import Network",
        "NWPathMonitor()",
        "pathUpdateHandler",
        "networkChanged(online: path.status == .satisfied)",
        "pathMonitor.start(queue:",
    ] {
        assert!(monitor.contains(part), "NetworkMonitor.swift has no {part}");
    }
    let opened = source("mobile/src/bridge/opened_links.rs");
    assert!(opened.contains("Event::Opened { urls }") && opened.contains("open_link("));
    let lib = source("mobile/src/lib.rs");
    assert!(lib.contains(
        ".with_custom_event_handler(|event, _| bridge::opened_links::on_window_event(event))"
    ));
    // The C entry point Rust calls at launch is the one Swift defines.
    let ios_host = source("mobile/src/bridge/ios_host.rs");
    assert!(ios_host.contains("fn cozcade_ios_host_start();"));
    assert!(start.contains("@_cdecl(\"cozcade_ios_host_start\")"));
}

/// `cargo xtask test-kotlin` compiles the host files against the bindings of the test build
/// (`bridge-test`), a superset of the release build's: a host calling a test-only export would
/// compile there and break the release. None may.
#[test]
fn the_hosts_use_no_test_only_export() {
    let testing = source("mobile/src/bridge/testing.rs");
    let lines: Vec<&str> = testing.lines().collect();
    let test_only: Vec<String> = lines
        .windows(2)
        .filter(|pair| pair[0].trim() == "#[uniffi::export]")
        .flat_map(|pair| rust_fns(pair[1]))
        .collect();
    assert_eq!(
        test_only,
        [
            "test_next_host_event",
            "test_share_invitation",
            "test_haptic",
            "test_open_store_page",
            "test_set_at_root",
            "test_forget_host",
            "test_watch_network",
            "test_network_news",
            "test_network_online"
        ],
        "read testing.rs"
    );
    for file in [
        format!("{KOTLIN_DIR}/MainActivity.kt"),
        format!("{KOTLIN_DIR}/AndroidHost.kt"),
        format!("{KOTLIN_DIR}/NetworkReporter.kt"),
        format!("{SWIFT_DIR}/HostStart.swift"),
        format!("{SWIFT_DIR}/IosHost.swift"),
        format!("{SWIFT_DIR}/NetworkMonitor.swift"),
        format!("{SWIFT_DIR}/WebViewWatcher.swift"),
    ] {
        let host = source(&file);
        for export in &test_only {
            let name = camel(export);
            assert!(!host.contains(&name), "{file} uses the test-only {name}");
        }
    }
}

#[test]
fn camel_case_is_uniffis() {
    assert_eq!(camel("open_store_page"), "openStorePage");
    assert_eq!(camel("share"), "share");
}
