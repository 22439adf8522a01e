//! A game in an online room, on this device's side: it owns what the room confirmed and
//! nothing else. The connection task feeds it the room's updates in order (a whole state, or
//! the next event, folded with the protocol's one fold); a finished route is sent, and the
//! board changes only when the server confirms the move.

use cozcade_engine::{AnyMove, AnyRecord, GameKind, Place, Side};
use cozcade_protocol::{Event, RoomId, RoomState, client::RoomUpdate};

use super::{
    effect::Effect,
    feel::{Feel, feel_of_move},
    finish::Finish,
    mode::Mode,
    route::{Route, Tap},
};

/// What changes an online game besides taps on the board (see [`super::Action`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineAction {
    /// What the room confirmed, in the order the connection received it.
    Confirmed(RoomUpdate),
    /// Whether this device may move now: connected, the friend present, nothing waiting for
    /// the server's answer.
    Ready(bool),
}

#[derive(Clone, Debug)]
pub struct OnlineGame {
    /// The room as confirmed: the board shows its record.
    state: RoomState,
    /// The seat this device plays.
    seat: Side,
    ready: bool,
    route: Route,
}

impl OnlineGame {
    /// The room's game as confirmed in `state`, played from `seat`.
    pub fn new(state: RoomState, seat: Side, ready: bool) -> Self {
        OnlineGame {
            state,
            seat,
            ready,
            route: Route::default(),
        }
    }

    pub fn room(&self) -> &RoomId {
        &self.state.room
    }

    pub fn seat(&self) -> Side {
        self.seat
    }

    pub fn record(&self) -> &AnyRecord {
        &self.state.record
    }

    pub fn kind(&self) -> GameKind {
        self.state.game()
    }

    /// The route tapped so far.
    pub fn route(&self) -> &[Place] {
        self.route.picked()
    }

    /// The cells to highlight: this seat's movable pieces, or the next landings of the chosen
    /// one; none when it is not this seat's move.
    pub fn highlights(&self) -> Vec<Place> {
        if self.human_to_move() {
            self.route.next(&self.state.record)
        } else {
            Vec::new()
        }
    }

    /// Cells that start a move, or none.
    pub fn movable(&self) -> Vec<Place> {
        if self.human_to_move() {
            Route::starts(&self.state.record)
        } else {
            Vec::new()
        }
    }

    /// Whether a landing has been chosen, so only Cancel can leave the route.
    pub fn route_committed(&self) -> bool {
        self.route.is_committed()
    }

    /// This seat's turn in an ongoing round, with the room ready for a move.
    pub fn human_to_move(&self) -> bool {
        self.ready && self.state.turn() == Some(self.seat)
    }

    /// The player to tap has no move but a pass (Chinese Checkers): the UI offers Pass.
    pub fn must_pass(&self) -> bool {
        self.human_to_move() && self.the_pass().is_some()
    }

    /// The board is drawn turned half a round from the second seat, whose side must be nearest
    /// the player.
    pub fn board_turned(&self) -> bool {
        self.seat == Side::Second
    }

    /// How the round ended, told from this seat; `None` while it goes on.
    pub fn finish(&self) -> Option<Finish> {
        // The mode does not matter once the seat is known.
        Finish::of(&self.state.record, Mode::SameDevice, Some(self.seat))
    }

    /// The feedback for the move at ply `index`: a win only when this seat won.
    pub fn feel_of_move(&self, index: usize) -> Option<Feel> {
        feel_of_move(&self.state.record, index, Some(self.seat))
    }

    /// A tap on the board: a finished route is sent to the room.
    pub fn tap(&mut self, place: Place) -> Vec<Effect> {
        if !self.human_to_move() {
            return Vec::new();
        }
        match self.route.tap(&self.state.record, place) {
            Tap::Complete(mv) => self.send(mv),
            Tap::Extended | Tap::Released | Tap::Ignored => Vec::new(),
        }
    }

    pub fn cancel(&mut self) -> Vec<Effect> {
        self.route.cancel();
        Vec::new()
    }

    /// The pass, sent when it is the move.
    pub fn pass(&mut self) -> Vec<Effect> {
        match self.the_pass() {
            Some(pass) if self.must_pass() => self.send(pass),
            _ => Vec::new(),
        }
    }

