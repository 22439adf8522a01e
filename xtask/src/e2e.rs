//! The app's end-to-end suites in `cargo xtask test`: the browser tests once per engine the
//! players meet (Chromium, WebKit), and the native desktop build driven in its own X display.
//! Each suite ends with one summary line, read from node's TAP report (the spec report goes to
//! the terminal as before).

use std::{
    path::{Path, PathBuf},
    process::Command,
    time::Instant,
};

use anyhow::{Context, Result, anyhow};

use crate::{need, root, step, target_dir};

/// A browser engine the browser tests run in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Engine {
    /// Debian's Chromium through playwright-core: Android's web view, Chrome.
    Chromium,
    /// WebKitGTK's MiniBrowser through WebKitWebDriver (selenium-webdriver): Safari, the iOS
    /// web view.
    WebKit,
}

impl Engine {
    pub const ALL: [Engine; 2] = [Engine::Chromium, Engine::WebKit];

    /// The name the tests read in COZCADE_ENGINE.
    fn env_name(self) -> &'static str {
        match self {
            Engine::Chromium => "chromium",
            Engine::WebKit => "webkit",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Engine::Chromium => "Chromium",
            Engine::WebKit => "WebKit",
        }
    }
}

/// What one suite's TAP report counted at its end, and the tests it skipped with their reasons.
#[derive(Debug, Default, PartialEq)]
pub struct Summary {
    pub passed: u32,
    pub failed: u32,
    pub skipped: Vec<(String, String)>,
    /// The top-level tests that failed (`not ok N - name`).
    pub failing: Vec<String>,
    /// Tests that failed, then passed when run once more (WebKit only; see [`browser_suite`]).
    pub passed_again: Vec<String>,
}

impl Summary {
    /// Reads the report's closing counts (the last `# pass N` and `# fail N`, after any nested
    /// subtests' own) and every top-level `ok N - name # SKIP reason`.
    pub fn from_tap(tap: &str) -> Result<Summary> {
        let mut summary = Summary::default();
        let mut counts = (None, None);
        for line in tap.lines() {
            if let Some(n) = line.strip_prefix("# pass ") {
                counts.0 = n.trim().parse().ok();
            } else if let Some(n) = line.strip_prefix("# fail ") {
                counts.1 = n.trim().parse().ok();
            } else if let Some(rest) = line.strip_prefix("ok ")
                && let Some((_, test)) = rest.split_once(" - ")
                && let Some((name, reason)) = test.split_once(" # SKIP")
            {
                summary
                    .skipped
                    .push((name.trim().to_owned(), reason.trim().to_owned()));
            } else if let Some(rest) = line.strip_prefix("not ok ")
                && let Some((_, name)) = rest.split_once(" - ")
            {
                summary.failing.push(name.trim().to_owned());
            }
        }
        match counts {
            (Some(passed), Some(failed)) => {
                summary.passed = passed;
                summary.failed = failed;
                Ok(summary)
            }
            _ => Err(anyhow!("the TAP report has no closing counts")),
        }
    }

    /// `N passed, M failed` (and what was skipped).
    pub fn line(&self) -> String {
        let mut line = format!("{} passed, {} failed", self.passed, self.failed);
        if !self.skipped.is_empty() {
            line += &format!(", {} Chromium-only not run", self.skipped.len());
        }
        if !self.passed_again.is_empty() {
            line += &format!(
                "; {} of them passed only when run once more: {}",
                self.passed_again.len(),
                self.passed_again.join("; ")
            );
        }
        line
    }
}

/// The browser tests in `engine` on the web `bundle`, with the room server built beforehand.
/// A test may be skipped only in WebKit and only as Chromium-only (harness.js `chromiumOnly`):
/// any other skip fails the step, so a skip can't hide a failure.
pub fn browser_suite(engine: Engine, bundle: &Path) -> Result<Summary> {
    let node = || -> Result<Command> {
        let mut node = node_in_e2e(bundle)?;
        node.env("COZCADE_ENGINE", engine.env_name());
        if engine == Engine::WebKit {
            need::webkit_driver()?;
        }
        Ok(node)
    };
    let title = match engine {
        Engine::Chromium => "app: browser tests in Chromium (headless, playwright-core)",
        Engine::WebKit => "app: browser tests in WebKit (WebKitGTK under Xvfb, WebKitWebDriver)",
    };
    let report = format!("browser-{}", engine.env_name());
    let summary = match engine {
        Engine::Chromium => suite(title, node()?, &["tests/"], &report)?,
        Engine::WebKit => suite_with_second_runs(title, node, &report)?,
    };
    let stray: Vec<_> = summary
        .skipped
        .iter()
        .filter(|(_, reason)| engine == Engine::Chromium || !reason.starts_with("Chromium only:"))
        .collect();
    if !stray.is_empty() {
        return Err(anyhow!(
            "browser tests in {}: skipped without being Chromium-only: {stray:?}",
            engine.title()
        ));
    }
    println!("browser tests in {}: {}", engine.title(), summary.line());
    for (name, reason) in &summary.skipped {
        println!("  not run in {}: {name} ({reason})", engine.title());
    }
    Ok(summary)
}

