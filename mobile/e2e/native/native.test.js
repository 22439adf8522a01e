// The native app end to end: the desktop build (wry on WebKitGTK, the build closest to the
// phones' that runs here) in an X display of its own with a HOME of its own, driven through its
// accessibility tree and the X mouse (see app.js). Each test drives one of the native paths the
// web build never touches: SQLite, the tokio-tungstenite socket, the computer's thread and
// links through the bridge.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { device, roomServer, artifactDir, webDir } from "../harness.js";
import { desktop, launch, until, NATIVE_SERVER } from "./app.js";

const run = promisify(execFile);

let session;
before(async () => { session = await desktop(); });
after(async () => { await session?.close(); });

/** Adds what the app showed to a failure: its window (a PNG in the artifacts), its
 * accessibility tree and the end of its log. */
async function explain(error, app, name, extra = "") {
  const shot = path.join(artifactDir(), `native-failed-${name}.png`);
  await app.screenshot(shot).catch(() => {});
  const tree = await app.tree().catch((e) => `(no tree: ${e.message})`);
  error.message += `\n--- the window: ${shot}\n--- the accessibility tree:\n${tree}` +
    `\n--- the app's log:\n${app.log().slice(-3000)}${extra}`;
  return error;
}

/** A HOME of the app's own, as a freshly installed app has. */
const freshHome = () => fs.mkdtempSync(path.join(os.tmpdir(), "cozcade-home-"));

/** Where the app keeps its games under `home` (the `directories` crate's data dir on Linux). */
const database = (home) => path.join(home, ".local", "share", "cozcade", "cozcade.sqlite");

/** The saved game for `game` and `slot` in the app's SQLite file, read with Python's sqlite3
 * (the file on disk, not what the app says it holds); null when there is none. */
async function savedGame(home, game, slot) {
  const script = `import json, sqlite3, sys
db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
row = db.execute("SELECT data FROM saves WHERE game = ? AND slot = ?", (sys.argv[2], sys.argv[3])).fetchone()
print(row[0] if row else "null")`;
  const { stdout } = await run("/usr/bin/python3", ["-c", script, database(home), game, slot]);
  return JSON.parse(stdout);
}

/** Opens `game`'s mode screen from the picker: the card's press, then the screen's heading
 * (a press looked for before the new screen is drawn would find the picker's own buttons, such
 * as a saved game's Continue chip). */
async function openGame(app, game) {
  await app.tap("push button", game, { match: "prefix" });
  await app.waitFor("heading", "How do you want to play?");
}

/** Kalah's pits and stores as the app's accessibility tree names them: the whole position. */
async function kalahBoard(app) {
  const pits = await app.find("push button", /^(Gold|Turquoise) pit [a-f]: /);
  const stores = await app.find("image", /^(Gold|Turquoise) store: /);
  return [...pits, ...stores].map((n) => n.name).join(" | ");
}

/** The texts of the status panel (headline, last move, stores). */
async function status(app) {
  const lines = await app.find("paragraph");
  return lines.map((n) => n.text).join(" | ");
}

async function waitForStatus(app, pattern, timeout = 30000) {
  return until(async () => pattern.test(await status(app)) && status(app), {
    timeout, what: `the status to say ${pattern}`,
  });
}

/** A gold pit whose sowing hands the turn over (it does not end in gold's store), from the
 * pits the app offers (enabled in the accessibility tree). */
async function handingOverPit(app) {
  return until(async () => {
    const pits = await app.find("push button", /^Gold pit [a-f]: /);
    for (const pit of pits.filter((p) => p.states.includes("enabled"))) {
      const [, letter, seeds] = /^Gold pit ([a-f]): (\d+)/.exec(pit.name);
      const index = "abcdef".indexOf(letter);
      if (Number(seeds) > 0 && Number(seeds) % 13 !== 6 - index) return pit.name;
    }
    return null;
  }, { what: "a gold pit the app offers that hands the turn over" });
}

/** Whether a move is being shown (a sowing is animated seed by seed here: the native window
 * does not ask for reduced motion), which the Skip button says. */
async function showingAMove(app) {
  return (await app.find("push button", "Skip")).length > 0;
}

/** Gold sows a pit that hands the turn over; returns once the computer's whole reply is on the
 * board (shown to its end) and it is gold's turn again. */
async function playRound(app) {
  const before = await kalahBoard(app);
  await app.tap("push button", await handingOverPit(app));
  await until(async () => {
    const now = await status(app);
    return /Your turn/.test(now) && /Last move: Turquoise/.test(now) && !(await showingAMove(app)) &&
      (await kalahBoard(app)) !== before;
  }, { timeout: 30000, what: "the computer's reply" });
}

