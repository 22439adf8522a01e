//! The Kalah sowing animation, as pure data: the counts shown after each dropped seed.
//!
//! The rules live in the engine; this only replays [`Kalah::sowing_path`] one seed at a time so
//! the player can follow the move. The final frame is the engine's own resulting position.

use cozcade_engine::{
    Game, Kalah, Side,
    kalah::{Move, PITS, Pit},
};

/// Seeds in every pit and store: `pits[side][pit]`, `stores[side]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KalahCounts {
    pub pits: [[u8; PITS]; 2],
    pub stores: [u8; 2],
}

impl KalahCounts {
    pub fn of(position: &Kalah) -> Self {
        KalahCounts {
            pits: [position.pits(Side::First), position.pits(Side::Second)],
            stores: [position.store(Side::First), position.store(Side::Second)],
        }
    }
}

/// How many frames sowing `mv` from `before` takes: one per seed (the last frame is the result).
pub fn frames(before: &Kalah, mv: Move) -> usize {
    before.sowing_path(mv.0).len()
}

/// The counts after `dropped` seeds of `mv` have been sown from `before`; from the last seed on,
/// the position the engine says the move leads to (captures and the end of the game applied).
pub fn frame(before: &Kalah, mv: Move, dropped: usize) -> KalahCounts {
    if dropped >= frames(before, mv) {
        return KalahCounts::of(&before.play_unchecked(&mv));
    }
    dropping(before, mv, dropped)
}

fn dropping(before: &Kalah, mv: Move, dropped: usize) -> KalahCounts {
    let path = before.sowing_path(mv.0);
    let mover = before.turn();
    let mut counts = KalahCounts::of(before);
    counts.pits[mover.index()][mv.0.index()] = 0;
    for &(side, pit) in path.iter().take(dropped) {
        match pit {
            Some(pit) => counts.pits[side.index()][pit.index()] += 1,
            None => counts.stores[side.index()] += 1,
        }
    }
    counts
}

/// A pit (`Some`) or the store (`None`) in a side's row.
pub type Landing = (Side, Option<Pit>);

/// The pit or store the `dropped`-th seed went into, to highlight it.
pub fn landing(before: &Kalah, mv: Move, dropped: usize) -> Option<Landing> {
    dropped
        .checked_sub(1)
        .and_then(|i| before.sowing_path(mv.0).get(i).copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(c: &KalahCounts) -> u32 {
        c.pits
            .iter()
            .flatten()
            .chain(c.stores.iter())
            .map(|&s| u32::from(s))
            .sum()
    }

    #[test]
    fn every_frame_holds_all_seeds_in_hand_or_on_the_board() {
        let before = Kalah::start();
        let mv = Move(Pit::new(2).expect("pit c"));
        assert_eq!(frames(&before, mv), 4);
        for dropped in 0..4 {
            // The seeds not yet dropped are in the player's hand.
            assert_eq!(sum(&frame(&before, mv, dropped)) + (4 - dropped as u32), 48);
        }
        assert_eq!(
            frame(&before, mv, 4),
            KalahCounts::of(&before.play_unchecked(&mv))
        );
        assert_eq!(
            landing(&before, mv, 4),
            Some((Side::First, None)),
            "the last seed reaches the store"
        );
    }

    #[test]
    fn the_last_frame_shows_the_capture() {
        let before: Kalah = "G:G0,1,0,0,0,1,20:T1,1,1,4,1,1,17".parse().expect("valid");
        let mv = Move(Pit::new(1).expect("pit b"));
        // Mid-sowing the seed sits in c; at the end it and the four across are in the store.
        assert_eq!(frame(&before, mv, 0).pits[0][2], 0);
        let last = frame(&before, mv, 1);
        assert_eq!(last.stores[0], 25);
        assert_eq!(last.pits[1][3], 0);
    }
}
