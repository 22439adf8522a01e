// An invitation link as a chat app reads it, through the real room server: the preview tags of
// a room made in the app, the picture they point to (decoded by Chromium), and the page a
// friend sees for a room that is gone.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { device, roomServer, artifactDir, chromiumOnly, LANGUAGES } from "../harness.js";

let server;
before(async () => { server = await roomServer(); });
after(async () => { await server.close(); });

/** `content` of each `<meta property|name=… content=…>`, by property or name. */
function metaTags(html) {
  const tags = {};
  for (const [tag] of html.matchAll(/<meta\s[^>]*>/g)) {
    const key = tag.match(/(?:property|name)="([^"]+)"/)?.[1];
    const content = tag.match(/content="([^"]*)"/)?.[1];
    if (key && content !== undefined) {
      assert.equal(tags[key], undefined, `one ${key}`);
      tags[key] = content.replaceAll("&amp;", "&").replaceAll("&quot;", '"');
    }
  }
  return tags;
}

/** Width and height from a PNG's header, after its signature. */
function pngSize(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "PNG signature");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return [view.getUint32(16), view.getUint32(20)];
}

test("a room's link has preview tags and a picture of its board", async () => {
  const browser = await device("phone");
  try {
    const page = browser.page;
    await page.goto(server.url);
    await page.getByRole("button", { name: /^Chinese Checkers/ }).tap();
    await page.locator('[data-mode="online"]').getByRole("button", { name: "Play with a friend" }).tap();
    const link = await page.getByTestId("invitation-link").inputValue();
    assert.match(link, /\/r\/[0-9a-f]{20}$/);

    // What a chat app's fetcher gets for the link.
    const response = await fetch(link, { headers: { "accept-language": "en-GB,en;q=0.9" } });
    assert.equal(response.status, 200);
    // The page names a room: no cache keeps it (the link is a secret of a sort).
    assert.equal(response.headers.get("cache-control"), "no-store");
    assert.equal(response.headers.get("referrer-policy"), "no-referrer");
    const html = await response.text();
    const tags = metaTags(html);
    const title = "Play Chinese Checkers with me on Cozcade";
    assert.equal(tags["og:title"], title);
    assert.match(html, new RegExp(`<title>${title}</title>`));
    assert.match(tags["og:description"], /Chinese Checkers/);
    assert.equal(tags["og:url"], link);
    assert.equal(tags["twitter:card"], "summary_large_image");
    assert.equal(tags["twitter:image"], tags["og:image"]);
    const image = new URL(tags["og:image"]);
    assert.equal(image.origin, new URL(link).origin);
    assert.ok(image.pathname.startsWith(`${new URL(link).pathname}/`), `under the room's path: ${image}`);
    // The page is still the app: the browser that opens it gets the game.
    assert.match(html, /id="main"/);

    const picture = await fetch(image);
    assert.equal(picture.status, 200);
    assert.equal(picture.headers.get("content-type"), "image/png");
    const bytes = new Uint8Array(await picture.arrayBuffer());
    assert.ok(bytes.length < 100 * 1024, `${bytes.length} bytes`);
    assert.deepEqual(pngSize(bytes), [1200, 630]);

    // Chromium decodes it at that size (same origin: the app's policy lets it in).
    const decoded = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, image.pathname + image.search);
    assert.deepEqual(decoded, [1200, 630]);
    await page.goto(image.href);
    await page.screenshot({ path: path.join(artifactDir(), "preview-chinese-checkers.png") });
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
});

for (const shape of ["phone", "phone-landscape"]) {
  test(`a room that is gone says so in the browser's language on a ${shape}`, chromiumOnly(LANGUAGES), async () => {
    // A Dutch browser: it asks for Dutch in Accept-Language.
    const browser = await device(shape, { locale: "nl-NL" });
    try {
      const page = browser.page;
      const response = await page.goto(`${server.url}r/${"0".repeat(20)}`);
      assert.equal(response.status(), 404);
      assert.equal(await page.locator("html").getAttribute("lang"), "nl");
      assert.equal(await page.locator("h1").textContent(), "Dit spel is er niet meer");
      const newGame = page.getByRole("link", { name: "Begin een nieuw spel" });
      const app = page.getByRole("link", { name: "Open de Cozcade-app" });
      assert.equal(await app.getAttribute("href"), "cozcade://");
      for (const link of [newGame, app]) {
        const box = await link.boundingBox();
        assert.ok(box.height >= 44, `tappable: ${box.height}`);
      }
      const { scroll, width } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        width: window.innerWidth,
      }));
      assert.ok(scroll <= width, `${scroll} px wide in ${width}`);
      await page.screenshot({ path: path.join(artifactDir(), `room-gone-${shape}.png`), fullPage: true });
      // A new game: the app's games.
      await newGame.tap();
      await page.locator(".game-card").first().waitFor();
      assert.equal(new URL(page.url()).pathname, "/");
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
    }
  });
}
