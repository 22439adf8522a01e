use thiserror::Error;

/// A position text (FEN) that does not describe a legal setup. Nothing is built from it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error("malformed position: {0}")]
    Syntax(String),
    #[error("impossible position: {0}")]
    Impossible(String),
}

/// A move text that does not name a legal move in the current position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("malformed move {text:?}: expected {expected}")]
    Syntax {
        text: String,
        expected: &'static str,
    },
    #[error("illegal move {0}")]
    Illegal(String),
    #[error("ambiguous move {0}: give every landing")]
    Ambiguous(String),
    #[error("the game is over")]
    GameOver,
}

/// Returned by `play` when the move is not legal; the position it was played on is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("illegal move {0}")]
pub struct IllegalMove(pub String);

impl From<IllegalMove> for MoveError {
    fn from(e: IllegalMove) -> Self {
        MoveError::Illegal(e.0)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown game {0:?}: expected checkers, kalah or chinese-checkers")]
pub struct UnknownGame(pub String);

/// Shortens untrusted text before it is echoed back in an error message.
pub(crate) fn clip(text: &str) -> String {
    const MAX: usize = 60;
    if text.chars().count() <= MAX {
        text.to_owned()
    } else {
        let mut short: String = text.chars().take(MAX).collect();
        short.push('…');
        short
    }
}
