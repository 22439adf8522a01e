//! In the browser the search runs in a Web Worker (`web/worker.js`) that loads the search's own
//! wasm module (the `cozcade-thinker` crate) and calls its `think`; the page only posts the
//! request and waits. Stopping terminates the worker outright, which is immediate; the next
//! request starts a fresh one.

use cozcade_engine::{AnyMove, AnyRecord};
use dioxus::prelude::*;
use serde::Deserialize;

use super::ComputerError;
use crate::state::Level;

/// Stops the worker's search.
#[derive(Clone, Default)]
pub struct Handle;

impl Handle {
    pub fn new() -> Self {
        Handle
    }

    pub fn stop(&self) {
        let _ = document::eval("window.__cozcadeStop?.();");
    }
}

/// Starts the worker unless it is running; it loads the search's wasm at once. A worker that
/// fails to start is forgotten, so that the next ask starts another and reports its error. A
/// macro so that [`ASK_WORKER_JS`] can begin with it.
macro_rules! start_worker_js {
    () => {
        r#"
    if (!window.__cozcadeWorker) {
        const base = window.__cozcadeBase ?? document.baseURI;
        const started = new Worker(new URL("worker.js", base), { type: "module" });
        started.addEventListener("error", () => {
            if (window.__cozcadeWorker === started) window.__cozcadeWorker = undefined;
        });
        window.__cozcadeWorker = started;
    }
"#
    };
}
const START_WORKER_JS: &str = start_worker_js!();

/// Starts the worker, so that its wasm is loaded and compiled while the player is still
/// choosing: the first move of a first visit then does not wait for the download.
pub fn warm_up() {
    let _ = document::eval(START_WORKER_JS);
}

/// Starts (or reuses) the worker, posts the request and waits for its answer; a stop answers
/// `{cancelled: true}` at once.
const ASK_WORKER_JS: &str = concat!(
    start_worker_js!(),
    r#"
    const request = await dioxus.recv();
    const worker = window.__cozcadeWorker;
    return await new Promise((resolve) => {
        window.__cozcadeStop = () => {
            worker.terminate();
            window.__cozcadeWorker = undefined;
            resolve({ cancelled: true });
        };
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = (event) => {
            window.__cozcadeWorker = undefined;
            resolve({ error: String(event.message ?? "worker error") });
        };
        worker.postMessage(request);
    });
"#
);

#[derive(Deserialize)]
struct Reply {
    #[serde(default)]
    ok: Option<String>,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    cancelled: bool,
}

pub async fn best_move(
    record: AnyRecord,
    level: Level,
    seed: u64,
    _handle: Handle,
) -> Result<AnyMove, ComputerError> {
    let record_json =
        serde_json::to_string(&record).map_err(|e| ComputerError::Failed(e.to_string()))?;
    let eval = document::eval(ASK_WORKER_JS);
    eval.send(
        serde_json::json!({ "record": record_json, "level": level.as_str(), "seed": seed.to_string() }),
    )
    .map_err(|e| ComputerError::Failed(e.to_string()))?;
    let reply: Reply = eval
        .join()
        .await
        .map_err(|e| ComputerError::Failed(e.to_string()))?;
    match reply {
        Reply {
            cancelled: true, ..
        } => Err(ComputerError::Cancelled),
        // The worker answers in move notation: read back here, once, as the record's move.
        Reply { ok: Some(mv), .. } => record
            .parse_move(&mv)
            .map_err(|e| ComputerError::Failed(e.to_string())),
        Reply { error, .. } => Err(ComputerError::Failed(
            error.unwrap_or_else(|| "no answer".into()),
        )),
    }
}
