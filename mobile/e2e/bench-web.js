// The first load, as a phone gets it: `cargo xtask bench-web` serves the bundle through the
// room server and runs `node bench-web.js <url> <runs>`. Every load starts with an empty
// browser profile (no HTTP cache, no service worker) on a 390x844 touch phone, and measures:
//   bytes  what crossed the network for the page (Network.loadingFinished, headers included);
//   page   when the page's last byte had arrived (its navigation entry's responseEnd): the
//          floor under the splash, one round trip and the page's transfer;
//   splash the first contentful paint (the splash is the page's only content until the app);
//   wasm   when the wasm's last byte had arrived (its resource entry's responseEnd): what is
//          left after it until ready is compiling, starting and drawing the app;
//   ready  when the app has drawn its first screen into #main (the splash goes away then);
//   tap    when a tap on a game's button has opened that game's mode screen: the app answers.
// Profiles: loopback as it is, and Fast 3G (1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip)
// with the CPU slowed four times, through the DevTools protocol. Prints a Markdown table of
// medians (and the spread) for mobile/BENCHMARKS.md. Every time is from the navigation's start
// (the page's time origin), as the paint and navigation entries give it.
import { FAST_3G, withPhone } from "./bench-phone.js";

const [url, runsArg] = process.argv.slice(2);
if (!url) {
  console.error("usage: node bench-web.js <url> [runs]");
  process.exit(2);
}
const runs = Number(runsArg ?? 5);

const profiles = [
  { name: "loopback", network: null, cpu: 1 },
  {
    name: "Fast 3G, 4x CPU",
    network: FAST_3G,
    cpu: 4,
  },
];

// Records, inside the page, when the app first draws into #main.
const watchForApp = () => {
  new MutationObserver((_, observer) => {
    if (document.querySelector("#main button")) {
      window.__cozcadeReadyAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
};

async function load(profile) {
  return withPhone(async (context) => {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(watchForApp);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
    if (profile.network) {
      await cdp.send("Network.emulateNetworkConditions", { offline: false, ...profile.network });
    }
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpu });
    let bytes = 0;
    const files = new Map();
    cdp.on("Network.responseReceived", (e) => files.set(e.requestId, e.response.url));
    cdp.on("Network.loadingFinished", (e) => { bytes += e.encodedDataLength; });
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForFunction(() => window.__cozcadeReadyAt !== undefined, null, { timeout: 60000 });
    // On loopback the app can draw before anything was painted: the first paint (the app's,
    // then) is reported a frame later, so wait for its entry rather than miss it.
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, { timeout: 10000 });
    const timing = await page.evaluate(() => ({
      page: performance.getEntriesByType("navigation")[0]?.responseEnd ?? NaN,
      splash: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      wasm: performance.getEntriesByType("resource")
        .find((entry) => entry.name.endsWith(".wasm"))?.responseEnd ?? NaN,
      ready: window.__cozcadeReadyAt,
    }));
    // The first screen answers a tap: Kalah's mode screen opens.
    const before = await page.evaluate(() => performance.now());
    await page.getByRole("button", { name: /^Kalah/ }).tap();
    await page.locator('[data-mode="computer"]').waitFor({ timeout: 30000 });
    const tap = (await page.evaluate(() => performance.now())) - before;
    const firstLoadBytes = bytes;
    return { ...timing, tap, bytes: firstLoadBytes, files: files.size };
  });
}

// A figure a run could not give (NaN) is left out, never sorted in.
const median = (xs) => {
  const sorted = xs.filter(Number.isFinite).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (x) => `${Math.round(x)} ms`;
const spread = (xs) => {
  const known = xs.filter(Number.isFinite);
  const missing = xs.length - known.length;
  return `${Math.round(Math.min(...known))}–${Math.round(Math.max(...known))}` + (missing ? `, ${missing} runs without` : "");
};

const rows = [];
for (const profile of profiles) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const result = await load(profile);
    console.error(`${profile.name} #${i + 1}: ${JSON.stringify(result)}`);
    results.push(result);
  }
  const pick = (key) => results.map((r) => r[key]);
  rows.push(
    `| ${profile.name} | ${(median(pick("bytes")) / 1024).toFixed(1)} KiB (${median(pick("files"))} files) ` +
      `| ${ms(median(pick("page")))} (${spread(pick("page"))}) ` +
      `| ${ms(median(pick("splash")))} (${spread(pick("splash"))}) ` +
      `| ${ms(median(pick("wasm")))} (${spread(pick("wasm"))}) ` +
      `| ${ms(median(pick("ready")))} (${spread(pick("ready"))}) ` +
      `| ${ms(median(pick("tap")))} |`,
  );
}
console.log(`\nFirst load of ${url}, ${runs} runs per profile, medians (min–max):\n`);
console.log("| network | transferred | page arrived | splash (first paint) | wasm arrived | app ready | tap answered |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const row of rows) console.log(row);
