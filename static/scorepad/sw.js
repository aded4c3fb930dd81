// Scorepad's service worker, served at /sw.js by scorepad/views/app.py, which writes
// VERSION (a digest of what follows and of the static files' hashed names) and SHELL
// (those names and the offline page) above this file: a deploy that changes any of
// them is a new worker, which takes over as soon as it is installed. The outbox's
// store comes from scorepad.js, the pages' own script.
//
// It keeps the shell, every static file fetched (a hashed name never changes), and the
// game screens the phone opened or was asked to keep; a page it cannot fetch comes from
// what it kept, else the offline page. Writes are never answered from here: the page's
// outbox (scorepad.js) keeps them, and this worker sends them too when the browser wakes
// it for a background sync.
importScripts(SHELL.find((url) => url.includes("/scorepad.") && url.endsWith(".js")));

const SHELL_CACHE = `shell-${VERSION}`;
const STATIC_CACHE = "static";
const PAGES_CACHE = "pages";
const OFFLINE = "/offline/";

// The screens worth keeping for a table without network: home and every play's own.
const keepable = (url) => url.pathname === "/" || url.pathname.startsWith("/plays/");

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("shell-") && name !== SHELL_CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function fromCacheFirst(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) (await caches.open(STATIC_CACHE)).put(request, response.clone());
  return response;
}

async function fromNetworkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok && keepable(new URL(request.url))) {
      (await caches.open(PAGES_CACHE)).put(request, response.clone());
    }
    return response;
  } catch {
    return (
      (await caches.match(request, { ignoreSearch: false })) ||
      (await caches.match(OFFLINE)) ||
      new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain" } })
    );
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(fromCacheFirst(request));
  } else if (request.mode === "navigate") {
    event.respondWith(fromNetworkFirst(request));
  }
});

// A page asks for the screens a player may open next, so that they open offline too,
// and for its own screen again once its changes are saved, so that the copy kept of it
// shows them.
async function keepPage(cache, path, again) {
  const url = new URL(path, self.location.origin);
  if (!keepable(url) || (!again && (await cache.match(url.href)))) return true;
  try {
    const response = await fetch(url.href, { credentials: "same-origin" });
    if (response.ok && !response.redirected) await cache.put(url.href, response);
    return true;
  } catch {
    return false; // offline: nothing more to keep now
  }
}

self.addEventListener("message", (event) => {
  const { keep, refresh, forget } = event.data || {};
  if (forget) event.waitUntil(caches.delete(PAGES_CACHE));
  if (!Array.isArray(keep) && !refresh) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PAGES_CACHE);
      if (refresh) await keepPage(cache, refresh, true);
      for (const path of (keep || []).slice(0, 60)) {
        if (!(await keepPage(cache, path, false))) return;
      }
    })(),
  );
});

// The browser says the network is back, even with no Scorepad page open.
self.addEventListener("sync", (event) => {
  if (event.tag !== "outbox") return;
  event.waitUntil(
    OutboxStore.exclusive(async () => {
      const pages = new Set();
      try {
        for (const change of await OutboxStore.all()) {
          const response = await OutboxStore.send(change);
          if (!response) throw new Error("still offline"); // the browser tries again later
          await OutboxStore.remove(change.id);
          const html = response.status === 204 ? "" : await response.text();
          await OutboxStore.noteRefusal(change, response, html);
          pages.add(change.page);
        }
      } finally {
        for (const client of await self.clients.matchAll()) {
          client.postMessage({ sent: [...pages] });
        }
      }
    }),
  );
});
