// The outbox's store for the service worker, a classic worker (every browser runs one):
// in production /sw.js imports this file (importScripts, by its hashed name), written by
// collectstatic as one classic script with the store inlined (scorepad/bundle.py); the
// worker fetches it when it installs, in the background, not with the page. In
// development /sw.js writes the store in itself instead (scorepad/views/app.py).
import * as store from "./outbox-store.js";

/** @type {any} */ (self).OutboxStore = store;
