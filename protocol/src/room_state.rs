//! A room as both ends know it, and the one fold that turns its numbered events into it.
//!
//! The server's room owner adopts each event it has decided and stored through
//! [`RoomState::apply`]; the client applies each event it receives through the same step, so
//! the two cannot drift apart; the app's board is fed the same events and folds them the same
//! way. A `sync` carries the whole state.

use cozcade_engine::{AnyRecord, GameKind, Outcome, RecordText};
use serde::{Deserialize, Serialize};

use crate::{Event, RoomId, Seat, SeatStatus};

/// How the last request for a new round ended other than by a new round: `by` is the player
/// who answered (the asked one declines, the asker withdraws). A room keeps it until the next
/// request or round, so a player who comes back to a full `sync` hears it as one replayed the
/// event does.
///
/// On the wire a `sync` carries it as `new_round_declined_by` or `new_round_withdrawn_by`, a
/// seat like `new_round_proposed_by` (cheaper to read than a tagged object, in the web build
/// too).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NewRoundAnswer {
    Declined { by: Seat },
    Withdrawn { by: Seat },
}

/// Everything about a room, for a client that joins or has fallen too far behind, and what
/// each end keeps of it.
///
/// On the wire the record is its starting position and move texts, with the turn and the
/// result (`ongoing`, `draw`, `<colour> wins`) beside it for readers; reading a state replays
/// its record, so the turn and the outcome are the engine's own and a state whose text
/// disagrees with its record is refused at the boundary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RoomStateText", into = "RoomStateText")]
pub struct RoomState {
    pub room: RoomId,
    /// The last confirmed sequence number (0 before any action).
    pub seq: u64,
    /// Starts at 1; counts New rounds.
    pub round: u32,
    /// The current round's game.
    pub record: AnyRecord,
    /// The seat, if any, that asked for a new round and waits for the other.
    pub new_round_proposed_by: Option<Seat>,
    /// How the last request was turned down, if it was and no request or round followed.
    pub new_round_answer: Option<NewRoundAnswer>,
    /// Indexed by seat: `[first, second]`.
    pub seats: [SeatStatus; 2],
}

/// Why an event could not be folded into a state: the two ends disagree, and the state must
/// be fetched whole again.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FoldError {
    /// The event is not the next one: `expected` was.
    #[error("event {got} does not follow {expected}")]
    Gap { expected: u64, got: u64 },
    /// The event's move is not a legal move of the record (or not a move at all).
    #[error("the move {mv:?} does not fit the game: {reason}")]
    Move { mv: String, reason: String },
}

impl RoomState {
    /// A new room's state: round 1, the starting position, nobody seated yet.
    pub fn new(room: RoomId, game: GameKind) -> Self {
        RoomState {
            room,
            seq: 0,
            round: 1,
            record: AnyRecord::new(game),
            new_round_proposed_by: None,
            new_round_answer: None,
            seats: [SeatStatus::Open; 2],
        }
    }

    pub fn game(&self) -> GameKind {
        self.record.kind()
    }

    /// Whose turn it is, or `None` once the round is over.
    pub fn turn(&self) -> Option<Seat> {
        self.record.outcome().is_none().then(|| self.record.turn())
    }

    /// How the round ended; `None` while it goes on.
    pub fn result(&self) -> Option<Outcome> {
        self.record.outcome()
    }

    /// Folds event number `seq`, caused by `by`, into the state. On error nothing changes.
    /// A seat that leaves is open afterwards; whether it is held by a connection is the
    /// presence's business, not an event's.
    pub fn apply(&mut self, seq: u64, by: Seat, event: &Event) -> Result<(), FoldError> {
        let expected = self.seq + 1;
        if seq != expected {
            return Err(FoldError::Gap { expected, got: seq });
        }
        match event {
            Event::Move { mv } => {
                self.record.play_text(mv).map_err(|e| FoldError::Move {
                    mv: mv.chars().take(40).collect(),
                    reason: e.to_string(),
                })?;
                // A request for a new round stays open through moves.
            }
            Event::NewRoundProposed => {
                self.new_round_proposed_by = Some(by);
                self.new_round_answer = None;
            }
            Event::NewRoundStarted { round } => {
                self.round = *round;
                self.record = AnyRecord::new(self.game());
                self.new_round_proposed_by = None;
                self.new_round_answer = None;
            }
            Event::NewRoundDeclined => {
                self.new_round_proposed_by = None;
                self.new_round_answer = Some(NewRoundAnswer::Declined { by });
            }
            Event::NewRoundWithdrawn => {
                self.new_round_proposed_by = None;
                self.new_round_answer = Some(NewRoundAnswer::Withdrawn { by });
            }
            // Keys are the server's to keep; the game and the seats are as they were.
            Event::SeatKeyReplaced => {}
            Event::Left => {
                self.seats[by.index()] = SeatStatus::Open;
                // A leaver's request for a new round goes with them.
                if self.new_round_proposed_by == Some(by) {
                    self.new_round_proposed_by = None;
                }
            }
        }
        self.seq = seq;
        Ok(())
    }
}

