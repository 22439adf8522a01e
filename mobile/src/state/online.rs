//! What the online screen shows of a room, derived from the protocol client after every
//! change: the connection, the friend, a New round request, the last refusal. Pure, so the
//! screen's rules (when the game waits, when the stored seat is forgotten) are unit-tested.

use cozcade_engine::{GameKind, Side};
use cozcade_protocol::{SeatKey, SeatStatus};

use super::invitation::Invitation;
use crate::online::client::{FriendNews, IntentError, NewRoundAnswer, OnlineClient, Phase, Stop};

/// The connection indicator's states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Connection {
    Connecting,
    /// Both players are here: the game goes on.
    Connected,
    /// This device lost the server and tries again by itself.
    Reconnecting {
        attempt: u32,
    },
    /// The device has no network; it reconnects as soon as the network is back.
    Offline,
    /// Nobody has taken the second seat yet: the invitation is shown.
    WaitingForFriendToJoin,
    /// The friend's connection dropped; the game waits for them.
    WaitingForFriendToReturn,
    /// The friend gave up their seat; it is open for whoever follows the invitation.
    FriendLeft,
    /// For good: a plain screen says why.
    Stopped(Stop),
}

impl Connection {
    /// A stable name for the page (`data-connection`) and tests.
    pub fn as_str(&self) -> &'static str {
        match self {
            Connection::Connecting => "connecting",
            Connection::Connected => "connected",
            Connection::Reconnecting { .. } => "reconnecting",
            Connection::Offline => "offline",
            Connection::WaitingForFriendToJoin => "waiting-to-join",
            Connection::WaitingForFriendToReturn => "waiting-to-return",
            Connection::FriendLeft => "friend-left",
            Connection::Stopped(_) => "stopped",
        }
    }
}

/// Where a request for a new round stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NewRound {
    None,
    /// This player asked; the friend has not agreed yet.
    AskedByMe,
    /// The friend asked: Accept is offered.
    AskedByFriend,
}

/// How the last request for a new round was turned down, as this player sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Answered {
    DeclinedByFriend,
    DeclinedByMe,
    WithdrawnByFriend,
    WithdrawnByMe,
}

impl Answered {
    /// The message saying so.
    pub fn text_id(self) -> &'static str {
        match self {
            Answered::DeclinedByFriend => "online-new-round-declined-by-friend",
            Answered::DeclinedByMe => "online-new-round-declined-by-me",
            Answered::WithdrawnByFriend => "online-new-round-withdrawn-by-friend",
            Answered::WithdrawnByMe => "online-new-round-withdrawn-by-me",
        }
    }

    /// A stable name for the page (`data-answer`) and tests.
    pub fn as_str(self) -> &'static str {
        match self {
            Answered::DeclinedByFriend => "declined-by-friend",
            Answered::DeclinedByMe => "declined-by-me",
            Answered::WithdrawnByFriend => "withdrawn-by-friend",
            Answered::WithdrawnByMe => "withdrawn-by-me",
        }
    }
}

/// A short message about an action that changed nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineMessage {
    /// The server refused the action (its words).
    Refused(String),
    /// The action was not sent (the client's reason).
    NotSent(IntentError),
}

/// The online screen's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlineView {
    pub invitation: Invitation,
    /// Known from the welcome on.
    pub game: Option<GameKind>,
    pub seat: Option<Side>,
    pub connection: Connection,
    pub new_round: NewRound,
    /// How the last request was turned down, until the next request or round.
    pub new_round_answer: Option<Answered>,
    /// The round number (1 for the first game in the room).
    pub round: Option<u32>,
    /// An action is on its way to the server.
    pub pending: bool,
    pub message: Option<OnlineMessage>,
    /// The friend has just taken the open seat ("Your friend joined"), until the first move.
    pub friend_joined: bool,
    /// The seat's key this device holds (shown in its personal link).
    pub seat_key: Option<SeatKey>,
    /// A new personal link was asked for and is not confirmed yet.
    pub replacing_key: bool,
}

impl OnlineView {
    /// Before the first connection.
    pub fn opening(invitation: Invitation) -> Self {
        OnlineView {
            invitation,
            game: None,
            seat: None,
            connection: Connection::Connecting,
            new_round: NewRound::None,
            new_round_answer: None,
            round: None,
            pending: false,
            message: None,
            friend_joined: false,
            seat_key: None,
            replacing_key: false,
        }
    }

