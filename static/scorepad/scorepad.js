// The site's script, loaded as a module by every screen that has no script of its own
// (base.html): what every screen runs (every-screen.js), and the share sheet's cards
// (share.js), which only the result and the years in review have, as do only screens
// that load this script. A game's own script talks to it by events only (events.js).
//
// Where the files come from: in development each import is its own file, as written. In
// production scorepad/storage.py (collectstatic) writes each entry (this file, and the
// service worker's store: scorepad/views/app.py) as one file, its imports inlined, so a
// screen fetches one script of the site's and no import needs a hashed name.
import "./every-screen.js";
import * as share from "./share.js";

share.start();
