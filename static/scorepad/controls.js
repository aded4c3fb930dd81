// The controls every screen has: steppers, counts selected on a tap, the Share button,
// links followed without network, and the installable app's service worker.

import { own, views } from "./outbox-screen.js";

/**
 * A CustomEvent's detail, as htmx gives it.
 * @param {Event} event
 * @returns {any}
 */
const detailOf = (event) => /** @type {CustomEvent} */ (event).detail;

export function start() {
  // Steppers: change the count in place instead of posting the form, then let
  // htmx (listening for "input") save it. Without this script the − / + buttons
  // submit the form and the server applies the step.
  document.addEventListener("click", (event) => {
    const button = /** @type {HTMLButtonElement | null} */ (
      /** @type {Element} */ (event.target).closest("button.step")
    );
    const input = button?.parentElement?.querySelector("input");
    if (!button || !input) return;
    event.preventDefault();
    const delta = Number(button.value.split(":")[1]);
    const max = input.max === "" ? Number.POSITIVE_INFINITY : Number(input.max);
    const min = input.min === "" ? 0 : Number(input.min);
    const next = Math.min(max, Math.max(min, (Number(input.value) || 0) + delta));
    input.value = String(next);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // Tapping a count selects it, so typing 3 over a 0 gives 3, not 03.
  document.addEventListener("focusin", (event) => {
    const target = /** @type {HTMLInputElement} */ (event.target);
    if (target.matches("input[type=number]")) target.select();
  });

  // The host's Share button: the phone's own share sheet, where the browser has one (the
  // link and the QR code next to it work without).
  if ("share" in navigator) {
    for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (
      document.querySelectorAll("button.share")
    )) {
      button.hidden = false;
      button.addEventListener("click", () => {
        navigator.share({ title: button.dataset.shareTitle, url: button.dataset.shareUrl }).catch(() => {});
      });
    }
  }

  // Without network htmx cannot fetch: a poll waits for the network to come back, a link
  // is followed instead (the service worker answers with the screen it kept, else the
  // offline page). A link marked data-opens-offline is opened by its game's own script.
  /** @param {Event} event */
  function offlineFallback(event) {
    /** @type {Element} */
    const elt = detailOf(event).elt;
    if (elt.hasAttribute("data-opens-offline")) return false;
    const href = elt.matches("a[href]") && elt.getAttribute("href");
    if (href) location.assign(href);
    return true;
  }
  document.addEventListener("htmx:beforeRequest", (event) => {
    if (!navigator.onLine && detailOf(event).requestConfig.verb === "get" && offlineFallback(event)) {
      event.preventDefault();
    }
  });
  document.addEventListener("htmx:sendError", (event) => {
    if (detailOf(event).requestConfig.verb === "get") offlineFallback(event);
  });

  // The installable app: its service worker (it serves the screens and static files kept
  // for a table without network; static/scorepad/sw.js). A page tells it which screens a
  // player may open next (links marked data-offline, where a kept change leads), and what
  // else it needs offline (data-keep), so those open offline too. It keeps them for whoever
  // is signed in, and forgets them when another is: the page says whom it was made for
  // (its meta; the worker may not have seen the answer), and logging out tells it at once.
  if ("serviceWorker" in navigator) {
    // A classic worker (every browser runs one): scorepad/views/app.py writes the outbox's
    // store into it.
    navigator.serviceWorker.register("/sw.js").catch(() => {});
    navigator.serviceWorker.ready.then((registration) => {
      const identity = own()?.identity;
      /** @param {string} selector */
      const all = (selector) => /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(selector));
      const keep = [
        ...[...all("a[data-offline]")].map((a) => a.getAttribute("href")),
        ...[...all("[data-outbox-then]")].map((b) => b.dataset.outboxThen),
        ...[...all("[data-keep]")].map((e) => e.dataset.keep),
      ];
      keep.push(location.pathname);
      // This screen's other views are taken again, not only kept: a copy kept earlier shows
      // the screen as it was then (the ocean's Incomplete Fish tab, its tiles of then).
      const refresh = views().filter((view) => view !== location.pathname + location.search);
      // The copy kept of a screen is taken again without its one-time messages ("Added: …"),
      // which would otherwise show again each time it opens offline.
      if (document.querySelector("ul.messages")) refresh.push(location.pathname + location.search);
      registration.active?.postMessage({ keep, refresh, identity });
    });
    document.addEventListener("submit", (event) => {
      if (/** @type {Element} */ (event.target).matches("form[action$='/accounts/logout/']")) {
        navigator.serviceWorker.controller?.postMessage({ forget: true });
      }
    });
  }
}
