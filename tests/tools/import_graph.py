"""The import graph of the `companion` package, read from the source with `ast` (nothing is imported).

Every import counts: at module level, inside a function (lazy) and under ``if TYPE_CHECKING``; relative
imports are resolved. Used by tests/test_plugin_rules.py (no shared module imports a game's module, no
base game imports its expansions', no game imports another's, no import cycle) and to take the inventory of
docs/architecture.md again. It also finds the code lines (comments and docstrings aside) that name a game.

Usage: python -m tests.tools.import_graph [cycles|gameimports|baseimports|crossgame|mentions]
"""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
import tokenize
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAME_NAME = re.compile(r"armada|architect|medal", re.IGNORECASE)
"""Words that name a game or an expansion in a file or module name (7 Wonders is named "sevenwonders"
only inside companion/games/)."""


@dataclass(frozen=True)
class ImportSite:
    """One import statement: who imports what, where, and how (``top``, ``lazy`` or ``type``)."""

    importer: str
    line: int
    imported: str
    kind: str


def module_name(path: Path, root: Path = ROOT) -> str:
    """``companion.storage.events`` for companion/storage/events.py (a package is its ``__init__``)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the package, by dotted name."""
    return {module_name(p, root): p for p in sorted((root / "companion").rglob("*.py"))}


def _owning(name: str, known: dict[str, Path]) -> str | None:
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def _targets(module: str, node: ast.Import | ast.ImportFrom, is_package: bool, known: dict[str, Path]) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        parts = module.split(".")[: None if is_package else -1]
        parts = parts[: len(parts) - (node.level - 1)]
        base = ".".join(parts + ([base] if base else []))
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]


def import_sites(root: Path = ROOT) -> list[ImportSite]:
    """Every import of one `companion` module by another."""
    known = modules(root)
    sites: set[ImportSite] = set()
    for module, path in known.items():
        def visit(node: ast.AST, kind: str, module: str = module, path: Path = path) -> None:
            for child in ast.iter_child_nodes(node):
                inner = "lazy" if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) else kind
                if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                    inner = "type"
                if isinstance(child, ast.Import | ast.ImportFrom):
                    for target in _targets(module, child, path.name == "__init__.py", known):
                        owner = _owning(target, known)
                        if owner and owner.startswith("companion") and owner != module:
                            sites.add(ImportSite(module, child.lineno, owner, inner))
                visit(child, inner)
        visit(ast.parse(path.read_text(encoding="utf-8")), "top")
    return sorted(sites, key=lambda s: (s.importer, s.line, s.imported))


def is_game_module(module: str) -> bool:
    """A module that belongs to one game: under companion.games.<game>, or (before the move) named after one."""
    parts = module.split(".")
    return (len(parts) > 2 and parts[:2] == ["companion", "games"]) or bool(GAME_NAME.search(module))


def game_imports(root: Path = ROOT) -> list[ImportSite]:
    """Imports of a game's module by a shared module (one that belongs to no game)."""
    return [s for s in import_sites(root) if not is_game_module(s.importer) and is_game_module(s.imported)]


def game_package(module: str) -> str | None:
    """``companion.games.armada`` for any module of Armada's folder; None for a module of no game folder."""
    parts = module.split(".")
    return ".".join(parts[:3]) if len(parts) > 2 and parts[:2] == ["companion", "games"] else None


def expansion_packages() -> dict[str, set[str]]:
    """Each game package, with the packages of the expansions registered on it (an expansion of an
    expansion too), read from the games' descriptors (``GAME = GameInfo(..., base=...)``)."""
    from companion.plugins import games

    infos = [info for info in games() if info.package.startswith("companion.games.")]
    package_of = {info.id: info.package for info in infos}
    found: dict[str, set[str]] = {info.package: set() for info in infos}
    for info in infos:
        base = info.base
        while base is not None and base in package_of:
            found[package_of[base]].add(info.package)
            base = next(i.base for i in infos if i.id == base)
    return found


def base_imports(root: Path = ROOT) -> list[ImportSite]:
    """Imports of an expansion's module by a module of a game it is registered on (the base game must
    reach its expansions only through the hooks they register)."""
    expansions = expansion_packages()
    return [s for s in import_sites(root)
            if (base := game_package(s.importer)) in expansions and game_package(s.imported) in expansions[base]]


