//! The computer player's randomness: Easy's noise and random share, the choice among moves of
//! equal value at every level, and the match runner's openings.
//!
//! The generator is PCG32 from `rand_pcg`: small and fast (the search runs in a phone's
//! browser), and its stream is fixed by its seed on every platform and every version, so a
//! seed saved with a game replays it exactly. A fresh seed comes from the operating system
//! (see [`fresh_seed`] in the CLI, and the app's own); the search never draws one itself.

use rand::SeedableRng;

pub use rand::{RngExt, SeedableRng as _, seq::IndexedRandom};

/// The generator every random choice of the computer player draws from.
pub type Rng = rand_pcg::Pcg32;

/// A generator whose stream `seed` fixes.
pub fn seeded(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

/// A seed from the operating system's random source.
#[cfg(feature = "cli")]
pub fn fresh_seed() -> Result<u64, rand::rngs::SysError> {
    use rand::TryRng;
    rand::rngs::SysRng.try_next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_stream_and_a_known_one() {
        let (mut a, mut b) = (seeded(7), seeded(7));
        let first: Vec<u32> = (0..8).map(|_| a.random_range(0..1000)).collect();
        let again: Vec<u32> = (0..8).map(|_| b.random_range(0..1000)).collect();
        assert_eq!(first, again);
        // The stream itself is part of the contract (saved games replay with it): pinned here
        // so that a change of generator or of rand's sampling shows up as a failing test.
        let mut known = seeded(1);
        let pinned: Vec<u32> = (0..4).map(|_| known.random_range(0..100)).collect();
        assert_eq!(pinned, PINNED_SEED_1);
        assert!(seeded(1).random_range(0..6u32) < 6);
        assert!(<[u8]>::choose(&[], &mut seeded(1)).is_none());
    }

    const PINNED_SEED_1: [u32; 4] = [20, 49, 79, 6];
}
