//! Release readiness: one test per rule that App Store Connect or Google Play enforces on an
//! upload (or that keeps an upload from being refused), checked on the files that decide it:
//! `mobile/Dioxus.toml`, `.cargo/config.toml`, `ios/`, `android/`, the Fastfile, the Gemfile and
//! the workflows under `.github/workflows/`. Where a rule is about what the workflow does (sign,
//! check, upload), it is checked in whichever workflow does it, so a rule broken by moving a
//! step fails here too. What the built artifacts must hold is checked on the runner by
//! `release-check` (src/release/), itself tested on made-up inputs.

mod support;

use cozcade_hosts_check::{read_bytes, read_text, repo_root};
use plist::Value;
use support::{
    PHONE_APPS, PHONE_BUILDS, RELEASE, Workflow, env, every_job, run, scripts, step_running, steps,
};
use yaml_rust2::Yaml;

/// Play's required target (and compile) SDK since 2026-08-31.
const PLAY_SDK: i64 = 36;
/// App Store Connect takes uploads from Xcode 26 / the iOS 26 SDK since 2026-04-28.
const XCODE: u32 = 26;

/// The actions the workflows may use: each pinned to the full commit of a release whose
/// `action.yml` says `runs: using: node24` (GitHub removed Node 20 from its runners). A new
/// action or version goes here after reading its action.yml at that commit.
const KNOWN_ACTIONS: [(&str, &str, &str, &str); 4] = [
    (
        "actions/checkout",
        "3d3c42e5aac5ba805825da76410c181273ba90b1",
        "v7.0.1",
        "node24",
    ),
    (
        "actions/setup-java",
        "b6effb05e454b25005698d916606bdc6ffcbf961",
        "v5.7.0",
        "node24",
    ),
    (
        "ruby/setup-ruby",
        "0dafeac902942906541bc140009cdbf32665b601",
        "v1.315.0",
        "node24",
    ),
    (
        "actions/upload-artifact",
        "bbbca2ddaa5d8feaa63e36b76fdaad77386f024f",
        "v7.0.0",
        "node24",
    ),
];

fn dioxus() -> toml::Table {
    read_text("mobile/Dioxus.toml")
        .unwrap_or_else(|e| panic!("{e}"))
        .parse()
        .expect("Dioxus.toml is TOML")
}

fn info_plist() -> plist::Dictionary {
    let bytes = read_bytes("ios/Info.plist").unwrap_or_else(|e| panic!("{e}"));
    Value::from_reader_xml(bytes.as_slice())
        .ok()
        .and_then(Value::into_dictionary)
        .expect("ios/Info.plist is a dictionary")
}

/// (width, height, PNG colour type) of a PNG in the repository.
fn png(relative: &str) -> (u32, u32, u8) {
    let bytes = read_bytes(relative).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{relative} is not a PNG");
    let number =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    (number(16), number(20), bytes[25])
}

/// The (file, job) that runs a step containing `text`, with the step's index; panics naming
/// the rule when no workflow does.
fn job_running<'a>(
    jobs: &'a [(String, String, &'a Yaml)],
    text: &str,
    rule: &str,
) -> (&'a str, &'a str, &'a Yaml, usize) {
    jobs.iter()
        .find_map(|(file, name, job)| {
            step_running(job, text).map(|at| (file.as_str(), name.as_str(), *job, at))
        })
        .unwrap_or_else(|| panic!("{rule}: no workflow step runs `{text}`"))
}

#[test]
fn android_targets_and_compiles_against_sdk_36() {
    let dioxus = dioxus();
    for key in ["target_sdk", "compile_sdk"] {
        let level = dioxus["android"].get(key).and_then(toml::Value::as_integer);
        assert!(
            level.is_some_and(|l| l >= PLAY_SDK),
            "Dioxus.toml [android] {key} is {level:?}: Play requires {PLAY_SDK} \
             (dx compiles against 34 when compile_sdk is unset)"
        );
    }
}

