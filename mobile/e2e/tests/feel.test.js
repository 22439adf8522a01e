// The app as a game in the hand: two players on one device, touch-only ways out of a half-made
// move, dialogs over the viewport, boards that fit every screen, words that fit every language,
// the finish and passing the device. Each on the two phone shapes (by touch) and two larger ones.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { roomServer, device, artifactDir, playWithFriend, withDevices, pit } from "../harness.js";

let server;
// The room server serves the bundle too, so online games and local ones share one origin.
before(async () => { server = await roomServer(); });
after(async () => { await server.close(); });

const shapes = ["phone", "phone-landscape", "tablet", "laptop"];
const touch = (shape) => shape !== "laptop";

/** Taps on a touch screen, clicks with a mouse. */
const press = (shape, locator) => (touch(shape) ? locator.tap() : locator.click());

/** One device for one test: a fresh profile, closed however the test ends. */
async function on(shape, body, options = {}) {
  const browser = await device(shape, options);
  try {
    await body(browser.page, (locator) => press(shape, locator));
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
}

/** Opens a game as two players on one device, by the shape's own kind of input. */
async function sameDevice(page, act, name) {
  await page.goto(server.url);
  await act(page.getByRole("button", { name }));
  await act(page.locator('[data-mode="same-device"]').getByRole("button", { name: "New game" }));
  await page.locator(".board").waitFor();
}

/** Opens a game against the computer at `level`, by the shape's own kind of input. */
async function computerGame(page, act, name, level) {
  await page.goto(server.url);
  await act(page.getByRole("button", { name }));
  const card = page.locator('[data-mode="computer"]');
  await act(card.getByLabel(level));
  await act(card.getByRole("button", { name: "New game" }));
  await page.locator(".board").waitFor();
}

/** Hides the page (a notification, the lock screen) and shows it again. */
async function hideAndShow(page) {
  const set = (hidden) => page.evaluate((hidden) => {
    Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
  await set(true);
  await page.waitForTimeout(100);
  await set(false);
  await page.waitForTimeout(100);
}

const plies = (page) => page.locator(".status").getAttribute("data-plies");
const headline = (page) => page.getByTestId("headline").textContent();

for (const shape of shapes) {
  test(`two players on one device go on after the page was hidden (${shape})`, () => on(shape, async (page, act) => {
    await sameDevice(page, act, /^Checkers/);
    await act(page.locator("#cell-11"));
    await act(page.locator("#cell-15"));
    assert.equal(await plies(page), "1");
    await hideAndShow(page);
    assert.equal(await headline(page), "White to move");
    // White's pieces still move.
    await act(page.locator("#cell-22"));
    await act(page.locator("#cell-18"));
    assert.equal(await plies(page), "2");
    assert.equal(await headline(page), "Red to move");
  }));
}

/** Writes a saved game the way the app stores it, then opens the app on the mode screen. */
async function withSave(page, act, { game, slot, mode, start, moves = [], pass }, name) {
  await page.goto(server.url);
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: `cozcade.save.${game}.${slot}`,
    value: JSON.stringify({ mode, record: { game, start, moves }, ...(pass ? { pass } : {}) }),
  });
  await page.reload();
  await act(page.getByRole("button", { name }));
}

/** The box of the one open dialog, and whether focus is inside it. */
const dialogState = (page) => page.evaluate(() => {
  const dialogs = document.querySelectorAll("[role=dialog], [role=alertdialog]");
  if (dialogs.length !== 1) return { count: dialogs.length };
  const box = dialogs[0].getBoundingClientRect();
  const buttons = [...dialogs[0].querySelectorAll("button")].map((b) => {
    const r = b.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom };
  });
  return {
    count: 1,
    top: box.top, bottom: box.bottom, left: box.left, right: box.right,
    buttons,
    focused: dialogs[0].contains(document.activeElement),
    height: innerHeight, width: innerWidth,
  };
});

