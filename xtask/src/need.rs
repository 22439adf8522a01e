//! What the tasks need from the machine beyond cargo and rustup (rustup reads
//! `rust-toolchain.toml` and installs the compiler and components by itself): the toolchain's
//! targets when it was installed without them, Debian packages, Node and the Node folders'
//! `npm ci`. Each is looked for first; what is missing is installed when xtask can (rustup
//! always, apt-get as root on Debian, npm ci always), and otherwise the task stops with the one
//! command to run.

use std::{
    path::{Path, PathBuf},
    process::Command,
};

use anyhow::Result;

use crate::step;

/// A step that failed for a reason the user can fix: `main` prints it as the last line.
#[derive(Debug)]
pub struct Fix {
    pub step: String,
    pub fix: String,
}

impl std::fmt::Display for Fix {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} failed. Fix: {}", self.step, self.fix)
    }
}

impl std::error::Error for Fix {}

pub fn fix(step: impl Into<String>, fix: impl Into<String>) -> anyhow::Error {
    Fix {
        step: step.into(),
        fix: fix.into(),
    }
    .into()
}

/// The Debian packages `cargo xtask test` uses, and why.
pub const TEST_PACKAGES: &[(&str, &str)] = &[
    ("chromium", "the browser tests (driven by playwright-core)"),
    (
        "gcc-aarch64-linux-gnu",
        "the Android compile check (SQLite's C code)",
    ),
    ("ruby", "the Fastfile's syntax check (ruby -c)"),
    (
        "python3",
        "the native bridge's test (UniFFI's Python bindings)",
    ),
    (
        "libwebkit2gtk-4.1-dev",
        "the desktop window's compile check",
    ),
    ("libgtk-3-dev", "the desktop window's compile check"),
    ("libxdo-dev", "the desktop window's compile check"),
    (
        "postgresql",
        "the PostgreSQL store's tests (a throwaway cluster)",
    ),
    ("nginx", "the failover tests (a throwaway nginx)"),
    (
        "webkit2gtk-driver",
        "the browser tests in WebKit (WebKitWebDriver; MiniBrowser comes with libwebkit2gtk-4.1-0)",
    ),
    (
        "xvfb",
        "the WebKit browser tests' and the native app's X display",
    ),
    (
        "python3-pyatspi",
        "the native app's tests read its accessibility tree (AT-SPI)",
    ),
    (
        "at-spi2-core",
        "the native app's tests: the accessibility bus",
    ),
    (
        "dbus-daemon",
        "the native app's tests: a session bus of their own",
    ),
    (
        "xdotool",
        "the native app's tests: the X pointer and window size",
    ),
    (
        "imagemagick",
        "the native app's tests: screenshots of the window (import)",
    ),
    (
        "zbar-tools",
        "the browser tests (zbarimg reads the personal link's QR code)",
    ),
];

/// Installs the missing Debian packages (apt-get, as root on Debian) or stops with the command
/// that installs them. Off Debian nothing is checked here: each step says what it lacks.
pub fn debian_packages(packages: &[(&str, &str)]) -> Result<()> {
    if !Path::new("/etc/debian_version").exists() {
        return Ok(());
    }
    let missing: Vec<&str> = packages
        .iter()
        .filter(|(name, _)| !installed(name))
        .map(|(name, _)| *name)
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    for (name, why) in packages.iter().filter(|(name, _)| missing.contains(name)) {
        println!("missing Debian package {name}: {why}");
    }
    let install = format!("apt-get install -y {}", missing.join(" "));
    if !is_root() {
        return Err(fix(
            "finding the Debian packages",
            format!("sudo apt-get update && sudo {install}"),
        ));
    }
    let mut update = Command::new("apt-get");
    update.args(["update", "-qq"]);
    step("install: apt-get update", update)?;
    let mut apt = Command::new("apt-get");
    apt.args(["install", "-y", "-qq"])
        .args(&missing)
        .env("DEBIAN_FRONTEND", "noninteractive");
    step(&format!("install: {install}"), apt).map_err(|_| {
        fix(
            format!("install: {install}"),
            format!("run `{install}` by hand and read its error"),
        )
    })
}

fn installed(package: &str) -> bool {
    Command::new("dpkg-query")
        .args(["-W", "-f=${Status}", package])
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).ends_with("install ok installed"))
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
}