    /// The view of `client` now; `error` is why the player's last intent was not sent.
    pub fn of(invitation: Invitation, client: &OnlineClient, error: Option<IntentError>) -> Self {
        let connection = match client.phase() {
            Phase::Connecting => Connection::Connecting,
            Phase::Playing => Connection::Connected,
            Phase::Reconnecting { attempt } => Connection::Reconnecting { attempt },
            Phase::Offline => Connection::Offline,
            Phase::Stopped(stop) => Connection::Stopped(stop),
            Phase::WaitingForFriend => match client.friend() {
                SeatStatus::Away => Connection::WaitingForFriendToReturn,
                SeatStatus::Open if client.friend_news() == Some(FriendNews::Left) => {
                    Connection::FriendLeft
                }
                SeatStatus::Open | SeatStatus::Connected => Connection::WaitingForFriendToJoin,
            },
        };
        let new_round = match (client.new_round_proposed_by(), client.seat()) {
            (Some(by), Some(mine)) if by == mine => NewRound::AskedByMe,
            (Some(_), _) => NewRound::AskedByFriend,
            (None, _) => NewRound::None,
        };
        let mine = |by| client.seat() == Some(by);
        let new_round_answer = client.new_round_answer().map(|answer| match answer {
            NewRoundAnswer::Declined { by } if mine(by) => Answered::DeclinedByMe,
            NewRoundAnswer::Declined { .. } => Answered::DeclinedByFriend,
            NewRoundAnswer::Withdrawn { by } if mine(by) => Answered::WithdrawnByMe,
            NewRoundAnswer::Withdrawn { .. } => Answered::WithdrawnByFriend,
        });
        let message = match error {
            Some(error) => Some(OnlineMessage::NotSent(error)),
            None => client
                .last_refusal()
                .map(|r| OnlineMessage::Refused(r.message.clone())),
        };
        OnlineView {
            invitation,
            game: client.game(),
            seat: client.seat(),
            connection,
            new_round,
            new_round_answer,
            round: client.round(),
            pending: client.has_pending(),
            message,
            friend_joined: client.phase() == Phase::Playing
                && client.friend_news() == Some(FriendNews::Joined),
            seat_key: client.seat_key().cloned(),
            replacing_key: client.replacing_key().is_some(),
        }
    }

    /// Whether this device may act now: both players here and nothing on its way.
    pub fn ready(&self) -> bool {
        self.connection == Connection::Connected && !self.pending
    }

    /// Whether the seat across is open for someone to take (the invitation is worth showing).
    pub fn seat_open(&self) -> bool {
        matches!(
            self.connection,
            Connection::WaitingForFriendToJoin | Connection::FriendLeft
        )
    }

