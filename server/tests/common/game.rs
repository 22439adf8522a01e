//! A game played as fast as two clients can, for the tests that kill servers mid-game: the
//! real server binary started on a free port, a reference record that picks random legal
//! moves, and a log of every action the server acknowledged.

use std::{net::SocketAddr, time::Duration};

use cozcade_engine::{
    AnyRecord, Side,
    protocol::{ClientMessage, Event, ServerMessage},
};
use futures_util::SinkExt;
use tokio::{
    io::{AsyncBufReadExt, BufReader},
    process::{Child, Command},
};

use super::{Client, Got, Rng};

/// Starts `cozcade-server` on a free port with `args` (and no rate limit to speak of);
/// returns the process and its address.
pub async fn spawn_server(args: &[String]) -> (Child, SocketAddr) {
    spawn_server_on(SocketAddr::from(([127, 0, 0, 1], 0)), args).await
}

/// Starts `cozcade-server` listening on `listen` (a restart on a known address).
pub async fn spawn_server_on(listen: SocketAddr, args: &[String]) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cozcade-server"))
        .args(["--listen", &listen.to_string()])
        .args(["--rate-per-sec", "10000", "--rate-burst", "10000"])
        .args(args)
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .expect("the server binary starts");
    let stdout = child.stdout.take().expect("stdout");
    let mut lines = BufReader::new(stdout).lines();
    let line = tokio::time::timeout(Duration::from_secs(20), lines.next_line())
        .await
        .expect("the server says where it listens")
        .expect("read")
        .expect("a line");
    let addr = line
        .rsplit("http://")
        .next()
        .and_then(|a| a.trim().parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    (child, addr)
}

/// Who is to act and the text of the action.
enum Next {
    Move(Side, String),
    NewRound(Side),
}

pub struct Game {
    pub reference: AnyRecord,
    pub seq: u64,
    pub rng: Rng,
    /// Sequence numbers and events the server acknowledged to their sender.
    pub acked: Vec<(u64, Event)>,
    /// Who asked for a new round that has not started yet.
    pub proposed: Option<Side>,
}

impl Game {
    /// A game that continues from `reference` at `seq`.
    pub fn new(reference: AnyRecord, seq: u64, proposed: Option<Side>, seed: u64) -> Game {
        Game {
            reference,
            seq,
            rng: Rng(seed),
            acked: Vec::new(),
            proposed,
        }
    }

    fn next(&mut self) -> Next {
        if self.reference.outcome().is_some() {
            let side = self.proposed.map_or(Side::First, Side::other);
            return Next::NewRound(side);
        }
        let moves = self.reference.legal_move_texts();
        Next::Move(
            self.reference.turn(),
            moves[self.rng.below(moves.len())].clone(),
        )
    }
}

/// Plays until a connection fails (a kill) or `limit` acknowledged actions; returns whether
/// the connections are still up.
pub async fn play(game: &mut Game, players: &mut [Client; 2], limit: usize) -> bool {
    play_until(game, players, |game| game.acked.len() >= limit).await
}

/// Plays until `done` says so or a connection fails; returns whether the connections are
/// still up.
pub async fn play_until(
    game: &mut Game,
    players: &mut [Client; 2],
    mut done: impl FnMut(&Game) -> bool,
) -> bool {
    while !done(game) {
        let next = game.next();
        let (side, message) = match &next {
            Next::Move(side, mv) => {
                let action_id = players[side.index()].action_id();
                (
                    *side,
                    ClientMessage::Move {
                        action_id,
                        seq: game.seq,
                        mv: mv.clone(),
                    },
                )
            }
            Next::NewRound(side) => {
                let action_id = players[side.index()].action_id();
                (
                    *side,
                    ClientMessage::NewRound {
                        action_id,
                        seq: game.seq,
                    },
                )
            }
        };
        let text = serde_json::to_string(&message).expect("serialise");
        if players[side.index()]
            .ws
            .send(tokio_tungstenite::tungstenite::Message::text(text))
            .await
            .is_err()
        {
            return false;
        }
        // The ack to the sender, then the broadcast to the other.
        for who in [side, side.other()] {
            let event = loop {
                match players[who.index()].got().await {
                    Got::Message(ServerMessage::Event { seq, event, .. }) => break (seq, event),
                    Got::Message(ServerMessage::Presence { .. }) => continue,
                    // The server going away (SIGTERM, or the room moving) says so first.
                    Got::Message(ServerMessage::Closing { .. }) => return false,
                    Got::Message(other) => panic!("unexpected {other:?}"),
                    Got::Closed { .. } => return false,
                }
            };
            if who == side {
                assert_eq!(event.0, game.seq + 1);
                game.seq = event.0;
                match &event.1 {
                    Event::Move { mv } => {
                        game.reference.play(mv).expect("acked moves are legal");
                    }
                    Event::NewRoundProposed => game.proposed = Some(side),
                    Event::NewRoundStarted { .. } => {
                        game.reference = AnyRecord::new(game.reference.kind());
                        game.proposed = None;
                    }
                    Event::Left => {}
                }
                game.acked.push(event);
            }
        }
    }
    true
}
