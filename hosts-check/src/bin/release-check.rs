//! `release-check`: the release workflow's checks of its own artifacts, so a wrong build fails
//! loudly on the runner instead of at the store. Each subcommand reads what a platform tool
//! wrote and exits non-zero with every problem listed; the checks themselves are
//! `cozcade_hosts_check::release` (tested in this crate on small made-up inputs). What the app
//! must be (bundle id, link hosts, SDK levels, deployment target) comes from `mobile/Dioxus.toml`;
//! the version numbers come from the workflow.
//!
//! ```text
//! release-check version --ref-type T --ref-name N --run-number R   (prints version=…, build=…)
//! release-check gradle-version --file build.gradle.kts --version V --build N
//! release-check elf-pages [--require libX.so]... PATH...
//! release-check android-badging --file badging.txt --version V --build N
//! release-check aab-files --file listing.txt
//! release-check jarsigner --file verify.txt
//! release-check ios-signing-entitlements --profile profile.plist --out signing.entitlements
//! release-check ios-app --app X.app --version V --build N [--signed]
//! release-check ios-entitlements --file entitlements.plist
//! release-check ios-signature --file codesign.txt
//! ```

use std::{
    path::{Path, PathBuf},
    process::ExitCode,
    time::SystemTime,
};

use cozcade_hosts_check::{
    read_text,
    release::{
        Findings,
        android::{self, AndroidApp},
        elf,
        ios::{self, IosApp},
        version,
    },
    repo_root,
};

/// The oldest iOS SDK App Store Connect takes uploads from (Xcode 26).
const MIN_IOS_SDK: &str = "26";
/// Play's required target SDK.
const MIN_TARGET_SDK: u32 = 36;
/// The activity android/AndroidManifest.xml launches.
const ACTIVITY: &str = "dev.dioxus.main.MainActivity";

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(command) = args.next() else {
        eprintln!("usage: release-check <command> [options]: see src/bin/release-check.rs");
        return ExitCode::FAILURE;
    };
    let options = Options::parse(args.collect());
    match run(&command, &options) {
        Ok(()) => {
            eprintln!("release-check {command}: ok");
            ExitCode::SUCCESS
        }
        Err(problems) => {
            eprintln!("release-check {command} FAILED:\n{problems}");
            ExitCode::FAILURE
        }
    }
}

/// `--name value` pairs (a name may repeat), `--flag`s, and the rest in order.
struct Options {
    named: Vec<(String, String)>,
    flags: Vec<String>,
    rest: Vec<String>,
}

impl Options {
    fn parse(args: Vec<String>) -> Self {
        const FLAGS: [&str; 1] = ["--signed"];
        let mut options = Options {
            named: Vec::new(),
            flags: Vec::new(),
            rest: Vec::new(),
        };
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            if FLAGS.contains(&arg.as_str()) {
                options.flags.push(arg);
            } else if let Some(name) = arg.strip_prefix("--") {
                let value = args.next().unwrap_or_default();
                options.named.push((name.to_owned(), value));
            } else {
                options.rest.push(arg);
            }
        }
        options
    }

    fn get(&self, name: &str) -> Result<&str, Findings> {
        self.named
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .filter(|v| !v.is_empty())
            .ok_or_else(|| one(format!("--{name} is required")))
    }

    fn all(&self, name: &str) -> Vec<String> {
        self.named
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .collect()
    }

    fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    fn path(&self, name: &str) -> Result<PathBuf, Findings> {
        self.get(name).map(PathBuf::from)
    }

    fn build(&self) -> Result<u32, Findings> {
        let build = self.get("build")?;
        build
            .parse()
            .map_err(|_| one(format!("--build {build:?} is not a number")))
    }
}

fn one(problem: String) -> Findings {
    let mut findings = Findings::new();
    findings.add(problem);
    findings
}

fn read(path: &Path) -> Result<String, Findings> {
    std::fs::read_to_string(path).map_err(|e| one(format!("{}: {e}", path.display())))
}

/// `mobile/Dioxus.toml`, which says what the app is.
fn dioxus() -> Result<toml::Table, Findings> {
    read_text("mobile/Dioxus.toml")
        .map_err(one)?
        .parse()
        .map_err(|e| one(format!("mobile/Dioxus.toml: {e}")))
}

