use std::{fmt, str::FromStr};

use super::{PITS, SEEDS_PER_PIT};
use crate::{PositionError, Side, error::clip};

/// An unvalidated Kalah position, as read from text. [`super::Kalah::try_from`] checks it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Pits a..f of each side, indexed by [`Side::index`].
    pub pits: [[u8; PITS]; 2],
    pub stores: [u8; 2],
    pub turn: Side,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            pits: [[SEEDS_PER_PIT; PITS]; 2],
            stores: [0; 2],
            turn: Side::First,
        }
    }
}

fn side_letter(side: Side) -> char {
    match side {
        Side::First => 'G',
        Side::Second => 'T',
    }
}

fn parse_side(text: &str) -> Result<Side, PositionError> {
    match text {
        "G" => Ok(Side::First),
        "T" => Ok(Side::Second),
        _ => Err(PositionError::Syntax(format!(
            "expected G or T, found {:?}",
            clip(text)
        ))),
    }
}

impl FromStr for Setup {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut parts = text.trim().split(':');
        let turn = parse_side(parts.next().unwrap_or(""))?;
        let mut rows: [Option<([u8; PITS], u8)>; 2] = [None, None];
        for part in parts.by_ref().take(2) {
            let mut chars = part.chars();
            let side = parse_side(chars.next().map(String::from).as_deref().unwrap_or(""))?;
            if rows[side.index()].is_some() {
                return Err(PositionError::Syntax(format!(
                    "side {} given twice",
                    side_letter(side)
                )));
            }
            rows[side.index()] = Some(parse_row(chars.as_str())?);
        }
        if parts.next().is_some() {
            return Err(PositionError::Syntax(
                "more than three ':'-separated fields".into(),
            ));
        }
        let [Some(gold), Some(turquoise)] = rows else {
            return Err(PositionError::Syntax(
                "expected G:G<pits>,<store>:T<pits>,<store>".into(),
            ));
        };
        Ok(Setup {
            pits: [gold.0, turquoise.0],
            stores: [gold.1, turquoise.1],
            turn,
        })
    }
}

/// Six pit counts and a store: `4,4,4,4,4,4,0`.
fn parse_row(text: &str) -> Result<([u8; PITS], u8), PositionError> {
    let counts = text
        .split(',')
        .map(|n| {
            n.parse::<u8>()
                .map_err(|_| PositionError::Syntax(format!("{:?} is not a seed count", clip(n))))
        })
        .collect::<Result<Vec<u8>, _>>()?;
    if counts.len() != PITS + 1 {
        return Err(PositionError::Syntax(format!(
            "expected {} numbers (six pits and a store), found {}",
            PITS + 1,
            counts.len()
        )));
    }
    let mut pits = [0; PITS];
    pits.copy_from_slice(&counts[..PITS]);
    Ok((pits, counts[PITS]))
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", side_letter(self.turn))?;
        for side in Side::BOTH {
            write!(f, ":{}", side_letter(side))?;
            for seeds in self.pits[side.index()] {
                write!(f, "{seeds},")?;
            }
            write!(f, "{}", self.stores[side.index()])?;
        }
        Ok(())
    }
}
