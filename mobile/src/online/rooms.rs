//! Creating a room over HTTP (`POST /api/rooms`) and reading one for an invitation's welcome
//! (`GET /api/rooms/<room>`): reqwest on desktop and phones, the browser's own `fetch` on the web. reqwest would do on the web too, but it brings the `url` crate and its
//! Unicode tables (a quarter of the bundle's growth for one POST).

use cozcade_engine::GameKind;
use cozcade_protocol::{CreateRoom, RoomCreated, RoomInfo};

use super::transport::TransportError;

/// Creates a room for `game` on the server at `base` (`https://host`).
pub async fn create_room(base: &str, game: GameKind) -> Result<RoomCreated, TransportError> {
    let url = format!("{}/api/rooms", base.trim_end_matches('/'));
    let body = serde_json::to_string(&CreateRoom { game })
        .map_err(|e| TransportError::Request(e.to_string()))?;
    let (status, text) = request(&url, Some(body)).await?;
    if !(200..300).contains(&status) {
        return Err(TransportError::Http {
            status,
            message: error_message(&text),
        });
    }
    serde_json::from_str::<RoomCreated>(&text).map_err(|e| TransportError::Request(e.to_string()))
}

/// What the welcome shows of room `room` on the server at `base`, without taking a seat;
/// `None` when the server has no such room (never was, or expired).
pub async fn room_info(base: &str, room: &str) -> Result<Option<RoomInfo>, TransportError> {
    let url = format!("{}/api/rooms/{room}", base.trim_end_matches('/'));
    let (status, text) = request(&url, None).await?;
    match status {
        404 => Ok(None),
        200..300 => serde_json::from_str::<RoomInfo>(&text)
            .map(Some)
            .map_err(|e| TransportError::Request(e.to_string())),
        _ => Err(TransportError::Http {
            status,
            message: error_message(&text),
        }),
    }
}

/// The server answers errors as `{"error": "..."}`; show its words when there are any.
fn error_message(body: &str) -> String {
    serde_json::from_str::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v.get("error").and_then(|e| e.as_str()).map(String::from))
        .unwrap_or_else(|| body.to_string())
}

/// POSTs a JSON body (or GETs, without one); the status and the answer's text.
#[cfg(not(target_arch = "wasm32"))]
async fn request(url: &str, body: Option<String>) -> Result<(u16, String), TransportError> {
    let client = reqwest::Client::new();
    let request = match body {
        Some(body) => client
            .post(url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(body),
        None => client.get(url),
    };
    let response = request
        .send()
        .await
        .map_err(|e| TransportError::Request(e.to_string()))?;
    let status = response.status().as_u16();
    let text = response
        .text()
        .await
        .map_err(|e| TransportError::Request(e.to_string()))?;
    Ok((status, text))
}

#[cfg(target_arch = "wasm32")]
async fn request(url: &str, body: Option<String>) -> Result<(u16, String), TransportError> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;

    let failed = |what: &str, e: wasm_bindgen::JsValue| {
        TransportError::Request(format!("{what}: {}", e.as_string().unwrap_or_default()))
    };
    let window = web_sys::window().ok_or_else(|| TransportError::Request("no window".into()))?;
    let init = web_sys::RequestInit::new();
    if let Some(body) = body {
        init.set_method("POST");
        init.set_body(&wasm_bindgen::JsValue::from_str(&body));
        let headers = web_sys::Headers::new().map_err(|e| failed("headers", e))?;
        headers
            .set("Content-Type", "application/json")
            .map_err(|e| failed("headers", e))?;
        init.set_headers(&headers);
    } else {
        init.set_method("GET");
    }
    let request =
        web_sys::Request::new_with_str_and_init(url, &init).map_err(|e| failed("request", e))?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_request(&request))
        .await
        .map_err(|e| failed("fetch", e))?
        .dyn_into()
        .map_err(|e| failed("fetch", e))?;
    let text = response.text().map_err(|e| failed("body", e))?;
    let text = JsFuture::from(text)
        .await
        .map_err(|e| failed("body", e))?
        .as_string()
        .unwrap_or_default();
    Ok((response.status(), text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_servers_error_words_are_shown() {
        assert_eq!(error_message(r#"{"error":"unknown game"}"#), "unknown game");
        assert_eq!(error_message("Bad Gateway"), "Bad Gateway");
    }
}
