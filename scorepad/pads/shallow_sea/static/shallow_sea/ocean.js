// Shallow Sea's board and space form: the board screen's own script, beside the site's
// (scorepad.js, loaded in the head like on every screen, so its steppers and outbox run as
// soon as the page is parsed, not once this script's fetch is done: a tap on "+" before
// then would post the form the old way). A module: it runs once a page, however often
// htmx swaps the tag in again (the outbox swaps a whole screen). It imports nothing of the
// site's and hears of its outbox by the events of static/scorepad/events.js.

/** @import { Change, OutboxDetail } from "../../../../../static/scorepad/events.js" */
{
  // Shallow Sea's space form: picking a Sealife type taps the VPs it prints (known from
  // this game's other tiles or the Sealife catalogue, rendered by the server on each
  // type's radio). A value the player tapped, or the form came with, is never changed.
  // Without this script the server takes an untapped value the same way when it saves.
  function prefill(radio) {
    for (const [name, key] of [
      ["vp", "vp"],
      ["partial_vp", "partialVp"],
    ]) {
      const chips = [...radio.form.querySelectorAll(`input[name=${name}]`)];
      if (chips.some((chip) => chip.checked && (chip.defaultChecked || chip.dataset.tapped))) continue;
      for (const chip of chips) chip.checked = chip.value === radio.dataset[key];
    }
  }

  // Nothing left to choose: an empty space; a coral not yet completed, or completed with
  // its fish; a Sealife tile with its VPs (an incomplete one with its count, unless it
  // counts the ocean's corals itself).
  function complete(form) {
    const piece = form.querySelector("input[name=piece]:checked");
    if (!piece) return false;
    if (piece.value === "empty" || piece.value === "coral") return true;
    const chosen = (name) => form.elements.namedItem(name).value !== "";
    const completed = form.querySelector("input[name=completed]:checked")?.value === "yes";
    if (piece.closest(".coral-row")) return !completed || chosen("fish");
    if (completed) return chosen("vp");
    return chosen("partial_vp") && (piece.dataset.anywhere === "true" || chosen("partial"));
  }

  // The sheet saves itself once a tap leaves nothing to choose. Only a tap: arrow keys
  // also change a radio, and moving through the choices must not save each one.
  let tappedAt = 0;
  document.addEventListener(
    "pointerdown",
    () => {
      tappedAt = Date.now();
    },
    true,
  );

  // What the tile still needs comes into view under the thumb: a coral's fish, the first
  // count to type (the keypad opens on it) or VPs to tap.
  function showNext(form) {
    const parts = form.querySelectorAll(
      ".fish-choice, .sealife-only input[type=number], .sealife-only .numbers",
    );
    const needed = [...parts].find(
      (part) =>
        part.offsetParent && (part.matches("input") ? part.value === "" : !part.querySelector(":checked")),
    );
    if (needed?.matches("input")) needed.focus();
    else needed?.scrollIntoView({ block: "nearest" });
  }

  /**
   * An htmx event's detail.
   * @param {Event} event
   * @returns {any}
   */
  const detailOf = (event) => /** @type {CustomEvent} */ (event).detail;

  document.addEventListener("change", (event) => {
    const radio = /** @type {HTMLInputElement} */ (event.target);
    if (!radio.matches(".tile-form input[type=radio]")) return;
    if (radio.name === "piece") {
      prefill(radio);
      // Another tile, another fish to tap: the one checked before would save the tile at
      // once, and the player's tap on the fish after it would meet their own save.
      for (const fish of radio.form.querySelectorAll("input[name=fish]:checked")) {
        /** @type {HTMLInputElement} */ (fish).checked = false;
      }
    } else radio.dataset.tapped = "true";
    if (Date.now() - tappedAt < 1500 && complete(radio.form)) radio.form.requestSubmit();
    else showNext(radio.form);
  });

  // Opening a space or bubble brings its form into view without hiding the board: a tap
  // draws the board and its form again (#sea), a switch of tap mode the editor itself.
  // (afterSettle, not afterSwap: an outerHTML swap removes the element afterSwap fires on.)
  let said = []; // what the last save said, kept for the form it opens
  document.addEventListener("htmx:afterSettle", (event) => {
    if (!["editor", "sea"].includes(detailOf(event).elt.id)) return;
    const editor = document.getElementById("editor");
    const ocean = document.getElementById("ocean");
    if (editor && ocean && editor.classList.contains("open")) {
      editor.querySelector(".editor-head")?.after(...said.splice(0));
      ocean.scrollIntoView({ block: "start" });
      /** @type {HTMLInputElement | null} */
      const first = editor.querySelector("input:checked, input:not([type=hidden])");
      if (first) first.focus({ preventScroll: true });
    }
    // A tile laid on an empty space names the space to enter next (views.ocean.after_save,
    // once the server has the tile): its form opens, saying what was saved, the tap a
    // player makes anyway; unless the player has tapped another place (or tab) since.
    const next = editor?.dataset.next && ocean?.querySelector(`a[data-place="${editor.dataset.next}"]`);
    if (next && !document.querySelector("#sea .htmx-request")) {
      said = [...editor.querySelectorAll(".ok")];
      openPlace(next);
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
    check(form, "completed", !tile || tile.completed ? "yes" : "no");
    if (!tile) return;
    const coral = tile.completed ? `${tile.color}-${tile.vp}` : "coral";
    check(form, "piece", tile.kind === "coral" ? coral : tile.code);
    if (tile.fish) check(form, "fish", tile.fish);
    for (const name of ["vp", "partial", "partial_vp"]) {
      if (tile.kind === "sealife" && tile[name] != null) form.elements.namedItem(name).value = tile[name];
    }
  }

  let offlineForms = null; // this board's, read once: {url, forms}
  async function keptForms() {
    const url = document.getElementById("ocean")?.dataset.keep;
    if (offlineForms?.url !== url) {
      const kept = url && "caches" in window ? await caches.match(url) : null;
      if (!kept) return null;
      offlineForms = { url, forms: new DOMParser().parseFromString(await kept.text(), "text/html") };
    }
    return offlineForms.forms;
  }

  async function openOffline(link) {
    const bubble = link.matches(".bubble");
    const forms = await keptForms();
    const template = forms?.getElementById(bubble ? "offline-bubble-editor" : "offline-space-editor");
    const editor = document.getElementById("editor");
    if (!template || !editor) return;
    const place = link.dataset.place;
    // The kept editor names its place __PLACE__: its title (a whole text) becomes the
    // place's title, and the rest (its form's address, ids) the place. Nodes, not a
    // string of HTML: a string would reach the page through innerHTML, which the site's
    // Trusted Types policy refuses.
    const section = document.importNode(template.content, true).firstElementChild;
    const title = JSON.parse(template.dataset.titles)[place];
    for (const node of [section, ...section.querySelectorAll("*")]) {
      for (const attr of node.attributes) attr.value = attr.value.replaceAll(PLACE, place);
    }
    const texts = document.createTreeWalker(section, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      text.nodeValue = text.nodeValue === PLACE ? title : text.nodeValue.replaceAll(PLACE, place);
    }
    const form = section.querySelector("form");
    if (bubble) check(form, "color", link.dataset.color || "none");
    else {
      fillTile(form, JSON.parse(link.dataset.tile || "null"));
      // A tile drawn from a change still waiting is not known to be what the server has.
      /** @type {HTMLInputElement} */ (form.elements.namedItem("base")).value = link.dataset.waiting
        ? ""
        : link.dataset.tile || "null";
    }
    editor.replaceWith(section);
    htmx.process(section);
    document.getElementById("ocean")?.scrollIntoView({ block: "start" });
  }

  const tappable = (elt) => elt.matches?.("svg.ocean a[data-opens-offline]");

  // A space or a bubble is a link to its form, which this one listener opens, not each
  // link as an htmx element of its own: as a page starts, htmx reads and hashes every
  // attribute of each element it takes over, and the board's places were the screen's
  // longest task on a phone. The request is htmx's all the same: the board's hx-target,
  // hx-swap and hx-sync, and its events (the offline form above hears them).
  /** @param {Element} link */
  function openPlace(link) {
    const url = new URL(link.getAttribute("href") || "", location.href);
    // Its promise fails where the request did (another tap replaced it, the network is
    // gone): htmx's events have said so already, and the offline form opens from them.
    htmx.ajax("get", url.pathname + url.search, { source: link }).catch(() => {});
  }
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element && event.target.closest("a");
    if (!link || !tappable(link) || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    openPlace(link);
  });

  document.addEventListener("htmx:beforeRequest", (event) => {
    if (!tappable(detailOf(event).elt)) return;
    if (!navigator.onLine) {
      event.preventDefault();
      openOffline(detailOf(event).elt);
    } else {
      // Another place's form is on its way: the one open takes no more taps meanwhile.
      document.getElementById("editor")?.classList.add("leaving");
    }
  });
  document.addEventListener("htmx:sendError", (event) => {
    if (tappable(detailOf(event).elt)) openOffline(detailOf(event).elt);
  });

  // A tile or fish kept on the phone: its form closes, and says so.
  document.addEventListener("scorepad:outbox-waiting", (event) => {
    /** @type {OutboxDetail} */
    const { changes } = /** @type {CustomEvent} */ (event).detail;
    const editor = document.getElementById("editor");
    /** @type {HTMLFormElement | null} */
    const form = editor?.querySelector("form[data-outbox-place]");
    if (!form || !changes.some((change) => change.place === form.dataset.outboxPlace)) return;
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
  // has it (the same drawing as drawing.draw_space and the bubbles of drawing.draw_board),
  // marked as waiting (the outbox, outbox-screen.js, marks [data-place] .pending); the server's own drawing
  // replaces it with the answer.
  const SVG = "http://www.w3.org/2000/svg";

  function svgText(className, dy, text) {
    const node = document.createElementNS(SVG, "text");
    node.setAttribute("class", className);
    node.setAttribute("dy", dy);
    node.textContent = text;
    return node;
  }

  // The tile a space form's body names (its piece: "red-7", a Sealife code or "empty").
  function postedTile(body) {
    const piece = body.get("piece");
    if (!piece || piece === "empty") return null;
    const completed = body.get("completed") === "yes";
    const number = (name) => (body.get(name) ? Number(body.get(name)) : undefined);
    if (piece === "coral") return { kind: "coral", completed: false };
    if (piece.includes("-")) {
      const [color, vp] = piece.split("-");
      return {
        kind: "coral",
        completed,
        color,
        vp: Number(vp),
        fish: (completed && body.get("fish")) || undefined,
      };
    }
    return {
      kind: "sealife",
      completed,
      code: piece,
      vp: number("vp"),
      partial: number("partial"),
      partial_vp: number("partial_vp"),
    };
  }

  function drawnTile(tile) {
    if (!tile) return { classes: ["empty"], small: "", big: "" };
    if (tile.kind === "coral") {
      const classes = tile.color ? ["coral", `c-${tile.color}`] : ["coral"];
      if (!tile.completed)
        return { classes: [...classes, "incomplete"], small: tile.color || "coral", big: "…" };
      return { classes: [...classes, "completed"], small: tile.color, big: String(tile.vp), fish: tile.fish };
    }
    if (tile.completed) return { classes: ["sealife", "completed"], small: tile.code, big: tile.vp ?? "?" };
    const { partial, partial_vp: each } = tile;
    return {
      classes: ["sealife", "incomplete"],
      small: tile.code,
      big: partial && each ? `${partial}×${each}` : partial || "0",
    };
  }

  function drawSpace(drawn, body) {
    const saved = postedTile(body);
    const tile = drawnTile(saved);
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
      held.append(svgText("space-name", "4", drawn.dataset.place));
    }
    drawn.setAttribute("class", ["space", ...tile.classes, "pending"].join(" "));
    if (drawn.dataset.tile) {
      // Opened again offline, the form shows the tile as it will be saved.
      drawn.dataset.tile = JSON.stringify(saved);
      drawn.dataset.waiting = "true";
    }
  }

  function drawBubble(link, body) {
    const color = body.get("color");
    const circle = link.querySelector("circle");
    circle.setAttribute("class", color && color !== "none" ? `fish c-${color}` : "dot");
    link.querySelector("text.fish-letter")?.remove();
    if (color && color !== "none")
      link.querySelector("g").append(svgText("fish-letter big-letter", "5", color[0].toUpperCase()));
  }

  document.addEventListener("scorepad:outbox-shown", (event) => {
    /** @type {OutboxDetail} */
    const { changes } = /** @type {CustomEvent} */ (event).detail;
    for (const change of changes) {
      if (!change.place || change.page !== location.pathname) continue;
      const body = new URLSearchParams(change.body);
      const place = CSS.escape(change.place);
      const space = document.querySelector(`svg.ocean .space[data-place="${place}"]`);
      const bubble = document.querySelector(`svg.ocean a.bubble[data-place="${place}"]`);
      if (space && body.has("piece")) drawSpace(space, body);
      if (bubble && body.has("color")) drawBubble(bubble, body);
    }
  });

  // A saved tap answers with only the spaces and bubbles it changed, drawn as the mode it
  // was tapped in draws them (a link to tap, or a drawing). A board switched to the other
  // mode since (offline, the outbox sending later) keeps its own drawing of them.
  document.addEventListener("htmx:oobBeforeSwap", (event) => {
    const detail = detailOf(event);
    const { target, fragment } = detail;
    if (!target.closest?.("svg.ocean")) return;
    const piece = fragment.firstElementChild;
    if (piece && piece.tagName !== target.tagName) detail.shouldSwap = false;
  });
}

export {}; // a module (for TypeScript too): it runs once a page
