// Starts the app: loads the wasm through wasm-bindgen's glue, says so on the splash if that
// fails, and registers the service worker that lets the app open with no network. A file of
// its own because the server's Content-Security-Policy allows no inline script.
import init from "./cozcade_mobile.js";

// Where the bundle lives, for the computer player's worker (pages like /r/<room> are not it).
window.__cozcadeBase = new URL(".", import.meta.url).href;

function failed(message) {
  const splash = document.getElementById("splash");
  const status = document.getElementById("splash-status");
  if (splash) splash.classList.add("failed");
  if (status) status.textContent = message;
}

if (typeof WebAssembly !== "object") {
  failed("Cozcade could not start: this browser has no WebAssembly.");
} else {
  init({ module_or_path: new URL("./cozcade_mobile_bg.wasm", import.meta.url) }).catch((error) => {
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
