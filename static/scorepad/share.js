// A link to a card (a PNG, data-share holding its title) opens the phone's share sheet
// with the image, where the browser shares files; elsewhere it stays the download it is.
// The card is fetched as the screen opens: a share sheet opens only straight from a tap,
// not after waiting on the network.

/** @type {WeakMap<HTMLAnchorElement, File>} */
const ready = new WeakMap();

/** @param {HTMLAnchorElement} link */
async function fetchCard(link) {
  const response = await fetch(link.href, { credentials: "same-origin" });
  if (!response.ok) return;
  const name = link.getAttribute("download") || "scorepad.png";
  ready.set(link, new File([await response.blob()], name, { type: "image/png" }));
}

export function start() {
  if (typeof navigator.canShare !== "function") return;
  for (const link of document.querySelectorAll("a[data-share]")) {
    if (link instanceof HTMLAnchorElement) fetchCard(link).catch(() => {});
  }
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest("a[data-share]") : null;
    if (!(target instanceof HTMLAnchorElement)) return;
    const file = ready.get(target);
    const shared = file && { files: [file], title: target.dataset.share || document.title };
    if (!shared || !navigator.canShare(shared)) return;
    event.preventDefault();
    navigator.share(shared).catch(() => {}); // closing the sheet is no error
  });
}