/// Node and npm, for the tasks that run JavaScript. Looked for as commands, not packages:
/// Node often comes from elsewhere than Debian (NodeSource, nvm), npm with it.
pub fn node() -> Result<()> {
    let missing = || !has_node();
    if !missing() {
        return Ok(());
    }
    if Path::new("/etc/debian_version").exists() && is_root() {
        debian_packages(&[
            ("nodejs", "runs the browser tests and wasm-opt"),
            ("npm", "installs the Node folders' pinned packages"),
        ])?;
        if !missing() {
            return Ok(());
        }
    }
    Err(fix(
        "finding node and npm",
        "install Node.js 20 or later with npm (Debian: `apt-get install -y nodejs npm`)",
    ))
}

/// Whether `node` and `npm` run, without installing them.
pub fn has_node() -> bool {
    ["node", "npm"]
        .into_iter()
        .all(|tool| Command::new(tool).arg("--version").output().is_ok())
}

/// `npm ci` in `dir` unless its `node_modules` was installed from the same lock file.
pub fn npm_ci(dir: &Path) -> Result<()> {
    let lock_file = dir.join("package-lock.json");
    let lock = std::fs::read(&lock_file).map_err(|e| {
        fix(
            format!("reading {}", lock_file.display()),
            format!("restore it from git ({e})"),
        )
    })?;
    let marker = dir.join("node_modules/.cozcade-installed-lock");
    if std::fs::read(&marker).ok().as_deref() == Some(lock.as_slice()) {
        return Ok(());
    }
    node()?;
    let title = format!("install: npm ci in {}", dir.display());
    let mut npm = Command::new("npm");
    npm.args(["ci", "--no-audit", "--no-fund"]).current_dir(dir);
    step(&title, npm).map_err(|_| {
        fix(
            title.clone(),
            format!(
                "run `npm ci` in {} and read its error (the npm registry must be reachable)",
                dir.display()
            ),
        )
    })?;
    std::fs::write(&marker, &lock).ok();
    Ok(())
}

/// The Chromium the browser tests drive: `CHROMIUM`, else Debian's.
pub fn chromium() -> Result<PathBuf> {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        return Err(fix(
            "finding Chromium for the browser tests",
            format!(
                "`apt-get install -y chromium`, or set CHROMIUM to a Chromium binary (looked at {chromium})"
            ),
        ));
    }
    Ok(PathBuf::from(chromium))
}

/// A rustup target the step builds for. rust-toolchain.toml lists them, but rustup adds a
/// toolchain file's targets only when it installs that toolchain itself (and never with
/// `RUSTUP_AUTO_INSTALL=0`): one already installed without them (by hand, by an earlier
/// checkout, by a machine image) stays without. So a missing target is added here with
/// rustup, for the toolchain this cargo runs (rustup passes it down in RUSTUP_TOOLCHAIN).
pub fn rust_target(target: &str) -> Result<()> {
    if has_rust_target(target) {
        return Ok(());
    }
    let fix_it = || {
        fix(
            format!("finding the Rust standard library for {target}"),
            format!("`rustup target add {target}` (and read its error)"),
        )
    };
    if Command::new("rustup").arg("--version").output().is_err() {
        return Err(fix_it());
    }
    let mut rustup = Command::new("rustup");
    rustup.args(["target", "add", target]);
    step(&format!("install: rustup target add {target}"), rustup).map_err(|_| fix_it())?;
    if has_rust_target(target) {
        Ok(())
    } else {
        Err(fix_it())
    }
}

/// Whether the sysroot of the rustc that cargo uses holds `target`'s standard library. When
/// rustc cannot be asked, the build that follows says what is wrong.
fn has_rust_target(target: &str) -> bool {
    let sysroot = Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
        .args(["--print", "sysroot"])
        .output();
    let Ok(sysroot) = sysroot else {
        return true;
    };
    let sysroot = PathBuf::from(String::from_utf8_lossy(&sysroot.stdout).trim());
    sysroot.join("lib/rustlib").join(target).exists()
}

/// WebKitGTK's WebDriver and the browser it drives, for the browser tests in WebKit.
pub fn webkit_driver() -> Result<()> {
    if Command::new("WebKitWebDriver")
        .arg("--version")
        .output()
        .is_err()
    {
        return Err(fix(
            "finding WebKitWebDriver for the browser tests in WebKit",
            "`apt-get install -y webkit2gtk-driver xvfb`",
        ));
    }
    Ok(())
}
