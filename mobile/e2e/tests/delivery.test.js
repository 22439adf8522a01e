// How the app reaches a phone's browser, through the real room server: precompressed files
// with the right headers, a page that is never kept stale beside hashed files kept for a year,
// the splash from the first paint (and its error when WebAssembly fails), the app under the
// server's Content-Security-Policy, and, after one visit, the whole app from the service worker
// with no network at all.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { device, roomServer, webDir, artifactDir, playToEnd, chromiumOnly, engine } from "../harness.js";

let server;
before(async () => { server = await roomServer(); });
after(async () => { await server.close(); });

/** The bundle's file whose name starts with `stem.` and ends with `extension`. */
function hashedFile(stem, extension) {
  const name = fs.readdirSync(webDir()).find((f) => f.startsWith(`${stem}.`) && f.endsWith(extension));
  assert.ok(name, `${stem}.<hash>${extension} in the bundle`);
  assert.match(name, new RegExp(`^${stem}\\.[0-9a-f]{16}\\${extension}$`));
  return name;
}

test("Chromium gets brotli files with their own types; the page is revalidated, hashed files are kept", chromiumOnly("reads each response's headers and its bytes on the wire (Chromium's network events)"), async () => {
  const browser = await device("phone");
  try {
    const responses = new Map();
    browser.page.on("response", (response) => {
      responses.set(new URL(response.url()).pathname, response);
    });
    await browser.page.goto(server.url);
    await browser.page.locator("#main button").first().waitFor();
    const wasm = `/${hashedFile("cozcade_mobile_bg", ".wasm")}`;
    const glue = `/${hashedFile("cozcade_mobile", ".js")}`;
    const boot = `/${hashedFile("boot", ".js")}`;
    // The policy goes with what runs as a page or a worker, and with what fetch() gets (the
    // wasm; the service worker keeps the page that way); scripts go without it.
    const expected = [
      ["/", "text/html", "no-cache", server.policy],
      [wasm, "application/wasm", "public, max-age=31536000, immutable", server.policy],
      [glue, "text/javascript", "public, max-age=31536000, immutable", undefined],
      [boot, "text/javascript", "public, max-age=31536000, immutable", undefined],
    ];
    // A game's mode screen starts the computer player's worker.
    const worker = browser.page.waitForResponse((response) => new URL(response.url()).pathname === "/worker.js");
    await browser.page.getByRole("button", { name: /^Kalah/ }).tap();
    await browser.page.locator('[data-mode="computer"]').waitFor();
    await worker;
    expected.push(["/worker.js", "text/javascript", "no-cache", server.policy]);
    for (const [file, type, cache, policy] of expected) {
      const response = responses.get(file);
      assert.ok(response, `Chromium fetched ${file}: ${[...responses.keys()]}`);
      const headers = await response.allHeaders();
      assert.equal(response.status(), 200, file);
      assert.equal(headers["content-encoding"], "br", `${file} is sent as brotli`);
      assert.ok(headers["content-type"].startsWith(type), `${file}: ${headers["content-type"]}`);
      assert.equal(headers["cache-control"], cache, file);
      assert.equal(headers["content-security-policy"], policy, file);
      assert.match(headers["vary"] ?? "", /Sec-Fetch-Dest/i, file);
    }
    // The scripts are minified: the boot script's comments and long names are gone.
    const template = fs.readFileSync(path.join(import.meta.dirname, "../../web/boot.js"), "utf8");
    const served = fs.readFileSync(path.join(webDir(), boot), "utf8");
    assert.ok(template.includes("// Starts the app") && !served.includes("// Starts the app"), served);
    assert.ok(served.length < template.length / 2, `${served.length} of ${template.length} bytes`);
    // What crossed the network for the wasm is the brotli file itself, far below the wasm.
    const raw = fs.statSync(path.join(webDir(), wasm)).size;
    const brotli = fs.statSync(path.join(webDir(), `${wasm}.br`)).size;
    assert.ok(brotli < raw / 2, `brotli ${brotli} of ${raw} bytes`);
    const sizes = await responses.get(wasm).request().sizes();
    assert.ok(sizes.responseBodySize <= brotli + 64, `${sizes.responseBodySize} bytes on the wire`);
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});

test("the first screen loads without the computer's search; a game's mode screen fetches it before any move", chromiumOnly("watches the page's requests (Chromium's network events)"), async () => {
  for (const kind of ["phone", "phone-landscape"]) {
    const browser = await device(kind);
    try {
      const page = browser.page;
      const fetched = [];
      page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
      await page.goto(server.url);
      await page.locator("#main button").first().waitFor();
      const search = `/${hashedFile("cozcade_thinker_bg", ".wasm")}`;
      const app = `/${hashedFile("cozcade_mobile_bg", ".wasm")}`;
      assert.ok(fetched.includes(app), `${kind}: the app's wasm: ${fetched}`);
      // Nothing on the picker asks for it (the service worker keeps it later, after load, off
      // this page's requests).
      assert.ok(!fetched.includes(search), `${kind}: the search's wasm came with the first screen`);
      // The mode screen starts the worker: its module and wasm arrive while nothing is played.
      const arrived = page.waitForResponse((r) => new URL(r.url()).pathname === search, { timeout: 30000 });
      arrived.catch(() => {});
      await page.getByRole("button", { name: /^Checkers/ }).tap();
      await page.locator('[data-mode="computer"]').waitFor();
      const response = await arrived;
      assert.equal(response.status(), 200, kind);
      assert.equal((await response.allHeaders())["content-type"], "application/wasm", kind);
      assert.equal(await page.locator(".board").count(), 0, `${kind}: still on the mode screen`);
      // And that worker is the one that answers the first move.
      const card = page.locator('[data-mode="computer"]');
      await card.getByLabel("Easy").check();
      await card.getByRole("button", { name: "New game" }).tap();
      await page.locator(".board.checkers").waitFor();
      const before = fetched.filter((f) => f === search).length;
      // One move of ours (Red: a man, then its square), then the computer's (White) answer.
      await page.locator(".playable").first().tap();
      await page.locator(".playable").first().tap();
      await page.waitForFunction(
        () => document.querySelector("[data-testid=last-move]")?.textContent?.startsWith("Last move: White"),
        null,
        { timeout: 30000 },
      );
      assert.equal(fetched.filter((f) => f === search).length, before, `${kind}: no second download for the move`);
      assert.deepEqual(browser.errors, [], kind);
    } finally {
      await browser.close();
    }
  }
});

test("the page and an invitation's page name their preloads in a Link header; the wasm still comes once", chromiumOnly("counts the page's requests (Chromium's network events)"), async () => {
  const created = await fetch(`${server.url}api/rooms`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "checkers" }),
  });
  const room = await created.json();
  const wasm = `/${hashedFile("cozcade_mobile_bg", ".wasm")}`;
  const boot = `/${hashedFile("boot", ".js")}`;
  const glue = `/${hashedFile("cozcade_mobile", ".js")}`;
  for (const address of ["", `r/${room.room}`]) {
    const { status, headers } = await get(`${server.url}${address}`, { "accept-encoding": "br" });
    assert.equal(status, 200, address);
    const links = (headers.link ?? "").split(", ");
    // The wasm as the page's own preload asks for it: a CORS fetch, so wasm-bindgen's fetch
    // takes it over instead of downloading it again.
    assert.ok(links.includes(`<${wasm}>; rel=preload; as=fetch; type="application/wasm"; crossorigin`), `/${address}: ${headers.link}`);
    assert.ok(links.includes(`<${boot}>; rel=modulepreload`), `/${address}: ${headers.link}`);
    assert.ok(links.includes(`<${glue}>; rel=modulepreload`), `/${address}: ${headers.link}`);
    for (const link of links) {
      const file = link.match(/^<([^>]+)>/)[1];
      assert.equal((await get(`${server.url}${file.slice(1)}`, {})).status, 200, `${file} is in the bundle`);
    }
  }
  // No Link header on anything but the page.
  assert.equal((await get(`${server.url}${wasm.slice(1)}`, {})).headers.link, undefined);
  for (const kind of ["phone", "phone-landscape"]) {
    for (const address of ["", `r/${room.room}`]) {
      const browser = await device(kind);
      try {
        const fetched = [];
        browser.page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
        await browser.page.goto(`${server.url}${address}`);
        await browser.page.locator("#main button").first().waitFor();
        assert.equal(fetched.filter((f) => f === wasm).length, 1, `${kind} /${address}: ${fetched}`);
        assert.equal(fetched.filter((f) => f === boot).length, 1, `${kind} /${address}: ${fetched}`);
        assert.deepEqual(browser.errors, [], `${kind} /${address}`);
      } finally {
        await browser.close();
      }
    }
  }
});

