use serde::{Deserialize, Serialize};

/// How strongly the computer plays: the engine's own levels (saved as "easy", "medium", "hard").
pub use cozcade_engine::ai::Level;

/// Who plays the second colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "mode", content = "level")]
pub enum Mode {
    /// The player has the first colour; the computer answers at this level.
    Computer(Level),
    /// Two people pass one device.
    SameDevice,
}

impl Mode {
    /// Where this mode's game is saved: one slot per game and mode, whatever the level.
    pub fn slot(self) -> Slot {
        match self {
            Mode::Computer(_) => Slot::Computer,
            Mode::SameDevice => Slot::SameDevice,
        }
    }

    pub fn level(self) -> Option<Level> {
        match self {
            Mode::Computer(level) => Some(level),
            Mode::SameDevice => None,
        }
    }
}

/// A save slot: each game keeps its computer match and its same-device match apart.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Slot {
    Computer,
    SameDevice,
}

impl Slot {
    pub const ALL: [Slot; 2] = [Slot::Computer, Slot::SameDevice];

    pub fn as_str(self) -> &'static str {
        match self {
            Slot::Computer => "computer",
            Slot::SameDevice => "same-device",
        }
    }
}
