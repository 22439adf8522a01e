//! A move's animation as pure data: the steps a board shows between the position before a move
//! and the one after it. A checker slides landing by landing (the pieces it jumps fade as it
//! passes), a marble hops hole by hole, Kalah sows seed by seed ([`super::sowing`]).
//!
//! Routes and captured squares come from the engine's typed moves; nothing here knows the rules.
//! The board draws the position before the move with the moving piece at [`Animation::at`]; once
//! the animation ends it draws the record's own position again.

use cozcade_engine::{
    AnyRecord, Kalah,
    checkers::{self, Checkers},
    chinese_checkers::{self, ChineseCheckers},
    kalah,
};

use super::{Cell, sowing};

/// What moves, and from which position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Motion {
    Checkers {
        before: Checkers,
        mv: checkers::Move,
    },
    ChineseCheckers {
        before: ChineseCheckers,
        mv: chinese_checkers::Move,
    },
    Kalah {
        before: Kalah,
        mv: kalah::Move,
    },
}

/// One move being shown: `step` of [`Animation::steps`] steps are done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Animation {
    /// The ply being animated (the record's index).
    pub ply: usize,
    pub motion: Motion,
    pub step: usize,
}

impl Animation {
    /// The animation of the move at `ply`; `None` for a ply the record doesn't have or a move
    /// with nothing to show (a pass).
    pub fn of(record: &AnyRecord, ply: usize) -> Option<Animation> {
        let motion = match record {
            AnyRecord::Checkers(r) => Motion::Checkers {
                before: *r.position_at(ply)?,
                mv: *r.moves().get(ply)?,
            },
            AnyRecord::ChineseCheckers(r) => {
                let mv = *r.moves().get(ply)?;
                mv.route()?;
                Motion::ChineseCheckers {
                    before: r.position_at(ply)?.clone(),
                    mv,
                }
            }
            AnyRecord::Kalah(r) => Motion::Kalah {
                before: r.position_at(ply)?.clone(),
                mv: *r.moves().get(ply)?,
            },
        };
        Some(Animation {
            ply,
            motion,
            step: 0,
        })
    }

    /// How many steps the move takes: one per landing, hop or seed.
    pub fn steps(&self) -> usize {
        match &self.motion {
            Motion::Checkers { mv, .. } => mv.route().len() - 1,
            Motion::ChineseCheckers { mv, .. } => {
                mv.route().map_or(0, |r| r.holes().len().saturating_sub(1))
            }
            Motion::Kalah { before, mv } => sowing::frames(before, *mv),
        }
    }

    /// How long each step is shown, in milliseconds (the last one held half as long again): a
    /// slide is slower than a seed, and a long sowing goes quicker so no move drags.
    pub fn pause_ms(&self) -> u32 {
        match &self.motion {
            Motion::Checkers { .. } => 300,
            Motion::ChineseCheckers { .. } => 240,
            Motion::Kalah { .. } => (1200 / self.steps().max(1) as u32).clamp(40, 160),
        }
    }

    /// All steps are shown.
    pub fn is_done(&self) -> bool {
        self.step >= self.steps()
    }

    /// The cell the moving checker or marble is on now: the start, then each landing or hop.
    /// `None` for Kalah, whose seeds are shown as counts.
    pub fn at(&self) -> Option<Cell> {
        match &self.motion {
            Motion::Checkers { mv, .. } => {
                let route = mv.route();
                route
                    .get(self.step.min(route.len() - 1))
                    .map(|s| s.number())
            }
            Motion::ChineseCheckers { mv, .. } => {
                let holes = mv.route()?.holes();
                holes
                    .get(self.step.min(holes.len().saturating_sub(1)))
                    .map(|h| h.number())
            }
            Motion::Kalah { .. } => None,
        }
    }

    /// Where the moving piece starts (it is drawn apart from the others while it moves).
    pub fn from(&self) -> Option<Cell> {
        match &self.motion {
            Motion::Checkers { mv, .. } => Some(mv.from().number()),
            Motion::ChineseCheckers { mv, .. } => mv.route().map(|r| r.from().number()),
            Motion::Kalah { .. } => None,
        }
    }

    /// The checkers the moving piece has jumped so far, fading out (the engine's captured
    /// squares, in the order they are jumped).
    pub fn jumped(&self) -> Vec<Cell> {
        match &self.motion {
            Motion::Checkers { mv, .. } => {
                mv.captured().take(self.step).map(|s| s.number()).collect()
            }
            _ => Vec::new(),
        }
    }

