//! Helpers for the checks in `tests/`: the files under `ios/`, `android/` and `fastlane/` are
//! written for Xcode, Gradle and fastlane, none of which runs on this Linux machine, so the
//! tests here parse them and hold them to what the stores and the server expect.

use std::path::{Path, PathBuf};

/// The repository root (this crate lives one level below it).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
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
    fn the_root_holds_the_workspace() {
        assert!(repo_root().join("Cargo.toml").is_file());
        assert!(read_text("no/such/file").is_err());
    }
}
