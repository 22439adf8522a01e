//! Every JSON example in PROTOCOL.md is a real message: it parses as the type its block names
//! and serialises back to the same JSON.

use cozcade_protocol::{ClientMessage, RoomCreated, RoomInfo, ServerMessage};
use serde::{Serialize, de::DeserializeOwned};

fn check<T: DeserializeOwned + Serialize>(example: &str) {
    let message: T = serde_json::from_str(example)
        .unwrap_or_else(|e| panic!("PROTOCOL.md example does not parse: {e}\n{example}"));
    let again = serde_json::to_value(&message).expect("serialises");
    let original: serde_json::Value = serde_json::from_str(example).expect("JSON");
    assert_eq!(again, original, "the example is not in the canonical form");
}

#[test]
fn every_example_in_protocol_md_is_a_real_message() {
    let doc = include_str!("../PROTOCOL.md");
    let mut counts = [0; 3];
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        let Some(kind) = line.strip_prefix("```json ") else {
            continue;
        };
        let example: Vec<&str> = lines
            .by_ref()
            .take_while(|l| !l.starts_with("```"))
            .collect();
        let example = example.join("\n");
        match kind.trim() {
            "client" => {
                check::<ClientMessage>(&example);
                // And the server's own reading of a frame (which also refuses unknown fields in
                // tag-only messages) accepts it.
                cozcade_server::client_message::parse(&example)
                    .unwrap_or_else(|e| panic!("the server refuses {example}: {e}"));
                counts[0] += 1;
            }
            "server" => {
                check::<ServerMessage>(&example);
                counts[1] += 1;
            }
            "http" => {
                check::<RoomCreated>(&example);
                counts[2] += 1;
            }
            "room-info" => {
                check::<RoomInfo>(&example);
                counts[2] += 1;
            }
            other => panic!("unknown example kind {other}"),
        }
    }
    // Every client message kind, and every server message kind, has at least one example.
    assert!(
        counts[0] >= 9 && counts[1] >= 12 && counts[2] >= 2,
        "{counts:?}"
    );
}

#[test]
fn the_close_table_names_every_reason_with_its_code() {
    let doc = include_str!("../PROTOCOL.md");
    for reason in cozcade_protocol::CloseReason::ALL {
        let row = format!("| `{}` | {} |", reason.as_str(), reason.code());
        assert!(doc.contains(&row), "PROTOCOL.md has no row {row}");
    }
}
