// The native app (the desktop build: Dioxus in a wry window on WebKitGTK, with SQLite, the
// tokio-tungstenite socket and the computer on a thread) as the native end-to-end tests drive
// it: in an X display of its own (Xvfb) with a session bus and an accessibility bus of its own,
// and a HOME of its own. It is read through its accessibility tree as a screen reader reads it
// (AT-SPI, `atspi.py`), and pressed with the X server's mouse and keyboard (xdotool) where that
// tree says a button is. Links reach it through the stand-in host (feature `stand-in-host`):
// on its command line at start, and on its loopback socket while it runs.
import { spawn, execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const here = path.dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The app built with `--features stand-in-host`: COZCADE_NATIVE_BIN (xtask builds it and sets
 * it), else the target dir's debug build. */
export function appBin() {
  if (process.env.COZCADE_NATIVE_BIN) return process.env.COZCADE_NATIVE_BIN;
  const target = process.env.CARGO_TARGET_DIR ?? path.join(here, "..", "..", "..", "target");
  return path.join(target, "debug", "cozcade-mobile");
}

/** The room server the app was built for (its COZCADE_SERVER at build time). */
export const NATIVE_SERVER = process.env.COZCADE_NATIVE_SERVER ?? "http://127.0.0.29:8029";

/** Starts a child and keeps what it prints; `exited` resolves with its exit. */
function child(command, args, options) {
  const proc = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  proc.log = "";
  proc.stdout.on("data", (d) => { proc.log += d; });
  proc.stderr.on("data", (d) => { proc.log += d; });
  proc.exited = new Promise((resolve) => proc.once("exit", (code, signal) => resolve(code ?? signal)));
  proc.once("error", (e) => { proc.log += `could not start ${command}: ${e.message}\n`; });
  return proc;
}

async function stop(proc, signal = "SIGTERM") {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill(signal);
  const gone = await Promise.race([proc.exited.then(() => true), sleep(5000).then(() => false)]);
  if (!gone) {
    proc.kill("SIGKILL");
    await proc.exited;
  }
}

/** Waits until `check()` answers something truthy; returns it. `what` (text, or a function
 * that answers it at the time) says what was awaited when it never comes. */
export async function until(check, { timeout = 20000, what = "a condition" } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await check();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) {
      const said = typeof what === "function" ? what() : what;
      throw new Error(`waited ${timeout} ms for ${said}` + (last instanceof Error ? `: ${last.message}` : ""));
    }
    await sleep(100);
  }
}

