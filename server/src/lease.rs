//! Keeps this instance's room leases alive while their rooms are open (PostgreSQL store only).
//!
//! One statement renews every open room's lease, a third of the lease period apart, so a
//! renewal can fail twice in a row before a lease lapses. A room whose lease was taken over
//! meanwhile (this instance was paused or cut off longer than the lease) is told to stop: its
//! writes would be refused by the store's fence anyway, and its players should reconnect to
//! the instance that serves the room now. A room another instance asked for (the load
//! balancer sends its players there, typically because this instance took the room over while
//! that one was down and it is back) is handed over: its players are sent to reconnect and
//! its lease is released.

use std::{sync::Arc, time::Duration};

use tokio::sync::watch;

use crate::{registry::Registry, room::Command, secret::Redacted, shared::Shared};

pub async fn renew(
    shared: Arc<Shared>,
    registry: Arc<Registry>,
    period: Duration,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut tick = tokio::time::interval(period / 3);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = shutdown.changed() => return,
        }
        let leased = shared.leases.held();
        if leased.is_empty() {
            continue;
        }
        match shared.store.renew(leased.keys().cloned().collect()).await {
            Ok(renewal) => {
                let tell = |id: &String, command| {
                    if let Some(&generation) = leased.get(id) {
                        registry.tell_owner(id, generation, command);
                    }
                };
                for id in &renewal.lost {
                    tracing::warn!("room {}: another instance took it over", Redacted(id));
                    tell(id, Command::LeaseLost);
                }
                for id in &renewal.wanted {
                    tracing::info!(
                        "room {}: handing it over to the instance that asked",
                        Redacted(id)
                    );
                    tell(id, Command::HandOver);
                }
            }
            Err(e) => tracing::warn!("renewing room leases: {e}"),
        }
    }
}
