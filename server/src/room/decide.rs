//! The pure room: its state, and the step that decides what a client's message does to it.
//!
//! [`Room::decide`] looks at the room and a seat's message and answers with the event it would
//! confirm (and the room that event leads to) or with the refusal to send back; it changes
//! nothing. The owner stores the event and only then [adopts](Room::adopt) the decided room, so
//! a failed write leaves the room exactly as it was and there is nothing to undo.

use std::collections::{HashMap, HashSet};

use cozcade_engine::{AnyRecord, GameKind};
use cozcade_protocol::{
    ActionId, ClientMessage, ErrorCode, Event, FoldError, RoomId, RoomState, Seat, SeatKey,
    SeatStatus, ServerMessage,
};

use crate::{secret::KeyHash, store::StoredRoom};

/// Most missed events replayed to a reconnecting client; beyond that it gets a full sync.
const MAX_REPLAY: u64 = 200;

/// The action ids remembered, per room: those of the last this many events. A resend of an
/// older action is refused as `stale` rather than `duplicate` (it was built on a number the
/// room has left behind), which changes nothing either; remembering every id would let one
/// room's memory grow with every action.
pub const ACTION_IDS_KEPT: u64 = 512;

/// Most actions a room stores unless told otherwise ([`Room::with_max_events`]).
pub const DEFAULT_MAX_EVENTS: u64 = 10_000;

/// A confirmed event as kept in memory for replays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Logged {
    pub seq: u64,
    pub by: Seat,
    pub action_id: Option<ActionId>,
    pub event: Event,
}

impl Logged {
    pub fn message(&self) -> ServerMessage {
        ServerMessage::Event {
            seq: self.seq,
            by: self.by,
            action_id: self.action_id.clone(),
            event: self.event.clone(),
        }
    }
}

/// Why a message was refused; it becomes an `error` message to the sender.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
    pub action_id: Option<ActionId>,
    /// The sequence number the refusal refers to (the earlier one for a duplicate, the room's
    /// for a stale action).
    pub seq: Option<u64>,
}

impl Refusal {
    fn new(code: ErrorCode, message: impl Into<String>, action_id: Option<&ActionId>) -> Self {
        Refusal {
            code,
            message: message.into(),
            action_id: action_id.cloned(),
            seq: None,
        }
    }

    pub fn to_message(&self) -> ServerMessage {
        ServerMessage::Error {
            code: self.code,
            message: self.message.clone(),
            action_id: self.action_id.clone(),
            seq: self.seq,
        }
    }
}

/// What a message does, when it is not refused.
#[derive(Debug)]
pub enum Decision {
    /// Confirm this event (once stored).
    Confirm(Logged),
    /// Send the sender the whole room (`resync`); nothing changes.
    Sync,
}

/// One room's confirmed state: everything the store holds about it, rebuilt in memory.
#[derive(Clone, Debug)]
pub struct Room {
    /// What both ends know of the room, folded from its events by the protocol's one fold
    /// ([`RoomState::apply`], the step each client takes too). Its seats say only open or
    /// held: whether a connection holds a seat is the owner's to say ([`Room::state`]).
    pub state: RoomState,
    /// Sequence number of the current round's `new_round_started` event (0 in round 1).
    pub round_start_seq: u64,
    /// The last events of the current round (its start event included while it is among
    /// them): enough to replay what a reconnecting client missed.
    pub log: Vec<Logged>,
    /// The action ids applied in the last [`ACTION_IDS_KEPT`] events at least, per seat, with
    /// the sequence number each got.
    pub action_ids: HashMap<(Seat, ActionId), u64>,
    pub seat_key_hashes: [Option<KeyHash>; 2],
    /// Keys their players replaced: a hello with one is told so, not that it never held a seat.
    pub retired_key_hashes: HashSet<KeyHash>,
    /// Once `seq` reaches this, every action is refused (`room_exhausted`).
    pub max_events: u64,
}

/// Why a stored room could not be rebuilt.
#[derive(Debug, thiserror::Error)]
#[error(
    "room {}: stored event #{seq} does not replay: {why}",
    crate::secret::Redacted(room)
)]
pub struct ReplayError {
    room: String,
    seq: u64,
    why: String,
}

impl Room {
    /// A room nobody has acted in yet.
    pub fn new(id: RoomId, game: GameKind, seat_key_hashes: [Option<KeyHash>; 2]) -> Room {
        let mut state = RoomState::new(id, game);
        state.seats = seat_key_hashes.map(|hash| match hash {
            Some(_) => SeatStatus::Away,
            None => SeatStatus::Open,
        });
        Room {
            state,
            round_start_seq: 0,
            log: Vec::new(),
            action_ids: HashMap::new(),
            seat_key_hashes,
            retired_key_hashes: HashSet::new(),
            max_events: DEFAULT_MAX_EVENTS,
        }
    }

