use std::{fmt, str::FromStr};

use super::{HOLES, Hole};
use crate::{PositionError, Side, error::clip};

/// An unvalidated Chinese Checkers position, as read from text.
/// [`super::ChineseCheckers::try_from`] checks it (ten marbles a side, no hole twice).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Each side's occupied holes, indexed by [`Side::index`].
    pub marbles: [Vec<Hole>; 2],
    pub turn: Side,
}

impl Default for Setup {
    /// The start: jade on 112..121 to move, coral on 1..10.
    fn default() -> Self {
        let holes = |range: std::ops::RangeInclusive<u8>| range.filter_map(Hole::new).collect();
        Setup {
            marbles: [holes(112..=121), holes(1..=10)],
            turn: Side::First,
        }
    }
}

pub(super) fn side_letter(side: Side) -> char {
    match side {
        Side::First => 'J',
        Side::Second => 'C',
    }
}

fn parse_side(text: &str) -> Result<Side, PositionError> {
    match text {
        "J" => Ok(Side::First),
        "C" => Ok(Side::Second),
        _ => Err(PositionError::Syntax(format!(
            "expected J or C, found {:?}",
            clip(text)
        ))),
    }
}

impl FromStr for Setup {
    type Err = PositionError;

    /// `J:J112,...,121:C1,...,10`; the two lists may come in either order.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut parts = text.trim().split(':');
        let turn = parse_side(parts.next().unwrap_or(""))?;
        let mut lists: [Option<Vec<Hole>>; 2] = [None, None];
        for part in parts.by_ref().take(2) {
            // The side letter is ASCII when valid; split at a char boundary either way.
            let letter_len = part.chars().next().map_or(0, char::len_utf8);
            let (letter, holes) = part.split_at(letter_len);
            let side = parse_side(letter)?;
            if lists[side.index()].is_some() {
                return Err(PositionError::Syntax(format!(
                    "the marbles of {} are listed twice",
                    side_letter(side)
                )));
            }
            lists[side.index()] = Some(parse_holes(holes)?);
        }
        if parts.next().is_some() {
            return Err(PositionError::Syntax(
                "more than three ':'-separated fields".into(),
            ));
        }
        let [Some(jade), Some(coral)] = lists else {
            return Err(PositionError::Syntax("expected J:J<holes>:C<holes>".into()));
        };
        Ok(Setup {
            marbles: [jade, coral],
            turn,
        })
    }
}

/// `112,113,...`: hole numbers separated by commas; an empty text is an empty list.
fn parse_holes(text: &str) -> Result<Vec<Hole>, PositionError> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let mut holes = Vec::new();
    for number in text.split(',') {
        // A list longer than the board cannot be valid; stop before echoing or storing more.
        if holes.len() >= HOLES {
            return Err(PositionError::Syntax("more marbles than holes".into()));
        }
        let hole = Hole::parse(number).ok_or_else(|| {
            PositionError::Syntax(format!("{:?} is not a hole number 1..121", clip(number)))
        })?;
        holes.push(hole);
    }
    Ok(holes)
}

impl fmt::Display for Setup {
    /// Jade's list first, each list in ascending order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", side_letter(self.turn))?;
        for side in Side::BOTH {
            write!(f, ":{}", side_letter(side))?;
            let mut holes = self.marbles[side.index()].clone();
            holes.sort_unstable();
            for (i, hole) in holes.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{hole}")?;
            }
        }
        Ok(())
    }
}
