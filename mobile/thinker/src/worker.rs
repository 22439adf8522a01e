//! The Web Worker's entry point (`web/worker.js` imports it from this crate's own glue).

use std::sync::atomic::AtomicBool;

use cozcade_engine::{AnyRecord, ai::Level};
use wasm_bindgen::prelude::*;

/// The record as the app saves it (JSON), the level's name and the game's seed (in decimal: a
/// JavaScript number would round it); answers the move's text, or throws the reason as a string.
#[wasm_bindgen(js_name = think)]
pub fn think_json(record_json: &str, level: &str, seed: &str) -> Result<String, JsValue> {
    let record: AnyRecord =
        serde_json::from_str(record_json).map_err(|e| JsValue::from_str(&e.to_string()))?;
    let level = Level::ALL
        .into_iter()
        .find(|l| l.as_str() == level)
        .ok_or_else(|| JsValue::from_str("unknown level"))?;
    let seed: u64 = seed
        .parse()
        .map_err(|_| JsValue::from_str("the seed is not a number"))?;
    // The worker is terminated to stop a search, so the flag is never set here.
    let cancel = AtomicBool::new(false);
    let clock = || js_sys::Date::now() as u64;
    // The move crosses to the page as its notation, which the page reads back with the record.
    crate::think(&record, level, seed, &cancel, &clock)
        .map(|mv| mv.to_string())
        .map_err(|e| JsValue::from_str(&e.to_string()))
}
