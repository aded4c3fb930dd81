"""`make screenshots`: the main screens on a phone, light and dark, as PNGs in docs/screens/.

1. A throwaway SQLite database in a temp folder: ``migrate``, ``seed_demo`` (the account
   demo / scorepad-demo, the group "Demo table" with a finished play of every game), then,
   through the site's own ``play_from_input``, a finished solo Shallow Sea play (so the
   solo ladder has a chart) and a play of every game still being entered (for the tables
   and the entry screens). Deterministic: the same pictures each run.
2. ``manage.py runserver`` on a free 127.0.0.1 port (DEBUG on, so it serves static files).
3. Debian's chromium through Playwright, a 390×844 phone, for each colour scheme: log in,
   open each screen, wait for its heading, write ``docs/screens/<screen>-<scheme>.png``.
4. The server stopped and the temp folder removed, whatever happens.

    .venv/bin/python scripts/screenshots.py [--out docs/screens] [--only home,result]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from PIL import Image
from playwright.sync_api import Page, ViewportSize, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from scorepad.install_screens import INSTALL_SCREENS, SIZE  # noqa: E402  (the project, above)

STATIC_SCREENS = ROOT / "static" / "scorepad" / "screens"
CHROMIUM = "/usr/bin/chromium"
USERNAME, PASSWORD = "demo", "scorepad-demo"
PHONE: ViewportSize = {"width": 390, "height": 844}
SCHEMES: tuple[Literal["light", "dark"], ...] = ("light", "dark")
# A PNG bigger than this is reported: the README shows them and the repository keeps them.
MAX_BYTES = 400_000

# Run by `manage.py shell` after seed_demo: the plays the pictures need that seed_demo does
# not make, built as the site builds them. Prints their ids as JSON.
EXTRA_PLAYS = """
import json
import random
from datetime import date, timedelta
from django.contrib.auth import get_user_model
from scorepad.codecs import all_codecs, get_codec
from scorepad.management.commands.seed_bench import Builder, renamed
from scorepad.models import Group, Play, play_from_input

user = get_user_model().objects.get(username="demo")
group = Group.objects.get(name="Demo table")
me = group.players.get(user=user).name

# Fixed dates, so that the pictures do not change from day to day: seed_demo's plays a
# day apart, oldest first.
for i, play in enumerate(Play.objects.filter(group=group).order_by("id")):
    play.played_on = date(2026, 11, 20) + timedelta(days=i)
    play.save(update_fields=["played_on"])

# Four solo Shallow Sea plays a week apart, the worked example's first ocean varied as the
# benchmark varies it, with the Lionfish card: the solo ladder's chart has a line.
shallow_sea = get_codec("shallow-sea")
builder = Builder(group, user, me, random.Random(2026))
for i in range(4):
    data = builder.varied(shallow_sea)
    board = {"lionfish": 1 + i % 3, **data["boards"][data["players"][0]]}
    solo = {**data, "mode": "solo", "players": [me], "boards": {me: board}}
    play = play_from_input("shallow-sea", solo, group=group, user=user, finish=True)
    play.played_on = date(2026, 10, 4) + timedelta(days=7 * i)
    play.save(update_fields=["played_on"])

live = {}
for codec in all_codecs():
    example = codec.example_input()
    players = example["players"]
    names = dict(zip(players, [me, "Ana", "Ben", "Cleo", "Dev", "Mira"], strict=False))

    whole = {**renamed(example, names), "players": [names[p] for p in players]}
    entered = codec.in_progress(whole) if codec.in_progress else whole
    if codec.slug == "shallow-sea":
        # Only the first ocean entered: the table shows a seat done and one still to go.
        entered = {**whole, "boards": {me: whole["boards"][me]}}
    play = play_from_input(codec.slug, entered, group=group, user=user)
    play.played_on = date(2026, 12, 1)
    play.save(update_fields=["played_on"])
    live[codec.slug] = str(play.uuid)
