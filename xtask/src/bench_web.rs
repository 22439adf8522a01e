//! `cargo xtask bench-web`: the first load as a phone gets it. Builds the web bundle and the
//! room server, serves the bundle through the server (precompressed files, cache headers:
//! exactly what `cargo xtask play` serves), and runs `mobile/e2e/bench-web.js` in Debian's
//! Chromium: on loopback, and on Fast 3G (1.6 Mbit/s down, 150 ms round trip) with the CPU
//! slowed four times. Each load starts with an empty browser profile. The figures go to
//! mobile/BENCHMARKS.md.

use std::{
    process::{Command, Stdio},
    time::Duration,
};

use anyhow::{Context, Result, bail};

use crate::{cargo_step, need, root, step, target_dir, web};

pub fn run(runs: u32) -> Result<()> {
    let bundle = web::bundle(web::Optimise::Always)?;
    web::report_size(&bundle)?;
    cargo_step(
        "room server: build",
        &["build", "-p", "cozcade-server", "--bin", "cozcade-server"],
    )?;
    let e2e = root().join("mobile/e2e");
    need::npm_ci(&e2e)?;
    let chromium = need::chromium()?;
    let data = tempdir()?;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").context("finding a free port")?;
    let listen = listener.local_addr()?.to_string();
    drop(listener);
    let mut server = Command::new(target_dir().join("debug/cozcade-server"))
        .arg("--listen")
        .arg(&listen)
        .arg("--db")
        .arg(data.join("bench.db"))
        .arg("--web-root")
        .arg(&bundle)
        .stdout(Stdio::null())
        .spawn()
        .context("starting the room server")?;
    let result = (|| {
        wait_until_listening(&listen)?;
        let mut node = Command::new("node");
        node.arg("bench-web.js")
            .arg(format!("http://{listen}/"))
            .arg(runs.to_string())
            .current_dir(&e2e)
            .env("CHROMIUM", &chromium);
        step(
            "bench: first load in Chromium (loopback, Fast 3G + 4x CPU)",
            node,
        )
    })();
    let _ = server.kill();
    let _ = server.wait();
    std::fs::remove_dir_all(&data).ok();
    result
}

fn wait_until_listening(listen: &str) -> Result<()> {
    for _ in 0..200 {
        if std::net::TcpStream::connect(listen).is_ok() {
            return Ok(());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    bail!("the room server did not listen on {listen}")
}

fn tempdir() -> Result<std::path::PathBuf> {
    let dir = std::env::temp_dir().join(format!("cozcade-bench-web-{}", std::process::id()));
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    Ok(dir)
}
