"""`make bench`: the site under gunicorn on loopback, measured; one table out.

1. A throwaway SQLite database in a temp folder: migrate, then ``seed_bench`` (a group
   with 1,000 finished plays across the four games, plus plays being entered).
2. gunicorn, 2 sync workers, on a free 127.0.0.1 port, with production settings
   (DEBUG off, static files collected and served by WhiteNoise) except for what plain
   HTTP on loopback needs: no HTTPS redirect, cookies not marked Secure.
3. A real login (CSRF token from the login page, session cookie), then each row's
   requests one at a time, the rows interleaved round by round so that every row sees
   the same machine; warm-up rounds first. Median and p95 per row, and their ratio to
   the floor row (GET /healthz) of the same run.
4. Bytes on the wire with ``Accept-Encoding: gzip, br``, as a browser sends it: the
   Shallow Sea board screen with every asset it references, and one htmx update.
5. The load run: Locust, headless, N clients for S seconds on loopback.
6. The pure scoring functions, per call, in this process; and the inputs that cost the
   games the most work, as large as the API reads (bench_requests.HOSTILE).
7. An import of a Scorepad file of 10,000 plays (scripts/bench_import.py, its own
   process and database): how long it takes, and how long it holds the write lock.

The table is printed and written into docs/performance.md between its bench markers,
with the date, the machine and the command. gunicorn and the temp folder are removed
whatever happens.

    .venv/bin/python scripts/bench.py [--requests 400] [--load-seconds 60] [--no-write]
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import gzip
import http.client
import json
import math
import os
import platform
import re
import shlex
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urljoin, urlsplit

import brotli  # type: ignore[import-untyped]  # it ships no types

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_requests as br  # noqa: E402
import cluster  # noqa: E402

ROOT = br.ROOT
BIN = Path(sys.executable).parent
DOC = ROOT / "docs" / "performance.md"
START, END = "<!-- bench:start -->", "<!-- bench:end -->"
KB = 1000  # the byte targets are read in kilobytes of 1,000 bytes: the stricter reading

# Targets from issue 6, on this 2-core machine.
API_AND_FRAGMENTS = 3.0  # × the floor
PAGES = 4.0  # × the floor: issue 25 (5× before)
FIRST_LOAD = 36 * KB  # issue 24 (40 KB before): the board screen with its manifest and worker
SERVICE_WORKER = "/sw.js"  # registered by static/scorepad/controls.js on every page
ONE_UPDATE = 1500  # issue 14: one tap's answer (its body), 1.5 KB gzipped
LOAD_P95_MS = 100.0
# Issue 10: the table's poll while nothing changed, and whole tables of phones.
POLL = 1.5  # × the floor
TABLES, PHONES_A_TABLE = 40, 4
# Issue 13: a request built to stall the site, and a file of the most plays one import takes.
REFUSED = 5.0  # × the floor
IMPORT_PLAYS = 10_000
HOSTILE_MS = 100.0  # "any request answers within 100 ms of work whatever its body"
IMPORT_SECONDS = 5.0
IMPORT_LOCK_SECONDS = 1.0
# Issue 14: the pages at 10,000 plays against the same pages at 100.
PAGE_SIZES = (100, 10_000)
GROWTH = 1.5
DATABASES = {
    "sqlite": "a SQLite file",
    "postgres": "PostgreSQL 15 on loopback, the throwaway cluster of scripts/with-postgres (fsync off)",
}


STARTED = time.monotonic()


def log(message: str) -> None:
    print(f"bench [{time.monotonic() - STARTED:5.0f} s]: {message}", file=sys.stderr, flush=True)


# --- the site ------------------------------------------------------------------------------------


def bench_env(tmp: Path, database: str) -> dict[str, str]:
    """The site's environment: a SQLite file in ``tmp``, or for PostgreSQL the throwaway
    cluster scripts/with-postgres started for this process (its DATABASE_URL)."""
    url = os.environ.get("DATABASE_URL", "") if database == "postgres" else ""
    if database == "postgres" and not url.startswith("postgres"):
        raise RuntimeError("--database=postgres runs under scripts/with-postgres")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_"))}
    env.update(
        DEBUG="0",
        SECRET_KEY="bench-only-" + os.urandom(24).hex(),
        ALLOWED_HOSTS="127.0.0.1",
        DATABASE_URL=url or f"sqlite:///{tmp / 'bench.sqlite3'}",
        # Plain HTTP on loopback: no redirect to HTTPS, cookies sent without TLS.
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        PYTHONDONTWRITEBYTECODE="1",
        # Every client comes from 127.0.0.1: limits no run reaches, still counted.
        RATE_LIMIT_API_SCORES="1000000/m",
    )
    return env


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def gunicorn(env: dict[str, str], port: int, tmp: Path) -> Iterator[subprocess.Popen]:
    """gunicorn with 2 workers on 127.0.0.1:port, stopped (and its workers) on the way out."""
    command = [
        str(BIN / "gunicorn"),
        "scorepad.wsgi:application",
        "--workers=2",
        f"--bind=127.0.0.1:{port}",
        "--no-control-socket",
        "--log-level=warning",
        f"--error-logfile={tmp / 'gunicorn.log'}",
    ]
    # The site's own log (a 413 or 400 answered to the refused rows, say) to a file too.
    site_log = open(tmp / "site.log", "w")  # noqa: SIM115 (closed on the way out)
    server = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        start_new_session=True,
        stdout=site_log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            if server.poll() is not None:
                raise RuntimeError(f"gunicorn exited ({server.returncode}): {tmp / 'gunicorn.log'}")
            try:
                if Client(port).request("GET", "/healthz").status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("gunicorn did not answer /healthz within 30 s")
            time.sleep(0.2)
        yield server
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)  # the master and its workers only
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()
        site_log.close()


# --- a small HTTP client: raw bytes on the wire, cookies, reconnects ------------------------------


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: bytes  # as sent: still compressed when Content-Encoding says so
    wire: int  # status line, headers and body, as received
    seconds: float


@dataclass
class Client:
    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    conn: http.client.HTTPConnection | None = None

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: dict | None = None
    ) -> Response:
        sent = {
            "Host": f"127.0.0.1:{self.port}",
            # What a browser accepts: static files come Brotli-compressed (WhiteNoise's
            # .br files); pages and fragments gzipped (Django's GZipMiddleware).
            "Accept-Encoding": "gzip, br",
            **({"Origin": f"http://127.0.0.1:{self.port}"} if method == "POST" else {}),
            **(headers or {}),
        }
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        start = time.perf_counter()
        for attempt in (1, 2):
            reused = self.conn is not None
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            try:
                self.conn.request(method, path, body=body, headers=sent)
                answer = self.conn.getresponse()
                data = answer.read()
                break
            except (http.client.RemoteDisconnected, ConnectionError):
                self.close()
                if attempt == 2 or not reused:
                    raise
        seconds = time.perf_counter() - start
        headers_out = {k.lower(): v for k, v in answer.getheaders()}
        for key, value in answer.getheaders():
            if key.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
        head = len(f"HTTP/1.1 {answer.status} {answer.reason}\r\n") + 2
        head += sum(len(k) + len(v) + 4 for k, v in answer.getheaders())
        if answer.will_close:
            self.close()
        return Response(answer.status, headers_out, data, head + len(data), seconds)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def login(port: int, manifest: dict[str, Any]) -> Client:
    client = Client(port)
    page = client.request("GET", "/accounts/login/")
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', answer_text(page))
    if page.status != 200 or token is None or "csrftoken" not in client.cookies:
        raise RuntimeError(f"no login form with a CSRF token (status {page.status})")
    form = {
        "username": manifest["username"],
        "password": manifest["password"],
        "csrfmiddlewaretoken": token.group(1).decode(),
    }
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    answer = client.request("POST", "/accounts/login/", urlencode(form).encode(), headers)
    if answer.status != 302 or "sessionid" not in client.cookies:
        raise RuntimeError(f"login failed (status {answer.status})")
    return client


# --- measuring -----------------------------------------------------------------------------------


@dataclass
class Row:
    name: str
    kind: str  # floor, api, fragment, page, bytes, load, scoring
    samples: list[float] = field(default_factory=list)  # seconds
    value: str = ""  # bytes rows and the load run: what was measured
    target: str = ""
    met: bool | None = None
    note: str = ""
    size: int = 0  # pages: the plays in the group
    page: str = ""  # pages: which page, for the rows of the same page at other sizes

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def p95(self) -> float:
        return percentile(self.samples, 95)


def percentile(samples: list[float], p: int) -> float:
    if len(samples) < 2:  # quantiles needs two; a run of one request is its own p95
        return samples[0]
    return statistics.quantiles(samples, n=100, method="inclusive")[p - 1]


def locust_ms(value: str) -> float:
    """A locust CSV time: 'N/A' when no request of that name finished (a short run)."""
    try:
        return float(value)
    except ValueError:
        return float("nan")


def load_ms(value: float) -> str:
    """A load run's time, or a dash where no request of the run finished (a short run)."""
    return "–" if math.isnan(value) else f"{value:.0f} ms"