#[test]
fn android_native_libraries_are_linked_for_16_kb_pages() {
    // The Rust library: the flag in the target's rustflags, which dx passes on.
    let config: toml::Table = read_text(".cargo/config.toml")
        .unwrap_or_else(|e| panic!("{e}"))
        .parse()
        .expect(".cargo/config.toml is TOML");
    let flags: Vec<&str> = config
        .get("target")
        .and_then(|t| t.get("aarch64-linux-android"))
        .and_then(|t| t.get("rustflags"))
        .and_then(toml::Value::as_array)
        .map(|flags| flags.iter().filter_map(toml::Value::as_str).collect())
        .unwrap_or_default();
    assert!(
        flags
            .iter()
            .any(|f| f.contains("-z,max-page-size=16384") || f.contains("-z max-page-size=16384")),
        ".cargo/config.toml links aarch64-linux-android without max-page-size=16384: {flags:?}"
    );
    // The NDK that links it: r28 or later aligns for 16 KB by default.
    let workflows = Workflow::all();
    let jobs = every_job(&workflows);
    let (file, _, job, _) = job_running(&jobs, "--platform android", "16 KB pages");
    let workflow = workflows.iter().find(|w| w.path == file).expect("file");
    let ndk = env(workflow, job, "NDK_VERSION").unwrap_or_default();
    assert!(
        ndk.split('.')
            .next()
            .and_then(|m| m.parse::<u32>().ok())
            .is_some_and(|m| m >= 28),
        "the Android build uses NDK {ndk:?}; r28 (28.x) or later links for 16 KB pages"
    );
    // JNA's libjnidispatch.so is linked for 16 KB pages from 5.17 on.
    let dioxus = dioxus();
    let jna = dioxus["android"]["gradle_dependencies"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(toml::Value::as_str)
        .find_map(|d| d.strip_prefix("net.java.dev.jna:jna:"))
        .and_then(|v| v.strip_suffix("@aar"))
        .unwrap_or_default();
    let parts: Vec<u32> = jna.split('.').filter_map(|p| p.parse().ok()).collect();
    assert!(
        parts >= vec![5, 17],
        "JNA {jna:?}: libjnidispatch.so is 16 KB aligned from 5.17 on"
    );
    // And the bundle is checked: every library's segments and the APK's zip alignment.
    let scripts = scripts(job);
    assert!(
        scripts
            .contains("release-check elf-pages --require libmain.so --require libjnidispatch.so"),
        "{file}: the bundle's libraries are not checked for 16 KB pages"
    );
    assert!(
        scripts.contains("zipalign -c -P 16"),
        "{file}: the APK's 16 KB zip alignment is not checked"
    );
}

#[test]
fn both_apps_take_their_version_numbers_from_the_workflow() {
    let workflows = Workflow::all();
    let jobs = every_job(&workflows);
    // One place: the tag's version, the run number as build number.
    let (_, _, version_job, at) = job_running(&jobs, "release-check -- version", "version numbers");
    let step = steps(version_job)[at];
    for (name, from) in [
        ("REF_TYPE", "${{ github.ref_type }}"),
        ("REF_NAME", "${{ github.ref_name }}"),
        ("RUN_NUMBER", "${{ github.run_number }}"),
    ] {
        assert_eq!(step["env"][name].as_str(), Some(from), "{name}");
    }
    assert!(run(step).contains("$GITHUB_OUTPUT"));
    // Both apps get them.
    let (_, ios_name, ios, _) = job_running(&jobs, "--platform ios", "version numbers");
    let (_, android_name, android, _) = job_running(&jobs, "--platform android", "version numbers");
    for (name, job) in [(ios_name, ios), (android_name, android)] {
        assert_eq!(
            job["env"]["VERSION"].as_str(),
            Some("${{ needs.version.outputs.version }}"),
            "{name}"
        );
        assert_eq!(
            job["env"]["BUILD"].as_str(),
            Some("${{ needs.version.outputs.build }}"),
            "{name}"
        );
    }
    let ios = scripts(ios);
    assert!(ios.contains("plutil -replace CFBundleShortVersionString -string \"$VERSION\""));
    assert!(ios.contains("plutil -replace CFBundleVersion -string \"$BUILD\""));
    // dx's Gradle template writes versionCode = 1: the workflow's numbers replace it.
    assert!(scripts(android).contains("release-check gradle-version --file \"$GRADLE_PROJECT/app/build.gradle.kts\" --version \"$VERSION\" --build \"$BUILD\""));
}

#[test]
fn every_action_is_pinned_to_a_commit_of_a_release_on_a_current_runtime() {
    let mut seen = 0;
    for workflow in Workflow::all() {
        for line in workflow.text.lines() {
            let Some(at) = line.find("uses:") else {
                continue;
            };
            let rest = line[at + "uses:".len()..].trim();
            let (target, comment) = match rest.split_once('#') {
                Some((target, comment)) => (target.trim(), comment.trim()),
                None => (rest, ""),
            };
            // This repository's own reusable workflow is pinned by being in it.
            if target.starts_with("./") {
                continue;
            }
            seen += 1;
            let (action, sha) = target
                .split_once('@')
                .unwrap_or_else(|| panic!("{}: {target} has no @ref", workflow.path));
            assert!(
                sha.len() == 40 && sha.bytes().all(|b| b.is_ascii_hexdigit()),
                "{}: {target} is not pinned to a full commit SHA",
                workflow.path
            );
            let known = KNOWN_ACTIONS
                .iter()
                .find(|(name, commit, _, _)| *name == action && *commit == sha)
                .unwrap_or_else(|| {
                    panic!(
                        "{}: {target} is not a release known to run on node24 (KNOWN_ACTIONS)",
                        workflow.path
                    )
                });
            assert_eq!(known.3, "node24");
            assert_eq!(
                comment, known.2,
                "{}: {target} must say which release it is (# {})",
                workflow.path, known.2
            );
        }
    }
    assert!(seen >= 4, "only {seen} actions found");
}

#[test]
fn every_workflow_reads_the_repository_and_writes_nothing() {
    for workflow in Workflow::all() {
        let permissions = &workflow.yaml["permissions"];
        let entries = permissions
            .as_hash()
            .unwrap_or_else(|| panic!("{} has no top-level permissions: block", workflow.path));
        let entries: Vec<(&str, &str)> = entries
            .iter()
            .map(|(k, v)| (k.as_str().unwrap_or(""), v.as_str().unwrap_or("")))
            .collect();
        assert_eq!(entries, [("contents", "read")], "{}", workflow.path);
        for (name, job) in workflow.jobs() {
            assert!(
                job["permissions"].is_badvalue(),
                "{} {name}: a job widens the permissions",
                workflow.path
            );
        }
    }
}

#[test]
fn xcode_26_or_newer_builds_the_ios_app() {
    let workflows = Workflow::all();
    let jobs = every_job(&workflows);
    let (file, name, job, build) = job_running(&jobs, "--platform ios", "Xcode");
    let workflow = workflows.iter().find(|w| w.path == file).expect("file");
    let runner = job["runs-on"].as_str().unwrap_or_default();
    let runner_version = runner
        .strip_prefix("macos-")
        .and_then(|v| v.parse::<u32>().ok());
    assert!(
        runner_version.is_some_and(|v| v >= XCODE),
        "{file} {name} runs on {runner:?}: macos-26 or newer carries Xcode 26"
    );
    let xcode = env(workflow, job, "XCODE_VERSION").unwrap_or_default();
    assert!(
        xcode
            .split('.')
            .next()
            .and_then(|m| m.parse::<u32>().ok())
            .is_some_and(|m| m >= XCODE),
        "{file} {name}: XCODE_VERSION is {xcode:?}, not 26 or newer"
    );
    let select = step_running(job, "sudo xcode-select --switch")
        .unwrap_or_else(|| panic!("{file} {name}: Xcode is never selected"));
    let script = run(steps(job)[select]);
    assert!(script.contains("/Applications/Xcode_${XCODE_VERSION}.app"));
    assert!(
        script.contains("--show-sdk-version") && script.contains("-lt 26"),
        "the selected SDK is not checked"
    );
    assert!(select < build, "Xcode is selected after the build");
}

#[test]
fn the_entitlements_and_the_privacy_manifest_reach_the_signed_app() {
    let workflows = Workflow::all();
    let jobs = every_job(&workflows);
    let rule = "entitlements and privacy manifest";
    let (file, name, job, _) = job_running(&jobs, "codesign --force", rule);
    let at = |text: &str| {
        step_running(job, text).unwrap_or_else(|| panic!("{file} {name}: no step runs `{text}`"))
    };
    // The manifest is copied into the bundle before signing seals it.
    let manifest = at("cp ios/PrivacyInfo.xcprivacy \"$APP/PrivacyInfo.xcprivacy\"");
    // The entitlements: ios/Cozcade.entitlements (read by release-check) with the profile's team.
    let entitlements = at("release-check ios-signing-entitlements");
    let sign = at("codesign --force");
    let script = run(steps(job)[sign]);
    assert!(script.contains("--entitlements \"$RUNNER_TEMP/signing.entitlements\""));
    assert!(script.contains("embedded.mobileprovision"));
    assert!(
        manifest < sign && entitlements < sign,
        "signed before the files were in place"
    );
    // Then read back from the signed app.
    let signed = at("codesign -d --entitlements - --xml");
    let checks = run(steps(job)[signed]);
    for check in [
        "release-check ios-entitlements",
        "release-check ios-signature",
        "release-check ios-app --app \"$APP\" --version \"$VERSION\" --build \"$BUILD\" --signed",
    ] {
        assert!(
            checks.contains(check),
            "{file} {name}: no `{check}` after signing"
        );
    }
    assert!(sign < signed);
    // The file the signature takes its associated domains from.
    let entitlements_file = read_text("ios/Cozcade.entitlements").unwrap_or_else(|e| panic!("{e}"));
    assert!(entitlements_file.contains("<string>applinks:play.cozcade.app</string>"));
    assert!(!entitlements_file.contains("get-task-allow"));
}

#[test]
fn the_android_upload_key_has_its_own_password() {
    let workflows = Workflow::all();
    let jobs = every_job(&workflows);
    let (file, name, job, at) = job_running(&jobs, "jarsigner -keystore", "key password");
    let step = steps(job)[at];
    let script = run(step);
    assert!(
        script.contains("-keypass:env ANDROID_KEY_PASSWORD"),
        "{file} {name}: jarsigner gets no key password"
    );
    assert_eq!(
        step["env"]["ANDROID_KEY_PASSWORD"].as_str(),
        Some("${{ secrets.ANDROID_KEY_PASSWORD }}")
    );
    // And the result is checked by what jarsigner says, not its exit code.
    assert!(
        scripts(job).contains("release-check jarsigner --file"),
        "{file} {name}: the signature is not checked"
    );
}

#[test]
fn the_first_play_upload_is_a_draft() {
    let fastfile = read_text("fastlane/Fastfile").unwrap_or_else(|e| panic!("{e}"));
    let upload = fastfile
        .split("upload_to_play_store(")
        .nth(1)
        .expect("the Fastfile uploads to Play");
    // The call's arguments, up to its closing parenthesis on a line of its own.
    let call = &upload[..upload.find("\n    )").unwrap_or(upload.len())];
    assert!(
        call.contains("release_status: status"),
        "upload_to_play_store is not given a release status:\n{call}"
    );
    assert!(fastfile.contains("status = \"draft\" if status.empty?"));
    assert!(fastfile.contains("PLAY_RELEASE_STATUSES = %w[draft completed]"));
    // The workflow leaves it to the repository variable, unset (a draft) until a first release.
    let apps = Workflow::read(PHONE_APPS);
    let step = steps(apps.job("android"))
        .into_iter()
        .find(|s| run(s).contains("fastlane android internal"))
        .expect("the Play upload step");
    assert_eq!(
        step["env"]["COZCADE_PLAY_RELEASE_STATUS"].as_str(),
        Some("${{ vars.PLAY_RELEASE_STATUS }}")
    );
}

#[test]
fn both_apps_carry_our_icon() {
    // iOS: one 1024 px opaque icon in the asset catalog, compiled by actool into the app.
    let catalog: serde_json::Value = serde_json::from_str(
        &read_text("ios/Assets.xcassets/AppIcon.appiconset/Contents.json")
            .unwrap_or_else(|e| panic!("{e}")),
    )
    .expect("Contents.json is JSON");
    let images = catalog["images"].as_array().expect("images");
    assert_eq!(images.len(), 1, "one single-size icon: {images:?}");
    let image = &images[0];
    assert_eq!(image["size"], "1024x1024");
    assert_eq!(image["idiom"], "universal");
    assert_eq!(image["platform"], "ios");
    let file = image["filename"].as_str().expect("filename");
    let (w, h, colour) = png(&format!("ios/Assets.xcassets/AppIcon.appiconset/{file}"));
    assert_eq!((w, h, colour), (1024, 1024, 2), "1024 px RGB without alpha");
    let apps = Workflow::read(PHONE_APPS);
    let ios = scripts(apps.job("ios"));
    assert!(ios.contains("xcrun actool ios/Assets.xcassets --compile \"$APP\""));
    assert!(ios.contains("--app-icon AppIcon"));
    assert!(ios.contains("PlistBuddy -c \"Merge $RUNNER_TEMP/actool.plist\""));

    // Android: the adaptive icon in place of dx's default.
    let adaptive = read_text("android/res/mipmap-anydpi-v26/ic_launcher.xml")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        adaptive.contains("<foreground android:drawable=\"@mipmap/ic_launcher_foreground\" />")
    );
    assert!(
        adaptive.contains("<background android:drawable=\"@color/cozcade_icon_background\" />")
    );
    let colours =
        read_text("android/res/values/cozcade_icon.xml").unwrap_or_else(|e| panic!("{e}"));
    assert!(colours.contains("<color name=\"cozcade_icon_background\">#1F6F6B</color>"));
    for (density, scale) in [
        ("mdpi", 2),
        ("hdpi", 3),
        ("xhdpi", 4),
        ("xxhdpi", 6),
        ("xxxhdpi", 8),
    ] {
        // 108 dp with alpha for the foreground, 48 dp opaque for the legacy square.
        let foreground = png(&format!(
            "android/res/mipmap-{density}/ic_launcher_foreground.png"
        ));
        assert_eq!(
            foreground,
            (54 * scale, 54 * scale, 6),
            "{density} foreground"
        );
        let legacy = png(&format!("android/res/mipmap-{density}/ic_launcher.png"));
        assert_eq!(legacy, (24 * scale, 24 * scale, 2), "{density} legacy icon");
    }
    let manifest = read_text("android/AndroidManifest.xml").unwrap_or_else(|e| panic!("{e}"));
    assert!(manifest.contains("android:icon=\"@mipmap/ic_launcher\""));
    let android = scripts(apps.job("android"));
    assert!(android.contains(
        "rm -f \"$RES\"/mipmap-*/ic_launcher.webp \"$RES/mipmap-anydpi-v26/ic_launcher.xml\""
    ));
    assert!(android.contains("cp -R android/res/. \"$RES/\""));
    assert!(android.contains("release-check aab-files"));
}

