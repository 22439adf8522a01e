//! One game on the screen: the record, who plays the second colour, the route being tapped,
//! pause and the computer's progress.

use std::cell::Ref;
use std::ops::Deref;

use cozcade_engine::{AnyMove, AnyRecord, Game, GameKind, Outcome, Side};

use crate::online::session::SharedClient;

use super::{
    finish::Finish,
    mode::{Level, Mode, Slot},
    pass_and_play::PassAndPlay,
    route::{Cell, RouteBuilder, Tap},
};

/// Everything that changes a session. Components send these; nothing else mutates it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A tap (or Enter/Space) on a pit, square or hole.
    Tap(Cell),
    /// Escape / Cancel: forget the unfinished route, back to the position before this turn.
    Cancel,
    /// Chinese Checkers: the side to move has no move and passes (only when that is the move).
    Pass,
    /// Against the computer: back to the player's previous turn. Same device: back one turn.
    Undo,
    /// Start again from the starting position (the UI has asked for confirmation), with a
    /// new seed for the computer's randomness (drawn by the shell: see [`Session::seed`]).
    NewGame {
        seed: u64,
    },
    /// Change the computer's level; the game goes on.
    SetLevel(Level),
    /// Give up on the computer and go on as two players on this device.
    SwitchToSameDevice,
    Pause,
    /// Continue after a pause; after a computer failure, retry its turn (once).
    Resume,
    /// The computer's answer to the request made at `generation`.
    ComputerMoved {
        generation: u64,
        mv: AnyMove,
    },
    /// The computer could not answer the request made at `generation`.
    ComputerFailed {
        generation: u64,
    },
    /// Two players on one device: how they pass it (saved with the game).
    SetPassAndPlay(PassAndPlay),
    /// The hand-over screen was tapped: the player to move has the device.
    HandedOver,
    /// Online: the room's client has applied what the server confirmed, up to `seq`, and
    /// whether this device may move now (connected, the friend present, nothing waiting for
    /// the server's answer). The record itself stays in the client.
    Confirmed {
        seq: Option<u64>,
        ready: bool,
    },
}

/// How a move feels in the hand (a phone's haptics, which the shell asks the host for).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Feel {
    Move,
    Capture,
    /// This device's player won with it.
    Win,
}

/// What the shell must do after an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Store the record and mode in this game's slot for the mode.
    Save,
    /// Remove the save of a slot this game has left.
    DeleteSave(Slot),
    /// Ask the computer for a move; answer with [`Action::ComputerMoved`] or
    /// [`Action::ComputerFailed`] carrying `generation`.
    Think { level: Level, generation: u64 },
    /// Stop a search in progress (its answer would be stale anyway).
    StopThinking,
    /// A move was added to the record at this ply index (for the sowing animation).
    Played { index: usize },
    /// Online: send this move to the room; it appears when the server confirms it.
    Send(AnyMove),
}

/// Online: the room's client (the one owner of the record), the seat this device plays,
/// whether the room is ready for its move, and which state of the record is on screen.
#[derive(Clone, Debug)]
struct OnlineSeat {
    client: SharedClient,
    seat: Side,
    ready: bool,
    shown: Shown,
}

/// The client's record as the board last showed it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Shown {
    seq: Option<u64>,
    replacements: u64,
    plies: usize,
}

/// The record a session plays: its own (a local game), or borrowed from the room's client.
pub enum RecordRef<'a> {
    Local(&'a AnyRecord),
    Room(Ref<'a, AnyRecord>),
}

impl PartialEq for RecordRef<'_> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl std::fmt::Debug for RecordRef<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

impl Deref for RecordRef<'_> {
    type Target = AnyRecord;

    fn deref(&self) -> &AnyRecord {
        match self {
            RecordRef::Local(record) => record,
            RecordRef::Room(record) => record,
        }
    }
}

/// The computer's part in the session.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ComputerState {
    Idle,
    Thinking,
    /// The last request failed; `retried` once Resume has already been used for it.
    Failed {
        retried: bool,
    },
}

#[derive(Clone, Debug)]
pub struct Session {
    /// A local game's record. Online it is only the starting position, shown should the client
    /// have no record (it forgot its state and waits for the server's).
    record: AnyRecord,
    mode: Mode,
    route: RouteBuilder<AnyMove>,
    paused: bool,
    computer: ComputerState,
    /// Bumped whenever the game changes under a pending computer request, so that a late answer
    /// to an old position is recognised and dropped.
    generation: u64,
    /// Resume was already used to retry the current failed turn.
    retried: bool,
    /// On one device: the hand-over screen and the turning board, as chosen.
    pass: PassAndPlay,
    /// A turn has ended on one device and the hand-over screen waits for the next player.
    handing_over: bool,
    /// Set for a game in an online room: only this seat's taps count, moves go to the server
    /// and the record changes only through [`Action::Confirmed`]. Never saved.
    online: Option<OnlineSeat>,
    /// Seeds the computer's randomness for this game (see [`Session::seed`]).
    seed: u64,
}

impl Session {
    /// A new game from the start.
    pub fn new(kind: GameKind, mode: Mode) -> Self {
        Session::resume_record(AnyRecord::new(kind), mode)
    }

    /// A saved game, as it was stored.
    pub fn resume_record(record: AnyRecord, mode: Mode) -> Self {
        let mut session = Session {
            route: RouteBuilder::default(),
            record,
            mode,
            paused: false,
            computer: ComputerState::Idle,
            generation: 0,
            retried: false,
            pass: PassAndPlay::default(),
            handing_over: false,
            online: None,
            seed: 0,
        };
        session.refresh_route();
        session
    }

