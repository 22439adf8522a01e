//! `cargo xtask <task>`: the project's own commands, so a fresh machine needs nothing but cargo.

use std::{
    path::PathBuf,
    process::{Command, ExitCode},
    sync::LazyLock,
    time::{Duration, Instant},
};

use anyhow::{Result, anyhow};
use clap::{Parser, Subcommand};

mod app;
mod bench_web;
mod bridge;
mod e2e;
mod fresh_clone;
mod kotlin;
mod need;
mod vs_bgio;
mod web;
mod workflows;

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
    /// Side-by-side benchmark against boardgame.io: the same rooms, clients, rate and
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
    /// Build the app's web bundle (wasm32 + wasm-bindgen + wasm-opt, hashed and compressed)
    /// into `<target dir>/web/`.
    Web,
    /// Serve the web bundle and measure its first load in Chromium: bytes, splash and time to
    /// an interactive app, on loopback and on Fast 3G with a 4x slower CPU.
    BenchWeb {
        /// Loads per network profile; the median is reported.
        #[arg(long, default_value_t = 5)]
        runs: u32,
    },
    /// What a new user does: clone the repository, `cargo xtask play` with a fresh target
    /// directory, until the server answers; then stop it.
    TestFreshClone,
    /// Only the GitHub workflows: actionlint, with ShellCheck on their scripts.
    LintWorkflows,
}

/// When the task started: each step's heading says how far into the run it begins, so a run
/// cut off by a time limit still shows where its time went.
static STARTED: LazyLock<Instant> = LazyLock::new(Instant::now);

/// A step's heading, with the minutes since the task started.
pub(crate) fn heading(title: &str) {
    let at = since_start();
    println!("\n==> [{at}] {title}");
    STEPS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(format!("{at} {title}"));
}

/// Every step's heading so far, with when it began: printed again by a long step every few
/// minutes, so that the last lines of a run cut off by a time limit say where the time went.
static STEPS: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// How long a step runs before it says so, and again after each as long.
const STILL_RUNNING_EVERY: Duration = Duration::from_secs(5 * 60);

/// The time since the task started, as `12m05s`.
fn since_start() -> String {
    let at = STARTED.elapsed().as_secs();
    format!("{}m{:02}s", at / 60, at % 60)
}

/// Errors end the output with one line that names the failed step (and, when xtask knows it,
/// the fix), instead of a backtrace.
fn main() -> ExitCode {
    LazyLock::force(&STARTED);
    match run(Cli::parse().task) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let fix = error.chain().find_map(|e| e.downcast_ref::<need::Fix>());
            let causes: Vec<String> = error.chain().skip(1).map(|e| e.to_string()).collect();
            eprintln!();
            for cause in causes
                .iter()
                .filter(|c| fix.is_none_or(|f| f.to_string() != **c))
            {
                eprintln!("  because: {cause}");
            }
            match fix {
                Some(fix) if fix.to_string() != error.to_string() => {
                    eprintln!("xtask: {error}\nxtask: {fix}")
                }
                _ => eprintln!("xtask: {error}"),
            }
            ExitCode::FAILURE
        }
    }
}

fn run(task: Task) -> Result<()> {
    match task {
        Task::Test => test(),
        Task::Play => app::play(),
        Task::BenchServer { args } => bench_server(&args),
        Task::BenchVsBgio(options) => vs_bgio::run(&options),
        Task::TestBench => vs_bgio::smoke(),
        Task::TestApp => app::checks(),
        Task::TestBridge => bridge::python_test(),
        Task::TestKotlin => kotlin::test(),
        Task::Web => web::bundle(web::Optimise::Always).and_then(|dir| {
            web::report_size(&dir)?;
            println!("web bundle: {}", dir.display());
            Ok(())
        }),
        Task::BenchWeb { runs } => bench_web::run(runs),
        Task::TestFreshClone => fresh_clone::run(),
        Task::LintWorkflows => workflows::lint(),
    }
}

/// The workspace root (xtask lives one level below it). Read from the environment `cargo run`
/// sets, not baked in at build time: a target dir shared by two clones keeps one xtask binary,
/// built in whichever clone came first.
fn root() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")))
        .parent()
        .expect("xtask sits in the workspace")
        .to_owned()
}

/// The workspace's target directory, honouring `CARGO_TARGET_DIR` as cargo does.
fn target_dir() -> PathBuf {
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

fn cargo() -> Command {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    command.current_dir(root());
    command
}

/// Runs one step, echoing it first, and fails the task when the step fails.
fn step(title: &str, mut command: Command) -> Result<()> {
    heading(title);
    let program = command.get_program().to_string_lossy().into_owned();
    let mut child = command.spawn().map_err(|e| {
        need::fix(
            format!("step \"{title}\""),
            format!("could not start `{program}` ({e}): install it or put it on PATH"),
        )
    })?;
    let began = Instant::now();
    let mut said = Duration::ZERO;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        std::thread::sleep(Duration::from_millis(100));
        if began.elapsed() >= said + STILL_RUNNING_EVERY {
            said += STILL_RUNNING_EVERY;
            let steps = STEPS.lock().unwrap_or_else(|e| e.into_inner()).join("; ");
            println!(
                "\n==> [{}] still running: {title} (the steps so far: {steps})",
                since_start()
            );
        }
    };
    if !status.success() {
        return Err(anyhow!(
            "step \"{title}\" failed ({status}); its own output above says why"
        ));
    }
    Ok(())
}

fn cargo_step(title: &str, args: &[&str]) -> Result<()> {
    let mut command = cargo();
    command.args(args);
    step(title, command)
}

fn test() -> Result<()> {
    need::debian_packages(need::TEST_PACKAGES)?;
    workflows::jdk()?;
    need::npm_ci(&root().join("mobile/e2e"))?;
    need::npm_ci(&root().join("bench/boardgameio"))?;
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
    workflows::lint()?;
    for target in ["wasm32-unknown-unknown", "aarch64-linux-android"] {
        need::rust_target(target)?;
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
    let mut command = Command::new(build_loadtest()?);
    command.args(args);
    step("load test", command)
}

/// Builds the room server and its load test in release (the load test starts the server
/// binary beside it) and answers the load test's path.
fn build_loadtest() -> Result<PathBuf> {
    cargo_step(
        "build the server and the load test (release)",
        &[
            "build",
            "--release",
            "-p",
            "cozcade-server",
            "-p",
            "cozcade-loadtest",
            "--bins",
        ],
    )?;
    Ok(target_dir().join("release").join("cozcade-loadtest"))
}
