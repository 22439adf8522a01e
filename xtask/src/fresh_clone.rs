//! `cargo xtask test-fresh-clone`: the README's first command as a new user meets it. The
//! repository's committed state is cloned into a temporary folder and `cargo xtask play` runs
//! there with a target directory of its own (nothing built before, nothing installed into the
//! clone), until the server it starts answers with the app's page. Then the whole process group
//! is stopped and the folder removed.
//!
//! Cargo's download cache (`CARGO_HOME`) is shared: a new machine downloads the same crates, and
//! CI has only the registries to download from.

use std::{
    os::unix::process::CommandExt,
    process::{Child, Command},
    time::{Duration, Instant},
};

use anyhow::{Context, Result, anyhow, bail};

use crate::root;

/// A release wasm build with fat LTO, xtask and a debug server from nothing: far less than
/// this on CI's two cores, but the step must end even if the build hangs.
const PATIENCE: Duration = Duration::from_secs(45 * 60);

pub fn run() -> Result<()> {
    let scratch = std::env::temp_dir().join(format!("cozcade-fresh-clone-{}", std::process::id()));
    let result = clone_and_play(&scratch);
    std::fs::remove_dir_all(&scratch).ok();
    result
}

fn clone_and_play(scratch: &std::path::Path) -> Result<()> {
    std::fs::create_dir_all(scratch).with_context(|| format!("creating {}", scratch.display()))?;
    let clone = scratch.join("cozcade");
    let mut git = Command::new("git");
    git.args(["clone", "--quiet", "--no-hardlinks"])
        .arg(root())
        .arg(&clone);
    crate::step("fresh clone: git clone", git)?;
    let port = free_port()?;
    let listen = format!("127.0.0.1:{port}");
    crate::heading(&format!(
        "fresh clone: cargo xtask play (fresh target dir, port {port})"
    ));
    let started = Instant::now();
    let mut play = Command::new("cargo");
    play.args(["xtask", "play"])
        .current_dir(&clone)
        .env("CARGO_TARGET_DIR", scratch.join("target"))
        .env("COZCADE_LISTEN", &listen)
        // What the outer cargo and rustup set for this process is not what a new shell has.
        .env_remove("RUSTUP_TOOLCHAIN")
        .env_remove("CARGO")
        .env_remove("RUSTC")
        .env_remove("CARGO_MANIFEST_DIR")
        // Its own process group, so that stopping it stops cargo, xtask and the server.
        .process_group(0);
    let mut child = play.spawn().context("starting cargo xtask play")?;
    let outcome = wait_for_page(&mut child, &listen, started);
    stop(&mut child);
    outcome?;
    println!(
        "fresh clone: the app answered at http://{listen}/ after {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn wait_for_page(child: &mut Child, listen: &str, started: Instant) -> Result<()> {
    while started.elapsed() < PATIENCE {
        if let Some(status) = child.try_wait()? {
            bail!(
                "`cargo xtask play` in the fresh clone exited ({status}) before the server answered"
            );
        }
        if let Ok(page) = get(&format!("http://{listen}/"))
            && page.contains("<title>Cozcade</title>")
        {
            return Ok(());
        }
        std::thread::sleep(Duration::from_secs(2));
    }
    Err(anyhow!(
        "`cargo xtask play` in the fresh clone did not serve the app within {} minutes",
        PATIENCE.as_secs() / 60
    ))
}

/// The page at `url` if the server answers it with 200; any other answer is not the app yet.
fn get(url: &str) -> reqwest::Result<String> {
    reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(5))
        .build()?
        .get(url)
        .send()?
        .error_for_status()?
        .text()
}

/// SIGTERM to the group (cargo, xtask, the server), then SIGKILL if it lingers.
fn stop(child: &mut Child) {
    let group = format!("-{}", child.id());
    let _ = Command::new("kill").args(["-TERM", "--", &group]).status();
    for _ in 0..50 {
        if matches!(child.try_wait(), Ok(Some(_))) {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
    let _ = child.wait();
}

fn free_port() -> Result<u16> {
    let probe = std::net::TcpListener::bind("127.0.0.1:0").context("finding a free port")?;
    Ok(probe.local_addr()?.port())
}
