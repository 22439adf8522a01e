// The invitation as the friend meets it, by touch on a phone held upright and sideways: the
// welcome before any seat is taken (and a third person who finds the room full), a request
// for a new round declined and withdrawn, seen on both sides (and after a reload), and the
// device's list of online games with leaving from it, online and offline.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { roomServer, device, artifactDir, withDevices, engine, chromiumOnly } from "../harness.js";

let server;
before(async () => { server = await roomServer(); });
after(async () => { await server?.close(); });

/** "Play with a friend" for `game`, by touch; returns the invitation link. */
async function createRoom(page, game) {
  await page.goto(server.url);
  await page.getByRole("button", { name: game }).tap();
  await page.locator('[data-mode="online"]').getByRole("button", { name: "Play with a friend" }).tap();
  const link = page.getByTestId("invitation-link");
  await link.waitFor();
  return link.inputValue();
}

async function connection(page, name) {
  await page.locator(`main.online[data-connection="${name}"]`).waitFor({ timeout: 20000 });
}

/** What the server says of the room, read as the welcome reads it (takes nothing). */
async function roomInfo(link) {
  const room = new URL(link).pathname.split("/").pop();
  const response = await fetch(at(`/api/rooms/${room}`));
  return response.json();
}

const at = (path) => new URL(path, server.url).href;

const shot = (page, name) => page.screenshot({ path: path.join(artifactDir(), `${name}.png`) });

test("the friend is welcomed before taking the seat; a third person finds the room full", async () => {
  await withDevices(["phone", "phone", "phone-landscape"], async (creator, friend, third) => {
    const link = await createRoom(creator.page, /Kalah/);
    const room = new URL(link).pathname.split("/").pop();

    await friend.page.goto(link);
    const welcome = friend.page.getByTestId("welcome");
    await welcome.locator('[data-testid="welcome-colour"]').waitFor();
    assert.equal(await friend.page.getByTestId("welcome-invited").textContent(), "A friend invited you to play Kalah.");
    assert.equal(await friend.page.getByTestId("welcome-colour").textContent(), "You play Turquoise.");
    assert.equal(await friend.page.getByTestId("welcome-first").textContent(), "Your friend plays Gold and moves first.");
    // One button takes the seat; beside it, on a phone, the app and its store pages.
    assert.equal(await welcome.getByTestId("take-seat").count(), 1);
    assert.equal(await welcome.getByTestId("take-seat").textContent(), "Play in the browser");
    const open = friend.page.getByTestId("open-in-app");
    assert.equal(await open.textContent(), "Open in the app");
    assert.equal(await open.getAttribute("href"), `cozcade://r/${room}`);
    // No App Store id is known to this build, so no App Store link: a search would show others' apps.
    assert.equal(await welcome.getByRole("link", { name: "App Store" }).count(), 0);
    assert.equal(
      await welcome.getByRole("link", { name: "Google Play" }).getAttribute("href"),
      "https://play.google.com/store/apps/details?id=app.cozcade",
    );
    await shot(friend.page, "welcome-phone");

    // Opening the page (twice) took nothing: the seat is still open and the host still waits.
    await friend.page.reload();
    await friend.page.getByTestId("welcome-colour").waitFor();
    assert.deepEqual(await roomInfo(link), { room, game: "kalah", open_seat: "second" });
    await connection(creator.page, "waiting-to-join");

    // How to play, and back to the welcome.
    await welcome.getByRole("button", { name: "How to play" }).tap();
    await friend.page.locator("main.how-to-play").waitFor();
    assert.match(await friend.page.locator("main.how-to-play").textContent(), /seeds/);
    // And how a game with a friend works: the invitation, the personal link, a new link.
    const online = friend.page.locator("main.how-to-play section.how-online");
    assert.equal(await online.getByRole("heading").textContent(), "Playing with a friend");
    assert.match(await online.textContent(), /"Play with a friend" opens a room.*"Continue on another device".*personal link.*make a new one/s);
    await shot(friend.page, "how-to-play-online");
    await friend.page.getByRole("button", { name: "Back" }).tap();
    await friend.page.getByTestId("take-seat").tap();
    await connection(friend.page, "connected");
    await connection(creator.page, "connected");
    assert.equal(await friend.page.locator("main.online").getAttribute("data-seat"), "second");
    assert.equal((await roomInfo(link)).open_seat, null);

    // A third person with the same link, sideways: no welcome, no button, the room is full.
    await third.page.goto(link);
    await third.page.locator('[data-stop="room-full"]').waitFor();
    assert.match(await third.page.getByTestId("room-closed").textContent(), /room is full/);
    assert.equal(await third.page.getByTestId("take-seat").count(), 0);
    // The room said which game it is: New game leads to that game's modes.
    assert.equal(await third.page.locator(".top-bar h1").textContent(), "Kalah");
    await shot(third.page, "welcome-room-full-sideways");
    assert.match(await third.page.locator(".room-closed img.room-art").getAttribute("src"), /^data:image\/svg\+xml/);
    // The two players are undisturbed.
    await connection(friend.page, "connected");
    // Starting one's own game from there: the invitation's game, its ways to play.
    await third.page.getByRole("button", { name: "Start your own game" }).tap();
    await third.page.locator('[data-mode="computer"]').waitFor();
    assert.equal(await third.page.locator(".top-bar h1").textContent(), "Kalah");
  });
});

