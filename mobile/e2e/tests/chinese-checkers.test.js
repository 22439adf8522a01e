// Chinese Checkers in headless Chromium: a marble to a lit endpoint, the last route drawn,
// arrivals counted, and a game finished by tapping.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serve, device, artifactDir, newGame } from "../harness.js";

let server;
before(async () => { server = await serve(); });
after(async () => { await server.close(); });

const hole = (page, n) => page.locator(`#cell-${n}`);
const lit = (page) => page.locator(".hole.playable").evaluateAll((els) => els.map((e) => Number(e.dataset.cell)));

for (const kind of ["phone", "desktop"]) {
  test(`a marble goes to a lit endpoint in one move (${kind})`, async () => {
    const browser = await device(kind);
    try {
      const page = browser.page;
      await newGame(page, server.url, /Chinese Checkers/);
      assert.equal(await hole(page, 112).getAttribute("aria-label"), "Hole 112: Jade marble");
      // Only jade's movable marbles are lit at the start.
      assert.deepEqual(await lit(page), [112, 113, 114, 115, 116, 117, 118]);
      const tap = (n) => (kind === "phone" ? hole(page, n).tap() : hole(page, n).click());
      await tap(112);
      assert.deepEqual(await lit(page), [103, 104]);
      await tap(104);
      assert.equal(await page.getByTestId("last-move").textContent(), "Last move: Jade 112-104");
      assert.equal(await page.locator(".star .route").count(), 1);
      assert.equal(await hole(page, 104).getAttribute("aria-label"), "Hole 104: Jade marble");
      assert.match(await page.getByTestId("tallies").textContent(), /Jade home: 0\/10.*Coral home: 0\/10/);
      // Coral's turn now: coral's marbles are the lit ones.
      assert.ok((await lit(page)).every((n) => n <= 10));
      await page.screenshot({ path: path.join(artifactDir(), `star-${kind === "phone" ? "portrait" : "landscape"}.png`) });
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
    }
  });
}

test("the last marble home wins, by keyboard", async () => {
  const browser = await device("desktop");
  try {
    const page = browser.page;
    await page.goto(server.url);
    // Jade has nine marbles home and one next to the last goal hole; coral has just moved.
    await page.evaluate(() => localStorage.setItem(
      "cozcade.save.chinese-checkers.same-device",
      JSON.stringify({ mode: { mode: "same-device" }, record: { game: "chinese-checkers",
        start: "C:J1,2,3,4,5,6,7,8,9,18:C100,101,102,103,104,105,106,107,108,109", moves: ["100-88"] } }),
    ));
    await page.reload();
    await page.getByRole("button", { name: /Chinese Checkers/ }).click();
    await page.locator('[data-mode="same-device"]').getByRole("button", { name: "Continue" }).click();
    assert.match(await page.getByTestId("tallies").textContent(), /Jade home: 9\/10/);
    await page.locator(".board.star").focus();
    // Home jumps to the next movable marble; Enter picks it, arrows reach the goal hole.
    await page.keyboard.press("Home");
    const cursor = await page.locator(".hole.cursor").getAttribute("data-cell");
    assert.ok(cursor, "a cursor on a movable marble");
    await hole(page, 18).click();
    assert.ok((await lit(page)).includes(10));
    // Up goes to the upper-left neighbour (9), Right along the row to 10.
    await page.keyboard.press("ArrowUp");
    assert.equal(await page.locator(".hole.cursor").getAttribute("data-cell"), "9");
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.locator(".hole.cursor").getAttribute("data-cell"), "10");
    await page.keyboard.press("Enter");
    assert.equal(await page.getByTestId("headline").textContent(), "Jade wins!");
    assert.match(await page.getByTestId("tallies").textContent(), /Jade home: 10\/10/);
    assert.deepEqual(await lit(page), []);
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});
