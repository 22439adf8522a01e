import { test } from "node:test";
import assert from "node:assert/strict";
import { serve, device } from "../harness.js";

test("the bundle loads and the app renders", async () => {
  const server = await serve();
  const browser = await device("desktop");
  try {
    await browser.page.goto(server.url);
    await browser.page.getByRole("heading", { name: "Cozcade" }).waitFor({ timeout: 10000 });
    const viewport = await browser.page.locator('meta[name="viewport"]').getAttribute("content");
    assert.match(viewport, /viewport-fit=cover/);
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
    await server.close();
  }
});
