//! What the device's list of online games says of each room: the game, the friend's colour,
//! whose turn it is and how long ago it was last played, from the glance kept with its seat.

use cozcade_engine::{GameKind, Side};
use cozcade_protocol::RoomId;

use crate::storage::RoomSeat;

/// Whose turn it is in a listed room, as this device last saw it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Whose {
    Yours,
    Friends,
    /// The round is over (a new round may be asked for).
    Over,
}

/// How long ago, rounded down to what a person says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ago {
    JustNow,
    Minutes(i64),
    Hours(i64),
    Days(i64),
}

impl Ago {
    /// From two times in Unix seconds; a clock set back reads as just now.
    pub fn between(then: i64, now: i64) -> Ago {
        let secs = now.saturating_sub(then).max(0);
        match secs {
            0..60 => Ago::JustNow,
            60..3600 => Ago::Minutes(secs / 60),
            3600..86400 => Ago::Hours(secs / 3600),
            _ => Ago::Days(secs / 86400),
        }
    }
}

/// One line of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedGame {
    pub server: String,
    pub room: RoomId,
    pub game: GameKind,
    /// The friend's colour; unknown until this device has been in the room once.
    pub friend: Option<Side>,
    pub whose: Option<Whose>,
    pub ago: Option<Ago>,
}

impl ListedGame {
    pub fn of(seat: &RoomSeat, now: i64) -> ListedGame {
        let glance = seat.glance.as_ref();
        ListedGame {
            server: seat.server.clone(),
            room: seat.room.clone(),
            game: seat.game,
            friend: glance.map(|g| g.seat.other()),
            whose: glance.map(|g| match g.turn {
                None => Whose::Over,
                Some(turn) if turn == g.seat => Whose::Yours,
                Some(_) => Whose::Friends,
            }),
            ago: glance.map(|g| Ago::between(g.played_at, now)),
        }
    }

    /// The rooms to list, in the stored order (the latest played first), without those being
    /// left.
    pub fn list(seats: &[RoomSeat], now: i64) -> Vec<ListedGame> {
        seats
            .iter()
            .filter(|s| !s.leaving)
            .map(|s| ListedGame::of(s, now))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::Glance;

    /// Room ids for the tests, by their part in them.
    const R1: &str = "00000000000000000001";
    const NEW: &str = "0000000000000000000a";
    const GONE: &str = "0000000000000000000b";
    const OLD: &str = "0000000000000000000c";
    const UNSEEN: &str = "0000000000000000000d";

    fn seat(room: &str, glance: Option<Glance>, leaving: bool) -> RoomSeat {
        RoomSeat {
            server: "https://play.example".into(),
            room: room.parse().expect("well formed"),
            game: GameKind::Kalah,
            seat_key: "k".parse().expect("well formed"),
            glance,
            leaving,
            replacing_key: None,
        }
    }

    fn glance(seat: Side, turn: Option<Side>, played_at: i64) -> Option<Glance> {
        Some(Glance {
            seat,
            turn,
            seq: 3,
            played_at,
        })
    }

    #[test]
    fn ago_reads_as_people_say_it() {
        assert_eq!(Ago::between(1000, 1059), Ago::JustNow);
        assert_eq!(Ago::between(1000, 1000 + 2 * 60 + 5), Ago::Minutes(2));
        assert_eq!(Ago::between(0, 3 * 3600 + 1), Ago::Hours(3));
        assert_eq!(Ago::between(0, 6 * 86400), Ago::Days(6));
        assert_eq!(Ago::between(2000, 1000), Ago::JustNow, "a clock set back");
    }

    #[test]
    fn an_entry_says_the_friends_colour_and_whose_turn() {
        let g = ListedGame::of(
            &seat(R1, glance(Side::Second, Some(Side::First), 0), false),
            120,
        );
        assert_eq!(
            (g.friend, g.whose, g.ago),
            (
                Some(Side::First),
                Some(Whose::Friends),
                Some(Ago::Minutes(2))
            )
        );
        let mine = ListedGame::of(
            &seat(R1, glance(Side::First, Some(Side::First), 0), false),
            0,
        );
        assert_eq!(
            (mine.friend, mine.whose),
            (Some(Side::Second), Some(Whose::Yours))
        );
        let over = ListedGame::of(&seat(R1, glance(Side::First, None, 0), false), 0);
        assert_eq!(over.whose, Some(Whose::Over));
        let never = ListedGame::of(&seat(R1, None, false), 0);
        assert_eq!((never.friend, never.whose, never.ago), (None, None, None));
    }

    #[test]
    fn the_list_hides_rooms_being_left() {
        let seats = [
            seat(NEW, glance(Side::First, Some(Side::First), 50), false),
            seat(GONE, glance(Side::First, Some(Side::First), 99), true),
            seat(OLD, glance(Side::First, Some(Side::First), 10), false),
            seat(UNSEEN, None, false),
        ];
        let rooms: Vec<String> = ListedGame::list(&seats, 100)
            .into_iter()
            .map(|g| g.room.into())
            .collect();
        assert_eq!(rooms, [NEW, OLD, UNSEEN]);
    }
}
