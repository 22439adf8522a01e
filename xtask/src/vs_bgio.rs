//! `cargo xtask bench-vs-bgio`: the side-by-side benchmark against boardgame.io. For each target rate it
//! runs boardgame.io (`bench/boardgameio`: Kalah on boardgame.io's server with FlatFile storage,
//! driven by `load.js`) and then cozcade-server (release, a fresh SQLite file, driven by
//! `cozcade-loadtest`) with the same rooms, clients, rate and duration, and prints one table.
//! Both drivers print the same report lines, which are read here.
//!
//! `cargo xtask test` runs only the cheap part: `node --test` in `bench/boardgameio` (the rules
//! against the engine's CLI and a 2 rooms × 10 moves smoke run of the server and its driver).

use std::{
    io::{BufRead, BufReader},
    path::{Path, PathBuf},
    process::{Command, Stdio},
};

use anyhow::{Context, Result, bail};

use crate::{cargo_step, root, step, target_dir};

#[derive(clap::Args, Debug)]
pub struct Options {
    /// Rooms (two connections each), the same for both servers.
    #[arg(long, default_value_t = 1000)]
    rooms: usize,
    /// Target total move rates (comma-separated); both servers run at each one.
    #[arg(long, value_delimiter = ',', default_value = "500")]
    rate: Vec<f64>,
    /// Seconds of measured play per run, after every connection is up.
    #[arg(long, default_value_t = 30.0)]
    seconds: f64,
    /// boardgame.io driver processes (when one Node process cannot keep up).
    #[arg(long, default_value_t = 1)]
    bgio_procs: usize,
    /// boardgame.io's confirmation: `stored` (after the FlatFile write, as ours) or `stock`
    /// (boardgame.io as shipped: broadcast first, write after).
    #[arg(long, default_value = "stored")]
    order: String,
    /// node-persist's write queue under FlatFile: `off` (every item written when set: the
    /// fastest FlatFile) or `on` (node-persist's own default).
    #[arg(long, default_value = "off")]
    write_queue: String,
    /// Where both servers keep their data (default: the system's temporary directory).
    #[arg(long)]
    db_dir: Option<PathBuf>,
    /// Run cozcade-server on a throwaway PostgreSQL cluster instead of SQLite
    /// (`cozcade-loadtest --postgres`; needs Debian's `postgresql` package).
    #[arg(long)]
    postgres: bool,
    /// Run only one side: `bgio` or `cozcade`.
    #[arg(long)]
    only: Option<String>,
}

/// One run's figures, read from a driver's report.
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    pub moves_per_second: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub peak_rss_mib: f64,
    pub server_cpu_percent: f64,
    pub driver_cpu_percent: f64,
    /// Refused moves plus dropped connections: anything but 0 makes the run suspect.
    pub failures: f64,
}

pub fn run(options: &Options) -> Result<()> {
    if options.rate.iter().any(|r| !r.is_finite() || *r <= 0.0) {
        bail!("every --rate must be a positive number");
    }
    let sides: &[&str] = match options.only.as_deref() {
        None => &["bgio", "cozcade"],
        Some("bgio") => &["bgio"],
        Some("cozcade") => &["cozcade"],
        Some(other) => bail!("--only takes bgio or cozcade, not {other}"),
    };
    // Both drivers hold two sockets per room; their children inherit this limit.
    let limit = rlimit::increase_nofile_limit(u64::MAX).unwrap_or(0);
    let needed = u64::try_from(options.rooms * 2 + 200).unwrap_or(u64::MAX);
    if limit < needed {
        bail!(
            "{} connections need about {needed} open files, but the limit is {limit}",
            options.rooms * 2
        );
    }
    if sides.contains(&"bgio") {
        npm_ci_if_missing()?;
    }
    let loadtest = if sides.contains(&"cozcade") {
        Some(crate::build_loadtest()?)
    } else {
        None
    };

    let load_before = load_average();
    let mut rows = Vec::new();
    for &rate in &options.rate {
        for &side in sides {
            let (title, command) = if side == "bgio" {
                (
                    format!("boardgame.io at {rate}/s"),
                    bgio_command(options, rate),
                )
            } else if let Some(loadtest) = &loadtest {
                (
                    format!("cozcade-server at {rate}/s"),
                    cozcade_command(loadtest, options, rate),
                )
            } else {
                continue;
            };
            let report = run_and_echo(&title, command)?;
            let figures = parse_report(&report).with_context(|| format!("reading {title}"))?;
            rows.push((side, rate, figures));
        }
    }
    let load_after = load_average();

    let store = if options.postgres {
        "PostgreSQL (a throwaway cluster, default settings)"
    } else {
        "SQLite (WAL, --sync normal)"
    };
    println!(
        "\n{} rooms ({} connections), {} s per run, Kalah; boardgame.io 0.50.2 FlatFile \
         (--order {}, --write-queue {}), cozcade-server {store}",
        options.rooms,
        options.rooms * 2,
        options.seconds,
        options.order,
        options.write_queue
    );
    println!("load average before: {load_before}; after: {load_after}\n");
    print!("{}", table(&rows));
    Ok(())
}

