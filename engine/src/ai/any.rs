//! The search for a game known only at run time.

use super::{Evaluate, Search, SearchError};
use crate::{AnyMove, AnyRecord, Game, Record};

/// Zobrist keys of the positions before the current one that it could still repeat (since the
/// last irreversible move), for [`Search::history`].
pub fn history_keys<G: Game>(record: &Record<G>) -> Vec<u64> {
    let window = record.quiet_plies() as usize;
    let current = record.len();
    (current.saturating_sub(window)..current)
        .filter_map(|index| record.position_at(index))
        .map(Game::zobrist)
        .collect()
}

/// Chooses a move for the side to move in `record`. The record's history is passed on, so
/// moves into repeated positions count as draws.
pub fn choose_any(record: &AnyRecord, search: &Search<'_>) -> Result<AnyMove, SearchError> {
    fn choose<G: Evaluate>(
        record: &Record<G>,
        search: &Search<'_>,
    ) -> Result<G::Move, SearchError> {
        if record.is_over() {
            return Err(SearchError::GameOver);
        }
        let keys = history_keys(record);
        Ok(search.history(&keys).choose(record.position())?.mv)
    }
    match record {
        AnyRecord::Kalah(record) => choose(record, search).map(AnyMove::Kalah),
        AnyRecord::Checkers(record) => choose(record, search).map(AnyMove::Checkers),
        AnyRecord::ChineseCheckers(record) => choose(record, search).map(AnyMove::ChineseCheckers),
    }
}
