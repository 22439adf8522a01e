// The translations as a browser gets them: English is inside the app's wasm, and each other
// language is a file of its own, fetched only by the players who use it. A phone set to Dutch
// starts in Dutch from its first screen; a language picked later comes when it is picked, and
// from the service worker's cache with no network at all.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { device, roomServer, webDir, artifactDir, chromiumOnly } from "../harness.js";

let server;
before(async () => { server = await roomServer(); });
after(async () => { await server.close(); });

const translation = (name) => /\/locale-(nl|sv|ru)\.[0-9a-f]{16}\.ftl$/.exec(name)?.[1];

/** Records, inside the page, the heading of the app's first screen as it is first drawn. */
const watchFirstScreen = () => {
  new MutationObserver((_, observer) => {
    const heading = document.querySelector("#main h2");
    if (heading) {
      window.__firstHeading = heading.textContent;
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
};

/** Why the phone tests below run in Chromium only. */
const WATCHED = chromiumOnly("watches which files the page fetches (Chromium's network events) and its first screen from before its own scripts (an init script)");

/** A phone shape with `locale`, watching which translations it fetches. */
async function phone(shape, locale) {
  const browser = await device(shape, { locale });
  const fetched = [];
  browser.page.on("request", (request) => {
    const tag = translation(new URL(request.url()).pathname);
    if (tag) fetched.push(tag);
  });
  await browser.page.addInitScript(watchFirstScreen);
  return { ...browser, fetched };
}

test("the app's wasm holds English only; each translation is a brotli file of the bundle", async () => {
  const wasm = fs.readdirSync(webDir()).find((f) => /^cozcade_mobile_bg\.[0-9a-f]{16}\.wasm$/.test(f));
  const bytes = fs.readFileSync(path.join(webDir(), wasm)).toString("utf8");
  assert.ok(bytes.includes("Choose a game"), "English is compiled in");
  for (const words of ["Kies een spel", "Välj ett spel", "Выберите игру"]) {
    assert.ok(!bytes.includes(words), `${words} is not in the app's wasm`);
  }
  for (const tag of ["nl", "sv", "ru"]) {
    const file = fs.readdirSync(webDir()).find((f) => translation(`/${f}`) === tag);
    assert.ok(file, `${tag}'s file in the bundle`);
    const response = await fetch(`${server.url}${file}`, { headers: { "accept-encoding": "br" } });
    assert.equal(response.status, 200, file);
    assert.equal(response.headers.get("cache-control"), "public, max-age=31536000, immutable", file);
    assert.equal(await response.text(), fs.readFileSync(path.join("..", "locales", `${tag}.ftl`), "utf8"), file);
  }
});

for (const shape of ["phone", "phone-landscape"]) {
  test(`an English phone fetches no translation (${shape})`, WATCHED, async () => {
    const browser = await phone(shape, "en-GB");
    try {
      await browser.page.goto(server.url);
      await browser.page.locator(".game-card").first().waitFor();
      assert.equal(await browser.page.evaluate(() => window.__firstHeading), "Choose a game");
      assert.equal(await browser.page.evaluate(() => document.documentElement.lang), "en");
      assert.deepEqual(browser.fetched, []);
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
    }
  });

  test(`a Dutch phone starts in Dutch; a language picked later comes then, and offline from the cache (${shape})`, WATCHED, async () => {
    const offline = await roomServer();
    const browser = await phone(shape, "nl-NL");
    try {
      const page = browser.page;
      await page.goto(offline.url);
      await page.locator(".game-card").first().waitFor();
      // The first screen is drawn in Dutch: no English first.
      assert.equal(await page.evaluate(() => window.__firstHeading), "Kies een spel");
      await page.waitForFunction(() => document.documentElement.lang === "nl");
      assert.deepEqual(browser.fetched, ["nl"]);
      await page.screenshot({ path: path.join(artifactDir(), `translations-nl-${shape}.png`) });

      // Swedish, picked on the first screen: fetched then, and kept.
      await page.getByLabel("Taal").selectOption("sv");
      await page.getByRole("heading", { name: "Välj ett spel" }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), "sv");
      assert.deepEqual(browser.fetched, ["nl", "sv"]);
      // A tap still opens a game in it.
      await page.getByRole("button", { name: /^Kalaha/ }).tap();
      await page.locator('[data-mode="computer"]').waitFor();
      await page.getByRole("button", { name: "Tillbaka" }).tap();
      await page.locator(".game-card").first().waitFor();

      // With no network at all, once the service worker has kept the bundle: Russian still
      // comes, from its cache, and the saved Swedish opens the app again.
      await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", null, { timeout: 30000 });
      await offline.kill();
      await browser.context.setOffline(true);
      await page.getByLabel("Språk").selectOption("ru");
      await page.getByRole("heading", { name: "Выберите игру" }).waitFor();
      await page.reload();
      await page.getByRole("heading", { name: "Выберите игру" }).waitFor();
      assert.equal(await page.evaluate(() => window.__firstHeading), "Выберите игру");
      await page.screenshot({ path: path.join(artifactDir(), `translations-ru-offline-${shape}.png`) });
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
      await offline.close().catch(() => {});
    }
  });

  test(`a later pick wins over an earlier one whose file comes last (${shape})`, WATCHED, async () => {
    const browser = await phone(shape, "en-GB");
    try {
      const page = browser.page;
      // Swedish's file is held back until Russian's has come and been shown.
      let releaseSwedish;
      const swedishHeld = new Promise((resolve) => { releaseSwedish = resolve; });
      const swedishAnswered = new Promise((resolve) => {
        browser.context.route(/\/locale-sv\.[0-9a-f]{16}\.ftl$/, async (route) => {
          await swedishHeld;
          const response = await route.fetch();
          await route.fulfill({ response });
          resolve();
        });
      });
      await page.goto(server.url);
      await page.locator(".game-card").first().waitFor();
      await page.getByLabel("Language").selectOption("sv");
      await page.getByLabel("Language").selectOption("ru");
      await page.getByRole("heading", { name: "Выберите игру" }).waitFor();

      releaseSwedish();
      await swedishAnswered;
      // Swedish has come now; give the app its chance to draw it (it must not).
      await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => resolve()), 300)));
      assert.equal(await page.getByRole("heading", { level: 2 }).first().textContent(), "Выберите игру");
      assert.equal(await page.evaluate(() => document.documentElement.lang), "ru");
      assert.equal(await page.getByLabel("Язык").inputValue(), "ru");
      assert.equal(await page.evaluate(() => localStorage.getItem("cozcade.setting.language")), "ru");
      assert.deepEqual(browser.fetched.filter((tag) => tag !== "sv"), ["ru"]);
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
    }
  });

  test(`a language that cannot be had says so and changes nothing (${shape})`, WATCHED, async () => {
    const browser = await phone(shape, "en-GB");
    try {
      const page = browser.page;
      // A first visit, and Swedish's file does not come (no network for it), for the page and
      // for its service worker alike.
      await browser.context.route(/\/locale-sv\.[0-9a-f]{16}\.ftl$/, (route) => route.abort("internetdisconnected"));
      await page.goto(server.url);
      await page.locator(".game-card").first().waitFor();
      const picker = page.getByLabel("Language");
      await picker.selectOption("sv");
      const alert = page.getByRole("alert");
      await alert.waitFor();
      assert.equal(await alert.textContent(), "Svenska could not be loaded: it needs the network the first time.");
      // The picker is back on the language on screen, which stays, and nothing was kept.
      assert.equal(await picker.inputValue(), "en");
      assert.equal(await page.getByRole("heading", { level: 2 }).first().textContent(), "Choose a game");
      assert.equal(await page.evaluate(() => document.documentElement.lang), "en");
      assert.equal(await page.evaluate(() => localStorage.getItem("cozcade.setting.language")), null);
      await page.screenshot({ path: path.join(artifactDir(), `translations-unavailable-${shape}.png`) });
      // The games still answer a tap beside the message, which stays with the screen it was
      // said on.
      await page.getByRole("button", { name: /^Kalah/ }).tap();
      await page.locator('[data-mode="computer"]').waitFor();
      await page.getByRole("alert").waitFor({ state: "detached", timeout: 5000 });
      assert.equal(await page.getByLabel("Language").inputValue(), "en");
      // With the network back, the same pick works, and the message goes.
      await browser.context.unroute(/\/locale-sv\.[0-9a-f]{16}\.ftl$/);
      await page.getByLabel("Language").selectOption("sv");
      await page.getByRole("button", { name: "Tillbaka" }).waitFor();
      assert.equal(await page.getByRole("alert").count(), 0);
      assert.equal(await page.evaluate(() => localStorage.getItem("cozcade.setting.language")), "sv");
      assert.deepEqual(browser.errors.filter((e) => !/locale-sv|Failed to fetch|ERR_INTERNET_DISCONNECTED/.test(e)), []);
    } finally {
      await browser.close();
    }
  });
}