function assertOnScreen(state, what) {
  assert.equal(state.count, 1, `${what}: one dialog`);
  assert.ok(state.top >= 0 && state.bottom <= state.height, `${what}: dialog ${state.top}-${state.bottom} of ${state.height}`);
  assert.ok(state.left >= 0 && state.right <= state.width, `${what}: dialog within the width`);
  for (const b of state.buttons) {
    assert.ok(b.top >= 0 && b.bottom <= state.height, `${what}: a button at ${b.top}-${b.bottom} of ${state.height}`);
  }
  assert.ok(state.focused, `${what}: focus is in the dialog`);
}

for (const shape of shapes) {
  test(`confirmations are modals over the viewport, focused, closed by Escape (${shape})`, () => on(shape, async (page, act) => {
    await sameDevice(page, act, /^Kalah/);
    await act(page.getByRole("button", { name: /^Gold pit a:/ }));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await act(page.getByRole("button", { name: "New game" }));
    assertOnScreen(await dialogState(page), "New game");
    await page.keyboard.press("Escape");
    assert.equal((await dialogState(page)).count, 0, "Escape closes it");
    assert.equal(await plies(page), "1", "and keeps the game");
    await act(page.getByRole("button", { name: "New game" }));
    await act(page.getByRole("button", { name: "Keep playing" }));
    assert.equal(await plies(page), "1");

    // The mode screen asks the same way.
    await act(page.getByRole("button", { name: "Back" }));
    await act(page.locator('[data-mode="same-device"]').getByRole("button", { name: "New game" }));
    assertOnScreen(await dialogState(page), "New game on the mode screen");
    await page.keyboard.press("Escape");
    assert.equal((await dialogState(page)).count, 0);
  }));
}

for (const shape of shapes) {
  test(`Leave this game asks in a modal over the viewport (${shape})`, () => on(shape, async (page, act) => {
    await page.goto(server.url);
    await act(page.getByRole("button", { name: /^Kalah/ }));
    await act(page.locator('[data-mode="online"]').getByRole("button", { name: "Play with a friend" }));
    await page.locator("main.online .board").waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await act(page.getByRole("button", { name: "Leave this game" }));
    assertOnScreen(await dialogState(page), "Leave");
    await page.keyboard.press("Escape");
    assert.equal((await dialogState(page)).count, 0, "Escape closes it");
    await act(page.getByRole("button", { name: "Leave this game" }));
    await act(page.getByRole("button", { name: "Leave", exact: true }));
    await page.locator('[data-stop="left"]').waitFor();
  }));
}

test("New round in the middle of a game asks first in a modal, then the friend accepts", async () => {
  await withDevices(["phone", "phone-landscape"], async (creator, guest) => {
    await playWithFriend(creator, guest, server.url, /^Checkers/);
    // A move each.
    await creator.page.locator("#cell-11").tap();
    await creator.page.locator("#cell-15").tap();
    await guest.page.locator('.status[data-plies="1"]').waitFor();
    await guest.page.locator("#cell-22").tap();
    await guest.page.locator("#cell-18").tap();
    await creator.page.locator('.status[data-plies="2"]').waitFor();

    // Mid-game, New round asks first, over the viewport however far the page is scrolled;
    // Keep playing keeps the game and asks the friend nothing.
    await creator.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await creator.page.getByRole("button", { name: "New round" }).tap();
    assertOnScreen(await dialogState(creator.page), "New round");
    await creator.page.getByRole("button", { name: "Keep playing" }).tap();
    assert.equal((await dialogState(creator.page)).count, 0);
    assert.equal(await plies(creator.page), "2");
    assert.equal(await guest.page.getByTestId("new-round").count(), 0, "the friend was not asked");

    // Asked for real: the friend is told and accepts; both boards start again, colours kept.
    await creator.page.getByRole("button", { name: "New round" }).tap();
    await creator.page.getByRole("alertdialog").getByRole("button", { name: "New round" }).tap();
    await creator.page.getByText("Waiting for your friend to accept the new round.").waitFor();
    await guest.page.getByText("Your friend asks for a new round.").waitFor();
    assert.equal(await plies(guest.page), "2", "nothing is dropped before the friend agrees");
    await guest.page.getByRole("button", { name: "Accept" }).tap();
    for (const page of [creator.page, guest.page]) await page.locator('.status[data-plies="0"]').waitFor();
    assert.equal(await creator.page.locator("main.online").getAttribute("data-seat"), "first");
    assert.equal(await guest.page.locator("main.online").getAttribute("data-seat"), "second");
    assert.ok((await creator.page.locator(".square.playable").count()) > 0, "red (the creator) moves first again");
    assert.equal(await guest.page.locator(".square.playable").count(), 0);
    await guest.page.screenshot({ path: path.join(artifactDir(), "new-round-mid-game-guest.png") });
  });
});

