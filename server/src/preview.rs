//! The link preview's picture: a room's game and current position as a 1200 x 630 PNG, drawn
//! by `cozcade-art` (the app's own drawing) and rendered with resvg.
//!
//! Chat apps fetch the picture when the link is pasted and again now and then; rendering costs
//! tens of milliseconds of CPU, so pictures are kept per room and sequence number. A room keeps
//! one picture (its newest position); the cache holds a bounded number of rooms and forgets the
//! least recently used first.

use std::{
    collections::VecDeque,
    sync::{
        Mutex,
        atomic::{AtomicU64, Ordering},
    },
};

use axum::body::Bytes;
use cozcade_engine::AnyRecord;
use resvg::{tiny_skia, usvg};

/// Rooms whose picture is kept: at most about 60 KB each.
pub const CACHED_ROOMS: usize = 256;

#[derive(Debug, thiserror::Error)]
pub enum PreviewError {
    #[error("the board's SVG does not parse: {0}")]
    Svg(String),
    #[error("no canvas of 1200 x 630")]
    Canvas,
    #[error("PNG encoding failed: {0}")]
    Png(String),
}

/// Draws the position of `record` as the preview PNG.
pub fn render(record: &AnyRecord) -> Result<Vec<u8>, PreviewError> {
    let svg = cozcade_art::card(record);
    let tree = usvg::Tree::from_str(&svg, &usvg::Options::default())
        .map_err(|e| PreviewError::Svg(e.to_string()))?;
    let mut pixmap = tiny_skia::Pixmap::new(cozcade_art::CARD_WIDTH, cozcade_art::CARD_HEIGHT)
        .ok_or(PreviewError::Canvas)?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    encode(&pixmap).map_err(|e| PreviewError::Png(e.to_string()))
}

/// The picture as an RGB PNG, compressed hard: the card is opaque, so the alpha channel
/// would be a quarter of the pixels for nothing, and a picture is encoded once per position.
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, png::EncodingError> {
    // Opaque pixels: premultiplied RGBA is plain RGBA.
    let rgb: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Best);
    encoder.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&rgb)?;
    writer.finish()?;
    Ok(out)
}

struct Entry {
    room: String,
    seq: u64,
    png: Bytes,
}

/// Rendered pictures by room and sequence number.
pub struct PreviewCache {
    capacity: usize,
    /// Most recently used last. A std Mutex: held for a scan of a few hundred entries, never
    /// across an `.await` (rendering happens outside it).
    entries: Mutex<VecDeque<Entry>>,
}

impl Default for PreviewCache {
    fn default() -> Self {
        PreviewCache::new(CACHED_ROOMS)
    }
}

impl PreviewCache {
    pub fn new(capacity: usize) -> Self {
        PreviewCache {
            capacity: capacity.max(1),
            entries: Mutex::new(VecDeque::new()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, VecDeque<Entry>> {
        self.entries
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The picture of `room` at `seq`, if it is kept.
    pub fn get(&self, room: &str, seq: u64) -> Option<Bytes> {
        let mut entries = self.lock();
        let at = entries
            .iter()
            .position(|e| e.room == room && e.seq == seq)?;
        let entry = entries.remove(at)?;
        let png = entry.png.clone();
        entries.push_back(entry);
        Some(png)
    }

    /// Keeps the picture of `room` at `seq` in place of any older one of that room.
    pub fn put(&self, room: &str, seq: u64, png: Bytes) {
        let mut entries = self.lock();
        entries.retain(|e| e.room != room || e.seq > seq);
        if entries.iter().any(|e| e.room == room) {
            return; // A newer position's picture arrived first.
        }
        while entries.len() >= self.capacity {
            entries.pop_front();
        }
        entries.push_back(Entry {
            room: room.to_owned(),
            seq,
            png,
        });
    }

    /// The picture of `room` at `seq`: the kept one, or rendered now (on a blocking thread:
    /// it is CPU work), counted in `rendered` and kept.
    pub async fn picture(
        &self,
        room: &str,
        seq: u64,
        record: AnyRecord,
        rendered: &AtomicU64,
    ) -> Result<Bytes, PreviewError> {
        if let Some(png) = self.get(room, seq) {
            return Ok(png);
        }
        let png = tokio::task::spawn_blocking(move || render(&record))
            .await
            .map_err(|e| PreviewError::Png(e.to_string()))??;
        rendered.fetch_add(1, Ordering::Relaxed);
        let png = Bytes::from(png);
        self.put(room, seq, png.clone());
        Ok(png)
    }

    pub fn len(&self) -> usize {
        self.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use cozcade_engine::GameKind;

    use super::*;

    /// Width and height from a PNG's header chunk.
    fn png_size(png: &[u8]) -> (u32, u32) {
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(&png[12..16], b"IHDR");
        let word = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
        (word(16), word(20))
    }

    #[test]
    fn every_game_renders_small_at_1200_by_630() {
        for kind in [
            GameKind::Checkers,
            GameKind::Kalah,
            GameKind::ChineseCheckers,
        ] {
            let png = render(&AnyRecord::new(kind)).expect("renders");
            assert_eq!(png_size(&png), (1200, 630), "{kind}");
            assert!(png.len() < 100 * 1024, "{kind}: {} bytes", png.len());
            if let Some(dir) = std::env::var_os("COZCADE_PREVIEW_DIR") {
                std::fs::write(std::path::Path::new(&dir).join(format!("{kind}.png")), &png)
                    .expect("write");
            }
        }
    }

    #[test]
    fn a_room_keeps_its_newest_picture_and_the_cache_stays_bounded() {
        let cache = PreviewCache::new(2);
        cache.put("a", 1, Bytes::from_static(b"a1"));
        cache.put("a", 2, Bytes::from_static(b"a2"));
        assert_eq!(cache.get("a", 1), None, "an older position is not kept");
        assert_eq!(cache.get("a", 2).as_deref(), Some(&b"a2"[..]));
        cache.put("a", 1, Bytes::from_static(b"stale"));
        assert_eq!(
            cache.get("a", 1),
            None,
            "a late older picture does not replace it"
        );
        cache.put("b", 1, Bytes::from_static(b"b1"));
        cache.get("a", 2); // a is now the most recently used
        cache.put("c", 1, Bytes::from_static(b"c1"));
        assert_eq!(cache.len(), 2);
        assert_eq!(cache.get("b", 1), None, "the least recently used room went");
        assert!(cache.get("a", 2).is_some() && cache.get("c", 1).is_some());
    }
}
