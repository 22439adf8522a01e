//! The client side of the room protocol as a pure state machine.
//!
//! The transport feeds it what happens (the socket opened, a message arrived, the socket
//! closed) and what the player wants (a move, New round, leave); it answers with the messages
//! to send. It never touches a socket or a clock, so reconnects, resends, gaps and duplicates
//! are all unit-tested below.
//!
//! Moves are applied to the local record only when the server confirms them (an `event`): the
//! server is authoritative, and a move it refuses must not flicker onto the board.

use cozcade_engine::{AnyMove, AnyRecord, GameKind};

use crate::{
    ActionId, ClientMessage, CloseReason, ErrorCode, Event, PROTOCOL_VERSION, RoomId, RoomState,
    Seat, SeatKey, SeatStatus, ServerMessage,
};

/// The wire's answer type, which the client keeps as it is (here for the client's readers).
pub use crate::NewRoundAnswer;

/// Where the connection stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// A socket is being opened, or the hello is on its way.
    Connecting,
    /// The hello was accepted and the state is up to date (or being caught up).
    Connected,
    /// The socket dropped; the transport waits [`crate::backoff::reconnect_delay`]`(attempt)`
    /// and opens a new one.
    Reconnecting { attempt: u32 },
    /// The device says it has no network (the browser's `offline` event): no socket, and no
    /// attempts until it says it is back ([`OnlineClient::on_online`]), then one at once.
    Offline,
    /// No more reconnecting: the reason says why, and what to show.
    Stopped(Stop),
}

/// Why the client stopped for good. Each is a distinct screen for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Another device (or tab) with this seat key took the seat.
    Replaced,
    /// This player left the room.
    Left,
    /// Both seats are taken.
    RoomFull,
    /// No such room: never was, or expired and deleted.
    UnknownRoom,
    /// The room was deleted for inactivity while connected.
    RoomExpired,
    /// The stored seat key holds no seat here (it was given up).
    BadSeatKey,
    /// The seat's player replaced its key (a new personal link): this copy no longer works.
    SeatKeyReplaced,
    /// The server speaks another protocol version: the app needs an update.
    UnsupportedVersion,
    /// The server refused the hello for another reason (message as sent).
    Refused(String),
}

/// What the player sees of the game: the link plus whether the friend is there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    Connecting,
    /// Connected, but the friend has not joined yet (seat open) or dropped (away).
    WaitingForFriend,
    Playing,
    Reconnecting {
        attempt: u32,
    },
    /// The device has no network; the game waits for it.
    Offline,
    Stopped(Stop),
}

/// News of the friend, for a line on the screen until the next news replaces it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FriendNews {
    /// The friend took the open seat while this player was here (cleared by the first move).
    Joined,
    /// The friend gave up their seat; it is open again for whoever follows the invitation.
    Left,
}

/// An action refused by the server (nothing changed in the room).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
}

/// Why a player's intent was not sent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IntentError {
    #[error("the game state is not known yet")]
    NoState,
    #[error("an earlier action is still waiting for the server")]
    Busy,
    #[error("it is the other player's turn")]
    NotYourTurn,
    #[error("the round is over")]
    RoundOver,
    #[error("{0}")]
    IllegalMove(String),
    #[error("you already asked for a new round")]
    AlreadyProposed,
    #[error("there is no request for a new round to answer")]
    NoNewRoundRequest,
    #[error("the connection has stopped")]
    Stopped,
}

/// An action sent (or to be sent) and not yet confirmed by an event or refused.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Pending {
    action_id: ActionId,
    /// Sent again exactly as first sent (same id, same `seq`) after a reconnect.
    message: ClientMessage,
}

/// What the room confirmed, in order, for a reader that keeps its own copy of the room's
/// state (the app's board): a whole state, or the next event to fold into it with
/// [`RoomState::apply`]. Taken from the client with [`OnlineClient::take_updates`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomUpdate {
    /// The room's whole state (a sync): it replaces whatever the reader had.
    State(RoomState),
    /// Event number `seq`, caused by `by`, which follows the state sent before.
    Event { seq: u64, by: Seat, event: Event },
}

/// One player's connection to one room.
#[derive(Clone, Debug)]
pub struct OnlineClient {
    room: RoomId,
    seat_key: Option<SeatKey>,
    /// From the last welcome.
    seat: Option<Seat>,
    game: Option<GameKind>,
    /// Prefix of this client's action ids; unique per seat (random, chosen by the caller).
    id_prefix: String,
    next_action: u64,
    link: Link,
    /// Failed connections since the last welcome.
    attempts: u32,
    /// The room as confirmed by the server, folded event by event.
    known: Option<RoomState>,
    friend_news: Option<FriendNews>,
    /// At most one action in flight: the player decides again after each answer.
    pending: Option<Pending>,
    /// A `sync` is expected (announced by `welcome`, or asked for after a gap); events before it
    /// are ignored because the sync covers them.
    awaiting_sync: bool,
    /// After a welcome: the room's number then. Intents wait until we have caught up with it,
    /// and the pending action is resent at that moment.
    catch_up_to: Option<u64>,
    resend_due: bool,
    last_refusal: Option<Refusal>,
    /// What the room confirmed since the reader last took it.
    updates: Vec<RoomUpdate>,
    /// A key sent in `replace_seat_key` and not yet confirmed; it becomes the seat's key when
    /// the event comes, or when the old key is refused as replaced (the event was lost with
    /// the socket that sent it).
    replacing_key: Option<SeatKey>,
    /// The hello was refused only because the key it carried was replaced by us: the refusal's
    /// closing is no stop, the next connection says hello with the new key.
    hello_again: bool,
}

impl OnlineClient {
    /// A client for `room`; `seat_key` is the stored key, or `None` to take the guest seat.
    /// `id_prefix` makes action ids unique for this seat across app starts: a random text per
    /// seat, like the app's `online::connection::fresh_id_prefix` (cut to
    /// [`ActionId::MAX_PREFIX`] characters).
    pub fn new(room: RoomId, seat_key: Option<SeatKey>, id_prefix: String) -> Self {
        OnlineClient {
            room,
            seat_key,
            seat: None,
            game: None,
            id_prefix,
            next_action: 1,
            link: Link::Connecting,
            attempts: 0,
            known: None,
            friend_news: None,
            pending: None,
            awaiting_sync: false,
            catch_up_to: None,
            resend_due: false,
            last_refusal: None,
            updates: Vec::new(),
            replacing_key: None,
            hello_again: false,
        }
    }

    pub fn room(&self) -> &RoomId {
        &self.room
    }

    /// The seat key to store on the device (the guest's arrives in `welcome`).
    pub fn seat_key(&self) -> Option<&SeatKey> {
        self.seat_key.as_ref()
    }

    /// The key a `replace_seat_key` in flight will give the seat: to be kept with the seat
    /// until [`OnlineClient::seat_key`] is it.
    pub fn replacing_key(&self) -> Option<&SeatKey> {
        self.replacing_key.as_ref()
    }

    pub fn link(&self) -> &Link {
        &self.link
    }

    pub fn phase(&self) -> Phase {
        match &self.link {
            Link::Connecting => Phase::Connecting,
            Link::Reconnecting { attempt } => Phase::Reconnecting { attempt: *attempt },
            Link::Offline => Phase::Offline,
            Link::Stopped(stop) => Phase::Stopped(stop.clone()),
            Link::Connected if self.friend() == SeatStatus::Connected => Phase::Playing,
            Link::Connected => Phase::WaitingForFriend,
        }
    }

