"""The bundler collectstatic writes each entry module with (scorepad/bundle.py), and the
service worker's store."""

from __future__ import annotations

import re
import subprocess
from typing import Any

import pytest

from scorepad.bundle import BundleError, bundle, bundle_css, is_entry
from scorepad.storage import minify_js, read_static
from scorepad.templatetags.stylesheets import sheets_of, stylesheet

MODULES = {
    "site/a.js": 'import * as b from "./b.js";\nexport const a = () => b.two() + 1;\n',
    "site/b.js": 'import { one as uno } from "./lib/c.js";\nexport function two() {\n  return uno() * 2;\n}\n',
    "site/lib/c.js": "export const one = () => 1;\n",
}


def node(code: str) -> str:
    """What a script prints under Node (a classic script: no import or export)."""
    return subprocess.run(
        ["node", "-e", code], capture_output=True, text=True, check=True
    ).stdout.strip()


def test_an_entry_runs_its_imports_once_in_order() -> None:
    entry = 'import { a } from "./a.js";\nimport * as b from "./b.js";\nglobalThis.out = [a(), b.two()];\n'
    assert is_entry(entry)
    assert not is_entry(MODULES["site/a.js"])  # it exports: written into its entries
    code = bundle("site/main.js", entry, MODULES.__getitem__)
    assert "import" not in code and "export" not in code
    assert code.index("site/lib/c.js") < code.index("site/b.js") < code.index("site/a.js")
    assert code.count("// site/b.js") == 1
    assert (
        node(code + "\nconsole.log(JSON.stringify(globalThis.out));") == "[3,2]"
    )  # a() is two() + 1, two() is one() * 2


@pytest.mark.parametrize(
    "source",
    [
        'import x from "./lib/c.js";\nx();\n',  # a default import
        'import "./lib/c.js"\nimport "./lib/x.js" with { type: "json" };\n',  # an attribute
    ],
)
def test_what_it_does_not_read_is_refused(source: str) -> None:
    with pytest.raises(BundleError):
        bundle("site/main.js", source, MODULES.__getitem__)


def test_a_default_export_is_refused() -> None:
    with pytest.raises(BundleError):
        bundle(
            "site/main.js",
            'import * as d from "./d.js";\n',
            {"site/d.js": "export default 1;\n"}.__getitem__,
        )


def test_the_site_script_bundles_and_parses() -> None:
    code = bundle("scorepad/scorepad.js", read_static("scorepad/scorepad.js"), read_static)
    for module in ("events", "outbox-state", "outbox-store", "outbox-screen", "controls"):
        assert f"// scorepad/{module}.js" in code
    subprocess.run(
        ["node", "--check", "--input-type=module", "-"], input=code, text=True, check=True
    )


def test_an_entrys_hashed_name_follows_its_imports(monkeypatch: pytest.MonkeyPatch) -> None:
    from django.core.files.base import ContentFile

    from scorepad import storage

    files = storage.MinifiedStaticFilesStorage()
    entry = read_static("scorepad/scorepad.js")
    before = files.file_hash("scorepad/scorepad.js", ContentFile(entry.encode()))
    changed = {"scorepad/controls.js": read_static("scorepad/controls.js") + "\n// changed\n"}
    monkeypatch.setattr(storage, "read_static", lambda path: changed.get(path) or read_static(path))
    after = files.file_hash("scorepad/scorepad.js", ContentFile(entry.encode()))
    assert before and after and before != after


def test_an_entry_may_run_another_entry() -> None:
    modules = {**MODULES, "site/site.js": 'import { a } from "./a.js";\nglobalThis.out = [a()];\n'}
    game = 'import "./site.js";\nimport { one } from "./lib/c.js";\nglobalThis.out.push(one());\n'
    code = bundle("site/game.js", game, modules.__getitem__)
    assert node(code + "\nconsole.log(JSON.stringify(globalThis.out));") == "[3,1]"
    assert code.count("// site/lib/c.js") == 1


def test_a_screens_stylesheet_holds_the_ones_it_imports_in_order() -> None:
    sheets = {"site/site.css": "body { color: red }\n", "game/game.css": ".c { color: blue }\n"}
    entry = '/* one */\n@import url("../site/site.abcdef012345.css");\n@import url("./game.css");\n'
    code = bundle_css("game/screens.css", entry, sheets.__getitem__)
    assert code == "/* one */\nbody { color: red }\n\n.c { color: blue }\n\n"
    assert bundle_css("game/game.css", sheets["game/game.css"], sheets.__getitem__) is None
    with pytest.raises(BundleError):
        bundle_css(
            "game/screens.css",
            '@import url("./i.css");\n',
            {"game/i.css": "a{b:url(x.png)}"}.__getitem__,
        )


