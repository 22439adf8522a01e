//! Helpers for the checks in `tests/`: the files under `ios/`, `android/` and `fastlane/` are
//! written for Xcode, Gradle and fastlane, none of which runs on this Linux machine, so the
//! tests here parse them and hold them to what the stores and the server expect. [`release`]
//! holds the checks the release workflow runs on its own artifacts (`release-check`).

use std::path::{Path, PathBuf};

pub mod release;

/// The repository root (this crate lives one level below it). Read at run time from what
/// `cargo test` sets, since a target dir shared by two clones keeps the first clone's binary.
pub fn repo_root() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from(".."))
}

/// A file under the repository root, as bytes; the error names the file.
pub fn read_bytes(relative: &str) -> Result<Vec<u8>, String> {
    let path = repo_root().join(relative);
    std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))
}

/// A file under the repository root as UTF-8 text; the error names the file.
pub fn read_text(relative: &str) -> Result<String, String> {
    let bytes = read_bytes(relative)?;
    String::from_utf8(bytes).map_err(|e| format!("{relative}: not UTF-8: {e}"))
}

/// The host files that Xcode, Gradle and the stores read as XML: property lists, entitlements,
/// privacy manifests and every Android XML file, found by name so a new one is checked too.
pub fn xml_host_files() -> Result<Vec<String>, String> {
    let mut found = Vec::new();
    for dir in ["ios", "android"] {
        collect_xml(&repo_root(), Path::new(dir), &mut found)?;
    }
    found.sort();
    Ok(found)
}

fn collect_xml(root: &Path, dir: &Path, found: &mut Vec<String>) -> Result<(), String> {
    let full = root.join(dir);
    let entries = std::fs::read_dir(&full).map_err(|e| format!("{}: {e}", full.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", full.display()))?;
        let relative = dir.join(entry.file_name());
        let kind = entry
            .file_type()
            .map_err(|e| format!("{}: {e}", relative.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        // Generated bindings and build output are not the repository's files.
        if kind.is_dir() && !matches!(name.as_str(), "generated" | "build" | ".gradle") {
            collect_xml(root, &relative, found)?;
        } else if kind.is_file()
            && [".plist", ".entitlements", ".xcprivacy", ".xml"]
                .iter()
                .any(|extension| name.ends_with(extension))
        {
            found.push(relative.to_string_lossy().into_owned());
        }
    }
    Ok(())
}

/// Parses `text` as strict XML 1.0 (roxmltree): a comment holding `--`, an unclosed element or
/// a bad entity is an error here even where a lenient property-list reader would let it pass.
/// Property lists start with a DOCTYPE, so one is allowed (its external DTD is not fetched).
pub fn check_xml(relative: &str, text: &str) -> Result<(), String> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    roxmltree::Document::parse_with_options(text, options)
        .map(drop)
        .map_err(|e| format!("{relative} is not well-formed XML: {e}"))
}

/// What the stores count: characters (Unicode scalar values), not bytes — Cyrillic takes two
/// bytes a letter in UTF-8 but counts once. Leading and trailing white space is not counted
/// because fastlane strips it before uploading.
pub fn store_length(text: &str) -> usize {
    text.trim().chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_count_characters_after_trimming() {
        assert_eq!(store_length("Cozcade\n"), 7);
        assert_eq!(store_length("  Шашки  \n"), 5);
        assert_eq!("Шашки".len(), 10);
        assert_eq!(store_length(""), 0);
    }

    #[test]
    fn strict_xml_refuses_what_xml_forbids() {
        let plist = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \
                     \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist><dict/></plist>";
        assert_eq!(check_xml("ok.plist", plist), Ok(()));
        let double_hyphen = "<!-- see --ios-bundle-id --><plist/>";
        let error = check_xml("bad.plist", double_hyphen).unwrap_err();
        assert!(
            error.starts_with("bad.plist is not well-formed XML"),
            "{error}"
        );
        assert!(check_xml("open.xml", "<manifest><application></manifest>").is_err());
        assert!(check_xml("entity.xml", "<a>&nope;</a>").is_err());
    }

    #[test]
    fn every_host_xml_file_is_found() {
        let files = xml_host_files().unwrap();
        for expected in [
            "ios/Info.plist",
            "ios/Cozcade.entitlements",
            "ios/PrivacyInfo.xcprivacy",
            "android/AndroidManifest.xml",
        ] {
            assert!(
                files.iter().any(|f| f == expected),
                "{expected} in {files:?}"
            );
        }
    }

    #[test]
    fn the_root_holds_the_workspace() {
        assert!(repo_root().join("Cargo.toml").is_file());
        assert!(read_text("no/such/file").is_err());
    }
}
