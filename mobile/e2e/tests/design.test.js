// The app's look as a game app's, not a web form's: one accent colour (the theme's), the level
// as a segmented control, settings as switches, and no underlined links among the buttons. By
// touch on both phone shapes, in each engine.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serve, device, artifactDir, press } from "../harness.js";

let server;
before(async () => { server = await serve(); });
after(async () => { await server.close(); });

/** A CSS colour as the page computes it, for a hex colour. */
const rgb = (hex) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
};

/** Buttons on screen whose text is underlined. */
const underlined = (page) => page.evaluate(() => [...document.querySelectorAll("button")]
  .filter((b) => getComputedStyle(b).textDecorationLine.includes("underline"))
  .map((b) => b.textContent));

for (const shape of ["phone", "phone-landscape"]) {
  test(`one accent, a segmented level, switches, no underlined links (${shape})`, async () => {
    const browser = await device(shape);
    const { page } = browser;
    try {
      await page.goto(server.url);
      const theme = await page.evaluate(() => document.querySelector('meta[name="theme-color"]').content);
      await press(browser, page.getByRole("button", { name: /^Checkers/ }));
      const computer = page.locator('[data-mode="computer"]');
      await computer.waitFor();

      // The primary actions wear the theme's colour, the app's one accent.
      const primaries = await page.evaluate(() => [...document.querySelectorAll("button.primary")]
        .map((b) => getComputedStyle(b).backgroundColor));
      assert.ok(primaries.length > 0);
      assert.deepEqual([...new Set(primaries)], [rgb(theme)], "every primary button in the theme's colour");
      assert.deepEqual(await underlined(page), []);

      // The level: three segments side by side, each a full target; the chosen one lit.
      const segments = await computer.locator(".level").evaluateAll((els) => els.map((el) => {
        const r = el.getBoundingClientRect();
        return { name: el.textContent, y: Math.round(r.y), height: r.height, width: r.width,
          background: getComputedStyle(el).backgroundColor, checked: el.querySelector("input").checked };
      }));
      assert.deepEqual(segments.map((s) => s.name), ["Easy", "Medium", "Hard"]);
      assert.equal(new Set(segments.map((s) => s.y)).size, 1, "one row");
      assert.ok(segments.every((s) => s.height >= 44 && s.width >= 44), JSON.stringify(segments));
      const lit = segments.filter((s) => s.background === rgb(theme)).map((s) => s.name);
      assert.deepEqual(lit, segments.filter((s) => s.checked).map((s) => s.name));
      assert.deepEqual(lit, ["Medium"]);
      // A tap near a segment's edge (not on its text) chooses it.
      const hard = await computer.locator(".level").nth(2).boundingBox();
      await page.touchscreen.tap(hard.x + hard.width - 6, hard.y + hard.height / 2);
      assert.equal(await computer.getByLabel("Hard").isChecked(), true);
      assert.equal(await computer.locator(".level").nth(2).evaluate((el) => getComputedStyle(el).backgroundColor), rgb(theme));
      await page.screenshot({ path: path.join(artifactDir(), `design-modes-${shape}.png`) });

      // Two players on one device: its settings are switches, big enough for a thumb.
      await press(browser, page.locator('[data-mode="same-device"]').getByRole("button", { name: "New game" }));
      await page.locator(".board").waitFor();
      const options = page.locator(".pass-options input");
      assert.deepEqual(await options.evaluateAll((els) => els.map((el) => el.getAttribute("role"))), ["switch", "switch"]);
      const track = await options.first().boundingBox();
      assert.ok(track.width >= 40, `a switch ${track.width} px wide`);
      await press(browser, page.getByLabel("Hand-over screen between turns"));
      assert.equal(await page.getByLabel("Hand-over screen between turns").isChecked(), true);
      assert.equal(await options.first().evaluate((el) => getComputedStyle(el).backgroundColor), rgb(theme));
      assert.deepEqual(await underlined(page), []);
      await page.screenshot({ path: path.join(artifactDir(), `design-board-${shape}.png`) });
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
    }
  });
}
