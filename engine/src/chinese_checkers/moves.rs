//! Moves and routes, and the search over landing holes that finds them.
//!
//! A marble's state during a hop chain is just the hole it is on: whether it is locked into its
//! goal is decided by that hole alone (a marble inside its goal got there at the start or at a
//! landing, and from then on every landing is inside the goal). So a plain search over holes
//! with one visited set finds every destination exactly once.

use std::{
    fmt,
    hash::{Hash, Hasher},
};

use super::board::{NONE, TABLES, bit};
use super::{HOLES, Hole};

/// The most holes a shortest route can visit: hops move two rows or four half-holes, so a hop
/// chain stays in one of four classes of holes, the largest of which has 37 holes.
pub const MAX_ROUTE: usize = 37;

/// The holes a marble visits during a move, start and end included: two holes for a step, one
/// more per hop.
#[derive(Copy, Clone)]
pub struct Route {
    len: u8,
    holes: [Hole; MAX_ROUTE],
}

impl Route {
    fn new(from: Hole) -> Route {
        Route {
            len: 1,
            holes: [from; MAX_ROUTE],
        }
    }

    /// Appends a hole; `false` when the route is full (then nothing changes).
    fn push(&mut self, hole: Hole) -> bool {
        match self.holes.get_mut(self.len as usize) {
            Some(slot) => {
                *slot = hole;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    pub fn holes(&self) -> &[Hole] {
        &self.holes[..self.len as usize]
    }

    pub fn from(&self) -> Hole {
        self.holes[0]
    }

    pub fn to(&self) -> Hole {
        self.holes[self.len as usize - 1]
    }

    /// Whether this is a single step to an adjacent hole (rather than a hop chain).
    pub fn is_step(&self) -> bool {
        self.len == 2 && self.from().neighbours().any(|n| n == self.to())
    }
}

impl PartialEq for Route {
    fn eq(&self, other: &Self) -> bool {
        self.holes() == other.holes()
    }
}

impl Eq for Route {}

impl Hash for Route {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.holes().hash(state);
    }
}

/// `112-100-88`: every hole visited.
impl fmt::Display for Route {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, hole) in self.holes().iter().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            write!(f, "{hole}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Route {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Route({self})")
    }
}

/// A Chinese Checkers move. Two moves are equal when they take a marble from the same hole to
/// the same hole, whatever the route: the route is kept only to show the move.
#[derive(Copy, Clone, Debug)]
pub enum Move {
    /// A step or a hop chain of the marble on `from`, ending on `to`.
    Marble { from: Hole, to: Hole, route: Route },
    /// The side to move has no move while the other side has one.
    Pass,
}

impl Move {
    pub(super) fn along(route: Route) -> Move {
        Move::Marble {
            from: route.from(),
            to: route.to(),
            route,
        }
    }

    /// The route, or `None` for a pass.
    pub fn route(&self) -> Option<&Route> {
        match self {
            Move::Marble { route, .. } => Some(route),
            Move::Pass => None,
        }
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Move::Marble { from: a, to: b, .. }, Move::Marble { from: c, to: d, .. }) => {
                a == c && b == d
            }
            (Move::Pass, Move::Pass) => true,
            _ => false,
        }
    }
}

impl Eq for Move {}

impl Hash for Move {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self {
            Move::Marble { from, to, .. } => (from, to).hash(state),
            Move::Pass => state.write_u8(0xFF),
        }
    }
}

/// `from-to` or `pass`; [`Route`]'s `Display` gives every hole.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Marble { from, to, .. } => write!(f, "{from}-{to}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// Where the marble on `from` can go: steps and hop chains, `from` itself excluded.
/// `others` holds every other marble; `goal` is the mover's goal triangle.
#[inline]
pub(super) fn reach(others: u128, from: usize, goal: u128) -> u128 {
    let mut steps = TABLES.adjacent[from] & !others;
    if goal & bit(from) != 0 {
        steps &= goal;
    }
    steps | hop_reach(others, from, goal)
}

/// Whether the marble on `from` has any move; cheaper than [`reach`] when it can step.
#[inline]
pub(super) fn can_move(others: u128, from: usize, goal: u128) -> bool {
    let mut steps = TABLES.adjacent[from] & !others;
    if goal & bit(from) != 0 {
        steps &= goal;
    }
    steps != 0 || first_hop(others, from, goal)
}

