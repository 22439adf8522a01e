//! A seat whose player vanished: after the server's setting the other player is told, may
//! offer the seat again, and whoever follows the invitation next takes it with the game as it
//! was; the vanished player's old link is told why it no longer works, also after a restart.

mod common;

use std::time::Duration;

use common::{Client, Player, TestServer, http, two_players};
use cozcade_engine::{GameKind, Side};
use cozcade_protocol::{
    ClientMessage, CloseReason, ErrorCode, Event, RoomInfo, SeatStatus, ServerMessage,
};

/// The setting the tests run with: short enough to wait for.
const AWAY_SECS: f64 = 1.0;

fn is_presence(message: &ServerMessage, status: SeatStatus) -> bool {
    matches!(message, ServerMessage::Presence { seat: Side::Second, status: s } if *s == status)
}

async fn offer(creator: &mut Player) -> ServerMessage {
    let id = creator.client.action_id();
    creator
        .client
        .send(&ClientMessage::OfferSeat { action_id: id })
        .await;
    creator
        .client
        .until(|m| matches!(m, ServerMessage::Event { .. } | ServerMessage::Error { .. }))
        .await
}

/// A hello with the vanished player's key is refused as offered, and the connection closed.
async fn refused_as_offered(addr: std::net::SocketAddr, room: &str, key: &str) {
    let mut old = Client::connect(addr).await;
    old.hello(room, Some(key), None).await;
    match old.recv().await {
        ServerMessage::Error { code, message, .. } => {
            assert_eq!(code, ErrorCode::SeatOffered);
            assert!(message.contains("offered your seat again"), "{message}");
        }
        other => panic!("expected an error, got {other:?}"),
    }
    old.expect_closing(CloseReason::HelloRefused).await;
}

#[tokio::test]
async fn a_vanished_players_seat_is_offered_again_and_the_game_goes_on_with_a_newcomer() {
    let server = TestServer::with(|config| config.limits.offer_seat_after_secs = AWAY_SECS).await;
    let (room, mut creator, mut guest) = two_players(&server, GameKind::Kalah).await;
    let id = room.room.as_str();
    creator.client.play(0, "c").await;
    creator.next_event().await;
    guest.next_event().await;

    // Offering a connected player's seat is refused and changes nothing.
    match offer(&mut creator).await {
        ServerMessage::Error { code, .. } => assert_eq!(code, ErrorCode::NotVanished),
        other => panic!("{other:?}"),
    }
    // The friend goes; at first away, and an offer is still refused...
    let old_key = guest.seat_key.clone();
    drop(guest);
    creator
        .client
        .until(|m| is_presence(m, SeatStatus::Away))
        .await;
    match offer(&mut creator).await {
        ServerMessage::Error { code, message, .. } => {
            assert_eq!(code, ErrorCode::NotVanished);
            assert!(
                message.ends_with("away for less than 1 second"),
                "{message}"
            );
        }
        other => panic!("{other:?}"),
    }
    // ...then, after the setting, the creator is told without asking.
    let told = tokio::time::timeout(
        Duration::from_secs(5),
        creator
            .client
            .until(|m| is_presence(m, SeatStatus::Vanished)),
    )
    .await;
    assert!(told.is_ok(), "the vanishing is announced");

    match offer(&mut creator).await {
        message @ ServerMessage::Event {
            seq: 2,
            by: Side::First,
            event: Event::SeatOffered,
            ..
        } => creator.apply(&message),
        other => panic!("{other:?}"),
    }
    assert_eq!(creator.online.friend(), SeatStatus::Open);

    // The old link is told why; the invitation is open again.
    refused_as_offered(server.addr, id, old_key.as_str()).await;
    let (status, body) = http(server.addr, "GET", &format!("/api/rooms/{id}"), "").await;
    assert_eq!(status, 200);
    let info: RoomInfo = serde_json::from_str(&body).expect("room info");
    assert_eq!(info.open_seat, Some(Side::Second));

    // A newcomer through the invitation takes the seat and the game as it was.
    let mut newcomer = server.connect().await;
    newcomer.hello(id, None, None).await;
    let newcomer = Player::welcomed(newcomer, None, GameKind::Kalah).await;
    assert_eq!(newcomer.seat, Side::Second);
    assert_eq!(
        (newcomer.seq(), newcomer.record().move_texts()),
        (2, vec!["c".to_owned()])
    );
    assert_ne!(newcomer.seat_key, old_key);
    creator
        .client
        .until(|m| is_presence(m, SeatStatus::Connected))
        .await;
    // An open seat is not offered twice (the newcomer holds it now, and is here).
    match offer(&mut creator).await {
        ServerMessage::Error { code, .. } => assert_eq!(code, ErrorCode::NotVanished),
        other => panic!("{other:?}"),
    }

    // After a restart: the old link is still told why. The room read from the store counts
    // its players away from then, and tells the creator, who comes back first, when the
    // newcomer has vanished; the newcomer's key still holds the seat.
    let newcomer_key = newcomer.seat_key.clone();
    drop(newcomer);
    drop(creator);
    let mut server = server;
    server.restart().await;
    refused_as_offered(server.addr, id, old_key.as_str()).await;
    let mut creator = Client::connect(server.addr).await;
    creator.hello(id, Some(room.seat_key.as_str()), None).await;
    let mut creator = Player::welcomed(creator, Some(room.seat_key.clone()), GameKind::Kalah).await;
    let told = tokio::time::timeout(
        Duration::from_secs(5),
        creator
            .client
            .until(|m| is_presence(m, SeatStatus::Vanished)),
    )
    .await;
    assert!(
        told.is_ok(),
        "the vanishing is announced after a restart too"
    );
    let mut back = Client::connect(server.addr).await;
    back.hello(id, Some(newcomer_key.as_str()), None).await;
    let back = Player::welcomed(back, Some(newcomer_key.clone()), GameKind::Kalah).await;
    assert_eq!((back.seat, back.seq()), (Side::Second, 2));
    creator
        .client
        .until(|m| is_presence(m, SeatStatus::Connected))
        .await;
    if let Some(running) = server.server.take() {
        running.shutdown().await;
    }
}
