// A hint on a phone held upright and sideways, by touch: against the computer and on one
// device, Hint lights the computer's strongest move on the board and tells it in the note;
// playing it takes the hint away; the game counts its hints, and keeps the count across a
// reload.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serve, device, artifactDir, newComputerGame } from "../harness.js";

let server;
before(async () => { server = await serve(); });
after(async () => { await server.close(); });

async function withPhone(shape, body) {
  const browser = await device(shape);
  try {
    await body(browser.page);
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
}

/** The move the note names once the hint is on the board. */
async function hinted(page) {
  await page.getByTestId("board-note").filter({ hasText: /^Hint: / }).waitFor({ timeout: 20000 });
  return (await page.getByTestId("board-note").textContent()).replace(/^Hint: /, "");
}

for (const shape of ["phone", "phone-landscape"]) {
  test(`a hint against the computer lights its move, goes with it, and is counted (${shape})`, () => withPhone(shape, async (page) => {
    await newComputerGame(page, server.url, /^Checkers/, "Easy", { touch: true });
    assert.equal(await page.getByTestId("hints-used").count(), 0, "no hints yet");

    const hint = page.getByRole("button", { name: "Hint" });
    await hint.tap();
    const move = await hinted(page);
    const squares = move.split(/[-x]/);
    assert.ok(squares.length >= 2, move);
    assert.deepEqual(
      await page.locator(".square.hint").evaluateAll((els) => els.map((e) => e.dataset.cell).sort()),
      [...squares].sort(),
      "the hint's squares are lit",
    );
    assert.equal(await page.getByTestId("hints-used").textContent(), "1 hint");
    assert.ok(await hint.isDisabled(), "one hint at a time");
    await page.screenshot({ path: path.join(artifactDir(), `hint-checkers-${shape}.png`) });

    // Playing it takes it away; the computer answers, and the count stays with the game.
    for (const square of squares) await page.locator(`#cell-${square}`).tap();
    await page.locator('.status[data-plies="2"]').waitFor({ timeout: 20000 });
    assert.equal(await page.locator(".square.hint").count(), 0);
    assert.doesNotMatch(await page.getByTestId("board-note").textContent(), /Hint/);
    await page.waitForFunction(() => !document.querySelector("button.hint")?.disabled);
    await hint.tap();
    await hinted(page);
    assert.equal(await page.getByTestId("hints-used").textContent(), "2 hints");
    await page.reload();
    await page.locator(".board").waitFor();
    assert.equal(await page.getByTestId("hints-used").textContent(), "2 hints", "saved with the game");
    // A new game starts without hints.
    await page.getByRole("button", { name: "New game" }).tap();
    await page.getByRole("button", { name: "Start again" }).tap();
    assert.equal(await page.getByTestId("hints-used").count(), 0);
  }));
}

test("on one device either player may ask, and Kalah's hint is a pit (phone)", () => withPhone("phone", async (page) => {
  await page.goto(server.url);
  await page.getByRole("button", { name: /^Kalah/ }).tap();
  await page.locator('[data-mode="same-device"]').getByRole("button", { name: "New game" }).tap();
  await page.locator(".board").waitFor();
  await page.getByRole("button", { name: "Hint" }).tap();
  const pit = await hinted(page);
  assert.match(pit, /^[a-f]$/);
  assert.equal(await page.locator(".pit.hint").count(), 1);
  assert.match(await page.locator(".pit.hint").getAttribute("aria-label"), new RegExp(`^Gold pit ${pit}:`));
  await page.locator(".pit.hint").tap();
  await page.locator('.status[data-plies="1"]').waitFor();
  assert.equal(await page.locator(".pit.hint").count(), 0);
  // Turquoise's turn (unless gold's sowing ended in its store): a hint for whoever is to move.
  await page.waitForFunction(() => !document.querySelector("button.hint")?.disabled);
  await page.getByRole("button", { name: "Hint" }).tap();
  await hinted(page);
  const side = await page.locator(".board.kalah").getAttribute("data-turn");
  const lit = await page.locator(".pit.hint").getAttribute("aria-label");
  assert.ok(lit.toLowerCase().startsWith(side), `${lit} is a pit of ${side}, to move`);
  await page.screenshot({ path: path.join(artifactDir(), "hint-kalah-phone.png") });
}));
