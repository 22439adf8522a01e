// The light and the dark theme, in both browser engines with the system's choice emulated: every
// screen (the game picker with and without Continue chips, the mode screen, each board in
// play, How to play, the game-over sheet, the history, the hand-over screen, and online the invitation,
// the friend's welcome and the board of a room) meets
// WCAG AA contrast from its computed colours (4.5:1 for text, 3:1 for pieces and for the marks
// of what can be played and of the last move against what they sit on), in both themes on the
// four device shapes, with a screenshot of each saved as an artifact.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serve, roomServer, device, artifactDir, withDevices } from "../harness.js";

let server;
before(async () => { server = await serve(); });
after(async () => { await server.close(); });

const SHAPES = ["phone", "phone-landscape", "tablet", "laptop"];
const THEMES = ["light", "dark"];
const touches = (shape) => shape !== "laptop";

/** Every contrast failure on the page now, each described. Runs in the page. */
function contrastFailures() {
  const parse = (text) => {
    const m = text.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return { r, g, b, a };
  };
  const over = (top, under) => ({
    r: top.r * top.a + under.r * (1 - top.a),
    g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a),
    a: 1,
  });
  const luminance = ({ r, g, b }) => {
    const c = [r, g, b].map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const ratio = (x, y) => {
    const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p);
    return (hi + 0.05) / (lo + 0.05);
  };
  const hex = ({ r, g, b }) => "#" + [r, g, b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
  const opacity = (el) => {
    let o = 1;
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  // The colour behind an HTML element: its own and its ancestors' backgrounds, composited.
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg && bg.a > 0) {
        layers.push(bg);
        if (bg.a >= 1) break;
      }
    }
    let colour = { r: 255, g: 255, b: 255, a: 1 };
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  const dialog = document.querySelector("[role=dialog], [role=alertdialog]");
  const covered = (el) => dialog && !dialog.contains(el);
  const disabled = (el) => el.closest("button:disabled, select:disabled, input:disabled");
  const shown = (el) => el.getClientRects().length > 0
    && el.checkVisibility({ visibilityProperty: true, opacityProperty: true })
    && !el.closest(".visually-hidden");
  const failures = [];
  const check = (what, el, fg, bg, least) => {
    const value = ratio(fg, bg);
    if (value < least) {
      failures.push(`${what} "${(el.textContent || el.getAttribute("class") || "").trim().slice(0, 30)}": ` +
        `${hex(fg)} on ${hex(bg)} is ${value.toFixed(2)}:1, under ${least}:1`);
    }
  };

  // Text in the page (the SVG boards' text is below).
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || seen.has(el) || el.closest("svg, .splash, style, script")) continue;
    seen.add(el);
    if (!shown(el) || covered(el) || disabled(el)) continue;
    const bg = background(el);
    const fg = parse(getComputedStyle(el).color);
    check("text", el, over({ ...fg, a: fg.a * opacity(el) }, bg), bg, 4.5);
  }

  // The boards' own drawing: the fill of the first drawn shape under a point (shines and
  // shadows are translucent overlays and take no pointer events, so they are not found).
  const ground = (x, y, self) => {
    for (const e of document.elementsFromPoint(x, y)) {
      if (e === self || !(e instanceof SVGGeometryElement)) continue;
      const fill = parse(getComputedStyle(e).fill);
      if (fill && fill.a > 0) return { el: e, fill };
    }
    return null;
  };
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  };
  const fillOf = (el) => parse(getComputedStyle(el).fill);
  const strokeOf = (el) => parse(getComputedStyle(el).stroke);
  // (A crown is a mark on its piece, not words: it is held to 3:1 with the pieces below.)
  for (const text of document.querySelectorAll("svg text:not(.crown)")) {
    if (!shown(text) || covered(text)) continue;
    const [x, y] = centre(text);
    const under = ground(x, y, text);
    if (!under) { failures.push(`svg text "${text.textContent}": nothing under it`); continue; }
    check("board text", text, fillOf(text), under.fill, 4.5);
  }
  // Pieces against their squares: men and kings, marbles, pebbles.
  const cellGround = (el) => {
    const cell = el.closest(".square, .hole, .pit, .store");
    return cell && (cell.querySelector(".socket") ?? cell.querySelector(":scope > rect:not(.hit), :scope > circle"));
  };
  for (const piece of document.querySelectorAll(".piece, .marble, .pebble")) {
    if (!shown(piece) || covered(piece) || piece.closest(".moving")) continue;
    const under = cellGround(piece);
    if (!under) { failures.push(`${piece.getAttribute("class")}: no square under it`); continue; }
    check("piece", piece, fillOf(piece), fillOf(under), 3);
    // A crown against its piece.
    const crown = piece.parentElement.querySelector(".crown");
    if (crown) check("crown", crown, fillOf(crown), fillOf(piece), 3);
  }
  // Marks: what can be played now, what was chosen, the last move, against the ground they
  // sit on (a square's own fill; the tray or the star just outside a pit or a hole).
  const marks = [
    ...[...document.querySelectorAll(".square.playable, .square.last, .square.selected")].map((g) => [g, g.querySelector("rect"), "square"]),
    ...[...document.querySelectorAll(".hole.playable, .hole.last, .hole.last-hop, .hole.selected")].map((g) => [g, g.querySelector(".socket"), "around"]),
    ...[...document.querySelectorAll(".pit.playable, .pit.last-from, .pit.last-to")].map((g) => [g, g.querySelector(":scope > circle"), "around"]),
  ];
  for (const [cell, mark, where] of marks) {
    if (covered(cell)) continue;
    let bg;
    if (where === "square") bg = fillOf(mark);
    else {
      // Just outside the mark's outer edge, towards the top left (a hole's neighbours lie at
      // the sides and diagonally below and above).
      const r = mark.getBoundingClientRect();
      const under = ground(r.x + r.width / 2, r.y - 2, mark);
      bg = under?.fill;
    }
    if (!bg) { failures.push(`${cell.getAttribute("class")}: nothing around the mark`); continue; }
    check(`mark (${cell.getAttribute("class")})`, cell, strokeOf(mark), bg, 3);
  }
  return failures;
}

