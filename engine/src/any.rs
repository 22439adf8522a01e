//! One game of any kind, chosen at run time: what the CLI, the server and the app's
//! storage hold when the game is only known from a string.

use serde::{Deserialize, Serialize};

use crate::{
    Checkers, ChineseCheckers, Game, GameKind, Kalah, MoveError, Outcome, PositionError, Record,
    RecordError, RecordText, Side,
};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyRecord {
    Checkers(Record<Checkers>),
    Kalah(Record<Kalah>),
    ChineseCheckers(Record<ChineseCheckers>),
}

/// Runs the same expression on whichever record is inside.
macro_rules! each {
    ($self:expr, $record:ident => $body:expr) => {
        match $self {
            AnyRecord::Checkers($record) => $body,
            AnyRecord::Kalah($record) => $body,
            AnyRecord::ChineseCheckers($record) => $body,
        }
    };
}

impl AnyRecord {
    /// A new game from the starting position.
    pub fn new(kind: GameKind) -> Self {
        match kind {
            GameKind::Checkers => AnyRecord::Checkers(Record::default()),
            GameKind::Kalah => AnyRecord::Kalah(Record::default()),
            GameKind::ChineseCheckers => AnyRecord::ChineseCheckers(Record::default()),
        }
    }

    /// A new game from a position given as FEN.
    pub fn from_fen(kind: GameKind, fen: &str) -> Result<Self, PositionError> {
        Ok(match kind {
            GameKind::Checkers => AnyRecord::Checkers(Record::new(fen.parse()?)),
            GameKind::Kalah => AnyRecord::Kalah(Record::new(fen.parse()?)),
            GameKind::ChineseCheckers => AnyRecord::ChineseCheckers(Record::new(fen.parse()?)),
        })
    }

    /// Rebuilds a stored game by replaying its moves.
    pub fn from_text(kind: GameKind, text: RecordText) -> Result<Self, RecordError> {
        Ok(match kind {
            GameKind::Checkers => AnyRecord::Checkers(Record::try_from(text)?),
            GameKind::Kalah => AnyRecord::Kalah(Record::try_from(text)?),
            GameKind::ChineseCheckers => AnyRecord::ChineseCheckers(Record::try_from(text)?),
        })
    }

    pub fn to_text(&self) -> RecordText {
        each!(self, r => RecordText::from(r))
    }

    pub fn kind(&self) -> GameKind {
        match self {
            AnyRecord::Checkers(_) => Checkers::KIND,
            AnyRecord::Kalah(_) => Kalah::KIND,
            AnyRecord::ChineseCheckers(_) => ChineseCheckers::KIND,
        }
    }

    /// The current position's FEN.
    pub fn fen(&self) -> String {
        each!(self, r => r.position().to_string())
    }

    pub fn start_fen(&self) -> String {
        each!(self, r => r.start().to_string())
    }

    pub fn turn(&self) -> Side {
        each!(self, r => r.turn())
    }

    pub fn outcome(&self) -> Option<Outcome> {
        each!(self, r => r.outcome())
    }

    /// `ongoing`, `draw` or `<colour> wins`.
    pub fn describe_result(&self) -> String {
        self.kind().describe_result(self.outcome())
    }

    pub fn len(&self) -> usize {
        each!(self, r => r.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Who played ply `index`.
    pub fn mover(&self, index: usize) -> Option<Side> {
        each!(self, r => r.mover(index))
    }

    /// The legal moves in move notation (none once the game is over).
    pub fn legal_moves(&self) -> Vec<String> {
        each!(self, r => r.legal_moves().iter().map(ToString::to_string).collect())
    }

    pub fn move_texts(&self) -> Vec<String> {
        each!(self, r => r.move_texts())
    }

    /// Plays a move given in move notation; returns its canonical text. On error nothing changes.
    pub fn play(&mut self, text: &str) -> Result<String, MoveError> {
        each!(self, r => r.play_text(text).map(ToString::to_string))
    }

    pub fn undo_ply(&mut self) -> bool {
        each!(self, r => r.undo_ply().is_some())
    }

    pub fn undo_turn(&mut self) -> usize {
        each!(self, r => r.undo_turn())
    }

    pub fn undo_to_turn_of(&mut self, player: Side) -> usize {
        each!(self, r => r.undo_to_turn_of(player))
    }
}

/// The wire and save form: `{"game": "kalah", "start": "G:...", "moves": ["c", "f"]}`.
#[derive(Serialize, Deserialize)]
struct AnyRecordText {
    game: GameKind,
    #[serde(flatten)]
    record: RecordText,
}

impl Serialize for AnyRecord {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        AnyRecordText {
            game: self.kind(),
            record: self.to_text(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for AnyRecord {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = AnyRecordText::deserialize(deserializer)?;
        AnyRecord::from_text(text.game, text.record).map_err(serde::de::Error::custom)
    }
}
