//! The link preview's picture: a room's game and current position as a 1200 x 630 PNG, drawn
//! by `cozcade-art` (the app's own drawing) and rendered with resvg.
//!
//! Chat apps fetch the picture when the link is pasted and again now and then; rendering costs
//! tens of milliseconds of CPU, so pictures are kept per room and sequence number. A room keeps
//! one picture (its newest position); the cache holds a bounded number of bytes
//! (`--preview-cache-mb`) and forgets the least recently used room first.
//!
//! A picture not kept is drawn once however many ask for it at the same time (the others wait
//! for it), and at most `--preview-renders` pictures are drawn at once: asking for many rooms'
//! pictures keeps at most that many cores (and blocking threads) busy.

use std::{
    collections::{HashMap, VecDeque},
    future::Future,
    sync::{
        Arc, Mutex,
        atomic::{AtomicU64, Ordering},
    },
};

use axum::body::Bytes;
use cozcade_engine::AnyRecord;
use resvg::{tiny_skia, usvg};
use tokio::sync::{OnceCell, Semaphore};

/// The pictures kept, in bytes, unless told otherwise: 850 to 1,900 rooms' (35–80 KB each),
/// where 256 were kept before.
pub const CACHE_BYTES: usize = 64 * 1024 * 1024;

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

/// The pictures kept, most recently used last, and the bytes they take.
#[derive(Default)]
struct Kept {
    entries: VecDeque<Entry>,
    bytes: usize,
}

/// A picture being drawn: whoever asks for the same room and position meanwhile waits for it.
type Drawing = Arc<OnceCell<Bytes>>;

/// Rendered pictures by room and sequence number.
pub struct PreviewCache {
    budget: usize,
    /// A std Mutex: held for a scan of a few thousand entries, never across an `.await`
    /// (rendering happens outside it).
    kept: Mutex<Kept>,
    /// Pictures being drawn, by room and sequence number. A std Mutex, as above.
    drawing: Mutex<HashMap<(String, u64), Drawing>>,
    /// One permit per picture drawn at once.
    renders: Semaphore,
}

impl Default for PreviewCache {
    fn default() -> Self {
        PreviewCache::new(CACHE_BYTES, 1)
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Why a picture could not be given: its room could not be read, or it could not be drawn.
#[derive(Debug)]
pub enum PictureError<E> {
    Room(E),
    Render(PreviewError),
}

impl PreviewCache {
    /// A cache of `budget` bytes that draws at most `renders` pictures at once.
    pub fn new(budget: usize, renders: usize) -> Self {
        PreviewCache {
            budget,
            kept: Mutex::default(),
            drawing: Mutex::default(),
            renders: Semaphore::new(renders.max(1)),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        lock(&self.kept)
    }

    /// The picture of `room` at `seq`, if it is kept.
    pub fn get(&self, room: &str, seq: u64) -> Option<Bytes> {
        let mut kept = self.lock();
        let at = kept
            .entries
            .iter()
            .position(|e| e.room == room && e.seq == seq)?;
        let entry = kept.entries.remove(at)?;
        let png = entry.png.clone();
        kept.entries.push_back(entry);
        Some(png)
    }

    /// Keeps the picture of `room` at `seq` in place of any older one of that room, forgetting
    /// the least recently used rooms' until the pictures fit the budget.
    pub fn put(&self, room: &str, seq: u64, png: Bytes) {
        let mut kept = self.lock();
        let Kept { entries, bytes } = &mut *kept;
        entries.retain(|e| {
            let keep = e.room != room || e.seq > seq;
            if !keep {
                *bytes -= e.png.len();
            }
            keep
        });
        if entries.iter().any(|e| e.room == room) {
            return; // A newer position's picture arrived first.
        }
        if png.len() > self.budget {
            return;
        }
        while *bytes + png.len() > self.budget {
            match entries.pop_front() {
                Some(oldest) => *bytes -= oldest.png.len(),
                None => break,
            }
        }
        *bytes += png.len();
        entries.push_back(Entry {
            room: room.to_owned(),
            seq,
            png,
        });
    }

    /// The picture of `room` at `seq`: the kept one, or drawn now from the game `record`
    /// gives (read only then), counted in `rendered` and kept. Drawn once for everyone asking
    /// at the same time, and on a blocking thread (it is CPU work) under the renders' cap.
    pub async fn picture<E>(
        &self,
        room: &str,
        seq: u64,
        record: impl Future<Output = Result<AnyRecord, E>>,
        rendered: &AtomicU64,
    ) -> Result<Bytes, PictureError<E>> {
        if let Some(png) = self.get(room, seq) {
            return Ok(png);
        }
        let key = (room.to_owned(), seq);
        let drawing = lock(&self.drawing).entry(key.clone()).or_default().clone();
        // Only the first to get here draws; the others wait for its picture. (Should it fail,
        // the next one waiting draws instead.)
        let result = drawing
            .get_or_try_init(|| async {
                let _permit = self.renders.acquire().await;
                // Drawn meanwhile by one who came and went before this one got here.
                if let Some(png) = self.get(room, seq) {
                    return Ok(png);
                }
                let record = record.await.map_err(PictureError::Room)?;
                let png = tokio::task::spawn_blocking(move || render(&record))
                    .await
                    .map_err(|e| PictureError::Render(PreviewError::Png(e.to_string())))?
                    .map_err(PictureError::Render)?;
                rendered.fetch_add(1, Ordering::Relaxed);
                let png = Bytes::from(png);
                self.put(room, seq, png.clone());
                Ok(png)
            })
            .await
            .cloned();
        let mut drawings = lock(&self.drawing);
        if drawings.get(&key).is_some_and(|d| Arc::ptr_eq(d, &drawing)) {
            drawings.remove(&key);
        }
        result
    }

    pub fn len(&self) -> usize {
        self.lock().entries.len()
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
        // Room for two of these two-byte pictures.
        let cache = PreviewCache::new(5, 1);
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
        // A picture larger than the whole budget is not kept (and forgets nothing).
        cache.put("d", 1, Bytes::from_static(b"dddddd"));
        assert_eq!(cache.get("d", 1), None);
        assert_eq!(cache.len(), 2);
    }

    #[test]
    fn the_default_cache_keeps_hundreds_of_the_largest_pictures() {
        let png = render(&AnyRecord::new(GameKind::ChineseCheckers)).expect("renders");
        assert!(CACHE_BYTES / png.len() >= 800, "{} bytes each", png.len());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn at_most_the_allowed_pictures_are_drawn_at_once() {
        let cache = Arc::new(PreviewCache::new(CACHE_BYTES, 2));
        let drawing = Arc::new(AtomicU64::new(0));
        let most = Arc::new(AtomicU64::new(0));
        let rendered = Arc::new(AtomicU64::new(0));
        let mut tasks = Vec::new();
        for room in 0..8 {
            let (cache, drawing, most, rendered) = (
                cache.clone(),
                drawing.clone(),
                most.clone(),
                rendered.clone(),
            );
            tasks.push(tokio::spawn(async move {
                // The room's read stands for the work done under the permit.
                let record = async {
                    let now = drawing.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    drawing.fetch_sub(1, Ordering::SeqCst);
                    Ok::<_, ()>(AnyRecord::new(GameKind::Kalah))
                };
                cache
                    .picture(&format!("room{room}"), 0, record, &rendered)
                    .await
                    .expect("a picture")
            }));
        }
        for task in tasks {
            task.await.expect("task");
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
        assert_eq!(rendered.load(Ordering::SeqCst), 8);
    }
}
