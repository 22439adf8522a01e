//! What every [`Store`] must do, as one test suite. The SQLite store runs it below; a
//! PostgreSQL store runs the same function against its own fresh database.

use cozcade_engine::{GameKind, Side};
use cozcade_protocol::{ActionId, Event};

use super::{Cutoffs, Lease, NewRoom, Renewal, RoomHead, Store, StoreError, StoredEvent, Write};

fn room(id: &str, now: i64) -> Write {
    Write::CreateRoom(NewRoom {
        id: id.into(),
        game: GameKind::Kalah,
        creator_key_hash: [7; 32],
        now,
    })
}

fn append(id: &str, seq: u64, seat: Side, mv: &str, at: i64) -> Write {
    Write::Append {
        room: id.into(),
        event: StoredEvent {
            seq,
            seat,
            action_id: Some(format!("{seat:?}-{seq}").parse().expect("an action id")),
            event: Event::Move { mv: mv.into() },
            at,
        },
    }
}

/// Runs the whole contract on an empty store.
pub async fn check(store: &dyn Store) {
    // Rooms are created, counted and found.
    store
        .write(vec![room("r1", 100), room("r2", 100)])
        .await
        .expect("create two rooms");
    assert_eq!(store.count_rooms().await.expect("count"), 2);
    let head = store
        .room_head("r1")
        .await
        .expect("head")
        .expect("r1 exists");
    assert_eq!(
        head,
        RoomHead {
            game: GameKind::Kalah,
            seat_key_hashes: [Some([7; 32]), None],
            seq: 0
        }
    );
    assert!(store.room_head("zz").await.expect("head").is_none());
    assert!(store.load_room("zz").await.expect("load").is_none());
    // Creating a room twice fails.
    assert!(store.write(vec![room("r1", 101)]).await.is_err());
    // The one instance using this store takes both rooms (which a store shared by instances
    // requires before it writes to them), and may take them again.
    for id in ["r1", "r2", "r1"] {
        assert_eq!(store.acquire(id).await.expect("acquire"), Lease::Held);
    }

    // Actions come back in sequence order, with who played them and their ids.
    store
        .write(vec![append("r1", 1, Side::First, "c", 110)])
        .await
        .expect("append 1");
    store
        .write(vec![
            append("r1", 2, Side::First, "f", 111),
            append("r1", 3, Side::Second, "a", 112),
        ])
        .await
        .expect("append 2 and 3");
    let loaded = store
        .load_room("r1")
        .await
        .expect("load")
        .expect("r1 exists");
    assert_eq!(loaded.game, GameKind::Kalah);
    assert_eq!(
        loaded.events.iter().map(|e| e.seq).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    assert_eq!(loaded.events[2].seat, Side::Second);
    assert_eq!(
        loaded.events[2].action_id.as_ref().map(ActionId::as_str),
        Some("Second-3")
    );
    assert_eq!(loaded.events[2].event, Event::Move { mv: "a".into() });
    assert_eq!(
        store.room_head("r1").await.expect("head").expect("r1").seq,
        3
    );

    // A sequence number is taken once: a second owner of the room could not write over it.
    assert!(
        store
            .write(vec![append("r1", 3, Side::First, "b", 113)])
            .await
            .is_err()
    );
    // One call is all or nothing: the good append before the bad one is not kept.
    assert!(
        store
            .write(vec![
                append("r1", 4, Side::First, "b", 113),
                append("r1", 2, Side::First, "b", 113),
            ])
            .await
            .is_err()
    );
    // An action for a room that does not exist (expired) fails.
    assert!(
        store
            .write(vec![append("zz", 1, Side::First, "c", 1)])
            .await
            .is_err()
    );
    assert_eq!(
        store
            .load_room("r1")
            .await
            .expect("load")
            .expect("r1")
            .events
            .len(),
        3
    );

    // Seats: a guest's key hash, then the seat opened again.
    let seat = |hash| Write::SetSeat {
        room: "r1".into(),
        seat: Side::Second,
        key_hash: hash,
        now: 120,
    };
    store
        .write(vec![seat(Some([9; 32]))])
        .await
        .expect("seat the guest");
    let loaded = store.load_room("r1").await.expect("load").expect("r1");
    assert_eq!(loaded.seat_key_hashes, [Some([7; 32]), Some([9; 32])]);
    assert_eq!(loaded.last_active, 120);
    store.write(vec![seat(None)]).await.expect("open the seat");
    assert_eq!(
        store
            .load_room("r1")
            .await
            .expect("load")
            .expect("r1")
            .seat_key_hashes,
        [Some([7; 32]), None]
    );
    assert!(
        store
            .write(vec![Write::SetSeat {
                room: "zz".into(),
                seat: Side::First,
                key_hash: None,
                now: 1
            }])
            .await
            .is_err()
    );

    // A replaced key: the seat holds the new one and the old one is kept as retired, once;
    // a replacement of a key the seat no longer holds changes nothing.
    let replace = |old, new| Write::ReplaceSeatKey {
        room: "r1".into(),
        seat: Side::First,
        old,
        new,
    };
    store
        .write(vec![replace([7; 32], [11; 32])])
        .await
        .expect("replace the creator's key");
    let loaded = store.load_room("r1").await.expect("load").expect("r1");
    assert_eq!(loaded.seat_key_hashes, [Some([11; 32]), None]);
    assert_eq!(loaded.retired_key_hashes, [[7; 32]]);
    assert!(matches!(
        store.write(vec![replace([7; 32], [12; 32])]).await,
        Err(StoreError::NoSuchRoom(_))
    ));
    let loaded = store.load_room("r1").await.expect("load").expect("r1");
    assert_eq!(
        (loaded.seat_key_hashes, loaded.retired_key_hashes),
        ([Some([11; 32]), None], vec![[7; 32]])
    );
    assert!(
        store
            .load_room("r2")
            .await
            .expect("load")
            .expect("r2")
            .retired_key_hashes
            .is_empty()
    );

    // Touch moves activity forward only.
    store
        .write(vec![Write::Touch {
            room: "r2".into(),
            now: 300,
        }])
        .await
        .expect("touch");
    store
        .write(vec![Write::Touch {
            room: "r2".into(),
            now: 200,
        }])
        .await
        .expect("touch");
    assert_eq!(
        store
            .load_room("r2")
            .await
            .expect("load")
            .expect("r2")
            .last_active,
        300
    );

    // A lease is renewed while its room is open; none is lost while nobody else wants it.
    assert_eq!(
        store
            .renew(vec!["r1".into(), "r2".into()])
            .await
            .expect("renew"),
        Renewal::default()
    );

    // Idle rooms go, with their actions; active ones stay.
    let idle = |before| Cutoffs {
        idle_before: before,
        unjoined_before: 0,
    };
    assert_eq!(
        store.delete_idle(idle(200)).await.expect("sweep"),
        ["r1".to_owned()]
    );
    assert!(store.load_room("r1").await.expect("load").is_none());
    assert_eq!(store.count_rooms().await.expect("count"), 1);
    assert!(
        store
            .delete_idle(idle(200))
            .await
            .expect("sweep")
            .is_empty()
    );

    // Rooms nobody joined go after their own time, however active their creator; a room once
    // joined stays even after its guest left.
    store
        .write(vec![room("lonely", 250), room("met", 250)])
        .await
        .expect("create");
    for id in ["lonely", "met", "r2"] {
        assert_eq!(store.acquire(id).await.expect("acquire"), Lease::Held);
    }
    let guest = |hash| Write::SetSeat {
        room: "met".into(),
        seat: Side::Second,
        key_hash: hash,
        now: 260,
    };
    store.write(vec![guest(Some([8; 32]))]).await.expect("join");
    store
        .write(vec![Write::SetSeat {
            room: "r2".into(),
            seat: Side::Second,
            key_hash: Some([8; 32]),
            now: 300,
        }])
        .await
        .expect("join r2");
    store.write(vec![guest(None)]).await.expect("leave");
    store
        .write(vec![Write::Touch {
            room: "lonely".into(),
            now: 900,
        }])
        .await
        .expect("touch");
    let unjoined = |before| Cutoffs {
        idle_before: 0,
        unjoined_before: before,
    };
    assert!(
        store
            .delete_idle(unjoined(250))
            .await
            .expect("sweep")
            .is_empty()
    );
    assert_eq!(
        store.delete_idle(unjoined(251)).await.expect("sweep"),
        ["lonely".to_owned()]
    );
    assert_eq!(
        store.delete_idle(idle(261)).await.expect("sweep"),
        ["met".to_owned()]
    );
    assert_eq!(store.count_rooms().await.expect("count"), 1);
    // A new room with the deleted id starts with no actions and no retired keys of the old one.
    store
        .write(vec![room("r1", 400)])
        .await
        .expect("create again");
    let again = store.load_room("r1").await.expect("load").expect("r1");
    assert!(again.events.is_empty() && again.retired_key_hashes.is_empty());

    // A room that does not exist cannot be taken (a store shared by instances says so).
    if store.lease_period().is_some() {
        assert!(matches!(
            store.acquire("zz").await,
            Err(StoreError::NoSuchRoom(_))
        ));
    }
    store.release("r2").await.expect("release");
    assert_eq!(store.acquire("r2").await.expect("acquire"), Lease::Held);
    store.release_all().await.expect("release all");

    // A working store says so.
    store.check().await.expect("healthy");

    // Many calls at once (the server's normal state under load) are each answered.
    let mut creations = Vec::new();
    for i in 0..200 {
        creations.push(store.write(vec![room(&format!("bulk{i}"), 500)]));
    }
    for result in futures_util::future::join_all(creations).await {
        result.expect("each concurrent write commits");
    }
    assert_eq!(store.count_rooms().await.expect("count"), 202);

    // Calls at once where some fail (a room created twice): each gets its own answer, and
    // the failing ones take none of the others down with them.
    let mut mixed = Vec::new();
    for i in 0..40 {
        let id = if i % 4 == 0 {
            format!("bulk{i}")
        } else {
            format!("mixed{i}")
        };
        mixed.push(store.write(vec![room(&id, 600)]));
    }
    for (i, result) in futures_util::future::join_all(mixed)
        .await
        .into_iter()
        .enumerate()
    {
        assert_eq!(result.is_ok(), i % 4 != 0, "call {i}: {result:?}");
    }
    assert_eq!(store.count_rooms().await.expect("count"), 232);
}
