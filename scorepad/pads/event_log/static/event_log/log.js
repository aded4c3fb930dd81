// The log while changes wait on this phone (the site's outbox keeps them; it says what
// waits by the events of static/scorepad/events.js): an event waiting to be added shows
// at the top of the log, one waiting to be changed, deleted or undone is marked on its
// row, and Undo takes back what this phone did last, sent or not: an event not sent yet
// is withdrawn from the outbox, else Undo goes down the list of this phone's events (the
// form's data-undo-chain) past the undos already waiting. A module: it runs once a page,
// however often htmx swaps its tag in again.

/** @import { Change, OutboxDetail } from "../../../../../static/scorepad/events.js" */

if ("indexedDB" in window) {
  /** @param {string} url */
  const pathOf = (url) => new URL(url, location.href).pathname;
  /** @returns {HTMLFormElement | null} */
  const undoForm = () => document.querySelector("form.undo");

  /**
   * @typedef {{adds: Change[], undone: number[], changed: Map<string, string>}} Waiting
   * @param {Change[]} changes  this account's: never another's to undo
   * @returns {Waiting}
   */
  function waitingHere(changes) {
    const links = /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll("a[data-adds]"));
    const adds = new Set([...links].map((a) => pathOf(a.href)));
    const undo = undoForm();
    const undoPath = undo && pathOf(undo.getAttribute("action") || "");
    /** @type {Waiting} */
    const sorted = { adds: [], undone: [], changed: new Map() };
    for (const change of changes) {
      if (change.kind !== "submit") continue;
      const path = pathOf(change.url);
      const body = new URLSearchParams(change.body);
      if (adds.has(path)) sorted.adds.push(change);
      else if (path === undoPath) sorted.undone.push(Number(body.get("last")));
      else sorted.changed.set(path, body.get("action") === "delete" ? "deleted" : "changed");
    }
    return sorted;
  }

  /** @returns {{seq: number, text: string}[]} */
  const chain = () => JSON.parse(undoForm()?.dataset.undoChain || "[]");

  /**
   * The next event this phone's Undo takes back, or null.
   * @param {Waiting} waiting
   */
  function nextUndo(waiting) {
    const gone = new Set(waiting.undone);
    const rows = /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll("ol.log a[href]"));
    for (const row of rows) {
      if (waiting.changed.get(pathOf(row.href)) === "deleted") gone.add(seqOf(row));
    }
    return chain().find((event) => !gone.has(event.seq)) || null;
  }

  /** @param {HTMLAnchorElement} row */
  const seqOf = (row) => Number(pathOf(row.href).split("/").filter(Boolean).pop());

  /** @type {Change[]} */
  let heard = []; // what the outbox last said waits
  /** @type {Waiting} */
  let shown = { adds: [], undone: [], changed: new Map() }; // what render() last drew

  function render() {
    const log = document.querySelector("ol.log");
    if (!log) return;
    const waiting = waitingHere(heard);
    shown = waiting;
    for (const row of log.querySelectorAll("li.waiting-add")) row.remove();
    for (const row of /** @type {NodeListOf<HTMLElement>} */ (log.querySelectorAll("li[data-waiting]"))) {
      delete row.dataset.waiting;
    }
    for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (log.querySelectorAll("a[href]"))) {
      const seq = seqOf(link);
      const state = waiting.undone.includes(seq) ? "undone" : waiting.changed.get(pathOf(link.href));
      const row = link.closest("li");
      if (state && row) row.dataset.waiting = state;
    }
    for (const change of waiting.adds) {
      const row = document.createElement("li");
      row.className = "waiting-add";
      row.dataset.waiting = "added";
      row.textContent = change.label;
      log.prepend(row);
      log.querySelector(":scope > li.muted:not(.waiting-add)")?.remove(); // "Nothing scored yet"
    }
    showUndo(waiting);
  }

  /** @param {Waiting} waiting */
  function showUndo(waiting) {
    const form = undoForm();
    if (!form) return;
    const added = waiting.adds[waiting.adds.length - 1];
    const next = added ? null : nextUndo(waiting);
    // The page's words, in its language: "%(text)s" and "%(label)s" are filled in here.
    const text = added
      ? (form.dataset.notSent || "%(label)s (not sent yet)").replace("%(label)s", added.label)
      : next?.text;
    form.hidden = !text;
    if (!text) return;
    /** @type {HTMLButtonElement | null} */
    const button = form.querySelector("button[data-undo-label]");
    if (button) button.textContent = (button.dataset.undoLabel || "").replace("%(text)s", text);
    form.dataset.outboxLabel = (form.dataset.outboxTemplate || "Undo: %(text)s").replace("%(text)s", text);
    const last = /** @type {HTMLInputElement | null} */ (form.elements.namedItem("last"));
    if (next && last) last.value = String(next.seq);
  }

  // Before the outbox takes the undo (it listens on the document, and reads the form at
  // once, so this decides at once, from what is on the screen): an event not sent yet is
  // withdrawn, not sent.
  window.addEventListener(
    "submit",
    (event) => {
      if (event.target !== undoForm()) return;
      const added = shown.adds[shown.adds.length - 1];
      if (!added) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const detail = { id: added.id };
      document.dispatchEvent(new CustomEvent("scorepad:outbox-withdraw", { detail }));
    },
    true,
  );

  document.addEventListener("scorepad:outbox-shown", (event) => {
    /** @type {OutboxDetail} */
    const detail = /** @type {CustomEvent} */ (event).detail;
    heard = detail.changes;
    render();
  });
  // A swapped screen is drawn with what waited, then with what waits now.
  const refresh = () => document.dispatchEvent(new CustomEvent("scorepad:outbox-refresh"));
  document.addEventListener("htmx:afterSettle", () => {
    render();
    refresh();
  });
  refresh();
}

export {}; // a module (for TypeScript too): it runs once a page
