//! The app's tasks: the web bundle without `dx`, and the app's checks in `cargo xtask test`.

use std::path::PathBuf;

use anyhow::{Context, Result};

use crate::{cargo_step, root};

/// The workspace's target directory, honouring `CARGO_TARGET_DIR` as cargo does.
pub fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => {
            let dir = PathBuf::from(dir);
            if dir.is_absolute() {
                dir
            } else {
                root().join(dir)
            }
        }
        None => root().join("target"),
    }
}

/// Builds the app for the browser without `dx`: cargo for wasm32, then wasm-bindgen as a library
/// (the exact version pinned in the workspace, so the glue always matches the wasm), then the
/// static files from `mobile/web/`. Returns the bundle directory, `<target dir>/web`.
pub fn web() -> Result<PathBuf> {
    cargo_step(
        "app: wasm32 release build",
        &[
            "build",
            "-p",
            "cozcade-mobile",
            "--bin",
            "cozcade-mobile",
            "--release",
            "--features",
            "web",
            "--target",
            "wasm32-unknown-unknown",
        ],
    )?;
    let wasm = target_dir().join("wasm32-unknown-unknown/release/cozcade-mobile.wasm");
    let out = target_dir().join("web");
    if out.exists() {
        std::fs::remove_dir_all(&out).with_context(|| format!("clearing {}", out.display()))?;
    }
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    println!("\n==> app: wasm-bindgen");
    wasm_bindgen_cli_support::Bindgen::new()
        .input_path(&wasm)
        .out_name("cozcade_mobile")
        .web(true)?
        .typescript(false)
        .generate(&out)
        .with_context(|| format!("wasm-bindgen on {}", wasm.display()))?;
    let static_dir = root().join("mobile/web");
    let entries = std::fs::read_dir(&static_dir)
        .with_context(|| format!("reading {}", static_dir.display()))?;
    for entry in entries {
        let entry = entry?;
        if entry.file_type()?.is_file() {
            std::fs::copy(entry.path(), out.join(entry.file_name()))
                .with_context(|| format!("copying {}", entry.path().display()))?;
        }
    }
    Ok(out)
}
