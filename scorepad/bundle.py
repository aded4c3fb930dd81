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
    r"^import\s+(?:(?:\*\s+as\s+(?P<star>\w+)|\{(?P<names>[^}]*)\})\s+from\s+)?"
    r"\"(?P<path>\.{1,2}/[^\"]+)\";?[ \t]*$",
    re.M,
)
ANY_IMPORT = re.compile(r"^\s*(?:(?:import|export)\b[^\n]*\bfrom\s*[\"']|import\s*[\"'])", re.M)
EXPORT = re.compile(
    r"^export\s+(?P<kind>(?:async\s+)?function\*?|const|let|class)\s+(?P<name>\w+)", re.M
)
OTHER_EXPORT = re.compile(r"^export\b", re.M)
# "export {};": a script that is a module only for TypeScript (it exports nothing).
NOTHING = re.compile(r"^export\s*\{\s*\};?[^\n]*$", re.M)


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
        if match["names"] is None:
            return ""  # run for what it does (another entry): it ran where it was written in
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
    code = NOTHING.sub("", code)
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


# A stylesheet's own imports: ``@import url("./x.css");`` alone on its line.
CSS_IMPORT = re.compile(
    r"^@import\s+url\(\s*[\"']?(?P<path>\.{1,2}/[^\"')]+)[\"']?\s*\)\s*;[ \t]*$", re.M
)
HASHED = re.compile(r"\.[0-9a-f]{12}(?=\.css$)")


def bundle_css(entry: str, code: str, read: Callable[[str], str]) -> str | None:
    """A stylesheet that imports ours (a screen's one stylesheet) with them written in, in
    their order; None for one that imports nothing. Their paths may already carry hashed
    names (collectstatic hashes them first). An imported stylesheet may not import nor
    name a file (``url()``): its paths would be read from the wrong place."""
    if not CSS_IMPORT.search(code):
        return None

    def one(match: re.Match[str]) -> str:
        path = posixpath.normpath(
            posixpath.join(posixpath.dirname(entry), HASHED.sub("", match["path"]))
        )
        source = read(path)
        if "url(" in source or "@import" in source:
            raise BundleError(
                f"{path}: a stylesheet written into {entry} may not use url() or @import"
            )
        return source

    bundled = CSS_IMPORT.sub(one, code)
    if "@import" in bundled:
        raise BundleError(f"{entry}: an @import this bundler does not read")
    return bundled
