//! PLACEHOLDER: replaced by the real rules.
use std::{fmt, str::FromStr};

use crate::{Game, GameKind, MoveError, Outcome, PositionError, Side};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Checkers;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move;

impl fmt::Display for Move {
    fn fmt(&self, _f: &mut fmt::Formatter<'_>) -> fmt::Result {
        todo!()
    }
}

impl fmt::Display for Checkers {
    fn fmt(&self, _f: &mut fmt::Formatter<'_>) -> fmt::Result {
        todo!()
    }
}

impl FromStr for Checkers {
    type Err = PositionError;
    fn from_str(_s: &str) -> Result<Self, Self::Err> {
        todo!()
    }
}

impl Game for Checkers {
    type Move = Move;
    const KIND: GameKind = GameKind::Checkers;
    fn start() -> Self {
        todo!()
    }
    fn turn(&self) -> Side {
        todo!()
    }
    fn generate_moves(&self, _out: &mut Vec<Move>) {
        todo!()
    }
    fn play_unchecked(&self, _mv: &Move) -> Self {
        todo!()
    }
    fn parse_move(&self, _text: &str) -> Result<Move, MoveError> {
        todo!()
    }
    fn outcome(&self) -> Option<Outcome> {
        todo!()
    }
    fn zobrist(&self) -> u64 {
        todo!()
    }
}
