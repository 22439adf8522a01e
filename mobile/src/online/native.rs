//! The WebSocket on desktop and phones: tokio-tungstenite (rustls for `wss://`).

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::frame::{TransportError, encode};
use cozcade_protocol::ClientMessage;

/// A connection attempt that takes longer than this has failed (a phone on a dead network
/// would otherwise wait for the OS's TCP timeout, minutes).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// An open connection to the room server.
pub struct Socket {
    stream: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Socket {
    /// Opens `ws://…/ws` or `wss://…/ws`.
    pub async fn connect(url: &str) -> Result<Socket, TransportError> {
        let (stream, _response) =
            tokio::time::timeout(CONNECT_TIMEOUT, tokio_tungstenite::connect_async(url))
                .await
                .map_err(|_| TransportError::Connect(format!("{url}: timed out")))?
                .map_err(|e| TransportError::Connect(e.to_string()))?;
        Ok(Socket { stream })
    }

    pub async fn send(&mut self, message: &ClientMessage) -> Result<(), TransportError> {
        let text = encode(message)?;
        self.stream
            .send(Message::text(text))
            .await
            .map_err(|e| TransportError::Send(e.to_string()))
    }

    /// The next text frame, or `None` once the connection is closed or broken. A connection
    /// that goes silent is the session's heartbeat's to notice. WebSocket pings are answered by
    /// tungstenite itself while we read; binary frames are not part of the protocol and are
    /// skipped.
    pub async fn recv(&mut self) -> Option<String> {
        loop {
            let frame = self.stream.next().await?;
            match frame {
                Ok(Message::Text(text)) => return Some(text.as_str().to_owned()),
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => continue,
            }
        }
    }

    /// Closes politely; errors do not matter any more at this point.
    pub async fn close(&mut self) {
        let _ = self.stream.close(None).await;
    }
}
