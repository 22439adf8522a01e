//! A throwaway PostgreSQL cluster in a directory of the caller's: `initdb`, then `postgres` as
//! a child process on a free port (no daemon, no system service), stopped when dropped.
//!
//! The tests (PostgreSQL store contract, failover) and the load test's `--postgres` start one
//! so that they run the same on a developer's machine and in CI, needing only Debian's
//! `postgresql` package. PostgreSQL refuses to run as root, so when we are root (CI, this
//! project's machines) the cluster runs as the `postgres` user the package creates.

use std::{
    fs,
    net::TcpListener,
    os::unix::process::CommandExt,
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    thread,
    time::{Duration, Instant},
};

/// Why a scratch cluster could not be started.
#[derive(Debug, thiserror::Error)]
pub enum ScratchError {
    #[error(
        "no PostgreSQL server binaries (initdb, postgres) found: install Debian's `postgresql` \
         package or set COZCADE_PG_BINDIR"
    )]
    NotInstalled,
    #[error("running as root, but there is no `postgres` user to run the cluster as")]
    NoPostgresUser,
    #[error("{0}: {1}")]
    Io(String, std::io::Error),
    #[error("{step} failed ({status}); see {log}")]
    Failed {
        step: &'static str,
        status: String,
        log: String,
    },
    #[error("PostgreSQL did not accept connections within {0:?}; see {1}")]
    NotReady(Duration, String),
}

/// Whether tests must have PostgreSQL (`COZCADE_REQUIRE_POSTGRES=1`, set by `cargo xtask test`
/// and so in CI): then a missing installation fails them instead of skipping them.
pub fn required() -> bool {
    std::env::var_os("COZCADE_REQUIRE_POSTGRES").is_some_and(|v| v == "1")
}

/// How long the server may take to accept connections after it was started.
const READY_WITHIN: Duration = Duration::from_secs(30);

/// A running throwaway cluster. Dropping it stops the server (fast shutdown) and waits for it;
/// the caller removes the directory.
pub struct ScratchPostgres {
    child: Child,
    port: u16,
    log: PathBuf,
}

/// The server binaries: `COZCADE_PG_BINDIR`, else the newest Debian install; `None` where
/// there is no `initdb`.
pub fn bin_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("COZCADE_PG_BINDIR") {
        let dir = PathBuf::from(dir);
        return dir.join("initdb").exists().then_some(dir);
    }
    let mut versions: Vec<(u32, PathBuf)> = fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse::<u32>().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin)
}

/// The uid and gid to run PostgreSQL as: ours, or the `postgres` user's when we are root.
fn run_as() -> Result<Option<(u32, u32)>, ScratchError> {
    let status = fs::read_to_string("/proc/self/status")
        .map_err(|e| ScratchError::Io("reading /proc/self/status".into(), e))?;
    let root = status
        .lines()
        .find_map(|line| line.strip_prefix("Uid:"))
        .and_then(|ids| ids.split_whitespace().nth(1))
        == Some("0");
    if !root {
        return Ok(None);
    }
    let passwd = fs::read_to_string("/etc/passwd")
        .map_err(|e| ScratchError::Io("reading /etc/passwd".into(), e))?;
    passwd
        .lines()
        .find_map(|line| {
            let fields: Vec<&str> = line.split(':').collect();
            (fields.first() == Some(&"postgres") && fields.len() > 3)
                .then(|| Some((fields[2].parse().ok()?, fields[3].parse().ok()?)))
                .flatten()
        })
        .map(Some)
        .ok_or(ScratchError::NoPostgresUser)
}

/// A port nobody listens on right now (the kernel's pick for port 0).
pub fn free_port() -> Result<u16, ScratchError> {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|addr| addr.port())
        .map_err(|e| ScratchError::Io("finding a free port".into(), e))
}