// Red, to move, has two double jumps: 15x22x... and 15x24x31 (white's last move blocked nothing).
const CHAIN = {
  game: "checkers", slot: "same-device", mode: { mode: "same-device" },
  start: "W:W18,19,26,27,32:B9,10,11,14,15", moves: ["32-28"],
};
const cell = (page, n) => page.locator(`#cell-${n}`);
const selected = (page) => page.locator(".square.selected").count();

for (const shape of shapes) {
  test(`an unfinished capture is cancelled by touch (${shape})`, () => on(shape, async (page, act) => {
    await withSave(page, act, CHAIN, /^Checkers/);
    await act(page.locator('[data-mode="same-device"]').getByRole("button", { name: "Continue" }));
    // Choosing the piece alone needs no Cancel: another piece can still be chosen.
    await act(cell(page, 15));
    assert.equal(await page.getByTestId("chain-hint").count(), 0);
    await act(cell(page, 22));
    assert.match(await page.getByTestId("chain-hint").textContent(), /Keep jumping/);
    assert.equal(await selected(page), 2);
    await act(page.getByRole("button", { name: "Cancel", exact: true }));
    assert.equal(await selected(page), 0, "back to before the turn");
    assert.equal(await page.getByTestId("chain-hint").count(), 0);
    assert.equal(await page.getByRole("button", { name: "Cancel", exact: true }).count(), 0);
    assert.equal(await page.getByTestId("last-move").textContent(), "Last move: White 32-28");
    // Back to the turn's start, where the piece on 15 is again the one that must capture.
    assert.equal(await cell(page, 15).getAttribute("aria-label"), "Square 15: Red piece, must capture");
    // And the other capture can be made.
    await act(cell(page, 15));
    await act(cell(page, 24));
    await act(cell(page, 31));
    assert.equal(await page.getByTestId("last-move").textContent(), "Last move: Red 15x24x31");
  }));
}