test("sideways: the welcome, then a new round declined and another withdrawn, seen on both sides", async () => {
  await withDevices(["phone", "phone-landscape"], async (creator, friend) => {
    const link = await createRoom(creator.page, /^Checkers/);
    await friend.page.goto(link);
    await friend.page.getByTestId("welcome-colour").waitFor();
    assert.equal(await friend.page.getByTestId("welcome-invited").textContent(), "A friend invited you to play Checkers.");
    assert.equal(await friend.page.getByTestId("welcome-colour").textContent(), "You play White.");
    assert.equal(await friend.page.getByTestId("welcome-first").textContent(), "Your friend plays Red and moves first.");
    assert.equal(await friend.page.getByTestId("open-in-app").count(), 1);
    await shot(friend.page, "welcome-phone-sideways");
    await friend.page.getByRole("button", { name: "Play in the browser" }).tap();
    await connection(friend.page, "connected");
    await connection(creator.page, "connected");
    await creator.page.locator("#cell-11").tap();
    await creator.page.locator("#cell-15").tap();
    await friend.page.locator('.status[data-plies="1"]').waitFor();

    const askNewRound = async (page) => {
      await page.getByRole("button", { name: "New round" }).tap();
      await page.getByRole("alertdialog").getByRole("button", { name: "New round" }).tap();
    };
    const answer = (page) => page.getByTestId("new-round-answer");

    // The creator asks; the friend declines; the game goes on.
    await askNewRound(creator.page);
    await creator.page.getByText("Waiting for your friend to accept the new round.").waitFor();
    await friend.page.getByText("Your friend asks for a new round.").waitFor();
    await friend.page.getByRole("button", { name: "Decline" }).tap();
    await answer(creator.page).waitFor();
    assert.equal(await answer(creator.page).textContent(), "Your friend declined a new round.");
    await answer(friend.page).waitFor();
    assert.equal(await answer(friend.page).textContent(), "You declined the new round.");
    assert.equal(await creator.page.getByRole("button", { name: "Accept" }).count(), 0);
    assert.equal(await friend.page.locator(".status").getAttribute("data-plies"), "1", "the round goes on");
    await shot(creator.page, "new-round-declined-creator");
    await shot(friend.page, "new-round-declined-friend-sideways");

    // The friend asks and takes it back before the creator answers.
    await askNewRound(friend.page);
    await creator.page.getByText("Your friend asks for a new round.").waitFor();
    assert.equal(await answer(creator.page).count(), 0, "a new request replaces the old answer");
    await friend.page.getByRole("button", { name: "Withdraw" }).tap();
    await answer(creator.page).waitFor();
    assert.equal(await answer(creator.page).textContent(), "Your friend withdrew the new round.");
    assert.equal(await answer(friend.page).textContent(), "You withdrew your request for a new round.");
    assert.equal(await creator.page.getByRole("button", { name: "Accept" }).count(), 0);
    await shot(creator.page, "new-round-withdrawn-creator");
    // Still round 1, the same move on both boards; the friend (white) is to move.
    assert.equal(await creator.page.locator(".status").getAttribute("data-plies"), "1");
    await friend.page.locator(".square.playable").first().waitFor();

    // The creator reloads: a fresh start catches up with a full sync rather than a replay of
    // the events, and still hears that the friend withdrew.
    await creator.page.reload();
    await connection(creator.page, "connected");
    await answer(creator.page).waitFor();
    assert.equal(await answer(creator.page).textContent(), "Your friend withdrew the new round.");
    assert.equal(await creator.page.locator(".status").getAttribute("data-plies"), "1");
  });
});

