//! Tests of the search against plain references, shared by every game.

use std::{
    collections::HashMap,
    sync::atomic::{AtomicBool, Ordering},
};

use super::{
    Evaluate, Level, Rng, Search, SearchError,
    arena::{MatchOptions, play_match},
    evaluate::{EVAL_LIMIT, Score},
    search::{MAX_EXTENSIONS, MAX_PLY},
};
use crate::{
    Game, Kalah, Side,
    kalah::{Move, PITS, Pit, Setup},
};

/// Negamax with no pruning and no table: the reference every optimised search must match.
/// Same horizon rule (capture extension) and the same extra-turn rule as the real search.
pub(crate) fn plain_negamax<G: Evaluate>(
    position: &G,
    depth: i32,
    extensions: u32,
    ply: u32,
) -> Score {
    let moves = position.legal_moves();
    if moves.is_empty() {
        return position.terminal_score(ply);
    }
    let evaluate = || position.evaluate().clamp(-EVAL_LIMIT + 1, EVAL_LIMIT - 1);
    let (depth, extensions) = if depth > 0 {
        (depth, extensions)
    } else if extensions < MAX_EXTENSIONS && ply < MAX_PLY - 1 && !position.is_quiet(&moves) {
        (1, extensions + 1)
    } else {
        return evaluate();
    };
    if ply >= MAX_PLY - 1 {
        return evaluate();
    }
    moves
        .iter()
        .map(|mv| {
            let child = position.play_unchecked(mv);
            if child.turn() == position.turn() {
                plain_negamax(&child, depth - 1, extensions, ply + 1)
            } else {
                -plain_negamax(&child, depth - 1, extensions, ply + 1)
            }
        })
        .max()
        .unwrap_or(Score::MIN)
}

/// A position after `plies` random moves from `start`, or `None` if the game ended.
pub(crate) fn random_position<G: Game>(start: G, plies: u64, rng: &mut Rng) -> Option<G> {
    let mut position = start;
    for _ in 0..plies {
        let moves = position.legal_moves();
        position = position.play_unchecked(rng.pick(&moves)?);
    }
    (!position.legal_moves().is_empty()).then_some(position)
}

/// Compares the search at `depth` with plain negamax at the same depth.
pub(crate) fn assert_same_value_as_negamax<G: Evaluate>(position: &G, depth: u32, level: Level) {
    if position.legal_moves().len() < 2 {
        return; // A single legal move is answered without searching.
    }
    let choice = Search::new(level)
        .depth(depth)
        .nodes(u64::MAX)
        .choose(position)
        .unwrap();
    let reference = plain_negamax(position, depth as i32, 0, 0);
    assert_eq!(choice.score, reference, "depth {depth} at {position}");
    // The move returned must reach that value too.
    let child = position.play_unchecked(&choice.mv);
    let value = if child.turn() == position.turn() {
        plain_negamax(&child, depth as i32 - 1, 0, 1)
    } else {
        -plain_negamax(&child, depth as i32 - 1, 0, 1)
    };
    if !choice.proven {
        assert_eq!(value, reference, "move {} at {position}", choice.mv);
    }
}

#[test]
fn kalah_search_matches_plain_negamax() {
    let mut rng = Rng::new(11);
    let mut checked = 0;
    while checked < 120 {
        let plies = rng.below(40);
        let Some(position) = random_position(Kalah::start(), plies, &mut rng) else {
            continue;
        };
        let depth = 1 + (checked % 6) as u32;
        assert_same_value_as_negamax(&position, depth, Level::Hard);
        checked += 1;
    }
}

#[test]
fn kalah_medium_matches_plain_negamax_at_its_depth() {
    let mut rng = Rng::new(12);
    for _ in 0..40 {
        let plies = rng.below(30);
        if let Some(position) = random_position(Kalah::start(), plies, &mut rng) {
            assert_same_value_as_negamax(
                &position,
                Kalah::profile(Level::Medium).depth,
                Level::Medium,
            );
        }
    }
}

