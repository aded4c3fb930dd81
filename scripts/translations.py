"""The site's catalogues (docs/languages.md).

extract   every string marked for translation into the .po files of each language:
          locale/ for the site, games/locale for the words the games share, and each
          game's locale folder for its own (Django's makemessages puts a file's strings
          in the nearest locale folder above it)
check     what `make lint` runs: fails when a template shows text not marked for
          translation, when a marked string is missing from a catalogue (extracted
          afresh into a scratch copy and compared), or when a catalogue has a string
          untranslated or fuzzy
"""

from __future__ import annotations

import argparse
import html.parser
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("de", "fr")
SKIPPED = (".venv", "node_modules", "mutants", "staticfiles", "tools", "test-artifacts", "docs")
CATALOGUES = ("locale", "games/locale", "games/*/locale")
# Text a template may show as it is in every language: the brand, and what is not words.
NOT_WORDS = re.compile(r"Scorepad|&[a-z]+;|&#\d+;|[^A-Za-zÀ-ÿ]")
# Attributes a person sees or hears.
SHOWN_ATTRIBUTES = {"alt", "title", "aria-label", "placeholder", "aria-description"}
TEMPLATE_TAG = re.compile(r"{%.*?%}|{{.*?}}|{#.*?#}", re.DOTALL)


def extract(root: Path = ROOT) -> None:
    """The pages' and the Python's words (domain django), then the scripts' (djangojs)."""
    for domain, extensions in (("django", "html,txt,py"), ("djangojs", "js")):
        _makemessages(root, domain, extensions)


def _makemessages(root: Path, domain: str, extensions: str) -> None:
    command = [
        sys.executable,
        "manage.py",
        "makemessages",
        f"--domain={domain}",
        *(f"--locale={language}" for language in LANGUAGES),
        f"--extension={extensions}",
        "--no-obsolete",
        "--add-location=file",
        *(f"--ignore={skipped}/*" for skipped in SKIPPED),
        "--ignore=tests/*",
        "--ignore=scripts/*",
        "--ignore=*/migrations/*",
        "--ignore=*/management/*",
        "--verbosity=0",
    ]
    env = {**os.environ, "DEBUG": "1"}
    env.pop("DATABASE_URL", None)
    subprocess.run(command, cwd=root, env=env, check=True)


def catalogues(root: Path) -> list[Path]:
    return sorted(
        p for pattern in CATALOGUES for p in root.glob(f"{pattern}/*/LC_MESSAGES/django*.po")
    )


def entries(po: Path) -> dict[tuple[str, str], tuple[list[str], bool]]:
    """Each (context, msgid) of a .po file with its translations and whether it is fuzzy."""
    found: dict[tuple[str, str], tuple[list[str], bool]] = {}
    for block in po.read_text(encoding="utf-8").split("\n\n"):
        fields: dict[str, str] = {}
        current = ""
        fuzzy = False
        for line in block.splitlines():
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            elif line.startswith("#") or not line.strip():
                continue
            elif line.startswith('"'):
                fields[current] += _unquote(line)
            else:
                current, _, rest = line.partition(" ")
                fields[current] = _unquote(rest)
        if "msgid" not in fields or not fields["msgid"]:
            continue  # the header
        translations = [v for k, v in fields.items() if k.startswith("msgstr")]
        found[fields.get("msgctxt", ""), fields["msgid"]] = (translations, fuzzy)
    return found


def _unquote(quoted: str) -> str:
    return quoted.strip()[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape")


class ShownText(html.parser.HTMLParser):
    """The text of a template (its tags taken out) a person would see or hear."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.shown: list[tuple[int, str]] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.hidden += 1
        for name, value in attrs:
            if name in SHOWN_ATTRIBUTES and value:
                self.shown.append((self.getpos()[0], value))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.hidden = max(0, self.hidden - 1)

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.shown.append((self.getpos()[0], data))


def unmarked_template_text(root: Path) -> list[str]:
    """Each line of a template showing words outside ``{% translate %}`` and
    ``{% blocktranslate %}`` (whose words are taken out first)."""
    problems = []
    for template in sorted((root / "templates").rglob("*.html")):
        source = template.read_text(encoding="utf-8")
        for block in ("blocktranslate", "comment"):
            source = re.sub(
                rf"{{%\s*{block}\b.*?%}}.*?{{%\s*end{block}\s*%}}", "", source, flags=re.DOTALL
            )
        parser = ShownText()
        parser.feed(TEMPLATE_TAG.sub(" ", source))
        for line, text in parser.shown:
            if NOT_WORDS.sub("", text):
                where = template.relative_to(root)
                problems.append(f"{where}:{line}: not marked for translation: {text.strip()!r}")
    return problems


def missing_from_catalogues(root: Path) -> list[str]:
    """Extracts afresh into a scratch copy and compares its strings with the committed."""
    problems = []
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / "tree"
        shutil.copytree(
            root, copy, ignore=shutil.ignore_patterns(*SKIPPED, ".git", "*.mo", "__pycache__")
        )
        (copy / ".venv").symlink_to(root / ".venv")
        extract(copy)
        for fresh in catalogues(copy):
            relative = fresh.relative_to(copy)
            committed = root / relative
            known = entries(committed) if committed.exists() else {}
            for context, message in entries(fresh):
                if (context, message) not in known:
                    problems.append(f"{relative}: not in the catalogue: {message!r}")
    return problems


# A gettext function imported under another name than its own or ``_``: makemessages
# knows functions by name, so every string passed through the alias is never extracted.
HIDDEN_GETTEXT = re.compile(r"\b(?:n|p|np)?gettext(?:_lazy|_noop)?\s+as\s+(?!_\b)\w+")


def hidden_gettext(root: Path) -> list[str]:
    problems = []
    for folder in ("games", "scorepad"):
        for source in sorted((root / folder).rglob("*.py")):
            for line, text in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
                if HIDDEN_GETTEXT.search(text):
                    where = source.relative_to(root)
                    problems.append(f"{where}:{line}: makemessages cannot see through {text!r}")
    return problems


def untranslated(root: Path) -> list[str]:
    problems = []
    for po in catalogues(root):
        for (_, message), (translations, fuzzy) in entries(po).items():
            if fuzzy or not all(translations):
                state = "fuzzy" if fuzzy else "untranslated"
                problems.append(f"{po.relative_to(root)}: {state}: {message!r}")
    return problems


def check() -> int:
    problems = (
        unmarked_template_text(ROOT)
        + hidden_gettext(ROOT)
        + missing_from_catalogues(ROOT)
        + untranslated(ROOT)
    )
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"translations: {len(problems)} problems (docs/languages.md)", file=sys.stderr)
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("extract", "check"))
    args = parser.parse_args()
    if args.command == "extract":
        extract()
        return 0
    return check()


if __name__ == "__main__":
    sys.exit(main())