test("a game against the computer is saved in SQLite as it is played, and goes on after the app is started again", async () => {
  const home = freshHome();
  let app = await launch(session, home);
  try {
    await openGame(app, "Kalah");
    await app.tap("radio button", "Easy");
    // The first "New game" is the computer's card (then two players, then online).
    await app.tap("push button", "New game");
    await app.waitFor("push button", /^Gold pit a: /);
    for (let round = 0; round < 3; round++) await playRound(app);
    const board = await kalahBoard(app);
    const shown = await status(app);
    const lastMove = /Last move: Turquoise ([a-f])/.exec(shown)[1];

    // The file on disk holds the game as it stands: every ply, the computer's last.
    const saved = await savedGame(home, "kalah", "computer");
    assert.ok(saved, `a saved game in ${database(home)}`);
    assert.ok(saved.record.moves.length >= 6, `moves saved: ${saved.record.moves}`);
    assert.equal(saved.record.moves.at(-1), lastMove, "the last move saved is the one shown");
    await app.screenshot(path.join(artifactDir(), "native-kalah-before-restart.png"));

    // Ended as a phone ends an app in the background, with no warning; then started again.
    await app.kill();
    app = await launch(session, home);
    await openGame(app, "Kalah");
    await app.tap("push button", "Continue");
    await app.waitFor("push button", /^Gold pit a: /);
    assert.equal(await kalahBoard(app), board, "the same position");
    assert.match(await status(app), new RegExp(`Last move: Turquoise ${lastMove}`));
    await app.screenshot(path.join(artifactDir(), "native-kalah-after-restart.png"));

    // And it goes on: the next round is saved on top.
    await playRound(app);
    const after = await savedGame(home, "kalah", "computer");
    assert.ok(after.record.moves.length >= saved.record.moves.length + 2, "the game went on and was saved");
  } catch (e) {
    throw await explain(e, app, "saved-game");
  } finally {
    await app.kill();
    fs.rmSync(home, { recursive: true, force: true });
  }
});

test("the computer thinks on its own thread: the board answers while it thinks, and its reply comes", async () => {
  const home = freshHome();
  // Every search waits on its thread until the test lets it begin, so the computer is surely
  // still thinking while the board is used.
  const app = await launch(session, home, { env: { COZCADE_HOLD_COMPUTER: "1" } });
  try {
    await openGame(app, "Checkers");
    await app.tap("radio button", "Hard");
    await app.tap("push button", "New game");
    await app.tap("toggle button", "Square 11: Red piece");
    await app.tap("toggle button", /^Square 15\b/);
    await waitForStatus(app, /The computer is thinking…/);
    // While it thinks, the board answers: Pause is taken, and no reply has been played.
    await app.tap("push button", "Pause");
    const paused = await waitForStatus(app, /Paused/);
    assert.match(paused, /Last move: Red 11-15/, "Pause came before the computer's reply");
    // Resume starts a new search; once it may begin, its reply arrives.
    await app.tap("push button", "Resume");
    await waitForStatus(app, /The computer is thinking…/);
    assert.equal(await app.releaseComputer(), true);
    // Both read from one look at the tree: the panel's lines are redrawn one by one.
    await waitForStatus(app, /^(?=.*Last move: White )(?=.*Your turn)/s, 60000);
    await app.screenshot(path.join(artifactDir(), "native-checkers-reply.png"));
  } catch (e) {
    throw await explain(e, app, "thinking");
  } finally {
    await app.kill();
    fs.rmSync(home, { recursive: true, force: true });
  }
});

/** The room server at the address the app was built for, and a browser friend beside it. */
async function withServerAndFriend(body) {
  const server = await roomServer(webDir(), { listen: new URL(NATIVE_SERVER).host });
  const friend = await device("phone", { engine: "chromium" });
  try {
    await body(server, friend);
    assert.deepEqual(friend.errors, [], "no errors on the friend's page");
  } finally {
    await friend.close();
    await server.close();
  }
}

/** A room for `game` created in the browser; its invitation link. */
async function roomFromBrowser(browser, server, game) {
  const { page } = browser;
  await page.goto(server.url);
  await page.getByRole("button", { name: game }).tap();
  await page.locator('[data-mode="online"]').getByRole("button", { name: "Play with a friend" }).tap();
  const link = page.getByTestId("invitation-link");
  await link.waitFor();
  return link.inputValue();
}

