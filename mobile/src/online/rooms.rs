//! Creating a room over HTTP (`POST /api/rooms`). reqwest on both targets: on the web it is the
//! browser's `fetch`.

use cozcade_engine::GameKind;
use cozcade_engine::protocol::{CreateRoom, RoomCreated};

use super::transport::TransportError;

/// Creates a room for `game` on the server at `base` (`https://host`).
pub async fn create_room(base: &str, game: GameKind) -> Result<RoomCreated, TransportError> {
    let url = format!("{}/api/rooms", base.trim_end_matches('/'));
    let response = reqwest::Client::new()
        .post(url)
        .json(&CreateRoom { game })
        .send()
        .await
        .map_err(|e| TransportError::Request(e.to_string()))?;
    let status = response.status();
    if !status.is_success() {
        // The server answers `{"error": "..."}`; show its words when there are any.
        let body = response.text().await.unwrap_or_default();
        let message = serde_json::from_str::<serde_json::Value>(&body)
            .ok()
            .and_then(|v| v.get("error").and_then(|e| e.as_str()).map(String::from))
            .unwrap_or(body);
        return Err(TransportError::Http {
            status: status.as_u16(),
            message,
        });
    }
    response
        .json::<RoomCreated>()
        .await
        .map_err(|e| TransportError::Request(e.to_string()))
}
