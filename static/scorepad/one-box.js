// Boxes of which one is ticked at a time (data-one-box), on the new-play screens only
// (setup-screen.js): ticking one unticks the others, so a tap changes the choice, unless
// the form's field named by data-one-box-unless ("name=value") holds that value (a rule
// that plays two). Without this script the player unticks the old box first.
export function start() {
  document.addEventListener("change", (event) => {
    const box = /** @type {HTMLInputElement} */ (event.target);
    const group = box.checked && box.type === "checkbox" ? box.closest("[data-one-box]") : null;
    if (!group || !box.form) return;
    const [name, value] = (group.getAttribute("data-one-box-unless") || "=").split("=");
    const unless = name && box.form.elements.namedItem(name);
    if (unless && "value" in unless && unless.value === value) return;
    for (const other of group.querySelectorAll(`input[type=checkbox][name="${box.name}"]:checked`)) {
      if (other !== box) /** @type {HTMLInputElement} */ (other).checked = false;
    }
  });
}
