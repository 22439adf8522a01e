// Shared pieces of the browser tests: a tiny static server for the web bundle, and the
// browsers: headless Debian Chromium driven by playwright-core (no browser download: the system
// binary is used), or WebKitGTK through its WebDriver (`webkit.js`) when COZCADE_ENGINE=webkit.
// Either way a test gets a playwright-shaped page, so the same test runs in both engines.
import assert from "node:assert/strict";
import http from "node:http";
import net from "node:net";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import * as webkit from "./webkit.js";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The bundle `cargo xtask web` wrote: COZCADE_WEB_DIR, else <target dir>/web. */
export function webDir() {
  if (process.env.COZCADE_WEB_DIR) return process.env.COZCADE_WEB_DIR;
  const target = process.env.CARGO_TARGET_DIR ?? path.join(here, "..", "..", "target");
  return path.join(target, "web");
}

/** The engine this run's browsers are: COZCADE_ENGINE, "chromium" (the default) or "webkit". */
export const engine = process.env.COZCADE_ENGINE ?? "chromium";

/** The options of a test that only Chromium can run, with the reason: it is skipped, and says
 * why, in the other engine's run. */
export function chromiumOnly(reason) {
  return engine === "chromium" ? {} : { skip: `Chromium only: ${reason}` };
}

/** Why a test of the browser's own languages runs in Chromium only: WebKitGTK takes them from
 * the system's locale, and a machine with only the C locale (Debian's default, CI's) has no
 * Dutch one to start it in. */
export const LANGUAGES = "sets the browser's languages, which WebKitGTK takes from an installed system locale";

/** Where screenshots go (CI keeps them as artifacts); WebKit's in a `webkit/` folder of their own. */
export function artifactDir() {
  const base = process.env.COZCADE_ARTIFACTS ?? path.join(here, "..", "..", "artifacts", "e2e");
  const dir = engine === "chromium" ? base : path.join(base, engine);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
};

/** Serves `root` on a free loopback port until `close()`. Every unknown path gets index.html. */
export async function serve(root = webDir()) {
  if (!fs.existsSync(path.join(root, "index.html"))) {
    throw new Error(`no web bundle in ${root}: run \`cargo xtask web\` first`);
  }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    let file = path.normalize(path.join(root, decodeURIComponent(url.pathname)));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      file = path.join(root, "index.html");
    }
    res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
}

