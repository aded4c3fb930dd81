// The board screen's one script, loaded in the head as the site's is on every other screen:
// what every screen runs (its steppers and outbox, first, so that they run as soon as the page is
// parsed and a tap on "+" goes through the outbox from the first moment), then the
// board's own (ocean.js). collectstatic writes both into this file (scorepad/bundle.py),
// so the screen fetches one script; in development the browser follows the imports.
import "../scorepad/every-screen.js";
import "./ocean.js";
