// Checkers in both browser engines: whole games by tapping, a capture built landing by landing.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serve, device, artifactDir, playToEnd, newGame } from "../harness.js";

let server;
before(async () => { server = await serve(); });
after(async () => { await server.close(); });

const square = (page, n) => page.locator(`#cell-${n}`);

for (const kind of ["phone", "desktop"]) {
  test(`a whole checkers game by tapping (${kind})`, async () => {
    const browser = await device(kind);
    try {
      const page = browser.page;
      await newGame(page, server.url, /^Checkers/);
      await page.screenshot({ path: path.join(artifactDir(), `checkers-${kind}-start.png`) });
      // Red's movable men at the start: 9..12 (the ones on the front row).
      const movable = await page.locator(".square.playable").evaluateAll((els) => els.map((e) => e.dataset.cell));
      assert.deepEqual(movable, ["9", "10", "11", "12"]);
      // Light squares take no taps: only dark squares are buttons.
      assert.equal(await page.locator(".checkers-svg [role=button]").count(), 32);
      const taps = await playToEnd(page, { touch: kind === "phone" });
      assert.ok(taps > 20, `a real game (${taps} taps)`);
      assert.match(await page.getByTestId("headline").textContent(), /wins!|Draw/);
      await page.screenshot({ path: path.join(artifactDir(), `checkers-${kind}-end.png`) });
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
    }
  });
}

test("a capture is chosen landing by landing; Escape goes back to before the turn", async () => {
  const browser = await device("desktop");
  try {
    const page = browser.page;
    // A saved same-device game where red, to move, has two double jumps (white's last move
    // blocked nothing); written the way the app stores it.
    await page.goto(server.url);
    await page.evaluate(() => localStorage.setItem(
      "cozcade.save.checkers.same-device",
      JSON.stringify({ mode: { mode: "same-device" },
        record: { game: "checkers", start: "W:W18,19,26,27,32:B9,10,11,14,15", moves: ["32-28"] } }),
    ));
    await page.reload();
    await page.getByRole("button", { name: /^Checkers/ }).click();
    await page.locator('[data-mode="same-device"]').getByRole("button", { name: "Continue" }).click();
    // 15 must capture (captures are compulsory), and says so.
    assert.equal(await square(page, 15).getAttribute("aria-label"), "Square 15: Red piece, must capture");
    await square(page, 15).click();
    assert.deepEqual(
      await page.locator(".square.playable").evaluateAll((els) => els.map((e) => e.dataset.cell)),
      ["22", "24"],
    );
    await square(page, 22).click();
    // The route so far is drawn and the jumped piece marked; the move is not played yet.
    assert.equal(await page.locator(".route").count(), 1);
    assert.match(await square(page, 18).getAttribute("aria-label"), /taken on this move/);
    assert.equal(await page.getByTestId("last-move").textContent(), "Last move: White 32-28");
    // Another piece can't be chosen mid-chain.
    await square(page, 14).click();
    assert.equal(await page.locator(".square.selected").count(), 2);
    await page.locator(".board.checkers").focus();
    await page.keyboard.press("Escape");
    assert.equal(await page.locator(".square.selected").count(), 0);
    await square(page, 15).click();
    await square(page, 24).click();
    await square(page, 31).click();
    assert.equal(await page.getByTestId("last-move").textContent(), "Last move: Red 15x24x31");
    // 31 is on red's crowning row: a king, with its crown drawn.
    assert.equal(await square(page, 31).getAttribute("aria-label"), "Square 31: Red king");
    assert.equal(await square(page, 31).locator(".crown").count(), 1);
    assert.equal(await square(page, 19).getAttribute("aria-label"), "Square 19");
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});

test("checkers by keyboard: arrows over dark squares, Enter picks and lands", async () => {
  const browser = await device("desktop");
  try {
    const page = browser.page;
    await newGame(page, server.url, /^Checkers/);
    await page.locator(".board.checkers").focus();
    // Entering the board puts the cursor on the first movable piece (9); Home walks the
    // movable pieces.
    const cursor = () => page.locator(".square.cursor").getAttribute("data-cell");
    assert.equal(await cursor(), "9");
    await page.keyboard.press("Home");
    assert.equal(await cursor(), "10");
    await page.keyboard.press("Enter");
    assert.deepEqual(
      await page.locator(".square.playable").evaluateAll((els) => els.map((e) => e.dataset.cell)),
      ["14", "15"],
    );
    // Red moves up the screen: Up from 10 reaches one of its two forward squares.
    await page.keyboard.press("ArrowUp");
    const target = await cursor();
    assert.ok(["14", "15"].includes(target), `cursor on ${target}`);
    await page.keyboard.press(" ");
    assert.equal(await page.getByTestId("last-move").textContent(), `Last move: Red 10-${target}`);
    // Escape with nothing chosen changes nothing.
    await page.keyboard.press("Escape");
    assert.equal(await page.getByTestId("headline").textContent(), "White to move");
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});
