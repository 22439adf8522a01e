// The game picker on a phone held upright and sideways: every game drawn as a small board, and
// a Continue chip on a game that was started and left, which a tap resumes.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serve, device, artifactDir } from "../harness.js";

let server;
before(async () => { server = await serve(); });
after(async () => { await server.close(); });

const games = ["kalah", "checkers", "chinese-checkers"];

/** The drawn boards: per game, its box and its drawing. Each is an image of an SVG (a data:
 * URL), drawn once it has loaded; its pieces are counted in that SVG. */
async function boards(page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll(".game-card img.game-art")].every((img) => img.complete && img.naturalWidth > 0));
  return page.locator(".game-card").evaluateAll((cards) =>
    cards.map((card) => {
      const img = card.querySelector("img.game-art");
      const box = img?.getBoundingClientRect();
      const prefix = "data:image/svg+xml,";
      const source = img?.getAttribute("src") ?? "";
      const svg = source.startsWith(prefix)
        ? new DOMParser().parseFromString(decodeURIComponent(source.slice(prefix.length)), "image/svg+xml").documentElement
        : null;
      return {
        game: card.dataset.game,
        width: box?.width ?? 0,
        height: box?.height ?? 0,
        loaded: Boolean(img?.complete && img.naturalWidth > 0),
        decorative: img?.getAttribute("alt") === "",
        drawing: svg?.innerHTML ?? "",
        pieces: svg?.querySelectorAll(".art-seed, .art-piece, .art-marble").length ?? 0,
      };
    }));
}

async function noSidewaysScroll(page, what) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  assert.ok(scroll <= width, `${what}: the page is ${scroll} px wide in ${width}`);
}

for (const shape of ["phone", "phone-landscape"]) {
  test(`the picker draws each game and Continue resumes a left game on a ${shape}`, async () => {
    const browser = await device(shape);
    try {
      const page = browser.page;
      await page.goto(server.url);
      await page.locator(".game-card").first().waitFor();
      const start = await boards(page);
      assert.deepEqual(start.map((b) => b.game), games);
      for (const board of start) {
        assert.ok(board.width >= 40 && board.height >= 20, `${board.game} is drawn: ${board.width}x${board.height}`);
        assert.ok(board.loaded, `${board.game}: the image has loaded`);
        assert.ok(board.decorative, `${board.game}: the drawing is decoration (alt="")`);
      }
      // Every seed, piece and marble of the starting positions.
      assert.deepEqual(start.map((b) => b.pieces), [48, 24, 20]);
      assert.equal(await page.locator(".continue-chip").count(), 0, "no save yet, no Continue");
      await noSidewaysScroll(page, "the picker");
      await page.screenshot({ path: path.join(artifactDir(), `picker-${shape}.png`), fullPage: true });

      // Start Kalah on this device, sow one pit, and leave for the games.
      await page.getByRole("button", { name: /^Kalah/ }).tap();
      await page.locator('[data-mode="same-device"]').getByRole("button", { name: "New game" }).tap();
      await page.locator(".board.kalah").waitFor();
      await page.locator('[aria-label^="Gold pit c:"]').tap();
      await page.locator('[aria-label^="Gold pit c: 0 seeds"]').waitFor();
      const plies = await page.locator(".status").getAttribute("data-plies");
      assert.equal(plies, "1");
      // Back to the mode screen, back to the games.
      await page.getByRole("button", { name: "Back" }).tap();
      await page.locator('[data-mode="same-device"]').waitFor();
      await page.getByRole("button", { name: "Back" }).tap();
      await page.locator(".game-card").first().waitFor();

      const chip = page.getByTestId("continue-kalah");
      await chip.waitFor();
      assert.equal(await chip.textContent(), "Continue");
      assert.equal(await page.locator(".continue-chip").count(), 1, "only the game with a save");
      const left = await boards(page);
      assert.notEqual(left[0].drawing, start[0].drawing, "Kalah is drawn at its saved position");
      assert.equal(left[0].pieces, 48);
      assert.equal(left[1].drawing, start[1].drawing);
      const box = await chip.boundingBox();
      const card = await page.locator('.game-card[data-game="kalah"]').boundingBox();
      const viewport = page.viewportSize();
      assert.ok(box.height >= 44 && box.width >= 44, `the chip is tappable: ${box.width}x${box.height}`);
      assert.ok(box.x >= card.x && box.x + box.width <= card.x + card.width + 1, "the chip sits on its card");
      assert.ok(box.y >= card.y && box.y + box.height <= card.y + card.height + 1, "the chip sits on its card");
      assert.ok(box.x + box.width <= viewport.width, "the chip is on screen");
      await noSidewaysScroll(page, "the picker with Continue");
      await page.screenshot({ path: path.join(artifactDir(), `picker-continue-${shape}.png`), fullPage: true });

      // The chip resumes that very game, one move in.
      await chip.tap();
      await page.locator(".board.kalah").waitFor();
      assert.equal(await page.locator(".status").getAttribute("data-plies"), "1");
      assert.equal(await page.locator('[aria-label^="Gold pit c: 0 seeds"]').count(), 1);
      await noSidewaysScroll(page, "the resumed board");
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
    }
  });
}
