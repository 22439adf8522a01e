//! The client state machine and the native transport against the real room server, started
//! in-process on port 0 (as the server's own integration tests do): two players create and
//! join a Kalah room, play it to the end, and one of them loses its connection on the way.

use std::sync::Arc;
use std::time::Duration;

use cozcade_engine::GameKind;
use cozcade_protocol::{RoomId, SeatKey, SeatStatus};
use cozcade_server::{Config, Limits, ManualClock, RunningServer};

use futures_channel::mpsc::{UnboundedReceiver, UnboundedSender, unbounded};
use futures_util::StreamExt;

use super::client::{Link, OnlineClient, Phase, RoomUpdate, Stop};
use super::connection::{Intent, Report, run};
use super::rooms::create_room;
use super::transport::{Socket, room_socket_url};
use cozcade_protocol::RoomState;

const WAIT: Duration = Duration::from_secs(10);

/// The device's network news is process-wide (the host reports it for the whole app), so the
/// tests that run sessions take turns with the one that reports a lost network.
static NETWORK: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

struct Server {
    running: RunningServer,
    base: String,
    _dir: tempfile::TempDir,
}

async fn start_server() -> Server {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = start_on(&dir, None).await;
    let base = format!("http://{}", running.addr);
    Server {
        running,
        base,
        _dir: dir,
    }
}

/// A server on the database in `dir`, on port 0 or on the address given (for a restart).
async fn start_on(dir: &tempfile::TempDir, addr: Option<std::net::SocketAddr>) -> RunningServer {
    let mut config = Config::for_tests(dir.path().join("rooms.db"));
    if let Some(addr) = addr {
        config.listen = addr;
    }
    // The test plays faster than a person; the default rate limit would cut it off.
    config.limits = Limits {
        rate_per_sec: 10_000.0,
        rate_burst: 10_000.0,
        ..Limits::default()
    };
    cozcade_server::start(config, Arc::new(ManualClock::new(1_800_000_000)))
        .await
        .expect("server starts")
}

/// One player: the pure client and, while connected, its socket.
struct Player {
    client: OnlineClient,
    socket: Option<Socket>,
    url: String,
}

impl Player {
    fn new(base: &str, room: &RoomId, seat_key: Option<SeatKey>, prefix: &str) -> Self {
        Player {
            client: OnlineClient::new(room.clone(), seat_key, prefix.into()),
            socket: None,
            url: room_socket_url(base, room).expect("http base and room id"),
        }
    }

    /// Opens a socket, says hello, and reads until the state is caught up.
    async fn connect(&mut self) {
        let mut socket = Socket::connect(&self.url).await.expect("socket opens");
        for message in self.client.on_open() {
            socket.send(&message).await.expect("hello sent");
        }
        self.socket = Some(socket);
        self.pump_until(|c| c.link() == &Link::Connected && c.record().is_some())
            .await;
    }

    /// Loses the connection without a goodbye, as a phone going through a tunnel does.
    fn drop_connection(&mut self) {
        self.socket = None;
        self.client.on_closed();
    }

    async fn send_all(&mut self, messages: Vec<cozcade_protocol::ClientMessage>) {
        let socket = self.socket.as_mut().expect("connected");
        for message in messages {
            socket.send(&message).await.expect("sent");
        }
    }

    /// Feeds frames to the client (and its answers back) until `done` holds.
    async fn pump_until(&mut self, done: impl Fn(&OnlineClient) -> bool) {
        let deadline = tokio::time::Instant::now() + WAIT;
        while !done(&self.client) {
            let socket = self.socket.as_mut().expect("connected");
            let frame = tokio::time::timeout_at(deadline, socket.recv())
                .await
                .expect("the server answers in time");
            let Some(text) = frame else {
                self.client.on_closed();
                self.socket = None;
                return;
            };
            let answers = self.client.on_text(&text);
            self.send_all(answers).await;
        }
    }

    async fn sync_to(&mut self, seq: u64) {
        self.pump_until(|c| c.last_seq() >= Some(seq) && !c.has_pending())
            .await;
    }
}

