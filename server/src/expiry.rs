//! The background task that deletes rooms idle for longer than the limit (7 days by default),
//! and rooms nobody joined hours after their creation (12 by default).

use std::sync::{Arc, atomic::Ordering};

use tokio::sync::watch;

use crate::{config::secs, registry::Registry, room::TOUCH_EVERY, shared::Shared, store::Cutoffs};

const DAY: i64 = 24 * 60 * 60;

pub async fn run(
    shared: Arc<Shared>,
    registry: Arc<Registry>,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut tick = tokio::time::interval(secs(shared.limits.sweep_secs));
    loop {
        tokio::select! {
            _ = tick.tick() => sweep(&shared, &registry).await,
            _ = shutdown.changed() => return,
        }
    }
}

/// Deletes every room last active more than the limit ago, and every room nobody joined that
/// was created more than its limit ago, and closes their connections. A room's stored activity
/// time may lag by up to `TOUCH_EVERY`, so that much is added: a room is deleted between 7
/// days and 7 days and a minute after its last activity, never before. Its creation time is
/// exact.
pub async fn sweep(shared: &Shared, registry: &Registry) {
    let now = shared.clock.now();
    let limits = &shared.limits;
    // Whole seconds (the flag was checked at start to be a number of hours, not negative).
    let unjoined_secs = (limits.unjoined_room_ttl_hours * 3600.0).min(i64::MAX as f64);
    let cutoffs = Cutoffs {
        idle_before: now
            .saturating_sub(limits.room_ttl_days.saturating_mul(DAY))
            .saturating_sub(TOUCH_EVERY),
        unjoined_before: now.saturating_sub(unjoined_secs as i64),
    };
    match shared.store.delete_idle(cutoffs).await {
        Ok(ids) => {
            if !ids.is_empty() {
                tracing::info!("deleted {} idle rooms", ids.len());
            }
            let count = i64::try_from(ids.len()).unwrap_or(i64::MAX);
            shared.metrics.rooms.fetch_sub(count, Ordering::Relaxed);
            shared
                .metrics
                .rooms_expired
                .fetch_add(count.unsigned_abs(), Ordering::Relaxed);
            for id in ids {
                registry.expire(&id);
            }
        }
        Err(e) => tracing::error!("sweeping idle rooms: {e}"),
    }
}
