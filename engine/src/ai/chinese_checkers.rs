//! How the computer plays Chinese Checkers.
//!
//! The evaluation is a race with a plan: every marble's distance to the far tip of its goal
//! counts, squared, so the last stragglers weigh most and are brought along; marbles that drift
//! out of the cone leading to the goal pay for it; and a marble deep inside the goal is worth
//! more than one on its rim, so the deepest goal holes fill first and the rim stays free for
//! the marbles still arriving. A marble still outside is also drawn to the nearest goal hole
//! that is still empty, so the last one walks round a full rim to the gap instead of waiting.

use super::{
    IndexedRandom, Level, Profile, Rng, RngExt,
    evaluate::{Evaluate, Score},
    search::MAX_PLY,
};
use crate::{
    Game, Side,
    chinese_checkers::{ChineseCheckers, HOLES, Hole, Move},
};

/// Rows from the starting tip to the goal tip.
const LAST_ROW: u8 = 16;
/// Per row still to go.
const ROW: Score = 8;
/// Per half-hole outside the cone that narrows towards the goal tip.
const OFF_CONE: Score = 6;
/// Per step between a marble outside its goal and the nearest goal hole still empty.
const TO_GAP: Score = 4;

/// The goal holes of each side, by number (see the crate's DESIGN: jade fills 1..10, coral
/// 112..121).
fn goal_holes(side: Side) -> impl Iterator<Item = Hole> {
    let first = match side {
        Side::First => 1,
        Side::Second => 112,
    };
    (first..first + 10).filter_map(Hole::new)
}

/// Single steps between two holes if nothing were in the way.
fn steps(a: Hole, b: Hole) -> Score {
    let rows = (Score::from(a.row()) - Score::from(b.row())).abs();
    let across = (Score::from(a.x()) - Score::from(b.x())).abs();
    // A step to the next row also moves one half-hole sideways; the rest takes sideways steps
    // of two half-holes.
    rows + (across - rows).max(0) / 2
}

/// Rows between `hole` and the tip of `side`'s goal (0 on the tip itself).
fn distance(side: Side, hole: Hole) -> Score {
    Score::from(match side {
        Side::First => hole.row(),
        Side::Second => LAST_ROW - hole.row(),
    })
}

/// What a marble of `side` on `hole` still costs: lower is better.
fn cost(side: Side, hole: Hole) -> Score {
    let d = distance(side, hole);
    // The goal triangle and the road to it: |x| <= d. Outside it a marble has to come back.
    let off_cone = (Score::from(hole.x()).abs() - d).max(0);
    d * d + ROW * d + OFF_CONE * off_cone
}

impl Evaluate for ChineseCheckers {
    fn evaluate(&self) -> Score {
        let me = self.turn();
        let total = |side: Side| -> Score {
            // Any marble in a goal hole fills it, the opponent's included.
            let gaps: Vec<Hole> = goal_holes(side)
                .filter(|&hole| self.marble_at(hole).is_none())
                .collect();
            self.marbles(side)
                .into_iter()
                .map(|hole| {
                    let to_gap = if hole.is_goal_of(side) {
                        0
                    } else {
                        gaps.iter().map(|&gap| steps(hole, gap)).min().unwrap_or(0)
                    };
                    cost(side, hole) + TO_GAP * to_gap
                })
                .sum()
        };
        total(me.other()) - total(me)
    }

    /// Long forward hops first.
    fn order_hint(&self, mv: &Move) -> i32 {
        match mv {
            Move::Marble { from, to, .. } => {
                let me = self.turn();
                cost(me, *from) - cost(me, *to)
            }
            Move::Pass => 0,
        }
    }

    const HISTORY_SLOTS: usize = HOLES * HOLES;

    fn history_slot(&self, mv: &Move) -> usize {
        match mv {
            Move::Marble { from, to, .. } => from.index() * HOLES + to.index(),
            Move::Pass => 0,
        }
    }

