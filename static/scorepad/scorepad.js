// The site's one script (one request on a slow first load): its controls, the service
// worker's registration, then the outbox and its store. The worker imports this file
// for the store alone, so everything that needs a page waits for one.
if (typeof document !== "undefined") {
  // Controls that only matter without JavaScript (a "Filter" button next to selects
  // that already update the page) hide once this script runs.
  document.documentElement.classList.add("js");

  // Steppers: change the count in place instead of posting the form, then let
  // htmx (listening for "input") save it. Without this script the − / + buttons
  // submit the form and the server applies the step.
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button.step");
    if (!button) return;
    const input = button.parentElement.querySelector("input");
    if (!input) return;
    event.preventDefault();
    const delta = Number(button.value.split(":")[1]);
    const max = input.max === "" ? Infinity : Number(input.max);
    const min = input.min === "" ? 0 : Number(input.min);
    const next = Math.min(max, Math.max(min, (Number(input.value) || 0) + delta));
    input.value = String(next);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // Tapping a count selects it, so typing 3 over a 0 gives 3, not 03.
  document.addEventListener("focusin", (event) => {
    if (event.target.matches("input[type=number]")) event.target.select();
  });

  // The host's Share button: the phone's own share sheet, where the browser has one (the
  // link and the QR code next to it work without).
  if (navigator.share) {
    for (const button of document.querySelectorAll("button.share")) {
      button.hidden = false;
      button.addEventListener("click", () => {
        navigator.share({ title: button.dataset.shareTitle, url: button.dataset.shareUrl }).catch(() => {});
      });
    }
  }

  // Without network htmx cannot fetch: a poll waits for the network to come back, a link
  // is followed instead (the service worker answers with the screen it kept, else the
  // offline page). A link marked data-opens-offline is opened by its game's own script.
  function offlineFallback(event) {
    const elt = event.detail.elt;
    if (elt.hasAttribute("data-opens-offline")) return false;
    const href = elt.matches("a[href]") && elt.getAttribute("href");
    if (href) location.assign(href);
    return true;
  }
  document.addEventListener("htmx:beforeRequest", (event) => {
    if (!navigator.onLine && event.detail.requestConfig.verb === "get" && offlineFallback(event)) {
      event.preventDefault();
    }
  });
  document.addEventListener("htmx:sendError", (event) => {
    if (event.detail.requestConfig.verb === "get") offlineFallback(event);
  });

  // The installable app: its service worker (it serves the screens and static files kept
  // for a table without network; static/scorepad/sw.js). A page tells it which screens a
  // player may open next (links marked data-offline, where a kept change leads), and what
  // else it needs offline (data-keep), so those open offline too. It keeps them for whoever
  // is signed in, and forgets them when another is: the page says whom it was made for
  // (its meta; the worker may not have seen the answer), and logging out tells it at once.
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
    navigator.serviceWorker.ready.then((registration) => {
      const identity = self.OutboxStore.own?.identity;
      const keep = [
        ...[...document.querySelectorAll("a[data-offline]")].map((a) => a.getAttribute("href")),
        ...[...document.querySelectorAll("[data-outbox-then]")].map((b) => b.dataset.outboxThen),
        ...[...document.querySelectorAll("[data-keep]")].map((e) => e.dataset.keep),
      ];
      keep.push(location.pathname);
      registration.active?.postMessage({ keep, identity });
      // The copy kept of a screen is taken again without its one-time messages ("Added: …"),
      // which would otherwise show again each time it opens offline.
      if (document.querySelector("ul.messages")) {
        const refresh = location.pathname + location.search;
        registration.active?.postMessage({ refresh, identity });
      }
    });
    document.addEventListener("submit", (event) => {
      if (event.target.matches("form[action$='/accounts/logout/']")) {
        navigator.serviceWorker.controller?.postMessage({ forget: true });
      }
    });
  }
}

