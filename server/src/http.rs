//! The HTTP side: creating rooms, the WebSocket upgrade, invitation pages, the app-link files
//! under `/.well-known/`, health, metrics and the web build's static files.

use std::{
    net::SocketAddr,
    sync::{Arc, atomic::Ordering},
};

use axum::{
    Json, Router,
    body::Bytes,
    extract::{ConnectInfo, Path, Query, State, WebSocketUpgrade},
    http::{HeaderMap, StatusCode, header},
    response::{Html, IntoResponse, Response},
    routing::{get, post},
};
use cozcade_engine::Side;
use cozcade_protocol::{CreateRoom, RoomCreated, RoomId, RoomInfo};
use serde_json::json;
use tokio::sync::{mpsc, watch};

use crate::{
    client_addr::client_address,
    connection, headers,
    invitation::{self, Texts},
    preview::PictureError,
    registry::Registry,
    room::decide::Room,
    secret::{self, hash_key},
    shared::Shared,
    store::{NewRoom, RoomHead, StoreError, Write},
    web,
    well_known::WellKnown,
};

/// Hard cap on one WebSocket message at the transport. Messages above the protocol's limit
/// (a few KiB) but below this one get a clean `too_big` close from the connection; this cap
/// only keeps a hostile frame from being buffered at all.
const TRANSPORT_MAX_MESSAGE: usize = 64 * 1024;

#[derive(Clone)]
pub struct App {
    pub shared: Arc<Shared>,
    pub registry: Arc<Registry>,
    pub shutdown: watch::Receiver<bool>,
    /// Held by every connection handler until it is done: shutdown waits until no clone of
    /// this sender is left.
    pub handlers: mpsc::Sender<()>,
    pub well_known: Arc<WellKnown>,
    /// The scheme, host and port of the public URL, which a browser sends as `Origin`.
    pub public_origin: Arc<str>,
    /// Without a public URL on a loopback address (local play), the port under which
    /// `localhost`, `127.0.0.1` and `[::1]` all name this same server.
    pub loopback_port: Option<u16>,
}

impl App {
    /// Whether a page of `origin` may create rooms here: the public origin, or in local play
    /// any loopback name of this server (the printed `127.0.0.1` address and `localhost` are
    /// one server to the person who opened it).
    fn room_origin_allowed(&self, origin: &str) -> bool {
        if origin.eq_ignore_ascii_case(&self.public_origin) {
            return true;
        }
        self.loopback_port.is_some_and(|port| {
            ["localhost", "127.0.0.1", "[::1]"]
                .iter()
                .any(|host| origin.eq_ignore_ascii_case(&format!("http://{host}:{port}")))
        })
    }
}

impl App {
    /// Whether a WebSocket may be opened from `origin`: what may create rooms, in local play
    /// any page on this machine (a test's proxy in front of the server, say), and any origin
    /// that is not a web page's (an app's own scheme). A browser names the page that opens a
    /// socket in `Origin`, which the page cannot change; apps send none, or their own scheme,
    /// which no site on the web can have. `null` (a sandboxed or local page) is a web page's.
    fn socket_origin_allowed(&self, origin: &str) -> bool {
        let Some((scheme, host)) = origin.split_once("://") else {
            return false;
        };
        if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
            return true;
        }
        let host = match host.rsplit_once(':') {
            Some((name, _port)) if !host.ends_with(']') => name,
            _ => host,
        };
        self.room_origin_allowed(origin)
            || (self.loopback_port.is_some()
                && ["localhost", "127.0.0.1", "[::1]"]
                    .iter()
                    .any(|name| host.eq_ignore_ascii_case(name)))
    }
}

/// The public routes; `/metrics` among them unless it has a listener of its own.
pub fn router(app: App, with_metrics: bool) -> Router {
    let mut router = Router::new()
        .route("/api/rooms", post(create_room))
        .route("/api/rooms/{id}", get(room_info))
        .route("/ws", get(websocket))
        .route("/r/{id}", get(invitation))
        .route("/r/{id}/preview.png", get(invitation_preview))
        .route(
            "/.well-known/apple-app-site-association",
            get(apple_app_site_association),
        )
        .route("/.well-known/assetlinks.json", get(assetlinks))
        .route("/privacy", get(crate::privacy::page))
        .route("/healthz", get(healthz));
    if with_metrics {
        router = router.route("/metrics", get(metrics));
    }
    if let Some(root) = &app.shared.web_root {
        router = router.fallback_service(web::files(root));
    }
    let (origin, loopback_port) = (app.public_origin.clone(), app.loopback_port);
    headers::layer(router.with_state(app), &origin, loopback_port)
}

