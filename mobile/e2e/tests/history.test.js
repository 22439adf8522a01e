// The game's history, in both browser engines, by touch, upright and sideways: the moves strip
// follows the board, a finished game is stepped through move by move (the board, the counts and
// the taps all of the move on show), a paused game too, and a finished game goes out as text with a picture.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { serve, device, artifactDir, playToEnd, pit, newComputerGame } from "../harness.js";

let server;
before(async () => { server = await serve(); });
after(async () => { await server.close(); });

async function withDevice(kind, body) {
  const browser = await device(kind);
  try {
    await body(browser.page);
    assert.deepEqual(browser.errors, [], "no errors on the page");
  } finally {
    await browser.close();
  }
}

/** Seeds in a Kalah pit, read from its label ("Gold pit c: 0 seeds"). */
async function seeds(page, side, letter) {
  const label = await pit(page, side, letter).getAttribute("aria-label");
  return Number(label.match(/: (\d+) seed/)[1]);
}

const plies = async (page) => Number(await page.locator(".status").getAttribute("data-plies"));
const strip = (page) => page.getByTestId("move-list");

for (const kind of ["phone", "phone-landscape"]) {
  test(`a Kalah game's moves, looked back at and shared (${kind})`, async () => {
    await withDevice(kind, async (page) => {
      await page.goto(server.url);
      await page.getByRole("button", { name: /Kalah/ }).tap();
      await page.locator('[data-mode="same-device"]').getByRole("button", { name: "New game" }).tap();
      await page.locator(".board.kalah").waitFor();
      // Gold's c ends in the store (Gold sows again), then Gold's a.
      await pit(page, "Gold", "c").tap();
      await page.waitForFunction(() => document.querySelector(".status")?.dataset.plies === "1");
      await pit(page, "Gold", "a").tap();
      await page.waitForFunction(() => document.querySelector(".status")?.dataset.plies === "2");
      // The strip follows the board: one chip a move, the turn's number before the first, the
      // last one marked; while the game goes on the chips are not buttons.
      const chips = strip(page).locator(".ply");
      assert.deepEqual((await chips.allTextContents()).map((t) => t.trim()), ["1.c", "a"]);
      assert.equal(await strip(page).locator('[aria-current="step"]').textContent(), "a");
      assert.equal(await strip(page).getByRole("button").count(), 0, "nothing to step through yet");

      const total = 2 + (await playToEnd(page, { touch: true }));
      await page.locator(".headline.result").waitFor();
      const all = await plies(page);
      assert.ok(all >= total / 2, `the game was played (${all} plies)`);
      const finalStores = await page.locator("[data-store]").allTextContents();

      // Share game, from the finish: the share sheet gets the game's heading and numbered moves,
      // and a picture of the final position (what the share sheet received, read back here).
      await page.evaluate(() => {
        window.__shared = [];
        navigator.canShare = (data) => (data.files ?? []).every((file) => file instanceof File);
        navigator.share = async (data) => {
          const files = [];
          for (const file of data.files ?? []) {
            const bitmap = await createImageBitmap(file);
            const canvas = document.createElement("canvas");
            [canvas.width, canvas.height] = [bitmap.width, bitmap.height];
            const context = canvas.getContext("2d");
            context.drawImage(bitmap, 0, 0);
            const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
            const colours = new Set();
            for (let i = 0; i < pixels.length; i += 4 * 97) colours.add(pixels.slice(i, i + 3).join());
            const head = [...new Uint8Array(await file.slice(0, 8).arrayBuffer())];
            files.push({ name: file.name, type: file.type, width: bitmap.width, height: bitmap.height,
              head, colours: colours.size, drawn: canvas.toDataURL("image/png") });
          }
          window.__shared.push({ ...data, files });
        };
      });
      await page.getByTestId("share-game").tap();
      await page.getByTestId("share-game-outcome").waitFor();
      assert.equal(await page.getByTestId("share-game-outcome").textContent(), "Game shared");
      const [shared] = await page.evaluate(() => window.__shared);
      assert.match(shared.text, /^Kalah: Gold against Turquoise, \d{4}\.\d\d\.\d\d\n\n1\. c a /);
      assert.match(shared.text, / (1-0|0-1|1\/2-1\/2)\n$/, "ends with the result");
      assert.equal(shared.url, undefined, "a game goes out with no link");
      const [{ drawn, ...picture }] = shared.files;
      fs.writeFileSync(path.join(artifactDir(), `history-shared-picture-${kind}.png`), Buffer.from(drawn.split(",")[1], "base64"));
      assert.deepEqual({ ...picture, colours: undefined }, { name: "cozcade-kalah.png", type: "image/png",
        width: 1200, height: 630, head: [137, 80, 78, 71, 13, 10, 26, 10], colours: undefined }, "a PNG of the board");
      assert.ok(picture.colours >= 4, `the board drawn in it (${picture.colours} colours sampled)`);
      assert.equal(shared.files.length, 1);
      const movesShared = shared.text.split("\n\n")[1].split(/\s+/)
        .filter((w) => w && !/^\d+\.+$/.test(w) && !/^(1-0|0-1|1\/2-1\/2)$/.test(w));
      assert.equal(movesShared.length, all, "every move in the text");

      // See the board: every move is a button now, the last one marked, and the strip's
      // controls step through the game.
      await page.getByRole("button", { name: "See the board" }).tap();
      await page.locator(".modal").waitFor({ state: "detached" });
      assert.equal(await strip(page).locator(".ply[data-ply] button").count(), all);
      assert.equal(await strip(page).locator('[aria-current="step"]').getAttribute("aria-label"),
        (await strip(page).locator(".ply[data-ply] button").last().getAttribute("aria-label")));
      await page.getByTestId("history-back").tap();
      await page.waitForFunction((n) => document.querySelector(".game-board")?.dataset.review === String(n), all - 1);
      assert.equal(await page.getByTestId("history-showing").textContent(), `Move ${all - 1} of ${all}`);
      assert.equal(await page.locator(".headline.result").count(), 1, "the result stays told");

      // The start: every pit holds four seeds again, and both bars count none in store.
      await strip(page).getByRole("button", { name: "Start" }).tap();
      await page.waitForFunction(() => document.querySelector(".game-board")?.dataset.review === "0");
      for (const side of ["Gold", "Turquoise"]) {
        for (const letter of "abcdef") assert.equal(await seeds(page, side, letter), 4, `${side} ${letter}`);
      }
      assert.deepEqual(await page.locator("[data-store]").allTextContents(), ["0", "0"]);
      assert.equal(await page.getByTestId("history-back").isDisabled(), true);
      await page.screenshot({ path: path.join(artifactDir(), `history-start-${kind}.png`) });

      // One move forward: Gold's c sown, one seed in Gold's store.
      await page.getByTestId("history-forward").tap();
      await page.waitForFunction(() => document.querySelector(".game-board")?.dataset.review === "1");
      assert.equal(await seeds(page, "Gold", "c"), 0);
      assert.deepEqual((await page.locator("[data-store]").allTextContents()).map(Number).sort(), [0, 1]);
      assert.equal(await strip(page).locator('[aria-current="step"]').getAttribute("aria-label"), "Gold: c");
      // The board offers nothing to play while looking back, and a tap on it plays nothing.
      assert.equal(await pit(page, "Gold", "a").getAttribute("aria-disabled"), "true");
      const box = await pit(page, "Gold", "a").boundingBox();
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForTimeout(300);
      assert.equal(await page.locator(".game-board").getAttribute("data-review"), "1");
      assert.equal(await plies(page), all);
      // A move's own chip shows the board after it.
      await strip(page).locator('.ply[data-ply="2"] button').tap();
      await page.waitForFunction(() => document.querySelector(".game-board")?.dataset.review === "2");
      assert.equal(await seeds(page, "Gold", "a"), 0);
      await page.screenshot({ path: path.join(artifactDir(), `history-review-${kind}.png`) });

      // Back to the end: the final position, as it stands.
      await page.getByTestId("history-latest").tap();
      await page.waitForFunction(() => document.querySelector(".game-board")?.dataset.review === undefined);
      assert.deepEqual(await page.locator("[data-store]").allTextContents(), finalStores);
      assert.equal(await page.getByTestId("history-forward").isDisabled(), true);

      // Play again: a new game's strip is empty and not a history to step through.
      // (A finished game starts over without asking.)
      await page.getByRole("button", { name: "New game" }).tap();
      await page.waitForFunction(() => document.querySelector(".status")?.dataset.plies === "0");
      assert.equal(await strip(page).locator(".ply").count(), 0);
    });
  });
}

