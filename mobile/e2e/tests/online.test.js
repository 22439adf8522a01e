// Online play in both browser engines against the real room server (its own process, SQLite file
// and port): a creator and a guest, each with their own browser profile, play whole games of
// each kind through the invitation link by tapping on the boards. Around them: a third device
// finds the room full, a reload and a second tab, a server crash mid-game, New round, the
// device's list of rooms and Leave. In the WebKit run the friend across the table is in Chromium
// in two of the games (Kalah's guest, Chinese Checkers' creator), as an iPhone meets an Android
// phone.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { roomServer, device, artifactDir, withDevices, createRoom as openRoom, joinAsFriend, engine } from "../harness.js";
import { WHOLE_GAME } from "../whole-games.js";

let server;
before(async () => { server = await roomServer(); });
after(async () => { await server?.close(); });

const state = (page) => page.evaluate(() => ({
  plies: Number(document.querySelector(".status")?.dataset.plies ?? -1),
  playable: document.querySelectorAll(".playable").length,
  selected: document.querySelectorAll(".selected").length,
  over: !!document.querySelector(".headline.result"),
  connection: document.querySelector("main.online")?.dataset.connection ?? "",
}));

/** The creator's "Play with a friend" for `game`; returns the invitation link shown. */
async function createRoom(creator, game) {
  const link = await openRoom(creator, server.url, game);
  assert.equal(await creator.page.getByTestId("connection").textContent(), "Waiting for your friend to join");
  return link;
}

async function connection(page, name) {
  await page.locator(`main.online[data-connection="${name}"]`).waitFor({ timeout: 20000 });
}

async function plies(page, n) {
  await page.locator(`.status[data-plies="${n}"]`).waitFor({ timeout: 20000 });
}

/** Taps the first lit pit, piece or landing on whichever page may move, until both pages show
 * the end; a checkers capture takes several taps. `onPly(n)` runs at each new ply count. */