@dataclass
class Timed:
    row: Row
    make: Callable[[], br.Request]
    expect: bytes
    status: int = 200


def table_poll_row(client: Client, manifest: dict[str, Any]) -> Timed:
    """The host's phone polling a table where nothing changes: the ETag it was given,
    sent back, answered 304."""
    play = manifest["tables"][0]["uuid"]
    client.request("GET", f"/plays/{play}/")  # the host opens the table: a phone at it
    first = client.request(*br.table_poll(play, "")[:2], None, {"HX-Request": "true"})
    etag = first.headers.get("etag", "")
    if first.status != 200 or not etag:
        raise RuntimeError(f"the table answered {first.status} without an ETag")
    return Timed(
        Row("htmx: the table polled, nothing changed → 304", "poll"),
        lambda: br.table_poll(play, etag),
        b"",
        status=304,
    )


def opener(client: Client) -> Callable[[str, dict[str, str]], bytes]:
    """What a phone does before a tap (open the space), through ``client``, untimed."""

    def get(path: str, headers: dict[str, str]) -> bytes:
        return answer_text(client.request("GET", path, None, headers))

    return get


def request_rows(client: Client, manifest: dict[str, Any], csrf: str) -> list[Timed]:
    bodies = br.examples()
    group, player = manifest["group"], manifest["player"]
    live = manifest["live"]
    rows = [Timed(Row("floor: GET /healthz", "floor"), br.page("/healthz"), br.EXPECT["healthz"])]
    for slug in br.GAMES:
        name = f"POST /api/games/{slug}/score"
        if slug == "shallow-sea":
            name += " (two full 18-tile oceans)"
        rows.append(Timed(Row(name, "api"), br.api(slug, bodies[slug]), br.EXPECT["api"]))
    rows += refused_rows()
    rows += [
        Timed(
            Row("htmx: Shallow Sea tile saved → board and live total", "fragment"),
            br.shallow_sea_tile(live["shallow-sea"][0], csrf, opener(client)),
            br.EXPECT["shallow-sea-fragment"],
        ),
        Timed(
            Row("htmx: Reef Draft round count saved → live total", "fragment"),
            br.reef_draft_round(live["reef-draft"][0], csrf),
            br.EXPECT["reef-draft-fragment"],
        ),
    ]
    # Issue 14: the same pages of a small group and of a large one, side by side; the
    # group page holds its games' leaderboards (issue 27), the review the last whole
    # year of plays (the seeded plays run over the three years up to today).
    last_year = dt.date.today().year - 1
    pages = (
        ("history", "GET group history and leaderboards", "/groups/{group}/"),
        ("player", "GET player page", "/groups/{group}/players/{player}/"),
        ("review", f"GET group {last_year} in review", f"/groups/{{group}}/review/{last_year}/"),
    )
    for page, what, pattern in pages:
        for history in manifest.get("histories") or [manifest]:
            group, player, plays = history["group"], history["player"], history["plays"]
            path = pattern.format(group=group, player=player)
            name = (
                f"{what} (in all {plays:,} plays)"
                if page == "player"
                else f"{what} ({plays:,} plays)"
            )
            rows.append(
                Timed(Row(name, "page", size=plays, page=page), br.page(path), br.EXPECT[page])
            )
    return rows


def refused_rows() -> list[Timed]:
    """Issue 13: requests built to stall the site, answered by the limits. 20,000 names
    are more than the API reads; 4,000 fit in it, and the game counts them before it
    reads one."""
    rows = []
    for count, status, answer in ((20_000, 413, "too large"), (4_000, 400, "too many players")):
        body = br.many_names(count)
        name = (
            f"POST /api/games/reef-draft/score with {count:,} player names "
            f"({len(body) / 1024:.0f} KB) → {status} {answer}"
        )
        rows.append(
            Timed(Row(name, "refused"), br.api("reef-draft", body), br.EXPECT["refused"], status)
        )
    return rows


def measure(client: Client, rows: list[Timed], rounds: int, warmup: int) -> None:
    """Round after round, one request of each row; the first ``warmup`` rounds uncounted."""
    for number in range(warmup + rounds):
        for timed in rows:
            method, path, body, headers = timed.make()
            answer = client.request(method, path, body, headers)
            if answer.status != timed.status or timed.expect not in answer_text(answer):
                raise RuntimeError(
                    f"{timed.row.name}: status {answer.status}, "
                    f"{answer_text(answer)[:300].decode(errors='replace')}"
                )
            if number >= warmup:
                timed.row.samples.append(answer.seconds)
        if number + 1 == warmup:
            log(f"warm-up done ({warmup} rounds); measuring {rounds} rounds")