test("gzip for a client without brotli, the plain file for one without either", async () => {
  const wasm = hashedFile("cozcade_mobile_bg", ".wasm");
  const raw = fs.readFileSync(path.join(webDir(), wasm));
  const cases = [
    ["gzip", "gzip", fs.statSync(path.join(webDir(), `${wasm}.gz`)).size],
    ["identity", undefined, raw.length],
  ];
  for (const [accept, encoding, length] of cases) {
    // node's fetch would decompress: ask with http directly.
    const { headers, body } = await get(`${server.url}${wasm}`, { "accept-encoding": accept });
    assert.equal(headers["content-encoding"], encoding, accept);
    assert.equal(headers["content-type"], "application/wasm", accept);
    assert.equal(body.length, length, accept);
    assert.equal(headers["cache-control"], "public, max-age=31536000, immutable");
  }
  const page = await get(`${server.url}index.html`, { "accept-encoding": "gzip" });
  assert.equal(page.headers["content-encoding"], "gzip");
  assert.equal(page.headers["cache-control"], "no-cache");
  for (const file of ["sw.js", "worker.js", "manifest.webmanifest"]) {
    const answer = await get(`${server.url}${file}`, {});
    assert.equal(answer.status, 200, file);
    assert.equal(answer.headers["cache-control"], "no-cache", file);
  }
  const manifest = JSON.parse((await get(`${server.url}manifest.webmanifest`, {})).body);
  assert.equal(manifest.name, "Cozcade");
  for (const icon of manifest.icons) {
    const answer = await get(new URL(icon.src, `${server.url}manifest.webmanifest`).href, {});
    assert.equal(answer.status, 200, icon.src);
    assert.equal(answer.headers["content-type"], icon.type, icon.src);
  }
  assert.equal((await get(`${server.url}no-such-file.js`, {})).status, 404);
});

