//! One computer move per call, with no clock: the page times each call.
//!
//! `position(game, index)` is the start followed by a few plies chosen by `seeded(index)`,
//! so native and wasm runs see the same positions. Game 3 is Kalah's endgames, where Hard's
//! exact solver runs: 24 to 32 seeds left in the pits, the rest in the stores. Game 4 is the
//! 200 endgames (2 to 28 seeds) of the engine's test that holds Hard perfect there, in the
//! test's order. Game 5 is positions of real games with 29 to 34 seeds left, where Hard tries
//! the solver on a smaller budget before it searches: those of the engine's test of that try,
//! in its order, and more drawn the same way.

use cozcade_engine::{
    Checkers, ChineseCheckers, Game, Kalah,
    ai::{Evaluate, IndexedRandom, Level, Search, seeded, kalah_solver::{random_endgame, reached_endgame}},
};

fn position<G: Game>(index: u32) -> G {
    let mut rng = seeded(u64::from(index) + 1);
    let plies = u64::from(index) * 3 % 40;
    let mut position = G::start();
    for _ in 0..plies {
        let moves = position.legal_moves();
        match moves.choose(&mut rng) {
            Some(mv) if !position.play_unchecked(mv).legal_moves().is_empty() => {
                position = position.play_unchecked(mv)
            }
            _ => break,
        }
    }
    position
}

fn kalah_endgame(index: u32) -> Kalah {
    let mut rng = seeded(u64::from(index) + 1);
    random_endgame(24 + index % 9, &mut rng)
}

/// Position `index` of `kalah_hard_plays_endgames_of_at_most_28_seeds_perfectly`.
fn kalah_hard_test(index: u32) -> Kalah {
    let mut rng = seeded(2025);
    let mut position = random_endgame(2, &mut rng);
    for n in 1..=index {
        position = random_endgame(2 + n % 27, &mut rng);
    }
    position
}

/// Position `index` of `kalah_hard_proves_its_move_with_29_to_34_seeds_wherever_its_try_of_the_solver_reaches`.
fn kalah_reached(index: u32) -> Kalah {
    let mut rng = seeded(2026);
    let mut position = reached_endgame(29, 29, &mut rng);
    for n in 1..=index {
        position = reached_endgame(29, 29 + n % 6, &mut rng);
    }
    position
}

fn think<G: Evaluate>(position: &G, level: Level) -> u64 {
    Search::new(level)
        .choose(position)
        .map_or(0, |choice| choice.nodes)
}

/// Nodes the level searched for its move in position `index` of `game` (0 Kalah, 1 Checkers,
/// 2 Chinese Checkers, 3 Kalah endgames, 4 the Kalah test's endgames, 5 Kalah positions of
/// real games with 29 to 34 seeds; level 0 Easy, 1 Medium, 2 Hard).
#[unsafe(no_mangle)]
pub extern "C" fn move_nodes(game: u32, level: u32, index: u32) -> f64 {
    let level = Level::ALL[level.min(2) as usize];
    let nodes = match game {
        0 => think(&position::<Kalah>(index), level),
        1 => think(&position::<Checkers>(index), level),
        2 => think(&position::<ChineseCheckers>(index), level),
        3 => think(&kalah_endgame(index), level),
        4 => think(&kalah_hard_test(index), level),
        _ => think(&kalah_reached(index), level),
    };
    nodes as f64
}