    /// The other seat's status, as the room last said.
    pub fn friend(&self) -> SeatStatus {
        match (&self.known, self.seat) {
            (Some(known), Some(seat)) => known.seats[seat.other().index()],
            _ => SeatStatus::Open,
        }
    }

    /// The latest news of the friend (joined, left), if any is worth showing.
    pub fn friend_news(&self) -> Option<FriendNews> {
        self.friend_news
    }

    pub fn seat(&self) -> Option<Seat> {
        self.seat
    }

    pub fn game(&self) -> Option<GameKind> {
        self.game
    }

    /// The current round's confirmed moves.
    pub fn record(&self) -> Option<&AnyRecord> {
        self.known.as_ref().map(|k| &k.record)
    }

    /// The room as confirmed so far, if the client has it.
    pub fn state(&self) -> Option<&RoomState> {
        self.known.as_ref()
    }

    /// What the room confirmed since the last call, in order: a reader that keeps a copy of
    /// the room's state (the app's board) folds these into it and never reads the client's.
    pub fn take_updates(&mut self) -> Vec<RoomUpdate> {
        std::mem::take(&mut self.updates)
    }

    /// The last sequence number applied.
    pub fn last_seq(&self) -> Option<u64> {
        self.known.as_ref().map(|k| k.seq)
    }

    pub fn round(&self) -> Option<u32> {
        self.known.as_ref().map(|k| k.round)
    }

    pub fn new_round_proposed_by(&self) -> Option<Seat> {
        self.known.as_ref().and_then(|k| k.new_round_proposed_by)
    }

    /// How the last request for a new round was turned down, if it was and nothing followed.
    pub fn new_round_answer(&self) -> Option<NewRoundAnswer> {
        self.known.as_ref().and_then(|k| k.new_round_answer)
    }

    /// True while an action waits for the server's answer.
    pub fn has_pending(&self) -> bool {
        self.pending.is_some()
    }

    /// The last refusal of one of this player's actions, for a message on screen.
    pub fn last_refusal(&self) -> Option<&Refusal> {
        self.last_refusal.as_ref()
    }

    /// True when it is this player's turn in an ongoing round.
    pub fn my_turn(&self) -> bool {
        match (&self.known, self.seat) {
            (Some(k), Some(seat)) => k.record.outcome().is_none() && k.record.turn() == seat,
            _ => false,
        }
    }

