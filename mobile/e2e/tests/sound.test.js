// The app's sounds, made in the page: each move heard as it is drawn (a seed per seed sown, a
// checker per landing, then what the move did), the finish as a moment, and a sound switch on
// the top bar that is kept. By touch on both phone shapes, in each engine.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serve, device, artifactDir, press, pit } from "../harness.js";

let server;
before(async () => { server = await serve(); });
after(async () => { await server.close(); });

/** What the synthesizer played, by name, and how many oscillators the page started (counted
 * from the page's own Web Audio, so a name noted without a sound made would show). */
const heard = (page) => page.evaluate(() => ({
  played: [...(window.__cozcadeSound?.played ?? [])],
  oscillators: window.__oscillators ?? 0,
}));

/** Counts every oscillator the page starts from now on. */
const countOscillators = (page) => page.evaluate(() => {
  window.__oscillators = 0;
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) { window.__oscillators += 1; return start.apply(this, args); };
});

/** Waits until the synthesizer has played `n` sounds in all. */
const untilPlayed = (page, n) =>
  page.waitForFunction((n) => (window.__cozcadeSound?.played.length ?? 0) >= n, n);

for (const shape of ["phone", "phone-landscape"]) {
  test(`moves sound as they are drawn, and sound off is kept (${shape})`, async () => {
    const browser = await device(shape, { motion: "no-preference" });
    const { page } = browser;
    try {
      await page.goto(server.url);
      await countOscillators(page);
      const sound = page.getByTestId("sound");
      assert.equal(await sound.getAttribute("aria-pressed"), "true", "on by default");
      await press(browser, page.getByRole("button", { name: /Kalah/ }));
      await press(browser, page.locator('[data-mode="same-device"]').getByRole("button", { name: "New game" }));
      await page.locator(".board.kalah").waitFor();

      // Gold's c: four seeds, the last into Gold's store; then f: five seeds across.
      await press(browser, pit(page, "Gold", "c"));
      await untilPlayed(page, 1);
      await page.locator(".board.kalah .playable").first().waitFor();
      await press(browser, pit(page, "Gold", "f"));
      await untilPlayed(page, 2);
      let now = await heard(page);
      assert.deepEqual(now.played, ["seed:extra-turn", "seed"]);
      // Four seeds and the extra turn's two notes, then five seeds: one voice each at least.
      assert.ok(now.oscillators >= 11, `${now.oscillators} oscillators`);

      // Off: the next move is silent, and it stays off after a reload.
      await press(browser, page.getByTestId("sound"));
      assert.equal(await sound.getAttribute("aria-pressed"), "false");
      await page.locator(".board.kalah .playable").first().waitFor();
      const before = (await heard(page)).oscillators;
      await press(browser, page.locator(".board.kalah .playable").first());
      await page.waitForFunction(() => document.querySelector(".status")?.dataset.plies === "3");
      await page.waitForTimeout(600);
      now = await heard(page);
      assert.deepEqual(now.played, ["seed:extra-turn", "seed"], "nothing played while off");
      assert.equal(now.oscillators, before, "no oscillator started while off");
      await page.screenshot({ path: path.join(artifactDir(), `sound-off-${shape}.png`) });
      await page.reload();
      await page.getByTestId("sound").waitFor();
      assert.equal(await page.getByTestId("sound").getAttribute("aria-pressed"), "false", "kept");
      await press(browser, page.getByTestId("sound"));
      assert.equal(await page.getByTestId("sound").getAttribute("aria-pressed"), "true");
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
    }
  });

  test(`a capture that ends the game sounds each landing, then the win with the finish (${shape})`, async () => {
    const browser = await device(shape, { motion: "no-preference" });
    const { page } = browser;
    try {
      await page.goto(server.url);
      // White's last two pieces stand where Black's man on 15 takes both: 15x22x31 (the man
      // on 11 keeps White's 18 from taking 15 first).
      await page.evaluate((save) => localStorage.setItem("cozcade.save.checkers.same-device", save), JSON.stringify({
        mode: { mode: "same-device" },
        record: { game: "checkers", start: "W:W18,30:B11,15", moves: ["30-26"] },
      }));
      await page.reload();
      await countOscillators(page);
      await press(browser, page.getByRole("button", { name: /^Checkers/ }));
      await press(browser, page.locator('[data-mode="same-device"] button.primary')); // Continue
      await page.locator(".board").waitFor();
      await press(browser, page.locator("#cell-15"));
      await press(browser, page.locator("#cell-22"));
      await press(browser, page.locator("#cell-31"));
      await untilPlayed(page, 1);
      // The win is heard with the finish, after the capture's two landings have been drawn.
      assert.deepEqual((await heard(page)).played, ["slide:capture"]);
      await page.locator("[role=dialog]").waitFor();
      await untilPlayed(page, 2);
      const now = await heard(page);
      assert.deepEqual(now.played, ["slide:capture", "win"]);
      assert.ok(now.oscillators >= 8, `${now.oscillators} oscillators`);
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
    }
  });
}