/// `/metrics` alone, for `--metrics-listen`.
pub fn metrics_router(app: App) -> Router {
    let (origin, loopback_port) = (app.public_origin.clone(), app.loopback_port);
    headers::layer(
        Router::new()
            .route("/metrics", get(metrics))
            .with_state(app),
        &origin,
        loopback_port,
    )
}

/// The origin (`scheme://host[:port]`) of a base URL such as `https://play.example.com/`.
pub fn origin_of(url: &str) -> String {
    let url = url.trim_end_matches('/');
    match url.split_once("://") {
        Some((scheme, rest)) => {
            let host = rest.split('/').next().unwrap_or(rest);
            format!(
                "{}://{}",
                scheme.to_ascii_lowercase(),
                host.to_ascii_lowercase()
            )
        }
        None => url.to_ascii_lowercase(),
    }
}

/// For answers no cache may keep: a seat key, a room's page.
const NO_STORE: &str = "no-store";

fn json_error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(json!({ "error": message.into() }))).into_response()
}

/// A refusal with `Retry-After`: the time one token of a bucket refilled at `per_minute` takes.
fn retry_later(status: StatusCode, per_minute: f64, message: impl Into<String>) -> Response {
    let seconds = (60.0 / per_minute.max(f64::MIN_POSITIVE)).ceil();
    let retry_after = if seconds.is_finite() && seconds >= 1.0 {
        format!("{seconds:.0}")
    } else {
        "1".to_owned()
    };
    let mut response = json_error(status, message);
    if let Ok(value) = retry_after.parse() {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
    response
}

/// Whether the request says its body is JSON (`application/json`, parameters allowed).
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|mime| mime.trim().eq_ignore_ascii_case("application/json"))
}

async fn create_room(
    State(app): State<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let shared = &app.shared;
    // A page on another site may post a form or a "simple" request to any URL, with the
    // visitor's browser; it cannot send `application/json` without CORS, which this server
    // never grants, and its `Origin` says where it comes from.
    if !is_json(&headers) {
        return json_error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "send the request as Content-Type: application/json",
        );
    }
    if let Some(origin) = headers.get(header::ORIGIN)
        && !origin.to_str().is_ok_and(|o| app.room_origin_allowed(o))
    {
        return json_error(
            StatusCode::FORBIDDEN,
            format!("rooms are created only from {}", app.public_origin),
        );
    }
    let client = client_address(peer, &headers, &shared.trusted_proxies);
    if !shared.room_creation.allow(client) {
        shared.metrics.rooms_refused.fetch_add(1, Ordering::Relaxed);
        return retry_later(
            StatusCode::TOO_MANY_REQUESTS,
            shared.limits.rooms_per_minute,
            format!(
                "too many rooms from this address: {} a minute at most",
                shared.limits.rooms_per_minute
            ),
        );
    }
    let request: CreateRoom = match serde_json::from_slice(&body) {
        Ok(request) => request,
        Err(e) => {
            return json_error(
                StatusCode::BAD_REQUEST,
                format!(
                    "expected {{\"game\": \"checkers\" | \"kalah\" | \"chinese-checkers\"}}: {e}"
                ),
            );
        }
    };
    let rooms = shared.metrics.rooms.load(Ordering::Relaxed);
    if u64::try_from(rooms).unwrap_or(0) >= shared.limits.max_rooms {
        return json_error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server holds as many rooms as it can",
        );
    }
    // Last, so that only a request that would have made a room spends a token of everyone's.
    if !shared.all_room_creation.allow() {
        shared.metrics.rooms_refused.fetch_add(1, Ordering::Relaxed);
        return retry_later(
            StatusCode::SERVICE_UNAVAILABLE,
            shared.limits.all_rooms_per_minute,
            "the server is making as many new rooms as it can; try again in a minute",
        );
    }
    let (id, key) = match (secret::new_room_id(), secret::new_seat_key()) {
        (Ok(id), Ok(key)) => (id, key),
        (Err(e), _) | (_, Err(e)) => {
            tracing::error!("{e}");
            return json_error(StatusCode::INTERNAL_SERVER_ERROR, "no randomness available");
        }
    };
    let room = NewRoom {
        id: id.to_string(),
        game: request.game,
        creator_key_hash: hash_key(&key),
        now: shared.clock.now(),
    };
    match shared.store.write(vec![Write::CreateRoom(room)]).await {
        Ok(()) => {}
        Err(e @ StoreError::Busy) => {
            shared.metrics.store_busy.fetch_add(1, Ordering::Relaxed);
            return json_error(StatusCode::SERVICE_UNAVAILABLE, e.to_string());
        }
        Err(e) => {
            tracing::error!("creating a room: {e}");
            return json_error(
                StatusCode::SERVICE_UNAVAILABLE,
                "the store is unavailable; try again",
            );
        }
    }
    shared.metrics.rooms.fetch_add(1, Ordering::Relaxed);
    shared.metrics.rooms_created.fetch_add(1, Ordering::Relaxed);
    let created = RoomCreated {
        invitation: format!("{}/r/{id}", shared.public_url),
        room: id,
        game: request.game,
        seat_key: key,
        seat: Side::First,
    };
    // It carries the seat key: no cache on the way may keep it for someone else.
    (
        StatusCode::CREATED,
        [(header::CACHE_CONTROL, "no-store")],
        Json(created),
    )
        .into_response()
}

