// Against the computer in both browser engines: whole games by tapping, Pause, Undo, a level
// change, and the main thread kept free while Hard thinks (its search runs in a Web Worker).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve, device, playToEnd, newComputerGame, pit, webDir, artifactDir } from "../harness.js";

let server;
before(async () => { server = await serve(); });
after(async () => { await server.close(); });

const games = [
  { name: /^Kalah/, slug: "kalah" },
  { name: /^Checkers/, slug: "checkers" },
  { name: /^Chinese Checkers/, slug: "chinese-checkers" },
];

for (const game of games) for (const kind of ["phone", "desktop"]) {
  test(`a whole ${game.slug} game against the computer (Easy) by tapping, as a ${kind}`, async () => {
    const browser = await device(kind);
    try {
      const page = browser.page;
      await newComputerGame(page, server.url, game.name, "Easy");
      assert.match(await page.getByTestId("headline").textContent(), /^Your turn/);
      const taps = await playToEnd(page, { touch: kind === "phone", maxTaps: 4000 });
      assert.ok(taps > 2, `${taps} taps`);
      assert.match(await page.getByTestId("headline").textContent(), /You win!|The computer wins\.|Draw/);
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
    }
  });
}

test("Hard thinks without blocking the page; Pause stops it, Continue resumes", async () => {
  const browser = await device("desktop");
  try {
    const page = browser.page;
    // Run in the page before the game starts (one function: it is sent to the page as text).
    const prepare = () => {
      // The main thread's long tasks, where the browser reports them (Chromium; WebKit has no
      // Long Tasks API, so there the page's answers while it thinks are what is checked).
      window.__longest = PerformanceObserver.supportedEntryTypes.includes("longtask") ? 0 : null;
      if (window.__longest !== null) new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
      }).observe({ type: "longtask", buffered: false });
      // The search's answers can be held back (`__holdAnswers`) and handed over later
      // (`__releaseAnswers()`), so that Pause surely comes while the computer still thinks.
      const Real = window.Worker;
      const held = [];
      window.__holdAnswers = false;
      window.__releaseAnswers = () => {
        window.__holdAnswers = false;
        for (const deliver of held.splice(0)) deliver();
      };
      window.Worker = class extends Real {
        set onmessage(handler) {
          super.onmessage = handler && ((event) => {
            if (window.__holdAnswers) held.push(() => handler.call(this, event));
            else handler.call(this, event);
          });
        }
        get onmessage() {
          return super.onmessage;
        }
      };
    };
    await newComputerGame(page, server.url, /^Checkers/, "Hard", { onLoad: prepare });
    await page.evaluate(() => { if (window.__longest !== null) window.__longest = 0; });
    await page.locator("#cell-11").click();
    await page.locator("#cell-15").click();
    const headline = page.getByTestId("headline");
    assert.equal(await headline.textContent(), "The computer is thinking…");
    // Measure while it thinks: the page stays responsive (a button answers at once).
    const t0 = Date.now();
    await page.getByRole("button", { name: "How to play" }).waitFor();
    await page.waitForFunction(() => !document.querySelector("[data-testid=headline]")?.textContent.includes("thinking"), null, { timeout: 20000 });
    const thought = Date.now() - t0;
    const longest = await page.evaluate(() => window.__longest);
    if (longest !== null) {
      console.log(`# timing: Hard (checkers) answered in ${thought} ms; longest main-thread task meanwhile ${longest.toFixed(0)} ms`);
      assert.ok(longest < 200, `longest task ${longest} ms`);
    } else {
      console.log(`# timing: Hard (checkers) answered in ${thought} ms (no Long Tasks API here)`);
    }
    assert.match(await page.getByTestId("last-move").textContent(), /^Last move: White /);

    // Pause while it thinks (its answer held back until then): the answer that comes while
    // paused is not played, and nothing moves until Continue.
    await page.evaluate(() => { window.__holdAnswers = true; });
    await page.locator(".square.playable").first().click();
    await page.locator(".square.playable").first().click();
    await page.waitForFunction(() => document.querySelector("[data-testid=headline]")?.textContent === "The computer is thinking…");
    await page.getByRole("button", { name: "Pause" }).click();
    assert.equal(await headline.textContent(), "Paused");
    const paused = await page.getByTestId("last-move").textContent();
    assert.match(paused, /^Last move: Red /);
    // The held answer reaches the page now; the page has settled once two frames are drawn.
    await page.evaluate(() => new Promise((settled) => {
      window.__releaseAnswers();
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(settled)));
    }));
    assert.equal(await page.getByTestId("last-move").textContent(), paused, "no move while paused");
    assert.equal(await headline.textContent(), "Paused");
    await page.getByRole("button", { name: "Resume", exact: true }).click();
    await page.waitForFunction((p) => document.querySelector("[data-testid=last-move]")?.textContent !== p, paused, { timeout: 20000 });
    assert.match(await page.getByTestId("last-move").textContent(), /^Last move: White /);
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});

