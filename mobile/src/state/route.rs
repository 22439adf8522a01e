//! The move a player is tapping, place by place, over the engine's own answer to what may
//! follow ([`AnyRecord::continue_route`]): the app keeps only the places picked so far and
//! decides no legality itself.

use cozcade_engine::{AnyMove, AnyRecord, Place};

/// The places picked so far of the move under way (never part of a save).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Route {
    picked: Vec<Place>,
}

/// What a tap did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tap {
    /// The route grew (or a piece was chosen); more taps are needed.
    Extended,
    /// The route is now a whole legal move: play it.
    Complete(AnyMove),
    /// The chosen piece was tapped again and is let go.
    Released,
    /// Nothing happened: not a highlighted place.
    Ignored,
}

impl Route {
    /// The places picked so far.
    pub fn picked(&self) -> &[Place] {
        &self.picked
    }

    /// A landing has been chosen, so the player may no longer switch to another piece (only
    /// cancel).
    pub fn is_committed(&self) -> bool {
        self.picked.len() >= 2
    }

    /// Where a move of `record` can start (the movable pieces, the playable pits).
    pub fn starts(record: &AnyRecord) -> Vec<Place> {
        record
            .continue_route(&[])
            .map(|step| step.next)
            .unwrap_or_default()
    }

    /// The places that may be tapped next to go on (the highlighted destinations).
    pub fn next(&self, record: &AnyRecord) -> Vec<Place> {
        record
            .continue_route(&self.picked)
            .map(|step| step.next)
            .unwrap_or_default()
    }

    /// Taps a place: choose a piece, switch to another piece before any landing, extend the
    /// route, or complete a move (landing by landing, or at once on its last landing).
    pub fn tap(&mut self, record: &AnyRecord, place: Place) -> Tap {
        if self.picked == [place] {
            self.picked.clear();
            return Tap::Released;
        }
        let mut candidate = self.picked.clone();
        candidate.push(place);
        let step = record.continue_route(&candidate);
        // A capture's last landing, tapped straight away, plays the whole capture.
        if step.is_none()
            && !self.picked.is_empty()
            && let Some(mv) = record.route_ending_on(&self.picked, place)
        {
            self.picked.clear();
            return Tap::Complete(mv);
        }
        let step = match step {
            Some(step) => step,
            // Before any landing, tapping another movable piece chooses it instead.
            None if self.picked.len() == 1 => match record.continue_route(&[place]) {
                Some(step) => {
                    candidate = vec![place];
                    step
                }
                None => return Tap::Ignored,
            },
            None => return Tap::Ignored,
        };
        match step.complete {
            Some(mv) => {
                self.picked.clear();
                Tap::Complete(mv)
            }
            None => {
                self.picked = candidate;
                Tap::Extended
            }
        }
    }

    /// Forgets the unfinished route.
    pub fn cancel(&mut self) {
        self.picked.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cozcade_engine::{GameKind, Side, checkers::Square, kalah::Pit};

    fn sq(n: u8) -> Place {
        Place::Square(Square::new(n).expect("1..32"))
    }

    #[test]
    fn a_capture_is_built_landing_by_landing_and_committed_whole() {
        // Red's 14 and 15 each have two double jumps.
        let record =
            AnyRecord::from_fen(GameKind::Checkers, "B:W18,19,26,27:B14,15").expect("valid");
        let mut route = Route::default();
        assert_eq!(Route::starts(&record), vec![sq(14), sq(15)]);
        assert_eq!(route.tap(&record, sq(3)), Tap::Ignored);
        assert_eq!(route.tap(&record, sq(15)), Tap::Extended);
        assert_eq!(route.next(&record), vec![sq(22), sq(24)]);
        // Before any landing another piece may be chosen instead.
        assert_eq!(route.tap(&record, sq(14)), Tap::Extended);
        assert_eq!(route.picked(), &[sq(14)]);
        assert_eq!(route.tap(&record, sq(15)), Tap::Extended);
        assert_eq!(route.tap(&record, sq(24)), Tap::Extended);
        assert!(route.is_committed());
        assert_eq!(route.next(&record), vec![sq(31)]);
        // Mid-chain the piece can't be switched.
        assert_eq!(route.tap(&record, sq(14)), Tap::Ignored);
        assert_eq!(route.picked(), &[sq(15), sq(24)]);
        let Tap::Complete(mv) = route.tap(&record, sq(31)) else {
            panic!("the whole capture");
        };
        assert_eq!(mv.to_string(), "15x24x31");
        assert!(route.picked().is_empty());
    }

    #[test]
    fn a_capture_s_last_landing_tapped_at_once_plays_it_whole_when_only_one_ends_there() {
        let record =
            AnyRecord::from_fen(GameKind::Checkers, "B:W18,19,26,27:B14,15").expect("valid");
        let mut route = Route::default();
        assert_eq!(route.tap(&record, sq(14)), Tap::Extended);
        let Tap::Complete(mv) = route.tap(&record, sq(32)) else {
            panic!("14x23x32 is the only capture ending on 32");
        };
        assert_eq!(mv.to_string(), "14x23x32");
        assert!(route.picked().is_empty());
        // Two captures from 15 end on 31: the route waits for the first landing.
        route.tap(&record, sq(15));
        assert_eq!(route.tap(&record, sq(31)), Tap::Ignored);
        assert_eq!(route.picked(), &[sq(15)]);
    }

    #[test]
    fn tapping_the_chosen_piece_again_lets_it_go_and_cancel_forgets_the_route() {
        let record = AnyRecord::new(GameKind::Checkers);
        let mut route = Route::default();
        assert_eq!(route.tap(&record, sq(11)), Tap::Extended);
        assert_eq!(route.next(&record), vec![sq(15), sq(16)]);
        assert_eq!(route.tap(&record, sq(11)), Tap::Released);
        assert_eq!(route.next(&record), Route::starts(&record));
        route.tap(&record, sq(11));
        route.cancel();
        assert!(route.picked().is_empty());
    }

    #[test]
    fn a_kalah_pit_is_a_whole_move() {
        let mut record = AnyRecord::from_fen(GameKind::Kalah, "T:G4,4,4,4,4,4,0:T4,0,4,0,0,0,16")
            .expect("valid");
        let pit = |side, i| Place::Pit(side, Pit::new(i).expect("a..f"));
        let mut route = Route::default();
        assert_eq!(
            Route::starts(&record),
            vec![pit(Side::Second, 0), pit(Side::Second, 2)]
        );
        assert_eq!(route.tap(&record, pit(Side::First, 0)), Tap::Ignored);
        let Tap::Complete(mv) = route.tap(&record, pit(Side::Second, 2)) else {
            panic!("a pit is a whole move");
        };
        assert_eq!(mv.to_string(), "c");
        record.play(&mv).expect("legal");
    }
}
