// A new play's setup screen: what every screen runs (every-screen.js; it shares no card),
// then its boxes of which one is ticked at a time (one-box.js), which no other screen has. collectstatic writes them
// into this one file (scorepad/bundle.py), as it writes the board screen's.
import "./every-screen.js";
import * as oneBox from "./one-box.js";

oneBox.start();
