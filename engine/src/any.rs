//! One game of any kind, chosen at run time: what the CLI, the server and the app's
//! storage hold when the game is only known from a string.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{
    Checkers, ChineseCheckers, Game, GameKind, Kalah, MoveError, Outcome, PositionError, Record,
    RecordError, RecordText, Side, checkers, chinese_checkers, kalah,
};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyRecord {
    Checkers(Record<Checkers>),
    Kalah(Record<Kalah>),
    ChineseCheckers(Record<ChineseCheckers>),
}

/// A move of any of the games, as the engine generated or parsed it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyMove {
    Checkers(checkers::Move),
    Kalah(kalah::Move),
    ChineseCheckers(chinese_checkers::Move),
}

/// A place on one of the boards that a player picks: a pit of one side's row, a dark square,
/// a hole of the star.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    Pit(Side, kalah::Pit),
    Square(checkers::Square),
    Hole(chinese_checkers::Hole),
}

impl AnyMove {
    /// The places a player picks to make this move, in order: the piece and every landing
    /// (checkers), the marble and the hole it ends on (Chinese Checkers: the hops between are
    /// found by the engine), the pit (Kalah, in `mover`'s row). Empty for a pass.
    pub fn places(&self, mover: Side) -> Vec<Place> {
        match self {
            AnyMove::Checkers(mv) => mv.route().iter().copied().map(Place::Square).collect(),
            AnyMove::Kalah(kalah::Move(pit)) => vec![Place::Pit(mover, *pit)],
            AnyMove::ChineseCheckers(chinese_checkers::Move::Marble { from, to, .. }) => {
                vec![Place::Hole(*from), Place::Hole(*to)]
            }
            AnyMove::ChineseCheckers(chinese_checkers::Move::Pass) => Vec::new(),
        }
    }

    /// Chinese Checkers: the side to move has no move and passes.
    pub fn is_pass(&self) -> bool {
        matches!(self, AnyMove::ChineseCheckers(chinese_checkers::Move::Pass))
    }

    /// A checkers capture (Kalah's captures depend on the position: see the record).
    pub fn is_capture(&self) -> bool {
        matches!(self, AnyMove::Checkers(mv) if mv.is_capture())
    }
}

