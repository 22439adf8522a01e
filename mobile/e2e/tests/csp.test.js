// The app runs under the room server's Content-Security-Policy: loaded from the real server
// (which sends the policy on every answer), it boots, a game starts and is played by touch on a
// phone, and an online room is created (fetch to /api/rooms, then the WebSocket) without one
// policy violation. In WebKit (no script runs before the page's own there) violations are recorded
// from just after each page has loaded, and the headers are read from the server directly.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { roomServer, device, artifactDir, pit, engine } from "../harness.js";

let server;
before(async () => { server = await roomServer(); });
after(async () => { await server?.close(); });

/** Records every violation the page reports, from before any of its scripts run. */
const recordViolations = () => {
  window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", (e) => {
    window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"}`);
  });
};

for (const shape of ["phone", "phone-landscape"]) {
  test(`the app runs under the server's CSP (${shape})`, async () => {
    const early = engine === "chromium";
    const browser = await device(shape, early ? { initScript: recordViolations } : {});
    const consoleErrors = [];
    browser.page.on("console", (m) => {
      if (m.type() === "error") consoleErrors.push(m.text());
    });
    try {
      const { page } = browser;
      const response = await page.goto(server.url);
      if (!early) await page.evaluate(recordViolations);
      const headers = early ? response.headers() : Object.fromEntries((await fetch(server.url)).headers);
      assert.equal(headers["content-security-policy"], server.policy);
      assert.equal(headers["referrer-policy"], "no-referrer");
      assert.equal(headers["x-content-type-options"], "nosniff");

      // A local game: boots (script, wasm, worker), draws (styles), and plays by touch.
      await page.getByRole("button", { name: /Kalah/ }).tap();
      await page.locator('[data-mode="same-device"]').getByRole("button", { name: "New game" }).tap();
      await page.locator(".board.kalah").waitFor();
      await pit(page, "Gold", "a").tap();
      await page.locator('.status[data-plies="1"]').waitFor();

      // An online room: fetch to /api/rooms and the WebSocket back to the same server.
      await page.goto(server.url);
      if (!early) await page.evaluate(recordViolations);
      await page.getByRole("button", { name: /Kalah/ }).tap();
      await page.locator('[data-mode="online"]').getByRole("button", { name: "Play with a friend" }).tap();
      await page.getByTestId("invitation-link").waitFor();
      await page.locator('main.online[data-connection]').waitFor();

      await page.screenshot({ path: path.join(artifactDir(), `csp-${shape}.png`) });
      const violations = await page.evaluate(() => window.__cspViolations);
      assert.deepEqual(violations, [], "no Content-Security-Policy violations");
      assert.deepEqual(
        consoleErrors.filter((t) => /Content Security Policy|Refused to/i.test(t)),
        [],
        "no policy errors in the console",
      );
      assert.deepEqual(browser.errors, [], "no errors on the page");
    } finally {
      await browser.close();
    }
  });
}
