// The service worker: keeps every file of this build so that after the first visit the app
// opens, and plays against the computer and on one device, with no network at all.
// `cargo xtask web` fills in the list of files and a version that changes with any of them;
// a new version is fetched whole before it replaces the old one.
const VERSION = "__VERSION__";
const FILES = "__FILES__";
const CACHE = `cozcade-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("cozcade-") && key !== CACHE)
          .map((key) => caches.delete(key)),
      ))
      .then(() => self.clients.claim()),
  );
});

const OFFLINE = JSON.stringify({
  error: "online play needs the network, and this device is offline",
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Opening a room: the app shows the server's error words, so offline it says why.
  if (request.method === "POST" && url.pathname === "/api/rooms") {
    event.respondWith(fetch(request).catch(() => new Response(OFFLINE, {
      status: 503,
      headers: { "content-type": "application/json" },
    })));
    return;
  }
  if (request.method !== "GET") return;
  // Pages (/, /r/<room>, /?room=...): the network's answer when there is one, so a new build
  // and the server's invitation pages arrive at once; the kept page when there is none.
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(async () => {
      const page = await caches.match("./", { cacheName: CACHE });
      return page ?? Response.error();
    }));
    return;
  }
  // The build's own files: kept ones never change under their names.
  event.respondWith(
    caches.match(request, { cacheName: CACHE }).then((kept) => kept ?? fetch(request)),
  );
});
