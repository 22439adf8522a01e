//! Where the search reads the time.
//!
//! The search never calls `std::time::Instant` itself: on `wasm32-unknown-unknown` (the app's
//! web build) `Instant::now()` panics. The caller passes a clock instead: [`InstantClock`] on
//! native targets, a `performance.now()` closure in the browser, or nothing at all, in which
//! case only the node budget and the cancel flag stop the search (that is what makes tests
//! deterministic).

/// Milliseconds elapsed since some fixed point (only differences are used).
pub trait Clock {
    fn elapsed_millis(&self) -> u64;
}

impl<F: Fn() -> u64> Clock for F {
    fn elapsed_millis(&self) -> u64 {
        self()
    }
}

/// A clock backed by `std::time::Instant`. Not for `wasm32-unknown-unknown`, where
/// `Instant::now()` panics; there, pass a closure over `performance.now()`.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
#[derive(Copy, Clone, Debug)]
pub struct InstantClock(std::time::Instant);

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl InstantClock {
    pub fn start() -> Self {
        InstantClock(std::time::Instant::now())
    }
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl Clock for InstantClock {
    fn elapsed_millis(&self) -> u64 {
        u64::try_from(self.0.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}
