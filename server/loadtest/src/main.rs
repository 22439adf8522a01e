//! `cozcade-loadtest`: N rooms, two WebSocket clients each, playing random legal games against
//! a real `cozcade-server`; reports connections held, confirmed moves per second, the p50/p99
//! acknowledgement latency and the server's memory.
//!
//! By default it starts the server binary next to itself on 127.0.0.1 with a fresh database
//! (so it can read the server's peak memory from /proc); `--addr` targets one already running.
//! Only loopback addresses are accepted: this tool is for measuring this machine.
//!
//! `--postgres` runs the started server on a throwaway PostgreSQL cluster (Debian's
//! `postgresql` package, default durable settings) instead of SQLite; `--db-url` on an
//! existing database.

use std::{
    net::SocketAddr,
    path::PathBuf,
    process::Stdio,
    sync::{
        Arc,
        atomic::{AtomicU64, AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use anyhow::{Context, Result, bail};
use clap::Parser;
use cozcade_engine::GameKind;
use cozcade_protocol::{
    ClientMessage, RoomCreated, RoomId, SeatKey,
    address::room_socket_url,
    client::{Link, OnlineClient},
    heartbeat::PING_EVERY,
};
use cozcade_testkit::scratch_postgres::ScratchPostgres;
use futures_util::{SinkExt, StreamExt};
use tokio::{
    io::{AsyncBufReadExt, BufReader},
    net::TcpStream,
    process::{Child, Command},
    sync::{Semaphore, mpsc, watch},
};
use tokio_tungstenite::{
    MaybeTlsStream, WebSocketStream,
    tungstenite::{Message, protocol::WebSocketConfig},
};

#[derive(Parser, Debug)]
#[command(about = "Load test for the Cozcade room server")]
struct Args {
    /// Rooms (two connections each).
    #[arg(long, default_value_t = 5000)]
    rooms: usize,
    /// Confirmed moves per second to aim for across all rooms (each room moves at its share).
    #[arg(long, default_value_t = 6000.0)]
    rate: f64,
    /// Seconds of measured play after every connection is up.
    #[arg(long, default_value_t = 30.0)]
    seconds: f64,
    /// The game the rooms play.
    #[arg(long, default_value = "kalah")]
    game: GameKind,
    /// A running server to test (loopback only); default: start one.
    #[arg(long)]
    addr: Option<SocketAddr>,
    /// The server binary to start (default: cozcade-server next to this program).
    #[arg(long)]
    server_bin: Option<PathBuf>,
    /// SQLite durability for the started server: full or normal.
    #[arg(long, default_value = "normal")]
    sync: String,
    /// Connections opened at the same time while setting up.
    #[arg(long, default_value_t = 200)]
    connect_parallel: usize,
    /// Where the started server's database goes (default: the system's temporary directory).
    /// `/dev/shm` takes the disk out of the measurement (nothing is durable there).
    #[arg(long)]
    db_dir: Option<PathBuf>,
    /// Store the started server's rooms in a throwaway PostgreSQL cluster (in the database
    /// directory, default settings: fsync and synchronous commit on) instead of SQLite.
    #[arg(long)]
    postgres: bool,
    /// Store the started server's rooms in this PostgreSQL database instead of SQLite.
    #[arg(long, conflicts_with = "postgres")]
    db_url: Option<String>,
    /// A server setting for the throwaway PostgreSQL, e.g. `synchronous_commit=off`
    /// (repeatable).
    #[arg(long, requires = "postgres")]
    postgres_setting: Vec<String>,
    /// Connections the started server keeps to PostgreSQL (its `--db-pool`).
    #[arg(long)]
    db_pool: Option<usize>,
    /// Seed for the random games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// CPUs the started server may run on (`taskset -c` syntax, e.g. `1`), so that it and
    /// this program (run under `taskset -c 0`) do not share a core.
    #[arg(long)]
    server_cpus: Option<String>,
    /// Measure idle connections instead of play: seat every room, then only ping (as the app
    /// does while nobody moves) for `--seconds`, and report the server's memory per connection
    /// and CPU for the heartbeats.
    #[arg(long)]
    idle: bool,
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

#[derive(Default)]
struct Totals {
    moves: AtomicU64,
    rounds: AtomicU64,
    errors: AtomicU64,
    dropped: AtomicUsize,
}

fn main() -> Result<()> {
    let args = Args::parse();
    let limit = rlimit::increase_nofile_limit(u64::MAX).unwrap_or(0);
    let needed = u64::try_from(args.rooms * 2 + 100).unwrap_or(u64::MAX);
    if limit < needed {
        bail!(
            "{} connections need about {needed} open files, but the limit is {limit}; \
             raise the hard limit (ulimit -Hn) or use fewer rooms",
            args.rooms * 2
        );
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(run(args))
}

async fn run(args: Args) -> Result<()> {
    let (mut server, addr) = match args.addr {
        Some(addr) => {
            if !addr.ip().is_loopback() {
                bail!("only loopback addresses are tested: {addr}");
            }
            (None, addr)
        }
        None => {
            let (started, addr) = spawn_server(&args).await?;
            (Some(started), addr)
        }
    };
    let pid = server.as_ref().and_then(|started| started.child.id());
    let postmaster = server
        .as_ref()
        .and_then(|started| started.postgres.as_ref())
        .map(ScratchPostgres::pid);
    println!(
        "server {addr} (pid {pid:?}); {} rooms of {}, {} connections",
        args.rooms,
        args.game,
        args.rooms * 2
    );

    // Rooms over HTTP.
    let started = Instant::now();
    let gate = Arc::new(Semaphore::new(64));
    let mut creations = Vec::with_capacity(args.rooms);
    for _ in 0..args.rooms {
        let gate = gate.clone();
        let game = args.game;
        creations.push(tokio::spawn(async move {
            let _permit = gate.acquire().await;
            create_room(addr, game).await
        }));
    }
    let mut rooms = Vec::with_capacity(args.rooms);
    for creation in creations {
        rooms.push(creation.await??);
    }
    println!(
        "created {} rooms in {:.1} s",
        rooms.len(),
        started.elapsed().as_secs_f64()
    );
    // The server's resident memory with its rooms stored but no connection: what connections
    // add is measured from here.
    let baseline_rss = pid.map(rss_kib).unwrap_or(f64::NAN);

    // Two seated connections per room. Each room's task seats its players, keeps them alive
    // as the app does (a ping whenever a seat has sent nothing for a while: the server drops a
    // connection it hears nothing from) until every room is seated, then plays.
    let started = Instant::now();
    let gate = Arc::new(Semaphore::new(args.connect_parallel));
    let totals = Arc::new(Totals::default());
    let period = Duration::from_secs_f64(args.rooms as f64 / args.rate.max(1.0));
    let measure = Duration::from_secs_f64(args.seconds);
    let (seated_tx, mut seated_rx) = mpsc::unbounded_channel::<Result<()>>();
    let (start_tx, start_rx) = watch::channel(None::<Instant>);
    let mut players = Vec::with_capacity(args.rooms);
    for (index, room) in rooms.into_iter().enumerate() {
        let gate = gate.clone();
        let seated_tx = seated_tx.clone();
        let mut start_rx = start_rx.clone();
        let totals = totals.clone();
        let seed = args
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(index as u64 + 1);
        players.push(tokio::spawn(async move {
            let seating = async {
                let _permit = gate.acquire().await;
                let creator = seat(addr, &room.room, Some(&room.seat_key)).await?;
                let guest = seat(addr, &room.room, None).await?;
                anyhow::Ok([creator, guest])
            };
            let mut seats = match seating.await {
                Ok(seats) => {
                    let _ = seated_tx.send(Ok(()));
                    seats
                }
                Err(e) => {
                    let _ = seated_tx.send(Err(e));
                    return (Vec::new(), None);
                }
            };
            let Ok(begin) = wait_for_start(&mut seats, &mut start_rx).await else {
                totals.dropped.fetch_add(2, Ordering::Relaxed);
                return (Vec::new(), None);
            };
            play(seats, seed, period, begin, begin + measure, &totals).await
        }));
    }
    drop(seated_tx);
    for _ in 0..players.len() {
        seated_rx
            .recv()
            .await
            .context("a room's task ended before its players were seated")??;
    }
    println!(
        "{} connections up in {:.1} s",
        players.len() * 2,
        started.elapsed().as_secs_f64()
    );
    if args.idle {
        let Some(pid) = pid else {
            bail!("--idle measures the server it starts: leave out --addr");
        };
        // The seated rooms settle (owners started, buffers shrunk back), then a window of
        // nothing but heartbeats.
        tokio::time::sleep(Duration::from_secs(5)).await;
        let held = held_connections(addr).await.unwrap_or(-1);
        let rss_start = rss_kib(pid);
        let cpu_start = cpu_seconds(pid);
        tokio::time::sleep(measure).await;
        let cpu = cpu_seconds(pid) - cpu_start;
        let rss_end = rss_kib(pid);
        let held_end = held_connections(addr).await.unwrap_or(-1);
        let per = (rss_end - baseline_rss) / (held_end.max(1) as f64);
        println!("---");
        println!(
            "idle connections:    {held} at the start of the window, {held_end} at its end \
             (server's count); dropped: {}",
            totals.dropped.load(Ordering::Relaxed)
        );
        println!(
            "server memory:       {:.0} MiB before any connection, {:.0} MiB at the window's start, \
             {:.0} MiB at its end: {:.1} KiB per connection ({})",
            baseline_rss / 1024.0,
            rss_start / 1024.0,
            rss_end / 1024.0,
            per,
            memory(pid)
        );
        println!(
            "server CPU:          {cpu:.1} s in {:.0} s = {:.1}% of one core for the heartbeats",
            measure.as_secs_f64(),
            cpu / measure.as_secs_f64() * 100.0
        );
        println!("load-test memory:    {}", memory(std::process::id()));
        // Play "began" and ended before now: every room's task stops at once.
        let past = Instant::now()
            .checked_sub(measure + Duration::from_secs(1))
            .unwrap_or_else(Instant::now);
        start_tx.send_replace(Some(past));
        for player in players {
            let _ = player.await;
        }
        stop_server(server.take()).await;
        return Ok(());
    }

    // Play: each room moves at its share of the target rate, starting at a random offset.
    let begin = Instant::now() + Duration::from_millis(500);
    let end = begin + measure;
    start_tx.send_replace(Some(begin));
    // CPU used during the measured window, by the server and by this program.
    tokio::time::sleep_until((begin).into()).await;
    let cpu_begin = (pid.map(cpu_seconds), cpu_seconds(std::process::id()));
    let database_begin = postmaster.map(tree_cpu_seconds);
    let metrics_begin = http(addr, "GET", "/metrics", "").await.unwrap_or_default();
    tokio::time::sleep_until((end).into()).await;
    let cpu_end = (pid.map(cpu_seconds), cpu_seconds(std::process::id()));
    let database_end = postmaster.map(tree_cpu_seconds);
    let metrics_end = http(addr, "GET", "/metrics", "").await.unwrap_or_default();
    let mut latencies = Vec::new();
    let mut sockets = Vec::with_capacity(args.rooms);
    for player in players {
        let (measured, seats) = player.await?;
        latencies.extend(measured);
        sockets.extend(seats);
    }
    let elapsed = measure.as_secs_f64();
    // Counted while every socket of the run is still open.
    let held = held_connections(addr).await.unwrap_or(-1);
    drop(sockets);

    latencies.sort_unstable();
    let pick = |q: f64| -> f64 {
        let index = ((latencies.len() as f64 - 1.0) * q).round() as usize;
        latencies
            .get(index)
            .map_or(f64::NAN, |us| *us as f64 / 1000.0)
    };
    let moves = totals.moves.load(Ordering::Relaxed);
    println!("---");
    println!("rooms:               {}", args.rooms);
    println!(
        "connections held:    {held} at the end (server's count); dropped during the run: {}",
        totals.dropped.load(Ordering::Relaxed)
    );
    println!(
        "confirmed moves:     {moves} in {elapsed:.1} s = {:.0} moves/s",
        moves as f64 / elapsed
    );
    println!(
        "new rounds:          {}",
        totals.rounds.load(Ordering::Relaxed)
    );
    println!(
        "refused/errors:      {}",
        totals.errors.load(Ordering::Relaxed)
    );
    println!(
        "ack latency (ms):    p50 {:.2}  p90 {:.2}  p99 {:.2}  max {:.2}  (n = {})",
        pick(0.5),
        pick(0.9),
        pick(0.99),
        pick(1.0),
        latencies.len()
    );
    let delta = |name: &str| metric(&metrics_end, name) - metric(&metrics_begin, name);
    let commits = delta("cozcade_store_commits_total");
    println!(
        "store commits:       {commits:.0} ({:.0}/s), {:.1} calls per commit, {:.2} ms each on average, longest so far {:.1} ms",
        commits / elapsed,
        delta("cozcade_store_jobs_total") / commits.max(1.0),
        delta("cozcade_store_commit_seconds_total") / commits.max(1.0) * 1000.0,
        metric(&metrics_end, "cozcade_store_commit_seconds_max") * 1000.0,
    );
    let per_move = |seconds: f64| seconds / (moves.max(1) as f64) * 1e6;
    if let (Some(a), Some(b)) = cpu_begin
        .0
        .zip(cpu_end.0)
        .map_or((None, None), |(a, b)| (Some(a), Some(b)))
    {
        let used = b - a;
        println!(
            "server CPU:          {used:.1} s = {:.0}% of one core, {:.0} µs per move",
            used / elapsed * 100.0,
            per_move(used)
        );
    }
    if let (Some(a), Some(b)) = (database_begin, database_end) {
        let used = b - a;
        println!(
            "PostgreSQL CPU:      {used:.1} s = {:.0}% of one core, {:.0} µs per move",
            used / elapsed * 100.0,
            per_move(used)
        );
    }
    let used = cpu_end.1 - cpu_begin.1;
    println!(
        "load-test CPU:       {used:.1} s = {:.0}% of one core, {:.0} µs per move",
        used / elapsed * 100.0,
        per_move(used)
    );
    if let Some(pid) = pid {
        println!("server memory:       {}", memory(pid));
    }
    if let Some(postmaster) = postmaster {
        println!(
            "PostgreSQL memory:   {:.0} MiB now (proportional set size of all its processes)",
            tree_pss_kib(postmaster) / 1024.0
        );
    }
    println!("load-test memory:    {}", memory(std::process::id()));
    stop_server(server.take()).await;
    Ok(())
}

/// SIGTERM for a graceful stop; the throwaway PostgreSQL and the temporary database go when
/// `started` is dropped.
async fn stop_server(server: Option<Started>) {
    if let Some(mut started) = server {
        if let Some(pid) = started.child.id() {
            let _ = std::process::Command::new("kill")
                .arg(pid.to_string())
                .status();
        }
        let _ = tokio::time::timeout(Duration::from_secs(20), started.child.wait()).await;
    }
}

/// A scratch directory for the started server's database, removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A server this program started, with what it runs on. Dropped in this order: the server,
/// then PostgreSQL, then the directory.
struct Started {
    child: Child,
    postgres: Option<ScratchPostgres>,
    _dir: Scratch,
}

async fn spawn_server(args: &Args) -> Result<(Started, SocketAddr)> {
    let bin = match &args.server_bin {
        Some(bin) => bin.clone(),
        None => std::env::current_exe()?.with_file_name("cozcade-server"),
    };
    let base = args.db_dir.clone().unwrap_or_else(std::env::temp_dir);
    let dir = Scratch(base.join(format!("cozcade-load-{}", std::process::id())));
    std::fs::create_dir_all(&dir.0)?;
    let connections = (args.rooms * 2 + 1000).to_string();
    let postgres = if args.postgres {
        let cluster_dir = dir.0.join("postgres");
        std::fs::create_dir_all(&cluster_dir)?;
        let mut settings = Vec::new();
        for setting in &args.postgres_setting {
            let (name, value) = setting
                .split_once('=')
                .with_context(|| format!("--postgres-setting {setting}: expected NAME=VALUE"))?;
            settings.push((name, value));
        }
        Some(ScratchPostgres::start(&cluster_dir, &settings)?)
    } else {
        None
    };
    let db = match (&postgres, &args.db_url) {
        (Some(cluster), _) => cluster.url("postgres").into(),
        (None, Some(url)) => url.into(),
        (None, None) => dir.0.join("load.db").into_os_string(),
    };
    let mut command = match &args.server_cpus {
        Some(cpus) => {
            let mut taskset = Command::new("taskset");
            taskset.args(["-c", cpus]).arg(&bin);
            taskset
        }
        None => Command::new(&bin),
    };
    if let Some(pool) = args.db_pool {
        command.args(["--db-pool", &pool.to_string()]);
    }
    let mut child = command
        .args(["--listen", "127.0.0.1:0", "--db"])
        .arg(db)
        .args(["--sync", &args.sync, "--max-connections", &connections])
        // Every simulated player comes from this one machine's address: lift the
        // per-address limits, which exist for exactly the opposite case.
        .args(["--max-connections-per-address", &connections])
        .args(["--max-http-connections-per-address", &connections])
        .args(["--rooms-per-minute", "1e12", "--rooms-burst", &connections])
        .args([
            "--all-rooms-per-minute",
            "1e12",
            "--all-rooms-burst",
            &connections,
        ])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .with_context(|| format!("starting {}", bin.display()))?;
    let stdout = child.stdout.take().context("server stdout")?;
    let line = tokio::time::timeout(
        Duration::from_secs(30),
        BufReader::new(stdout).lines().next_line(),
    )
    .await
    .context("the server did not start in time")??
    .context("the server said nothing")?;
    let addr = line
        .rsplit("http://")
        .next()
        .and_then(|a| a.trim().parse().ok())
        .with_context(|| format!("no address in {line:?}"))?;
    Ok((
        Started {
            child,
            postgres,
            _dir: dir,
        },
        addr,
    ))
}

/// The processes whose parent is `parent`, from /proc.
fn children(parent: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            // The parent is the second field after the command name.
            stat.rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(1)?.parse::<u32>().ok())
                == Some(parent)
        })
        .collect()
}

/// CPU seconds of a process and its children (PostgreSQL: the postmaster and its backends).
fn tree_cpu_seconds(root: u32) -> f64 {
    cpu_seconds(root) + children(root).into_iter().map(cpu_seconds).sum::<f64>()
}

/// Proportional set size (shared memory divided among its users) of a process and its
/// children, in KiB, from /proc/<pid>/smaps_rollup.
fn tree_pss_kib(root: u32) -> f64 {
    std::iter::once(root)
        .chain(children(root))
        .filter_map(|pid| {
            let rollup = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).ok()?;
            rollup
                .lines()
                .find(|l| l.starts_with("Pss:"))?
                .split_whitespace()
                .nth(1)?
                .parse::<f64>()
                .ok()
        })
        .sum()
}

/// User plus system CPU seconds a process has used, from /proc/<pid>/stat.
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name (which is in parentheses and may hold spaces).
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after the name.
    let ticks: f64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i)?.parse::<f64>().ok())
        .sum();
    ticks / 100.0
}