/// `GET /ws?room=<id>`: the room in the address is optional for the protocol (the hello names
/// it) but lets a load balancer send every connection of a room to the same instance; when
/// given, the hello must name the same room.
#[derive(serde::Deserialize)]
struct SocketAddress {
    room: Option<String>,
}

async fn websocket(
    State(app): State<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(address): Query<SocketAddress>,
    upgrade: WebSocketUpgrade,
) -> Response {
    // Another site's page, in a visitor's browser: refused before anything is taken.
    if let Some(origin) = headers.get(header::ORIGIN)
        && !origin.to_str().is_ok_and(|o| app.socket_origin_allowed(o))
    {
        return json_error(
            StatusCode::FORBIDDEN,
            format!(
                "a WebSocket is opened here only from pages of {} (this origin is not one)",
                app.public_origin
            ),
        );
    }
    // Taken before the upgrade so that the caps count connections, not handshakes in flight;
    // a refused one is still upgraded, to be told why in the protocol's own terms.
    let client = client_address(peer, &headers, &app.shared.trusted_proxies);
    let permit = match app.shared.connections_per_address.take(client) {
        Some(slot) => match app.shared.connections.clone().try_acquire_owned() {
            Ok(permit) => Ok((permit, slot)),
            Err(_) => Err(connection::Refused::ServerFull),
        },
        None => Err(connection::Refused::AddressFull),
    };
    upgrade
        .max_message_size(TRANSPORT_MAX_MESSAGE)
        .max_frame_size(TRANSPORT_MAX_MESSAGE)
        // Small buffers: ten thousand idle connections must not cost a gigabyte.
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .on_upgrade(move |socket| {
            connection::serve(
                socket,
                connection::Context {
                    shared: app.shared,
                    registry: app.registry,
                    shutdown: app.shutdown,
                    handlers: app.handlers,
                },
                permit,
                address.room,
            )
        })
}

/// How long `/healthz` waits for the store.
const HEALTH_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// `ok` when the store can be read and written now; otherwise `503` and why.
async fn healthz(State(app): State<App>) -> Response {
    let unhealthy = |why: String| {
        tracing::warn!("health check: {why}");
        (StatusCode::SERVICE_UNAVAILABLE, format!("{why}\n")).into_response()
    };
    match tokio::time::timeout(HEALTH_WAIT, app.shared.store.check()).await {
        Ok(Ok(())) => "ok\n".into_response(),
        Ok(Err(e)) => unhealthy(format!("the store fails: {e}")),
        Err(_) => unhealthy(format!("the store did not answer within {HEALTH_WAIT:?}")),
    }
}

async fn metrics(State(app): State<App>) -> impl IntoResponse {
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        app.shared.metrics.render(app.shared.store.stats()),
    )
}

