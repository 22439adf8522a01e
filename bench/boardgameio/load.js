// Load driver for the boardgame.io side of the benchmark, the same shape as cozcade-loadtest:
// R rooms (boardgame.io matches) of Kalah, two socket.io clients each (separate connections),
// playing random legal games at an even share of a target move rate; it measures, per move,
// the time from sending it to the mover receiving the confirmed state, and reports confirmed
// moves/s, p50/p90/p99/max latency, CPU and the server's peak memory, in the lines
// cozcade-loadtest prints (so `cargo xtask bench-vs-bgio` reads both alike).
//
//   node load.js [--rooms 100] [--rate 100] [--seconds 30 | --moves N] [--warmup 5] [--procs 1]
//                [--addr 127.0.0.1:PORT] [--order stored|stock] [--write-queue on|off]
//                [--db-dir DIR] [--seed 1]
//
// Without --addr it starts `server.js` on 127.0.0.1 with a fresh FlatFile directory, so it can
// read the server's memory from /proc. --warmup S plays S seconds at the target rate before the
// measured window (cozcade-loadtest measures from the first move: no warm-up for ours). --procs K splits the rooms over K driver processes when
// one Node process cannot keep up (its CPU is reported as "load-test CPU"). --moves N plays N
// moves in every room instead of a timed window, and fails unless every one was confirmed.
// Only loopback addresses are accepted: this tool measures this machine.

'use strict';

