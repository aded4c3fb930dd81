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

// Without a network a space's (or bubble's) form cannot be fetched: the service worker
// keeps one of each as a template (the board's data-keep URL; PLACE where the space's
// name goes), filled in here from what the board shows. Its Save goes to the outbox
// like any other; the board marks the space as waiting until the server has it.
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

let offlineForms = null;
async function keptForms() {
  if (!offlineForms) {
    const url = document.getElementById("ocean")?.dataset.keep;
    const kept = url && "caches" in window ? await caches.match(url) : null;
    if (!kept) return null;
    offlineForms = new DOMParser().parseFromString(await kept.text(), "text/html");
  }
  return offlineForms;
}

async function openOffline(link) {
  const bubble = link.dataset.bubble;
  const forms = await keptForms();
  const template = forms?.getElementById(bubble ? "offline-bubble-editor" : "offline-space-editor");
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

// A tile or fish waiting to be sent is drawn on the board as it will be once the server
// has it (the same drawing as board.draw_space and the bubbles of board.draw_board),
// marked as waiting (scorepad.js's outbox marks [data-place] .pending); the server's own drawing
// replaces it with the answer.
const SVG = "http://www.w3.org/2000/svg";

function svgText(className, dy, text) {
  const node = document.createElementNS(SVG, "text");
  node.setAttribute("class", className);
  node.setAttribute("dy", dy);
  node.textContent = text;
  return node;
}

function drawnTile(body) {
  const kind = body.get("kind");
  if (kind === "empty" || !body.get("completed")) return { classes: ["empty"], small: "", big: "" };
  const completed = body.get("completed") === "yes";
  if (kind === "coral") {
    const color = body.get("color");
    const classes = ["coral", ...(color ? [`c-${color}`] : [])];
    if (!completed) return { classes: [...classes, "incomplete"], small: color || "coral", big: "…" };
    return { classes: [...classes, "completed"], small: color || "", big: body.get("coral_vp") || "?", fish: body.get("fish") };
  }
  const small = body.get("code") || "?";
  if (completed) return { classes: ["sealife", "completed"], small, big: body.get("vp") || "?" };
  const partial = body.get("partial");
  const each = body.get("partial_vp");
  return { classes: ["sealife", "incomplete"], small, big: partial && each ? `${partial}×${each}` : partial || "0" };
}

function drawSpace(drawn, body) {
  const tile = drawnTile(body);
  const held = drawn.querySelector("g[transform]");
  const polygon = held.querySelector("polygon");
  held.replaceChildren(polygon);
  if (tile.small) held.append(svgText("small", "-13", tile.small));
  if (tile.big) held.append(svgText("big", tile.fish ? "5" : "11", tile.big));
  if (tile.fish) {
    const circle = document.createElementNS(SVG, "circle");
    circle.setAttribute("class", `fish c-${tile.fish}`);
    circle.setAttribute("cy", "19");
    circle.setAttribute("r", "8");
    held.append(circle, svgText("fish-letter", "23", tile.fish[0].toUpperCase()));
  }
  if (tile.classes[0] === "empty" && drawn.matches("a")) {
    held.append(svgText("space-name", "4", drawn.dataset.space));
  }
  drawn.setAttribute("class", ["space", ...tile.classes, "pending"].join(" "));
  if (drawn.dataset.tile) drawn.dataset.tile = JSON.stringify(savedTile(body)); // opened again
}

// The tile as the server keeps it (data-tile), for the form opened on it again offline.
function savedTile(body) {
  const kind = body.get("kind");
  if (kind === "empty") return null;
  const number = (name) => (body.get(name) ? Number(body.get(name)) : undefined);
  return {
    kind,
    completed: body.get("completed") === "yes",
    color: body.get("color") || undefined,
    fish: body.get("fish") || undefined,
    code: body.get("code") || undefined,
    vp: number(kind === "coral" ? "coral_vp" : "vp"),
    partial: number("partial"),
    partial_vp: number("partial_vp"),
  };
}

function drawBubble(link, body) {
  const color = body.get("color");
  const circle = link.querySelector("circle");
  circle.setAttribute("class", color && color !== "none" ? `fish c-${color}` : "dot");
  link.querySelector("text.fish-letter")?.remove();
  if (color && color !== "none") link.querySelector("g").append(svgText("fish-letter big-letter", "5", color[0].toUpperCase()));
}

document.addEventListener("outbox:shown", (event) => {
  for (const change of event.detail) {
    if (!change.place || change.page !== location.pathname) continue;
    const body = new URLSearchParams(change.body);
    const place = CSS.escape(change.place);
    const space = document.querySelector(`svg.ocean [data-space="${place}"]`);
    const bubble = document.querySelector(`svg.ocean a[data-bubble="${place}"]`);
    if (space && body.has("kind")) drawSpace(space, body);
    if (bubble && body.has("color")) drawBubble(bubble, body);
  }
});