/** An X display, a session bus and the accessibility bus, for one test file. */
export async function desktop() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cozcade-native-"));
  const xvfb = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1280x1000x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "ignore", "pipe"],
  });
  const display = await new Promise((resolve, reject) => {
    xvfb.once("error", (e) => reject(new Error(`Xvfb could not start (${e.message}): apt-get install -y xvfb`)));
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited (${code})`)));
    xvfb.stdio[3].once("data", (d) => resolve(`:${String(d).trim()}`));
  });
  const bus = child("dbus-daemon", ["--session", "--nofork", "--print-address=1"], {});
  const address = await until(() => bus.log.split("\n")[0].trim(), { what: "the session bus's address" });
  const env = {
    ...withoutXdg(process.env),
    DISPLAY: display,
    DBUS_SESSION_BUS_ADDRESS: address,
    XDG_RUNTIME_DIR: dir,
    NO_AT_BRIDGE: "0",
    MESA_SHADER_CACHE_DISABLE: "true",
  };
  const a11y = child("/usr/libexec/at-spi-bus-launcher", ["--launch-immediately"], { env });
  // The reader of the accessibility tree: one process for the whole file.
  const reader = spawn("/usr/bin/python3", [path.join(here, "atspi.py")], { env, stdio: ["pipe", "pipe", "inherit"] });
  const answers = readline.createInterface({ input: reader.stdout });
  const waiting = [];
  answers.on("line", (line) => waiting.shift()?.(JSON.parse(line)));
  let queue = Promise.resolve();
  const ask = (request) => {
    const asked = queue.then(() => new Promise((resolve, reject) => {
      waiting.push((answer) => (answer.error ? reject(new Error(answer.error)) : resolve(answer.ok)));
      reader.stdin.write(`${JSON.stringify(request)}\n`);
    }));
    queue = asked.catch(() => {});
    return asked;
  };
  const xdotool = (...args) => run("xdotool", args, { env });
  return {
    env,
    ask,
    xdotool,
    /** The whole screen as a PNG (ImageMagick's `import`; no time stamps, so that two of the
     * same picture are the same bytes). */
    screenshot: (file) => run("import", ["-window", "root", "-define", "png:exclude-chunk=date,time", file], { env }),
    async close() {
      reader.stdin.end();
      await stop(a11y);
      await stop(bus);
      xvfb.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function withoutXdg(environment) {
  const out = {};
  for (const [key, value] of Object.entries(environment)) {
    if (!key.startsWith("XDG_") && key !== "HOME") out[key] = value;
  }
  return out;
}

/** The app, started in `session` with `home` as its HOME, `links` on its command line and
 * `env` added to its environment. */
export async function launch(session, home, { links = [], env = {} } = {}) {
  const bin = appBin();
  if (!fs.existsSync(bin)) {
    throw new Error(`no app at ${bin}: COZCADE_SERVER=${NATIVE_SERVER} cargo build -p cozcade-mobile --features stand-in-host`);
  }
  const proc = child(bin, links, {
    env: { ...session.env, HOME: home, LANG: "en_US.UTF-8", ...env },
  });
  const app = new NativeApp(session, proc);
  await until(async () => (await app.find("document web")).length > 0 || proc.exitCode !== null,
    { timeout: 60000, what: "the app's window" });
  if (proc.exitCode !== null) throw new Error(`the app exited:\n${proc.log}`);
  await app.resize(390, 844);
  return app;
}

/** The running app: what a test finds, reads and presses in it. */
export class NativeApp {
  constructor(session, proc) {
    this.session = session;
    this.proc = proc;
  }

  get pid() { return this.proc.pid; }
  log() { return this.proc.log; }

  /** The nodes with AT-SPI `role` (e.g. "push button", "heading") whose name is `name`: a
   * string is the whole name (`{ match: "prefix" | "contains" }` for less), a RegExp a pattern. */
  find(role, name, { match = "exact" } = {}) {
    const request = { op: "find", pid: this.pid, role, match };
    if (name instanceof RegExp) Object.assign(request, { name: name.source, match: "regex" });
    else if (name !== undefined) request.name = name;
    return this.session.ask(request);
  }

  /** The first such node once there is one. */
  async waitFor(role, name, options = {}) {
    const [node] = await until(async () => {
      const found = await this.find(role, name, options);
      return found.length ? found : null;
    }, { timeout: options.timeout ?? 20000, what: `${role} ${name} in the app` });
    return node;
  }

  /** Waits until there is no such node. */
  async waitForNone(role, name, options = {}) {
    await until(async () => (await this.find(role, name, options)).length === 0,
      { timeout: options.timeout ?? 20000, what: `no ${role} ${name} in the app` });
  }

  /** A press of the mouse in the middle of the node (the first found, once there is one, it
   * stays in the same place for two looks in a row, and the accessibility tree says a press
   * there lands on it: nothing covers it and its place is not one left from a layout before),
   * where the screen shows it. */
  async tap(role, name, options = {}) {
    let previous = null;
    let last = null;
    const node = await until(async () => {
      const [now] = await this.find(role, name, options);
      const still = now && previous && ["x", "y", "width", "height"].every((k) => now[k] === previous[k]);
      previous = now;
      if (!still) return null;
      const x = now.x + now.width / 2, y = now.y + now.height / 2;
      const hit = await this.session.ask({ op: "at", pid: this.pid, x: Math.round(x), y: Math.round(y) });
      last = hit[0] ? `${hit[0].role} ${JSON.stringify(hit[0].name)}` : "nothing";
      const same = (n) => n.role === now.role && n.name === now.name &&
        ["x", "y", "width", "height"].every((k) => n[k] === now[k]);
      // A radio button's press lands on its label's other parts as well (its drawn dot).
      const label = (n) => n.role === "label" && now.role === "radio button" &&
        n.x <= now.x && n.y <= now.y && n.x + n.width >= now.x + now.width && n.y + n.height >= now.y + now.height;
      return hit.some((n) => same(n) || label(n)) ? now : null;
    }, { timeout: options.timeout ?? 20000, what: () => `${role} ${name} to take a press in the app (a press there lands on ${last})` });
    await this.pressAt(node.x + node.width / 2, node.y + node.height / 2);
    return node;
  }

  async pressAt(x, y) {
    await this.session.xdotool("mousemove", "--sync", String(Math.round(x)), String(Math.round(y)), "click", "1");
  }

  /** A key (xdotool's names: Right, Return, Escape…) to the app's window. */
  async key(name) {
    await this.session.xdotool("key", "--clearmodifiers", name);
  }

  /** The app's window, sized to `width`×`height` (no window manager here: it sits at 0,0). */
  async resize(width, height) {
    const { stdout } = await this.session.xdotool("search", "--pid", String(this.pid), "--onlyvisible", "--class", "");
    for (const id of stdout.split("\n").filter(Boolean)) {
      await this.session.xdotool("windowsize", id, String(width), String(height));
    }
    // The page takes the new width a frame later.
    await until(async () => {
      const [doc] = await this.find("document web");
      return doc && doc.width <= width;
    }, { what: `the window at ${width}×${height}` });
  }

  /** Hands `link` to the app's bridge while it runs, as the phones' hosts do; answers what
   * `open_link` said (true: an invitation, now in the App's inbox). */
  openLink(link) { return this.toHost(link); }

  /** Lets the computer's held searches begin (the app started with COZCADE_HOLD_COMPUTER). */
  releaseComputer() { return this.toHost("release the computer"); }

  /** One line to the stand-in host's socket; its answer. */
  async toHost(line) {
    const address = await until(() => /stand-in host: (127\.0\.0\.1:\d+)/.exec(this.proc.log)?.[1],
      { what: "the stand-in host's socket" });
    const [host, port] = address.split(":");
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), host, () => socket.write(`${line}\n`));
      let answer = "";
      socket.on("data", (d) => {
        answer += d;
        if (answer.includes("\n")) {
          socket.end();
          resolve(answer.trim() === "true");
        }
      });
      socket.on("error", reject);
    });
  }

  /** The window as the player sees it. WebKitGTK paints the window after its accessibility
   * tree has changed, so the picture is taken once two in a row are the same. */
  async screenshot(file) {
    let previous = null;
    for (let look = 0; look < 20; look++) {
      await this.session.screenshot(file);
      const now = fs.readFileSync(file);
      if (previous?.equals(now)) return;
      previous = now;
      await sleep(250);
    }
  }

  /** The accessibility tree, for a failure's message. */
  tree() { return this.session.ask({ op: "tree", pid: this.pid }); }

  /** Ends the app as a phone's system ends one in the background: at once, with no warning. */
  async kill() { await stop(this.proc, "SIGKILL"); }
}
