// The outbox store's pure parts (what a change sends, what an answer says): `make test-js`.
// Its IndexedDB and fetch are the browser tests' (tests/browser/test_offline*.py).
import assert from "node:assert/strict";
import { test } from "node:test";
import * as store from "../../static/scorepad/outbox-store.js";

/** @import { Change } from "../../static/scorepad/events.js" */

/** @type {Change} */
const change = {
  id: "c1",
  created: 1234,
  url: "/x/",
  body: "csrfmiddlewaretoken=old&count=3",
  kind: "autosave",
  headers: { "HX-Request": "true", "X-CSRFToken": "kept" },
  target: "#t",
  swap: "outerHTML",
  page: "/p/",
  label: "Ana's reef",
  place: null,
  account: "7",
  accountName: "Ana",
};

/**
 * @param {number} status
 * @param {Record<string, string>} [headers]
 */
const answer = (status, headers = {}) => ({ status, headers: new Headers(headers) });

test("an identity's account is what comes before its dot", () => {
  assert.equal(store.accountOf("7.abc"), "7");
  assert.equal(store.accountOf(""), null);
  assert.equal(store.accountOf(null), null);
});

test("a change goes with its id, time, kind, account and the freshest CSRF token only", () => {
  const { headers, body } = store.requestOf(change, "fresh");
  assert.equal(headers["X-Change-Id"], "c1");
  assert.equal(headers["X-Change-Made"], "1234");
  assert.equal(headers["X-Outbox"], "autosave");
  assert.equal(headers["X-Outbox-Account"], "7");
  assert.equal(headers["X-CSRFToken"], "fresh");
  assert.equal(headers["HX-Request"], "true");
  assert.equal(body, "count=3");
});

test("without a token of now, the change's own goes", () => {
  const { headers, body } = store.requestOf({ ...change, account: null }, "");
  assert.equal(headers["X-CSRFToken"], "kept");
  assert.equal(body, "csrfmiddlewaretoken=old&count=3");
  assert.ok(!("X-Outbox-Account" in headers));
});

test("refused: a 4xx, or the server says so; a conflict too", () => {
  assert.ok(store.refused(answer(400)));
  assert.ok(store.refused(answer(200, { "Outbox-Refused": "1" })));
  assert.ok(store.refused(answer(200, { "Outbox-Conflict": "x" })));
  assert.ok(!store.refused(answer(200)));
  assert.ok(store.madeUnderAnother(answer(409, { "Outbox-Account-Differs": "1" })));
});

test("the message a player must read, from the answer's text", () => {
  assert.equal(
    store.messageIn('<ul class="errors"><li>Too <b>many</b> &amp; more</li></ul>'),
    "Too many & more",
  );
  assert.equal(store.messageIn('<span class="field-error"> Pick one</span>'), "Pick one");
  assert.equal(store.messageIn("<main id=m><h1>x</h1><p>Gone&#x27;s</p></main>"), "Gone's");
  assert.equal(store.messageIn("<p>nothing</p>"), "");
});

test("a refusal leaves a note, once per screen, label and message", () => {
  const note = store.noteFor(change, answer(400), '<ul class="errors"><li>No.</li></ul>', [], 99);
  if (!note) throw new Error("no note");
  assert.deepEqual(
    { ...note },
    {
      id: "c1",
      created: 99,
      account: "7",
      label: "Ana's reef",
      page: "/p/",
      conflict: false,
      status: 400,
      message: "No.",
    },
  );
  assert.equal(store.noteFor(change, answer(400), '<ul class="errors"><li>No.</li></ul>', [note], 100), null);
  assert.equal(store.noteFor(change, answer(200), "", [], 0), null);
  const conflict = store.noteFor(change, answer(200, { "Outbox-Conflict": "Met%20Bo" }), "", [], 0);
  assert.equal(conflict?.message, "Met Bo");
  assert.equal(conflict?.conflict, true);
});

test("a page shows its own account's changes, and those of no account", () => {
  const items = [{ account: "7" }, { account: null }, { account: "8" }];
  assert.deepEqual(store.ofAccount(items, "7"), [{ account: "7" }, { account: null }]);
});