fn moves(player: &Player) -> Vec<String> {
    player
        .client
        .record()
        .map(|r| r.move_texts())
        .unwrap_or_default()
}

#[tokio::test]
async fn two_players_play_kalah_through_a_dropped_connection() {
    let server = start_server().await;
    let created = create_room(&server.base, GameKind::Kalah)
        .await
        .expect("room created");
    assert_eq!(created.game, GameKind::Kalah);

    let mut gold = Player::new(
        &server.base,
        &created.room,
        Some(created.seat_key.clone()),
        "gold",
    );
    gold.connect().await;
    assert_eq!(gold.client.phase(), Phase::WaitingForFriend);

    let mut turquoise = Player::new(&server.base, &created.room, None, "turq");
    turquoise.connect().await;
    let guest_key = turquoise.client.seat_key().cloned();
    assert!(guest_key.is_some(), "the guest got its seat key");
    gold.pump_until(|c| c.friend() == SeatStatus::Connected)
        .await;
    assert_eq!(gold.client.phase(), Phase::Playing);

    // A third person following the invitation finds the room full.
    let mut stranger = Player::new(&server.base, &created.room, None, "x");
    let mut socket = Socket::connect(&stranger.url).await.expect("opens");
    for message in stranger.client.on_open() {
        socket.send(&message).await.expect("sent");
    }
    stranger.socket = Some(socket);
    stranger
        .pump_until(|c| matches!(c.link(), Link::Stopped(_)))
        .await;
    assert_eq!(stranger.client.phase(), Phase::Stopped(Stop::RoomFull));

    let mut plies: u64 = 0;
    let mut dropped_mid_move = false;
    let mut queued_offline = false;
    while gold.client.record().is_some_and(|r| r.outcome().is_none()) {
        let gold_moves = gold.client.my_turn();
        let mover = if gold_moves {
            &mut gold
        } else {
            &mut turquoise
        };
        assert!(mover.client.my_turn(), "one of the two is to move");
        let choice = mover
            .client
            .record()
            .and_then(|r| r.legal_moves().into_iter().next())
            .expect("an ongoing round has moves");

        if plies >= 2 && !dropped_mid_move && gold_moves {
            // The move goes out and the connection dies before the acknowledgement is read.
            let sent = mover.client.play(&choice).expect("legal");
            mover.send_all(sent).await;
            mover.drop_connection();
            assert!(mover.client.has_pending());
            mover.connect().await;
            dropped_mid_move = true;
        } else if dropped_mid_move && plies >= 5 && !queued_offline {
            // A move made while offline is queued and goes out after the reconnect.
            mover.drop_connection();
            assert!(mover.client.play(&choice).expect("legal").is_empty());
            mover.connect().await;
            queued_offline = true;
        } else {
            let sent = mover.client.play(&choice).expect("legal");
            mover.send_all(sent).await;
        }
        plies += 1;
        gold.sync_to(plies).await;
        turquoise.sync_to(plies).await;
        assert_eq!(moves(&gold), moves(&turquoise), "both boards agree");
        assert_eq!(
            gold.client.record().map(|r| r.len() as u64),
            Some(plies),
            "each move applied exactly once"
        );
    }
    assert!(
        dropped_mid_move && queued_offline,
        "both drops happened (game of {plies} plies)"
    );
    let result = gold.client.record().map(|r| r.describe_result());
    assert_eq!(
        result,
        turquoise.client.record().map(|r| r.describe_result())
    );

    // The same seat key on a second device takes the seat; the first is told and stops.
    let mut gold_again = Player::new(
        &server.base,
        &created.room,
        Some(created.seat_key.clone()),
        "gold2",
    );
    gold_again.connect().await;
    assert_eq!(gold_again.client.last_seq(), Some(plies));
    gold.pump_until(|c| matches!(c.link(), Link::Stopped(_)))
        .await;
    assert_eq!(gold.client.phase(), Phase::Stopped(Stop::Replaced));
    assert!(
        gold.client.on_open().is_empty(),
        "a replaced client stays away"
    );

    server.running.shutdown().await;
}

