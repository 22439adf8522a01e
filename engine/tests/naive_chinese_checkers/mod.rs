//! A deliberately naive second move generator for Chinese Checkers, written only to check the
//! engine's: hole coordinates found by searching a list, plain loops, and a `Vec`-based flood
//! fill over (hole, locked-in-goal) states. No bitboards, no tables, no shared code with the
//! engine beyond reading its position through the public `marble_at` and `turn`.

#![allow(dead_code)] // each test file uses a different part

use cozcade_engine::{ChineseCheckers, Game, Side, chinese_checkers::Hole};

const ROW_LENGTHS: [i32; 17] = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];
const DIRECTIONS: [(i32, i32); 6] = [(0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1)];

/// (row, x) of hole number `i + 1`, straight from the description in DESIGN.md.
fn coordinates() -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (row, &n) in ROW_LENGTHS.iter().enumerate() {
        for k in 0..n {
            out.push((row as i32, 2 * k - (n - 1)));
        }
    }
    out
}

/// A naive position: who is on each hole (index = hole number - 1), and the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Naive {
    cells: Vec<Option<Side>>,
    turn: Side,
    coords: Vec<(i32, i32)>,
}

/// A move as the naive generator sees it: hole numbers, or `None` for a pass.
pub type NaiveMove = Option<(u8, u8)>;

impl Naive {
    pub fn from_engine(position: &ChineseCheckers) -> Naive {
        let cells = (1..=121u8)
            .map(|n| position.marble_at(Hole::new(n).expect("1..121 are holes")))
            .collect();
        Naive {
            cells,
            turn: position.turn(),
            coords: coordinates(),
        }
    }

    pub fn turn(&self) -> Side {
        self.turn
    }

    fn find(&self, row: i32, x: i32) -> Option<usize> {
        self.coords.iter().position(|&c| c == (row, x))
    }

    /// Jade (first) must fill holes 1..10, coral holes 112..121.
    fn in_goal(index: usize, side: Side) -> bool {
        let number = index + 1;
        match side {
            Side::First => (1..=10).contains(&number),
            Side::Second => (112..=121).contains(&number),
        }
    }

    /// Every (from, to) for `side`'s marbles, ignoring whose turn it is.
    fn marble_moves(&self, side: Side) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for from in 0..121 {
            if self.cells[from] != Some(side) {
                continue;
            }
            let mut board = self.cells.clone();
            board[from] = None; // the marble is lifted while it travels
            let (row, x) = self.coords[from];
            let mut destinations: Vec<usize> = Vec::new();
            // Steps.
            for (dr, dx) in DIRECTIONS {
                if let Some(to) = self.find(row + dr, x + dx) {
                    let leaves_goal = Self::in_goal(from, side) && !Self::in_goal(to, side);
                    if board[to].is_none() && !leaves_goal && !destinations.contains(&to) {
                        destinations.push(to);
                    }
                }
            }
            // Hop chains: flood fill over (hole, locked) where `locked` says the marble has been
            // inside its goal at the start or at some landing of this chain.
            let start = (from, Self::in_goal(from, side));
            let mut seen = vec![start];
            let mut frontier = vec![start];
            while let Some((at, locked)) = frontier.pop() {
                let (r, x) = self.coords[at];
                for (dr, dx) in DIRECTIONS {
                    let Some(over) = self.find(r + dr, x + dx) else {
                        continue;
                    };
                    let Some(land) = self.find(r + 2 * dr, x + 2 * dx) else {
                        continue;
                    };
                    if board[over].is_none() || board[land].is_some() {
                        continue;
                    }
                    if locked && !Self::in_goal(land, side) {
                        continue;
                    }
                    let state = (land, locked || Self::in_goal(land, side));
                    if !seen.contains(&state) {
                        seen.push(state);
                        frontier.push(state);
                        if land != from && !destinations.contains(&land) {
                            destinations.push(land);
                        }
                    }
                }
            }
            for to in destinations {
                out.push((from, to));
            }
        }
        out
    }

    /// Right after `side`'s move: every goal hole occupied and at least one holds its marble.
    fn has_won(&self, side: Side) -> bool {
        let goal: Vec<usize> = (0..121).filter(|&i| Self::in_goal(i, side)).collect();
        goal.iter().all(|&i| self.cells[i].is_some())
            && goal.iter().any(|&i| self.cells[i] == Some(side))
    }

    pub fn moves(&self) -> Vec<NaiveMove> {
        if self.has_won(self.turn.other()) {
            return Vec::new();
        }
        let own = self.marble_moves(self.turn);
        if own.is_empty() {
            if self.marble_moves(self.turn.other()).is_empty() {
                return Vec::new();
            }
            return vec![None];
        }
        own.into_iter()
            .map(|(f, t)| Some(((f + 1) as u8, (t + 1) as u8)))
            .collect()
    }

    pub fn play(&self, mv: NaiveMove) -> Naive {
        let mut next = self.clone();
        if let Some((from, to)) = mv {
            next.cells[from as usize - 1] = None;
            next.cells[to as usize - 1] = Some(self.turn);
        }
        next.turn = self.turn.other();
        next
    }

    /// "jade", "coral", "draw" or `None` while the game goes on.
    pub fn result(&self) -> Option<&'static str> {
        if self.has_won(self.turn.other()) {
            return Some(if self.turn.other() == Side::First {
                "jade"
            } else {
                "coral"
            });
        }
        if self.marble_moves(self.turn).is_empty()
            && self.marble_moves(self.turn.other()).is_empty()
        {
            return Some("draw");
        }
        None
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|mv| self.play(mv).perft(depth - 1))
            .sum()
    }
}
