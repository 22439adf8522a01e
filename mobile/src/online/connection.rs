//! The loop that joins the pure [`OnlineClient`] to a real [`Socket`]: connect, say hello,
//! feed frames in and send what the client answers, take the player's intents, and after a
//! drop wait the backoff and connect again, until the client stops (replaced, left, room full
//! or gone). The UI runs it as a task. The loop owns the client; after every step it reports
//! what the room confirmed ([`RoomUpdate`]s, in order) and lets the reader look at the client.

use std::pin::pin;
use std::time::Duration;

use futures_channel::mpsc::UnboundedReceiver;
use futures_util::StreamExt;
use futures_util::future::{Either, select};

use super::backoff::{reconnect_delay, with_jitter};
use super::client::{IntentError, Link, OnlineClient, RoomUpdate};
use super::network::NetworkWatch;
use super::transport::Socket;
use crate::timer::{now, sleep};
use cozcade_engine::AnyMove;
use cozcade_protocol::heartbeat::{Beat, Heartbeat};
use cozcade_protocol::{ClientMessage, SeatKey};

/// What the player asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    Move(AnyMove),
    NewRound,
    Leave,
    /// Say no to the friend's request for a new round.
    DeclineNewRound,
    /// Take back this player's own request for a new round.
    WithdrawNewRound,
    /// Replace the seat's key (a new personal link), kept on the device beforehand.
    ReplaceSeatKey(SeatKey),
}

/// What the loop tells its reader after each step.
pub struct Report<'a> {
    /// The client as it stands now, for what the screen shows of the room.
    pub client: &'a OnlineClient,
    /// What the room confirmed since the last report, in order.
    pub updates: Vec<RoomUpdate>,
    /// Why the player's last intent was not sent, when it was not.
    pub refused: Option<IntentError>,
}

