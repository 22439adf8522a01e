//! Feeds arbitrary text to every parser the outside world reaches: the three FEN readers, the
//! move readers (on the start and on any position that parsed) and the record reader.
//! Run: `cd engine/fuzz && cargo fuzz run parse` (see the README). Any panic is a bug.
#![no_main]

use cozcade_engine::{AnyRecord, GameKind, RecordText};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = text.parse::<GameKind>();
    // The first line is a position, the rest are moves.
    let (fen, rest) = text.split_once('\n').unwrap_or((text, ""));
    let moves: Vec<String> = rest.split_whitespace().map(str::to_owned).collect();
    for kind in GameKind::ALL {
        let parsed = AnyRecord::from_fen(kind, fen).ok();
        for mut record in [Some(AnyRecord::new(kind)), parsed].into_iter().flatten() {
            for mv in &moves {
                let _ = record.play_text(mv);
            }
            let _ = (record.outcome(), record.fen(), record.legal_moves());
        }
        let stored = RecordText { start: fen.to_owned(), moves: moves.clone() };
        let _ = AnyRecord::from_text(kind, stored);
    }
});
