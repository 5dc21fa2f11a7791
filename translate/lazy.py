"""Lazy package facades (PEP 562): a package's public names, each imported from its module on first use.

A facade that imported every module of its package up front would make each command pay for the modules
it never runs (numpy for literals, jaxlib for MLIR): `hlo-translate convert-hlo` of a small module is
mostly start-up. A facade lists its names per module and binds `__getattr__` and `__dir__`:

    __getattr__, __dir__ = lazy_exports(__name__, {"model": ("Literal",), "parser": ("parse_literal",)})

and repeats the imports under `if TYPE_CHECKING:` for the type checker. `from package import name` and
`package.name` work as before; the first use imports the module and binds the name in the package.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping


def lazy_exports(
    package: str, exports: Mapping[str, tuple[str, ...]]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """`__getattr__` and `__dir__` for the package named `package`, exporting `exports` (module -> names;
    a module name relative to the package)."""
    where = {name: f"{package}.{module}" for module, names in exports.items() for name in names}
    namespace = sys.modules[package].__dict__  # the package, while its __init__ runs

    def __getattr__(name: str) -> object:
        try:
            module = where[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value  # later uses are a plain attribute read
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *where})

    return __getattr__, __dir__
