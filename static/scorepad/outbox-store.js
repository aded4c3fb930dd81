// The outbox's store and its sending, one copy for the page (outbox-screen.js imports it)
// and the service worker (its exports made the properties of `OutboxStore` there: in
// production /sw.js imports outbox-worker.js's collected file, in development
// scorepad/views/app.py writes this module into /sw.js; the worker sends with it when the
// browser wakes it for a background sync). It imports nothing and reads no page.
//
// A change (events.js, Change) is what one form sent. Its id is made on the phone and sent
// as X-Change-Id: the server applies a change once, however often it arrives
// (scorepad/models/changes.py, AppliedChange). Its account is whom the page it was made on was
// for (base.html's meta, scorepad/offline.py), sent as X-Outbox-Account: the server
// applies it only under that account, and the phone keeps it until that account is back.
// Changes wait in IndexedDB, so they survive a reload and a closed tab, and go out one
// at a time, oldest first.

/** @import { Change, Note } from "./events.js" */

const NAME = "scorepad-outbox";
const CHANGES = "changes";
const NOTES = "notes"; // what a player must be told about a change sent late
export const IDENTITY = "Scorepad-Identity";

// --- Pure: what an answer says, what a change sends (tests/js/outbox-store.test.js) ---------

/**
 * An identity is "<account>.<session>".
 * @param {string | null | undefined} identity
 */
export function accountOf(identity) {
  return identity ? identity.split(".")[0] : null;
}

/** @param {{headers: Headers}} response */
export const identityOf = (response) => response.headers.get(IDENTITY);

/**
 * Not looked at: another account is signed in now. The change waits for its own.
 * @param {{headers: Headers}} response
 */
export const madeUnderAnother = (response) => response.headers.has("Outbox-Account-Differs");

/**
 * Not applied: refused (by its status, or the server says so: an autosave's form comes
 * back with the game's messages, answered 200), or it met another phone's change.
 * @param {{status: number, headers: Headers}} response
 */
export const refused = (response) =>
  response.status >= 400 || response.headers.has("Outbox-Refused") || response.headers.has("Outbox-Conflict");

/** @type {Record<string, string>} */
const ENTITIES = { "#x27": "'", "#39": "'", quot: '"', amp: "&", lt: "<", gt: ">" };
/** @param {string} text */
const unescapeHtml = (text) => text.replace(/&(#x27|#39|quot|amp|lt|gt);/g, (_, e) => ENTITIES[e]);

/**
 * The first thing an answer says that a player must read: the game's message (a list of
 * errors, or one at a field, which names its field), else a refusal page's words. Read
 * from the text (the worker has no DOM).
 * @param {string} html
 */
export function messageIn(html) {
  const found =
    html.match(/class="errors"[^>]*>[\s\S]*?<li[^>]*>([\s\S]*?)<\/li>/) ||
    html.match(/class="field-error"[^>]*>\s*([^<\s][^<]*)</) ||
    html.match(/<main[^>]*>[\s\S]*?<p[^>]*>([^<]+)</);
  return found ? unescapeHtml(found[1].replace(/<[^>]+>/g, "").trim()) : "";
}

/**
 * The note a refused change leaves, or null: none for a change taken, nor for one the
 * player was told of already (a typed change and its Save refused alike: told once).
 * @param {Change} change
 * @param {{status: number, headers: Headers}} response
 * @param {string} html
 * @param {Note[]} told
 * @param {number} now
 * @returns {Note | null}
 */
export function noteFor(change, response, html, told, now) {
  if (!refused(response)) return null;
  const conflict = response.headers.get("Outbox-Conflict");
  const message = conflict ? decodeURIComponent(conflict) : messageIn(html);
  if (told.some((n) => n.page === change.page && n.label === change.label && n.message === message)) {
    return null;
  }
  return {
    id: change.id,
    created: now,
    account: change.account,
    label: change.label,
    page: change.page,
    conflict: Boolean(conflict),
    status: response.status,
    message,
  };
}

/**
 * What one change sends: its headers and form body. The freshest CSRF token, and only it:
 * Django reads a form's own token first, and logging in since the change was made gave a
 * new one.
 * @param {Change} change
 * @param {string} token
 */
export function requestOf(change, token) {
  /** @type {Record<string, string>} */
  const headers = {
    ...change.headers,
    "Content-Type": "application/x-www-form-urlencoded",
    "X-Change-Id": change.id,
    "X-Change-Made": String(change.created),
    "X-Outbox": change.kind,
  };
  if (change.account) headers["X-Outbox-Account"] = change.account;
  const body = new URLSearchParams(change.body);
  if (token) {
    headers["X-CSRFToken"] = token;
    body.delete("csrfmiddlewaretoken");
  }
  return { headers, body: body.toString() };
}

/**
 * What a page shows of the outbox: the changes (and notes) of its own account, never
 * another's (nor a change made before changes named their account).
 * @template {{account: string | null}} T
 * @param {T[]} items
 * @param {string | null | undefined} account
 */
export const ofAccount = (items, account) =>
  items.filter((item) => !item.account || item.account === account);

// --- IndexedDB ----------------------------------------------------------------------------

/** @returns {Promise<IDBDatabase>} */
function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(CHANGES, { keyPath: "id" });
      request.result.createObjectStore(NOTES, { keyPath: "id" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * @param {string} store
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest | undefined} work
 * @returns {Promise<any>}
 */
async function run(store, mode, work) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, mode);
    const result = work(tx.objectStore(store));
    tx.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
    tx.onerror = () => reject(tx.error);
  });
}