    /// Whether the device should forget its seat in this room: it is gone or no longer ours.
    /// Replaced and full rooms keep it (the seat is still ours, or never was).
    pub fn forgets_seat(&self) -> bool {
        matches!(
            self.connection,
            Connection::Stopped(
                Stop::Left
                    | Stop::UnknownRoom
                    | Stop::RoomExpired
                    | Stop::BadSeatKey
                    | Stop::SeatKeyReplaced
            )
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cozcade_engine::AnyRecord;
    use cozcade_protocol::{ErrorCode, Event, PROTOCOL_VERSION, RoomState, ServerMessage};

    fn wire(message: &ServerMessage) -> String {
        serde_json::to_string(message).expect("server messages serialise")
    }

    const ROOM: &str = "3f9c2a71d04be85e6a10";

    fn invitation() -> Invitation {
        Invitation {
            server: "http://127.0.0.1:8080".into(),
            room: ROOM.parse().expect("well formed"),
        }
    }

    fn view(client: &OnlineClient) -> OnlineView {
        OnlineView::of(invitation(), client, None)
    }

    /// A player just welcomed into a fresh `game` room: the guest (given its key in the
    /// welcome) or the creator (with its own), the seats as `seats`.
    fn welcomed(seat: Side, game: GameKind, seats: [SeatStatus; 2]) -> OnlineClient {
        let guest = seat == Side::Second;
        let own_key = (!guest).then(|| "k".parse().expect("well formed"));
        let mut c = OnlineClient::new(ROOM.parse().expect("well formed"), own_key, "t".into());
        c.on_open();
        c.on_text(&wire(&ServerMessage::Welcome {
            version: PROTOCOL_VERSION,
            room: ROOM.parse().expect("well formed"),
            game,
            seat,
            seat_key: guest.then(|| "guest-key".parse().expect("well formed")),
            seq: 0,
            resync: true,
        }));
        c.on_text(&wire(&ServerMessage::Sync {
            state: RoomState {
                room: ROOM.parse().expect("well formed"),
                seq: 0,
                round: 1,
                record: AnyRecord::new(game),
                new_round_proposed_by: None,
                new_round_answer: None,
                seats,
            },
        }));
        c
    }

    /// A guest who has just been welcomed into a fresh Kalah room, with the creator as `creator`.
    fn guest(creator: SeatStatus) -> OnlineClient {
        welcomed(
            Side::Second,
            GameKind::Kalah,
            [creator, SeatStatus::Connected],
        )
    }

    /// The creator, just welcomed back into a fresh `game` room whose second seat is open.
    fn creator(game: GameKind) -> OnlineClient {
        welcomed(Side::First, game, [SeatStatus::Connected, SeatStatus::Open])
    }

    #[test]
    fn the_indicator_follows_the_connection_and_the_friend() {
        let fresh = OnlineClient::new(ROOM.parse().expect("well formed"), None, "t".into());
        assert_eq!(view(&fresh).connection, Connection::Connecting);
        assert!(!view(&fresh).ready());

        let mut c = guest(SeatStatus::Connected);
        let v = view(&c);
        assert_eq!(v.connection, Connection::Connected);
        assert_eq!(
            (v.game, v.seat, v.round),
            (Some(GameKind::Kalah), Some(Side::Second), Some(1))
        );
        assert!(v.ready());

        c.on_text(&wire(&ServerMessage::Presence {
            seat: Side::First,
            status: SeatStatus::Away,
        }));
        assert_eq!(view(&c).connection, Connection::WaitingForFriendToReturn);
        assert!(!view(&c).ready(), "the game waits for the friend");

        c.on_closed();
        assert_eq!(view(&c).connection, Connection::Reconnecting { attempt: 1 });
        assert_eq!(view(&c).connection.as_str(), "reconnecting");
    }

    #[test]
    fn offline_a_friend_joining_and_a_friend_leaving_are_told_apart() {
        let mut c = creator(GameKind::Kalah);
        assert!(view(&c).seat_open());
        assert!(!view(&c).friend_joined);
        c.on_text(&wire(&ServerMessage::Presence {
            seat: Side::Second,
            status: SeatStatus::Connected,
        }));
        let v = view(&c);
        assert_eq!(v.connection, Connection::Connected);
        assert!(v.friend_joined && v.ready() && !v.seat_open());
        // Offline: not ready, no "joined" greeting, and its own name for the page.
        c.on_offline();
        let v = view(&c);
        assert_eq!(v.connection, Connection::Offline);
        assert_eq!(v.connection.as_str(), "offline");
        assert!(!v.ready() && !v.friend_joined);
        c.on_online();
        c.on_open();
        c.on_text(&wire(&ServerMessage::Welcome {
            version: PROTOCOL_VERSION,
            room: ROOM.parse().expect("well formed"),
            game: GameKind::Kalah,
            seat: Side::First,
            seat_key: None,
            seq: 0,
            resync: false,
        }));
        assert!(view(&c).ready());
        c.on_text(&wire(&ServerMessage::Event {
            seq: 1,
            by: Side::Second,
            action_id: None,
            event: Event::Left,
        }));
        let v = view(&c);
        assert_eq!(v.connection, Connection::FriendLeft);
        assert_eq!(v.connection.as_str(), "friend-left");
        assert!(v.seat_open() && !v.ready());
    }

    #[test]
    fn an_empty_second_seat_means_waiting_for_the_friend_to_join() {
        let c = creator(GameKind::Checkers);
        assert_eq!(view(&c).connection, Connection::WaitingForFriendToJoin);
        assert!(!view(&c).ready());
    }

    #[test]
    fn new_round_requests_are_told_apart() {
        let mut c = guest(SeatStatus::Connected);
        c.on_text(&wire(&ServerMessage::Event {
            seq: 1,
            by: Side::First,
            action_id: None,
            event: Event::NewRoundProposed,
        }));
        assert_eq!(view(&c).new_round, NewRound::AskedByFriend);
        // Accepting sends; while the answer is on its way nothing else can be done.
        assert_eq!(c.new_round().map(|m| m.len()), Ok(1));
        assert!(view(&c).pending);
        assert!(!view(&c).ready());

        let mut c = guest(SeatStatus::Connected);
        let sent = c.new_round();
        assert!(sent.is_ok());
        c.on_text(&wire(&ServerMessage::Event {
            seq: 1,
            by: Side::Second,
            action_id: Some("t-1".parse().expect("well formed")),
            event: Event::NewRoundProposed,
        }));
        assert_eq!(view(&c).new_round, NewRound::AskedByMe);
        assert!(!view(&c).pending);
    }

    #[test]
    fn a_declined_or_withdrawn_request_says_who_turned_it_down() {
        let mut c = guest(SeatStatus::Connected);
        let ev = |seq, by, event| ServerMessage::Event {
            seq,
            by,
            action_id: None,
            event,
        };
        c.on_text(&wire(&ev(1, Side::First, Event::NewRoundProposed)));
        c.on_text(&wire(&ev(2, Side::Second, Event::NewRoundDeclined)));
        let v = view(&c);
        assert_eq!(
            (v.new_round, v.new_round_answer),
            (NewRound::None, Some(Answered::DeclinedByMe))
        );
        c.on_text(&wire(&ev(3, Side::Second, Event::NewRoundProposed)));
        assert_eq!(view(&c).new_round_answer, None, "a new request");
        c.on_text(&wire(&ev(4, Side::First, Event::NewRoundDeclined)));
        assert_eq!(view(&c).new_round_answer, Some(Answered::DeclinedByFriend));
        c.on_text(&wire(&ev(5, Side::First, Event::NewRoundProposed)));
        c.on_text(&wire(&ev(6, Side::First, Event::NewRoundWithdrawn)));
        assert_eq!(view(&c).new_round_answer, Some(Answered::WithdrawnByFriend));
        c.on_text(&wire(&ev(7, Side::Second, Event::NewRoundProposed)));
        c.on_text(&wire(&ev(8, Side::Second, Event::NewRoundWithdrawn)));
        assert_eq!(view(&c).new_round_answer, Some(Answered::WithdrawnByMe));
        assert_eq!(
            Answered::WithdrawnByMe.text_id(),
            "online-new-round-withdrawn-by-me"
        );
    }

    #[test]
    fn an_answer_is_told_after_a_full_sync_too() {
        // The creator comes back (a reload: no number of its own, so a sync and no replay)
        // after the friend declined its request.
        let mut c = OnlineClient::new(
            ROOM.parse().expect("well formed"),
            Some("k".parse().expect("well formed")),
            "t".into(),
        );
        c.on_open();
        c.on_text(&wire(&ServerMessage::Welcome {
            version: PROTOCOL_VERSION,
            room: ROOM.parse().expect("well formed"),
            game: GameKind::Kalah,
            seat: Side::First,
            seat_key: None,
            seq: 2,
            resync: true,
        }));
        c.on_text(&wire(&ServerMessage::Sync {
            state: RoomState {
                room: ROOM.parse().expect("well formed"),
                seq: 2,
                round: 1,
                record: AnyRecord::new(GameKind::Kalah),
                new_round_proposed_by: None,
                new_round_answer: Some(NewRoundAnswer::Declined { by: Side::Second }),
                seats: [SeatStatus::Connected, SeatStatus::Connected],
            },
        }));
        let v = view(&c);
        assert_eq!(
            (v.new_round, v.new_round_answer),
            (NewRound::None, Some(Answered::DeclinedByFriend))
        );
    }

    #[test]
    fn refusals_and_unsent_intents_become_a_message() {
        let mut c = guest(SeatStatus::Connected);
        let gold_a = AnyRecord::new(GameKind::Kalah).legal_moves()[0];
        let error = c.play(&gold_a).expect_err("gold moves first");
        let v = OnlineView::of(invitation(), &c, Some(error.clone()));
        assert_eq!(v.message, Some(OnlineMessage::NotSent(error)));

        c.on_text(&wire(&ServerMessage::Error {
            code: ErrorCode::Stale,
            message: "the room has moved on".into(),
            action_id: None,
            seq: None,
        }));
        assert_eq!(
            view(&c).message,
            Some(OnlineMessage::Refused("the room has moved on".into()))
        );
    }

    #[test]
    fn the_seat_is_forgotten_only_when_it_is_gone() {
        for (code, forgets) in [
            (ErrorCode::UnknownRoom, true),
            (ErrorCode::BadSeatKey, true),
            (ErrorCode::SeatKeyReplaced, true),
            (ErrorCode::RoomFull, false),
        ] {
            let mut c = OnlineClient::new(ROOM.parse().expect("well formed"), None, "t".into());
            c.on_open();
            c.on_text(&wire(&ServerMessage::Error {
                code,
                message: String::new(),
                action_id: None,
                seq: None,
            }));
            let v = view(&c);
            assert!(matches!(v.connection, Connection::Stopped(_)), "{code:?}");
            assert_eq!(v.forgets_seat(), forgets, "{code:?}");
        }
        let mut c = guest(SeatStatus::Connected);
        c.on_text(&wire(&ServerMessage::Closing {
            reason: cozcade_protocol::CloseReason::Replaced,
            message: String::new(),
        }));
        assert_eq!(view(&c).connection, Connection::Stopped(Stop::Replaced));
        assert!(
            !view(&c).forgets_seat(),
            "the seat is still ours, in the other tab"
        );
    }
}