test("the splash shows the name and icon, centred, from the first paint until the app draws", chromiumOnly("holds the wasm back by intercepting its request (page.route)"), async () => {
  const browser = await device("phone");
  try {
    const page = browser.page;
    // The wasm held back, so the splash can be looked at.
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await page.route("**/*.wasm", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(server.url);
    const splash = page.locator("#splash");
    await splash.waitFor();
    assert.equal(await splash.getByRole("heading").textContent(), "Cozcade");
    assert.equal(await splash.locator("svg").count(), 1);
    const box = await splash.locator("h1").boundingBox();
    const viewport = page.viewportSize();
    assert.ok(Math.abs(box.x + box.width / 2 - viewport.width / 2) < 2, `centred across: ${JSON.stringify(box)}`);
    assert.ok(box.y > viewport.height / 3 && box.y < (viewport.height * 2) / 3, `centred down: ${JSON.stringify(box)}`);
    await page.screenshot({ path: path.join(artifactDir(), "splash-phone.png") });
    release();
    await page.getByRole("button", { name: /^Kalah/ }).tap();
    await page.locator('[data-mode="same-device"]').getByRole("button", { name: "New game" }).tap();
    await page.locator(".board.kalah").waitFor();
    assert.equal(await splash.isVisible(), false);
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});

test("on a slow network the splash's bar follows the app's download to the end, then the app draws", chromiumOnly("slows the network (Chromium's protocol)"), async () => {
  const browser = await device("phone");
  try {
    const page = browser.page;
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send("Network.enable");
    // About 2 s for the app's few hundred KiB (compressed).
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false, latency: 40, downloadThroughput: 200 * 1024, uploadThroughput: 200 * 1024,
    });
    await page.goto(server.url, { waitUntil: "commit" });
    const seen = [];
    let shot = false;
    while (!(await page.locator(".screen.games").count())) {
      const now = await page.evaluate(() => {
        const bar = document.getElementById("splash-progress");
        return bar && !bar.hidden ? Number(bar.getAttribute("aria-valuenow")) : null;
      });
      if (now !== null && seen.at(-1) !== now) seen.push(now);
      if (!shot && now > 20 && now < 80) {
        await page.screenshot({ path: path.join(artifactDir(), "splash-progress-phone.png") });
        shot = true;
      }
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    assert.ok(seen.some((v) => v > 0 && v < 100), `the bar moved on its way: ${seen}`);
    assert.deepEqual(seen, [...seen].sort((a, b) => a - b), "never backwards");
    assert.equal(await page.locator("#splash-progress").getAttribute("aria-valuenow"), "100");
    assert.equal(await page.locator("#splash").isVisible(), false);
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});

test("the page, its scripts, worker, manifest and icons load under the server's Content-Security-Policy", chromiumOnly("listens for violations before the page's first script (an init script) and rewrites the page's headers (page.route)"), async () => {
  const browser = await device("phone");
  try {
    const page = browser.page;
    await page.addInitScript(() => {
      window.__violations = [];
      document.addEventListener("securitypolicyviolation", (e) => {
        window.__violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI });
      });
    });
    await page.route("**/*", async (route) => {
      if (route.request().resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": server.policy } });
    });
    // The invitation link's page as a browser without the app opens it: the app's own page.
    const created = await fetch(`${server.url}api/rooms`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: "kalah" }),
    });
    const room = await created.json();
    for (const address of [server.url, `${server.url}r/${room.room}`]) {
      await page.goto(address);
      await page.locator("#main button").first().waitFor();
      const violations = await page.evaluate(() => window.__violations);
      assert.deepEqual(violations, [], address);
    }
  } finally {
    await browser.close();
  }
});

