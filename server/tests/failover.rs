//! Two server instances on one PostgreSQL behind nginx (the repo's
//! `deploy/nginx/cozcade.conf`). Two clients play through nginx; the instance serving their
//! room is SIGKILLed mid-game; both reconnect through nginx, land on the other instance once
//! the dead one's lease lapses, and finish the game with every acknowledged action stored,
//! in order, without gaps.

mod common;

use std::{net::SocketAddr, path::PathBuf, time::Duration};

use common::{
    Client, Got, Player, create_room,
    game::{Game, play, play_until, spawn_server, spawn_server_on},
    nginx::{self, Nginx},
};
use cozcade_engine::GameKind;
use cozcade_protocol::{
    CloseReason, ErrorCode, Event, RoomId, SeatKey, ServerMessage, client::OnlineClient,
};
use cozcade_testkit::scratch_postgres::{self, ScratchError, ScratchPostgres};
use tokio::time::Instant;

/// Lease of the test's instances: short, so the takeover comes quickly.
const LEASE_SECS: &str = "2";

/// PostgreSQL and nginx, or `None` with the reason printed when they are not installed and
/// not required (`cargo xtask test` requires both).
fn tools(dir: &std::path::Path) -> Option<(ScratchPostgres, PathBuf)> {
    let nginx = nginx::binary();
    if nginx.is_none() {
        assert!(
            !nginx::required(),
            "nginx is not installed (Debian: apt-get install nginx; or set COZCADE_NGINX)"
        );
        eprintln!("skipped: nginx is not installed");
        return None;
    }
    let postgres = match ScratchPostgres::start(dir, &[]) {
        Ok(cluster) => cluster,
        Err(ScratchError::NotInstalled) if !scratch_postgres::required() => {
            eprintln!("skipped: {}", ScratchError::NotInstalled);
            return None;
        }
        Err(e) => panic!("cannot start PostgreSQL: {e}"),
    };
    Some((postgres, nginx?))
}