/// Whether a hop from `from` over a neighbour in direction `d` is allowed, and where it lands.
#[inline]
fn hop(others: u128, visited: u128, from: usize, d: usize, goal: u128) -> Option<usize> {
    let over = TABLES.neighbour[from][d];
    let land = TABLES.landing[from][d];
    if over == NONE || land == NONE || others & bit(over as usize) == 0 {
        return None;
    }
    let landing = bit(land as usize);
    if (others | visited) & landing != 0 {
        return None;
    }
    // The goal rule: from a hole inside the goal, only landings inside the goal.
    if goal & bit(from) != 0 && goal & landing == 0 {
        return None;
    }
    Some(land as usize)
}

fn first_hop(others: u128, from: usize, goal: u128) -> bool {
    (0..6).any(|d| hop(others, bit(from), from, d, goal).is_some())
}

/// Every hole reachable by a chain of one or more hops, `from` excluded.
fn hop_reach(others: u128, from: usize, goal: u128) -> u128 {
    let mut visited = bit(from);
    // Each hole is pushed once, and a chain stays within one class of at most MAX_ROUTE holes.
    let mut stack = [0u8; HOLES];
    stack[0] = from as u8;
    let mut top = 1;
    while top > 0 {
        top -= 1;
        let at = stack[top] as usize;
        for d in 0..6 {
            if let Some(land) = hop(others, visited, at, d, goal) {
                visited |= bit(land);
                stack[top] = land as u8;
                top += 1;
            }
        }
    }
    visited & !bit(from)
}

/// Appends a move for every destination of the marble on `from`, each with a shortest route:
/// steps first, then hop chains in breadth-first order.
pub(super) fn push_moves(others: u128, from: usize, goal: u128, out: &mut Vec<Move>) {
    let start = Hole::of(from);
    let locked = goal & bit(from) != 0;
    let mut stepped = 0u128;
    for n in TABLES.neighbour[from] {
        if n == NONE || others & bit(n as usize) != 0 || (locked && goal & bit(n as usize) == 0) {
            continue;
        }
        stepped |= bit(n as usize);
        let mut route = Route::new(start);
        route.push(Hole::of(n as usize));
        out.push(Move::along(route));
    }

    // Breadth first, so the first time a hole is reached is by a shortest chain.
    let mut parent = [0u8; HOLES];
    let mut queue = [0u8; HOLES];
    let (mut head, mut tail) = (0, 1);
    queue[0] = from as u8;
    let mut visited = bit(from);
    while head < tail {
        let at = queue[head] as usize;
        head += 1;
        for d in 0..6 {
            let Some(land) = hop(others, visited, at, d, goal) else {
                continue;
            };
            visited |= bit(land);
            parent[land] = at as u8;
            queue[tail] = land as u8;
            tail += 1;
            if stepped & bit(land) == 0 {
                out.push(Move::along(route_to(start, land, &parent)));
            }
        }
    }
}

/// The route from `start` to `land` by following `parent` links back.
fn route_to(start: Hole, land: usize, parent: &[u8; HOLES]) -> Route {
    let mut backwards = [start; MAX_ROUTE];
    let mut len = 0;
    let mut at = land;
    while at != start.index() && len < MAX_ROUTE - 1 {
        backwards[len] = Hole::of(at);
        len += 1;
        at = parent[at] as usize;
    }
    let mut route = Route::new(start);
    for &hole in backwards[..len].iter().rev() {
        route.push(hole);
    }
    route
}

/// Whether `a` to `b` is one allowed hop for a marble whose other marbles are `others`.
pub(super) fn is_hop(others: u128, a: Hole, b: Hole, goal: u128) -> bool {
    (0..6).any(|d| hop(others, 0, a.index(), d, goal) == Some(b.index()))
}

/// Builds a route from holes (for parsing); `None` when there are more than [`MAX_ROUTE`].
pub(super) fn route_of(holes: &[Hole]) -> Option<Route> {
    let (&first, rest) = holes.split_first()?;
    let mut route = Route::new(first);
    rest.iter().all(|&h| route.push(h)).then_some(route)
}