/// Apple fetches this (through its CDN) when the app is installed, to learn which paths open
/// it: it must be JSON, answered 200 without a redirect.
async fn apple_app_site_association(State(app): State<App>) -> Response {
    well_known_file(
        app.well_known.apple_app_site_association.as_deref(),
        "no apple-app-site-association: the server has no Apple team id (--apple-team-id)",
    )
}

/// Android fetches this at install to verify the `autoVerify` intent filter for `/r/`.
async fn assetlinks(State(app): State<App>) -> Response {
    well_known_file(
        app.well_known.assetlinks.as_deref(),
        "no assetlinks.json: the server has no Android certificate fingerprint \
         (--android-cert-sha256)",
    )
}

fn well_known_file(document: Option<&[u8]>, missing: &str) -> Response {
    match document {
        Some(bytes) => (
            [(header::CONTENT_TYPE, "application/json")],
            Bytes::copy_from_slice(bytes),
        )
            .into_response(),
        None => json_error(StatusCode::NOT_FOUND, missing),
    }
}

/// What an invitation's welcome shows before the friend takes a seat: the game, and which
/// seat a hello without a key would get. Reading it changes nothing, so a link preview or a
/// page that is only opened leaves the seat open.
async fn room_info(State(app): State<App>, Path(id): Path<String>) -> Response {
    let Ok(id) = id.parse::<RoomId>() else {
        return json_error(StatusCode::NOT_FOUND, "not a room id");
    };
    match app.shared.store.room_head(id.as_str()).await {
        Ok(Some(room)) => {
            let open_seat = [Side::Second, Side::First]
                .into_iter()
                .find(|s| room.seat_key_hashes[s.index()].is_none());
            let info = RoomInfo {
                room: id,
                game: room.game,
                open_seat,
            };
            // Seats fill: never answer from a cache.
            ([(header::CACHE_CONTROL, "no-store")], Json(info)).into_response()
        }
        Ok(None) => json_error(
            StatusCode::NOT_FOUND,
            format!("there is no room {id} (expired?)"),
        ),
        Err(e) => {
            tracing::warn!(
                "reading room {} for its welcome: {e}",
                secret::Redacted(id.as_str())
            );
            json_error(
                StatusCode::SERVICE_UNAVAILABLE,
                "the store is unavailable; try again",
            )
        }
    }
}

/// The invitation link's page. On a phone with the app, the universal link never reaches it;
/// otherwise it is the web build's page (which routes `/r/<id>` itself) with the room's
/// preview tags in its head, for the chat app the link was pasted into. A room that is not
/// there (never was, or was deleted after a week without play: the server cannot tell which
/// once it is gone) gets a page in the visitor's language that says so.
async fn invitation(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let shared = &app.shared;
    let texts = Texts::for_accept_language(
        headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok()),
    );
    let Some(texts) = texts else {
        return (StatusCode::INTERNAL_SERVER_ERROR, "no translations\n").into_response();
    };
    let Ok(id) = id.parse::<RoomId>() else {
        return gone(texts);
    };
    let room = match room_head(shared, &id).await {
        Ok(Some(room)) => room,
        Ok(None) => return gone(texts),
        Err(response) => return response,
    };
    let url = format!("{}/r/{id}", shared.public_url);
    // The position's number in the picture's address: a chat app that keeps pictures by
    // address shows the new position once the page is read again.
    let image = format!("{url}/preview.png?v={}", room.seq);
    let preview = invitation::Preview {
        game: room.game,
        url: &url,
        image: &image,
    };
    let index = match &shared.web_root {
        Some(root) => tokio::fs::read_to_string(root.join("index.html"))
            .await
            .ok(),
        None => None,
    };
    let link = index.as_deref().and_then(crate::preload::link_header);
    let html = match index {
        Some(index) => preview.in_index(&index, texts),
        None => preview.in_index(
            &page(
                "You are invited to a game",
                &format!(
                    "<p>A friend invited you to play on Cozcade.</p>\
                     <p><a class=\"button\" href=\"cozcade://r/{id}\">Open in the app</a></p>\
                     <p><a href=\"/?room={id}\">Play in the browser</a></p>"
                ),
            ),
            texts,
        ),
    };
    // Never kept: a room's page is its invitation (a capability), which no cache on the way
    // (nor the browser's back-forward cache) should hold; its words follow the language.
    let mut response = (
        [
            (header::CACHE_CONTROL, NO_STORE),
            (header::VARY, "Accept-Language"),
        ],
        Html(html),
    )
        .into_response();
    if let Some(link) = link {
        response.headers_mut().insert(header::LINK, link);
    }
    response
}

