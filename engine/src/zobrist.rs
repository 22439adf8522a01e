//! Fixed pseudo-random keys for Zobrist hashing, the same in every build (native, wasm, phone)
//! so every build hashes a position the same way.
//!
//! The tables are made on first use, not at compile time: made by the compiler they are 13 KB
//! of random numbers in the web build's wasm, which no compressor can shrink, downloaded by
//! every phone before the first screen. Making them takes microseconds.

/// SplitMix64: a tiny, well-mixed generator; plenty for hashing keys.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// `N` keys from `seed`.
pub(crate) const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, key) = splitmix(state);
        state = next;
        out[i] = key;
        i += 1;
    }
    out
}