const { fork, spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');
const { parseArgs } = require('node:util');
const { io } = require('socket.io-client');
const { legalPits, sow } = require('./kalah');

const GAME = 'kalah';
/** How long one move may wait for its confirmation before the room counts as dropped. */
const MOVE_TIMEOUT_MS = 30_000;

function options() {
  const { values } = parseArgs({
    options: {
      rooms: { type: 'string', default: '100' },
      rate: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '30' },
      warmup: { type: 'string', default: '5' },
      moves: { type: 'string' },
      procs: { type: 'string', default: '1' },
      addr: { type: 'string' },
      order: { type: 'string', default: 'stored' },
      'write-queue': { type: 'string', default: 'on' },
      'db-dir': { type: 'string' },
      seed: { type: 'string', default: '1' },
      'connect-parallel': { type: 'string', default: '200' },
      worker: { type: 'boolean', default: false },
    },
  });
  const count = (name, min) => {
    const n = Number(values[name]);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number ≥ ${min}`);
    return n;
  };
  const parsed = {
    rooms: Math.floor(count('rooms', 1)),
    rate: count('rate', 0.001),
    seconds: count('seconds', 0.001),
    warmup: count('warmup', 0),
    moves: values.moves === undefined ? null : Math.floor(count('moves', 1)),
    procs: Math.floor(count('procs', 1)),
    addr: values.addr ?? null,
    order: values.order,
    writeQueue: values['write-queue'],
    dbDir: values['db-dir'] ?? os.tmpdir(),
    seed: Math.floor(count('seed', 0)),
    connectParallel: Math.floor(count('connect-parallel', 1)),
    worker: values.worker,
  };
  if (parsed.addr !== null) {
    const host = parsed.addr.replace(/:\d+$/, '');
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(host) && !host.startsWith('127.')) {
      throw new Error(`only loopback addresses are tested: ${parsed.addr}`);
    }
  }
  parsed.procs = Math.min(parsed.procs, parsed.rooms);
  return parsed;
}

// ---------------------------------------------------------------------------------------------
// The coordinating process: server, workers, the measured window, the report.

async function coordinate(opts) {
  let server = null;
  let addr = opts.addr;
  if (addr === null) {
    server = await startServer(opts);
    addr = server.addr;
  }
  const pid = server ? server.child.pid : null;
  console.log(
    `server ${addr} (pid ${pid ?? 'not ours'}, boardgame.io, --order ${opts.order}, --write-queue ${opts.writeQueue}); ` +
      `${opts.rooms} rooms of ${GAME}, ${opts.rooms * 2} connections, ${opts.procs} driver process(es)`,
  );

  const workers = [];
  try {
    // Rooms and rate shared out evenly between the driver processes.
    for (let i = 0; i < opts.procs; i++) {
      const rooms = Math.floor(opts.rooms / opts.procs) + (i < opts.rooms % opts.procs ? 1 : 0);
      const child = fork(__filename, ['--worker'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      workers.push({ child, rooms, messages: messageQueue(child) });
    }
    const started = Date.now();
    for (const [i, w] of workers.entries()) {
      w.child.send({
        type: 'setup',
        addr,
        rooms: w.rooms,
        rate: (opts.rate * w.rooms) / opts.rooms,
        moves: opts.moves,
        seed: opts.seed * 1000 + i,
        connectParallel: Math.max(1, Math.floor(opts.connectParallel / opts.procs)),
      });
    }
    for (const w of workers) await w.messages.expect('ready');
    console.log(`${opts.rooms * 2} connections up in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // Every process starts at the same wall-clock moment. The rooms play at the target rate
    // through the warm-up (V8 compiling the hot paths, each match's first log file) before the
    // measured window; a --moves run measures everything.
    const start = Date.now() + 500;
    const begin = opts.moves === null ? start + opts.warmup * 1000 : start;
    const end = opts.moves === null ? begin + opts.seconds * 1000 : null;
    for (const w of workers) w.child.send({ type: 'go', start, begin, end });
    await sleepUntil(begin);
    const cpuBegin = { server: pid && cpuSeconds(pid), drivers: workers.map((w) => cpuSeconds(w.child.pid)) };
    let cpuEnd = null;
    if (end !== null) {
      await sleepUntil(end);
      cpuEnd = { server: pid && cpuSeconds(pid), drivers: workers.map((w) => cpuSeconds(w.child.pid)) };
    }
    const results = [];
    for (const w of workers) results.push(await w.messages.expect('done'));
    const finished = Math.max(...results.map((r) => r.finished));
    if (cpuEnd === null) {
      cpuEnd = { server: pid && cpuSeconds(pid), drivers: workers.map((w) => cpuSeconds(w.child.pid)) };
    }
    const elapsed = end !== null ? opts.seconds : (finished - begin) / 1000;
    const memory = pid ? memoryOf(pid) : null;
    for (const w of workers) w.child.send({ type: 'close' });

    const latencies = new Float64Array(results.reduce((n, r) => n + r.latencies.length, 0));
    let at = 0;
    for (const r of results) {
      latencies.set(r.latencies, at);
      at += r.latencies.length;
    }
    latencies.sort();
    const pick = (q) =>
      latencies.length === 0 ? NaN : latencies[Math.round((latencies.length - 1) * q)] / 1000;
    const sum = (key) => results.reduce((n, r) => n + r[key], 0);
    const moves = sum('moves');
    const driverCpu = cpuEnd.drivers.reduce((n, c, i) => n + c - cpuBegin.drivers[i], 0);

    console.log('---');
    console.log(`rooms:               ${opts.rooms}`);
    console.log(
      `connections held:    ${sum('held')} at the end (driver's count); dropped during the run: ${sum('dropped')}`,
    );
    console.log(
      `confirmed moves:     ${moves} in ${elapsed.toFixed(1)} s = ${(moves / elapsed).toFixed(0)} moves/s`,
    );
    console.log(`new rounds:          ${sum('rounds')}`);
    console.log(`refused/errors:      ${sum('errors')}`);
    console.log(
      `ack latency (ms):    p50 ${pick(0.5).toFixed(2)}  p90 ${pick(0.9).toFixed(2)}  ` +
        `p99 ${pick(0.99).toFixed(2)}  max ${pick(1).toFixed(2)}  (n = ${latencies.length})`,
    );
    const perMove = (s) => ((s / Math.max(moves, 1)) * 1e6).toFixed(0);
    if (pid) {
      const used = cpuEnd.server - cpuBegin.server;
      console.log(
        `server CPU:          ${used.toFixed(1)} s = ${((used / elapsed) * 100).toFixed(0)}% of one core, ${perMove(used)} µs per move`,
      );
    }
    console.log(
      `load-test CPU:       ${driverCpu.toFixed(1)} s = ${((driverCpu / elapsed) * 100).toFixed(0)}% of one core, ${perMove(driverCpu)} µs per move (${opts.procs} process(es))`,
    );
    if (memory) console.log(`server memory:       ${memory}`);

    if (opts.moves !== null) {
      // The smoke check's promise: every room made all its moves, each one confirmed.
      const expected = opts.rooms * opts.moves;
      if (moves !== expected || sum('errors') > 0 || sum('dropped') > 0) {
        throw new Error(`expected ${expected} confirmed moves, got ${moves} (errors ${sum('errors')}, dropped ${sum('dropped')})`);
      }
      console.log(`all ${expected} moves confirmed`);
    }
  } finally {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill();
    if (server) await server.stop();
  }
}

/** Starts server.js with a fresh storage directory; resolves once it prints its address. */
function startServer(opts) {
  const dir = fs.mkdtempSync(path.join(opts.dbDir, 'bgio-load-'));
  const child = spawn(process.execPath, [path.join(__dirname, 'server.js'), '--dir', dir, '--order', opts.order, '--write-queue', opts.writeQueue], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // Give up waiting after 10 s, without that timer keeping this process alive.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('the boardgame.io server did not start in 30 s'));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the boardgame.io server exited (${code}) before listening`));
    });
    const lines = readline.createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      clearTimeout(timer);
      const match = /http:\/\/(127\.0\.0\.1:\d+)/.exec(line);
      if (!match) {
        stop();
        reject(new Error(`no address in the server's first line: ${line}`));
        return;
      }
      child.removeAllListeners('exit');
      resolve({ child, addr: match[1], stop });
    });
  });
}

