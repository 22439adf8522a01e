// Chinese Checkers in both browser engines: a marble to a lit endpoint, the last route drawn,
// arrivals counted, and a game finished by tapping.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serve, device, artifactDir, newGame } from "../harness.js";
import { WHOLE_GAME } from "../whole-games.js";

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
      // The tap is answered by the next render: wait for the marble to be chosen.
      await page.locator("#cell-112.selected").waitFor();
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

/** Opens a saved same-device Chinese Checkers game: written to localStorage in the app's own
 * save format, then continued from the mode picker. */
async function continueSaved(page, start, moves) {
  await page.goto(server.url);
  await page.evaluate(([start, moves]) => localStorage.setItem(
    "cozcade.save.chinese-checkers.same-device",
    JSON.stringify({ mode: { mode: "same-device" }, record: { game: "chinese-checkers", start, moves } }),
  ), [start, moves]);
  await page.reload();
  await page.getByRole("button", { name: /Chinese Checkers/ }).click();
  await page.locator('[data-mode="same-device"]').getByRole("button", { name: "Continue" }).click();
  await page.locator(".board.star").waitFor();
}

test("a walled-in side passes with the Pass button (phone)", async () => {
  const browser = await device("phone");
  try {
    const page = browser.page;
    // Coral has just stepped 15-7: jade's goal is full (with coral's 7), jade's marble on 11 is
    // walled in, and jade's only move is a pass (the engine's own pass position).
    await continueSaved(page, "C:J1,2,3,4,5,6,8,9,10,11:C12,13,15,24,36,57,61,65,80,100", ["15-7"]);
    assert.equal(await page.getByTestId("last-move").textContent(), "Last move: Coral 15-7");
    // No marble is lit: nothing to tap, only Pass.
    assert.deepEqual(await lit(page), []);
    await hole(page, 11).tap();
    assert.deepEqual(await lit(page), [], "the walled-in marble has no endpoint");
    const pass = page.getByRole("button", { name: "Pass" });
    assert.equal(await pass.count(), 1);
    await pass.tap();
    // The pass is jade's move: jade's goal is full and holds jade's marbles, so jade wins.
    await page.locator(".headline.result").waitFor();
    assert.equal(await page.getByTestId("headline").textContent(), "Jade wins!");
    assert.equal(await page.getByRole("button", { name: "Pass" }).count(), 0);
    // The pass was saved like any move.
    const saved = JSON.parse(await page.evaluate(() => localStorage.getItem("cozcade.save.chinese-checkers.same-device")));
    assert.deepEqual(saved.record.moves, ["15-7", "pass"]);
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});

test("a whole same-device game, tapped to the end (phone)", async () => {
  const browser = await device("phone");
  try {
    const page = browser.page;
    await newGame(page, server.url, /Chinese Checkers/);
    for (const [i, mv] of WHOLE_GAME.entries()) {
      const [from, to] = mv.split("-").map(Number);
      assert.equal(await page.locator(".headline.result").count(), 0, `over before move ${i + 1}`);
      assert.ok((await lit(page)).includes(from), `move ${i + 1} (${mv}): ${from} is lit`);
      await hole(page, from).tap();
      assert.ok((await lit(page)).includes(to), `move ${i + 1} (${mv}): ${to} is lit`);
      await hole(page, to).tap();
      const side = i % 2 === 0 ? "Jade" : "Coral";
      assert.equal(await page.getByTestId("last-move").textContent(), `Last move: ${side} ${mv}`);
    }
    await page.locator(".headline.result").waitFor();
    assert.equal(await page.getByTestId("headline").textContent(), "Coral wins!");
    assert.match(await page.getByTestId("tallies").textContent(), /Coral home: 10\/10/);
    assert.deepEqual(await lit(page), []);
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});

test("a tap between holes goes to the nearest hole (phone)", async () => {
  const browser = await device("phone");
  try {
    const page = browser.page;
    await newGame(page, server.url, /Chinese Checkers/);
    // The star is 600 units wide (its viewBox): the SVG's box gives the page's scale.
    const socket = async (n) => {
      const box = await hole(page, n).locator(".socket").boundingBox();
      const svg = await page.locator(".star-svg").boundingBox();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2, unit: svg.width / 600 };
    };
    const at = async (n, dx, dy) => {
      const c = await socket(n);
      await page.touchscreen.tap(c.x + dx * c.unit, c.y + dy * c.unit);
    };
    // Off the drawn hole, down and right of marble 112, but nearer to it than to any other hole.
    await at(112, 14, 10);
    assert.deepEqual(await lit(page), [103, 104], "112 picked");
    // Hole 92 is up and right of 104, at (+22, -38). This point, 22 units from 104 (outside its
    // socket), lies inside the 44x38 rectangle drawn around 92 (at (-20, +16) from it) yet is
    // nearer to 104 (22.1 against 25.6 units): the nearest hole wins, not the drawn shape.
    await at(104, 2, -22);
    assert.equal(await page.getByTestId("last-move").textContent(), "Last move: Jade 112-104");
    // A tap in the empty corner of the board, far from every hole, does nothing.
    const board = await page.locator(".star-svg").boundingBox();
    const before = await lit(page);
    await page.touchscreen.tap(board.x + 4, board.y + 4);
    assert.deepEqual(await lit(page), before);
    assert.equal(await page.locator(".hole.selected").count(), 0);
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});

for (const shape of ["phone", "phone-landscape"]) {
  test(`a touch 11-12 px off a hole's centre picks that hole; chosen and reachable holes grow (${shape})`, async () => {
    const browser = await device(shape);
    try {
      const page = browser.page;
      await newGame(page, server.url, /Chinese Checkers/);
      const centre = async (n) => {
        const box = await hole(page, n).locator(".socket").boundingBox();
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      };
      // A touch `px` pixels from hole `n`'s centre, towards hole `towards` (an idle neighbour,
      // which sideways on a phone is nearer that point than `n` is).
      const tapOff = async (n, towards, px) => {
        const [a, b] = [await centre(n), await centre(towards)];
        const d = Math.hypot(b.x - a.x, b.y - a.y);
        await page.touchscreen.tap(a.x + ((b.x - a.x) / d) * px, a.y + ((b.y - a.y) / d) * px);
        return d;
      };
      const size = async (selector) => (await page.locator(selector).boundingBox()).width;
      const idleSocket = await size("#cell-60 .socket");
      const idleMarble = await size("#cell-113 .marble");

      // Jade's 112, touched 12 px towards the empty 104 up and to the right of it.
      const spacing = await tapOff(112, 104, 12);
      console.log(`# holes ${spacing.toFixed(1)} px apart (${shape})`);
      assert.deepEqual(await lit(page), [103, 104], "112 picked");
      await page.waitForTimeout(250);
      assert.ok((await size("#cell-112 .marble")) > idleMarble * 1.1, "the chosen marble is drawn larger");
      for (const n of [103, 104]) {
        assert.ok((await size(`#cell-${n} .socket`)) > idleSocket * 1.1, `destination ${n} is drawn larger`);
      }
      assert.equal(await size("#cell-60 .socket"), idleSocket, "an idle hole keeps its size");
      // Its destination 104, touched 12 px towards its empty neighbour 105.
      await tapOff(104, 105, 12);
      assert.equal(await page.getByTestId("last-move").textContent(), "Last move: Jade 112-104");
      // Coral's 8, touched 11 px towards the empty 16; then 17, 11 px towards the empty 18.
      await tapOff(8, 16, 11);
      assert.deepEqual(await lit(page), [16, 17], "8 picked");
      await tapOff(17, 18, 11);
      assert.equal(await page.getByTestId("last-move").textContent(), "Last move: Coral 8-17");
      // A touch on an empty hole with nothing lit within reach (112, left by its marble)
      // chooses nothing.
      await page.touchscreen.tap((await centre(112)).x, (await centre(112)).y);
      assert.equal(await page.locator(".hole.selected").count(), 0);
      await page.screenshot({ path: path.join(artifactDir(), `star-reach-${shape}.png`) });
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
    }
  });
}
