//! `ios/`: Info.plist, the entitlements and the privacy manifest parse as property lists and
//! hold exactly what the app needs (its identity, the `cozcade` scheme, universal links for the
//! server's host, and an honest privacy manifest).

use cozcade_hosts_check::{check_xml, read_text};
use plist::{Dictionary, Value};

/// The host in invitation links; the server serves the association file there.
const LINK_HOST: &str = "play.cozcade.app";

fn dictionary(relative: &str) -> Dictionary {
    let text = read_text(relative).unwrap_or_else(|e| panic!("{e}"));
    // plist's reader forgives some malformed XML that Xcode refuses: hold the file to XML first.
    check_xml(relative, &text).unwrap_or_else(|e| panic!("{e}"));
    let value = Value::from_reader_xml(text.as_bytes())
        .unwrap_or_else(|e| panic!("{relative} is not an XML property list: {e}"));
    match value {
        Value::Dictionary(dictionary) => dictionary,
        other => panic!("{relative}: the root is {other:?}, not a dictionary"),
    }
}

fn string<'a>(dictionary: &'a Dictionary, key: &str) -> &'a str {
    dictionary
        .get(key)
        .and_then(Value::as_string)
        .unwrap_or_else(|| panic!("{key} is missing or not a string"))
}

fn boolean(dictionary: &Dictionary, key: &str) -> bool {
    dictionary
        .get(key)
        .and_then(Value::as_boolean)
        .unwrap_or_else(|| panic!("{key} is missing or not a boolean"))
}

fn array<'a>(dictionary: &'a Dictionary, key: &str) -> &'a [Value] {
    dictionary
        .get(key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_else(|| panic!("{key} is missing or not an array"))
}

fn strings<'a>(dictionary: &'a Dictionary, key: &str) -> Vec<&'a str> {
    array(dictionary, key)
        .iter()
        .map(|v| {
            v.as_string()
                .unwrap_or_else(|| panic!("{key} holds a non-string {v:?}"))
        })
        .collect()
}

fn dict<'a>(value: &'a Value, what: &str) -> &'a Dictionary {
    value
        .as_dictionary()
        .unwrap_or_else(|| panic!("{what} is not a dictionary: {value:?}"))
}

#[test]
fn info_plist_names_the_app() {
    let info = dictionary("ios/Info.plist");
    assert_eq!(string(&info, "CFBundleIdentifier"), "app.cozcade");
    assert_eq!(string(&info, "CFBundleDisplayName"), "Cozcade");
    assert_eq!(string(&info, "CFBundleName"), "Cozcade");
    assert_eq!(string(&info, "CFBundlePackageType"), "APPL");
    assert_eq!(string(&info, "CFBundleInfoDictionaryVersion"), "6.0");
    assert!(!string(&info, "CFBundleExecutable").is_empty());
    // The build number is a positive integer; the marketing version is dotted digits.
    let build = string(&info, "CFBundleVersion");
    assert!(build.parse::<u32>().is_ok_and(|n| n > 0), "{build}");
    let version = string(&info, "CFBundleShortVersionString");
    assert!(
        version
            .split('.')
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit())),
        "{version}"
    );
    assert!(boolean(&info, "LSRequiresIPhoneOS"));
    assert!(!boolean(&info, "ITSAppUsesNonExemptEncryption"));
}

#[test]
fn info_plist_declares_the_cozcade_scheme_once() {
    let info = dictionary("ios/Info.plist");
    let types = array(&info, "CFBundleURLTypes");
    assert_eq!(types.len(), 1, "{types:?}");
    let url_type = dict(&types[0], "the URL type");
    assert_eq!(strings(url_type, "CFBundleURLSchemes"), ["cozcade"]);
    assert_eq!(string(url_type, "CFBundleURLName"), "app.cozcade");
    assert_eq!(string(url_type, "CFBundleTypeRole"), "Viewer");
}

