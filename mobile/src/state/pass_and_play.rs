use serde::{Deserialize, Serialize};

/// How two players on one device pass it: a hand-over screen between turns ("Pass to White —
/// tap when ready"), and the board turned toward the player to move. Both off unless chosen;
/// kept with the game's save (saves from before these existed read as both off).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct PassAndPlay {
    pub hand_over: bool,
    pub turn_board: bool,
}

impl PassAndPlay {
    /// Nothing chosen (then the save leaves the field out).
    pub fn is_default(&self) -> bool {
        *self == PassAndPlay::default()
    }
}