test("the splash says so when WebAssembly cannot start", chromiumOnly("answers the wasm with a 404 by intercepting its request (page.route)"), async () => {
  const browser = await device("phone");
  try {
    const page = browser.page;
    await page.route("**/*.wasm", (route) => route.fulfill({ status: 404, body: "gone" }));
    await page.goto(server.url);
    const status = page.locator("#splash-status");
    await page.waitForFunction(() => document.querySelector("#splash")?.classList.contains("failed"));
    assert.match(await status.textContent(), /^Cozcade could not start: /);
    assert.equal(await page.locator("#splash").isVisible(), true);
    await page.screenshot({ path: path.join(artifactDir(), "splash-failed-phone.png") });
  } finally {
    await browser.close();
  }
});

test("after one visit the app opens and plays against the computer with no network at all", async () => {
  const browser = await device("phone");
  const offline = await roomServer();
  try {
    const page = browser.page;
    await page.goto(offline.url);
    await page.locator("#main button").first().waitFor();
    // The service worker has kept every file once it controls the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", null, { timeout: 30000 });
    // An invitation a friend sent while there was a network.
    const created = await fetch(`${offline.url}api/rooms`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: "kalah" }),
    });
    const { room } = await created.json();
    // No network: the server is gone and the browser is offline.
    await offline.kill();
    await browser.context.setOffline(true);
    const fromCache = await page.goto(offline.url);
    // The service worker's copy of the page runs under the same policy (its headers are read
    // from the navigation's response, which only Chromium's driver hands over).
    if (engine === "chromium") assert.equal(fromCache.headers()["content-security-policy"], offline.policy);
    await page.getByRole("button", { name: /^Kalah/ }).tap();
    const card = page.locator('[data-mode="computer"]');
    await card.getByLabel("Easy").check();
    await card.getByRole("button", { name: "New game" }).tap();
    await page.locator(".board.kalah").waitFor();
    // Play on to the end: the computer's moves come from its worker, loaded offline too.
    const taps = await playToEnd(page, { touch: true, maxTaps: 400 });
    assert.ok(taps > 2, `${taps} taps`);
    assert.match(await page.getByTestId("headline").textContent(), /You win!|The computer wins\.|Draw/);
    await page.screenshot({ path: path.join(artifactDir(), "offline-computer-phone.png") });

    // Online play says plainly that it needs the network: a new room...
    const needsNetwork = "The room could not be opened (online play needs the network, and this device is offline).";
    await page.goto(offline.url);
    await page.getByRole("button", { name: /^Kalah/ }).tap();
    const online = page.locator('[data-mode="online"]');
    await online.getByRole("button", { name: "Play with a friend" }).tap();
    const alert = online.getByRole("alert");
    await alert.waitFor();
    assert.equal(await alert.textContent(), needsNetwork);
    assert.equal(await online.getByRole("button", { name: "Play with a friend" }).isEnabled(), true);
    await page.screenshot({ path: path.join(artifactDir(), "offline-online-phone.png") });
    // ...and the invitation link, which opens the kept page, then says so instead of retrying.
    // (Chromium only: WebKit's page here learns that it is offline only once it has loaded,
    // after the app has read the room, where a phone's Safari knows it from the start.)
    if (engine === "chromium") {
      await page.goto(`${offline.url}r/${room}`);
      const closed = page.getByTestId("room-closed");
      await closed.waitFor();
      assert.equal(await closed.textContent(), needsNetwork);
      assert.equal(await page.getByText(/Reconnecting/).count(), 0);
      // The way on is a game that needs no network.
      await page.getByRole("button", { name: "Start your own game" }).tap();
      await page.getByRole("button", { name: /^Kalah/ }).waitFor();
      await page.goto(`${offline.url}r/${room}`);
      await closed.waitFor();
      await page.screenshot({ path: path.join(artifactDir(), "offline-invitation-phone.png") });
    }
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
    await offline.close();
  }
});

/** A GET with node's http (no decompression): status, headers, body as bytes' text. */
async function get(url, headers) {
  const http = await import("node:http");
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const buffer = Buffer.concat(chunks);
        resolve({ status: res.statusCode, headers: res.headers, body: buffer.toString("latin1"), length: buffer.length });
      });
    }).on("error", reject);
  });
}
