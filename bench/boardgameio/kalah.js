// Kalah(6,4) as a boardgame.io game, with the same rules as cozcade-engine's `kalah` module
// (engine/src/kalah/position.rs), so both servers check the same game in the benchmark:
// sowing counter-clockwise past the opponent's store, an extra turn when the last seed lands
// in the mover's store, a capture when it lands in an empty own pit facing a non-empty one,
// and the end of the game as soon as either row is empty (each side stores its rest).
//
// A finished game is followed by a new round once both players have asked for one (gold asks
// first, then turquoise), as in Cozcade rooms; so the match is never `gameover` and the load
// driver plays round after round in the same match, as cozcade-loadtest does in the same room.

'use strict';

const { INVALID_MOVE } = require('boardgame.io/core');

const PITS = 6;
const SLOTS = 2 * (PITS + 1);
const SEEDS_PER_PIT = 4;

/** Board slots, counter-clockwise: gold pits a..f, gold store, turquoise pits a..f, turquoise store. */
function startingSlots() {
  const slots = new Array(SLOTS).fill(SEEDS_PER_PIT);
  slots[storeSlot(0)] = 0;
  slots[storeSlot(1)] = 0;
  return slots;
}

function pitSlot(side, pit) {
  return side * (PITS + 1) + pit;
}

function storeSlot(side) {
  return side * (PITS + 1) + PITS;
}

function rowSeeds(slots, side) {
  let seeds = 0;
  for (let pit = 0; pit < PITS; pit++) seeds += slots[pitSlot(side, pit)];
  return seeds;
}

/** A fresh game: gold (side 0, boardgame.io player '0') moves first. */
function newBoard() {
  return { slots: startingSlots(), turn: 0, over: false };
}

/** The pits (0..5) the side to move may sow: the non-empty ones of its row. */
function legalPits(board) {
  if (board.over) return [];
  const pits = [];
  for (let pit = 0; pit < PITS; pit++) {
    if (board.slots[pitSlot(board.turn, pit)] > 0) pits.push(pit);
  }
  return pits;
}

/**
 * Sows `pit` of the side to move. Returns the next board, or null when the move is illegal
 * (game over, not a pit number, or an empty pit); the board passed in is never changed.
 */
function sow(board, pit) {
  if (board.over || !Number.isInteger(pit) || pit < 0 || pit >= PITS) return null;
  const mover = board.turn;
  const slots = board.slots.slice();
  let slot = pitSlot(mover, pit);
  const seeds = slots[slot];
  if (seeds === 0) return null;
  slots[slot] = 0;
  const skipped = storeSlot(1 - mover);
  for (let i = 0; i < seeds; i++) {
    slot = (slot + 1) % SLOTS;
    if (slot === skipped) slot = (slot + 1) % SLOTS;
    slots[slot] += 1;
  }

  let turn = 1 - mover;
  const ownFirst = pitSlot(mover, 0);
  if (slot === storeSlot(mover)) {
    turn = mover;
  } else if (slot >= ownFirst && slot < ownFirst + PITS && slots[slot] === 1) {
    // The last seed fell into one of the mover's own pits that was empty.
    const opposite = 2 * PITS - slot;
    if (slots[opposite] > 0) {
      slots[storeSlot(mover)] += slots[opposite] + 1;
      slots[opposite] = 0;
      slots[slot] = 0;
    }
  }

  let over = false;
  if (rowSeeds(slots, 0) === 0 || rowSeeds(slots, 1) === 0) {
    // The game is over: each side puts the rest of its row into its store.
    for (const side of [0, 1]) {
      slots[storeSlot(side)] += rowSeeds(slots, side);
      for (let p = 0; p < PITS; p++) slots[pitSlot(side, p)] = 0;
    }
    turn = 1 - mover;
    over = true;
  }
  return { slots, turn, over };
}

/** The engine's text form, `G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0`, to compare with cozcade-engine. */
function toFen(board) {
  const row = (side) => board.slots.slice(pitSlot(side, 0), storeSlot(side) + 1).join(',');
  return `${board.turn === 0 ? 'G' : 'T'}:G${row(0)}:T${row(1)}`;
}

/** Reads the engine's text form (for tests); throws on anything else. */
function fromFen(fen) {
  const match = /^([GT]):G([\d,]+):T([\d,]+)$/.exec(fen);
  if (!match) throw new Error(`not a Kalah position: ${fen}`);
  const gold = match[2].split(',').map(Number);
  const turquoise = match[3].split(',').map(Number);
  if (gold.length !== PITS + 1 || turquoise.length !== PITS + 1) {
    throw new Error(`a row needs ${PITS} pits and a store: ${fen}`);
  }
  const slots = gold.concat(turquoise);
  const over = rowSeeds(slots, 0) === 0 && rowSeeds(slots, 1) === 0;
  return { slots, turn: match[1] === 'G' ? 0 : 1, over };
}

/** boardgame.io player id ('0' gold, '1' turquoise) to side. */
function sideOf(playerID) {
  return playerID === '0' ? 0 : playerID === '1' ? 1 : -1;
}

/** The game as boardgame.io runs it. G = { board, round, newRoundAsked: [gold, turquoise] }. */
const Kalah = {
  name: 'kalah',
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ board: newBoard(), round: 1, newRoundAsked: [false, false] }),
  // Only the player whose turn it is may act (boardgame.io's default). The moves pass the turn
  // themselves with endTurn, because a sow that ends in the mover's store keeps the turn.
  moves: {
    sow: ({ G, playerID, events }, pit) => {
      if (sideOf(playerID) !== G.board.turn) return INVALID_MOVE;
      const next = sow(G.board, pit);
      if (next === null) return INVALID_MOVE;
      // Gold asks for the new round first once a game is over.
      const nextPlayer = next.over ? '0' : String(next.turn);
      if (nextPlayer !== playerID) events.endTurn({ next: nextPlayer });
      return { ...G, board: next };
    },
    newRound: ({ G, playerID, events }) => {
      const side = sideOf(playerID);
      if (!G.board.over || side < 0 || G.newRoundAsked[side]) return INVALID_MOVE;
      const asked = G.newRoundAsked.slice();
      asked[side] = true;
      if (asked[0] && asked[1]) {
        // Colours stay: gold moves first in every round.
        if (playerID !== '0') events.endTurn({ next: '0' });
        return { board: newBoard(), round: G.round + 1, newRoundAsked: [false, false] };
      }
      events.endTurn({ next: String(1 - side) });
      return { ...G, newRoundAsked: asked };
    },
  },
};

module.exports = { Kalah, PITS, newBoard, legalPits, sow, toFen, fromFen };