/** The centre of `locator`'s box on screen. */
async function centreOf(locator) {
  const box = await locator.boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

for (const shape of shapes) {
  test(`a capture is drawn as it is built, and its last landing plays it whole (${shape})`, () => on(shape, async (page, act) => {
    await withSave(page, act, CHAIN, /^Checkers/);
    await act(page.locator('[data-mode="same-device"]').getByRole("button", { name: "Continue" }));
    const near = async (piece, square) => {
      const [a, b] = [await centreOf(piece), await centreOf(cell(page, square))];
      return Math.hypot(a.x - b.x, a.y - b.y) < 4;
    };
    // The piece leaves 15 for its first landing the moment 22 is tapped.
    await act(cell(page, 15));
    await act(cell(page, 22));
    const piece = page.locator('.checkers-svg .moving[data-cell="15"] .piece');
    await page.waitForFunction(() => !document.querySelector(".checkers-svg .moving")?.getAnimations?.({ subtree: true }).length);
    assert.ok(await near(piece, 22), "the piece stands on 22 while the capture is built");
    await page.screenshot({ path: path.join(artifactDir(), `capture-being-built-${shape}.png`) });
    await act(page.getByRole("button", { name: "Cancel", exact: true }));
    assert.equal(await piece.count(), 0, "cancelled, the piece is back on 15");
    assert.match(await cell(page, 15).getAttribute("aria-label"), /Red piece/);

    // Two captures from 15 end on 31: tapping 31 at once says too little and plays nothing.
    await act(cell(page, 15));
    await act(cell(page, 31));
    assert.equal(await page.getByTestId("last-move").textContent(), "Last move: White 32-28");
    assert.equal(await selected(page), 1, "15 is still chosen");
    // Only one capture from 14 ends on 32: its last landing plays the whole of it.
    await act(cell(page, 14));
    await act(cell(page, 32));
    await page.getByTestId("last-move").filter({ hasText: "14x23x32" }).waitFor();
    assert.equal(await page.getByTestId("last-move").textContent(), "Last move: Red 14x23x32");
    await page.screenshot({ path: path.join(artifactDir(), `capture-last-landing-${shape}.png`) });
  }));
}

const boards = [
  { name: /^Kalah/, slug: "kalah", svg: ".kalah-svg" },
  { name: /^Checkers/, slug: "checkers", svg: ".checkers-svg" },
  { name: /^Chinese Checkers/, slug: "star", svg: ".star-svg" },
];

for (const shape of shapes) {
  test(`every board fits the screen without scrolling (${shape})`, () => on(shape, async (page, act) => {
    for (const board of boards) {
      await sameDevice(page, act, board.name);
      const fit = await page.evaluate((svg) => {
        const box = document.querySelector(svg).getBoundingClientRect();
        const page = document.scrollingElement;
        return {
          top: box.top, bottom: box.bottom, left: box.left, right: box.right,
          width: innerWidth, height: innerHeight,
          scrollWidth: page.scrollWidth, scrollHeight: page.scrollHeight,
        };
      }, board.svg);
      const where = `${board.slug} at ${fit.left},${fit.top}-${fit.right},${fit.bottom} in ${fit.width}x${fit.height}`;
      assert.ok(fit.top >= 0 && fit.bottom <= fit.height + 0.5, `${where}: the whole height shows`);
      assert.ok(fit.left >= 0 && fit.right <= fit.width + 0.5, `${where}: the whole width shows`);
      assert.ok(fit.scrollWidth <= fit.width, `${where}: no sideways scrolling`);
      if (shape === "phone-landscape" || shape === "laptop") {
        // Sideways the page itself never scrolls (the side panel does, if it must).
        assert.ok(fit.scrollHeight <= fit.height, `${where}: page ${fit.scrollHeight} tall`);
      }
      if (shape === "phone") {
        // Upright, the panel follows the board closely: no empty band between them.
        const [area, panel] = [await page.locator(".board-area").boundingBox(), await page.locator(".side-panel").boundingBox()];
        const band = panel.y - (area.y + area.height);
        assert.ok(band <= 16, `${board.slug}: ${Math.round(band)} px between the board and the panel`);
      }
      if (board.slug === "checkers") {
        const square = await page.locator(".square.dark").first().boundingBox();
        assert.ok(square.width >= 44, `a square is ${square.width} px`);
      }
      await page.screenshot({ path: path.join(artifactDir(), `board-${board.slug}-${shape}.png`) });
    }
  }));
}

/** Buttons and headings whose text is cut off, runs past the screen, or wraps onto a second
 * line; each described for the failure message. */
const overflowing = (page) => page.evaluate(() => {
  const bad = [];
  const lines = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  };
  for (const el of document.querySelectorAll("button, h1, select, .level, .option")) {
    const box = el.getBoundingClientRect();
    // Not shown (or, a pixel wide and clipped, there for screen readers only).
    if (box.width <= 1) continue;
    const text = el.textContent.trim().slice(0, 40);
    if (el.scrollWidth > el.clientWidth + 1) bad.push(`cut off: ${text}`);
    if (box.left < -1 || box.right > innerWidth + 1) bad.push(`past the edge: ${text}`);
    if (el.matches("button:not(.card), h1") && lines(el) > 1) bad.push(`wraps: ${text}`);
  }
  if (document.scrollingElement.scrollWidth > innerWidth) bad.push("the page scrolls sideways");
  return bad;
});

