// Scorepad's service worker, a classic worker (every browser runs one), served at /sw.js
// by scorepad/views/app.py, which writes VERSION (a digest of what follows and of the
// static files' hashed names), SHELL (those names and the offline page) and the outbox's
// store, OutboxStore (outbox-store.js's exports), before this file's code. SHELL holds the
// offline page once in each of the site's languages. In production
// /sw.js is those lines and two importScripts, by hashed names: outbox-worker.js's file
// and this one's, fetched as the worker installs. A deploy that changes any of them is a
// new worker, which takes over as soon as it is installed. Types: sw-globals.d.ts.
//
// It keeps the shell, every static file fetched (a hashed name never changes), and the
// game screens the phone opened or was asked to keep, for whoever is signed in (below:
// whose pages); a page it cannot fetch comes from what it kept for them, else the offline
// page. Writes are never answered from here: the page's outbox (outbox-screen.js) keeps
// them, and this worker sends them too when the browser wakes it for a background sync.

const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const SHELL_CACHE = `shell-${VERSION}`;
const STATIC_CACHE = "static";
const PAGES = "pages-"; // and the identity they were kept for: one cache per identity
const OFFLINE = "/offline/";
// The language the reader's pages come in (each says it in Content-Language): the offline
// page is shown in it. Until a page has said, the browser's.
let readerLanguage = self.navigator.language.slice(0, 2);

// The screens worth keeping for a table without network: home and every play's own.
const keepable = (url) => url.pathname === "/" || url.pathname.startsWith("/plays/");

worker.addEventListener("install", (event) => {
  // The offline page is shown to whoever the phone is offline for: fetched as nobody.
  const shell = SHELL.map((url) => new Request(url, { credentials: "omit" }));
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(shell)));
  worker.skipWaiting();
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Old shells, and the one "pages" cache of workers that kept everyone's pages alike.
      for (const name of await caches.keys()) {
        if (![SHELL_CACHE, STATIC_CACHE].includes(name) && !name.startsWith(PAGES)) {
          await caches.delete(name);
        }
      }
      await worker.clients.claim();
    })(),
  );
});

// --- Whose pages ------------------------------------------------------------------------
// Every page names whom it was made for (scorepad/offline.py): an account as its session
// stands, or a phone without one. The worker keeps pages for the identity the server named
// last, and only for it: a response naming another (logged out, in as someone else, the
// session ended or the password changed) forgets every page kept for the previous one, and
// offline only the current identity's pages are shown. The current identity is the name of
// the one pages cache, so the worker finds it again when the browser starts it afresh.
let current; // undefined: not read yet; null: nobody's (nothing is shown offline)
let asked = 0; // requests made, in order
let namedBy = 0; // the request whose answer named the current identity

async function currentIdentity() {
  if (current === undefined) {
    const kept = (await caches.keys()).filter((name) => name.startsWith(PAGES));
    current = kept.length === 1 ? kept[0].slice(PAGES.length) : null;
  }
  return current;
}