/** Messages from a worker, awaited in order; a worker that dies fails the wait. */
function messageQueue(child) {
  const queue = [];
  const waiting = [];
  let failure = null;
  child.on('message', (message) => {
    const next = waiting.shift();
    if (next) next.resolve(message);
    else queue.push(message);
  });
  child.on('exit', (code) => {
    failure = new Error(`a driver process exited (${code})`);
    while (waiting.length) waiting.shift().reject(failure);
  });
  return {
    async expect(type) {
      const message = queue.length
        ? queue.shift()
        : await new Promise((resolve, reject) => (failure ? reject(failure) : waiting.push({ resolve, reject })));
      if (message.type === 'failed') throw new Error(`a driver process failed: ${message.error}`);
      if (message.type !== type) throw new Error(`expected ${type} from a driver, got ${message.type}`);
      return message;
    },
  };
}

/** User plus system CPU seconds of a process, from /proc/<pid>/stat (NaN if it is gone). */
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (in parentheses, may hold spaces); utime and stime are
    // fields 14 and 15 of the line, 11 and 12 (0-based) after the name. Linux's USER_HZ is 100.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** VmHWM (peak resident memory) and VmRSS of a process, from /proc. */
function memoryOf(pid) {
  let status = '';
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 'peak (VmHWM) ?, now (VmRSS) ?';
  }
  const field = (name) => {
    const line = status.split('\n').find((l) => l.startsWith(name));
    const kb = line ? Number(line.split(/\s+/)[1]) : NaN;
    return Number.isFinite(kb) ? `${(kb / 1024).toFixed(0)} MiB` : '?';
  };
  return `peak (VmHWM) ${field('VmHWM:')}, now (VmRSS) ${field('VmRSS:')}`;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const sleepUntil = (at) => sleep(Math.max(0, at - Date.now()));

// ---------------------------------------------------------------------------------------------
// A driver process: its share of the rooms, from lobby to the last move.

function work() {
  let setup = null;
  let rooms = [];
  process.on('message', async (message) => {
    try {
      if (message.type === 'setup') {
        setup = message;
        rooms = await openRooms(setup);
        process.send({ type: 'ready' });
      } else if (message.type === 'go') {
        const totals = { moves: 0, rounds: 0, errors: 0, dropped: 0, latencies: [] };
        await Promise.all(rooms.map((room, i) => play(room, setup, message, i, totals)));
        const held = rooms.reduce((n, r) => n + r.seats.filter((s) => s.socket.connected).length, 0);
        process.send({
          type: 'done',
          finished: Date.now(),
          moves: totals.moves,
          rounds: totals.rounds,
          errors: totals.errors,
          dropped: totals.dropped,
          held,
          latencies: totals.latencies,
        });
      } else if (message.type === 'close') {
        for (const room of rooms) for (const seat of room.seats) seat.socket.close();
        process.disconnect();
      }
    } catch (error) {
      process.send({ type: 'failed', error: error.message });
      process.exitCode = 1;
      process.disconnect();
    }
  });
}

/** Runs `task` over `items` with at most `parallel` at a time; results in order. */
async function limited(items, parallel, task) {
  const results = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(parallel, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  });
  await Promise.all(runners);
  return results;
}

