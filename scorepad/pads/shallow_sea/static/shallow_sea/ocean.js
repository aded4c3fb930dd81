// Shallow Sea's space form: picking a Sealife type fills in the VPs it prints (known
// from this game's other tiles or the Sealife catalogue, rendered by the server on
// each type's radio). A value the player typed is never overwritten. Without this
// script the server fills in a blank value the same way when the form is saved.
document.addEventListener("change", (event) => {
  const radio = event.target;
  if (!radio.matches(".tile-form input[name=code]")) return;
  const form = radio.form;
  for (const [name, key] of [["vp", "vp"], ["partial_vp", "partialVp"]]) {
    const input = form.elements.namedItem(name);
    if (!input) continue;
    if (input.value === "" || input.dataset.filled === "auto") {
      input.value = radio.dataset[key] || "";
      input.dataset.filled = "auto";
    }
  }
});

document.addEventListener("input", (event) => {
  if (event.target.matches(".tile-form input[type=number]")) delete event.target.dataset.filled;
});

// Opening a space or bubble brings its form into view without hiding the board.
// (afterSettle, not afterSwap: an outerHTML swap removes the element afterSwap fires on.)
document.addEventListener("htmx:afterSettle", (event) => {
  if (event.detail.elt.id !== "editor") return;
  const editor = document.getElementById("editor");
  const ocean = document.getElementById("ocean");
  if (editor && ocean && editor.classList.contains("open")) {
    ocean.scrollIntoView({ block: "start" });
    const first = editor.querySelector("input:checked, input");
    if (first) first.focus({ preventScroll: true });
  }
});

// Without a network a space's (or bubble's) form cannot be fetched: the page holds one
// of each as a template (PLACE where the space's name goes), filled in here from what
// the board shows. Its Save goes to the outbox like any other; the board marks the
// space as waiting until the server has it.
const PLACE = "__PLACE__";

function check(form, name, value) {
  const input = form.querySelector(`input[name="${name}"][value="${value}"]`);
  if (input) input.checked = true;
}

function fillTile(form, tile) {
  if (!tile) {
    check(form, "kind", "coral");
    check(form, "completed", "yes");
    return;
  }
  check(form, "kind", tile.kind);
  check(form, "completed", tile.completed ? "yes" : "no");
  if (tile.kind === "coral") {
    if (tile.color) check(form, "color", tile.color);
    if (tile.vp != null) check(form, "coral_vp", tile.vp);
    if (tile.fish) check(form, "fish", tile.fish);
    return;
  }
  if (tile.code) check(form, "code", tile.code);
  for (const name of ["vp", "partial", "partial_vp"]) {
    if (tile[name] != null && form.elements.namedItem(name)) form.elements.namedItem(name).value = tile[name];
  }
}

function openOffline(link) {
  const bubble = link.dataset.bubble;
  const template = document.getElementById(bubble ? "offline-bubble-editor" : "offline-space-editor");
  const editor = document.getElementById("editor");
  if (!template || !editor) return;
  const holder = document.createElement("div");
  holder.innerHTML = template.innerHTML
    .replaceAll(`>${PLACE}<`, `>${link.dataset.title}<`)
    .replaceAll(PLACE, bubble || link.dataset.space);
  const section = holder.firstElementChild;
  const form = section.querySelector("form");
  if (bubble) check(form, "color", link.dataset.color || "none");
  else fillTile(form, JSON.parse(link.dataset.tile || "null"));
  editor.replaceWith(section);
  htmx.process(section);
  document.getElementById("ocean")?.scrollIntoView({ block: "start" });
}

const tappable = (elt) => elt.matches?.("svg.ocean a[data-opens-offline]");

document.addEventListener("htmx:beforeRequest", (event) => {
  if (tappable(event.detail.elt) && !navigator.onLine) {
    event.preventDefault();
    openOffline(event.detail.elt);
  }
});
document.addEventListener("htmx:sendError", (event) => {
  if (tappable(event.detail.elt)) openOffline(event.detail.elt);
});

// A tile or fish kept on the phone: its form closes, and says so.
document.addEventListener("outbox:waiting", (event) => {
  const editor = document.getElementById("editor");
  const form = editor?.querySelector("form[data-outbox-place]");
  if (!form || !event.detail.some((change) => change.place === form.dataset.outboxPlace)) return;
  const closed = document.createElement("section");
  closed.id = "editor";
  closed.className = "editor";
  closed.setAttribute("aria-live", "polite");
  const said = document.createElement("p");
  said.className = "warn";
  said.textContent = `${form.dataset.outboxLabel}: kept on this phone, sent when it is back online.`;
  closed.append(said);
  editor.replaceWith(closed);
});
