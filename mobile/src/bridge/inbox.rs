//! host → app: the events the native host delivered, waiting for the App to act on them, and the
//! one fact the host needs back synchronously (is the app at its root screen).

use std::{
    collections::VecDeque,
    sync::{
        Mutex,
        atomic::{AtomicBool, Ordering},
    },
    task::{Poll, Waker},
};

use futures_util::Stream;

use cozcade_protocol::SeatKey;

use crate::state::Invitation;

/// Something the App must act on (see the module documentation of `bridge` for how).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "bridge", derive(uniffi::Enum))]
pub enum HostEvent {
    /// An invitation link was opened: join this room (with `seat_key` when it was a player's
    /// personal link).
    OpenRoom {
        invitation: Invitation,
        seat_key: Option<SeatKey>,
    },
    /// The app left the screen: pause the computer.
    Background,
    /// The app is back on screen: resume what `Background` paused.
    Foreground,
    /// Android's back button, when not at the root: go back one screen.
    Back,
}

/// At most this many events wait; past it the oldest is dropped. Only a host calling in a loop
/// while the App never reads could fill it; a bound keeps that from growing without end.
const CAPACITY: usize = 32;

struct Inbox {
    events: VecDeque<HostEvent>,
    /// The App's reader, parked until the next event.
    reader: Option<Waker>,
}

/// A std `Mutex`: it is never held across an `.await` nor while calling out.
static INBOX: Mutex<Inbox> = Mutex::new(Inbox {
    events: VecDeque::new(),
    reader: None,
});

/// The app starts at the game picker, which is its root.
static AT_ROOT: AtomicBool = AtomicBool::new(true);

fn inbox() -> std::sync::MutexGuard<'static, Inbox> {
    INBOX
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Queues an event and wakes the App's reader.
pub(crate) fn post(event: HostEvent) {
    let reader = {
        let mut inbox = inbox();
        if inbox.events.len() == CAPACITY {
            inbox.events.pop_front();
        }
        inbox.events.push_back(event);
        inbox.reader.take()
    };
    if let Some(reader) = reader {
        reader.wake();
    }
}

/// The oldest waiting event, if any, without waiting (the Python test's window on the inbox).
#[cfg(any(test, feature = "bridge-test"))]
pub(crate) fn take() -> Option<HostEvent> {
    inbox().events.pop_front()
}

/// The host's events as they come, oldest first, for the App's one reader task. The stream never
/// ends; it waits while the inbox is empty (always, on the web and desktop).
pub fn host_events() -> impl Stream<Item = HostEvent> + Unpin {
    futures_util::stream::poll_fn(|context| {
        let mut inbox = inbox();
        match inbox.events.pop_front() {
            Some(event) => Poll::Ready(Some(event)),
            None => {
                inbox.reader = Some(context.waker().clone());
                Poll::Pending
            }
        }
    })
}

/// The App says whether it shows its root screen (the game picker), where Back leaves the app.
pub fn set_at_root(at_root: bool) {
    AT_ROOT.store(at_root, Ordering::SeqCst);
}

pub(crate) fn at_root() -> bool {
    AT_ROOT.load(Ordering::SeqCst)
}

#[cfg(test)]
pub(crate) fn clear() {
    inbox().events.clear();
    set_at_root(true);
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::StreamExt;

    #[test]
    fn the_reader_gets_events_in_order_and_wakes_for_new_ones() {
        let _guard = crate::bridge::tests::serial();
        clear();
        post(HostEvent::Background);
        post(HostEvent::Foreground);
        let mut events = host_events();
        let mut context = std::task::Context::from_waker(Waker::noop());
        assert_eq!(
            events.poll_next_unpin(&mut context),
            Poll::Ready(Some(HostEvent::Background))
        );
        assert_eq!(
            events.poll_next_unpin(&mut context),
            Poll::Ready(Some(HostEvent::Foreground))
        );
        assert_eq!(events.poll_next_unpin(&mut context), Poll::Pending);

        // An event posted from another thread (Android's UI thread) wakes a waiting reader.
        let reader = std::thread::spawn(|| futures_executor_lite(host_events()));
        std::thread::sleep(std::time::Duration::from_millis(50));
        post(HostEvent::Back);
        assert_eq!(reader.join().expect("reader"), Some(HostEvent::Back));
    }

    #[test]
    fn a_full_inbox_drops_the_oldest() {
        let _guard = crate::bridge::tests::serial();
        clear();
        for _ in 0..CAPACITY {
            post(HostEvent::Background);
        }
        post(HostEvent::Back);
        let mut taken = Vec::new();
        while let Some(event) = take() {
            taken.push(event);
        }
        assert_eq!(taken.len(), CAPACITY);
        assert_eq!(taken.last(), Some(&HostEvent::Back));
    }

    /// Blocks on the stream's next item with a thread-parking waker.
    fn futures_executor_lite(
        mut stream: impl Stream<Item = HostEvent> + Unpin,
    ) -> Option<HostEvent> {
        struct Unpark(std::thread::Thread);
        impl std::task::Wake for Unpark {
            fn wake(self: std::sync::Arc<Self>) {
                self.0.unpark();
            }
        }
        let waker = Waker::from(std::sync::Arc::new(Unpark(std::thread::current())));
        let mut context = std::task::Context::from_waker(&waker);
        loop {
            match stream.poll_next_unpin(&mut context) {
                Poll::Ready(event) => return event,
                Poll::Pending => std::thread::park_timeout(std::time::Duration::from_secs(5)),
            }
        }
    }
}
