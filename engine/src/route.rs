//! A move picked place by place, as a player taps it: the piece, then each landing (checkers);
//! the marble, then the hole it ends on (Chinese Checkers, whose hops between the engine
//! finds); the pit (Kalah). The UI asks which places continue what was picked and which move
//! it completes; it never decides legality itself.

use crate::{AnyMove, AnyRecord, Place};

/// Where a move being picked stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RouteStep {
    /// The places that may be picked next, ascending: with nothing picked yet, where a move
    /// can start (a pass is no place: it is a button, not a tap).
    pub next: Vec<Place>,
    /// The whole move, once the places picked make one.
    pub complete: Option<AnyMove>,
}

impl AnyRecord {
    /// What continues `picked` (a piece and the landings chosen so far), and the move it
    /// completes; `None` when no legal move begins that way. Nothing picked gives the places
    /// where a move can start (none once the game is over).
    pub fn continue_route(&self, picked: &[Place]) -> Option<RouteStep> {
        let turn = self.turn();
        let mut next = Vec::new();
        let mut complete = None;
        let mut begins = picked.is_empty();
        for mv in self.legal_moves() {
            let places = mv.places(turn);
            if places.is_empty() || !places.starts_with(picked) {
                continue;
            }
            begins = true;
            match places.get(picked.len()) {
                Some(&place) => next.push(place),
                None => complete = Some(mv),
            }
        }
        next.sort_unstable();
        next.dedup();
        begins.then_some(RouteStep { next, complete })
    }

    /// The one legal move that goes on from `picked` and ends on `landing`, further than the
    /// next place: a player who taps a capture's last landing straight away means the whole
    /// capture. `None` when no move or more than one (two routes to the same square) ends there.
    pub fn route_ending_on(&self, picked: &[Place], landing: Place) -> Option<AnyMove> {
        let turn = self.turn();
        let mut ending = self.legal_moves().into_iter().filter(|mv| {
            let places = mv.places(turn);
            places.len() > picked.len() + 1
                && places.starts_with(picked)
                && places.last() == Some(&landing)
        });
        let only = ending.next()?;
        ending.next().is_none().then_some(only)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameKind, Side, checkers::Square, chinese_checkers::Hole, kalah::Pit};

    fn sq(n: u8) -> Place {
        Place::Square(Square::new(n).expect("1..32"))
    }

    fn hole(n: u8) -> Place {
        Place::Hole(Hole::new(n).expect("1..121"))
    }

    #[test]
    fn a_capture_is_picked_landing_by_landing_and_completes_whole() {
        // Red's 14 and 15 each have two double jumps; 15's share their first landing.
        let record =
            AnyRecord::from_fen(GameKind::Checkers, "B:W18,19,26,27:B14,15").expect("valid");
        let start = record.continue_route(&[]).expect("moves");
        assert_eq!(start.next, vec![sq(14), sq(15)]);
        assert_eq!(start.complete, None);
        let after_15 = record.continue_route(&[sq(15)]).expect("15 moves");
        assert_eq!(after_15.next, vec![sq(22), sq(24)]);
        let mid = record.continue_route(&[sq(15), sq(24)]).expect("a route");
        assert_eq!((mid.next, mid.complete), (vec![sq(31)], None));
        let done = record
            .continue_route(&[sq(15), sq(24), sq(31)])
            .expect("a whole route");
        assert!(done.next.is_empty());
        assert_eq!(
            done.complete.map(|mv| mv.to_string()),
            Some("15x24x31".into())
        );
        // No legal move begins on an empty square or goes on past the end.
        assert_eq!(record.continue_route(&[sq(1)]), None);
        assert_eq!(
            record.continue_route(&[sq(15), sq(24), sq(31), sq(22)]),
            None
        );
    }