// Cache work one step at a time: a page kept for one identity never lands after another
// identity took over.
/** @type {Promise<unknown>} */
let turn = Promise.resolve();
/**
 * @template T
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
function inTurn(work) {
  const done = turn.then(work);
  turn = done.catch(() => {});
  return done;
}

async function becomes(identity, request) {
  // An answer to a request made before the one that named the current identity may carry
  // a cookie that is gone since: it says nothing new.
  if (request < namedBy) return;
  namedBy = request;
  if (identity === (await currentIdentity())) return;
  current = identity;
  for (const name of await caches.keys()) {
    if (name.startsWith(PAGES) && name !== PAGES + identity) await caches.delete(name);
  }
}

// What an answer says of whose the pages are; the page kept (under ``keep``) if it is the
// current identity's.
async function heard(response, request, keep) {
  const identity = OutboxStore.identityOf(response);
  if (!identity) return;
  // The whole page first: a slow network holds up no other page's turn.
  const page = keep && new Response(await response.blob(), response);
  await inTurn(async () => {
    await becomes(identity, request);
    if (page && identity === current) await (await caches.open(PAGES + identity)).put(keep, page);
  });
}

const forget = () =>
  inTurn(async () => {
    namedBy = ++asked;
    current = null;
    for (const name of await caches.keys()) {
      if (name.startsWith(PAGES)) await caches.delete(name);
    }
  });

// Only once what answers before it said of whose the pages are is settled.
const keptPage = (request) =>
  inTurn(async () => {
    const identity = await currentIdentity();
    return identity ? (await caches.open(PAGES + identity)).match(request) : undefined;
  });

// --- Answers ----------------------------------------------------------------------------
async function fromCacheFirst(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) (await caches.open(STATIC_CACHE)).put(request, response.clone());
  return response;
}

async function fromNetworkFirst(event) {
  const request = event.request;
  const asking = ++asked;
  let response;
  try {
    response = await fetch(request);
  } catch {
    return (await keptPage(request)) || offlinePage();
  }
  readerLanguage = response.headers.get("Content-Language") || readerLanguage;
  const keep = response.ok && keepable(new URL(request.url)) && request;
  event.waitUntil(heard(keep ? response.clone() : response, asking, keep));
  return response;
}

// Not the page asked for: 503, as the network would have said.
async function offlinePage() {
  const page =
    (await caches.match(`${OFFLINE}?language=${readerLanguage}`)) ||
    (await caches.match(`${OFFLINE}?language=en`));
  if (!page) {
    return new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain" } });
  }
  return new Response(page.body, { status: 503, statusText: "Offline", headers: page.headers });
}

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(fromCacheFirst(request));
  } else if (request.mode === "navigate") {
    event.respondWith(fromNetworkFirst(event));
  }
});

// A page asks for the screens a player may open next, so that they open offline too,
// and for its own screen again once its changes are saved, so that the copy kept of it
// shows them. A page says whom it was made for (the worker does not see every answer: a
// login's redirect, an htmx poll's), and forgets every page when its player logs out.
async function keepPage(path, again) {
  const url = new URL(path, self.location.origin);
  if (!keepable(url) || (!again && (await keptPage(url.href)))) return true;
  const asking = ++asked;
  try {
    const response = await fetch(url.href, { credentials: "same-origin" });
    const page = response.ok && !response.redirected && response.clone();
    await heard(response, asking, page && url.href);
    if (page) await keepItsFiles(await page.text());
    return true;
  } catch {
    return false; // offline: nothing more to keep now
  }
}

// A kept page's own script and stylesheet: a game screen links one each, the site's
// written in (no other screen links them, so the shell does not hold them), and a screen
// kept but never opened online must still run its outbox when it is opened offline.
/** @param {string} html */
async function keepItsFiles(html) {
  const cache = await caches.open(STATIC_CACHE);
  for (const [, path] of html.matchAll(/(?:src|href)="(\/static\/[^"]+\.(?:js|css))"/g)) {
    if (!(await caches.match(path))) await cache.add(path);
  }
}

// A page's word on whom it was made for may be older than what the worker heard since (a
// login page's, arriving after the home page it led to was answered, would bring back the
// account that just left): when it names another identity, the server is asked who it is now.
/** @param {string} identity */
async function checkIdentity(identity) {
  if (identity === (await currentIdentity())) return;
  const asking = ++asked;
  try {
    await heard(await fetch(OFFLINE, { credentials: "same-origin", cache: "no-store" }), asking);
  } catch {
    // offline: the pages kept stay whose they were
  }
}

// A page asks for screens to keep (kept once), and for screens to take again (its own once
// its changes are saved, and its other views: one path or a list, in order).
worker.addEventListener("message", (event) => {
  const { keep, refresh, forget: loggingOut, identity } = event.data || {};
  if (loggingOut) event.waitUntil(forget());
  if (typeof identity === "string" && identity) event.waitUntil(checkIdentity(identity));
  const again = (Array.isArray(refresh) ? refresh : [refresh]).filter(
    (path) => typeof path === "string" && path,
  );
  if (!Array.isArray(keep) && !again.length) return;
  event.waitUntil(
    (async () => {
      for (const path of again.slice(0, 10)) {
        if (!(await keepPage(path, true))) return;
      }
      for (const path of (keep || []).slice(0, 60)) {
        if (!(await keepPage(path, false))) return;
      }
    })(),
  );
});

// The browser says the network is back, even with no Scorepad page open. A change made
// under another account than the one signed in now waits for it (a page of that account
// sends it); not knowing who is, the server's answer says (it refuses the change).
async function mayGo(change) {
  const identity = await currentIdentity();
  return !change.account || !identity || OutboxStore.accountOf(identity) === change.account;
}

worker.addEventListener("sync", (/** @type {any} */ event) => {
  // A SyncEvent (no type of its own in TypeScript's lib yet).
  if (event.tag !== "outbox") return;
  event.waitUntil(
    OutboxStore.exclusive(async () => {
      const pages = new Set();
      try {
        for (const change of await OutboxStore.all()) {
          if (!(await mayGo(change))) continue;
          const asking = ++asked;
          const response = await OutboxStore.send(change);
          if (!response) throw new Error("still offline"); // the browser tries again later
          await heard(response, asking);
          if (OutboxStore.madeUnderAnother(response)) continue;
          await OutboxStore.remove(change.id);
          const html = response.status === 204 ? "" : await response.text();
          await OutboxStore.noteRefusal(change, response, html);
          pages.add(change.page);
        }
      } finally {
        for (const client of await worker.clients.matchAll()) {
          client.postMessage({ sent: [...pages] });
        }
      }
    }),
  );
});
