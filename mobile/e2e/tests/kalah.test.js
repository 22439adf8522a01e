// Kalah in both browser engines, as a phone (390×844, touch) and as a desktop, by tapping and by
// keyboard; saving, undo, New game, languages and blocked storage.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serve, device, artifactDir, playToEnd, newKalahGame, pit, chromiumOnly, LANGUAGES } from "../harness.js";

let server;
before(async () => { server = await serve(); });
after(async () => { await server.close(); });

async function withDevice(kind, options, body) {
  const browser = await device(kind, options);
  try {
    await body(browser.page);
    assert.deepEqual(browser.errors, [], "no errors on the page");
  } finally {
    await browser.close();
  }
}

test("page load to an interactive board", async () => {
  await withDevice("phone", {}, async (page) => {
    await page.goto(server.url);
    await page.locator(".game-card").first().waitFor();
    const home = await page.evaluate(() => performance.now());
    await page.getByRole("button", { name: /Kalah/ }).tap();
    await page.locator('[data-mode="same-device"]').getByRole("button", { name: "New game" }).tap();
    await page.locator(".pit.playable").first().waitFor();
    const board = await page.evaluate(() => performance.now());
    const viewport = await page.locator('meta[name="viewport"]').getAttribute("content");
    assert.match(viewport, /viewport-fit=cover/);
    console.log(`# timing: home screen interactive ${home.toFixed(0)} ms after navigation start; ` +
      `board interactive ${board.toFixed(0)} ms (two taps included)`);
  });
});

for (const kind of ["phone", "desktop"]) {
  test(`a whole Kalah game by tapping (${kind})`, async () => {
    await withDevice(kind, {}, async (page) => {
      await newKalahGame(page, server.url);
      const layout = kind === "phone" ? "portrait" : "landscape";
      assert.equal(await page.locator(`.kalah-svg.${layout}`).count(), 1, `${layout} board`);
      await page.screenshot({ path: path.join(artifactDir(), `kalah-${layout}-start.png`) });
      // Only the mover's pits are playable.
      assert.equal(await page.locator(".pit.playable.gold").count(), 6);
      assert.equal(await page.locator(".pit.playable.turquoise").count(), 0);
      const plies = await playToEnd(page, { touch: kind === "phone" });
      assert.ok(plies > 4, `a real game (${plies} taps)`);
      const result = await page.getByTestId("headline").textContent();
      assert.match(result, /wins!|Draw: 24 seeds each/);
      // Every seed ended in a store.
      const stores = await page.locator("[data-store]").allTextContents();
      assert.equal(stores.map(Number).reduce((a, b) => a + b), 48);
      assert.equal(await page.locator(".pit.playable").count(), 0);
      await page.screenshot({ path: path.join(artifactDir(), `kalah-${layout}-end.png`) });
    });
  });
}

test("a keyboard-only game", async () => {
  await withDevice("desktop", {}, async (page) => {
    await page.goto(server.url);
    await page.locator(".game-card").first().waitFor();
    const tabTo = async (locator) => {
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press("Tab");
        if (await locator.evaluate((el) => el === document.activeElement)) return;
      }
      throw new Error("could not reach it with Tab");
    };
    await tabTo(page.getByRole("button", { name: /Kalah/ }));
    await page.keyboard.press("Enter");
    await tabTo(page.locator('[data-mode="same-device"]').getByRole("button", { name: "New game" }));
    await page.keyboard.press("Enter");
    await tabTo(page.locator(".board.kalah"));
    // Entering the board puts the cursor on the first playable pit; arrows walk the mover's
    // pits; Enter sows the one under the cursor.
    assert.equal(await page.locator(".pit.cursor").getAttribute("aria-label"), "Gold pit a: 4 seeds");
    await page.keyboard.press("ArrowDown");
    assert.equal(await page.locator(".pit.cursor").getAttribute("aria-label"), "Gold pit b: 4 seeds");
    await page.keyboard.press("Enter");
    assert.equal(await page.getByTestId("last-move").textContent(), "Last move: Gold b");
    // Home jumps to the next playable pit; Space plays too.
    for (let ply = 0; ply < 400 && !(await page.locator(".headline.result").count()); ply++) {
      await page.keyboard.press("Home");
      await page.keyboard.press(ply % 2 ? "Enter" : " ");
    }
    assert.match(await page.getByTestId("headline").textContent(), /wins!|Draw/);
  });
});