/// What the test sees of a connection: the client after each change, and the room as a reader
/// that folds the reported updates keeps it (as the app's board does).
struct Watched {
    intents: UnboundedSender<Intent>,
    seen: UnboundedReceiver<(OnlineClient, Vec<RoomUpdate>)>,
    last: Option<OnlineClient>,
    folded: Option<RoomState>,
    task: tokio::task::JoinHandle<OnlineClient>,
}

impl Watched {
    fn start(base: &str, room: &RoomId, seat_key: Option<SeatKey>, prefix: &str) -> Self {
        let (intents, intents_rx) = unbounded();
        let (seen_tx, seen) = unbounded();
        let client = OnlineClient::new(room.clone(), seat_key, prefix.into());
        let url = room_socket_url(base, room).expect("http base and room id");
        let task = tokio::spawn(run(url, client, intents_rx, move |report: Report<'_>| {
            let _ = seen_tx.unbounded_send((report.client.clone(), report.updates));
        }));
        Watched {
            intents,
            seen,
            last: None,
            folded: None,
            task,
        }
    }

    async fn until(&mut self, done: impl Fn(&OnlineClient) -> bool) -> &OnlineClient {
        let deadline = tokio::time::Instant::now() + WAIT;
        while !self.last.as_ref().is_some_and(&done) {
            let (next, updates) = tokio::time::timeout_at(deadline, self.seen.next())
                .await
                .expect("the session gets there in time")
                .expect("the session is still running");
            for update in updates {
                match update {
                    RoomUpdate::State(state) => self.folded = Some(state),
                    RoomUpdate::Event { seq, by, event } => self
                        .folded
                        .as_mut()
                        .expect("a state comes first")
                        .apply(seq, by, &event)
                        .expect("each event follows the last"),
                }
            }
            // The reader's fold and the client's own state agree on the game after every step
            // (the seats follow presence, which is the screen's business, not the board's).
            if let (Some(folded), Some(state)) = (&self.folded, next.state()) {
                assert_eq!(
                    (folded.seq, folded.round, &folded.record),
                    (state.seq, state.round, &state.record)
                );
                assert_eq!(
                    (folded.new_round_proposed_by, folded.new_round_answer),
                    (state.new_round_proposed_by, state.new_round_answer)
                );
            }
            self.last = Some(next);
        }
        self.last.as_ref().expect("just checked")
    }
}

