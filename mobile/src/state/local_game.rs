//! A game played on this device, against the computer or by two people passing it: it owns its
//! record, the level, pause, the computer's progress and the way the players pass the device.

use cozcade_engine::{AnyMove, AnyRecord, GameKind, Place, Side};

use super::{
    effect::Effect,
    feel::{Feel, feel_of_move},
    finish::Finish,
    hint::Hint,
    mode::{Level, Mode},
    pass_and_play::PassAndPlay,
    route::{Route, Tap},
};

/// What changes a local game besides taps on the board (see [`super::Action`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LocalAction {
    /// Against the computer: back to the player's previous turn. Same device: back one turn.
    Undo,
    /// Start again from the starting position (the UI has asked for confirmation), with a
    /// new seed for the computer's randomness (drawn by the shell: see [`LocalGame::seed`]).
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
    /// Show the player to move the computer's best move.
    Hint,
    /// The hint asked for at `generation`.
    HintFound {
        generation: u64,
        mv: AnyMove,
    },
    /// No hint came for the request made at `generation`.
    HintFailed {
        generation: u64,
    },
}

/// The computer's part in the game.
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
pub struct LocalGame {
    record: AnyRecord,
    mode: Mode,
    route: Route,
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
    /// Seeds the computer's randomness for this game (see [`LocalGame::seed`]).
    seed: u64,
    hint: Hint,
    /// Hints shown in this game (saved with it).
    hints: u32,
}

impl LocalGame {
    /// A new game from the start.
    pub fn new(kind: GameKind, mode: Mode) -> Self {
        LocalGame::resume_record(AnyRecord::new(kind), mode)
    }

    /// A saved game, as it was stored.
    pub fn resume_record(record: AnyRecord, mode: Mode) -> Self {
        let mut game = LocalGame {
            route: Route::default(),
            record,
            mode,
            paused: false,
            computer: ComputerState::Idle,
            generation: 0,
            retried: false,
            pass: PassAndPlay::default(),
            handing_over: false,
            seed: 0,
            hint: Hint::None,
            hints: 0,
        };
        game.refresh_route();
        game
    }

    /// The same game with the computer's seed for this game (drawn from the system for a
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

    /// The same game with the players' way of passing the device (as saved with it).
    pub fn with_pass_and_play(mut self, pass: PassAndPlay) -> Self {
        self.pass = pass;
        self
    }

    pub fn pass_and_play(&self) -> PassAndPlay {
        self.pass
    }

    /// The same game with the hints it had used (as saved with it).
    pub fn with_hints(mut self, hints: u32) -> Self {
        self.hints = hints;
        self
    }

    /// How many hints were shown in this game.
    pub fn hints(&self) -> u32 {
        self.hints
    }

    pub fn hint(&self) -> Hint {
        self.hint
    }

    /// Whether a hint may be asked for now: the player's turn, no hint shown or on its way.
    pub fn can_hint(&self) -> bool {
        self.human_to_move() && self.hint == Hint::None && !self.must_pass()
    }

    /// The side the device is to be handed to, while the hand-over screen is up.
    pub fn handing_over_to(&self) -> Option<Side> {
        self.handing_over.then(|| self.record.turn())
    }

    /// The feedback for the move at ply `index` (a phone's haptics); on one device both
    /// players are the device's, against the computer the player has the first colour.
    pub fn feel_of_move(&self, index: usize) -> Option<Feel> {
        let ours = match self.mode {
            Mode::Computer(_) => Some(Side::First),
            Mode::SameDevice => None,
        };
        feel_of_move(&self.record, index, ours)
    }

    /// The board is drawn turned half a round: on one device, when the players chose it, for
    /// the second colour's turn.
    pub fn board_turned(&self) -> bool {
        self.mode == Mode::SameDevice && self.pass.turn_board && self.record.turn() == Side::Second
    }

    /// How the game ended, told from this device's side; `None` while it goes on.
    pub fn finish(&self) -> Option<Finish> {
        Finish::of(&self.record, self.mode, None)
    }

    /// Effects to run once the game is on screen: a restored game where the computer is to
    /// move starts it thinking.
    pub fn start(&mut self) -> Vec<Effect> {
        self.maybe_think()
    }

    pub fn record(&self) -> &AnyRecord {
        &self.record
    }

