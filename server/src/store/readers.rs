//! Read-only connections to the SQLite database, for everything that only reads: a room's
//! page, its welcome and its picture, a room owner loading its room, the room count.
//!
//! In WAL mode the readers and the one writer never wait for each other, and a read sees every
//! transaction committed before it began (so every write already acknowledged). The writer
//! thread, which stores every player's actions, therefore does no reads at all: no read, however
//! large or however often repeated, can hold up an acknowledgement.
//!
//! rusqlite is synchronous: a read runs on tokio's blocking pool, on one of at most `count`
//! connections; more reads at once wait for a connection.

use std::{
    path::{Path, PathBuf},
    sync::Mutex,
};

use rusqlite::{Connection, OpenFlags};
use tokio::sync::Semaphore;

use super::StoreError;

pub struct Readers {
    path: PathBuf,
    /// Connections not in use. A std Mutex: held for a push or a pop, never across an `.await`.
    idle: Mutex<Vec<Connection>>,
    /// One permit per connection, taken for the length of a read.
    permits: Semaphore,
}

fn db_error(e: rusqlite::Error) -> StoreError {
    StoreError::Database(e.to_string())
}

/// A read-only connection (`query_only` too, so not even a stray statement could write).
fn open(path: &Path) -> Result<Connection, StoreError> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let connection = Connection::open_with_flags(path, flags).map_err(db_error)?;
    connection
        .execute_batch(
            "PRAGMA query_only = 1; PRAGMA busy_timeout = 5000; PRAGMA cache_size = -8192;",
        )
        .map_err(db_error)?;
    Ok(connection)
}

impl Readers {
    /// Up to `count` read-only connections to the database at `path` (opened as needed; one
    /// now, to fail early on a file that cannot be read).
    pub fn new(path: &Path, count: usize) -> Result<Readers, StoreError> {
        let first = open(path)?;
        Ok(Readers {
            path: path.to_owned(),
            idle: Mutex::new(vec![first]),
            permits: Semaphore::new(count.max(1)),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Connection>> {
        self.idle
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Runs `read` on a connection of its own, inside one read transaction (one snapshot).
    pub async fn read<T: Send + 'static>(
        &self,
        read: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|_| StoreError::Closed)?;
        let idle = self.lock().pop();
        let connection = match idle {
            Some(connection) => connection,
            None => open(&self.path)?,
        };
        let (connection, result) = tokio::task::spawn_blocking(move || {
            let result = connection
                .unchecked_transaction()
                .map_err(db_error)
                .and_then(|tx| {
                    let result = read(&tx)?;
                    tx.commit().map_err(db_error)?;
                    Ok(result)
                });
            (connection, result)
        })
        .await
        .map_err(|e| StoreError::Database(format!("a read did not finish: {e}")))?;
        self.lock().push(connection);
        result
    }
}