for (const tag of ["en", "nl", "sv", "ru"]) {
  for (const shape of ["phone", "phone-landscape"]) {
    test(`every label fits a phone in ${tag} (${shape})`, () => on(shape, async (page, act) => {
      await page.goto(server.url);
      await page.evaluate(({ tag, save }) => {
        localStorage.setItem("cozcade.setting.language", tag);
        localStorage.setItem("cozcade.save.checkers.same-device", save);
      }, { tag, save: JSON.stringify({ mode: CHAIN.mode, record: { game: "checkers", start: CHAIN.start, moves: CHAIN.moves } }) });
      await page.reload();
      await page.locator(".game-card").first().waitFor();
      const found = {};
      found.games = await overflowing(page);
      await act(page.locator(".game-card").nth(1)); // Checkers
      found.modes = await overflowing(page);
      await act(page.locator('[data-mode="same-device"] button.primary')); // Continue
      await page.locator(".board").waitFor();
      // A capture under way: Cancel and the hint show too, beside the same-device options.
      await act(cell(page, 15));
      await act(cell(page, 22));
      await page.locator(".chain-hint").waitFor();
      found.board = await overflowing(page);
      await page.screenshot({ path: path.join(artifactDir(), `words-${tag}-${shape}.png`) });
      await act(page.locator(".controls > button.new-game"));
      await page.locator("[role=alertdialog]").waitFor();
      found.dialog = await overflowing(page);
      await page.keyboard.press("Escape");
      assert.deepEqual(found, { games: [], board: [], dialog: [], modes: [] }, tag);
    }));
  }
}

for (const shape of shapes) {
  test(`the mode screen shows the saved game's level and continues it (${shape})`, () => on(shape, async (page, act) => {
    await withSave(page, act, {
      game: "kalah", slot: "computer", mode: { mode: "computer", level: "hard" },
      start: "G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0", moves: ["a", "b"],
    }, /^Kalah/);
    const card = page.locator('[data-mode="computer"]');
    assert.equal(await card.getByLabel("Hard").isChecked(), true, "the saved level is chosen");
    assert.equal(await card.getByTestId("saved-computer").textContent(), "Saved game (Hard): 2 moves");
    await act(card.getByRole("button", { name: "Continue" }));
    await page.locator(".board.kalah").waitFor();
    assert.equal(await plies(page), "2");
    assert.equal(await page.locator(".level-select select").inputValue(), "hard");
  }));
}

// After turquoise's e, gold's last seed (f) empties its row: turquoise sweeps its row into
// its store, 24 each.
const KALAH_LAST_MOVE = {
  game: "kalah", slot: "same-device", mode: { mode: "same-device" },
  start: "T:G0,0,0,0,0,1,23:T1,1,1,1,1,1,18", moves: ["e"],
};
// After white's 22-18, red takes white's last piece with 14x23.
const CHECKERS_LAST_MOVE = {
  game: "checkers", slot: "same-device", mode: { mode: "same-device" },
  start: "W:W22:B14", moves: ["22-18"],
};

