// The ocean board screen's one script: the site's (scorepad.js) and the board's own
// (board.js). In development the browser imports both; collectstatic writes them as one
// file (scorepad/bundle.py), so the board's first load fetches one script, not two.
import "../scorepad/scorepad.js";
import "./board.js";