/// The final store margin for the side to move with perfect play on both sides: a plain
/// memoised minimax to the end of the game.
fn solve(position: &Kalah, memo: &mut HashMap<Kalah, i32>) -> i32 {
    if let Some(&value) = memo.get(position) {
        return value;
    }
    let me = position.turn();
    let moves = position.legal_moves();
    let value = if moves.is_empty() {
        i32::from(position.store(me)) - i32::from(position.store(me.other()))
    } else {
        moves
            .iter()
            .map(|mv| {
                let child = position.play_unchecked(mv);
                let v = solve(&child, memo);
                if child.turn() == me { v } else { -v }
            })
            .max()
            .unwrap_or(i32::MIN)
    };
    memo.insert(position.clone(), value);
    value
}

/// A random position with `seeds` seeds left in the pits (both rows non-empty).
fn random_endgame(seeds: u32, rng: &mut Rng) -> Kalah {
    loop {
        let mut pits = [[0u8; PITS]; 2];
        for _ in 0..seeds {
            let side = rng.below(2) as usize;
            pits[side][rng.below(PITS as u64) as usize] += 1;
        }
        if pits.iter().any(|row| row.iter().all(|&s| s == 0)) {
            continue;
        }
        let stored = 48 - seeds as u8;
        let gold = rng.below(u64::from(stored) + 1) as u8;
        let turn = if rng.below(2) == 0 {
            Side::First
        } else {
            Side::Second
        };
        let setup = Setup {
            pits,
            stores: [gold, stored - gold],
            turn,
        };
        if let Ok(position) = Kalah::try_from(setup) {
            return position;
        }
    }
}

#[test]
fn kalah_hard_plays_endgames_of_at_most_12_seeds_perfectly() {
    let mut rng = Rng::new(2024);
    let mut memo = HashMap::new();
    for n in 0..300 {
        let seeds = 2 + (n % 11);
        let position = random_endgame(seeds, &mut rng);
        let best = solve(&position, &mut memo);
        // The default Hard budget, with no clock: what the app gets at the least.
        let choice = Search::new(Level::Hard).choose(&position).unwrap();
        let child = position.play_unchecked(&choice.mv);
        let got = if child.turn() == position.turn() {
            solve(&child, &mut memo)
        } else {
            -solve(&child, &mut memo)
        };
        assert_eq!(
            got, best,
            "{position}: chose {} worth {got}, best is {best}",
            choice.mv
        );
        assert!(
            choice.proven || position.legal_moves().len() == 1,
            "{position} not proven"
        );
    }
}

#[test]
fn kalah_extra_turn_then_capture() {
    // Gold f holds one seed: it lands in the store (extra turn). Then gold a (two seeds) ends
    // in the empty pit c, whose opposite (turquoise d) holds nine: a capture of ten. Playing a
    // first would capture too but hand the turn over and lose the extra move.
    let position: Kalah = "G:G2,0,0,1,1,1,10:T1,1,1,9,1,1,19".parse().unwrap();
    for level in [Level::Medium, Level::Hard] {
        let first = Search::new(level).choose(&position).unwrap();
        assert!(
            first.mv.0.index() >= 3,
            "{level} should take an extra turn first, chose {}",
            first.mv
        );
        let mut next = position.play_unchecked(&first.mv);
        while next.turn() == Side::First {
            let choice = Search::new(level).choose(&next).unwrap();
            let before = next.store(Side::First);
            next = next.play_unchecked(&choice.mv);
            if next.store(Side::First) >= before + 10 {
                break;
            }
        }
        assert!(
            next.store(Side::First) >= 21,
            "{level} missed the capture: {next}"
        );
    }
}

#[test]
fn a_finished_game_is_an_error_not_a_panic() {
    let over: Kalah = "T:G0,0,0,0,0,0,24:T0,0,0,0,0,0,24".parse().unwrap();
    for level in Level::ALL {
        assert_eq!(Search::new(level).choose(&over), Err(SearchError::GameOver));
    }
}

#[test]
fn a_lost_position_still_gets_a_move() {
    // Turquoise already holds 30 seeds: gold loses whatever it does, and still moves.
    let position: Kalah = "G:G1,0,2,0,0,1,8:T1,1,1,1,1,1,30".parse().unwrap();
    for level in Level::ALL {
        let choice = Search::new(level).choose(&position).unwrap();
        assert!(position.is_legal(&choice.mv), "{level}");
        assert!(
            choice.score < 0 || level == Level::Easy,
            "{level} thinks it is not lost"
        );
    }
}

