//! A player's new personal link: the seat's key is replaced, old copies of the link are told
//! so and refused, the connection that asked keeps the seat, and all of it survives a restart.

mod common;

use common::{Client, Player, TestServer, two_players};
use cozcade_engine::{GameKind, Side};
use cozcade_protocol::{ClientMessage, CloseReason, ErrorCode, Event, SeatKey, ServerMessage};

const NEW_KEY: &str = "5c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f00112233445566778899aabbccddeeff";

fn error_code(message: &ServerMessage) -> ErrorCode {
    match message {
        ServerMessage::Error { code, .. } => *code,
        other => panic!("expected an error, got {other:?}"),
    }
}

fn new_key() -> SeatKey {
    NEW_KEY.parse().expect("a seat key")
}

/// A hello with `key` is refused as replaced, and the connection closed.
async fn refused_as_replaced(addr: std::net::SocketAddr, room: &str, key: &SeatKey) {
    let mut old = Client::connect(addr).await;
    old.hello(room, Some(key.as_str()), None).await;
    match old.recv().await {
        ServerMessage::Error { code, message, .. } => {
            assert_eq!(code, ErrorCode::SeatKeyReplaced);
            assert!(message.contains("replaced by its owner"), "{message}");
        }
        other => panic!("expected an error, got {other:?}"),
    }
    old.expect_closing(CloseReason::HelloRefused).await;
}

#[tokio::test]
async fn a_replaced_key_locks_out_old_links_and_the_new_one_holds_the_seat_across_a_restart() {
    let server = TestServer::start().await;
    let (room, mut creator, mut guest) = two_players(&server, GameKind::Kalah).await;
    let old_key = guest.seat_key.clone();

    // Too short a key is refused and changes nothing.
    let id = guest.client.action_id();
    guest
        .client
        .send(&ClientMessage::ReplaceSeatKey {
            action_id: id,
            seat_key: "short".parse().expect("a seat key"),
        })
        .await;
    assert_eq!(
        error_code(&guest.client.recv().await),
        ErrorCode::BadSeatKey
    );

    let id = guest.client.action_id();
    guest
        .client
        .send(&ClientMessage::ReplaceSeatKey {
            action_id: id.clone(),
            seat_key: new_key(),
        })
        .await;
    // The acknowledgement, and the same event (with no key in it) for the friend.
    match guest.next_event().await {
        ServerMessage::Event {
            seq: 1,
            by: Side::Second,
            action_id: Some(acked),
            event: Event::SeatKeyReplaced,
        } => assert_eq!(acked, id),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        creator.next_event().await,
        ServerMessage::Event {
            seq: 1,
            by: Side::Second,
            event: Event::SeatKeyReplaced,
            ..
        }
    ));

    // The connection that asked keeps its seat and plays on.
    creator.client.play(1, "c").await;
    creator.next_event().await;
    guest.next_event().await;

    // The old link is refused with its reason; the new one takes the seat over.
    refused_as_replaced(server.addr, room.room.as_str(), &old_key).await;
    let mut again = server.connect().await;
    again
        .hello(room.room.as_str(), Some(NEW_KEY), Some(2))
        .await;
    match again.recv().await {
        ServerMessage::Welcome {
            seat: Side::Second,
            seat_key: None,
            seq: 2,
            ..
        } => {}
        other => panic!("{other:?}"),
    }
    guest.client.expect_closing(CloseReason::Replaced).await;

    // A restart on the same store: the same answers.
    let mut server = server;
    server.restart().await;
    refused_as_replaced(server.addr, room.room.as_str(), &old_key).await;
    let mut back = Client::connect(server.addr).await;
    back.hello(room.room.as_str(), Some(NEW_KEY), None).await;
    let back = Player::welcomed(back, Some(new_key()), GameKind::Kalah).await;
    assert_eq!((back.seat, back.seq()), (Side::Second, 2));
    // The same key cannot be used to replace again.
    let mut back = back;
    let id = back.client.action_id();
    back.client
        .send(&ClientMessage::ReplaceSeatKey {
            action_id: id,
            seat_key: new_key(),
        })
        .await;
    assert_eq!(error_code(&back.client.recv().await), ErrorCode::BadSeatKey);
    if let Some(running) = server.server.take() {
        running.shutdown().await;
    }
}

#[tokio::test]
async fn the_creator_replaces_its_key_the_same_way() {
    let server = TestServer::start().await;
    let (room, mut creator, mut guest) = two_players(&server, GameKind::Checkers).await;
    let id = creator.client.action_id();
    creator
        .client
        .send(&ClientMessage::ReplaceSeatKey {
            action_id: id,
            seat_key: new_key(),
        })
        .await;
    assert!(matches!(
        creator.next_event().await,
        ServerMessage::Event {
            event: Event::SeatKeyReplaced,
            by: Side::First,
            ..
        }
    ));
    guest.next_event().await;
    refused_as_replaced(server.addr, room.room.as_str(), &room.seat_key).await;
    // The guest's key is untouched.
    let mut guest_again = server.connect().await;
    guest_again
        .hello(room.room.as_str(), Some(guest.seat_key.as_str()), None)
        .await;
    assert!(matches!(
        guest_again.recv().await,
        ServerMessage::Welcome {
            seat: Side::Second,
            ..
        }
    ));
}
