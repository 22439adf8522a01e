// Where the focus goes as the screens change. After a key it stays with the player: on the
// new screen's board, on the card of the game just left, else on the screen's title, so Tab
// and the arrows go on from there. After a touch it goes nowhere: a focused board would draw
// the keyboard cursor on a phone.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, device } from "../harness.js";

let server;
before(async () => { server = await serve(); });
after(async () => { await server.close(); });

/** The focused element, said briefly: its tag, class and game, or "body". */
const focused = (page) => page.evaluate(() => {
  const a = document.activeElement;
  if (!a || a === document.body) return "body";
  const game = a.dataset.game ? `[${a.dataset.game}]` : "";
  return `${a.tagName.toLowerCase()}.${(a.getAttribute("class") ?? "").split(" ").join(".")}${game}:${a.textContent.trim().slice(0, 24)}`;
});

/** Waits until the focus is on an element matching `pattern` (it lands after a frame). */
async function focusOn(page, pattern) {
  const deadline = Date.now() + 10000;
  let now;
  while (Date.now() < deadline) {
    now = await focused(page);
    if (pattern.test(now)) return now;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail(`the focus is on ${now}, not ${pattern}`);
}

test("by keyboard the focus follows the player: the mode's title, the board, and back to the card", async () => {
  const browser = await device("desktop");
  const { page } = browser;
  try {
    await page.goto(server.url);
    await page.locator('.game-card[data-game="checkers"]').focus();
    await page.keyboard.press("Enter");
    await page.locator('[data-mode="computer"]').waitFor();
    await focusOn(page, /^h1\..*:Checkers/);
    // From the title, Tab goes on through this screen, not from the top of the page.
    await page.keyboard.press("Tab");
    assert.match(await focused(page), /^(button|select|input)\b/);

    await page.locator('[data-mode="computer"]').getByRole("button", { name: "New game" }).focus();
    await page.keyboard.press("Enter");
    await focusOn(page, /^div\.board\.checkers/);
    // The arrows and Home play at once: the cursor starts on the first movable piece.
    await page.keyboard.press("Home");
    assert.equal(await page.locator(".square.cursor").getAttribute("data-cell"), "10");

    await page.locator(".top-bar .back").focus();
    await page.keyboard.press("Enter");
    await focusOn(page, /^h1\..*:Checkers/);
    await page.locator(".top-bar .back").focus();
    await page.keyboard.press("Enter");
    await focusOn(page, /^button\..*game-card.*\[checkers\]/);
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});

test("by touch the focus is left alone: the board shows no keyboard cursor (phone)", async () => {
  const browser = await device("phone");
  const { page } = browser;
  try {
    await page.goto(server.url);
    await page.locator('.game-card[data-game="checkers"]').tap();
    await page.locator('[data-mode="computer"]').getByRole("button", { name: "New game" }).tap();
    await page.locator(".board.checkers").waitFor();
    await page.waitForTimeout(300);
    assert.doesNotMatch(await focused(page), /board/);
    const cursors = await page.locator(".square.cursor rect").evaluateAll((els) =>
      els.map((el) => getComputedStyle(el).strokeDasharray).filter((d) => d && d !== "none"));
    assert.deepEqual(cursors, [], "no keyboard cursor drawn");
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});