const shapes = {
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 },
  "phone-landscape": { viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 },
  desktop: { viewport: { width: 1280, height: 800 } },
  tablet: { viewport: { width: 1024, height: 1366 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
  laptop: { viewport: { width: 1440, height: 900 } },
};

/** A browser with its own profile for each device shape: phone (touch, portrait) or desktop.
 * `options.engine` picks the engine for this one device (the run's own by default). */
export async function device(kind, options = {}) {
  if (!shapes[kind]) throw new Error(`no device shape ${kind}`);
  if ((options.engine ?? engine) === "webkit") return webkitDevice(kind, options);
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cozcade-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    locale: options.locale ?? "en-US",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
    // Move animations are skipped under reduced motion, which keeps whole games quick;
    // the animation tests turn it back on.
    reducedMotion: options.motion ?? "reduce",
    // The app follows the system's light or dark theme; light unless a test asks for dark.
    colorScheme: options.colorScheme ?? "light",
    ...shapes[kind],
    // A messaging app's web view, say, as its user agent names it.
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  if (options.initScript) await context.addInitScript(options.initScript);
  const errors = [];
  context.on("weberror", (e) => errors.push(String(e.error())));
  const page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (e) => errors.push(String(e)));
  return {
    engine: "chromium",
    context,
    page,
    errors,
    /** Whether the player presses with a finger (a tap) rather than a mouse (a click). */
    touch: shapes[kind]?.hasTouch === true,
    async close() {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** The same device in WebKitGTK (see webkit.js for what it can't emulate). Its context offers
 * `setOffline` (through the device's own proxy); what needs Chromium's network interception or
 * a script before the page's (`route`, `addInitScript`, a second page) says so. */
async function webkitDevice(kind, options) {
  if (options.initScript) {
    throw new Error("WebKit runs no script before the page's own: mark this test chromiumOnly");
  }
  const browser = await webkit.launch(shapes[kind].viewport, options);
  const { page } = browser;
  const chromiumOnly = (what) => () => {
    throw new Error(`${what} is Chromium only: mark this test chromiumOnly`);
  };
  return {
    engine: "webkit",
    page,
    context: {
      setOffline: (offline) => page.setOffline(offline, browser.proxy),
      // What the device's proxy forwards: every request but those of the page's own cache.
      on: (event, listener) => {
        if (event !== "request") throw new Error(`WebKit devices here report no "${event}" events (Chromium only)`);
        browser.proxy.onRequest(listener);
      },
      addInitScript: chromiumOnly("addInitScript"),
      route: chromiumOnly("route"),
      newPage: chromiumOnly("a second page"),
    },
    get errors() { return page.errors; },
    /** The player's finger, as on Chromium; WebKit presses with the mouse at the same point. */
    touch: shapes[kind].hasTouch === true,
    close: () => browser.close(),
  };
}

/** Plays the game on screen to its end by tapping the first highlighted pit, piece or
 * landing each time (a checkers capture takes several taps). Returns the number of taps. */
export async function playToEnd(page, { touch = false, maxTaps = 2000 } = {}) {
  // The number of plies, not only the last move's text: the computer may answer a move with
  // the same text as its answer before.
  const state = () =>
    (document.querySelector(".status")?.dataset.plies ?? "") + "|" +
    (document.querySelector("[data-testid=last-move]")?.textContent ?? "") + "|" +
    document.querySelectorAll(".selected").length + "|" +
    (document.querySelector(".headline.result") ? "end" : "");
  // What the app showed when a tap changed nothing, for the log and a failure's message.
  const shown = () => page.evaluate(() => JSON.stringify({
    headline: document.querySelector("[data-testid=headline]")?.textContent,
    animating: document.querySelector(".game-board")?.dataset.animating,
    playable: [...document.querySelectorAll(".playable")].map((el) => el.dataset.cell ?? el.id),
    selected: [...document.querySelectorAll(".selected")].map((el) => el.dataset.cell ?? el.id),
    hidden: document.hidden,
  })).catch((why) => `(unreadable: ${why})`);
  // A player whose tap shows nothing taps again. WebKitGTK's WebDriver has, rarely (once in
  // dozens of whole games, never reproduced by hand), let a press go by without a click; one
  // such miss in a game is tapped again and written to the log, a second one fails the game.
  let missed = 0;
  for (let taps = 0; taps < maxTaps; taps++) {
    // Wait for a move to make or the end (the computer may be thinking meanwhile).
    await page.locator(".playable, .headline.result").first().waitFor({ timeout: 15000 });
    if (await page.locator(".headline.result").count()) return taps;
    const target = page.locator(".playable").first();
    const before = await page.evaluate(state);
    if (touch) await target.tap();
    else await target.click();
    // Wait for the tap to land before looking for the next one.
    try {
      await page.waitForFunction((previous) => {
        const now = (document.querySelector(".status")?.dataset.plies ?? "") + "|" +
          (document.querySelector("[data-testid=last-move]")?.textContent ?? "") + "|" +
          document.querySelectorAll(".selected").length + "|" +
          (document.querySelector(".headline.result") ? "end" : "");
        return now !== previous;
      }, before, { timeout: missed ? 30000 : 10000 });
    } catch (e) {
      const message = `tap ${taps} on the first of the playable places changed nothing (state before: ${before}; now: ${await shown()})`;
      if (missed++ === 0) {
        console.warn(`${message}; tapped again`);
        continue;
      }
      e.message = `${message}, a second miss in one game: ${e.message}`;
      throw e;
    }
  }
  throw new Error("the game did not end");
}

/** Opens a game on a fresh page as two players on one device. */
export async function newGame(page, url, name) {
  await page.goto(url);
  await page.getByRole("button", { name }).click();
  await page.locator('[data-mode="same-device"]').getByRole("button", { name: "New game" }).click();
  await page.locator(".board").waitFor();
}

/** Opens Kalah on a fresh page as two players on one device. */
export async function newKalahGame(page, url) {
  await page.goto(url);
  await page.getByRole("button", { name: /Kalah/ }).click();
  await page.locator('[data-mode="same-device"]').getByRole("button", { name: "New game" }).click();
  await page.locator(".board.kalah").waitFor();
}

/** A pit's button: side "Gold" or "Turquoise", letter a..f. */
export function pit(page, side, letter) {
  return page.getByRole("button", { name: new RegExp(`^${side} pit ${letter}:`) });
}

/** Opens a game against the computer at `level` ("Easy", "Medium", "Hard"), by mouse, or by
 * touch with `touch`. `onLoad` runs in the page once it has loaded, before the game is picked
 * (and so before the computer's worker starts): in both engines, where an init script would be
 * Chromium only. */
export async function newComputerGame(page, url, name, level, { onLoad, touch = false } = {}) {
  await page.goto(url);
  if (onLoad) await page.evaluate(onLoad);
  const press = (locator) => (touch ? locator.tap() : locator.click());
  await press(page.getByRole("button", { name }));
  const card = page.locator('[data-mode="computer"]');
  if (touch) await card.getByLabel(level).tap();
  else await card.getByLabel(level).check();
  await press(card.getByRole("button", { name: "New game" }));
  await page.locator(".board").waitFor();
}

/** A free loopback port (asked of the OS, then released for the server to take). */
export async function freePort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The room server binary: COZCADE_SERVER_BIN (xtask sets it), else the target dir's debug build. */
export function serverBin() {
  if (process.env.COZCADE_SERVER_BIN) return process.env.COZCADE_SERVER_BIN;
  const target = process.env.CARGO_TARGET_DIR ?? path.join(here, "..", "..", "target");
  return path.join(target, "debug", "cozcade-server");
}

/** The Content-Security-Policy a room server in local play sends with its pages and worker
 * (`server/src/headers.rs`): everything from its own origin, and WebSockets only to its own port
 * on the loopback names (an IPv6 literal cannot be a CSP source; `'self'` covers it). */
export function localPolicy(port) {
  return "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; " +
    `img-src 'self' data: blob:; connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}; ` +
    "worker-src 'self'; manifest-src 'self'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'";
}

/** The real `cozcade-server` serving the web bundle, with its own SQLite file and port.
 * `kill()` is a SIGKILL (a crash, not a shutdown); `start()` again reuses the port and file.
 * `listen` fixes the address (a native build knows its server at build time); by default a
 * free loopback port. `args` are further flags for the server. */
export async function roomServer(root = webDir(), { listen, args = [] } = {}) {
  const bin = serverBin();
  if (!fs.existsSync(bin)) {
    throw new Error(`no room server at ${bin}: run \`cargo build -p cozcade-server\` first`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cozcade-server-"));
  const address = listen ?? `127.0.0.1:${await freePort()}`;
  const url = `http://${address}/`;
  let child = null;
  let log = "";
  const start = async () => {
    child = spawn(bin, [
      "--listen", address,
      "--db", path.join(dir, "rooms.db"),
      "--web-root", root,
      ...args,
    ], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (d) => { log += d; });
    child.stderr.on("data", (d) => { log += d; });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    for (let i = 0; i < 200; i++) {
      try {
        const res = await fetch(`${url}healthz`);
        if (res.ok) return;
      } catch {}
      const gone = await Promise.race([exited.then(() => true), sleep(50).then(() => false)]);
      if (gone) throw new Error(`the room server exited:\n${log}`);
    }
    throw new Error(`the room server did not answer on ${url}:\n${log}`);
  };
  const kill = async () => {
    // A child killed by a signal has no exit code, only its signal: it is gone either way.
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  };
  await start();
  return {
    url,
    policy: localPolicy(new URL(url).port),
    start,
    kill,
    log: () => log,
    async close() {
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP proxy on a free loopback port in front of `target` (a URL such as the room server's),
 * to put a page's connection through a network that can fail. `mode("blackhole")` keeps every
 * connection open and drops its traffic both ways, as a dead network does (no reset, no close);
 * the connections it held stay dead afterwards, and new ones are accepted and ignored.
 * `mode("refuse")` resets new connections at once (a failed reconnect). `mode("pass")` forwards
 * new connections normally again. */
export async function tcpProxy(target) {
  const { hostname, port } = new URL(target);
  let current = "pass";
  const pairs = new Set();
  const server = net.createServer((client) => {
    if (current === "refuse") {
      client.resetAndDestroy();
      return;
    }
    const pair = { client, upstream: null, dead: current === "blackhole" };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      pair.upstream?.destroy();
    };
    client.on("error", end);
    client.on("close", end);
    if (pair.dead) return;
    pair.upstream = net.connect(Number(port), hostname);
    pair.upstream.on("error", end);
    pair.upstream.on("close", () => { if (!pair.dead) end(); });
    client.on("data", (d) => { if (!pair.dead) pair.upstream.write(d); });
    pair.upstream.on("data", (d) => { if (!pair.dead) client.write(d); });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port: own } = server.address();
  return {
    url: `http://127.0.0.1:${own}/`,
    mode(next) {
      current = next;
      if (next === "blackhole") for (const pair of pairs) pair.dead = true;
    },
    async close() {
      for (const pair of pairs) { pair.client.destroy(); pair.upstream?.destroy(); }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Presses `locator` as the device's player does: a tap on a touch screen, else a click. */
export async function press(browser, locator) {
  if (browser.touch) await locator.tap();
  else await locator.click();
}

/** "Play with a friend" for `game` (a picker button name or pattern) on the `creator` device,
 * whose app is at `url`; returns the invitation link once it is shown. */
export async function createRoom(creator, url, game) {
  const { page } = creator;
  await page.goto(url);
  await press(creator, page.getByRole("button", { name: game }));
  await press(creator, page.locator('[data-mode="online"]').getByRole("button", { name: "Play with a friend" }));
  const link = page.getByTestId("invitation-link");
  await link.waitFor();
  return link.inputValue();
}

/** The `friend` device opens the invitation `link` and takes the seat with the welcome's one
 * button ("Play in the browser" on phones, "Take your seat" elsewhere); returns once both the
 * friend and the `creator` show the game connected. */
export async function joinAsFriend(creator, friend, link) {
  await friend.page.goto(link);
  // Every device shape here but the desktop and laptop ones has a touch screen.
  const name = friend.touch ? "Play in the browser" : "Take your seat";
  await press(friend, friend.page.getByRole("button", { name }));
  for (const { page } of [friend, creator]) {
    await page.locator('main.online[data-connection="connected"]').waitFor({ timeout: 20000 });
  }
}

/** A room for `game` created on `creator` (its app at `url`), taken up by `friend` on the
 * welcome, both connected: the start of every online game. Returns the invitation link. */
export async function playWithFriend(creator, friend, url, game) {
  const link = await createRoom(creator, url, game);
  await joinAsFriend(creator, friend, link);
  return link;
}

/** Runs `body` with a browser for each of `kinds` (device shapes, or `[shape, options]` as
 * `device` takes them), closes them afterwards, and checks that no page had an error. */
export async function withDevices(kinds, body) {
  const browsers = [];
  try {
    for (const kind of kinds) browsers.push(await (Array.isArray(kind) ? device(...kind) : device(kind)));
    await body(...browsers);
    for (const b of browsers) assert.deepEqual(b.errors, [], "no errors on the page");
  } finally {
    for (const b of browsers) await b.close();
  }
}
