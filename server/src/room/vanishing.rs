//! When a player who holds a seat without a connection counts as vanished, so that the other
//! player may offer the seat again (`offer_seat`) instead of waiting for ever.
//!
//! The room's owner keeps the clock: it alone sees connections come and go. It starts when a
//! seat's connection drops; a room read from the store (after a quiet spell, or a restart)
//! counts its seats as away since the room's last activity, but gives every player a little
//! while to come back first, because a restart drops every connection at once.

use std::time::Duration;

use cozcade_protocol::Seat;
use tokio::time::Instant;

/// However long a room was quiet, the players of a room just read from the store get this long
/// to reconnect before their seats may be offered (the clients' reconnection backoff is
/// shorter).
const RECONNECT_GRACE: Duration = Duration::from_secs(60);

#[derive(Debug)]
pub struct AwayClock {
    /// How long a player must be away to count as vanished (the server's setting).
    after: Duration,
    /// Since when each seat has had no connection; meaningless while it has one.
    since: [Instant; 2],
    /// Whether the other player was told this seat's player vanished (once per absence).
    announced: [bool; 2],
}

impl AwayClock {
    /// The clock of a room read from the store `idle` after its last activity, at `now`.
    pub fn loaded(after: Duration, idle: Duration, now: Instant) -> AwayClock {
        let grace = RECONNECT_GRACE.min(after);
        let already = idle.min(after.saturating_sub(grace));
        let since = now.checked_sub(already).unwrap_or(now);
        AwayClock {
            after,
            since: [since; 2],
            announced: [false; 2],
        }
    }

    /// `seat`'s connection dropped at `now`.
    pub fn went(&mut self, seat: Seat, now: Instant) {
        self.since[seat.index()] = now;
        self.announced[seat.index()] = false;
    }

    /// A connection took `seat`.
    pub fn came(&mut self, seat: Seat) {
        self.announced[seat.index()] = false;
    }

    /// Whether `seat`'s player, if away, has been away long enough at `now`.
    pub fn vanished(&self, seat: Seat, now: Instant) -> bool {
        now >= self.vanishes_at(seat)
    }

    /// The next seat among the `away` ones whose vanishing the other player has not been
    /// told, and when it vanishes (maybe already).
    pub fn next_vanishing(&self, away: [bool; 2]) -> Option<(Seat, Instant)> {
        Seat::BOTH
            .into_iter()
            .filter(|seat| away[seat.index()] && !self.announced[seat.index()])
            .map(|seat| (seat, self.vanishes_at(seat)))
            .min_by_key(|(_, at)| *at)
    }

    /// The other player was told `seat`'s player vanished.
    pub fn announced(&mut self, seat: Seat) {
        self.announced[seat.index()] = true;
    }

    /// The setting in words, for a refusal: "10 minutes", "90 seconds", "1 second".
    pub fn describe(after: Duration) -> String {
        let secs = after.as_secs();
        let (count, unit) = if secs >= 60 && secs.is_multiple_of(60) {
            (secs / 60, "minute")
        } else {
            (secs, "second")
        };
        let plural = if count == 1 { "" } else { "s" };
        format!("{count} {unit}{plural}")
    }

    fn vanishes_at(&self, seat: Seat) -> Instant {
        self.since[seat.index()] + self.after
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEN_MINUTES: Duration = Duration::from_secs(600);

    #[test]
    fn a_player_vanishes_after_the_setting_and_is_announced_once_per_absence() {
        let start = Instant::now();
        let mut clock = AwayClock::loaded(TEN_MINUTES, Duration::ZERO, start);
        clock.came(Seat::First);
        clock.came(Seat::Second);
        clock.went(Seat::Second, start + Duration::from_secs(5));
        assert!(!clock.vanished(Seat::Second, start + Duration::from_secs(604)));
        assert!(clock.vanished(Seat::Second, start + Duration::from_secs(605)));
        let at = start + Duration::from_secs(605);
        assert_eq!(
            clock.next_vanishing([false, true]),
            Some((Seat::Second, at))
        );
        clock.announced(Seat::Second);
        assert_eq!(clock.next_vanishing([false, true]), None, "told once");
        // Back, then away again: a new absence, counted from its start.
        clock.came(Seat::Second);
        clock.went(Seat::Second, start + Duration::from_secs(700));
        assert_eq!(
            clock.next_vanishing([false, true]),
            Some((Seat::Second, start + Duration::from_secs(1300)))
        );
        assert_eq!(
            clock.next_vanishing([false, false]),
            None,
            "a connected seat"
        );
    }

    #[test]
    fn a_room_read_from_the_store_counts_its_quiet_spell_but_leaves_time_to_reconnect() {
        let now = Instant::now() + Duration::from_secs(3600);
        // Quiet for a day: the players get the reconnection grace, not ten more minutes.
        let clock = AwayClock::loaded(TEN_MINUTES, Duration::from_secs(86_400), now);
        assert!(!clock.vanished(Seat::Second, now + Duration::from_secs(59)));
        assert!(clock.vanished(Seat::Second, now + RECONNECT_GRACE));
        // Quiet for two minutes: eight more.
        let clock = AwayClock::loaded(TEN_MINUTES, Duration::from_secs(120), now);
        assert!(!clock.vanished(Seat::First, now + Duration::from_secs(479)));
        assert!(clock.vanished(Seat::First, now + Duration::from_secs(480)));
        // A setting shorter than the grace is the whole wait.
        let clock = AwayClock::loaded(Duration::from_secs(2), Duration::from_secs(86_400), now);
        assert!(!clock.vanished(Seat::First, now + Duration::from_secs(1)));
        assert!(clock.vanished(Seat::First, now + Duration::from_secs(2)));
    }

    #[test]
    fn the_setting_is_said_in_minutes_or_seconds() {
        assert_eq!(AwayClock::describe(TEN_MINUTES), "10 minutes");
        assert_eq!(AwayClock::describe(Duration::from_secs(90)), "90 seconds");
        assert_eq!(AwayClock::describe(Duration::from_secs(60)), "1 minute");
        assert_eq!(AwayClock::describe(Duration::from_secs(1)), "1 second");
    }
}