/// The table printed at the end (Markdown, so it can go into bench/boardgameio/BENCHMARKS.md as
/// it is).
pub fn table(rows: &[(&str, f64, Figures)]) -> String {
    let mut out = String::from(
        "| server | target moves/s | confirmed moves/s | p50 ms | p99 ms | max ms | server peak RSS | server CPU | driver CPU | refused + dropped |\n\
         | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n",
    );
    for (side, rate, f) in rows {
        let name = if *side == "bgio" {
            "boardgame.io"
        } else {
            "cozcade-server"
        };
        out += &format!(
            "| {name} | {rate:.0} | {:.0} | {:.1} | {:.1} | {:.1} | {:.0} MiB | {:.0}% | {:.0}% | {:.0} |\n",
            f.moves_per_second,
            f.p50_ms,
            f.p99_ms,
            f.max_ms,
            f.peak_rss_mib,
            f.server_cpu_percent,
            f.driver_cpu_percent,
            f.failures
        );
    }
    out
}

fn bench_dir() -> PathBuf {
    root().join("bench/boardgameio")
}

fn npm_ci_if_missing() -> Result<()> {
    crate::need::npm_ci(&bench_dir())
}

fn bgio_command(options: &Options, rate: f64) -> Command {
    let mut node = Command::new("node");
    node.current_dir(bench_dir())
        .arg("load.js")
        .args(["--rooms", &options.rooms.to_string()])
        .args(["--rate", &rate.to_string()])
        .args(["--seconds", &options.seconds.to_string()])
        .args(["--procs", &options.bgio_procs.to_string()])
        .args(["--order", &options.order])
        .args(["--write-queue", &options.write_queue]);
    if let Some(dir) = &options.db_dir {
        node.arg("--db-dir").arg(dir);
    }
    node
}

fn cozcade_command(loadtest: &std::path::Path, options: &Options, rate: f64) -> Command {
    let mut loadtest = Command::new(loadtest);
    loadtest
        .args(["--rooms", &options.rooms.to_string()])
        .args(["--rate", &rate.to_string()])
        .args(["--seconds", &options.seconds.to_string()]);
    if let Some(dir) = &options.db_dir {
        loadtest.arg("--db-dir").arg(dir);
    }
    if options.postgres {
        loadtest.arg("--postgres");
    }
    loadtest
}

/// Runs a driver, echoing its output as it comes, and returns what it printed.
fn run_and_echo(title: &str, mut command: Command) -> Result<String> {
    crate::heading(title);
    let mut child = command
        .stdout(Stdio::piped())
        .spawn()
        .with_context(|| format!("could not start: {title}"))?;
    let stdout = child.stdout.take().context("driver stdout")?;
    let mut report = String::new();
    for line in BufReader::new(stdout).lines() {
        let line = line?;
        println!("{line}");
        report += &line;
        report.push('\n');
    }
    let status = child.wait()?;
    if !status.success() {
        bail!("step failed: {title} ({status})");
    }
    Ok(report)
}

/// Reads the lines both drivers print (`confirmed moves:`, `ack latency (ms):`, ...).
pub fn parse_report(report: &str) -> Result<Figures> {
    let line = |prefix: &str| {
        report
            .lines()
            .find_map(|l| l.strip_prefix(prefix))
            .with_context(|| format!("no `{prefix}` line in the report"))
    };
    let number_before = |text: &str, unit: &str| -> Result<f64> {
        let (head, _) = text
            .split_once(unit)
            .with_context(|| format!("no `{unit}` in {text:?}"))?;
        let word = head.split_whitespace().last().unwrap_or_default();
        word.parse()
            .with_context(|| format!("{word:?} before `{unit}` is not a number"))
    };
    let number_after = |text: &str, label: &str| -> Result<f64> {
        let (_, tail) = text
            .split_once(label)
            .with_context(|| format!("no `{label}` in {text:?}"))?;
        let word = tail.split_whitespace().next().unwrap_or_default();
        word.parse()
            .with_context(|| format!("{word:?} after `{label}` is not a number"))
    };
    let latency = line("ack latency (ms):")?;
    let connections = line("connections held:")?;
    let cpu = |prefix: &str| -> Result<f64> {
        match report.lines().find_map(|l| l.strip_prefix(prefix)) {
            Some(text) => number_before(text, "% of one core"),
            None => Ok(f64::NAN),
        }
    };
    Ok(Figures {
        moves_per_second: number_before(line("confirmed moves:")?, "moves/s")?,
        p50_ms: number_after(latency, "p50")?,
        p99_ms: number_after(latency, "p99")?,
        max_ms: number_after(latency, "max")?,
        peak_rss_mib: number_before(line("server memory:")?, "MiB")?,
        server_cpu_percent: cpu("server CPU:")?,
        driver_cpu_percent: cpu("load-test CPU:")?,
        failures: first_number(line("refused/errors:")?)?
            + number_after(connections, "dropped during the run:")?,
    })
}

