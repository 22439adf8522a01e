// Times one computer move per call of the wasm search, two ways, over the same positions:
//  - in headless Chromium with the CPU slowed down (DevTools' Emulation.setCPUThrottlingRate),
//    on the page's main thread (the app runs the same code in a Web Worker): wall time;
//  - in Node (the same V8), as CPU time of this process times the slowdown: what the throttled
//    page would take on an idle core, whatever else the machine is doing.
//   node run.mjs [slowdown=4] [positions=20]
//   node run.mjs 4 200 endgames   Hard only, on the engine test's 200 Kalah endgames (2-28
//                                 seeds): median, p99 and max per move
//   node run.mjs 4 60 reached     Hard only, on Kalah positions of real games with 29-34 seeds
//                                 (first those of the engine's test of Hard's solver try)
import fs from "node:fs";
import os from "node:os";
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
const sets = { endgames: 4, reached: 5 };
if (process.argv[4] !== undefined && !(process.argv[4] in sets)) {
  console.error(`unknown set ${process.argv[4]}: endgames or reached`);
  process.exit(2);
}
const only = sets[process.argv[4]];
const games = ["kalah", "checkers", "chinese-checkers", "kalah endgames (24-32 seeds)", "kalah test endgames (2-28 seeds)", "kalah reached (29-34 seeds)"];
const levels = ["easy", "medium", "hard"];
// Which games and levels run: every one but the Kalah test sets, or one of those alone at Hard.
const gameIds = only ? [only] : [0, 1, 2, 3];
const levelIds = only ? [2] : [0, 1, 2];
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(", ");

// Runs every game, level and position; `time(call)` gives a call's milliseconds.
async function measure({ bytes, positions, gameIds, levelIds }, clock) {
  const { instance } = await WebAssembly.instantiate(new Uint8Array(bytes));
  const out = [];
  for (const game of gameIds) {
    for (const level of levelIds) {
      const times = [];
      const nodes = [];
      for (let index = 0; index < positions; index++) {
        const started = clock();
        nodes.push(instance.exports.move_nodes(game, level, index));
        times.push(clock() - started);
      }
      out.push({ game, level, times, nodes });
    }
  }
  return out;
}

const stat = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: sorted[sorted.length >> 1],
    p99: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)],
    max: sorted[sorted.length - 1],
  };
};

const args = { bytes: [...wasm], positions, gameIds, levelIds };
console.log(`load average before: ${load()}`);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const page = await browser.newPage();
await page.setContent("<title>wasm bench</title>");
const cdp = await page.context().newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
const inPage = await page.evaluate(
  `(${measure.toString()})(${JSON.stringify(args)}, () => performance.now())`,
);
await browser.close();
console.log(`load average after Chromium: ${load()}`);
const cpuMillis = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const inNode = await measure(args, cpuMillis);
console.log(`load average after Node: ${load()}`);

console.log();
console.log(`${positions} positions per game; Chromium: wall ms at ${slowdown}x CPU slowdown; Node: CPU ms x ${slowdown}`);
console.log();
console.log("| game | level | Chromium median ms | p99 | max | Node CPU x slowdown, median ms | p99 | max | nodes/move median | max |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (let i = 0; i < inPage.length; i++) {
  const page = inPage[i];
  const wall = stat(page.times);
  const cpu = stat(inNode[i].times.map((t) => t * slowdown));
  const nodes = stat(page.nodes);
  const f = (x) => Math.round(x).toLocaleString("en");
  console.log(`| ${games[page.game]} | ${levels[page.level]} | ${f(wall.median)} | ${f(wall.p99)} | ${f(wall.max)} | ${f(cpu.median)} | ${f(cpu.p99)} | ${f(cpu.max)} | ${f(nodes.median)} | ${f(nodes.max)} |`);
}