/// The native app's end-to-end tests (`e2e/native/`): `app` is the desktop build with the
/// stand-in host, built for the room server at `server` (`COZCADE_SERVER`); the browser friend
/// plays on the web `bundle`.
pub fn native_suite(app: &Path, server: &str, bundle: &Path) -> Result<Summary> {
    let mut node = node_in_e2e(bundle)?;
    node.env("COZCADE_NATIVE_BIN", app)
        .env("COZCADE_NATIVE_SERVER", server);
    let summary = suite(
        "app: the native app end to end (desktop build under Xvfb)",
        node,
        &["native/"],
        "native",
    )?;
    if !summary.skipped.is_empty() {
        return Err(anyhow!("native tests skipped: {:?}", summary.skipped));
    }
    println!("native app: {}", summary.line());
    Ok(summary)
}

/// `node` in `mobile/e2e` with what every suite reads: the web `bundle`, where pictures go,
/// the room server's binary, and Chromium (the friend's browser in the mixed tests).
fn node_in_e2e(bundle: &Path) -> Result<Command> {
    let mut node = Command::new("node");
    node.current_dir(root().join("mobile/e2e"))
        .env("COZCADE_WEB_DIR", bundle)
        .env("COZCADE_ARTIFACTS", root().join("artifacts/e2e"))
        .env(
            "COZCADE_SERVER_BIN",
            target_dir().join("debug/cozcade-server"),
        )
        .env("CHROMIUM", need::chromium()?);
    Ok(node)
}

/// Runs node's test runner on `paths` (one file at a time: the browsers and displays are
/// heavy), the spec report to the terminal and a TAP report to `<target>/e2e-<name>.tap`;
/// answers its summary, or the failure.
fn suite(title: &str, node: Command, paths: &[&str], name: &str) -> Result<Summary> {
    let (ran, summary) = run_suite(title, node, paths, name);
    match (ran, summary) {
        (Ok(()), Ok(summary)) if summary.failed == 0 => Ok(summary),
        (ran, summary) => failed(title, ran, summary),
    }
}

/// A suite that failed: its counts when its report has them, and the step's error.
fn failed<T>(title: &str, ran: Result<()>, summary: Result<Summary>) -> Result<T> {
    if let Ok(summary) = &summary {
        println!("{title}: {}", summary.line());
    }
    ran.and(Err(anyhow!("step \"{title}\" failed")))
}

/// Most tests of a WebKit run that may fail and still be run once more: more failures than
/// these are not the driver's occasional stall.
const MOST_RUN_AGAIN: usize = 3;

/// The WebKit suite, where up to [`MOST_RUN_AGAIN`] tests that failed are run once more (those
/// tests only), and the suite passes if they all pass then. WebKitGTK under Xvfb now and then
/// leaves a WebDriver command unanswered, or starts a transition a frame late, on a loaded
/// machine (mobile/README.md); a test that fails twice fails the step, and the summary line
/// names every test that passed only the second time.
fn suite_with_second_runs(
    title: &str,
    node: impl Fn() -> Result<Command>,
    name: &str,
) -> Result<Summary> {
    let (ran, summary) = run_suite(title, node()?, &["tests/"], name);
    let mut summary = match (ran, summary) {
        (Ok(()), Ok(summary)) if summary.failed == 0 => return Ok(summary),
        (_, Ok(summary))
            if summary.failed as usize == summary.failing.len()
                && (1..=MOST_RUN_AGAIN).contains(&summary.failing.len()) =>
        {
            summary
        }
        (ran, summary) => return failed(title, ran, summary),
    };
    println!(
        "{title}: {} failed; each is run once more: {}",
        summary.failing.len(),
        summary.failing.join("; ")
    );
    let mut again = node()?;
    for test in &summary.failing {
        again.arg(format!("--test-name-pattern=^{}$", regex_escape(test)));
    }
    let second = suite(
        &format!("{title}: the failed tests once more"),
        again,
        &["tests/"],
        &format!("{name}-again"),
    )?;
    if second.passed as usize != summary.failing.len() {
        return Err(anyhow!(
            "step \"{title}\": {} tests failed and {} passed when run once more",
            summary.failing.len(),
            second.passed
        ));
    }
    summary.passed += second.passed;
    summary.failed = 0;
    summary.passed_again = std::mem::take(&mut summary.failing);
    Ok(summary)
}