#[tokio::test]
async fn sessions_ride_out_a_server_restart_and_stop_when_replaced() {
    let _network = NETWORK.lock().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let server = start_on(&dir, None).await;
    let addr = server.addr;
    let base = format!("http://{addr}");
    let created = create_room(&base, GameKind::Kalah)
        .await
        .expect("room created");

    let mut gold = Watched::start(&base, &created.room, Some(created.seat_key.clone()), "g");
    let mut turquoise = Watched::start(&base, &created.room, None, "t");
    gold.until(|c| c.phase() == Phase::Playing).await;
    turquoise.until(|c| c.phase() == Phase::Playing).await;

    // Two plies, each move chosen by whoever is to move.
    let mut plies = 0;
    let play_one = async |gold: &mut Watched, turquoise: &mut Watched, plies: u64| {
        let gold_moves = gold.until(|c| c.last_seq() == Some(plies)).await.my_turn();
        let mover = if gold_moves {
            &mut *gold
        } else {
            &mut *turquoise
        };
        let choice = mover
            .until(|c| c.last_seq() == Some(plies))
            .await
            .record()
            .and_then(|r| r.legal_moves().into_iter().next())
            .expect("a move");
        mover
            .intents
            .unbounded_send(Intent::Move(choice))
            .expect("session runs");
        gold.until(|c| c.last_seq() == Some(plies + 1)).await;
        turquoise.until(|c| c.last_seq() == Some(plies + 1)).await;
    };
    for _ in 0..2 {
        play_one(&mut gold, &mut turquoise, plies).await;
        plies += 1;
    }

    // The server goes down: both sessions start reconnecting; the same address comes back on
    // the same database and both carry on from where they were.
    server.shutdown().await;
    gold.until(|c| matches!(c.link(), Link::Reconnecting { .. }))
        .await;
    turquoise
        .until(|c| matches!(c.link(), Link::Reconnecting { .. }))
        .await;
    let server = start_on(&dir, Some(addr)).await;
    gold.until(|c| c.phase() == Phase::Playing).await;
    turquoise.until(|c| c.phase() == Phase::Playing).await;
    play_one(&mut gold, &mut turquoise, plies).await;
    plies += 1;
    let gold_moves = gold
        .last
        .as_ref()
        .map(|c| c.record().map(|r| r.move_texts()));
    let turquoise_moves = turquoise
        .last
        .as_ref()
        .map(|c| c.record().map(|r| r.move_texts()));
    assert_eq!(gold_moves, turquoise_moves);

    // Gold opens the room on another device: the first session is told and ends.
    let mut gold_again = Watched::start(&base, &created.room, Some(created.seat_key.clone()), "g2");
    gold_again.until(|c| c.last_seq() == Some(plies)).await;
    let ended = tokio::time::timeout(WAIT, gold.task)
        .await
        .expect("the replaced session ends")
        .expect("no panic");
    assert_eq!(ended.phase(), Phase::Stopped(Stop::Replaced));

    // Closing the intents ends a session too.
    drop(turquoise.intents);
    tokio::time::timeout(WAIT, turquoise.task)
        .await
        .expect("the session ends with its screen")
        .expect("no panic");
    server.shutdown().await;
}

/// Says the network is back when dropped, so a failing test leaves the next one online.
struct BackOnline;

impl Drop for BackOnline {
    fn drop(&mut self) {
        crate::bridge::network_changed(true);
    }
}

#[tokio::test]
async fn the_hosts_network_news_reaches_the_session_at_once() {
    use cozcade_protocol::backoff::reconnect_delay;

    let _network = NETWORK.lock().await;
    let _online = BackOnline;
    let dir = tempfile::tempdir().expect("temp dir");
    let server = start_on(&dir, None).await;
    let addr = server.addr;
    let base = format!("http://{addr}");
    let created = create_room(&base, GameKind::Kalah)
        .await
        .expect("room created");
    let mut gold = Watched::start(&base, &created.room, Some(created.seat_key.clone()), "g");
    gold.until(|c| c.link() == &Link::Connected && c.record().is_some())
        .await;

    // The network goes while connected: Offline at once, without waiting for the heartbeat.
    crate::bridge::network_changed(false);
    gold.until(|c| c.phase() == Phase::Offline).await;
    // A report of what is already known changes nothing.
    crate::bridge::network_changed(false);

    // Back online: it reconnects and carries on.
    crate::bridge::network_changed(true);
    gold.until(|c| c.link() == &Link::Connected).await;

    // Now the server goes away and the session backs off, further with every failed attempt,
    // until the wait before the next one is long.
    const LONG: u32 = 5;
    server.shutdown().await;
    gold.until(|c| c.link() == &Link::Reconnecting { attempt: LONG })
        .await;
    let backing_off = tokio::time::Instant::now();
    // The device loses its network and gets it back while the server is up again: the
    // session does not finish that wait but connects the moment it hears the network is back.
    crate::bridge::network_changed(false);
    gold.until(|c| c.phase() == Phase::Offline).await;
    let server = start_on(&dir, Some(addr)).await;
    crate::bridge::network_changed(true);
    gold.until(|c| c.link() == &Link::Connected).await;
    let waited = backing_off.elapsed();
    assert!(
        waited < reconnect_delay(LONG) * 3 / 4,
        "connected {waited:?} after the backoff began, as if it had waited out its {:?}",
        reconnect_delay(LONG)
    );

    drop(gold.intents);
    tokio::time::timeout(WAIT, gold.task)
        .await
        .expect("the session ends with its screen")
        .expect("no panic");
    server.shutdown().await;
}
