//! Saved games in SQLite (rusqlite, bundled), in the platform's app data directory.

use std::path::{Path, PathBuf};

use cozcade_engine::GameKind;
use rusqlite::{Connection, OptionalExtension, params};

use super::store::{SavedGame, Store, StoreError};
use crate::state::Slot;

pub struct SqliteStore {
    connection: Connection,
}

/// Schema versions, applied in order; `PRAGMA user_version` says how many have run.
const MIGRATIONS: &[&str] = &["CREATE TABLE saves (
        game TEXT NOT NULL,
        slot TEXT NOT NULL,
        data TEXT NOT NULL,
        saved_at INTEGER NOT NULL DEFAULT (unixepoch()),
        PRIMARY KEY (game, slot)
    );
    CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);"];

impl SqliteStore {
    /// Opens (and creates or migrates) the database at `path`.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| StoreError::Unavailable(format!("{}: {e}", dir.display())))?;
        }
        let connection = Connection::open(path).map_err(unavailable)?;
        Self::with_connection(connection)
    }

    /// A private in-memory database (tests).
    pub fn open_in_memory() -> Result<Self, StoreError> {
        Self::with_connection(Connection::open_in_memory().map_err(unavailable)?)
    }

    /// `cozcade.sqlite` in the app data directory of this platform.
    pub fn open_default() -> Result<Self, StoreError> {
        Self::open(&default_path()?)
    }

    fn with_connection(mut connection: Connection) -> Result<Self, StoreError> {
        let version: i64 = connection
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .map_err(unavailable)?;
        let version = usize::try_from(version).unwrap_or(usize::MAX);
        if version > MIGRATIONS.len() {
            return Err(StoreError::Unavailable(format!(
                "the saved games were written by a newer Cozcade (schema {version})"
            )));
        }
        for (index, migration) in MIGRATIONS.iter().enumerate().skip(version) {
            let tx = connection.transaction().map_err(unavailable)?;
            tx.execute_batch(migration).map_err(unavailable)?;
            tx.pragma_update(None, "user_version", index as i64 + 1)
                .map_err(unavailable)?;
            tx.commit().map_err(unavailable)?;
        }
        Ok(SqliteStore { connection })
    }
}

/// The directory apps keep private data in. Android has no XDG/HOME convention the
/// `directories` crate understands; there the app's own files directory is derived from the
/// package name, which is the process name.
fn default_path() -> Result<PathBuf, StoreError> {
    #[cfg(target_os = "android")]
    {
        let cmdline = std::fs::read("/proc/self/cmdline")
            .map_err(|e| StoreError::Unavailable(format!("no package name: {e}")))?;
        let package: String =
            String::from_utf8_lossy(cmdline.split(|&b| b == 0).next().unwrap_or_default())
                .into_owned();
        if package.is_empty() || package.contains('/') {
            return Err(StoreError::Unavailable("no package name".into()));
        }
        Ok(PathBuf::from(format!(
            "/data/data/{package}/files/cozcade.sqlite"
        )))
    }
    #[cfg(not(target_os = "android"))]
    {
        directories::ProjectDirs::from("org", "Cozcade", "Cozcade")
            .map(|dirs| dirs.data_dir().join("cozcade.sqlite"))
            .ok_or_else(|| StoreError::Unavailable("this system has no app data directory".into()))
    }
}

fn unavailable(e: rusqlite::Error) -> StoreError {
    StoreError::Unavailable(e.to_string())
}

impl Store for SqliteStore {
    fn load(&self, game: GameKind, slot: Slot) -> Result<Option<SavedGame>, StoreError> {
        let text: Option<String> = self
            .connection
            .query_row(
                "SELECT data FROM saves WHERE game = ?1 AND slot = ?2",
                params![game.as_str(), slot.as_str()],
                |row| row.get(0),
            )
            .optional()
            .map_err(|e| StoreError::Read(e.to_string()))?;
        text.map(|text| SavedGame::from_json(&text, game, slot))
            .transpose()
    }

    fn save(&self, saved: &SavedGame) -> Result<(), StoreError> {
        let text = saved.to_json()?;
        self.connection
            .execute(
                "INSERT INTO saves (game, slot, data) VALUES (?1, ?2, ?3)
                 ON CONFLICT (game, slot) DO UPDATE SET data = excluded.data, saved_at = unixepoch()",
                params![saved.kind().as_str(), saved.slot().as_str(), text],
            )
            .map(drop)
            .map_err(|e| StoreError::Write(e.to_string()))
    }