for (const shape of shapes) {
  test(`the game-over sheet names the winner, the score and what next (${shape})`, () => on(shape, async (page, act) => {
    await withSave(page, act, CHECKERS_LAST_MOVE, /^Checkers/);
    await act(page.locator('[data-mode="same-device"]').getByRole("button", { name: "Continue" }));
    await act(cell(page, 14));
    await act(cell(page, 23));
    const sheet = page.locator("[role=dialog].game-over");
    await sheet.waitFor();
    assertOnScreen(await dialogState(page), "game over");
    assert.equal(await sheet.getByTestId("finish-verdict").textContent(), "Red wins!");
    assert.equal(await sheet.getByTestId("final-score").count(), 0, "checkers keeps no score");
    // What no longer applies is gone.
    for (const name of ["Undo", "Pause", "Skip"]) {
      assert.equal(await page.getByRole("button", { name, exact: true, includeHidden: true }).count(), 0, name);
    }
    await page.screenshot({ path: path.join(artifactDir(), `game-over-checkers-${shape}.png`) });
    // Look at the board, then play again from the controls.
    await act(sheet.getByRole("button", { name: "See the board" }));
    assert.equal(await sheet.count(), 0);
    assert.equal(await headline(page), "Red wins!");
    await act(page.getByRole("button", { name: "New game" }));
    assert.equal(await plies(page), "0");

    // Kalah: a draw, both stores, Play again, Back.
    await withSave(page, act, KALAH_LAST_MOVE, /^Kalah/);
    await act(page.locator('[data-mode="same-device"]').getByRole("button", { name: "Continue" }));
    await act(page.getByRole("button", { name: /^Gold pit f:/ }));
    await sheet.waitFor();
    assert.equal(await sheet.getByTestId("finish-verdict").textContent(), "Draw: 24 seeds each.");
    assert.deepEqual(
      await sheet.getByTestId("final-score").locator("span").allTextContents(),
      ["Gold store: 24 seeds", "Turquoise store: 24 seeds"],
    );
    await page.screenshot({ path: path.join(artifactDir(), `game-over-kalah-${shape}.png`) });
    await act(sheet.getByRole("button", { name: "Play again" }));
    assert.equal(await sheet.count(), 0);
    assert.equal(await plies(page), "0");
    assert.equal(await headline(page), "Gold to move");
  }));
}

for (const shape of ["phone", "phone-landscape"]) {
  test(`the controls stay where they are while a move is shown (${shape})`, () => on(shape, async (page, act) => {
    await sameDevice(page, act, /^Kalah/);
    /** Where each control is, by its name. */
    const controls = () => page.evaluate(() => Object.fromEntries(
      [...document.querySelectorAll(".controls button")].map((b) => {
        const r = b.getBoundingClientRect();
        return [b.textContent, [Math.round(r.x), Math.round(r.y), Math.round(r.width)]];
      })));
    // Gold's c ends in the store (Gold plays again), then f: five seeds sown one by one,
    // with Skip offered meanwhile.
    await pit(page, "Gold", "c").tap();
    await page.locator(".board.kalah .playable").first().waitFor();
    const still = await controls();
    assert.ok(still.Undo && still["New game"], JSON.stringify(still));
    await pit(page, "Gold", "f").tap();
    const skip = page.getByRole("button", { name: "Skip" });
    await skip.waitFor();
    assert.deepEqual(await controls(), still, "no control moved when Skip appeared");
    const box = await skip.boundingBox();
    const overlaps = await page.evaluate(({ x, y, width, height }) =>
      [...document.querySelectorAll(".controls button")].filter((b) => {
        const r = b.getBoundingClientRect();
        return r.x < x + width && x < r.right && r.y < y + height && y < r.bottom;
      }).map((b) => b.textContent), box);
    assert.deepEqual(overlaps, [], "Skip covers no control");
    await page.screenshot({ path: path.join(artifactDir(), `skip-${shape}.png`) });
    await skip.tap();
    await skip.waitFor({ state: "detached" });
    assert.deepEqual(await controls(), still, "nor when it went");
    assert.equal(await plies(page), "2");
  }, { motion: "no-preference" }));
}