fn setting<'a>(table: &'a toml::Table, path: &str) -> Result<&'a toml::Value, Findings> {
    let mut value: Option<&toml::Value> = None;
    for part in path.split('.') {
        value = match value {
            None => table.get(part),
            Some(v) => v.get(part),
        };
    }
    value.ok_or_else(|| one(format!("mobile/Dioxus.toml has no {path}")))
}

fn setting_text(table: &toml::Table, path: &str) -> Result<String, Findings> {
    setting(table, path)?
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| one(format!("mobile/Dioxus.toml: {path} is not text")))
}

fn ios_app(options: &Options) -> Result<IosApp, Findings> {
    let dioxus = dioxus()?;
    let link_hosts = setting(&dioxus, "deep_links.hosts")?
        .as_array()
        .map(|hosts| {
            hosts
                .iter()
                .filter_map(toml::Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    Ok(IosApp {
        bundle_id: setting_text(&dioxus, "bundle.identifier")?,
        version: options.get("version").unwrap_or_default().to_owned(),
        build: options.get("build").unwrap_or_default().to_owned(),
        min_os: setting_text(&dioxus, "ios.deployment_target")?,
        min_sdk: MIN_IOS_SDK.to_owned(),
        link_hosts,
    })
}

fn android_app(options: &Options) -> Result<AndroidApp, Findings> {
    let dioxus = dioxus()?;
    let min_sdk = setting(&dioxus, "android.min_sdk")?
        .as_integer()
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| one("mobile/Dioxus.toml: [android] min_sdk is not a number".into()))?;
    Ok(AndroidApp {
        package: setting_text(&dioxus, "bundle.identifier")?,
        version_name: options.get("version")?.to_owned(),
        version_code: options.build()?,
        min_sdk,
        target_sdk: MIN_TARGET_SDK,
        activity: ACTIVITY.to_owned(),
    })
}

fn run(command: &str, options: &Options) -> Result<(), Findings> {
    match command {
        "version" => {
            let cargo = read_text("Cargo.toml").map_err(one)?;
            let workspace = version::workspace_version(&cargo).map_err(one)?;
            let release = version::release(
                options.get("ref-type")?,
                options.get("ref-name")?,
                options.get("run-number")?,
                &workspace,
            )
            .map_err(one)?;
            // For $GITHUB_OUTPUT.
            println!("version={}\nbuild={}", release.version, release.build);
            Ok(())
        }
        "gradle-version" => {
            let file = options.path("file")?;
            let patched = android::set_gradle_version(&read(&file)?, &android_app(options)?)?;
            std::fs::write(&file, patched).map_err(|e| one(format!("{}: {e}", file.display())))
        }
        "elf-pages" => {
            let paths: Vec<PathBuf> = options.rest.iter().map(PathBuf::from).collect();
            elf::check_paths(&paths, &options.all("require")).into_result(())
        }
        "android-badging" => {
            android::badging(&read(&options.path("file")?)?, &android_app(options)?).into_result(())
        }
        "aab-files" => android::bundle_files(&read(&options.path("file")?)?).into_result(()),
        "jarsigner" => android::jarsigner_verified(&read(&options.path("file")?)?).into_result(()),
        "ios-signing-entitlements" => {
            let profile = ios::read_dictionary(&options.path("profile")?).map_err(one)?;
            let wanted =
                ios::read_dictionary(&repo_root().join("ios/Cozcade.entitlements")).map_err(one)?;
            let signing = ios::signing_entitlements(
                &profile,
                &wanted,
                &ios_app(options)?,
                SystemTime::now(),
            )?;
            let out = options.path("out")?;
            plist::Value::Dictionary(signing)
                .to_file_xml(&out)
                .map_err(|e| one(format!("{}: {e}", out.display())))
        }
        "ios-app" => {
            let app = ios_app(options)?;
            options.get("version")?;
            options.build()?;
            let privacy = ios::read_dictionary(&repo_root().join("ios/PrivacyInfo.xcprivacy"))
                .map_err(one)?;
            ios::app_bundle(
                &options.path("app")?,
                &app,
                &privacy,
                options.flag("--signed"),
            )
            .into_result(())
        }
        "ios-entitlements" => {
            let entitlements = ios::read_dictionary(&options.path("file")?).map_err(one)?;
            ios::signed_entitlements(&entitlements, &ios_app(options)?).into_result(())
        }
        "ios-signature" => {
            ios::signature(&read(&options.path("file")?)?, &ios_app(options)?).into_result(())
        }
        other => Err(one(format!(
            "unknown command {other:?}: see src/bin/release-check.rs"
        ))),
    }
}