test("reload restores the game, undo takes back a turn, New game asks first", async () => {
  await withDevice("phone", {}, async (page) => {
    await newKalahGame(page, server.url);
    await pit(page, "Gold", "a").tap();
    await pit(page, "Turquoise", "a").tap();
    await pit(page, "Gold", "b").tap();
    assert.equal(await page.getByTestId("last-move").textContent(), "Last move: Gold b");
    // A reload comes back to the game; Back from it shows what the modes say is saved.
    await page.reload();
    await page.getByTestId("last-move").filter({ hasText: "Last move: Gold b" }).waitFor();
    await page.getByRole("button", { name: "Back" }).tap();
    const mode = page.locator('[data-mode="same-device"]');
    assert.match(await mode.textContent(), /Saved game: 3 moves/);
    await mode.getByRole("button", { name: "Continue" }).tap();
    assert.equal(await page.getByTestId("last-move").textContent(), "Last move: Gold b");
    assert.equal(await pit(page, "Gold", "b").getAttribute("aria-label"), "Gold pit b: 0 seeds");

    // Two players on one device: Undo takes back one completed turn.
    await page.getByRole("button", { name: "Undo" }).tap();
    assert.equal(await page.getByTestId("last-move").textContent(), "Last move: Turquoise a");
    assert.equal(await pit(page, "Gold", "b").getAttribute("aria-label"), "Gold pit b: 5 seeds");

    // New game asks first; keeping the game changes nothing.
    await page.getByRole("button", { name: "New game" }).tap();
    await page.getByRole("alertdialog").waitFor();
    await page.getByRole("button", { name: "Keep playing" }).tap();
    assert.equal(await page.getByTestId("last-move").textContent(), "Last move: Turquoise a");
    await page.getByRole("button", { name: "New game" }).tap();
    await page.getByRole("button", { name: "Start again" }).tap();
    assert.equal(await page.getByTestId("last-move").textContent(), "No moves yet");
    // The fresh game is what is saved now.
    await page.reload();
    await page.getByTestId("last-move").filter({ hasText: "No moves yet" }).waitFor();
    await page.getByRole("button", { name: "Back" }).tap();
    assert.equal(await page.locator('[data-mode="same-device"]').getByRole("button", { name: "Continue" }).count(), 0);
  });
});

test("the language can be switched and is remembered", async () => {
  await withDevice("desktop", {}, async (page) => {
    await page.goto(server.url);
    await page.getByRole("heading", { name: "Choose a game" }).waitFor();
    await page.getByLabel("Language").selectOption("nl");
    await page.getByRole("heading", { name: "Kies een spel" }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), "nl");
    await page.reload();
    await page.getByRole("heading", { name: "Kies een spel" }).waitFor();
    await page.getByLabel("Taal").selectOption("ru");
    await page.getByRole("button", { name: /Калах/ }).click();
    await page.getByRole("button", { name: "Правила" }).click();
    await page.getByRole("heading", { name: "Как играть: Калах" }).waitFor();
    await page.getByLabel("Язык").selectOption("sv");
    await page.getByRole("heading", { name: "Så spelar du Kalaha" }).waitFor();
  });
});

test("a browser in Dutch starts in Dutch", chromiumOnly(LANGUAGES), async () => {
  const browser = await device("phone");
  try {
    const context = browser.context;
    const page = await context.newPage();
    await page.addInitScript(() => Object.defineProperty(navigator, "language", { get: () => "nl-NL" }));
    await page.goto(server.url);
    await page.getByRole("heading", { name: "Kies een spel" }).waitFor();
  } finally {
    await browser.close();
  }
});

test("blocked storage: a message, and play goes on", chromiumOnly("makes localStorage throw before the page's first script (an init script)"), async () => {
  const block = () => {
    Object.defineProperty(window, "localStorage", {
      get() { throw new DOMException("blocked for the test", "SecurityError"); },
    });
  };
  await withDevice("phone", { initScript: block }, async (page) => {
    await newKalahGame(page, server.url);
    const notice = page.getByRole("status").filter({ hasText: "without saving" });
    await notice.waitFor();
    await pit(page, "Gold", "c").tap();
    await pit(page, "Gold", "a").tap();
    assert.equal(await page.getByTestId("last-move").textContent(), "Last move: Gold a");
  });
});

test("sowing is animated and can be skipped", async () => {
  await withDevice("phone", { motion: "no-preference" }, async (page) => {
    await newKalahGame(page, server.url);
    await pit(page, "Gold", "c").tap();
    // Mid-animation the Skip button is offered; the counts then jump to the result.
    const skip = page.getByRole("button", { name: "Skip" });
    await skip.waitFor();
    await skip.tap();
    await skip.waitFor({ state: "detached" });
    assert.equal(await pit(page, "Gold", "f").getAttribute("aria-label"), "Gold pit f: 5 seeds");
    assert.equal(await page.locator('[data-store="gold"]').textContent(), "1");
  });
});