    /// The Kalah counts shown now, and the pit or store the last dropped seed went into.
    pub fn kalah_frame(&self) -> Option<(sowing::KalahCounts, Option<sowing::Landing>)> {
        match &self.motion {
            Motion::Kalah { before, mv } => Some((
                sowing::frame(before, *mv, self.step),
                sowing::landing(before, *mv, self.step),
            )),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cozcade_engine::{GameKind, Side};

    fn record(kind: GameKind, start: &str, moves: &[&str]) -> AnyRecord {
        let mut record = AnyRecord::from_fen(kind, start).expect("valid position");
        for mv in moves {
            record.play_text(mv).expect("legal move");
        }
        record
    }

    #[test]
    fn a_capture_chain_slides_landing_by_landing_and_fades_what_it_jumps() {
        let record = record(
            GameKind::Checkers,
            "W:W18,19,26,27,32:B9,10,11,14,15",
            &["32-28", "15x24x31"],
        );
        let mut animation = Animation::of(&record, 1).expect("ply 1");
        assert_eq!(animation.steps(), 2);
        assert_eq!(animation.from(), Some(15));
        let mut seen = Vec::new();
        while !animation.is_done() {
            seen.push((animation.at(), animation.jumped()));
            animation.step += 1;
        }
        seen.push((animation.at(), animation.jumped()));
        assert_eq!(
            seen,
            vec![
                (Some(15), vec![]),
                (Some(24), vec![19]),
                (Some(31), vec![19, 27]),
            ]
        );
        // The position drawn under the animation is the one before the move.
        match &animation.motion {
            Motion::Checkers { before, .. } => {
                assert!(
                    before
                        .piece_at(checkers::Square::new(19).expect("19"))
                        .is_some()
                )
            }
            other => panic!("not checkers: {other:?}"),
        }
    }

    #[test]
    fn a_step_is_one_slide_and_jumps_nothing() {
        let record = record(
            GameKind::Checkers,
            &AnyRecord::new(GameKind::Checkers).fen(),
            &["11-15"],
        );
        let mut animation = Animation::of(&record, 0).expect("ply 0");
        assert_eq!(animation.steps(), 1);
        animation.step = 1;
        assert_eq!((animation.at(), animation.jumped()), (Some(15), vec![]));
        assert!(animation.is_done());
        assert_eq!(Animation::of(&record, 1), None, "no such ply");
    }

    #[test]
    fn a_marble_hops_hole_by_hole_along_the_engines_route() {
        let mut record = AnyRecord::new(GameKind::ChineseCheckers);
        // The first hop chain the engine offers from the start (a jump over a neighbour).
        let hop = record
            .legal_moves()
            .into_iter()
            .find(|m| match m {
                cozcade_engine::AnyMove::ChineseCheckers(mv) => {
                    mv.route().is_some_and(|r| !r.is_step())
                }
                _ => false,
            })
            .expect("a hop from the start");
        record.play(&hop).expect("legal");
        let route: Vec<Cell> = match &hop {
            cozcade_engine::AnyMove::ChineseCheckers(mv) => mv
                .route()
                .expect("route")
                .holes()
                .iter()
                .map(|h| h.number())
                .collect(),
            _ => unreachable!(),
        };
        let mut animation = Animation::of(&record, 0).expect("ply 0");
        assert_eq!(animation.steps(), route.len() - 1);
        let mut at = vec![animation.at().expect("a marble")];
        while !animation.is_done() {
            animation.step += 1;
            at.push(animation.at().expect("a marble"));
        }
        assert_eq!(at, route);
        assert_eq!(animation.jumped(), Vec::<Cell>::new());
    }

    #[test]
    fn kalah_sows_seed_by_seed() {
        let record = record(
            GameKind::Kalah,
            &AnyRecord::new(GameKind::Kalah).fen(),
            &["c"],
        );
        let mut animation = Animation::of(&record, 0).expect("ply 0");
        assert_eq!(animation.steps(), 4);
        assert_eq!(animation.at(), None);
        animation.step = 4;
        let (counts, landing) = animation.kalah_frame().expect("kalah");
        assert_eq!(counts.stores, [1, 0]);
        assert_eq!(landing, Some((Side::First, None)));
    }

    #[test]
    fn each_step_is_shown_long_enough_and_no_move_drags() {
        let record = record(
            GameKind::Kalah,
            &AnyRecord::new(GameKind::Kalah).fen(),
            &["c"],
        );
        let animation = Animation::of(&record, 0).expect("ply 0");
        let total = animation.pause_ms() * (animation.steps() as u32 + 1);
        assert!(total <= 1600, "{total} ms");
        assert!(animation.pause_ms() >= 40);
    }
}
