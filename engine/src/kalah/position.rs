use std::{fmt, str::FromStr, sync::LazyLock};

use super::{PITS, Setup, TOTAL_SEEDS};
use crate::{
    DrawReason, Game, GameKind, MoveError, Outcome, PositionError, Side, error::clip, zobrist,
};

/// Slots on the board: six pits and a store per side.
const SLOTS: usize = 2 * (PITS + 1);

/// One of a side's six pits, `a`..`f` in that side's sowing order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pit(u8);

impl Pit {
    pub const ALL: [Pit; PITS] = [Pit(0), Pit(1), Pit(2), Pit(3), Pit(4), Pit(5)];

    pub fn new(index: usize) -> Option<Pit> {
        (index < PITS).then_some(Pit(index as u8))
    }

    /// 0 for `a` .. 5 for `f`.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The pit across the board: gold pit i faces turquoise pit 5-i.
    pub fn opposite(self) -> Pit {
        Pit(PITS as u8 - 1 - self.0)
    }

    pub fn letter(self) -> char {
        (b'a' + self.0) as char
    }
}

/// A Kalah move: sow the seeds of one of the mover's pits.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub Pit);

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.letter())
    }
}

/// A valid Kalah position: 48 seeds, and both rows non-empty unless the game is over (then both
/// rows are empty, every seed in a store).
/// What a sowing did besides moving seeds (see [`Kalah::sowing`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Sowing {
    /// Seeds taken into the mover's store by a capture: the last seed and those across from it.
    pub captured: u8,
    /// The last seed fell into the mover's store: the mover sows again.
    pub extra_turn: bool,
    /// One side's row is empty: the game is over and the rows are swept into the stores.
    pub ends_game: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Kalah {
    /// Counter-clockwise: gold a..f, gold store, turquoise a..f, turquoise store.
    slots: [u8; SLOTS],
    turn: Side,
}

const fn pit_slot(side: Side, pit: usize) -> usize {
    side as usize * (PITS + 1) + pit
}

const fn store_slot(side: Side) -> usize {
    side as usize * (PITS + 1) + PITS
}

/// Counts of 0..=48 seeds in each slot, plus the side to move.
static KEYS: LazyLock<[u64; SLOTS * (TOTAL_SEEDS as usize + 1) + 1]> =
    LazyLock::new(|| zobrist::keys(0x004B_414C_4148));

impl Kalah {
    /// The side to move's pits that hold seeds, a..f: the moves there are (none once the game
    /// is over).
    pub fn playable_pits(&self) -> Vec<Pit> {
        Pit::ALL
            .into_iter()
            .filter(|&p| self.seeds(self.turn, p) > 0)
            .collect()
    }

    /// Seeds in each of `side`'s pits, a..f.
    pub fn pits(&self, side: Side) -> [u8; PITS] {
        let start = pit_slot(side, 0);
        let mut pits = [0; PITS];
        pits.copy_from_slice(&self.slots[start..start + PITS]);
        pits
    }

    pub fn seeds(&self, side: Side, pit: Pit) -> u8 {
        self.slots[pit_slot(side, pit.index())]
    }

    pub fn store(&self, side: Side) -> u8 {
        self.slots[store_slot(side)]
    }

    /// Seeds still in `side`'s row.
    pub fn row_seeds(&self, side: Side) -> u32 {
        self.pits(side).iter().map(|&s| u32::from(s)).sum()
    }

    pub fn setup(&self) -> Setup {
        Setup {
            pits: [self.pits(Side::First), self.pits(Side::Second)],
            stores: [self.store(Side::First), self.store(Side::Second)],
            turn: self.turn,
        }
    }

    /// Where the last seed of a move from `pit` lands, as (side of the row, pit index) or `None`
    /// for the mover's store. The app uses this to animate sowing; the rules use [`Game::play`].
    pub fn sowing_path(&self, pit: Pit) -> Vec<(Side, Option<Pit>)> {
        let mover = self.turn;
        let mut slot = pit_slot(mover, pit.index());
        let mut path = Vec::new();
        for _ in 0..self.slots[slot] {
            slot = next_slot(slot, mover);
            path.push(describe_slot(slot));
        }
        path
    }