/// The move's notation (`15x22x29`, `c`, `94-58`, `pass`).
impl fmt::Display for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyMove::Checkers(mv) => mv.fmt(f),
            AnyMove::Kalah(mv) => mv.fmt(f),
            AnyMove::ChineseCheckers(mv) => mv.fmt(f),
        }
    }
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

    /// The legal moves (none once the game is over, by the position or by history).
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        match self {
            AnyRecord::Checkers(r) => r.legal_moves().into_iter().map(AnyMove::Checkers).collect(),
            AnyRecord::Kalah(r) => r.legal_moves().into_iter().map(AnyMove::Kalah).collect(),
            AnyRecord::ChineseCheckers(r) => r
                .legal_moves()
                .into_iter()
                .map(AnyMove::ChineseCheckers)
                .collect(),
        }
    }

    /// The legal moves in move notation, for the edges (the CLI, tests that speak the wire).
    pub fn legal_move_texts(&self) -> Vec<String> {
        each!(self, r => r.legal_moves().iter().map(ToString::to_string).collect())
    }

    /// Where the side to move can start a move: the pieces (checkers), marbles (Chinese
    /// Checkers) or pits (Kalah) that have one, ascending. None once the game is over or when
    /// the only move is a pass.
    pub fn movable(&self) -> Vec<Place> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        match self {
            AnyRecord::Checkers(r) => r
                .position()
                .movable_pieces()
                .into_iter()
                .map(Place::Square)
                .collect(),
            AnyRecord::Kalah(r) => {
                let turn = r.turn();
                let pits = r.position().playable_pits();
                pits.into_iter().map(|pit| Place::Pit(turn, pit)).collect()
            }
            AnyRecord::ChineseCheckers(r) => r
                .position()
                .movable_marbles()
                .into_iter()
                .map(Place::Hole)
                .collect(),
        }
    }

    /// The move played at ply `index`.
    pub fn move_at(&self, index: usize) -> Option<AnyMove> {
        match self {
            AnyRecord::Checkers(r) => r.moves().get(index).copied().map(AnyMove::Checkers),
            AnyRecord::Kalah(r) => r.moves().get(index).copied().map(AnyMove::Kalah),
            AnyRecord::ChineseCheckers(r) => {
                r.moves().get(index).copied().map(AnyMove::ChineseCheckers)
            }
        }
    }

    /// Plays a move; on error (another game's move, or not legal here) nothing changes.
    pub fn play(&mut self, mv: &AnyMove) -> Result<(), MoveError> {
        match (self, mv) {
            (AnyRecord::Checkers(r), AnyMove::Checkers(mv)) => r.play(mv),
            (AnyRecord::Kalah(r), AnyMove::Kalah(mv)) => r.play(mv),
            (AnyRecord::ChineseCheckers(r), AnyMove::ChineseCheckers(mv)) => r.play(mv),
            (_, mv) => Err(MoveError::Illegal(mv.to_string())),
        }
    }

    pub fn move_texts(&self) -> Vec<String> {
        each!(self, r => r.move_texts())
    }

    /// Reads a move in the game's notation (`11-15`, `c`, `112-103` or a whole route), as a
    /// legal move of the position now: the one door from text to a move, for the CLI, saves and
    /// the wire.
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        match self {
            AnyRecord::Checkers(r) => r.position().parse_move(text).map(AnyMove::Checkers),
            AnyRecord::Kalah(r) => r.position().parse_move(text).map(AnyMove::Kalah),
            AnyRecord::ChineseCheckers(r) => {
                r.position().parse_move(text).map(AnyMove::ChineseCheckers)
            }
        }
    }

    /// Plays a move given in move notation and answers it as parsed. On error nothing changes.
    pub fn play_text(&mut self, text: &str) -> Result<AnyMove, MoveError> {
        let mv = self.parse_move(text)?;
        self.play(&mv)?;
        Ok(mv)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{checkers::Square, chinese_checkers::Hole, kalah::Pit};

    fn squares(numbers: &[u8]) -> Vec<Place> {
        numbers
            .iter()
            .map(|&n| Place::Square(Square::new(n).expect("a dark square")))
            .collect()
    }

    fn holes(numbers: &[u8]) -> Vec<Place> {
        numbers
            .iter()
            .map(|&n| Place::Hole(Hole::new(n).expect("a hole")))
            .collect()
    }

    /// Every move's places start at a movable place, and every movable place starts a move.
    fn starts_are_movable(record: &AnyRecord) {
        let turn = record.turn();
        let mut starts: Vec<Place> = record
            .legal_moves()
            .iter()
            .filter_map(|mv| mv.places(turn).first().copied())
            .collect();
        starts.sort_unstable();
        starts.dedup();
        assert_eq!(starts, record.movable(), "{}", record.fen());
    }

    #[test]
    fn a_checkers_capture_lists_the_piece_and_every_landing() {
        // Red's 14 and 15 each have two double jumps.
        let record =
            AnyRecord::from_fen(GameKind::Checkers, "B:W18,19,26,27:B14,15").expect("valid");
        let routes: Vec<Vec<Place>> = record
            .legal_moves()
            .iter()
            .map(|mv| mv.places(Side::First))
            .collect();
        assert_eq!(
            routes,
            [
                squares(&[14, 23, 30]),
                squares(&[14, 23, 32]),
                squares(&[15, 22, 31]),
                squares(&[15, 24, 31]),
            ]
        );
        assert!(record.legal_moves().iter().all(AnyMove::is_capture));
        assert_eq!(record.movable(), squares(&[14, 15]));
        starts_are_movable(&record);

        let start = AnyRecord::new(GameKind::Checkers);
        let steps = start.legal_moves();
        assert_eq!(steps.len(), 7);
        assert!(
            steps
                .iter()
                .all(|mv| mv.places(Side::First).len() == 2 && !mv.is_capture())
        );
        assert_eq!(start.movable(), squares(&[9, 10, 11, 12]));
        starts_are_movable(&start);
    }

    #[test]
    fn a_kalah_move_is_one_pit_of_the_movers_row_and_empty_pits_are_not_movable() {
        let mut record = AnyRecord::new(GameKind::Kalah);
        record.play_text("a").expect("legal");
        // Turquoise to move, every pit full.
        assert_eq!(record.turn(), Side::Second);
        let pits: Vec<Place> = Pit::ALL
            .into_iter()
            .map(|p| Place::Pit(Side::Second, p))
            .collect();
        assert_eq!(record.movable(), pits);
        starts_are_movable(&record);
        record.play_text("a").expect("legal");
        // Gold's a is empty since its first move.
        let movable = record.movable();
        assert_eq!(movable.len(), 5);
        assert!(!movable.contains(&Place::Pit(Side::First, Pit::ALL[0])));
        let mv = record.legal_moves()[0];
        assert_eq!(
            mv.places(Side::First),
            vec![Place::Pit(Side::First, Pit::ALL[1])]
        );
        assert_eq!(mv.to_string(), "b");
        starts_are_movable(&record);
    }

    #[test]
    fn a_chinese_checkers_move_is_its_marble_and_endpoint_and_a_pass_has_no_places() {
        let record = AnyRecord::new(GameKind::ChineseCheckers);
        let mut from_112: Vec<Vec<Place>> = record
            .legal_moves()
            .iter()
            .map(|mv| mv.places(Side::First))
            .filter(|places| places.first() == holes(&[112]).first())
            .collect();
        from_112.sort();
        assert_eq!(from_112, vec![holes(&[112, 103]), holes(&[112, 104])]);
        assert!(record.movable().contains(&holes(&[112])[0]));
        starts_are_movable(&record);

        // Coral steps 15-7: jade's goal is full, its marble on 11 walled in, and jade passes.
        let mut blocked = AnyRecord::from_fen(
            GameKind::ChineseCheckers,
            "C:J1,2,3,4,5,6,8,9,10,11:C12,13,15,24,36,57,61,65,80,100",
        )
        .expect("valid");
        blocked.play_text("15-7").expect("legal");
        let moves = blocked.legal_moves();
        assert_eq!(moves.len(), 1);
        assert!(moves[0].is_pass());
        assert!(moves[0].places(Side::First).is_empty());
        assert!(blocked.movable().is_empty());
        blocked.play(&moves[0]).expect("the pass is legal");
        assert_eq!(blocked.outcome(), Some(Outcome::Win(Side::First)));
        assert!(blocked.legal_moves().is_empty() && blocked.movable().is_empty());
    }

    #[test]
    fn typed_moves_play_like_their_text_and_another_games_move_is_refused() {
        let mut typed = AnyRecord::new(GameKind::Checkers);
        let mut text = typed.clone();
        let mv = typed.legal_moves()[3];
        typed.play(&mv).expect("legal");
        text.play_text(&mv.to_string()).expect("legal");
        assert_eq!(typed, text);
        assert_eq!(typed.move_at(0), Some(mv));
        assert_eq!(typed.move_at(1), None);

        let kalah = AnyRecord::new(GameKind::Kalah).legal_moves()[0];
        let before = typed.clone();
        assert!(typed.play(&kalah).is_err());
        assert_eq!(typed, before, "nothing changed");
        assert_eq!(
            AnyRecord::new(GameKind::Kalah).legal_move_texts(),
            ["a", "b", "c", "d", "e", "f"]
        );
    }
}
