//! A room id is a capability (whoever has it can take the open seat), so no log names one in
//! full: not the server's own, at the most detailed level an operator would run, and not the
//! access log of the nginx configuration shipped in `deploy/`. Nor a seat key, old or new.

mod common;

use std::{net::SocketAddr, process::Stdio, time::Duration};

use common::{Client, Player, create_room, get, nginx};
use cozcade_engine::GameKind;
use cozcade_protocol::{ClientMessage, ServerMessage};
use tokio::{io::AsyncBufReadExt, process::Command};

/// Everything a visitor and two players do with one room, through `addr`.
async fn a_room_in_full(addr: SocketAddr) -> Vec<String> {
    let room = create_room(addr, GameKind::Kalah).await;
    for path in [
        format!("/r/{}", room.room),
        format!("/r/{}/preview.png?v=0", room.room),
        format!("/api/rooms/{}", room.room),
    ] {
        assert_eq!(get(addr, &path, &[]).await.0, 200, "{path}");
    }
    let socket = format!("/ws?room={}", room.room);
    let mut creator = Client::connect_to(addr, &socket).await;
    creator.hello(&room.room, Some(&room.seat_key), None).await;
    let mut creator = Player::welcomed(creator, Some(room.seat_key.clone()), GameKind::Kalah).await;
    let mut guest = Client::connect_to(addr, &socket).await;
    guest.hello(&room.room, None, None).await;
    let mut guest = Player::welcomed(guest, None, GameKind::Kalah).await;
    creator.client.play(0, "c").await;
    creator.next_event().await;
    guest.next_event().await;
    // A new personal link: the guest's key replaced, and the old one refused as replaced.
    let new_key = "5c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f00112233445566778899aabbccddeeff";
    let id = guest.client.action_id();
    guest
        .client
        .send(&ClientMessage::ReplaceSeatKey {
            action_id: id,
            seat_key: new_key.parse().expect("a seat key"),
        })
        .await;
    guest.next_event().await;
    let mut old_link = Client::connect_to(addr, &socket).await;
    old_link
        .hello(&room.room, Some(&guest.seat_key), None)
        .await;
    assert!(matches!(old_link.recv().await, ServerMessage::Error { .. }));
    // Refusals, which are what gets logged if anything is.
    let mut stranger = Client::connect_to(addr, &socket).await;
    stranger
        .hello(&room.room, Some(&"0".repeat(64)), None)
        .await;
    assert!(matches!(stranger.recv().await, ServerMessage::Error { .. }));
    creator.client.send(&ClientMessage::Resync {}).await;
    vec![
        room.room.to_string(),
        room.seat_key.to_string(),
        guest.seat_key.to_string(),
        new_key.to_string(),
    ]
}

/// Fails if `log` holds any of `secrets` in full.
fn assert_never_named(log: &str, secrets: &[String]) {
    for secret in secrets {
        assert!(
            !log.contains(secret.as_str()),
            "the log names {secret}:\n{}",
            log.lines()
                .filter(|l| l.contains(secret.as_str()))
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_servers_log_never_names_a_room() {
    let dir = tempfile::tempdir().expect("temp dir");
    let log_path = dir.path().join("server.log");
    let log = std::fs::File::create(&log_path).expect("log file");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cozcade-server"))
        .args(["--listen", "127.0.0.1:0", "--db"])
        .arg(dir.path().join("rooms.db"))
        .env("RUST_LOG", "trace")
        .stdout(Stdio::piped())
        .stderr(log)
        .kill_on_drop(true)
        .spawn()
        .expect("the server binary starts");
    let stdout = child.stdout.take().expect("stdout");
    let line = tokio::time::timeout(
        Duration::from_secs(20),
        tokio::io::BufReader::new(stdout).lines().next_line(),
    )
    .await
    .expect("the server says where it listens")
    .expect("read")
    .expect("a line");
    let addr: SocketAddr = line
        .rsplit("http://")
        .next()
        .and_then(|a| a.trim().parse().ok())
        .expect("an address");
    let secrets = a_room_in_full(addr).await;
    if let Some(pid) = child.id() {
        let _ = std::process::Command::new("kill")
            .arg(pid.to_string())
            .status();
    }
    let _ = tokio::time::timeout(Duration::from_secs(20), child.wait()).await;
    let log = std::fs::read_to_string(&log_path).expect("the log");
    assert!(log.contains("listening on"), "the log was written: {log}");
    assert_never_named(&log, &secrets);
}

/// The logs of `deploy/nginx/cozcade.conf`, run in front of a server and an instance that is
/// down (whose failures nginx would log with the request line).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_shipped_nginx_logs_never_name_a_room() {
    let Some(binary) = nginx::binary() else {
        assert!(!nginx::required(), "nginx is not installed");
        return eprintln!("skipped: nginx is not installed");
    };
    let server = common::TestServer::start().await;
    let down = SocketAddr::from((
        [127, 0, 0, 1],
        cozcade_testkit::scratch_postgres::free_port().expect("a free port"),
    ));
    let dir = tempfile::tempdir().expect("temp dir");
    let proxy = nginx::Nginx::start(&binary, dir.path(), [down, server.addr]);
    let mut secrets = Vec::new();
    for _ in 0..3 {
        secrets.extend(a_room_in_full(proxy.addr).await);
    }
    // Every request is in the access log, with its room cut short; the WebSockets' lines come
    // when they have closed.
    let mut access = String::new();
    for _ in 0..100 {
        access = std::fs::read_to_string(dir.path().join("access.log")).unwrap_or_default();
        if access.matches("\"GET /ws\"").count() >= 9 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(access.matches("\"GET /ws\"").count() >= 9, "{access}");
    assert!(
        access.contains("GET /r/") && access.contains("..."),
        "{access}"
    );
    assert_never_named(&access, &secrets);
    let errors = std::fs::read_to_string(dir.path().join("cozcade-error.log")).unwrap_or_default();
    assert_never_named(&errors, &secrets);
    assert_never_named(&proxy.error_log(), &secrets);
}