/// VmRSS of a process in KiB, from /proc (NaN when unreadable).
fn rss_kib(pid: u32) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse().ok())
        .unwrap_or(f64::NAN)
}

/// VmHWM (peak resident memory) and VmRSS of a process, from /proc.
fn memory(pid: u32) -> String {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or("?".to_owned(), |kb| format!("{:.0} MiB", kb / 1024.0))
    };
    format!(
        "peak (VmHWM) {}, now (VmRSS) {}",
        field("VmHWM:"),
        field("VmRSS:")
    )
}

async fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> Result<String> {
    let method = reqwest::Method::from_bytes(method.as_bytes())?;
    let response = reqwest::Client::new()
        .request(method, format!("http://{addr}{path}"))
        .header("Content-Type", "application/json")
        .body(body.to_owned())
        .send()
        .await?;
    Ok(response.text().await?)
}

async fn create_room(addr: SocketAddr, game: GameKind) -> Result<RoomCreated> {
    let body = http(
        addr,
        "POST",
        "/api/rooms",
        &format!(r#"{{"game":"{game}"}}"#),
    )
    .await?;
    serde_json::from_str(&body).with_context(|| format!("creating a room: {body}"))
}

/// One unlabelled value from a Prometheus text page (NaN when missing).
fn metric(page: &str, name: &str) -> f64 {
    page.lines()
        .find_map(|line| {
            line.strip_prefix(name)?
                .strip_prefix(' ')?
                .trim()
                .parse()
                .ok()
        })
        .unwrap_or(f64::NAN)
}

async fn held_connections(addr: SocketAddr) -> Result<i64> {
    let metrics = http(addr, "GET", "/metrics", "").await?;
    metrics
        .lines()
        .find_map(|l| l.strip_prefix("cozcade_connections "))
        .and_then(|n| n.trim().parse().ok())
        .context("no connection count in /metrics")
}

/// One seated player: a WebSocket and the protocol's own client, which decides every message.
struct Seated {
    ws: Socket,
    client: OnlineClient,
}

impl Seated {
    async fn send(&mut self, messages: Vec<ClientMessage>) -> Result<()> {
        for message in messages {
            self.ws
                .send(Message::text(serde_json::to_string(&message)?))
                .await?;
        }
        Ok(())
    }

    /// Reads frames into the client (sending what it answers) until `done` holds.
    async fn until(&mut self, done: impl Fn(&OnlineClient) -> bool) -> Result<()> {
        while !done(&self.client) {
            if let Link::Stopped(stop) = self.client.link() {
                bail!("stopped: {stop:?}");
            }
            let answer = match self.ws.next().await {
                Some(Ok(Message::Text(text))) => self.client.on_text(text.as_str()),
                Some(Ok(Message::Close(frame))) => bail!("closed: {frame:?}"),
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(e.into()),
                None => bail!("connection ended"),
            };
            self.send(answer).await?;
        }
        Ok(())
    }
}

async fn seat(addr: SocketAddr, room: &RoomId, key: Option<&SeatKey>) -> Result<Seated> {
    // Small buffers, as on the server: ten thousand sockets in one process.
    let config = WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0);
    // The room in the address, as the app sends it, so a load balancer can route on it.
    let url = room_socket_url(&format!("http://{addr}"), room)
        .with_context(|| format!("no WebSocket address for room {room:?}"))?;
    let (ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true).await?;
    let prefix = if key.is_some() { "creator" } else { "guest" };
    let mut seated = Seated {
        ws,
        client: OnlineClient::new(room.clone(), key.cloned(), prefix.to_owned()),
    };
    let hello = seated.client.on_open();
    seated.send(hello).await?;
    seated
        .until(|c| *c.link() == Link::Connected && c.record().is_some())
        .await?;
    Ok(seated)
}

