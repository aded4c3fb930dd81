"""`make lighthouse`: Lighthouse 12 audits six screens on a phone; the scores go into
docs/performance.md.

1. A throwaway SQLite database with the demo data and a Shallow Sea play being entered;
   the site under gunicorn with production settings (scripts/bench.py's), static files
   collected.
2. Signed in as the demo account (through the login form, in a chromium Lighthouse then
   drives: it keeps cookies between runs, and clears the rest of the site's storage), each screen audited three times on mobile (Lighthouse's default: a mid-range
   phone, a slow 4G network) in Debian's chromium: Performance, Accessibility, Best
   Practices and SEO; the median run by Performance is kept, with its LCP, TBT and CLS.
3. Chrome's installability check (DevTools' Page.getInstallabilityErrors: the PWA
   category left Lighthouse 12) on the home page.

Not part of `make test`: it takes minutes, and Lighthouse's scores are a judgement of
the moment. Run `make lighthouse`, or
    .venv/bin/python scripts/lighthouse.py [--runs 3] [--only home,result] [--no-write]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import DOC, ROOT, bench_env, free_port, gunicorn, manage, write_between  # noqa: E402

LIGHTHOUSE = ROOT / "tools" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
START, END = "<!-- lighthouse:start -->", "<!-- lighthouse:end -->"
USERNAME, PASSWORD = "demo", "scorepad-demo"
# The screens the demo account reaches, by what the shell below prints.
PAGES = {
    "home": "/",
    "setup": "/games/shallow-sea/new/",
    "ocean": "{ocean}",
    "result": "{result}",
    "group": "{group}",
    "player": "{player}",
}
# Run by `manage.py shell` after seed_demo: a Shallow Sea play being entered, and where
# each screen is.
PLACES = """
import json
from django.contrib.auth import get_user_model
from scorepad.models import Group, Play, start_play
user = get_user_model().objects.get(username="demo")
group = Group.objects.get(name="Demo table")
me = group.players.get(user=user)
finished = Play.objects.filter(group=group, game="shallow-sea").finished().first()
ongoing = start_play(game="shallow-sea", names=[me.name, "Noor"], options=finished.options,
                     group=group, user=user)
