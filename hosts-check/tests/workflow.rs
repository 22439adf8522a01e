//! The workflows that build the phone apps can only run on hosted runners with Xcode and the
//! Android SDK, so here they are held to their shape: they parse as YAML; `release.yml` (a `v*`
//! tag, or by hand) and `phone-builds.yml` (every push to main) both call `phone-apps.yml`, whose
//! iOS job runs on macOS and Android job on Ubuntu; every step runs something; they install the
//! dioxus-cli that matches the dioxus crates in Cargo.lock; they generate each platform's
//! bindings with the workspace's uniffi-bindgen, build with `dx build`, and call fastlane lanes
//! that exist in the Fastfile, giving each the secrets the lane reads, from `secrets`, never
//! written in the file. The store rules are `release_readiness.rs`'s; `cargo xtask test` also
//! lints every workflow with actionlint.

mod support;

use cozcade_hosts_check::read_text;
use support::{PHONE_APPS, PHONE_BUILDS, RELEASE, Workflow, run, scripts, steps};
use yaml_rust2::Yaml;

/// The version of a package in Cargo.lock.
fn locked_version(package: &str) -> String {
    let lock = read_text("Cargo.lock").unwrap_or_else(|e| panic!("{e}"));
    let header = format!("name = \"{package}\"\nversion = \"");
    let at = lock.find(&header).expect("package in Cargo.lock") + header.len();
    lock[at..].split('"').next().unwrap_or_default().to_owned()
}

