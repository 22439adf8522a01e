//! A game played as fast as two clients can, for the tests that kill servers mid-game: the
//! real server binary started on a free port, random legal moves chosen and sent through each
//! player's protocol client, and a log of every action the server acknowledged.

use std::{net::SocketAddr, time::Duration};

use cozcade_engine::Side;
use cozcade_protocol::{Event, ServerMessage};
use futures_util::SinkExt;
use tokio::{
    io::{AsyncBufReadExt, BufReader},
    process::{Child, Command},
};

use super::{Got, Player, Rng};

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

pub struct Game {
    pub rng: Rng,
    /// Sequence numbers and events the server acknowledged to their sender.
    pub acked: Vec<(u64, Event)>,
}

impl Game {
    /// A game that continues from wherever the players' clients are.
    pub fn new(seed: u64) -> Game {
        Game {
            rng: Rng(seed),
            acked: Vec::new(),
        }
    }
}

/// Plays until a connection fails (a kill) or `limit` acknowledged actions; returns whether
/// the connections are still up.
pub async fn play(game: &mut Game, players: &mut [Player; 2], limit: usize) -> bool {
    play_until(game, players, |game, _| game.acked.len() >= limit).await
}

/// Reads one event for `player`, skipping presence; `None` when the connection ends (the
/// server going away says so first).
async fn next_event(player: &mut Player) -> Option<(u64, Event)> {
    loop {
        match player.client.got().await {
            Got::Message(message @ ServerMessage::Event { .. }) => {
                let ServerMessage::Event { seq, event, .. } = &message else {
                    unreachable!()
                };
                let acked = (*seq, event.clone());
                player.apply(&message);
                return Some(acked);
            }
            Got::Message(message @ ServerMessage::Presence { .. }) => player.apply(&message),
            Got::Message(ServerMessage::Closing { .. }) | Got::Closed { .. } => return None,
            Got::Message(other) => panic!("unexpected {other:?}"),
        }
    }
}

/// Plays random legal moves (and a new round after each) through the players' protocol
/// clients until `done` says so or a connection fails; returns whether the connections are
/// still up.
pub async fn play_until(
    game: &mut Game,
    players: &mut [Player; 2],
    mut done: impl FnMut(&Game, &[Player; 2]) -> bool,
) -> bool {
    while !done(game, players) {
        let record = players[0].record();
        let (side, messages) = if record.outcome().is_some() {
            // The first asks; the other agrees.
            let side = players[0].proposed_by().map_or(Side::First, Side::other);
            let asked = players[side.index()].online.new_round();
            (side, asked.expect("a new round can be asked"))
        } else {
            let moves = record.legal_moves();
            let mv = moves[game.rng.below(moves.len())];
            let side = record.turn();
            (
                side,
                players[side.index()]
                    .online
                    .play(&mv)
                    .expect("a legal move"),
            )
        };
        for message in messages {
            let text = serde_json::to_string(&message).expect("serialise");
            if players[side.index()]
                .client
                .ws
                .send(tokio_tungstenite::tungstenite::Message::text(text))
                .await
                .is_err()
            {
                return false;
            }
        }
        // The ack to the sender, then the broadcast to the other.
        let Some(acked) = next_event(&mut players[side.index()]).await else {
            return false;
        };
        assert!(
            !players[side.index()].online.has_pending(),
            "the event is the sender's ack"
        );
        game.acked.push(acked);
        if next_event(&mut players[side.other().index()])
            .await
            .is_none()
        {
            return false;
        }
    }
    true
}
