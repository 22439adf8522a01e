// WebKitGTK for the browser tests: Debian's MiniBrowser driven by its WebDriver
// (`WebKitWebDriver`, package webkit2gtk-driver) through selenium-webdriver, in an Xvfb display
// of the test file's own. `WebKitPage` offers the page operations the tests use, under the
// names and with the waiting rules playwright gives them (a locator is looked up anew at each
// use; an action waits until its element is attached, visible, enabled, still and not covered;
// `waitFor`, `waitForFunction` and actions give up after 30 s), so one test runs in both engines.
//
// What WebKitGTK cannot emulate, and what stands in for it:
// - touch: its driver has no touch input and the page reports no touch points, so a tap is a
//   real mouse click (press and release) at the same point; the app acts on clicks only.
// - device scale: pages draw at 1 CSS px per pixel (screenshots are 390×844, not 1170×2532).
// - `isMobile`: the page's width is the window's, sized so that the viewport is exactly the
//   shape's (the browser's toolbar is shrunk by a GTK style so a 390 px window fits it).
// - no script runs before the page's own (no init scripts: the driver speaks classic WebDriver
//   only, without BiDi), and the browser's network cannot be intercepted (no `route`, no
//   response headers): tests that need those are marked Chromium-only.
// - offline: every request of the device goes through a proxy of its own, which `setOffline`
//   closes (new connections refused, open ones cut) while the page is told as Chromium's
//   emulation tells it (`navigator.onLine` false and an `offline` event).
// - page errors are recorded from the first script the test runs on a page (the driver gives
//   no console), so an error before that, during the first load, goes unseen.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Builder, Key, Origin } from "selenium-webdriver";

/** MiniBrowser, the browser WebKitWebDriver starts: `MINIBROWSER`, else Debian's. */
export function miniBrowser() {
  if (process.env.MINIBROWSER) return process.env.MINIBROWSER;
  for (const dir of ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib"]) {
    const binary = path.join(dir, "webkit2gtk-4.1", "MiniBrowser");
    if (fs.existsSync(binary)) return binary;
  }
  throw new Error("no MiniBrowser: `apt-get install -y libwebkit2gtk-4.1-0 webkit2gtk-driver`, or set MINIBROWSER");
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// --- the display --------------------------------------------------------------------------

let display = null;

/** The display's width (see the Xvfb screen below), and the windows open on it now. */
const DISPLAY_WIDTH = 1920;
const openWindows = new Set();

/** An Xvfb display for this test file's browsers, started at the first one, stopped at exit.
 * Tall enough for the tablet (1024×1366) below MiniBrowser's toolbar. */
async function xvfb() {
  if (display) return display;
  display = new Promise((resolve, reject) => {
    const child = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1920x1600x24", "-nolisten", "tcp"], {
      stdio: ["ignore", "ignore", "pipe", "pipe"],
    });
    let err = "";
    child.stderr.on("data", (d) => { err += d; });
    child.once("error", (e) => reject(new Error(`Xvfb could not start (${e.message}): apt-get install -y xvfb`)));
    child.once("exit", (code) => reject(new Error(`Xvfb exited (${code}):\n${err}`)));
    child.stdio[3].once("data", (d) => resolve(`:${String(d).trim()}`));
    process.once("exit", () => child.kill());
    child.unref();
    child.stdio[2].unref?.();
    child.stdio[3].unref?.();
  });
  return display;
}

// --- the network ----------------------------------------------------------------------------

/** An HTTP proxy on loopback that forwards everything (plain requests, CONNECT tunnels and
 * WebSocket upgrades) until `offline(true)`, which cuts what is open and refuses what comes. */
