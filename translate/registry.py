"""One typed dispatch table, shared by every "a handler per op" family of the package.

The exporter (StableHLO op name -> handler), the importer (HLO opcode -> handler), the CHLO decompositions
and the HLO verifier's rule tables are each a `Registry`; a decorator registers a function under one or
more keys, and registering a key twice is a programming error that raises at import time:

    HANDLERS: Registry[str, Handler] = Registry("exporter handler")

    @HANDLERS.register("stablehlo.iota")
    def _iota(b: Builder, op: ir.Operation) -> list[HloInstruction]: ...
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar, overload

K = TypeVar("K")
V = TypeVar("V")


class DuplicateRegistration(RuntimeError):
    """Two functions registered under one key of a `Registry` (a bug in the package, not a user error)."""


class Registry(Mapping[K, V]):
    """A read-only mapping from keys to handlers, filled by the `register` decorator."""

    def __init__(self, what: str) -> None:
        self._what = what
        self._entries: dict[K, V] = {}

    def register(self, *keys: K) -> Callable[[V], V]:
        """Register the decorated function under each of `keys`; a key registered before raises."""

        def decorate(fn: V) -> V:
            for key in keys:
                self.add(key, fn)
            return fn

        return decorate

    def add(self, key: K, value: V) -> None:
        """Register `value` under `key` (for tables filled in a loop rather than by a decorator)."""
        if key in self._entries:
            raise DuplicateRegistration(f"two {self._what}s registered for {key!r}")
        self._entries[key] = value

    def __getitem__(self, key: K) -> V:
        return self._entries[key]

    # The dict's own lookups: Mapping's generic get and `in` go through __getitem__ and a caught
    # KeyError, about ten times slower, and the translators look a handler up once per op.
    @overload
    def get(self, key: K, /) -> V | None: ...

    @overload
    def get[T](self, key: K, /, default: V | T) -> V | T: ...

    def get[T](self, key: K, /, default: V | T | None = None) -> V | T | None:
        return self._entries.get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[K]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"Registry({self._what!r}, {len(self._entries)} entries)"
