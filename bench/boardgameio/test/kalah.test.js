// The boardgame.io Kalah must be the game cozcade-engine plays, or the benchmark compares two
// different workloads: the engine's own rule tests, ported; the game inside boardgame.io (turns,
// refusals, new rounds); and random games replayed through the engine's CLI, position by position.

'use strict';

const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { test } = require('node:test');
const { Client } = require('boardgame.io/client');
const { Kalah, newBoard, legalPits, sow, toFen, fromFen } = require('../kalah');

test('the start has six moves and prints as the engine does', () => {
  const start = newBoard();
  assert.equal(toFen(start), 'G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0');
  assert.deepEqual(legalPits(start), [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(fromFen(toFen(start)), start);
});

test('the last seed in the store moves again', () => {
  const next = sow(newBoard(), 2);
  assert.equal(toFen(next), 'G:G4,4,0,5,5,5,1:T4,4,4,4,4,4,0');
});

test("sowing skips the opponent's store and laps, then captures", () => {
  const next = sow(fromFen('G:G0,0,0,0,1,13,10:T1,1,1,1,1,1,18'), 5);
  assert.equal(toFen(next), 'T:G1,1,1,1,2,0,14:T0,2,2,2,2,2,18');
});

test('a capture needs a non-empty opposite pit', () => {
  assert.equal(toFen(sow(fromFen('G:G0,1,0,0,0,1,20:T1,1,1,4,1,1,17'), 1)), 'T:G0,0,0,0,0,1,25:T1,1,1,0,1,1,17');
  assert.equal(toFen(sow(fromFen('G:G0,1,0,0,0,1,20:T1,1,1,0,1,5,17'), 1)), 'T:G0,0,1,0,0,1,20:T1,1,1,0,1,5,17');
});

test('an empty row ends the game even after an extra turn', () => {
  const next = sow(fromFen('G:G0,0,0,0,0,1,23:T1,1,1,1,1,1,18'), 5);
  assert.equal(toFen(next), 'T:G0,0,0,0,0,0,24:T0,0,0,0,0,0,24');
  assert.equal(next.over, true);
  assert.deepEqual(legalPits(next), []);
});

test('illegal sowings are refused and change nothing', () => {
  const board = fromFen('G:G0,1,0,0,0,1,20:T1,1,1,4,1,1,17');
  const before = toFen(board);
  for (const pit of [0, -1, 6, 1.5, '1', null, undefined]) assert.equal(sow(board, pit), null);
  assert.equal(toFen(board), before);
  assert.equal(sow(sow(fromFen('G:G0,0,0,0,0,1,23:T1,1,1,1,1,1,18'), 5), 0), null);
});

test('inside boardgame.io: turns, extra turns, refusals and a new round by both players', () => {
  const client = Client({ game: Kalah, numPlayers: 2 });
  client.start();
  const state = () => client.getState();

  // Gold's c ends in its store: gold again.
  client.updatePlayerID('0');
  client.moves.sow(2);
  assert.equal(toFen(state().G.board), 'G:G4,4,0,5,5,5,1:T4,4,4,4,4,4,0');
  assert.equal(state().ctx.currentPlayer, '0');
  // Gold's a: four seeds to b..e, turquoise's turn.
  client.moves.sow(0);
  assert.equal(state().ctx.currentPlayer, '1');

  // Gold out of turn, turquoise on an empty pit (none yet: use a bad pit number): refused.
  const before = state()._stateID;
  client.moves.sow(1);
  assert.equal(state()._stateID, before, 'a move out of turn is refused');
  client.updatePlayerID('1');
  client.moves.sow(9);
  assert.equal(state()._stateID, before, 'a pit that does not exist is refused');
  client.moves.newRound();
  assert.equal(state()._stateID, before, 'no new round while the game is on');

  // Play the game out with the first legal pit each time, then both ask for a new round.
  while (!state().G.board.over) {
    const { board } = state().G;
    client.updatePlayerID(String(board.turn));
    assert.equal(state().ctx.currentPlayer, String(board.turn));
    client.moves.sow(legalPits(board)[0]);
  }
  assert.equal(state().ctx.currentPlayer, '0', 'gold asks for the new round first');
  client.updatePlayerID('0');
  client.moves.newRound();
  assert.equal(state().G.board.over, true, 'one request is not enough');
  assert.equal(state().ctx.currentPlayer, '1');
  client.updatePlayerID('1');
  client.moves.newRound();
  assert.equal(toFen(state().G.board), 'G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0');
  assert.equal(state().G.round, 2);
  assert.equal(state().ctx.currentPlayer, '0', 'colours stay: gold moves first');
  client.stop();
});

/** cozcade-engine's CLI: COZCADE_ENGINE, or the workspace's debug build. */
function engineBinary() {
  const binary = process.env.COZCADE_ENGINE || path.join(__dirname, '../../../target/debug/cozcade-engine');
  if (!fs.existsSync(binary)) {
    throw new Error(`no cozcade-engine at ${binary}: set COZCADE_ENGINE or \`cargo build -p cozcade-engine\``);
  }
  return binary;
}

test('random games agree with cozcade-engine position by position', () => {
  const engine = engineBinary();
  let seed = 12345;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const letters = 'abcdef';
  for (let game = 0; game < 20; game++) {
    let board = newBoard();
    const moves = [];
    // Stop a few games early so unfinished positions are compared too.
    const length = game % 4 === 0 ? 10 + random(20) : Infinity;
    while (!board.over && moves.length < length) {
      const pits = legalPits(board);
      const pit = pits[random(pits.length)];
      board = sow(board, pit);
      moves.push(letters[pit]);
    }
    const printed = execFileSync(engine, ['play', 'kalah', ...moves], { encoding: 'utf8' });
    const [fen, result] = printed.trim().split('\n');
    assert.equal(fen, toFen(board), `after ${moves.join(' ')}`);
    assert.equal(result === 'result: ongoing', !board.over, `game end after ${moves.join(' ')}`);
  }
});
