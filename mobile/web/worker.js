// The computer player's worker: the app's own wasm module, loaded a second time off the main
// thread. `main` sees no window here and does not start the UI; only `think` is used.
import init, { think } from "./cozcade_mobile.js";

const ready = init({ module_or_path: new URL("./cozcade_mobile_bg.wasm", import.meta.url) });

self.onmessage = async (event) => {
  try {
    await ready;
    self.postMessage({ ok: think(event.data.record, event.data.level) });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