print("EXTRA=" + json.dumps({"group": group.pk, "live": live}))
"""


def shown(path: Path) -> str:
    """``path`` as printed: from the repository's root when inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout


# What a signal leaves to tidy up: Playwright's sync API does not unwind cleanly from an
# exception raised in a signal handler, so the handler stops the server itself.
LEFTOVERS: dict[str, Any] = {}


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def on_signal(signum: int, frame: Any) -> None:
    """Ctrl-C or SIGTERM: stop the server, remove the temp folder, exit at once."""
    if (proc := LEFTOVERS.get("server")) is not None:
        stop(proc)
    if (tmp := LEFTOVERS.get("tmp")) is not None:
        shutil.rmtree(tmp, ignore_errors=True)
    print("interrupted", file=sys.stderr, flush=True)
    os._exit(128 + signum)


@contextmanager
def server(env: dict[str, str]) -> Iterator[str]:
    """runserver on a free port until the block ends; its address."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    LEFTOVERS["server"] = proc
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"runserver exited ({proc.returncode})")
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=2):
                    break
            except (urllib.error.URLError, OSError):
                if time.monotonic() > deadline:
                    raise RuntimeError("runserver did not answer within 30 s") from None
                time.sleep(0.2)
        yield base
    finally:
        stop(proc)


@dataclass
class Shooter:
    page: Page
    out: Path
    scheme: str
    only: set[str]
    written: list[Path]

    def wants(self, name: str) -> bool:
        return not self.only or name in self.only

    def shot(self, name: str, heading: Any, *, full_page: bool = False) -> None:
        """Wait for ``heading`` (a locator), let fonts and transitions settle, write the PNG."""
        expect(heading.first).to_be_visible()
        self.page.evaluate("document.fonts.ready")
        self.page.wait_for_load_state("networkidle")
        path = self.out / f"{name}-{self.scheme}.png"
        self.page.screenshot(path=str(path), full_page=full_page, animations="disabled")
        self.written.append(path)
        print(f"  {shown(path)}  {path.stat().st_size // 1024} KB")


def heading(page: Page, name: str | re.Pattern[str], *, exact: bool = True) -> Any:
    if isinstance(name, str):
        return page.get_by_role("heading", name=name, exact=exact)
    return page.get_by_role("heading", name=name)


def log_in(page: Page) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(USERNAME)
    page.get_by_label(re.compile(r"^Password:?$")).fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def seat_link(page: Page) -> str:
    """The first seat's entry screen linked from a play's table page."""
    links = page.locator("main a[href*='/players/']")
    expect(links.first).to_be_attached()
    href = links.first.get_attribute("href")
    assert href, "no seat link on the table page"
    return href


def shoot_all(s: Shooter, extra: dict[str, Any]) -> None:
    page = s.page
    live: dict[str, str] = extra["live"]
    group = extra["group"]
    steps: list[tuple[str, Callable[[], None]]] = []

    def home() -> None:
        page.goto("/")
        s.shot("home", page.get_by_role("heading", level=1))

    def setup() -> None:
        page.goto("/games/shallow-sea/new/")
        s.shot("setup", heading(page, "New Shallow Sea game"))

    def table() -> None:
        page.goto(f"/plays/{live['shallow-sea']}/")
        s.shot("table", heading(page, "Shallow Sea"))

    def ocean() -> None:
        page.goto(f"/plays/{live['shallow-sea']}/")
        page.goto(seat_link(page))
        s.shot("ocean", heading(page, re.compile(r"'s ocean$")))

    def entry(slug: str, name: str) -> Callable[[], None]:
        def go() -> None:
            page.goto(f"/plays/{live[slug]}/")
            page.goto(seat_link(page))
            s.shot(name, page.get_by_role("heading", level=1))

        return go

    def result() -> None:
        page.goto(f"/groups/{group}/")
        # Reef Draft's: four players, a tie for second place.
        page.locator("#history a[href$='/result/']", has_text="Reef Draft").first.click()
        s.shot("result", page.get_by_role("heading", level=1), full_page=True)

    def history() -> None:
        page.goto(f"/groups/{group}/")
        s.shot("group", heading(page, "Demo table"), full_page=True)

    def player() -> None:
        page.goto(f"/groups/{group}/")
        # The demo account's own player: they sat at every play.
        page.get_by_role("main").get_by_role("link", name=USERNAME, exact=True).first.click()
        s.shot("player", heading(page, USERNAME))

    def review() -> None:
        page.goto(f"/groups/{group}/")
        page.get_by_role("link", name=re.compile(r"^\d{4} in review$")).first.click()
        s.shot("review", page.get_by_role("heading", level=1), full_page=True)

    def achievements() -> None:
        page.goto("/")
        page.get_by_role("link", name="Me").first.click()
        s.shot("achievements", heading(page, "Shallow Sea: Achievement Record Sheet"))

    def solo() -> None:
        page.goto("/me/solo/")
        expect(page.locator(".stat-line").first).to_be_visible()
        s.shot("solo", page.get_by_role("heading", level=1))

    steps = [
        ("home", home),
        ("setup", setup),
        ("table", table),
        ("ocean", ocean),
        ("seagrass", entry("seagrass", "seagrass")),
        ("reef-draft", entry("reef-draft", "reef-draft")),
        ("coral-stations", entry("coral-stations", "coral-stations")),
        ("result", result),
        ("group", history),
        ("player", player),
        ("review", review),
        ("achievements", achievements),
        ("solo", solo),
    ]
    for name, step in steps:
        if s.wants(name):
            step()


def install_screens(out: Path) -> None:
    """The install sheet's screens: a phone screen of each, light (the result cut to
    its first screen), small enough to ship with the site."""
    for name, _ in INSTALL_SCREENS:
        shot = out / f"{name}-light.png"
        if not shot.exists():
            continue
        kept = STATIC_SCREENS / f"{name}.png"
        with Image.open(shot) as image:
            screen = image.crop((0, 0, *SIZE)).convert("RGB").quantize(colors=128)
            screen.save(kept, optimize=True)
        print(f"  {shown(kept)}  {kept.stat().st_size // 1024} KB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screens")
    parser.add_argument("--only", default="", help="comma-separated screen names")
    args = parser.parse_args()
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    only = {name for name in args.only.split(",") if name}

    tmp = Path(tempfile.mkdtemp(prefix="scorepad-screens-"))
    LEFTOVERS["tmp"] = tmp
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, on_signal)
    written: list[Path] = []
    try:
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{tmp}/db.sqlite3",
            "DEBUG": "1",
            "PYTHONUNBUFFERED": "1",
        }
        env.pop("SECRET_KEY", None)
        print("Migrating and seeding a throwaway database...")
        manage(env, "migrate", "--noinput")
        manage(env, "seed_demo")
        printed = manage(env, "shell", "-c", EXTRA_PLAYS)
        [line] = [x for x in printed.splitlines() if x.startswith("EXTRA=")]
        extra = json.loads(line.removeprefix("EXTRA="))
        with server(env) as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            try:
                for scheme in SCHEMES:
                    print(f"{scheme}:")
                    context = browser.new_context(
                        base_url=base,
                        viewport=PHONE,
                        is_mobile=True,
                        has_touch=True,
                        device_scale_factor=1,
                        color_scheme=scheme,
                        locale="en-GB",
                        timezone_id="UTC",
                    )
                    context.set_default_timeout(15_000)
                    expect.set_options(timeout=15_000)
                    page = context.new_page()
                    log_in(page)
                    shoot_all(Shooter(page, out, scheme, only, written), extra)
                    context.close()
            finally:
                browser.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    install_screens(out)
    total = sum(p.stat().st_size for p in written)
    big = [p for p in written if p.stat().st_size > MAX_BYTES]
    print(f"{len(written)} screenshots, {total / 1e6:.1f} MB in {shown(out)}")
    for p in big:
        print(f"warning: {p.name} is {p.stat().st_size // 1024} KB (over {MAX_BYTES // 1000} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
