"""Move modules and data files with ``git mv`` and rewrite every mention of their old names (issue 26).

Usage:
    python -m tests.tools.rewrite_imports move STEP.json    # git mv, then rewrite the whole tree
    python -m tests.tools.rewrite_imports rewrite [FILE...]  # rewrite only (default: every tracked text file)

STEP.json: ``{"modules": {"companion.engine": "companion.games.sevenwonders.rules", ...}, "files":
{"companion/data/cards.json": "companion/games/sevenwonders/data/cards.json"}, "names": {"companion.gamedata":
{"Card": "companion.games.sevenwonders.rules.model"}}}``. Every step's mapping is added to
tests/tools/moved_modules.json, so that ``rewrite`` also fixes code written against the old names on
another branch (after merging it, run ``rewrite`` on the files it brought). Dotted names are rewritten in
.py, .kv, .md, .toml and .spec files (imports, ``#:import`` lines, ``mock.patch`` strings), slashed paths
(``companion/engine/build.py``) too; ``names`` splits ``from PACKAGE import A, B`` when the names now live
in different modules. Then ``ruff check --select I --fix`` sorts the imports.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MOVED = Path(__file__).with_name("moved_modules.json")
SUFFIXES = (".py", ".kv", ".md", ".toml", ".spec", ".in", ".txt", ".cfg", ".sh")


def _load(path: Path) -> dict[str, dict]:
    if not path.exists():
        return {"modules": {}, "files": {}, "names": {}}
    data = json.loads(path.read_text(encoding="utf-8"))
    for key in ("modules", "files", "names"):
        data.setdefault(key, {})
    for key in ("modules", "files"):                   # a module moved twice: straight to where it is now
        table = data[key]
        for old in table:
            seen = {old}
            while table[old] in table and table[old] not in seen:
                seen.add(table[old])
                table[old] = table[table[old]]
    return data


def _module_path(name: str) -> Path:
    path = ROOT / Path(*name.split("."))
    return path if path.is_dir() else path.with_suffix(".py")


def _split_names(text: str, names: dict[str, dict[str, str]]) -> str:
    """``from companion.gamedata import Card, Effect`` -> one statement per module the names now live in."""
    for package, targets in names.items():
        pattern = re.compile(r"^(?P<indent>[ \t]*)from " + re.escape(package) +
                             r" import (?P<names>\([^)]*\)|[^\n(]*)$", re.M)

        def replace(match: re.Match[str], targets: dict[str, str] = targets, package: str = package) -> str:
            raw = match.group("names").strip("()")
            items = [part.strip() for part in raw.replace("\n", ",").split(",") if part.strip()]
            items = [item for item in items if not item.startswith("#")]
            by_module: dict[str, list[str]] = {}
            for item in items:
                name = item.split(" as ")[0].strip()
                by_module.setdefault(targets.get(name, package), []).append(item)
            indent = match.group("indent")
            return "\n".join(f"{indent}from {module} import {', '.join(sorted(found))}"
                             for module, found in sorted(by_module.items()))

        text = pattern.sub(replace, text)
    return text


def rewrite_text(text: str, moved: dict[str, dict]) -> str:
    """`text` with every old module name and path replaced by the new one."""
    modules: dict[str, str] = moved["modules"]
    text = _split_names(text, moved["names"])
    if modules:
        olds = sorted(modules, key=len, reverse=True)
        dotted = re.compile(r"(?<![\w.])(" + "|".join(map(re.escape, olds)) + r")(?=[\s.,:;)\]'\"`]|$)", re.M)
        text = dotted.sub(lambda m: modules[m.group(1)], text)
    paths = {old.replace(".", "/"): new.replace(".", "/") for old, new in modules.items()}
    paths.update({old: new for old, new in moved["files"].items()})
    if paths:
        slashed = re.compile(r"(?<![\w/])(" + "|".join(map(re.escape, sorted(paths, key=len, reverse=True))) +
                             r")(?=[./\s`'\"):;,#]|$)", re.M)
        text = slashed.sub(lambda m: paths[m.group(1)], text)
    return text


def tracked_text_files() -> list[Path]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [ROOT / name for name in out.splitlines() if name.endswith(SUFFIXES) and (ROOT / name).is_file()]


def rewrite(files: list[Path], moved: dict[str, dict]) -> list[Path]:
    changed = []
    for path in files:
        if path in (MOVED, Path(__file__).resolve()):
            continue
        text = path.read_text(encoding="utf-8")
        new = rewrite_text(text, moved)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(path)
    python = [str(p) for p in changed if p.suffix == ".py"]
    if python:
        subprocess.run([sys.executable, "-m", "ruff", "check", "--select", "I", "--fix", "-q", *python], cwd=ROOT)
    return changed


def move(step: dict[str, dict]) -> None:
    for old, new in step.get("modules", {}).items():
        source, target = _module_path(old), ROOT / Path(*new.split("."))
        if source.is_file():
            target = target.with_suffix(".py")
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.exists() and not target.exists():
            subprocess.run(["git", "mv", str(source), str(target)], cwd=ROOT, check=True)
        elif source.is_dir():                               # a package moved into an existing folder: file by file
            for child in sorted(source.iterdir()):
                if child.suffix == ".py":
                    subprocess.run(["git", "mv", str(child), str(target / child.name)], cwd=ROOT, check=True)
    for old, new in step.get("files", {}).items():
        (ROOT / new).parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "mv", old, new], cwd=ROOT, check=True)
    moved = _load(MOVED)
    for key in ("modules", "files"):
        moved[key].update(step.get(key, {}))
    for package, targets in step.get("names", {}).items():
        moved["names"].setdefault(package, {}).update(targets)
    MOVED.write_text(json.dumps(moved, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    changed = rewrite(tracked_text_files(), _load(MOVED))
    print(f"moved {len(step.get('modules', {}))} modules and {len(step.get('files', {}))} files; "
          f"rewrote {len(changed)} files")


def main(argv: list[str]) -> None:
    if argv[0] == "move":
        move(json.loads(Path(argv[1]).read_text(encoding="utf-8")))
    elif argv[0] == "rewrite":
        files = [Path(a).resolve() for a in argv[1:]] or tracked_text_files()
        for path in rewrite(files, _load(MOVED)):
            print("rewrote", path.relative_to(ROOT))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
