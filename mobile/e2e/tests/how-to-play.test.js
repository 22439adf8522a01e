// How to play, by touch upright and sideways: each game's rules with pictures of the board
// drawn by the app (the start, and for Kalah a sowing that ends in the store), each captioned,
// whole on the screen's width.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serve, device, artifactDir } from "../harness.js";

let server;
before(async () => { server = await serve(); });
after(async () => { await server.close(); });

const games = [
  { name: /^Kalah/, slug: "kalah", pictures: 2, caption: /^The start: four seeds in every pit/ },
  { name: /^Checkers/, slug: "checkers", pictures: 1, caption: /^The start: twelve pieces each/ },
  { name: /^Chinese Checkers/, slug: "chinese-checkers", pictures: 1, caption: /^The start: jade in the bottom point/ },
];

for (const shape of ["phone", "phone-landscape"]) {
  test(`How to play shows each game's board in pictures, captioned (${shape})`, async () => {
    const browser = await device(shape);
    const { page } = browser;
    try {
      for (const game of games) {
        await page.goto(server.url);
        await page.getByRole("button", { name: game.name }).tap();
        await page.getByRole("button", { name: "How to play" }).tap();
        await page.locator("main.how-to-play").waitFor();
        const figures = page.locator("main.how-to-play figure.how-diagram");
        assert.equal(await figures.count(), game.pictures, game.slug);
        const drawn = await figures.evaluateAll((els) => els.map((figure) => {
          const img = figure.querySelector("img");
          const box = img.getBoundingClientRect();
          return { loaded: img.complete && img.naturalWidth > 0, left: box.left, right: box.right,
            width: box.width, caption: figure.querySelector("figcaption").textContent,
            // Each picture follows a paragraph of the rules.
            after: figure.previousElementSibling?.localName };
        }));
        const width = page.viewportSize().width;
        for (const picture of drawn) {
          assert.ok(picture.loaded, `${game.slug}: the picture is drawn`);
          assert.ok(picture.left >= 0 && picture.right <= width + 0.5 && picture.width >= 150, JSON.stringify(picture));
          assert.equal(picture.after, "p");
        }
        assert.match(drawn[0].caption, game.caption);
        if (game.slug === "kalah") assert.match(drawn[1].caption, /Gold sows c: .* so Gold moves again/);
        await page.screenshot({ path: path.join(artifactDir(), `how-to-play-${game.slug}-${shape}.png`), fullPage: true });
      }
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
    }
  });
}