    /// The same session with the computer's seed for this game (drawn from the system for a
    /// new game, saved with it).
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The computer's seed for this game: with the position it fixes the computer's move, so
    /// each new game plays differently and a resumed one replays exactly as it would have.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The same session with the players' way of passing the device (as saved with it).
    pub fn with_pass_and_play(mut self, pass: PassAndPlay) -> Self {
        self.pass = pass;
        self
    }

    pub fn pass_and_play(&self) -> PassAndPlay {
        self.pass
    }

    /// The side the device is to be handed to, while the hand-over screen is up.
    pub fn handing_over_to(&self) -> Option<Side> {
        self.handing_over.then(|| self.record.turn())
    }

    /// A game in an online room, read from the room's client, played from `seat`.
    pub fn online(client: SharedClient, seat: Side, ready: bool) -> Self {
        let (kind, shown) = {
            let c = client.borrow();
            let shown = Session::shown_of(&c);
            (c.record().map_or(GameKind::Kalah, AnyRecord::kind), shown)
        };
        let mut session = Session::resume_record(AnyRecord::new(kind), Mode::SameDevice);
        session.online = Some(OnlineSeat {
            client,
            seat,
            ready,
            shown,
        });
        session.refresh_route();
        session
    }

    fn shown_of(client: &crate::online::client::OnlineClient) -> Shown {
        Shown {
            seq: client.last_seq(),
            replacements: client.replacements(),
            plies: client.record().map_or(0, AnyRecord::len),
        }
    }

    /// The feedback for the move at ply `index` (a phone's haptics): a win for this device's
    /// player, a capture (checkers pieces, or Kalah seeds taken from across the board), or a
    /// plain move. `None` for a ply the record doesn't have.
    pub fn feel_of_move(&self, index: usize) -> Option<Feel> {
        let record = self.record();
        let mv = record.move_at(index)?;
        let ended_here = index + 1 == record.len() && record.outcome().is_some();
        if ended_here && let Some(Outcome::Win(winner)) = record.outcome() {
            // Against the computer the player is the first colour; online, the seat; on one
            // device both players are, and the winner is among them.
            let ours = match (self.online_seat(), self.mode) {
                (Some(seat), _) => winner == seat,
                (None, Mode::Computer(_)) => winner == Side::First,
                (None, Mode::SameDevice) => true,
            };
            if ours {
                return Some(Feel::Win);
            }
        }
        let captured = match &*record {
            AnyRecord::Checkers(_) => mv.is_capture(),
            // Sowing only ever adds to the other side's pits, so one that lost seeds was
            // captured; except in the last move, after which the rows are swept into the stores.
            AnyRecord::Kalah(record) if !ended_here => {
                match (record.position_at(index), record.position_at(index + 1)) {
                    (Some(before), Some(after)) => {
                        let other = before.turn().other();
                        let (was, now) = (before.pits(other), after.pits(other));
                        was.iter().zip(now).any(|(w, n)| n < *w)
                    }
                    _ => false,
                }
            }
            AnyRecord::Kalah(_) | AnyRecord::ChineseCheckers(_) => false,
        };
        Some(if captured { Feel::Capture } else { Feel::Move })
    }

    /// The board is drawn turned half a round: online from the second seat, whose side must be
    /// nearest the player; on one device, when the players chose it, for the second colour's turn.
    pub fn board_turned(&self) -> bool {
        match self.online_seat() {
            Some(seat) => seat == Side::Second,
            None => {
                self.mode == Mode::SameDevice
                    && self.pass.turn_board
                    && self.record.turn() == Side::Second
            }
        }
    }

    /// How the game ended, told from this device's side; `None` while it goes on.
    pub fn finish(&self) -> Option<Finish> {
        Finish::of(&self.record(), self.mode, self.online_seat())
    }

    /// The seat this device plays in an online room (`None` for a local game).
    pub fn online_seat(&self) -> Option<Side> {
        self.online.as_ref().map(|o| o.seat)
    }

    /// Effects to run once the session is on screen: a restored game where the computer is to
    /// move starts it thinking.
    pub fn start(&mut self) -> Vec<Effect> {
        self.maybe_think()
    }