    #[test]
    fn a_capture_s_last_landing_names_the_whole_capture_when_only_one_ends_there() {
        let record =
            AnyRecord::from_fen(GameKind::Checkers, "B:W18,19,26,27:B14,15").expect("valid");
        let whole = |picked: &[Place], landing| {
            record
                .route_ending_on(picked, landing)
                .map(|mv| mv.to_string())
        };
        assert_eq!(
            record.legal_move_texts(),
            vec!["14x23x30", "14x23x32", "15x22x31", "15x24x31"]
        );
        assert_eq!(whole(&[sq(14)], sq(30)), Some("14x23x30".into()));
        assert_eq!(whole(&[sq(14)], sq(32)), Some("14x23x32".into()));
        assert_eq!(
            whole(&[sq(14), sq(23)], sq(32)),
            None,
            "32 is the next place: a step"
        );
        assert_eq!(whole(&[sq(14)], sq(31)), None, "14 does not reach 31");
        assert_eq!(whole(&[sq(14)], sq(23)), None, "23 is only on the way");
        // 15x22x31 and 15x24x31 both end on 31: the tap says too little, so nothing is chosen.
        assert_eq!(whole(&[sq(15)], sq(31)), None);
        // 10x17x26 and 10x19x26 both end on 26: the tap says too little, so nothing is chosen,
        // while the first landing still tells them apart.
        let diamond = AnyRecord::from_fen(GameKind::Checkers, "B:W14,15,22,23:B10").expect("valid");
        assert_eq!(diamond.legal_move_texts(), vec!["10x17x26", "10x19x26"]);
        assert_eq!(diamond.route_ending_on(&[sq(10)], sq(26)), None);
        assert_eq!(
            diamond
                .route_ending_on(&[sq(10), sq(19)], sq(26))
                .map(|mv| mv.to_string()),
            None,
            "26 is the next place after 19: continue_route answers that"
        );
        assert_eq!(
            diamond
                .continue_route(&[sq(10), sq(19), sq(26)])
                .and_then(|s| s.complete)
                .map(|mv| mv.to_string()),
            Some("10x19x26".into())
        );
    }

    #[test]
    fn a_pit_is_a_whole_move_and_a_marble_goes_to_its_endpoint_in_one() {
        let kalah = AnyRecord::from_fen(GameKind::Kalah, "T:G4,4,4,4,4,4,0:T4,0,4,0,0,0,16")
            .expect("valid");
        let pit = |i| Place::Pit(Side::Second, Pit::new(i).expect("a..f"));
        assert_eq!(
            kalah.continue_route(&[]).expect("moves").next,
            vec![pit(0), pit(2)]
        );
        let c = kalah.continue_route(&[pit(2)]).expect("c");
        assert_eq!(c.complete.map(|mv| mv.to_string()), Some("c".into()));
        assert_eq!(kalah.continue_route(&[pit(1)]), None, "an empty pit");
        assert_eq!(
            kalah.continue_route(&[Place::Pit(Side::First, Pit::new(0).expect("a"))]),
            None,
            "the other side's pit"
        );

        let star = AnyRecord::new(GameKind::ChineseCheckers);
        let from_112 = star.continue_route(&[hole(112)]).expect("112 moves");
        assert!(from_112.next.contains(&hole(104)), "{:?}", from_112.next);
        let step = star
            .continue_route(&[hole(112), hole(104)])
            .expect("a move");
        assert_eq!(
            step.complete.map(|mv| mv.to_string()),
            Some("112-104".into())
        );
    }

    #[test]
    fn a_pass_is_no_route_and_a_finished_game_has_none() {
        let mut blocked = AnyRecord::from_fen(
            GameKind::ChineseCheckers,
            "C:J1,2,3,4,5,6,8,9,10,11:C12,13,15,24,36,57,61,65,80,100",
        )
        .expect("valid");
        blocked.play_text("15-7").expect("legal");
        assert!(blocked.legal_moves().iter().all(AnyMove::is_pass));
        assert_eq!(
            blocked.continue_route(&[]),
            Some(RouteStep {
                next: Vec::new(),
                complete: None
            })
        );
        let over = AnyRecord::from_fen(GameKind::Kalah, "T:G0,0,0,0,0,0,24:T0,0,0,0,0,0,24")
            .expect("valid");
        assert!(
            over.continue_route(&[])
                .expect("nothing picked")
                .next
                .is_empty()
        );
    }
}
