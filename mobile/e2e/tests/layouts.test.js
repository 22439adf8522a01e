// Every board on a phone held upright and turned sideways: the Kalah board turns with it, the
// others fill the width; touch targets stay at least 44 CSS px where the board allows it.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serve, device, artifactDir, newGame, newComputerGame } from "../harness.js";

let server;
before(async () => { server = await serve(); });
after(async () => { await server.close(); });

const games = [
  { name: /^Kalah/, slug: "kalah", svg: ".kalah-svg" },
  { name: /^Checkers/, slug: "checkers", svg: ".checkers-svg" },
  { name: /^Chinese Checkers/, slug: "star", svg: ".star-svg" },
];

for (const shape of ["phone", "phone-landscape"]) {
  test(`each board on a ${shape}`, async () => {
    const browser = await device(shape);
    try {
      const page = browser.page;
      for (const game of games) {
        await newGame(page, server.url, game.name);
        const box = await page.locator(game.svg).boundingBox();
        const viewport = page.viewportSize();
        assert.ok(box.x >= 0 && box.x + box.width <= viewport.width + 1, `${game.slug} fits the width`);
        if (game.slug === "kalah") {
          const layout = shape === "phone" ? "portrait" : "landscape";
          assert.equal(await page.locator(`.kalah-svg.${layout}`).count(), 1, `Kalah is ${layout}`);
          // Pits are comfortably tappable.
          const pit = await page.locator(".pit").first().boundingBox();
          assert.ok(pit.width >= 44 && pit.height >= 44, `pit ${pit.width}×${pit.height}`);
        }
        if (game.slug === "checkers") {
          const square = await page.locator(".square.dark").first().boundingBox();
          assert.ok(square.width >= 44, `square ${square.width}`);
        }
        // Every button outside the boards is at least 44 px tall.
        const small = await page.locator(".controls button, .top-bar button").evaluateAll(
          (els) => els.filter((e) => e.getBoundingClientRect().height < 44).length,
        );
        assert.equal(small, 0);
        await page.screenshot({ path: path.join(artifactDir(), `${game.slug}-${shape}.png`), fullPage: true });
      }
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
    }
  });
}

// On a phone held either way, by touch: each board, both player bars and every control (Undo,
// Hint, New game, Pause, the level, the rules' "?", and for two players on one device the
// passing switches) on one screen, with nothing to scroll to: not the page, not the panel.
for (const shape of ["phone", "phone-landscape"]) for (const mode of ["computer", "same-device"]) {
  test(`each board, its bars and its controls on one screen (${shape}, ${mode})`, async () => {
    const browser = await device(shape);
    try {
      const page = browser.page;
      for (const game of games) {
        if (mode === "computer") {
          await newComputerGame(page, server.url, game.name, "Easy", { touch: true });
        } else {
          await page.goto(server.url);
          await page.getByRole("button", { name: game.name }).tap();
          await page.locator('[data-mode="same-device"]').getByRole("button", { name: "New game" }).tap();
          await page.locator(".board").waitFor();
        }
        const fit = await page.evaluate(() => {
          const bottoms = [...document.querySelectorAll(".player-bar, .controls > *, .top-bar > button, .top-bar > label, .pass-options .option")]
            .map((el) => ({ what: el.className || el.localName, bottom: el.getBoundingClientRect().bottom }));
          const panel = document.querySelector(".side-panel");
          return { bottoms, height: innerHeight, page: document.scrollingElement.scrollHeight,
            panel: panel.scrollHeight - panel.clientHeight };
        });
        const below = fit.bottoms.filter((b) => b.bottom > fit.height + 0.5);
        assert.deepEqual(below, [], `${game.slug}: below the screen`);
        assert.equal(fit.bottoms.filter((b) => /player-bar/.test(b.what)).length, 2, "both bars");
        assert.equal(fit.bottoms.filter((b) => /option/.test(b.what)).length, mode === "same-device" ? 2 : 0, "the switches");
        assert.ok(fit.page <= fit.height, `${game.slug}: page ${fit.page} tall`);
        assert.ok(fit.panel <= 1, `${game.slug}: the panel scrolls by ${fit.panel}`);
        await page.screenshot({ path: path.join(artifactDir(), `${game.slug}-${shape}-${mode}-fit.png`) });
      }
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
    }
  });
}

// A desktop window: the board and the panel side by side, centred in the window with their tops
// level, and the board stays put when a move changes the panel's words; the picker shows each
// game's board large, not three small cards at the top of a blank page.
test("a desktop window: the board centred, the panel beside it, nothing moving", async () => {
  const browser = await device("desktop");
  try {
    const page = browser.page;
    const boxes = () => page.evaluate(() => {
      const box = (s) => { const r = document.querySelector(s).getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
      return { board: box(".board svg"), panel: box(".side-panel"), controls: box(".controls"), width: innerWidth, height: innerHeight };
    });
    for (const game of games) {
      await page.goto(server.url);
      await page.getByRole("button", { name: game.name }).click();
      await page.locator('[data-mode="same-device"]').getByRole("button", { name: "New game" }).click();
      await page.locator(".board").waitFor();
      const before = await boxes();
      assert.ok(before.panel.left >= before.board.right, `${game.slug}: the panel beside the board`);
      assert.ok(Math.abs(before.board.top - before.panel.top) <= 2, `${game.slug}: tops level (${before.board.top}, ${before.panel.top})`);
      // Centred: as much room above the pair as below it (the star fills the height).
      const below = before.height - Math.max(before.board.bottom, before.panel.bottom);
      assert.ok(Math.abs(before.board.top - below) <= 40 || before.board.top <= 8, `${game.slug}: ${before.board.top} above, ${below} below`);
      assert.ok(before.controls.bottom <= before.height, `${game.slug}: controls on screen`);
      // A move: the status, the moves strip and the bars change; the board does not move.
      const route = { kalah: [], checkers: ["#cell-11", "#cell-15"], star: ["#cell-112", "#cell-104"] }[game.slug];
      if (game.slug === "kalah") await page.getByRole("button", { name: /^Gold pit c:/ }).click();
      for (const cell of route) await page.locator(cell).click();
      await page.locator(".status[data-plies=\"1\"]").waitFor();
      const after = await boxes();
      assert.deepEqual(after.board, before.board, `${game.slug}: the board stayed`);
      assert.equal(after.panel.top, before.panel.top, `${game.slug}: the panel stayed`);
      await page.screenshot({ path: path.join(artifactDir(), `${game.slug}-desktop-layout.png`) });
    }
    await page.goto(server.url);
    await page.locator(".game-art").first().waitFor();
    const art = await page.locator(".game-art").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    assert.equal(art.length, 3);
    assert.ok(art.every((h) => h >= 150), `the boards drawn ${art.join(", ")} px tall`);
    await page.screenshot({ path: path.join(artifactDir(), "picker-desktop.png") });
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});