    pub fn apply(&mut self, action: OnlineAction) -> Vec<Effect> {
        match action {
            OnlineAction::Ready(ready) => {
                self.ready = ready;
                Vec::new()
            }
            OnlineAction::Confirmed(RoomUpdate::Event { seq, by, event }) => {
                let moved = matches!(event, Event::Move { .. });
                if self.state.apply(seq, by, &event).is_err() {
                    // The client saw the same disagreement and asked for the whole state,
                    // which comes as the next update.
                    return Vec::new();
                }
                self.route.cancel();
                match (moved, self.state.record.len().checked_sub(1)) {
                    (true, Some(index)) => vec![Effect::Played { index }],
                    _ => Vec::new(),
                }
            }
            OnlineAction::Confirmed(RoomUpdate::State(state)) => {
                // A state that adds one move to the round on the board is that move, shown as
                // one; anything else (a new round, another game, several moves) just appears.
                let (was, now) = (&self.state.record, &state.record);
                let one_more = state.round == self.state.round
                    && now.len() == was.len() + 1
                    && now.start_fen() == was.start_fen()
                    && now.move_texts().starts_with(&was.move_texts());
                self.state = state;
                self.route.cancel();
                if one_more {
                    vec![Effect::Played {
                        index: self.state.record.len() - 1,
                    }]
                } else {
                    Vec::new()
                }
            }
        }
    }

    /// A finished online route: no more taps until the server has answered.
    fn send(&mut self, mv: AnyMove) -> Vec<Effect> {
        self.ready = false;
        self.route.cancel();
        vec![Effect::Send(mv)]
    }

