// A friend who vanished does not hold the game hostage: after the server's setting (a few
// seconds here, ten minutes by default) the creator is told, offers the seat again, and whoever
// opens the invitation next plays on from the same position. The vanished friend's browser is
// told why its seat is gone.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { roomServer, webDir, artifactDir, withDevices, playWithFriend, press } from "../harness.js";

let server;
before(async () => { server = await roomServer(webDir(), { args: ["--offer-seat-after-secs", "3"] }); });
after(async () => { await server?.close(); });

const connection = (page, name) =>
  page.locator(`main.online[data-connection="${name}"]`).waitFor({ timeout: 20000 });

const plies = (page) => page.evaluate(() => Number(document.querySelector(".status")?.dataset.plies ?? -1));

async function waitForPlies(page, n) {
  for (let i = 0; i < 200 && (await plies(page)) !== n; i++) await new Promise((r) => setTimeout(r, 50));
  assert.equal(await plies(page), n);
}

test("a vanished friend's seat is offered again and a newcomer plays on from the same position (phone, sideways phone)", async () => {
  await withDevices(["phone-landscape", "phone", "phone"], async (creator, friend, newcomer) => {
    const invitation = await playWithFriend(creator, friend, server.url, /^Kalah/);
    await press(creator, creator.page.locator(".playable").first());
    await waitForPlies(friend.page, 1);

    // The friend goes away (the tab navigates elsewhere): first away, then vanished.
    await friend.page.goto("about:blank");
    await connection(creator.page, "waiting-to-return");
    assert.equal(await creator.page.getByTestId("offer-seat").count(), 0, "not offered while merely away");
    await connection(creator.page, "friend-vanished");
    const offer = creator.page.getByTestId("offer-seat");
    await offer.scrollIntoViewIfNeeded();
    await creator.page.screenshot({ path: path.join(artifactDir(), "offered-seat-vanished.png") });

    // Offering asks first; "Keep waiting" changes nothing.
    await press(creator, offer);
    await press(creator, creator.page.getByRole("button", { name: "Keep waiting" }));
    await connection(creator.page, "friend-vanished");
    await press(creator, offer);
    const dialog = creator.page.getByRole("alertdialog");
    assert.match(await dialog.textContent(), /Their link stops working/);
    await creator.page.screenshot({ path: path.join(artifactDir(), "offered-seat-question.png") });
    await press(creator, dialog.getByRole("button", { name: "Offer the seat" }));
    await connection(creator.page, "seat-offered");
    assert.equal(await creator.page.getByTestId("invitation-link").inputValue(), invitation, "the same invitation");
    await creator.page.screenshot({ path: path.join(artifactDir(), "offered-seat-open.png") });

    // The vanished friend's browser, back on the invitation, is told why and takes nothing.
    await friend.page.goto(invitation);
    const closed = friend.page.locator('[data-stop="seat-offered"]');
    await closed.waitFor({ timeout: 20000 });
    assert.match(await closed.textContent(), /offered your seat to someone else/);
    await friend.page.screenshot({ path: path.join(artifactDir(), "offered-seat-old-friend.png") });
    await connection(creator.page, "seat-offered");

    // A newcomer through the invitation takes the seat and the game as it stands.
    await newcomer.page.goto(invitation);
    await press(newcomer, newcomer.page.getByRole("button", { name: "Play in the browser" }));
    await newcomer.page.locator('main.online[data-connection="connected"][data-seat="second"]').waitFor({ timeout: 20000 });
    await connection(creator.page, "connected");
    await waitForPlies(newcomer.page, 1);
    await press(newcomer, newcomer.page.locator(".playable").first());
    await waitForPlies(creator.page, 2);
  });
});