def cycles(root: Path = ROOT) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), lazy imports included; an
    import under ``TYPE_CHECKING`` counts too, except between two modules of one package (a table and
    the hooks its extensions implement name each other's types, as one unit)."""
    graph: dict[str, set[str]] = defaultdict(set)
    for site in import_sites(root):
        if site.kind == "type" and site.importer.rpartition(".")[0] == site.imported.rpartition(".")[0]:
            continue
        graph[site.importer].add(site.imported)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def strong(vertex: str) -> None:
        index[vertex] = low[vertex] = counter[0]
        counter[0] += 1
        stack.append(vertex)
        on_stack.add(vertex)
        for other in sorted(graph.get(vertex, ())):
            if other not in index:
                strong(other)
                low[vertex] = min(low[vertex], low[other])
            elif other in on_stack:
                low[vertex] = min(low[vertex], index[other])
        if low[vertex] == index[vertex]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == vertex:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for vertex in sorted(modules(root)):
        if vertex not in index:
            strong(vertex)
    return sorted(found)


def game_named_files(root: Path = ROOT) -> Iterator[str]:
    """Files of the package and its tests named after a game, outside the games' own folders (files git
    keeps or would add: not the ignored test output)."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "companion", "tests"],
                            cwd=root, capture_output=True, text=True, check=True).stdout.splitlines()
    for relative in sorted(set(listed)):
        if relative.startswith(("companion/games/", "tests/games/")) or not (root / relative).is_file():
            continue
        if GAME_NAME.search(relative.rpartition("/")[2]):
            yield relative


def cross_game_imports(root: Path = ROOT) -> list[ImportSite]:
    """Imports between the folders of two games that are not base and expansion of each other (Architects
    importing 7 Wonders' modules): what two games share belongs in a shared module."""
    expansions = expansion_packages()
    found = []
    for site in import_sites(root):
        importer, imported = game_package(site.importer), game_package(site.imported)
        if importer is None or imported is None or importer == imported:
            continue
        if imported in expansions.get(importer, set()) or importer in expansions.get(imported, set()):
            continue
        found.append(site)
    return found


def code_lines(path: Path) -> dict[int, str]:
    """The code of a ``.py`` or ``.kv`` file by line number: comments and docstrings (any bare string
    statement) left out; a kv file's directives (``#:import``) are code."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    if path.suffix == ".kv":
        return {n: line for n, line in enumerate(lines, 1)
                if not line.lstrip().startswith("#") or line.lstrip().startswith("#:")}
    strings: set[int] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            strings.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    comments = {token.start[0]: token.start[1] for token in tokenize.generate_tokens(io.StringIO(text).readline)
                if token.type == tokenize.COMMENT}
    return {n: line[:comments[n]] if n in comments else line for n, line in enumerate(lines, 1) if n not in strings}


def id_pattern(ids: Iterable[str]) -> re.Pattern[str]:
    """Any of `ids` as a word of its own (``_`` and ``.`` separate words: ``stats.game_armada``), any case."""
    return re.compile(r"(?<![a-z0-9])(" + "|".join(re.escape(i) for i in ids) + r")(?![a-z0-9])", re.IGNORECASE)


def mentions(folder: Path, pattern: re.Pattern[str], *, skip: Callable[[Path], bool] = lambda _path: False
             ) -> Counter[str]:
    """How many code lines of each ``.py`` and ``.kv`` file under `folder` match `pattern`, by path
    relative to `folder`."""
    found: Counter[str] = Counter()
    for path in sorted(folder.rglob("*")):
        if path.suffix in (".py", ".kv") and not skip(path):
            count = sum(1 for line in code_lines(path).values() if pattern.search(line))
            if count:
                found[path.relative_to(folder).as_posix()] = count
    return found


def main(what: str) -> None:
    if what == "cycles":
        for component in cycles():
            print(component)
    elif what == "baseimports":
        for site in base_imports():
            print(site.importer, site.line, site.imported, site.kind)
    elif what == "mentions":
        from companion.plugins import games

        pattern = id_pattern(info.id for info in games())
        for name, count in mentions(ROOT / "companion", pattern, skip=lambda p: "games" in p.parts).items():
            print(name, count)
    elif what == "crossgame":
        for site in cross_game_imports():
            print(site.importer, site.line, site.imported, site.kind)
    elif what == "gameimports":
        for site in game_imports():
            print(site.importer, site.line, site.imported, site.kind)
    else:
        for name in game_named_files():
            print(name)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "gameimports")
