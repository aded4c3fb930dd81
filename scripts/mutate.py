"""`make mutate`: how strong the games' tests are. mutmut (pyproject's [tool.mutmut]) makes
small wrong versions of games/ — an operator, a comparison, a number off by one, a
condition negated, a value returned — and runs the pure tests that reach each one; a
mutant the tests do not fail on "survived". Writes the score of each module of games/,
and each survivor, into docs/mutation.md between its markers. A survivor must be killed by
a test, or named in that file's hand-written part with why it cannot change what a player
sees (an equivalent mutant). Not part of `make test`: it takes a while.

Exits 1 when a module scores under the target or a survivor is explained nowhere."""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from mutmut.stats import status_by_exit_code

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import write_between  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "mutation.md"
START, END = "<!-- mutate:start -->", "<!-- mutate:end -->"
TARGET = 97.0  # % of a module's mutants killed
FRESH = "killed in a fresh process"
KILLED = {"killed", "timeout", "caught by type check", FRESH}
MUTANT = re.compile(r"games\.[\wǁ.]+__mutmut_\d+")  # a class's method: "xǁClassǁmethod"


def log(message: str) -> None:
    print(f"mutate: {message}", file=sys.stderr, flush=True)


def mutmut(*args: str, capture: bool = False) -> str:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    done = subprocess.run(
        [sys.executable, "-m", "mutmut", *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=capture,
        text=True,
    )
    return done.stdout if capture else ""


def pure_tests() -> list[str]:
    """pytest's arguments for the pure tests mutmut runs (pyproject's [tool.mutmut])."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
    return [*config["pytest_add_cli_args"], *config["pytest_add_cli_args_test_selection"]]


def killed_in_a_fresh_process(name: str) -> bool:
    """mutmut runs each mutant in a fork of a process that has already imported games/,
    so a function called only as its module is imported (a table built from a
    factory) ran unmutated. A fresh process switches the mutant in before the import."""
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-x", *pure_tests()],
        cwd=ROOT / "mutants",
        env={**env, "MUTANT_UNDER_TEST": name},
        capture_output=True,
    )
    return done.returncode != 0


def try_survivors_afresh(found: dict[str, dict[str, str]], explained: set[str]) -> None:
    """Each survivor not explained already (an explained one cannot be killed)."""
    survivors = [
        n
        for statuses in found.values()
        for n, s in statuses.items()
        if s not in KILLED and n not in explained
    ]
    log(f"trying {len(survivors)} survivors again, each in a fresh process")
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        verdicts = dict(zip(survivors, pool.map(killed_in_a_fresh_process, survivors), strict=True))
    for statuses in found.values():
        for name in statuses:
            if verdicts.get(name):
                statuses[name] = FRESH


def results() -> dict[str, dict[str, str]]:
    """Each module's mutants and what became of each, from mutmut's own records."""
    found: dict[str, dict[str, str]] = {}
    for meta in sorted((ROOT / "mutants" / "games").rglob("*.py.meta")):
        module = meta.relative_to(ROOT / "mutants").as_posix().removesuffix(".meta")
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        found[module] = {name: status_by_exit_code[code] for name, code in codes.items()}
    return found


def explained_survivors() -> set[str]:
    """The mutant names docs/mutation.md explains by hand (outside the written section)."""
    text = DOC.read_text(encoding="utf-8") if DOC.exists() else ""
    if START in text:
        text = text[: text.index(START)] + text[text.index(END) + len(END) :]
    return set(MUTANT.findall(text))


def tally(found: dict[str, dict[str, str]]) -> dict[str, tuple[int, int, list[str]]]:
    """Each module's mutants, how many were killed, and the names of the others."""
    return {
        module: (
            len(statuses),
            sum(s in KILLED for s in statuses.values()),
            [n for n, s in statuses.items() if s not in KILLED],
        )
        for module, statuses in found.items()
        if statuses
    }


def section(
    found: dict[str, dict[str, str]],
    tallied: dict[str, tuple[int, int, list[str]]],
    explained: set[str],
    minutes: float,
    resumed: bool,
) -> str:
    lines = [
        "## The last run",
        "",
        f"`make mutate` on {datetime.date.today().isoformat()}: mutmut over games/ with the "
        f"pure tests, {minutes:.0f} min on {os.cpu_count()} cores"
        f"{' (resumed: only what changed since the last run was run again)' if resumed else ''}"
        ". Killed: the tests "
        "failed on it (or it ran past its time), in mutmut's run or, for a survivor, run "
        "again in a fresh process (see above).",
        "",
        "| module | mutants | killed | survived | of them explained |",
        "| --- | --- | --- | --- | --- |",
    ]
    for module, (total, killed, survivors) in tallied.items():
        lines.append(
            f"| {module} | {total} | {killed} ({100 * killed / total:.1f}%) "
            f"| {len(survivors)} | {sum(n in explained for n in survivors)} |"
        )
    lines += ["", "Survivors (`python -m mutmut show NAME` shows one):", ""]
    for module, (_, _, survivors) in tallied.items():
        for name in survivors:
            mark = "explained above" if name in explained else "**not explained**"
            lines.append(f"- `{name}`: {found[module][name]}, {mark}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="go on from the last run's mutants/")
    parser.add_argument("--no-write", action="store_true", help="leave docs/mutation.md")
    args = parser.parse_args()
    if not args.keep:
        shutil.rmtree(ROOT / "mutants", ignore_errors=True)
    started = datetime.datetime.now()
    mutmut("run", "--max-children", str(os.cpu_count() or 1))
    found = results()
    explained = explained_survivors()
    try_survivors_afresh(found, explained)
    minutes = (datetime.datetime.now() - started).total_seconds() / 60
    tallied = tally(found)
    text = section(found, tallied, explained, minutes, args.keep)
    print(text)
    if not args.no_write:
        write_between(DOC, START, END, text)
    short = [m for m, (total, killed, _) in tallied.items() if 100 * killed / total < TARGET]
    unexplained = [n for _, _, names in tallied.values() for n in names if n not in explained]
    log(
        f"{len(unexplained)} survivors not explained; under {TARGET}%: {', '.join(short) or 'none'}"
    )
    return 1 if short or unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
