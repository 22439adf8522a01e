// The player bars on a phone held upright (above and below the board) and sideways (in the
// side panel, so the board keeps the whole height), by touch: who plays each colour, whose
// turn it is on the bar itself, and each side's count, never ahead of the board.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { roomServer, device, artifactDir, playWithFriend, withDevices, newComputerGame } from "../harness.js";

let server;
before(async () => { server = await roomServer(); });
after(async () => { await server.close(); });

/** Each visible bar, top first: its side, its words, and whether it is the one to move. */
const bars = (page) => page.locator("[data-testid=player-bar]").evaluateAll((els) => els
  .filter((el) => el.getBoundingClientRect().height > 0)
  .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
  .map((el) => ({
    side: el.dataset.side,
    who: el.querySelector(".who").textContent,
    count: el.querySelector(".count").textContent,
    toMove: el.getAttribute("aria-current") === "true",
  })));

for (const shape of ["phone", "phone-landscape"]) {
  test(`the bars name the players, carry the turn and count captures (${shape})`, async () => {
    const browser = await device(shape);
    try {
      const { page } = browser;
      await newComputerGame(page, server.url, /^Checkers/, "Easy", { touch: true });
      assert.deepEqual(await bars(page), [
        { side: "white", who: "Computer (Easy) · White", count: "0 captured", toMove: false },
        { side: "red", who: "You · Red", count: "0 captured", toMove: true },
      ]);
      // Upright the bars frame the board; sideways they sit beside it, in the panel.
      const board = await page.locator(".board").boundingBox();
      const boxes = await page.locator("[data-testid=player-bar]").evaluateAll((els) =>
        els.map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0).map((r) => ({ top: r.top, bottom: r.bottom, left: r.left })));
      if (shape === "phone") {
        assert.ok(boxes[0].bottom <= board.y + 1 && boxes[1].top >= board.y + board.height - 1, "above and below the board");
      } else {
        assert.ok(boxes.every((b) => b.left >= board.x + board.width), "beside the board");
      }
      await page.screenshot({ path: path.join(artifactDir(), `player-bars-${shape}.png`) });

      // After the player's move the computer's bar carries the turn until its reply is shown.
      await page.locator("#cell-11").tap();
      await page.locator("#cell-15").tap();
      await page.locator('.status[data-plies="2"]').waitFor({ timeout: 20000 });
      await page.waitForFunction(() => !document.querySelector(".game-board[data-animating=true]"));
      assert.deepEqual((await bars(page)).map((b) => b.toMove), [false, true], "red's turn again");

      // Two players on one device: the colours' names; a double capture counts 2.
      await page.goto(server.url);
      await page.evaluate(() => localStorage.setItem("cozcade.save.checkers.same-device", JSON.stringify({
        mode: { mode: "same-device" },
        record: { game: "checkers", start: "W:W18,19,26,27,32:B9,10,11,14,15", moves: ["32-28"] },
      })));
      await page.goto(`${server.url}#checkers/same-device`);
      await page.reload();
      await page.locator(".board").waitFor();
      assert.deepEqual((await bars(page)).map((b) => [b.who, b.count]), [["White", "0 captured"], ["Red", "0 captured"]]);
      for (const square of [15, 24, 31]) await page.locator(`#cell-${square}`).tap();
      await page.locator('.status[data-plies="2"]').waitFor();
      await page.waitForFunction(() => !document.querySelector(".game-board[data-animating=true]"));
      assert.deepEqual(await bars(page), [
        { side: "white", who: "White", count: "0 captured", toMove: true },
        { side: "red", who: "Red", count: "2 captured", toMove: false },
      ]);
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
    }
  });
}

test("online the bars say you and your friend, each on their own device (phone)", async () => {
  await withDevices(["phone", "phone"], async (creator, friend) => {
    await playWithFriend(creator, friend, server.url, /^Kalah/);
    assert.deepEqual((await bars(creator.page)).map((b) => [b.who, b.count, b.toMove]), [
      ["Your friend · Turquoise", "0 in store", false],
      ["You · Gold", "0 in store", true],
    ]);
    // The friend's board is turned: their own colour is nearest them.
    assert.deepEqual((await bars(friend.page)).map((b) => [b.who, b.toMove]), [
      ["Your friend · Gold", true],
      ["You · Turquoise", false],
    ]);
  });
});