async function expectContrast(page, what) {
  const failures = await page.evaluate(contrastFailures);
  assert.deepEqual(failures, [], what);
}

const shot = (page, name) => page.screenshot({ path: path.join(artifactDir(), `${name}.png`) });

/** A saved same-device game, written the way the app stores it. */
const save = (game, start, moves) => JSON.stringify({ mode: { mode: "same-device" }, record: { game, start, moves } });

// Each board a few moves in, so that the last move is marked and a piece is chosen with its
// destinations lit. `choose` taps, in order; `more` gives a Kalah store over 30 seeds.
const BOARDS = [
  {
    slug: "checkers", name: /^Checkers/, game: "checkers",
    start: "B:W18,22,25,29,30,31,32:BK4,9,10,11,15", moves: ["15-19"], choose: [18],
  },
  {
    slug: "kalah", name: /^Kalah/, game: "kalah",
    start: "G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0", moves: ["a", "b"], choose: [],
  },
  {
    slug: "kalah-full-store", name: /^Kalah/, game: "kalah",
    start: "G:G2,0,3,1,0,1,31:T1,2,0,1,3,0,3", moves: ["a"], choose: [],
  },
  {
    slug: "star", name: /^Chinese Checkers/, game: "chinese-checkers",
    start: "J:J112,113,114,115,116,117,118,119,120,121:C1,2,3,4,5,6,7,8,9,10", moves: ["112-104", "4-15"], choose: [114],
  },
];

for (const theme of THEMES) {
  for (const shape of SHAPES) {
    test(`every screen meets AA contrast in the ${theme} theme (${shape})`, async () => {
      const browser = await device(shape, { colorScheme: theme });
      const { page } = browser;
      const act = (l) => (touches(shape) ? l.tap() : l.click());
      try {
        await page.goto(server.url);
        await page.locator(".game-card").first().waitFor();
        // The theme is the system's: the page's colours follow it.
        const paper = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        assert.equal(paper, theme === "dark" ? "rgb(27, 24, 21)" : "rgb(246, 241, 231)");
        await expectContrast(page, "the game picker");
        await shot(page, `theme-${theme}-picker-${shape}`);
        await act(page.getByRole("button", { name: /^Checkers/ }));
        await page.locator("[data-mode]").first().waitFor();
        await expectContrast(page, "the mode screen");
        await shot(page, `theme-${theme}-mode-${shape}`);

        for (const board of BOARDS) {
          await page.goto(server.url);
          await page.evaluate(([key, value]) => localStorage.setItem(key, value),
            [`cozcade.save.${board.game}.same-device`, save(board.game, board.start, board.moves)]);
          await page.reload();
          await act(page.getByRole("button", { name: board.name }));
          await act(page.locator('[data-mode="same-device"]').getByRole("button", { name: "Continue" }));
          await page.locator(".board").waitFor();
          for (const n of board.choose) await act(page.locator(`#cell-${n}`));
          if (board.choose.length) await page.locator(".selected").first().waitFor();
          // The transitions of a chosen marble's size settle first.
          await page.waitForTimeout(200);
          await expectContrast(page, board.slug);
          await shot(page, `theme-${theme}-board-${board.slug}-${shape}`);
        }

        // The picker again, now with a Continue chip on every game (each has a save).
        await page.goto(server.url);
        await page.locator(".continue-chip").first().waitFor();
        await expectContrast(page, "the game picker with Continue chips");
        await shot(page, `theme-${theme}-picker-continue-${shape}`);
        await act(page.locator(".continue-chip").first());
        await page.locator(".board").waitFor();
        await act(page.getByRole("button", { name: "How to play" }));
        await page.locator("main.how-to-play").waitFor();
        await expectContrast(page, "How to play");
        await shot(page, `theme-${theme}-how-to-play-${shape}`);

        // The game-over sheet: red takes white's last piece.
        await page.goto(server.url);
        await page.evaluate(([key, value]) => localStorage.setItem(key, value),
          ["cozcade.save.checkers.same-device", save("checkers", "W:W22:B14", ["22-18"])]);
        await page.reload();
        await act(page.getByRole("button", { name: /^Checkers/ }));
        await act(page.locator('[data-mode="same-device"]').getByRole("button", { name: "Continue" }));
        await act(page.locator("#cell-14"));
        await act(page.locator("#cell-23"));
        await page.locator("[role=dialog].game-over").waitFor();
        await expectContrast(page, "the game-over sheet");
        await shot(page, `theme-${theme}-game-over-${shape}`);
        // The history: the finished game's moves, stepped back one.
        await act(page.getByRole("button", { name: "See the board" }));
        await page.locator(".modal").waitFor({ state: "detached" });
        await act(page.getByTestId("history-back"));
        await page.waitForFunction(() => document.querySelector(".game-board")?.dataset.review === "1");
        await expectContrast(page, "the history");
        await shot(page, `theme-${theme}-history-${shape}`);

        // The hand-over screen of a game passed between two players.
        await page.evaluate(() => localStorage.clear());
        await page.goto(server.url);
        await act(page.getByRole("button", { name: /^Checkers/ }));
        await act(page.locator('[data-mode="same-device"]').getByRole("button", { name: "New game" }));
        await page.locator(".board").waitFor();
        await act(page.getByLabel("Hand-over screen between turns"));
        await act(page.locator("#cell-11"));
        await act(page.locator("#cell-15"));
        await page.locator("[role=dialog].hand-over").waitFor();
        await expectContrast(page, "the hand-over screen");
        await shot(page, `theme-${theme}-hand-over-${shape}`);
        assert.deepEqual(browser.errors, []);
      } finally {
        await browser.close();
      }
    });
  }
}

