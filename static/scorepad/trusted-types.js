// Trusted Types (the CSP's require-trusted-types-for 'script', enforced:
// scorepad/settings.py). HTML, and scripts, reach a page only through htmx's swaps of
// this site's answers (htmx asks only this site: its selfRequestsOnly): its parsing of an
// answer, the empty holder it keeps hx-preserve'd elements in, and the site's own script
// files an answer links (copied into a new script element, with their empty text). And
// a script URL as the service worker's registration. Anything else is refused, and
// reported.
const HTML_SINKS = ["Document parseHTMLUnsafe", "DOMParser parseFromString"];
const PANTRY = "<div id='--htmx-preserve-pantry--'></div>";
const found = /** @type {any} */ (window).trustedTypes;
if (found && !found.defaultPolicy) {
  found.createPolicy("default", {
    /** @param {string} html @param {string} _type @param {string} sink */
    createHTML: (html, _type, sink) =>
      HTML_SINKS.includes(sink) || (sink === "Element insertAdjacentHTML" && html === PANTRY) ? html : null,
    /** @param {string} code @param {string} _type @param {string} sink */
    createScript: (code, _type, sink) =>
      sink === "HTMLScriptElement textContent" && code === "" ? code : null,
    /** @param {string} url @param {string} _type @param {string} sink */
    createScriptURL: (url, _type, sink) =>
      (sink === "ServiceWorkerContainer register" && url === "/sw.js") ||
      (sink === "HTMLScriptElement src" && new URL(url, location.href).origin === location.origin)
        ? url
        : null,
  });
}

export {};