/// [`RoomState`] as JSON carries it.
#[derive(Clone, Serialize, Deserialize)]
struct RoomStateText {
    room: RoomId,
    game: GameKind,
    seq: u64,
    round: u32,
    record: RecordText,
    turn: Option<Seat>,
    /// `ongoing`, `draw` or `<colour> wins`.
    result: String,
    new_round_proposed_by: Option<Seat>,
    /// [`RoomState::new_round_answer`], at most one of the two. Optional on the wire (absent
    /// when there is none): older servers do not send them and older clients ignore them, so
    /// they came within version 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    new_round_declined_by: Option<Seat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    new_round_withdrawn_by: Option<Seat>,
    seats: [SeatStatus; 2],
}

impl From<RoomState> for RoomStateText {
    fn from(state: RoomState) -> Self {
        RoomStateText {
            result: state.game().describe_result(state.result()),
            turn: state.turn(),
            game: state.game(),
            record: state.record.to_text(),
            room: state.room,
            seq: state.seq,
            round: state.round,
            new_round_proposed_by: state.new_round_proposed_by,
            new_round_declined_by: match state.new_round_answer {
                Some(NewRoundAnswer::Declined { by }) => Some(by),
                _ => None,
            },
            new_round_withdrawn_by: match state.new_round_answer {
                Some(NewRoundAnswer::Withdrawn { by }) => Some(by),
                _ => None,
            },
            seats: state.seats,
        }
    }
}

impl TryFrom<RoomStateText> for RoomState {
    type Error = String;

