//! The app's tasks: its checks in `cargo xtask test` and `cargo xtask play` (the web bundle
//! itself is `web.rs`).

use std::process::Command;

use anyhow::{Context, Result};

use crate::{cargo, cargo_step, e2e, need, root, step, target_dir, web};

/// The app's part of `cargo xtask test` (its host unit tests run with the workspace's): the
/// Android and desktop compile checks, clippy for the browser build, the web bundle, the browser
/// tests in both engines and the native app end to end.
pub fn checks() -> Result<()> {
    android_check()?;
    // The desktop window (wry/webkit) is otherwise never compiled. On Debian it needs
    // `libwebkit2gtk-4.1-dev libgtk-3-dev libxdo-dev` for the system libraries' pkg-config files.
    cargo_step(
        "app: cargo check for the desktop window (desktop)",
        &["check", "-p", "cozcade-mobile", "--features", "desktop"],
    )?;
    cargo_step(
        "app: clippy for wasm32 (web)",
        &[
            "clippy",
            "-p",
            "cozcade-mobile",
            "-p",
            "cozcade-thinker",
            "--target",
            "wasm32-unknown-unknown",
            "--features",
            "cozcade-mobile/web,cozcade-thinker/worker",
            "--no-deps",
            "--",
            "-D",
            "warnings",
        ],
    )?;
    let bundle = web::bundle(web::Optimise::Always)?;
    web::report_size(&bundle)?;
    // The online browser tests start the real room server themselves (their own port and
    // SQLite file), and kill and restart it mid-game.
    cargo_step(
        "room server: build (for the online browser tests)",
        &["build", "-p", "cozcade-server", "--bin", "cozcade-server"],
    )?;
    browser_tests(&bundle)
}

/// `cargo check` of the phone build for Android. The Rust side needs only the target; SQLite's
/// C source (rusqlite's bundled build) needs a C compiler for aarch64. With the Android NDK on
/// PATH cc finds `aarch64-linux-android-clang` itself; without it (CI, this machine) Debian's
/// `gcc-aarch64-linux-gnu` compiles it: nothing is linked by a check, so only the compiler and
/// headers matter.
fn android_check() -> Result<()> {
    let mut command = cargo();
    command.args([
        "check",
        "-p",
        "cozcade-mobile",
        "--target",
        "aarch64-linux-android",
        "--features",
        "mobile",
    ]);
    need::rust_target("aarch64-linux-android")?;
    let has_ndk = Command::new("aarch64-linux-android-clang")
        .arg("--version")
        .output()
        .is_ok();
    if !has_ndk && std::env::var_os("CC_aarch64_linux_android").is_none() {
        if Command::new("aarch64-linux-gnu-gcc")
            .arg("--version")
            .output()
            .is_err()
        {
            return Err(need::fix(
                "the Android check (SQLite is compiled from C for aarch64)",
                "install the Android NDK, or `apt-get install -y gcc-aarch64-linux-gnu`",
            ));
        }
        command
            .env("CC_aarch64_linux_android", "aarch64-linux-gnu-gcc")
            .env("AR_aarch64_linux_android", "aarch64-linux-gnu-ar");
    }
    step(
        "app: cargo check for aarch64-linux-android (mobile)",
        command,
    )
}

/// The end-to-end tests: the browser tests in Chromium and then in WebKit (node's own test
/// runner; Chromium through playwright-core, WebKitGTK through its WebDriver), then the native
/// desktop build. Screenshots land in `artifacts/e2e/` (WebKit's in `webkit/`).
fn browser_tests(bundle: &std::path::Path) -> Result<()> {
    need::npm_ci(&root().join("mobile/e2e"))?;
    for engine in e2e::Engine::ALL {
        e2e::browser_suite(engine, bundle)?;
    }
    native_tests(bundle)
}

/// The room server the native tests' build of the app is made for: its own loopback address
/// (a native build knows its server at build time, as the phones' builds do), which the tests
/// start the real server on.
const NATIVE_SERVER: &str = "http://127.0.0.29:8029";

/// Builds the desktop app with the stand-in host (links from the command line and a loopback
/// socket, as the phones' hosts hand them to the bridge) and drives it end to end.
fn native_tests(bundle: &std::path::Path) -> Result<()> {
    let mut build = cargo();
    build
        .args([
            "build",
            "-p",
            "cozcade-mobile",
            "--features",
            "stand-in-host",
        ])
        .env("COZCADE_SERVER", NATIVE_SERVER);
    step("app: build the desktop app with the stand-in host", build)?;
    e2e::native_suite(
        &target_dir().join("debug/cozcade-mobile"),
        NATIVE_SERVER,
        bundle,
    )?;
    Ok(())
}

/// `cargo xtask play`: builds the web bundle and the room server, prints the URL, and serves the
/// app through the server (`--web-root`) until Ctrl-C. `COZCADE_LISTEN` changes the address;
/// the server's database goes under the target directory.
pub fn play() -> Result<()> {
    let bundle = web::bundle(web::Optimise::IfNodeIsThere)?;
    web::report_size(&bundle)?;
    cargo_step(
        "room server: build",
        &["build", "-p", "cozcade-server", "--bin", "cozcade-server"],
    )?;
    let listen = std::env::var("COZCADE_LISTEN").unwrap_or_else(|_| "127.0.0.1:8080".into());
    let data = target_dir().join("play");
    std::fs::create_dir_all(&data).with_context(|| format!("creating {}", data.display()))?;
    let mut server = Command::new(target_dir().join("debug/cozcade-server"));
    server
        .arg("--listen")
        .arg(&listen)
        .arg("--db")
        .arg(data.join("cozcade.db"))
        .arg("--web-root")
        .arg(&bundle);
    println!("\nCozcade is at http://{listen}/ (Ctrl-C stops the server)");
    step("room server", server)
}