    /// A socket opened: say hello (with the last number we have, to get only what we missed).
    pub fn on_open(&mut self) -> Vec<ClientMessage> {
        if matches!(self.link, Link::Stopped(_)) {
            return Vec::new();
        }
        self.link = Link::Connecting;
        vec![ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            room: self.room.clone(),
            seat_key: self.seat_key.clone(),
            last_seq: self.last_seq(),
        }]
    }

    /// The device lost its network: whatever socket there was is gone, and no attempt is made
    /// until [`OnlineClient::on_online`]. What was in flight is resent after the next welcome.
    pub fn on_offline(&mut self) -> &Link {
        if !matches!(self.link, Link::Stopped(_)) {
            self.on_closed();
            self.link = Link::Offline;
        }
        &self.link
    }

    /// The device has a network again: the transport connects at once (no backoff wait).
    pub fn on_online(&mut self) -> &Link {
        if self.link == Link::Offline {
            self.link = Link::Reconnecting {
                attempt: self.attempts.max(1),
            };
        }
        &self.link
    }

    /// The socket closed (or failed to open). Unless stopped, the transport reconnects after
    /// `reconnect_delay(attempt)`; the returned link says which attempt is next.
    pub fn on_closed(&mut self) -> &Link {
        // Offline stays offline: a socket that fails then is no reason to count attempts.
        if !matches!(self.link, Link::Stopped(_) | Link::Offline) {
            // Attempts count since the last welcome, so a socket that opens but fails before
            // the hello is answered still backs off further.
            self.attempts = self.attempts.saturating_add(1);
            self.link = Link::Reconnecting {
                attempt: self.attempts,
            };
        }
        // A sync asked for on the old socket will not come; what was in flight is resent
        // after the next welcome.
        self.awaiting_sync = false;
        self.catch_up_to = None;
        self.resend_due = false;
        &self.link
    }

    /// A text frame arrived. Text that is no server message is ignored: the server is the
    /// authority, and a garbled frame must not crash or corrupt the game.
    pub fn on_text(&mut self, text: &str) -> Vec<ClientMessage> {
        match serde_json::from_str::<ServerMessage>(text) {
            Ok(message) => self.on_message(message),
            Err(_) => Vec::new(),
        }
    }

    /// A message arrived from the server.
    pub fn on_message(&mut self, message: ServerMessage) -> Vec<ClientMessage> {
        if matches!(self.link, Link::Stopped(_)) {
            return Vec::new();
        }
        match message {
            ServerMessage::Welcome {
                game,
                seat,
                seat_key,
                seq,
                resync,
                ..
            } => self.on_welcome(game, seat, seat_key, seq, resync),
            ServerMessage::Sync { state } => self.on_sync(state),
            ServerMessage::Event {
                seq,
                by,
                action_id,
                event,
            } => self.on_event(seq, by, action_id, event),
            ServerMessage::Presence { seat, status } => {
                if self.seat.is_some_and(|mine| mine != seat) {
                    // Told live: the seat was open and now has a player (a sync only says
                    // how things are, not what just happened).
                    if self.friend() == SeatStatus::Open && status == SeatStatus::Connected {
                        self.friend_news = Some(FriendNews::Joined);
                    }
                    // Before any state, the sync that comes brings the seats as they are.
                    if let Some(known) = self.known.as_mut() {
                        known.seats[seat.index()] = status;
                    }
                }
                Vec::new()
            }
            ServerMessage::Error {
                code,
                message,
                action_id,
                seq,
            } => self.on_error(code, message, action_id, seq),
            ServerMessage::Closing { reason, message } => {
                self.on_closing(reason, message);
                Vec::new()
            }
            // Life, and nothing more: the transport's heartbeat saw it arrive.
            ServerMessage::Pong {} => Vec::new(),
        }
    }

    fn on_welcome(
        &mut self,
        game: GameKind,
        seat: Seat,
        seat_key: Option<SeatKey>,
        seq: u64,
        resync: bool,
    ) -> Vec<ClientMessage> {
        if seat_key.is_some() {
            self.seat_key = seat_key;
        }
        // A different game or seat than we knew makes our state worthless.
        if self.game != Some(game) || self.seat != Some(seat) {
            self.known = None;
        }
        self.game = Some(game);
        self.seat = Some(seat);
        self.link = Link::Connected;
        self.attempts = 0;
        self.resend_due = self.pending.is_some();
        self.catch_up_to = Some(seq);
        if resync {
            self.awaiting_sync = true;
            return Vec::new();
        }
        if self.known.is_none() {
            // No state of our own and no sync announced: ask for one.
            self.awaiting_sync = true;
            return vec![ClientMessage::Resync {}];
        }
        self.resend_if_caught_up()
    }

    fn on_sync(&mut self, state: RoomState) -> Vec<ClientMessage> {
        if self.seat.is_none() {
            return Vec::new();
        }
        self.game = Some(state.game());
        self.known = Some(state.clone());
        self.updates.push(RoomUpdate::State(state));
        self.awaiting_sync = false;
        // The sync is the room's latest: whatever number the welcome named is covered.
        self.catch_up_to = None;
        self.resend_if_caught_up()
    }

    fn on_event(
        &mut self,
        seq: u64,
        by: Seat,
        action_id: Option<ActionId>,
        event: Event,
    ) -> Vec<ClientMessage> {
        let Some(seat) = self.seat else {
            return Vec::new();
        };
        if self.awaiting_sync {
            return Vec::new();
        }
        let Some(known) = self.known.as_mut() else {
            return Vec::new();
        };
        if seq <= known.seq {
            // Already applied (a replay overlapping what we had): drop it.
            return Vec::new();
        }
        if known.apply(seq, by, &event).is_err() {
            // We missed something, or our record disagrees with the server's: the server's
            // full state is the way back.
            self.awaiting_sync = true;
            return vec![ClientMessage::Resync {}];
        }
        match event {
            Event::Move { .. } if self.friend_news == Some(FriendNews::Joined) => {
                self.friend_news = None;
            }
            Event::Left if by == seat => self.link = Link::Stopped(Stop::Left),
            Event::Left => self.friend_news = Some(FriendNews::Left),
            _ => {}
        }
        let ours = by == seat
            && action_id.is_some()
            && self.pending.as_ref().map(|p| &p.action_id) == action_id.as_ref();
        if ours && event == Event::SeatKeyReplaced {
            self.seat_key = self.replacing_key.take().or(self.seat_key.take());
        }
        self.updates.push(RoomUpdate::Event { seq, by, event });
        if ours {
            self.pending = None;
        }
        self.resend_if_caught_up()
    }

    fn on_error(
        &mut self,
        code: ErrorCode,
        message: String,
        action_id: Option<ActionId>,
        seq: Option<u64>,
    ) -> Vec<ClientMessage> {
        if code == ErrorCode::SeatKeyReplaced
            && let Some(new) = self.replacing_key.take()
        {
            // Our own replacement was stored and its event lost with the socket that sent it:
            // the new key is the seat's now.
            self.seat_key = Some(new);
            self.hello_again = true;
            return Vec::new();
        }
        // A hello's refusal names no action; an action's refusal (a replacement's key that
        // will not do, say) stops nothing.
        let stop = match code {
            _ if action_id.is_some() => None,
            ErrorCode::UnknownRoom => Some(Stop::UnknownRoom),
            ErrorCode::RoomFull => Some(Stop::RoomFull),
            ErrorCode::BadSeatKey => Some(Stop::BadSeatKey),
            ErrorCode::SeatKeyReplaced => Some(Stop::SeatKeyReplaced),
            ErrorCode::UnsupportedVersion => Some(Stop::UnsupportedVersion),
            _ => None,
        };
        if let Some(stop) = stop {
            self.link = Link::Stopped(stop);
            return Vec::new();
        }
        let ours = action_id.is_some()
            && self.pending.as_ref().map(|p| &p.action_id) == action_id.as_ref();
        if ours {
            if matches!(
                self.pending.as_ref().map(|p| &p.message),
                Some(ClientMessage::ReplaceSeatKey { .. })
            ) && code != ErrorCode::Duplicate
            {
                self.replacing_key = None;
            }
            self.pending = None;
        }
        if code == ErrorCode::Duplicate {
            // A resend of an action the server already applied as `seq`. If that number is
            // beyond what we have, the event was lost to us: fetch the state.
            let behind = match (seq, self.last_seq()) {
                (Some(applied), Some(have)) => applied > have,
                _ => false,
            };
            if behind && !self.awaiting_sync {
                self.awaiting_sync = true;
                return vec![ClientMessage::Resync {}];
            }
            return Vec::new();
        }
        self.last_refusal = Some(Refusal { code, message });
        Vec::new()
    }

    fn on_closing(&mut self, reason: CloseReason, message: String) {
        if reason == CloseReason::HelloRefused && std::mem::take(&mut self.hello_again) {
            return;
        }
        let stop = match reason {
            CloseReason::Replaced => Stop::Replaced,
            CloseReason::Left => Stop::Left,
            CloseReason::RoomExpired => Stop::RoomExpired,
            CloseReason::HelloRefused => Stop::Refused(message),
            // The rest are worth another try after the backoff (shutting down, heartbeat,
            // rate limit, full server, timeouts).
            _ => return,
        };
        self.link = Link::Stopped(stop);
    }

    /// Sends the action that was in flight when the old socket dropped, once the missed events
    /// are in: if one of them acknowledged it, there is nothing to resend. Same id and same
    /// `seq` as the first time, so the server applies it at most once.
    fn resend_if_caught_up(&mut self) -> Vec<ClientMessage> {
        if !self.resend_due || !self.caught_up() {
            return Vec::new();
        }
        self.resend_due = false;
        self.pending
            .as_ref()
            .map(|p| vec![p.message.clone()])
            .unwrap_or_default()
    }

    /// Connected, with the state the welcome promised.
    fn caught_up(&self) -> bool {
        if self.link != Link::Connected || self.awaiting_sync {
            return false;
        }
        match (&self.known, self.catch_up_to) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(k), Some(target)) => k.seq >= target,
        }
    }

    fn next_action_id(&mut self) -> ActionId {
        let id = ActionId::numbered(&self.id_prefix, self.next_action);
        self.next_action = self.next_action.saturating_add(1);
        id
    }

    /// Checks shared by the intents: returns the state an action is built on.
    fn ready_state(&self) -> Result<(&RoomState, Seat), IntentError> {
        if matches!(self.link, Link::Stopped(_)) {
            return Err(IntentError::Stopped);
        }
        if self.pending.is_some() {
            return Err(IntentError::Busy);
        }
        match (&self.known, self.seat) {
            (Some(k), Some(seat)) if !self.awaiting_sync => {
                if self.link == Link::Connected && !self.caught_up() {
                    return Err(IntentError::NoState);
                }
                Ok((k, seat))
            }
            _ => Err(IntentError::NoState),
        }
    }

    /// Queues an action and returns what to send now: nothing while disconnected (it goes out
    /// after the next welcome).
    fn send(&mut self, action_id: ActionId, message: ClientMessage) -> Vec<ClientMessage> {
        self.last_refusal = None;
        self.pending = Some(Pending {
            action_id,
            message: message.clone(),
        });
        if self.link == Link::Connected {
            vec![message]
        } else {
            self.resend_due = false;
            Vec::new()
        }
    }

    /// The player moves. Checked with the engine first so an obviously bad tap never goes to
    /// the server; applied to the board only when the server confirms it.
    pub fn play(&mut self, mv: &AnyMove) -> Result<Vec<ClientMessage>, IntentError> {
        let (known, seat) = self.ready_state()?;
        if known.record.outcome().is_some() {
            return Err(IntentError::RoundOver);
        }
        if known.record.turn() != seat {
            return Err(IntentError::NotYourTurn);
        }
        let mut trial = known.record.clone();
        trial
            .play(mv)
            .map_err(|e| IntentError::IllegalMove(e.to_string()))?;
        // The wire carries the move in its notation.
        let canonical = mv.to_string();
        let seq = known.seq;
        let action_id = self.next_action_id();
        let message = ClientMessage::Move {
            action_id: action_id.clone(),
            seq,
            mv: canonical,
        };
        Ok(self.send(action_id, message))
    }

    /// Ask for a new round, or agree to the friend's request.
    pub fn new_round(&mut self) -> Result<Vec<ClientMessage>, IntentError> {
        let (known, seat) = self.ready_state()?;
        if known.new_round_proposed_by == Some(seat) {
            return Err(IntentError::AlreadyProposed);
        }
        let seq = known.seq;
        let action_id = self.next_action_id();
        let message = ClientMessage::NewRound {
            action_id: action_id.clone(),
            seq,
        };
        Ok(self.send(action_id, message))
    }

    /// Say no to the friend's request for a new round.
    pub fn decline_new_round(&mut self) -> Result<Vec<ClientMessage>, IntentError> {
        let (known, seat) = self.ready_state()?;
        if known.new_round_proposed_by != Some(seat.other()) {
            return Err(IntentError::NoNewRoundRequest);
        }
        let seq = known.seq;
        let action_id = self.next_action_id();
        let message = ClientMessage::DeclineNewRound {
            action_id: action_id.clone(),
            seq,
        };
        Ok(self.send(action_id, message))
    }

    /// Take back this player's own request for a new round.
    pub fn withdraw_new_round(&mut self) -> Result<Vec<ClientMessage>, IntentError> {
        let (known, seat) = self.ready_state()?;
        if known.new_round_proposed_by != Some(seat) {
            return Err(IntentError::NoNewRoundRequest);
        }
        let seq = known.seq;
        let action_id = self.next_action_id();
        let message = ClientMessage::WithdrawNewRound {
            action_id: action_id.clone(),
            seq,
        };
        Ok(self.send(action_id, message))
    }

    /// Replace the seat's key with `new` (a new personal link; old copies stop working).
    /// Keep [`OnlineClient::replacing_key`] with the seat before sending what this returns.
    pub fn replace_seat_key(&mut self, new: SeatKey) -> Result<Vec<ClientMessage>, IntentError> {
        self.ready_state()?;
        let action_id = self.next_action_id();
        self.replacing_key = Some(new.clone());
        let message = ClientMessage::ReplaceSeatKey {
            action_id: action_id.clone(),
            seat_key: new,
        };
        Ok(self.send(action_id, message))
    }

    /// Takes up a replacement with `new` that a previous run of the app kept and may not have
    /// seen confirmed: it is sent again once connected. If it was applied, the old key's hello
    /// is refused as replaced and the client says hello again with `new`, and the resend is
    /// then refused as a key already used, which is its confirmation. Call before the first
    /// [`OnlineClient::on_open`].
    pub fn resume_replacement(&mut self, new: SeatKey) {
        let action_id = self.next_action_id();
        self.replacing_key = Some(new.clone());
        self.pending = Some(Pending {
            action_id: action_id.clone(),
            message: ClientMessage::ReplaceSeatKey {
                action_id,
                seat_key: new,
            },
        });
    }

    /// Give up the seat for good.
    pub fn leave(&mut self) -> Result<Vec<ClientMessage>, IntentError> {
        self.ready_state()?;
        let action_id = self.next_action_id();
        let message = ClientMessage::Leave {
            action_id: action_id.clone(),
        };
        Ok(self.send(action_id, message))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOM: &str = "3f9c2a71d04be85e6a10";

    fn welcome(seat: Seat, seq: u64, resync: bool) -> ServerMessage {
        ServerMessage::Welcome {
            version: PROTOCOL_VERSION,
            room: ROOM.parse().expect("well formed"),
            game: GameKind::Kalah,
            seat,
            seat_key: None,
            seq,
            resync,
        }
    }

    fn sync(seq: u64, moves: &[&str], seats: [SeatStatus; 2]) -> ServerMessage {
        let mut record = AnyRecord::new(GameKind::Kalah);
        for mv in moves {
            record.play_text(mv).expect("legal moves");
        }
        ServerMessage::Sync {
            state: RoomState {
                room: ROOM.parse().expect("well formed"),
                seq,
                round: 1,
                record,
                new_round_proposed_by: None,
                new_round_answer: None,
                seats,
            },
        }
    }

    fn event(seq: u64, by: Seat, action_id: Option<&str>, event: Event) -> ServerMessage {
        ServerMessage::Event {
            seq,
            by,
            action_id: action_id.map(|id| id.parse().expect("an action id")),
            event,
        }
    }

    /// A Kalah move of the side to move.
    fn kalah(pit: char) -> AnyMove {
        let pit = cozcade_engine::kalah::Pit::new(pit as usize - 'a' as usize).expect("a..f");
        AnyMove::Kalah(cozcade_engine::kalah::Move(pit))
    }

    fn mv(text: &str) -> Event {
        Event::Move { mv: text.into() }
    }

    /// A client of the room holding the seat key "key", as `prefix`, not connected yet.
    fn holding_old_key(prefix: &str) -> OnlineClient {
        OnlineClient::new(
            ROOM.parse().expect("well formed"),
            Some("key".parse().expect("well formed")),
            prefix.into(),
        )
    }

    /// The server's refusal of a hello whose key was replaced: the error, then the closing.
    fn refused_as_replaced(c: &mut OnlineClient) {
        c.on_message(ServerMessage::Error {
            code: ErrorCode::SeatKeyReplaced,
            message: "replaced".into(),
            action_id: None,
            seq: None,
        });
        c.on_message(ServerMessage::Closing {
            reason: CloseReason::HelloRefused,
            message: "hello refused".into(),
        });
    }

    /// A creator connected to a fresh room with the friend present.
    fn connected_creator() -> OnlineClient {
        let mut c = holding_old_key("p");
        c.on_open();
        assert!(c.on_message(welcome(Seat::First, 0, true)).is_empty());
        assert!(
            c.on_message(sync(0, &[], [SeatStatus::Connected, SeatStatus::Connected]))
                .is_empty()
        );
        c
    }

    fn moves(c: &OnlineClient) -> Vec<String> {
        c.record().map(|r| r.move_texts()).unwrap_or_default()
    }

    #[test]
    fn a_reader_is_given_the_state_then_each_event_in_order_and_folds_to_the_clients_state() {
        let mut c = holding_old_key("p");
        c.on_open();
        c.on_message(welcome(Seat::First, 1, true));
        c.on_message(sync(
            1,
            &["a"],
            [SeatStatus::Connected, SeatStatus::Connected],
        ));
        let mut updates = c.take_updates();
        let Some(RoomUpdate::State(mut copy)) = updates.pop() else {
            panic!("the sync's state first: {updates:?}");
        };
        assert!(
            updates.is_empty() && c.take_updates().is_empty(),
            "taken once"
        );
        c.on_message(event(2, Seat::Second, None, mv("b")));
        // A gap: nothing for the reader, and the client asks for the whole state.
        assert_eq!(
            c.on_message(event(4, Seat::Second, None, mv("c"))),
            vec![ClientMessage::Resync {}]
        );
        c.on_message(event(3, Seat::Second, None, Event::NewRoundProposed));
        for update in c.take_updates() {
            match update {
                RoomUpdate::Event { seq, by, event } => {
                    copy.apply(seq, by, &event).expect("folds");
                }
                RoomUpdate::State(state) => panic!("no new state yet: {state:?}"),
            }
        }
        assert_eq!(Some(&copy), c.state());
        assert_eq!(copy.record.move_texts(), ["a", "b"]);
        // The resync's answer replaces the reader's copy.
        c.on_message(sync(4, &["a", "b", "c"], [SeatStatus::Connected; 2]));
        assert!(matches!(
            c.take_updates().as_slice(),
            [RoomUpdate::State(state)] if state.seq == 4 && state.record.len() == 3
        ));
    }

    #[test]
    fn hello_welcome_sync_and_presence() {
        let mut c = holding_old_key("p");
        assert_eq!(c.phase(), Phase::Connecting);
        assert_eq!(
            c.on_open(),
            vec![ClientMessage::Hello {
                version: PROTOCOL_VERSION,
                room: ROOM.parse().expect("well formed"),
                seat_key: Some("key".parse().expect("well formed")),
                last_seq: None
            }]
        );
        c.on_message(welcome(Seat::First, 0, true));
        c.on_message(sync(0, &[], [SeatStatus::Connected, SeatStatus::Open]));
        assert_eq!(c.phase(), Phase::WaitingForFriend);
        assert_eq!(c.seat(), Some(Seat::First));
        assert_eq!(c.last_seq(), Some(0));
        c.on_message(ServerMessage::Presence {
            seat: Seat::Second,
            status: SeatStatus::Connected,
        });
        assert_eq!(c.phase(), Phase::Playing);
        c.on_message(ServerMessage::Presence {
            seat: Seat::Second,
            status: SeatStatus::Away,
        });
        assert_eq!(c.phase(), Phase::WaitingForFriend);
        assert_eq!(c.friend(), SeatStatus::Away);
        // Our own seat's presence does not describe the friend.
        c.on_message(ServerMessage::Presence {
            seat: Seat::First,
            status: SeatStatus::Connected,
        });
        assert_eq!(c.friend(), SeatStatus::Away);
    }

    #[test]
    fn a_guest_keeps_the_seat_key_from_welcome() {
        let mut c = OnlineClient::new(ROOM.parse().expect("well formed"), None, "g".into());
        c.on_open();
        c.on_message(ServerMessage::Welcome {
            version: PROTOCOL_VERSION,
            room: ROOM.parse().expect("well formed"),
            game: GameKind::Kalah,
            seat: Seat::Second,
            seat_key: Some("guest-key".parse().expect("well formed")),
            seq: 0,
            resync: true,
        });
        assert_eq!(c.seat_key().map(SeatKey::as_str), Some("guest-key"));
        // The next hello uses it.
        c.on_closed();
        match c.on_open().first() {
            Some(ClientMessage::Hello { seat_key, .. }) => {
                assert_eq!(seat_key.as_ref().map(SeatKey::as_str), Some("guest-key"))
            }
            other => panic!("expected a hello, got {other:?}"),
        }
    }

    #[test]
    fn a_move_is_applied_only_when_the_server_confirms_it() {
        let mut c = connected_creator();
        assert!(c.my_turn());
        let sent = c.play(&kalah('a')).expect("legal");
        assert_eq!(
            sent,
            vec![ClientMessage::Move {
                action_id: "p-1".parse().expect("well formed"),
                seq: 0,
                mv: "a".into()
            }]
        );
        assert!(moves(&c).is_empty(), "not applied before the ack");
        assert_eq!(c.play(&kalah('b')), Err(IntentError::Busy));
        c.on_message(event(1, Seat::First, Some("p-1"), mv("a")));
        assert_eq!(moves(&c), ["a"]);
        assert!(!c.has_pending());
        assert_eq!(c.last_seq(), Some(1));
        assert_eq!(c.play(&kalah('b')), Err(IntentError::NotYourTurn));
        // The friend's move arrives as a plain event.
        c.on_message(event(2, Seat::Second, Some("x-1"), mv("a")));
        assert_eq!(moves(&c), ["a", "a"]);
        assert!(c.my_turn());
    }

    #[test]
    fn intents_are_checked_with_the_engine() {
        let mut c = connected_creator();
        assert!(matches!(
            c.play(&AnyRecord::new(GameKind::Checkers).legal_moves()[0]),
            Err(IntentError::IllegalMove(_))
        ));
        assert!(!c.has_pending());
        let mut before_state =
            OnlineClient::new(ROOM.parse().expect("well formed"), None, "g".into());
        assert_eq!(before_state.play(&kalah('a')), Err(IntentError::NoState));
    }

    #[test]
    fn an_unacknowledged_move_is_resent_with_the_same_id_after_a_reconnect() {
        let mut c = connected_creator();
        let sent = c.play(&kalah('a')).expect("legal");
        assert_eq!(c.on_closed(), &Link::Reconnecting { attempt: 1 });
        assert_eq!(
            c.on_open(),
            vec![ClientMessage::Hello {
                version: PROTOCOL_VERSION,
                room: ROOM.parse().expect("well formed"),
                seat_key: Some("key".parse().expect("well formed")),
                last_seq: Some(0)
            }]
        );
        // The server never got it: nothing missed, so the resend goes out at once.
        assert_eq!(c.on_message(welcome(Seat::First, 0, false)), sent);
        c.on_message(event(1, Seat::First, Some("p-1"), mv("a")));
        assert_eq!(moves(&c), ["a"]);
        assert!(!c.has_pending());
    }

    #[test]
    fn a_move_acknowledged_in_the_replay_is_not_resent() {
        let mut c = connected_creator();
        c.play(&kalah('a')).expect("legal");
        c.on_closed();
        c.on_open();
        // The server stored it before the drop: the replay brings the ack.
        assert!(c.on_message(welcome(Seat::First, 1, false)).is_empty());
        assert!(
            c.on_message(event(1, Seat::First, Some("p-1"), mv("a")))
                .is_empty()
        );
        assert!(!c.has_pending());
        assert_eq!(moves(&c), ["a"]);
    }

    #[test]
    fn after_a_sync_the_pending_move_is_resent_and_a_duplicate_answer_settles_it() {
        let mut c = connected_creator();
        let sent = c.play(&kalah('a')).expect("legal");
        c.on_closed();
        c.on_open();
        assert!(c.on_message(welcome(Seat::First, 1, true)).is_empty());
        // Intents wait for the sync.
        assert_eq!(c.new_round(), Err(IntentError::Busy));
        let resent = c.on_message(sync(1, &["a"], [SeatStatus::Connected; 2]));
        assert_eq!(resent, sent, "the sync carries no action ids, so resend");
        let answer = c.on_message(ServerMessage::Error {
            code: ErrorCode::Duplicate,
            message: "action p-1 was already applied as #1".into(),
            action_id: Some("p-1".parse().expect("well formed")),
            seq: Some(1),
        });
        assert!(answer.is_empty());
        assert!(!c.has_pending());
        assert_eq!(
            c.last_refusal(),
            None,
            "a duplicate is not the player's problem"
        );
        assert_eq!(moves(&c), ["a"]);
    }

    #[test]
    fn a_move_made_while_disconnected_goes_out_after_the_welcome() {
        let mut c = connected_creator();
        c.on_closed();
        assert_eq!(
            c.play(&kalah('a')).expect("legal"),
            Vec::<ClientMessage>::new()
        );
        c.on_open();
        let sent = c.on_message(welcome(Seat::First, 0, false));
        assert_eq!(
            sent,
            vec![ClientMessage::Move {
                action_id: "p-1".parse().expect("well formed"),
                seq: 0,
                mv: "a".into()
            }]
        );
    }

    #[test]
    fn a_gap_in_sequence_numbers_asks_for_a_resync() {
        let mut c = connected_creator();
        assert_eq!(
            c.on_message(event(2, Seat::First, None, mv("a"))),
            vec![ClientMessage::Resync {}]
        );
        assert!(moves(&c).is_empty());
        // Events are ignored until the sync arrives (it covers them).
        assert!(
            c.on_message(event(3, Seat::Second, None, mv("a")))
                .is_empty()
        );
        assert_eq!(c.play(&kalah('a')), Err(IntentError::NoState));
        c.on_message(sync(3, &["a", "a", "b"], [SeatStatus::Connected; 2]));
        assert_eq!(moves(&c), ["a", "a", "b"]);
        assert_eq!(c.last_seq(), Some(3));
        c.on_message(event(4, Seat::First, None, mv("c")));
        assert_eq!(c.last_seq(), Some(4));
    }

    #[test]
    fn duplicate_events_are_dropped() {
        let mut c = connected_creator();
        c.on_message(event(1, Seat::First, None, mv("a")));
        c.on_message(event(2, Seat::Second, None, mv("a")));
        assert!(
            c.on_message(event(1, Seat::First, None, mv("a")))
                .is_empty()
        );
        assert!(
            c.on_message(event(2, Seat::Second, None, mv("a")))
                .is_empty()
        );
        assert_eq!(moves(&c), ["a", "a"]);
        assert_eq!(c.last_seq(), Some(2));
    }

    #[test]
    fn an_event_our_engine_refuses_means_resync() {
        let mut c = connected_creator();
        assert_eq!(
            c.on_message(event(1, Seat::First, None, mv("nonsense"))),
            vec![ClientMessage::Resync {}]
        );
        assert_eq!(c.last_seq(), Some(0));
    }

    #[test]
    fn a_replaced_connection_stops_for_good() {
        let mut c = connected_creator();
        c.on_message(ServerMessage::Closing {
            reason: CloseReason::Replaced,
            message: "another connection took the seat".into(),
        });
        assert_eq!(c.phase(), Phase::Stopped(Stop::Replaced));
        assert_eq!(c.on_closed(), &Link::Stopped(Stop::Replaced));
        assert!(
            c.on_open().is_empty(),
            "no hello: we must not fight over the seat"
        );
        assert_eq!(c.play(&kalah('a')), Err(IntentError::Stopped));
        assert!(
            c.on_message(event(1, Seat::Second, None, mv("a")))
                .is_empty()
        );
    }

    #[test]
    fn a_server_going_away_is_retried_with_growing_attempts() {
        let mut c = connected_creator();
        c.on_message(ServerMessage::Closing {
            reason: CloseReason::ShuttingDown,
            message: "bye".into(),
        });
        assert_eq!(c.on_closed(), &Link::Reconnecting { attempt: 1 });
        assert!(!c.on_open().is_empty());
        // The new socket fails before a welcome.
        assert_eq!(c.on_closed(), &Link::Reconnecting { attempt: 2 });
        c.on_open();
        assert_eq!(c.on_closed(), &Link::Reconnecting { attempt: 3 });
        c.on_open();
        c.on_message(welcome(Seat::First, 0, false));
        assert_eq!(c.phase(), Phase::Playing);
        // A later drop starts counting afresh.
        assert_eq!(c.on_closed(), &Link::Reconnecting { attempt: 1 });
    }

    #[test]
    fn hello_errors_become_typed_stops() {
        for (code, stop) in [
            (ErrorCode::RoomFull, Stop::RoomFull),
            (ErrorCode::UnknownRoom, Stop::UnknownRoom),
            (ErrorCode::BadSeatKey, Stop::BadSeatKey),
            (ErrorCode::SeatKeyReplaced, Stop::SeatKeyReplaced),
            (ErrorCode::UnsupportedVersion, Stop::UnsupportedVersion),
        ] {
            let mut c = OnlineClient::new(ROOM.parse().expect("well formed"), None, "g".into());
            c.on_open();
            c.on_message(ServerMessage::Error {
                code,
                message: "refused".into(),
                action_id: None,
                seq: None,
            });
            c.on_message(ServerMessage::Closing {
                reason: CloseReason::HelloRefused,
                message: "hello refused".into(),
            });
            assert_eq!(c.on_closed(), &Link::Stopped(stop.clone()), "{code:?}");
            assert!(c.on_open().is_empty());
        }
        let mut c = connected_creator();
        c.on_message(ServerMessage::Closing {
            reason: CloseReason::RoomExpired,
            message: "expired".into(),
        });
        assert_eq!(c.phase(), Phase::Stopped(Stop::RoomExpired));
    }

    #[test]
    fn a_refused_move_changes_nothing_and_is_reported() {
        let mut c = connected_creator();
        c.play(&kalah('a')).expect("legal");
        c.on_message(ServerMessage::Error {
            code: ErrorCode::Stale,
            message: "built on #0, room at #1".into(),
            action_id: Some("p-1".parse().expect("well formed")),
            seq: Some(1),
        });
        assert!(!c.has_pending());
        assert_eq!(c.last_refusal().map(|r| r.code), Some(ErrorCode::Stale));
        assert!(moves(&c).is_empty());
        // The next action gets a fresh id and clears the message.
        let sent = c.play(&kalah('b')).expect("legal");
        assert!(matches!(
            sent.first(),
            Some(ClientMessage::Move { action_id, .. }) if action_id == "p-2"
        ));
        assert_eq!(c.last_refusal(), None);
    }

    #[test]
    fn new_round_request_and_acceptance() {
        let mut c = connected_creator();
        c.on_message(event(1, Seat::First, None, mv("a")));
        c.on_message(event(2, Seat::Second, Some("x-1"), Event::NewRoundProposed));
        assert_eq!(c.new_round_proposed_by(), Some(Seat::Second));
        let sent = c.new_round().expect("agree");
        assert_eq!(
            sent,
            vec![ClientMessage::NewRound {
                action_id: "p-1".parse().expect("well formed"),
                seq: 2
            }]
        );
        c.on_message(event(
            3,
            Seat::First,
            Some("p-1"),
            Event::NewRoundStarted { round: 2 },
        ));
        assert_eq!(c.round(), Some(2));
        assert!(moves(&c).is_empty());
        assert_eq!(c.new_round_proposed_by(), None);
        assert!(!c.has_pending());
        // Asking twice is caught before it reaches the server.
        c.new_round().expect("ask");
        c.on_message(event(4, Seat::First, Some("p-2"), Event::NewRoundProposed));
        assert_eq!(c.new_round(), Err(IntentError::AlreadyProposed));
    }

    #[test]
    fn declining_the_friends_request_and_withdrawing_ones_own() {
        let mut c = connected_creator();
        // Nothing to answer yet: caught before it reaches the server.
        assert_eq!(c.decline_new_round(), Err(IntentError::NoNewRoundRequest));
        assert_eq!(c.withdraw_new_round(), Err(IntentError::NoNewRoundRequest));
        c.on_message(event(1, Seat::Second, Some("x-1"), Event::NewRoundProposed));
        assert_eq!(c.withdraw_new_round(), Err(IntentError::NoNewRoundRequest));
        let sent = c.decline_new_round().expect("decline");
        assert_eq!(
            sent,
            vec![ClientMessage::DeclineNewRound {
                action_id: "p-1".parse().expect("well formed"),
                seq: 1
            }]
        );
        // Nothing changes until the server confirms it.
        assert_eq!(c.new_round_proposed_by(), Some(Seat::Second));
        c.on_message(event(2, Seat::First, Some("p-1"), Event::NewRoundDeclined));
        assert!(!c.has_pending());
        assert_eq!(c.new_round_proposed_by(), None);
        assert_eq!(
            c.new_round_answer(),
            Some(NewRoundAnswer::Declined { by: Seat::First })
        );
        assert_eq!(c.round(), Some(1));

        // Our own request, taken back: the friend withdrawing theirs reads the same way.
        c.new_round().expect("ask");
        c.on_message(event(3, Seat::First, Some("p-2"), Event::NewRoundProposed));
        assert_eq!(
            c.new_round_answer(),
            None,
            "a new request clears the answer"
        );
        assert_eq!(c.decline_new_round(), Err(IntentError::NoNewRoundRequest));
        let sent = c.withdraw_new_round().expect("withdraw");
        assert_eq!(
            sent,
            vec![ClientMessage::WithdrawNewRound {
                action_id: "p-3".parse().expect("well formed"),
                seq: 3
            }]
        );
        c.on_message(event(4, Seat::First, Some("p-3"), Event::NewRoundWithdrawn));
        assert_eq!(
            c.new_round_answer(),
            Some(NewRoundAnswer::Withdrawn { by: Seat::First })
        );
        c.on_message(event(5, Seat::Second, Some("x-2"), Event::NewRoundProposed));
        c.on_message(event(
            6,
            Seat::Second,
            Some("x-3"),
            Event::NewRoundWithdrawn,
        ));
        assert_eq!(
            c.new_round_answer(),
            Some(NewRoundAnswer::Withdrawn { by: Seat::Second })
        );
        assert_eq!(c.new_round_proposed_by(), None);
    }

    #[test]
    fn a_sync_carries_the_last_answer_to_a_request() {
        // A player who comes back to a full sync (a fresh start, or too far behind for a
        // replay) learns that the friend declined, as one replayed the event would.
        let mut c = holding_old_key("p");
        c.on_open();
        c.on_message(welcome(Seat::First, 2, true));
        let ServerMessage::Sync { mut state } =
            sync(2, &[], [SeatStatus::Connected, SeatStatus::Connected])
        else {
            unreachable!("sync builds a sync")
        };
        state.new_round_answer = Some(NewRoundAnswer::Declined { by: Seat::Second });
        c.on_message(ServerMessage::Sync {
            state: state.clone(),
        });
        assert_eq!(
            c.new_round_answer(),
            Some(NewRoundAnswer::Declined { by: Seat::Second })
        );
        assert_eq!(c.new_round_proposed_by(), None);
        // A later sync without one (a new request or round came meanwhile) clears it.
        state.seq = 3;
        state.new_round_answer = None;
        c.on_message(ServerMessage::Sync { state });
        assert_eq!(c.new_round_answer(), None);
    }

    const NEW_KEY: &str = "0123456789abcdef0123456789abcdef";

    /// The action id of the one message in `sent`.
    fn action_id_of(sent: &[ClientMessage]) -> String {
        match sent {
            [ClientMessage::ReplaceSeatKey { action_id, .. }] => action_id.to_string(),
            other => panic!("expected one replace_seat_key, got {other:?}"),
        }
    }

    #[test]
    fn a_replaced_key_becomes_the_seats_once_confirmed() {
        let mut c = connected_creator();
        let sent = c
            .replace_seat_key(NEW_KEY.parse().expect("well formed"))
            .expect("sent");
        let id = action_id_of(&sent);
        assert_eq!(c.replacing_key().map(SeatKey::as_str), Some(NEW_KEY));
        assert_eq!(c.seat_key().map(SeatKey::as_str), Some("key"));
        c.on_message(event(1, Seat::First, Some(&id), Event::SeatKeyReplaced));
        assert_eq!(c.seat_key().map(SeatKey::as_str), Some(NEW_KEY));
        assert_eq!(c.replacing_key(), None);
        assert!(!c.has_pending());
        // The friend replacing theirs changes nothing here.
        c.on_message(event(2, Seat::Second, Some("x-1"), Event::SeatKeyReplaced));
        assert_eq!(c.seat_key().map(SeatKey::as_str), Some(NEW_KEY));
        assert_eq!(c.last_seq(), Some(2));
    }

    #[test]
    fn a_replacement_whose_event_was_lost_says_hello_again_with_the_new_key() {
        let mut c = connected_creator();
        let id = action_id_of(
            &c.replace_seat_key(NEW_KEY.parse().expect("well formed"))
                .expect("sent"),
        );
        // The socket drops before the event; the next hello carries the old key, which the
        // server now refuses as replaced.
        c.on_closed();
        let hello = c.on_open();
        assert!(
            matches!(&hello[..], [ClientMessage::Hello { seat_key: Some(k), .. }] if k.as_str() == "key")
        );
        refused_as_replaced(&mut c);
        assert!(!matches!(c.link(), Link::Stopped(_)), "{:?}", c.link());
        c.on_closed();
        let hello = c.on_open();
        assert!(
            matches!(&hello[..], [ClientMessage::Hello { seat_key: Some(k), .. }] if k.as_str() == NEW_KEY)
        );
        // Welcomed back, the replacement is resent once and answered as a duplicate.
        c.on_message(welcome(Seat::First, 1, false));
        c.on_message(event(1, Seat::First, Some(&id), Event::SeatKeyReplaced));
        assert!(!c.has_pending());
        assert_eq!(c.seat_key().map(SeatKey::as_str), Some(NEW_KEY));
    }

    #[test]
    fn a_kept_replacement_is_sent_again_or_found_applied_at_the_next_start() {
        // Never sent: the old key is welcomed, and the replacement goes out once caught up.
        let mut c = holding_old_key("p");
        c.resume_replacement(NEW_KEY.parse().expect("well formed"));
        c.on_open();
        assert!(c.on_message(welcome(Seat::First, 0, true)).is_empty());
        let sent = c.on_message(sync(0, &[], [SeatStatus::Connected, SeatStatus::Connected]));
        let id = action_id_of(&sent);
        c.on_message(event(1, Seat::First, Some(&id), Event::SeatKeyReplaced));
        assert_eq!(c.seat_key().map(SeatKey::as_str), Some(NEW_KEY));
        assert_eq!(c.replacing_key(), None);

        // Applied, but its event never seen: the old key is refused as replaced, the new one is
        // welcomed, and the resend is refused as a key already used: nothing is left to do.
        let mut c = holding_old_key("p");
        c.resume_replacement(NEW_KEY.parse().expect("well formed"));
        c.on_open();
        refused_as_replaced(&mut c);
        c.on_closed();
        let hello = c.on_open();
        assert!(
            matches!(&hello[..], [ClientMessage::Hello { seat_key: Some(k), .. }] if k.as_str() == NEW_KEY)
        );
        c.on_message(welcome(Seat::First, 1, true));
        let sent = c.on_message(sync(1, &[], [SeatStatus::Connected, SeatStatus::Connected]));
        let id = action_id_of(&sent);
        c.on_message(ServerMessage::Error {
            code: ErrorCode::BadSeatKey,
            message: "this key was already used in this room".into(),
            action_id: Some(id.parse().expect("an action id")),
            seq: None,
        });
        assert_eq!(c.link(), &Link::Connected);
        assert_eq!(c.seat_key().map(SeatKey::as_str), Some(NEW_KEY));
        assert_eq!((c.replacing_key(), c.has_pending()), (None, false));
    }

    #[test]
    fn a_refused_replacement_keeps_the_old_key_and_the_connection() {
        let mut c = connected_creator();
        let id = action_id_of(
            &c.replace_seat_key("short".parse().expect("well formed"))
                .expect("sent"),
        );
        c.on_message(ServerMessage::Error {
            code: ErrorCode::BadSeatKey,
            message: "too short".into(),
            action_id: Some(id.parse().expect("an action id")),
            seq: None,
        });
        assert_eq!(c.link(), &Link::Connected);
        assert_eq!(c.seat_key().map(SeatKey::as_str), Some("key"));
        assert_eq!(c.replacing_key(), None);
        assert!(!c.has_pending());
        // Another client holding a replaced copy of the link is stopped with the reason.
        let mut stale = holding_old_key("q");
        stale.on_open();
        stale.on_message(ServerMessage::Error {
            code: ErrorCode::SeatKeyReplaced,
            message: "replaced".into(),
            action_id: None,
            seq: None,
        });
        assert_eq!(stale.link(), &Link::Stopped(Stop::SeatKeyReplaced));
    }

    #[test]
    fn a_new_round_request_lasts_through_moves_and_goes_with_its_proposer() {
        let mut c = connected_creator();
        c.on_message(event(1, Seat::Second, Some("x-1"), Event::NewRoundProposed));
        c.on_message(event(2, Seat::First, None, mv("a")));
        assert_eq!(c.new_round_proposed_by(), Some(Seat::Second));
        c.on_message(event(3, Seat::Second, Some("x-2"), Event::Left));
        assert_eq!(c.new_round_proposed_by(), None);
    }

    #[test]
    fn leaving_and_the_friend_leaving() {
        let mut c = connected_creator();
        c.on_message(event(1, Seat::Second, Some("x-1"), Event::Left));
        assert_eq!(c.friend(), SeatStatus::Open);
        assert_eq!(c.phase(), Phase::WaitingForFriend);
        let sent = c.leave().expect("leave");
        assert_eq!(
            sent,
            vec![ClientMessage::Leave {
                action_id: "p-1".parse().expect("well formed")
            }]
        );
        c.on_message(event(2, Seat::First, Some("p-1"), Event::Left));
        assert_eq!(c.phase(), Phase::Stopped(Stop::Left));
        assert_eq!(c.on_closed(), &Link::Stopped(Stop::Left));
    }

    #[test]
    fn action_ids_stay_within_the_protocol_limit() {
        let mut c = OnlineClient::new(ROOM.parse().expect("well formed"), None, "x".repeat(100));
        c.on_open();
        c.on_message(welcome(Seat::First, 0, true));
        c.on_message(sync(0, &[], [SeatStatus::Connected; 2]));
        c.next_action = u64::MAX;
        match c.play(&kalah('a')).expect("legal").first() {
            Some(message @ ClientMessage::Move { action_id, .. }) => {
                assert!(action_id.as_str().chars().count() <= ActionId::MAX_LEN);
                // What the server reads back is the same id.
                let wire = serde_json::to_string(message).expect("serialises");
                assert_eq!(
                    serde_json::from_str::<ClientMessage>(&wire).expect("the server reads it"),
                    *message
                );
            }
            other => panic!("expected a move, got {other:?}"),
        }
    }

    #[test]
    fn offline_waits_for_the_network_and_then_reconnects_at_once() {
        let mut c = connected_creator();
        let sent = c.play(&kalah('a')).expect("legal");
        assert_eq!(c.on_offline(), &Link::Offline);
        assert_eq!(c.phase(), Phase::Offline);
        // A socket failing meanwhile changes nothing: no attempts are made while offline.
        assert_eq!(c.on_closed(), &Link::Offline);
        assert_eq!(c.on_closed(), &Link::Offline);
        // A move made offline waits with the one in flight (one at a time).
        assert_eq!(c.play(&kalah('b')), Err(IntentError::Busy));
        assert_eq!(c.on_online(), &Link::Reconnecting { attempt: 1 });
        // Online twice is still the one attempt.
        assert_eq!(c.on_online(), &Link::Reconnecting { attempt: 1 });
        c.on_open();
        assert_eq!(c.on_message(welcome(Seat::First, 0, false)), sent);
        assert_eq!(c.phase(), Phase::Playing);
        // A stopped client stays stopped.
        c.on_message(ServerMessage::Closing {
            reason: CloseReason::Replaced,
            message: "x".into(),
        });
        assert_eq!(c.on_offline(), &Link::Stopped(Stop::Replaced));
        assert_eq!(c.on_online(), &Link::Stopped(Stop::Replaced));
    }

    #[test]
    fn the_friend_joining_and_leaving_is_news() {
        let mut c = holding_old_key("p");
        c.on_open();
        c.on_message(welcome(Seat::First, 0, true));
        c.on_message(sync(0, &[], [SeatStatus::Connected, SeatStatus::Open]));
        assert_eq!(c.friend_news(), None);
        c.on_message(ServerMessage::Presence {
            seat: Seat::Second,
            status: SeatStatus::Connected,
        });
        assert_eq!(c.friend_news(), Some(FriendNews::Joined));
        // Away and back is no news (the connection line says it).
        c.on_message(ServerMessage::Presence {
            seat: Seat::Second,
            status: SeatStatus::Away,
        });
        c.on_message(ServerMessage::Presence {
            seat: Seat::Second,
            status: SeatStatus::Connected,
        });
        assert_eq!(c.friend_news(), Some(FriendNews::Joined));
        // The first move ends the greeting.
        c.play(&kalah('a')).expect("legal");
        c.on_message(event(1, Seat::First, Some("p-1"), mv("a")));
        assert_eq!(c.friend_news(), None);
        c.on_message(event(2, Seat::Second, Some("g-1"), Event::Left));
        c.on_message(ServerMessage::Presence {
            seat: Seat::Second,
            status: SeatStatus::Open,
        });
        assert_eq!(c.friend_news(), Some(FriendNews::Left));
        assert_eq!(c.phase(), Phase::WaitingForFriend);
        // Someone new takes the seat.
        c.on_message(ServerMessage::Presence {
            seat: Seat::Second,
            status: SeatStatus::Connected,
        });
        assert_eq!(c.friend_news(), Some(FriendNews::Joined));
        // A friend already here at the first sync is no news either.
        let fresh = connected_creator();
        assert_eq!(fresh.friend_news(), None);
    }

    #[test]
    fn a_pong_is_only_life() {
        let mut c = connected_creator();
        assert!(c.on_text(r#"{"type":"pong"}"#).is_empty());
        assert_eq!(c.phase(), Phase::Playing);
        assert_eq!(c.last_seq(), Some(0));
    }

    #[test]
    fn garbage_from_the_server_is_ignored() {
        let mut c = connected_creator();
        assert!(c.on_text("not json").is_empty());
        assert!(c.on_text(r#"{"type":"event","seq":"x"}"#).is_empty());
        assert_eq!(c.last_seq(), Some(0));
        let text = r#"{"type":"event","seq":1,"by":"first","action_id":"q","event":{"kind":"move","move":"a"}}"#;
        assert!(c.on_text(text).is_empty());
        assert_eq!(moves(&c), ["a"]);
    }
}
