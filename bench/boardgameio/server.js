// A minimal boardgame.io deployment for the side-by-side benchmark: the Kalah game of kalah.js,
// the lobby API (create a match, join a seat for player credentials) and the socket.io transport
// on one port, with boardgame.io's FlatFile storage (node-persist) in a directory of its own.
//
//   node server.js --dir DIR [--port 0] [--order stored|stock] [--write-queue on|off]
//
// Prints `boardgame.io listening on http://127.0.0.1:PORT` once it accepts connections; binds
// loopback only.
//
// --write-queue on (the default) keeps node-persist's own default: since 3.1 (the version
// boardgame.io is developed with) it queues writes and flushes them on the next tick, or after
// up to 1 s (its writeQueueIntervalMs) when a flush is already running; off writes every item
// as it is set, which is what a fast FlatFile can do.
//
// --order stored (the default) confirms a move only once it is stored, as cozcade-server does:
// boardgame.io's own Master broadcasts the new state first and writes it afterwards (the match's
// queue waits for the write before the next action), so the broadcast is held back here until
// FlatFile's write of that state has finished. --order stock measures boardgame.io as it ships.

'use strict';

// boardgame.io logs every refused action unless it runs in production, as a deployment would.
process.env.NODE_ENV = process.env.NODE_ENV || 'production';

const fs = require('node:fs');
const { parseArgs } = require('node:util');
const { Server, FlatFile, SocketIO } = require('boardgame.io/server');
const { Kalah } = require('./kalah');

/** socket.io's channel name for a match inside boardgame.io's transport. */
const channelOf = (matchID) => `MATCH-${matchID}`;

/**
 * boardgame.io's pub/sub interface (publish, subscribe, unsubscribeAll) in memory, like its own
 * InMemoryPubSub, except that with `holdUntilStored` a publication waits until `release` says
 * that what it announces is stored. (A chat message, which boardgame.io never stores, would
 * wait for the match's next write; the benchmark sends none.)
 */
class MatchPubSub {
  constructor(holdUntilStored) {
    this.holdUntilStored = holdUntilStored;
    this.callbacks = new Map();
    this.held = new Map();
  }

  publish(channel, payload) {
    if (!this.holdUntilStored) return this.deliver(channel, payload);
    const held = this.held.get(channel);
    if (held) held.push(payload);
    else this.held.set(channel, [payload]);
  }

  /** Delivers what is held for a channel; `only`, when given, picks which payload types go. */
  release(channel, only) {
    const held = this.held.get(channel);
    if (!held) return;
    const going = only ? held.filter((p) => only(p.type)) : held;
    const staying = only ? held.filter((p) => !only(p.type)) : [];
    if (staying.length > 0) this.held.set(channel, staying);
    else this.held.delete(channel);
    for (const payload of going) this.deliver(channel, payload);
  }

  deliver(channel, payload) {
    for (const callback of this.callbacks.get(channel) || []) callback(payload);
  }

  subscribe(channel, callback) {
    const list = this.callbacks.get(channel);
    if (list) list.push(callback);
    else this.callbacks.set(channel, [callback]);
  }

  unsubscribeAll(channel) {
    this.callbacks.delete(channel);
  }
}

/**
 * FlatFile that tells the pub/sub when a match's state (or its metadata) has been written, and
 * can turn node-persist's write queue off.
 */
class StoredFlatFile extends FlatFile {
  constructor(options, pubSub, writeQueue) {
    super(options);
    this.pubSub = pubSub;
    this.writeQueue = writeQueue;
  }

  async connect() {
    if (this.writeQueue) return super.connect();
    // FlatFile.connect with one more node-persist option: write each item when it is set.
    await this.games.init({ dir: this.dir, logging: this.logging, ttl: this.ttl, writeQueue: false });
  }

  async setState(matchID, state, deltalog) {
    const written = await super.setState(matchID, state, deltalog);
    // A move's broadcast is an `update` (or a `patch`): it goes once the state is written.
    this.pubSub.release(channelOf(matchID));
    return written;
  }

  async setMetadata(matchID, metadata) {
    const written = await super.setMetadata(matchID, metadata);
    // Only connection notices depend on the metadata alone; a move waits for its state.
    this.pubSub.release(channelOf(matchID), (type) => type === 'matchData');
    return written;
  }
}

function main() {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: process.env.BGIO_DATA_DIR },
      port: { type: 'string', default: '0' },
      order: { type: 'string', default: 'stored' },
      'write-queue': { type: 'string', default: 'on' },
    },
  });
  if (!values.dir) throw new Error('--dir DIR (or BGIO_DATA_DIR) names the storage directory');
  if (values.order !== 'stored' && values.order !== 'stock') {
    throw new Error(`--order is stored or stock, not ${values.order}`);
  }
  if (values['write-queue'] !== 'on' && values['write-queue'] !== 'off') {
    throw new Error(`--write-queue is on or off, not ${values['write-queue']}`);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port is a port number, not ${values.port}`);
  }
  fs.mkdirSync(values.dir, { recursive: true });

  const pubSub = new MatchPubSub(values.order === 'stored');
  const server = Server({
    games: [Kalah],
    db: new StoredFlatFile({ dir: values.dir }, pubSub, values['write-queue'] === 'on'),
    transport: new SocketIO({ pubSub }),
    origins: [],
  });
  // boardgame.io listens on every interface; this benchmark serves loopback only.
  const listen = server.app.listen.bind(server.app);
  server.app.listen = (listenPort, callback) => listen(listenPort, '127.0.0.1', callback);
  server.run(port).then(
    ({ appServer }) => {
      console.log(`boardgame.io listening on http://127.0.0.1:${appServer.address().port}`);
    },
    (error) => {
      console.error(`server.js: ${error.message}`);
      process.exit(1);
    },
  );
  process.on('SIGTERM', () => process.exit(0));
}

try {
  main();
} catch (error) {
  console.error(`server.js: ${error.message}`);
  process.exit(2);
}
