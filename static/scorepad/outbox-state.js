// The outbox screen's state: one object, changed only by the pure functions below (each
// returns a new state), so that what the bar says follows from what happened, and the
// tests (tests/js/outbox-state.test.js, `make test-js`) can play it through without a page.

import { gettext, ngettext } from "./words.js";

/** @import { Change, Note } from "./events.js" */

/**
 * @typedef {object} OutboxState
 * @property {string | null} heard  the identity the server last named
 * @property {string | null} signedIn  its account: the page sends only its changes
 * @property {boolean} stalled  changes wait that the network did not carry (or kept from
 *   before this page loaded); not a tap on its way
 * @property {boolean} taken  a change that waited was saved, not refused
 * @property {number} lastSaved  when what waited was last all saved ("Saved." for a while)
 * @property {number} loaded  when this page loaded
 * @property {boolean} leaving  the page is going to another screen: nothing more is sent here
 * @property {string | null} leaveFor  the screen a saved "Save, next" leads on to
 * @property {boolean} listOpen  "Which changes" left open by the player
 */

export const SAVED_SHOWN_MS = 4000;

/**
 * @param {{identity: string, account: string | null} | null} own  whom the page is for
 * @param {number} now
 * @returns {OutboxState}
 */
export function initial(own, now) {
  return {
    heard: own?.identity || null,
    signedIn: own?.account || null,
    stalled: false,
    taken: false,
    lastSaved: 0,
    loaded: now,
    leaving: false,
    leaveFor: null,
    listOpen: false,
  };
}

/**
 * A change goes only under the account it was made under.
 * @param {OutboxState} state
 * @param {{account: string | null}} change
 */
export const sendable = (state, change) => !change.account || change.account === state.signedIn;

/**
 * @param {OutboxState} state
 * @param {{account: string | null}} change
 */
export const waitsForItsAccount = (state, change) => Boolean(state.signedIn && !sendable(state, change));

/**
 * An answer naming another identity than the one heard last: the session changed (ended,
 * logged out or in elsewhere). The same state when nothing changed.
 * @param {OutboxState} state
 * @param {string | null | undefined} identity
 * @param {string | null} account  the identity's account
 * @returns {OutboxState}
 */
export function hear(state, identity, account) {
  if (!identity || identity === state.heard) return state;
  return { ...state, heard: identity, signedIn: account };
}

/**
 * Kept from before this page loaded: what the screen says is not confirmed.
 * @param {OutboxState} state
 * @param {number} kept
 * @returns {OutboxState}
 */
export const restored = (state, kept) => ({ ...state, stalled: kept > 0 });

/**
 * The network did not carry a change: everything waits, in order.
 * @param {OutboxState} state
 * @returns {OutboxState}
 */
export const stalledNow = (state) => ({ ...state, stalled: true });

/**
 * Sent under another account than its own: the answer named nobody when the change was
 * sendable, and nothing more goes until an answer names someone.
 * @param {OutboxState} state
 * @param {{account: string | null}} change
 * @returns {OutboxState}
 */
export const madeUnderAnother = (state, change) =>
  sendable(state, change) ? { ...state, signedIn: null } : state;

/**
 * A change sent and answered; `accepted` when the server took it.
 * @param {OutboxState} state
 * @param {boolean} accepted
 * @returns {OutboxState}
 */
export const answered = (state, accepted) => (accepted ? { ...state, taken: true } : state);

/**
 * Nothing left to send: what waited is saved, and the bar says so, once.
 * @param {OutboxState} state
 * @param {number} now
 * @returns {OutboxState}
 */
export const drained = (state, now) => ({
  ...state,
  lastSaved: state.stalled && state.taken ? now : state.lastSaved,
  stalled: false,
  taken: false,
});

/**
 * The worker sent this screen's changes (a background sync).
 * @param {OutboxState} state
 * @param {number} now
 * @returns {OutboxState}
 */
export const savedElsewhere = (state, now) => ({ ...state, lastSaved: now });

/**
 * @param {OutboxState} state
 * @returns {OutboxState}
 */
export const leaving = (state) => ({ ...state, leaving: true });