    /// The game on the board: the session's own, or the room client's.
    pub fn record(&self) -> RecordRef<'_> {
        let room = self.online.as_ref().and_then(|online| {
            // The loop borrows the client only inside a step, so this never fails in practice;
            // if it did, the starting position shows until the next confirmation.
            let client = online.client.try_borrow().ok()?;
            Ref::filter_map(client, |c| c.record()).ok()
        });
        match room {
            Some(record) => RecordRef::Room(record),
            None => RecordRef::Local(&self.record),
        }
    }

    pub fn kind(&self) -> GameKind {
        self.record().kind()
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Whether Pause means anything: only a game against the computer has one to stop.
    pub fn can_pause(&self) -> bool {
        matches!(self.mode, Mode::Computer(_)) && self.online.is_none()
    }

    pub fn computer(&self) -> ComputerState {
        self.computer
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The route tapped so far (never part of a save).
    pub fn route(&self) -> &[Cell] {
        self.route.tapped()
    }

    /// The cells to highlight: movable pieces, or the next landings of the chosen one. Empty when
    /// it is not a human's turn to tap.
    pub fn highlights(&self) -> Vec<Cell> {
        if self.human_to_move() {
            self.route.next_cells()
        } else {
            Vec::new()
        }
    }

    /// Cells that start a move (for "next movable piece" with Home), or none.
    pub fn movable(&self) -> Vec<Cell> {
        if self.human_to_move() {
            self.route.starts()
        } else {
            Vec::new()
        }
    }

    /// The player to tap has no move but a pass (Chinese Checkers): the UI offers Pass.
    pub fn must_pass(&self) -> bool {
        self.human_to_move() && self.pass().is_some()
    }

    /// Whether a landing has been chosen, so only Cancel can leave the route.
    pub fn route_committed(&self) -> bool {
        self.route.is_committed()
    }

    /// The side whose taps count now: the player to move, unless the computer is to move, the
    /// game is over or it is paused.
    pub fn human_to_move(&self) -> bool {
        let record = self.record();
        let online_turn = self
            .online
            .as_ref()
            .is_none_or(|o| o.ready && record.turn() == o.seat);
        !self.paused
            && !self.handing_over
            && record.outcome().is_none()
            && !self.computer_to_move()
            && online_turn
    }

    /// The computer plays the second colour and it is its turn.
    pub fn computer_to_move(&self) -> bool {
        matches!(self.mode, Mode::Computer(_))
            && self.online.is_none()
            && self.record.turn() == Side::Second
            && self.record.outcome().is_none()
    }

    /// Whether Undo would take anything back now.
    pub fn can_undo(&self) -> bool {
        if self.online.is_some() {
            return false;
        }
        let mut probe = self.record.clone();
        self.undo_record(&mut probe) > 0
    }

    /// Applies an action and says what the shell must do.
    pub fn apply(&mut self, action: Action) -> Vec<Effect> {
        if self.online.is_some() {
            return self.apply_online(action);
        }
        match action {
            Action::Tap(cell) => self.tap(cell),
            Action::Cancel => {
                self.route.cancel();
                Vec::new()
            }
            Action::Pass => match self.pass() {
                Some(pass) if self.must_pass() => self.play_human(pass),
                _ => Vec::new(),
            },
            Action::Undo => {
                self.handing_over = false;
                self.undo()
            }
            Action::NewGame { seed } => {
                self.record = AnyRecord::new(self.kind());
                self.seed = seed;
                self.retried = false;
                self.handing_over = false;
                let mut effects = self.game_changed();
                effects.push(Effect::Save);
                effects.extend(self.maybe_think());
                effects
            }
            Action::SetLevel(level) => {
                if self.mode == Mode::Computer(level) || self.mode == Mode::SameDevice {
                    return Vec::new();
                }
                self.mode = Mode::Computer(level);
                let mut effects = vec![Effect::Save];
                if self.computer == ComputerState::Thinking {
                    // Start over at the new level.
                    effects.extend(self.game_changed());
                    effects.extend(self.maybe_think());
                }
                effects
            }
            Action::SwitchToSameDevice => {
                if self.mode == Mode::SameDevice {
                    return Vec::new();
                }
                let old = self.mode.slot();
                self.mode = Mode::SameDevice;
                let mut effects = self.game_changed();
                // No computer is left to have failed: otherwise the status line would go on
                // reporting its failure instead of whose turn it is.
                self.computer = ComputerState::Idle;
                effects.extend([Effect::DeleteSave(old), Effect::Save]);
                effects
            }
            Action::Pause => {
                // Pausing stops the computer; two players on one device just go on.
                if self.paused || !self.can_pause() {
                    return Vec::new();
                }
                self.paused = true;
                self.route.cancel();
                if self.computer == ComputerState::Thinking {
                    // The search is dropped, not suspended: Resume starts it again.
                    self.computer = ComputerState::Idle;
                    self.generation += 1;
                    return vec![Effect::StopThinking];
                }
                Vec::new()
            }
            Action::Resume => {
                let was_paused = std::mem::replace(&mut self.paused, false);
                if let ComputerState::Failed { retried } = self.computer {
                    if retried {
                        return Vec::new();
                    }
                    self.retried = true;
                    self.computer = ComputerState::Idle;
                    return self.maybe_think();
                }
                if was_paused {
                    self.maybe_think()
                } else {
                    Vec::new()
                }
            }
            Action::ComputerMoved { generation, mv } => {
                if generation != self.generation || self.computer != ComputerState::Thinking {
                    return Vec::new();
                }
                if !self.computer_to_move() {
                    return Vec::new();
                }
                match self.record.play(&mv) {
                    Ok(()) => {
                        self.computer = ComputerState::Idle;
                        self.retried = false;
                        let index = self.record.len() - 1;
                        let mut effects = self.game_changed();
                        effects.extend([Effect::Played { index }, Effect::Save]);
                        // A Kalah extra turn: the computer moves again.
                        effects.extend(self.maybe_think());
                        effects
                    }
                    // An illegal answer is a failure of the computer, never played.
                    Err(_) => self.computer_failed(),
                }
            }
            Action::ComputerFailed { generation } => {
                if generation != self.generation || self.computer != ComputerState::Thinking {
                    return Vec::new();
                }
                self.computer_failed()
            }
            Action::SetPassAndPlay(pass) => {
                if self.mode != Mode::SameDevice || pass == self.pass {
                    return Vec::new();
                }
                self.pass = pass;
                self.handing_over &= pass.hand_over;
                vec![Effect::Save]
            }
            Action::HandedOver => {
                self.handing_over = false;
                Vec::new()
            }
            // Only an online room confirms moves.
            Action::Confirmed { .. } => Vec::new(),
        }
    }

    /// An online game: the server owns the record, so the only local changes are the route
    /// being tapped; a finished route is sent, and the board changes when it is confirmed.
    /// Undo, New game, levels and pause do not exist here (New round is the room's business).
    fn apply_online(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Tap(cell) => {
                if !self.human_to_move() {
                    return Vec::new();
                }
                match self.route.tap(cell) {
                    Tap::Complete(mv) => self.send_online(mv),
                    Tap::Extended | Tap::Released | Tap::Ignored => Vec::new(),
                }
            }
            Action::Cancel => {
                self.route.cancel();
                Vec::new()
            }
            Action::Pass => match self.pass() {
                Some(pass) if self.must_pass() => self.send_online(pass),
                _ => Vec::new(),
            },
            Action::Confirmed { seq, ready } => {
                let Some(online) = self.online.as_mut() else {
                    return Vec::new();
                };
                online.ready = ready;
                let now = match online.client.try_borrow() {
                    Ok(client) => Session::shown_of(&client),
                    Err(_) => return Vec::new(),
                };
                let was = std::mem::replace(&mut online.shown, now);
                if now == was && seq == was.seq {
                    return Vec::new();
                }
                // One more move than shown on the same game: animate it (Kalah). A resync, a
                // new round or several moves at once just appear.
                let grew_by_one =
                    now.replacements == was.replacements && now.plies == was.plies + 1;
                self.refresh_route();
                if grew_by_one {
                    vec![Effect::Played {
                        index: now.plies - 1,
                    }]
                } else {
                    Vec::new()
                }
            }
            Action::Undo
            | Action::NewGame { .. }
            | Action::SetLevel(_)
            | Action::SwitchToSameDevice
            | Action::Pause
            | Action::Resume
            | Action::SetPassAndPlay(_)
            | Action::HandedOver
            | Action::ComputerMoved { .. }
            | Action::ComputerFailed { .. } => Vec::new(),
        }
    }

    /// A finished online route: no more taps until the server has answered.
    fn send_online(&mut self, mv: AnyMove) -> Vec<Effect> {
        if let Some(online) = self.online.as_mut() {
            online.ready = false;
        }
        self.refresh_route();
        vec![Effect::Send(mv)]
    }

    /// The pass, when it is the move (Chinese Checkers: the engine offers it only then).
    fn pass(&self) -> Option<AnyMove> {
        self.record()
            .legal_moves()
            .into_iter()
            .find(AnyMove::is_pass)
    }

    fn computer_failed(&mut self) -> Vec<Effect> {
        self.computer = ComputerState::Failed {
            retried: self.retried,
        };
        Vec::new()
    }

    fn tap(&mut self, cell: Cell) -> Vec<Effect> {
        if !self.human_to_move() {
            return Vec::new();
        }
        match self.route.tap(cell) {
            Tap::Complete(mv) => self.play_human(mv),
            Tap::Extended | Tap::Released | Tap::Ignored => Vec::new(),
        }
    }

    fn play_human(&mut self, mv: AnyMove) -> Vec<Effect> {
        let mover = self.record.turn();
        match self.record.play(&mv) {
            Ok(_) => {
                let index = self.record.len() - 1;
                // The turn passed to the other player (not a Kalah extra turn, not the end).
                self.handing_over = self.mode == Mode::SameDevice
                    && self.pass.hand_over
                    && self.record.outcome().is_none()
                    && self.record.turn() != mover;
                let mut effects = self.game_changed();
                effects.extend([Effect::Played { index }, Effect::Save]);
                effects.extend(self.maybe_think());
                effects
            }
            // The move came from the legal moves, so this means the engine disagrees with
            // itself; keep the game as it was.
            Err(_) => {
                self.refresh_route();
                Vec::new()
            }
        }
    }

    fn undo(&mut self) -> Vec<Effect> {
        let mut record = self.record.clone();
        if self.undo_record(&mut record) == 0 {
            // Nothing to take back, but an unfinished route is still let go.
            self.route.cancel();
            return Vec::new();
        }
        self.record = record;
        if matches!(self.computer, ComputerState::Failed { .. }) {
            self.computer = ComputerState::Idle;
        }
        self.retried = false;
        let mut effects = self.game_changed();
        effects.push(Effect::Save);
        effects.extend(self.maybe_think());
        effects
    }

    fn undo_record(&self, record: &mut AnyRecord) -> usize {
        match self.mode {
            Mode::Computer(_) => record.undo_to_turn_of(Side::First),
            Mode::SameDevice => record.undo_turn(),
        }
    }

    /// The record changed (or a pending request must be dropped): new legal moves, and any
    /// running search is stopped.
    fn game_changed(&mut self) -> Vec<Effect> {
        self.generation += 1;
        self.refresh_route();
        if self.computer == ComputerState::Thinking {
            self.computer = ComputerState::Idle;
            vec![Effect::StopThinking]
        } else {
            Vec::new()
        }
    }

    fn maybe_think(&mut self) -> Vec<Effect> {
        match (self.mode, self.computer) {
            (Mode::Computer(level), ComputerState::Idle)
                if self.computer_to_move() && !self.paused =>
            {
                self.computer = ComputerState::Thinking;
                vec![Effect::Think {
                    level,
                    generation: self.generation,
                }]
            }
            _ => Vec::new(),
        }
    }

    fn refresh_route(&mut self) {
        let route = RouteBuilder::of(&self.record());
        self.route = route;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kalah pit cells: gold's a..f are 0..5, turquoise's 6..11.
    fn gold(pit: char) -> Action {
        Action::Tap(pit as u8 - b'a')
    }

    /// The computer's answer: sowing `pit` of the side to move.
    fn pit_move(pit: char) -> AnyMove {
        let pit = cozcade_engine::kalah::Pit::new(usize::from(pit as u8 - b'a')).expect("a..f");
        AnyMove::Kalah(cozcade_engine::kalah::Move(pit))
    }

    fn turquoise(pit: char) -> Action {
        Action::Tap(6 + pit as u8 - b'a')
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

    fn think_generation(effects: &[Effect]) -> u64 {
        effects
            .iter()
            .find_map(|e| match e {
                Effect::Think { generation, .. } => Some(*generation),
                _ => None,
            })
            .expect("the computer was asked to think")
    }

    #[test]
    fn same_device_players_alternate_and_each_move_is_saved() {
        let mut s = Session::new(GameKind::Kalah, Mode::SameDevice);
        // Turquoise can't tap while gold is to move.
        assert!(s.apply(turquoise('a')).is_empty());
        let effects = s.apply(gold('a'));
        assert_eq!(effects, vec![Effect::Played { index: 0 }, Effect::Save]);
        assert_eq!(s.record().move_texts(), ["a"]);
        assert_eq!(s.record().turn(), Side::Second);
        assert!(s.apply(gold('b')).is_empty());
        s.apply(turquoise('b'));
        assert_eq!(s.record().move_texts(), ["a", "b"]);
    }

    #[test]
    fn an_empty_pit_is_not_playable() {
        let mut s = Session::new(GameKind::Kalah, Mode::SameDevice);
        s.apply(gold('a')); // gold a is now empty, turquoise to move
        s.apply(turquoise('a'));
        assert!(!s.highlights().contains(&0));
        assert!(s.apply(gold('a')).is_empty());
        assert_eq!(s.record().len(), 2);
    }

    #[test]
    fn same_device_undo_takes_back_one_whole_turn() {
        let mut s = Session::new(GameKind::Kalah, Mode::SameDevice);
        // Gold c ends in the store: gold moves again (one turn of two plies).
        s.apply(gold('c'));
        assert_eq!(s.record().turn(), Side::First);
        s.apply(gold('a'));
        assert_eq!(s.record().turn(), Side::Second);
        assert_eq!(s.apply(Action::Undo), vec![Effect::Save]);
        assert!(s.record().is_empty(), "both plies of gold's turn went");
        assert!(!s.can_undo());
        assert!(s.apply(Action::Undo).is_empty());
    }

    #[test]
    fn the_computer_answers_and_a_stale_answer_is_dropped() {
        let mut s = Session::new(GameKind::Kalah, Mode::Computer(Level::Easy));
        assert!(s.start().is_empty(), "the player moves first");
        let effects = s.apply(gold('a'));
        let generation = think_generation(&effects);
        assert_eq!(s.computer(), ComputerState::Thinking);
        // The player can't move for the computer.
        assert!(s.apply(turquoise('a')).is_empty());
        // An answer to an older request is ignored.
        assert!(
            s.apply(Action::ComputerMoved {
                generation: generation + 7,
                mv: pit_move('a')
            })
            .is_empty()
        );
        let effects = s.apply(Action::ComputerMoved {
            generation,
            mv: pit_move('b'),
        });
        assert_eq!(effects, vec![Effect::Played { index: 1 }, Effect::Save]);
        assert_eq!(s.record().move_texts(), ["a", "b"]);
        assert_eq!(s.computer(), ComputerState::Idle);
    }

    #[test]
    fn an_illegal_computer_move_is_a_failure_and_resume_retries_once() {
        let mut s = Session::new(GameKind::Kalah, Mode::Computer(Level::Hard));
        let g = think_generation(&s.apply(gold('a')));
        // A move of another game is no move here at all.
        assert!(
            s.apply(Action::ComputerMoved {
                generation: g,
                mv: AnyRecord::new(GameKind::Checkers).legal_moves()[0]
            })
            .is_empty()
        );
        assert_eq!(s.computer(), ComputerState::Failed { retried: false });
        assert_eq!(s.record().len(), 1);
        let g = think_generation(&s.apply(Action::Resume));
        s.apply(Action::ComputerFailed { generation: g });
        assert_eq!(s.computer(), ComputerState::Failed { retried: true });
        assert!(s.apply(Action::Resume).is_empty(), "only one retry");
        // The player goes on alone: the game moves to the same-device slot.
        let effects = s.apply(Action::SwitchToSameDevice);
        assert_eq!(
            effects,
            vec![Effect::DeleteSave(Slot::Computer), Effect::Save]
        );
        assert_eq!(s.mode(), Mode::SameDevice);
        assert_eq!(s.computer(), ComputerState::Idle, "the failure is over");
        s.apply(turquoise('a'));
        assert_eq!(s.record().len(), 2);
    }

    #[test]
    fn computer_undo_goes_back_to_the_players_previous_turn() {
        let mut s = Session::new(GameKind::Kalah, Mode::Computer(Level::Medium));
        let g = think_generation(&s.apply(gold('a')));
        s.apply(Action::ComputerMoved {
            generation: g,
            mv: pit_move('a'),
        });
        // Gold f: store, then turquoise a..c, so no extra turn.
        let g = think_generation(&s.apply(gold('f')));
        // Undo while it thinks: its search is stopped and the player's move is taken back.
        let effects = s.apply(Action::Undo);
        assert_eq!(effects, vec![Effect::StopThinking, Effect::Save]);
        assert_eq!(s.record().move_texts(), ["a", "a"]);
        assert!(
            s.apply(Action::ComputerMoved {
                generation: g,
                mv: pit_move('b')
            })
            .is_empty()
        );
        // Undo after its reply removes the reply and the player's move before it.
        assert!(s.apply(Action::Undo).contains(&Effect::Save));
        assert!(s.record().is_empty());
        assert!(s.human_to_move());
    }

    #[test]
    fn changing_level_keeps_the_game_and_restarts_a_search() {
        let mut s = Session::new(GameKind::Kalah, Mode::Computer(Level::Easy));
        let g = think_generation(&s.apply(gold('a')));
        let effects = s.apply(Action::SetLevel(Level::Hard));
        assert_eq!(effects[0], Effect::Save);
        assert!(effects.contains(&Effect::StopThinking));
        let new = think_generation(&effects);
        assert_ne!(new, g);
        assert!(effects.contains(&Effect::Think {
            level: Level::Hard,
            generation: new
        }));
        assert_eq!(s.mode(), Mode::Computer(Level::Hard));
        assert_eq!(s.record().move_texts(), ["a"]);
        assert!(s.apply(Action::SetLevel(Level::Hard)).is_empty());
    }

    #[test]
    fn pause_stops_the_computer_and_resume_restarts_it() {
        let mut s = Session::new(GameKind::Kalah, Mode::Computer(Level::Easy));
        let g = think_generation(&s.apply(gold('a')));
        assert_eq!(s.apply(Action::Pause), vec![Effect::StopThinking]);
        assert!(s.is_paused());
        assert!(
            s.apply(Action::ComputerMoved {
                generation: g,
                mv: pit_move('a')
            })
            .is_empty()
        );
        assert_eq!(s.record().len(), 1);
        let g2 = think_generation(&s.apply(Action::Resume));
        assert_ne!(g, g2);
        assert!(
            s.apply(Action::ComputerMoved {
                generation: g2,
                mv: pit_move('a')
            })
            .contains(&Effect::Save)
        );
    }

    #[test]
    fn taps_are_ignored_while_paused_and_after_the_end() {
        let mut s = Session::new(GameKind::Kalah, Mode::Computer(Level::Easy));
        s.apply(Action::Pause);
        assert!(s.apply(gold('a')).is_empty());
        assert!(s.highlights().is_empty());
        s.apply(Action::Resume);
        // Played, saved, and the computer asked for its answer.
        assert_eq!(s.apply(gold('a')).len(), 3);

        let finished = AnyRecord::from_fen(GameKind::Kalah, "G:G0,0,0,0,0,1,23:T1,1,1,1,1,1,18")
            .expect("valid position");
        let mut s = Session::resume_record(finished, Mode::SameDevice);
        s.apply(gold('f'));
        assert!(s.record().outcome().is_some());
        assert!(s.highlights().is_empty());
        assert!(s.apply(turquoise('a')).is_empty());
    }

    #[test]
    fn two_players_on_one_device_never_pause() {
        // Leaving the board or hiding the page asks for a pause; on one device nothing stops.
        let mut s = Session::new(GameKind::Kalah, Mode::SameDevice);
        s.apply(gold('a'));
        assert!(!s.can_pause());
        assert!(s.apply(Action::Pause).is_empty());
        assert!(!s.is_paused());
        assert!(!s.highlights().is_empty());
        assert_eq!(s.apply(turquoise('a')).len(), 2);
    }

    #[test]
    fn the_hand_over_screen_waits_between_turns_and_the_board_turns_to_the_mover() {
        let chosen = PassAndPlay {
            hand_over: true,
            turn_board: true,
        };
        let mut s = Session::new(GameKind::Kalah, Mode::SameDevice);
        assert_eq!(s.apply(Action::SetPassAndPlay(chosen)), vec![Effect::Save]);
        assert_eq!(s.pass_and_play(), chosen);
        assert!(!s.board_turned(), "gold to move: the board stays");
        // A Kalah extra turn (c ends in the store) keeps the device with gold.
        s.apply(gold('c'));
        assert_eq!(s.handing_over_to(), None);
        s.apply(gold('a'));
        assert_eq!(s.handing_over_to(), Some(Side::Second));
        assert!(s.board_turned(), "turquoise to move: the board turns");
        // Nobody taps until the device is taken.
        assert!(s.highlights().is_empty());
        assert!(s.apply(turquoise('a')).is_empty());
        s.apply(Action::HandedOver);
        assert_eq!(s.handing_over_to(), None);
        assert_eq!(s.apply(turquoise('a')).len(), 2);
        // Undo takes the hand-over away with the turn.
        s.apply(Action::Undo);
        assert_eq!(s.handing_over_to(), None);

        // Off again: nothing waits, the board stays put.
        s.apply(Action::SetPassAndPlay(PassAndPlay::default()));
        assert!(!s.board_turned());
        s.apply(turquoise('a'));
        assert_eq!(s.handing_over_to(), None);

        // Only one device's players pass it.
        let mut c = Session::new(GameKind::Kalah, Mode::Computer(Level::Easy));
        assert!(c.apply(Action::SetPassAndPlay(chosen)).is_empty());
        assert_eq!(c.pass_and_play(), PassAndPlay::default());
    }

    #[test]
    fn a_kalah_extra_turn_lets_the_computer_move_again() {
        let mut s = Session::new(GameKind::Kalah, Mode::Computer(Level::Easy));
        let g = think_generation(&s.apply(gold('a')));
        // Turquoise c: four seeds to d, e, f and its store: it moves again.
        let effects = s.apply(Action::ComputerMoved {
            generation: g,
            mv: pit_move('c'),
        });
        assert!(effects.iter().any(|e| matches!(e, Effect::Think { .. })));
        assert_eq!(s.computer(), ComputerState::Thinking);
    }

    #[test]
    fn a_restored_game_on_the_computers_turn_starts_it_thinking() {
        let mut record = AnyRecord::new(GameKind::Kalah);
        record.play_text("a").expect("legal");
        let mut s = Session::resume_record(record, Mode::Computer(Level::Easy));
        assert!(matches!(
            s.start().as_slice(),
            [Effect::Think {
                level: Level::Easy,
                ..
            }]
        ));
    }

    #[test]
    fn new_game_starts_over_and_saves() {
        let mut s = Session::new(GameKind::Kalah, Mode::SameDevice);
        s.apply(gold('a'));
        assert_eq!(s.apply(Action::NewGame { seed: 1 }), vec![Effect::Save]);
        assert!(s.record().is_empty());
        // The new game plays with its own seed, saved with it.
        assert_eq!(s.seed(), 1);
    }

    #[test]
    fn a_checkers_capture_is_built_landing_by_landing_and_only_the_whole_move_is_saved() {
        // Red's 14 and 15 each have two double jumps.
        let record =
            AnyRecord::from_fen(GameKind::Checkers, "B:W18,19,26,27:B14,15").expect("valid");
        let mut s = Session::resume_record(record, Mode::SameDevice);
        assert_eq!(s.movable(), vec![14, 15]);
        assert!(s.apply(Action::Tap(14)).is_empty());
        assert_eq!(s.highlights(), vec![23]);
        // Before any landing, the other piece may be chosen instead.
        assert!(s.apply(Action::Tap(15)).is_empty());
        assert_eq!(s.highlights(), vec![22, 24]);
        assert!(
            s.apply(Action::Tap(22)).is_empty(),
            "half a capture: nothing saved"
        );
        assert!(s.route_committed());
        assert_eq!(s.route(), &[15, 22]);
        assert!(s.record().is_empty());
        // Mid-chain the piece can't be switched; Cancel goes back to before the turn.
        assert!(s.apply(Action::Tap(14)).is_empty());
        assert_eq!(s.route(), &[15, 22]);
        assert!(s.apply(Action::Cancel).is_empty());
        assert!(s.route().is_empty());
        assert_eq!(s.highlights(), vec![14, 15]);
        s.apply(Action::Tap(15));
        s.apply(Action::Tap(24));
        assert_eq!(
            s.apply(Action::Tap(31)),
            vec![Effect::Played { index: 0 }, Effect::Save]
        );
        assert_eq!(s.record().move_texts(), ["15x24x31"]);
    }

    #[test]
    fn a_chinese_checkers_marble_goes_to_a_lit_endpoint_in_one_move() {
        let mut s = Session::new(GameKind::ChineseCheckers, Mode::SameDevice);
        assert!(!s.must_pass());
        assert!(s.movable().contains(&112));
        assert!(
            s.apply(Action::Pass).is_empty(),
            "no pass while moves exist"
        );
        s.apply(Action::Tap(112));
        assert_eq!(s.highlights(), vec![103, 104]);
        assert_eq!(
            s.apply(Action::Tap(104)),
            vec![Effect::Played { index: 0 }, Effect::Save]
        );
        assert_eq!(s.record().move_texts(), ["112-104"]);
    }

    fn kalah_after(moves: &[&str]) -> AnyRecord {
        let mut record = AnyRecord::new(GameKind::Kalah);
        for mv in moves {
            record.play_text(mv).expect("legal");
        }
        record
    }

    use crate::online::client::OnlineClient;
    use cozcade_protocol::{Event, PROTOCOL_VERSION, RoomState, SeatStatus, ServerMessage};
    use std::{cell::RefCell, rc::Rc};

    const ROOM: &str = "3f9c2a71d04be85e6a10";

    fn sync(record: &AnyRecord, seq: u64) -> ServerMessage {
        ServerMessage::Sync {
            state: RoomState {
                room: ROOM.into(),
                game: record.kind(),
                seq,
                round: 1,
                record: record.to_text(),
                turn: Some(record.turn()),
                result: record.outcome(),
                new_round_proposed_by: None,
                new_round_answer: None,
                seats: [SeatStatus::Connected, SeatStatus::Connected],
            },
        }
    }

    /// A room's client seated at `seat`, welcomed and synced to `record` with both players
    /// present, shared as the app shares it.
    fn room(record: &AnyRecord, seat: Side) -> SharedClient {
        let mut client = OnlineClient::new(ROOM.into(), Some("key".into()), "t".into());
        client.on_open();
        client.on_message(ServerMessage::Welcome {
            version: PROTOCOL_VERSION,
            room: ROOM.into(),
            game: record.kind(),
            seat,
            seat_key: None,
            seq: 0,
            resync: true,
        });
        client.on_message(sync(record, 0));
        assert!(client.record().is_some(), "synced");
        Rc::new(RefCell::new(client))
    }

    /// The server confirms `event` as the room's next number; the session is told.
    fn confirm(
        s: &mut Session,
        client: &SharedClient,
        by: Side,
        event: Event,
        ready: bool,
    ) -> Vec<Effect> {
        let seq = {
            let mut c = client.borrow_mut();
            let next = c.last_seq().map_or(1, |n| n + 1);
            c.on_message(ServerMessage::Event {
                seq: next,
                by,
                action_id: None,
                event,
            });
            c.last_seq()
        };
        s.apply(Action::Confirmed { seq, ready })
    }

    fn moved(text: &str) -> Event {
        Event::Move { mv: text.into() }
    }

    #[test]
    fn online_only_my_seat_taps_and_the_move_is_sent_not_played() {
        let client = room(&AnyRecord::new(GameKind::Kalah), Side::Second);
        let mut s = Session::online(client.clone(), Side::Second, true);
        assert_eq!(s.online_seat(), Some(Side::Second));
        // Gold (the creator) moves first: nothing of mine is tappable.
        assert!(s.highlights().is_empty());
        assert!(s.apply(gold('a')).is_empty());
        let effects = confirm(&mut s, &client, Side::First, moved("a"), true);
        assert_eq!(
            effects,
            vec![Effect::Played { index: 0 }],
            "animated, never saved"
        );
        assert_eq!(s.highlights().len(), 6);
        assert!(s.apply(gold('b')).is_empty(), "not my pits");
        assert_eq!(sent(&s.apply(turquoise('b'))), ["b"]);
        // Shown only once confirmed; no second move while the first is on its way.
        assert_eq!(s.record().move_texts(), ["a"]);
        assert!(s.highlights().is_empty());
        assert!(s.apply(turquoise('c')).is_empty());
        confirm(&mut s, &client, Side::Second, moved("b"), true);
        assert_eq!(s.record().move_texts(), ["a", "b"]);
        assert!(s.highlights().is_empty(), "gold's turn now");
    }

    #[test]
    fn online_waits_while_the_room_is_not_ready() {
        let client = room(&AnyRecord::new(GameKind::Kalah), Side::First);
        let mut s = Session::online(client.clone(), Side::First, false);
        assert!(s.highlights().is_empty());
        assert!(s.apply(gold('a')).is_empty());
        let seq = client.borrow().last_seq();
        assert!(s.apply(Action::Confirmed { seq, ready: true }).is_empty());
        assert_eq!(s.highlights().len(), 6);
        // The friend drops: the game waits again.
        s.apply(Action::Confirmed { seq, ready: false });
        assert!(s.apply(gold('a')).is_empty());
    }

    #[test]
    fn online_local_controls_change_nothing_and_nothing_is_saved() {
        let client = room(&kalah_after(&["a"]), Side::Second);
        let mut s = Session::online(client.clone(), Side::Second, true);
        for action in [
            Action::Undo,
            Action::NewGame { seed: 1 },
            Action::Pause,
            Action::SetLevel(Level::Hard),
            Action::SwitchToSameDevice,
            Action::ComputerMoved {
                generation: 0,
                mv: pit_move('a'),
            },
        ] {
            assert!(s.apply(action.clone()).is_empty(), "{action:?}");
        }
        assert_eq!(s.record().move_texts(), ["a"]);
        assert!(!s.can_undo() || s.apply(Action::Undo).is_empty());
        // A new round (or a resync) replaces the record without an animation.
        let effects = confirm(
            &mut s,
            &client,
            Side::First,
            Event::NewRoundStarted { round: 2 },
            true,
        );
        assert!(effects.is_empty());
        assert!(s.record().is_empty());
        // A local game ignores confirmations.
        let mut local = Session::new(GameKind::Kalah, Mode::SameDevice);
        assert!(
            local
                .apply(Action::Confirmed {
                    seq: Some(1),
                    ready: true
                })
                .is_empty()
        );
        assert!(local.record().is_empty());
    }

    #[test]
    fn online_a_confirmed_move_appears_once_and_a_resync_replaces_it() {
        let client = room(&AnyRecord::new(GameKind::Kalah), Side::Second);
        let mut s = Session::online(client.clone(), Side::Second, true);
        assert_eq!(
            confirm(&mut s, &client, Side::First, moved("a"), true),
            vec![Effect::Played { index: 0 }]
        );
        // The same event again (a replay after a reconnect): the client drops it.
        client.borrow_mut().on_message(ServerMessage::Event {
            seq: 1,
            by: Side::First,
            action_id: None,
            event: moved("a"),
        });
        let seq = client.borrow().last_seq();
        assert_eq!(seq, Some(1));
        assert!(s.apply(Action::Confirmed { seq, ready: true }).is_empty());
        assert_eq!(s.record().move_texts(), ["a"], "once");
        // A resync to another game replaces it, without an animation.
        client
            .borrow_mut()
            .on_message(sync(&kalah_after(&["c"]), 7));
        let effects = s.apply(Action::Confirmed {
            seq: Some(7),
            ready: true,
        });
        assert!(effects.is_empty(), "{effects:?}");
        assert_eq!(s.record().move_texts(), ["c"]);
        // A resync that only adds a move to what is shown is that move.
        client
            .borrow_mut()
            .on_message(sync(&kalah_after(&["c", "a"]), 8));
        let effects = s.apply(Action::Confirmed {
            seq: Some(8),
            ready: true,
        });
        assert_eq!(effects, vec![Effect::Played { index: 1 }]);
        assert_eq!(s.record().move_texts(), ["c", "a"]);
    }

    #[test]
    fn online_a_checkers_capture_is_sent_whole() {
        let record =
            AnyRecord::from_fen(GameKind::Checkers, "B:W18,19,26,27:B14,15").expect("valid");
        let mut s = Session::online(room(&record, Side::First), Side::First, true);
        s.apply(Action::Tap(15));
        assert!(s.apply(Action::Tap(24)).is_empty(), "half a capture");
        assert_eq!(sent(&s.apply(Action::Tap(31))), ["15x24x31"]);
        assert!(s.route().is_empty());
        assert!(s.record().is_empty());
    }

    fn played(kind: GameKind, moves: &[&str]) -> Session {
        let mut record = AnyRecord::new(kind);
        for mv in moves {
            record.play_text(mv).expect("legal");
        }
        Session::resume_record(record, Mode::SameDevice)
    }

    #[test]
    fn a_checkers_jump_feels_like_a_capture() {
        let s = played(GameKind::Checkers, &["11-15", "22-18", "15x22"]);
        assert_eq!(s.feel_of_move(0), Some(Feel::Move));
        assert_eq!(s.feel_of_move(2), Some(Feel::Capture));
        assert_eq!(s.feel_of_move(3), None);
    }

    #[test]
    fn a_kalah_capture_is_told_from_a_plain_sowing() {
        // Every line of up to four plies from the start. With fewer than 13 seeds in a pit a
        // sowing puts at most one seed in the mover's store, so a store that grew by two or
        // more took seeds from across the board.
        let mut lines: Vec<Vec<String>> = vec![Vec::new()];
        let mut captures = 0;
        for _ in 0..4 {
            let mut longer = Vec::new();
            for line in &lines {
                let texts: Vec<&str> = line.iter().map(String::as_str).collect();
                let s = played(GameKind::Kalah, &texts);
                if s.record().outcome().is_some() {
                    continue;
                }
                for mv in s.record().legal_move_texts() {
                    let mut next = line.clone();
                    next.push(mv);
                    let texts: Vec<&str> = next.iter().map(String::as_str).collect();
                    let after = played(GameKind::Kalah, &texts);
                    let shown = after.record();
                    let AnyRecord::Kalah(record) = &*shown else {
                        unreachable!("a Kalah record");
                    };
                    let ply = next.len() - 1;
                    let (before, now) = (&record.position_at(ply).expect("ply"), record.position());
                    let mover = before.turn();
                    let gain = now.store(mover) - before.store(mover);
                    let expected = if gain >= 2 { Feel::Capture } else { Feel::Move };
                    assert_eq!(after.feel_of_move(ply), Some(expected), "{next:?}");
                    captures += usize::from(gain >= 2);
                    longer.push(next);
                }
            }
            lines = longer;
        }
        assert!(
            captures > 0,
            "no capture in four plies: the test proves nothing"
        );
    }
}
