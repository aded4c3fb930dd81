// What every screen runs, first: the Trusted Types policy, the controls and the outbox.
// The site's script (scorepad.js) and the screens with one script of their own (the
// board's, the setup's) start with it; collectstatic writes it into each of them.
import "./trusted-types.js";
import * as controls from "./controls.js";
import * as outbox from "./outbox-screen.js";

controls.start();
outbox.start();