def test_the_workers_store_bundles_as_a_classic_script() -> None:
    """In production /sw.js imports it (importScripts: a classic script, no import or
    export left), and finds the store's exports on ``OutboxStore``."""
    entry = "scorepad/outbox-worker.js"
    code = bundle(entry, read_static(entry), read_static)
    assert not re.search(r"^\s*(?:import|export)\b", code, re.M)
    found = node(
        "globalThis.self = globalThis;\n"
        + code
        + "\nconsole.log(Object.keys(OutboxStore).sort().join())"
    )
    assert {"accountOf", "all", "exclusive", "identityOf", "send"} <= set(found.split(","))
    # Minified as it is shipped: the worker still finds the store by its name.
    shipped = node(
        "globalThis.self = globalThis;\n"
        + minify_js(code)
        + "\nconsole.log(Object.keys(OutboxStore).sort().join())"
    )
    assert shipped == found


def test_a_shipped_script_has_its_local_names_shortened() -> None:
    """terser, not only spaces stripped: the board's script is a sixth smaller in Brotli,
    and still a module that parses."""
    entry = "shallow_sea/board-screen.js"
    code = bundle(entry, read_static(entry), read_static)
    shipped = minify_js(code)
    subprocess.run(
        ["node", "--check", "--input-type=module", "-"], input=shipped, text=True, check=True
    )
    assert "function holdsFormOf(" in code and "holdsFormOf" not in shipped
    assert "// scorepad/" not in shipped
    assert len(shipped) < 0.8 * len(code)


def test_a_shallow_sea_screen_has_one_stylesheet_the_sites_and_the_games() -> None:
    """A game screen waits for one stylesheet: the site's rules, then the game's. The
    board's leaves out the rules only the site's other screens use."""
    every, others = (
        read_static("scorepad/every-screen.css"),
        read_static("scorepad/site-screens.css"),
    )
    game = read_static("shallow_sea/shallow-sea.css")
    games_others = read_static("shallow_sea/other-screens.css")
    site = bundle_css("scorepad/scorepad.css", read_static("scorepad/scorepad.css"), read_static)
    screens = bundle_css(
        "shallow_sea/screens.css", read_static("shallow_sea/screens.css"), read_static
    )
    board = bundle_css(
        "shallow_sea/board-screen.css", read_static("shallow_sea/board-screen.css"), read_static
    )
    assert site is not None and screens is not None and board is not None
    assert site.index(every) < site.index(others)
    assert screens.index(every) < screens.index(others) < screens.index(game)
    assert screens.index(game) < screens.index(games_others)
    assert board.index(every) < board.index(game)
    assert others not in board and games_others not in board


def test_a_screen_links_its_stylesheets_one_bundle_or_each_as_written(settings: Any) -> None:
    """Served as written (development, the tests), a screen links each sheet its entry
    imports, so no @import is left to follow; collected, it links the one bundle."""
    links = re.findall(r'href="/static/([^"]+)"', str(stylesheet("shallow_sea/board-screen.css")))
    assert links == ["scorepad/every-screen.css", "shallow_sea/shallow-sea.css"]
    assert sheets_of("shallow_sea/shallow-sea.css") == ["shallow_sea/shallow-sea.css"]
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "scorepad.storage.MinifiedStaticFilesStorage"},
    }
    assert sheets_of("shallow_sea/board-screen.css") == ["shallow_sea/board-screen.css"]


def test_a_screen_that_draws_results_has_one_stylesheet() -> None:
    """A result, a group, a player or a year waits for one stylesheet: the site's rules,
    then the results' (which no screen entering a game fetches)."""
    every, others, results = (
        read_static(f"scorepad/{name}.css") for name in ("every-screen", "site-screens", "results")
    )
    screen = bundle_css(
        "scorepad/results-screen.css", read_static("scorepad/results-screen.css"), read_static
    )
    solo = bundle_css(
        "shallow_sea/solo-screen.css", read_static("shallow_sea/solo-screen.css"), read_static
    )
    assert screen is not None and solo is not None
    assert screen.index(every) < screen.index(others) < screen.index(results)
    assert solo.index(read_static("shallow_sea/shallow-sea.css")) < solo.index(results)
    for entry in (
        "scorepad/scorepad.css",
        "shallow_sea/screens.css",
        "shallow_sea/board-screen.css",
    ):
        bundled = bundle_css(entry, read_static(entry), read_static)
        assert bundled is not None and results not in bundled