#[test]
fn the_ios_host_reloads_a_dead_web_view_and_asks_for_phone_pages() {
    let watcher =
        read_text("ios/Sources/CozcadeHost/WebViewWatcher.swift").unwrap_or_else(|e| panic!("{e}"));
    // WebKit's report of a killed content process reloads the page.
    let terminate = watcher
        .split("func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {")
        .nth(1)
        .expect("webViewWebContentProcessDidTerminate");
    let body = &terminate[..terminate.find("\n    }").unwrap_or(terminate.len())];
    assert!(body.contains("reload(webView)"), "{body}");
    // A dead page noticed on the way back to the foreground: asked, and reloaded.
    assert!(watcher.contains("func checkAlive()"));
    assert!(watcher.contains("evaluateJavaScript(probe)"));
    assert!(watcher.contains("document.getElementById('main')"));
    // iPads get phone pages: the preferences variant of the navigation decision.
    assert!(watcher.contains("preferences: WKWebpagePreferences,"));
    assert!(watcher.contains("preferences.preferredContentMode = .mobile"));
    // In front of wry's delegate, which still gets everything else.
    assert!(watcher.contains("webView.navigationDelegate = self"));
    assert!(watcher.contains("override func forwardingTarget(for aSelector: Selector!) -> Any?"));
    assert!(watcher.contains("override func responds(to aSelector: Selector!) -> Bool"));
    assert!(watcher.contains("wry?.webView?(webView, decidePolicyFor: navigationAction)"));
    // Started with the host: on the web view's arrival and on every return to the foreground.
    let start =
        read_text("ios/Sources/CozcadeHost/HostStart.swift").unwrap_or_else(|e| panic!("{e}"));
    let foreground = start
        .split("UIApplication.willEnterForegroundNotification")
        .nth(1)
        .expect("a foreground observer");
    assert!(foreground[..foreground.find("},").unwrap_or(0)].contains("checkWebViewsAlive()"));
    for notification in [
        "UIWindow.didBecomeKeyNotification",
        "UIApplication.didBecomeActiveNotification",
    ] {
        let after = start
            .split(notification)
            .nth(1)
            .unwrap_or_else(|| panic!("HostStart.swift does not observe {notification}"));
        assert!(after[..after.find("},").unwrap_or(0)].contains("watchWebViews()"));
    }
    // And the workflow compiles it into the host library with the other sources.
    let apps = Workflow::read(PHONE_APPS);
    assert!(scripts(apps.job("ios")).contains("ios/Sources/CozcadeHost/*.swift"));
}