/** @returns {Promise<any[]>} */
async function everything(store = CHANGES) {
  /** @type {{created: number}[]} */
  const items = (await run(store, "readonly", (s) => s.getAll())) || [];
  return items.sort((a, b) => a.created - b.created);
}

/**
 * Every change kept, oldest first.
 * @returns {Promise<Change[]>}
 */
export const all = () => everything(CHANGES);

/**
 * @param {string | null | undefined} account
 * @returns {Promise<Change[]>}
 */
export const mine = async (account) => ofAccount(await all(), account);

/**
 * @param {string | null | undefined} account
 * @returns {Promise<Note[]>}
 */
export const notes = async (account) => ofAccount(await everything(NOTES), account);

/** @param {string} id */
export const remove = (id) => run(CHANGES, "readwrite", (s) => s.delete(id));

/** @param {string} id */
export const forget = (id) => run(NOTES, "readwrite", (s) => s.delete(id));

// The CSRF cookie as it is now: logging in gives a new one. The worker has no document,
// but may have the cookie store.
async function csrf() {
  /** @type {{document?: {cookie: string}, cookieStore?: {get(name: string): Promise<{value?: string} | null>}}} */
  const scope = /** @type {any} */ (globalThis);
  if (scope.document) {
    const found = scope.document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
    return found ? found.split("=")[1] : "";
  }
  const cookie = await scope.cookieStore?.get("csrftoken").catch(() => null);
  return cookie?.value || "";
}

/**
 * Kept with the CSRF token of now, for a worker without the cookie store.
 * @param {Change} change
 */
export async function put(change) {
  const token = await csrf();
  return run(CHANGES, "readwrite", (s) =>
    s.put({ ...change, headers: { "X-CSRFToken": token, ...change.headers } }),
  );
}

/**
 * One change to the server: its answer, or null when the network did not carry it.
 * @param {Change} change
 * @returns {Promise<Response | null>}
 */
export async function send(change) {
  const { headers, body } = requestOf(change, await csrf());
  if (navigator.onLine === false) return null;
  try {
    const response = await fetch(change.url, { method: "POST", body, headers, credentials: "same-origin" });
    // The server or a proxy not answering is no answer: the change waits.
    return response.status >= 502 ? null : response;
  } catch {
    return null;
  }
}

/**
 * Keeps what the player must be told of a refused change.
 * @param {Change} change
 * @param {Response} response
 * @param {string} html
 */
export async function noteRefusal(change, response, html) {
  const note = noteFor(change, response, html, await everything(NOTES), Date.now());
  if (note) await run(NOTES, "readwrite", (s) => s.put(note));
}

/**
 * The page and the worker never send at the same time: one would replay a change the
 * other is sending (the server applies it once, but the page would miss its answer).
 * @template T
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
export const exclusive = (work) =>
  navigator.locks ? /** @type {Promise<T>} */ (navigator.locks.request(NAME, work)) : work();
