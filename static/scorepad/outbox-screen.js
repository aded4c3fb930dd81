// One outbox for every write from a game's screens: autosaved counts and steppers, a
// tile or a fish, an event added, changed, deleted or undone, a tally, a reef.
//
// A form marked data-outbox does not post by itself: what it would send becomes a
// change, kept in IndexedDB (outbox-store.js) and sent from there, one at a time and
// oldest first; a change that cannot be sent waits, and goes again when the phone is
// back online, when a page loads, every 15 s, and by background sync. Each carries an
// id made here, so the server applies it once even when its first answer was lost.
// The screen says where the changes are (#outbox): "Saved", "Sending…", "2 changes
// waiting…", and every conflict or refusal, in the site's own words. Its state is one
// object (outbox-state.js); game scripts hear of it by events (events.js).
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
// board; whatever carries the same data-place is marked as waiting until it is sent.
// Without JavaScript, or IndexedDB, the forms post as always.

import { REFRESH, SHOWN, WAITING, WITHDRAW } from "./events.js";
import * as S from "./outbox-state.js";
import * as store from "./outbox-store.js";
import { gettext } from "./words.js";

/** @import { Change, Note, WithdrawDetail } from "./events.js" */

/** @typedef {{swap(target: Element | string, html: string, spec: object, extra?: object): void, trigger(elt: Element, name: string): void}} Htmx */

const RETRY_MS = 15000;

/**
 * @param {string} name  one of events.js's
 * @param {unknown} detail
 */
const emit = (name, detail) => document.dispatchEvent(new CustomEvent(name, { detail }));

/**
 * Whom this page is for: {identity, account, name}; null on a page that is nobody's (the
 * offline page).
 */
export function own() {
  /** @type {HTMLMetaElement | null} */
  const meta = document.querySelector('meta[name="scorepad-identity"]');
  return meta?.content
    ? { identity: meta.content, account: store.accountOf(meta.content), name: meta.dataset.name || "" }
    : null;
}

/**
 * This screen's views, each kept apart by the service worker: the links on it to its own
 * path, with or without a query (marked data-offline; the ocean's Tiles and Incomplete
 * Fish tabs, ?tap=fish). Each is a copy of the same screen, and goes stale with it.
 * @returns {string[]}
 */
export function views() {
  const found = new Set();
  for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (
    document.querySelectorAll("a[data-offline]")
  )) {
    const url = new URL(link.href, location.href);
    if (url.origin === location.origin && url.pathname === location.pathname)
      found.add(url.pathname + url.search);
  }
  return [...found];
}