/// Waits for the start of play, pinging from both seats meanwhile; the instant play begins.
async fn wait_for_start(
    seats: &mut [Seated; 2],
    start: &mut watch::Receiver<Option<Instant>>,
) -> Result<Instant> {
    loop {
        if let Some(begin) = *start.borrow_and_update() {
            return Ok(begin);
        }
        tokio::select! {
            changed = start.changed() => changed.context("the run ended before play began")?,
            () = tokio::time::sleep(PING_EVERY) => ping(seats).await?,
        }
    }
}

/// Waits for the room's next tick; a seat that would stay silent longer than the heartbeat
/// allows pings meanwhile, as the app does. The pongs are read with the next event.
async fn keep_alive_until_tick(
    seats: &mut [Seated; 2],
    tick: &mut tokio::time::Interval,
) -> Result<()> {
    loop {
        tokio::select! {
            _ = tick.tick() => return Ok(()),
            () = tokio::time::sleep(PING_EVERY) => ping(seats).await?,
        }
    }
}

async fn ping(seats: &mut [Seated; 2]) -> Result<()> {
    for seated in seats {
        seated.send(vec![ClientMessage::Ping {}]).await?;
    }
    Ok(())
}

/// Why a room stopped playing before the end.
enum Stopped {
    /// The server refused an action, or the clients saw something unexpected.
    Error,
    /// A connection failed.
    Dropped,
}

