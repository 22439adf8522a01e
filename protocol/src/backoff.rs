//! How long to wait before the next reconnect attempt.
//!
//! Exponential from a quarter second, capped at 30 s so a phone that lost its network for a
//! while still comes back within half a minute of the network returning. A little jitter keeps
//! many clients that lost the same server from all knocking at the same instant; the random
//! number is passed in so the schedule stays a pure, testable function.

use std::time::Duration;

/// Wait before the first attempt.
pub const FIRST_DELAY: Duration = Duration::from_millis(250);
/// The longest wait between attempts.
pub const MAX_DELAY: Duration = Duration::from_secs(30);

/// The wait before reconnect attempt `attempt` (1 for the first retry after a drop).
pub fn reconnect_delay(attempt: u32) -> Duration {
    // 250 ms · 2^(attempt-1), computed in milliseconds with a clamped exponent so no attempt
    // count can overflow.
    let exponent = attempt.saturating_sub(1).min(16);
    let millis = FIRST_DELAY
        .as_millis()
        .saturating_mul(1u128 << exponent)
        .min(MAX_DELAY.as_millis());
    Duration::from_millis(u64::try_from(millis).unwrap_or(u64::MAX))
}

/// `delay` plus up to a quarter more, chosen by `random` (any value; spread evenly).
pub fn with_jitter(delay: Duration, random: u64) -> Duration {
    let spread = delay.as_millis() / 4;
    if spread == 0 {
        return delay;
    }
    let extra = u128::from(random) % (spread + 1);
    delay + Duration::from_millis(u64::try_from(extra).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schedule_doubles_from_a_quarter_second_to_the_cap() {
        let millis: Vec<u128> = (1..=10).map(|a| reconnect_delay(a).as_millis()).collect();
        assert_eq!(
            millis,
            [250, 500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]
        );
        // Attempt 0 (not normally used) is treated as the first.
        assert_eq!(reconnect_delay(0), FIRST_DELAY);
    }

    #[test]
    fn huge_attempt_counts_stay_at_the_cap() {
        assert_eq!(reconnect_delay(u32::MAX), MAX_DELAY);
        assert_eq!(reconnect_delay(64), MAX_DELAY);
    }

    #[test]
    fn jitter_adds_at_most_a_quarter() {
        let base = Duration::from_millis(1000);
        assert_eq!(with_jitter(base, 0), base);
        assert_eq!(with_jitter(base, 250), Duration::from_millis(1250));
        assert_eq!(with_jitter(base, 251), base);
        for random in [1, 77, 12345, u64::MAX] {
            let d = with_jitter(base, random);
            assert!(d >= base && d <= Duration::from_millis(1250), "{d:?}");
        }
        assert_eq!(with_jitter(Duration::ZERO, 99), Duration::ZERO);
    }
}
