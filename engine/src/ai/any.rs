//! The search for a game known only at run time.

use super::{Evaluate, Search, SearchError};
use crate::{AnyRecord, Game, Record};

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

/// Chooses a move for the side to move in `record` and returns it in move notation. The
/// record's history is passed on, so moves into repeated positions count as draws.
pub fn choose_any(record: &AnyRecord, search: &Search<'_>) -> Result<String, SearchError> {
    fn choose<G: Evaluate>(record: &Record<G>, search: &Search<'_>) -> Result<String, SearchError> {
        if record.is_over() {
            return Err(SearchError::GameOver);
        }
        let keys = history_keys(record);
        let choice = search.history(&keys).choose(record.position())?;
        Ok(choice.mv.to_string())
    }
    match record {
        AnyRecord::Kalah(record) => choose(record, search),
        AnyRecord::Checkers(record) => choose(record, search),
        AnyRecord::ChineseCheckers(record) => choose(record, search),
    }
}