for (const shape of ["phone", "phone-landscape"]) {
  test(`a paused game says so on the board, and a tap on it goes on (${shape})`, () => on(shape, async (page, act) => {
    await computerGame(page, act, /^Checkers/, "Easy");
    await act(page.getByRole("button", { name: "Pause" }));
    const veil = page.getByTestId("paused-veil");
    await veil.waitFor();
    assert.equal(await veil.textContent(), "PausedTap to resume");
    // The veil lies over the board: a tap on a piece reaches it, not the piece.
    const [board, over] = [await page.locator(".board").boundingBox(), await veil.boundingBox()];
    assert.ok(over.x <= board.x + 1 && over.y <= board.y + 1 &&
      over.x + over.width >= board.x + board.width - 1 && over.y + over.height >= board.y + board.height - 1,
      `veil ${JSON.stringify(over)} covers the board ${JSON.stringify(board)}`);
    await page.screenshot({ path: path.join(artifactDir(), `paused-${shape}.png`) });
    const piece = await page.locator("#cell-11").boundingBox();
    await page.touchscreen.tap(piece.x + piece.width / 2, piece.y + piece.height / 2);
    await veil.waitFor({ state: "detached" });
    assert.equal(await page.getByRole("button", { name: "Pause" }).count(), 1, "resumed");
    // The game goes on: a move, and the computer's reply.
    await act(page.locator("#cell-11"));
    await act(page.locator("#cell-15"));
    await page.waitForFunction(() => document.querySelector(".status")?.dataset.plies === "2");
  }));
}

for (const shape of ["phone", "phone-landscape"]) {
  test(`a tap draws no keyboard cursor; the keyboard does (${shape})`, () => on(shape, async (page, act) => {
    await sameDevice(page, act, /^Checkers/);
    /** How the square under the keyboard's cursor is outlined, if there is one. */
    const ring = () => page.evaluate(() => {
      const square = document.querySelector(".square.cursor rect");
      return square && getComputedStyle(square).strokeDasharray;
    });
    await act(page.locator("#cell-11"));
    await act(page.locator("#cell-15"));
    assert.equal(await plies(page), "1");
    // The tap moved the cursor (keys go on from there) but draws no dashed ring.
    assert.notEqual(await ring(), null, "the cursor follows the taps");
    assert.equal(await ring(), "none", "no ring after a tap");
    await page.screenshot({ path: path.join(artifactDir(), `tapped-${shape}.png`) });
    // A key on the same board (a phone with a keyboard): now the ring shows where the keys
    // are. The board is focused first, as WebKit's taps leave the focus where it was.
    await page.locator(".board").focus();
    await page.keyboard.press("Home");
    assert.notEqual(await ring(), "none", "the ring once a key is pressed");
  }));
}