#[test]
fn the_artifacts_are_checked_before_any_upload() {
    let workflows = Workflow::all();
    let jobs = every_job(&workflows);
    for (lane, checks) in [
        (
            "fastlane ios beta",
            &[
                "release-check ios-app --app \"$APP\" --version \"$VERSION\" --build \"$BUILD\"",
                "release-check ios-entitlements",
                "release-check ios-signature",
                "--signed",
                "xcrun altool --validate-app -f dist/ios/Cozcade.ipa",
            ][..],
        ),
        (
            "fastlane android internal",
            &[
                "release-check aab-files",
                "release-check elf-pages",
                "zipalign -c -P 16",
                "release-check android-badging",
                "release-check jarsigner",
            ][..],
        ),
    ] {
        let (file, name, job, upload) = job_running(&jobs, lane, "checked before upload");
        for check in checks {
            let at = step_running(job, check)
                .unwrap_or_else(|| panic!("{file} {name}: never runs `{check}`"));
            assert!(
                at < upload,
                "{file} {name}: `{check}` runs after the upload"
            );
        }
        // Every step before the upload must succeed for it to run: none may be let fail.
        for step in &steps(job)[..upload] {
            assert!(
                step["continue-on-error"].is_badvalue(),
                "{file} {name}: a step before the upload may fail: {step:?}"
            );
        }
        // A failed check fails the step: a named bash runs with -eo pipefail (the unnamed
        // default is only -e, under which a failure inside a pipe goes unnoticed), and nothing
        // swallows a check's status.
        let workflow = workflows.iter().find(|w| w.path == file).expect("file");
        assert_eq!(
            workflow.yaml["defaults"]["run"]["shell"].as_str(),
            Some("bash"),
            "{file}: run steps without -o pipefail"
        );
        for line in scripts(job).lines().filter(|l| l.contains("release-check")) {
            assert!(
                !line.contains("|| true") && !line.contains("|| :"),
                "{file} {name}: {line}"
            );
        }
    }
}

