// The benchmark's boardgame.io server and load driver, end to end on loopback: a refused move
// changes nothing, a confirmed move arrives only after it is stored, and the driver's smoke run
// (2 rooms × 10 moves) confirms every move. Cheap enough for `cargo xtask test` (a few seconds).

'use strict';

const assert = require('node:assert/strict');
const { execFile, spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');
const { test } = require('node:test');
const { io } = require('socket.io-client');
const { toFen } = require('../kalah');

const here = path.join(__dirname, '..');

async function startServer(order) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bgio-test-'));
  const child = spawn(process.execPath, [path.join(here, 'server.js'), '--dir', dir, '--order', order, '--write-queue', 'off'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    readline.createInterface({ input: child.stdout }).once('line', resolve);
  });
  const addr = /http:\/\/(127\.0\.0\.1:\d+)/.exec(line)[1];
  return {
    addr,
    dir,
    stop() {
      child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function lobby(addr, route, body) {
  const response = await fetch(`http://${addr}/games/kalah${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return response.json();
}

/** A seated player: its socket and every state it has received, in order. */
async function seat(addr, matchID, playerID, credentials) {
  const socket = io(`http://${addr}/kalah`, { transports: ['websocket'], forceNew: true, reconnection: false });
  const states = [];
  socket.on('update', (id, state) => states.push(state));
  const synced = new Promise((resolve) => socket.once('sync', (id, info) => resolve(info.state)));
  socket.on('connect', () => socket.emit('sync', matchID, playerID, credentials, 2));
  states.push(await synced);
  const move = (type, args, asWhom = credentials, stateID = states.at(-1)._stateID) =>
    socket.emit('update', { type: 'MAKE_MOVE', payload: { type, args, playerID, credentials: asWhom } }, stateID, matchID, playerID);
  return { socket, states, move };
}

/** The match's state as FlatFile (node-persist: one JSON file per key) has it on disk now. */
function readStoredState(dir, matchID) {
  for (const file of fs.readdirSync(dir)) {
    const datum = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    if (datum.key === matchID) return datum.value;
  }
  return null;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

test('refused moves change nothing; a stored move reaches both players', async () => {
  const server = await startServer('stored');
  const sockets = [];
  try {
    const { matchID } = await lobby(server.addr, '/create', { numPlayers: 2 });
    const gold = await lobby(server.addr, `/${matchID}/join`, { playerID: '0', playerName: 'gold' });
    const turquoise = await lobby(server.addr, `/${matchID}/join`, { playerID: '1', playerName: 'turquoise' });
    const g = await seat(server.addr, matchID, '0', gold.playerCredentials);
    const t = await seat(server.addr, matchID, '1', turquoise.playerCredentials);
    sockets.push(g.socket, t.socket);
    const start = g.states.at(-1)._stateID;

    t.move('sow', [0]); // out of turn
    g.move('sow', [0], 'not the key'); // wrong credentials
    g.move('sow', [7]); // no such pit
    g.move('sow', [0], gold.playerCredentials, start + 5); // stale state id
    await settle();
    for (const player of [g, t]) {
      for (const state of player.states) {
        assert.equal(state._stateID, start, 'nothing was confirmed');
        assert.equal(toFen(state.G.board), 'G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0');
      }
    }

    // Read FlatFile's file for the match at the moment the confirmation arrives: it must
    // already hold the confirmed state (in the stock order it would still be the old one).
    const storedWhenConfirmed = new Promise((resolve) =>
      g.socket.once('update', () => resolve(readStoredState(server.dir, matchID))),
    );
    g.move('sow', [2]);
    assert.equal((await storedWhenConfirmed)._stateID, start + 1);
    await settle();
    for (const player of [g, t]) {
      const last = player.states.at(-1);
      assert.equal(last._stateID, start + 1);
      assert.equal(toFen(last.G.board), 'G:G4,4,0,5,5,5,1:T4,4,4,4,4,4,0');
    }
  } finally {
    for (const socket of sockets) socket.close();
    server.stop();
  }
});

for (const [order, procs] of [['stored', 1], ['stock', 1], ['stored', 2]]) {
  test(`load driver smoke run (--order ${order}, --procs ${procs}): 2 rooms × 10 moves, all confirmed`, async () => {
    const output = await new Promise((resolve, reject) =>
      execFile(
        process.execPath,
        [path.join(here, 'load.js'), '--rooms', '2', '--moves', '10', '--rate', '40', '--order', order, '--procs', String(procs), '--write-queue', 'off'],
        { timeout: 60_000 },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout)),
      ),
    );
    assert.match(output, /^confirmed moves: +20 in /m);
    assert.match(output, /^refused\/errors: +0$/m);
    assert.match(output, /dropped during the run: 0$/m);
    assert.match(output, /^ack latency \(ms\): +p50 [\d.]+ +p90 [\d.]+ +p99 [\d.]+ +max [\d.]+ +\(n = 20\)$/m);
    assert.match(output, /^server memory: +peak \(VmHWM\) \d+ MiB/m);
    assert.match(output, /^all 20 moves confirmed$/m);
  });
}