    fn profile(level: Level) -> Profile {
        match level {
            // Its own move only, blurred by a noise of about three rows of progress of one
            // marble, and one move in four at random.
            Level::Easy => Profile {
                depth: 1,
                nodes: 20_000,
                noise: 100,
                random_percent: 25,
            },
            // Its move and the reply. The plan (deepest goal holes first, no stragglers) is in
            // the evaluation. (At three plies Medium was nearly as strong as Hard at the
            // budgets a phone allows: in a race, depth matters less than the plan.)
            Level::Medium => Profile {
                depth: 2,
                nodes: 60_000,
                noise: 0,
                random_percent: 0,
            },
            // As deep as 30 k nodes go (three or four plies): a move within a second in the
            // browser on a phone's CPU (engine/BENCHMARKS.md).
            Level::Hard => Profile {
                depth: MAX_PLY - 1,
                nodes: 30_000,
                noise: 0,
                random_percent: 0,
            },
        }
    }

    /// The start followed by two to four random plies.
    fn opening(_game_pair: u32, rng: &mut Rng) -> Self {
        let mut position = ChineseCheckers::start();
        for _ in 0..2 + rng.random_range(0..3) {
            let moves = position.legal_moves();
            match moves.choose(rng) {
                Some(mv) => position = position.play_unchecked(mv),
                None => break,
            }
        }
        position
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{
        Search,
        arena::{MatchOptions, play_match},
        seeded,
        tests::{assert_same_value_as_negamax, random_position},
    };

    fn hole(row: u8, x: i8) -> Hole {
        Hole::at(row, x).unwrap_or_else(|| panic!("no hole at row {row}, x {x}"))
    }

    fn fen(turn: char, jade: &[Hole], coral: &[Hole]) -> String {
        let list = |holes: &[Hole]| {
            let mut numbers: Vec<u8> = holes.iter().map(|h| h.number()).collect();
            numbers.sort_unstable();
            numbers
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        format!("{turn}:J{}:C{}", list(jade), list(coral))
    }

    #[test]
    fn search_matches_plain_negamax() {
        let mut rng = seeded(31);
        let mut checked = 0;
        while checked < 24 {
            let Some(position) =
                random_position(ChineseCheckers::start(), rng.random_range(0..60), &mut rng)
            else {
                continue;
            };
            let depth = 1 + (checked % 2) as u32;
            assert_same_value_as_negamax(&position, depth, Level::Hard);
            checked += 1;
        }
        // A few at three plies (about a million nodes each for the reference).
        for _ in 0..2 {
            if let Some(position) = random_position(ChineseCheckers::start(), 8, &mut rng) {
                assert_same_value_as_negamax(&position, 3, Level::Hard);
            }
        }
    }

    #[test]
    fn finishes_with_a_hop_chain() {
        // Jade has nine marbles home; the last goal hole is (3,-3). The tenth marble, at
        // (7,1), gets there only by hopping over (6,0) to (5,-1) and over (4,-2) to (3,-3).
        let goal: Vec<Hole> = Hole::all().filter(|h| h.is_goal_of(Side::First)).collect();
        assert_eq!(goal.len(), 10);
        let last = hole(3, -3);
        let mut jade: Vec<Hole> = goal.iter().copied().filter(|&h| h != last).collect();
        jade.push(hole(7, 1));
        // Coral: the two marbles to hop over, the rest far away in the lower half.
        let mut coral = vec![hole(6, 0), hole(4, -2)];
        coral.extend(
            [
                (12, -12),
                (12, -10),
                (12, -8),
                (12, -6),
                (12, 12),
                (12, 10),
                (12, 8),
                (12, 6),
            ]
            .map(|(r, x)| hole(r, x)),
        );
        let position: ChineseCheckers = fen('J', &jade, &coral).parse().unwrap();
        for level in [Level::Medium, Level::Hard] {
            let choice = Search::new(level).choose(&position).unwrap();
            let after = position.play_unchecked(&choice.mv);
            assert_eq!(
                after.outcome(),
                Some(crate::Outcome::Win(Side::First)),
                "{level}: {}",
                choice.mv
            );
            assert_eq!(choice.mv.to_string(), format!("{}-{}", hole(7, 1), last));
        }
        let wins = (0..100)
            .filter(|&seed| {
                let mv = Search::new(Level::Easy)
                    .seed(seed)
                    .choose(&position)
                    .unwrap()
                    .mv;
                position.play_unchecked(&mv).outcome().is_some()
            })
            .count();
        assert!(wins >= 70, "Easy finished only {wins} times in 100");
    }

    #[test]
    fn fills_the_deepest_goal_hole_first() {
        // Jade holds the goal's rim (row 3) and (2,0); stepping from (2,0) to (1,-1), deeper
        // into the goal, must raise the evaluation: the deepest holes fill first, leaving
        // the rim free for the marbles still coming.
        let jade = [
            hole(3, -3),
            hole(3, -1),
            hole(3, 1),
            hole(3, 3),
            hole(2, 0),
            hole(8, 0),
            hole(9, 1),
            hole(10, 0),
            hole(10, 2),
            hole(11, 1),
        ];
        let coral = coral_out_of_the_way();
        let position: ChineseCheckers = fen('J', &jade, &coral).parse().unwrap();
        let before = position.evaluate();
        let deeper = position
            .parse_move(&format!("{}-{}", hole(2, 0), hole(1, -1)))
            .unwrap();
        let after = position.play_unchecked(&deeper);
        // From the mover's side: the evaluation after its move is the opponent's, negated.
        assert!(
            -after.evaluate() > before,
            "moving deeper into the goal must count"
        );
    }

    /// Ten coral marbles in the middle rows, nowhere near either goal: the endgame tests' foil.
    fn coral_out_of_the_way() -> [Hole; 10] {
        [
            (6, -10),
            (6, 10),
            (7, -9),
            (7, -7),
            (7, 7),
            (7, 9),
            (8, -8),
            (8, 8),
            (9, -9),
            (9, 9),
        ]
        .map(|(r, x)| hole(r, x))
    }

    #[test]
    fn goal_holes_and_steps_agree_with_the_board() {
        for side in Side::BOTH {
            let goal: Vec<Hole> = Hole::all().filter(|h| h.is_goal_of(side)).collect();
            assert_eq!(goal_holes(side).collect::<Vec<_>>(), goal);
        }
        for a in Hole::all() {
            for b in a.neighbours() {
                assert_eq!(steps(a, b), 1, "{a} and {b} are neighbours");
            }
        }
        assert_eq!(steps(hole(0, 0), hole(16, 0)), 16);
    }

    #[test]
    fn the_last_marble_walks_round_a_full_rim() {
        // Jade has nine home and a gap at (3,1); its last marble, on (4,4), is beside a
        // filled rim hole: it must first go sideways to (4,2). Two plies cannot see the
        // arrival, so the evaluation itself has to pull it there (a draw by shuffling
        // happened without this).
        let gap = hole(3, 1);
        let mut jade: Vec<Hole> = goal_holes(Side::First).filter(|&h| h != gap).collect();
        jade.push(hole(4, 4));
        let coral = coral_out_of_the_way();
        let mut position: ChineseCheckers = fen('J', &jade, &coral).parse().unwrap();
        for _ in 0..4 {
            if position.outcome().is_some() {
                break;
            }
            let choice = Search::new(Level::Medium).choose(&position).unwrap();
            position = position.play_unchecked(&choice.mv);
        }
        assert_eq!(
            position.outcome(),
            Some(crate::Outcome::Win(Side::First)),
            "{position}"
        );
    }

    #[test]
    fn plays_legal_games_to_the_end() {
        let options = MatchOptions {
            nodes: Some(2_000),
            seed: 4,
            ..MatchOptions::new(Level::Medium, Level::Easy, 2)
        };
        let mut reports = Vec::new();
        play_match::<ChineseCheckers>(&options, &mut |r| reports.push(r.clone())).unwrap();
        for report in reports {
            let start: ChineseCheckers = report.start.parse().unwrap();
            let record = crate::Record::replay(start, &report.moves).unwrap();
            assert!(record.is_over() || record.len() >= crate::ai::arena::MAX_GAME_PLIES);
        }
    }
}