async function lobby(addr, route, body) {
  const response = await fetch(`http://${addr}/games/${GAME}${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`lobby ${route}: HTTP ${response.status} ${text}`);
  return JSON.parse(text);
}

/** Creates a match through the lobby and seats both players on their own connections. */
async function openRooms(setup) {
  const indexes = Array.from({ length: setup.rooms }, (_, i) => i);
  const matches = await limited(indexes, 64, async () => {
    const { matchID } = await lobby(setup.addr, '/create', { numPlayers: 2 });
    const seats = [];
    for (const playerID of ['0', '1']) {
      const joined = await lobby(setup.addr, `/${matchID}/join`, { playerID, playerName: `player ${playerID}` });
      seats.push({ playerID, credentials: joined.playerCredentials });
    }
    return { matchID, seats };
  });
  return limited(matches, setup.connectParallel, async (match) => {
    const seats = [];
    for (const seat of match.seats) seats.push(await connectSeat(setup.addr, match.matchID, seat));
    return { matchID: match.matchID, seats };
  });
}

/**
 * One player's socket.io connection, as boardgame.io's own SocketIO transport opens it (the
 * game's namespace, `sync` with the match, seat and credentials), on WebSocket from the start
 * as cozcade-loadtest is, and with no reconnection: a dropped connection is counted.
 */
function connectSeat(addr, matchID, seat) {
  const socket = io(`http://${addr}/${GAME}`, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: 30_000,
  });
  const entry = { ...seat, socket, state: null, waiter: null, dropped: false };
  socket.on('sync', (id, syncInfo) => {
    if (id === matchID) entry.state = syncInfo.state;
  });
  socket.on('update', (id, state) => {
    if (id !== matchID) return;
    entry.state = state;
    if (entry.waiter && state._stateID >= entry.waiter.stateID) {
      const waiter = entry.waiter;
      entry.waiter = null;
      waiter.resolve(state);
    }
  });
  socket.on('disconnect', () => {
    entry.dropped = true;
    if (entry.waiter) entry.waiter.reject(new Error('disconnected'));
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no sync for match ${matchID}`)), 30_000);
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once('connect', () => socket.emit('sync', matchID, seat.playerID, seat.credentials, 2));
    socket.once('sync', () => {
      clearTimeout(timer);
      resolve(entry);
    });
  });
}

/** Resolves with the first state this seat receives whose id is at least `stateID`. */
function awaitState(seat, stateID) {
  if (seat.state && seat.state._stateID >= stateID) return Promise.resolve(seat.state);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      seat.waiter = null;
      reject(new Error('timed out'));
    }, MOVE_TIMEOUT_MS);
    seat.waiter = {
      stateID,
      resolve: (state) => {
        clearTimeout(timer);
        resolve(state);
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    };
  });
}

/** One room's two players: a move (or a new-round request) at every tick of the room's clock. */
async function play(room, setup, go, index, totals) {
  let seed = (setup.seed * 0x9e3779b1 + index + 1) >>> 0 || 1;
  const random = (n) => {
    // xorshift32: cheap, and the same games for the same seed.
    seed ^= seed << 13;
    seed >>>= 0;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    return seed % Math.max(n, 1);
  };
  const period = (setup.rooms / setup.rate) * 1000;
  let tick = go.start + random(Math.max(1, Math.floor(period * 1000))) / 1000;
  let made = 0;
  for (;;) {
    await sleepUntil(tick);
    const now = Date.now();
    // Missed ticks are delayed, not bunched (tokio's MissedTickBehavior::Delay, as in ours).
    tick = now - tick > 1 ? now + period : tick + period;
    if (go.end !== null && now >= go.end) return;
    if (setup.moves !== null && made >= setup.moves) return;

    const state = room.seats[0].state;
    const { board } = state.G;
    const mover = room.seats.find((s) => s.playerID === state.ctx.currentPlayer);
    const watcher = room.seats.find((s) => s !== mover);
    let expected = null;
    let move;
    if (board.over) {
      move = { type: 'newRound', args: [] };
    } else {
      const pits = legalPits(board);
      const pit = pits[random(pits.length)];
      expected = sow(board, pit);
      move = { type: 'sow', args: [pit] };
    }
    const action = {
      type: 'MAKE_MOVE',
      payload: { ...move, playerID: mover.playerID, credentials: mover.credentials },
    };
    const sentStateID = state._stateID;
    const sentAt = Date.now();
    const sent = process.hrtime.bigint();
    mover.socket.emit('update', action, sentStateID, room.matchID, mover.playerID);
    let confirmed;
    try {
      confirmed = await awaitState(mover, sentStateID + 1);
      await awaitState(watcher, confirmed._stateID);
    } catch {
      totals.dropped += 2;
      return;
    }
    const micros = Number(process.hrtime.bigint() - sent) / 1000;
    if (expected === null) {
      if (confirmed.G.round > state.G.round) totals.rounds += 1;
      continue;
    }
    // The server's state must be the rules' result of this very move.
    if (confirmed._stateID !== sentStateID + 1 || !sameBoard(confirmed.G.board, expected)) {
      totals.errors += 1;
      return;
    }
    made += 1;
    // Counted when sent inside the window (the end is checked before sending).
    if (sentAt >= go.begin) {
      totals.latencies.push(micros);
      totals.moves += 1;
    }
  }
}

function sameBoard(a, b) {
  return a.turn === b.turn && a.over === b.over && a.slots.every((s, i) => s === b.slots[i]);
}

// ---------------------------------------------------------------------------------------------

let opts;
try {
  opts = options();
} catch (error) {
  console.error(`load.js: ${error.message}`);
  process.exit(2);
}
if (opts.worker) {
  work();
} else {
  coordinate(opts).catch((error) => {
    console.error(`load.js: ${error.message}`);
    process.exit(1);
  });
}