    /// What sowing `mv` does besides moving seeds: the seeds it captures (the last seed and
    /// the ones across from it, as the engine moves them into the store), whether the mover
    /// sows again, and whether the game ends with it (then the rows are swept into the stores,
    /// which is no capture, and no one moves again). `mv` must be legal here.
    pub fn sowing(&self, mv: &Move) -> Sowing {
        self.sow(mv).1
    }

    /// The position after sowing `mv`, and what the sowing did (the search's play: inlined).
    #[inline]
    fn sow(&self, mv: &Move) -> (Kalah, Sowing) {
        let mover = self.turn;
        let mut slots = self.slots;
        let mut slot = pit_slot(mover, mv.0.index());
        let seeds = std::mem::take(&mut slots[slot]);
        for _ in 0..seeds {
            slot = next_slot(slot, mover);
            slots[slot] += 1;
        }

        let mut turn = mover.other();
        let mut captured = 0;
        let own_pits = pit_slot(mover, 0)..pit_slot(mover, PITS);
        if slot == store_slot(mover) {
            turn = mover;
        } else if own_pits.contains(&slot) && slots[slot] == 1 {
            // The last seed fell into one of the mover's own pits that was empty.
            let opposite = 2 * PITS - slot;
            if slots[opposite] > 0 {
                captured = slots[opposite] + 1;
                slots[store_slot(mover)] += captured;
                slots[opposite] = 0;
                slots[slot] = 0;
            }
        }

        let mut next = Kalah { slots, turn };
        if next.row_seeds(Side::First) == 0 || next.row_seeds(Side::Second) == 0 {
            // The game is over: each side puts the rest of its row into its store.
            for side in Side::BOTH {
                let rest = next.row_seeds(side) as u8;
                for pit in 0..PITS {
                    next.slots[pit_slot(side, pit)] = 0;
                }
                next.slots[store_slot(side)] += rest;
            }
            next.turn = mover.other();
            return (
                next,
                Sowing {
                    captured: 0,
                    extra_turn: false,
                    ends_game: true,
                },
            );
        }
        let extra_turn = next.turn == mover;
        (
            next,
            Sowing {
                captured,
                extra_turn,
                ends_game: false,
            },
        )
    }
}

fn describe_slot(slot: usize) -> (Side, Option<Pit>) {
    let side = if slot <= PITS {
        Side::First
    } else {
        Side::Second
    };
    let offset = slot % (PITS + 1);
    (side, Pit::new(offset))
}

/// The next slot counter-clockwise for `mover`, skipping the opponent's store.
#[inline]
fn next_slot(slot: usize, mover: Side) -> usize {
    let next = (slot + 1) % SLOTS;
    if next == store_slot(mover.other()) {
        (next + 1) % SLOTS
    } else {
        next
    }
}

impl TryFrom<Setup> for Kalah {
    type Error = PositionError;

    fn try_from(setup: Setup) -> Result<Self, Self::Error> {
        let mut slots = [0u8; SLOTS];
        for side in Side::BOTH {
            for (pit, &seeds) in setup.pits[side.index()].iter().enumerate() {
                slots[pit_slot(side, pit)] = seeds;
            }
            slots[store_slot(side)] = setup.stores[side.index()];
        }
        let total: u32 = slots.iter().map(|&s| u32::from(s)).sum();
        if total != TOTAL_SEEDS {
            return Err(PositionError::Impossible(format!(
                "the board holds {total} seeds; Kalah(6,4) has {TOTAL_SEEDS}"
            )));
        }
        let position = Kalah {
            slots,
            turn: setup.turn,
        };
        let empty_rows = Side::BOTH
            .iter()
            .filter(|&&s| position.row_seeds(s) == 0)
            .count();
        if empty_rows == 1 {
            return Err(PositionError::Impossible(
                "one row is empty while the other still has seeds: the game would have ended"
                    .into(),
            ));
        }
        Ok(position)
    }
}

