//! How often Hard converts won kings-only checkers endings within the 40-move rule.
//!
//! ```text
//! cargo run --release -p cozcade-engine --example checkers_endings -- [positions=20] [seed=1]
//! ```

use cozcade_engine::ai::{
    Level,
    checkers_endings::{play_out, random_ending, won_by},
    seeded,
};

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<u64>().unwrap_or(0));
    let count = args.next().unwrap_or(20);
    let seed = args.next().unwrap_or(1);
    for (strong, weak, off) in [(2, 1, false), (3, 2, true)] {
        let mut rng = seeded(seed);
        let (mut wins, mut plies) = (0, Vec::new());
        for _ in 0..count {
            let (position, side) = random_ending(strong, weak, off, &mut rng);
            let record = play_out(position, Level::Hard, None, 400);
            if won_by(&record, side) {
                wins += 1;
                plies.push(record.len());
            } else {
                println!(
                    "not won: {position} -> {:?} after {} plies",
                    record.outcome(),
                    record.len()
                );
            }
        }
        plies.sort_unstable();
        println!(
            "{strong} kings v {weak}{}: won {wins} of {count}, plies median {:?} max {:?}",
            if off { " (not on a double corner)" } else { "" },
            plies.get(plies.len() / 2),
            plies.last()
        );
    }
}
