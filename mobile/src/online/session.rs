//! The loop that joins the pure [`OnlineClient`] to a real [`Socket`]: connect, say hello,
//! feed frames in and send what the client answers, take the player's intents, and after a
//! drop wait the backoff and connect again, until the client stops (replaced, left, room full
//! or gone). The UI runs it as a task and watches the client through `publish`.
//!
//! The loop drives a client it is handed as a [`ClientCell`]: one it owns (tests, tools) or
//! one it shares with the UI ([`SharedClient`]), which reads the room's record from it
//! between the loop's steps. Either way the client is the only holder of the room's state.

use std::cell::RefCell;
use std::rc::Rc;

use std::pin::pin;
use std::time::Duration;

use futures_channel::mpsc::UnboundedReceiver;
use futures_util::StreamExt;
use futures_util::future::{Either, select};

use super::backoff::{reconnect_delay, with_jitter};
use super::client::{IntentError, Link, OnlineClient};
use super::transport::Socket;
use cozcade_engine::AnyMove;
use cozcade_protocol::ClientMessage;

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
}

/// A client shared by the connection loop (which changes it) and the UI (which reads it).
/// Single-threaded: the loop borrows it only inside a step, never across an `.await`.
pub type SharedClient = Rc<RefCell<OnlineClient>>;

/// Where the loop finds the client it drives.
pub trait ClientCell {
    /// Runs one step on the client. Nothing else may hold the client meanwhile.
    fn step<R>(&mut self, f: impl FnOnce(&mut OnlineClient) -> R) -> R;
}

impl ClientCell for OnlineClient {
    fn step<R>(&mut self, f: impl FnOnce(&mut OnlineClient) -> R) -> R {
        f(self)
    }
}

impl ClientCell for SharedClient {
    fn step<R>(&mut self, f: impl FnOnce(&mut OnlineClient) -> R) -> R {
        f(&mut self.borrow_mut())
    }
}

/// Runs `client` against the WebSocket at `url` until it stops or `intents` is closed (the
/// screen went away). `publish` sees the client after every change (outside the step, so it
/// may read a shared client), with the reason when an intent was not sent. Returns the client
/// (its seat key and state, to keep).
pub async fn run<C: ClientCell>(
    url: String,
    mut client: C,
    mut intents: UnboundedReceiver<Intent>,
    mut publish: impl FnMut(&C, Option<IntentError>),
) -> C {
    let mut intents_open = true;
    publish(&client, None);
    while intents_open && !client.step(|c| matches!(c.link(), Link::Stopped(_))) {
        if let Ok(mut socket) = Socket::connect(&url).await {
            let hello = client.step(OnlineClient::on_open);
            if send_all(&mut socket, hello).await {
                intents_open = serve(&mut socket, &mut client, &mut intents, &mut publish).await;
            }
            socket.close().await;
        }
        if !intents_open {
            break;
        }
        let attempt = match client.step(|c| c.on_closed().clone()) {
            Link::Reconnecting { attempt } => attempt,
            _ => {
                publish(&client, None);
                break;
            }
        };
        publish(&client, None);
        // Intents made while waiting are queued by the client and go out after the welcome.
        let wait = with_jitter(reconnect_delay(attempt), random());
        let mut sleeping = pin!(sleep(wait));
        loop {
            match select(sleeping.as_mut(), intents.next()).await {
                Either::Left(((), _)) => break,
                Either::Right((Some(intent), _)) => {
                    // Nothing to send while disconnected: the client only queues.
                    let error = client.step(|c| apply(c, intent)).err();
                    publish(&client, error);
                }
                Either::Right((None, _)) => {
                    intents_open = false;
                    break;
                }
            }
        }
    }
    client
}

/// One connection's life. Returns false when the intents channel closed.
async fn serve<C: ClientCell>(
    socket: &mut Socket,
    client: &mut C,
    intents: &mut UnboundedReceiver<Intent>,
    publish: &mut impl FnMut(&C, Option<IntentError>),
) -> bool {
    loop {
        // Both branches are cancellation-safe (a stream's `next`), so the loser is dropped.
        let outcome = match select(pin!(socket.recv()), intents.next()).await {
            Either::Left((frame, _)) => Either::Left(frame),
            Either::Right((intent, _)) => Either::Right(intent),
        };
        match outcome {
            Either::Left(None) => return true,
            Either::Left(Some(text)) => {
                let (answers, stopped) =
                    client.step(|c| (c.on_text(&text), matches!(c.link(), Link::Stopped(_))));
                publish(client, None);
                if stopped || !send_all(socket, answers).await {
                    return true;
                }
            }
            Either::Right(None) => return false,
            Either::Right(Some(intent)) => match client.step(|c| apply(c, intent)) {
                Ok(messages) => {
                    publish(client, None);
                    if !send_all(socket, messages).await {
                        return true;
                    }
                }
                Err(error) => publish(client, Some(error)),
            },
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

#[cfg(not(target_arch = "wasm32"))]
async fn sleep(duration: Duration) {
    tokio::time::sleep(duration).await;
}

#[cfg(target_arch = "wasm32")]
async fn sleep(duration: Duration) {
    let millis = i32::try_from(duration.as_millis()).unwrap_or(i32::MAX);
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        if let Some(window) = web_sys::window() {
            // If the timer cannot be set the promise never settles; the page is going away.
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, millis);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
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
        assert!(a.len() + 1 + 20 <= cozcade_protocol::MAX_ACTION_ID_LEN);
    }
}