test("a paused game against the computer is looked back at, then goes on", async () => {
  await withDevice("phone", async (page) => {
    await newComputerGame(page, server.url, /^Checkers/, "Easy", { touch: true });
    // Red's 11-15, and the computer's reply.
    await page.locator('[data-cell="11"]').tap();
    await page.locator('[data-cell="15"]').tap();
    await page.waitForFunction(() => document.querySelector(".status")?.dataset.plies === "2");
    await page.getByRole("button", { name: "Pause" }).tap();
    await page.getByTestId("paused-veil").waitFor();
    await page.getByTestId("history-back").tap();
    await page.waitForFunction(() => document.querySelector(".game-board")?.dataset.review === "1");
    // The veil steps aside for the board looked at: red's man on 15, 11 empty.
    assert.equal(await page.getByTestId("paused-veil").count(), 0);
    assert.match(await page.locator("#cell-15").getAttribute("aria-label"), /red/i);
    assert.doesNotMatch(await page.locator("#cell-11").getAttribute("aria-label"), /red/i);
    await page.getByTestId("history-latest").tap();
    await page.getByTestId("paused-veil").waitFor();
    await page.getByTestId("paused-veil").tap();
    await page.locator(".playable").first().waitFor();
    assert.equal(await strip(page).getByRole("button").count(), 0, "a game going on is not stepped through");
  });
});