/// The mover acts (a move or New round) and both seats read until they have the event.
/// Returns the time from sending to the mover's acknowledgement.
async fn act(
    seats: &mut [Seated; 2],
    mover: usize,
    action: impl FnOnce(&mut OnlineClient) -> Option<Vec<ClientMessage>>,
) -> Result<Duration, Stopped> {
    let Some(messages) = action(&mut seats[mover].client) else {
        return Err(Stopped::Error);
    };
    let sent = Instant::now();
    seats[mover]
        .send(messages)
        .await
        .map_err(|_| Stopped::Dropped)?;
    seats[mover]
        .until(|c| !c.has_pending())
        .await
        .map_err(|_| Stopped::Dropped)?;
    let acked = sent.elapsed();
    if seats[mover].client.last_refusal().is_some() {
        return Err(Stopped::Error);
    }
    let target = seats[mover].client.last_seq();
    seats[1 - mover]
        .until(|c| c.last_seq() >= target)
        .await
        .map_err(|_| Stopped::Dropped)?;
    Ok(acked)
}

/// One room's two players. Returns the acknowledgement latencies (µs) measured in the window.
async fn play(
    mut seats: [Seated; 2],
    mut seed: u64,
    period: Duration,
    begin: Instant,
    end: Instant,
    totals: &Totals,
) -> (Vec<u32>, Option<[Seated; 2]>) {
    let mut random = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    };
    let mut latencies = Vec::new();
    let offset = Duration::from_micros(random(period.as_micros().max(1) as usize) as u64);
    let mut tick = tokio::time::interval_at((begin + offset).into(), period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        if keep_alive_until_tick(&mut seats, &mut tick).await.is_err() {
            totals.dropped.fetch_add(2, Ordering::Relaxed);
            return (latencies, None);
        }
        if Instant::now() >= end {
            break;
        }
        // seats[0] is the creator (first seat), seats[1] the guest; both clients hold the
        // same confirmed record.
        let Some(record) = seats[0].client.record() else {
            totals.errors.fetch_add(1, Ordering::Relaxed);
            return (latencies, Some(seats));
        };
        let (over, moves, turn) = (
            record.outcome().is_some(),
            record.legal_moves(),
            record.turn(),
        );
        let outcome = if over {
            // Both ask in turn: the first asks, the second agrees.
            let mut result = Ok(Duration::ZERO);
            for mover in [0, 1] {
                result = act(&mut seats, mover, |c| c.new_round().ok()).await;
                if result.is_err() {
                    break;
                }
            }
            if result.is_ok() {
                totals.rounds.fetch_add(1, Ordering::Relaxed);
            }
            result.map(|_| ())
        } else {
            let Some(&mv) = moves.get(random(moves.len())) else {
                // Not expected while the game is on; count it and stop this room.
                totals.errors.fetch_add(1, Ordering::Relaxed);
                return (latencies, Some(seats));
            };
            let mover = turn.index();
            let sent = Instant::now();
            act(&mut seats, mover, |c| c.play(&mv).ok())
                .await
                .map(|acked| {
                    if sent < end {
                        latencies.push(u32::try_from(acked.as_micros()).unwrap_or(u32::MAX));
                        totals.moves.fetch_add(1, Ordering::Relaxed);
                    }
                })
        };
        match outcome {
            Ok(()) => {}
            Err(Stopped::Error) => {
                totals.errors.fetch_add(1, Ordering::Relaxed);
                return (latencies, None);
            }
            Err(Stopped::Dropped) => {
                totals.dropped.fetch_add(2, Ordering::Relaxed);
                return (latencies, None);
            }
        }
    }
    (latencies, Some(seats))
}
