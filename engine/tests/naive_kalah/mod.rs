//! A deliberately naive Kalah, written only to check the engine: two rows and two stores as
//! separate vectors, sowing walked seed by seed through an explicit list of "places", positions
//! compared as FEN text. Slow and obvious on purpose; it shares no code with the engine.
#![allow(dead_code)] // each test crate uses a different part of it

#[derive(Clone, Debug)]
pub struct NaiveKalah {
    /// rows[0] = gold pits a..f, rows[1] = turquoise pits a..f.
    pub rows: Vec<Vec<u32>>,
    pub stores: Vec<u32>,
    /// 0 = gold to move, 1 = turquoise.
    pub mover: usize,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Place {
    Pit(usize, usize),
    Store(usize),
}

impl NaiveKalah {
    pub fn from_fen(fen: &str) -> NaiveKalah {
        let parts: Vec<&str> = fen.split(':').collect();
        let mover = if parts[0] == "G" { 0 } else { 1 };
        let mut rows = vec![vec![]; 2];
        let mut stores = vec![0; 2];
        for part in &parts[1..] {
            let who = if part.starts_with('G') { 0 } else { 1 };
            let numbers: Vec<u32> = part[1..].split(',').map(|n| n.parse().unwrap()).collect();
            rows[who] = numbers[..6].to_vec();
            stores[who] = numbers[6];
        }
        NaiveKalah {
            rows,
            stores,
            mover,
        }
    }

    pub fn fen(&self) -> String {
        let row = |who: usize| {
            let mut text: Vec<String> = self.rows[who].iter().map(|n| n.to_string()).collect();
            text.push(self.stores[who].to_string());
            text.join(",")
        };
        format!("{}:G{}:T{}", ["G", "T"][self.mover], row(0), row(1))
    }

    fn finished(&self) -> bool {
        self.rows.iter().all(|row| row.iter().sum::<u32>() == 0)
    }

    /// The places in counter-clockwise order as seen by `mover`: its own pits after `from`,
    /// its store, the opponent's pits, its own pits up to `from` (the opponent's store never
    /// appears).
    fn lap(mover: usize, from: usize) -> Vec<Place> {
        let other = 1 - mover;
        let mut places = Vec::new();
        for pit in from + 1..6 {
            places.push(Place::Pit(mover, pit));
        }
        places.push(Place::Store(mover));
        for pit in 0..6 {
            places.push(Place::Pit(other, pit));
        }
        for pit in 0..=from {
            places.push(Place::Pit(mover, pit));
        }
        places
    }

    pub fn moves(&self) -> Vec<usize> {
        if self.finished() {
            return vec![];
        }
        (0..6)
            .filter(|&pit| self.rows[self.mover][pit] > 0)
            .collect()
    }

    pub fn play(&self, pit: usize) -> NaiveKalah {
        let mut next = self.clone();
        let me = self.mover;
        let mut seeds = next.rows[me][pit];
        next.rows[me][pit] = 0;
        let lap = Self::lap(me, pit);
        let mut last = Place::Store(me);
        let mut i = 0;
        while seeds > 0 {
            let place = lap[i % lap.len()];
            match place {
                Place::Pit(who, p) => next.rows[who][p] += 1,
                Place::Store(who) => next.stores[who] += 1,
            }
            last = place;
            seeds -= 1;
            i += 1;
        }
        next.mover = 1 - me;
        match last {
            Place::Store(_) => next.mover = me,
            Place::Pit(who, p) if who == me && next.rows[me][p] == 1 => {
                let across = 5 - p;
                if next.rows[1 - me][across] > 0 {
                    next.stores[me] += next.rows[1 - me][across] + 1;
                    next.rows[1 - me][across] = 0;
                    next.rows[me][p] = 0;
                }
            }
            _ => {}
        }
        let empty = |who: usize| next.rows[who].iter().sum::<u32>() == 0;
        if empty(0) || empty(1) {
            for who in 0..2 {
                let rest: u32 = next.rows[who].iter().sum();
                next.stores[who] += rest;
                next.rows[who] = vec![0; 6];
            }
            next.mover = 1 - me;
        }
        next
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|pit| self.play(pit).perft(depth - 1))
            .sum()
    }
}