    pub fn id(&self) -> &RoomId {
        &self.state.room
    }

    pub fn game(&self) -> GameKind {
        self.state.game()
    }

    /// The last confirmed sequence number.
    pub fn seq(&self) -> u64 {
        self.state.seq
    }

    /// The current round's game.
    pub fn record(&self) -> &AnyRecord {
        &self.state.record
    }

    /// The same room, storing at most `max_events` actions.
    pub fn with_max_events(mut self, max_events: u64) -> Room {
        self.max_events = max_events;
        self
    }

    /// Rebuilds a room from its stored events, each folded as [`Room::adopt`] folds it when
    /// it is confirmed.
    pub fn from_stored(id: RoomId, stored: StoredRoom) -> Result<Room, ReplayError> {
        let mut room = Room::new(id, stored.game, stored.seat_key_hashes);
        room.retired_key_hashes = stored.retired_key_hashes.into_iter().collect();
        for event in stored.events {
            let logged = Logged {
                seq: event.seq,
                by: event.seat,
                action_id: event.action_id,
                event: event.event,
            };
            room.adopt(logged).map_err(|e| ReplayError {
                room: room.state.room.to_string(),
                seq: event.seq,
                why: e.to_string(),
            })?;
        }
        Ok(room)
    }

    /// The seat whose key hashes to `hash`, if any.
    pub fn seat_of(&self, hash: &KeyHash) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|s| self.seat_key_hashes[s.index()].as_ref() == Some(hash))
    }

    /// Whether `hash` is a key its seat's player replaced.
    pub fn is_retired(&self, hash: &KeyHash) -> bool {
        self.retired_key_hashes.contains(hash)
    }

    /// Gives `seat` the key that hashes to `new` (once its `seat_key_replaced` is stored);
    /// the old key is kept as retired.
    pub fn replace_key(&mut self, seat: Seat, new: KeyHash) {
        if let Some(old) = self.seat_key_hashes[seat.index()].replace(new) {
            self.retired_key_hashes.insert(old);
        }
    }

    /// The seat a newcomer without a key gets: the guest seat first, the creator's only if its
    /// player left.
    pub fn open_seat(&self) -> Option<Seat> {
        [Seat::Second, Seat::First]
            .into_iter()
            .find(|s| self.seat_key_hashes[s.index()].is_none())
    }

    /// Decides what `message` from `seat` does. Pure: the room is not changed.
    pub fn decide(&self, seat: Seat, message: &ClientMessage) -> Result<Decision, Refusal> {
        let (action_id, based_on) = match message {
            ClientMessage::Move { action_id, seq, .. }
            | ClientMessage::NewRound { action_id, seq }
            | ClientMessage::DeclineNewRound { action_id, seq }
            | ClientMessage::WithdrawNewRound { action_id, seq } => (action_id, Some(*seq)),
            ClientMessage::Leave { action_id }
            | ClientMessage::ReplaceSeatKey { action_id, .. } => (action_id, None),
            ClientMessage::Resync {} => return Ok(Decision::Sync),
            // The connection answers pings itself; one that got here changes nothing.
            ClientMessage::Ping {} => {
                return Err(Refusal::new(
                    ErrorCode::Malformed,
                    "a ping is answered by the connection, not the room",
                    None,
                ));
            }
            ClientMessage::Hello { .. } => {
                return Err(Refusal::new(
                    ErrorCode::ExpectedHello,
                    "hello only once per connection",
                    None,
                ));
            }
        };
        if let Some(&earlier) = self.action_ids.get(&(seat, action_id.clone())) {
            return Err(Refusal {
                seq: Some(earlier),
                ..Refusal::new(
                    ErrorCode::Duplicate,
                    format!("action {action_id} was already applied as #{earlier}"),
                    Some(action_id),
                )
            });
        }
        if self.state.seq >= self.max_events {
            return Err(Refusal::new(
                ErrorCode::RoomExhausted,
                format!(
                    "this room holds {} actions, the most a room may: play on in a new room",
                    self.max_events
                ),
                Some(action_id),
            ));
        }
        if let Some(based_on) = based_on
            && based_on != self.state.seq
        {
            return Err(Refusal {
                seq: Some(self.state.seq),
                ..Refusal::new(
                    ErrorCode::Stale,
                    format!(
                        "this action was built on #{based_on}, but the room is at #{}",
                        self.state.seq
                    ),
                    Some(action_id),
                )
            });
        }
        let event = match message {
            ClientMessage::Move { mv, .. } => {
                let record = self.record();
                if record.outcome().is_none() && record.turn() != seat {
                    return Err(Refusal::new(
                        ErrorCode::NotYourTurn,
                        "it is the other player's turn",
                        Some(action_id),
                    ));
                }
                // Read as a legal move here, and stored in the notation's own spelling; the
                // room's game changes only once the move is stored, in `adopt`.
                match record.parse_move(mv) {
                    Ok(canonical) => Event::Move {
                        mv: canonical.to_string(),
                    },
                    Err(e) => {
                        return Err(Refusal::new(
                            ErrorCode::IllegalMove,
                            e.to_string(),
                            Some(action_id),
                        ));
                    }
                }
            }
            ClientMessage::NewRound { .. } => {
                let other = seat.other();
                if self.state.new_round_proposed_by == Some(seat) {
                    return Err(Refusal::new(
                        ErrorCode::AlreadyProposed,
                        "you already asked for a new round; waiting for the other player",
                        Some(action_id),
                    ));
                }
                // Consent is needed only from a player who holds the other seat.
                let other_seated = self.seat_key_hashes[other.index()].is_some();
                if !other_seated || self.state.new_round_proposed_by == Some(other) {
                    Event::NewRoundStarted {
                        round: self.state.round.saturating_add(1),
                    }
                } else {
                    Event::NewRoundProposed
                }
            }
            ClientMessage::Leave { .. } => Event::Left,
            ClientMessage::ReplaceSeatKey { seat_key, .. } => {
                if !seat_key.may_replace() {
                    return Err(Refusal::new(
                        ErrorCode::BadSeatKey,
                        format!(
                            "a new seat key needs at least {} characters",
                            SeatKey::MIN_NEW_LEN
                        ),
                        Some(action_id),
                    ));
                }
                let hash = crate::secret::hash_key(seat_key);
                if self.seat_of(&hash).is_some() || self.is_retired(&hash) {
                    return Err(Refusal::new(
                        ErrorCode::BadSeatKey,
                        "this key was already used in this room; make a new one",
                        Some(action_id),
                    ));
                }
                Event::SeatKeyReplaced
            }
            // -- Answering a request for a new round other than by agreeing --
            ClientMessage::DeclineNewRound { .. } => {
                if self.state.new_round_proposed_by != Some(seat.other()) {
                    return Err(Refusal::new(
                        ErrorCode::NoNewRoundRequest,
                        "the other player has not asked for a new round",
                        Some(action_id),
                    ));
                }
                Event::NewRoundDeclined
            }
            ClientMessage::WithdrawNewRound { .. } => {
                if self.state.new_round_proposed_by != Some(seat) {
                    return Err(Refusal::new(
                        ErrorCode::NoNewRoundRequest,
                        "you have not asked for a new round",
                        Some(action_id),
                    ));
                }
                Event::NewRoundWithdrawn
            }
            // Answered before the checks above; listed so that a new message kind must be
            // decided here.
            ClientMessage::Resync {} | ClientMessage::Hello { .. } | ClientMessage::Ping {} => {
                return Ok(Decision::Sync);
            }
        };
        let logged = Logged {
            seq: self.state.seq + 1,
            by: seat,
            action_id: Some(action_id.clone()),
            event,
        };
        Ok(Decision::Confirm(logged))
    }

    /// Takes on a stored event: the protocol's fold gives the room's state after it, and the
    /// room keeps what only the server needs (the replay log, the action ids, the seats' keys).
    /// An event [`Room::decide`] gave always folds; on error (a stored event that does not
    /// follow, or a move that does not fit) nothing changes.
    pub fn adopt(&mut self, logged: Logged) -> Result<(), FoldError> {
        self.state.apply(logged.seq, logged.by, &logged.event)?;
        if let Some(id) = &logged.action_id {
            self.action_ids.insert((logged.by, id.clone()), logged.seq);
            // Pruned in one sweep once twice as many are kept, so each action costs O(1).
            if self.action_ids.len() as u64 > 2 * ACTION_IDS_KEPT {
                let oldest_kept = logged.seq.saturating_sub(ACTION_IDS_KEPT);
                self.action_ids.retain(|_, seq| *seq > oldest_kept);
            }
        }
        match &logged.event {
            Event::NewRoundStarted { .. } => {
                self.round_start_seq = logged.seq;
                self.log.clear();
            }
            Event::Left => self.seat_key_hashes[logged.by.index()] = None,
            // The new key is not in the event (it goes to both players): the room's owner
            // gives it with `replace_key`, and a stored room reads it from the room's row.
            Event::SeatKeyReplaced
            | Event::Move { .. }
            | Event::NewRoundProposed
            | Event::NewRoundDeclined
            | Event::NewRoundWithdrawn => {}
        }
        self.log.push(logged);
        // A replay goes back at most MAX_REPLAY events: older ones need not be kept.
        if self.log.len() as u64 > 2 * MAX_REPLAY {
            let drop = self.log.len() - MAX_REPLAY as usize;
            self.log.drain(..drop);
        }
        Ok(())
    }

    /// A seat's status, given whether a connection holds it.
    pub fn status(&self, seat: Seat, connected: bool) -> SeatStatus {
        if self.seat_key_hashes[seat.index()].is_none() {
            SeatStatus::Open
        } else if connected {
            SeatStatus::Connected
        } else {
            SeatStatus::Away
        }
    }

    /// The whole room, for a `sync`; `connected` is indexed by seat.
    pub fn state(&self, connected: [bool; 2]) -> RoomState {
        RoomState {
            seats: [
                self.status(Seat::First, connected[0]),
                self.status(Seat::Second, connected[1]),
            ],
            ..self.state.clone()
        }
    }

    /// Whether a client that has everything up to `last_seq` can catch up by replay.
    pub fn can_replay_from(&self, last_seq: u64) -> bool {
        last_seq <= self.state.seq
            && self.state.seq - last_seq <= MAX_REPLAY
            && last_seq + 1 >= self.round_start_seq.max(1)
    }

    /// The events after `last_seq` (when [`Room::can_replay_from`] said yes).
    pub fn events_after(&self, last_seq: u64) -> impl Iterator<Item = ServerMessage> + '_ {
        self.log
            .iter()
            .filter(move |e| e.seq > last_seq)
            .map(Logged::message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CREATOR: KeyHash = [1; 32];
    const GUEST: KeyHash = [2; 32];

    fn kalah(seats: [Option<KeyHash>; 2]) -> Room {
        Room::new(
            "3f9c2a71d04be85e6a10".parse().expect("well formed"),
            GameKind::Kalah,
            seats,
        )
    }

    fn both_seated() -> Room {
        kalah([Some(CREATOR), Some(GUEST)])
    }

    fn play(id: &str, seq: u64, mv: &str) -> ClientMessage {
        ClientMessage::Move {
            action_id: id.parse().expect("well formed"),
            seq,
            mv: mv.into(),
        }
    }

    fn new_round(id: &str, seq: u64) -> ClientMessage {
        ClientMessage::NewRound {
            action_id: id.parse().expect("well formed"),
            seq,
        }
    }

    /// Decides and, when confirmed, adopts (as the owner does after a successful write).
    fn act(room: &mut Room, seat: Seat, message: &ClientMessage) -> Result<Event, Refusal> {
        match room.decide(seat, message)? {
            Decision::Confirm(logged) => {
                let event = logged.event.clone();
                room.adopt(logged).expect("a decided event folds");
                Ok(event)
            }
            Decision::Sync => panic!("{message:?} is not a sync"),
        }
    }

    /// Checks the refusal's code and that deciding changed nothing.
    fn refused(room: &Room, seat: Seat, message: &ClientMessage, code: ErrorCode) -> Refusal {
        let before = (
            room.state.seq,
            room.state.record.clone(),
            room.state.new_round_proposed_by,
            room.log.len(),
        );
        let refusal = match room.decide(seat, message) {
            Err(refusal) => refusal,
            Ok(decision) => panic!("{message:?} was not refused: {decision:?}"),
        };
        assert_eq!(refusal.code, code, "{refusal:?}");
        let after = (
            room.state.seq,
            room.state.record.clone(),
            room.state.new_round_proposed_by,
            room.log.len(),
        );
        assert_eq!(before, after, "a refusal changes nothing");
        refusal
    }

    #[test]
    fn a_move_is_decided_without_changing_the_room_then_adopted() {
        let mut room = both_seated();
        let Ok(Decision::Confirm(logged)) = room.decide(Seat::First, &play("a1", 0, "c")) else {
            panic!("the move is legal")
        };
        assert_eq!(room.state.seq, 0);
        assert!(
            room.state.record.is_empty(),
            "the room's game waits for the store"
        );
        assert_eq!(logged.seq, 1);
        assert_eq!(logged.event, Event::Move { mv: "c".into() });
        room.adopt(logged).expect("a decided event folds");
        assert_eq!(room.state.seq, 1);
        assert_eq!(room.state.record.move_texts(), ["c"]);
        assert_eq!(
            room.action_ids
                .get(&(Seat::First, "a1".parse().expect("an action id"))),
            Some(&1)
        );
    }

    #[test]
    fn a_second_hello_is_refused() {
        let hello = ClientMessage::Hello {
            version: 1,
            room: "3f9c2a71d04be85e6a10".parse().expect("well formed"),
            seat_key: None,
            last_seq: None,
        };
        refused(
            &both_seated(),
            Seat::First,
            &hello,
            ErrorCode::ExpectedHello,
        );
    }

    #[test]
    fn resync_is_a_sync() {
        assert!(matches!(
            both_seated().decide(Seat::Second, &ClientMessage::Resync {}),
            Ok(Decision::Sync)
        ));
    }

    #[test]
    fn a_repeated_action_id_is_a_duplicate_naming_its_number() {
        let mut room = both_seated();
        // Sowing pit a does not end in the store: the turn passes.
        act(&mut room, Seat::First, &play("a1", 0, "a")).expect("legal");
        let refusal = refused(
            &room,
            Seat::First,
            &play("a1", 0, "c"),
            ErrorCode::Duplicate,
        );
        assert_eq!(refusal.seq, Some(1));
        assert_eq!(refusal.action_id.as_ref().map(ActionId::as_str), Some("a1"));
        // Ids are per seat: the other player may use the same one.
        assert!(room.decide(Seat::Second, &play("a1", 1, "a")).is_ok());
    }

    #[test]
    fn an_action_on_an_old_number_is_stale_naming_the_current_one() {
        let mut room = both_seated();
        act(&mut room, Seat::First, &play("a1", 0, "c")).expect("legal");
        let refusal = refused(&room, Seat::Second, &play("b1", 0, "a"), ErrorCode::Stale);
        assert_eq!(refusal.seq, Some(1));
        refused(&room, Seat::Second, &new_round("b2", 0), ErrorCode::Stale);
        refused(&room, Seat::Second, &play("b3", 7, "a"), ErrorCode::Stale);
    }

    #[test]
    fn only_the_player_to_move_may_move() {
        let room = both_seated();
        refused(
            &room,
            Seat::Second,
            &play("b1", 0, "a"),
            ErrorCode::NotYourTurn,
        );
    }

    #[test]
    fn the_engine_refuses_illegal_moves_and_moves_after_the_end() {
        let mut room = both_seated();
        let refusal = refused(
            &room,
            Seat::First,
            &play("a1", 0, "z"),
            ErrorCode::IllegalMove,
        );
        assert!(!refusal.message.is_empty());
        // Play a whole game through the decide step, then try once more.
        let mut seq = 0;
        while room.state.record.outcome().is_none() {
            let seat = room.state.record.turn();
            let mv = room.state.record.legal_move_texts()[0].clone();
            act(&mut room, seat, &play(&format!("m{seq}"), seq, &mv)).expect("legal");
            seq += 1;
        }
        refused(
            &room,
            Seat::First,
            &play("late", seq, "a"),
            ErrorCode::IllegalMove,
        );
        refused(
            &room,
            Seat::Second,
            &play("late", seq, "a"),
            ErrorCode::IllegalMove,
        );
    }

    #[test]
    fn a_new_round_needs_both_players_once_the_guest_is_seated() {
        let mut room = both_seated();
        assert_eq!(
            act(&mut room, Seat::First, &new_round("a1", 0)),
            Ok(Event::NewRoundProposed)
        );
        refused(
            &room,
            Seat::First,
            &new_round("a2", 1),
            ErrorCode::AlreadyProposed,
        );
        assert_eq!(
            act(&mut room, Seat::Second, &new_round("b1", 1)),
            Ok(Event::NewRoundStarted { round: 2 })
        );
        assert_eq!(
            (
                room.state.round,
                room.state.new_round_proposed_by,
                room.round_start_seq
            ),
            (2, None, 2)
        );
    }

    #[test]
    fn alone_a_new_round_starts_at_once() {
        let mut room = kalah([Some(CREATOR), None]);
        act(&mut room, Seat::First, &play("a1", 0, "c")).expect("legal");
        assert_eq!(
            act(&mut room, Seat::First, &new_round("a2", 1)),
            Ok(Event::NewRoundStarted { round: 2 })
        );
        assert!(room.state.record.is_empty());
    }

    fn decline(id: &str, seq: u64) -> ClientMessage {
        ClientMessage::DeclineNewRound {
            action_id: id.parse().expect("well formed"),
            seq,
        }
    }

    fn withdraw(id: &str, seq: u64) -> ClientMessage {
        ClientMessage::WithdrawNewRound {
            action_id: id.parse().expect("well formed"),
            seq,
        }
    }

    #[test]
    fn the_asked_player_may_decline_and_the_round_goes_on() {
        let mut room = both_seated();
        act(&mut room, Seat::First, &play("a1", 0, "a")).expect("legal");
        act(&mut room, Seat::Second, &new_round("b1", 1)).expect("proposed");
        // The asker cannot decline its own request, nor can anyone decline on an old number.
        refused(
            &room,
            Seat::Second,
            &decline("b2", 2),
            ErrorCode::NoNewRoundRequest,
        );
        let stale = refused(&room, Seat::First, &decline("a2", 1), ErrorCode::Stale);
        assert_eq!(stale.seq, Some(2));
        assert_eq!(
            act(&mut room, Seat::First, &decline("a2", 2)),
            Ok(Event::NewRoundDeclined)
        );
        assert_eq!(
            (
                room.state.seq,
                room.state.new_round_proposed_by,
                room.state.round
            ),
            (3, None, 1)
        );
        assert_eq!(room.state.record.move_texts(), ["a"], "the game goes on");
        // Once declined there is nothing left to decline or withdraw; the same id again is a
        // duplicate naming its number.
        refused(
            &room,
            Seat::First,
            &decline("a3", 3),
            ErrorCode::NoNewRoundRequest,
        );
        refused(
            &room,
            Seat::Second,
            &withdraw("b3", 3),
            ErrorCode::NoNewRoundRequest,
        );
        let again = refused(&room, Seat::First, &decline("a2", 3), ErrorCode::Duplicate);
        assert_eq!(again.seq, Some(3));
        // The friend may ask again, and this time it can be accepted.
        act(&mut room, Seat::Second, &new_round("b4", 3)).expect("proposed again");
        assert_eq!(
            act(&mut room, Seat::First, &new_round("a4", 4)),
            Ok(Event::NewRoundStarted { round: 2 })
        );
    }

    #[test]
    fn the_asker_may_withdraw_and_the_other_then_cannot_accept_it() {
        let mut room = both_seated();
        refused(
            &room,
            Seat::First,
            &withdraw("a0", 0),
            ErrorCode::NoNewRoundRequest,
        );
        act(&mut room, Seat::First, &new_round("a1", 0)).expect("proposed");
        // Only the asker withdraws; the other player declines instead.
        refused(
            &room,
            Seat::Second,
            &withdraw("b1", 1),
            ErrorCode::NoNewRoundRequest,
        );
        refused(&room, Seat::First, &withdraw("a2", 0), ErrorCode::Stale);
        assert_eq!(
            act(&mut room, Seat::First, &withdraw("a2", 1)),
            Ok(Event::NewRoundWithdrawn)
        );
        assert_eq!(
            (room.state.seq, room.state.new_round_proposed_by),
            (2, None)
        );
        // An agreement built on the request's number is stale now, and a fresh new_round from
        // the other player is a request of its own, not an agreement.
        refused(&room, Seat::Second, &new_round("b2", 1), ErrorCode::Stale);
        assert_eq!(
            act(&mut room, Seat::Second, &new_round("b2", 2)),
            Ok(Event::NewRoundProposed)
        );
        assert_eq!(room.state.round, 1);
    }

    #[test]
    fn a_declined_or_withdrawn_request_stays_answered_after_a_restart() {
        let mut room = both_seated();
        act(&mut room, Seat::First, &new_round("a1", 0)).expect("proposed");
        act(&mut room, Seat::Second, &decline("b1", 1)).expect("declined");
        act(&mut room, Seat::Second, &new_round("b2", 2)).expect("proposed");
        act(&mut room, Seat::Second, &withdraw("b3", 3)).expect("withdrawn");
        let stored = StoredRoom {
            id: room.id().to_string(),
            game: room.game(),
            seat_key_hashes: room.seat_key_hashes,
            retired_key_hashes: Vec::new(),
            last_active: 0,
            events: room
                .log
                .iter()
                .map(|l| crate::store::StoredEvent {
                    seq: l.seq,
                    seat: l.by,
                    action_id: l.action_id.clone(),
                    event: l.event.clone(),
                    at: 0,
                })
                .collect(),
        };
        let rebuilt = Room::from_stored(room.id().clone(), stored).expect("replays");
        assert_eq!(
            (rebuilt.state.seq, rebuilt.state.new_round_proposed_by),
            (4, None)
        );
        // The answers are in the replay a reconnecting client gets, and their ids stay used.
        let kinds: Vec<Event> = rebuilt.log.iter().map(|l| l.event.clone()).collect();
        assert_eq!(kinds[1], Event::NewRoundDeclined);
        assert_eq!(kinds[3], Event::NewRoundWithdrawn);
        refused(
            &rebuilt,
            Seat::Second,
            &decline("b1", 4),
            ErrorCode::Duplicate,
        );
    }

    #[test]
    fn a_seat_key_is_replaced_by_a_long_fresh_one_and_the_old_one_is_retired() {
        let mut room = both_seated();
        let replace = |id: &str, key: &str| ClientMessage::ReplaceSeatKey {
            action_id: id.parse().expect("well formed"),
            seat_key: key.parse().expect("well formed"),
        };
        refused(
            &room,
            Seat::Second,
            &replace("r1", "short"),
            ErrorCode::BadSeatKey,
        );
        let fresh = "0123456789abcdef0123456789abcdef";
        let Ok(Decision::Confirm(logged)) = room.decide(Seat::Second, &replace("r2", fresh)) else {
            panic!("a long fresh key is taken");
        };
        assert_eq!(logged.event, Event::SeatKeyReplaced);
        // Deciding changed nothing: the old key still holds the seat until it is stored.
        assert_eq!(room.seat_of(&GUEST), Some(Seat::Second));
        room.adopt(logged).expect("folds");
        let new = crate::secret::hash_key(&fresh.parse().expect("well formed"));
        room.replace_key(Seat::Second, new);
        assert_eq!(room.seat_of(&new), Some(Seat::Second));
        assert_eq!(room.seat_of(&GUEST), None);
        assert!(room.is_retired(&GUEST));
        // The game goes on as it was, and the same key cannot come back.
        assert_eq!(room.seq(), 1);
        refused(
            &room,
            Seat::Second,
            &replace("r3", fresh),
            ErrorCode::BadSeatKey,
        );
        // Read back from the store, the retired key stays retired.
        let mut kept = stored(&room, &room.log);
        kept.seat_key_hashes = room.seat_key_hashes;
        let rebuilt = Room::from_stored(room.id().clone(), kept).expect("replays");
        assert_eq!(rebuilt.seat_of(&new), Some(Seat::Second));
        assert!(rebuilt.is_retired(&GUEST));
    }

    /// The room as `from_stored` reads it back from its log.
    fn stored(room: &Room, events: &[Logged]) -> StoredRoom {
        StoredRoom {
            id: room.id().to_string(),
            game: room.game(),
            seat_key_hashes: [Some(CREATOR), Some(GUEST)],
            retired_key_hashes: room.retired_key_hashes.iter().copied().collect(),
            last_active: 0,
            events: events
                .iter()
                .map(|l| crate::store::StoredEvent {
                    seq: l.seq,
                    seat: l.by,
                    action_id: l.action_id.clone(),
                    event: l.event.clone(),
                    at: 0,
                })
                .collect(),
        }
    }

    #[test]
    fn the_room_and_a_client_fold_the_same_events_to_the_same_state() {
        // Moves, a request declined, a round started, a leave: after each event the server's
        // room, a client folding what it was sent, and the room rebuilt from the store agree.
        let mut room = both_seated();
        let mut client = room.state([true, true]);
        let mut all = Vec::new();
        let mut turn = |room: &mut Room, seat: Seat, message: ClientMessage| {
            let Ok(Decision::Confirm(logged)) = room.decide(seat, &message) else {
                panic!("{message:?} is confirmed");
            };
            client
                .apply(logged.seq, logged.by, &logged.event)
                .expect("the client folds what the server confirmed");
            all.push(logged.clone());
            room.adopt(logged).expect("a decided event folds");
            assert_eq!(room.state([true, true]), client, "after {message:?}");
            assert_eq!(
                Room::from_stored(room.id().clone(), stored(room, &all))
                    .expect("replays")
                    .state([true, true]),
                client
            );
        };
        turn(&mut room, Seat::First, play("a1", 0, "c"));
        turn(&mut room, Seat::First, play("a2", 1, "f"));
        turn(&mut room, Seat::Second, new_round("b1", 2));
        turn(&mut room, Seat::First, decline("a3", 3));
        turn(&mut room, Seat::Second, play("b2", 4, "b"));
        turn(&mut room, Seat::First, new_round("a4", 5));
        turn(&mut room, Seat::Second, new_round("b3", 6));
        turn(&mut room, Seat::First, play("a5", 7, "a"));
        turn(
            &mut room,
            Seat::Second,
            ClientMessage::Leave {
                action_id: "b4".parse().expect("well formed"),
            },
        );
        assert_eq!(room.state.round, 2);
        assert_eq!(room.state.record.move_texts(), ["a"]);
    }

    #[test]
    fn a_stored_room_whose_events_do_not_fold_is_refused_with_the_event() {
        let mut room = both_seated();
        act(&mut room, Seat::First, &play("a1", 0, "c")).expect("played");
        let mut events = room.log.clone();
        // Gold c ends in gold's store: gold moves again, and c is now empty.
        events.push(Logged {
            seq: 2,
            by: Seat::First,
            action_id: Some("a2".parse().expect("well formed")),
            event: Event::Move { mv: "c".into() },
        });
        let error =
            Room::from_stored(room.id().clone(), stored(&room, &events)).expect_err("c is empty");
        assert!(error.to_string().contains("#2"), "{error}");
        events.pop();
        events.push(Logged {
            seq: 3,
            by: Seat::First,
            action_id: Some("a2".parse().expect("well formed")),
            event: Event::NewRoundProposed,
        });
        let error =
            Room::from_stored(room.id().clone(), stored(&room, &events)).expect_err("a gap");
        assert!(error.to_string().contains("#3"), "{error}");
    }

    #[test]
    fn leaving_opens_the_seat_and_withdraws_a_request() {
        let mut room = both_seated();
        act(&mut room, Seat::Second, &new_round("b1", 0)).expect("proposed");
        let leave = ClientMessage::Leave {
            action_id: "b2".parse().expect("well formed"),
        };
        assert_eq!(act(&mut room, Seat::Second, &leave), Ok(Event::Left));
        assert_eq!(room.seat_key_hashes[1], None);
        assert_eq!(room.state.new_round_proposed_by, None);
        assert_eq!(room.open_seat(), Some(Seat::Second));
        assert_eq!(room.status(Seat::Second, false), SeatStatus::Open);
    }

    #[test]
    fn seats_go_to_their_keys_and_a_full_room_has_no_open_seat() {
        let room = both_seated();
        assert_eq!(room.seat_of(&CREATOR), Some(Seat::First));
        assert_eq!(room.seat_of(&GUEST), Some(Seat::Second));
        assert_eq!(room.seat_of(&[3; 32]), None, "bad_seat_key");
        assert_eq!(room.open_seat(), None, "room_full");
        assert_eq!(kalah([Some(CREATOR), None]).open_seat(), Some(Seat::Second));
        assert_eq!(kalah([None, Some(GUEST)]).open_seat(), Some(Seat::First));
    }

    #[test]
    fn a_room_full_of_actions_refuses_every_action_and_changes_nothing() {
        let mut room = kalah([Some(CREATOR), None]).with_max_events(2);
        act(&mut room, Seat::First, &new_round("a1", 0)).expect("a round");
        act(&mut room, Seat::First, &new_round("a2", 1)).expect("a round");
        refused(
            &room,
            Seat::First,
            &new_round("a3", 2),
            ErrorCode::RoomExhausted,
        );
        refused(
            &room,
            Seat::First,
            &play("a4", 2, "c"),
            ErrorCode::RoomExhausted,
        );
        // A resend of what was applied is still told apart.
        refused(
            &room,
            Seat::First,
            &new_round("a2", 1),
            ErrorCode::Duplicate,
        );
    }

    #[test]
    fn action_ids_and_the_replay_log_stay_bounded_however_long_a_round() {
        let mut room = both_seated();
        // Ask and withdraw, over and over: one round that never ends.
        for seq in 0..2000_u64 {
            let message = if seq % 2 == 0 {
                new_round(&format!("a{seq}"), seq)
            } else {
                withdraw(&format!("a{seq}"), seq)
            };
            act(&mut room, Seat::First, &message).expect("applied");
        }
        assert!(room.action_ids.len() as u64 <= 2 * ACTION_IDS_KEPT + 1);
        assert!(room.log.len() as u64 <= 2 * MAX_REPLAY);
        // The recent ones are still known as duplicates, and a replay still works.
        refused(
            &room,
            Seat::First,
            &new_round("a1998", 1998),
            ErrorCode::Duplicate,
        );
        let forgotten = refused(&room, Seat::First, &new_round("a0", 0), ErrorCode::Stale);
        assert_eq!(forgotten.seq, Some(2000));
        assert!(room.can_replay_from(2000 - MAX_REPLAY));
        let replayed: Vec<u64> = room
            .events_after(2000 - MAX_REPLAY)
            .map(|m| match m {
                ServerMessage::Event { seq, .. } => seq,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(replayed, ((2001 - MAX_REPLAY)..=2000).collect::<Vec<_>>());
    }

    #[test]
    fn replay_is_limited_to_the_current_round_and_200_events() {
        let mut room = both_seated();
        act(&mut room, Seat::First, &play("a1", 0, "c")).expect("legal");
        assert!(room.can_replay_from(0) && room.can_replay_from(1));
        assert!(!room.can_replay_from(2), "a number the server never gave");
        assert_eq!(room.events_after(0).count(), 1);
        act(&mut room, Seat::First, &new_round("a2", 1)).expect("proposed");
        act(&mut room, Seat::Second, &new_round("b1", 2)).expect("started");
        assert!(!room.can_replay_from(1), "the round started after #1");
        assert!(room.can_replay_from(2));
    }
}
