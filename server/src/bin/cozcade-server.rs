//! `cozcade-server`: run the room server until SIGTERM or Ctrl-C.

use std::sync::Arc;

use anyhow::Result;
use clap::Parser;
use cozcade_server::{Config, SystemClock};
use tracing::{Level, Metadata};
use tracing_subscriber::{EnvFilter, filter::filter_fn, prelude::*};

#[tokio::main]
async fn main() -> Result<()> {
    // Logs go to stderr: stdout carries only the line saying where the server listens.
    tracing_subscriber::registry()
        .with(tracing_subscriber::fmt::layer().with_writer(std::io::stderr))
        .with(EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .with(filter_fn(tells_no_secrets))
        .init();
    let config = Config::parse();
    // Many players means many sockets; take what the hard limit allows.
    if let Err(e) = rlimit::increase_nofile_limit(u64::MAX) {
        tracing::warn!("could not raise the open-files limit: {e}");
    }
    // The handlers are installed before the server says it listens: whoever reads that line
    // may stop the server at once, and a SIGTERM that came before the handler would kill the
    // process outright, cutting every connection without its `shutting_down`.
    let stop = ShutdownSignal::install()?;
    let server = cozcade_server::start(config, Arc::new(SystemClock)).await?;
    println!("cozcade-server listening on http://{}", server.addr);
    stop.recv().await;
    tracing::info!("shutting down");
    server.shutdown().await;
    Ok(())
}

/// SIGTERM and SIGINT (Ctrl-C), caught from the moment this is made.
struct ShutdownSignal {
    #[cfg(unix)]
    terminate: tokio::signal::unix::Signal,
    #[cfg(unix)]
    interrupt: tokio::signal::unix::Signal,
}

impl ShutdownSignal {
    fn install() -> std::io::Result<Self> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            Ok(ShutdownSignal {
                terminate: signal(SignalKind::terminate())?,
                interrupt: signal(SignalKind::interrupt())?,
            })
        }
        #[cfg(not(unix))]
        Ok(ShutdownSignal {})
    }

    async fn recv(mut self) {
        #[cfg(unix)]
        tokio::select! {
            _ = self.terminate.recv() => {}
            _ = self.interrupt.recv() => {}
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// Whether an event may be logged whatever `RUST_LOG` asks: not the libraries' most detailed
/// levels that print what goes over the wire. tungstenite's trace prints every message (room
/// ids, seat keys), tokio-postgres's debug every query's parameters (room ids); a room id is a
/// capability, and no log names one in full.
fn tells_no_secrets(event: &Metadata<'_>) -> bool {
    let target = event.target();
    let level = *event.level();
    !((target.starts_with("tungstenite") || target.starts_with("tokio_tungstenite"))
        && level == Level::TRACE
        || target.starts_with("tokio_postgres") && level >= Level::DEBUG)
}
