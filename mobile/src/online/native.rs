//! The WebSocket on desktop and phones: tokio-tungstenite (rustls for `wss://`).

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::transport::{TransportError, encode};
use cozcade_engine::protocol::ClientMessage;

/// An open connection to the room server.
pub struct Socket {
    stream: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Socket {
    /// Opens `ws://…/ws` or `wss://…/ws`.
    pub async fn connect(url: &str) -> Result<Socket, TransportError> {
        let (stream, _response) = tokio_tungstenite::connect_async(url)
            .await
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

    /// The next text frame, or `None` once the connection is closed or broken. Pings are
    /// answered by tungstenite itself while we read; binary frames are not part of the
    /// protocol and are skipped.
    pub async fn recv(&mut self) -> Option<String> {
        loop {
            match self.stream.next().await? {
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
