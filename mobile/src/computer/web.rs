//! In the browser the search runs in a Web Worker (`web/worker.js`) that loads this same wasm
//! module and calls [`think`]; the page only posts the request and waits. Stopping terminates
//! the worker outright, which is immediate; the next request starts a fresh one.

use std::sync::atomic::AtomicBool;

use cozcade_engine::AnyRecord;
use dioxus::prelude::*;
use serde::Deserialize;
use wasm_bindgen::prelude::*;

use super::search::{ComputerError, think_blocking};
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

/// Starts (or reuses) the worker, posts the request and waits for its answer; a stop answers
/// `{cancelled: true}` at once.
const ASK_WORKER_JS: &str = r#"
    const request = await dioxus.recv();
    const base = window.__cozcadeBase ?? document.baseURI;
    window.__cozcadeWorker ??= new Worker(new URL("worker.js", base), { type: "module" });
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
"#;

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
    _handle: Handle,
) -> Result<String, ComputerError> {
    let record =
        serde_json::to_string(&record).map_err(|e| ComputerError::Failed(e.to_string()))?;
    let eval = document::eval(ASK_WORKER_JS);
    eval.send(serde_json::json!({ "record": record, "level": level.as_str() }))
        .map_err(|e| ComputerError::Failed(e.to_string()))?;
    let reply: Reply = eval
        .join()
        .await
        .map_err(|e| ComputerError::Failed(e.to_string()))?;
    match reply {
        Reply {
            cancelled: true, ..
        } => Err(ComputerError::Cancelled),
        Reply { ok: Some(mv), .. } => Ok(mv),
        Reply { error, .. } => Err(ComputerError::Failed(
            error.unwrap_or_else(|| "no answer".into()),
        )),
    }
}

/// The worker's entry point: the record as the app saves it (JSON) and the level's name.
#[wasm_bindgen]
pub fn think(record_json: &str, level: &str) -> Result<String, JsValue> {
    let record: AnyRecord =
        serde_json::from_str(record_json).map_err(|e| JsValue::from_str(&e.to_string()))?;
    let level = Level::ALL
        .into_iter()
        .find(|l| l.as_str() == level)
        .ok_or_else(|| JsValue::from_str("unknown level"))?;
    // The worker is terminated to stop a search, so the flag is never set here.
    let cancel = AtomicBool::new(false);
    let clock = || js_sys::Date::now() as u64;
    think_blocking(&record, level, &cancel, &clock).map_err(|e| JsValue::from_str(&e.to_string()))
}
