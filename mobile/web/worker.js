// The computer player's worker: the search's own small wasm module (the cozcade-thinker
// crate), loaded off the main thread the first time the computer is asked for a move.
import init, { think } from "./cozcade_thinker.js";

const ready = init({ module_or_path: new URL("./cozcade_thinker_bg.wasm", import.meta.url) });

self.onmessage = async (event) => {
  try {
    await ready;
    self.postMessage({ ok: think(event.data.record, event.data.level, event.data.seed) });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
