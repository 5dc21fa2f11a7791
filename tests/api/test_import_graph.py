"""The package's import graph: no cycle between its modules, no private name borrowed from another module, no
file over 800 lines.

Every module of `hlo_translate` is read as source (AST, nothing imported): each `import` and `from ... import`,
at module level or inside a function, that names a module of the package is an edge. `if TYPE_CHECKING:`
imports are left out (they never run). A package's `__init__` re-exporting its own modules' names is its
facade, not a borrowed private.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from tests.support.paths import REPO_ROOT as ROOT

# The package's folders, as pyproject.toml maps them onto `hlo_translate`.
FOLDERS = {
    "hlo_translate": ROOT / "translate",
    "hlo_translate.proto": ROOT / "proto",
    "hlo_translate.cli": ROOT / "cli",
}
MAX_LINES = 800


@dataclass(frozen=True)
class Import:
    target: str  # the module imported from
    names: tuple[str, ...]  # the names taken from it (empty for `import x`)
    line: int


@dataclass(frozen=True)
class Module:
    name: str
    path: Path
    is_package: bool


def _modules() -> dict[str, Module]:
    found: dict[str, Module] = {}
    for prefix, folder in FOLDERS.items():
        for path in sorted(folder.rglob("*.py")):
            rel = path.relative_to(folder).with_suffix("")
            parts = list(rel.parts)
            if any(p.startswith(".") or p == "__pycache__" for p in parts):
                continue
            is_package = parts[-1] == "__init__"
            if is_package:
                parts = parts[:-1]
            name = ".".join([prefix, *parts])
            # a nested folder mapped on its own (translate/ does not hold proto/ or cli/, but be exact)
            if name not in found or path.is_relative_to(FOLDERS.get(name, folder)):
                found[name] = Module(name, path, is_package)
    return found


MODULES = _modules()


def _type_checking_block(node: ast.AST) -> bool:
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _walk(node: ast.AST):
    """Every node under `node`, leaving out the bodies of `if TYPE_CHECKING:` (their `else:` is kept)."""
    for child in ast.iter_child_nodes(node):
        if _type_checking_block(child):
            assert isinstance(child, ast.If)
            for other in child.orelse:
                yield other
                yield from _walk(other)
            continue
        yield child
        yield from _walk(child)


def _resolve(module: Module, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.name.split(".")
    base = base if module.is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _imports(module: Module) -> list[Import]:
    tree = ast.parse(module.path.read_text(), str(module.path))
    found: list[Import] = []
    for node in _walk(tree):
        if isinstance(node, ast.Import):
            found += [Import(a.name, (), node.lineno) for a in node.names if a.name in MODULES]
        elif isinstance(node, ast.ImportFrom):
            source = _resolve(module, node)
            if source not in MODULES:
                continue
            plain: list[str] = []
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                if sub in MODULES:  # `from package import module`
                    found.append(Import(sub, (), node.lineno))
                else:
                    plain.append(alias.name)
            if plain:
                found.append(Import(source, tuple(plain), node.lineno))
    return found


IMPORTS = {name: _imports(module) for name, module in MODULES.items()}


def _cycles() -> list[list[str]]:
    """The strongly connected components of more than one module (or a module importing itself), each as a
    cycle through it."""
    graph = {name: sorted({i.target for i in imports}) for name, imports in IMPORTS.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:  # Tarjan's algorithm, iterative (deep import chains)
        nonlocal counter
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph[child])))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in graph[node]:
                        components.append(sorted(component))

    for name in graph:
        if name not in index:
            visit(name)
    return [_one_cycle(component, graph) for component in components]


def _one_cycle(component: list[str], graph: dict[str, list[str]]) -> list[str]:
    """A shortest cycle through the component's first module, for the message."""
    members = set(component)
    start = component[0]
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in graph[node]:
            if child == start:
                return paths[node] + [start]
            if child in members and child not in paths:
                paths[child] = paths[node] + [child]
                queue.append(child)
    return component


def _is_facade_of(importer: Module, source: str) -> bool:
    """Whether `importer` is the `__init__` of the package `source` belongs to (its facade may re-export)."""
    return importer.is_package and source.startswith(importer.name + ".")


def _private_uses() -> list[str]:
    found: list[str] = []
    for name, imports in IMPORTS.items():
        importer = MODULES[name]
        for imp in imports:
            if imp.target == name or _is_facade_of(importer, imp.target):
                continue
            for taken in imp.names:
                if taken.startswith("_") and not taken.startswith("__"):
                    found.append(f"{name}:{imp.line} imports {taken} from {imp.target}")
        # `module._private` on a module bound by `import x.y as m` / `from x import y`
        tree = ast.parse(importer.path.read_text())
        bound = _module_aliases(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in bound
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
            ):
                found.append(f"{name}:{node.lineno} uses {bound[node.value.id]}.{node.attr}")
    return found


def _module_aliases(tree: ast.AST) -> dict[str, str]:
    """Local names bound to modules of the package (`import a.b as m`, `from a import b` where b is a module)."""
    bound: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in MODULES:
                    bound[alias.asname or alias.name.split(".")[0]] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                if sub in MODULES:
                    bound[alias.asname or alias.name] = sub
    return bound


def test_the_walk_sees_the_package() -> None:
    """The walk finds the modules and the edges it judges (a broken walk would pass every test below)."""
    assert "hlo_translate.hlo.ir" in MODULES and MODULES["hlo_translate.hlo.ir"].is_package
    assert any(i.target.startswith("hlo_translate.hlo.ir") for i in IMPORTS["hlo_translate.hlo.text.parser"])
    # a function-level import is an edge too
    source = ast.parse("def f():\n    from hlo_translate.hlo.ir import HloModule\n")
    assert [n for n in _walk(source) if isinstance(n, ast.ImportFrom)]


def test_no_import_cycle() -> None:
    cycles = _cycles()
    assert not cycles, "import cycles (module-level and function-level imports):\n" + "\n".join(
        " -> ".join(c) for c in cycles
    )


def test_no_private_name_of_another_module() -> None:
    uses = _private_uses()
    assert not uses, "private names used across modules:\n" + "\n".join(uses)


def test_no_file_over_800_lines() -> None:
    long = [
        f"{m.path.relative_to(ROOT)}: {n} lines"
        for m in MODULES.values()
        if (n := len(m.path.read_text().splitlines())) > MAX_LINES
    ]
    assert not long, f"files over {MAX_LINES} lines:\n" + "\n".join(long)