for (const theme of THEMES) {
  test(`online screens meet AA contrast in the ${theme} theme (phone)`, async () => {
    const rooms = await roomServer();
    try {
      const phone = ["phone", { colorScheme: theme }];
      await withDevices([phone, phone], async (host, friend) => {
        await host.page.goto(rooms.url);
        await host.page.getByRole("button", { name: /^Kalah/ }).tap();
        await host.page.locator('[data-mode="online"]').getByRole("button", { name: "Play with a friend" }).tap();
        const invitation = host.page.getByTestId("invitation-link");
        await invitation.waitFor();
        const link = await invitation.inputValue();
        await expectContrast(host.page, "the invitation, waiting for the friend");
        await shot(host.page, `theme-${theme}-online-invitation-phone`);

        await friend.page.goto(link);
        await friend.page.getByTestId("welcome-colour").waitFor();
        await expectContrast(friend.page, "the friend's welcome");
        await shot(friend.page, `theme-${theme}-welcome-phone`);
        await friend.page.getByTestId("take-seat").tap();
        await friend.page.locator('main.online[data-connection="connected"]').waitFor({ timeout: 20000 });
        await host.page.locator('main.online[data-connection="connected"]').waitFor({ timeout: 20000 });
        await friend.page.locator(".board").waitFor();
        await expectContrast(host.page, "the host's board of the room");
        await expectContrast(friend.page, "the friend's board of the room");
        await shot(friend.page, `theme-${theme}-online-board-phone`);
      });
    } finally {
      await rooms.close();
    }
  });
}

test("the contrast check finds a failure when there is one", async () => {
  // The check itself: grey text on the paper, a piece the colour of its square, a mark that
  // does not stand out from its square.
  const browser = await device("phone");
  const { page } = browser;
  try {
    await page.goto(server.url);
    await page.locator(".game-card").first().waitFor();
    assert.deepEqual(await page.evaluate(contrastFailures), []);
    await page.addStyleTag({ content: ".card-title { color: #c8c0b4 !important; }" });
    const failures = await page.evaluate(contrastFailures);
    assert.ok(failures.some((f) => f.startsWith("text")), failures.join("\n"));
    await page.getByRole("button", { name: /^Checkers/ }).tap();
    await page.locator('[data-mode="same-device"]').getByRole("button", { name: "New game" }).tap();
    await page.locator(".board").waitFor();
    assert.deepEqual(await page.evaluate(contrastFailures), []);
    await page.addStyleTag({ content: ".piece.red { fill: var(--dark-square) !important; }" });
    const pieces = await page.evaluate(contrastFailures);
    assert.ok(pieces.some((f) => f.startsWith("piece")), pieces.join("\n"));
    // A target mark the colour of the squares it lights.
    await page.addStyleTag({ content: ".board.checkers { --target: #4a3526 !important; }" });
    const marks = await page.evaluate(contrastFailures);
    assert.ok(marks.some((f) => f.startsWith("mark (square dark playable")), marks.join("\n"));
  } finally {
    await browser.close();
  }
});