/// `text` as a JavaScript regular expression that matches it literally (node's
/// `--test-name-pattern`).
fn regex_escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if "\\^$.|?*+()[]{}/".contains(c) {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

/// Runs a suite: whether node's run passed, and the summary its TAP report gives.
fn run_suite(
    title: &str,
    mut node: Command,
    paths: &[&str],
    name: &str,
) -> (Result<()>, Result<Summary>) {
    let tap = report_path(name);
    node.args(["--test", "--test-concurrency=1"])
        .args(["--test-reporter=spec", "--test-reporter-destination=stdout"])
        .arg("--test-reporter=tap")
        .arg(format!("--test-reporter-destination={}", tap.display()))
        .args(paths);
    let _ = std::fs::remove_file(&tap);
    let started = Instant::now();
    let ran = step(title, node);
    let took = started.elapsed().as_secs();
    let summary = std::fs::read_to_string(&tap)
        .with_context(|| format!("reading {}", tap.display()))
        .and_then(|text| Summary::from_tap(&text));
    println!("{title}: {}m{:02}s", took / 60, took % 60);
    (ran, summary)
}

fn report_path(name: &str) -> PathBuf {
    let dir = target_dir().join("e2e-reports");
    let _ = std::fs::create_dir_all(&dir);
    dir.join(format!("{name}.tap"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TAP: &str = "TAP version 13
# Subtest: a whole game
    # Subtest: inner
    ok 1 - inner
    1..1
ok 1 - a whole game
  ---
  duration_ms: 12.5
  ...
# Subtest: throttled load
ok 2 - throttled load # SKIP Chromium only: CDP network throttling
  ---
  ...
1..2
# tests 2
# suites 0
# pass 1
# fail 0
# cancelled 0
# skipped 1
# todo 0
# duration_ms 40.2
";

    #[test]
    fn the_summary_reads_the_closing_counts_and_the_skips() {
        let summary = Summary::from_tap(TAP).expect("a summary");
        assert_eq!(summary.passed, 1);
        assert_eq!(summary.failed, 0);
        assert_eq!(
            summary.skipped,
            vec![(
                "throttled load".to_owned(),
                "Chromium only: CDP network throttling".to_owned()
            )]
        );
        assert_eq!(
            summary.line(),
            "1 passed, 0 failed, 1 Chromium-only not run"
        );
    }

    #[test]
    fn the_summary_names_the_failed_top_level_tests_only() {
        let tap = "TAP version 13
# Subtest: a whole game (phone)
    not ok 1 - inner step
not ok 1 - a whole game (phone)
ok 2 - sound
not ok 3 - Back [and] Forward? $5
1..3
# pass 1
# fail 2
";
        let summary = Summary::from_tap(tap).expect("a summary");
        assert_eq!((summary.passed, summary.failed), (1, 2));
        assert_eq!(
            summary.failing,
            vec!["a whole game (phone)", "Back [and] Forward? $5"]
        );
    }

    #[test]
    fn a_test_s_name_is_matched_literally_when_run_again() {
        assert_eq!(
            regex_escape("Back [and] Forward? (phone) a.b $5 c/d"),
            r"Back \[and\] Forward\? \(phone\) a\.b \$5 c\/d"
        );
        assert_eq!(regex_escape("plain words, 3 × 2"), "plain words, 3 × 2");
    }

    #[test]
    fn the_summary_line_names_what_passed_only_when_run_again() {
        let summary = Summary {
            passed: 167,
            skipped: vec![("x".into(), "Chromium only: y".into())],
            passed_again: vec!["a".into(), "b".into()],
            ..Summary::default()
        };
        assert_eq!(
            summary.line(),
            "167 passed, 0 failed, 1 Chromium-only not run; 2 of them passed only when run once more: a; b"
        );
    }

    #[test]
    fn a_report_cut_short_has_no_summary() {
        assert!(Summary::from_tap("TAP version 13\nok 1 - a\n").is_err());
    }
}