export function start() {
  const status = document.getElementById("outbox");
  /** @type {Htmx | undefined} */
  const found = /** @type {any} */ (window).htmx;
  if (!("indexedDB" in window) || !status || !found) return;
  const htmx = found;
  const me = own();
  let state = S.initial(me, Date.now());
  /** @type {Promise<boolean> | null} */
  let flushing = null;

  const here = () => location.pathname;
  const mine = () => store.mine(me?.account);

  // An answer naming another identity than this page's: the worker forgets the pages
  // kept for the old one.
  /** @param {string | null | undefined} identity */
  function hear(identity) {
    const next = S.hear(state, identity, store.accountOf(identity));
    if (next === state) return;
    state = next;
    navigator.serviceWorker?.controller?.postMessage({ identity });
  }
  // When an answer last named whom the page is for (see htmx:configRequest below).
  let namedAt = Date.now();
  document.addEventListener("htmx:afterRequest", (event) => {
    /** @type {{xhr?: XMLHttpRequest}} */
    const detail = /** @type {CustomEvent} */ (event).detail;
    const identity = detail.xhr?.getResponseHeader(store.IDENTITY);
    if (identity) namedAt = Date.now();
    hear(identity);
  });

  /**
   * Not form.action: a field named "action" (an event's Save button) hides it.
   * @param {HTMLFormElement} form
   * @param {HTMLElement | null} [submitter]
   */
  function actionOf(form, submitter) {
    const action = submitter?.getAttribute("formaction") || form.getAttribute("action") || here();
    return new URL(action, location.href).href;
  }

  /** @param {HTMLFormElement} form */
  const label = (form) => form.dataset.outboxLabel || document.title.split(" · ")[0];

  /** @param {Omit<Change, "account" | "accountName">} made */
  async function queue(made) {
    /** @type {Change} */
    const change = { ...made, account: me?.account || null, accountName: me?.name || "" };
    try {
      await store.put(change);
    } catch {
      // Nowhere to keep it (storage full, a private window): sent at once, as online.
      const response = await store.send(change);
      if (response && !store.madeUnderAnother(response)) await settle(change, response);
      else
        show(
          gettext("Not saved: %(label)s. This browser cannot keep changes offline.", {
            label: change.label,
          }),
        );
      return;
    }
    busy(change, true);
    mark();
    const sent = flush();
    sent.then((waits) => waits && wakeWhenOnline());
    const then = change.then;
    if (then) {
      // Kept, not sent: the player goes on (the worker shows the next screen it kept).
      sent.then(async (waits) => {
        if (waits && (await store.all()).some((c) => c.id === change.id)) go(then);
      });
    }
  }

  // Background sync, where the browser has it: the worker sends what waits once the
  // network is back, even if no Scorepad page is open then.
  function wakeWhenOnline() {
    navigator.serviceWorker?.ready
      .then((registration) => /** @type {any} */ (registration).sync?.register("outbox"))
      .catch(() => {});
  }

  // --- What the forms would have sent ---------------------------------------------------
  document.addEventListener("htmx:configRequest", (event) => {
    /** @type {{elt: Element, verb: string, target: Element, headers: Record<string, string>, path: string, formData: FormData}} */
    const detail = /** @type {CustomEvent} */ (event).detail;
    // A poll's 304 names nobody (it carries no rights, and costs one small query): so that
    // a session ended elsewhere (the password changed) is heard on a page left polling, a
    // poll (the one request with an ETag) asks once nothing has named it for 10 s.
    if ("If-None-Match" in detail.headers && Date.now() - namedAt > 1e4)
      detail.headers["Scorepad-Ask-Identity"] = "1";
    /** @type {HTMLFormElement | null} */
    const form = detail.elt.closest?.("form[data-outbox]");
    if (!form || detail.verb !== "post") return;
    if (form.dataset.outbox !== "all") {
      if (!navigator.onLine) {
        event.preventDefault();
        previewOffline(detail.target);
      }
      return;
    }
    event.preventDefault();
    /** @type {Record<string, string>} */
    const headers = {};
    for (const name of ["HX-Request", "HX-Target", "HX-Trigger", "HX-Current-URL"]) {
      if (detail.headers[name]) headers[name] = detail.headers[name];
    }
    queue({
      id: crypto.randomUUID(),
      created: Date.now(),
      url: detail.path,
      body: new URLSearchParams(/** @type {any} */ (detail.formData)).toString(),
      kind: "autosave",
      headers,
      target: detail.target.id ? `#${detail.target.id}` : null,
      swap: form.getAttribute("hx-swap") || "outerHTML",
      page: here(),
      label: label(form),
      place: form.dataset.outboxPlace || null,
    });
  });

  /**
   * A preview (the points of an event not yet saved) needs the server.
   * @param {Element | null} target
   */
  function previewOffline(target) {
    if (!target) return;
    const said = document.createElement("p");
    said.className = "warn";
    said.textContent = gettext(
      "No connection: the points show once this phone is back online. Saving keeps it on this phone until then.",
    );
    target.replaceChildren(said);
  }

  /** @param {HTMLFormElement} form */
  function htmxSubmits(form) {
    if (!form.hasAttribute("hx-post")) return false;
    const trigger = form.getAttribute("hx-trigger");
    return !trigger || trigger.includes("submit");
  }

  document.addEventListener(
    "submit",
    (event) => {
      const form = /** @type {HTMLFormElement} */ (event.target);
      if (!form.matches("form[data-outbox]") || htmxSubmits(form)) return;
      event.preventDefault();
      const submitter = /** @type {HTMLElement | null} */ (event.submitter);
      if (submitter?.hasAttribute("data-outbox-preview")) {
        htmx.trigger(form, "input"); // the form's own htmx preview, as typing does
        return;
      }
      const data = new FormData(form, submitter);
      queue({
        id: crypto.randomUUID(),
        created: Date.now(),
        url: actionOf(form, submitter),
        body: new URLSearchParams(/** @type {any} */ (data)).toString(),
        kind: "submit",
        headers: {},
        target: null,
        swap: null,
        page: here(),
        label: label(form),
        place: form.dataset.outboxPlace || null,
        // biome-ignore lint/suspicious/noThenProperty: the name changes already kept on phones carry; a change is never awaited.
        then: submitter?.dataset.outboxThen || null,
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

  // The service worker's copies of this screen, taken again once its changes are saved,
  // so that the screen opened offline later shows them: its other views first (the ocean's
  // Incomplete Fish tab showed the ocean as it was when first kept), then the screen itself
  // (as written: the path without its query).
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let refreshing;
  function refreshKeptScreen() {
    clearTimeout(refreshing);
    refreshing = setTimeout(() => {
      const others = views().filter((view) => view !== here());
      navigator.serviceWorker?.controller?.postMessage({ refresh: [...others, here()] });
    }, 2000);
  }

  // Sends until nothing waits (changes queued meanwhile included) or the network fails;
  // true when changes are left waiting.
  async function send() {
    for (;;) {
      const change = (await store.all()).find((c) => S.sendable(state, c));
      if (!change) {
        state = S.drained(state, Date.now());
        return false;
      }
      if (state.leaving) return false;
      // A tap's own answer shows it saved; the bar speaks up only when it is slow.
      const slow = setTimeout(() => show(gettext("Sending…")), 1000);
      const response = await store.send(change);
      clearTimeout(slow);
      if (!response) {
        state = S.stalledNow(state);
        emit(WAITING, { changes: await mine() });
        show();
        return true; // offline: everything waits, in order
      }
      hear(store.identityOf(response));
      if (store.madeUnderAnother(response)) {
        state = S.madeUnderAnother(state, change);
        continue; // it waits for its account
      }
      await store.remove(change.id);
      const accepted = await settle(change, response); // which may change the state: read it after
      state = S.answered(state, accepted);
      if (change.page === here()) refreshKeptScreen();
      // An autosave typed just before "Save, next" joins the queue behind it: the next
      // screen opens once nothing of this one waits.
      const next = state.leaveFor;
      if (next && !(await store.all()).some((c) => c.page === here() && S.sendable(state, c))) go(next);
    }
  }

  /** @param {string} url */
  function go(url) {
    state = S.leaving(state); // what still waits is sent from the next screen
    location.assign(url);
  }

  /**
   * Shows a change's answer; whether the server took it.
   * @param {Change} change
   * @param {Response} response
   */
  async function settle(change, response) {
    busy(change, false);
    const onPage = change.page === here();
    const html = response.status === 204 ? "" : await response.text();
    const redirect = response.headers.get("HX-Redirect");
    const moved = response.headers.get("Outbox-Location");
    const answer = html && response.status < 400;
    let shown = false; // the answer is on the screen, its messages with it
    if (redirect) {
      go(redirect);
    } else if (change.kind === "autosave" && onPage && answer) {
      const found = change.target && document.querySelector(change.target);
      const target = found && holdsFormOf(found, change) ? found : null;
      // Where the player has opened another place's form since (a board's next space),
      // that form stays: the answer's out-of-band parts (the board drawn anew) still show.
      htmx.swap(target || document.body, html, { swapStyle: target ? change.swap : "none" });
      shown = Boolean(target);
    } else if (change.kind === "submit" && onPage) {
      if (moved) {
        state = S.leaveFor(state, moved); // once this screen's changes queued behind it are sent
      } else if (answer) {
        htmx.swap("#main", html, { swapStyle: "outerHTML" }, { select: "#main" });
        shown = true;
      }
    }
    if (!shown) await store.noteRefusal(change, response, html);
    return !store.refused(response);
  }

  /**
   * Whether an answer to `change` may replace `target`: not once it holds the form of
   * another place than the one the change was made on.
   * @param {Element} target
   * @param {Change} change
   */
  function holdsFormOf(target, change) {
    /** @type {HTMLFormElement | null} */
    const form = target.querySelector("form[data-outbox-place]");
    return !form || !change.place || form.dataset.outboxPlace === change.place;
  }

  // --- What the screen shows --------------------------------------------------------------
  /**
   * @param {Change} change
   * @param {boolean} on
   */
  function busy(change, on) {
    for (const form of document.querySelectorAll("form[data-outbox]")) {
      if (actionOf(/** @type {HTMLFormElement} */ (form)) === new URL(change.url, location.href).href) {
        form.toggleAttribute("aria-busy", on);
        form.classList.toggle("sending", on);
      }
    }
  }

  async function mark() {
    const waiting = await mine();
    document.body.classList.toggle("unconfirmed", S.unconfirmed(state, waiting, here()));
    for (const drawn of document.querySelectorAll("[data-place].pending")) drawn.classList.remove("pending");
    for (const change of waiting) {
      if (!change.place || change.page !== here()) continue;
      for (const drawn of document.querySelectorAll(`[data-place="${CSS.escape(change.place)}"]`)) {
        drawn.classList.add("pending");
      }
    }
  }

  /** @param {string} [now] a word of now ("Sending…") instead of what waits */
  async function show(now) {
    const all = await store.all();
    const notes = await store.notes(me?.account);
    const said = S.status(state, all, { now, online: navigator.onLine, time: Date.now() });
    if (said.savedFor) setTimeout(() => show(), said.savedFor);
    const bar = /** @type {HTMLElement} */ (status);
    bar.replaceChildren();
    for (const text of said.lines) {
      const line = document.createElement("span");
      line.textContent = text;
      bar.append(line);
    }
    if (said.listed) bar.append(whichWait(said.waiting));
    for (const note of notes) bar.append(noteLine(note));
    bar.hidden = said.lines.length === 0 && notes.length === 0;
    bar.classList.toggle("waiting", said.busy);
    mark();
    announce();
  }

  // What waits, for a game's script (events.js).
  async function announce() {
    emit(SHOWN, { changes: await mine() });
  }

  /**
   * Which changes wait, folded away (the bar stays over the screen; a long list would
   * hide it), and left open or shut as the player left it.
   * @param {Change[]} waiting
   */
  function whichWait(waiting) {
    const list = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = gettext("Which changes");
    list.append(summary, S.waitingList(waiting));
    list.open = state.listOpen;
    list.addEventListener("toggle", () => {
      state = S.listToggled(state, list.open);
    });
    return list;
  }

  /** @param {Note} note */
  function noteLine(note) {
    const line = document.createElement("span");
    line.className = "note-line";
    line.append(S.noteText(note));
    if (note.page !== here()) {
      const link = document.createElement("a");
      link.href = note.page;
      link.textContent = gettext("Open it");
      line.append(link, " ");
    }
    const ok = document.createElement("button");
    ok.type = "button";
    ok.className = "link";
    ok.textContent = gettext("Got it");
    ok.addEventListener("click", () => store.forget(note.id).then(() => show()));
    line.append(ok);
    return line;
  }

  // After a reload without network: what was typed but not sent is on the screen again.
  async function restore() {
    const kept = await mine();
    state = S.restored(state, kept.length);
    for (const change of kept) {
      if (change.page !== here() || change.kind !== "autosave") continue;
      const url = new URL(change.url, location.href).href;
      const forms = /** @type {NodeListOf<HTMLFormElement>} */ (
        document.querySelectorAll("form[data-outbox]")
      );
      const form = [...forms].find((f) => actionOf(f) === url);
      if (!form) continue;
      for (const [name, value] of new URLSearchParams(change.body)) {
        // base and editor too: what is typed now follows on from what waits.
        if (name === "csrfmiddlewaretoken") continue;
        const field = /** @type {HTMLInputElement | null} */ (form.elements.namedItem(name));
        if (field && "value" in field && field.type !== "radio" && field.type !== "checkbox") {
          field.value = value;
        }
      }
    }
  }

  // A game's script asks (events.js).
  document.addEventListener(REFRESH, () => announce());
  document.addEventListener(WITHDRAW, (event) => {
    /** @type {WithdrawDetail} */
    const { id } = /** @type {CustomEvent} */ (event).detail;
    store.remove(id).then(() => show());
  });
  window.addEventListener("online", () => flush());
  window.addEventListener("offline", () => show());
  // The worker sent changes (a background sync): a screen they were made on shows what
  // the server now holds, unless the player is typing on it.
  navigator.serviceWorker?.addEventListener("message", (event) => {
    const sent = event.data?.sent;
    if (!Array.isArray(sent)) return;
    if (sent.includes(here())) {
      state = S.savedElsewhere(state, Date.now());
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
}