impl FromStr for Kalah {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Kalah::try_from(text.parse::<Setup>()?)
    }
}

impl fmt::Display for Kalah {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.setup().fmt(f)
    }
}

impl Game for Kalah {
    type Move = Move;

    const KIND: GameKind = GameKind::Kalah;

    fn start() -> Self {
        Kalah::try_from(Setup::default()).expect("the starting setup is valid")
    }

    fn turn(&self) -> Side {
        self.turn
    }

    fn generate_moves(&self, out: &mut Vec<Move>) {
        // Both rows are empty exactly when the game is over: then nothing is generated.
        out.extend(
            Pit::ALL
                .into_iter()
                .filter(|&p| self.seeds(self.turn, p) > 0)
                .map(Move),
        );
    }

    fn is_legal(&self, mv: &Move) -> bool {
        self.seeds(self.turn, mv.0) > 0
    }

    fn play_unchecked(&self, mv: &Move) -> Self {
        self.sow(mv).0
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let trimmed = text.trim();
        let mut chars = trimmed.chars();
        let pit = match (chars.next(), chars.next()) {
            (Some(c @ 'a'..='f'), None) => Pit(c as u8 - b'a'),
            _ => {
                return Err(MoveError::Syntax {
                    text: clip(text),
                    expected: "a pit letter a..f",
                });
            }
        };
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        let mv = Move(pit);
        if self.is_legal(&mv) {
            Ok(mv)
        } else {
            Err(MoveError::Illegal(format!("{trimmed} (that pit is empty)")))
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.row_seeds(Side::First) != 0 || self.row_seeds(Side::Second) != 0 {
            return None;
        }
        let (gold, turquoise) = (self.store(Side::First), self.store(Side::Second));
        Some(match gold.cmp(&turquoise) {
            std::cmp::Ordering::Greater => Outcome::Win(Side::First),
            std::cmp::Ordering::Less => Outcome::Win(Side::Second),
            std::cmp::Ordering::Equal => Outcome::Draw(DrawReason::EqualSeeds),
        })
    }

    fn zobrist(&self) -> u64 {
        let width = TOTAL_SEEDS as usize + 1;
        let mut key = if self.turn == Side::Second {
            KEYS[SLOTS * width]
        } else {
            0
        };
        for (slot, &seeds) in self.slots.iter().enumerate() {
            key ^= KEYS[slot * width + seeds as usize];
        }
        key
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kalah(fen: &str) -> Kalah {
        fen.parse().expect("valid test position")
    }

    #[test]
    fn start_round_trips_and_has_six_moves() {
        let start = Kalah::start();
        assert_eq!(start.to_string(), "G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0");
        assert_eq!(kalah(&start.to_string()), start);
        assert_eq!(start.legal_moves().len(), 6);
    }

    #[test]
    fn last_seed_in_store_moves_again() {
        // Gold's pit c holds four seeds: d, e, f, store.
        let next = Kalah::start().play(&Move(Pit(2))).unwrap();
        assert_eq!(next.to_string(), "G:G4,4,0,5,5,5,1:T4,4,4,4,4,4,0");
        assert_eq!(next.turn(), Side::First);
    }

    #[test]
    fn a_sowing_says_what_it_captured_whether_the_mover_sows_again_and_whether_it_ends_the_game() {
        let start = Kalah::start();
        let pit = |letter: u8| Move(Pit::new(usize::from(letter - b'a')).expect("a..f"));
        // c's four seeds end in the store: an extra turn, nothing captured.
        assert_eq!(
            start.sowing(&pit(b'c')),
            Sowing {
                captured: 0,
                extra_turn: true,
                ends_game: false
            }
        );
        assert_eq!(
            start.sowing(&pit(b'a')),
            Sowing::default(),
            "a plain sowing"
        );
        // b's one seed lands in the empty c, across from four: five into the store.
        let before: Kalah = "G:G0,1,0,0,0,1,20:T1,1,1,4,1,1,17".parse().expect("valid");
        let sowing = before.sowing(&pit(b'b'));
        assert_eq!((sowing.captured, sowing.extra_turn), (5, false));
        let after = before.play_unchecked(&pit(b'b'));
        assert_eq!(after.store(Side::First) - before.store(Side::First), 5);
        // Gold's last seed leaves its row empty: the rows are swept, which is no capture.
        let last: Kalah = "G:G0,0,0,0,0,1,23:T1,1,1,1,1,1,18".parse().expect("valid");
        assert_eq!(
            last.sowing(&pit(b'f')),
            Sowing {
                captured: 0,
                extra_turn: false,
                ends_game: true
            }
        );
    }

    #[test]
    fn sowing_skips_the_opponents_store_and_laps() {
        // 13 seeds in gold f: store, turquoise a..f, (skip turquoise store), gold a..f: the last
        // lands back in the emptied pit f, which was empty: capture with turquoise a.
        let p = kalah("G:G0,0,0,0,1,13,10:T1,1,1,1,1,1,18");
        let next = p.play(&Move(Pit(5))).unwrap();
        assert_eq!(next.store(Side::Second), 18, "turquoise's store is skipped");
        // Store: 10 + 1 (sown) + 2 (turquoise a after the lap) + 1 (the capturing seed).
        assert_eq!(next.store(Side::First), 14);
        assert_eq!(next.pits(Side::First), [1, 1, 1, 1, 2, 0]);
        assert_eq!(next.pits(Side::Second), [0, 2, 2, 2, 2, 2]);
        assert_eq!(next.turn(), Side::Second);
    }

    #[test]
    fn capture_needs_a_non_empty_opposite_pit() {
        // Gold b has 1 seed -> c (empty). Opposite of gold c is turquoise d.
        let with = kalah("G:G0,1,0,0,0,1,20:T1,1,1,4,1,1,17");
        let next = with.play(&Move(Pit(1))).unwrap();
        assert_eq!(next.store(Side::First), 25);
        assert_eq!(next.seeds(Side::Second, Pit(3)), 0);
        let without = kalah("G:G0,1,0,0,0,1,20:T1,1,1,0,1,5,17");
        let next = without.play(&Move(Pit(1))).unwrap();
        assert_eq!(next.store(Side::First), 20);
        assert_eq!(next.seeds(Side::First, Pit(2)), 1);
    }

    #[test]
    fn an_empty_row_ends_the_game_even_after_an_extra_turn() {
        // Gold's last seed goes to the store (extra turn) but gold's row is now empty.
        let p = kalah("G:G0,0,0,0,0,1,23:T1,1,1,1,1,1,18");
        let next = p.play(&Move(Pit(5))).unwrap();
        assert_eq!(next.to_string(), "T:G0,0,0,0,0,0,24:T0,0,0,0,0,0,24");
        assert_eq!(next.outcome(), Some(Outcome::Draw(DrawReason::EqualSeeds)));
        assert!(next.legal_moves().is_empty());
    }

    #[test]
    fn bad_text_is_refused() {
        for bad in [
            "",
            "G",
            "X:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0",
            "G:G4,4,4,4,4,4:T4,4,4,4,4,4,0",
            "G:G4,4,4,4,4,4,0:G4,4,4,4,4,4,0",
            "G:G4,4,4,4,4,4,1:T4,4,4,4,4,4,0",
            "G:G0,0,0,0,0,0,24:T4,4,4,4,4,4,0",
            "G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0:",
            "G:G999,4,4,4,4,4,0:T4,4,4,4,4,4,0",
        ] {
            assert!(bad.parse::<Kalah>().is_err(), "{bad:?} should be refused");
        }
        let start = Kalah::start();
        for bad in ["", "g", "A", "ab", "7"] {
            assert!(start.parse_move(bad).is_err(), "{bad:?} should be refused");
        }
        let p = kalah("G:G0,1,0,0,0,1,20:T1,1,1,4,1,1,17");
        assert!(matches!(p.parse_move("a"), Err(MoveError::Illegal(_))));
    }
}