/// Joins `room` through nginx with this seat key, retrying while the room is still held by
/// the dead instance (`unavailable`), as the app's reconnect with backoff does.
async fn rejoin(nginx: SocketAddr, room: &RoomId, key: &SeatKey) -> (Player, u32) {
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut refusals = 0;
    loop {
        assert!(Instant::now() < deadline, "no instance took the room over");
        let mut client = Client::connect_to(nginx, &format!("/ws?room={room}")).await;
        client.hello(room.as_str(), Some(key.as_str()), None).await;
        match client.got().await {
            Got::Message(welcome @ ServerMessage::Welcome { .. }) => {
                let ServerMessage::Welcome { resync, seat, .. } = welcome else {
                    unreachable!()
                };
                assert!(resync, "a hello without last_seq gets a sync");
                let mut online = OnlineClient::new(
                    room.clone(),
                    Some(key.clone()),
                    client.action_id().to_string(),
                );
                online.on_message(welcome);
                let sync = client.recv().await;
                assert!(matches!(sync, ServerMessage::Sync { .. }), "{sync:?}");
                assert_eq!(online.on_message(sync), [], "nothing to resend");
                assert!(online.record().is_some(), "the sync's record replays");
                let player = Player {
                    client,
                    online,
                    seat_key: key.clone(),
                    seat,
                };
                return (player, refusals);
            }
            Got::Message(ServerMessage::Error {
                code: ErrorCode::Unavailable,
                ..
            }) => {
                refusals += 1;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            // nginx could not reach an instance (both marked down for a moment): retry.
            Got::Closed { .. } => tokio::time::sleep(Duration::from_millis(200)).await,
            Got::Message(other) => panic!("unexpected answer to hello: {other:?}"),
        }
    }
}

/// Every stored action of `room`, in sequence order.
async fn stored(url: &str, room: &str) -> Vec<(u64, Event)> {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .expect("connect to PostgreSQL");
    tokio::spawn(connection);
    client
        .query(
            "SELECT seq, event FROM actions WHERE room = $1 ORDER BY seq",
            &[&room],
        )
        .await
        .expect("query")
        .iter()
        .map(|row| {
            let seq: i64 = row.get(0);
            let event: String = row.get(1);
            (
                u64::try_from(seq).expect("seq"),
                serde_json::from_str(&event).expect("event"),
            )
        })
        .collect()
}

/// The instance (as given to `--instance-id`) holding `room`'s lease.
async fn lease_holder(url: &str, room: &str) -> Option<String> {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .expect("connect to PostgreSQL");
    tokio::spawn(connection);
    let row = client
        .query_opt("SELECT owner FROM room_leases WHERE room = $1", &[&room])
        .await
        .expect("query")?;
    let owner: String = row.get(0);
    owner.split('#').next().map(str::to_owned)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_survives_the_death_of_its_instance() {
    let dir = tempfile::tempdir().expect("temp dir");
    let postgres_dir = dir.path().join("postgres");
    let nginx_dir = dir.path().join("nginx");
    std::fs::create_dir_all(&postgres_dir).expect("dir");
    std::fs::create_dir_all(&nginx_dir).expect("dir");
    let Some((postgres, nginx_bin)) = tools(&postgres_dir) else {
        return;
    };
    let url = postgres.url("postgres");
    let instance = |name: &str| {
        vec![
            "--db".to_owned(),
            url.clone(),
            "--instance-id".to_owned(),
            name.to_owned(),
            "--lease-secs".to_owned(),
            LEASE_SECS.to_owned(),
        ]
    };
    let (a, a_addr) = spawn_server(&instance("a")).await;
    let (b, b_addr) = spawn_server(&instance("b")).await;
    let mut children = [Some(a), Some(b)];
    let nginx = Nginx::start(&nginx_bin, &nginx_dir, [a_addr, b_addr]);

    // A room created through nginx (on either instance), both players seated through it.
    let room = create_room(nginx.addr, GameKind::Kalah).await;
    let ws = format!("/ws?room={}", room.room);
    let mut creator = Client::connect_to(nginx.addr, &ws).await;
    creator
        .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
        .await;
    let mut creator = Player::welcomed(creator, Some(room.seat_key.clone()), GameKind::Kalah).await;
    let mut guest = Client::connect_to(nginx.addr, &ws).await;
    guest.hello(room.room.as_str(), None, None).await;
    let guest = Player::welcomed(guest, None, GameKind::Kalah).await;
    let guest_key = guest.seat_key.clone();
    creator.client.recv().await; // the guest's presence
    let mut players = [creator, guest];
    let mut game = Game::new(8);
    assert!(
        play(&mut game, &mut players, 20).await,
        "{}",
        nginx.error_log()
    );

    // The instance holding the room is killed while both players keep moving.
    let serving = lease_holder(&url, room.room.as_str())
        .await
        .expect("the room has an owner");
    let (dead, survivor) = match serving.as_str() {
        "a" => (0, "b"),
        "b" => (1, "a"),
        other => panic!("unknown instance {other}"),
    };
    let dead_addr = [a_addr, b_addr][dead];
    let mut victim = children[dead].take().expect("running");
    let killer = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(300)).await;
        victim.start_kill().expect("SIGKILL");
        victim.wait().await.expect("reaped")
    });
    assert!(!play(&mut game, &mut players, 1_000_000).await);
    assert!(!killer.await.expect("killer").success());
    let acked_before = game.acked.clone();
    assert!(acked_before.len() > 20, "moves went on until the kill");

    // Both players come back through nginx and reach the other instance once the lease
    // lapses; until then it answers `unavailable` and they retry.
    let (creator, refusals) = rejoin(nginx.addr, &room.room, &room.seat_key).await;
    let (guest, _) = rejoin(nginx.addr, &room.room, &guest_key).await;
    assert_eq!(
        lease_holder(&url, room.room.as_str()).await.as_deref(),
        Some(survivor)
    );
    eprintln!(
        "{} actions acknowledged before the kill; {refusals} hellos refused while the lease ran",
        acked_before.len()
    );

    // Everything acknowledged is there; at most the one action in flight at the kill was
    // stored without its acknowledgement arriving.
    let after_kill = stored(&url, room.room.as_str()).await;
    assert_eq!(after_kill[..acked_before.len()], acked_before[..]);
    assert!(after_kill.len() <= acked_before.len() + 1);
    assert_eq!(creator.seq(), after_kill.len() as u64);
    assert_eq!(guest.seq(), creator.seq());

    // They finish the round on the surviving instance, then play a little more.
    let mut game = Game::new(9);
    let mut players = [creator, guest];
    assert!(
        play_until(&mut game, &mut players, |_, p| p[0]
            .record()
            .outcome()
            .is_some())
        .await,
        "the round ends on the surviving instance"
    );
    let round_end = game.acked.len();
    assert!(play(&mut game, &mut players, round_end + 5).await);

    // Every action of the room, from both instances: numbered 1, 2, 3, ... without a gap,
    // and the acknowledged ones exactly as acknowledged.
    let all = stored(&url, room.room.as_str()).await;
    let seqs: Vec<u64> = all.iter().map(|(seq, _)| *seq).collect();
    assert_eq!(seqs, (1..=all.len() as u64).collect::<Vec<_>>());
    assert_eq!(all[after_kill.len()..], game.acked[..]);

    // The killed instance comes back on its address. Once nginx tries it again (after
    // `fail_timeout`), the room's connections are routed there: it asks for the room, the
    // survivor hands it over (its player is told to reconnect), and both players end up on
    // the instance the hash picks, with the game intact.
    let (_back, _) = spawn_server_on(dead_addr, &instance(&serving)).await;
    tokio::time::sleep(Duration::from_secs(6)).await;
    let [creator, mut guest] = players;
    drop(creator);
    let (creator, _) = rejoin(nginx.addr, &room.room, &room.seat_key).await;
    assert_eq!(
        lease_holder(&url, room.room.as_str()).await.as_deref(),
        Some(serving.as_str()),
        "the room went back to the instance nginx routes it to"
    );
    loop {
        match guest.client.got().await {
            Got::Message(ServerMessage::Closing { reason, .. }) => {
                assert_eq!(reason, CloseReason::ShuttingDown);
                break;
            }
            Got::Message(ServerMessage::Presence { .. }) => {}
            other => panic!("expected the survivor to send the guest over, got {other:?}"),
        }
    }
    let (guest, _) = rejoin(nginx.addr, &room.room, &guest_key).await;
    let count = all.len() as u64;
    assert_eq!((creator.seq(), guest.seq()), (count, count));
    let mut game = Game::new(10);
    let mut players = [creator, guest];
    assert!(play(&mut game, &mut players, 5).await);
    let all = stored(&url, room.room.as_str()).await;
    let seqs: Vec<u64> = all.iter().map(|(seq, _)| *seq).collect();
    assert_eq!(seqs, (1..=count + 5).collect::<Vec<_>>());
    drop(nginx);
}