// The outbox's store and its sending, one copy for the page (below) and the service
// worker (sw.js imports this file, and sends when the browser wakes it for a background
// sync).
//
// A change is what one form sent: {id, created, url, body, kind, headers, target, swap,
// page, label, place, account, accountName}. Its id is made on the phone and sent as
// X-Change-Id: the server applies a change once, however often it arrives
// (scorepad/models/changes.py, AppliedChange). Its account is whom the page it was made on was
// for (base.html's meta, scorepad/offline.py), sent as X-Outbox-Account: the server
// applies it only under that account, and the phone keeps it until that account is back.
// Changes wait in IndexedDB, so they survive a reload and a closed tab, and go out one
// at a time, oldest first.
const OutboxStore = (() => {
  const NAME = "scorepad-outbox";
  const CHANGES = "changes";
  const NOTES = "notes"; // what a player must be told about a change sent late
  const IDENTITY = "Scorepad-Identity";

  // Whom this page is for: {identity, account, name}; null in the worker, and on a page
  // that is nobody's (the offline page).
  const meta =
    typeof document === "undefined" ? null : document.querySelector('meta[name="scorepad-identity"]');
  const own = meta?.content
    ? { identity: meta.content, account: accountOf(meta.content), name: meta.dataset.name }
    : null;

  // An identity is "<account>.<session>".
  function accountOf(identity) {
    return identity ? identity.split(".")[0] : null;
  }

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

  // The CSRF cookie as it is now: logging in gives a new one. The worker has no document,
  // but may have the cookie store.
  async function csrf() {
    if (typeof document !== "undefined") {
      const cookie = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
      return cookie ? cookie.split("=")[1] : "";
    }
    const cookie = await self.cookieStore?.get("csrftoken").catch(() => null);
    return cookie?.value || "";
  }

  // One change to the server: its answer, or null when the network did not carry it.
  async function send(change) {
    const headers = {
      ...change.headers,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Change-Id": change.id,
      "X-Change-Made": String(change.created),
      "X-Outbox": change.kind,
    };
    if (change.account) headers["X-Outbox-Account"] = change.account;
    const body = new URLSearchParams(change.body);
    const token = await csrf();
    if (token) {
      // The freshest, and only it: Django reads a form's own token first, and logging in
      // since the change was made gave a new one.
      headers["X-CSRFToken"] = token;
      body.delete("csrfmiddlewaretoken");
    }
    if (navigator.onLine === false) return null;
    try {
      const response = await fetch(change.url, {
        method: "POST",
        body: body.toString(),
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

  // Not looked at: another account is signed in now. The change waits for its own.
  const madeUnderAnother = (response) => response.headers.has("Outbox-Account-Differs");

  // Not applied: refused (by its status, or the server says so: an autosave's form comes
  // back with the game's messages, answered 200), or it met another phone's change.
  const refused = (response) =>
    response.status >= 400 ||
    response.headers.has("Outbox-Refused") ||
    response.headers.has("Outbox-Conflict");

  // What a player must be told of a change the screen did not show the answer to.
  // The first thing an answer says that a player must read: the game's message (a list
  // of errors, or one at a field, which names its field), else a refusal page's words.
  // Read from the text (the worker has no DOM).
  function messageIn(html) {
    const found =
      html.match(/class="errors"[^>]*>[\s\S]*?<li[^>]*>([\s\S]*?)<\/li>/) ||
      html.match(/class="field-error"[^>]*>\s*([^<\s][^<]*)</) ||
      html.match(/<main[^>]*>[\s\S]*?<p[^>]*>([^<]+)</);
    return found ? unescapeHtml(found[1].replace(/<[^>]+>/g, "").trim()) : "";
  }

  const ENTITIES = { "#x27": "'", "#39": "'", quot: '"', amp: "&", lt: "<", gt: ">" };
  const unescapeHtml = (text) => text.replace(/&(#x27|#39|quot|amp|lt|gt);/g, (_, e) => ENTITIES[e]);

  async function noteRefusal(change, response, html) {
    if (!refused(response)) return;
    const conflict = response.headers.get("Outbox-Conflict");
    const message = conflict ? decodeURIComponent(conflict) : messageIn(html);
    const told = await all(NOTES); // a typed change and its Save refused alike: told once
    if (!told.some((n) => n.page === change.page && n.label === change.label && n.message === message)) {
      await note({
        id: change.id,
        created: Date.now(),
        account: change.account,
        label: change.label,
        page: change.page,
        conflict: Boolean(conflict),
        status: response.status,
        message,
      });
    }
  }

  const note = (item) => run(NOTES, "readwrite", (s) => s.put(item));

  // What a page shows of the outbox: the changes (and notes) of its own account, never
  // another's (nor a change made before changes named their account).
  const ofThisPage = (item) => !item.account || item.account === own?.account;

  return {
    all,
    own,
    accountOf,
    identityOf: (response) => response.headers.get(IDENTITY),
    mine: async () => (await all()).filter(ofThisPage),
    noteRefusal,
    madeUnderAnother,
    refused,
    exclusive,
    notes: async () => (await all(NOTES)).filter(ofThisPage),
    // The CSRF token goes with the change, for a worker without the cookie store.
    put: async (change) => {
      const token = await csrf();
      return run(CHANGES, "readwrite", (s) =>
        s.put({ ...change, headers: { "X-CSRFToken": token, ...change.headers } }),
      );
    },
    remove: (id) => run(CHANGES, "readwrite", (s) => s.delete(id)),
    forget: (id) => run(NOTES, "readwrite", (s) => s.delete(id)),
    send,
  };
})();

self.OutboxStore = OutboxStore;

// One outbox for every write from a game's screens: autosaved counts and steppers, a
// tile or a fish, an event added, changed, deleted or undone, a tally, a reef.
//
// A form marked data-outbox does not post by itself: what it would send becomes a
// change, kept in IndexedDB (OutboxStore, above) and sent from there, one at a time and
// oldest first; a change that cannot be sent waits, and goes again when the phone is
// back online, when a page loads, every 15 s, and by background sync. Each carries an
// id made here, so the server applies it once even when its first answer was lost.
// The screen says where the changes are (#outbox): "Saved", "Sending…", "2 changes
// waiting…", and every conflict or refusal, in the site's own words.
//
// On the server a change is applied exactly once (scorepad/table.py; AppliedChange,
// written in the change's own transaction): one sent again is answered as the first was
// without being applied again, even from a phone that may no longer make it (its seat
// handed over since: 204); an id from another play or seat, or sent again with other
// fields (its digest), is refused; an older change from the same screen that arrives
// after a newer one (X-Change-Made) changes nothing and counts as applied. A submit's
// redirect comes back as 204 with Outbox-Location, and the page goes there once nothing
// else of that screen waits. While a play's changes wait its screens say "Not confirmed
// yet"; after a reload without network what was typed is put back into the fields; a
// game's script draws what waits (a board's data-place; the event log's waiting adds,
// changes, deletes and undos: static/event_log/log.js).
//
// A change goes only under the account it was made under (the phone may have changed
// hands since): the page sends the changes of the account the server last named, and
// says of the others whom they wait for. The server refuses one sent under another
// account anyway (409, Outbox-Account-Differs), and the change stays.
//
// data-outbox="all": its htmx posts (autosaves) and its submits are changes;
// data-outbox="submit": only its submits (an event's form, whose htmx posts only
// preview the points). A form's data-outbox-place names what it changes on a drawn
// board; whatever carries the same data-place is marked as waiting until it is sent. Without JavaScript, or IndexedDB, the forms post as always.
(() => {
  if (typeof document === "undefined") return; // the worker: the store is all it needs
  const store = self.OutboxStore;
  const status = document.getElementById("outbox");
  if (!store || !("indexedDB" in window) || !status || !window.htmx) return;
  const RETRY_MS = 15000;
  const SAVED_SHOWN_MS = 4000;
  let flushing = null;
  let lastSaved = 0;
  // The screen says "not confirmed" only of changes that wait: ones the network did not
  // carry, or kept from before this page loaded; not of a tap on its way, for 50 ms.
  let stalled = false;
  let taken = false; // a change that waited was saved, not refused
  const loaded = Date.now();

  const here = () => location.pathname;

  // Who is signed in, as the server last said: this page's account, until an answer
  // names another. The page sends only that account's changes.
  let heard = store.own?.identity || null;
  let signedIn = store.own?.account || null;
  const sendable = (change) => !change.account || change.account === signedIn;
  const waitsForItsAccount = (change) => Boolean(signedIn && !sendable(change));

  // An answer naming another identity than this page's: the session changed (ended,
  // logged out or in elsewhere). The worker forgets the pages kept for the old one.
  function hear(identity) {
    if (!identity || identity === heard) return;
    heard = identity;
    signedIn = store.accountOf(identity);
    navigator.serviceWorker?.controller?.postMessage({ identity });
  }
  document.addEventListener("htmx:afterRequest", (event) => {
    hear(event.detail.xhr?.getResponseHeader("Scorepad-Identity"));
  });

  // Not form.action: a field named "action" (an event's Save button) hides it.
  function actionOf(form, submitter) {
    const action = submitter?.getAttribute("formaction") || form.getAttribute("action") || here();
    return new URL(action, location.href).href;
  }

  function label(form) {
    return form.dataset.outboxLabel || document.title.split(" · ")[0];
  }

  async function queue(made) {
    const change = {
      ...made,
      account: store.own?.account || null,
      accountName: store.own?.name || "",
    };
    try {
      await store.put(change);
    } catch {
      // Nowhere to keep it (storage full, a private window): sent at once, as online.
      const response = await store.send(change);
      if (response && !store.madeUnderAnother(response)) await settle(change, response);
      else show(`Not saved: ${change.label}. This browser cannot keep changes offline.`);
      return;
    }
    busy(change, true);
    mark();
    const stalled = flush();
    stalled.then((waits) => waits && wakeWhenOnline());
    if (change.then) {
      // Kept, not sent: the player goes on (the worker shows the next screen it kept).
      stalled.then(async (waits) => {
        if (waits && (await store.all()).some((c) => c.id === change.id)) go(change.then);
      });
    }
  }

  // Background sync, where the browser has it: the worker sends what waits once the
  // network is back, even if no Scorepad page is open then.
  function wakeWhenOnline() {
    navigator.serviceWorker?.ready
      .then((registration) => registration.sync?.register("outbox"))
      .catch(() => {});
  }

  // --- What the forms would have sent ---------------------------------------------------
  document.addEventListener("htmx:configRequest", (event) => {
    const form = event.detail.elt.closest && event.detail.elt.closest("form[data-outbox]");
    if (!form || event.detail.verb !== "post") return;
    if (form.dataset.outbox !== "all") {
      if (!navigator.onLine) {
        event.preventDefault();
        previewOffline(event.detail.target);
      }
      return;
    }
    event.preventDefault();
    const headers = {};
    for (const name of ["HX-Request", "HX-Target", "HX-Trigger", "HX-Current-URL"]) {
      if (event.detail.headers[name]) headers[name] = event.detail.headers[name];
    }
    queue({
      id: crypto.randomUUID(),
      created: Date.now(),
      url: event.detail.path,
      body: new URLSearchParams(event.detail.formData).toString(),
      kind: "autosave",
      headers,
      target: event.detail.target.id ? `#${event.detail.target.id}` : null,
      swap: form.getAttribute("hx-swap") || "outerHTML",
      page: here(),
      label: label(form),
      place: form.dataset.outboxPlace || null,
    });
  });

  // A preview (the points of an event not yet saved) needs the server.
  function previewOffline(target) {
    if (!target) return;
    const said = document.createElement("p");
    said.className = "warn";
    said.textContent =
      "No connection: the points show once this phone is back online. Saving keeps it on this phone until then.";
    target.replaceChildren(said);
  }

  function htmxSubmits(form) {
    if (!form.hasAttribute("hx-post")) return false;
    const trigger = form.getAttribute("hx-trigger");
    return !trigger || trigger.includes("submit");
  }

  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!form.matches("form[data-outbox]") || htmxSubmits(form)) return;
      event.preventDefault();
      if (event.submitter?.hasAttribute("data-outbox-preview")) {
        htmx.trigger(form, "input"); // the form's own htmx preview, as typing does
        return;
      }
      const data = new FormData(form, event.submitter);
      queue({
        id: crypto.randomUUID(),
        created: Date.now(),
        url: actionOf(form, event.submitter),
        body: new URLSearchParams(data).toString(),
        kind: "submit",
        headers: {},
        target: null,
        swap: null,
        page: here(),
        label: label(form),
        place: form.dataset.outboxPlace || null,
        then: event.submitter?.dataset.outboxThen || null,
      });
    },
    true,
  );

  // --- Sending ----------------------------------------------------------------------------
  function flush() {
    if (!flushing) {
      flushing = store.exclusive(send).finally(() => {
        flushing = null;
        show();
      });
    }
    return flushing;
  }

  // The service worker's copy of this screen, taken again once its changes are saved,
  // so that the screen opened offline later shows them.
  let refreshing = null;
  function refreshKeptScreen() {
    clearTimeout(refreshing);
    refreshing = setTimeout(() => {
      navigator.serviceWorker?.controller?.postMessage({ refresh: here() });
    }, 2000);
  }

  // Sends until nothing waits (changes queued meanwhile included) or the network fails;
  // true when changes are left waiting.
  let leaving = false;
  let leaveFor = null; // the screen a saved "Save, next" leads on to
  async function send() {
    for (;;) {
      const change = (await store.all()).find(sendable);
      if (!change) {
        if (stalled && taken) lastSaved = Date.now(); // what waited is saved: say so, once
        stalled = false;
        taken = false;
        return false;
      }
      if (leaving) return false;
      // A tap's own answer shows it saved; the bar speaks up only when it is slow.
      const slow = setTimeout(() => show("Sending…"), 1000);
      const response = await store.send(change);
      clearTimeout(slow);
      if (!response) {
        stalled = true;
        const waiting = await store.mine();
        document.dispatchEvent(new CustomEvent("outbox:waiting", { detail: waiting }));
        show();
        return true; // offline: everything waits, in order
      }
      hear(store.identityOf(response));
      if (store.madeUnderAnother(response)) {
        if (sendable(change)) signedIn = null; // the answer named nobody: nothing more goes
        continue; // it waits for its account
      }
      await store.remove(change.id);
      if (await settle(change, response)) taken = true;
      if (change.page === here()) refreshKeptScreen();
      // An autosave typed just before "Save, next" joins the queue behind it: the next
      // screen opens once nothing of this one waits (it used to wait for that autosave,
      // which never moves on).
      if (leaveFor && !(await store.all()).some((c) => c.page === here() && sendable(c))) {
        go(leaveFor);
      }
    }
  }

  function go(url) {
    leaving = true; // what still waits is sent from the next screen
    location.assign(url);
  }

  async function settle(change, response) {
    busy(change, false);
    const onPage = change.page === here();
    const html = response.status === 204 ? "" : await response.text();
    const redirect = response.headers.get("HX-Redirect");
    const location_ = response.headers.get("Outbox-Location");
    const answered = html && response.status < 400;
    let shown = false; // the answer is on the screen, its messages with it
    if (redirect) {
      go(redirect);
    } else if (change.kind === "autosave" && onPage && answered) {
      const target = change.target && document.querySelector(change.target);
      if (target) htmx.swap(target, html, { swapStyle: change.swap });
      shown = Boolean(target);
    } else if (change.kind === "submit" && onPage) {
      if (location_) {
        leaveFor = location_; // once this screen's changes queued behind it are sent
      } else if (answered) {
        htmx.swap("#main", html, { swapStyle: "outerHTML" }, { select: "#main" });
        shown = true;
      }
    }
    if (!shown) await store.noteRefusal(change, response, html);
    return !store.refused(response); // the server took it
  }

  // --- What the screen shows --------------------------------------------------------------
  function busy(change, on) {
    for (const form of document.querySelectorAll("form[data-outbox]")) {
      if (actionOf(form) === new URL(change.url, location.href).href) {
        form.toggleAttribute("aria-busy", on);
        form.classList.toggle("sending", on);
      }
    }
  }

  // A play's totals wait on every change to it, from whichever of its screens.
  const playOf = (path) => path.split("/").slice(0, 3).join("/");

  async function mark() {
    const all = await store.mine();
    document.body.classList.toggle(
      "unconfirmed",
      all.some((c) => playOf(c.page) === playOf(here()) && (stalled || c.created < loaded)),
    );
    for (const drawn of document.querySelectorAll("[data-place].pending")) {
      drawn.classList.remove("pending");
    }
    for (const change of all) {
      if (!change.place || change.page !== here()) continue;
      for (const drawn of document.querySelectorAll(`[data-place="${CSS.escape(change.place)}"]`)) {
        drawn.classList.add("pending");
      }
    }
  }

  async function show(now) {
    const all = await store.all();
    const waiting = all.filter((c) => !waitsForItsAccount(c));
    const notes = await store.notes();
    const parts = [];
    if (now) parts.push(now);
    else if (waiting.length) {
      const n = waiting.length;
      parts.push(
        navigator.onLine
          ? `${n} change${n > 1 ? "s" : ""} waiting: sending as soon as the server answers.`
          : `${n} change${n > 1 ? "s" : ""} waiting: they will be sent when you are back online.`,
      );
    } else if (Date.now() - lastSaved < SAVED_SHOWN_MS) {
      parts.push("Saved.");
      setTimeout(() => show(), SAVED_SHOWN_MS);
    }
    if (!now) parts.push(...waitingForTheirAccounts(all.filter(waitsForItsAccount)));
    status.replaceChildren();
    for (const text of parts) {
      const line = document.createElement("span");
      line.textContent = text;
      status.append(line);
    }
    if (waiting.length && !now) status.append(whichWait(waiting));
    for (const note of notes) status.append(noteLine(note));
    status.hidden = parts.length === 0 && notes.length === 0;
    status.classList.toggle("waiting", all.length > 0 && !now);
    mark();
    document.dispatchEvent(new CustomEvent("outbox:shown", { detail: await store.mine() }));
  }

  // "2 changes wait for Ana: log in as Ana to send them.": how many, not which (those are
  // another account's business).
  function waitingForTheirAccounts(others) {
    const counts = new Map();
    for (const { accountName } of others) counts.set(accountName, (counts.get(accountName) || 0) + 1);
    return [...counts].map(([name, n]) => {
      const changes = n > 1 ? `${n} changes` : "1 change";
      const them = n > 1 ? "them" : "it";
      return name
        ? `${changes} ${n > 1 ? "wait" : "waits"} for ${name}: log in as ${name} to send ${them}.`
        : `${changes} made without an account ${n > 1 ? "wait" : "waits"}: log out to send ${them}.`;
    });
  }

  // Which changes wait, folded away (the bar stays over the screen; a long list would hide
  // it), and left open or shut as the player left it.
  let listOpen = false;
  function whichWait(waiting) {
    const list = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = "Which changes";
    list.append(summary, waitingList(waiting));
    list.open = listOpen;
    list.addEventListener("toggle", () => (listOpen = list.open));
    return list;
  }

  // "Colony · Ana's round 1 reef (3 changes) · Undo: …", in the order they were made.
  function waitingList(waiting) {
    const runs = [];
    for (const change of waiting) {
      const last = runs[runs.length - 1];
      if (last && last.label === change.label) last.count += 1;
      else runs.push({ label: change.label, count: 1 });
    }
    return runs.map((r) => (r.count > 1 ? `${r.label} (${r.count} changes)` : r.label)).join(" · ");
  }

  function noteLine(note) {
    const line = document.createElement("span");
    line.className = "note-line";
    const what = note.conflict
      ? `Not saved as sent: ${note.label} met a change made on another phone.`
      : `Not saved: ${note.label} was refused.`;
    line.append(`${what} ${note.message || ""} `);
    if (note.page !== here()) {
      const link = document.createElement("a");
      link.href = note.page;
      link.textContent = "Open it";
      line.append(link, " ");
    }
    const ok = document.createElement("button");
    ok.type = "button";
    ok.className = "link";
    ok.textContent = "Got it";
    ok.addEventListener("click", () => store.forget(note.id).then(() => show()));
    line.append(ok);
    return line;
  }

  // After a reload without network: what was typed but not sent is on the screen again.
  async function restore() {
    const kept = await store.mine();
    stalled = kept.length > 0;
    for (const change of kept) {
      if (change.page !== here() || change.kind !== "autosave") continue;
      const url = new URL(change.url, location.href).href;
      const form = [...document.querySelectorAll("form[data-outbox]")].find((f) => actionOf(f) === url);
      if (!form) continue;
      for (const [name, value] of new URLSearchParams(change.body)) {
        // base and editor too: what is typed now follows on from what waits.
        if (name === "csrfmiddlewaretoken") continue;
        const field = form.elements.namedItem(name);
        if (field && "value" in field && field.type !== "radio" && field.type !== "checkbox") {
          field.value = value;
        }
      }
    }
  }

  document.addEventListener("outbox:changed", () => show()); // a game's script took one back
  window.addEventListener("online", () => flush());
  window.addEventListener("offline", () => show());
  // The worker sent changes (a background sync): a screen they were made on shows what
  // the server now holds, unless the player is typing on it.
  navigator.serviceWorker?.addEventListener("message", (event) => {
    const sent = event.data?.sent;
    if (!Array.isArray(sent)) return;
    if (sent.includes(here())) {
      lastSaved = Date.now();
      if (!document.activeElement?.closest("#main form")) {
        fetch(location.href, { credentials: "same-origin" })
          .then((response) => (response.ok ? response.text() : Promise.reject()))
          .then((html) => htmx.swap("#main", html, { swapStyle: "outerHTML" }, { select: "#main" }))
          .catch(() => {});
      }
    }
    show();
  });
  setInterval(() => flush(), RETRY_MS);
  restore().then(() => flush());
})();
