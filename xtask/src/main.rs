//! `cargo xtask <task>`: the project's own commands, so a fresh machine needs nothing but cargo.

use std::{
    path::{Path, PathBuf},
    process::Command,
};

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};

mod app;
mod bridge;
mod kotlin;
mod vs_bgio;

#[derive(Parser)]
#[command(name = "cargo xtask", about = "Cozcade project tasks")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Run every check CI runs: formatting, clippy, all tests, cross-target builds.
    Test,
    /// Build and run the app locally and print its URL.
    Play,
    /// Load-test the room server (release build): N rooms, two clients each, random games.
    /// Arguments go to cozcade-loadtest (e.g. --rooms 5000 --rate 6000 --seconds 30).
    BenchServer {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Side-by-side benchmark against boardgame.io (issue 8): the same rooms, clients, rate and
    /// duration on both servers, one table (e.g. --rooms 1000 --rate 250,500,1000 --seconds 30).
    BenchVsBgio(vs_bgio::Options),
    /// Only the boardgame.io bench's tests (its Kalah against the engine, a smoke run).
    TestBench,
    /// Only the app's checks: Android compile check, web bundle, browser tests.
    TestApp,
    /// Only the native bridge's Python test (UniFFI bindings generated from the library).
    TestBridge,
    /// Only the Android host's Kotlin: bindings, test host and host files through kotlinc 2.3,
    /// then the bridge driven from Kotlin on the JVM.
    TestKotlin,
    /// Build the app's web bundle (wasm32 + wasm-bindgen) into `<target dir>/web/`.
    Web,
}

fn main() -> Result<()> {
    match Cli::parse().task {
        Task::Test => test(),
        Task::Play => app::play(),
        Task::BenchServer { args } => bench_server(&args),
        Task::BenchVsBgio(options) => vs_bgio::run(&options),
        Task::TestBench => vs_bgio::smoke(),
        Task::TestApp => app::checks(),
        Task::TestBridge => bridge::python_test(),
        Task::TestKotlin => kotlin::test(),
        Task::Web => app::web().and_then(|dir| {
            println!("web bundle: {}", dir.display());
            app::report_size(&dir)
        }),
    }
}

/// The workspace root (xtask lives one level below it).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits in the workspace")
        .to_owned()
}

fn cargo() -> Command {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    command.current_dir(root());
    command
}

/// Runs one step, echoing it first, and fails the task when the step fails.
fn step(title: &str, mut command: Command) -> Result<()> {
    println!("\n==> {title}");
    let status = command
        .status()
        .with_context(|| format!("could not start: {title}"))?;
    if !status.success() {
        bail!("step failed: {title} ({status})");
    }
    Ok(())
}

fn cargo_step(title: &str, args: &[&str]) -> Result<()> {
    let mut command = cargo();
    command.args(args);
    step(title, command)
}

fn test() -> Result<()> {
    cargo_step("formatting", &["fmt", "--all", "--", "--check"])?;
    cargo_step(
        "clippy",
        &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ],
    )?;
    for target in ["wasm32-unknown-unknown", "aarch64-linux-android"] {
        cargo_step(
            &format!("engine builds for {target}"),
            &[
                "check",
                "-p",
                "cozcade-engine",
                "--no-default-features",
                "--target",
                target,
            ],
        )?;
    }
    // The server's PostgreSQL and failover tests start their own PostgreSQL cluster and nginx;
    // on a plain `cargo test` without them installed they skip, here they must run.
    let mut tests = cargo();
    tests
        .args(["test", "--workspace"])
        .env("COZCADE_REQUIRE_POSTGRES", "1")
        .env("COZCADE_REQUIRE_NGINX", "1");
    step("tests", tests)?;
    bridge::python_test()?;
    kotlin::test()?;
    vs_bgio::smoke()?;
    app::checks()?;
    println!("\nAll checks passed.");
    Ok(())
}

fn bench_server(args: &[String]) -> Result<()> {
    cargo_step(
        "build the server (release)",
        &[
            "build",
            "--release",
            "-p",
            "cozcade-server",
            "-p",
            "cozcade-loadtest",
        ],
    )?;
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), PathBuf::from);
    let mut command = Command::new(target.join("release").join("cozcade-loadtest"));
    command.args(args);
    step("load test", command)
}
