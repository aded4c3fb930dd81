"""Our JavaScript modules as one file: each entry (a page's ``<script type="module">``,
the service worker's store) with the modules it imports written into it, so that a screen
fetches one script of the site's, and no ``import`` has to name a file by its hashed name.

A module becomes an expression, ``(() => { <its code>; return {<its exports>}; })()``,
bound to a name of its own; ``import * as x from "./m.js"`` and ``import {a, b as c} from
"./m.js"`` become ``const`` bindings of that object. Each module runs once, in import
order, as the browser would run it. Only what our modules write is understood: relative
imports of our own files, and ``export`` before ``function``, ``async function``,
``const``, ``let`` or ``class``; anything else is refused at collectstatic, not at a
player's table."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable

IMPORT = re.compile(
    r"^import\s+(?:\*\s+as\s+(?P<star>\w+)|\{(?P<names>[^}]*)\})\s+from\s+\"(?P<path>\.{1,2}/[^\"]+)\";?[ \t]*$",
    re.M,
)
ANY_IMPORT = re.compile(r"^\s*(?:(?:import|export)\b[^\n]*\bfrom\s*[\"']|import\s*[\"'])", re.M)
EXPORT = re.compile(
    r"^export\s+(?P<kind>(?:async\s+)?function\*?|const|let|class)\s+(?P<name>\w+)", re.M
)
OTHER_EXPORT = re.compile(r"^export\b", re.M)


class BundleError(ValueError):
    pass


def is_entry(code: str) -> bool:
    """Whether a script is an entry to bundle: it imports, and exports nothing (a module
    that exports is written into the entries that import it; its own file stays as
    written, for development, where the browser imports each file)."""
    return bool(ANY_IMPORT.search(code)) and not OTHER_EXPORT.search(code)


def _rewrite_imports(code: str, here: str, need: Callable[[str], str]) -> str:
    def one(match: re.Match[str]) -> str:
        var = need(posixpath.normpath(posixpath.join(posixpath.dirname(here), match["path"])))
        if match["star"]:
            return f"const {match['star']} = {var};"
        names = [n.strip() for n in match["names"].split(",") if n.strip()]
        bound = ", ".join(n.replace(" as ", ": ") for n in names)
        return f"const {{ {bound} }} = {var};"

    code = IMPORT.sub(one, code)
    if ANY_IMPORT.search(code):
        raise BundleError(f"{here}: an import this bundler does not read")
    return code


def module_expression(code: str, path: str) -> tuple[str, list[str]]:
    """A module without imports as an expression giving its exports."""
    names = [m["name"] for m in EXPORT.finditer(code)]
    code = EXPORT.sub(lambda m: f"{m['kind']} {m['name']}", code)
    if OTHER_EXPORT.search(code):
        raise BundleError(f"{path}: an export this bundler does not read")
    return f"(() => {{\n{code}\nreturn {{ {', '.join(names)} }};\n}})()", names


def bundle(entry: str, code: str, read: Callable[[str], str]) -> str:
    """The entry (its static path and code) with every module it imports written in;
    ``read`` gives a module's code from its static path."""
    order: list[str] = []
    done: dict[str, str] = {}
    busy: set[str] = set()

    def need(path: str) -> str:
        if path not in done:
            if path in busy:
                raise BundleError(f"{path}: imported in a cycle")
            busy.add(path)
            source = _rewrite_imports(read(path), path, need)
            expression, _ = module_expression(source, path)
            var = f"$m{len(order)}"  # a name no module of ours uses ("$m0 = …/events.js")
            order.append(f"// {path}\nconst {var} = {expression};")
            done[path] = var
        return done[path]

    body = _rewrite_imports(code, entry, need)
    if OTHER_EXPORT.search(body):
        raise BundleError(f"{entry}: an entry exports nothing")
    return "\n".join([*order, body])