def answer_text(answer: Response) -> bytes:
    encoding = answer.headers.get("content-encoding")
    if encoding == "gzip":
        return gzip.decompress(answer.body)
    if encoding == "br":
        return brotli.decompress(answer.body)
    return answer.body


class Assets(HTMLParser):
    """What a page makes the browser fetch: stylesheets, icons, scripts, images."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if (
            tag == "link"
            and (href := a.get("href"))
            and {"stylesheet", "icon", "manifest"} & set((a.get("rel") or "").split())
        ):
            self.urls.append(href)
        elif tag in ("script", "img") and (src := a.get("src")):
            self.urls.append(src)


def first_load(client: Client, path: str) -> tuple[int, int, list[str]]:
    """The page and everything it references (and what its CSS references), its web
    manifest and the service worker every page registers, as a browser with an empty
    cache fetches them; then what that worker keeps for offline (its SHELL) and the page
    has not fetched already (the browser's cache answers the rest), which it fetches in
    the background once the page is up. Bytes received for the first, for the second,
    and each response ("bytes encoding path")."""
    seen: list[str] = []
    fetched: list[str] = []
    totals = {"load": 0, "kept": 0}
    queue = [(path, "load"), (SERVICE_WORKER, "load")]
    while queue:
        url, part = queue.pop(0)
        if url in seen:
            continue
        seen.append(url)
        answer = client.request("GET", url)
        if answer.status != 200:
            raise RuntimeError(f"first load: {url} answered {answer.status}")
        totals[part] += answer.wire
        encoding = answer.headers.get("content-encoding", "identity")
        kept = " (kept by the worker)" if part == "kept" else ""
        fetched.append(f"{answer.wire:,} B {encoding} {url.split('?')[0]}{kept}")
        log(f"  {fetched[-1]}")
        text = answer_text(answer)
        kind = answer.headers.get("content-type", "")
        if kind.startswith("text/html") and part == "load":
            parser = Assets()
            parser.feed(text.decode())
            queue += [
                (urljoin(url, u), "load")
                for u in parser.urls
                if not urlsplit(u).netloc and not u.startswith("data:")  # in the page itself
            ]
        elif url == SERVICE_WORKER:
            # What the worker imports and keeps, it fetches as it installs: in the background.
            imported = re.findall(rb"importScripts\((\"[^\"]+\")\)", text)
            shell = re.search(rb"const SHELL = (\[.*?\]);", text)
            queue += [(json.loads(u), "kept") for u in imported]
            queue += [(u, "kept") for u in (json.loads(shell[1]) if shell else [])]
        elif "javascript" in kind:
            # A module's static imports: the browser fetches them before running it.
            for ref in re.findall(rb"""(?:\bimport|\bfrom)\s*["']([^"']+\.js)["']""", text):
                queue.append((urljoin(url, ref.decode()), part))
        elif kind.startswith("text/css"):
            for ref in re.findall(rb"url\(\s*['\"]?([^'\")]+)", text):
                ref = ref.decode()
                if not ref.startswith(("data:", "#")) and not urlsplit(ref).netloc:
                    queue.append((urljoin(url, ref), part))
    return totals["load"], totals["kept"], fetched


def loaded(fetched: list[str]) -> int:
    """How many of first_load's responses the page itself waited for."""
    return sum(not line.endswith("(kept by the worker)") for line in fetched)


def run_load(
    env: dict[str, str],
    port: int,
    tmp: Path,
    client: Client,
    seconds: int,
    users: int,
    think: float,
    user_class: str = "Phone",
    extra_env: dict[str, str] | None = None,
) -> dict[str, Any]:
    prefix = tmp / f"load-{user_class}-{think}"
    command = [
        str(BIN / "locust"),
        "--locustfile",
        str(ROOT / "scripts" / "bench_locustfile.py"),
        "--headless",
        f"--users={users}",
        # Phones join over a few seconds, not all in the same millisecond.
        f"--spawn-rate={max(users // 5, 1)}",
        f"--run-time={seconds}s",
        f"--host=http://127.0.0.1:{port}",
        f"--csv={prefix}",
        "--only-summary",
        "--stop-timeout=10",
        "--loglevel=WARNING",
        "--exit-code-on-error=0",
        # The tables' phones join over a few seconds; their figures count from then on.
        *(["--reset-stats"] if user_class.endswith("SeatPhone") else []),
        user_class,
    ]
    load_env = {
        **env,
        "BENCH_MANIFEST": str(tmp / "manifest.json"),
        "BENCH_COOKIE": "; ".join(f"{k}={v}" for k, v in client.cookies.items()),
        "BENCH_CSRF": client.cookies["csrftoken"],
        "BENCH_THINK": str(think),
        **(extra_env or {}),
    }
    output = tmp / f"locust-{user_class}-{think}.log"
    with open(output, "w") as out:
        done = subprocess.run(
            command, cwd=ROOT, env=load_env, timeout=seconds + 120, stdout=out, stderr=out
        )
    if done.returncode != 0:
        raise RuntimeError(f"locust failed ({done.returncode}):\n{output.read_text()[-3000:]}")
    with open(f"{prefix}_stats.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    total = next(r for r in rows if r["Name"] == "Aggregated")
    return {
        "requests": int(total["Request Count"]),
        "failures": int(total["Failure Count"]),
        "rps": float(total["Requests/s"]),
        "median_ms": locust_ms(total["50%"]),
        "p95_ms": locust_ms(total["95%"]),
        "by_name": {
            r["Name"]: (int(r["Request Count"]), locust_ms(r["50%"]), locust_ms(r["95%"]))
            for r in rows
            if r["Name"] != "Aggregated"
        },
    }


def time_scoring(calls: int) -> list[Row]:
    """games.score (parse and score: the whole pure function) on each worked example."""
    sys.path.insert(0, str(ROOT))
    import games

    rows = []
    for slug, body in br.examples().items():
        data = json.loads(body)
        for _ in range(max(calls // 10, 20)):  # warm-up
            games.score(slug, data)
        samples = []
        for _ in range(calls):
            start = time.perf_counter()
            games.score(slug, data)
            samples.append(time.perf_counter() - start)
        rows.append(Row(f"pure: games.score('{slug}', example), per call", "scoring", samples))
    return rows


def time_hostile(calls: int) -> tuple[Row, str]:
    """Issue 13: reading and checking the costliest input of each shape the API still
    reads (bench_requests.HOSTILE), for every game; the slowest, and each shape's worst."""
    sys.path.insert(0, str(ROOT))
    import games
    from games.contract import InvalidInput

    worst: dict[str, tuple[float, str, list[float]]] = {}
    for shape in br.HOSTILE:
        body = br.hostile_body(shape)
        for slug in games.GAMES:
            samples = []
            for _ in range(calls):
                start = time.perf_counter()
                try:
                    games.score(slug, json.loads(body))
                except (InvalidInput, RecursionError):
                    pass  # the API answers 400 either way
                samples.append(time.perf_counter() - start)
            median = statistics.median(samples)
            if median > worst.get(shape, (0.0, "", []))[0]:
                worst[shape] = (median, slug, samples)
    shape, (median, slug, samples) = max(worst.items(), key=lambda item: item[1][0])
    row = Row(
        f"pure: the costliest {br.API_MOST_BYTES // 1024} KB input found ({shape}, "
        f"{slug}) read and checked, per call",
        "hostile",
        samples,
        target=f"≤ {HOSTILE_MS:g} ms",
        met=median * 1000 <= HOSTILE_MS,
    )
    detail = "Inputs as large as the API reads, the worst game for each (median): " + "; ".join(
        f"{name} {duration(m)} ({game})" for name, (m, game, _) in worst.items()
    )
    return row, detail + "."


def time_import(plays: int) -> list[Row]:
    """scripts/bench_import.py in its own process: a file of ``plays`` plays imported."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "bench_import.py"), f"--plays={plays}", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    figures = json.loads(done.stdout)
    return [
        Row(
            f"import: a Scorepad file of {figures['plays']:,} plays "
            f"({figures['megabytes']:.1f} MB) read, checked, scored again and written",
            "once",
            value=f"{figures['seconds']:.2f} s",
            target=f"≤ {IMPORT_SECONDS:g} s",
            met=figures["seconds"] <= IMPORT_SECONDS,
            note=f"{figures['cpu_seconds']:.2f} s of CPU",
        ),
        Row(
            f"import: SQLite's write lock held while those {figures['plays']:,} plays are written",
            "once",
            value=f"{figures['lock_seconds']:.2f} s",
            target=f"≤ {IMPORT_LOCK_SECONDS:g} s",
            met=figures["lock_seconds"] <= IMPORT_LOCK_SECONDS,
            note="other saves wait this long",
        ),
    ]


# --- the table -----------------------------------------------------------------------------------


def duration(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 0.01:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e3:.1f} ms"


def judge(rows: list[Row], floor: Row) -> None:
    for row in rows:
        if row.kind in ("api", "fragment", "page", "poll", "refused"):
            limit = {"page": PAGES, "poll": POLL, "refused": REFUSED}.get(
                row.kind, API_AND_FRAGMENTS
            )
            row.target = f"≤ {limit:g}× floor"
            row.met = row.median <= limit * floor.median
    # Issue 14: a page of the largest group costs at most GROWTH × that of the smallest.
    pages = [row for row in rows if row.kind == "page" and row.size]
    for row in pages:
        smallest = min((r for r in pages if r.page == row.page), key=lambda r: r.size)
        if row.size > smallest.size:
            row.target += f"; ≤ {GROWTH:g}× the {smallest.size:,}-play row"
            row.met = row.met and row.median <= GROWTH * smallest.median


def table(rows: list[Row], floor: Row) -> str:
    lines = [
        "| measurement | n | median | p95 | × floor (median / p95) | target | met |",
        "| --- | ---: | ---: | ---: | ---: | --- | --- |",
    ]
    for row in rows:
        if row.samples:
            median, p95 = duration(row.median), duration(row.p95)
            ratio = f"{row.median / floor.median:.2f}× / {row.p95 / floor.p95:.2f}×"
            n = f"{len(row.samples):,}"
        else:
            median = p95 = ratio = "–"
            n = ""
        if row.kind == "load":
            median, p95, ratio, n = row.value.split("|")
        elif row.kind in ("bytes", "once"):
            median = row.value
        met = {True: "yes", False: "**no**", None: ""}[row.met]
        name = row.name + (f" ({row.note})" if row.note else "")
        lines.append(f"| {name} | {n} | {median} | {p95} | {ratio} | {row.target} | {met} |")
    return "\n".join(lines)


def machine() -> str:
    cpu = "unknown CPU"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    versions = subprocess.run(
        [
            sys.executable,
            "-c",
            "import django, gunicorn; print(django.__version__, gunicorn.__version__)",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return (
        f"{len(os.sched_getaffinity(0))} cores (`nproc`), {cpu}; Python {platform.python_version()}, "
        f"Django {versions[0]}, gunicorn {versions[1]} (2 sync workers), "
        f"SQLite {sqlite3.sqlite_version}; {platform.system()} {platform.release()}"
    )


def cpu_usage() -> tuple[float, float, float]:
    """(wall clock, CPU seconds busy on the whole machine, CPU seconds of this process and
    its children), to tell how much of the machine other processes took meanwhile."""
    with open("/proc/stat") as f:
        ticks = [int(v) for v in f.readline().split()[1:9]]
    busy = (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")  # less idle, iowait
    mine = sum(os.times()[:4])  # gunicorn's workers count once the master is reaped
    return time.monotonic(), busy, mine


def others_share(start: tuple[float, float, float]) -> float:
    wall, busy, mine = (b - a for a, b in zip(start, cpu_usage(), strict=True))
    return max(0.0, busy - mine) / (wall * len(os.sched_getaffinity(0)))


def write_between(doc: Path, start: str, end: str, text: str, *, new: str = "") -> None:
    """``text`` between the markers ``start`` and ``end`` of ``doc`` (added at its end
    where missing; ``new`` is a missing doc's beginning), the rest of it as it was."""
    whole = doc.read_text(encoding="utf-8") if doc.exists() else new
    if start not in whole or end not in whole:
        whole += f"\n{start}\n{end}\n"
    head, _, rest = whole.partition(start)
    _, _, tail = rest.partition(end)
    doc.write_text(f"{head}{start}\n{text}\n{end}{tail}", encoding="utf-8")


def write_doc(section: str) -> None:
    write_between(DOC, START, END, section, new="# Performance\n")


# --- several app servers behind HAProxy (issue 25) -------------------------------------------

CLUSTER_HEADING = "### Several app servers behind HAProxy"
APP_SERVERS = 2
VERSION = re.compile(r'"t(\d+)-')


def table_versions(port: int, manifest: dict[str, Any]) -> dict[str, list[int]]:
    """What each phone of each table is shown now through HAProxy: the table's version
    (its ETag: one more for every change applied to the play), by play."""
    seen: dict[str, list[int]] = {}
    for table in manifest["tables"]:
        for phone in table["phones"]:
            client = Client(port, cookies={"scorepad_phone": phone["token"]})
            answer = client.request("GET", f"/plays/{table['uuid']}/table/", None, br.HTMX)
            client.close()
            found = VERSION.search(answer.headers.get("etag", ""))
            if answer.status != 200 or found is None:
                raise RuntimeError(f"a phone's table answered {answer.status} without a version")
            seen.setdefault(table["uuid"], []).append(int(found[1]))
    return seen


def applied_changes() -> Counter[str]:
    """Changes applied (rows of AppliedChange), by play, in the database
    scripts/with-postgres gave us."""
    done = subprocess.run(
        [
            "psql",
            "-AtF,",
            "-c",
            "SELECT p.uuid, count(*) FROM scorepad_appliedchange a "
            "JOIN scorepad_play p ON p.id = a.play_id GROUP BY p.uuid",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    rows = (line.split(",") for line in done.stdout.split())
    return Counter({play: int(n) for play, n in rows})


@dataclass
class Changes:
    made: int
    applied: int
    lost: int
    resent: int
    cut_short: int  # changes still unanswered when the run ended, sent again then
    phones: int  # phones that checked their table at the end
    phones_saw_all: int  # ...and were shown every change made at it
    seen: int  # changes made at each phone's table, as that phone was shown them, summed
    expected: int  # changes made at each phone's table, summed over the phones
    served: Counter[str]
    problems: Counter[str]  # sends that failed, by what went wrong
    tables_off: int  # tables whose changes applied differ from those made

    @property
    def kept(self) -> bool:
        return self.lost == 0 and self.applied == self.made and self.seen == self.expected


def tables_through_proxy(
    env: dict[str, str],
    port: int,
    tmp: Path,
    client: Client,
    manifest: dict[str, Any],
    seconds: int,
    name: str,
    first_table: int,
    during: Callable[[], None] | None = None,
    at: float = 0.0,
) -> tuple[dict[str, Any], Changes]:
    """The tables' load through HAProxy with phones whose taps carry a change id; then
    every phone checks that its table shows every change made at it. The run's tables are
    the manifest's from ``first_table`` on (none tapped before). ``during`` is done
    ``at`` seconds into the run (an app server stopped)."""
    tables = manifest["tables"][first_table : first_table + TABLES]
    manifest = {**manifest, "tables": tables}
    before = table_versions(port, manifest)
    applied_before = applied_changes()
    results = tmp / f"changes-{name}.json"
    timer = threading.Timer(at, during) if during else None
    if timer:
        timer.start()
    try:
        load = run_load(
            env,
            port,
            tmp,
            client,
            seconds,
            TABLES * PHONES_A_TABLE,
            0.0,
            user_class="OutboxSeatPhone",
            extra_env={"BENCH_RESULTS": str(results), "BENCH_FIRST_TABLE": str(first_table)},
        )
    finally:
        if timer:
            timer.cancel()
    counts = json.loads(results.read_text())
    made: dict[str, int] = counts["made"]
    # Changes whose answer the end of the run cut short: sent again with their ids, as the
    # outbox sends what it holds once the phone is back.
    for change in counts["pending"]:
        phone = Client(port)
        for _ in range(5):
            answer = phone.request(
                "POST", change["path"], change["body"].encode(), change["headers"]
            )
            if answer.status == 200 and "outbox-refused" not in answer.headers:
                break
            time.sleep(0.5)
        else:
            counts["lost"]["end"] = counts["lost"].get("end", 0) + 1
        phone.close()
    after = table_versions(port, manifest)
    start = {play: versions[0] for play, versions in before.items()}
    moves = [v - start[play] for play, versions in after.items() for v in versions]
    expected = [made.get(play, 0) for play, versions in after.items() for _ in versions]
    applied = applied_changes() - applied_before
    changes = Changes(
        made=sum(made.values()),
        applied=applied.total(),
        lost=sum(counts["lost"].values()),
        resent=sum(counts["resent"].values()),
        cut_short=len(counts["pending"]),
        phones=len(moves),
        phones_saw_all=sum(m == e for m, e in zip(moves, expected, strict=True)),
        seen=sum(moves),
        expected=sum(expected),
        served=Counter(counts["served"]),
        problems=Counter(counts["problems"]),
        tables_off=sum(applied[t["uuid"]] != made.get(t["uuid"], 0) for t in tables),
    )
    return load, changes


def join_guesses(port: int, most: int, forwarded: str = "") -> tuple[int, Counter[str]]:
    """Join codes that fit no game, from one new phone, until the site refuses one (429)
    or ``most`` were answered: how many were answered 404 first, and by which app server
    (HAProxy's header; "direct" without it)."""
    phone = Client(port)
    served: Counter[str] = Counter()
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    for n in range(most):
        code = f"ZZ{os.urandom(2).hex().upper()}"  # hex digits are all in the alphabet
        answer = phone.request("GET", f"/j/{code}", None, headers)
        served[answer.headers.get(cluster.SERVED_BY.lower(), "direct")] += 1
        if answer.status == 429:
            phone.close()
            return n, served
        if answer.status != 404:
            raise RuntimeError(f"a wrong join code answered {answer.status}")
    phone.close()
    return most, served


def limit_of(env: dict[str, str], action: str, default: str) -> int:
    return int(env.get(f"RATE_LIMIT_{action.upper()}", default).split("/")[0])


def servers_text(served: Counter[str]) -> str:
    return ", ".join(f"{name} {n:,}" for name, n in sorted(served.items()))


def run_cluster(args: argparse.Namespace, command: str) -> tuple[str, int]:
    """The cluster rows: PostgreSQL (scripts/with-postgres, which runs this), APP_SERVERS
    gunicorn app servers and HAProxy in front (scripts/cluster.py)."""
    load_before = os.getloadavg()
    usage_before = cpu_usage()
    tmp = Path(tempfile.mkdtemp(prefix="scorepad-bench-cluster-"))
    try:
        env = cluster.cluster_env(bench_env(tmp, "postgres"))
        log(f"cluster: database in with-postgres's cluster, logs in {tmp}")
        manage(env, "migrate", "--noinput", "--verbosity=0")
        manage(env, "collectstatic", "--noinput", "--verbosity=0")
        manage(
            env,
            "seed_bench",
            "--plays=20",
            f"--tables={2 * TABLES}",  # a fresh set for each tables run
            "--table-game=reef-draft",
            f"--manifest={tmp / 'manifest.json'}",
        )
        manifest = br.load_manifest(tmp / "manifest.json")
        seconds = args.cluster_seconds
        phones = TABLES * PHONES_A_TABLE
        rows: list[Row] = []
        with cluster.cluster(env, tmp, servers=APP_SERVERS) as running:
            port = running.port
            log(f"cluster: HAProxy on 127.0.0.1:{port}, {APP_SERVERS} app servers; logging in")
            client = login(port, manifest)

            log(f"cluster: tables run through HAProxy, {seconds} s")
            load, changes = tables_through_proxy(
                env, port, tmp, client, manifest, seconds, "all", 0
            )
            rows.append(
                Row(
                    f"cluster: {TABLES} tables × {PHONES_A_TABLE} phones × {seconds} s through "
                    f"HAProxy, {APP_SERVERS} app servers; each tap carries its X-Change-Id",
                    "load",
                    value=(
                        f"{load_ms(load['median_ms'])}|{load_ms(load['p95_ms'])}|"
                        f"{load['rps']:.1f} req/s, {load['failures']} errors|{load['requests']:,}"
                    ),
                    target="0 errors; changes seen = changes made",
                    met=load["failures"] == 0 and changes.kept,
                    note=changes_note(changes),
                )
            )

            log("cluster: join codes that fit no game, until refused")
            per_phone = limit_of(env, "join_guesses_per_phone", "20/10m")
            per_address = limit_of(env, "join_guesses", "100/10m")
            direct, _ = join_guesses(running.servers[0].port, per_phone + 5)
            proxied, served = join_guesses(port, per_phone + 5)
            rows.append(
                Row(
                    "cluster: join codes that fit no game from one phone, answered before the "
                    f"first 429: straight to one app server / through HAProxy ({servers_text(served)})",
                    "once",
                    value=f"{direct} / {proxied}",
                    target=f"both = the limit, {per_phone}",
                    met=direct == proxied == per_phone and len(served) == APP_SERVERS,
                )
            )
            # The address's count: every guess above came from 127.0.0.1 too. New phones
            # (each under its own limit) through HAProxy, claiming another address in
            # X-Forwarded-For: HAProxy appends the one it saw, which the app reads.
            total, served = direct + proxied, Counter[str]()
            while total < per_address + 5:
                n, by = join_guesses(port, per_phone // 2, forwarded="203.0.113.7")
                total += n
                served += by
                if n < per_phone // 2:
                    break
            rows.append(
                Row(
                    "cluster: join codes that fit no game from one address, many phones, both "
                    f"servers, another address claimed in X-Forwarded-For: answered before the "
                    f"first 429 ({servers_text(served)} after the rows above)",
                    "once",
                    value=f"{total}",
                    target=f"= the limit, {per_address}",
                    met=total == per_address,
                )
            )

            victim = running.servers[-1]
            at = min(seconds / 2 + 5, seconds - 2)  # after the phones have all joined (5 s)

            def stop_server() -> None:
                log(f"cluster: kill -TERM {victim.process.pid} ({victim.name})")
                os.kill(victim.process.pid, signal.SIGTERM)

            log(f"cluster: tables run, {victim.name} stopped {at:g} s in")
            haproxy_before = cluster.retries(tmp / "haproxy.sock")
            load, changes = tables_through_proxy(
                env, port, tmp, client, manifest, seconds, "kill", TABLES, stop_server, at
            )
            rows.append(
                Row(
                    f"cluster: the same, {victim.name} stopped (`kill -TERM`) {at:g} s in; a tap "
                    "that failed is sent again with its change id",
                    "load",
                    value=(
                        f"{load_ms(load['median_ms'])}|{load_ms(load['p95_ms'])}|"
                        f"{load['rps']:.1f} req/s, {load['failures']} errors|{load['requests']:,}"
                    ),
                    target="0 changes lost; applied = made, none twice",
                    met=changes.kept,
                    note=changes_note(changes),
                )
            )
            after = cluster.retries(tmp / "haproxy.sock")
            rows[-1].note += "; HAProxy " + ", ".join(
                f"{what} {after[key] - haproxy_before[key]}"
                for key, what in (("wretr", "retried"), ("wredis", "redispatched"))
            )
            logs = "\n".join(  # gunicorn's own error logs (the site's log has the 404s)
                f"{app.name}: {text[-1500:]}"
                for app in running.servers
                if (text := (tmp / f"{app.name}.log").read_text().strip())
            )

        result = table(rows, Row("", "floor"))
        when = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
        before = ", ".join(f"{x:.2f}" for x in load_before)
        section = (
            f"Measured {when} by `{command}` on the same machine: {APP_SERVERS} gunicorn app "
            f"servers (2 sync workers each) and HAProxy {haproxy_version()} on loopback, "
            f"{DATABASES['postgres']}; {phones} phones (Locust, one process). Load average "
            f"before the run: {before}; other processes used {others_share(usage_before):.0%} "
            f"of the machine's CPU time while it ran.\n\n{result}\n"
        )
        if logs:
            section += f"\nThe app servers' error logs were not empty:\n\n```\n{logs}\n```\n"
        print(f"cluster:\n{result}")
        missed = [row.name for row in rows if row.met is False]
        print(f"\n{len(missed)} target(s) missed" + (": " + "; ".join(missed) if missed else ""))
        return section, len(missed)
    finally:
        if not os.environ.get("BENCH_KEEP"):
            shutil.rmtree(tmp, ignore_errors=True)


def changes_note(changes: Changes) -> str:
    return (
        f"changes made {changes.made:,}, applied {changes.applied:,}, lost {changes.lost}, "
        f"sent again {changes.resent} during the run and {changes.cut_short} cut short by its "
        f"end; every change of its table seen by "
        f"{changes.phones_saw_all} of {changes.phones} phones ({changes.seen:,} of "
        f"{changes.expected:,} sightings); answers by server: {servers_text(changes.served)}"
        + (f"; tables where applied ≠ made: {changes.tables_off}" if changes.tables_off else "")
        + (f"; failed sends: {servers_text(changes.problems)}" if changes.problems else "")
    )


def haproxy_version() -> str:
    done = subprocess.run([cluster.HAPROXY, "-v"], capture_output=True, text=True, check=True)
    found = re.search(r"version (\S+)", done.stdout)
    return found[1] if found else "?"


def cluster_section(args: argparse.Namespace) -> str:
    """The cluster rows, run under scripts/with-postgres in a process of their own."""
    log("cluster: several app servers behind HAProxy, in a throwaway PostgreSQL")
    with tempfile.TemporaryDirectory(prefix="scorepad-bench-cl-") as out:
        part = Path(out) / "section.md"
        subprocess.run(
            [
                str(ROOT / "scripts" / "with-postgres"),
                sys.executable,
                str(Path(__file__).resolve()),
                f"--cluster-seconds={args.cluster_seconds}",
                f"--command={args.command}",
                "--part=cluster",
                f"--section-out={part}",
            ],
            cwd=ROOT,
            check=True,
        )
        return part.read_text()


def write_doc_part(heading: str, part: str) -> None:
    """Replace (or add) the last part of the section between the bench markers, the one
    under ``heading`` (the cluster's, which comes last)."""
    text = DOC.read_text()
    head, _, rest = text.partition(START)
    section, _, tail = rest.partition(END)
    kept = section.partition(heading)[0].strip("\n")
    kept = f"\n{kept}\n\n" if kept else "\n"
    DOC.write_text(f"{head}{START}{kept}{heading}\n\n{part.strip()}\n{END}{tail}")


# --- main ----------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=120, help="timed requests per row")
    parser.add_argument("--warmup", type=int, default=20, help="uncounted rounds first")
    parser.add_argument(
        "--plays",
        type=int,
        action="append",
        help="finished plays in a group, once per group (100 and 10,000)",
    )
    parser.add_argument(
        "--database",
        choices=["both", "sqlite", "postgres"],
        default="both",
        help="both: SQLite, then PostgreSQL in the cluster scripts/with-postgres starts",
    )
    parser.add_argument("--section-out", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--clients", type=int, default=50, help="load run: concurrent clients")
    parser.add_argument("--load-seconds", type=int, default=20, help="load run: duration")
    parser.add_argument(
        "--think", type=float, default=1.0, help="load run: mean seconds between a client's taps"
    )
    parser.add_argument(
        "--saturation-seconds",
        type=int,
        default=10,
        help="a second load run with no pause between requests, for the capacity (0: skip)",
    )
    parser.add_argument(
        "--table-seconds", type=int, default=20, help="the whole tables' load run: duration"
    )
    parser.add_argument("--scoring-calls", type=int, default=1000)
    parser.add_argument("--hostile-calls", type=int, default=10, help="per shape and game")
    parser.add_argument(
        "--import-plays",
        type=int,
        default=IMPORT_PLAYS,
        help="plays in the imported file (0: skip)",
    )
    parser.add_argument(
        "--cluster-seconds",
        type=int,
        default=20,
        help="each tables run through HAProxy (several app servers): duration",
    )
    parser.add_argument(
        "--only",
        choices=["cluster"],
        help="cluster: only the rows of several app servers behind HAProxy (their part of the doc)",
    )
    parser.add_argument("--no-cluster", action="store_true", help="leave out the cluster rows")
    parser.add_argument("--part", choices=["cluster"], help=argparse.SUPPRESS)
    parser.add_argument("--command", help=argparse.SUPPRESS)  # the command that ran the bench
    parser.add_argument("--no-write", action="store_true", help="print only; leave the docs")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument(
        "--bytes-only",
        action="store_true",
        help="only the board screen's first load, response by response (with --plays 1 "
        "--database sqlite: under a minute); prints, never writes",
    )
    args = parser.parse_args()
    args.plays = args.plays or list(PAGE_SIZES)
    command = "make bench" if os.environ.get("MAKELEVEL") else shlex.join(["python", *sys.argv])
    if args.part == "cluster":  # under scripts/with-postgres, started by cluster_section
        section, missed = run_cluster(args, args.command or command)
        args.section_out.write_text(section)
        return 0
    if args.only == "cluster":
        args.command = command
        section = cluster_section(args)
        if not args.no_write:
            write_doc_part(CLUSTER_HEADING, section)
            log(f"written to {DOC.relative_to(ROOT)}")
        return 1 if "| **no** |" in section and args.strict else 0
    args.command = command
    if args.bytes_only:
        args.no_write = True
    if args.database != "both" or args.bytes_only:
        section, missed = run(args, command, "sqlite" if args.bytes_only else args.database)
        if args.section_out:
            args.section_out.write_text(section)
        elif not args.no_write:
            write_doc(section)
            log(f"written to {DOC.relative_to(ROOT)}")
        return 1 if missed and args.strict else 0
    sqlite, missed = run(args, command, "sqlite")
    log("PostgreSQL: the same requests and load runs in a throwaway cluster")
    with tempfile.TemporaryDirectory(prefix="scorepad-bench-pg-") as out:
        part = Path(out) / "section.md"
        forwarded = [a for a in sys.argv[1:] if not a.startswith("--database")]
        # The capacity run is the SQLite run's: the whole bench stays under six minutes.
        forwarded.append("--saturation-seconds=0")
        subprocess.run(
            [
                str(ROOT / "scripts" / "with-postgres"),
                sys.executable,
                str(Path(__file__).resolve()),
                *forwarded,
                "--database=postgres",
                f"--section-out={part}",
            ],
            cwd=ROOT,
            check=True,
        )
        postgres = part.read_text()
    missed += postgres.count("| **no** |")
    section = f"### SQLite\n\n{sqlite}\n### PostgreSQL\n\n{postgres}"
    if not args.no_cluster:
        several = cluster_section(args)
        missed += several.count("| **no** |")
        section += f"\n{CLUSTER_HEADING}\n\n{several}"
    if not args.no_write:
        write_doc(section)
        log(f"written to {DOC.relative_to(ROOT)}")
    return 1 if missed and args.strict else 0


def run(args: argparse.Namespace, command: str, database: str) -> tuple[str, int]:
    """One database's run: its section of docs/performance.md, and the targets missed.
    The pure scoring and the import (SQLite's write lock) are measured in the SQLite run
    only: they do not depend on the database, or are about SQLite."""
    sqlite_run = database == "sqlite"

    load_before = os.getloadavg()
    usage_before = cpu_usage()
    if load_before[0] > 1.0:
        log(f"the machine is busy (load average {load_before[0]:.2f}): numbers will be inflated")
    tmp = Path(tempfile.mkdtemp(prefix="scorepad-bench-"))
    try:
        env = bench_env(tmp, database)
        log(f"database and logs in {tmp}")
        manage(env, "migrate", "--noinput", "--verbosity=0")
        manage(env, "collectstatic", "--noinput", "--verbosity=0")
        started = time.monotonic()
        manage(
            env,
            "seed_bench",
            *(f"--plays={n}" for n in args.plays),
            f"--live={max(args.clients, 1)}",
            *(f"--live-game={slug}" for slug in br.TAPPED),
            f"--tables={TABLES}",
            "--table-game=reef-draft",
            f"--manifest={tmp / 'manifest.json'}",
        )
        seeded = time.monotonic() - started
        manifest = br.load_manifest(tmp / "manifest.json")
        port = free_port()
        with gunicorn(env, port, tmp):
            log(f"gunicorn on 127.0.0.1:{port}; logging in")
            client = login(port, manifest)
            if args.bytes_only:
                live = manifest["live"]["shallow-sea"][1]
                board = f"/plays/{live['uuid']}/players/{live['position']}/ocean/"
                total, kept, fetched = first_load(Client(port, cookies=dict(client.cookies)), board)
                print(
                    f"first load: {total:,} B in {loaded(fetched)} responses (target ≤ {FIRST_LOAD:,} B;"
                    " Accept-Encoding: gzip, br, as a browser sends it; headers included)"
                )
                print("\n".join(fetched))
                return "", int(total > FIRST_LOAD)
            timed = request_rows(client, manifest, client.cookies["csrftoken"])
            timed.insert(1, table_poll_row(client, manifest))
            measure(client, timed, args.requests, args.warmup)
            rows = [t.row for t in timed]
            floor = rows[0]

            log("bytes on the wire: the board screen, first load")
            live = manifest["live"]["shallow-sea"][1]
            board = f"/plays/{live['uuid']}/players/{live['position']}/ocean/"
            fresh = Client(port, cookies=dict(client.cookies))
            total, kept, fetched = first_load(fresh, board)
            rows.append(
                Row(
                    "bytes: first load of the Shallow Sea board screen with its manifest and "
                    f"service worker, {loaded(fetched)} responses",
                    "bytes",
                    value=f"{total:,} B",
                    target=f"≤ {FIRST_LOAD // KB} KB",
                    met=total <= FIRST_LOAD,
                    note=f"gzip and br accepted; headers included; then {kept:,} B the worker keeps "
                    "for offline in the background",
                )
            )
            tap = br.shallow_sea_tile(live, client.cookies["csrftoken"], opener(fresh))
            method, path, body, headers = tap()
            update = fresh.request(method, path, body, headers)
            if update.status != 200:
                raise RuntimeError(f"htmx update answered {update.status}")
            encoding = update.headers.get("content-encoding", "identity")
            rows.append(
                Row(
                    "bytes: one htmx update's answer (a tile saved)",
                    "bytes",
                    value=f"{len(update.body):,} B",
                    target=f"≤ {ONE_UPDATE / KB:g} KB",
                    met=len(update.body) <= ONE_UPDATE,
                    note=f"{encoding} body; its headers {update.wire - len(update.body):,} B more",
                )
            )

            log(f"load run: {args.clients} clients for {args.load_seconds} s")
            load = run_load(env, port, tmp, client, args.load_seconds, args.clients, args.think)
            rows.append(
                Row(
                    f"load: {args.clients} clients × {args.load_seconds} s, the mix above, "
                    f"{0.5 * args.think:g}–{1.5 * args.think:g} s between a client's requests",
                    "load",
                    value=(
                        f"{load_ms(load['median_ms'])}|{load_ms(load['p95_ms'])}|"
                        f"{load['rps']:.1f} req/s, {load['failures']} errors|"
                        f"{load['requests']:,}"
                    ),
                    target=f"0 errors, p95 < {LOAD_P95_MS:g} ms",
                    met=load["failures"] == 0 and load["p95_ms"] < LOAD_P95_MS,
                )
            )
            phones = TABLES * PHONES_A_TABLE
            log(f"tables run: {TABLES} tables × {PHONES_A_TABLE} phones for {args.table_seconds} s")
            tables = run_load(
                env, port, tmp, client, args.table_seconds, phones, 0.0, user_class="SeatPhone"
            )
            rows.append(
                Row(
                    f"load: {TABLES} tables × {PHONES_A_TABLE} phones × {args.table_seconds} s, "
                    "each phone polling its table every 2 s and tapping its own reef in "
                    "before one poll in five",
                    "load",
                    value=(
                        f"{load_ms(tables['median_ms'])}|{load_ms(tables['p95_ms'])}|"
                        f"{tables['rps']:.1f} req/s, {tables['failures']} errors|"
                        f"{tables['requests']:,}"
                    ),
                    target=f"0 errors, p95 < {LOAD_P95_MS:g} ms",
                    met=tables["failures"] == 0 and tables["p95_ms"] < LOAD_P95_MS,
                )
            )
            if args.saturation_seconds:
                log(
                    f"saturation run: {args.clients} clients, no pause, {args.saturation_seconds} s"
                )
                sat = run_load(env, port, tmp, client, args.saturation_seconds, args.clients, 0.0)
                rows.append(
                    Row(
                        f"capacity: {args.clients} clients × {args.saturation_seconds} s, "
                        "the same mix with no pause (information, no target)",
                        "load",
                        value=(
                            f"{load_ms(sat['median_ms'])}|{load_ms(sat['p95_ms'])}|"
                            f"{sat['rps']:.1f} req/s, {sat['failures']} errors|"
                            f"{sat['requests']:,}"
                        ),
                    )
                )
            errors = (tmp / "gunicorn.log").read_text().strip()
            details = [
                "First load, response by response (headers included): " + "; ".join(fetched) + ".",
                f"One htmx update: {update.wire:,} B, of which {len(update.body):,} B of body "
                f"({len(answer_text(update)):,} B unzipped).",
                "Load run by request (count, median, p95): "
                + "; ".join(
                    f"{name} {n:,}, {median:.0f} ms, {p95:.0f} ms"
                    for name, (n, median, p95) in sorted(load["by_name"].items())
                )
                + ".",
                "Tables run by request (count, median, p95): "
                + "; ".join(
                    f"{name} {n:,}, {median:.0f} ms, {p95:.0f} ms"
                    for name, (n, median, p95) in sorted(tables["by_name"].items())
                )
                + ".",
            ]

        if sqlite_run:
            log("pure scoring functions")
            rows += time_scoring(args.scoring_calls)
            hostile, hostile_detail = time_hostile(args.hostile_calls)
            rows.append(hostile)
            details.append(hostile_detail)
        if args.import_plays and sqlite_run:
            log(f"import of {args.import_plays:,} plays")
            rows += time_import(args.import_plays)
        judge(rows, floor)

        result = table(rows, floor)
        when = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
        before = ", ".join(f"{x:.2f}" for x in load_before)
        others = others_share(usage_before)
        section = (
            f"Measured {when} by `{command}` on {machine()}; the site's database: {DATABASES[database]}. Load average (1, 5, 15 min) "
            f"before the run: {before}; other processes used {others:.0%} of the machine's "
            f"CPU time while it ran. Seeding {' and '.join(f'{n:,}' for n in args.plays)} "
            f"plays took {seeded:.0f} s.\n\n"
            f"{result}\n\n" + "\n\n".join(details) + "\n"
        )
        if errors:
            section += f"\ngunicorn's error log was not empty:\n\n```\n{errors[-2000:]}\n```\n"
        print(f"{database}:\n{result}")
        print("\n" + "\n".join(details))
        missed = [row.name for row in rows if row.met is False]
        print(f"\n{len(missed)} target(s) missed" + (": " + "; ".join(missed) if missed else ""))
        return section, len(missed)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
