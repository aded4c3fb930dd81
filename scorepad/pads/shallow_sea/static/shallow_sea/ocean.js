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
