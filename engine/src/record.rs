//! A game record: the starting position and the moves played from it.
//!
//! The record owns everything that needs history: threefold repetition, the checkers 40-move
//! rule, undo and the result. Saves and rooms store records (as text: the starting FEN and the
//! move list) and derive the position by replaying them, so a save can never hold a position
//! its moves do not lead to.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{DrawReason, Game, MoveError, Outcome, Side};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record<G: Game> {
    /// `positions[i]` is the position before `moves[i]`; one more position than moves.
    positions: Vec<G>,
    moves: Vec<G::Move>,
    /// `quiet[i]`: plies played before `positions[i]` since the last irreversible move.
    quiet: Vec<u32>,
}

impl<G: Game> Default for Record<G> {
    fn default() -> Self {
        Record::new(G::start())
    }
}

impl<G: Game> Record<G> {
    pub fn new(start: G) -> Self {
        Record {
            positions: vec![start],
            moves: Vec::new(),
            quiet: vec![0],
        }
    }

    /// Replays `moves` (in move notation) from `start`; the first bad one is reported with
    /// its index and nothing is built.
    pub fn replay<S: AsRef<str>>(start: G, moves: &[S]) -> Result<Self, (usize, MoveError)> {
        let mut record = Record::new(start);
        for (index, text) in moves.iter().enumerate() {
            record.play_text(text.as_ref()).map_err(|e| (index, e))?;
        }
        Ok(record)
    }

    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    pub fn position(&self) -> &G {
        self.positions
            .last()
            .expect("a record always holds its start")
    }

    /// The position before ply `index` (0 = the start); `index == len()` is the current one.
    pub fn position_at(&self, index: usize) -> Option<&G> {
        self.positions.get(index)
    }

    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// Plies played.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    pub fn turn(&self) -> Side {
        self.position().turn()
    }

    /// Who played ply `index`.
    pub fn mover(&self, index: usize) -> Option<Side> {
        self.moves.get(index).map(|_| self.positions[index].turn())
    }

    pub fn last_move(&self) -> Option<&G::Move> {
        self.moves.last()
    }

    /// Plies since the last irreversible move (capture or man move, in checkers).
    pub fn quiet_plies(&self) -> u32 {
        *self.quiet.last().expect("one clock entry per position")
    }

    /// How often the current position (same side to move) has occurred, this time included.
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        let key = current.zobrist();
        // Positions before the last irreversible move cannot recur.
        let window = self.quiet_plies() as usize + 1;
        self.positions
            .iter()
            .rev()
            .take(window)
            .filter(|p| p.zobrist() == key && *p == current)
            .count()
    }

    /// The result: decided by the position, or a draw by repetition or the quiet-move rule.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.position().outcome() {
            return Some(outcome);
        }
        if G::REPETITION_DRAW && self.repetitions() >= 3 {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        match G::QUIET_PLY_LIMIT {
            Some(limit) if self.quiet_plies() >= limit => {
                Some(Outcome::Draw(DrawReason::FortyMoveRule))
            }
            _ => None,
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The legal moves now; none once the game is over (including draws by history).
    pub fn legal_moves(&self) -> Vec<G::Move> {
        if self.is_over() {
            Vec::new()
        } else {
            self.position().legal_moves()
        }
    }

    /// Plays a move; on error nothing changes.
    pub fn play(&mut self, mv: &G::Move) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let next = self.position().play(mv)?;
        self.push(mv.clone(), next);
        Ok(())
    }

    /// Plays a move given in move notation and returns it as parsed.
    pub fn play_text(&mut self, text: &str) -> Result<&G::Move, MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let mv = self.position().parse_move(text)?;
        let next = self.position().play_unchecked(&mv);
        self.push(mv, next);
        Ok(self.moves.last().expect("just pushed"))
    }

    fn push(&mut self, mv: G::Move, next: G) {
        let quiet = if self.position().resets_quiet_clock(&mv) {
            0
        } else {
            self.quiet_plies() + 1
        };
        self.moves.push(mv);
        self.positions.push(next);
        self.quiet.push(quiet);
    }

    /// Takes back the last ply.
    pub fn undo_ply(&mut self) -> Option<G::Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.quiet.pop();
        Some(mv)
    }

    /// Takes back the last completed turn: every consecutive ply of whoever moved last (a Kalah
    /// turn with extra moves is several plies). Two players on one device use this.
    /// Returns how many plies were taken back.
    pub fn undo_turn(&mut self) -> usize {
        let Some(last) = self.mover(self.len().wrapping_sub(1)) else {
            return 0;
        };
        self.undo_while_mover_is(last)
    }

    /// Against the computer: back to `player`'s previous turn, removing the opponent's reply if
    /// it already came. Returns how many plies were taken back (0 when `player` has not moved).
    pub fn undo_to_turn_of(&mut self, player: Side) -> usize {
        if !self.mover_history().any(|side| side == player) {
            return 0;
        }
        let reply = self.undo_while_mover_is(player.other());
        reply + self.undo_while_mover_is(player)
    }

    fn mover_history(&self) -> impl Iterator<Item = Side> + '_ {
        self.positions[..self.moves.len()].iter().map(|p| p.turn())
    }

    fn undo_while_mover_is(&mut self, side: Side) -> usize {
        let mut undone = 0;
        while self.mover(self.len().wrapping_sub(1)) == Some(side) {
            self.undo_ply();
            undone += 1;
        }
        undone
    }

    /// The moves in move notation.
    pub fn move_texts(&self) -> Vec<String> {
        self.moves.iter().map(ToString::to_string).collect()
    }
}

/// A record as text: what saves and the network carry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordText {
    /// The starting position's FEN.
    pub start: String,
    /// The moves in move notation.
    pub moves: Vec<String>,
}

impl<G: Game> From<&Record<G>> for RecordText {
    fn from(record: &Record<G>) -> Self {
        RecordText {
            start: record.start().to_string(),
            moves: record.move_texts(),
        }
    }
}

impl<G: Game> TryFrom<RecordText> for Record<G> {
    type Error = RecordError;

    fn try_from(text: RecordText) -> Result<Self, Self::Error> {
        let start: G = text.start.parse().map_err(RecordError::Start)?;
        Record::replay(start, &text.moves)
            .map_err(|(index, error)| RecordError::Move { index, error })
    }
}

/// A stored record that does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("bad starting position: {0}")]
    Start(crate::PositionError),
    #[error("move {} does not replay: {error}", index + 1)]
    Move { index: usize, error: MoveError },
}

impl<G: Game> Serialize for Record<G> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RecordText::from(self).serialize(serializer)
    }
}

impl<'de, G: Game> Deserialize<'de> for Record<G> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = RecordText::deserialize(deserializer)?;
        Record::try_from(text).map_err(serde::de::Error::custom)
    }
}
