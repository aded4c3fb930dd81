// The site's script, loaded by every screen as a module (base.html): its controls, the
// outbox, the share sheet's cards. A game's own script talks to it by events only (events.js).
//
// Where the files come from: in development each import is its own file, as written. In
// production scorepad/storage.py (collectstatic) writes each entry (this file, and the
// service worker's store: scorepad/views/app.py) as one file, its imports inlined, so a
// screen fetches one script of the site's and no import needs a hashed name.
import "./trusted-types.js";
import * as controls from "./controls.js";
import * as outbox from "./outbox-screen.js";
import * as share from "./share.js";

controls.start();
outbox.start();
share.start();
