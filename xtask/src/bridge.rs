//! The native hosts' bridge, tested from Python: the Swift side can't run here (the Kotlin side
//! runs on the JVM: `kotlin.rs`), but UniFFI generates Python bindings from the same library
//! metadata, so a Python class can implement the host trait and drive the exported functions
//! exactly as the phones do.

use std::{
    path::{Path, PathBuf},
    process::Command,
};

use anyhow::{Context, Result, bail};

use crate::{cargo, cargo_step, root, step, target_dir};

/// Builds `libcozcade_mobile.so` with the test exports, generates `cozcade_mobile.py` with the
/// workspace's own `uniffi-bindgen` (library mode: no UDL), and runs
/// `hosts-check/python/test_bridge.py` against them. Needs only `python3` (standard library).
pub fn python_test() -> Result<()> {
    if Command::new("python3").arg("--version").output().is_err() {
        return Err(crate::need::fix(
            "the bridge test",
            "install python3 (Debian: `apt-get install -y python3`)",
        ));
    }
    let library = test_library()?;
    let out = target_dir().join("bridge-python");
    if out.exists() {
        std::fs::remove_dir_all(&out).with_context(|| format!("clearing {}", out.display()))?;
    }
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    generate(&library, "python", &out)?;
    // The generated module loads the library from its own directory.
    let copy = out.join(library_file("cozcade_mobile"));
    std::fs::copy(&library, &copy)
        .with_context(|| format!("copying {} to {}", library.display(), copy.display()))?;
    let mut python = Command::new("python3");
    python
        .arg(root().join("hosts-check/python/test_bridge.py"))
        .arg("-v")
        .env("COZCADE_BINDINGS", &out)
        // The generated module must not be cached beside the test between runs of different
        // builds.
        .env("PYTHONDONTWRITEBYTECODE", "1");
    step("bridge: Python test (hosts-check/python)", python)?;
    phone_bindings(&library)
}

/// Builds `libcozcade_mobile.so` (the platform's name for it) with the test exports and returns
/// its path. The Python and the Kotlin bridge tests share it: the second call finds it fresh.
pub fn test_library() -> Result<PathBuf> {
    // A cdylib on request only: declaring it in Cargo.toml would link one in every build of
    // the app (web and Android included) for nothing.
    cargo_step(
        "bridge: cdylib with the test exports",
        &[
            "rustc",
            "-p",
            "cozcade-mobile",
            "--lib",
            "--crate-type",
            "cdylib",
            "--features",
            "bridge-test",
        ],
    )?;
    Ok(target_dir()
        .join("debug")
        .join(library_file("cozcade_mobile")))
}

/// Runs the workspace's `uniffi-bindgen` on the library (library mode) for one language.
pub fn generate(library: &Path, language: &str, out: &Path) -> Result<()> {
    let mut bindgen = cargo();
    bindgen
        .args(["run", "--quiet", "-p", "uniffi-bindgen", "--", "generate"])
        .arg("--library")
        .arg(library)
        .args(["--language", language, "--no-format", "--out-dir"])
        .arg(out);
    step(
        &format!("bridge: {language} bindings (uniffi-bindgen, library mode)"),
        bindgen,
    )
}

/// The Swift bindings can't be compiled here (the Kotlin ones are, by `kotlin.rs`), but
/// generating both checks `mobile/uniffi.toml` and that they come out under the names the
/// release workflow and the hosts use: the Swift module and its C header/modulemap, the Kotlin
/// package, and the library the Kotlin loads (dx's `libmain.so`).
fn phone_bindings(library: &Path) -> Result<()> {
    let out = target_dir().join("bridge-phones");
    if out.exists() {
        std::fs::remove_dir_all(&out).with_context(|| format!("clearing {}", out.display()))?;
    }
    generate(library, "swift", &out.join("swift"))?;
    generate(library, "kotlin", &out.join("kotlin"))?;
    for file in [
        "swift/CozcadeBridge.swift",
        "swift/CozcadeBridgeFFI.h",
        "swift/CozcadeBridgeFFI.modulemap",
    ] {
        if !out.join(file).is_file() {
            bail!("uniffi-bindgen did not write {file}: see mobile/uniffi.toml");
        }
    }
    let kotlin = out.join("kotlin/app/cozcade/bridge/cozcade_mobile.kt");
    let kotlin = std::fs::read_to_string(&kotlin)
        .with_context(|| format!("reading {}", kotlin.display()))?;
    if !kotlin.contains("package app.cozcade.bridge") || !kotlin.contains("return \"main\"") {
        bail!(
            "the Kotlin bindings do not load libmain.so from app.cozcade.bridge: see mobile/uniffi.toml"
        );
    }
    println!(
        "bridge: Swift and Kotlin bindings generated in {}",
        out.display()
    );
    Ok(())
}

/// The platform's file name for a dynamic library.
fn library_file(name: &str) -> String {
    format!(
        "{}{name}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    )
}
