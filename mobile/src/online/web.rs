//! The WebSocket in the browser: `web_sys::WebSocket`, its callbacks turned into a channel so
//! the session reads it the same way as the native socket.
//!
//! The callbacks' lifetimes: the browser may call a socket's handlers for as long as the
//! socket object lives (a failed connection fires `error`, then `close`, a little later). So the
//! [`Socket`] is built, callbacks set, *before* anything is awaited, and its `Drop` detaches
//! the handlers before the closures are freed: whether the socket opened, failed, or the
//! connection attempt was abandoned (a timeout drops the future), no handler is left pointing
//! at a freed closure ("closure invoked recursively or after being dropped"), and nothing
//! leaks.

use futures_channel::mpsc::{UnboundedReceiver, UnboundedSender, unbounded};
use futures_util::StreamExt;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{CloseEvent, Event, MessageEvent, WebSocket};

use super::frame::{TransportError, encode};
use cozcade_protocol::ClientMessage;

enum Signal {
    Open,
    Text(String),
    Closed,
}

/// An open connection to the room server.
pub struct Socket {
    ws: WebSocket,
    incoming: UnboundedReceiver<Signal>,
    // Freed only after `Drop` has detached them from `ws`.
    _on_open: Closure<dyn FnMut(Event)>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_close: Closure<dyn FnMut(CloseEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

impl Socket {
    /// Opens the socket and waits until it is open (or has failed).
    pub async fn connect(url: &str) -> Result<Socket, TransportError> {
        let ws = WebSocket::new(url).map_err(|e| TransportError::Connect(format!("{e:?}")))?;
        let (tx, incoming) = unbounded();
        let on_open = callback(&tx, |_: Event| Some(Signal::Open));
        let on_message = callback(&tx, |event: MessageEvent| {
            // Text frames arrive as JS strings; anything else is not part of the protocol.
            event.data().as_string().map(Signal::Text)
        });
        let on_close = callback(&tx, |_: CloseEvent| Some(Signal::Closed));
        let on_error = callback(&tx, |_: Event| Some(Signal::Closed));
        ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        ws.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        // From here on `Drop` owns the cleanup, on every way out of this function.
        let mut socket = Socket {
            ws,
            incoming,
            _on_open: on_open,
            _on_message: on_message,
            _on_close: on_close,
            _on_error: on_error,
        };
        match socket.incoming.next().await {
            Some(Signal::Open) => Ok(socket),
            _ => Err(TransportError::Connect(format!("{url} did not open"))),
        }
    }

    pub async fn send(&mut self, message: &ClientMessage) -> Result<(), TransportError> {
        let text = encode(message)?;
        self.ws
            .send_with_str(&text)
            .map_err(|e| TransportError::Send(format!("{e:?}")))
    }

    /// The next text frame, or `None` once the connection is closed or broken.
    pub async fn recv(&mut self) -> Option<String> {
        loop {
            match self.incoming.next().await? {
                Signal::Text(text) => return Some(text),
                Signal::Closed => return None,
                Signal::Open => continue,
            }
        }
    }

    pub async fn close(&mut self) {
        let _ = self.ws.close();
    }
}

impl Drop for Socket {
    fn drop(&mut self) {
        // Detach the callbacks before they are freed (the fields drop after this).
        self.ws.set_onopen(None);
        self.ws.set_onmessage(None);
        self.ws.set_onclose(None);
        self.ws.set_onerror(None);
        let _ = self.ws.close();
    }
}

fn callback<E>(
    tx: &UnboundedSender<Signal>,
    map: impl Fn(E) -> Option<Signal> + 'static,
) -> Closure<dyn FnMut(E)>
where
    E: wasm_bindgen::convert::FromWasmAbi + 'static,
{
    let tx = tx.clone();
    Closure::new(move |event: E| {
        if let Some(signal) = map(event) {
            // A closed receiver means the socket is gone; nothing to tell.
            let _ = tx.unbounded_send(signal);
        }
    })
}
