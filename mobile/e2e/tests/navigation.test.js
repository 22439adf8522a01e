// Every screen has its own address, on a phone held upright and sideways, by touch: the
// browser's Back and Forward move between the app's screens (not off to the site before), a
// reload comes back to the same screen and game, the app's own Back agrees with the browser's,
// and an address the device has nothing for leads somewhere sensible.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { roomServer, device, artifactDir, createRoom, joinAsFriend, withDevices } from "../harness.js";

let server;
before(async () => { server = await roomServer(); });
after(async () => { await server.close(); });

const address = (page) => page.evaluate(() => location.pathname + location.hash);

/** Waits until `selector`'s screen is the one on show and the page's address is `expected`. */
async function on(page, selector, expected) {
  await page.locator(`main.screen.${selector}`).waitFor();
  await page.waitForFunction((want) => location.pathname + location.hash === want, expected);
  assert.equal(await address(page), expected);
}

async function withPhone(shape, body) {
  const browser = await device(shape);
  try {
    await body(browser.page, browser);
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.close();
  }
}

for (const shape of ["phone", "phone-landscape"]) {
  test(`Back, Forward and a reload move between the app's screens (${shape})`, () => withPhone(shape, async (page) => {
    await page.goto(server.url);
    await on(page, "games", "/");
    await page.getByRole("button", { name: /^Checkers/ }).tap();
    await on(page, "modes", "/#checkers");
    await page.locator('[data-mode="same-device"]').getByRole("button", { name: "New game" }).tap();
    await on(page, "board-screen", "/#checkers/same-device");
    await page.locator("#cell-11").tap();
    await page.locator("#cell-15").tap();
    await page.locator('.status[data-plies="1"]').waitFor();

    // The browser's Back goes to the game's modes, Forward to the same game.
    await page.goBack();
    await on(page, "modes", "/#checkers");
    await page.goForward();
    await on(page, "board-screen", "/#checkers/same-device");
    await page.locator('.status[data-plies="1"]').waitFor();

    // A reload comes back to the board, with the move made.
    await page.reload();
    await on(page, "board-screen", "/#checkers/same-device");
    await page.locator('.status[data-plies="1"]').waitFor();
    await page.screenshot({ path: path.join(artifactDir(), `navigation-reloaded-board-${shape}.png`) });

    // The app's Back steps back through the same history: after it, the browser's Back goes
    // on to the picker, not forward to the board again.
    await page.getByRole("button", { name: "Back" }).tap();
    await on(page, "modes", "/#checkers");
    await page.goBack();
    await on(page, "games", "/");
    await page.goForward();
    await on(page, "modes", "/#checkers");

    // How to play has its address too, and a reload keeps it; Back returns to the modes.
    await page.getByRole("button", { name: "How to play" }).tap();
    await on(page, "how-to-play", "/#checkers/how-to-play");
    await page.reload();
    await on(page, "how-to-play", "/#checkers/how-to-play");
    await page.getByRole("button", { name: "Back" }).tap();
    await on(page, "modes", "/#checkers");
  }));
}

test("an address with nothing behind it leads to the game's modes or the picker (phone)", () => withPhone("phone", async (page) => {
  // No Kalah game against the computer was ever started here.
  await page.goto(`${server.url}#kalah/computer`);
  await on(page, "modes", "/#kalah");
  assert.equal(await page.locator('[data-mode="computer"]').getByRole("button", { name: "Continue" }).count(), 0);
  await page.goto(`${server.url}#chess/computer`);
  await on(page, "games", "/");
  await page.goto(`${server.url}#kalah`);
  await on(page, "modes", "/#kalah");
}));

test("a room is its own address: Back leaves it, Forward opens it again with the seat (phone)", async () => {
  const creator = await device("phone");
  try {
    const { page } = creator;
    const link = await createRoom(creator, server.url, /^Kalah/);
    const room = new URL(link).pathname;
    await page.waitForFunction((want) => location.pathname === want, room);
    await page.goBack();
    await on(page, "modes", "/#kalah");
    await page.goForward();
    await page.waitForFunction((want) => location.pathname === want, room);
    // The same room, with this device's seat: the invitation is shown again, not a welcome.
    assert.equal(await page.getByTestId("invitation-link").inputValue(), link);
    assert.equal(await page.locator("main.online").getAttribute("data-seat"), "first");
    assert.deepEqual(creator.errors, []);
  } finally {
    await creator.close();
  }
});

test("a change in the room never puts its address back over the browser's Back (phone)", () => withDevices(["phone", "phone"], async (creator, friend) => {
  const { page } = creator;
  const link = await createRoom(creator, server.url, /^Kalah/);
  await page.locator('main.online[data-connection="waiting-to-join"]').waitFor();
  // The browser's Back moves the page's address at once and tells the app a moment later, by
  // a popstate event: here that moment is held open while the friend takes the seat, which
  // changes the creator's room.
  await page.evaluate(() => history.pushState(history.state, "", "/#kalah"));
  await joinAsFriend(creator, friend, link);
  await page.locator(".pit.playable.gold").first().waitFor();
  assert.equal(await address(page), "/#kalah", "the room's address was put back");
  await page.evaluate(() => window.dispatchEvent(new PopStateEvent("popstate", { state: history.state })));
  await on(page, "modes", "/#kalah");
}));