#[test]
fn cancelling_stops_the_search() {
    let flag = AtomicBool::new(true);
    let result = Search::new(Level::Hard)
        .nodes(u64::MAX)
        .cancel(&flag)
        .choose(&Kalah::start());
    assert_eq!(result, Err(SearchError::Cancelled));
    flag.store(false, Ordering::Relaxed);
    let result = Search::new(Level::Hard)
        .nodes(10_000)
        .cancel(&flag)
        .choose(&Kalah::start());
    assert!(result.is_ok());
}

#[test]
fn a_tiny_budget_still_gives_a_legal_move() {
    let mut rng = Rng::new(5);
    for _ in 0..50 {
        let Some(position) = random_position(Kalah::start(), rng.below(30), &mut rng) else {
            continue;
        };
        for level in Level::ALL {
            let choice = Search::new(level).nodes(1).choose(&position).unwrap();
            assert!(position.is_legal(&choice.mv));
            assert!(choice.depth >= 1);
        }
    }
}

#[test]
fn a_time_budget_is_read_from_the_callers_clock() {
    use std::cell::Cell;
    // A fake clock that advances 1 ms per reading: the search must stop on its own.
    let now = Cell::new(0u64);
    let clock = || {
        now.set(now.get() + 1);
        now.get()
    };
    let choice = Search::new(Level::Hard)
        .nodes(u64::MAX)
        .clock(&clock)
        .millis(50)
        .choose(&Kalah::start())
        .unwrap();
    assert!(Kalah::start().is_legal(&choice.mv));
    assert!(now.get() <= 60, "read the clock {} times", now.get());
}

#[test]
fn node_budget_and_seed_make_every_level_deterministic() {
    let mut rng = Rng::new(9);
    for _ in 0..20 {
        let Some(position) = random_position(Kalah::start(), rng.below(20), &mut rng) else {
            continue;
        };
        for level in Level::ALL {
            let search = Search::new(level).nodes(30_000).seed(77);
            assert_eq!(search.choose(&position), search.choose(&position));
        }
    }
}

#[test]
fn easy_varies_with_the_seed_but_takes_a_winning_move() {
    let start = Kalah::start();
    let chosen: std::collections::HashSet<_> = (0..40)
        .map(|seed| {
            Search::new(Level::Easy)
                .seed(seed)
                .choose(&start)
                .unwrap()
                .mv
        })
        .collect();
    assert!(chosen.len() >= 3, "Easy always plays one of {chosen:?}");
    // Gold e lands in the empty f and captures 21: more than half the seeds, the game is won.
    // Gold a would capture two.
    let winning: Kalah = "G:G3,0,0,0,1,0,10:T20,1,1,1,1,1,9".parse().unwrap();
    let takes = (0..100)
        .filter(|&seed| {
            Search::new(Level::Easy)
                .seed(seed)
                .choose(&winning)
                .unwrap()
                .mv
                == Move(Pit::new(4).unwrap())
        })
        .count();
    assert!(
        takes >= 70,
        "Easy took the winning capture only {takes} times in 100"
    );
}

#[test]
fn every_level_plays_legal_moves_to_the_end() {
    let options = MatchOptions {
        nodes: Some(5_000),
        seed: 3,
        ..MatchOptions::new(Level::Easy, Level::Hard, 4)
    };
    let mut reports = Vec::new();
    let score = play_match::<Kalah>(&options, &mut |r| reports.push(r.clone())).unwrap();
    assert_eq!(score.a_wins + score.b_wins + score.draws, 4);
    assert_eq!(reports.len(), 4);
    assert_eq!(
        reports[0].start, reports[1].start,
        "a pair shares its opening"
    );
    assert_ne!(reports[0].a_side, reports[1].a_side);
    for report in &reports {
        assert!(report.outcome.is_some());
        let replay =
            crate::Record::<Kalah>::replay(report.start.parse().unwrap(), &report.moves).unwrap();
        assert!(replay.is_over());
    }
    assert!(score.to_string().starts_with("score: A "));
}