for (const shape of ["phone", "phone-landscape"]) {
  test(`the status tells the move the board is drawing, never the reply ahead of it (${shape})`, () => on(shape, async (page, act) => {
    await computerGame(page, act, /^Kalah/, "Hard");
    // A first exchange wakes the computer's worker: from then on Hard's reply (from its
    // book) comes while the player's seeds are still being sown.
    await act(pit(page, "Gold", "a"));
    await page.locator('.status[data-plies="2"]').waitFor();
    await page.locator(".board.kalah .playable").first().waitFor();
    // Every state the page is drawn in: the move the board marks as being shown (the pit
    // sown from) beside the move the status names last, and the note under the board.
    await page.evaluate(() => {
      window.__told = [];
      new MutationObserver(() => {
        const from = document.querySelector(".pit.last-from")?.getAttribute("aria-label") ?? "";
        const marked = from.match(/^(\w+) pit (\w):/);
        window.__told.push({
          marked: marked ? `${marked[1]} ${marked[2]}` : "",
          told: document.querySelector("[data-testid=last-move]")?.textContent.replace("Last move: ", "") ?? "",
          note: document.querySelector("[data-testid=board-note]")?.textContent ?? "",
        });
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    // A pit whose last seed misses Gold's store, so that the turn passes to the computer.
    const letter = await page.evaluate(() => [...document.querySelectorAll(".board.kalah .pit.playable")]
      .map((p) => p.getAttribute("aria-label").match(/^Gold pit (\w): (\d+)/))
      .filter(Boolean)
      .map(([, letter, seeds]) => ({ letter, seeds: Number(seeds) }))
      .find(({ letter, seeds }) => seeds !== 6 - "abcdef".indexOf(letter))?.letter);
    assert.ok(letter, "a pit that passes the turn");
    await act(pit(page, "Gold", letter));
    await page.locator('.status[data-plies="4"]').waitFor();
    await page.locator(".board.kalah .playable").first().waitFor();
    const told = await page.evaluate(() => window.__told);
    const ahead = told.filter((t) => t.marked !== t.told);
    assert.deepEqual(ahead, [], "the status named a move the board was not showing");
    assert.ok(told.some((t) => t.told === `Gold ${letter}`), "Gold's move was told");
    assert.ok(told.some((t) => t.told.startsWith("Turquoise")), "and then the reply");
    // A note, when there is one, names who did it.
    assert.ok(told.every((t) => t.note === "" || /^(Gold|Turquoise) /.test(t.note)), JSON.stringify(told.map((t) => t.note)));
  }, { motion: "no-preference" }));
}

test("the game-over sheet waits for the last sowing to end", async () => {
  const browser = await device("phone", { motion: "no-preference" });
  try {
    const { page } = browser;
    const act = (l) => l.tap();
    await withSave(page, act, KALAH_LAST_MOVE, /^Kalah/);
    await act(page.locator('[data-mode="same-device"]').getByRole("button", { name: "Continue" }));
    await act(page.getByRole("button", { name: /^Gold pit f:/ }));
    // The seed is still being sown: Skip is offered and no result is announced yet.
    const during = await page.evaluate(() => ({
      sheet: document.querySelectorAll(".game-over").length,
      skip: [...document.querySelectorAll("button")].some((b) => b.textContent === "Skip"),
    }));
    assert.deepEqual(during, { sheet: 0, skip: true });
    await page.locator("[role=dialog].game-over").waitFor();
    assert.equal(await page.getByRole("button", { name: "Skip" }).count(), 0);
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});

for (const shape of shapes) {
  test(`passing the device: a hand-over screen and the board turned, kept with the game (${shape})`, () => on(shape, async (page, act) => {
    await sameDevice(page, act, /^Checkers/);
    const y = async (n) => (await cell(page, n).boundingBox()).y;
    assert.ok((await y(1)) > (await y(32)), "red's side is at the bottom");
    await act(page.getByLabel("Hand-over screen between turns"));
    await act(page.getByLabel("Turn the board to the player to move"));
    await act(cell(page, 11));
    await act(cell(page, 15));
    const handOver = page.locator("[role=dialog].hand-over");
    await handOver.waitFor();
    assertOnScreen(await dialogState(page), "hand-over");
    assert.equal(await handOver.getByTestId("hand-over").textContent(), "Pass to White");
    await page.screenshot({ path: path.join(artifactDir(), `hand-over-${shape}.png`) });
    await act(handOver.getByRole("button", { name: "Tap when ready" }));
    assert.equal(await handOver.count(), 0);
    assert.ok((await y(32)) > (await y(1)), "white's side is at the bottom now");
    await act(cell(page, 22));
    await act(cell(page, 18));
    await handOver.waitFor();
    assert.equal(await handOver.getByTestId("hand-over").textContent(), "Pass to Red");
    await act(handOver.getByRole("button", { name: "Tap when ready" }));
    assert.ok((await y(1)) > (await y(32)), "red's side is at the bottom again");

    // Kept with this game: back after a reload (which comes back to the board); another game
    // has its own (off).
    await page.reload();
    await page.locator(".board").waitFor();
    assert.equal(await page.getByLabel("Hand-over screen between turns").isChecked(), true);
    assert.equal(await page.getByLabel("Turn the board to the player to move").isChecked(), true);
    await act(page.getByRole("button", { name: "Back" }));
    await act(page.getByRole("button", { name: "Back" }));
    await sameDevice(page, act, /^Kalah/);
    assert.equal(await page.getByLabel("Hand-over screen between turns").isChecked(), false);
    await act(page.getByRole("button", { name: /^Gold pit a:/ }));
    assert.equal(await page.locator("[role=dialog], [role=alertdialog]").count(), 0, "no hand-over unless chosen");
  }));
}
