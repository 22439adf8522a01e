//! `cozcade-server`: run the room server until SIGTERM or Ctrl-C.

use std::sync::Arc;

use anyhow::Result;
use clap::Parser;
use cozcade_server::{Config, SystemClock};
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> Result<()> {
    // Logs go to stderr: stdout carries only the line saying where the server listens.
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .init();
    let config = Config::parse();
    // Many players means many sockets; take what the hard limit allows.
    if let Err(e) = rlimit::increase_nofile_limit(u64::MAX) {
        tracing::warn!("could not raise the open-files limit: {e}");
    }
    let server = cozcade_server::start(config, Arc::new(SystemClock)).await?;
    println!("cozcade-server listening on http://{}", server.addr);
    shutdown_signal().await;
    tracing::info!("shutting down");
    server.shutdown().await;
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}