test("the list of online games: game, friend's colour, whose turn, when; leaving from it online and offline", async () => {
  await withDevices(["phone", "phone-landscape"], async (creator, friend) => {
    // Two rooms with the same friend: one left online, one left offline.
    const rooms = [];
    for (const game of [/Kalah/, /Chinese Checkers/]) {
      const link = await createRoom(creator.page, game);
      await friend.page.goto(link);
      await friend.page.getByRole("button", { name: "Play in the browser" }).tap();
      await connection(friend.page, "connected");
      await connection(creator.page, "connected");
      if (rooms.length === 0) {
        // In Kalah the creator plays one move: then it is the friend's turn.
        await creator.page.locator('[aria-label^="Gold pit a:"]').tap();
        await friend.page.locator('.status[data-plies="1"]').waitFor();
      }
      rooms.push(new URL(link).pathname.split("/").pop());
    }
    const [kalah, star] = rooms;
    await creator.page.getByRole("button", { name: "Back" }).tap();

    const entry = (page, room) => page.locator(`.room-entry[data-room="${room}"]`);
    await entry(creator.page, kalah).waitFor();
    const lines = async (page, room) => entry(page, room).locator(".room-glance").allTextContents();
    assert.deepEqual(await lines(creator.page, kalah), ["Your friend plays Turquoise", "Your friend's turn", "played just now"]);
    assert.deepEqual(await lines(creator.page, star), ["Your friend plays Coral", "Your turn", "played just now"]);
    assert.match(await entry(creator.page, kalah).locator(".card-title").textContent(), /Kalah/);
    await shot(creator.page, "online-games-list");

    // Sideways, the friend's list says the other colours.
    await friend.page.getByRole("button", { name: "Back" }).tap();
    await entry(friend.page, star).waitFor();
    assert.deepEqual(await lines(friend.page, star), ["Your friend plays Jade", "Your friend's turn", "played just now"]);
    await shot(friend.page, "online-games-list-sideways");

    // Two minutes on, the list says so (Chromium only: the clock is moved on by a script that
    // runs before the page's own).
    if (engine === "chromium") {
      await creator.context.addInitScript(() => {
        const real = Date.now;
        Date.now = () => real() + 125000;
      });
      await creator.page.reload();
      await entry(creator.page, kalah).waitFor();
      assert.equal((await lines(creator.page, kalah))[2], "played 2 min ago");
    }

    // Leaving asks first; Stay keeps the room.
    await friend.page.goto(at(`/r/${kalah}`));
    await connection(friend.page, "waiting-to-return");
    await entry(creator.page, kalah).getByRole("button", { name: "Leave: Kalah" }).tap();
    const dialog = creator.page.getByRole("alertdialog");
    assert.match(await dialog.textContent(), /Leave this game of Kalah for good\?/);
    await dialog.getByRole("button", { name: "Stay" }).tap();
    assert.equal(await entry(creator.page, kalah).count(), 1);
    // Leave: gone from the list at once, and the friend is told as by the in-game Leave.
    await entry(creator.page, kalah).getByRole("button", { name: "Leave: Kalah" }).tap();
    await creator.page.getByRole("alertdialog").getByRole("button", { name: "Leave" }).tap();
    assert.equal(await entry(creator.page, kalah).count(), 0);
    await connection(friend.page, "friend-left");
    // Opening the link again does not put the creator back in the seat it left.
    await creator.page.reload();
    await entry(creator.page, star).waitFor();
    assert.equal(await entry(creator.page, kalah).count(), 0);

    // Offline: the room leaves the list at once; the leave reaches the server once the device
    // is back online, and only then is the seat key forgotten.
    await friend.page.goto(at(`/r/${star}`));
    await connection(friend.page, "waiting-to-return");
    await creator.context.setOffline(true);
    await entry(creator.page, star).getByRole("button", { name: "Leave: Chinese Checkers" }).tap();
    await creator.page.getByRole("alertdialog").getByRole("button", { name: "Leave" }).tap();
    assert.equal(await entry(creator.page, star).count(), 0);
    assert.equal(await creator.page.locator(".online-games").count(), 0, "no rooms left in the list");
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(await friend.page.locator('main.online[data-connection="waiting-to-return"]').count(), 1,
      "the friend has not been told yet");
    await creator.context.setOffline(false);
    await connection(friend.page, "friend-left");
    await shot(friend.page, "online-friend-left-from-list-sideways");
  });
});

