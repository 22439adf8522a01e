// The end of a game against the computer, on a phone held upright and sideways, by touch: the
// winner's pieces light up (and swell, unless the phone asks for reduced motion), the finish
// puts Play again first, and the player's record for the game and level counts each ending,
// kept on the device across a reload.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serve, device, artifactDir } from "../harness.js";

let server;
before(async () => { server = await serve(); });
after(async () => { await server.close(); });

/** Opens a saved Checkers game against the computer at Easy from `start` (no moves yet, so
 * no Continue: the game's own address opens it). */
async function savedGame(page, start) {
  await page.goto(server.url);
  await page.evaluate((start) => localStorage.setItem("cozcade.save.checkers.computer", JSON.stringify({
    mode: { mode: "computer", level: "easy" },
    record: { game: "checkers", start, moves: [] },
  })), start);
  await page.goto(`${server.url}#checkers/computer`);
  await page.reload();
  await page.locator(".board").waitFor();
}

const record = (page) => page.getByTestId("results").textContent();

for (const [shape, motion] of [["phone", "no-preference"], ["phone-landscape", "reduce"]]) {
  test(`a win and a loss are moments, each counted in the record (${shape}, motion ${motion})`, async () => {
    const browser = await device(shape, { motion });
    try {
      const { page } = browser;
      // Red (the player) takes white's last piece.
      await savedGame(page, "B:W18:B14");
      await page.locator("#cell-14").tap();
      await page.locator("#cell-23").tap();
      await page.getByTestId("finish-verdict").waitFor();
      assert.equal(await page.getByTestId("finish-verdict").textContent(), "You win!");
      assert.equal(await record(page), "Your record against Easy: 1 win · 0 losses · 0 draws");
      assert.equal(await page.locator(".game-board").getAttribute("data-winner"), "red");
      // The winner's piece is lit; it swells only where motion is welcome.
      const lit = await page.locator(".game-board .piece.red").first().evaluate((piece) => ({
        stroke: getComputedStyle(piece).stroke,
        rim: getComputedStyle(piece.parentElement.querySelector(".piece-ring.red")).stroke,
        moving: piece.getAnimations().length,
      }));
      assert.notEqual(lit.stroke, lit.rim, "lit: ringed in the board's mark colour, not its own rim");
      assert.equal(lit.moving > 0, motion !== "reduce", `animations: ${lit.moving}`);
      const actions = await page.locator(".game-over .actions button").allTextContents();
      assert.equal(actions[0], "Play again", `Play again first: ${actions}`);
      await page.screenshot({ path: path.join(artifactDir(), `finish-win-${shape}.png`) });

      // The computer (white) takes red's last piece: a loss, counted beside the win.
      await savedGame(page, "W:W18:B14");
      await page.getByTestId("finish-verdict").waitFor({ timeout: 20000 });
      assert.equal(await page.locator(".game-board").getAttribute("data-winner"), "white");
      assert.equal(await record(page), "Your record against Easy: 1 win · 1 loss · 0 draws");
      // Kept on the device: a reload shows the same record.
      await page.reload();
      await page.getByTestId("finish-verdict").waitFor();
      assert.equal(await record(page), "Your record against Easy: 1 win · 1 loss · 0 draws");
      await page.screenshot({ path: path.join(artifactDir(), `finish-loss-${shape}.png`) });
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
    }
  });
}
