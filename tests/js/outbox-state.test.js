// The outbox screen's state, played through without a page: `make test-js`.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as S from "../../static/scorepad/outbox-state.js";

/** @import { Change } from "../../static/scorepad/events.js" */

/**
 * @param {Partial<Change>} fields
 * @returns {Change}
 */
const change = (fields) => ({
  id: "c1",
  created: 1000,
  url: "/plays/p1/players/0/ocean/A1/",
  body: "piece=empty",
  kind: "submit",
  headers: {},
  target: null,
  swap: null,
  page: "/plays/p1/players/0/ocean/",
  label: "A1",
  place: "A1",
  account: "7",
  accountName: "Ana",
  ...fields,
});

const ana = { identity: "7.abc", account: "7" };

test("a page starts with its own account signed in, nothing waiting", () => {
  const state = S.initial(ana, 500);
  assert.equal(state.signedIn, "7");
  assert.equal(state.heard, "7.abc");
  assert.equal(state.stalled, false);
  assert.equal(S.initial(null, 0).signedIn, null);
});

test("a change goes only under its own account (or none named)", () => {
  const state = S.initial(ana, 0);
  assert.ok(S.sendable(state, change({})));
  assert.ok(S.sendable(state, change({ account: null })));
  assert.ok(!S.sendable(state, change({ account: "8" })));
  assert.ok(S.waitsForItsAccount(state, change({ account: "8" })));
  // Nobody signed in: no change is said to wait for its account (the server says).
  assert.ok(!S.waitsForItsAccount(S.initial(null, 0), change({ account: "8" })));
});

test("hearing the same identity changes nothing; another switches the account", () => {
  const state = S.initial(ana, 0);
  assert.equal(S.hear(state, "7.abc", "7"), state);
  assert.equal(S.hear(state, null, null), state);
  const next = S.hear(state, "8.xyz", "8");
  assert.equal(next.signedIn, "8");
  assert.equal(next.heard, "8.xyz");
  assert.equal(state.signedIn, "7", "the old state is left as it was");
});

test("what waited and is then all saved says Saved., once", () => {
  let state = S.restored(S.initial(ana, 0), 2);
  assert.ok(state.stalled);
  state = S.answered(state, true);
  state = S.drained(state, 9000);
  assert.equal(state.lastSaved, 9000);
  assert.equal(state.stalled, false);
  assert.equal(state.taken, false);
  // Drained again with nothing that waited: lastSaved stays.
  assert.equal(S.drained(state, 20000).lastSaved, 9000);
  const said = S.status(state, [], { online: true, time: 10000 });
  assert.deepEqual(said.lines, ["Saved."]);
  assert.equal(said.savedFor, S.SAVED_SHOWN_MS);
  assert.deepEqual(S.status(state, [], { online: true, time: 9000 + S.SAVED_SHOWN_MS }).lines, []);
});

test("a refused change that waited is not 'Saved.'", () => {
  let state = S.stalledNow(S.initial(ana, 0));
  state = S.answered(state, false);
  assert.equal(S.drained(state, 5000).lastSaved, 0);
});

test("a tap on its way is not 'not confirmed'; a stalled one, or one from before, is", () => {
  const state = S.initial(ana, 2000);
  const here = "/plays/p1/players/1/reef/";
  assert.ok(!S.unconfirmed(state, [change({ created: 3000 })], here));
  assert.ok(S.unconfirmed(state, [change({ created: 1000 })], here), "kept from before this page");
  assert.ok(S.unconfirmed(S.stalledNow(state), [change({ created: 3000 })], here));
  assert.ok(!S.unconfirmed(S.stalledNow(state), [change({ page: "/plays/p2/" })], here), "another play");
});

test("sent under another account: nothing more goes until an answer names someone", () => {
  const state = S.initial(ana, 0);
  assert.equal(S.madeUnderAnother(state, change({})).signedIn, null);
  assert.equal(S.madeUnderAnother(state, change({ account: "8" })), state);
});

test("the bar counts what waits, online or not, and whom the others wait for", () => {
  const state = S.initial(ana, 0);
  const all = [change({}), change({ id: "c2" }), change({ id: "c3", account: "8", accountName: "Bo" })];
  const online = S.status(state, all, { online: true, time: 0 });
  assert.deepEqual(online.lines, [
    "2 changes waiting: sending as soon as the server answers.",
    "1 change waits for Bo: log in as Bo to send it.",
  ]);
  assert.equal(online.waiting.length, 2);
  assert.ok(online.listed && online.busy);
  const offline = S.status(state, [change({})], { online: false, time: 0 });
  assert.deepEqual(offline.lines, ["1 change waiting: it will be sent when you are back online."]);
  const sending = S.status(state, all, { now: "Sending…", online: true, time: 0 });
  assert.deepEqual(sending.lines, ["Sending…"]);
  assert.ok(!sending.listed && !sending.busy);
});

test("changes made without an account wait for a logout", () => {
  const lines = S.waitingForTheirAccounts([change({ accountName: "" }), change({ accountName: "" })]);
  assert.deepEqual(lines, ["2 changes made without an account wait: log out to send them."]);
});

test("which changes wait: runs of the same label counted, in order", () => {
  const list = S.waitingList([
    change({ label: "Colony" }),
    change({ label: "Reef" }),
    change({ label: "Reef" }),
    change({ label: "Reef" }),
    change({ label: "Undo: 3" }),
  ]);
  assert.equal(list, "Colony · Reef (3 changes) · Undo: 3");
});

test("leaving, a Save-next and the list's fold are state too", () => {
  let state = S.initial(ana, 0);
  state = S.leaveFor(state, "/next/");
  state = S.listToggled(state, true);
  state = S.leaving(state);
  assert.deepEqual([state.leaveFor, state.listOpen, state.leaving], ["/next/", true, true]);
  assert.equal(S.savedElsewhere(state, 42).lastSaved, 42);
});

test("a note says what was refused, or met another phone's change", () => {
  const note = {
    id: "n",
    created: 0,
    account: "7",
    label: "A1",
    page: "/",
    conflict: false,
    status: 400,
    message: "Pick a tile.",
  };
  assert.equal(S.noteText(note), "Not saved: A1 was refused. Pick a tile. ");
  assert.equal(
    S.noteText({ ...note, conflict: true, message: "" }),
    "Not saved as sent: A1 met a change made on another phone.  ",
  );
});