test("an invitation link handed to the app at start and while it runs opens the welcome", async () => {
  await withServerAndFriend(async (server, creator) => {
    const kalah = await roomFromBrowser(creator, server, /^Kalah/);
    const home = freshHome();
    // At start: the link on the command line, handed to the bridge before the UI is up.
    const app = await launch(session, home, { links: [kalah] });
    try {
      await app.waitFor("heading", "A friend invited you to play Kalah.");
      await app.waitFor("push button", "Take your seat");
      await app.screenshot(path.join(artifactDir(), "native-welcome.png"));

      // While it runs: a checkers room's link in the app's own scheme, then a Chinese Checkers
      // room's; a link for another server is refused and changes nothing.
      const checkers = new URL(await roomFromBrowser(creator, server, /^Checkers/)).pathname.split("/").pop();
      assert.equal(await app.openLink(`cozcade://r/${checkers}`), true);
      await app.waitFor("heading", "A friend invited you to play Checkers.");
      const star = await roomFromBrowser(creator, server, /^Chinese Checkers/);
      assert.equal(await app.openLink(`https://elsewhere.example/r/${new URL(star).pathname.split("/").pop()}`), false);
      assert.equal(await app.openLink("not a link"), false);
      await app.waitFor("heading", "A friend invited you to play Checkers.");
      assert.equal(await app.openLink(star), true);
      await app.waitFor("heading", "A friend invited you to play Chinese Checkers.");

      // Taking the seat connects both sides.
      await app.tap("push button", "Take your seat");
      await app.waitFor(undefined, /^Hole 1: /);
      await creator.page.locator('main.online[data-connection="connected"]').waitFor({ timeout: 30000 });
    } catch (e) {
      throw await explain(e, app, "links");
    } finally {
      await app.kill();
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});

/** The connection line's text on the app. */
async function connection(app) {
  const lines = await app.find("status bar");
  return lines.map((n) => n.text).join(" | ");
}

test("online: the app against a browser friend through the real room server, which crashes mid-game, and no move is lost", async () => {
  await withServerAndFriend(async (server, friend) => {
    const home = freshHome();
    const app = await launch(session, home);
    try {
      await openGame(app, "Kalah");
      await app.tap("push button", "Play with a friend");
      const field = await app.waitFor("entry", "Invitation link");
      const link = field.text;
      assert.match(link, new RegExp(`^${NATIVE_SERVER}/r/[0-9a-f]{20}$`));
      await friend.page.goto(link);
      await friend.page.getByRole("button", { name: "Play in the browser" }).tap();
      await friend.page.locator('main.online[data-connection="connected"]').waitFor({ timeout: 30000 });
      await until(async () => /Connected/.test(await connection(app)), { timeout: 30000, what: "the app connected" });

      const friendBoard = () => friend.page.locator(".board.kalah [aria-label]").evaluateAll(
        (els) => els.map((e) => e.getAttribute("aria-label")).filter((l) => / (pit|store)/.test(l)));
      const appBoard = async () => {
        const pits = await app.find("push button", /^(Gold|Turquoise) pit [a-f]: /);
        const stores = await app.find("image", /^(Gold|Turquoise) store: /);
        return [...pits, ...stores].map((n) => n.name);
      };
      const sameBoards = () => until(async () => {
        const [mine, theirs] = [await appBoard(), await friendBoard()];
        return mine.length === 14 && JSON.stringify([...mine].sort()) === JSON.stringify([...theirs].sort());
      }, { timeout: 30000, what: "both boards to show the same position" });
      /** One turn each: the app's gold pit that hands over, then the friend's first pit. */
      let plies = 0;
      const turnEach = async () => {
        await app.tap("push button", await handingOverPit(app));
        plies++;
        await friend.page.locator(`.status[data-plies="${plies}"]`).waitFor({ timeout: 30000 });
        // The friend sows until the turn is the app's again (an extra turn is one more sowing).
        while (await friend.page.locator(".pit.playable").count()) {
          await friend.page.locator(".pit.playable").first().tap();
          plies++;
          await friend.page.locator(`.status[data-plies="${plies}"]`).waitFor({ timeout: 30000 });
        }
        await sameBoards();
      };
      await turnEach();
      await turnEach();
      const beforeCrash = await appBoard();

      // The server crashes and comes back on the same address with the same file.
      await server.kill();
      await until(async () => !/^Connected$/.test(await connection(app)), { timeout: 30000, what: "the app to notice" });
      await server.start();
      await until(async () => /Connected/.test(await connection(app)), { timeout: 60000, what: "the app to reconnect" });
      await friend.page.locator('main.online[data-connection="connected"]').waitFor({ timeout: 60000 });
      assert.deepEqual(await appBoard(), beforeCrash, "nothing lost in the crash");

      await turnEach();
      await turnEach();
      await waitForStatus(app, /Your turn/);
      await app.screenshot(path.join(artifactDir(), "native-online-kalah.png"));
    } catch (e) {
      throw await explain(e, app, "online", `\n--- the server's log:\n${server.log().slice(-2000)}`);
    } finally {
      await app.kill();
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
