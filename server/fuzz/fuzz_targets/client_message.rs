//! Any bytes a client may send as a text frame: the parser refuses or accepts them without
//! panicking, and whatever it accepts, the room's decide step answers without panicking and
//! without changing the room, from a fresh room and from one with moves in it.

#![no_main]

use cozcade_engine::GameKind;
use cozcade_protocol::{ActionId, ClientMessage, Seat};
use cozcade_server::{
    client_message,
    room::decide::{Decision, Room},
};
use libfuzzer_sys::fuzz_target;

fn rooms() -> Vec<Room> {
    let mut rooms = Vec::new();
    for game in [GameKind::Checkers, GameKind::Kalah, GameKind::ChineseCheckers] {
        let fresh = Room::new("3f9c2a71d04be85e6a10".parse().expect("a room id"), game, [Some([1; 32]), Some([2; 32])]);
        // The same room a few plies in, played through the decide step itself.
        let mut played = fresh.clone();
        for ply in 0..6u64 {
            let Some(mv) = played.record().legal_move_texts().into_iter().next() else {
                break;
            };
            let seat = played.record().turn();
            let message = ClientMessage::Move {
                action_id: ActionId::numbered("p", ply),
                seq: played.seq(),
                mv,
            };
            if let Ok(Decision::Confirm(logged)) = played.decide(seat, &message) {
                let _ = played.adopt(logged);
            }
        }
        rooms.push(fresh);
        rooms.push(played);
    }
    rooms
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let message = match client_message::parse(text) {
        Ok(message) => message,
        Err(malformed) => {
            let _ = client_message::Malformed::claims_hello(text);
            let _ = malformed.refusal(text);
            return;
        }
    };
    thread_local! {
        static ROOMS: Vec<Room> = rooms();
    }
    ROOMS.with(|rooms| {
        for room in rooms {
            for seat in Seat::BOTH {
                let seq = room.seq();
                let moves = room.record().len();
                let _ = room.decide(seat, &message);
                assert_eq!((room.seq(), room.record().len()), (seq, moves));
            }
        }
    });
});