#[test]
fn the_ios_build_is_for_devices_at_the_apps_minimum_os_without_disk_space_apis() {
    let dioxus = dioxus();
    let target = dioxus["ios"]["deployment_target"]
        .as_str()
        .expect("[ios] deployment_target");
    let info = info_plist();
    assert_eq!(
        info.get("MinimumOSVersion").and_then(Value::as_string),
        Some(target),
        "Info.plist MinimumOSVersion"
    );
    assert_eq!(
        info.get("CFBundleSupportedPlatforms")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_string).collect::<Vec<_>>()),
        Some(vec!["iPhoneOS"])
    );
    let workflows = Workflow::all();
    let jobs = every_job(&workflows);
    let (file, name, job, build) = job_running(&jobs, "--platform ios", "iOS build");
    let workflow = workflows.iter().find(|w| w.path == file).expect("file");
    assert_eq!(
        env(workflow, job, "IPHONEOS_DEPLOYMENT_TARGET"),
        Some(target),
        "{file} {name}: the Rust code is not compiled for iOS {target}"
    );
    assert_eq!(
        env(workflow, job, "LIBSQLITE3_FLAGS"),
        Some("-DSQLITE_ENABLE_LOCKING_STYLE=0"),
        "{file} {name}: SQLite keeps its statfs() locking styles"
    );
    // Devices, not dx's default on an Apple-silicon runner (the simulator).
    assert!(run(steps(job)[build]).contains("--target aarch64-apple-ios "));
    let (_, _, android, at) = job_running(&jobs, "--platform android", "Android build");
    // Phones, not dx's default on an x86_64 runner (the x86_64 emulator).
    assert!(run(steps(android)[at]).contains("--target aarch64-linux-android "));
}