    pub fn kind(&self) -> GameKind {
        self.record.kind()
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Whether Pause means anything: only a game against the computer has one to stop.
    pub fn can_pause(&self) -> bool {
        matches!(self.mode, Mode::Computer(_))
    }

    pub fn computer(&self) -> ComputerState {
        self.computer
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The route tapped so far (never part of a save).
    pub fn route(&self) -> &[Place] {
        self.route.picked()
    }

    /// The cells to highlight: movable pieces, or the next landings of the chosen one. Empty when
    /// it is not a human's turn to tap.
    pub fn highlights(&self) -> Vec<Place> {
        if self.human_to_move() {
            self.route.next(&self.record)
        } else {
            Vec::new()
        }
    }

    /// Cells that start a move (for "next movable piece" with Home), or none.
    pub fn movable(&self) -> Vec<Place> {
        if self.human_to_move() {
            Route::starts(&self.record)
        } else {
            Vec::new()
        }
    }

    /// The player to tap has no move but a pass (Chinese Checkers): the UI offers Pass.
    pub fn must_pass(&self) -> bool {
        self.human_to_move() && self.the_pass().is_some()
    }

    /// Whether a landing has been chosen, so only Cancel can leave the route.
    pub fn route_committed(&self) -> bool {
        self.route.is_committed()
    }

    /// The side whose taps count now: the player to move, unless the computer is to move, the
    /// game is over or it is paused.
    pub fn human_to_move(&self) -> bool {
        !self.paused
            && !self.handing_over
            && self.record.outcome().is_none()
            && !self.computer_to_move()
    }

    /// The computer plays the second colour and it is its turn.
    pub fn computer_to_move(&self) -> bool {
        matches!(self.mode, Mode::Computer(_))
            && self.record.turn() == Side::Second
            && self.record.outcome().is_none()
    }

    /// Whether Undo would take anything back now.
    pub fn can_undo(&self) -> bool {
        let mut probe = self.record.clone();
        self.undo_record(&mut probe) > 0
    }

    /// A tap (or Enter/Space) on a pit, square or hole.
    pub fn tap(&mut self, place: Place) -> Vec<Effect> {
        if !self.human_to_move() {
            return Vec::new();
        }
        match self.route.tap(&self.record, place) {
            Tap::Complete(mv) => self.play_human(mv),
            Tap::Extended | Tap::Released | Tap::Ignored => Vec::new(),
        }
    }

    /// Escape / Cancel: forget the unfinished route, back to the position before this turn.
    pub fn cancel(&mut self) -> Vec<Effect> {
        self.route.cancel();
        Vec::new()
    }

    /// Chinese Checkers: the side to move has no move and passes (only when that is the move).
    pub fn pass(&mut self) -> Vec<Effect> {
        match self.the_pass() {
            Some(pass) if self.must_pass() => self.play_human(pass),
            _ => Vec::new(),
        }
    }

    /// Applies an action and says what the shell must do.
    pub fn apply(&mut self, action: LocalAction) -> Vec<Effect> {
        match action {
            LocalAction::Undo => {
                self.handing_over = false;
                self.undo()
            }
            LocalAction::NewGame { seed } => {
                self.record = AnyRecord::new(self.kind());
                self.seed = seed;
                self.hints = 0;
                self.retried = false;
                self.handing_over = false;
                let mut effects = self.game_changed();
                effects.push(Effect::Save);
                effects.extend(self.maybe_think());
                effects
            }
            LocalAction::SetLevel(level) => {
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
            LocalAction::SwitchToSameDevice => {
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
            LocalAction::Pause => {
                // Pausing stops the computer; two players on one device just go on.
                if self.paused || !self.can_pause() {
                    return Vec::new();
                }
                self.paused = true;
                self.route.cancel();
                if self.hint == Hint::Looking {
                    self.hint = Hint::None;
                    self.generation += 1;
                    return vec![Effect::StopThinking];
                }
                if self.computer == ComputerState::Thinking {
                    // The search is dropped, not suspended: Resume starts it again.
                    self.computer = ComputerState::Idle;
                    self.generation += 1;
                    return vec![Effect::StopThinking];
                }
                Vec::new()
            }
            LocalAction::Resume => {
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
            LocalAction::ComputerMoved { generation, mv } => {
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
                        effects.extend(self.ended());
                        // A Kalah extra turn: the computer moves again.
                        effects.extend(self.maybe_think());
                        effects
                    }
                    // An illegal answer is a failure of the computer, never played.
                    Err(_) => self.computer_failed(),
                }
            }
            LocalAction::ComputerFailed { generation } => {
                if generation != self.generation || self.computer != ComputerState::Thinking {
                    return Vec::new();
                }
                self.computer_failed()
            }
            LocalAction::SetPassAndPlay(pass) => {
                if self.mode != Mode::SameDevice || pass == self.pass {
                    return Vec::new();
                }
                self.pass = pass;
                self.handing_over &= pass.hand_over;
                vec![Effect::Save]
            }
            LocalAction::HandedOver => {
                self.handing_over = false;
                Vec::new()
            }
            LocalAction::Hint => {
                if !self.can_hint() {
                    return Vec::new();
                }
                self.hint = Hint::Looking;
                vec![Effect::FindHint {
                    generation: self.generation,
                }]
            }
            LocalAction::HintFound { generation, mv } => {
                if generation != self.generation || self.hint != Hint::Looking {
                    return Vec::new();
                }
                // An illegal answer is a failed search, never shown.
                if !self.record.legal_moves().contains(&mv) {
                    self.hint = Hint::None;
                    return Vec::new();
                }
                self.hint = Hint::Shown(mv);
                self.hints = self.hints.saturating_add(1);
                vec![Effect::Save]
            }
            LocalAction::HintFailed { generation } => {
                if generation == self.generation && self.hint == Hint::Looking {
                    self.hint = Hint::None;
                }
                Vec::new()
            }
        }
    }

    /// The pass, when it is the move (Chinese Checkers: the engine offers it only then).
    fn the_pass(&self) -> Option<AnyMove> {
        self.record.legal_moves().into_iter().find(AnyMove::is_pass)
    }

    fn computer_failed(&mut self) -> Vec<Effect> {
        self.computer = ComputerState::Failed {
            retried: self.retried,
        };
        Vec::new()
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
                effects.extend(self.ended());
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
        // A hint is for the position it was asked in.
        if std::mem::take(&mut self.hint) == Hint::Looking {
            return vec![Effect::StopThinking];
        }
        if self.computer == ComputerState::Thinking {
            self.computer = ComputerState::Idle;
            vec![Effect::StopThinking]
        } else {
            Vec::new()
        }
    }

    /// The record's entry for a game against the computer the last move ended.
    fn ended(&self) -> Option<Effect> {
        match self.mode {
            Mode::Computer(_) => self.finish().map(|finish| Effect::Ended(finish.verdict)),
            Mode::SameDevice => None,
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
        self.route.cancel();
    }
}

#[cfg(test)]
mod tests;
