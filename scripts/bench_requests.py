"""The requests `make bench` measures, shared by scripts/bench.py (one at a time) and
scripts/bench_locustfile.py (the 50-client load run). Standard library only.

Each request is (method, path, body, headers). The two htmx fragments really save:
each call changes the tile or reef back and forth between two valid values, as a
player correcting an entry would, so every call writes and rescores the play.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
GAMES = ("reef-draft", "seagrass", "coral-stations", "shallow-sea")
# The games whose plays in progress the benchmark taps (a tile, a reef's count).
TAPPED = ("shallow-sea", "reef-draft")

Request = tuple[str, str, bytes | None, dict[str, str]]

HTMX = {"HX-Request": "true"}
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
# A space that holds a completed red coral with a red fish on both example oceans:
# only its printed VPs change between saves.
SPACE = "R1C2"


def examples() -> dict[str, bytes]:
    """Each game's worked example, as the API's POST body (Shallow Sea's holds two full
    18-tile oceans)."""
    return {slug: (EXAMPLES / f"{slug}.json").read_bytes() for slug in GAMES}


def many_names(count: int) -> bytes:
    """A score request naming ``count`` players, as someone trying to stall the site
    would send it ("Player 1", "Player 2", ...)."""
    return json.dumps({"players": [f"Player {i}" for i in range(1, count + 1)]}).encode()


# The most the score API reads (scorepad/views/common.py, API_MOST_BYTES).
API_MOST_BYTES = 64 * 1024
# Inputs built to cost the games the most work per byte, each grown to the most the API
# reads: n keys, names, counts, events, tiles... of whatever a game reads in a loop.
HOSTILE: dict[str, Callable[[int], Any]] = {
    "unknown keys": lambda n: {f"k{i}": 0 for i in range(n)},
    "names": lambda n: {"players": [str(i) for i in range(n)]},
    "shoal tiles": lambda n: {
        "players": ["A", "B"],
        "entry": "counts",
        "counts": {"A": {"shoal_tiles": [0] * n}, "B": {}},
    },
    "events": lambda n: {
        "players": ["A", "B"],
        "entry": "log",
        "events": [{"type": "colony", "player": "A", "creatures": 1}] * n,
    },
    "events of no type": lambda n: {
        "players": ["A", "B"],
        "entry": "log",
        "events": [{"type": "x"}] * n,
    },
    "Sealife codes": lambda n: {
        "players": ["A"],
        "mode": "solo",
        "entry": "board",
        "setup": {"sealife": ["A1"] * n},
        "boards": {},
    },
    "tiles": lambda n: {
        "players": ["A"],
        "mode": "solo",
        "entry": "board",
        "setup": {"sealife": []},
        "boards": {"A": {"tiles": {f"R{i}": {} for i in range(n)}}},
    },
    "fish": lambda n: {
        "players": ["A"],
        "mode": "solo",
        "entry": "board",
        "setup": {},
        "boards": {"A": {"fish": [{"at": "R1C2:top", "color": "red"}] * n}},
    },
    "rounds": lambda n: {"players": ["A", "B"], "rounds": [{}] * n},
    "open stations": lambda n: {
        "players": ["A", "B"],
        "entry": "counts",
        "counts": {},
        "open_stations": [{"high": 1, "low": 1, "tiles": {}}] * n,
    },
    "nesting": lambda n: {"players": ["A", "B"], "rounds": [[[[[[[[]]]]]]]] * n},
}


def hostile_body(shape: str) -> bytes:
    """The ``HOSTILE`` input of that shape, as large as the API reads."""
    make = HOSTILE[shape]
    low, high = 1, 2
    while len(json.dumps(make(high))) <= API_MOST_BYTES:
        low, high = high, high * 2
    while low + 1 < high:
        middle = (low + high) // 2
        if len(json.dumps(make(middle))) <= API_MOST_BYTES:
            low = middle
        else:
            high = middle
    return json.dumps(make(low)).encode()


def api(slug: str, body: bytes) -> Callable[[], Request]:
    headers = {"Content-Type": "application/json"}
    return lambda: ("POST", f"/api/games/{slug}/score", body, headers)


def shallow_sea_tile(
    live: dict[str, Any], csrf: str, open_space: Callable[[str, dict[str, str]], bytes]
) -> Callable[[], Request]:
    """One tap saved on the ocean, as htmx posts it: the answer is what the tap changed
    (ocean.html#after-save). A phone opens the space first (``open_space`` fetches its
    editor, untimed), whose form names the board it drew: the save then answers small."""
    path = f"/plays/{live['uuid']}/players/{live['position']}/ocean/spaces/{SPACE}/"
    vps = itertools.cycle((7, 9))
    headers = {**FORM, **HTMX, "HX-Target": "editor", "X-CSRFToken": csrf}

    def tap() -> Request:
        editor = open_space(path, {**HTMX, "HX-Target": "editor"}).decode()
        drawn = DRAWN.search(editor)
        fields = {"completed": "yes", "piece": f"red-{next(vps)}", "fish": "red"}
        body = urlencode({**fields, "drawn": drawn.group(1) if drawn else ""}).encode()
        return ("POST", path, body, headers)

    return tap


DRAWN = re.compile(r'name="drawn" value="(\w*)"')


def reef_form(reef: dict[str, Any]) -> dict[str, int]:
    data = {kind: n for kind, n in reef.items() if kind != "on_shark"}
    return data | {f"on_shark_{kind}": n for kind, n in reef.get("on_shark", {}).items()}


def reef_draft_round(
    live: dict[str, Any], csrf: str, position: int | None = None, cookie: str = ""
) -> Callable[[], Request]:
    """A count changed in a Reef Draft reef, as htmx posts it after typing: the answer
    is the round's and game's running total (entry.html#htmx-update). The play waits
    for its first seat's last reef (seed_bench, the pad's ``in_progress``); ``position``
    picks another seat's last reef, ``cookie`` the phone that enters it."""
    game = live["input"]
    last = len(game["rounds"])
    seat = live["position"] if position is None else position
    path = f"/plays/{live['uuid']}/rounds/{last}/players/{seat}/"
    reef = reef_form(game["rounds"][-1][game["players"][seat]])
    # One card fewer of a kind no shark holds (nor a shark): still a valid partial game.
    held = {k.removeprefix("on_shark_") for k, n in reef.items() if k.startswith("on_shark_") and n}
    kind = next(
        k
        for k, n in reef.items()
        if n and not k.startswith("on_shark_") and k != "sharks" and k not in held
    )
    fewer = {**reef, kind: reef[kind] - 1}
    bodies = itertools.cycle(urlencode(data).encode() for data in (fewer, reef))
    headers = {**FORM, **HTMX, "HX-Target": "reef-live", "X-CSRFToken": csrf}
    if cookie:
        headers["Cookie"] = cookie
    return lambda: ("POST", path, next(bodies), headers)


def table_poll(play: str, etag: str, cookie: str = "") -> Request:
    """A phone asking whether its table changed, as its page polls every 2 s: 304 and
    no body while nothing did."""
    headers = {**HTMX, "If-None-Match": etag, **({"Cookie": cookie} if cookie else {})}
    return ("GET", f"/plays/{play}/table/", None, headers)


def phone_cookie(phone: dict[str, Any], csrf: str) -> str:
    """A seat's phone: its own token (scorepad/table.py), no account; the CSRF cookie
    any form of the site checks its posts against."""
    return f"scorepad_phone={phone['token']}; csrftoken={csrf}"


def page(path: str) -> Callable[[], Request]:
    return lambda: ("GET", path, None, {})


def load_manifest(path: str | Path) -> dict[str, Any]:
    return json.loads(Path(path).read_text())


# What each answer must hold, so a wrong page never passes for a fast one.
EXPECT = {
    "healthz": b"ok",
    "api": b'"winners"',
    "refused": b'"errors"',
    "shallow-sea-fragment": b'id="live"',
    "reef-draft-fragment": b'id="reef-live"',
    "history": b'id="history"',
    "player": b"Head to head",
    "review": b'id="review"',
}
