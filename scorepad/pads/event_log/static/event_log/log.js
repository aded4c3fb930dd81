// The log while changes wait on this phone (static/scorepad/scorepad.js keeps them): an
// event waiting to be added shows at the top of the log, one waiting to be changed,
// deleted or undone is marked on its row, and Undo takes back what this phone did last,
// sent or not: an event not sent yet is dropped from the outbox, else Undo goes down the
// list of this phone's events (the form's data-undo-chain) past the undos already waiting.
(() => {
  const store = self.OutboxStore;
  // htmx runs the scripts of what it swaps in: once a page, or each listener acts twice.
  if (!store || !("indexedDB" in window) || window.eventLogReady) return;
  window.eventLogReady = true;

  const pathOf = (url) => new URL(url, location.href).pathname;
  const undoForm = () => document.querySelector("form.undo");

  async function waitingHere() {
    const adds = new Set([...document.querySelectorAll("a[data-adds]")].map((a) => pathOf(a.href)));
    const undo = undoForm();
    const undoPath = undo && pathOf(undo.getAttribute("action"));
    const sorted = { adds: [], undone: [], changed: new Map() };
    for (const change of await store.mine()) { // this account's: never another's to undo
      if (change.kind !== "submit") continue;
      const path = pathOf(change.url);
      const body = new URLSearchParams(change.body);
      if (adds.has(path)) sorted.adds.push(change);
      else if (path === undoPath) sorted.undone.push(Number(body.get("last")));
      else sorted.changed.set(path, body.get("action") === "delete" ? "deleted" : "changed");
    }
    return sorted;
  }

  const chain = () => JSON.parse(undoForm()?.dataset.undoChain || "[]");

  // The next event this phone's Undo takes back, or null.
  function nextUndo(waiting) {
    const gone = new Set(waiting.undone);
    for (const row of document.querySelectorAll("ol.log a[href]")) {
      if (waiting.changed.get(pathOf(row.href)) === "deleted") gone.add(seqOf(row));
    }
    return chain().find((event) => !gone.has(event.seq)) || null;
  }

  const seqOf = (row) => Number(pathOf(row.href).split("/").filter(Boolean).pop());

  let shown = { adds: [], undone: [], changed: new Map() }; // what render() last drew

  async function render() {
    const log = document.querySelector("ol.log");
    if (!log) return;
    const waiting = await waitingHere();
    shown = waiting;
    for (const row of log.querySelectorAll("li.waiting-add")) row.remove();
    for (const row of log.querySelectorAll("li[data-waiting]")) delete row.dataset.waiting;
    for (const link of log.querySelectorAll("a[href]")) {
      const seq = seqOf(link);
      const state = waiting.undone.includes(seq) ? "undone" : waiting.changed.get(pathOf(link.href));
      if (state) link.closest("li").dataset.waiting = state;
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

  function showUndo(waiting) {
    const form = undoForm();
    if (!form) return;
    const added = waiting.adds[waiting.adds.length - 1];
    const next = added ? null : nextUndo(waiting);
    const text = added ? `${added.label} (not sent yet)` : next?.text;
    form.hidden = !text;
    if (!text) return;
    const button = form.querySelector("button[data-undo-prefix]");
    button.textContent = button.dataset.undoPrefix + text;
    form.dataset.outboxLabel = `Undo: ${text}`;
    if (next) form.elements.namedItem("last").value = String(next.seq);
  }

  // Before the outbox takes the undo (it listens on the document, and reads the form at
  // once, so this decides at once, from what is on the screen): an event not sent yet is
  // simply not sent.
  window.addEventListener(
    "submit",
    (event) => {
      if (event.target !== undoForm()) return;
      const added = shown.adds[shown.adds.length - 1];
      if (!added) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      store.remove(added.id).then(() => document.dispatchEvent(new Event("outbox:changed")));
    },
    true,
  );

  document.addEventListener("outbox:shown", render);
  document.addEventListener("htmx:afterSettle", render);
  render();
})();
