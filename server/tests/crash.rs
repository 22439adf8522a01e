//! The real binary is killed with SIGKILL while two clients keep moving; after a restart on the
//! same database every acknowledged action is there and the game goes on.

mod common;

use std::{path::Path, time::Duration};

use common::{
    Client, Player, create_room,
    game::{self, Game, play},
};
use cozcade_engine::GameKind;
use cozcade_protocol::Event;
use tokio::process::Child;

/// Starts `cozcade-server` on a free port with this database and sync mode.
async fn spawn_server(db: &Path, sync: &str) -> (Child, std::net::SocketAddr) {
    let db = db.display().to_string();
    game::spawn_server(&["--db".into(), db, "--sync".into(), sync.into()]).await
}

fn stored_actions(db: &Path, room: &str) -> Vec<(u64, Event)> {
    let connection = rusqlite::Connection::open(db).expect("open the database");
    let mut statement = connection
        .prepare("SELECT seq, event FROM actions WHERE room = ?1 ORDER BY seq")
        .expect("query");
    statement
        .query_map([room], |row| {
            Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?))
        })
        .expect("rows")
        .map(|row| {
            let (seq, event) = row.expect("row");
            (
                u64::try_from(seq).expect("seq"),
                serde_json::from_str(&event).expect("event"),
            )
        })
        .collect()
}

async fn seat(addr: std::net::SocketAddr, room: &str, key: Option<&str>) -> Player {
    let mut client = Client::connect(addr).await;
    client.hello(room, key, None).await;
    Player::welcomed(
        client,
        key.map(|k| k.parse().expect("a key")),
        GameKind::Kalah,
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_actions_survive_sigkill() {
    survive_sigkill("normal").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_actions_survive_sigkill_with_fsync_per_commit() {
    survive_sigkill("full").await;
}

/// Plays, SIGKILLs the server mid-game, restarts it, checks and plays on.
async fn survive_sigkill(sync: &str) {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("rooms.db");
    let (mut child, addr) = spawn_server(&db, sync).await;
    let room = create_room(addr, GameKind::Kalah).await;
    let creator = seat(addr, room.room.as_str(), Some(room.seat_key.as_str())).await;
    let mut guest = seat(addr, room.room.as_str(), None).await;
    let guest_key = guest.seat_key.clone();
    let mut creator = creator;
    creator.client.recv().await; // the guest's presence
    let mut players = [creator, guest];
    let mut game = Game::new(99);

    // Warm up, then kill the server while both keep moving as fast as they can.
    assert!(play(&mut game, &mut players, 20).await);
    let pid = child.id().expect("running");
    let killer = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(300)).await;
        child.start_kill().expect("SIGKILL");
        child.wait().await.expect("reaped")
    });
    let still_up = play(&mut game, &mut players, 1_000_000).await;
    assert!(!still_up);
    let status = killer.await.expect("killer");
    assert!(
        !status.success(),
        "pid {pid} was killed, not stopped: {status:?}"
    );
    assert!(game.acked.len() > 20, "moves went on until the kill");

    // Every acknowledged action is in the database, in order, with nothing in between.
    let stored = stored_actions(&db, room.room.as_str());
    assert!(
        stored.len() >= game.acked.len(),
        "{} stored, {} acked",
        stored.len(),
        game.acked.len()
    );
    assert_eq!(stored[..game.acked.len()], game.acked[..]);
    // At most the one action in flight at the kill was stored without its ack arriving.
    assert!(stored.len() <= game.acked.len() + 1);

    // Restart on the same database; both players come back and the game continues.
    let (_child, addr) = spawn_server(&db, sync).await;
    let mut creator = seat(addr, room.room.as_str(), Some(room.seat_key.as_str())).await;
    guest = seat(addr, room.room.as_str(), Some(guest_key.as_str())).await;
    creator.client.recv().await; // presence
    assert_eq!(creator.seq(), stored.len() as u64);
    assert_eq!(guest.seq(), creator.seq());
    let mut game = Game::new(5);
    let mut players = [creator, guest];
    assert!(play(&mut game, &mut players, 30).await);
    assert_eq!(
        stored_actions(&db, room.room.as_str()).len(),
        stored.len() + 30
    );
}

#[tokio::test]
async fn sigterm_tells_every_player_and_exits_cleanly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("rooms.db");
    let (mut child, addr) = spawn_server(&db, "normal").await;
    let room = create_room(addr, GameKind::Kalah).await;
    let mut creator = seat(addr, room.room.as_str(), Some(room.seat_key.as_str())).await;
    creator.client.play(0, "a").await;
    creator.next_event().await;
    let pid = child.id().expect("running").to_string();
    let status = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill runs");
    assert!(status.success());
    creator
        .client
        .expect_closing(cozcade_protocol::CloseReason::ShuttingDown)
        .await;
    let exit = tokio::time::timeout(Duration::from_secs(10), child.wait())
        .await
        .expect("the server exits in time")
        .expect("wait");
    assert!(exit.success(), "{exit:?}");
    // Everything acknowledged is still there for the next start.
    assert_eq!(stored_actions(&db, room.room.as_str()).len(), 1);
}

/// The line saying where the server listens is the moment anyone may stop it: a SIGTERM sent
/// right then must already find the handler (a signal before it would kill the process
/// outright, resetting every connection instead of telling it `shutting_down`).
#[tokio::test]
async fn sigterm_right_after_the_listening_line_is_a_clean_shutdown() {
    let dir = tempfile::tempdir().expect("temp dir");
    for attempt in 0..5 {
        let db = dir.path().join(format!("rooms-{attempt}.db"));
        let (mut child, _addr) = spawn_server(&db, "normal").await;
        let pid = child.id().expect("running").to_string();
        let status = std::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .expect("kill runs");
        assert!(status.success());
        let exit = tokio::time::timeout(Duration::from_secs(10), child.wait())
            .await
            .expect("the server exits in time")
            .expect("wait");
        assert!(exit.success(), "attempt {attempt}: {exit:?}");
    }
}