    fn try_from(text: RoomStateText) -> Result<Self, Self::Error> {
        let record = AnyRecord::from_text(text.game, text.record).map_err(|e| e.to_string())?;
        if text.game.describe_result(record.outcome()) != text.result {
            return Err(format!(
                "result {:?} does not match the record ({})",
                text.result.chars().take(40).collect::<String>(),
                record.describe_result()
            ));
        }
        let turn = record.outcome().is_none().then(|| record.turn());
        if text.turn != turn {
            return Err(format!(
                "turn {:?} does not match the record ({turn:?})",
                text.turn
            ));
        }
        let new_round_answer = match (text.new_round_declined_by, text.new_round_withdrawn_by) {
            (None, None) => None,
            (Some(by), None) => Some(NewRoundAnswer::Declined { by }),
            (None, Some(by)) => Some(NewRoundAnswer::Withdrawn { by }),
            (Some(_), Some(_)) => {
                return Err("a request for a new round was declined and withdrawn".into());
            }
        };
        Ok(RoomState {
            room: text.room,
            seq: text.seq,
            round: text.round,
            record,
            new_round_proposed_by: text.new_round_proposed_by,
            new_round_answer,
            seats: text.seats,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cozcade_engine::Side;

    #[test]
    fn a_room_states_result_is_the_records_outcome_and_its_text_is_unchanged() {
        let text = r#"{"room":"3f9c2a71d04be85e6a10","game":"kalah","seq":1,"round":1,"record":{"start":"G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0","moves":["c"]},"turn":"first","result":"ongoing","new_round_proposed_by":null,"seats":["connected","away"]}"#;
        let state: RoomState = serde_json::from_str(text).expect("parses");
        assert_eq!(state.result(), None);
        assert_eq!(serde_json::to_string(&state).expect("serialises"), text);

        // A finished Kalah round: gold f ends in its store with its row empty, the rows are
        // swept, 24 all.
        let won = text
            .replace(
                "G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0",
                "G:G0,0,0,0,0,1,23:T1,1,1,1,1,1,18",
            )
            .replace(r#"["c"]"#, r#"["f"]"#)
            .replace(r#""turn":"first""#, r#""turn":null"#);
        let state: RoomState =
            serde_json::from_str(&won.replace("ongoing", "draw")).expect("parses");
        assert_eq!(
            state.result(),
            Some(Outcome::Draw(cozcade_engine::DrawReason::EqualSeeds))
        );
        let again = serde_json::to_string(&state).expect("serialises");
        assert!(again.contains(r#""result":"draw""#), "{again}");

        // Text that disagrees with the record, or a record that does not replay, is refused.
        assert!(serde_json::from_str::<RoomState>(&won).is_err());
        assert!(serde_json::from_str::<RoomState>(&won.replace("ongoing", "gold wins")).is_err());
        assert!(serde_json::from_str::<RoomState>(&text.replace(r#"["c"]"#, r#"["z"]"#)).is_err());
        assert!(
            serde_json::from_str::<RoomState>(
                &text.replace(r#""turn":"first""#, r#""turn":"second""#)
            )
            .is_err(),
            "a turn that is not the record's"
        );
    }

    #[test]
    fn a_sync_names_at_most_one_answer_to_a_request() {
        let state = |answers: &str| {
            format!(
                r#"{{"room":"3f9c2a71d04be85e6a10","game":"kalah","seq":3,"round":1,"record":{{"start":"G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0","moves":[]}},"turn":"first","result":"ongoing","new_round_proposed_by":null,{answers}"seats":["connected","connected"]}}"#
            )
        };
        let read = |answers: &str| serde_json::from_str::<RoomState>(&state(answers));
        let answer = |answers: &str| read(answers).map(|s| s.new_round_answer).ok();
        assert_eq!(answer(""), Some(None), "none: an older server's sync");
        assert_eq!(
            answer(r#""new_round_declined_by":"second","#),
            Some(Some(NewRoundAnswer::Declined { by: Seat::Second }))
        );
        assert_eq!(
            answer(r#""new_round_withdrawn_by":"first","#),
            Some(Some(NewRoundAnswer::Withdrawn { by: Seat::First }))
        );
        assert!(
            read(r#""new_round_declined_by":"second","new_round_withdrawn_by":"first","#).is_err()
        );
        // Written back only when there is one, so an older client's reading is unchanged.
        let none = read("").expect("parses");
        let written = serde_json::to_string(&none).expect("serialises");
        assert_eq!(
            written.matches("new_round_").count(),
            1,
            "only new_round_proposed_by: {written}"
        );
    }

    #[test]
    fn the_fold_numbers_moves_rounds_answers_and_leaves_and_refuses_what_does_not_fit() {
        let mut state = RoomState::new(
            "3f9c2a71d04be85e6a10".parse().expect("well formed"),
            GameKind::Kalah,
        );
        state.seats = [SeatStatus::Connected; 2];
        let mv = |mv: &str| Event::Move { mv: mv.into() };
        state
            .apply(1, Side::First, &mv("c"))
            .expect("the first move");
        assert_eq!(
            (state.seq, state.record.move_texts()),
            (1, vec!["c".to_owned()])
        );
        // Gold c ends in the store: gold moves again.
        assert_eq!(state.turn(), Some(Side::First));

        // A gap, a repeat and an illegal move change nothing.
        let before = state.clone();
        assert_eq!(
            state.apply(3, Side::First, &mv("a")),
            Err(FoldError::Gap {
                expected: 2,
                got: 3
            })
        );
        assert!(state.apply(1, Side::First, &mv("a")).is_err());
        assert!(matches!(
            state.apply(2, Side::First, &mv("c")),
            Err(FoldError::Move { .. })
        ));
        assert!(matches!(
            state.apply(2, Side::First, &mv("z")),
            Err(FoldError::Move { .. })
        ));
        assert_eq!(state, before);

        state
            .apply(2, Side::Second, &Event::NewRoundProposed)
            .expect("asked");
        assert_eq!(state.new_round_proposed_by, Some(Side::Second));
        state
            .apply(3, Side::First, &Event::NewRoundDeclined)
            .expect("declined");
        assert_eq!(
            (state.new_round_proposed_by, state.new_round_answer),
            (None, Some(NewRoundAnswer::Declined { by: Side::First }))
        );
        state
            .apply(4, Side::First, &Event::NewRoundProposed)
            .expect("asked");
        state
            .apply(5, Side::Second, &Event::NewRoundStarted { round: 2 })
            .expect("agreed");
        assert_eq!((state.round, state.record.len()), (2, 0));
        assert_eq!(
            (state.new_round_proposed_by, state.new_round_answer),
            (None, None)
        );

        state
            .apply(6, Side::Second, &Event::NewRoundProposed)
            .expect("asked");
        state.apply(7, Side::Second, &Event::Left).expect("left");
        assert_eq!(state.seats, [SeatStatus::Connected, SeatStatus::Open]);
        assert_eq!(
            state.new_round_proposed_by, None,
            "the leaver's request goes with them"
        );
        assert_eq!(state.seq, 7);
    }
}