fn first_number(text: &str) -> Result<f64> {
    let word = text.split_whitespace().next().unwrap_or_default();
    word.parse()
        .with_context(|| format!("{word:?} is not a number"))
}

/// The 1-, 5- and 15-minute load averages, as `uptime` shows them.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

/// `cargo xtask test`'s part: the boardgame.io bench's own tests, with the engine's CLI from the
/// workspace's debug build (built by `cargo test --workspace` just before) as the rules' referee.
pub fn smoke() -> Result<()> {
    npm_ci_if_missing()?;
    let engine = target_dir().join("debug/cozcade-engine");
    if !Path::new(&engine).exists() {
        cargo_step(
            "bench: build the engine CLI",
            &["build", "-p", "cozcade-engine", "--bin", "cozcade-engine"],
        )?;
    }
    let mut node = Command::new("node");
    node.args(["--test", "--test-concurrency=1", "test/"])
        .current_dir(bench_dir())
        .env("COZCADE_ENGINE", engine);
    step(
        "bench: boardgame.io side (rules vs the engine, 2 rooms × 10 moves smoke run)",
        node,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const COZCADE: &str = "\
server 127.0.0.1:40000 (pid Some(1)); 2 rooms of kalah, 4 connections
---
rooms:               2
connections held:    4 at the end (server's count); dropped during the run: 0
confirmed moves:     5906 in 30.0 s = 5906 moves/s
new rounds:          12
refused/errors:      0
ack latency (ms):    p50 0.61  p90 1.50  p99 5.52  max 33.10  (n = 177180)
store commits:       100 (3/s), 1.0 calls per commit, 0.10 ms each on average, longest so far 15.0 ms
server CPU:          15.1 s = 50% of one core, 85 µs per move
load-test CPU:       6.0 s = 20% of one core, 40 µs per move
server memory:       peak (VmHWM) 272 MiB, now (VmRSS) 260 MiB
load-test memory:    peak (VmHWM) 96 MiB, now (VmRSS) 90 MiB
";

    const BGIO: &str = "\
---
rooms:               1000
connections held:    1998 at the end (driver's count); dropped during the run: 2
confirmed moves:     4985 in 10.0 s = 499 moves/s
new rounds:          0
refused/errors:      1
ack latency (ms):    p50 429.25  p90 1520.47  p99 1786.43  max 1851.53  (n = 4985)
server CPU:          5.4 s = 54% of one core, 1087 µs per move
load-test CPU:       1.4 s = 14% of one core, 277 µs per move (1 process(es))
server memory:       peak (VmHWM) 256 MiB, now (VmRSS) 213 MiB
";

    #[test]
    fn reads_both_reports() {
        let ours = parse_report(COZCADE).unwrap();
        assert_eq!(ours.moves_per_second, 5906.0);
        assert_eq!((ours.p50_ms, ours.p99_ms, ours.max_ms), (0.61, 5.52, 33.10));
        assert_eq!(ours.peak_rss_mib, 272.0);
        assert_eq!(
            (ours.server_cpu_percent, ours.driver_cpu_percent),
            (50.0, 20.0)
        );
        assert_eq!(ours.failures, 0.0);

        let theirs = parse_report(BGIO).unwrap();
        assert_eq!(theirs.moves_per_second, 499.0);
        assert_eq!(theirs.p99_ms, 1786.43);
        assert_eq!(theirs.peak_rss_mib, 256.0);
        assert_eq!(
            theirs.failures, 3.0,
            "one refused move and two dropped connections"
        );
    }

    #[test]
    fn a_report_without_figures_is_an_error() {
        assert!(parse_report("").is_err());
        let cut = BGIO.replace("ack latency (ms):", "latency:");
        assert!(parse_report(&cut).is_err());
        let garbled = COZCADE.replace("= 5906 moves/s", "= many moves/s");
        assert!(parse_report(&garbled).is_err());
    }

    #[test]
    fn the_table_has_a_row_per_run() {
        let rows = [
            ("bgio", 500.0, parse_report(BGIO).unwrap()),
            ("cozcade", 500.0, parse_report(COZCADE).unwrap()),
        ];
        let table = table(&rows);
        assert_eq!(table.lines().count(), 4);
        assert!(table.contains(
            "| boardgame.io | 500 | 499 | 429.2 | 1786.4 | 1851.5 | 256 MiB | 54% | 14% | 3 |"
        ));
        assert!(table.contains(
            "| cozcade-server | 500 | 5906 | 0.6 | 5.5 | 33.1 | 272 MiB | 50% | 20% | 0 |"
        ));
    }
}