ongoing.results.filter(position=0).update(entry=finished.results.order_by("position")[0].entry)
print("PLACES=" + json.dumps({
    "ocean": f"/plays/{ongoing.uuid}/players/0/ocean/",
    "result": f"/plays/{finished.uuid}/result/",
    "group": group.get_absolute_url(),
    "player": me.get_absolute_url(),
}))
"""


@dataclass(frozen=True)
class Audit:
    page: str
    scores: dict[str, int]
    lcp_ms: float
    tbt_ms: float
    cls: float


def log(message: str) -> None:
    print(f"lighthouse: {message}", file=sys.stderr, flush=True)


def places(env: dict[str, str]) -> dict[str, str]:
    printed = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", PLACES],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    [line] = [x for x in printed.splitlines() if x.startswith("PLACES=")]
    return json.loads(line.removeprefix("PLACES="))


@contextmanager
def signed_in_chromium(base: str, profile: Path) -> Iterator[int]:
    """Debian's chromium, its DevTools on a free port, signed in as the demo account
    through the login form: Lighthouse drives it (--port), and keeps its cookies."""
    port = free_port()
    chromium = subprocess.Popen(
        [
            CHROMIUM,
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            f"--user-data-dir={profile}",
            f"--remote-debugging-port={port}",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        with sync_playwright() as pw:
            for _ in range(100):
                try:
                    browser = pw.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
                    break
                except Exception:  # noqa: BLE001 (not listening yet)
                    time.sleep(0.1)
            page = browser.contexts[0].new_page()
            page.goto(f"{base}/accounts/login/")
            page.get_by_label("Username").fill(USERNAME)
            page.get_by_label(re.compile(r"^Password:?$")).fill(PASSWORD)
            page.get_by_role("button", name="Log in").click()
            page.wait_for_url(f"{base}/")
            page.close()
        yield port
    finally:
        chromium.terminate()
        chromium.wait(timeout=15)


def audit(url: str, port: int, out: Path) -> Audit:
    subprocess.run(
        [
            str(LIGHTHOUSE),
            url,
            "--quiet",
            "--output=json",
            f"--output-path={out}",
            f"--port={port}",
            f"--only-categories={','.join(CATEGORIES)}",
        ],
        check=True,
    )
    report = json.loads(out.read_text())
    audits = report["audits"]
    return Audit(
        page=url,
        scores={c: round(report["categories"][c]["score"] * 100) for c in CATEGORIES},
        lcp_ms=audits["largest-contentful-paint"]["numericValue"],
        tbt_ms=audits["total-blocking-time"]["numericValue"],
        cls=audits["cumulative-layout-shift"]["numericValue"],
    )


def failing(report: Path) -> list[str]:
    """What kept a run below 100: each audit that scored under 1, by its title."""
    data = json.loads(report.read_text())
    found = []
    for category in CATEGORIES:
        for ref in data["categories"][category]["auditRefs"]:
            item = data["audits"][ref["id"]]
            if ref["weight"] and item["score"] is not None and item["score"] < 1:
                found.append(f"{category}: {item['title']} ({item.get('displayValue', '')})")
                for row in (item.get("details") or {}).get("items", [])[:5]:
                    said = row.get("description") or row.get("url") or row.get("node", {})
                    found.append(f"    {said}")
    return found


def installability(base: str, port: int) -> list[str]:
    """Chrome's installability errors for the home page, once its worker runs (in the
    signed-in profile: an incognito window is never installable)."""
    with sync_playwright() as pw:
        browser = pw.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
        page = browser.contexts[0].new_page()
        page.goto(f"{base}/")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        errors = page.context.new_cdp_session(page).send("Page.getInstallabilityErrors")
        page.close()
        return [e["errorId"] for e in errors.get("installabilityErrors", [])]


def section(audits: list[Audit], install: list[str], runs: int, command: str) -> str:
    rows = [
        "| page | Performance | Accessibility | Best Practices | SEO | LCP | TBT | CLS |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for a in audits:
        scores = " | ".join(str(a.scores[c]) for c in CATEGORIES)
        rows.append(
            f"| {a.page} | {scores} | {a.lcp_ms / 1000:.1f} s | {a.tbt_ms:.0f} ms | {a.cls:.3f} |"
        )
    installed = "passes (no error)" if not install else "fails: " + ", ".join(install)
    return "\n".join(
        [
            "## Lighthouse",
            "",
            f"`{command}` on {time.strftime('%Y-%m-%d')}: Lighthouse 12 (mobile: its mid-range "
            f"phone on slow 4G), Debian's chromium, production settings, signed in; the median "
            f"of {runs} runs by Performance.",
            "",
            *rows,
            "",
            f"Chrome's installability check (Page.getInstallabilityErrors) on the home page: "
            f"{installed}.",
        ]
    )


def write_doc(text: str) -> None:
    write_between(DOC, START, END, text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated pages: " + ",".join(PAGES))
    parser.add_argument("--no-write", action="store_true", help="leave docs/performance.md")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        log(f"{LIGHTHOUSE} is missing: run `make lighthouse`, which installs it")
        return 2
    only = [p for p in args.only.split(",") if p] or list(PAGES)
    tmp = Path(tempfile.mkdtemp(prefix="scorepad-lighthouse-"))
    try:
        env = bench_env(tmp, "sqlite")
        env["ALLOWED_HOSTS"] = "127.0.0.1,localhost"
        manage(env, "migrate", "--noinput", "--verbosity=0")
        manage(env, "collectstatic", "--noinput", "--verbosity=0")
        manage(env, "seed_demo")
        where = places(env)
        port = free_port()
        with (
            gunicorn(env, port, tmp),
            signed_in_chromium(base := f"http://localhost:{port}", tmp / "profile") as chrome,
        ):
            audits: list[Audit] = []
            for name in only:
                url = base + PAGES[name].format(**where)
                runs = []
                for n in range(args.runs):
                    out = tmp / f"{name}-{n}.json"
                    runs.append((audit(url, chrome, out), out))
                    log(f"{name} run {n + 1}: {runs[-1][0].scores}")
                kept, report = sorted(runs, key=lambda r: r[0].scores["performance"])[
                    len(runs) // 2
                ]
                for line in failing(report):
                    log(f"{name}: {line}")
                audits.append(Audit(name, kept.scores, kept.lcp_ms, kept.tbt_ms, kept.cls))
            install = installability(base, chrome)
        command = "make lighthouse"
        text = section(audits, install, args.runs, command)
        print(text)
        if not args.no_write and set(only) == set(PAGES):
            write_doc(text)
        perfect = all(all(s == 100 for s in a.scores.values()) and a.cls == 0 for a in audits)
        return 0 if perfect and not install else 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
