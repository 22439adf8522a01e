//! What every [`Store`] must do, as one test suite. The SQLite store runs it below; a
//! PostgreSQL store runs the same function against its own fresh database.

use cozcade_engine::{GameKind, Side};
use cozcade_protocol::Event;

use super::{Lease, NewRoom, Renewal, Store, StoreError, StoredEvent, Write};

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
            action_id: Some(format!("{seat:?}-{seq}")),
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
    assert!(store.room_exists("r1").await.expect("exists"));
    assert!(!store.room_exists("zz").await.expect("exists"));
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
    assert_eq!(loaded.events[2].action_id.as_deref(), Some("Second-3"));
    assert_eq!(loaded.events[2].event, Event::Move { mv: "a".into() });

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
    assert_eq!(
        store.delete_idle(200).await.expect("sweep"),
        ["r1".to_owned()]
    );
    assert!(store.load_room("r1").await.expect("load").is_none());
    assert_eq!(store.count_rooms().await.expect("count"), 1);
    assert!(store.delete_idle(200).await.expect("sweep").is_empty());
    // A new room with the deleted id starts with no actions of the old one.
    store
        .write(vec![room("r1", 400)])
        .await
        .expect("create again");
    assert!(
        store
            .load_room("r1")
            .await
            .expect("load")
            .expect("r1")
            .events
            .is_empty()
    );

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