    /// The pass, when it is the move (Chinese Checkers: the engine offers it only then).
    fn the_pass(&self) -> Option<AnyMove> {
        self.state
            .record
            .legal_moves()
            .into_iter()
            .find(AnyMove::is_pass)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::client::OnlineClient;
    use crate::state::{Action, Level, LocalAction, LocalGame, Table, place_of};
    use cozcade_protocol::{PROTOCOL_VERSION, SeatStatus, ServerMessage};

    const ROOM: &str = "3f9c2a71d04be85e6a10";

    /// A Kalah pit of gold's row, a..f.
    fn gold(pit: char) -> Place {
        place_of(GameKind::Kalah, pit as u8 - b'a').expect("a..f")
    }

    fn turquoise(pit: char) -> Place {
        place_of(GameKind::Kalah, 6 + pit as u8 - b'a').expect("a..f")
    }

    fn sq(n: u8) -> Place {
        place_of(GameKind::Checkers, n).expect("1..32")
    }

    fn kalah_after(moves: &[&str]) -> AnyRecord {
        let mut record = AnyRecord::new(GameKind::Kalah);
        for mv in moves {
            record.play_text(mv).expect("legal");
        }
        record
    }

    fn state(record: &AnyRecord, seq: u64) -> RoomState {
        RoomState {
            room: ROOM.parse().expect("well formed"),
            seq,
            round: 1,
            record: record.clone(),
            new_round_proposed_by: None,
            new_round_answer: None,
            seats: [SeatStatus::Connected, SeatStatus::Connected],
        }
    }

    /// The moves sent to the room, in notation; nothing else in `effects`.
    fn sent(effects: &[Effect]) -> Vec<String> {
        effects
            .iter()
            .map(|e| match e {
                Effect::Send(mv) => mv.to_string(),
                other => panic!("expected only sends, got {other:?}"),
            })
            .collect()
    }

    /// A room's client seated at `seat`, welcomed and synced to `record` with both players
    /// present, and the board opened from the state it reported, as the shell does.
    struct Room {
        client: OnlineClient,
        game: OnlineGame,
    }

    impl Room {
        fn new(record: &AnyRecord, seat: Side) -> Room {
            let mut client = OnlineClient::new(
                ROOM.parse().expect("well formed"),
                Some("key".parse().expect("well formed")),
                "t".into(),
            );
            client.on_open();
            client.on_message(ServerMessage::Welcome {
                version: PROTOCOL_VERSION,
                room: ROOM.parse().expect("well formed"),
                game: record.kind(),
                seat,
                seat_key: None,
                seq: 0,
                resync: true,
            });
            client.on_message(ServerMessage::Sync {
                state: state(record, 0),
            });
            let Some(RoomUpdate::State(state)) = client.take_updates().pop() else {
                panic!("synced");
            };
            Room {
                client,
                game: OnlineGame::new(state, seat, true),
            }
        }

        /// The server sends `message`; the board is fed what the client reports of it.
        fn hear(&mut self, message: ServerMessage) -> Vec<Effect> {
            self.client.on_message(message);
            self.client
                .take_updates()
                .into_iter()
                .flat_map(|update| self.game.apply(OnlineAction::Confirmed(update)))
                .collect()
        }

        /// The server confirms `event` as the room's next number.
        fn confirm(&mut self, by: Side, event: Event) -> Vec<Effect> {
            let seq = self.client.last_seq().map_or(1, |n| n + 1);
            self.hear(ServerMessage::Event {
                seq,
                by,
                action_id: None,
                event,
            })
        }
    }

    fn moved(text: &str) -> Event {
        Event::Move { mv: text.into() }
    }

    #[test]
    fn only_my_seat_taps_and_the_move_is_sent_not_played() {
        let mut room = Room::new(&AnyRecord::new(GameKind::Kalah), Side::Second);
        let s = &mut room.game;
        assert_eq!(s.seat(), Side::Second);
        // Gold (the creator) moves first: nothing of mine is tappable.
        assert!(s.highlights().is_empty());
        assert!(s.tap(gold('a')).is_empty());
        let effects = room.confirm(Side::First, moved("a"));
        assert_eq!(
            effects,
            vec![Effect::Played { index: 0 }],
            "animated, never saved"
        );
        let s = &mut room.game;
        assert_eq!(s.highlights().len(), 6);
        assert!(s.tap(gold('b')).is_empty(), "not my pits");
        assert_eq!(sent(&s.tap(turquoise('b'))), ["b"]);
        // Shown only once confirmed; no second move while the first is on its way.
        assert_eq!(s.record().move_texts(), ["a"]);
        assert!(s.highlights().is_empty());
        assert!(s.tap(turquoise('c')).is_empty());
        room.confirm(Side::Second, moved("b"));
        assert_eq!(room.game.record().move_texts(), ["a", "b"]);
        assert!(room.game.highlights().is_empty(), "gold's turn now");
    }

    #[test]
    fn it_waits_while_the_room_is_not_ready() {
        let mut s = OnlineGame::new(
            state(&AnyRecord::new(GameKind::Kalah), 0),
            Side::First,
            false,
        );
        assert!(s.highlights().is_empty());
        assert!(s.tap(gold('a')).is_empty());
        assert!(s.apply(OnlineAction::Ready(true)).is_empty());
        assert_eq!(s.highlights().len(), 6);
        // The friend drops: the game waits again.
        s.apply(OnlineAction::Ready(false));
        assert!(s.tap(gold('a')).is_empty());
    }

    #[test]
    fn local_controls_change_nothing_online_and_confirmations_nothing_locally() {
        let mut room = Room::new(&kalah_after(&["a"]), Side::Second);
        let mut table = Table::Online(room.game.clone());
        for action in [
            LocalAction::Undo,
            LocalAction::NewGame { seed: 1 },
            LocalAction::Pause,
            LocalAction::SetLevel(Level::Hard),
            LocalAction::SwitchToSameDevice,
            LocalAction::ComputerMoved {
                generation: 0,
                mv: AnyRecord::new(GameKind::Kalah).legal_moves()[0],
            },
        ] {
            assert!(table.apply(action.clone()).is_empty(), "{action:?}");
        }
        assert_eq!(table.record().move_texts(), ["a"]);
        assert!(table.local().is_none(), "nothing to undo or save online");
        // A new round (or a resync) replaces the record without an animation.
        let effects = room.confirm(Side::First, Event::NewRoundStarted { round: 2 });
        assert!(effects.is_empty());
        assert!(room.game.record().is_empty());
        // A local game ignores what only a room confirms.
        let mut local = Table::Local(LocalGame::new(
            GameKind::Kalah,
            crate::state::Mode::SameDevice,
        ));
        let confirmation = OnlineAction::Confirmed(RoomUpdate::Event {
            seq: 1,
            by: Side::First,
            event: moved("a"),
        });
        assert!(local.apply(Action::Online(confirmation)).is_empty());
        assert!(local.apply(OnlineAction::Ready(true)).is_empty());
        assert!(local.record().is_empty());
    }

    #[test]
    fn a_confirmed_move_appears_once_and_a_resync_replaces_it() {
        let mut room = Room::new(&AnyRecord::new(GameKind::Kalah), Side::Second);
        assert_eq!(
            room.confirm(Side::First, moved("a")),
            vec![Effect::Played { index: 0 }]
        );
        // The same event again (a replay after a reconnect): the client drops it.
        let again = room.hear(ServerMessage::Event {
            seq: 1,
            by: Side::First,
            action_id: None,
            event: moved("a"),
        });
        assert!(again.is_empty());
        assert_eq!(room.game.record().move_texts(), ["a"], "once");
        // A resync to another game replaces it, without an animation.
        let effects = room.hear(ServerMessage::Sync {
            state: state(&kalah_after(&["c"]), 7),
        });
        assert!(effects.is_empty(), "{effects:?}");
        assert_eq!(room.game.record().move_texts(), ["c"]);
        // A resync that only adds a move to what is shown is that move.
        let effects = room.hear(ServerMessage::Sync {
            state: state(&kalah_after(&["c", "a"]), 8),
        });
        assert_eq!(effects, vec![Effect::Played { index: 1 }]);
        assert_eq!(room.game.record().move_texts(), ["c", "a"]);
    }

    #[test]
    fn a_checkers_capture_is_sent_whole() {
        let record =
            AnyRecord::from_fen(GameKind::Checkers, "B:W18,19,26,27:B14,15").expect("valid");
        let mut s = Room::new(&record, Side::First).game;
        s.tap(sq(15));
        assert!(s.tap(sq(24)).is_empty(), "half a capture");
        assert_eq!(sent(&s.tap(sq(31))), ["15x24x31"]);
        assert!(s.route().is_empty());
        assert!(s.record().is_empty());
    }
}
