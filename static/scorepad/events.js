// The event API between the site's script (scorepad.js and what it imports) and a game's
// own script (a pad's static files). Game scripts import nothing from
// the site: they listen for and dispatch these CustomEvents on `document`, and they load
// as modules (`<script type="module">`), which a page runs once however often htmx swaps
// the tag in again (no `window` flags).
//
// From the site to a game:
//   "scorepad:outbox-shown"    the outbox bar was drawn again; detail: OutboxDetail, the
//                              changes of this page's account that wait, oldest first.
//   "scorepad:outbox-waiting"  the network did not carry a change: what waits (detail:
//                              OutboxDetail) stays on this phone until it is back online.
// From a game to the site:
//   "scorepad:outbox-refresh"  "say again what waits": answered by "scorepad:outbox-shown".
//   "scorepad:outbox-withdraw" take back a change not sent yet (detail: WithdrawDetail);
//                              answered by "scorepad:outbox-shown".
// And in the markup: a link marked data-opens-offline is opened by its game's script when
// the network is gone (the site's script leaves it alone); a form's data-outbox,
// data-outbox-place, data-outbox-label and a button's data-outbox-then are read by the
// outbox (outbox-screen.js).

/**
 * A change: what one form sent, kept until the server has it (outbox-store.js).
 * @typedef {object} Change
 * @property {string} id  made on the phone, sent as X-Change-Id
 * @property {number} created  ms since the epoch
 * @property {string} url
 * @property {string} body  the form, url-encoded
 * @property {"autosave" | "submit"} kind
 * @property {Record<string, string>} headers
 * @property {string | null} target  an autosave's htmx target ("#id")
 * @property {string | null} swap  an autosave's swap style
 * @property {string} page  the path of the screen it was made on
 * @property {string} label  what the player is told it is
 * @property {string | null} place  what it changes on a drawn board (data-place)
 * @property {string | null} [then]  the screen a "Save, next" leads on to
 * @property {string | null} account  whom it was made for
 * @property {string} accountName
 */

/**
 * What a player must be told of a change the screen did not show the answer to.
 * @typedef {object} Note
 * @property {string} id
 * @property {number} created
 * @property {string | null} account
 * @property {string} label
 * @property {string} page
 * @property {boolean} conflict
 * @property {number} status
 * @property {string} message
 */

/** @typedef {{changes: Change[]}} OutboxDetail */
/** @typedef {{id: string}} WithdrawDetail */

export const SHOWN = "scorepad:outbox-shown";
export const WAITING = "scorepad:outbox-waiting";
export const REFRESH = "scorepad:outbox-refresh";
export const WITHDRAW = "scorepad:outbox-withdraw";