    fn delete(&self, game: GameKind, slot: Slot) -> Result<(), StoreError> {
        self.connection
            .execute(
                "DELETE FROM saves WHERE game = ?1 AND slot = ?2",
                params![game.as_str(), slot.as_str()],
            )
            .map(drop)
            .map_err(|e| StoreError::Write(e.to_string()))
    }

    fn setting(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.connection
            .query_row(
                "SELECT value FROM settings WHERE key = ?1",
                params![key],
                |row| row.get(0),
            )
            .optional()
            .map_err(|e| StoreError::Read(e.to_string()))
    }

    fn set_setting(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.connection
            .execute(
                "INSERT INTO settings (key, value) VALUES (?1, ?2)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                params![key, value],
            )
            .map(drop)
            .map_err(|e| StoreError::Write(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Level, Mode};
    use crate::storage::tests::sample;

    #[test]
    fn saves_survive_reopening_and_slots_stay_apart() {
        let dir = std::env::temp_dir().join(format!("cozcade-store-{}", std::process::id()));
        let path = dir.join("nested").join("cozcade.sqlite");
        let saved = sample();
        {
            let store = SqliteStore::open(&path).expect("opens");
            store.save(&saved).expect("saves");
            store.set_setting("language", "nl").expect("saves");
        }
        let store = SqliteStore::open(&path).expect("reopens");
        assert_eq!(
            store.load(GameKind::Kalah, Slot::Computer),
            Ok(Some(saved.clone()))
        );
        assert_eq!(store.load(GameKind::Kalah, Slot::SameDevice), Ok(None));
        assert_eq!(store.setting("language"), Ok(Some("nl".into())));

        // Saving again replaces, with the new level.
        let mut newer = saved;
        newer.mode = Mode::Computer(Level::Hard);
        newer.record.undo_ply();
        store.save(&newer).expect("saves");
        assert_eq!(store.load(GameKind::Kalah, Slot::Computer), Ok(Some(newer)));
        store
            .delete(GameKind::Kalah, Slot::Computer)
            .expect("deletes");
        assert_eq!(store.load(GameKind::Kalah, Slot::Computer), Ok(None));
        std::fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn online_seats_survive_reopening() {
        use crate::storage::{RoomSeat, keep_room_seat, seat_key_for};
        let dir = std::env::temp_dir().join(format!("cozcade-seats-{}", std::process::id()));
        let path = dir.join("cozcade.sqlite");
        {
            let store = SqliteStore::open(&path).expect("opens");
            let seat = RoomSeat {
                server: "https://play.example".into(),
                room: "3f9c2a71d04be85e6a10".parse().expect("well formed"),
                game: GameKind::ChineseCheckers,
                seat_key: "9d1f5c0e".parse().expect("well formed"),
                glance: None,
                leaving: false,
                replacing_key: None,
            };
            keep_room_seat(&store, seat).expect("keeps");
        }
        let store = SqliteStore::open(&path).expect("reopens");
        assert_eq!(
            seat_key_for(&store, "https://play.example", "3f9c2a71d04be85e6a10"),
            Ok(Some("9d1f5c0e".parse().expect("well formed")))
        );
        std::fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn a_damaged_row_is_reported_not_trusted() {
        let store = SqliteStore::open_in_memory().expect("opens");
        store
            .connection
            .execute(
                "INSERT INTO saves (game, slot, data) VALUES ('kalah', 'computer', 'not json')",
                [],
            )
            .expect("inserts");
        assert!(matches!(
            store.load(GameKind::Kalah, Slot::Computer),
            Err(StoreError::Corrupt(_))
        ));
    }

    #[test]
    fn a_newer_schema_is_refused() {
        let connection = Connection::open_in_memory().expect("opens");
        connection
            .pragma_update(None, "user_version", 99)
            .expect("sets");
        assert!(matches!(
            SqliteStore::with_connection(connection),
            Err(StoreError::Unavailable(_))
        ));
    }

    #[test]
    fn an_unwritable_place_is_unavailable() {
        let result = SqliteStore::open(Path::new("/proc/cozcade/cozcade.sqlite"));
        assert!(matches!(result, Err(StoreError::Unavailable(_))));
    }
}