/**
 * A saved "Save, next": the next screen opens once nothing of this one waits.
 * @param {OutboxState} state
 * @param {string} url
 * @returns {OutboxState}
 */
export const leaveFor = (state, url) => ({ ...state, leaveFor: url });

/**
 * @param {OutboxState} state
 * @param {boolean} open
 * @returns {OutboxState}
 */
export const listToggled = (state, open) => ({ ...state, listOpen: open });

// --- What the bar says ----------------------------------------------------------------------

/**
 * A play's totals wait on every change to it, from whichever of its screens.
 * @param {string} path
 */
export const playOf = (path) => path.split("/").slice(0, 3).join("/");

/**
 * Whether the screen says "not confirmed": changes to this play wait that the network did
 * not carry, or that were kept from before the page loaded.
 * @param {OutboxState} state
 * @param {Change[]} mine
 * @param {string} here
 */
export const unconfirmed = (state, mine, here) =>
  mine.some((c) => playOf(c.page) === playOf(here) && (state.stalled || c.created < state.loaded));

/**
 * "2 changes wait for Ana: log in as Ana to send them.": how many, not which (those are
 * another account's business).
 * @param {Change[]} others
 */
export function waitingForTheirAccounts(others) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const { accountName } of others) counts.set(accountName, (counts.get(accountName) || 0) + 1);
  return [...counts].map(([name, n]) =>
    name
      ? ngettext(
          "%(count)s change waits for %(name)s: log in as %(name)s to send it.",
          "%(count)s changes wait for %(name)s: log in as %(name)s to send them.",
          n,
          { name },
        )
      : ngettext(
          "%(count)s change made without an account waits: log out to send it.",
          "%(count)s changes made without an account wait: log out to send them.",
          n,
        ),
  );
}

/**
 * "Colony · Ana's round 1 reef (3 changes) · Undo: …", in the order they were made.
 * @param {Change[]} waiting
 */
export function waitingList(waiting) {
  /** @type {{label: string, count: number}[]} */
  const runs = [];
  for (const change of waiting) {
    const last = runs[runs.length - 1];
    if (last && last.label === change.label) last.count += 1;
    else runs.push({ label: change.label, count: 1 });
  }
  return runs
    .map((r) =>
      r.count > 1
        ? ngettext("%(label)s (%(count)s change)", "%(label)s (%(count)s changes)", r.count, {
            label: r.label,
          })
        : r.label,
    )
    .join(" · ");
}

/**
 * The bar's lines: a word of now ("Sending…"), else how many wait, else "Saved." for a
 * while after what waited was saved; then the changes that wait for their accounts.
 * @param {OutboxState} state
 * @param {Change[]} all  every change kept
 * @param {{now?: string, online: boolean, time: number}} at
 */
export function status(state, all, { now, online, time }) {
  const waiting = all.filter((c) => !waitsForItsAccount(state, c));
  const lines = [];
  let savedFor = 0; // how long "Saved." stays
  if (now) lines.push(now);
  else if (waiting.length) {
    const n = waiting.length;
    lines.push(
      online
        ? ngettext(
            "%(count)s change waiting: sending as soon as the server answers.",
            "%(count)s changes waiting: sending as soon as the server answers.",
            n,
          )
        : ngettext(
            "%(count)s change waiting: it will be sent when you are back online.",
            "%(count)s changes waiting: they will be sent when you are back online.",
            n,
          ),
    );
  } else if (time - state.lastSaved < SAVED_SHOWN_MS) {
    lines.push(gettext("Saved."));
    savedFor = SAVED_SHOWN_MS;
  }
  if (!now) lines.push(...waitingForTheirAccounts(all.filter((c) => waitsForItsAccount(state, c))));
  return { lines, waiting, savedFor, listed: Boolean(waiting.length && !now), busy: all.length > 0 && !now };
}

/**
 * What a note says before its links.
 * @param {Note} note
 */
export function noteText(note) {
  const what = note.conflict
    ? gettext("Not saved as sent: %(label)s met a change made on another phone.", { label: note.label })
    : gettext("Not saved: %(label)s was refused.", { label: note.label });
  return `${what} ${note.message || ""} `;
}