async function switchableProxy() {
  let offline = false;
  const open = new Set();
  // Each request forwarded, as playwright's `request` event hands it over (URL, headers, body).
  const requestListeners = [];
  const seen = (req, body) => {
    const request = { url: () => req.url, allHeaders: async () => ({ ...req.headers }), postData: () => body || null };
    for (const listener of requestListeners) listener(request);
  };
  const track = (socket) => {
    if (open.has(socket)) return;
    open.add(socket);
    socket.once("close", () => open.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = http.createServer((req, res) => {
    track(req.socket);
    if (offline) return req.socket.destroy();
    const body = [];
    req.on("data", (chunk) => body.push(chunk));
    req.on("end", () => seen(req, Buffer.concat(body).toString("latin1")));
    let target;
    try { target = new URL(req.url); } catch { res.writeHead(400); return res.end(); }
    const upstream = http.request({
      host: target.hostname, port: target.port || 80, method: req.method,
      path: target.pathname + target.search, headers: req.headers,
    }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => req.socket.destroy());
    upstream.on("socket", track);
    req.pipe(upstream);
  });
  const tunnel = (socket, host, port, head, first) => {
    track(socket);
    if (offline) return socket.destroy();
    const upstream = net.connect(Number(port), host, () => {
      if (first) upstream.write(first);
      else socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head?.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    track(upstream);
    upstream.once("close", () => socket.destroy());
    socket.once("close", () => upstream.destroy());
  };
  server.on("connect", (req, socket, head) => {
    const [host, port] = req.url.split(":");
    tunnel(socket, host, port, head);
  });
  server.on("upgrade", (req, socket, head) => {
    seen(req, "");
    let target;
    try { target = new URL(req.url); } catch { return socket.destroy(); }
    const lines = [`${req.method} ${target.pathname}${target.search} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    tunnel(socket, target.hostname, target.port || 80, head, `${lines.join("\r\n")}\r\n\r\n`);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    onRequest(listener) { requestListeners.push(listener); },
    offline(value) {
      offline = value;
      if (value) for (const socket of open) socket.destroy();
    },
    close() {
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

async function freePort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

// --- the browser ------------------------------------------------------------------------------

/** MiniBrowser's toolbar (back, forward, home, new tab, address, reload, search, menu) is
 * wider than a phone at GTK's sizes; without padding it fits in 390 px. */
const COMPACT_TOOLBAR = `button, entry, image { min-width: 0; min-height: 0; padding: 0; margin: 0;
  border-width: 0; -gtk-icon-transform: scale(0.5); }\n`;

/** A WebKitGTK browser of its own (its driver, display settings, proxy and throwaway data) on
 * the `viewport`, with playwright's device options where WebKitGTK has them: `motion`
 * ("reduce" turns GTK's animations off, which WebKit reports as prefers-reduced-motion),
 * `colorScheme` ("dark": MiniBrowser's dark mode), `locale` (LANGUAGE, which only a system with
 * that locale installed passes on to the page). */
export async function launch(viewport, options = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cozcade-webkit-"));
  const gtk = path.join(dir, "config", "gtk-3.0");
  fs.mkdirSync(gtk, { recursive: true });
  fs.mkdirSync(path.join(dir, "runtime"), { mode: 0o700 });
  fs.writeFileSync(path.join(gtk, "gtk.css"), COMPACT_TOOLBAR);
  const animations = (options.motion ?? "reduce") === "reduce" ? "false" : "true";
  fs.writeFileSync(path.join(gtk, "settings.ini"), `[Settings]\ngtk-enable-animations=${animations}\n`);
  const locale = options.locale ?? "en-US";
  const port = await freePort();
  const proxy = await switchableProxy();
  const driverProcess = spawn("WebKitWebDriver", [`--port=${port}`], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      DISPLAY: await xvfb(),
      HOME: dir,
      XDG_CONFIG_HOME: path.join(dir, "config"),
      XDG_DATA_HOME: path.join(dir, "data"),
      XDG_CACHE_HOME: path.join(dir, "cache"),
      // WebKitGTK reports the languages of the system's locale; under the C locale (all this
      // machine has) it reports "C", which the app reads as English, and LANGUAGE is ignored:
      // tests of the browser's languages are Chromium only (harness.js LANGUAGES).
      LANG: "C.UTF-8",
      LANGUAGE: locale.replace("-", "_"),
      // No session bus: GTK would otherwise start one for the display (dbus-launch), and the
      // portals it activates would outlive the browser.
      DBUS_SESSION_BUS_ADDRESS: "disabled:",
      XDG_RUNTIME_DIR: path.join(dir, "runtime"),
      NO_AT_BRIDGE: "1",
      MESA_SHADER_CACHE_DISABLE: "true",
    },
  });
  let log = "";
  driverProcess.stdout.on("data", (d) => { log += d; });
  driverProcess.stderr.on("data", (d) => { log += d; });
  const exited = new Promise((resolve) => driverProcess.once("exit", resolve));
  driverProcess.once("error", (e) => { log += `could not start WebKitWebDriver (${e.message}): apt-get install -y webkit2gtk-driver`; });
  const server = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${server}/status`)).ok) break;
    } catch {}
    if (driverProcess.exitCode !== null || i > 200) throw new Error(`WebKitWebDriver did not start:\n${log}`);
    await sleep(50);
  }
  const args = ["--automation", `--proxy=${proxy.url}`];
  if (options.colorScheme === "dark") args.push("--dark-mode");
  // A messaging app's web view, say, as its user agent names it (a WebKitSettings property).
  if (options.userAgent) args.push(`--user-agent=${options.userAgent}`);
  const driver = await new Builder().usingServer(server).withCapabilities({
    browserName: "MiniBrowser",
    "webkitgtk:browserOptions": { binary: miniBrowser(), args },
  }).build();
  const page = new WebKitPage(driver, viewport, () => log);
  await page.setViewportSize(viewport);
  // Side by side, not stacked: a test's devices (a creator and a friend) each stay in full
  // view on the display, as two phones would, so none is drawn as a window in the background.
  const spot = { x: [...openWindows].reduce((x, w) => Math.max(x, w.x + w.width), 0), width: 0 };
  const rect = await driver.manage().window().getRect();
  spot.width = rect.width;
  if (spot.x + spot.width > DISPLAY_WIDTH) spot.x = 0;
  await driver.manage().window().setRect({ x: spot.x, y: 0 });
  openWindows.add(spot);
  return {
    page,
    proxy,
    async close() {
      openWindows.delete(spot);
      await driver.quit().catch(() => {});
      driverProcess.kill();
      await exited;
      await proxy.close();
      // The browser's own processes may still be writing their last files as the driver ends.
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
    },
  };
}

// --- finding elements in the page -------------------------------------------------------------

/** Runs in the page: the elements a locator's steps name, in document order. Roles and
 * accessible names follow WAI-ARIA and accname as far as the app uses them (explicit roles,
 * the implicit roles of the elements it draws, names from aria-labelledby, aria-label, labels,
 * alt, legend, title and content). Hidden elements are left out unless asked for. */
const RESOLVE = function resolve(steps) {
  const norm = (s) => (s ?? "").replace(/\s+/g, " ").trim();
  const matches = (text, want, exact) => {
    if (want && typeof want === "object" && "source" in want) return new RegExp(want.source, want.flags).test(text);
    return exact ? text === norm(want) : text.toLowerCase().includes(norm(want).toLowerCase());
  };
  const hidden = (el) => {
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      if (e.getAttribute("aria-hidden") === "true" || e.hidden) return true;
      const style = getComputedStyle(e);
      if (style.display === "none") return true;
    }
    return getComputedStyle(el).visibility === "hidden";
  };
  const implicitRole = (el) => {
    const tag = el.localName;
    const type = (el.getAttribute("type") ?? "").toLowerCase();
    switch (tag) {
      case "button": return "button";
      case "a": case "area": return el.hasAttribute("href") ? "link" : null;
      case "h1": case "h2": case "h3": case "h4": case "h5": case "h6": return "heading";
      case "input":
        if (["button", "submit", "reset", "image"].includes(type)) return "button";
        if (type === "checkbox") return "checkbox";
        if (type === "radio") return "radio";
        if (type === "range") return "slider";
        if (type === "hidden") return null;
        return "textbox";
      case "textarea": return "textbox";
      case "select": return el.multiple || el.size > 1 ? "listbox" : "combobox";
      case "option": return "option";
      case "dialog": return "dialog";
      case "output": return "status";
      case "img": return el.getAttribute("alt") === "" ? "presentation" : "img";
      case "ul": case "ol": return "list";
      case "li": return "listitem";
      case "nav": return "navigation";
      case "main": return "main";
      case "fieldset": return "group";
      case "form": return "form";
      case "section": return "region";
      case "article": return "article";
      case "table": return "table";
      case "progress": return "progressbar";
      default: return null;
    }
  };
  const roleOf = (el) => (el.getAttribute("role") ?? "").trim().split(/\s+/)[0] || implicitRole(el);
  const fromContent = new Set(["button", "link", "heading", "checkbox", "radio", "option", "cell",
    "columnheader", "rowheader", "menuitem", "tab", "treeitem", "tooltip", "switch", "listitem"]);
  const labelsOf = (el) => {
    const labels = el.labels ? Array.from(el.labels) : [];
    return labels.map((l) => textOf(l, true)).join(" ");
  };
  const textOf = (node, inLabel) => {
    let text = "";
    for (const child of node.childNodes) {
      if (child.nodeType === 3) text += child.textContent;
      else if (child.nodeType === 1) {
        if (child.getAttribute("aria-hidden") === "true") continue;
        const style = getComputedStyle(child);
        if (style.display === "none" || style.visibility === "hidden") continue;
        if (child.localName === "title" && child.parentElement?.namespaceURI === "http://www.w3.org/2000/svg") continue;
        if (inLabel && ["select", "input", "textarea"].includes(child.localName)) continue;
        const label = child.getAttribute("aria-label");
        if (label && label.trim()) text += ` ${label} `;
        else if (child.localName === "img") text += ` ${child.getAttribute("alt") ?? ""} `;
        else {
          const block = !["inline", "contents"].includes(style.display);
          text += block ? ` ${textOf(child, inLabel)} ` : textOf(child, inLabel);
        }
      }
    }
    return text;
  };
  const nameOf = (el) => {
    const by = el.getAttribute("aria-labelledby");
    if (by) {
      const text = by.split(/\s+/).map((id) => document.getElementById(id)).filter(Boolean)
        .map((e) => e.getAttribute("aria-label") || textOf(e)).join(" ");
      if (norm(text)) return norm(text);
    }
    const label = el.getAttribute("aria-label");
    if (label && label.trim()) return norm(label);
    if (["input", "select", "textarea"].includes(el.localName)) {
      const text = labelsOf(el);
      if (norm(text)) return norm(text);
      if (["button", "submit", "reset"].includes(el.type)) return norm(el.value);
    }
    if (el.localName === "img") return norm(el.getAttribute("alt"));
    if (el.localName === "fieldset") {
      const legend = el.querySelector(":scope > legend");
      if (legend) return norm(textOf(legend));
    }
    if (el.localName === "svg") {
      const title = el.querySelector(":scope > title");
      if (title) return norm(title.textContent);
    }
    if (fromContent.has(roleOf(el))) {
      const text = norm(textOf(el));
      if (text) return text;
    }
    return norm(el.getAttribute("title"));
  };
  const all = (roots) => {
    const seen = new Set();
    const out = [];
    for (const root of roots) for (const el of root.querySelectorAll("*")) if (!seen.has(el)) { seen.add(el); out.push(el); }
    return out;
  };
  let found = [document];
  for (const step of steps) {
    const roots = found;
    switch (step.kind) {
      case "css": {
        const seen = new Set();
        found = [];
        for (const root of roots) for (const el of root.querySelectorAll(step.selector)) {
          if (!seen.has(el)) { seen.add(el); found.push(el); }
        }
        break;
      }
      case "role":
        found = all(roots).filter((el) => roleOf(el) === step.role &&
          (step.includeHidden || !hidden(el)) &&
          (step.level === undefined || Number(el.localName.slice(1)) === step.level || Number(el.getAttribute("aria-level")) === step.level) &&
          (step.name === undefined || matches(nameOf(el), step.name, step.exact)));
        break;
      case "testid":
        found = all(roots).filter((el) => el.getAttribute("data-testid") === step.id);
        break;
      case "label":
        found = all(roots).filter((el) => {
          const labelled = ["input", "select", "textarea"].includes(el.localName) || el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby");
          return labelled && !hidden(el) && matches(nameOf(el), step.text, step.exact);
        });
        break;
      case "text": {
        const hits = all(roots).filter((el) => !["script", "style", "head", "title"].includes(el.localName) && !hidden(el) && matches(norm(el.textContent), step.text, step.exact));
        // The innermost elements that hold the text, as playwright's text engine picks them.
        found = hits.filter((el) => !hits.some((other) => other !== el && el.contains(other)));
        break;
      }
      case "hasText":
        found = roots.filter((el) => matches(norm(el.textContent), step.text, false));
        break;
      case "nth": {
        const el = step.index < 0 ? roots[roots.length + step.index] : roots[step.index];
        found = el ? [el] : [];
        break;
      }
      default: throw new Error(`unknown step ${step.kind}`);
    }
  }
  return found.filter((el) => el !== document);
}.toString();

/** Regular expressions cross into the page as their source and flags. */
const plain = (value) => (value instanceof RegExp ? { source: value.source, flags: value.flags } : value);

/** Runs in the page around every script the tests send: records uncaught errors and console
 * messages from then on, and hands back the ones since the last call with the page's address. */
const WATCH = `
  if (!window.__cozcadeWatch) {
    const watch = window.__cozcadeWatch = { errors: [], console: [] };
    addEventListener("error", (e) => watch.errors.push(String(e.error ?? e.message)));
    addEventListener("unhandledrejection", (e) => watch.errors.push(String(e.reason)));
    for (const type of ["log", "info", "warn", "error"]) {
      const original = console[type].bind(console);
      console[type] = (...args) => { watch.console.push([type, args.map(String).join(" ")]); original(...args); };
    }
    document.addEventListener("securitypolicyviolation", (e) =>
      watch.console.push(["error", "Refused to load " + e.blockedURI + " (Content Security Policy: " + e.violatedDirective + ")"]));
  }
`;

const KEYS = {
  Enter: Key.ENTER, Escape: Key.ESCAPE, Tab: Key.TAB, Backspace: Key.BACK_SPACE, Delete: Key.DELETE,
  ArrowUp: Key.ARROW_UP, ArrowDown: Key.ARROW_DOWN, ArrowLeft: Key.ARROW_LEFT, ArrowRight: Key.ARROW_RIGHT,
  Home: Key.HOME, End: Key.END, PageUp: Key.PAGE_UP, PageDown: Key.PAGE_DOWN, Space: " ",
  Shift: Key.SHIFT, Control: Key.CONTROL, Alt: Key.ALT,
};

const TIMEOUT = 30000;

/** How long one command may go unanswered: longer than any script the tests send (they wait
 * 30 s at most in the page), so only a browser that died or hung gets here. */
const COMMAND_TIMEOUT = 90000;
const SILENT = Symbol("unanswered");

/** How long a read (finding elements, reading their text or attributes, a screenshot) may go
 * unanswered before it is sent once more: on a loaded machine WebKitGTK now and then leaves one
 * command unanswered while the next is answered at once. A read changes nothing in the page,
 * so sending it again is safe; anything else fails at the first silence. */
const READ_TIMEOUT = 20000;

class TimeoutError extends Error {}

/** The schemes a browser loads itself; a link to any other is handed to an app. */
const WEB_SCHEMES = ["http:", "https:", "about:", "blob:", "data:", "javascript:", "file:"];

/** A page in WebKitGTK with the operations (and names) of playwright's `Page`. */
export class WebKitPage {
  constructor(driver, viewport, driverLog = () => "") {
    this.driver = driver;
    this.driverLog = driverLog;
    this.viewport = { ...viewport };
    this.address = "about:blank";
    this.listeners = { pageerror: [], console: [] };
    this.errors = [];
    this.keyboard = { press: (key) => this.press(key) };
    this.touchscreen = { tap: (x, y) => this.clickAt(x, y) };
    this.mouse = { click: (x, y) => this.clickAt(x, y) };
  }

  on(event, listener) {
    if (!this.listeners[event]) throw new Error(`WebKit pages here report no "${event}" events (Chromium only)`);
    this.listeners[event].push(listener);
  }

  /** Runs `body` (a function body, with `resolve` and `args` in scope) in the page. */
  run(body, ...args) { return this.script(false, body, args); }

  /** `run` for a body that only reads the page: a silence is retried once (see READ_TIMEOUT). */
  read(body, ...args) { return this.script(true, body, args); }

  async script(idempotent, body, args) {
    const script = `${WATCH}
      const resolve = ${RESOLVE};
      const args = arguments;
      const result = await (async () => { ${body} })();
      const watch = window.__cozcadeWatch;
      const news = { errors: watch.errors.splice(0), console: watch.console.splice(0) };
      return [result, location.href, news];`;
    // The page's errors and console messages are taken from every answer, even one that came
    // after its read was sent again, so none goes unseen.
    const send = () => this.driver.executeScript(`return (async () => { ${script} })()`, ...args)
      .then((answer) => { this.news(answer[2]); return answer; });
    const [result, href] = idempotent ? await this.answeredRead(send, "a read of the page")
      : await this.answered(send(), "a script");
    this.address = href;
    return result;
  }

  news(news) {
    for (const error of news.errors) {
      this.errors.push(error);
      for (const listener of this.listeners.pageerror) listener(new Error(error));
    }
    for (const [type, text] of news.console) {
      for (const listener of this.listeners.console) listener({ type: () => type, text: () => text });
    }
  }

  /** `command`, unless the browser leaves it unanswered: then an error with the driver's log. */
  async answered(command, what) {
    let timer;
    const silence = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(
        `WebKit left ${what} unanswered for ${COMMAND_TIMEOUT / 1000} s; WebKitWebDriver's log:\n${this.driverLog().slice(-3000)}`)),
      COMMAND_TIMEOUT);
    });
    try {
      return await Promise.race([command, silence]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** `send()`, sent once more if the browser leaves it unanswered for READ_TIMEOUT; after a
   * second silence, an error with the driver's log. Only for commands that change nothing. */
  async answeredRead(send, what) {
    for (let attempt = 1; ; attempt++) {
      const command = send();
      let timer;
      const silence = new Promise((resolve) => { timer = setTimeout(() => resolve(SILENT), READ_TIMEOUT); });
      try {
        const answer = await Promise.race([command, silence]);
        if (answer !== SILENT) return answer;
      } finally {
        clearTimeout(timer);
      }
      // The unanswered command may still fail later: nobody waits for it any more.
      command.catch(() => {});
      if (attempt === 2) {
        throw new Error(`WebKit left ${what} unanswered twice for ${READ_TIMEOUT / 1000} s; ` +
          `WebKitWebDriver's log:\n${this.driverLog().slice(-3000)}`);
      }
      console.error(`WebKit left ${what} unanswered for ${READ_TIMEOUT / 1000} s; sending it once more`);
    }
  }

  url() { return this.address; }

  async goto(url) {
    await this.answered(this.driver.get(url), `loading ${url}`);
    await this.loaded();
  }

  async reload() {
    await this.answered(this.driver.navigate().refresh(), "a reload");
    await this.loaded();
  }

  /** The browser's own Back and Forward (the page may stay, if its history is its own). */
  async goBack() { await this.answered(this.driver.navigate().back(), "Back"); }
  async goForward() { await this.answered(this.driver.navigate().forward(), "Forward"); }

  /** After a load: the watch is set up, and an offline page knows it from the start. */
  async loaded() {
    await this.run(`if (args[0]) Object.defineProperty(navigator, "onLine", { configurable: true, get: () => false });
      return 0;`, !!this.offline);
  }

  /** Cuts the device's network at its proxy (or gives it back) and tells the page, as
   * Chromium's offline emulation does: `navigator.onLine` and an `offline`/`online` event. */
  async setOffline(offline, proxy) {
    this.offline = offline;
    proxy.offline(offline);
    await this.run(`Object.defineProperty(navigator, "onLine", { configurable: true, get: () => !args[0] });
      dispatchEvent(new Event(args[0] ? "offline" : "online"));
      return 0;`, offline);
  }

  async title() { return this.answeredRead(() => this.driver.getTitle(), "the title"); }

  viewportSize() { return { ...this.viewport }; }

  /** Sizes the window so that the page's viewport is `width`×`height` CSS px: the window is
   * the viewport plus the browser's toolbar, measured once the page has taken the new size. */
  async setViewportSize({ width, height }) {
    this.viewport = { width, height };
    const window = this.driver.manage().window();
    let outer = { width, height };
    for (let i = 0; i < 5; i++) {
      await window.setRect(outer);
      // A resize reaches the page a frame or two later: read until two readings agree.
      let inner = null;
      for (let j = 0; j < 40; j++) {
        await sleep(25);
        const now = await this.driver.executeScript("return [innerWidth, innerHeight]");
        if (inner && now[0] === inner[0] && now[1] === inner[1]) break;
        inner = now;
      }
      if (inner[0] === width && inner[1] === height) return;
      outer = { width: outer.width + (width - inner[0]), height: outer.height + (height - inner[1]) };
    }
    throw new Error(`WebKit's viewport could not be made ${width}×${height}`);
  }

  async evaluate(fn, arg) {
    if (typeof fn === "string") return this.run(`return await (${fn});`);
    return this.run(`return await (${fn.toString()})(args[0]);`, arg ?? null);
  }

  /** Polls `fn(arg)` in the page until it answers something truthy; returns that. */
  async waitForFunction(fn, arg, options = {}) {
    const timeout = options.timeout ?? TIMEOUT;
    const source = typeof fn === "string" ? `() => (${fn})` : fn.toString();
    return this.poll(() => this.run(`return await (${source})(args[0]);`, arg ?? null), (v) => v, timeout,
      `waitForFunction(${source.slice(0, 120)})`);
  }

  async waitForTimeout(ms) { await sleep(ms); }

  async screenshot(options = {}) {
    const png = Buffer.from(await this.answeredRead(() => this.driver.takeScreenshot(), "a screenshot"), "base64");
    if (options.path) fs.writeFileSync(options.path, png);
    return png;
  }

  /** What needs Chromium's protocol says so, with the way out. */
  addInitScript() { throw new Error("WebKit runs no script before the page's own: mark this test chromiumOnly"); }
  route() { throw new Error("WebKit's network cannot be intercepted here (page.route): mark this test chromiumOnly"); }

  async addStyleTag({ content }) {
    await this.run("const s = document.createElement('style'); s.textContent = args[0]; document.head.append(s);", content);
  }

  async press(key) {
    const parts = key === "+" ? ["+"] : key.split("+");
    const keys = parts.map((k) => KEYS[k] ?? k);
    let actions = this.driver.actions({ async: true });
    for (const k of keys) actions = actions.keyDown(k);
    for (const k of keys.slice().reverse()) actions = actions.keyUp(k);
    await this.answered(actions.perform(), "a key");
  }

  /** A real press and release of the mouse at viewport point (x, y). */
  async clickAt(x, y) {
    const on = await this.read("return document.elementFromPoint(args[0], args[1])?.outerHTML.slice(0, 100);", x, y);
    await this.pressAt({ x, y, on });
  }

  /** The mouse pressed and released at `x`, `y`; `on` says what was there (for a failure's
   * message). */
  async pressAt({ x, y, on }) {
    this.lastPress = { x, y, on };
    const press = () => this.answered(this.driver.actions({ async: true })
      .move({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT })
      .press().release().perform(), "a press");
    try {
      await press();
    } catch (e) {
      // Under load WebKitWebDriver has, rarely, refused a press with a bare WebDriverError (no
      // message, no stack): the press is sent once more. Any other failure stands.
      if (e?.name !== "WebDriverError" || e?.message) throw e;
      await sleep(200);
      await press();
    }
  }

  /** Retries `attempt` until `done(result)`; page errors during a navigation are retried. */
  async poll(attempt, done, timeout, what) {
    const deadline = Date.now() + timeout;
    let last;
    for (;;) {
      try {
        last = await attempt();
        if (done(last)) return last;
      } catch (e) {
        if (e instanceof TimeoutError) throw e;
        last = e;
        // Selenium names some of these errors only in `name` (NoSuchFrameError, whose message
        // may say nothing of a frame when the page unloads under the script), hence `no ?such`.
        if (!/javascript error|stale|detached|no ?such|unload|unknown error|Navigation/i.test(String(e?.name) + " " + String(e?.message))) throw e;
      }
      if (Date.now() > deadline) {
        const detail = last instanceof Error ? `: ${last.message}` : "";
        const shot = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cozcade-webkit-timeout-")), "page.png");
        await this.screenshot({ path: shot }).catch(() => {});
        // The screen's own tag says which screen and state the page was in, in CI's log where
        // the picture is out of reach. A room's id and a seat key are left out of it.
        const screen = await this.evaluate(() => {
          const main = document.querySelector("main")?.outerHTML;
          return `${location.pathname}${location.hash} ${main ? main.slice(0, main.indexOf(">") + 1) : "(no <main>)"}`;
        }).then((s) => s.replace(/\/r\/[0-9a-f]+/g, "/r/<room>").replace(/#seat=[^ "]*/g, "#seat=<key>"), () => "(unknown)");
        throw new TimeoutError(`Timeout ${timeout}ms exceeded in WebKit waiting for ${what}${detail} ` +
          `(the page then: ${screen}, drawn in ${shot}; the last press: ${JSON.stringify(this.lastPress)})`);
      }
      await sleep(30);
    }
  }

  locator(selector) { return new Locator(this, [{ kind: "css", selector }]); }
  getByRole(role, options = {}) { return new Locator(this, []).getByRole(role, options); }
  getByTestId(id) { return new Locator(this, []).getByTestId(id); }
  getByLabel(text, options = {}) { return new Locator(this, []).getByLabel(text, options); }
  getByText(text, options = {}) { return new Locator(this, []).getByText(text, options); }
}

/** Playwright's `Locator`: the steps to the elements, looked up anew at each use. */
class Locator {
  constructor(page, steps) {
    this.page = page;
    this.steps = steps;
  }

  with(step) { return new Locator(this.page, [...this.steps, step]); }
  locator(selector) { return this.with({ kind: "css", selector }); }
  getByRole(role, { name, exact, level, includeHidden } = {}) {
    return this.with({ kind: "role", role, name: plain(name), exact: !!exact, level, includeHidden: !!includeHidden });
  }
  getByTestId(id) { return this.with({ kind: "testid", id }); }
  getByLabel(text, { exact } = {}) { return this.with({ kind: "label", text: plain(text), exact: !!exact }); }
  getByText(text, { exact } = {}) { return this.with({ kind: "text", text: plain(text), exact: !!exact }); }
  filter({ hasText, has } = {}) {
    if (has) throw new Error("filter({ has }) is not offered in WebKit");
    return hasText === undefined ? this : this.with({ kind: "hasText", text: plain(hasText) });
  }
  first() { return this.with({ kind: "nth", index: 0 }); }
  last() { return this.with({ kind: "nth", index: -1 }); }
  nth(index) { return this.with({ kind: "nth", index }); }
  toString() { return `locator ${JSON.stringify(this.steps)}`; }

  /** Runs `body`, which only reads the page, with `els` (the elements found) and `args` in
   * scope. */
  on(body, ...args) {
    return this.page.read(`const els = resolve(args[0]); ${body}`, this.steps, ...args);
  }

  /** `on` for a body that may change the page (never sent twice). */
  act(body, ...args) {
    return this.page.run(`const els = resolve(args[0]); ${body}`, this.steps, ...args);
  }

  /** Waits for the first element, then runs `body` on it (`el`); `change` if the body may
   * change the page. */
  async one(body, ...args) { return this.onFirst(false, body, args); }
  async oneActing(body, ...args) { return this.onFirst(true, body, args); }

  async onFirst(change, body, args) {
    const script = `if (!els.length) return [false]; const el = els[0]; return [true, await (async () => { ${body} })()];`;
    const [found, value] = await this.page.poll(
      () => (change ? this.act(script, ...args) : this.on(script, ...args)),
      ([ok]) => ok, TIMEOUT, `${this}`);
    return found ? value : undefined;
  }

  count() { return this.on("return els.length;"); }
  async all() {
    const n = await this.count();
    return Array.from({ length: n }, (_, i) => this.nth(i));
  }
  textContent() { return this.one("return el.textContent;"); }
  innerText() { return this.one("return el.innerText;"); }
  inputValue() { return this.one("return el.value;"); }
  getAttribute(name) { return this.one("return el.getAttribute(args[1]);", name); }
  isChecked() { return this.one("return !!el.checked || el.getAttribute('aria-checked') === 'true';"); }
  isEnabled() { return this.one("return !el.disabled && el.getAttribute('aria-disabled') !== 'true';"); }
  async isDisabled() { return !(await this.isEnabled()); }
  isVisible() {
    return this.on(`const el = els[0]; if (!el) return false; const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";`);
  }
  allTextContents() { return this.on("return els.map((el) => el.textContent);"); }
  allInnerTexts() { return this.on("return els.map((el) => el.innerText);"); }
  evaluate(fn, arg) { return this.oneActing(`return await (${fn.toString()})(el, args[1]);`, arg ?? null); }
  evaluateAll(fn, arg) { return this.act(`return await (${fn.toString()})(els, args[1]);`, arg ?? null); }
  async boundingBox() {
    const box = await this.one(`const r = el.getBoundingClientRect();
      return r.width || r.height ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;`);
    return box ?? null;
  }
  focus() { return this.oneActing("el.focus(); return 0;"); }
  dispatchEvent(type) { return this.oneActing("el.dispatchEvent(new Event(args[1], { bubbles: true })); return 0;", type); }
  scrollIntoViewIfNeeded() { return this.oneActing("el.scrollIntoView({ block: 'nearest', inline: 'nearest' }); return 0;"); }
  async press(key) { await this.focus(); await this.page.press(key); }
  /** The element alone: scrolled into view, cut out of a picture of the viewport (WebKitGTK's
   * own element screenshot comes back black for the app's SVG). */
  async screenshot(options = {}) {
    await this.scrollIntoViewIfNeeded();
    const box = await this.boundingBox();
    if (!box) throw new Error(`${this}: nothing to take a picture of`);
    const x = Math.max(0, Math.floor(box.x)), y = Math.max(0, Math.floor(box.y));
    const crop = `${Math.ceil(box.x + box.width) - x}x${Math.ceil(box.y + box.height) - y}+${x}+${y}`;
    const png = execFileSync("convert", ["png:-", "-crop", crop, "+repage", "png:-"], { input: await this.page.screenshot() });
    if (options.path) fs.writeFileSync(options.path, png);
    return png;
  }

  /** `state`: "visible" (the default), "attached", "hidden" or "detached". */
  async waitFor({ state = "visible", timeout = TIMEOUT } = {}) {
    await this.page.poll(() => this.on(`const el = els[0];
      const visible = !!el && (() => { const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden"; })();
      switch (args[1]) {
        case "attached": return !!el;
        case "detached": return !el;
        case "hidden": return !visible;
        default: return visible;
      }`, state), (ok) => ok, timeout, `${this} to be ${state}`);
  }

  /** Waits until the element can take a press where a finger or pointer would land (attached,
   * visible, enabled, in the same place over an animation frame, and on top at its centre),
   * then presses there. */
  async click(options = {}) {
    const point = await this.page.poll(() => this.on(`const el = els[0];
        if (!el) return { wait: "attached" };
        if (el.disabled || el.getAttribute("aria-disabled") === "true") return { wait: "enabled" };
        el.scrollIntoView({ block: "nearest", inline: "nearest" });
        const before = el.getBoundingClientRect();
        await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
        const r = el.getBoundingClientRect();
        if (!(r.width > 0 && r.height > 0) || getComputedStyle(el).visibility === "hidden") return { wait: "visible" };
        if (r.x !== before.x || r.y !== before.y || r.width !== before.width || r.height !== before.height) return { wait: "stable" };
        const x = r.x + r.width / 2, y = r.y + r.height / 2;
        const top = document.elementFromPoint(x, y);
        if (top && top !== el && !el.contains(top)) return { wait: "uncovered", by: top.outerHTML.slice(0, 100) };
        const scheme = el.closest("a[href]")?.protocol;
        return { x, y, on: top?.outerHTML.slice(0, 100), scheme };`),
    (at) => !at.wait, options.timeout ?? TIMEOUT, `${this} to take a press`);
    const { scheme, ...at } = point;
    if (scheme && !WEB_SCHEMES.includes(scheme)) await this.noAppFor(scheme);
    await this.page.pressAt(at);
  }

  /** MiniBrowser, handed a link to a scheme that no app on the machine takes (the app's own
   * `cozcade:`), replaces the page with its own "The URL can't be shown". A phone's browser
   * keeps the page: Safari says the address is invalid over it, Chrome does nothing, and the
   * app is written for that (it says the app did not open). So the next click on such a link
   * still reaches the page and the app's handlers, and only the browser's navigation is
   * cancelled, as on a phone without the app. */
  noAppFor(scheme) {
    return this.page.run(`const scheme = args[0];
      addEventListener("click", (e) => {
        if (e.target.closest?.("a[href]")?.protocol === scheme) e.preventDefault();
      }, { capture: true, once: true });`, scheme);
  }

  /** No touch input in WebKitGTK: a tap is a press and release of the mouse at the same point. */
  tap(options) { return this.click(options); }

  async check() {
    if (!(await this.isChecked())) await this.click();
    await this.page.poll(() => this.isChecked(), (v) => v, TIMEOUT, `${this} to be checked`);
  }

  /** Chooses the option with this value (or label) and tells the page, as playwright does:
   * `input` and `change` events. */
  async selectOption(value) {
    await this.oneActing(`const want = args[1];
      const option = Array.from(el.options).find((o) => o.value === want) ?? Array.from(el.options).find((o) => o.label === want);
      if (!option) throw new Error("no option " + want);
      el.focus();
      el.value = option.value;
      el.dispatchEvent(new Event("input", { bubbles: true }));
      el.dispatchEvent(new Event("change", { bubbles: true }));
      return 0;`, value);
    return [value];
  }
}