/// Hands the reader what changed: the updates taken from the client, and the client itself.
fn report(
    client: &mut OnlineClient,
    publish: &mut impl FnMut(Report<'_>),
    refused: Option<IntentError>,
) {
    let updates = client.take_updates();
    publish(Report {
        client,
        updates,
        refused,
    });
}

/// A connection attempt that has not opened after this long has failed (a browser would
/// otherwise wait as long as its network stack likes on a black-holed network).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// How a connection (or an attempt at one) ended.
enum Ended {
    /// The socket closed, broke, failed to open, or went silent past the heartbeat's limit.
    Dropped,
    /// The device said it lost its network.
    Offline,
    /// The screen went away (the intents channel closed).
    IntentsClosed,
}

/// Runs `client` against the WebSocket at `url` until it stops or `intents` is closed (the
/// screen went away). `publish` is told after every change (see [`Report`]). Returns the
/// client (its seat key and state, to keep).
///
/// While connected it keeps the heartbeat (`cozcade_protocol::heartbeat`): a ping when it has
/// sent nothing for 2.5 s, and a connection it has heard nothing from for 8 s is treated as
/// lost (closed, then reconnected with backoff). When the device says its network went
/// ([`NetworkWatch`]) it closes at once and shows "Offline"; when the network is back it
/// connects at once instead of finishing the backoff wait.
pub async fn run(
    url: String,
    mut client: OnlineClient,
    mut intents: UnboundedReceiver<Intent>,
    mut publish: impl FnMut(Report<'_>),
) -> OnlineClient {
    let mut network = NetworkWatch::new();
    report(&mut client, &mut publish, None);
    loop {
        if matches!(client.link(), Link::Stopped(_)) {
            break;
        }
        if !network.online() {
            client.on_offline();
            report(&mut client, &mut publish, None);
            if !wait_for_network(&mut client, &mut intents, &mut network, &mut publish).await {
                break;
            }
            client.on_online();
            report(&mut client, &mut publish, None);
        }
        let ended = match connect(&url, &mut network).await {
            Ok(mut socket) => {
                let hello = client.on_open();
                let ended = if send_all(&mut socket, hello).await {
                    serve(
                        &mut socket,
                        &mut client,
                        &mut intents,
                        &mut network,
                        &mut publish,
                    )
                    .await
                } else {
                    Ended::Dropped
                };
                socket.close().await;
                ended
            }
            Err(ended) => ended,
        };
        match ended {
            Ended::IntentsClosed => break,
            Ended::Offline => {
                // Shown at once; the top of the loop waits for the network.
                client.on_offline();
                report(&mut client, &mut publish, None);
                continue;
            }
            Ended::Dropped => {}
        }
        let attempt = match client.on_closed().clone() {
            Link::Reconnecting { attempt } => attempt,
            Link::Offline => continue,
            _ => {
                report(&mut client, &mut publish, None);
                break;
            }
        };
        report(&mut client, &mut publish, None);
        // Intents made while waiting are queued by the client and go out after the welcome.
        let wait = with_jitter(reconnect_delay(attempt), random());
        let mut sleeping = pin!(sleep(wait));
        let mut intents_open = true;
        loop {
            let woke = {
                let changed = pin!(network.changed());
                match select(sleeping.as_mut(), select(intents.next(), changed)).await {
                    Either::Left(((), _)) => None,
                    Either::Right((Either::Left((intent, _)), _)) => Some(Either::Left(intent)),
                    Either::Right((Either::Right((online, _)), _)) => Some(Either::Right(online)),
                }
            };
            match woke {
                // The wait is over, or the network changed: back (the loop's top looks at it).
                None | Some(Either::Right(_)) => break,
                Some(Either::Left(Some(intent))) => {
                    // Nothing to send while disconnected: the client only queues.
                    let error = apply(&mut client, intent).err();
                    report(&mut client, &mut publish, error);
                }
                Some(Either::Left(None)) => {
                    intents_open = false;
                    break;
                }
            }
        }
        if !intents_open {
            break;
        }
    }
    client
}

/// Waits until the device says it is online again, queueing the player's intents meanwhile.
/// False when the intents channel closed.
async fn wait_for_network(
    client: &mut OnlineClient,
    intents: &mut UnboundedReceiver<Intent>,
    network: &mut NetworkWatch,
    publish: &mut impl FnMut(Report<'_>),
) -> bool {
    loop {
        let woke = {
            let changed = pin!(network.changed());
            match select(intents.next(), changed).await {
                Either::Left((intent, _)) => Either::Left(intent),
                Either::Right((online, _)) => Either::Right(online),
            }
        };
        match woke {
            Either::Left(Some(intent)) => {
                let error = apply(client, intent).err();
                report(client, publish, error);
            }
            Either::Left(None) => return false,
            Either::Right(true) => return true,
            Either::Right(false) => {}
        }
    }
}

/// Opens a socket, giving up after [`CONNECT_TIMEOUT`] or when the network goes.
async fn connect(url: &str, network: &mut NetworkWatch) -> Result<Socket, Ended> {
    let give_up = async {
        match select(pin!(sleep(CONNECT_TIMEOUT)), pin!(network.changed())).await {
            Either::Right((false, _)) => Ended::Offline,
            _ => Ended::Dropped,
        }
    };
    match select(pin!(Socket::connect(url)), pin!(give_up)).await {
        Either::Left((Ok(socket), _)) => Ok(socket),
        Either::Left((Err(_), _)) => Err(Ended::Dropped),
        Either::Right((ended, _)) => Err(ended),
    }
}

/// What woke a connection up.
enum Wake {
    Frame(Option<String>),
    Intent(Option<Intent>),
    Beat,
    Network(bool),
}

/// One connection's life.
async fn serve(
    socket: &mut Socket,
    client: &mut OnlineClient,
    intents: &mut UnboundedReceiver<Intent>,
    network: &mut NetworkWatch,
    publish: &mut impl FnMut(Report<'_>),
) -> Ended {
    let mut heartbeat = Heartbeat::new(now());
    loop {
        let wait = match heartbeat.beat(now()) {
            Beat::Lost => return Ended::Dropped,
            Beat::Ping => {
                if !send_all(socket, vec![ClientMessage::Ping {}]).await {
                    return Ended::Dropped;
                }
                continue;
            }
            Beat::Wait(wait) => wait,
        };
        // Every branch is cancellation-safe (a stream's `next`, a timer), so the losers are
        // dropped.
        let wake = {
            let frame = pin!(socket.recv());
            let changed = pin!(network.changed());
            let beat = pin!(sleep(wait));
            match select(select(frame, intents.next()), select(beat, changed)).await {
                Either::Left((Either::Left((frame, _)), _)) => Wake::Frame(frame),
                Either::Left((Either::Right((intent, _)), _)) => Wake::Intent(intent),
                Either::Right((Either::Left(((), _)), _)) => Wake::Beat,
                Either::Right((Either::Right((online, _)), _)) => Wake::Network(online),
            }
        };
        match wake {
            Wake::Frame(None) => return Ended::Dropped,
            Wake::Frame(Some(text)) => {
                heartbeat.heard(now());
                let answers = client.on_text(&text);
                let stopped = matches!(client.link(), Link::Stopped(_));
                report(client, publish, None);
                if stopped {
                    return Ended::Dropped;
                }
                if !answers.is_empty() {
                    heartbeat.sent(now());
                }
                if !send_all(socket, answers).await {
                    return Ended::Dropped;
                }
            }
            Wake::Intent(None) => return Ended::IntentsClosed,
            Wake::Intent(Some(intent)) => match apply(client, intent) {
                Ok(messages) => {
                    report(client, publish, None);
                    if !messages.is_empty() {
                        heartbeat.sent(now());
                    }
                    if !send_all(socket, messages).await {
                        return Ended::Dropped;
                    }
                }
                Err(error) => report(client, publish, Some(error)),
            },
            Wake::Beat | Wake::Network(true) => {}
            Wake::Network(false) => return Ended::Offline,
        }
    }
}

fn apply(client: &mut OnlineClient, intent: Intent) -> Result<Vec<ClientMessage>, IntentError> {
    match intent {
        Intent::Move(mv) => client.play(&mv),
        Intent::NewRound => client.new_round(),
        Intent::Leave => client.leave(),
        Intent::DeclineNewRound => client.decline_new_round(),
        Intent::WithdrawNewRound => client.withdraw_new_round(),
        Intent::ReplaceSeatKey(key) => client.replace_seat_key(key),
    }
}

/// False when the socket failed (the caller treats it as a drop).
async fn send_all(socket: &mut Socket, messages: Vec<ClientMessage>) -> bool {
    for message in messages {
        if socket.send(&message).await.is_err() {
            return false;
        }
    }
    true
}

/// A fresh prefix for a new [`OnlineClient`]'s action ids: 16 random hex digits. The client's
/// counter starts at 1 again after every app start, so a fixed prefix would make the server take
/// a new action for an old one (answered `duplicate`, i.e. silently dropped).
pub fn fresh_id_prefix() -> String {
    format!("{:016x}", random())
}

/// A random number for the jitter and action ids; not for secrets.
#[cfg(not(target_arch = "wasm32"))]
fn random() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

#[cfg(target_arch = "wasm32")]
fn random() -> u64 {
    (js_sys::Math::random() * u64::MAX as f64) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_prefixes_differ_and_fit_an_action_id() {
        let a = fresh_id_prefix();
        let b = fresh_id_prefix();
        assert_ne!(a, b);
        assert_eq!(a.len(), 16);
        // With the counter ("-" and up to 20 digits) it stays within the protocol's limit.
        assert!(a.len() <= cozcade_protocol::ActionId::MAX_PREFIX);
    }
}
