// Starts the app: loads the wasm through wasm-bindgen's glue, says so on the splash if that
// fails, and registers the service worker that lets the app open with no network. A file of
// its own because the server's Content-Security-Policy allows no inline script.
import init from "./cozcade_mobile.js";

// Where the bundle lives, for the computer player's worker (pages like /r/<room> are not it).
window.__cozcadeBase = new URL(".", import.meta.url).href;

// The app's texts: English is inside the wasm, and each translation is a file of its own. The
// one the app will start in is fetched here, beside the wasm, so its first screen is in that
// language; the app fetches any other the player picks through `__cozcadeLocale`. The choice
// is made as the app makes it (mobile/src/i18n): the saved language, else the browser's.
// `cargo xtask web` writes in every translation of mobile/locales/, tag and file.
const translations = "__TRANSLATIONS__";
window.__cozcadeLocaleTexts = {};
const loading = {};
window.__cozcadeLocale = (tag) => {
  if (!Object.hasOwn(translations, tag)) return Promise.resolve(false);
  loading[tag] ??= fetch(new URL(translations[tag], import.meta.url))
    .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status}`))))
    .then((text) => {
      window.__cozcadeLocaleTexts[tag] = text;
      return true;
    })
    .catch(() => {
      delete loading[tag];
      return false;
    });
  return loading[tag];
};
const primary = (tag) => String(tag ?? "").split(/[-_.@]/)[0].toLowerCase();
let saved = null;
try {
  saved = localStorage.getItem("cozcade.setting.language");
} catch {
  // No storage (a private window, say): the browser's language decides, as in the app.
}
const starting = [saved, navigator.language].map(primary).find((tag) => tag === "en" || Object.hasOwn(translations, tag));
// Started with the wasm's own download under way (the page preloads it), and a few KiB against
// its hundreds: the app waits for it, so its first screen is already in that language (if it
// fails the app starts in English and fetches it again).
const translationReady = starting ? window.__cozcadeLocale(starting) : Promise.resolve(true);

// The app's wasm as it arrives, uncompressed (`cargo xtask web` writes it in), for the splash's
// progress bar: the bar follows the bytes as the browser compiles them, so a slow network
// shows the app coming rather than a still page.
const wasmBytes = "__WASM_BYTES__";

function showProgress(part) {
  const bar = document.getElementById("splash-progress");
  if (!bar) return;
  const percent = Math.min(100, Math.round(part * 100));
  bar.hidden = false;
  bar.setAttribute("aria-valuenow", String(percent));
  // Through the CSSOM: the page's policy allows no inline style, and needs none for this.
  bar.firstElementChild?.style.setProperty("transform", `scaleX(${percent / 100})`);
}

/** The wasm's response, its bytes counted into the progress bar on their way to the compiler. */
function counted(response) {
  if (!response.ok || !response.body || !(wasmBytes > 0) || typeof TransformStream !== "function") return response;
  let seen = 0;
  showProgress(0);
  const body = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      showProgress(seen / wasmBytes);
      controller.enqueue(chunk);
    },
  }));
  return new Response(body, { headers: { "Content-Type": "application/wasm" } });
}

function failed(message) {
  const splash = document.getElementById("splash");
  const status = document.getElementById("splash-status");
  if (splash) splash.classList.add("failed");
  if (status) status.textContent = message;
}

if (typeof WebAssembly !== "object") {
  failed("Cozcade could not start: this browser has no WebAssembly.");
} else {
  translationReady
    // The same request as the page's preload, so the bytes already on their way are used.
    .then(() => fetch(new URL("./cozcade_mobile_bg.wasm", import.meta.url)))
    .then((response) => init({ module_or_path: counted(response) }))
    .catch((error) => {
      failed(`Cozcade could not start: ${error}`);
      throw error;
    });
}

// After the page has loaded, so that it never competes with the first load for the network.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register(new URL("./sw.js", import.meta.url)).catch((error) => {
      console.warn("Cozcade works online only: the service worker was refused", error);
    });
  });
}
