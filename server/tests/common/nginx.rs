//! A throwaway nginx running the repo's `deploy/nginx/cozcade.conf` in front of test servers:
//! a prefix directory of its own, a generated main config, no daemon.

use std::{
    net::SocketAddr,
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

/// Whether tests must have nginx (`COZCADE_REQUIRE_NGINX=1`, set by `cargo xtask test`).
pub fn required() -> bool {
    std::env::var_os("COZCADE_REQUIRE_NGINX").is_some_and(|v| v == "1")
}

/// The nginx binary: `COZCADE_NGINX`, else Debian's; `None` where it does not exist.
pub fn binary() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("COZCADE_NGINX") {
        let path = PathBuf::from(path);
        return path.exists().then_some(path);
    }
    ["/usr/sbin/nginx", "/usr/bin/nginx"]
        .into_iter()
        .map(PathBuf::from)
        .find(|path| path.exists())
}

pub struct Nginx {
    child: Child,
    pub addr: SocketAddr,
    log: PathBuf,
}

/// The repo's config with its two example instances replaced by `instances`, its port by
/// `port` and its log files put in `dir` (`access.log`, `cozcade-error.log`).
pub fn site_config(instances: [SocketAddr; 2], port: u16, dir: &Path) -> String {
    // At run time: a target dir shared by two clones keeps the first clone's test binary.
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into());
    let path = manifest_dir.join("../deploy/nginx/cozcade.conf");
    let text = std::fs::read_to_string(&path).expect("deploy/nginx/cozcade.conf");
    let replace = |text: String, from: &str, to: &str| {
        assert!(text.contains(from), "{} has no {from}", path.display());
        text.replace(from, to)
    };
    let text = replace(text, "127.0.0.1:8081", &instances[0].to_string());
    let text = replace(text, "127.0.0.1:8082", &instances[1].to_string());
    let text = replace(
        text,
        "/var/log/nginx/cozcade.access.log",
        &dir.join("access.log").display().to_string(),
    );
    let text = replace(
        text,
        "/var/log/nginx/cozcade.error.log",
        &dir.join("cozcade-error.log").display().to_string(),
    );
    replace(text, "listen 80;", &format!("listen 127.0.0.1:{port};"))
}

impl Nginx {
    /// Starts nginx in `dir` on a free port, proxying to `instances`.
    pub fn start(nginx: &Path, dir: &Path, instances: [SocketAddr; 2]) -> Nginx {
        let port = cozcade_testkit::scratch_postgres::free_port().expect("a free port");
        let prefix = dir.display();
        let main = format!(
            "daemon off;\nworker_processes 1;\nerror_log {prefix}/error.log info;\n\
             pid {prefix}/nginx.pid;\nevents {{ worker_connections 512; }}\n\
             http {{\n  access_log off;\n  client_body_temp_path {prefix}/body;\n\
             proxy_temp_path {prefix}/proxy;\n  fastcgi_temp_path {prefix}/fastcgi;\n\
             uwsgi_temp_path {prefix}/uwsgi;\n  scgi_temp_path {prefix}/scgi;\n\
             include {prefix}/cozcade.conf;\n}}\n"
        );
        std::fs::write(dir.join("nginx.conf"), main).expect("write nginx.conf");
        std::fs::write(dir.join("cozcade.conf"), site_config(instances, port, dir))
            .expect("write cozcade.conf");
        let log = dir.join("error.log");
        let child = Command::new(nginx)
            .arg("-p")
            .arg(dir)
            .arg("-c")
            .arg(dir.join("nginx.conf"))
            .stdin(Stdio::null())
            .spawn()
            .expect("nginx starts");
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        let mut nginx = Nginx { child, addr, log };
        let started = Instant::now();
        while std::net::TcpStream::connect(addr).is_err() {
            if let Ok(Some(status)) = nginx.child.try_wait() {
                panic!("nginx stopped ({status}): {}", nginx.error_log());
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "nginx does not listen: {}",
                nginx.error_log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        nginx
    }

    pub fn error_log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Nginx {
    /// Fast shutdown of the master and its workers (SIGTERM), then reap it.
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
    }
}
