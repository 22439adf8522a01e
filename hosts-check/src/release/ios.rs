//! The signed iOS app before it goes to App Store Connect: its Info.plist carries what Xcode
//! would have written and what the upload validates (the version numbers from the workflow,
//! `MinimumOSVersion`, `CFBundleSupportedPlatforms`, the `DT*` keys of the iOS 26 SDK build, the
//! compiled icon's names); the bundle holds the privacy manifest, the compiled asset catalog and
//! the icons; it is signed for distribution with the app's entitlements (universal links, no
//! debugger); and the provisioning profile is an App Store one that allows them.

use std::{
    path::Path,
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use plist::{Dictionary, Value};

use super::{Findings, macho, major, version_at_least};

/// What the app must be, from the repository and the workflow.
#[derive(Debug, Clone)]
pub struct IosApp {
    pub bundle_id: String,
    /// `CFBundleShortVersionString`: the tag's version.
    pub version: String,
    /// `CFBundleVersion`: the workflow's run number.
    pub build: String,
    /// `MinimumOSVersion`, and the deployment target the executable is linked for.
    pub min_os: String,
    /// The oldest SDK App Store Connect accepts uploads from.
    pub min_sdk: String,
    /// Universal-link hosts: `applinks:<host>` for each must be signed into the app.
    pub link_hosts: Vec<String>,
}

const ASSOCIATED_DOMAINS: &str = "com.apple.developer.associated-domains";

/// A property list file (XML or binary) whose root is a dictionary.
pub fn read_dictionary(path: &Path) -> Result<Dictionary, String> {
    Value::from_file(path)
        .map_err(|e| format!("{}: not a property list: {e}", path.display()))?
        .into_dictionary()
        .ok_or_else(|| format!("{}: the root is not a dictionary", path.display()))
}

fn text<'a>(dictionary: &'a Dictionary, key: &str) -> Option<&'a str> {
    dictionary.get(key).and_then(Value::as_string)
}

fn texts<'a>(dictionary: &'a Dictionary, key: &str) -> Vec<&'a str> {
    dictionary
        .get(key)
        .and_then(Value::as_array)
        .map(|items| items.iter().filter_map(Value::as_string).collect())
        .unwrap_or_default()
}

/// The Info.plist of the built app.
pub fn info_plist(info: &Dictionary, app: &IosApp) -> Findings {
    let mut findings = Findings::new();
    let mut equal = |key: &str, expected: &str| {
        let found = text(info, key);
        findings.require(found == Some(expected), || {
            format!("Info.plist {key} is {found:?}, expected {expected:?}")
        });
    };
    equal("CFBundleIdentifier", &app.bundle_id);
    equal("CFBundleShortVersionString", &app.version);
    equal("CFBundleVersion", &app.build);
    equal("MinimumOSVersion", &app.min_os);
    equal("CFBundlePackageType", "APPL");
    equal("DTPlatformName", "iphoneos");
    findings.require(
        texts(info, "CFBundleSupportedPlatforms") == ["iPhoneOS"],
        || {
            format!(
                "Info.plist CFBundleSupportedPlatforms is {:?}, expected [\"iPhoneOS\"]",
                texts(info, "CFBundleSupportedPlatforms")
            )
        },
    );
    findings.require(
        text(info, "CFBundleExecutable").is_some_and(|e| !e.is_empty()),
        || "Info.plist has no CFBundleExecutable".into(),
    );
    // What an Xcode build with the iOS 26 SDK writes; App Store Connect reads the SDK from them.
    let sdk_name = text(info, "DTSDKName").unwrap_or_default();
    findings.require(
        sdk_name
            .strip_prefix("iphoneos")
            .is_some_and(|v| version_at_least(v, &app.min_sdk)),
        || {
            format!(
                "Info.plist DTSDKName is {sdk_name:?}: not an iphoneos SDK {} or newer",
                app.min_sdk
            )
        },
    );
    let platform_version = text(info, "DTPlatformVersion").unwrap_or_default();
    findings.require(version_at_least(platform_version, &app.min_sdk), || {
        format!(
            "Info.plist DTPlatformVersion is {platform_version:?}, below {}",
            app.min_sdk
        )
    });
    let xcode = text(info, "DTXcode").unwrap_or_default();
    let xcode_major = xcode.parse::<u32>().ok().map(|n| n / 100);
    findings.require(
        xcode_major.is_some_and(|m| major(&app.min_sdk).is_some_and(|min| m >= min)),
        || {
            format!(
                "Info.plist DTXcode is {xcode:?}: not Xcode {} or newer",
                app.min_sdk
            )
        },
    );
    for key in [
        "DTXcodeBuild",
        "DTSDKBuild",
        "DTPlatformBuild",
        "DTCompiler",
    ] {
        findings.require(text(info, key).is_some_and(|v| !v.is_empty()), || {
            format!("Info.plist has no {key} (written from the SDK by the packaging step)")
        });
    }
    // The compiled icon: actool's partial Info.plist names it for iPhone and iPad.
    for key in ["CFBundleIcons", "CFBundleIcons~ipad"] {
        let name = info
            .get(key)
            .and_then(Value::as_dictionary)
            .and_then(|icons| icons.get("CFBundlePrimaryIcon"))
            .and_then(Value::as_dictionary)
            .and_then(|primary| text(primary, "CFBundleIconName"));
        findings.require(name == Some("AppIcon"), || {
            format!("Info.plist {key} does not name the compiled AppIcon (actool's partial Info.plist was not merged)")
        });
    }
    findings.require(
        info.get("UILaunchScreen")
            .and_then(Value::as_dictionary)
            .is_some(),
        || "Info.plist has no UILaunchScreen".into(),
    );
    findings.require(
        texts(info, "UIRequiredDeviceCapabilities").contains(&"arm64"),
        || "Info.plist UIRequiredDeviceCapabilities lacks arm64".into(),
    );
    findings
}

