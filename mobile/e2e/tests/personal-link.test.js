// A seat goes where its player goes: each player's personal link (the invitation with the seat
// key in its fragment) opened in another browser, with storage of its own, takes the seat there
// and the game plays on, while the browser it came from is told it was replaced. The key never
// leaves a browser except in the WebSocket's hello, and the QR code on screen reads back as the
// link.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { roomServer, artifactDir, withDevices, playWithFriend, createRoom, joinAsFriend, press } from "../harness.js";

let server;
before(async () => { server = await roomServer(); });
after(async () => { await server?.close(); });

/** Every request a browser makes: its URL, headers and body. */
function recordRequests(browser) {
  const seen = [];
  browser.context.on("request", async (request) => {
    seen.push({ url: request.url(), headers: await request.allHeaders(), body: request.postData() ?? "" });
  });
  return seen;
}

/** The personal link shown under "Continue on another device", and a screenshot of its QR
 * code decoded with zbarimg. */
async function personalLink(browser, name) {
  const { page } = browser;
  await press(browser, page.getByText("Continue on another device"));
  const link = await page.getByTestId("personal-link").inputValue();
  await page.getByTestId("another-device").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(artifactDir(), `personal-link-panel-${name}.png`) });
  const qr = page.getByTestId("personal-link-qr");
  await qr.scrollIntoViewIfNeeded();
  const file = path.join(artifactDir(), `personal-link-${name}.png`);
  await qr.screenshot({ path: file });
  const decoded = execFileSync("zbarimg", ["--raw", "-q", file], { encoding: "utf8" }).trim();
  return { link, decoded };
}

const connection = (page, name) =>
  page.locator(`main.online[data-connection="${name}"]`).waitFor({ timeout: 20000 });

/** Google Play's page for the app inside `within`, and no App Store link: no App Store id is
 * known to this build, and a search would show other people's apps. */
async function assertStoreLinks(within) {
  assert.equal(await within.getByRole("link", { name: "Google Play" }).getAttribute("href"), "https://play.google.com/store/apps/details?id=app.cozcade");
  assert.equal(await within.getByRole("link", { name: "App Store" }).count(), 0);
}

const plies = (page) => page.evaluate(() => Number(document.querySelector(".status")?.dataset.plies ?? -1));

