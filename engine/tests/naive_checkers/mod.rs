//! A deliberately naive checkers move generator, written only to check the real one: an 8×8
//! array, row/column arithmetic, recursion, strings for moves. No bitboards, no shared code
//! with the engine (it reads the canonical FEN itself).
#![allow(dead_code)]

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Man {
    pub red: bool,
    pub king: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaiveCheckers {
    /// `cells[row][column]`, row 0 at the top (squares 1..4), as in the PDN diagram.
    pub cells: [[Option<Man>; 8]; 8],
    pub red_to_move: bool,
}

/// A move as the naive generator sees it: the squares visited (PDN numbers) and whether it
/// jumps.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct NaiveMove {
    pub path: Vec<(usize, usize)>,
    pub jumps: bool,
}

/// PDN square number of a dark cell.
pub fn number(row: usize, column: usize) -> u32 {
    (row * 4 + column / 2 + 1) as u32
}

/// Row and column of PDN square `n`: in even rows the dark cells are columns 1, 3, 5, 7.
pub fn cell(n: u32) -> (usize, usize) {
    let index = (n - 1) as usize;
    let row = index / 4;
    let column = 2 * (index % 4) + usize::from(row.is_multiple_of(2));
    (row, column)
}

impl NaiveMove {
    pub fn text(&self) -> String {
        let separator = if self.jumps { "x" } else { "-" };
        self.path
            .iter()
            .map(|&(r, c)| number(r, c).to_string())
            .collect::<Vec<_>>()
            .join(separator)
    }
}

impl NaiveCheckers {
    /// Reads the canonical FEN the engine prints: `B:W<list>:B<list>`, `K` before kings.
    pub fn from_fen(fen: &str) -> NaiveCheckers {
        let parts: Vec<&str> = fen.split(':').collect();
        assert_eq!(parts.len(), 3, "canonical FEN {fen}");
        let mut position = NaiveCheckers {
            cells: [[None; 8]; 8],
            red_to_move: parts[0] == "B",
        };
        for part in &parts[1..] {
            let red = part.starts_with('B');
            let list = &part[1..];
            if list.is_empty() {
                continue;
            }
            for item in list.split(',') {
                let king = item.starts_with('K');
                let n: u32 = item.trim_start_matches('K').parse().unwrap();
                let (r, c) = cell(n);
                position.cells[r][c] = Some(Man { red, king });
            }
        }
        position
    }

    pub fn fen(&self) -> String {
        let mut out = String::from(if self.red_to_move { "B" } else { "W" });
        for red in [false, true] {
            out.push(':');
            out.push(if red { 'B' } else { 'W' });
            let mut items = Vec::new();
            for n in 1..=32 {
                let (r, c) = cell(n);
                if let Some(man) = self.cells[r][c]
                    && man.red == red
                {
                    items.push(format!("{}{n}", if man.king { "K" } else { "" }));
                }
            }
            out.push_str(&items.join(","));
        }
        out
    }

    fn directions(man: Man) -> Vec<(isize, isize)> {
        // Red moves down the diagram (toward row 7), white up.
        let forward = if man.red { 1 } else { -1 };
        let mut directions = vec![(forward, -1), (forward, 1)];
        if man.king {
            directions.push((-forward, -1));
            directions.push((-forward, 1));
        }
        directions
    }

    fn at(&self, row: isize, column: isize) -> Option<Option<Man>> {
        if (0..8).contains(&row) && (0..8).contains(&column) {
            Some(self.cells[row as usize][column as usize])
        } else {
            None
        }
    }

    fn crown_row(red: bool) -> usize {
        if red { 7 } else { 0 }
    }

    /// Every way to continue a capture from `path`'s last cell; `board` has the moving piece
    /// lifted off its start, `taken` lists the pieces jumped so far (still on the board).
    fn jumps(
        &self,
        board: &[[Option<Man>; 8]; 8],
        man: Man,
        path: &mut Vec<(usize, usize)>,
        taken: &mut Vec<(usize, usize)>,
        out: &mut Vec<NaiveMove>,
    ) {
        let (row, column) = *path.last().unwrap();
        let mut went_on = false;
        for (dr, dc) in Self::directions(man) {
            let over = (row as isize + dr, column as isize + dc);
            let land = (row as isize + 2 * dr, column as isize + 2 * dc);
            let scratch = NaiveCheckers {
                cells: *board,
                red_to_move: self.red_to_move,
            };
            let (Some(Some(victim)), Some(None)) =
                (scratch.at(over.0, over.1), scratch.at(land.0, land.1))
            else {
                continue;
            };
            let over = (over.0 as usize, over.1 as usize);
            let land = (land.0 as usize, land.1 as usize);
            if victim.red == man.red || taken.contains(&over) {
                continue;
            }
            went_on = true;
            path.push(land);
            taken.push(over);
            if !man.king && land.0 == Self::crown_row(man.red) {
                out.push(NaiveMove {
                    path: path.clone(),
                    jumps: true,
                });
            } else {
                self.jumps(board, man, path, taken, out);
            }
            path.pop();
            taken.pop();
        }
        if !went_on && path.len() > 1 {
            out.push(NaiveMove {
                path: path.clone(),
                jumps: true,
            });
        }
    }

    pub fn moves(&self) -> Vec<NaiveMove> {
        let mut captures = Vec::new();
        let mut steps = Vec::new();
        for row in 0..8 {
            for column in 0..8 {
                let Some(man) = self.cells[row][column] else {
                    continue;
                };
                if man.red != self.red_to_move {
                    continue;
                }
                let mut board = self.cells;
                board[row][column] = None;
                self.jumps(
                    &board,
                    man,
                    &mut vec![(row, column)],
                    &mut Vec::new(),
                    &mut captures,
                );
                for (dr, dc) in Self::directions(man) {
                    let to = (row as isize + dr, column as isize + dc);
                    if self.at(to.0, to.1) == Some(None) {
                        steps.push(NaiveMove {
                            path: vec![(row, column), (to.0 as usize, to.1 as usize)],
                            jumps: false,
                        });
                    }
                }
            }
        }
        if captures.is_empty() { steps } else { captures }
    }

    pub fn play(&self, mv: &NaiveMove) -> NaiveCheckers {
        let mut next = self.clone();
        let (r0, c0) = mv.path[0];
        let mut man = next.cells[r0][c0].take().unwrap();
        for pair in mv.path.windows(2) {
            if mv.jumps {
                let (r, c) = ((pair[0].0 + pair[1].0) / 2, (pair[0].1 + pair[1].1) / 2);
                next.cells[r][c] = None;
            }
        }
        let &(r, c) = mv.path.last().unwrap();
        if r == Self::crown_row(man.red) {
            man.king = true;
        }
        next.cells[r][c] = Some(man);
        next.red_to_move = !self.red_to_move;
        next
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .iter()
            .map(|mv| self.play(mv).perft(depth - 1))
            .sum()
    }
}
