//! `.github/workflows/release.yml` can only run on hosted runners with Xcode and the Android
//! SDK, so here it is held to its shape: it parses as YAML; an iOS job on macOS and an Android
//! job on Ubuntu; every step runs something; it installs the dioxus-cli that matches the dioxus
//! crates in Cargo.lock; it generates each platform's bindings with the workspace's
//! uniffi-bindgen, bundles with `dx bundle`, and calls fastlane lanes that exist in the Fastfile,
//! giving each the secrets the lane reads — from `secrets`, never written in the file.

use cozcade_hosts_check::read_text;
use yaml_rust2::{Yaml, YamlLoader};

fn workflow() -> Yaml {
    let text = read_text(".github/workflows/release.yml").unwrap_or_else(|e| panic!("{e}"));
    let mut documents = YamlLoader::load_from_str(&text).expect("release.yml is YAML");
    assert_eq!(documents.len(), 1, "one document");
    documents.remove(0)
}

fn key<'a>(yaml: &'a Yaml, name: &str) -> &'a Yaml {
    let value = &yaml[name];
    assert!(!value.is_badvalue(), "no `{name}`");
    value
}

/// The `run:` scripts of a job, in order (one string each).
fn runs(job: &Yaml) -> Vec<&str> {
    key(job, "steps")
        .as_vec()
        .expect("steps is a list")
        .iter()
        .filter_map(|step| step["run"].as_str())
        .collect()
}

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
fn it_runs_on_demand_or_on_a_version_tag() {
    let workflow = workflow();
    let on = key(&workflow, "on");
    assert!(!on["workflow_dispatch"].is_badvalue());
    let tags = on["push"]["tags"].as_vec().expect("push.tags");
    assert_eq!(tags, &[Yaml::String("v*".into())]);
}

#[test]
fn each_job_runs_on_its_platforms_runner_and_every_step_does_something() {
    let workflow = workflow();
    let jobs = key(&workflow, "jobs").as_hash().expect("jobs");
    let names: Vec<&str> = jobs.keys().filter_map(Yaml::as_str).collect();
    assert_eq!(names, ["ios", "android"]);
    let runner = |job: &str| {
        key(&workflow["jobs"], job)["runs-on"]
            .as_str()
            .map(str::to_owned)
    };
    assert!(runner("ios").is_some_and(|r| r.starts_with("macos-")));
    assert!(runner("android").is_some_and(|r| r.starts_with("ubuntu-")));
    for (name, job) in jobs {
        for step in key(job, "steps").as_vec().expect("steps") {
            let runs = step["run"].as_str().is_some();
            let uses = step["uses"].as_str().is_some();
            assert!(
                runs != uses,
                "{name:?}: a step must run or use, one of them: {step:?}"
            );
        }
    }
}

#[test]
fn it_installs_the_dx_that_matches_the_dioxus_crates() {
    let dioxus = locked_version("dioxus");
    let workflow = workflow();
    assert_eq!(
        workflow["env"]["DX_VERSION"].as_str(),
        Some(dioxus.as_str())
    );
    let install = format!("cargo install dioxus-cli --version {dioxus} --locked");
    for job in ["ios", "android"] {
        assert!(
            runs(&workflow["jobs"][job]).contains(&install.as_str()),
            "{job} does not run `{install}`"
        );
    }
}

#[test]
fn it_generates_bindings_bundles_and_calls_existing_lanes_with_their_secrets() {
    let workflow = workflow();
    for (job, language, platform, lane_call) in [
        ("ios", "swift", "ios", "fastlane ios beta"),
        ("android", "kotlin", "android", "fastlane android internal"),
    ] {
        let job_yaml = &workflow["jobs"][job];
        let scripts = runs(job_yaml).join("\n");
        assert!(
            scripts.contains("cargo run -p uniffi-bindgen -- generate --library")
                && scripts.contains(&format!("--language {language}")),
            "{job}: no {language} bindings"
        );
        assert!(
            scripts.contains(&format!("dx bundle --platform {platform} --release")),
            "{job}: no dx bundle"
        );
        let lane = lane_call.rsplit(' ').next().unwrap_or_default();
        let (lanes, secrets) = fastfile_platform(platform);
        assert!(
            lanes.iter().any(|l| l == lane),
            "no lane :{lane} in {lanes:?}"
        );
        // The step calling the lane passes every secret the lane requires, from `secrets`.
        let step = key(job_yaml, "steps")
            .as_vec()
            .expect("steps")
            .iter()
            .find(|step| step["run"].as_str() == Some(lane_call))
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
    let ios = runs(&workflow["jobs"]["ios"]).join("\n");
    assert!(ios.contains("ios/Sources/CozcadeHost/*.swift"));
    assert!(ios.contains("--features ios-host"));
    // The Android build puts AndroidHost.kt and NetworkReporter.kt next to the activity.
    let android = runs(&workflow["jobs"]["android"]).join("\n");
    assert!(android.contains("android/src/main/kotlin/dev/dioxus/main/AndroidHost.kt"));
    assert!(android.contains("android/src/main/kotlin/dev/dioxus/main/NetworkReporter.kt"));
}

#[test]
fn credentials_come_only_from_secrets() {
    let workflow = workflow();
    // Every `env:` map: the workflow's, each job's, each step's.
    let mut maps = vec![&workflow["env"]];
    for job in key(&workflow, "jobs").as_hash().expect("jobs").values() {
        maps.push(&job["env"]);
        maps.extend(
            key(job, "steps")
                .as_vec()
                .expect("steps")
                .iter()
                .map(|step| &step["env"]),
        );
    }
    let mut checked = 0;
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
                    "{name} must come from secrets.{name}"
                );
                checked += 1;
            }
        }
    }
    assert!(
        checked >= 10,
        "only {checked} credentials found: the check reads the wrong maps"
    );
}

#[test]
fn the_swift_host_targets_the_apps_deployment_target_and_the_lanes_find_the_builds() {
    let workflow = workflow();
    let dioxus: toml::Table = read_text("mobile/Dioxus.toml")
        .unwrap_or_else(|e| panic!("{e}"))
        .parse()
        .expect("Dioxus.toml is TOML");
    let target = dioxus["ios"]["deployment_target"]
        .as_str()
        .expect("[ios] deployment_target");
    let ios = runs(&workflow["jobs"]["ios"]).join("\n");
    assert!(
        ios.contains(&format!("-target arm64-apple-ios{target} ")),
        "the Swift host is not built for iOS {target}"
    );
    // The lanes' default paths (Fastfile) are where the jobs put the builds.
    let fastfile = read_text("fastlane/Fastfile").unwrap_or_else(|e| panic!("{e}"));
    for (job, variable, path) in [
        ("ios", "COZCADE_IPA", "dist/ios/Cozcade.ipa"),
        ("android", "COZCADE_AAB", "dist/android/Cozcade.aab"),
    ] {
        assert!(fastfile.contains(&format!("ENV.fetch(\"{variable}\", \"{path}\")")));
        let lane_step = key(&workflow["jobs"][job], "steps")
            .as_vec()
            .expect("steps")
            .iter()
            .find(|step| !step["env"][variable].is_badvalue())
            .unwrap_or_else(|| panic!("{job}: no step sets {variable}"));
        assert_eq!(lane_step["env"][variable].as_str(), Some(path));
        let scripts = runs(&workflow["jobs"][job]).join("\n");
        let file = path.rsplit('/').next().unwrap_or_default();
        assert!(scripts.contains(file), "{job} never writes {file}");
    }
}
