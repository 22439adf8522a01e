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

// Upright on a phone, by touch: each board, both player bars and every control (Undo, Hint, New
// game, Pause, the level, How to play) on one screen, with nothing to scroll to against the
// computer; for two players on one device the passing options may follow below.
for (const mode of ["computer", "same-device"]) {
  test(`each board, its bars and its controls on one upright screen (phone, ${mode})`, async () => {
    const browser = await device("phone");
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
          const bottoms = [...document.querySelectorAll(".player-bar, .controls > *, .top-bar > *")]
            .map((el) => ({ what: el.className || el.localName, bottom: el.getBoundingClientRect().bottom }));
          return { bottoms, height: innerHeight, page: document.scrollingElement.scrollHeight };
        });
        const below = fit.bottoms.filter((b) => b.bottom > fit.height + 0.5);
        assert.deepEqual(below, [], `${game.slug}: below the screen`);
        assert.ok(fit.bottoms.filter((b) => /player-bar/.test(b.what)).length === 2, "both bars");
        if (mode === "computer") assert.ok(fit.page <= fit.height, `${game.slug}: page ${fit.page} tall`);
        await page.screenshot({ path: path.join(artifactDir(), `${game.slug}-phone-${mode}-fit.png`) });
      }
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
    }
  });
}
