//! The release's version numbers, from one place: a `v<major>.<minor>.<patch>` tag gives the
//! version both stores show (`CFBundleShortVersionString`, `versionName`); the workflow's run
//! number gives the build number both count up (`CFBundleVersion`, `versionCode`), so every
//! upload has a new one. A run that is not a tag (a dry run, a build of main) uses the
//! workspace's version from Cargo.toml.

/// The highest `versionCode` Play accepts.
const MAX_VERSION_CODE: u64 = 2_100_000_000;

#[derive(Debug, PartialEq, Eq)]
pub struct Release {
    pub version: String,
    pub build: u32,
}

/// `ref_type` and `ref_name` are GitHub's `github.ref_type` and `github.ref_name`.
pub fn release(
    ref_type: &str,
    ref_name: &str,
    run_number: &str,
    workspace_version: &str,
) -> Result<Release, String> {
    let version = if ref_type == "tag" {
        ref_name
            .strip_prefix('v')
            .ok_or_else(|| format!("the tag {ref_name:?} does not start with v"))?
    } else {
        workspace_version
    };
    let parts: Vec<&str> = version.split('.').collect();
    let numeric = |p: &&str| !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit());
    if parts.len() != 3 || !parts.iter().all(numeric) {
        return Err(format!(
            "{version:?} is not <major>.<minor>.<patch> in digits, which App Store Connect requires"
        ));
    }
    let build: u64 = run_number
        .parse()
        .map_err(|_| format!("the run number {run_number:?} is not a number"))?;
    if build == 0 || build > MAX_VERSION_CODE {
        return Err(format!(
            "the run number {build} is not a build number Play accepts"
        ));
    }
    Ok(Release {
        version: version.to_owned(),
        build: u32::try_from(build).map_err(|e| e.to_string())?,
    })
}

/// `[workspace.package] version` from the workspace's Cargo.toml text.
pub fn workspace_version(cargo_toml: &str) -> Result<String, String> {
    let table: toml::Table = cargo_toml.parse().map_err(|e| format!("Cargo.toml: {e}"))?;
    table
        .get("workspace")
        .and_then(|w| w.get("package"))
        .and_then(|p| p.get("version"))
        .and_then(toml::Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| "Cargo.toml has no [workspace.package] version".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_gives_the_version_and_the_run_the_build() {
        assert_eq!(
            release("tag", "v1.4.0", "57", "0.1.0"),
            Ok(Release {
                version: "1.4.0".into(),
                build: 57
            })
        );
        // Not a tag: the workspace's version, the same run number.
        assert_eq!(
            release("branch", "main", "58", "0.1.0"),
            Ok(Release {
                version: "0.1.0".into(),
                build: 58
            })
        );
    }

    #[test]
    fn versions_the_stores_refuse_are_errors() {
        for tag in ["1.4.0", "v1.4", "v1.4.0-beta", "v1..0", "v1.4.0.1", "vnext"] {
            assert!(release("tag", tag, "3", "0.1.0").is_err(), "{tag}");
        }
        assert!(release("tag", "v1.0.0", "0", "0.1.0").is_err());
        assert!(release("tag", "v1.0.0", "x", "0.1.0").is_err());
        assert!(release("tag", "v1.0.0", "3000000000", "0.1.0").is_err());
    }

    #[test]
    fn the_workspace_version_is_read_from_cargo_toml() {
        let text = "[workspace]\nmembers = []\n[workspace.package]\nversion = \"0.3.1\"\n";
        assert_eq!(workspace_version(text), Ok("0.3.1".into()));
        assert!(workspace_version("[package]\nname = \"x\"\n").is_err());
    }
}
