"""The import graph of the site's own modules (``scorepad/`` and ``games/``) has no cycle.

Read from the source, not by importing: every ``import`` and ``from … import`` at a
module's top level (inside ``try``/``if`` blocks too, but not under ``if TYPE_CHECKING:``
and not inside a function or class body, which run later), relative imports resolved.
``import a.b.c`` depends on the module ``a.b.c``; ``from a.b import c`` on the module
``a.b.c`` when there is one, else on ``a.b``. The packages Python runs on the way (``a``,
``a.b``) are not counted: a package's ``__init__`` importing its own children is how a
package is built, and nothing reads a name of a package it is only passing through.
Migrations are left out: Django loads them, nothing imports them.
"""

from __future__ import annotations

import ast
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent
TOPS = ("scorepad", "games")


def module_files() -> dict[str, Path]:
    """Every module of the site's own packages by dotted name."""
    found = {}
    for top in TOPS:
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" in parts:
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def top_level_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """The imports that run when the module is imported."""
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(statements: list[ast.stmt]) -> None:
        for statement in statements:
            if isinstance(statement, ast.Import | ast.ImportFrom):
                found.append(statement)
            elif isinstance(statement, ast.If):
                if not is_type_checking(statement.test):
                    walk(statement.body)
                walk(statement.orelse)
            elif isinstance(statement, ast.Try):
                for block in (statement.body, statement.orelse, statement.finalbody):
                    walk(block)
                for handler in statement.handlers:
                    walk(handler.body)
            elif isinstance(statement, ast.With):
                walk(statement.body)

    walk(tree.body)
    return found


def imported_by(name: str, path: Path, modules: set[str]) -> set[str]:
    """The site's own modules that importing ``name`` runs first."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    edges: set[str] = set()
    for statement in top_level_imports(ast.parse(path.read_text(), str(path))):
        if isinstance(statement, ast.Import):
            edges.update(alias.name for alias in statement.names)
            continue
        if statement.level:
            base = package.split(".")
            base = base[: len(base) - (statement.level - 1)]
            source = ".".join([*base, *([statement.module] if statement.module else [])])
        else:
            source = statement.module or ""
        for alias in statement.names:
            child = f"{source}.{alias.name}"
            edges.add(child if child in modules else source)
    return {edge for edge in edges if edge in modules and edge != name}


def import_graph() -> dict[str, set[str]]:
    files = module_files()
    return {name: imported_by(name, path, set(files)) for name, path in files.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The graph's strongly connected components of more than one module (Tarjan), each
    as one cycle through all of it where there is one, else its members, sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return [one_cycle(graph, component) for component in components]


def one_cycle(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """A path from the component's first module back to it, within the component: the
    cycle to break, as a reader would follow it."""
    start, members = component[0], set(component)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for other in sorted(graph[node] & members):
                if other == start:
                    return [*paths[node], start]
                if other not in paths:
                    paths[other] = [*paths[node], other]
                    following.append(other)
        frontier = following
    return component


def test_the_graph_reads_imports_as_python_runs_them() -> None:
    """The reader itself: relative imports, parents, TYPE_CHECKING and function bodies."""
    source = (
        "from __future__ import annotations\n"
        "from typing import TYPE_CHECKING\n"
        "from . import sibling\n"
        "from ..other import thing\n"
        "import games.deep.module\n"
        "if TYPE_CHECKING:\n"
        "    from scorepad.models import Play\n"
        "def later():\n"
        "    from scorepad import views\n"
    )
    tree = ast.parse(source)
    assert len(top_level_imports(tree)) == 5
    modules = {
        "scorepad",
        "scorepad.pads",
        "scorepad.pads.game",
        "scorepad.pads.game.sibling",
        "scorepad.pads.game.here",
        "scorepad.pads.other",
        "scorepad.models",
        "scorepad.views",
        "games",
        "games.deep",
        "games.deep.module",
    }
    path = ROOT / "tests" / "imports-probe" / "here.py"
    try:
        path.parent.mkdir(exist_ok=True)
        path.write_text(source)
        edges = imported_by("scorepad.pads.game.here", path, modules)
    finally:
        path.unlink(missing_ok=True)
        path.parent.rmdir()
    assert edges == {"scorepad.pads.game.sibling", "scorepad.pads.other", "games.deep.module"}


def test_a_cycle_is_found_and_named() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_among_the_sites_modules() -> None:
    graph = import_graph()
    assert "scorepad.models" in graph and "games.contract" in graph  # it read the site
    found = cycles(graph)
    assert found == [], "import cycles: " + "; ".join(" -> ".join(c) for c in found)


# --- A game's codec reaches none of its screens ------------------------------------------------


def with_registries(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The graph with the registries' own imports: ``scorepad.codecs`` imports each package's
    ``codecs`` and ``scorepad.pads`` its ``pads`` when first asked (``import_module``), which
    no import statement shows."""
    graph = {name: set(edges) for name, edges in graph.items()}
    for package in settings.SCOREPAD_PADS:
        for registry, module in (("scorepad.codecs", "codecs"), ("scorepad.pads", "pads")):
            if f"{package}.{module}" in graph:
                graph[registry].add(f"{package}.{module}")
    return graph


def reached(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module importing ``start`` runs, ``start`` too."""
    seen, todo = {start}, [start]
    while todo:
        for other in graph[todo.pop()] - seen:
            seen.add(other)
            todo.append(other)
    return seen


def screens(modules: set[str]) -> set[str]:
    """The modules among these that draw screens: views, forms, URL confs, the pads."""
    pads = {f"{package}.pads" for package in settings.SCOREPAD_PADS}
    return {
        m
        for m in modules
        if {"views", "forms", "urls"} & set(m.split(".")) or m in pads or m == "scorepad.pads"
    }


def test_models_and_codecs_reach_no_screen() -> None:
    """What models, exports and records use of a game (its codec) is apart from its screens:
    importing a codec, or a model asking a play's game for its input, draws in no view."""
    graph = with_registries(import_graph())
    codecs = [f"{p}.codecs" for p in settings.SCOREPAD_PADS if f"{p}.codecs" in graph]
    assert len(codecs) >= 3  # every package of the site's own has one
    exports = [m for m in graph if m.startswith("scorepad.exports.")]
    assert len(exports) >= 4  # the CSV, the document, BG Stats and the import
    for start in ["scorepad.models", *exports, "scorepad.records", *codecs]:
        assert screens(reached(graph, start)) == set(), start
    # And the URL conf does reach them: the check above can see a screen.
    assert "scorepad.pads.rounds.views" in screens(reached(graph, "scorepad.urls"))