impl ScratchPostgres {
    /// Creates a cluster in `dir` (which must exist and be empty) and starts it. `settings`
    /// are extra `-c name=value` server settings.
    pub fn start(dir: &Path, settings: &[(&str, &str)]) -> Result<Self, ScratchError> {
        let bin = bin_dir().ok_or(ScratchError::NotInstalled)?;
        let owner = run_as()?;
        let data = dir.join("data");
        let sockets = dir.join("sockets");
        let log = dir.join("postgres.log");
        fs::create_dir_all(&sockets)
            .map_err(|e| ScratchError::Io(format!("creating {}", sockets.display()), e))?;
        if let Some((uid, gid)) = owner {
            for path in [dir, &sockets] {
                std::os::unix::fs::chown(path, Some(uid), Some(gid))
                    .map_err(|e| ScratchError::Io(format!("chown {}", path.display()), e))?;
            }
        }
        let open_log = || {
            fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&log)
                .map_err(|e| ScratchError::Io(format!("opening {}", log.display()), e))
        };
        let command = |program: &str| {
            let mut command = Command::new(bin.join(program));
            if let Some((uid, gid)) = owner {
                command.uid(uid).gid(gid);
            }
            command
        };
        let log_text = log.display().to_string();
        let status = command("initdb")
            .arg("-D")
            .arg(&data)
            .args([
                "-U",
                "cozcade",
                "--auth=trust",
                "--encoding=UTF8",
                "--no-sync",
                "--no-instructions",
            ])
            .stdout(open_log()?)
            .stderr(open_log()?)
            .status()
            .map_err(|e| ScratchError::Io("running initdb".into(), e))?;
        if !status.success() {
            return Err(ScratchError::Failed {
                step: "initdb",
                status: status.to_string(),
                log: log_text,
            });
        }
        let port = free_port()?;
        let mut server = command("postgres");
        server
            .arg("-D")
            .arg(&data)
            .args(["-p", &port.to_string(), "-k"])
            .arg(&sockets)
            .args(["-c", "listen_addresses=127.0.0.1"]);
        for (name, value) in settings {
            server.args(["-c", &format!("{name}={value}")]);
        }
        let child = server
            .stdin(Stdio::null())
            .stdout(open_log()?)
            .stderr(open_log()?)
            .spawn()
            .map_err(|e| ScratchError::Io("starting postgres".into(), e))?;
        let mut cluster = ScratchPostgres {
            child,
            port,
            log: log.clone(),
        };
        cluster.wait_ready(&bin, &sockets)?;
        Ok(cluster)
    }

    /// Polls `pg_isready` until the server accepts connections (or has died).
    fn wait_ready(&mut self, bin: &Path, sockets: &Path) -> Result<(), ScratchError> {
        let started = Instant::now();
        while started.elapsed() < READY_WITHIN {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(ScratchError::Failed {
                    step: "postgres",
                    status: status.to_string(),
                    log: self.log.display().to_string(),
                });
            }
            let ready = Command::new(bin.join("pg_isready"))
                .arg("-h")
                .arg(sockets)
                .args(["-p", &self.port.to_string(), "-q"])
                .status()
                .is_ok_and(|status| status.success());
            if ready {
                return Ok(());
            }
            thread::sleep(Duration::from_millis(100));
        }
        Err(ScratchError::NotReady(
            READY_WITHIN,
            self.log.display().to_string(),
        ))
    }

    /// The postmaster's process id (its backends are its children).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The URL of database `database` (`postgres` always exists) as the superuser `cozcade`.
    pub fn url(&self, database: &str) -> String {
        format!("postgres://cozcade@127.0.0.1:{}/{database}", self.port)
    }

    /// The server's log file, for error messages.
    pub fn log(&self) -> &Path {
        &self.log
    }
}

impl Drop for ScratchPostgres {
    /// Fast shutdown (SIGINT: disconnect clients, no waiting), then reap the process.
    fn drop(&mut self) {
        let stopped = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .is_ok_and(|status| status.success());
        if !stopped {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