/// The file names the icon keys point at (`AppIcon60x60` → `AppIcon60x60@2x.png` and so on).
fn icon_files(info: &Dictionary) -> Vec<String> {
    ["CFBundleIcons", "CFBundleIcons~ipad"]
        .iter()
        .filter_map(|key| info.get(key).and_then(Value::as_dictionary))
        .filter_map(|icons| {
            icons
                .get("CFBundlePrimaryIcon")
                .and_then(Value::as_dictionary)
        })
        .flat_map(|primary| texts(primary, "CFBundleIconFiles"))
        .map(str::to_owned)
        .collect()
}

/// The `.app` folder: its Info.plist, executable, privacy manifest, asset catalog and icons, and
/// when `signed`, the embedded profile and the signature's files.
pub fn app_bundle(
    app_dir: &Path,
    app: &IosApp,
    privacy_manifest: &Dictionary,
    signed: bool,
) -> Findings {
    let mut findings = Findings::new();
    let info = match read_dictionary(&app_dir.join("Info.plist")) {
        Ok(info) => info,
        Err(e) => {
            findings.add(e);
            return findings;
        }
    };
    findings.extend(info_plist(&info, app));

    if let Some(executable) = text(&info, "CFBundleExecutable") {
        match std::fs::read(app_dir.join(executable)) {
            Ok(bytes) => findings.extend(macho::check_ios_executable(
                executable,
                &bytes,
                &app.min_os,
                &app.min_sdk,
            )),
            Err(e) => findings.add(format!(
                "the executable {executable} named by Info.plist: {e}"
            )),
        }
    }

    // ITMS-91053 and friends: the manifest must be inside the bundle, and be the repository's.
    match read_dictionary(&app_dir.join("PrivacyInfo.xcprivacy")) {
        Ok(found) => findings.require(&found == privacy_manifest, || {
            "PrivacyInfo.xcprivacy in the app differs from ios/PrivacyInfo.xcprivacy".into()
        }),
        Err(e) => findings.add(format!("the privacy manifest is not in the app: {e}")),
    }

    // actool's output: a BOM store (its file magic) holding the compiled AppIcon.
    match std::fs::read(app_dir.join("Assets.car")) {
        Ok(car) => findings.require(car.starts_with(b"BOMStore"), || {
            "Assets.car is not a compiled asset catalog (no BOMStore header)".into()
        }),
        Err(e) => findings.add(format!(
            "Assets.car (the compiled asset catalog) is missing: {e}"
        )),
    }
    let files: Vec<String> = std::fs::read_dir(app_dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    let icons = icon_files(&info);
    for icon in &icons {
        findings.require(
            files
                .iter()
                .any(|f| f.starts_with(icon.as_str()) && f.ends_with(".png")),
            || format!("Info.plist names the icon {icon}, but no {icon}*.png is in the app"),
        );
    }

    if signed {
        findings.require(app_dir.join("embedded.mobileprovision").is_file(), || {
            "embedded.mobileprovision is missing: the signed app must carry its profile".into()
        });
        findings.require(
            app_dir.join("_CodeSignature/CodeResources").is_file(),
            || "_CodeSignature/CodeResources is missing: the app is not signed".into(),
        );
    }
    findings
}

/// The entitlements signed into the app (`codesign -d --entitlements - --xml`): the app's own
/// id and team, every universal-link host, and no debugger attachment.
pub fn signed_entitlements(entitlements: &Dictionary, app: &IosApp) -> Findings {
    let mut findings = Findings::new();
    findings.require(
        entitlements.get("get-task-allow").and_then(Value::as_boolean) != Some(true),
        || "the app is signed with get-task-allow: a development signature, which the App Store refuses".into(),
    );
    let domains = texts(entitlements, ASSOCIATED_DOMAINS);
    for host in &app.link_hosts {
        let wanted = format!("applinks:{host}");
        findings.require(domains.contains(&wanted.as_str()), || {
            format!("the signature lacks {wanted} in {ASSOCIATED_DOMAINS}: invitation links would not open the app")
        });
    }
    let app_id = text(entitlements, "application-identifier").unwrap_or_default();
    let team = text(entitlements, "com.apple.developer.team-identifier").unwrap_or_default();
    findings.require(
        !team.is_empty() && app_id == format!("{team}.{}", app.bundle_id),
        || {
            format!(
                "application-identifier is {app_id:?} with team {team:?}; expected <team>.{}",
                app.bundle_id
            )
        },
    );
    findings
}

/// Seconds since 1970 of a property-list date.
fn seconds(value: &Value) -> Option<u64> {
    let date = value.as_date()?;
    SystemTime::from(date)
        .duration_since(UNIX_EPOCH)
        .ok()
        .map(|d| d.as_secs())
}

/// The entitlements to sign with, from the decoded provisioning profile (`security cms -D`) and
/// the repository's `ios/Cozcade.entitlements`. The profile must be an App Store distribution
/// profile for this app that has not expired and allows every entitlement the app asks for.
pub fn signing_entitlements(
    profile: &Dictionary,
    wanted: &Dictionary,
    app: &IosApp,
    now: SystemTime,
) -> Result<Dictionary, Findings> {
    let mut findings = Findings::new();
    let allowed = profile
        .get("Entitlements")
        .and_then(Value::as_dictionary)
        .cloned()
        .unwrap_or_default();
    let team = profile
        .get("TeamIdentifier")
        .and_then(Value::as_array)
        .and_then(|teams| teams.first())
        .and_then(Value::as_string)
        .unwrap_or_default()
        .to_owned();
    findings.require(!team.is_empty(), || {
        "the profile names no TeamIdentifier".into()
    });
    let app_id = format!("{team}.{}", app.bundle_id);
    let profile_app_id = text(&allowed, "application-identifier").unwrap_or_default();
    findings.require(profile_app_id == app_id, || {
        format!("the profile is for {profile_app_id:?}, not {app_id:?}")
    });
    // Development and ad-hoc profiles list devices; enterprise ones provision all devices.
    findings.require(!profile.contains_key("ProvisionedDevices"), || {
        "the profile lists devices: a development or ad-hoc profile, not App Store distribution"
            .into()
    });
    findings.require(!profile.contains_key("ProvisionsAllDevices"), || {
        "the profile provisions all devices: an enterprise profile, not App Store distribution"
            .into()
    });
    findings.require(
        allowed.get("get-task-allow").and_then(Value::as_boolean) != Some(true),
        || "the profile allows get-task-allow: a development profile".into(),
    );
    let now_seconds = now
        .duration_since(UNIX_EPOCH)
        .unwrap_or(Duration::ZERO)
        .as_secs();
    match profile.get("ExpirationDate").and_then(seconds) {
        Some(expires) => {
            findings.require(expires > now_seconds, || "the profile has expired".into())
        }
        None => findings.add("the profile has no ExpirationDate"),
    }

    let mut signing = Dictionary::new();
    signing.insert(
        "application-identifier".into(),
        Value::String(app_id.clone()),
    );
    signing.insert(
        "com.apple.developer.team-identifier".into(),
        Value::String(team.clone()),
    );
    for (key, value) in wanted {
        let permitted = match allowed.get(key) {
            // A profile allows any value of an array entitlement with "*".
            Some(Value::String(star)) if star == "*" => true,
            Some(Value::Array(granted)) => value
                .as_array()
                .is_some_and(|asked| asked.iter().all(|item| granted.contains(item))),
            Some(granted) => granted == value,
            None => false,
        };
        findings.require(permitted, || {
            format!(
                "the profile does not allow {key} = {value:?} (its App ID lacks the capability?)"
            )
        });
        signing.insert(key.clone(), value.clone());
    }
    // TestFlight reads this from the signature as Xcode writes it for App Store profiles.
    if allowed
        .get("beta-reports-active")
        .and_then(Value::as_boolean)
        == Some(true)
    {
        signing.insert("beta-reports-active".into(), Value::Boolean(true));
    }
    let check = signed_entitlements(&signing, app);
    findings.extend(check);
    findings.into_result(signing)
}

/// `codesign -dvv <app>` (its report goes to stderr): the app's identifier, signed by an
/// Apple Distribution certificate of a team.
pub fn signature(report: &str, app: &IosApp) -> Findings {
    let mut findings = Findings::new();
    let value = |key: &str| {
        report
            .lines()
            .find_map(|line| line.strip_prefix(key)?.strip_prefix('='))
            .map(str::trim)
    };
    findings.require(value("Identifier") == Some(app.bundle_id.as_str()), || {
        format!("signed as {:?}, not {}", value("Identifier"), app.bundle_id)
    });
    let authority = value("Authority").unwrap_or_default();
    findings.require(
        authority.starts_with("Apple Distribution:")
            || authority.starts_with("iPhone Distribution:"),
        || {
            format!(
                "signed by {authority:?}: App Store builds need an Apple Distribution certificate"
            )
        },
    );
    findings.require(
        value("TeamIdentifier").is_some_and(|t| t != "not set" && !t.is_empty()),
        || "the signature has no TeamIdentifier".into(),
    );
    findings
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::release::macho::synthetic;

    fn app() -> IosApp {
        IosApp {
            bundle_id: "app.cozcade".into(),
            version: "1.2.3".into(),
            build: "42".into(),
            min_os: "16.0".into(),
            min_sdk: "26".into(),
            link_hosts: vec!["play.cozcade.app".into()],
        }
    }

    fn strings(items: &[&str]) -> Value {
        Value::Array(items.iter().map(|s| Value::String((*s).into())).collect())
    }

    fn icons(files: &[&str]) -> Value {
        let mut primary = Dictionary::new();
        primary.insert("CFBundleIconName".into(), Value::String("AppIcon".into()));
        primary.insert("CFBundleIconFiles".into(), strings(files));
        let mut icons = Dictionary::new();
        icons.insert("CFBundlePrimaryIcon".into(), Value::Dictionary(primary));
        Value::Dictionary(icons)
    }

    /// The Info.plist a correct release build has.
    fn good_info() -> Dictionary {
        let mut info = Dictionary::new();
        for (key, value) in [
            ("CFBundleIdentifier", "app.cozcade"),
            ("CFBundleShortVersionString", "1.2.3"),
            ("CFBundleVersion", "42"),
            ("MinimumOSVersion", "16.0"),
            ("CFBundlePackageType", "APPL"),
            ("CFBundleExecutable", "cozcade-mobile"),
            ("DTPlatformName", "iphoneos"),
            ("DTPlatformVersion", "26.5"),
            ("DTPlatformBuild", "23F73"),
            ("DTSDKName", "iphoneos26.5"),
            ("DTSDKBuild", "23F73"),
            ("DTXcode", "2660"),
            ("DTXcodeBuild", "17F113"),
            ("DTCompiler", "com.apple.compilers.llvm.clang.1_0"),
        ] {
            info.insert(key.into(), Value::String(value.into()));
        }
        info.insert("CFBundleSupportedPlatforms".into(), strings(&["iPhoneOS"]));
        info.insert("UIRequiredDeviceCapabilities".into(), strings(&["arm64"]));
        info.insert(
            "UILaunchScreen".into(),
            Value::Dictionary(Dictionary::new()),
        );
        info.insert("CFBundleIcons".into(), icons(&["AppIcon60x60"]));
        info.insert(
            "CFBundleIcons~ipad".into(),
            icons(&["AppIcon60x60", "AppIcon76x76"]),
        );
        info
    }

    #[test]
    fn a_complete_info_plist_passes() {
        let findings = info_plist(&good_info(), &app());
        assert!(findings.is_empty(), "{findings}");
    }

    #[test]
    fn each_missing_or_wrong_key_is_a_finding() {
        let keys = [
            "CFBundleIdentifier",
            "CFBundleShortVersionString",
            "CFBundleVersion",
            "MinimumOSVersion",
            "CFBundlePackageType",
            "CFBundleExecutable",
            "DTPlatformName",
            "DTPlatformVersion",
            "DTPlatformBuild",
            "DTSDKName",
            "DTSDKBuild",
            "DTXcode",
            "DTXcodeBuild",
            "DTCompiler",
            "CFBundleSupportedPlatforms",
            "UIRequiredDeviceCapabilities",
            "UILaunchScreen",
            "CFBundleIcons",
            "CFBundleIcons~ipad",
        ];
        for key in keys {
            let mut info = good_info();
            info.remove(key);
            let findings = info_plist(&info, &app());
            assert_eq!(findings.lines().len(), 1, "without {key}: {findings}");
            assert!(findings.mentions(key), "without {key}: {findings}");
        }
        // Values from the wrong place: the plist's own 1 and Xcode 16's SDK.
        let mut info = good_info();
        info.insert("CFBundleVersion".into(), Value::String("1".into()));
        info.insert("DTSDKName".into(), Value::String("iphoneos18.5".into()));
        info.insert("DTXcode".into(), Value::String("1640".into()));
        let findings = info_plist(&info, &app());
        assert!(
            findings.mentions("CFBundleVersion is Some(\"1\"), expected \"42\""),
            "{findings}"
        );
        assert!(findings.mentions("iphoneos18.5"), "{findings}");
        assert!(findings.mentions("DTXcode is \"1640\""), "{findings}");
    }

    fn privacy() -> Dictionary {
        let mut manifest = Dictionary::new();
        manifest.insert("NSPrivacyTracking".into(), Value::Boolean(false));
        manifest
    }

    /// A release-shaped `.app` folder in `dir`.
    fn write_app(dir: &Path, signed: bool) -> std::path::PathBuf {
        let app_dir = dir.join("CozcadeMobile.app");
        std::fs::create_dir_all(&app_dir).unwrap();
        Value::Dictionary(good_info())
            .to_file_binary(app_dir.join("Info.plist"))
            .unwrap();
        std::fs::write(
            app_dir.join("cozcade-mobile"),
            synthetic::executable(2, (16, 0), (26, 5), &["_stat"]),
        )
        .unwrap();
        Value::Dictionary(privacy())
            .to_file_xml(app_dir.join("PrivacyInfo.xcprivacy"))
            .unwrap();
        std::fs::write(app_dir.join("Assets.car"), b"BOMStore\0\0\0\x01rest").unwrap();
        for icon in ["AppIcon60x60@2x.png", "AppIcon76x76@2x~ipad.png"] {
            std::fs::write(app_dir.join(icon), b"png").unwrap();
        }
        if signed {
            std::fs::write(app_dir.join("embedded.mobileprovision"), b"0\x82").unwrap();
            std::fs::create_dir_all(app_dir.join("_CodeSignature")).unwrap();
            std::fs::write(app_dir.join("_CodeSignature/CodeResources"), b"<plist/>").unwrap();
        }
        app_dir
    }

    #[test]
    fn a_complete_bundle_passes_signed_and_unsigned() {
        let dir = tempfile::tempdir().unwrap();
        let app_dir = write_app(dir.path(), true);
        let findings = app_bundle(&app_dir, &app(), &privacy(), true);
        assert!(findings.is_empty(), "{findings}");
        let unsigned = tempfile::tempdir().unwrap();
        let app_dir = write_app(unsigned.path(), false);
        assert!(app_bundle(&app_dir, &app(), &privacy(), false).is_empty());
        // The same folder is not a signed app.
        let findings = app_bundle(&app_dir, &app(), &privacy(), true);
        assert!(findings.mentions("embedded.mobileprovision"), "{findings}");
        assert!(findings.mentions("not signed"), "{findings}");
    }

    #[test]
    fn a_bundle_without_its_manifest_catalog_or_icons_fails() {
        let dir = tempfile::tempdir().unwrap();
        let app_dir = write_app(dir.path(), false);
        std::fs::remove_file(app_dir.join("PrivacyInfo.xcprivacy")).unwrap();
        std::fs::write(app_dir.join("Assets.car"), b"not a catalog").unwrap();
        std::fs::remove_file(app_dir.join("AppIcon76x76@2x~ipad.png")).unwrap();
        std::fs::write(
            app_dir.join("cozcade-mobile"),
            synthetic::executable(2, (10, 0), (26, 5), &["_statfs"]),
        )
        .unwrap();
        let findings = app_bundle(&app_dir, &app(), &privacy(), false);
        assert!(
            findings.mentions("privacy manifest is not in the app"),
            "{findings}"
        );
        assert!(findings.mentions("no BOMStore header"), "{findings}");
        assert!(findings.mentions("AppIcon76x76"), "{findings}");
        assert!(findings.mentions("linked for iOS 10.0"), "{findings}");
        assert!(findings.mentions("imports _statfs"), "{findings}");

        // A manifest that is not the repository's.
        let other = tempfile::tempdir().unwrap();
        let app_dir = write_app(other.path(), false);
        let mut different = privacy();
        different.insert("NSPrivacyTracking".into(), Value::Boolean(true));
        assert!(app_bundle(&app_dir, &app(), &different, false).mentions("differs"));
    }

    fn entitlements(pairs: &[(&str, Value)]) -> Dictionary {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.clone()))
            .collect()
    }

    fn distribution_signature() -> Dictionary {
        entitlements(&[
            (
                "application-identifier",
                Value::String("A1B2C3D4E5.app.cozcade".into()),
            ),
            (
                "com.apple.developer.team-identifier",
                Value::String("A1B2C3D4E5".into()),
            ),
            (ASSOCIATED_DOMAINS, strings(&["applinks:play.cozcade.app"])),
        ])
    }

    #[test]
    fn the_signature_needs_applinks_and_no_get_task_allow() {
        assert!(signed_entitlements(&distribution_signature(), &app()).is_empty());

        let mut development = distribution_signature();
        development.insert("get-task-allow".into(), Value::Boolean(true));
        assert!(signed_entitlements(&development, &app()).mentions("get-task-allow"));
        // false is what some tools write for distribution: allowed.
        development.insert("get-task-allow".into(), Value::Boolean(false));
        assert!(signed_entitlements(&development, &app()).is_empty());

        let mut no_links = distribution_signature();
        no_links.remove(ASSOCIATED_DOMAINS);
        assert!(signed_entitlements(&no_links, &app()).mentions("applinks:play.cozcade.app"));

        let mut wrong_app = distribution_signature();
        wrong_app.insert(
            "application-identifier".into(),
            Value::String("A1B2C3D4E5.com.example".into()),
        );
        assert!(signed_entitlements(&wrong_app, &app()).mentions("application-identifier"));
    }

    fn date_in(seconds_from_now: i64) -> Value {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64;
        let at = UNIX_EPOCH + Duration::from_secs((now + seconds_from_now) as u64);
        Value::Date(plist::Date::from(at))
    }

    fn app_store_profile() -> Dictionary {
        let allowed = entitlements(&[
            (
                "application-identifier",
                Value::String("A1B2C3D4E5.app.cozcade".into()),
            ),
            (
                "com.apple.developer.team-identifier",
                Value::String("A1B2C3D4E5".into()),
            ),
            (ASSOCIATED_DOMAINS, Value::String("*".into())),
            ("get-task-allow", Value::Boolean(false)),
            ("beta-reports-active", Value::Boolean(true)),
        ]);
        entitlements(&[
            ("Entitlements", Value::Dictionary(allowed)),
            ("TeamIdentifier", strings(&["A1B2C3D4E5"])),
            ("ExpirationDate", date_in(86_400 * 30)),
        ])
    }

    fn wanted() -> Dictionary {
        entitlements(&[(ASSOCIATED_DOMAINS, strings(&["applinks:play.cozcade.app"]))])
    }

    #[test]
    fn an_app_store_profile_gives_the_signing_entitlements() {
        let signing =
            signing_entitlements(&app_store_profile(), &wanted(), &app(), SystemTime::now())
                .unwrap();
        assert_eq!(
            text(&signing, "application-identifier"),
            Some("A1B2C3D4E5.app.cozcade")
        );
        assert_eq!(
            texts(&signing, ASSOCIATED_DOMAINS),
            ["applinks:play.cozcade.app"]
        );
        assert_eq!(
            signing.get("beta-reports-active"),
            Some(&Value::Boolean(true))
        );
        assert!(!signing.contains_key("get-task-allow"));
    }

    #[test]
    fn development_expired_or_foreign_profiles_are_refused() {
        let now = SystemTime::now();
        let mut development = app_store_profile();
        development.insert("ProvisionedDevices".into(), strings(&["00008030-001A"]));
        if let Some(Value::Dictionary(allowed)) = development.get_mut("Entitlements") {
            allowed.insert("get-task-allow".into(), Value::Boolean(true));
        }
        let findings = signing_entitlements(&development, &wanted(), &app(), now).unwrap_err();
        assert!(findings.mentions("lists devices"), "{findings}");
        assert!(findings.mentions("allows get-task-allow"), "{findings}");

        let mut expired = app_store_profile();
        expired.insert("ExpirationDate".into(), date_in(-60));
        assert!(
            signing_entitlements(&expired, &wanted(), &app(), now)
                .unwrap_err()
                .mentions("expired")
        );

        let mut other_app = app_store_profile();
        if let Some(Value::Dictionary(allowed)) = other_app.get_mut("Entitlements") {
            allowed.insert(
                "application-identifier".into(),
                Value::String("A1B2C3D4E5.com.example".into()),
            );
        }
        assert!(
            signing_entitlements(&other_app, &wanted(), &app(), now)
                .unwrap_err()
                .mentions("not \"A1B2C3D4E5.app.cozcade\"")
        );

        let mut no_domains = app_store_profile();
        if let Some(Value::Dictionary(allowed)) = no_domains.get_mut("Entitlements") {
            allowed.remove(ASSOCIATED_DOMAINS);
        }
        assert!(
            signing_entitlements(&no_domains, &wanted(), &app(), now)
                .unwrap_err()
                .mentions("does not allow")
        );
    }

    #[test]
    fn the_signature_must_be_apple_distribution() {
        let distribution = "Executable=/x/CozcadeMobile.app/cozcade-mobile\nIdentifier=app.cozcade\n\
            Format=app bundle with Mach-O thin (arm64)\nAuthority=Apple Distribution: Cozcade (A1B2C3D4E5)\n\
            Authority=Apple Worldwide Developer Relations Certification Authority\nAuthority=Apple Root CA\n\
            TeamIdentifier=A1B2C3D4E5\n";
        assert!(signature(distribution, &app()).is_empty());
        let development = distribution.replace("Apple Distribution", "Apple Development");
        assert!(signature(&development, &app()).mentions("Apple Distribution certificate"));
        let unsigned = "Identifier=app.cozcade\nTeamIdentifier=not set\n";
        let findings = signature(unsigned, &app());
        assert_eq!(findings.lines().len(), 2, "{findings}");
    }
}
