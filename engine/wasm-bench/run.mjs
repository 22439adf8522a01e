// Times one computer move per call of the wasm search in headless Chromium, with the CPU
// slowed down (DevTools' Emulation.setCPUThrottlingRate), on the page's main thread.
//   node run.mjs [slowdown=4] [positions=20]
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "..", "mobile", "e2e", "package.json"));
const { chromium } = require("playwright-core");

const slowdown = Number(process.argv[2] ?? 4);
const positions = Number(process.argv[3] ?? 20);
const target = process.env.CARGO_TARGET_DIR ?? path.join(here, "target");
const wasm = fs.readFileSync(path.join(target, "wasm32-unknown-unknown", "release", "cozcade_wasm_bench.wasm"));

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const page = await browser.newPage();
await page.setContent("<title>wasm bench</title>");
const cdp = await page.context().newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
const rows = await page.evaluate(async ({ bytes, positions }) => {
  const { instance } = await WebAssembly.instantiate(new Uint8Array(bytes));
  const games = ["kalah", "checkers", "chinese-checkers"];
  const levels = ["easy", "medium", "hard"];
  const out = [];
  for (let game = 0; game < 3; game++) {
    for (let level = 0; level < 3; level++) {
      const times = [];
      let nodes = 0;
      for (let index = 0; index < positions; index++) {
        const started = performance.now();
        nodes += instance.exports.move_nodes(game, level, index);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      out.push({ game: games[game], level: levels[level], median: times[times.length >> 1], max: times[times.length - 1], nodes: Math.round(nodes / positions) });
    }
  }
  return out;
}, { bytes: [...wasm], positions });
console.log(`| game | level | median ms/move | max ms | mean nodes/move |  (CPU slowdown ${slowdown}x, ${positions} positions)`);
console.log("| --- | --- | --- | --- | --- |");
for (const r of rows) console.log(`| ${r.game} | ${r.level} | ${r.median.toFixed(0)} | ${r.max.toFixed(0)} | ${r.nodes.toLocaleString("en")} |`);
await browser.close();
