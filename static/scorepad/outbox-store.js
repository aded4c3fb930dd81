// The outbox's store and its sending, one copy for the page (outbox.js) and the service
// worker (sw.js, which sends when the browser wakes it for a background sync).
//
// A change is what one form sent: {id, created, url, body, kind, headers, target, swap,
// page, label, place}. Its id is made on the phone and sent as X-Change-Id: the server
// applies a change once, however often it arrives (scorepad/models.py, AppliedChange).
// Changes wait in IndexedDB, so they survive a reload and a closed tab, and go out one
// at a time, oldest first.
const OutboxStore = (() => {
  const NAME = "scorepad-outbox";
  const CHANGES = "changes";
  const NOTES = "notes"; // what a player must be told about a change sent late

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

  async function run(store, mode, work) {
    const db = await open();
    return new Promise((resolve, reject) => {
      const tx = db.transaction(store, mode);
      const result = work(tx.objectStore(store));
      tx.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
      tx.onerror = () => reject(tx.error);
    });
  }

  const all = async (store = CHANGES) =>
    ((await run(store, "readonly", (s) => s.getAll())) || []).sort((a, b) => a.created - b.created);

  function csrf() {
    if (typeof document === "undefined") return "";
    const cookie = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
    return cookie ? cookie.split("=")[1] : "";
  }

  // One change to the server: its answer, or null when the network did not carry it.
  async function send(change) {
    const headers = {
      ...change.headers,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Change-Id": change.id,
      "X-Outbox": change.kind,
    };
    if (csrf()) headers["X-CSRFToken"] = csrf(); // the page's is the freshest
    if (navigator.onLine === false) return null;
    try {
      const response = await fetch(change.url, {
        method: "POST",
        body: change.body,
        headers,
        credentials: "same-origin",
      });
      // The server or a proxy not answering is no answer: the change waits.
      return response.status >= 502 ? null : response;
    } catch {
      return null;
    }
  }

  // The page and the worker never send at the same time: one would replay a change the
  // other is sending (the server applies it once, but the page would miss its answer).
  const exclusive = (work) =>
    navigator.locks ? navigator.locks.request(NAME, work) : work();

  // Not applied: refused (by its status, or the server says so: an autosave's form comes
  // back with the game's messages, answered 200), or it met another phone's change.
  const refused = (response) =>
    response.status >= 400 ||
    response.headers.has("Outbox-Refused") ||
    response.headers.has("Outbox-Conflict");

  // What a player must be told of a change the screen did not show the answer to.
  async function noteRefusal(change, response, said) {
    if (!refused(response)) return;
    const conflict = response.headers.get("Outbox-Conflict");
    const message = conflict ? decodeURIComponent(conflict) : said || "";
    const told = await all(NOTES); // a typed change and its Save refused alike: told once
    if (!told.some((n) => n.page === change.page && n.label === change.label && n.message === message)) {
      await note({
        id: change.id,
        created: Date.now(),
        label: change.label,
        page: change.page,
        conflict: Boolean(conflict),
        status: response.status,
        message,
      });
    }
  }

  const note = (item) => run(NOTES, "readwrite", (s) => s.put(item));

  return {
    all,
    noteRefusal,
    refused,
    exclusive,
    notes: () => all(NOTES),
    // The CSRF token goes with the change: the worker, which may send it, has no cookies
    // to read it from.
    put: (change) =>
      run(CHANGES, "readwrite", (s) =>
        s.put({ ...change, headers: { "X-CSRFToken": csrf(), ...change.headers } }),
      ),
    remove: (id) => run(CHANGES, "readwrite", (s) => s.delete(id)),
    forget: (id) => run(NOTES, "readwrite", (s) => s.delete(id)),
    send,
  };
})();

self.OutboxStore = OutboxStore;
