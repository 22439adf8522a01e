//! The per-connection message rate: a token bucket.

use tokio::time::Instant;

#[derive(Debug)]
pub struct RateLimit {
    per_sec: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl RateLimit {
    pub fn new(per_sec: f64, burst: f64) -> Self {
        RateLimit {
            per_sec,
            burst,
            tokens: burst,
            last: Instant::now(),
        }
    }

    /// Takes one token; false when the connection is over its rate.
    pub fn allow(&mut self) -> bool {
        let now = Instant::now();
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.per_sec).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn bursts_are_allowed_then_the_rate_holds() {
        let mut limit = RateLimit::new(2.0, 3.0);
        assert!((0..3).all(|_| limit.allow()));
        assert!(!limit.allow());
        tokio::time::advance(std::time::Duration::from_millis(500)).await;
        assert!(limit.allow());
        assert!(!limit.allow());
    }
}
