//! The Android App Bundle before it goes to Play: dx's Gradle project given the workflow's
//! version numbers (dx's template writes `versionCode = 1`, so every upload after the first
//! would be refused as a duplicate); what `aapt2 dump badging` reads from an APK derived from
//! the bundle (package, version code and name, target SDK 36, the launcher activity, arm64
//! code, our icon); the bundle's files (our launcher icon, not dx's default); and
//! `jarsigner -verify`'s verdict on the signature.

use super::Findings;

/// What the app must be, from the repository and the workflow.
#[derive(Debug, Clone)]
pub struct AndroidApp {
    pub package: String,
    pub version_name: String,
    pub version_code: u32,
    pub min_sdk: u32,
    /// The lowest target (and compile) SDK Play accepts.
    pub target_sdk: u32,
    /// The activity the launcher starts.
    pub activity: String,
}

/// Sets `versionCode` and `versionName` in dx's generated `app/build.gradle.kts`, and checks
/// that its `compileSdk` and `targetSdk` are new enough. Each must appear exactly once: a
/// template that changed shape is an error, never a silent no-op.
pub fn set_gradle_version(script: &str, app: &AndroidApp) -> Result<String, Findings> {
    let mut findings = Findings::new();
    let mut out = Vec::new();
    let mut seen = [0usize; 4];
    for line in script.lines() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        let setting = |name: &str| {
            trimmed
                .strip_prefix(name)
                .and_then(|rest| rest.trim_start().strip_prefix('='))
                .map(str::trim)
        };
        if setting("versionCode").is_some() {
            seen[0] += 1;
            out.push(format!("{indent}versionCode = {}", app.version_code));
        } else if setting("versionName").is_some() {
            seen[1] += 1;
            out.push(format!("{indent}versionName = \"{}\"", app.version_name));
        } else {
            for (slot, name) in [(2, "compileSdk"), (3, "targetSdk")] {
                if let Some(value) = setting(name) {
                    seen[slot] += 1;
                    let level = value.parse::<u32>().unwrap_or(0);
                    findings.require(level >= app.target_sdk, || {
                        format!(
                            "build.gradle.kts: {name} = {value}; Play requires {} (Dioxus.toml [android] \
                             target_sdk and compile_sdk)",
                            app.target_sdk
                        )
                    });
                }
            }
            out.push(line.to_owned());
        }
    }
    for (count, name) in seen
        .iter()
        .zip(["versionCode", "versionName", "compileSdk", "targetSdk"])
    {
        findings.require(*count == 1, || {
            format!(
                "build.gradle.kts sets {name} {count} times, expected once: dx's template changed?"
            )
        });
    }
    let mut text = out.join("\n");
    if script.ends_with('\n') {
        text.push('\n');
    }
    findings.into_result(text)
}

/// `name='value'` pairs of one badging line.
fn attributes(line: &str) -> Vec<(&str, &str)> {
    let mut pairs = Vec::new();
    let mut rest = line;
    while let Some(eq) = rest.find("='") {
        let name = rest[..eq].rsplit(' ').next().unwrap_or_default();
        let value_start = eq + 2;
        let Some(len) = rest[value_start..].find('\'') else {
            break;
        };
        pairs.push((name, &rest[value_start..value_start + len]));
        rest = &rest[value_start + len + 1..];
    }
    pairs
}