/// `GET /r/<id>/preview.png`: the room's game and current position, for link previews. The
/// room is loaded and replayed only when the picture of its current position is not kept.
async fn invitation_preview(State(app): State<App>, Path(id): Path<String>) -> Response {
    let shared = &app.shared;
    let Ok(id) = id.parse::<RoomId>() else {
        return (StatusCode::NOT_FOUND, "no such room\n").into_response();
    };
    let head = match room_head(shared, &id).await {
        Ok(Some(head)) => head,
        Ok(None) => return (StatusCode::NOT_FOUND, "no such room\n").into_response(),
        Err(response) => return response,
    };
    // Read and replayed only when the picture is drawn, once for all who ask meanwhile.
    let record = async {
        match load_room(shared, &id).await {
            // A newer position than the head said: its picture is drawn (and kept) under the
            // head's number, and replaced at the next request.
            Ok(Some(room)) => Ok(room.state.record),
            Ok(None) => Err((StatusCode::NOT_FOUND, "no such room\n").into_response()),
            Err(response) => Err(response),
        }
    };
    let picture = shared
        .previews
        .picture(
            id.as_str(),
            head.seq,
            record,
            &shared.metrics.previews_rendered,
        )
        .await;
    match picture {
        Ok(png) => (
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, web::NO_CACHE),
            ],
            png,
        )
            .into_response(),
        Err(PictureError::Room(response)) => response,
        Err(PictureError::Render(e)) => {
            tracing::error!(
                "link preview of room {}: {e}",
                secret::Redacted(id.as_str())
            );
            (StatusCode::INTERNAL_SERVER_ERROR, "no picture\n").into_response()
        }
    }
}

/// Room `id`'s row and last sequence number: `None` when there is no such room; an error
/// answer when the store cannot say.
async fn room_head(shared: &Shared, id: &RoomId) -> Result<Option<RoomHead>, Response> {
    shared.store.room_head(id.as_str()).await.map_err(|e| {
        tracing::error!("reading room {}: {e}", secret::Redacted(id.as_str()));
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "the store is unavailable; try again\n",
        )
            .into_response()
    })
}

/// Room `id` as stored, rebuilt: `None` when there is no such room; an error answer when the
/// store cannot say.
async fn load_room(shared: &Shared, id: &RoomId) -> Result<Option<Room>, Response> {
    match shared.store.load_room(id.as_str()).await {
        Ok(None) => Ok(None),
        Ok(Some(stored)) => match Room::from_stored(id.clone(), stored) {
            Ok(room) => Ok(Some(room)),
            Err(e) => {
                tracing::error!("{e}");
                Err((
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "the room does not replay\n",
                )
                    .into_response())
            }
        },
        Err(e) => {
            tracing::error!("loading room {}: {e}", secret::Redacted(id.as_str()));
            Err((
                StatusCode::SERVICE_UNAVAILABLE,
                "the store is unavailable; try again\n",
            )
                .into_response())
        }
    }
}

/// The page for a room that is not there: 404 (a deleted room is, to the server, as unknown
/// as one that never was).
fn gone(texts: Texts) -> Response {
    (
        StatusCode::NOT_FOUND,
        [
            (header::CACHE_CONTROL, NO_STORE),
            (header::VARY, "Accept-Language"),
        ],
        Html(invitation::gone_page(texts)),
    )
        .into_response()
}

fn page(title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1, viewport-fit=cover\">\
         <title>{title} · Cozcade</title>\
         <style>body{{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;\
         padding:0 1rem;line-height:1.5}}.button{{display:inline-block;padding:.75rem 1.25rem;\
         background:#2d6a4f;color:#fff;border-radius:.5rem;text-decoration:none}}</style>\
         </head><body><h1>{title}</h1>{body}</body></html>"
    )
}
