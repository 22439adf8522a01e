//! The game on the board, one type for each way to play: a [`LocalGame`] (against the computer
//! or two players on one device) owns its record; an [`OnlineGame`] owns what its room
//! confirmed. Components send [`Action`]s and draw what the table says; each action is
//! answered with the [`Effect`]s the shell carries out.

use cozcade_engine::{AnyMove, AnyRecord, GameKind, Place, Side};

use super::{
    effect::Effect,
    feel::Feel,
    finish::Finish,
    hint::Hint,
    local_game::{LocalAction, LocalGame},
    mode::{Level, Mode},
    online_game::{OnlineAction, OnlineGame},
    pass_and_play::PassAndPlay,
};

/// Everything that changes the game on the board. Components send these; nothing else
/// changes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A tap (or Enter/Space) on a pit, square or hole.
    Tap(Place),
    /// Escape / Cancel: forget the unfinished route, back to the position before this turn.
    Cancel,
    /// Chinese Checkers: the side to move has no move and passes (only when that is the move).
    Pass,
    /// What only a game on this device has: undo, levels, pause, the computer's answers.
    Local(LocalAction),
    /// What only an online game is fed: the room's confirmations and readiness.
    Online(OnlineAction),
}

impl From<LocalAction> for Action {
    fn from(action: LocalAction) -> Self {
        Action::Local(action)
    }
}

impl From<OnlineAction> for Action {
    fn from(action: OnlineAction) -> Self {
        Action::Online(action)
    }
}

#[derive(Clone, Debug)]
pub enum Table {
    Local(LocalGame),
    Online(OnlineGame),
}

impl Table {
    /// Applies an action and says what the shell must do. An action for the other way of
    /// playing (a late answer of the computer after the board changed to an online game, say)
    /// changes nothing.
    pub fn apply(&mut self, action: impl Into<Action>) -> Vec<Effect> {
        match (self, action.into()) {
            (Table::Local(game), Action::Tap(place)) => game.tap(place),
            (Table::Online(game), Action::Tap(place)) => game.tap(place),
            (Table::Local(game), Action::Cancel) => game.cancel(),
            (Table::Online(game), Action::Cancel) => game.cancel(),
            (Table::Local(game), Action::Pass) => game.pass(),
            (Table::Online(game), Action::Pass) => game.pass(),
            (Table::Local(game), Action::Local(action)) => game.apply(action),
            (Table::Online(game), Action::Online(action)) => game.apply(action),
            (_, Action::Local(_) | Action::Online(_)) => Vec::new(),
        }
    }

    /// Effects to run once the game is on screen: a restored game where the computer is to
    /// move starts it thinking.
    pub fn start(&mut self) -> Vec<Effect> {
        match self {
            Table::Local(game) => game.start(),
            Table::Online(_) => Vec::new(),
        }
    }

    pub fn local(&self) -> Option<&LocalGame> {
        match self {
            Table::Local(game) => Some(game),
            Table::Online(_) => None,
        }
    }

    /// How two players pass the device, when two play on this one; `None` against the computer
    /// and online.
    pub fn passing(&self) -> Option<PassAndPlay> {
        self.local()
            .filter(|game| game.mode() == Mode::SameDevice)
            .map(LocalGame::pass_and_play)
    }

    pub fn online(&self) -> Option<&OnlineGame> {
        match self {
            Table::Local(_) => None,
            Table::Online(game) => Some(game),
        }
    }

    /// The game on the board.
    pub fn record(&self) -> &AnyRecord {
        match self {
            Table::Local(game) => game.record(),
            Table::Online(game) => game.record(),
        }
    }

    pub fn kind(&self) -> GameKind {
        self.record().kind()
    }

    /// The seat this device plays in an online room (`None` for a local game).
    pub fn online_seat(&self) -> Option<Side> {
        self.online().map(OnlineGame::seat)
    }

    /// Against the computer at this level (`None` on one device or online).
    pub fn computer_level(&self) -> Option<Level> {
        self.local().and_then(|game| game.mode().level())
    }

    /// Whether the player holding the device may tap a move now.
    pub fn human_to_move(&self) -> bool {
        match self {
            Table::Local(game) => game.human_to_move(),
            Table::Online(game) => game.human_to_move(),
        }
    }

    /// The route tapped so far (never part of a save).
    pub fn route(&self) -> &[Place] {
        match self {
            Table::Local(game) => game.route(),
            Table::Online(game) => game.route(),
        }
    }

    /// The cells to highlight: movable pieces, or the next landings of the chosen one. Empty
    /// when it is not a human's turn to tap.
    pub fn highlights(&self) -> Vec<Place> {
        match self {
            Table::Local(game) => game.highlights(),
            Table::Online(game) => game.highlights(),
        }
    }

    /// Cells that start a move (for "next movable piece" with Home), or none.
    pub fn movable(&self) -> Vec<Place> {
        match self {
            Table::Local(game) => game.movable(),
            Table::Online(game) => game.movable(),
        }
    }

    /// Whether a landing has been chosen, so only Cancel can leave the route.
    pub fn route_committed(&self) -> bool {
        match self {
            Table::Local(game) => game.route_committed(),
            Table::Online(game) => game.route_committed(),
        }
    }

    /// The player to tap has no move but a pass (Chinese Checkers): the UI offers Pass.
    pub fn must_pass(&self) -> bool {
        match self {
            Table::Local(game) => game.must_pass(),
            Table::Online(game) => game.must_pass(),
        }
    }

    /// The board is drawn turned half a round (see each game's rule).
    pub fn board_turned(&self) -> bool {
        match self {
            Table::Local(game) => game.board_turned(),
            Table::Online(game) => game.board_turned(),
        }
    }

    /// How the game ended, told from this device's side; `None` while it goes on.
    pub fn finish(&self) -> Option<Finish> {
        match self {
            Table::Local(game) => game.finish(),
            Table::Online(game) => game.finish(),
        }
    }

    /// The game can be looked back at move by move, with nothing on it to play: it is over,
    /// or paused (a local game; an online game is never paused).
    pub fn can_review(&self) -> bool {
        self.finish().is_some() || self.local().is_some_and(LocalGame::is_paused)
    }

    /// The hint on show, for the side to move. Online games have no hints.
    pub fn hint(&self) -> Option<AnyMove> {
        match self {
            Table::Local(game) => match game.hint() {
                Hint::Shown(mv) => Some(mv),
                Hint::None | Hint::Looking => None,
            },
            Table::Online(_) => None,
        }
    }

    /// The feedback for the move at ply `index` (a phone's haptics).
    pub fn feel_of_move(&self, index: usize) -> Option<Feel> {
        match self {
            Table::Local(game) => game.feel_of_move(index),
            Table::Online(game) => game.feel_of_move(index),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_two_players_on_one_device_pass_it() {
        let pass = PassAndPlay {
            hand_over: true,
            turn_board: false,
        };
        let same_device =
            LocalGame::new(GameKind::Kalah, Mode::SameDevice).with_pass_and_play(pass);
        assert_eq!(Table::Local(same_device).passing(), Some(pass));
        let computer = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Hard));
        assert_eq!(Table::Local(computer).passing(), None);
    }
}
