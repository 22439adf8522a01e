// The online connection line told honestly, on a phone held upright and one held sideways,
// driven by touch against the real room server: the browser's offline event shows "Offline"
// at once and the online event reconnects at once; a silent loss (traffic dropped by a proxy
// in front of one player) is noticed on both sides; the headline says why nobody can move and
// a tap then changes nothing; the host hears when the friend joins and leaves; and reconnect
// after reconnect leaves no page error behind. The figures are printed as `# ...` lines.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { roomServer, device, artifactDir, tcpProxy, sleep, withDevices } from "../harness.js";

let server;
before(async () => { server = await roomServer(); });
after(async () => { await server?.close(); });

const connectionOf = (page) =>
  page.evaluate(() => document.querySelector("main.online")?.dataset.connection ?? "");

/** Waits for the page's connection line to be `name`; returns the milliseconds it took. */
async function connection(page, name, timeout = 20000) {
  const started = Date.now();
  await page.locator(`main.online[data-connection="${name}"]`).waitFor({ timeout });
  return Date.now() - started;
}

async function plies(page, n) {
  await page.locator(`.status[data-plies="${n}"]`).waitFor({ timeout: 20000 });
}

const headline = (page) => page.getByTestId("headline").textContent();

/** The creator's "Play with a friend" for Kalah, by touch; returns the room id. */
async function createRoom(page) {
  await page.goto(server.url);
  await page.getByRole("button", { name: /Kalah/ }).tap();
  await page.locator('[data-mode="online"]').getByRole("button", { name: "Play with a friend" }).tap();
  const link = page.getByTestId("invitation-link");
  await link.waitFor();
  return new URL(await link.inputValue()).pathname.split("/").pop();
}

/** Opens the room on `base` (the server, or a proxy in front of it), takes the seat and
 * waits until both players are connected. */
async function join(guest, creator, base, room) {
  await guest.page.goto(`${base}r/${room}`);
  // The friend is welcomed first and takes the seat with the welcome's one button.
  await guest.page.getByTestId("take-seat").tap();
  await connection(guest.page, "connected");
  await connection(creator.page, "connected");
}

/** A finger on the middle of `locator`, whether or not the page offers it (a disabled pit
 * is still there to be touched). */
