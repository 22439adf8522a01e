//! A game played on this device, against the computer or by two people passing it: it owns its
//! record, the level, pause, the computer's progress and the way the players pass the device.

use cozcade_engine::{AnyMove, AnyRecord, GameKind, Side};

use super::{
    feel::{Feel, feel_of_move},
    finish::Finish,
    mode::{Level, Mode},
    pass_and_play::PassAndPlay,
    route::{Cell, RouteBuilder, Tap},
    table::Effect,
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
    /// Seeds the computer's randomness for this game (see [`LocalGame::seed`]).
    seed: u64,
}

impl LocalGame {
    /// A new game from the start.
    pub fn new(kind: GameKind, mode: Mode) -> Self {
        LocalGame::resume_record(AnyRecord::new(kind), mode)
    }

    /// A saved game, as it was stored.
    pub fn resume_record(record: AnyRecord, mode: Mode) -> Self {
        let mut session = LocalGame {
            route: RouteBuilder::default(),
            record,
            mode,
            paused: false,
            computer: ComputerState::Idle,
            generation: 0,
            retried: false,
            pass: PassAndPlay::default(),
            handing_over: false,
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

    /// Effects to run once the session is on screen: a restored game where the computer is to
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
    pub fn tap(&mut self, cell: Cell) -> Vec<Effect> {
        if !self.human_to_move() {
            return Vec::new();
        }
        match self.route.tap(cell) {
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
        self.route = RouteBuilder::of(&self.record);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Slot;
    use cozcade_engine::Game;

    /// Kalah pit cells: gold's a..f are 0..5, turquoise's 6..11.
    fn gold(pit: char) -> Cell {
        pit as u8 - b'a'
    }

    /// The computer's answer: sowing `pit` of the side to move.
    fn pit_move(pit: char) -> AnyMove {
        let pit = cozcade_engine::kalah::Pit::new(usize::from(pit as u8 - b'a')).expect("a..f");
        AnyMove::Kalah(cozcade_engine::kalah::Move(pit))
    }

    fn turquoise(pit: char) -> Cell {
        6 + pit as u8 - b'a'
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
        let mut s = LocalGame::new(GameKind::Kalah, Mode::SameDevice);
        // Turquoise can't tap while gold is to move.
        assert!(s.tap(turquoise('a')).is_empty());
        let effects = s.tap(gold('a'));
        assert_eq!(effects, vec![Effect::Played { index: 0 }, Effect::Save]);
        assert_eq!(s.record().move_texts(), ["a"]);
        assert_eq!(s.record().turn(), Side::Second);
        assert!(s.tap(gold('b')).is_empty());
        s.tap(turquoise('b'));
        assert_eq!(s.record().move_texts(), ["a", "b"]);
    }

    #[test]
    fn an_empty_pit_is_not_playable() {
        let mut s = LocalGame::new(GameKind::Kalah, Mode::SameDevice);
        s.tap(gold('a')); // gold a is now empty, turquoise to move
        s.tap(turquoise('a'));
        assert!(!s.highlights().contains(&0));
        assert!(s.tap(gold('a')).is_empty());
        assert_eq!(s.record().len(), 2);
    }

    #[test]
    fn same_device_undo_takes_back_one_whole_turn() {
        let mut s = LocalGame::new(GameKind::Kalah, Mode::SameDevice);
        // Gold c ends in the store: gold moves again (one turn of two plies).
        s.tap(gold('c'));
        assert_eq!(s.record().turn(), Side::First);
        s.tap(gold('a'));
        assert_eq!(s.record().turn(), Side::Second);
        assert_eq!(s.apply(LocalAction::Undo), vec![Effect::Save]);
        assert!(s.record().is_empty(), "both plies of gold's turn went");
        assert!(!s.can_undo());
        assert!(s.apply(LocalAction::Undo).is_empty());
    }

    #[test]
    fn the_computer_answers_and_a_stale_answer_is_dropped() {
        let mut s = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Easy));
        assert!(s.start().is_empty(), "the player moves first");
        let effects = s.tap(gold('a'));
        let generation = think_generation(&effects);
        assert_eq!(s.computer(), ComputerState::Thinking);
        // The player can't move for the computer.
        assert!(s.tap(turquoise('a')).is_empty());
        // An answer to an older request is ignored.
        assert!(
            s.apply(LocalAction::ComputerMoved {
                generation: generation + 7,
                mv: pit_move('a')
            })
            .is_empty()
        );
        let effects = s.apply(LocalAction::ComputerMoved {
            generation,
            mv: pit_move('b'),
        });
        assert_eq!(effects, vec![Effect::Played { index: 1 }, Effect::Save]);
        assert_eq!(s.record().move_texts(), ["a", "b"]);
        assert_eq!(s.computer(), ComputerState::Idle);
    }

    #[test]
    fn an_illegal_computer_move_is_a_failure_and_resume_retries_once() {
        let mut s = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Hard));
        let g = think_generation(&s.tap(gold('a')));
        // A move of another game is no move here at all.
        assert!(
            s.apply(LocalAction::ComputerMoved {
                generation: g,
                mv: AnyRecord::new(GameKind::Checkers).legal_moves()[0]
            })
            .is_empty()
        );
        assert_eq!(s.computer(), ComputerState::Failed { retried: false });
        assert_eq!(s.record().len(), 1);
        let g = think_generation(&s.apply(LocalAction::Resume));
        s.apply(LocalAction::ComputerFailed { generation: g });
        assert_eq!(s.computer(), ComputerState::Failed { retried: true });
        assert!(s.apply(LocalAction::Resume).is_empty(), "only one retry");
        // The player goes on alone: the game moves to the same-device slot.
        let effects = s.apply(LocalAction::SwitchToSameDevice);
        assert_eq!(
            effects,
            vec![Effect::DeleteSave(Slot::Computer), Effect::Save]
        );
        assert_eq!(s.mode(), Mode::SameDevice);
        assert_eq!(s.computer(), ComputerState::Idle, "the failure is over");
        s.tap(turquoise('a'));
        assert_eq!(s.record().len(), 2);
    }