#[test]
fn the_tools_are_pinned_and_the_toolchain_is_the_repositorys() {
    let gemfile = read_text("Gemfile").unwrap_or_else(|e| panic!("{e}"));
    let pin = gemfile
        .lines()
        .find(|l| l.starts_with("gem \"fastlane\""))
        .expect("the Gemfile names fastlane");
    let version = pin.split('"').nth(3).unwrap_or_default();
    assert!(
        version.split('.').count() == 3 && version.bytes().all(|b| b.is_ascii_digit() || b == b'.'),
        "fastlane is not pinned to one version: {pin}"
    );
    for workflow in Workflow::all() {
        for (name, job) in workflow.jobs() {
            let scripts = scripts(job);
            assert!(
                !scripts.contains("gem install fastlane"),
                "{} {name}: an unpinned fastlane",
                workflow.path
            );
            for line in scripts.lines().filter(|l| l.contains("fastlane ")) {
                assert!(
                    line.trim_start().starts_with("bundle exec fastlane"),
                    "{} {name}: {line}",
                    workflow.path
                );
            }
            // rust-toolchain.toml decides the toolchain; installing "stable" does nothing.
            assert!(
                !scripts.contains("rustup toolchain install"),
                "{} {name}",
                workflow.path
            );
            // dx is the version the workflow names, which workflow.rs holds to Cargo.lock.
            for line in scripts
                .lines()
                .filter(|l| l.contains("cargo install dioxus-cli"))
            {
                assert!(line.contains("--version \"$DX_VERSION\""), "{line}");
            }
        }
    }
    assert!(repo_root().join("rust-toolchain.toml").is_file());
}

