//! The release workflow's checks of its own artifacts, run on the hosted runners after each
//! build step and before any upload (`src/bin/release-check.rs` is their command line), and
//! tested here on small inputs made by the tests themselves.
//!
//! Each check reads what a platform tool printed or wrote (an ELF file, a Mach-O executable, a
//! property list, `aapt2 dump badging`, `jarsigner -verify`, `codesign -d`) and compares it with
//! what the stores require and what the repository says the app is. Every problem found is
//! reported, not only the first, so one failed run names them all.

pub mod android;
pub mod elf;
pub mod ios;
pub mod macho;
pub mod version;

use std::fmt;

/// What a check found wrong: one line each. Empty means the check passed.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Findings(Vec<String>);

impl Findings {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a problem.
    pub fn add(&mut self, problem: impl Into<String>) {
        self.0.push(problem.into());
    }

    /// Records a problem unless `ok`.
    pub fn require(&mut self, ok: bool, problem: impl FnOnce() -> String) {
        if !ok {
            self.0.push(problem());
        }
    }

    pub fn extend(&mut self, other: Findings) {
        self.0.extend(other.0);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn lines(&self) -> &[String] {
        &self.0
    }

    /// `Ok(value)` when nothing was found, else the findings.
    pub fn into_result<T>(self, value: T) -> Result<T, Findings> {
        if self.0.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }

    /// Whether some finding contains `text` (for tests).
    pub fn mentions(&self, text: &str) -> bool {
        self.0.iter().any(|line| line.contains(text))
    }
}

impl fmt::Display for Findings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in &self.0 {
            writeln!(f, "  - {line}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Findings {}

/// A dotted version's leading number (`26.5` → 26); `None` when it does not start with one.
pub fn major(version: &str) -> Option<u32> {
    version.split('.').next()?.parse().ok()
}

/// Compares dotted versions by their numbers (`16.0` = `16`, `16.4` > `16.10` is false).
pub fn version_at_least(version: &str, minimum: &str) -> bool {
    let parts = |v: &str| -> Option<Vec<u32>> { v.split('.').map(|p| p.parse().ok()).collect() };
    match (parts(version), parts(minimum)) {
        (Some(mut a), Some(mut b)) => {
            let len = a.len().max(b.len());
            a.resize(len, 0);
            b.resize(len, 0);
            a >= b
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_compare_by_number() {
        assert!(version_at_least("26.5", "26"));
        assert!(version_at_least("16.0", "16"));
        assert!(version_at_least("26.10", "26.9"));
        assert!(!version_at_least("18.4", "26"));
        assert!(!version_at_least("twenty-six", "26"));
        assert_eq!(major("26.5.1"), Some(26));
        assert_eq!(major("iphoneos"), None);
    }

    #[test]
    fn findings_collect_every_problem() {
        let mut findings = Findings::new();
        findings.require(true, || "never".into());
        findings.require(false, || "one".into());
        findings.add("two");
        assert_eq!(findings.lines(), ["one", "two"]);
        assert_eq!(findings.to_string(), "  - one\n  - two\n");
        assert!(findings.clone().into_result(()).is_err());
        assert_eq!(Findings::new().into_result(3), Ok(3));
    }
}