/// `aapt2 dump badging` of a universal APK built from the bundle.
pub fn badging(report: &str, app: &AndroidApp) -> Findings {
    let mut findings = Findings::new();
    let line = |prefix: &str| report.lines().find(|l| l.starts_with(prefix));
    let quoted = |prefix: &str| {
        line(prefix)
            .and_then(|l| l.strip_prefix(prefix))
            .map(|v| v.trim().trim_matches('\''))
    };
    let package = line("package:").map(attributes).unwrap_or_default();
    let get = |name: &str| package.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    findings.require(get("name") == Some(app.package.as_str()), || {
        format!(
            "package name is {:?}, expected {}",
            get("name"),
            app.package
        )
    });
    let code = app.version_code.to_string();
    findings.require(get("versionCode") == Some(code.as_str()), || {
        format!(
            "versionCode is {:?}, expected {code} (the workflow's run number)",
            get("versionCode")
        )
    });
    findings.require(
        get("versionName") == Some(app.version_name.as_str()),
        || {
            format!(
                "versionName is {:?}, expected {}",
                get("versionName"),
                app.version_name
            )
        },
    );
    let target = quoted("targetSdkVersion:").and_then(|v| v.parse::<u32>().ok());
    findings.require(target.is_some_and(|t| t >= app.target_sdk), || {
        format!(
            "targetSdkVersion is {target:?}; Play requires {} or higher",
            app.target_sdk
        )
    });
    let min = quoted("sdkVersion:").and_then(|v| v.parse::<u32>().ok());
    findings.require(min == Some(app.min_sdk), || {
        format!("minSdkVersion is {min:?}, expected {}", app.min_sdk)
    });
    let activity = line("launchable-activity:")
        .map(attributes)
        .unwrap_or_default();
    findings.require(
        activity
            .iter()
            .any(|(n, v)| *n == "name" && *v == app.activity),
        || format!("the launcher activity is not {}", app.activity),
    );
    findings.require(
        line("native-code:").is_some_and(|l| l.contains("'arm64-v8a'")),
        || "no arm64-v8a native code".into(),
    );
    findings.require(
        line("application:")
            .map(attributes)
            .unwrap_or_default()
            .iter()
            .any(|(n, v)| *n == "icon" && v.contains("mipmap") && v.contains("ic_launcher")),
        || "the application's icon is not the launcher mipmap".into(),
    );
    findings
}

/// The bundle's file list (`unzip -Z1 app.aab`): the manifest, the app's and JNA's arm64
/// libraries, and our adaptive launcher icon in place of dx's default.
pub fn bundle_files(listing: &str) -> Findings {
    let mut findings = Findings::new();
    let files: Vec<&str> = listing
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    for required in [
        "base/manifest/AndroidManifest.xml",
        "base/lib/arm64-v8a/libmain.so",
        "base/lib/arm64-v8a/libjnidispatch.so",
    ] {
        findings.require(files.contains(&required), || {
            format!("the bundle lacks {required}")
        });
    }
    // aapt2 may add -v4 to density folders and drop -v26 when the minimum SDK is above it.
    let in_folder = |file: &str, folder: &str, name: &str| {
        file.strip_prefix("base/res/")
            .and_then(|rest| rest.split_once('/'))
            .is_some_and(|(dir, file_name)| {
                file_name == name
                    && (dir == folder
                        || dir
                            .strip_prefix(folder)
                            .is_some_and(|q| q.starts_with("-v")))
            })
    };
    findings.require(
        files
            .iter()
            .any(|f| in_folder(f, "mipmap-anydpi", "ic_launcher.xml")),
        || "the bundle has no adaptive launcher icon (mipmap-anydpi*/ic_launcher.xml)".into(),
    );
    for density in ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"] {
        let folder = format!("mipmap-{density}");
        findings.require(
            files
                .iter()
                .any(|f| in_folder(f, &folder, "ic_launcher_foreground.png")),
            || format!("the bundle lacks our icon's {folder}/ic_launcher_foreground.png"),
        );
    }
    for file in &files {
        findings.require(!file.ends_with("/ic_launcher.webp"), || {
            format!("{file} is dx's default launcher icon: the release must replace it")
        });
    }
    findings
}

