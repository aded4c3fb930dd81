// Controls that only matter without JavaScript (a "Filter" button next to selects
// that already update the page) hide once this script runs.
document.documentElement.classList.add("js");

// Steppers: change the count in place instead of posting the form, then let
// htmx (listening for "input") save it. Without this script the − / + buttons
// submit the form and the server applies the step.
document.addEventListener("click", (event) => {
  const button = event.target.closest("button.step");
  if (!button) return;
  const input = button.parentElement.querySelector("input");
  if (!input) return;
  event.preventDefault();
  const delta = Number(button.value.split(":")[1]);
  const max = input.max === "" ? Infinity : Number(input.max);
  const next = Math.min(max, Math.max(0, (Number(input.value) || 0) + delta));
  input.value = String(next);
  input.dispatchEvent(new Event("input", { bubbles: true }));
});

// Tapping a count selects it, so typing 3 over a 0 gives 3, not 03.
document.addEventListener("focusin", (event) => {
  if (event.target.matches("input[type=number]")) event.target.select();
});

// The host's Share button: the phone's own share sheet, where the browser has one (the
// link and the QR code next to it work without).
if (navigator.share) {
  for (const button of document.querySelectorAll("button.share")) {
    button.hidden = false;
    button.addEventListener("click", () => {
      navigator.share({ title: button.dataset.shareTitle, url: button.dataset.shareUrl }).catch(() => {});
    });
  }
}

// Without network htmx cannot fetch: a poll waits for the network to come back, a link
// is followed instead (the service worker answers with the screen it kept, else the
// offline page). A link marked data-opens-offline is opened by its game's own script.
function offlineFallback(event) {
  const elt = event.detail.elt;
  if (elt.hasAttribute("data-opens-offline")) return false;
  const href = elt.matches("a[href]") && elt.getAttribute("href");
  if (href) location.assign(href);
  return true;
}
document.addEventListener("htmx:beforeRequest", (event) => {
  if (!navigator.onLine && event.detail.requestConfig.verb === "get" && offlineFallback(event)) {
    event.preventDefault();
  }
});
document.addEventListener("htmx:sendError", (event) => {
  if (event.detail.requestConfig.verb === "get") offlineFallback(event);
});

// The installable app: its service worker (it serves the screens and static files kept
// for a table without network; static/scorepad/sw.js). A page tells it which screens a
// player may open next (links marked data-offline, where a kept change leads), and what
// else it needs offline (data-keep), so those open offline too; logging out forgets every kept screen.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").catch(() => {});
  navigator.serviceWorker.ready.then((registration) => {
    const keep = [
      ...[...document.querySelectorAll("a[data-offline]")].map((a) => a.getAttribute("href")),
      ...[...document.querySelectorAll("[data-outbox-then]")].map((b) => b.dataset.outboxThen),
      ...[...document.querySelectorAll("[data-keep]")].map((e) => e.dataset.keep),
    ];
    keep.push(location.pathname);
    registration.active?.postMessage({ keep });
    // The copy kept of a screen is taken again without its one-time messages ("Added: …"),
    // which would otherwise show again each time it opens offline.
    if (document.querySelector("ul.messages")) {
      registration.active?.postMessage({ refresh: location.pathname + location.search });
    }
  });
  document.addEventListener("submit", (event) => {
    if (event.target.matches("form[action$='/accounts/logout/']")) {
      navigator.serviceWorker.controller?.postMessage({ forget: true });
    }
  });
}