/** Taps the first lit pit on whichever page may move until both show `n` plies. */
async function playPlies(players, n) {
  for (let tries = 0; tries < 400; tries++) {
    const counts = await Promise.all(players.map((p) => plies(p.page)));
    if (counts.every((c) => c >= n)) return;
    // Only the side to move, once it has every ply the other has, lights a pit.
    for (const [i, p] of players.entries()) {
      if (counts[i] === Math.max(...counts) && (await p.page.locator(".playable").count()) > 0) {
        await press(p, p.page.locator(".playable").first());
        break;
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  for (const [i, p] of players.entries()) {
    await p.page.screenshot({ path: path.join(artifactDir(), `personal-link-stuck-${i}.png`) });
  }
  assert.fail(`the game did not reach ${n} plies: ${await Promise.all(players.map((p) => plies(p.page)))}`);
}

for (const role of ["friend", "creator"]) {
  test(`the ${role}'s personal link takes the seat over in another browser, and the game plays on (phone)`, async () => {
    await withDevices(["phone", "phone", "phone"], async (creator, friend, other) => {
      const requests = [creator, friend, other].map(recordRequests);
      const invitation = await playWithFriend(creator, friend, server.url, /^Kalah/);
      const [mover, stays] = role === "friend" ? [friend, creator] : [creator, friend];
      const seat = role === "friend" ? "second" : "first";

      const { link, decoded } = await personalLink(mover, role);
      assert.match(link, new RegExp(`^${invitation}#seat=[0-9a-f]{64}$`));
      assert.equal(decoded, link, "the QR code reads as the personal link");
      const key = link.split("#seat=")[1];

      // The other browser opens the link: no welcome, straight to the seat.
      await other.page.goto(link);
      await other.page.locator(`main.online[data-connection="connected"][data-seat="${seat}"]`).waitFor({ timeout: 20000 });
      assert.equal(await other.page.evaluate(() => location.href), invitation, "the key left the address bar");
      await mover.page.locator('[data-stop="replaced"]').waitFor({ timeout: 10000 });
      await other.page.screenshot({ path: path.join(artifactDir(), `personal-link-${role}-taken-over.png`) });

      // The game goes on between the new browser and the one that stayed.
      await playPlies([stays, other], 2);
      await stays.page.locator('main.online[data-connection="connected"]').waitFor();

      // The key went nowhere but into the WebSocket (whose frames are not requests).
      for (const seen of requests) {
        for (const { url, headers, body } of seen) {
          const text = `${url} ${JSON.stringify(headers)} ${body}`;
          assert.ok(!text.includes(key), `the seat key in a request: ${url}`);
        }
      }
      // And a reload of the new browser keeps the seat (the key was kept there).
      await other.page.reload();
      await other.page.locator(`main.online[data-connection="connected"][data-seat="${seat}"]`).waitFor({ timeout: 20000 });
    });
  });
}

test("a new personal link locks out every copy of the old one, which says why, and the new one works (phone)", async () => {
  await withDevices(["phone", "phone", "phone"], async (creator, friend, other) => {
    const requests = [creator, friend, other].map(recordRequests);
    const invitation = await playWithFriend(creator, friend, server.url, /^Checkers/);
    const { link: old } = await personalLink(friend, "before-new-link");
    await press(friend, friend.page.getByTestId("new-personal-link"));
    await friend.page.getByTestId("new-link-outcome").filter({ hasText: "New link made" }).waitFor({ timeout: 10000 });
    const fresh = await friend.page.getByTestId("personal-link").inputValue();
    assert.match(fresh, new RegExp(`^${invitation}#seat=[0-9a-f]{64}$`));
    assert.notEqual(fresh, old);
    await friend.page.getByTestId("another-device").screenshot({ path: path.join(artifactDir(), "personal-link-new.png") });
    // The friend's own connection kept the seat.
    await friend.page.locator('main.online[data-connection="connected"][data-seat="second"]').waitFor();

    // The old link, opened anywhere, says it was replaced and takes nothing.
    await other.page.goto(old);
    const closed = other.page.locator('[data-stop="seat-key-replaced"]');
    await closed.waitFor({ timeout: 20000 });
    assert.match(await closed.textContent(), /replaced by its owner/);
    await friend.page.locator('main.online[data-connection="connected"][data-seat="second"]').waitFor();

    // The new one takes the seat over, as any personal link does.
    await other.page.goto(fresh);
    await other.page.locator('main.online[data-connection="connected"][data-seat="second"]').waitFor({ timeout: 20000 });
    await friend.page.locator('[data-stop="replaced"]').waitFor({ timeout: 10000 });
    const keys = [old, fresh].map((l) => l.split("#seat=")[1]);
    for (const seen of requests) {
      for (const { url, headers, body } of seen) {
        const text = `${url} ${JSON.stringify(headers)} ${body}`;
        for (const key of keys) assert.ok(!text.includes(key), `a seat key in a request: ${url}`);
      }
    }
  });
});

// Headless Chromium holds back every later touch and click on a page once it has been handed a
// link for an app it does not know (the external-protocol prompt that a phone would show or
// drop), so each "Open in the app" below is the last thing its device does.
test("a seat held in the phone's browser goes on in the app, the welcome's button too; an app that does not open is said, not a store (phone)", async () => {
  await withDevices(["phone", "phone", "phone"], async (creator, newcomer, friend) => {
    const invitation = await createRoom(creator, server.url, /^Kalah/);
    const room = new URL(invitation).pathname.split("/").pop();

    // The welcome: no seat held yet, so the app is handed the room alone. No app on this
    // phone: the welcome stays, says so and names the stores; the seat is still open.
    await newcomer.page.goto(invitation);
    const welcome = newcomer.page.getByTestId("welcome");
    await welcome.getByTestId("welcome-colour").waitFor();
    const open = welcome.getByTestId("open-in-app");
    assert.equal(await open.getAttribute("href"), `cozcade://r/${room}`);
    await press(newcomer, open);
    const note = welcome.getByTestId("app-not-opened");
    await note.waitFor({ timeout: 10000 });
    assert.match(await note.textContent(), /The app did not open/);
    assert.equal(newcomer.page.url(), invitation, "still on the welcome, not a store page");
    // The stores, listed right under it.
    await assertStoreLinks(welcome);
    await newcomer.page.screenshot({ path: path.join(artifactDir(), "welcome-app-not-opened.png") });
    await connection(creator.page, "waiting-to-join");

    // On the board the browser holds a seat, and the app is handed it: the personal link
    // through the app's scheme.
    await joinAsFriend(creator, friend, invitation);
    const offer = friend.page.getByTestId("continue-in-app");
    await offer.waitFor();
    const { link } = await personalLink(friend, "continue-in-app");
    const key = link.split("#seat=")[1];
    const carry = offer.getByTestId("open-in-app");
    assert.equal(await carry.getAttribute("href"), `cozcade://r/${room}#seat=${key}`);
    assert.equal(await carry.textContent(), "Open in the app");

    // The creator holds a seat in a phone browser too: offered the same, and "Not now" folds
    // the offer away with the game untouched.
    const creatorOffer = creator.page.getByTestId("continue-in-app");
    assert.match(await creatorOffer.getByTestId("open-in-app").getAttribute("href"), new RegExp(`^cozcade://r/${room}#seat=[0-9a-f]{64}$`));
    await press(creator, creatorOffer.getByTestId("continue-in-app-not-now"));
    await creatorOffer.waitFor({ state: "detached" });
    await connection(creator.page, "connected");

    // No app: the friend stays on the game, told so, still seated and connected.
    await press(friend, carry);
    const said = offer.getByTestId("app-not-opened");
    await said.waitFor({ timeout: 10000 });
    assert.match(await said.textContent(), /The app did not open/);
    assert.equal(friend.page.url(), invitation, "still on the game, not a store page");
    await assertStoreLinks(said);
    await friend.page.locator('main.online[data-connection="connected"][data-seat="second"]').waitFor();
    await offer.scrollIntoViewIfNeeded();
    await friend.page.screenshot({ path: path.join(artifactDir(), "continue-in-app-not-opened.png") });
  });
});
