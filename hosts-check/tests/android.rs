//! `android/AndroidManifest.xml`: it parses, asks for the network and its state, runs one `singleTask`
//! activity, and its intent filters are exactly the launcher, the verified https invitation
//! link and the `cozcade://r/` fallback — no more, no less.

use cozcade_hosts_check::read_text;
use roxmltree::{Document, Node};

const ANDROID: &str = "http://schemas.android.com/apk/res/android";
const LINK_HOST: &str = "play.cozcade.app";

/// One `<intent-filter>` reduced to what Android matches on. `data` keeps each `<data>`
/// element's attributes in document order (Android merges them within a filter).
#[derive(Debug, PartialEq, Eq)]
struct Filter {
    auto_verify: Option<String>,
    actions: Vec<String>,
    categories: Vec<String>,
    data: Vec<Vec<(String, String)>>,
}

fn android<'a>(node: Node<'a, '_>, name: &str) -> Option<&'a str> {
    node.attribute((ANDROID, name))
}

fn children<'a, 'input>(
    node: Node<'a, 'input>,
    name: &'static str,
) -> impl Iterator<Item = Node<'a, 'input>> {
    node.children()
        .filter(move |child| child.is_element() && child.tag_name().name() == name)
}

fn names(node: Node<'_, '_>, element: &'static str) -> Vec<String> {
    children(node, element)
        .map(|child| {
            android(child, "name")
                .unwrap_or_else(|| panic!("<{element}> without android:name"))
                .to_owned()
        })
        .collect()
}

fn filter(node: Node<'_, '_>) -> Filter {
    for child in node.children().filter(Node::is_element) {
        let tag = child.tag_name().name();
        assert!(
            ["action", "category", "data"].contains(&tag),
            "unexpected <{tag}> in an intent filter"
        );
    }
    Filter {
        auto_verify: android(node, "autoVerify").map(str::to_owned),
        actions: names(node, "action"),
        categories: names(node, "category"),
        data: children(node, "data")
            .map(|data| {
                data.attributes()
                    .map(|attribute| {
                        assert_eq!(
                            attribute.namespace(),
                            Some(ANDROID),
                            "<data> attributes are in the android namespace"
                        );
                        (attribute.name().to_owned(), attribute.value().to_owned())
                    })
                    .collect()
            })
            .collect(),
    }
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
    items
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

fn with_manifest(check: impl FnOnce(Node<'_, '_>)) {
    let text = read_text("android/AndroidManifest.xml").unwrap_or_else(|e| panic!("{e}"));
    let document = Document::parse(&text)
        .unwrap_or_else(|e| panic!("android/AndroidManifest.xml is not well-formed XML: {e}"));
    let manifest = document.root_element();
    assert_eq!(manifest.tag_name().name(), "manifest");
    check(manifest);
}

fn the_activity<'a, 'input>(manifest: Node<'a, 'input>) -> Node<'a, 'input> {
    let applications: Vec<_> = children(manifest, "application").collect();
    assert_eq!(applications.len(), 1, "one <application>");
    let activities: Vec<_> = children(applications[0], "activity").collect();
    assert_eq!(
        activities.len(),
        1,
        "one <activity>: the app is a single web view"
    );
    activities[0]
}

#[test]
fn the_app_may_reach_the_network_and_hear_when_it_goes() {
    with_manifest(|manifest| {
        assert_eq!(
            names(manifest, "uses-permission"),
            [
                "android.permission.INTERNET",
                "android.permission.ACCESS_NETWORK_STATE"
            ],
            "INTERNET, ACCESS_NETWORK_STATE (NetworkReporter.kt's default-network callback), \
             and no other permission"
        );
    });
    // The permission is there for the callback, and the callback has it: without it
    // registerDefaultNetworkCallback throws a SecurityException at start.
    let reporter = read_text("android/src/main/kotlin/dev/dioxus/main/NetworkReporter.kt")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(reporter.contains("registerDefaultNetworkCallback("));
}

#[test]
fn the_activity_is_single_task_and_exported() {
    with_manifest(|manifest| {
        let activity = the_activity(manifest);
        assert!(android(activity, "name").is_some_and(|n| n.ends_with("MainActivity")));
        // One running copy: a link tapped while the app is open arrives through onNewIntent.
        assert_eq!(android(activity, "launchMode"), Some("singleTask"));
        // Required since Android 12 for an activity with intent filters.
        assert_eq!(android(activity, "exported"), Some("true"));
        let changes = android(activity, "configChanges").unwrap_or_default();
        for change in ["orientation", "screenSize"] {
            assert!(
                changes.split('|').any(|c| c == change),
                "rotating must not restart the activity: configChanges lacks {change}"
            );
        }
    });
}

#[test]
fn intent_filters_are_exactly_launcher_verified_link_and_scheme() {
    with_manifest(|manifest| {
        let filters: Vec<Filter> = children(the_activity(manifest), "intent-filter")
            .map(filter)
            .collect();
        let browsable = strings(&[
            "android.intent.category.DEFAULT",
            "android.intent.category.BROWSABLE",
        ]);
        let view = strings(&["android.intent.action.VIEW"]);
        assert_eq!(
            filters,
            [
                Filter {
                    auto_verify: None,
                    actions: strings(&["android.intent.action.MAIN"]),
                    categories: strings(&["android.intent.category.LAUNCHER"]),
                    data: vec![],
                },
                // Verified against https://play.cozcade.app/.well-known/assetlinks.json.
                Filter {
                    auto_verify: Some("true".to_owned()),
                    actions: view.clone(),
                    categories: browsable.clone(),
                    data: vec![
                        pairs(&[("scheme", "https")]),
                        pairs(&[("host", LINK_HOST)]),
                        pairs(&[("pathPrefix", "/r/")]),
                    ],
                },
                // A custom scheme can't be verified, so it has a filter of its own: mixed into
                // the one above it would also match cozcade://play.cozcade.app/r/… and blur
                // what the verified filter claims.
                Filter {
                    auto_verify: None,
                    actions: view,
                    categories: browsable,
                    data: vec![pairs(&[("scheme", "cozcade")]), pairs(&[("host", "r")])],
                },
            ]
        );
    });
}
