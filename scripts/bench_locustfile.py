"""`make bench`'s load run: Locust users mixing the requests of the benchmark table.

Run by scripts/bench.py (headless, against the site it started on 127.0.0.1), which
passes through the environment: BENCH_MANIFEST (what seed_bench made), BENCH_COOKIE
(the logged-in benchmark user's cookies), BENCH_CSRF and BENCH_THINK (seconds
between two requests of one user, drawn from [0.5, 1.5] × BENCH_THINK; 0 for none).

``Phone``: each user is one phone at its own table: it enters its own Shallow Sea
ocean and Reef Draft round (every save really writes), scores games through the API,
and now and then opens the group's history and a player page, and the health check.

``SeatPhone``: each user is one seat's phone (no account) of a whole table seeded with
``--tables``: it polls its table every 2 s (304 while nothing changed) and now and then
enters its own reef, which every phone of that table then sees on its next poll.

``OutboxSeatPhone`` (the cluster rows, through HAProxy): a ``SeatPhone`` whose every tap
carries its own ``X-Change-Id``, as the phone's outbox sends it, and is sent again with
the same id until it is answered (for 8 s at most: then the change counts as lost). With
BENCH_RESULTS set, the changes made at each table, those resent and those lost, and the
answers by app server (HAProxy's X-Served-By) are written there as JSON at the end.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import sys
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

from locust import FastHttpUser, between, constant, events, task

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_requests as br  # noqa: E402
from cluster import SERVED_BY  # noqa: E402

MANIFEST = br.load_manifest(os.environ["BENCH_MANIFEST"])
COOKIE = os.environ["BENCH_COOKIE"]
CSRF = os.environ["BENCH_CSRF"]
THINK = float(os.environ.get("BENCH_THINK", "1"))
EXAMPLES = br.examples()
GROUP, PLAYER = MANIFEST["group"], MANIFEST["player"]
SEATS = itertools.count()


class Phone(FastHttpUser):
    wait_time = between(0.5 * THINK, 1.5 * THINK) if THINK else constant(0)

    def on_start(self) -> None:
        seat = next(SEATS)
        live = MANIFEST["live"]
        self.tile = br.shallow_sea_tile(
            live["shallow-sea"][seat % len(live["shallow-sea"])], CSRF, self.open_space
        )
        self.reef = br.reef_draft_round(live["reef-draft"][seat % len(live["reef-draft"])], CSRF)
        self.apis = itertools.cycle([(slug, br.api(slug, body)) for slug, body in EXAMPLES.items()])

    def open_space(self, path: str, headers: dict[str, str]) -> bytes:
        """The space's editor, as a phone opens it before its tap."""
        headers = {**headers, "Cookie": COOKIE}
        return self.client.get(path, headers=headers, name="GET shallow sea space (htmx)").content

    def send(self, name: str, request: br.Request, expect: bytes) -> None:
        method, path, body, headers = request
        headers = {**headers, "Cookie": COOKIE}
        with self.client.request(
            method,
            path,
            # locust annotates data as str | dict, but documents and sends bytes too
            data=body,  # type: ignore[arg-type]
            headers=headers,
            name=name,
            catch_response=True,
        ) as response:
            if response.status_code != 200:
                response.failure(f"status {response.status_code}")
            elif expect not in (response.content or b""):
                response.failure("unexpected answer")

    @task(1)
    def healthz(self) -> None:
        self.send("GET /healthz", br.page("/healthz")(), br.EXPECT["healthz"])

    @task(4)
    def score_api(self) -> None:
        slug, request = next(self.apis)
        self.send(f"POST /api/games/{slug}/score", request(), br.EXPECT["api"])

    @task(3)
    def shallow_sea_tile(self) -> None:
        self.send("POST shallow sea tile (htmx)", self.tile(), br.EXPECT["shallow-sea-fragment"])

    @task(3)
    def reef_draft_round(self) -> None:
        self.send("POST reef draft round (htmx)", self.reef(), br.EXPECT["reef-draft-fragment"])

    @task(1)
    def history(self) -> None:
        self.send("GET group history", br.page(f"/groups/{GROUP}/")(), br.EXPECT["history"])

    @task(1)
    def player(self) -> None:
        path = f"/groups/{GROUP}/players/{PLAYER}/"
        self.send("GET player page", br.page(path)(), br.EXPECT["player"])


PHONES = itertools.count()
POLL_SECONDS = 2.0
# A phone taps in a count before about one poll in five.
TAP_EVERY = float(os.environ.get("BENCH_TAP_EVERY", "5"))