/// `lane :<name>` inside `platform :<platform> do … end` of the Fastfile, and the
/// `required_env("…")` names that platform's lanes read.
fn fastfile_platform(platform: &str) -> (Vec<String>, Vec<String>) {
    let fastfile = read_text("fastlane/Fastfile").unwrap_or_else(|e| panic!("{e}"));
    let start = fastfile
        .find(&format!("platform :{platform} do"))
        .unwrap_or_else(|| panic!("no platform :{platform} in the Fastfile"));
    // Up to the next platform block (or the end).
    let rest = &fastfile[start + 1..];
    let block = &rest[..rest.find("\nplatform :").unwrap_or(rest.len())];
    let lanes = block
        .split("lane :")
        .skip(1)
        .filter_map(|s| s.split_whitespace().next())
        .map(str::to_owned)
        .collect();
    let secrets = block
        .split("required_env(\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .map(str::to_owned)
        .collect();
    (lanes, secrets)
}

#[test]
fn the_release_runs_on_a_version_tag_or_by_hand_and_main_is_built_on_every_push() {
    let release = Workflow::read(RELEASE);
    let on = &release.yaml["on"];
    assert!(
        !on["workflow_dispatch"].is_badvalue(),
        "no workflow_dispatch"
    );
    assert_eq!(
        on["push"]["tags"].as_vec().expect("push.tags"),
        &[Yaml::String("v*".into())]
    );
    let builds = Workflow::read(PHONE_BUILDS);
    assert_eq!(
        builds.yaml["on"]["push"]["branches"]
            .as_vec()
            .expect("push.branches"),
        &[Yaml::String("main".into())]
    );
    // Both call the one workflow that builds the apps.
    for workflow in [&release, &builds] {
        let jobs = workflow.jobs();
        assert_eq!(jobs.len(), 1, "{}", workflow.path);
        assert_eq!(
            jobs[0].1["uses"].as_str(),
            Some("./.github/workflows/phone-apps.yml"),
            "{}",
            workflow.path
        );
    }
    let apps = Workflow::read(PHONE_APPS);
    let inputs = &apps.yaml["on"]["workflow_call"]["inputs"];
    for input in ["sign", "upload"] {
        assert_eq!(inputs[input]["type"].as_str(), Some("boolean"), "{input}");
    }
}

#[test]
fn each_job_runs_on_its_platforms_runner_and_every_step_does_something() {
    let apps = Workflow::read(PHONE_APPS);
    let names: Vec<String> = apps.jobs().into_iter().map(|(name, _)| name).collect();
    assert_eq!(names, ["version", "ios", "android"]);
    let runner = |job: &str| apps.job(job)["runs-on"].as_str().map(str::to_owned);
    assert!(runner("ios").is_some_and(|r| r.starts_with("macos-")));
    assert!(runner("android").is_some_and(|r| r.starts_with("ubuntu-")));
    for workflow in Workflow::all() {
        for (name, job) in workflow.jobs() {
            for step in steps(job) {
                let runs = step["run"].as_str().is_some();
                let uses = step["uses"].as_str().is_some();
                assert!(
                    runs != uses,
                    "{} {name:?}: a step must run or use, one of them: {step:?}",
                    workflow.path
                );
            }
        }
    }
}

#[test]
fn it_installs_the_dx_that_matches_the_dioxus_crates() {
    let dioxus = locked_version("dioxus");
    let apps = Workflow::read(PHONE_APPS);
    assert_eq!(
        apps.yaml["env"]["DX_VERSION"].as_str(),
        Some(dioxus.as_str())
    );
    for job in ["ios", "android"] {
        assert!(
            steps(apps.job(job))
                .iter()
                .any(|s| run(s) == "cargo install dioxus-cli --version \"$DX_VERSION\" --locked"),
            "{job} does not install dx $DX_VERSION"
        );
    }
}

#[test]
fn it_generates_bindings_builds_and_calls_existing_lanes_with_their_secrets() {
    let apps = Workflow::read(PHONE_APPS);
    for (job, language, platform, lane_call) in [
        ("ios", "swift", "ios", "bundle exec fastlane ios beta"),
        (
            "android",
            "kotlin",
            "android",
            "bundle exec fastlane android internal",
        ),
    ] {
        let job_yaml = apps.job(job);
        let scripts = scripts(job_yaml);
        assert!(
            scripts.contains("cargo run -p uniffi-bindgen -- generate --library")
                && scripts.contains(&format!("--language {language}")),
            "{job}: no {language} bindings"
        );
        assert!(
            scripts.contains(&format!("dx build --platform {platform} --target ")),
            "{job}: no dx build for a named target"
        );
        let lane = lane_call.rsplit(' ').next().unwrap_or_default();
        let (lanes, secrets) = fastfile_platform(platform);
        assert!(
            lanes.iter().any(|l| l == lane),
            "no lane :{lane} in {lanes:?}"
        );
        // The step calling the lane passes every secret the lane requires, from `secrets`.
        let step = steps(job_yaml)
            .into_iter()
            .find(|step| run(step) == lane_call)
            .unwrap_or_else(|| panic!("{job}: no step runs `{lane_call}`"));
        assert!(!secrets.is_empty());
        for secret in secrets {
            assert_eq!(
                step["env"][secret.as_str()].as_str(),
                Some(format!("${{{{ secrets.{secret} }}}}").as_str()),
                "{job}: {secret}"
            );
        }
    }
    // The iOS build compiles the Swift host and links it (ios/README.md).
    let ios = scripts(apps.job("ios"));
    assert!(ios.contains("ios/Sources/CozcadeHost/*.swift"));
    assert!(ios.contains("--features ios-host"));
    assert!(ios.contains("-C link-arg=-lCozcadeHost"));
    // The Android build puts AndroidHost.kt and NetworkReporter.kt next to the activity.
    let android = scripts(apps.job("android"));
    assert!(android.contains("android/src/main/kotlin/dev/dioxus/main/AndroidHost.kt"));
    assert!(android.contains("android/src/main/kotlin/dev/dioxus/main/NetworkReporter.kt"));
}

#[test]
fn credentials_come_only_from_secrets() {
    let mut checked = 0;
    for workflow in Workflow::all() {
        // Every `env:` map: the workflow's, each job's, each step's.
        let mut maps = vec![&workflow.yaml["env"]];
        for (_, job) in workflow.jobs() {
            maps.push(&job["env"]);
            maps.extend(steps(job).into_iter().map(|step| &step["env"]));
        }
        for map in maps.into_iter().filter_map(Yaml::as_hash) {
            for (name, value) in map {
                let name = name.as_str().expect("env names are strings");
                let sensitive = ["KEY", "ISSUER", "PASSWORD", "CERT", "PROFILE", "ALIAS"]
                    .iter()
                    .any(|word| name.contains(word));
                if sensitive {
                    assert_eq!(
                        value.as_str(),
                        Some(format!("${{{{ secrets.{name} }}}}").as_str()),
                        "{}: {name} must come from secrets.{name}",
                        workflow.path
                    );
                    checked += 1;
                }
            }
        }
        // Nothing sensitive is written into a script.
        for word in ["BEGIN PRIVATE KEY", "-----BEGIN", "storepass "] {
            assert!(!workflow.text.contains(word), "{}: {word}", workflow.path);
        }
    }
    assert!(
        checked >= 12,
        "only {checked} credentials found: the check reads the wrong maps"
    );
}

#[test]
fn the_swift_host_targets_the_apps_deployment_target_and_the_lanes_find_the_builds() {
    let apps = Workflow::read(PHONE_APPS);
    let ios = apps.job("ios");
    assert!(
        scripts(ios).contains("-target \"arm64-apple-ios${IPHONEOS_DEPLOYMENT_TARGET}\""),
        "the Swift host is not built for the deployment target"
    );
    // The lanes' default paths (Fastfile) are where the jobs put the builds.
    let fastfile = read_text("fastlane/Fastfile").unwrap_or_else(|e| panic!("{e}"));
    for (job, variable, path) in [
        ("ios", "COZCADE_IPA", "dist/ios/Cozcade.ipa"),
        ("android", "COZCADE_AAB", "dist/android/Cozcade.aab"),
    ] {
        assert!(fastfile.contains(&format!("ENV.fetch(\"{variable}\", \"{path}\")")));
        let lane_step = steps(apps.job(job))
            .into_iter()
            .find(|step| !step["env"][variable].is_badvalue())
            .unwrap_or_else(|| panic!("{job}: no step sets {variable}"));
        assert_eq!(lane_step["env"][variable].as_str(), Some(path));
        let file = path.rsplit('/').next().unwrap_or_default();
        let job_text = format!("{}\n{:?}", scripts(apps.job(job)), apps.job(job)["env"]);
        assert!(job_text.contains(file), "{job} never writes {file}");
    }
}
