// Screen readers: a polite live region, apart from the note under the board, tells the other
// side's move in words once it has been shown (the computer's, the friend's online) and then
// the result; the player's own moves are not told back to them.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, device, newComputerGame, roomServer, playWithFriend, withDevices } from "../harness.js";

let server;
before(async () => { server = await serve(); });
after(async () => { await server.close(); });

const announced = (page) => page.getByTestId("announcer").textContent();
const lastMove = (page) => page.getByTestId("last-move").textContent();

/** Waits for the record to reach `plies` and for its last move to have been shown. */
async function settled(page, plies) {
  await page.locator(`.status[data-plies="${plies}"]`).waitFor({ timeout: 20000 });
  await page.waitForFunction(() => document.querySelector(".game-board")?.dataset.animating === "false");
}

test("the computer's checkers move is told once it has been shown", async () => {
  const browser = await device("phone", { motion: "no-preference" });
  const { page } = browser;
  try {
    await newComputerGame(page, server.url, /^Checkers/, "Easy");
    const region = page.getByTestId("announcer");
    assert.equal(await region.getAttribute("aria-live"), "polite");
    assert.equal(await announced(page), "", "nothing to tell before a move");
    await page.locator("#cell-11").tap();
    // While the computer's reply is still on its way, it is not told yet; the player's own
    // move is never told.
    const during = page.evaluate(async () => {
      const seen = [];
      const t0 = performance.now();
      while (performance.now() - t0 < 15000) {
        const plies = Number(document.querySelector(".status")?.dataset.plies);
        const animating = document.querySelector(".game-board")?.dataset.animating === "true";
        seen.push({ plies, animating, text: document.querySelector("[data-testid=announcer]").textContent });
        if (plies === 2 && !animating) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      return seen;
    });
    await page.locator("#cell-15").tap();
    const seen = await during;
    assert.ok(seen.filter((s) => s.animating).every((s) => s.text === ""), "nothing told mid-animation");
    assert.ok(seen.filter((s) => s.plies === 1).every((s) => s.text === ""), "the player's own move is not told");
    await settled(page, 2);
    const [, from, to] = (await lastMove(page)).match(/^Last move: White (\d+)-(\d+)$/);
    assert.equal(await announced(page), `Computer moved from ${from} to ${to}.`);
    // The next move of the player's clears it, so the computer's next move is news again.
    await page.locator(".square.playable").first().tap();
    await page.locator(".square.playable").first().tap();
    assert.equal(await announced(page), "");
    await settled(page, 4);
    assert.match(await announced(page), /^Computer moved from \d+ to \d+\.$/);
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});

test("the computer's sowing is told by its pit", async () => {
  const browser = await device("phone-landscape");
  const { page } = browser;
  try {
    await newComputerGame(page, server.url, /^Kalah/, "Easy");
    // Gold's a: four seeds to b..e, no extra turn; then the computer sows.
    await page.getByRole("button", { name: /^Gold pit a:/ }).tap();
    await page.locator(".pit.playable").first().waitFor({ timeout: 20000 });
    const record = await page.locator(".status").getAttribute("data-plies");
    const moves = (await page.evaluate(() => JSON.parse(localStorage.getItem("cozcade.save.kalah.computer")).record.moves));
    assert.equal(moves.length, Number(record));
    // One sentence per pit the computer sowed since gold's move (an extra turn gives two).
    const expected = moves.slice(1).map((pit) => `Computer sowed pit ${pit}.`).join(" ");
    assert.equal(await announced(page), expected);
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});

test("the result is told when the game ends", async () => {
  const browser = await device("phone");
  const { page } = browser;
  try {
    await page.goto(server.url);
    // Against the computer: white (the computer) has just played 22-18 into red's capture.
    await page.evaluate(() => localStorage.setItem("cozcade.save.checkers.computer", JSON.stringify({
      mode: { mode: "computer", level: "easy" }, record: { game: "checkers", start: "W:W22:B14", moves: ["22-18"] },
    })));
    await page.reload();
    await page.getByRole("button", { name: /^Checkers/ }).tap();
    await page.locator('[data-mode="computer"]').getByRole("button", { name: "Continue" }).tap();
    await page.locator(".board").waitFor();
    assert.equal(await announced(page), "Computer moved from 22 to 18.");
    await page.locator("#cell-14").tap();
    await page.locator("#cell-23").tap();
    await page.locator("[role=dialog].game-over").waitFor();
    assert.equal(await announced(page), "You win!");
    // The game-over sheet covers the board but not the region: it is outside what is hidden.
    assert.equal(await page.getByTestId("announcer").evaluate((e) => !!e.closest("[aria-hidden=true], [inert]")), false);
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});

test("online, the friend's move is told on the other device, not on the mover's", async () => {
  const rooms = await roomServer();
  try {
    await withDevices(["phone", "phone-landscape"], async (creator, guest) => {
      await playWithFriend(creator, guest, rooms.url, /^Kalah/);
      await creator.page.getByRole("button", { name: /^Gold pit b:/ }).tap();
      await guest.page.locator('.status[data-plies="1"]').waitFor({ timeout: 20000 });
      await guest.page.waitForFunction(() => document.querySelector("[data-testid=announcer]").textContent !== "");
      assert.equal(await announced(guest.page), "Your friend sowed pit b.");
      assert.equal(await announced(creator.page), "");
    });
  } finally {
    await rooms.close();
  }
});