const INSTAGRAM_ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A; wv) AppleWebKit/537.36 " +
  "(KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 Instagram 312.0.0.32.112 Android";
const MESSENGER_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 " +
  "(KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/450.0.0.35.109;FBBV/560000000]";

test("inside a messaging app the welcome says where a seat would stay, and offers the player's own browser", async () => {
  await withDevices(["phone", ["phone", { userAgent: INSTAGRAM_ANDROID }]],
    async (creator, instagram) => {
      const link = await createRoom(creator.page, /^Kalah/);
      // Instagram on Android: an intent hands the page to the player's browser.
      await instagram.page.goto(link);
      const note = instagram.page.getByTestId("in-app-note");
      await note.waitFor();
      assert.match(await note.textContent(), /inside Instagram/);
      const { host, pathname, protocol } = new URL(link);
      assert.equal(
        await instagram.page.getByTestId("open-in-browser").getAttribute("href"),
        `intent://${host}${pathname}#Intent;scheme=${protocol.replace(":", "")};end`,
      );
      // Playing here comes first (and says "here": this is not the player's browser); the
      // player's own browser and the app are offered after it.
      assert.equal(await instagram.page.getByTestId("take-seat").textContent(), "Play here");
      const order = await instagram.page.locator(".welcome-card .actions > *").evaluateAll((els) => els.map((e) => e.dataset.testid));
      assert.deepEqual(order, ["take-seat", "open-in-browser", "open-in-app"]);
      await shot(instagram.page, "welcome-in-instagram");
      // A plain phone browser gets no such note.
      const plain = await device("phone");
      try {
        await plain.page.goto(link);
        await plain.page.getByTestId("take-seat").waitFor();
        assert.equal(await plain.page.getByTestId("in-app-note").count(), 0);
      } finally {
        await plain.close();
      }
      // Nothing was taken by any of them.
      assert.equal((await roomInfo(link)).open_seat, "second");
    });
});

// WebKitGTK replaces a user agent that is no valid header value (Messenger's "[FBAN/…;…]") with
// its own, so this one is Chromium's.
test("inside Messenger on an iPhone the welcome points to its own menu, as no link works there", chromiumOnly("sets Messenger's user agent, which WebKitGTK refuses for its brackets"), async () => {
  await withDevices(["phone", ["phone-landscape", { userAgent: MESSENGER_IPHONE }]], async (creator, messenger) => {
    const link = await createRoom(creator.page, /^Kalah/);
    await messenger.page.goto(link);
    await messenger.page.getByTestId("in-app-note").filter({ hasText: "Open in browser" }).waitFor();
    assert.equal(await messenger.page.getByTestId("open-in-browser").count(), 0);
    await shot(messenger.page, "welcome-in-messenger-sideways");
    assert.equal((await roomInfo(link)).open_seat, "second");
  });
});