test("undo goes back to your previous turn; a level change keeps the game", async () => {
  const browser = await device("phone");
  try {
    const page = browser.page;
    await newComputerGame(page, server.url, /^Kalah/, "Easy");
    // Gold f: no extra turn, so the computer replies.
    await page.getByRole("button", { name: /^Gold pit f:/ }).tap();
    await page.waitForFunction(() => /Turquoise/.test(document.querySelector("[data-testid=last-move]")?.textContent ?? ""), null, { timeout: 10000 });
    await page.getByLabel("Level").selectOption("hard");
    assert.match(await page.getByTestId("last-move").textContent(), /Turquoise/, "the game goes on");
    await page.getByRole("button", { name: "Undo" }).tap();
    assert.equal(await page.getByTestId("last-move").textContent(), "No moves yet");
    assert.match(await page.getByTestId("headline").textContent(), /^Your turn/);
    // A reload comes back to the same game, at the level chosen: it is saved with the game.
    await page.reload();
    await page.locator(".board").waitFor();
    assert.equal(await page.getByLabel("Level").inputValue(), "hard");
    assert.equal(await page.getByTestId("last-move").textContent(), "No moves yet");
    await page.getByRole("button", { name: "Back" }).tap();
    assert.equal(await page.locator('[data-mode="computer"]').getByRole("button", { name: "Continue" }).count(), 0, "no moves: nothing to continue");
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});

test("leaving the tab pauses the computer", async () => {
  const browser = await device("phone");
  try {
    const page = browser.page;
    // A slow computer: each answer of the search's worker reaches the page 3 s late, so that
    // the page is surely hidden while it thinks (Hard's Kalah reply from the book is instant).
    const holdAnswers = () => {
      const Real = window.Worker;
      window.Worker = class extends Real {
        set onmessage(handler) {
          super.onmessage = handler && ((event) => setTimeout(() => handler.call(this, event), 3000));
        }
        get onmessage() {
          return super.onmessage;
        }
      };
    };
    await newComputerGame(page, server.url, /^Kalah/, "Hard", { onLoad: holdAnswers });
    await page.getByRole("button", { name: /^Gold pit f:/ }).tap();
    assert.equal(await page.getByTestId("headline").textContent(), "The computer is thinking…");
    await page.evaluate(() => {
      Object.defineProperty(document, "hidden", { get: () => true, configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await page.waitForFunction(() => document.querySelector("[data-testid=headline]")?.textContent === "Paused");
    // Past the moment the held answer would have arrived: pausing stopped that search.
    await page.waitForTimeout(4000);
    assert.equal(await page.getByTestId("last-move").textContent(), "Last move: Gold f", "no reply while away");
    await page.evaluate(() => {
      Object.defineProperty(document, "hidden", { get: () => false, configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    // Back in view the game stays paused, and says so on the board: a tap there goes on.
    const veil = page.getByTestId("paused-veil");
    assert.equal(await veil.textContent(), "PausedTap to resume");
    await veil.tap();
    await page.waitForFunction(() => /Turquoise/.test(document.querySelector("[data-testid=last-move]")?.textContent ?? ""), null, { timeout: 20000 });
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});

test("the computer fails when its worker cannot load: Try again once, then two players", async () => {
  // A copy of the bundle without worker.js: the server answers that path with index.html
  // (text/html), so the module worker fails to load, as with a broken or blocked deployment.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "cozcade-no-worker-"));
  for (const name of fs.readdirSync(webDir())) {
    if (name !== "worker.js") fs.symlinkSync(path.join(webDir(), name), path.join(root, name));
  }
  const broken = await serve(root);
  const browser = await device("desktop");
  try {
    const page = browser.page;
    await newComputerGame(page, broken.url, /^Chinese Checkers/, "Easy");
    await page.locator("#cell-112").click();
    await page.locator("#cell-104").click();
    const headline = page.getByTestId("headline");
    await page.getByRole("button", { name: "Try again" }).waitFor();
    assert.equal(await headline.textContent(), "The computer could not find its move.");
    await page.getByRole("button", { name: "Try again" }).click();
    // Retried once: no second Try again, only the way out.
    await page.getByText("The computer failed again.", { exact: false }).first().waitFor();
    assert.match(await headline.textContent(), /^The computer failed again\./);
    assert.equal(await page.getByRole("button", { name: "Try again" }).count(), 0);
    await page.getByRole("button", { name: "Go on as two players" }).click();
    // Now coral is the second player's to tap on this device.
    await page.getByTestId("headline").filter({ hasText: "Coral to move" }).waitFor({ timeout: 5000 });
    const coral = await page.locator(".hole.playable").evaluateAll((els) => els.map((e) => Number(e.dataset.cell)));
    assert.ok(coral.length > 0 && coral.every((n) => n <= 10), `coral's marbles lit: ${coral}`);
    await page.locator("#cell-10").click();
    await page.locator("#cell-19").click();
    assert.equal(await page.getByTestId("last-move").textContent(), "Last move: Coral 10-19");
    // The failure came from the worker, not from the page.
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
    await broken.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

/** Kalah's pits and stores as the board labels them: the whole position, as a player hears it. */
function kalahBoard(page) {
  return page.locator(".board.kalah [aria-label]").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")).join(" | "));
}

/** The computer's seed saved with this Kalah game (in the saved game's JSON, as text: a
 * JavaScript number would round it). */
function savedSeed(page) {
  return page.evaluate(() => /"seed":(\d+)/.exec(localStorage.getItem("cozcade.save.kalah.computer") ?? "")?.[1]);
}

/** Taps gold's pit `letter` (a move that hands the turn over) and waits until the computer's
 * whole turn is on the board; answers the board then. */
async function playAndAwaitReply(page, letter) {
  const before = await kalahBoard(page);
  await pit(page, "Gold", letter).tap();
  await page.waitForFunction((previous) => {
    const labels = [...document.querySelectorAll(".board.kalah [aria-label]")].map((e) => e.getAttribute("aria-label")).join(" | ");
    return labels !== previous &&
      /^Your turn/.test(document.querySelector("[data-testid=headline]")?.textContent ?? "") &&
      /Turquoise/.test(document.querySelector("[data-testid=last-move]")?.textContent ?? "");
  }, before, { timeout: 15000 });
  return kalahBoard(page);
}

/** A gold pit whose sowing hands the turn over (it does not end in gold's store). */
async function handingOverPit(page, not = []) {
  for (const [index, letter] of ["a", "b", "c", "d", "e", "f"].entries()) {
    if (not.includes(letter)) continue;
    const label = await pit(page, "Gold", letter).getAttribute("aria-label");
    const seeds = Number(/(\d+) seeds?/.exec(label)?.[1] ?? 0);
    if (seeds > 0 && seeds % 13 !== 6 - index) return letter;
  }
  throw new Error("no gold pit hands the turn over");
}

test("each new game against Easy plays differently; a reload replays the game's own replies", async () => {
  const browser = await device("phone");
  try {
    const page = browser.page;
    // The same opening (gold b) in new games: Easy's reply differs within five more games
    // (Easy answers b with any of ten different turns, none of them most of the time).
    await newComputerGame(page, server.url, /^Kalah/, "Easy");
    const first = await playAndAwaitReply(page, "b");
    const seeds = [await savedSeed(page)];
    let different = null;
    for (let tries = 0; tries < 5 && different === null; tries++) {
      await page.getByRole("button", { name: "New game" }).tap();
      await page.getByRole("button", { name: "Start again" }).tap();
      assert.equal(await page.getByTestId("last-move").textContent(), "No moves yet");
      const reply = await playAndAwaitReply(page, "b");
      seeds.push(await savedSeed(page));
      if (reply !== first) different = reply;
    }
    assert.notEqual(different, null, `Easy answered gold b the same way in six new games: ${first}`);
    assert.ok(seeds.every((seed) => /^\d+$/.test(seed ?? "")), `every game saves its seed: ${seeds}`);
    assert.equal(new Set(seeds).size, seeds.length, `a new seed for each new game: ${seeds}`);

    // Mid-game, the computer's reply to a move; then Undo, a reload and the same move again:
    // the resumed game answers as it did (its seed came back with it). Twice, on two moves.
    const seed = await savedSeed(page);
    let tried = [];
    for (let round = 0; round < 2; round++) {
      const letter = await handingOverPit(page, tried);
      tried.push(letter);
      const position = await kalahBoard(page);
      const reply = await playAndAwaitReply(page, letter);
      await page.getByRole("button", { name: "Undo" }).tap();
      assert.equal(await kalahBoard(page), position, "Undo goes back to the move");
      // The reload comes back to the board, the game resumed from its save.
      await page.reload();
      await page.locator(".board").waitFor();
      assert.equal(await kalahBoard(page), position, "the reload resumes the game");
      assert.equal(await savedSeed(page), seed, "the seed is kept across the reload");
      assert.equal(await playAndAwaitReply(page, letter), reply, `the same reply to gold ${letter} after the reload`);
    }
    await page.screenshot({ path: path.join(artifactDir(), "computer-seeded-replay-phone.png") });
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});
