//! The application-level heartbeat: when a client pings and when silence means its
//! connection is lost.
//!
//! A browser cannot see WebSocket pings, and a connection whose traffic is silently dropped (a
//! network switch, a dead Wi-Fi) sends no reset: without a heartbeat of its own a client would
//! show "Connected" until the operating system gives up on the socket, minutes later. So, as
//! lichess does: the client sends a tiny `ping` whenever it has sent nothing else for
//! [`PING_EVERY`], the server answers `pong`, and **any frame counts as life** on both sides
//! (a move is as good as a ping). A client that hears nothing for [`SILENCE_LIMIT`] treats the
//! connection as lost; the server drops a connection it hears nothing from for two of its ping
//! periods (`--ping-secs`, 4 s by default, so 8 s) and tells the other seat the player is away.
//! A silent loss is noticed within [`SILENCE_LIMIT`] on the client and 8 s on the server.
//!
//! Pure: the caller passes the time (any clock, as a duration since any fixed start), so the
//! schedule is unit-tested below.

use std::time::Duration;

/// A client pings when it has sent nothing for this long.
pub const PING_EVERY: Duration = Duration::from_millis(2500);
/// A client that has heard nothing for this long treats the connection as lost: three pings
/// unanswered, with room for a slow moment.
pub const SILENCE_LIMIT: Duration = Duration::from_secs(8);

/// `{"type":"ping"}`, exactly as [`crate::ClientMessage::Ping`] serialises.
pub const PING_TEXT: &str = r#"{"type":"ping"}"#;
/// `{"type":"pong"}`, exactly as [`crate::ServerMessage::Pong`] serialises.
pub const PONG_TEXT: &str = r#"{"type":"pong"}"#;

/// What the heartbeat asks for now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Beat {
    /// Nothing to do; ask again after this long (or when something is sent or heard).
    Wait(Duration),
    /// Send a ping now (the heartbeat counts it as sent).
    Ping,
    /// Nothing heard for [`SILENCE_LIMIT`]: the connection is lost.
    Lost,
}

/// One connection's heartbeat, from the client's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Heartbeat {
    last_heard: Duration,
    last_sent: Duration,
}

impl Heartbeat {
    /// A connection that opened at `now`.
    pub fn new(now: Duration) -> Self {
        Heartbeat {
            last_heard: now,
            last_sent: now,
        }
    }

    /// A frame arrived from the server.
    pub fn heard(&mut self, now: Duration) {
        self.last_heard = self.last_heard.max(now);
    }

    /// A frame went to the server.
    pub fn sent(&mut self, now: Duration) {
        self.last_sent = self.last_sent.max(now);
    }

    /// What to do at `now`.
    pub fn beat(&mut self, now: Duration) -> Beat {
        let silent = now.saturating_sub(self.last_heard);
        if silent >= SILENCE_LIMIT {
            return Beat::Lost;
        }
        let quiet = now.saturating_sub(self.last_sent);
        if quiet >= PING_EVERY {
            self.last_sent = now;
            return Beat::Ping;
        }
        Beat::Wait((PING_EVERY - quiet).min(SILENCE_LIMIT - silent))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_quiet_connection_pings_every_period() {
        let mut h = Heartbeat::new(ms(1000));
        assert_eq!(h.beat(ms(1000)), Beat::Wait(PING_EVERY));
        assert_eq!(h.beat(ms(3499)), Beat::Wait(ms(1)));
        assert_eq!(h.beat(ms(3500)), Beat::Ping);
        // The pong comes back at once.
        h.heard(ms(3510));
        assert_eq!(h.beat(ms(3510)), Beat::Wait(ms(2490)));
        assert_eq!(h.beat(ms(6000)), Beat::Ping);
    }

    #[test]
    fn anything_sent_counts_as_a_ping_and_anything_heard_as_life() {
        let mut h = Heartbeat::new(Duration::ZERO);
        h.sent(ms(2000));
        assert_eq!(h.beat(ms(2500)), Beat::Wait(ms(2000)));
        h.heard(ms(7000));
        h.sent(ms(7000));
        assert_eq!(h.beat(ms(9000)), Beat::Wait(ms(500)));
        // A frame reported late (an older time) moves nothing back.
        h.heard(ms(1));
        assert_eq!(h.beat(ms(9000)), Beat::Wait(ms(500)));
    }

    #[test]
    fn silence_for_the_limit_is_a_lost_connection_even_while_pinging() {
        let mut h = Heartbeat::new(Duration::ZERO);
        let mut now = Duration::ZERO;
        let mut pings = 0;
        loop {
            match h.beat(now) {
                Beat::Wait(d) => {
                    assert!(d > Duration::ZERO);
                    now += d;
                }
                Beat::Ping => pings += 1,
                Beat::Lost => break,
            }
        }
        assert_eq!(now, SILENCE_LIMIT, "noticed exactly at the limit");
        assert_eq!(pings, 3, "pings at 2.5, 5 and 7.5 s went unanswered");
        // Lost stays lost.
        assert_eq!(h.beat(now + ms(1)), Beat::Lost);
    }

    #[test]
    fn the_limit_leaves_room_for_three_pings_and_fits_the_target() {
        assert!(SILENCE_LIMIT >= PING_EVERY * 3);
        assert!(SILENCE_LIMIT < Duration::from_secs(10));
    }
}