#[test]
fn info_plist_runs_on_iphone_and_ipad_in_every_useful_orientation() {
    let info = dictionary("ios/Info.plist");
    let families: Vec<u64> = array(&info, "UIDeviceFamily")
        .iter()
        .map(|v| v.as_unsigned_integer().expect("a device family number"))
        .collect();
    assert_eq!(families, [1, 2], "iPhone and iPad");
    assert!(
        info.get("UILaunchScreen")
            .and_then(Value::as_dictionary)
            .is_some(),
        "UILaunchScreen is a dictionary (a storyboard-free launch screen)"
    );
    assert_eq!(
        strings(&info, "UISupportedInterfaceOrientations"),
        [
            "UIInterfaceOrientationPortrait",
            "UIInterfaceOrientationLandscapeLeft",
            "UIInterfaceOrientationLandscapeRight",
        ]
    );
    // iPad multitasking requires all four unless the app demands full screen.
    assert_eq!(
        strings(&info, "UISupportedInterfaceOrientations~ipad"),
        [
            "UIInterfaceOrientationPortrait",
            "UIInterfaceOrientationPortraitUpsideDown",
            "UIInterfaceOrientationLandscapeLeft",
            "UIInterfaceOrientationLandscapeRight",
        ]
    );
    assert!(info.get("UIRequiresFullScreen").is_none());
}

#[test]
fn entitlements_associate_the_invitation_host_and_nothing_else() {
    let entitlements = dictionary("ios/Cozcade.entitlements");
    let keys: Vec<&str> = entitlements.keys().map(String::as_str).collect();
    assert_eq!(keys, ["com.apple.developer.associated-domains"]);
    assert_eq!(
        strings(&entitlements, "com.apple.developer.associated-domains"),
        [format!("applinks:{LINK_HOST}")]
    );
}

#[test]
fn privacy_manifest_declares_no_tracking_and_only_gameplay_content() {
    let privacy = dictionary("ios/PrivacyInfo.xcprivacy");
    let mut keys: Vec<&str> = privacy.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "NSPrivacyAccessedAPITypes",
            "NSPrivacyCollectedDataTypes",
            "NSPrivacyTracking",
            "NSPrivacyTrackingDomains",
        ]
    );
    assert!(!boolean(&privacy, "NSPrivacyTracking"));
    assert!(array(&privacy, "NSPrivacyTrackingDomains").is_empty());

    let collected = array(&privacy, "NSPrivacyCollectedDataTypes");
    assert_eq!(collected.len(), 1, "{collected:?}");
    let gameplay = dict(&collected[0], "the collected data type");
    assert_eq!(gameplay.len(), 4, "{gameplay:?}");
    assert_eq!(
        string(gameplay, "NSPrivacyCollectedDataType"),
        "NSPrivacyCollectedDataTypeGameplayContent"
    );
    assert!(!boolean(gameplay, "NSPrivacyCollectedDataTypeLinked"));
    assert!(!boolean(gameplay, "NSPrivacyCollectedDataTypeTracking"));
    assert_eq!(
        strings(gameplay, "NSPrivacyCollectedDataTypePurposes"),
        ["NSPrivacyCollectedDataTypePurposeAppFunctionality"]
    );
}

#[test]
fn privacy_manifest_declares_exactly_the_required_reason_apis_used() {
    let privacy = dictionary("ios/PrivacyInfo.xcprivacy");
    let accessed: Vec<(&str, Vec<&str>)> = array(&privacy, "NSPrivacyAccessedAPITypes")
        .iter()
        .map(|entry| {
            let entry = dict(entry, "an accessed API type");
            assert_eq!(entry.len(), 2, "{entry:?}");
            (
                string(entry, "NSPrivacyAccessedAPIType"),
                strings(entry, "NSPrivacyAccessedAPITypeReasons"),
            )
        })
        .collect();
    // SQLite (saved games, inside the app container) stats its own files: C617.1. No
    // UserDefaults, boot time, keyboards or free-space queries; the manifest explains why.
    assert_eq!(
        accessed,
        [("NSPrivacyAccessedAPICategoryFileTimestamp", vec!["C617.1"])]
    );
}