async function playToEnd(players, { onPly = async () => {}, maxTaps = 3000 } = {}) {
  let seen = -1;
  for (let taps = 0; taps < maxTaps; taps++) {
    let mover = null;
    for (;;) {
      const states = await Promise.all(players.map((p) => state(p.page)));
      if (states.every((s) => s.over && s.plies === states[0].plies)) return states[0].plies;
      const i = states.findIndex((s) => s.playable > 0 && s.plies === Math.max(...states.map((t) => t.plies)));
      if (i >= 0) {
        if (states[i].plies !== seen && states[i].selected === 0) {
          seen = states[i].plies;
          await onPly(seen);
          continue;
        }
        mover = players[i];
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const before = await state(mover.page);
    const target = mover.page.locator(".playable").first();
    if (mover.touch) await target.tap();
    else await target.click();
    await mover.page.waitForFunction((b) => {
      const plies = Number(document.querySelector(".status")?.dataset.plies ?? -1);
      return plies !== b.plies || document.querySelectorAll(".selected").length !== b.selected ||
        document.querySelectorAll(".playable").length === 0;
    }, before);
  }
  throw new Error("the game did not end");
}

const centre = async (locator) => {
  const box = await locator.boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

test("Kalah: invitation, room full, a whole game, New round, the device's rooms and Leave", async () => {
  await withDevices(["desktop", ["phone", { engine: "chromium" }], "phone"], async (creator, guest, stranger) => {
    const link = await createRoom(creator, /Kalah/);
    assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/r\/[0-9a-f]{20}$/);
    // The creator's own address names the room, so a reload comes back to it.
    assert.equal(new URL(creator.page.url()).pathname, new URL(link).pathname);
    await creator.page.getByRole("button", { name: "Copy link" }).click();
    assert.equal(await creator.page.getByTestId("share-outcome").textContent(), "Link copied");
    // No moves before the friend is here.
    assert.equal(await creator.page.locator(".pit.playable").count(), 0);

    // The friend is welcomed first and takes the seat with the welcome's one button.
    await joinAsFriend(creator, guest, link);
    assert.equal(await guest.page.locator("main.online").getAttribute("data-seat"), "second");
    // Gold (the creator) moves first; the guest's own turquoise pits are nearest (left column,
    // where gold's are on the creator's board in landscape they run along the bottom).
    assert.equal(await creator.page.locator(".pit.playable.gold").count(), 6);
    assert.equal(await guest.page.locator(".pit.playable").count(), 0);
    const turquoiseA = await centre(guest.page.locator('[aria-label^="Turquoise pit a:"]'));
    const goldA = await centre(guest.page.locator('[aria-label^="Gold pit a:"]'));
    assert.ok(turquoiseA.x < goldA.x, "the guest's board is turned: turquoise on the left");
    assert.equal(await guest.page.getByTestId("headline").textContent(), "Your friend's turn (Gold)");
    await guest.page.screenshot({ path: path.join(artifactDir(), "online-kalah-guest.png") });

    // Someone else with the link: the room is full.
    await stranger.page.goto(link);
    await stranger.page.locator('[data-stop="room-full"]').waitFor();
    assert.match(await stranger.page.getByTestId("room-closed").textContent(), /room is full/);
    // A short card on the phone, the invitation's game drawn, and a game of one's own offered.
    const full = stranger.page.locator(".room-closed");
    const { height } = await full.boundingBox();
    assert.ok(height < 844 / 2, `the card is ${height} px tall`);
    assert.match(await full.locator("img.room-art").getAttribute("src"), /^data:image\/svg\+xml/);
    assert.equal(await full.getByRole("button", { name: "Start your own game" }).count(), 1);
    await stranger.page.screenshot({ path: path.join(artifactDir(), "room-full-phone.png") });
    // A room that never was (or expired): said plainly, with the way to a new game.
    await stranger.page.goto(`${server.url}?room=${"0".repeat(20)}`);
    await stranger.page.locator('[data-stop="unknown-room"]').waitFor();
    assert.match(await stranger.page.getByTestId("room-closed").textContent(), /does not exist, or it expired/);
    await stranger.page.getByRole("button", { name: "Start your own game" }).tap();
    // The room never said which game it was: the button leads to the games.
    await stranger.page.locator(".game-card").first().waitFor();
    assert.equal(new URL(stranger.page.url()).pathname, "/");

    const total = await playToEnd([
      { page: creator.page },
      { page: guest.page, touch: true },
    ]);
    assert.ok(total > 4, `a real game (${total} plies)`);
    const results = [
      await creator.page.getByTestId("headline").textContent(),
      await guest.page.getByTestId("headline").textContent(),
    ].sort();
    assert.ok(
      JSON.stringify(results) === JSON.stringify(["Draw: 24 seeds each.", "Draw: 24 seeds each."]) ||
        JSON.stringify(results) === JSON.stringify(["You win!", "Your friend wins."]),
      `one wins, the other is told: ${results}`,
    );

    // New round: the guest asks, the creator accepts; colours stay.
    await guest.page.getByRole("button", { name: "New round" }).tap();
    await guest.page.getByText("Waiting for your friend to accept the new round.").waitFor();
    await creator.page.getByText("Your friend asks for a new round.").waitFor();
    await creator.page.getByRole("button", { name: "Accept" }).click();
    await plies(creator.page, 0);
    await plies(guest.page, 0);
    assert.equal(await creator.page.locator(".pit.playable.gold").count(), 6, "the creator is still gold");
    assert.equal(await guest.page.locator("main.online").getAttribute("data-seat"), "second");
    await creator.page.locator('[aria-label^="Gold pit c:"]').click();
    await plies(guest.page, 1);

    // The creator's device lists the room; it opens from there.
    await creator.page.getByRole("button", { name: "Back" }).click();
    const room = new URL(link).pathname.split("/").pop();
    const card = creator.page.locator(`.room-card[data-room="${room}"]`);
    await card.waitFor();
    assert.equal(new URL(creator.page.url()).pathname, "/");
    await card.click();
    await connection(creator.page, "connected");
    await plies(creator.page, 1);

    // Leaving gives the seat up: the room leaves the list, and the friend is told.
    await creator.page.getByRole("button", { name: "Leave this game" }).click();
    await creator.page.getByRole("button", { name: "Leave", exact: true }).click();
    await creator.page.locator('[data-stop="left"]').waitFor();
    await connection(guest.page, "friend-left");
    assert.equal(await guest.page.getByTestId("connection").textContent(), "Your friend left the game");
    await creator.page.getByRole("button", { name: "Games" }).click();
    await creator.page.locator(".game-card").first().waitFor();
    assert.equal(await creator.page.locator(`.room-card[data-room="${room}"]`).count(), 0);
  });
});

test("Checkers: a whole game, the guest reloads mid-game and a second tab takes the seat", async () => {
  await withDevices(["phone", "desktop"], async (creator, guest) => {
    const link = await createRoom(creator, /^Checkers/);
    // The guest opens the server's fallback address, as the invitation page links it.
    const room = new URL(link).pathname.split("/").pop();
    await guest.page.goto(`${server.url}?room=${room}`);
    // On a desktop the welcome has no "Open in the app"; its one button takes the seat.
    await guest.page.getByTestId("welcome").waitFor();
    assert.equal(await guest.page.getByTestId("open-in-app").count(), 0);
    await guest.page.getByRole("button", { name: "Take your seat" }).click();
    await connection(guest.page, "connected");
    assert.equal(new URL(guest.page.url()).pathname, `/r/${room}`);
    // Red at the bottom for the creator, white at the bottom for the guest.
    const bottomOf = async (page) => {
      const red = await centre(page.locator("#cell-1"));
      const white = await centre(page.locator("#cell-32"));
      return red.y > white.y ? "square 1" : "square 32";
    };
    assert.equal(await bottomOf(creator.page), "square 1", "red's side (1-12) nearest the creator");
    assert.equal(await bottomOf(guest.page), "square 32", "white's side (21-32) nearest the guest");

    let players = [{ page: creator.page, touch: true }, { page: guest.page }];
    let secondTab = null;
    const total = await playToEnd(players, {
      onPly: async (n) => {
        if (n === 10) {
          // A reload puts the guest back in its seat at the same position.
          await guest.page.reload();
          await connection(guest.page, "connected");
          await plies(guest.page, 10);
          assert.equal(await guest.page.locator("main.online").getAttribute("data-seat"), "second");
        }
        // The same seat opened in a new tab replaces the old one, which says so (Chromium only:
        // the WebKit driver here keeps one page per browser).
        if (n === 20 && engine === "chromium") {
          secondTab = await guest.context.newPage();
          await secondTab.goto(link);
          await connection(secondTab, "connected");
          await guest.page.locator('[data-stop="replaced"]').waitFor();
          assert.match(await guest.page.getByTestId("room-closed").textContent(), /another device or tab/);
          await plies(secondTab, 20);
          players[1].page = secondTab;
        }
      },
    });
    assert.ok(total > 20, `a real game (${total} plies)`);
    if (engine === "chromium") assert.ok(secondTab, "the game went past the second tab");
    const results = [
      await creator.page.getByTestId("headline").textContent(),
      await players[1].page.getByTestId("headline").textContent(),
    ].sort();
    assert.ok(
      results[0] === results[1] ? /^Draw/.test(results[0]) :
        JSON.stringify(results) === JSON.stringify(["You win!", "Your friend wins."]),
      `results: ${results}`,
    );
  });
});

test("Chinese Checkers: a whole game through a server crash and restart, no move lost", async () => {
  await withDevices([["desktop", { engine: "chromium" }], "phone"], async (creator, guest) => {
    const link = await createRoom(creator, /Chinese Checkers/);
    await joinAsFriend(creator, guest, link);
    // The guest's coral start (holes 1-10) is at the bottom of its star.
    const hole1 = await centre(guest.page.locator("#cell-1"));
    const hole121 = await centre(guest.page.locator("#cell-121"));
    assert.ok(hole1.y > hole121.y, "the guest's star is turned");
    await guest.page.screenshot({ path: path.join(artifactDir(), "online-star-guest.png") });

    const pages = [creator.page, guest.page];
    for (const [i, mv] of WHOLE_GAME.entries()) {
      if (i === 40) {
        // A crash: both notice, reconnect by themselves once it is back, and lose nothing.
        await server.kill();
        await connection(creator.page, "reconnecting");
        await connection(guest.page, "reconnecting");
        assert.match(await guest.page.getByTestId("connection").textContent(), /Reconnecting/);
        await server.start();
        await connection(creator.page, "connected");
        await connection(guest.page, "connected");
        await plies(creator.page, 40);
        await plies(guest.page, 40);
      }
      const page = pages[i % 2];
      const [from, to] = mv.split("-").map(Number);
      await page.locator(`#cell-${from}.playable`).click();
      await page.locator(`#cell-${to}.playable`).click();
      await plies(creator.page, i + 1);
      await plies(guest.page, i + 1);
    }
    await guest.page.locator(".headline.result").waitFor();
    assert.equal(await guest.page.getByTestId("headline").textContent(), "You win!");
    assert.equal(await creator.page.getByTestId("headline").textContent(), "Your friend wins.");
    assert.match(await creator.page.getByTestId("tallies").textContent(), /Coral home: 10\/10/);
  });
});