async function touchAt(page, locator) {
  const box = await locator.boundingBox();
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** Taps a pit of the creator (gold) and checks that nothing changed: no move went out. */
async function tapChangesNothing(page, plyCount) {
  assert.equal(await page.locator(".pit.playable").count(), 0, "no pit is offered");
  await touchAt(page, page.locator('[aria-label^="Gold pit a:"]'));
  await sleep(300);
  assert.equal(await page.locator(".status").getAttribute("data-plies"), String(plyCount));
  assert.equal(await page.locator(".pit.selected, .pit.sowing").count(), 0);
}

test("offline at once, the game waits and says why, and back within 2 s of online", async () => {
  await withDevices(["phone", "phone-landscape"], async (creator, guest) => {
    const room = await createRoom(creator.page);
    assert.equal(await creator.page.getByTestId("connection").textContent(), "Waiting for your friend to join");
    await join(guest, creator, server.url, room);
    // The host is told, not just shown "Connected".
    assert.equal(await creator.page.getByTestId("friend-notice").textContent(), "Your friend joined");
    assert.equal(await headline(creator.page), "Your turn (Gold)");

    // The guest's network goes: "Offline" at once on the guest's side.
    await guest.context.setOffline(true);
    const offlineMs = await connection(guest.page, "offline", 1000);
    console.log(`# offline line shown ${offlineMs} ms after setOffline(true)`);
    // Said once: the connection line says offline, the headline what that means for the game.
    assert.equal(await guest.page.getByTestId("connection").textContent(), "Offline");
    assert.equal(await headline(guest.page), "Moves wait until the network is back.");
    const said = await guest.page.locator("main").textContent();
    assert.equal(said.match(/offline|network/gi)?.length, 2, said);
    await guest.page.screenshot({ path: path.join(artifactDir(), "connection-offline-sideways.png") });

    // The host learns the friend is away (the close, or at worst the server's heartbeat) and
    // cannot move meanwhile: the headline says why, and a tap changes nothing.
    const awayMs = await connection(creator.page, "waiting-to-return", 10000);
    console.log(`# host saw the friend away ${awayMs} ms after the offline line`);
    assert.equal(await headline(creator.page), "Waiting for your friend to come back");
    await tapChangesNothing(creator.page, 0);
    await creator.page.screenshot({ path: path.join(artifactDir(), "connection-friend-away-phone.png") });

    // The network returns: the reconnect starts at once and completes within 2 s (loopback).
    const back = Date.now();
    await guest.context.setOffline(false);
    await connection(guest.page, "connected", 2000);
    const reconnectMs = Date.now() - back;
    console.log(`# reconnected ${reconnectMs} ms after setOffline(false)`);
    await connection(creator.page, "connected");
    assert.equal(await headline(creator.page), "Your turn (Gold)");
    await creator.page.locator('[aria-label^="Gold pit a:"]').tap();
    await plies(guest.page, 1);
    await plies(creator.page, 1);
    // The greeting ends with the first move.
    assert.equal(await creator.page.getByTestId("friend-notice").count(), 0);
  });
});

test("a silent loss (traffic dropped by a proxy) is noticed on both sides within 10 s", async () => {
  const proxy = await tcpProxy(server.url);
  try {
    await withDevices(["phone-landscape", "phone"], async (creator, guest) => {
      const room = await createRoom(creator.page);
      await join(guest, creator, proxy.url, room);
      await creator.page.locator('[aria-label^="Gold pit a:"]').tap();
      await plies(guest.page, 1);
      // Turquoise (the guest) is to move; then the guest's network silently dies.
      assert.equal(await headline(guest.page), "Your turn (Turquoise)");
      const cut = Date.now();
      proxy.mode("blackhole");
      const seen = await Promise.all([
        connection(guest.page, "reconnecting", 10000).then(() => Date.now() - cut),
        connection(creator.page, "waiting-to-return", 10000).then(() => Date.now() - cut),
      ]);
      console.log(`# silent loss noticed by the guest after ${seen[0]} ms, by the host after ${seen[1]} ms`);
      assert.match(await guest.page.getByTestId("connection").textContent(), /Reconnecting/);
      assert.equal(await headline(guest.page), "Reconnecting… Moves wait for the connection.");
      assert.equal(await headline(creator.page), "Waiting for your friend to come back");
      // A tap on the guest's own pit while reconnecting changes nothing.
      assert.equal(await guest.page.locator(".pit.playable").count(), 0);
      await touchAt(guest.page, guest.page.locator('[aria-label^="Turquoise pit a:"]'));
      await sleep(300);
      assert.equal(await guest.page.locator(".status").getAttribute("data-plies"), "1");
      await guest.page.screenshot({ path: path.join(artifactDir(), "connection-reconnecting-phone.png") });

      // The network heals: the guest gets back by itself and the game goes on.
      proxy.mode("pass");
      await connection(guest.page, "connected", 30000);
      await connection(creator.page, "connected");
      await guest.page.locator('[aria-label^="Turquoise pit b:"]').tap();
      await plies(creator.page, 2);
    });
  } finally {
    await proxy.close();
  }
});

test("the host hears the friend join and leave, and a third person can take the seat", async () => {
  await withDevices(["phone", "phone-landscape", "phone"], async (creator, guest, third) => {
    const room = await createRoom(creator.page);
    assert.equal(await headline(creator.page), "Waiting for your friend to join");
    await tapChangesNothing(creator.page, 0);
    await join(guest, creator, server.url, room);
    assert.equal(await creator.page.getByTestId("friend-notice").textContent(), "Your friend joined");

    // The friend leaves: the host is told so, not "Waiting for your friend to join" again.
    await guest.page.getByRole("button", { name: "Leave this game" }).tap();
    await guest.page.getByRole("button", { name: "Leave", exact: true }).tap();
    await guest.page.locator('[data-stop="left"]').waitFor();
    await connection(creator.page, "friend-left");
    assert.equal(await creator.page.getByTestId("connection").textContent(), "Your friend left the game");
    assert.equal(await headline(creator.page), "Your friend left the game");
    await tapChangesNothing(creator.page, 0);
    // The seat is open again, so the invitation is offered again.
    await creator.page.getByTestId("invitation-link").waitFor();
    await creator.page.screenshot({ path: path.join(artifactDir(), "connection-friend-left-phone.png") });

    // Someone else follows the link: the host hears that a friend joined.
    await join(third, creator, server.url, room);
    assert.equal(await creator.page.getByTestId("friend-notice").textContent(), "Your friend joined");
    assert.equal(await headline(creator.page), "Your turn (Gold)");
  });
});

test("ten reconnects, some of them failing, leave no page error", async () => {
  const proxy = await tcpProxy(server.url);
  try {
    await withDevices(["phone", "phone-landscape"], async (creator, guest) => {
      const pageErrors = [];
      guest.page.on("pageerror", (e) => pageErrors.push(String(e)));
      const room = await createRoom(creator.page);
      await join(guest, creator, proxy.url, room);
      const times = [];
      for (let i = 0; i < 10; i++) {
        await guest.context.setOffline(true);
        await connection(guest.page, "offline", 1000);
        // Every other time the first attempts fail: the server's end refuses them.
        if (i % 2 === 1) proxy.mode("refuse");
        const back = Date.now();
        await guest.context.setOffline(false);
        if (i % 2 === 1) {
          await connection(guest.page, "reconnecting", 2000);
          await sleep(1200);
          proxy.mode("pass");
          await connection(guest.page, "connected", 20000);
        } else {
          await connection(guest.page, "connected", 2000);
          times.push(Date.now() - back);
        }
      }
      console.log(`# reconnect after online, ms: ${times.join(", ")}`);
      await connection(creator.page, "connected");
      await creator.page.locator('[aria-label^="Gold pit a:"]').tap();
      await plies(guest.page, 1);
      assert.deepEqual(pageErrors, [], "no page errors during the reconnects");
      console.log(`# pageerror events during 10 reconnects: ${pageErrors.length}`);
    });
  } finally {
    await proxy.close();
  }
});