#[test]
fn main_is_built_unsigned_on_every_push_and_a_run_by_hand_uploads_nothing() {
    let builds = Workflow::read(PHONE_BUILDS);
    let call = &builds.jobs()[0].1;
    assert_eq!(call["with"]["sign"].as_bool(), Some(false));
    assert_eq!(call["with"]["upload"].as_bool(), Some(false));
    assert!(
        call["secrets"].is_badvalue(),
        "no secrets for unsigned builds"
    );
    let release = Workflow::read(RELEASE);
    let call = &release.jobs()[0].1;
    assert_eq!(call["with"]["sign"].as_bool(), Some(true));
    // Only the tag's push uploads; workflow_dispatch is the dry run.
    assert_eq!(
        call["with"]["upload"].as_str(),
        Some("${{ github.event_name == 'push' }}")
    );
    let apps = Workflow::read(PHONE_APPS);
    for job in ["ios", "android"] {
        for step in steps(apps.job(job)) {
            let script = run(step);
            if script.contains("fastlane ios beta") || script.contains("fastlane android internal")
            {
                assert_eq!(step["if"].as_str(), Some("inputs.sign && inputs.upload"));
            }
            if script.contains("codesign --force") || script.contains("jarsigner -keystore") {
                assert_eq!(step["if"].as_str(), Some("inputs.sign"));
            }
        }
    }
}