    #[test]
    fn computer_undo_goes_back_to_the_players_previous_turn() {
        let mut s = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Medium));
        let g = think_generation(&s.tap(gold('a')));
        s.apply(LocalAction::ComputerMoved {
            generation: g,
            mv: pit_move('a'),
        });
        // Gold f: store, then turquoise a..c, so no extra turn.
        let g = think_generation(&s.tap(gold('f')));
        // Undo while it thinks: its search is stopped and the player's move is taken back.
        let effects = s.apply(LocalAction::Undo);
        assert_eq!(effects, vec![Effect::StopThinking, Effect::Save]);
        assert_eq!(s.record().move_texts(), ["a", "a"]);
        assert!(
            s.apply(LocalAction::ComputerMoved {
                generation: g,
                mv: pit_move('b')
            })
            .is_empty()
        );
        // Undo after its reply removes the reply and the player's move before it.
        assert!(s.apply(LocalAction::Undo).contains(&Effect::Save));
        assert!(s.record().is_empty());
        assert!(s.human_to_move());
    }

    #[test]
    fn changing_level_keeps_the_game_and_restarts_a_search() {
        let mut s = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Easy));
        let g = think_generation(&s.tap(gold('a')));
        let effects = s.apply(LocalAction::SetLevel(Level::Hard));
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
        assert!(s.apply(LocalAction::SetLevel(Level::Hard)).is_empty());
    }

    #[test]
    fn pause_stops_the_computer_and_resume_restarts_it() {
        let mut s = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Easy));
        let g = think_generation(&s.tap(gold('a')));
        assert_eq!(s.apply(LocalAction::Pause), vec![Effect::StopThinking]);
        assert!(s.is_paused());
        assert!(
            s.apply(LocalAction::ComputerMoved {
                generation: g,
                mv: pit_move('a')
            })
            .is_empty()
        );
        assert_eq!(s.record().len(), 1);
        let g2 = think_generation(&s.apply(LocalAction::Resume));
        assert_ne!(g, g2);
        assert!(
            s.apply(LocalAction::ComputerMoved {
                generation: g2,
                mv: pit_move('a')
            })
            .contains(&Effect::Save)
        );
    }

    #[test]
    fn taps_are_ignored_while_paused_and_after_the_end() {
        let mut s = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Easy));
        s.apply(LocalAction::Pause);
        assert!(s.tap(gold('a')).is_empty());
        assert!(s.highlights().is_empty());
        s.apply(LocalAction::Resume);
        // Played, saved, and the computer asked for its answer.
        assert_eq!(s.tap(gold('a')).len(), 3);

        let finished = AnyRecord::from_fen(GameKind::Kalah, "G:G0,0,0,0,0,1,23:T1,1,1,1,1,1,18")
            .expect("valid position");
        let mut s = LocalGame::resume_record(finished, Mode::SameDevice);
        s.tap(gold('f'));
        assert!(s.record().outcome().is_some());
        assert!(s.highlights().is_empty());
        assert!(s.tap(turquoise('a')).is_empty());
    }

    #[test]
    fn two_players_on_one_device_never_pause() {
        // Leaving the board or hiding the page asks for a pause; on one device nothing stops.
        let mut s = LocalGame::new(GameKind::Kalah, Mode::SameDevice);
        s.tap(gold('a'));
        assert!(!s.can_pause());
        assert!(s.apply(LocalAction::Pause).is_empty());
        assert!(!s.is_paused());
        assert!(!s.highlights().is_empty());
        assert_eq!(s.tap(turquoise('a')).len(), 2);
    }

    #[test]
    fn the_hand_over_screen_waits_between_turns_and_the_board_turns_to_the_mover() {
        let chosen = PassAndPlay {
            hand_over: true,
            turn_board: true,
        };
        let mut s = LocalGame::new(GameKind::Kalah, Mode::SameDevice);
        assert_eq!(
            s.apply(LocalAction::SetPassAndPlay(chosen)),
            vec![Effect::Save]
        );
        assert_eq!(s.pass_and_play(), chosen);
        assert!(!s.board_turned(), "gold to move: the board stays");
        // A Kalah extra turn (c ends in the store) keeps the device with gold.
        s.tap(gold('c'));
        assert_eq!(s.handing_over_to(), None);
        s.tap(gold('a'));
        assert_eq!(s.handing_over_to(), Some(Side::Second));
        assert!(s.board_turned(), "turquoise to move: the board turns");
        // Nobody taps until the device is taken.
        assert!(s.highlights().is_empty());
        assert!(s.tap(turquoise('a')).is_empty());
        s.apply(LocalAction::HandedOver);
        assert_eq!(s.handing_over_to(), None);
        assert_eq!(s.tap(turquoise('a')).len(), 2);
        // Undo takes the hand-over away with the turn.
        s.apply(LocalAction::Undo);
        assert_eq!(s.handing_over_to(), None);

        // Off again: nothing waits, the board stays put.
        s.apply(LocalAction::SetPassAndPlay(PassAndPlay::default()));
        assert!(!s.board_turned());
        s.tap(turquoise('a'));
        assert_eq!(s.handing_over_to(), None);

        // Only one device's players pass it.
        let mut c = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Easy));
        assert!(c.apply(LocalAction::SetPassAndPlay(chosen)).is_empty());
        assert_eq!(c.pass_and_play(), PassAndPlay::default());
    }

    #[test]
    fn a_kalah_extra_turn_lets_the_computer_move_again() {
        let mut s = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Easy));
        let g = think_generation(&s.tap(gold('a')));
        // Turquoise c: four seeds to d, e, f and its store: it moves again.
        let effects = s.apply(LocalAction::ComputerMoved {
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
        let mut s = LocalGame::resume_record(record, Mode::Computer(Level::Easy));
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
        let mut s = LocalGame::new(GameKind::Kalah, Mode::SameDevice);
        s.tap(gold('a'));
        assert_eq!(
            s.apply(LocalAction::NewGame { seed: 1 }),
            vec![Effect::Save]
        );
        assert!(s.record().is_empty());
        // The new game plays with its own seed, saved with it.
        assert_eq!(s.seed(), 1);
    }

    #[test]
    fn a_checkers_capture_is_built_landing_by_landing_and_only_the_whole_move_is_saved() {
        // Red's 14 and 15 each have two double jumps.
        let record =
            AnyRecord::from_fen(GameKind::Checkers, "B:W18,19,26,27:B14,15").expect("valid");
        let mut s = LocalGame::resume_record(record, Mode::SameDevice);
        assert_eq!(s.movable(), vec![14, 15]);
        assert!(s.tap(14).is_empty());
        assert_eq!(s.highlights(), vec![23]);
        // Before any landing, the other piece may be chosen instead.
        assert!(s.tap(15).is_empty());
        assert_eq!(s.highlights(), vec![22, 24]);
        assert!(s.tap(22).is_empty(), "half a capture: nothing saved");
        assert!(s.route_committed());
        assert_eq!(s.route(), &[15, 22]);
        assert!(s.record().is_empty());
        // Mid-chain the piece can't be switched; Cancel goes back to before the turn.
        assert!(s.tap(14).is_empty());
        assert_eq!(s.route(), &[15, 22]);
        assert!(s.cancel().is_empty());
        assert!(s.route().is_empty());
        assert_eq!(s.highlights(), vec![14, 15]);
        s.tap(15);
        s.tap(24);
        assert_eq!(s.tap(31), vec![Effect::Played { index: 0 }, Effect::Save]);
        assert_eq!(s.record().move_texts(), ["15x24x31"]);
    }

    #[test]
    fn a_chinese_checkers_marble_goes_to_a_lit_endpoint_in_one_move() {
        let mut s = LocalGame::new(GameKind::ChineseCheckers, Mode::SameDevice);
        assert!(!s.must_pass());
        assert!(s.movable().contains(&112));
        assert!(s.pass().is_empty(), "no pass while moves exist");
        s.tap(112);
        assert_eq!(s.highlights(), vec![103, 104]);
        assert_eq!(s.tap(104), vec![Effect::Played { index: 0 }, Effect::Save]);
        assert_eq!(s.record().move_texts(), ["112-104"]);
    }

    fn played(kind: GameKind, moves: &[&str]) -> LocalGame {
        let mut record = AnyRecord::new(kind);
        for mv in moves {
            record.play_text(mv).expect("legal");
        }
        LocalGame::resume_record(record, Mode::SameDevice)
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
                    let AnyRecord::Kalah(record) = shown else {
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