class SeatPhone(FastHttpUser):
    wait_time = constant(POLL_SECONDS)

    def on_start(self) -> None:
        tables = MANIFEST["tables"]
        number = next(PHONES)
        table = tables[(number // 4) % len(tables)]
        phone = table["phones"][number % len(table["phones"])]
        self.play = table["uuid"]
        self.cookie = br.phone_cookie(phone, CSRF)
        self.tap = br.reef_draft_round(table, CSRF, phone["position"], self.cookie)
        self.etag = ""

    @task
    def poll(self) -> None:
        """The table's poll every 2 s; now and then the phone's own tap first."""
        if TAP_EVERY and random.random() < 1 / TAP_EVERY:
            self.send_tap()
        method, path, _, headers = br.table_poll(self.play, self.etag, self.cookie)
        with self.client.request(
            method, path, headers=headers, name="GET table poll", catch_response=True
        ) as response:
            if response.status_code == 200:
                self.etag = response.headers.get("ETag", "")
            elif response.status_code != 304:
                response.failure(f"status {response.status_code}")

    def send_tap(self) -> None:
        method, path, body, headers = self.tap()
        with self.client.request(
            method,
            path,
            data=body,  # type: ignore[arg-type]
            headers=headers,
            name="POST seat's reef (htmx)",
            catch_response=True,
        ) as response:
            if response.status_code != 200:
                response.failure(f"status {response.status_code}")
            elif br.EXPECT["reef-draft-fragment"] not in (response.content or b""):
                response.failure("unexpected answer")


# --- The cluster rows: changes that carry their id, sent again until answered -------------

RESULTS = os.environ.get("BENCH_RESULTS", "")
RESEND_FOR = 8.0  # seconds; under the run's --stop-timeout, so a phone stops between taps
RESEND_AFTER = 0.5
MADE: Counter[str] = Counter()  # changes made, by play
RESENT: Counter[str] = Counter()  # sends of a change after its first failed
LOST: Counter[str] = Counter()  # changes never answered
SERVED: Counter[str] = Counter()  # answers, by the app server HAProxy sent them to
PROBLEMS: Counter[str] = Counter()  # sends that failed, by what went wrong
# Changes sent and not answered yet, by id: as in the phone's outbox, they stay until they
# are. Those the end of the run cut short (Locust stops a phone mid-request when its
# stop timeout runs out) are written out, and scripts/bench.py sends them again.
PENDING: dict[str, dict[str, Any]] = {}
# Each run of the cluster rows takes tables no run has tapped before: its taps alternate
# between two counts from the seeded one, so each really changes the table.
FIRST_TABLE = int(os.environ.get("BENCH_FIRST_TABLE", "0"))
OUTBOX_PHONES = itertools.count()


class OutboxSeatPhone(SeatPhone):
    def on_start(self) -> None:
        number = next(OUTBOX_PHONES)
        table = MANIFEST["tables"][FIRST_TABLE + number // 4]
        phone = table["phones"][number % len(table["phones"])]
        self.play = table["uuid"]
        self.cookie = br.phone_cookie(phone, CSRF)
        self.tap = br.reef_draft_round(table, CSRF, phone["position"], self.cookie)
        self.etag = ""

    def send_tap(self) -> None:
        method, path, body, headers = self.tap()
        headers = {
            **headers,
            "X-Change-Id": uuid.uuid4().hex,
            "X-Change-Made": str(int(time.time() * 1000)),
            "X-Outbox": "1",
        }
        MADE[self.play] += 1
        change = headers["X-Change-Id"]
        PENDING[change] = {"path": path, "body": (body or b"").decode(), "headers": headers}
        give_up = time.monotonic() + RESEND_FOR
        name = "POST seat's reef (htmx)"
        while True:
            with self.client.request(
                method,
                path,
                data=body,  # type: ignore[arg-type]
                headers=headers,
                name=name,
                catch_response=True,
            ) as response:
                if response.status_code != 200:
                    problem = f"status {response.status_code}"
                elif response.headers.get("Outbox-Refused"):
                    problem = "refused"
                elif br.EXPECT["reef-draft-fragment"] not in (response.content or b""):
                    problem = "unexpected answer"
                else:
                    del PENDING[change]
                    return
                PROBLEMS[problem] += 1
                response.failure(problem)
            if time.monotonic() > give_up:
                del PENDING[change]
                LOST[self.play] += 1
                return
            RESENT[self.play] += 1
            name = "POST seat's reef, sent again (same change id)"
            time.sleep(RESEND_AFTER)  # gevent's: the other phones go on meanwhile


@events.request.add_listener
def count_server(response: Any = None, **_: Any) -> None:
    headers = getattr(response, "headers", None) or {}
    SERVED[headers.get(SERVED_BY) or "none"] += 1


@events.quitting.add_listener
def write_results(**_: Any) -> None:
    if RESULTS:
        results = {
            "made": MADE,
            "resent": RESENT,
            "lost": LOST,
            "served": SERVED,
            "problems": PROBLEMS,
            "pending": list(PENDING.values()),
        }
        Path(RESULTS).write_text(json.dumps(results))