/// `jarsigner -verify -verbose -certs`: every entry signed, by one signer, with SHA-256.
/// Not `-strict`: it turns the warnings every Play upload key draws (a self-signed certificate,
/// no timestamp) into a failure. And jarsigner's exit code alone proves nothing: an unsigned
/// bundle verifies with status 0 ("jar is unsigned.").
pub fn jarsigner_verified(report: &str) -> Findings {
    let mut findings = Findings::new();
    findings.require(report.lines().any(|l| l.trim() == "jar verified."), || {
        "jarsigner did not say \"jar verified.\"".into()
    });
    findings.require(
        report
            .lines()
            .any(|l| l.trim_start().starts_with("- Signed by")),
        || "jarsigner names no signer".into(),
    );
    findings.require(report.contains("Digest algorithm: SHA-256"), || {
        "the bundle is not signed with SHA-256 digests".into()
    });
    for (marker, meaning) in [
        ("jar is unsigned", "the bundle is not signed"),
        (
            "unsigned entries",
            "some entries are not signed (changed after signing?)",
        ),
        ("jarsigner error", "jarsigner failed"),
        (
            "jar verified, with signer errors",
            "the signature has errors",
        ),
    ] {
        findings.require(!report.contains(marker), || {
            format!("{meaning}: {marker:?}")
        });
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;

    fn app() -> AndroidApp {
        AndroidApp {
            package: "app.cozcade".into(),
            version_name: "1.2.3".into(),
            version_code: 42,
            min_sdk: 28,
            target_sdk: 36,
            activity: "dev.dioxus.main.MainActivity".into(),
        }
    }

    /// The part of dx 0.7.10's app/build.gradle.kts template that matters, as rendered.
    const GRADLE: &str = "android {\n    namespace=\"app.cozcade\"\n    compileSdk = 36\n    defaultConfig {\n        applicationId = \"app.cozcade\"\n        minSdk = 28\n        targetSdk = 36\n        versionCode = 1\n        versionName = \"0.1.0\"\n    }\n}\n";

    #[test]
    fn the_workflows_numbers_replace_the_templates() {
        let out = set_gradle_version(GRADLE, &app()).unwrap();
        assert!(out.contains("        versionCode = 42\n"), "{out}");
        assert!(out.contains("        versionName = \"1.2.3\"\n"), "{out}");
        assert!(!out.contains("versionCode = 1\n"));
        assert_eq!(out.lines().count(), GRADLE.lines().count());
    }

    #[test]
    fn old_sdk_levels_or_a_changed_template_are_refused() {
        let old = GRADLE
            .replace("compileSdk = 36", "compileSdk = 34")
            .replace("targetSdk = 36", "targetSdk = 35");
        let findings = set_gradle_version(&old, &app()).unwrap_err();
        assert!(findings.mentions("compileSdk = 34"), "{findings}");
        assert!(findings.mentions("targetSdk = 35"), "{findings}");
        let moved = GRADLE.replace("versionCode = 1", "versionCode(1)");
        assert!(
            set_gradle_version(&moved, &app())
                .unwrap_err()
                .mentions("versionCode 0 times")
        );
    }

    const BADGING: &str = "package: name='app.cozcade' versionCode='42' versionName='1.2.3' platformBuildVersionName='16' platformBuildVersionCode='36' compileSdkVersion='36' compileSdkVersionCodename='16'\n\
sdkVersion:'28'\n\
targetSdkVersion:'36'\n\
uses-permission: name='android.permission.INTERNET'\n\
application-label:'Cozcade'\n\
application-icon-160:'res/mipmap-anydpi-v4/ic_launcher.xml'\n\
application: label='Cozcade' icon='res/mipmap-anydpi-v4/ic_launcher.xml'\n\
launchable-activity: name='dev.dioxus.main.MainActivity'  label='' icon=''\n\
native-code: 'arm64-v8a'\n";

    #[test]
    fn badging_of_a_release_passes() {
        let findings = badging(BADGING, &app());
        assert!(findings.is_empty(), "{findings}");
    }

    #[test]
    fn badging_names_every_wrong_number() {
        let old = BADGING
            .replace("versionCode='42'", "versionCode='1'")
            .replace("targetSdkVersion:'36'", "targetSdkVersion:'35'")
            .replace("native-code: 'arm64-v8a'", "native-code: 'x86_64'");
        let findings = badging(&old, &app());
        assert!(
            findings.mentions("versionCode is Some(\"1\"), expected 42"),
            "{findings}"
        );
        assert!(
            findings.mentions("targetSdkVersion is Some(35)"),
            "{findings}"
        );
        assert!(findings.mentions("arm64-v8a"), "{findings}");
        assert_eq!(findings.lines().len(), 3, "{findings}");
        assert!(badging("", &app()).lines().len() >= 6);
    }

    const LISTING: &str = "base/manifest/AndroidManifest.xml\nbase/dex/classes.dex\n\
base/lib/arm64-v8a/libmain.so\nbase/lib/arm64-v8a/libjnidispatch.so\n\
base/res/mipmap-anydpi/ic_launcher.xml\nbase/res/mipmap-mdpi-v4/ic_launcher_foreground.png\n\
base/res/mipmap-hdpi-v4/ic_launcher_foreground.png\nbase/res/mipmap-xhdpi-v4/ic_launcher_foreground.png\n\
base/res/mipmap-xxhdpi-v4/ic_launcher_foreground.png\nbase/res/mipmap-xxxhdpi-v4/ic_launcher_foreground.png\n\
BundleConfig.pb\n";

    #[test]
    fn the_bundle_holds_our_icon_and_both_libraries() {
        assert!(
            bundle_files(LISTING).is_empty(),
            "{}",
            bundle_files(LISTING)
        );
        let with_dx_icon = format!("{LISTING}base/res/mipmap-hdpi-v4/ic_launcher.webp\n")
            .replace(
                "base/res/mipmap-xxxhdpi-v4/ic_launcher_foreground.png\n",
                "",
            )
            .replace("base/lib/arm64-v8a/libjnidispatch.so\n", "");
        let findings = bundle_files(&with_dx_icon);
        assert!(
            findings.mentions("dx's default launcher icon"),
            "{findings}"
        );
        assert!(
            findings.mentions("mipmap-xxxhdpi/ic_launcher_foreground.png"),
            "{findings}"
        );
        assert!(findings.mentions("libjnidispatch.so"), "{findings}");
    }

    /// Runs a JDK tool; the JDK is needed for these tests (jarsigner is not in a JRE).
    fn jdk(tool: &str, args: &[&str], dir: &std::path::Path, env: &[(&str, &str)]) -> String {
        let output = std::process::Command::new(tool)
            .args(args)
            .current_dir(dir)
            .envs(env.iter().copied())
            .output()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot run {tool} ({e}): install a JDK \
                     (Debian: `apt-get install -y default-jdk-headless`; `cargo xtask test` does)"
                )
            });
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(output.status.success(), "{tool} {args:?}: {text}");
        text
    }

    /// A small zip (an app bundle is one) with the given entries, by Python's zipfile.
    fn zip(path: &std::path::Path, entries: &[&str], append: bool) {
        let script = "import sys, zipfile\n\
            with zipfile.ZipFile(sys.argv[1], sys.argv[2]) as z:\n    \
            [z.writestr(name, 'content of ' + name) for name in sys.argv[3:]]";
        let mode = if append { "a" } else { "w" };
        let status = std::process::Command::new("python3")
            .args(["-c", script])
            .arg(path)
            .arg(mode)
            .args(entries)
            .status()
            .expect("python3 (for zipfile)");
        assert!(status.success());
    }

    #[test]
    fn a_bundle_signed_with_its_own_key_password_verifies() {
        let dir = tempfile::tempdir().unwrap();
        let passwords = [
            ("STORE_PASSWORD", "store-secret"),
            ("KEY_PASSWORD", "key-secret"),
        ];
        // A Play upload key: self-signed, its key password not the store's (a JKS keystore:
        // keytool gives a PKCS12 store's key the store's password whatever it is told).
        jdk(
            "keytool",
            &[
                "-genkeypair",
                "-keystore",
                "upload.jks",
                "-storetype",
                "JKS",
                "-alias",
                "upload",
                "-keyalg",
                "RSA",
                "-keysize",
                "2048",
                "-validity",
                "10000",
                "-dname",
                "CN=Cozcade test",
                "-storepass:env",
                "STORE_PASSWORD",
                "-keypass:env",
                "KEY_PASSWORD",
            ],
            dir.path(),
            &passwords,
        );
        let bundle = dir.path().join("app.aab");
        zip(
            &bundle,
            &[
                "base/manifest/AndroidManifest.xml",
                "base/lib/arm64-v8a/libmain.so",
            ],
            false,
        );
        let verify = || {
            jdk(
                "jarsigner",
                &["-verify", "-verbose", "-certs", "app.aab"],
                dir.path(),
                &[],
            )
        };
        let unsigned = jarsigner_verified(&verify());
        assert!(unsigned.mentions("not signed"), "{unsigned}");

        // As the release workflow signs: both passwords from the environment.
        jdk(
            "jarsigner",
            &[
                "-keystore",
                "upload.jks",
                "-storepass:env",
                "STORE_PASSWORD",
                "-keypass:env",
                "KEY_PASSWORD",
                "-sigalg",
                "SHA256withRSA",
                "-digestalg",
                "SHA-256",
                "app.aab",
                "upload",
            ],
            dir.path(),
            &passwords,
        );
        let signed = jarsigner_verified(&verify());
        assert!(signed.is_empty(), "{signed}");

        // An entry added after signing.
        zip(&bundle, &["base/lib/arm64-v8a/libextra.so"], true);
        let tampered = jarsigner_verified(&verify());
        assert!(
            tampered.mentions("some entries are not signed"),
            "{tampered}"
        );
    }
}
