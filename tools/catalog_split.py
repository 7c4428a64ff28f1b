"""Move catalog keys from the old layout into ``scorekeeper/i18n/catalogs/``.

The old layout kept one dict per language: ``i18n/it.py`` and ``i18n/en.py``,
with parts in ``it_*.py`` and ``en_*.py``. The new one keeps each key once, in
the module of its feature (``catalogs/__init__.py``'s ``FEATURES``: a key's
first word says its module), its Italian and English texts side by side.

This script reads the old layout at a git revision (or in a folder), compares
it with the old layout at a base revision, and applies the difference to the
feature modules: a key added is written next to its related keys (after its
base key when it is a variant such as ``.one``, ``.fr``, ``.pair``; else after
the key before it in the old file), with the comment lines above it; a key
whose text changed is rewritten; a key removed is deleted. Without a base,
every key of the old layout missing from the modules is added (how the
modules were first filled: ``--theirs e2d2911``).

After ``git merge BRANCH`` where BRANCH still edits ``i18n/it.py`` or ``en.py``
(git stops: they were deleted here), with the merge in progress::

    python tools/catalog_split.py --base "$(git merge-base HEAD BRANCH)" \\
        --theirs BRANCH
    git rm -q scorekeeper/i18n/it.py scorekeeper/i18n/en.py \\
        scorekeeper/i18n/it_*.py scorekeeper/i18n/en_*.py
    python -m ruff format scorekeeper/i18n/catalogs

``--base`` is where BRANCH started: the keys it added, changed and removed
since then are the ones carried over, so keys moved from other branches stay.
When this layout is merged into a main whose ``it.py`` already holds keys
other branches added, the same with ``--base "$(git merge-base HEAD help-b)"
--theirs HEAD``.
A key whose first word no module holds stops the script: add the word to a
module in ``catalogs/__init__.py``'s ``FEATURES`` (and its table). ``--check
--theirs REV`` compares the assembled catalogs with REV's old layout, key by
key (``--check --theirs e2d2911``: nothing changed in the move).
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OLD_DIR = "scorekeeper/i18n"
OLD_FILE = re.compile(r"^(it|en)(_\w+)?\.py$")
CATALOGS_DIR = ROOT / "scorekeeper" / "i18n" / "catalogs"
LANGS = ("it", "en")
VARIANTS = {"one", "fr", "pair"}
WIDTH = 88
ENTRY_INDENT = " " * 4
TEXT_INDENT = " " * 8


@dataclass(frozen=True)
class Old:
    """One key of the old layout: its text, the comment lines above it, the
    key before it in its file."""

    text: str
    comments: tuple[str, ...]
    before: str | None


OldLayout = dict[str, dict[str, Old]]  # language -> key -> Old


def read_old_sources(rev: str | None, folder: Path | None) -> dict[str, str]:
    """The old layout's files (name -> source) at ``rev`` or in ``folder``."""
    if folder is not None:
        return {
            p.name: p.read_text(encoding="utf-8")
            for p in sorted(folder.iterdir())
            if OLD_FILE.match(p.name)
        }
    assert rev is not None
    names = subprocess.run(
        ["git", "ls-tree", "--name-only", f"{rev}:{OLD_DIR}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return {
        name: subprocess.run(
            ["git", "show", f"{rev}:{OLD_DIR}/{name}"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        for name in sorted(names)
        if OLD_FILE.match(name)
    }


def _comments_above(lines: list[str], lineno: int) -> tuple[str, ...]:
    """The comment lines right above line ``lineno`` (1-based)."""
    found: list[str] = []
    i = lineno - 2
    while i >= 0 and lines[i].strip().startswith("#"):
        found.insert(0, lines[i].strip())
        i -= 1
    return tuple(found)


def _text(node: ast.expr | None) -> str | None:
    """The string a node writes, if it is a string constant."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def parse_old(sources: dict[str, str]) -> OldLayout:
    """Every dict of string keys and string texts in the old files, by
    language (``it.py`` first, then ``it_*.py``)."""
    layout: OldLayout = {lang: {} for lang in LANGS}
    for name in sorted(sources, key=lambda n: (n[:2], n != f"{n[:2]}.py", n)):
        lang = name[:2]
        source = sources[name]
        lines = source.splitlines()
        for node in ast.parse(source).body:
            value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
            if not isinstance(value, ast.Dict) or not value.keys:
                continue
            pairs = [
                (_text(k), _text(v), k.lineno if k else 0)
                for k, v in zip(value.keys, value.values, strict=True)
            ]
            before: str | None = None
            for key, text, lineno in pairs:
                if key is None or text is None:
                    break  # not a dict of texts (``CATALOG = {**_SCREENS, ...}``)
                if key in layout[lang]:
                    sys.exit(f"{name}: {key!r} is written twice in the old layout")
                layout[lang][key] = Old(text, _comments_above(lines, lineno), before)
                before = key
    if set(layout["it"]) != set(layout["en"]):
        only = set(layout["it"]) ^ set(layout["en"])
        sys.exit(f"the old layout's languages differ in: {sorted(only)}")
    return layout


# -- the feature modules


def features() -> dict[str, tuple[str, ...]]:
    """Module file name -> the first words of its keys (from the package)."""
    sys.path.insert(0, str(ROOT))
    from scorekeeper.i18n.catalogs import FEATURES

    return {Path(str(m.__file__)).name: prefixes for m, prefixes in FEATURES.items()}


def module_of(key: str, table: dict[str, tuple[str, ...]]) -> Path:
    first = key.split(".", 1)[0]
    for name, prefixes in table.items():
        if first in prefixes:
            return CATALOGS_DIR / name
    sys.exit(
        f"{key!r}: no module holds the keys '{first}.*': add '{first}' to a "
        "module's first words in scorekeeper/i18n/catalogs/__init__.py FEATURES"
    )


@dataclass
class Entry:
    key: str
    first: int  # 0-based line of its first comment, or of the key
    last: int  # 0-based line of its closing ``),``
    texts: tuple[str, str] | None  # None when not two string constants


class Module:
    """A feature module's source, edited line by line."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lines = path.read_text(encoding="utf-8").splitlines()

    def _dict(self) -> ast.Dict:
        for node in ast.parse("\n".join(self.lines)).body:
            if (
                isinstance(node, ast.AnnAssign | ast.Assign)
                and isinstance(node.value, ast.Dict)
                and "WORDS" in ast.unparse(node)
            ):
                return node.value
        sys.exit(f"{self.path}: no WORDS dict")

    def entries(self) -> list[Entry]:
        words = self._dict()
        if words.keys == [] and words.lineno == words.end_lineno:
            # "WORDS: ... = {}": open it so that entries can go in
            i = words.lineno - 1
            self.lines[i : i + 1] = [self.lines[i].replace("{}", "{"), "}"]
            words = self._dict()
        found: list[Entry] = []
        for k, v in zip(words.keys, words.values, strict=True):
            key = _text(k)
            if k is None or key is None or v.end_lineno is None:
                continue
            texts = None
            if isinstance(v, ast.Tuple) and len(v.elts) == len(LANGS):
                it, en = (_text(e) for e in v.elts)
                if it is not None and en is not None:
                    texts = (it, en)
            first = k.lineno - 1
            while self.lines[first - 1].strip().startswith("#"):
                first -= 1
            found.append(Entry(key, first, v.end_lineno - 1, texts))
        return found

    def closing_line(self) -> int:
        end = self._dict().end_lineno
        assert end is not None
        return end - 1

    def insert(self, after: str | None, lines: list[str]) -> None:
        """Put ``lines`` after the entry of key ``after``, else at the end."""
        at = self.closing_line()
        for entry in self.entries():
            if entry.key == after:
                at = entry.last + 1
        self.lines[at:at] = lines

    def replace(self, key: str, lines: list[str], keep_comments: bool) -> None:
        for entry in self.entries():
            if entry.key == key:
                start = entry.first
                if keep_comments:
                    start = next(
                        i
                        for i in range(entry.first, entry.last + 1)
                        if not self.lines[i].strip().startswith("#")
                    )
                self.lines[start : entry.last + 1] = lines
                return
        raise KeyError(key)

    def save(self) -> None:
        self.path.write_text("\n".join(self.lines) + "\n", encoding="utf-8")


def literal(text: str) -> str:
    """``text`` as a Python string literal."""
    assert all(ch == "\n" or ch.isprintable() for ch in text), repr(text)
    # ruff format's choice: double quotes, unless the text holds more of them
    quote = "'" if text.count('"') > text.count("'") else '"'
    body = text.replace("\\", "\\\\").replace(quote, "\\" + quote)
    return quote + body.replace("\n", "\\n") + quote


def wrapped(text: str, indent: str, tail: str) -> list[str]:
    """``text`` as string literals of at most ``WIDTH`` columns, broken
    after spaces; ``tail`` ends the last line."""
    pieces = re.split(r"(?<= )", text)
    lines: list[str] = []
    current = ""
    for piece in pieces:
        trial = current + piece
        if current and len(indent + literal(trial)) > WIDTH - len(tail):
            lines.append(current)
            current = piece
        else:
            current = trial
    lines.append(current)
    out = [indent + literal(chunk) for chunk in lines]
    out[-1] += tail
    return out


def entry_lines(
    key: str, texts: tuple[str, str], comments: tuple[str, ...]
) -> list[str]:
    """The source lines of one key: ``"key": ("Italian", "English"),``."""
    out = [ENTRY_INDENT + c for c in comments]
    one = f"{ENTRY_INDENT}{literal(key)}: ({literal(texts[0])}, {literal(texts[1])}),"
    if len(one) <= WIDTH:
        return [*out, one]
    out.append(f"{ENTRY_INDENT}{literal(key)}: (")
    for text in texts:
        out += wrapped(text, TEXT_INDENT, ",")
    out.append(ENTRY_INDENT + "),")
    return out


def base_of(key: str) -> str:
    """The key a variant is a form of: ``score.missing.one`` -> ``score.missing``."""
    parts = key.split(".")
    while len(parts) > 2 and parts[-1] in VARIANTS:
        parts.pop()
    return ".".join(parts)


def anchor(key: str, module: Module, theirs: OldLayout) -> str | None:
    """The key the new ``key`` goes after in ``module``."""
    present = [e.key for e in module.entries()]
    base = base_of(key)
    if base != key:
        related = [k for k in present if base_of(k) == base]
        if related:
            return related[-1]
    before = theirs["it"][key].before
    while before is not None:
        if before in present:
            return before
        before = theirs["it"][before].before
    return None


def apply(base: OldLayout, theirs: OldLayout, has_base: bool) -> list[str]:
    table = features()
    modules: dict[Path, Module] = {}

    def module(key: str) -> Module:
        path = module_of(key, table)
        if path not in modules:
            modules[path] = Module(path)
        return modules[path]

    present: dict[str, tuple[Module, Entry]] = {}
    for path in sorted(CATALOGS_DIR.glob("*.py")):
        if path.name == "__init__.py":
            continue
        m = modules.setdefault(path, Module(path))
        for entry in m.entries():
            present[entry.key] = (m, entry)

    log: list[str] = []
    for key in theirs["it"]:  # added or changed, in the old files' order
        texts = (theirs["it"][key].text, theirs["en"][key].text)
        if has_base and key in base["it"]:
            was = (base["it"][key].text, base["en"][key].text)
            if was == texts:
                continue
        if key in present:
            m, entry = present[key]
            if entry.texts == texts:
                continue
            if entry.texts is None:
                log.append(f"NOT CHANGED (not plain texts, edit by hand): {key}")
                continue
            m.replace(key, entry_lines(key, texts, ()), keep_comments=True)
            log.append(f"changed {key} in {m.path.name}")
        else:
            m = module(key)
            lines = entry_lines(key, texts, theirs["it"][key].comments)
            m.insert(anchor(key, m, theirs), lines)
            log.append(f"added {key} to {m.path.name}")
        present = {e.key: (mm, e) for mm in modules.values() for e in mm.entries()}
    removed = [k for k in base["it"] if k not in theirs["it"]] if has_base else []
    for key in removed:
        if key in present:
            m, entry = present[key]
            m.replace(key, [], keep_comments=False)
            log.append(f"removed {key} from {m.path.name}")
            present = {e.key: (mm, e) for mm in modules.values() for e in mm.entries()}
    if not has_base:
        stale = sorted(k for k in present if k not in theirs["it"])
        log += [f"only in the modules (kept): {k}" for k in stale]
    for m in modules.values():
        m.save()
    return log


def check(theirs: OldLayout) -> list[str]:
    """The differences between the assembled catalogs and the old layout's."""
    code = (
        "import json; from scorekeeper.i18n.catalogs import catalog; "
        "print(json.dumps({l: catalog(l) for l in ('it', 'en')}))"
    )
    import json

    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True
    )
    now = json.loads(done.stdout)
    problems = []
    for lang in LANGS:
        old = {k: o.text for k, o in theirs[lang].items()}
        for key in sorted(set(old) | set(now[lang])):
            if old.get(key) != now[lang].get(key):
                problems.append(
                    f"{lang} {key}: {old.get(key)!r} -> {now[lang].get(key)!r}"
                )
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--theirs", help="git revision holding the old layout")
    parser.add_argument("--theirs-dir", type=Path, help="folder holding it.py...")
    parser.add_argument("--base", help="git revision the changes are counted from")
    parser.add_argument(
        "--check", action="store_true", help="only compare, change nothing"
    )
    args = parser.parse_args()
    if (args.theirs is None) == (args.theirs_dir is None):
        parser.error("give one of --theirs, --theirs-dir")
    theirs = parse_old(read_old_sources(args.theirs, args.theirs_dir))
    if args.check:
        problems = check(theirs)
        print("\n".join(problems) or "the catalogs equal the old layout's")
        sys.exit(1 if problems else 0)
    if args.base:
        base = parse_old(read_old_sources(args.base, None))
    else:
        base = {lang: {} for lang in LANGS}
    for line in apply(base, theirs, has_base=args.base is not None):
        print(line)


if __name__ == "__main__":
    main()
